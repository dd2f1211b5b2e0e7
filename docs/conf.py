"""Sphinx configuration of the splitpot documentation site.

Build it with the ``docs`` extra installed (the API reference imports the package):

    sphinx-build -W --keep-going -b html docs docs/_build/html

The API reference has one page per module, generated at each build from the
list of modules in ``reference/index.md`` (one line per module): each page
shows the module's docstring and the public names the module itself defines;
a package's re-exports are documented where they are defined and linked from
the package's page.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from importlib.metadata import version as _version
from pathlib import Path
from typing import Any

project = "splitpot"
author = "the splitpot developers"
copyright = "2026, the splitpot developers"
release = _version("splitpot")
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",  # the pages are Markdown (they render on GitHub too)
    "sphinx.ext.autodoc",  # the API reference, from the docstrings
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]

# Markdown: GitHub-style heading anchors (``rules.md#51-seven-card-stud``) down to ###.
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True

html_theme = "furo"
html_title = f"splitpot {release}"
html_theme_options = {
    "source_repository": "https://github.com/splitpot/splitpot",
    "source_branch": "main",
    "source_directory": "docs/",
}

_DOCS = Path(__file__).resolve().parent
_REFERENCE = _DOCS / "reference"


def _defined_here(module: Any) -> list[str]:
    """Public names that ``module`` defines at its top level (its ``__all__`` order
    if it has one), not the ones it imports."""
    tree = ast.parse(inspect.getsource(module))
    defined: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.add(node.name)
        elif isinstance(node, ast.Assign):
            defined.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defined.add(node.target.id)
    exported = getattr(module, "__all__", None)
    if exported is None:
        return sorted(n for n in defined if not n.startswith("_"))
    return [n for n in exported if n in defined and not n.startswith("__")]


def _data_home(package: str, item: str, obj: object) -> str | None:
    """The listed module that defines the constant ``item`` (``obj`` itself) at its top level,
    where its page documents it: ``splitpot.MAX_THREADS`` is ``splitpot.validate.MAX_THREADS``."""
    for name in _listed_modules():
        if name == package:
            continue
        module = importlib.import_module(name)
        if getattr(module, item, None) is obj and item in _defined_here(module):
            return name
    return None


def _listed_modules() -> list[str]:
    return re.findall(r"^generated/(splitpot[\w.]*)\s*$", (_REFERENCE / "index.md").read_text(), re.M)


def _module_page(name: str) -> str:
    module = importlib.import_module(name)
    lines = [name, "=" * len(name), "", f".. automodule:: {name}"]
    members = _defined_here(module)
    if members:
        lines += [f"   :members: {', '.join(members)}", "   :show-inheritance:"]
    reexported = [n for n in getattr(module, "__all__", ()) if n not in members and not n.startswith("__")]
    refs = []
    for item in reexported:
        obj = getattr(module, item)
        if inspect.ismodule(obj) and callable(obj) and inspect.isfunction(getattr(obj, item, None)):
            obj = getattr(obj, item)  # a callable module (splitpot.equity): link the function it calls
        home = getattr(obj, "__module__", None)
        if isinstance(home, str) and home.startswith("splitpot") and hasattr(obj, "__qualname__"):
            refs.append(f":py:obj:`~{home}.{obj.__qualname__}`")
        elif (data_home := _data_home(name, item, obj)) is not None:
            refs.append(f":py:data:`~{data_home}.{item}`")  # a constant: where it is defined
        else:
            refs.append(f"``{item}``")
    if refs:
        lines += ["", "Also importable from here: " + ", ".join(refs) + "."]
    return "\n".join(lines) + "\n"


def _write_reference_pages(app: object) -> None:
    listed = _listed_modules()
    out = _REFERENCE / "generated"
    out.mkdir(exist_ok=True)
    for name in listed:
        page = out / f"{name}.rst"
        text = _module_page(name)
        if not page.exists() or page.read_text() != text:
            page.write_text(text)


def setup(app: Any) -> None:
    app.connect("builder-inited", _write_reference_pages)
