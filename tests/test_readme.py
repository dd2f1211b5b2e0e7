"""The examples in README.md run and show what they say."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples() -> None:
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted >= 15
    assert result.failed == 0


def test_readme_table_screen_is_the_real_one() -> None:
    """The screen README shows at the table is the one its command draws (was: "(high card,
    king)" where the table says "(high card, king; no low yet)")."""
    import os
    import re
    import subprocess
    import sys

    text = README.read_text(encoding="utf-8")
    command = re.search(r"`splitpot (play seven-card-stud-8 [^`]*--seat 2)`", text)
    assert command is not None
    screen = re.search(r"choices with their amounts:\n\n```text\n(.*?)```", text, re.S)
    assert screen is not None
    done = subprocess.run(
        [sys.executable, "-m", "splitpot", *command.group(1).split(), "--plain"],
        input="c\nc\nf\n", capture_output=True, text=True, timeout=120,
        env={k: v for k, v in os.environ.items() if k != "COLUMNS"},
    )
    assert screen.group(1) in done.stdout
