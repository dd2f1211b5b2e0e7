"""The CI script's arguments: `.ci/run [SECTION ...]` runs the sections named (none: all), and
refuses an unknown name listing the sections, before it makes or runs anything."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

RUN = Path(__file__).resolve().parents[1] / ".ci" / "run"
pytestmark = pytest.mark.skipif(not RUN.is_file(), reason=".ci/run is not shipped in the sdist")


def _sections() -> list[str]:
    text = RUN.read_text(encoding="utf-8")
    listed = re.search(r"^SECTIONS=\(([^)]*)\)$", text, re.M)
    assert listed is not None, ".ci/run lists its sections in SECTIONS=(...)"
    return listed.group(1).split()


def test_every_section_function_is_listed_and_run() -> None:
    text = RUN.read_text(encoding="utf-8")
    functions = {name.replace("_", "-") for name in re.findall(r"^section_(\w+)\(\)", text, re.M)}
    assert set(_sections()) == functions
    for name in functions:
        assert re.search(rf"^if want {name}; then\s.*run_section {name} \d+", text, re.M), name


def test_an_unknown_section_is_refused_listing_the_sections() -> None:
    done = subprocess.run(["bash", str(RUN), "lint", "nonesuch"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "unknown section 'lint'" in done.stderr
    assert all(name in done.stderr for name in _sections())
    assert "==" not in done.stdout  # no section ran


def test_help_lists_the_sections() -> None:
    done = subprocess.run(["bash", str(RUN), "--help"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and all(name in done.stdout for name in _sections())


def test_pull_requests_run_the_readme_development_block() -> None:
    """The workflow's checks job runs the commands of README.md's Development block, as written."""
    workflow = RUN.parents[1] / ".github" / "workflows" / "wheels.yml"
    if not workflow.is_file():
        pytest.skip(".github is not shipped in the sdist")
    readme = (RUN.parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Development") :]
    block = section[section.index("```bash\n") + 8 : section.index("\n```", section.index("```bash"))]
    runs = re.findall(r"^ +- run: (.*)$", workflow.read_text(encoding="utf-8"), re.M)
    assert [line for line in block.splitlines() if line.strip()] == runs[: len(block.splitlines())]


def test_a_release_waits_for_the_checks() -> None:
    """The publish job needs every other job: checks too (was: sdist and wheels only)."""
    workflow = RUN.parents[1] / ".github" / "workflows" / "wheels.yml"
    if not workflow.is_file():
        pytest.skip(".github is not shipped in the sdist")
    text = workflow.read_text(encoding="utf-8")
    jobs = re.findall(r"^  ([\w-]+):$", text[text.index("\njobs:") :], re.M)
    needs = re.search(r"^  publish:\n(?:    .*\n)*?    needs: \[([^\]]*)\]", text, re.M)
    assert needs is not None
    assert sorted(n.strip() for n in needs.group(1).split(",")) == sorted(j for j in jobs if j != "publish")


def test_the_script_runs_under_bash_3() -> None:
    """No bash-4 constructs (macOS's /bin/bash is 3.2): no associative arrays."""
    assert "declare -A" not in RUN.read_text(encoding="utf-8")
