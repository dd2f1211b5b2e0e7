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
import sys
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


def _assembled(obj: object) -> bool:
    """Whether ``obj`` is a class assembled from parts that other modules of the package
    define without exporting them (``State`` and its mixins, one module per concern): its
    page lists the methods it inherits from them as its own."""
    for base in obj.__mro__[1:] if inspect.isclass(obj) else ():
        exported = getattr(sys.modules.get(base.__module__), "__all__", [base.__name__])
        if base.__module__.startswith("splitpot") and base.__name__ not in exported:
            return True
    return False


def _parts_members(cls: type) -> list[str]:
    """The documented public methods and properties of an assembled class, its own first, then
    each part's in the order of its bases, each in source order."""
    names: list[str] = []
    for part in cls.__mro__[:-1]:
        for item, value in vars(part).items():
            if item.startswith("_") or item in names or not getattr(value, "__doc__", None):
                continue
            if inspect.isfunction(value) or isinstance(value, property | staticmethod | classmethod):
                names.append(item)
    return names


def _listed_modules() -> list[str]:
    return re.findall(r"^generated/(splitpot[\w.]*)\s*$", (_REFERENCE / "index.md").read_text(), re.M)


def _module_page(name: str) -> str:
    module = importlib.import_module(name)
    lines = [name, "=" * len(name), "", f".. automodule:: {name}"]
    members = _defined_here(module)
    assembled = [n for n in members if _assembled(getattr(module, n))]
    if len(assembled) < len(members):
        plain = [n for n in members if n not in assembled]
        lines += [f"   :members: {', '.join(plain)}", "   :show-inheritance:"]
    for item in assembled:  # each member named, in order (autodoc sorts inherited ones last, by name)
        cls = getattr(module, item)
        lines += ["", f".. autoclass:: {name}.{item}", "   :show-inheritance:"]
        for member in _parts_members(cls):
            is_property = isinstance(inspect.getattr_static(cls, member), property)
            kind = "autoproperty" if is_property else "automethod"
            lines += ["", f"   .. {kind}:: {member}"]
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


def _parts_source(app: object, modname: str) -> tuple[str, dict[str, Any]] | None:
    """viewcode: the source of a module that holds a part of an assembled class (one of
    ``State``'s mixins), its methods tagged under the class too (``State.fold`` is
    ``BettingActions.fold``'s lines), so the class's page links each method to its source."""
    from sphinx.pycode import ModuleAnalyzer

    aliases: dict[str, str] = {}  # part's name -> the assembled class's
    for name in _listed_modules():
        module = importlib.import_module(name)
        for item in _defined_here(module):
            obj = getattr(module, item)
            if _assembled(obj):
                aliases.update({p.__name__: obj.__name__ for p in obj.__mro__[1:] if p.__module__ == modname})
    if not aliases:
        return None
    analyzer = ModuleAnalyzer.for_module(modname)
    analyzer.find_tags()
    tags = dict(analyzer.tags)
    for tag, where in analyzer.tags.items():
        part, _, rest = tag.partition(".")
        if part in aliases and rest:
            tags[f"{aliases[part]}.{rest}"] = where
    return analyzer.code, tags


def setup(app: Any) -> None:
    app.connect("builder-inited", _write_reference_pages)
    app.connect("viewcode-find-source", _parts_source)
