"""The documentation holds: every page's examples run, the rules reference agrees with the
games the package plays, the API reference lists every module, and no link or reference
points outside the repository."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import splitpot

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if not {"_build", "generated"} & set(p.parts))
# Pages of prose and tables only; every other page must show examples that run.
PROSE = {
    "rules.md",
    "changelog.md",
    "development.md",
    "reference/index.md",
    "TESTING.md",
    "performance.md",
    "glossary.md",
}


def _name(page: Path) -> str:
    return page.relative_to(DOCS).as_posix()


def test_the_pages_are_there() -> None:
    assert {"index.md", "rules.md", "WILD_CARDS.md", "API.md"} <= {_name(p) for p in PAGES}
    assert {_name(p) for p in PAGES} >= PROSE, "a page listed as prose no longer exists"


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_page_examples_run(page: Path) -> None:
    result = doctest.testfile(
        str(page),
        module_relative=False,
        encoding="utf-8",
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.failed == 0
    if _name(page) not in PROSE:
        # a terminal transcript is an example too: tests/test_transcripts.py runs it
        transcript = re.search(r"^```(?:console|text)\n\$ .*splitpot.*\n(?!```|\$ )", page.read_text(), re.M)
        assert result.attempted > 0 or transcript, (
            f"docs/{_name(page)} shows no example; add some (or list it in PROSE)"
        )


# ----------------------------------------------------------------- the rules reference


def github_anchor(heading: str) -> str:
    """The anchor GitHub and the docs site (MyST) give a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    return {github_anchor(h) for h in re.findall(r"^#{1,6} (.+)$", text, re.M)}


def test_rules_sections_have_their_anchors() -> None:
    """Every section of the rules, §0 to §5.11, has the anchor other pages link to."""
    found = anchors(DOCS / "rules.md")
    numbers = ["0", "1", "2", "3", "4", "5"] + [f"5{i}" for i in range(1, 12)]
    missing = [n for n in numbers if not any(a.startswith(f"{n}-") for a in found)]
    assert not missing, f"docs/rules.md lacks the sections {missing}"


def test_rules_reference_lists_the_games_this_version_plays() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    table = text[text.index("## Games at a glance") : text.index("## 0. Conventions")]
    rows = re.findall(r"^\|[^|]*\|[^|]*\| `([a-z0-9-]+)` \| (yes|planned) \|$", table, re.M)
    listed = dict(rows)
    assert set(splitpot.GAMES) <= set(listed), (
        f"add {sorted(set(splitpot.GAMES) - set(listed))} to the games at a glance in docs/rules.md"
    )
    playable = {name for name, status in listed.items() if status == "yes"}
    # dealer's choice is a session of calls of those games, played by `splitpot play dealers-choice`
    from splitpot.dealers_choice import DEALERS_CHOICE
    from splitpot.play import _GAME_HELP

    assert DEALERS_CHOICE in _GAME_HELP and DEALERS_CHOICE not in splitpot.GAMES
    playable -= {DEALERS_CHOICE}
    assert playable == set(splitpot.GAMES), (
        "docs/rules.md, games at a glance: mark as 'yes' exactly the games in splitpot.GAMES "
        f"(now 'yes' but not playable: {sorted(playable - set(splitpot.GAMES))}; "
        f"playable but 'planned': {sorted(set(splitpot.GAMES) - playable)})"
    )


# ----------------------------------------------------------------- links and references


def text_files() -> list[Path]:
    """The repository's own text: docs, README and changelog, the package, tests, tools, CI."""
    files = [ROOT / name for name in ("README.md", "CHANGELOG.md", "pyproject.toml", "CMakeLists.txt")]
    files += [ROOT / ".ci" / "run"]
    for folder, patterns in [
        ("docs", ["*.md", "*.py"]),
        ("python", ["*.py", "*.pyi"]),
        ("tests", ["*.py", "*.md", "*.json"]),
        ("benchmarks", ["*.py"]),
        ("tools", ["*"]),
        ("cpp", ["*.cpp", "*.hpp"]),
    ]:
        for pattern in patterns:
            files += [p for p in (ROOT / folder).rglob(pattern) if p.is_file() and "_build" not in p.parts]
    return [p for p in files if p.is_file()]


def test_nothing_points_outside_the_repository() -> None:
    """The rules live in docs/rules.md: no reference to a rules file or shared folder that the
    repository, the sdist and the wheel do not hold."""
    names = ("RULES", "STYLE", "ARCHITECTURE")  # the shared brief's files, none of them shipped
    shared = [re.escape("../" + "shared"), r"\bshared/"]
    outside = re.compile("|".join([*shared, *(rf"\b{n}\.md" for n in names)]))
    found = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in text_files()
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if outside.search(line)
    ]
    assert not found, "cite the rules as docs/rules.md (the rules reference):\n" + "\n".join(found)


MARKDOWN = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "CONTRIBUTING.md", ROOT / "tests" / "README.md",
            *PAGES]


def test_contributing_points_only_inside_the_repository() -> None:
    """CONTRIBUTING.md, a newcomer's first page, links the repository's own documents only (its
    relative links resolve: test_relative_links_resolve)."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    assert {"docs/development.md", "tests/README.md"} <= {t.partition("#")[0] for t in targets}
    assert not [t for t in targets if re.match(r"[a-z]+:", t)], "CONTRIBUTING.md links outside"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    development = readme.split("\n## Development\n")[1].split("\n## ")[0]
    for link in ("(CONTRIBUTING.md)", "(docs/development.md#adding-a-game)", "(tests/README.md)"):
        assert link in development, f"the README's Development section does not link {link}"


def test_tests_readme_names_every_test_module() -> None:
    """tests/README.md, the map of the suite, names every test module."""
    listed = (ROOT / "tests" / "README.md").read_text(encoding="utf-8")
    tests = sorted(p for p in (ROOT / "tests").rglob("test_*.py") if "fuzz" not in p.parts)
    missing = [str(p.relative_to(ROOT)) for p in tests if f"`{p.name}`" not in listed]
    assert not missing, f"tests/README.md does not name {missing}"


def test_readme_layout_names_the_files_beside_the_code() -> None:
    """The README's Layout names the package's files that are not modules (the stub of the core,
    the data) and the schema the docs ship."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme.split("\n## Layout\n")[1].split("\n## ")[0]
    package = ROOT / "python" / "splitpot"
    files = [p for p in package.rglob("*") if p.is_file() and p.suffix not in (".py", ".so", ".pyc")
             and p.name != "py.typed" and "__pycache__" not in p.parts]
    files += list(DOCS.glob("*.json"))
    assert any(p.name == "_core.pyi" for p in files)
    missing = [str(p.relative_to(ROOT)) for p in files if p.name not in layout]
    assert not missing, f"the README's Layout does not name {missing}"


@pytest.mark.parametrize("page", [p for p in MARKDOWN if p.is_file()], ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(page: Path) -> None:
    """Every relative link names a file of the repository, and every #anchor a heading of it."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    bad = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            assert target.startswith("https://"), f"{page.name}: insecure or odd link {target}"
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if path and not file.suffix and not file.exists():
            file = file.with_suffix(".md")  # a docs-site link to a page by name
        if not file.exists() or ROOT not in [file, *file.parents]:
            bad.append(f"{target}: no such file in the repository")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            bad.append(f"{target}: no heading with that anchor")
    assert not bad, f"{page.relative_to(ROOT)}: " + "; ".join(bad)


def test_every_module_is_in_the_api_reference() -> None:
    index = (DOCS / "reference" / "index.md").read_text()
    listed = set(re.findall(r"^generated/(splitpot[\w.]*)$", index, re.M))
    modules = {"splitpot"} | {
        m.name
        for m in pkgutil.walk_packages(splitpot.__path__, "splitpot.")
        if not any(part.startswith("_") for part in m.name.split("."))
    }
    assert modules - listed == set(), "add to docs/reference/index.md: " + ", ".join(sorted(modules - listed))
    for name in listed:
        importlib.import_module(name)  # no stale entry


def test_cli_page_covers_every_subcommand_and_option() -> None:
    """docs/cli.md has a section for each subcommand (and dealer's choice) that names each of
    its options as --help lists them."""
    import argparse

    from splitpot.cli import _parser

    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^## `splitpot ([\w -]+)`\n(.*?)(?=^## |\Z)", text, re.M | re.S))
    assert "`--house FILE`" in sections["play dealers-choice"]
    top = _parser()
    assert "--version" in text
    commands = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction)).choices
    missing = []
    for name, parser in commands.items():
        if name not in sections:
            missing.append(f"a section `splitpot {name}`")
            continue
        section = sections[name] + sections["play dealers-choice"] * (name == "play")
        for action in parser._actions:
            for option in action.option_strings:
                if option.startswith("--") and option != "--help" and not re.search(
                    rf"`{re.escape(option)}[` =/]", section
                ):
                    missing.append(f"{option} of `splitpot {name}`")
    assert not missing, "docs/cli.md lacks: " + ", ".join(missing)
