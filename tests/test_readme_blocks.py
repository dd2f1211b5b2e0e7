"""The README runner CI uses (tools/readme_blocks.py) fails a block on any failing command,
also one inside an ``&&`` list that bash's ``set -e`` would let pass."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "tools" / "readme_blocks.py"
_SPEC = importlib.util.spec_from_file_location("readme_blocks", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
readme_blocks = importlib.util.module_from_spec(_SPEC)
sys.modules["readme_blocks"] = readme_blocks
_SPEC.loader.exec_module(readme_blocks)


def _status(commands: str, *, strict: bool) -> int:
    body = readme_blocks.strict(commands) if strict else commands
    return subprocess.run(["bash", "-c", "set -euo pipefail\n" + body], check=False).returncode


@pytest.mark.parametrize(
    "block",
    [
        "true && false && true\ntrue",  # the failure mypy once slipped through in CI
        "false\ntrue",
        "true \\\n  && false\ntrue",
        "true | false\ntrue",
    ],
)
def test_a_failing_command_fails_the_block(block: str) -> None:
    assert _status(block, strict=True) != 0


def test_bash_alone_lets_a_failure_inside_an_and_list_pass() -> None:
    """Why the runner rewrites lines: without it the first case above passes."""
    assert _status("true && false && true\ntrue", strict=False) == 0


def test_a_block_that_succeeds_still_succeeds() -> None:
    assert _status("true && true\n# a comment\n\necho ok \\\n  >/dev/null", strict=True) == 0


def test_every_readme_block_is_accepted() -> None:
    readme = (_PATH.parents[1] / "README.md").read_text(encoding="utf-8")
    for block in readme_blocks.blocks(readme):
        assert "|| exit $?" in readme_blocks.strict(block.commands)
