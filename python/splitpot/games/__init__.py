"""The game registry: game name (the API and CLI name) to spec builder.

>>> sorted(GAMES)  # doctest: +NORMALIZE_WHITESPACE
['california-lowball', 'jackpots', 'jacks-back', 'lowball', 'seven-card-stud', 'seven-card-stud-8',
 'seven-card-stud-declare', 'seven-card-stud-high-low']
>>> get_game("seven-card-stud-declare", declare="in-turn").declare
<DeclareMode.IN_TURN: 'in_turn'>
>>> get_game("seven-card-stud", wild="2").wilds.wild  # any game takes the wild-card options
('2',)
>>> get_game("texas")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
splitpot.errors.RuleError: Unknown game 'texas'; known games: california-lowball, ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from splitpot.engine.spec import GameSpec, Wilds
from splitpot.errors import RuleError
from splitpot.games.draw import california_lowball, jackpots, jacks_back, lowball
from splitpot.games.stud import (
    seven_card_stud,
    seven_card_stud_8,
    seven_card_stud_declare,
    seven_card_stud_high_low,
)

__all__ = ["GAMES", "WILD_OPTIONS", "get_game"]

GAMES: dict[str, Callable[..., GameSpec]] = {
    "seven-card-stud": seven_card_stud,
    "seven-card-stud-8": seven_card_stud_8,
    "seven-card-stud-high-low": seven_card_stud_high_low,
    "seven-card-stud-declare": seven_card_stud_declare,
    "jackpots": jackpots,
    "lowball": lowball,
    "california-lowball": california_lowball,
    "jacks-back": jacks_back,
}
"""Every playable game by name; each builder takes keyword options."""


WILD_OPTIONS = ("wild", "joker", "wild_low", "duplicate", "penalty", "penalty_rule")
"""Options every game takes (the fields of :class:`~splitpot.engine.spec.Wilds`):
wild ranks or cards, the joker (``None``/``"none"``: no joker in the deck,
``"bug"``, ``"wild"``), how wild cards count in a low, duplicate wild cards in
a high flush, penalty cards and their rule."""


def get_game(name: str, **options: Any) -> GameSpec:
    """The spec of game ``name`` with ``options`` (e.g. ``open_pair=True``).

    Every game also takes the wild-card options of :data:`WILD_OPTIONS`; they
    change the game's own defaults (lowball's joker, say) field by field.

    >>> get_game("seven-card-stud", joker="wild").wilds.deck_size
    53
    """
    try:
        builder = GAMES[name]
    except KeyError:
        raise RuleError(f"Unknown game {name!r}; known games: {', '.join(sorted(GAMES))}.") from None
    wild = {key: options.pop(key) for key in WILD_OPTIONS if key in options}
    spec = builder(**options)
    if not wild:
        return spec
    if "joker" in wild and wild["joker"] in ("none", False):
        wild["joker"] = None
    fields = {f.name: getattr(spec.wilds, f.name) for f in dataclasses.fields(Wilds)}
    wilds = Wilds(**{**fields, **wild})
    if spec.opening is not None and spec.opening.then is not None:  # jacks back: its lowball alike
        then = spec.opening.then.replace(wilds=wilds)
        spec = spec.replace(opening=dataclasses.replace(spec.opening, then=then))
    return spec.replace(wilds=wilds)
