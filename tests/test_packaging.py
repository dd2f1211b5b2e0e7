"""The installed distribution: one version, the licence shipped, and a PyPI description whose
links all work away from the repository."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

import splitpot

ROOT = Path(__file__).resolve().parents[1]
REPOSITORY = "https://github.com/splitpot/splitpot"


def test_the_version_is_written_once() -> None:
    """``splitpot.__version__`` is the single source; the build reads the metadata from it."""
    assert splitpot.__version__ == importlib.metadata.version("splitpot")
    assert re.fullmatch(r"\d+\.\d+\.\d+([ab]|rc)?\d*", splitpot.__version__)


def test_the_mit_licence_ships_with_the_distribution() -> None:
    meta = importlib.metadata.metadata("splitpot")
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    dist = importlib.metadata.distribution("splitpot")
    licence = [f for f in dist.files or () if f.name == "LICENSE" and "licenses" in f.parts]
    assert licence, "LICENSE is missing from the installed distribution's metadata"
    text = licence[0].read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text


def test_metadata_names_the_project_and_its_pythons() -> None:
    meta = importlib.metadata.metadata("splitpot")
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or ())
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(urls)
    assert all(u.startswith("https://") for u in urls.values())
    classifiers = set(meta.get_all("Classifier") or ())
    assert {f"Programming Language :: Python :: 3.{minor}" for minor in range(11, 15)} <= classifiers
    assert any(c.startswith("Development Status ::") for c in classifiers)
    assert meta["Requires-Python"] == ">=3.11"


def test_the_pypi_description_links_work_away_from_the_repository() -> None:
    """PyPI shows README.md alone: its relative links are made absolute at build time, and
    each points at a file the repository holds."""
    meta = importlib.metadata.metadata("splitpot")
    assert meta["Description-Content-Type"] == "text/markdown"
    # The body is the payload in the standard library's reader; importlib_metadata (which
    # dask loads, and which then serves importlib.metadata too) moves it to "Description".
    description = meta.get("Description") or meta.get_payload()  # type: ignore[attr-defined]
    assert "# splitpot" in description and "<!-- test-command -->" in description
    prose = re.sub(r"```.*?```", "", description, flags=re.S)
    targets = re.findall(r"\]\(([^)\s]+)\)", prose)
    assert len(targets) >= 10
    for target in targets:
        assert target.startswith(("https://", "#")), f"relative link on PyPI: {target}"
        if target.startswith(f"{REPOSITORY}/blob/main/") and (ROOT / "README.md").is_file():
            path = target.removeprefix(f"{REPOSITORY}/blob/main/").partition("#")[0]
            assert (ROOT / path).exists(), f"{target} names no file of the repository"
