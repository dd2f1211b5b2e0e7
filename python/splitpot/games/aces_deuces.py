"""Aces-deuces, two-card poker (the rules, §1 and §5.10), as a spec.

Antes; each player gets one card down and one up.  In turn from the dealer's
left each player stands or draws one card, replacing his down card with a down
card or his up card with an up card, and pays the pot 1 chip for his first card
drawn, 1 more for the second and 3 more for the third (three at most); drawing
goes round and round until every player has stood
(:class:`~splitpot.engine.paid_draws.PaidDraws`).  Then one betting round, the
highest upcard first.  High-low with the two-card rankings: only pairs and high
cards; for high A-A is best, for low an unpaired ace counts low, A-2 is best
and A-A is the worst pair (``hand_size=2``, :mod:`splitpot.two_card`).  Cards
speak; the winners split the whole pot, draw fees included, the odd chip to
high.

Options: ``stand_is_final`` (default True; False: a player may stand on one
turn and draw on a later one, and drawing ends after a full round in which
nobody draws), ``fees`` (default ``(1, 1, 3)``), ``stakes``, ``uncapped_heads_up``
(no cap on the raises when two players are left, as in every game), ``declare``
(``in-turn`` or ``simultaneous``: declarations, an option of any high-low game,
the rules §4) with ``both`` and ``tie_keeps_half``; and the wild-card
options of every game (``wild=``, ``joker=``, ``penalty=``, ``positional=``).

Readings:

- "The highest upcard first": the rank, ace high; ties go to the seat nearest
  the dealer's left (the rules name no suit order here), so the game's opener
  is the best showing hand of one upcard (a wild upcard everyone shares is an
  ace).  Checking is allowed.
- The one betting round is played at the small bet (it is the first round);
  ``stakes`` sets it.
- "A-A never a low": A-A is the highest pair, so it is the worst low there is,
  beaten by every other hand; a low always exists (cards speak, no qualifier).
- Odd chips between tied hands of one side go by suit, as in stud (the game
  is played with upcards): the highest card for high, the lowest for low.
- A penalty card kills the hand (voiding a card would leave fewer than two),
  so ``penalty_rule`` does nothing and is refused; ``wild_low`` and ``duplicate``
  do not apply to two-card hands and are refused (a wild card always takes the
  best rank).
- Up to ten players: two cards each and three draws at most make 50 cards.

>>> spec = aces_deuces()
>>> spec.hand_size, spec.high, spec.low, spec.streets[0].paid_draws.fees
(2, 'high', 'low', (1, 1, 3))
>>> aces_deuces(stand_is_final=False).streets[0].paid_draws.stand_is_final
False
>>> aces_deuces(declare="simultaneous").declare_both
True
>>> aces_deuces(uncapped_heads_up=True).uncapped_heads_up
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from splitpot.engine.paid_draws import PaidDraws
from splitpot.engine.spec import DeclareMode, GameSpec, Opener, Stakes, Street
from splitpot.games.five_stud import FIVE_STUD_STAKES, no_bring_in
from splitpot.validate import as_bool, as_choice, check_keywords

__all__ = ["OPTION_DEFAULTS", "aces_deuces", "aces_deuces_streets"]

_OPTIONS = frozenset(
    {"stand_is_final", "fees", "stakes", "declare", "both", "tie_keeps_half", "uncapped_heads_up"}
)


OPTION_DEFAULTS: Mapping[str, Any] = MappingProxyType({
    "stand_is_final": True, "fees": (1, 1, 3), "stakes": None, "declare": None, "both": None,
    "tie_keeps_half": False, "uncapped_heads_up": False,
})
"""What each option of aces-deuces is when left out, as :func:`aces_deuces` reads it
(:func:`splitpot.games.option_info` lists it); ``None``: the game's own (its stakes, cards
speak, ``both`` as the declaration mode has it)."""


def aces_deuces_streets(
    *, stand_is_final: bool = True, fees: tuple[int, ...] = (1, 1, 3)
) -> tuple[Street, ...]:
    """One street: a card down and one up, the paid draws, one betting round."""
    draws = PaidDraws(fees=fees, stand_is_final=stand_is_final)
    return (Street(name="deal", down=1, up=1, draw=1, paid_draws=draws, opener=Opener.BEST_SHOWING),)


def aces_deuces(**options: Any) -> GameSpec:
    """``aces-deuces``: two-card high-low with paid draws."""
    name = "aces-deuces"
    check_keywords(options, _OPTIONS, name)
    options = {**OPTION_DEFAULTS, **options}
    stand_is_final = as_bool(options["stand_is_final"], f"{name}: stand_is_final")
    uncapped = as_bool(options["uncapped_heads_up"], f"{name}: uncapped_heads_up")
    fees = options["fees"]
    streets = aces_deuces_streets(stand_is_final=stand_is_final, fees=fees)
    paid = streets[0].paid_draws
    assert paid is not None
    stakes: Stakes = no_bring_in(name, options["stakes"], FIVE_STUD_STAKES, streets)
    declare = options["declare"]
    mode = DeclareMode.NONE if declare is None else as_choice(declare, DeclareMode, f"{name}: declare")
    # GameSpec checks both and tie_keeps_half against the mode and gives both its default.
    return GameSpec(
        name=name,
        streets=streets,
        stakes=stakes,
        high="high",
        low="low",
        hand_size=2,
        declare=mode,
        declare_both=options["both"],
        tie_keeps_half=options["tie_keeps_half"],
        uncapped_heads_up=uncapped,
        max_players=10,
        options=(("stand_is_final", stand_is_final), ("fees", paid.fees), ("uncapped_heads_up", uncapped)),
    ).with_declare_options()
