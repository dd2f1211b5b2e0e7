"""The examples in every module's docstrings run and hold.

Modules are discovered, not listed, so a new module's examples are collected
the day it lands.  Every public module must carry at least one example;
``_core`` (the compiled extension) and ``__main__`` have none by nature.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import splitpot

NO_EXAMPLES = {"splitpot._core", "splitpot.__main__"}

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(splitpot.__path__, prefix="splitpot.")
    if info.name not in NO_EXAMPLES
)


def test_modules_found() -> None:
    assert {"splitpot.evaluate", "splitpot.engine.state", "splitpot.validate"} <= set(MODULES)


@pytest.mark.parametrize("name", ["splitpot", *MODULES])
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
