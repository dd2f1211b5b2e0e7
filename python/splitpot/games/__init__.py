"""The game registry: game name (the API and CLI name) to spec builder.

>>> sorted(GAMES)
['seven-card-stud', 'seven-card-stud-8', 'seven-card-stud-declare', 'seven-card-stud-high-low']
>>> get_game("seven-card-stud-declare", declare="in-turn").declare
<DeclareMode.IN_TURN: 'in_turn'>
>>> get_game("texas")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
splitpot.errors.RuleError: Unknown game 'texas'; known games: seven-card-stud, ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from splitpot.engine.spec import GameSpec
from splitpot.errors import RuleError
from splitpot.games.stud import (
    seven_card_stud,
    seven_card_stud_8,
    seven_card_stud_declare,
    seven_card_stud_high_low,
)

__all__ = ["GAMES", "get_game"]

GAMES: dict[str, Callable[..., GameSpec]] = {
    "seven-card-stud": seven_card_stud,
    "seven-card-stud-8": seven_card_stud_8,
    "seven-card-stud-high-low": seven_card_stud_high_low,
    "seven-card-stud-declare": seven_card_stud_declare,
}
"""Every playable game by name; each builder takes keyword options."""


def get_game(name: str, **options: Any) -> GameSpec:
    """The spec of game ``name`` with ``options`` (e.g. ``open_pair=True``)."""
    try:
        builder = GAMES[name]
    except KeyError:
        raise RuleError(f"Unknown game {name!r}; known games: {', '.join(sorted(GAMES))}.") from None
    return builder(**options)
