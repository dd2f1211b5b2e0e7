"""Run the doctests of the engine, games, bots and play modules."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "splitpot.engine", "splitpot.engine.spec", "splitpot.engine.betting", "splitpot.engine.order",
    "splitpot.engine.pots",
    "splitpot.engine.declare", "splitpot.engine.events", "splitpot.engine.state",
    "splitpot.engine.history", "splitpot.engine.session", "splitpot.engine.showdown",
    "splitpot.games", "splitpot.games.stud", "splitpot.bots", "splitpot.play",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
