"""The examples in the docstrings of the evaluator-side modules run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "splitpot",
    "splitpot.cards",
    "splitpot.errors",
    "splitpot.evaluate",
    "splitpot.wild",
    "splitpot.two_card",
    "splitpot.cli",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
