"""Every terminal transcript in README.md and docs/ shows what the command really prints.

A transcript is a ```console or ```text block with a ``$ `` command line followed by the lines
it prints. Each such command runs (the block's commands in order, in one fresh folder, so a
``--save FILE`` then ``splitpot resume FILE`` works) with ``splitpot`` the package under test,
plain output, no standard input beyond what the command pipes in, and standard error merged in
as a terminal shows it. Its output must match the lines shown, where a line ``...`` alone stands
for any number of lines (a trimmed transcript). A ``$`` line with no output under it is a
command shown, not a transcript, and is not run unless a transcript of the same block follows.

Only seeded, deterministic commands may show output. One that cannot be checked (timings,
Monte Carlo without a seed) goes after a ``<!-- transcript: unchecked (REASON) -->`` line.

``SPLITPOT_UPDATE_TRANSCRIPTS=1`` rewrites, in the page, the output of each transcript that no
longer matches with what the command prints now (a trimmed one keeps its shape: as many lines
before and after its ``...``; one with several ``...`` lines is left for a hand to update).
"""

from __future__ import annotations

import difflib
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import splitpot

ROOT = Path(__file__).resolve().parents[1]
DOC_PAGES = sorted(p for p in (ROOT / "docs").rglob("*.md") if not {"_build", "generated"} & set(p.parts))
PAGES = [ROOT / "README.md", *DOC_PAGES]
FENCE = re.compile(r"^```(\S*)")
UNCHECKED = re.compile(r"^<!--\s*transcript:\s*unchecked\b.*-->\s*$")
ELISION = "..."


@dataclass(frozen=True)
class Command:
    line: str  # without the "$ "
    output: list[str]
    at: int = 0  # the index of its "$ " line in the page's lines


@dataclass(frozen=True)
class Block:
    where: str  # page:line
    commands: list[Command]
    unchecked: bool

    @property
    def transcripts(self) -> list[Command]:
        return [c for c in self.commands if c.output]


def blocks(page: Path) -> list[Block]:
    """The console and text blocks of ``page`` that start with a ``$`` command."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        body = lines[i + 1 : end]
        if fence.group(1) in ("console", "text", "shell-session") and body and body[0].startswith("$ "):
            commands: list[Command] = []
            for k, line in enumerate(body):
                if line.startswith("$ "):
                    commands.append(Command(line[2:], [], at=i + 1 + k))
                else:
                    commands[-1].output.append(line.rstrip())
            before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            where = f"{page.relative_to(ROOT).as_posix()}:{i + 2}"
            found.append(Block(where, commands, bool(UNCHECKED.match(before.strip()))))
        i = end + 1
    return found


TRANSCRIPTS = [b for page in PAGES for b in blocks(page) if b.transcripts and not b.unchecked]
UPDATE = os.environ.get("SPLITPOT_UPDATE_TRANSCRIPTS") == "1"


def matches(shown: list[str], real: list[str]) -> bool:
    """``real`` is ``shown`` with each ``...`` line standing for any number of lines."""
    if not shown:
        return not real
    if shown[0] == ELISION:
        return any(matches(shown[1:], real[k:]) for k in range(len(real) + 1))
    return bool(real) and shown[0] == real[0] and matches(shown[1:], real[1:])


def updated(shown: list[str], real: list[str]) -> list[str] | None:
    """The output to write for a transcript that shows ``shown`` of what prints ``real``: all of
    it, or for a trimmed one as many lines before and after its ``...`` (None: several ``...``)."""
    if shown.count(ELISION) > 1:
        return None
    if ELISION not in shown:
        return real
    cut = shown.index(ELISION)
    head, tail = shown[:cut], shown[cut + 1 :]
    if len(real) <= len(head) + len(tail):
        return real
    return [*real[: len(head)], ELISION, *real[len(real) - len(tail) :]]


def rewrite(page: Path, command: Command, real: list[str]) -> None:
    """Write what ``command`` prints now as its output in ``page`` (SPLITPOT_UPDATE_TRANSCRIPTS=1),
    found where it stands now: nearest its first place, the pages' earlier rewrites having moved it."""
    new = updated(command.output, real)
    where = f"{page.name}:{command.at + 1}"
    assert new is not None, f"{where}: several '...' lines: update `$ {command.line}` by hand"
    lines = page.read_text(encoding="utf-8").split("\n")
    old = [f"$ {command.line}", *command.output]
    places = [i for i in range(len(lines)) if [x.rstrip() for x in lines[i : i + len(old)]] == old]
    assert places, f"{page.name}: `$ {command.line}` with its output is no longer on the page"
    at = min(places, key=lambda i: abs(i - command.at))
    lines[at + 1 : at + len(old)] = new
    page.write_text("\n".join(lines), encoding="utf-8")
    print(f"{page}:{at + 1}: rewrote the output of `$ {command.line}`")


def test_an_update_keeps_a_trimmed_transcript_trimmed() -> None:
    assert updated(["a", "...", "z"], ["a", "b", "c", "y"]) == ["a", "...", "y"]
    assert updated(["...", "z"], ["a", "y"]) == ["...", "y"] and updated(["x"], ["a", "b"]) == ["a", "b"]
    assert updated(["a", "...", "b", "...", "c"], ["a"]) is None


def test_an_update_rewrites_the_output_where_the_command_stands_now(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("a line more\nintro\n\n```console\n$ splitpot x\nold\n...\nend\n```\n", encoding="utf-8")
    rewrite(page, Command("splitpot x", ["old", "...", "end"], at=3), ["new", "more", "last"])
    assert page.read_text(encoding="utf-8").splitlines()[4:8] == ["$ splitpot x", "new", "...", "last"]


def test_transcripts_are_found() -> None:
    """The convention is in use: a change of the fence or the prompt would skip them all."""
    assert len(TRANSCRIPTS) >= 4
    for page in PAGES:
        for block in blocks(page):
            for command in block.transcripts:
                assert block.unchecked or "splitpot" in command.line, (
                    f"{block.where}: only splitpot commands are checked; mark the block "
                    "<!-- transcript: unchecked (why) --> or show the command without its output"
                )


@pytest.mark.parametrize("block", TRANSCRIPTS, ids=lambda b: b.where)
def test_transcript_matches_the_real_output(block: Block, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "splitpot"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m splitpot "$@"\n')
    shim.chmod(0o755)
    package_parent = str(Path(splitpot.__file__).resolve().parents[1])
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": os.pathsep.join(filter(None, [package_parent, os.environ.get("PYTHONPATH")])),
        "NO_COLOR": "1",
        "COLUMNS": "100",
        "TERM": "dumb",
    }
    work = tmp_path / "work"
    work.mkdir()
    for command in block.commands:
        run = subprocess.run(
            ["bash", "-c", command.line],
            cwd=work,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=60,
            check=False,
        )
        if not command.output:
            continue
        real = [line.rstrip() for line in run.stdout.rstrip("\n").splitlines()]
        if UPDATE and not matches(command.output, real):
            rewrite(ROOT / block.where.rpartition(":")[0], command, real)
            continue
        diff = "\n".join(difflib.unified_diff(command.output, real, "shown", "printed", lineterm=""))
        assert matches(command.output, real), (
            f"{block.where}: `$ {command.line}` (exit {run.returncode}) prints otherwise "
            f"('...' lines aside):\n{diff}"
        )
