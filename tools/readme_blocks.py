"""Run the shell commands of a README exactly as written, the way a newcomer would.

    python tools/readme_blocks.py list README.md
    python tools/readme_blocks.py run README.md --workdir DIR [--timeout SECONDS]

Every ```bash block is a step, run in README order by ``bash`` with ``set -euo pipefail``
in DIR (a fresh copy of the repository), inside a fresh virtual environment: one for the
blocks from the top, and a new one at each ``<!-- ci: fresh-venv -->`` comment (reusing one
environment for consecutive blocks is what a reader does, and saves reinstalling numpy and
friends for every block). A block after ``<!-- ci: skip (reason) -->`` is listed but not
run. The block after ``<!-- test-command -->`` is run like the others. Each block has a time
limit; the step times are printed at the end.

A failing command fails its block wherever it stands in a line: ``set -e`` ignores a failure
inside an ``a && b && c`` list that is not the list's last command, so each complete line
is run as ``LINE || exit $?`` (see :func:`strict`).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import venv
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^```(\w*)\s*$")
MARKER = re.compile(r"^<!--\s*(ci:\s*skip|ci:\s*fresh-venv|test-command)\b(.*?)-->\s*$")


@dataclass(frozen=True)
class Block:
    """One shell block of the README."""

    line: int
    commands: str
    skip: str | None  # why CI does not run it
    fresh_venv: bool
    test_command: bool


def blocks(text: str) -> list[Block]:
    """The ```bash blocks of ``text`` with the markers on the lines just before each."""
    found: list[Block] = []
    lines = text.splitlines()
    markers: dict[str, str] = {}
    i = 0
    while i < len(lines):
        marker = MARKER.match(lines[i].strip())
        if marker:
            markers[re.sub(r"\s+", "", marker.group(1))] = marker.group(2).strip(" ()")
        fence = FENCE.match(lines[i])
        if fence:
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            if fence.group(1) in ("bash", "sh", "shell"):
                found.append(
                    Block(
                        line=i + 1,
                        commands="\n".join(lines[i + 1 : end]),
                        skip=markers.get("ci:skip"),
                        fresh_venv="ci:fresh-venv" in markers,
                        test_command="test-command" in markers,
                    )
                )
            markers = {}
            i = end
        elif lines[i].strip() and not marker:
            markers = {}  # a marker belongs to the block right after it
        i += 1
    return found


_OPEN = ("\\", "|", "&&", "||", "{", "(")  # a line ending so goes on in the next one
_KEYWORDS = ("do", "then", "else")


def strict(commands: str) -> str:
    """``commands`` with ``|| exit $?`` after each complete line, so that a failure anywhere in
    an ``&&`` list fails the block; continued lines, comments and blank lines stay as written.

    >>> print(strict("a && b && c\\nd \\\\\\n  --flag\\n# note\\n"))
    a && b && c || exit $?
    d \\
      --flag || exit $?
    # note
    <BLANKLINE>
    """
    if "<<" in commands:
        raise ValueError("README blocks with here-documents are not supported: write the file in a step")
    out = []
    for line in commands.split("\n"):
        text = line.strip()
        goes_on = text.endswith(_OPEN) or (text and text.split()[-1] in _KEYWORDS)
        if text and not text.startswith("#") and not goes_on:
            line += " || exit $?"
        out.append(line)
    return "\n".join(out)


def _fresh_venv(root: Path, number: int) -> dict[str, str]:
    path = root / f"venv{number}"
    venv.EnvBuilder(with_pip=True, clear=True).create(path)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONHOME", "PYTHONPATH", "VIRTUAL_ENV")}
    env["VIRTUAL_ENV"] = str(path)
    env["PATH"] = f"{path / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


def run(readme: Path, workdir: Path, timeout: float) -> int:
    steps = blocks(readme.read_text(encoding="utf-8"))
    if not any(b.test_command for b in steps):
        print(f"{readme}: no shell block after <!-- test-command -->", file=sys.stderr)
        return 1
    times: list[tuple[Block, float | None]] = []
    with tempfile.TemporaryDirectory(prefix="readme-venvs-") as root:
        env = _fresh_venv(Path(root), 0)
        venvs = 1
        for block in steps:
            first = block.commands.strip().splitlines()[0]
            if block.skip is not None:
                print(f"== README line {block.line}: skipped ({block.skip}): {first}", flush=True)
                times.append((block, None))
                continue
            if block.fresh_venv:
                env = _fresh_venv(Path(root), venvs)
                venvs += 1
                print("== a fresh virtual environment", flush=True)
            print(f"== README line {block.line}:\n{block.commands}", flush=True)
            start = time.monotonic()
            try:
                done = subprocess.run(
                    ["bash", "-c", "set -euo pipefail\n" + strict(block.commands)],
                    cwd=workdir,
                    env=env,
                    timeout=timeout,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                print(f"README line {block.line}: still running after {timeout:.0f} s", file=sys.stderr)
                return 1
            times.append((block, time.monotonic() - start))
            if done.returncode != 0:
                print(f"README line {block.line} failed (exit {done.returncode})", file=sys.stderr)
                return 1
    print("== README blocks, seconds:")
    for block, seconds in times:
        first = block.commands.strip().splitlines()[0]
        shown = "skipped" if seconds is None else f"{seconds:7.1f}"
        print(f"{shown:>8}  line {block.line:<4} {first}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    listing = sub.add_parser("list", help="list the shell blocks and their markers")
    listing.add_argument("readme", type=Path)
    running = sub.add_parser("run", help="run the shell blocks in fresh virtual environments")
    running.add_argument("readme", type=Path)
    running.add_argument("--workdir", type=Path, required=True, help="where the blocks run (a fresh copy)")
    running.add_argument("--timeout", type=float, default=900, help="time limit of each block (900 s)")
    args = parser.parse_args(argv)
    if args.command == "list":
        for block in blocks(args.readme.read_text(encoding="utf-8")):
            flags = [("fresh venv", block.fresh_venv), ("test command", block.test_command)]
            tags = [tag for tag, on in flags if on]
            if block.skip is not None:
                tags.append(f"skip: {block.skip}")
            print(f"line {block.line} [{', '.join(tags)}]\n{block.commands}\n")
        return 0
    return run(args.readme.resolve(), args.workdir.resolve(), args.timeout)


if __name__ == "__main__":
    sys.exit(main())
