"""Mexican stud, or flip (the rules, §5.9), as a spec.

Antes; two cards down, and each player turns one up, all at once; a betting
round.  Then three times: one card down, each player turns up either the new
card or his old hole card, all at once; a betting round.  Each player ends with
four cards up and one down, and his hole card, with every card of its rank in
his hand, is wild for him alone.  The turn-ups are simultaneous choices
(:class:`~splitpot.engine.choices.TurnUp`), the wild card a positional rule
(:attr:`~splitpot.engine.positional.PositionalWild.HOLE_CARD`) resolved at the
showdown, where it is shown ("7♣ is wild for P2: his hole card").

Options: ``low`` (high-low with declarations; wild cards count in the low as
``wild_low`` says, a zero by default), ``declare`` (``simultaneous`` by default,
or ``in-turn``), ``both`` (whether ``both`` may be declared: by default yes when
simultaneous, no in turn), ``tie_keeps_half``, ``open_pair``, ``uncapped_heads_up``,
``stakes``; and the wild-card options of every game (``wild="2"`` adds deuces
for everyone to each player's own rank).

Readings:

- Betting: five-card stud's structure (the rules, §5.8): antes, no bring-in,
  small bets on the first two rounds and big bets on the last two.  The rules
  name no forced opening bet here, so on every round the best hand showing acts
  first and may check, ties to the seat nearest the dealer's left; the upcards
  are read as natural cards (a player's wild rank is secret until the
  showdown).
- The game holds one positional rule, its own (``hole_card``):
  ``positional=None`` turns it off, any other rule is refused (it would
  replace the hole card's without saying so).
- High-low: ``low=`` one of the classic lows (deuce-to-seven, ace-to-six,
  ace-to-five), with declarations as the rules ask (cards-speak is refused);
  each player's own wild cards play in his low too.
- Up to ten players (50 of the 52 cards).

>>> spec = mexican_stud()
>>> [(s.name, s.down, s.turn_up is not None) for s in spec.streets]
[('second street', 2, True), ('third street', 1, True), ('fourth street', 1, True), ('fifth street', 1, True)]
>>> str(spec.wilds.positional), spec.high, spec.low
('hole_card', 'high', None)
>>> mexican_stud(low="ace-to-six").declare
<DeclareMode.SIMULTANEOUS: 'simultaneous'>
"""

from __future__ import annotations

from typing import Any

from splitpot.engine.choices import TurnUp
from splitpot.engine.positional import PositionalWild
from splitpot.engine.spec import DeclareMode, GameSpec, Street, Wilds
from splitpot.games.five_stud import five_card_game

__all__ = ["mexican_streets", "mexican_stud"]

_OPTIONS = frozenset(
    {"open_pair", "low", "declare", "both", "tie_keeps_half", "uncapped_heads_up", "stakes"}
)
_FLIP = TurnUp()  # one of his down cards, all at once, after the deal


def mexican_streets(*, open_pair: bool = False) -> tuple[Street, ...]:
    """Two down and a turn-up; three times one down and a turn-up; a betting round after each."""
    return (
        Street(name="second street", down=2, turn_up=_FLIP),
        Street(name="third street", down=1, turn_up=_FLIP, big_bet_on_open_pair=open_pair),
        Street(name="fourth street", down=1, turn_up=_FLIP, big_bet=True),
        Street(name="fifth street", down=1, turn_up=_FLIP, big_bet=True),
    )


def mexican_stud(**options: Any) -> GameSpec:
    """``mexican-stud``: flip; each player's hole card and its rank wild for him."""
    return five_card_game(
        "mexican-stud",
        options,
        lambda open_pair: mexican_streets(open_pair=open_pair),
        known=_OPTIONS,
        declare=DeclareMode.SIMULTANEOUS,
        wilds=Wilds(positional=PositionalWild.HOLE_CARD),
    )
