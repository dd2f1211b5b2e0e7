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
or ``in-turn``), ``tie_keeps_half``, ``open_pair``, ``uncapped_heads_up``,
``stakes``; and the wild-card options of every game (``wild="2"`` adds deuces
for everyone to each player's own rank).

Readings:

- Betting: five-card stud's structure (the rules, §5.8): antes, no bring-in,
  small bets on the first two rounds and big bets on the last two.  The rules
  name no forced opening bet here, so on every round the best hand showing acts
  first and may check, ties to the seat nearest the dealer's left; the upcards
  are read as natural cards (a player's wild rank is secret until the
  showdown).
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
from splitpot.errors import RuleError
from splitpot.games.five_stud import FIVE_STUD_STAKES, no_bring_in, stud_split
from splitpot.validate import as_bool, check_keywords

__all__ = ["mexican_streets", "mexican_stud"]

_OPTIONS = frozenset({"open_pair", "low", "declare", "tie_keeps_half", "uncapped_heads_up", "stakes"})
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
    name = "mexican-stud"
    check_keywords(options, _OPTIONS, name)
    open_pair = as_bool(options.get("open_pair", False), f"{name}: open_pair")
    uncapped = as_bool(options.get("uncapped_heads_up", False), f"{name}: uncapped_heads_up")
    tie_keeps_half = as_bool(options.get("tie_keeps_half", False), f"{name}: tie_keeps_half")
    low_option = options.get("low")
    if low_option is not None and options.get("declare") in (DeclareMode.NONE, "none"):
        raise RuleError(f"{name}: the high-low game is played with declarations (in-turn or simultaneous).")
    low, declare = stud_split(name, low_option, options.get("declare"), default=DeclareMode.SIMULTANEOUS)
    if tie_keeps_half and low is None:
        raise RuleError(f"{name}: tie_keeps_half applies to the high-low game; give low= as well.")
    recorded: dict[str, Any] = {"open_pair": open_pair, "uncapped_heads_up": uncapped}
    if low is not None:
        recorded |= {"low": low, "declare": str(declare), "tie_keeps_half": tie_keeps_half}
    return GameSpec(
        name=name,
        streets=mexican_streets(open_pair=open_pair),
        stakes=no_bring_in(name, options.get("stakes"), FIVE_STUD_STAKES),
        high="high",
        low=low,
        declare=declare,
        tie_keeps_half=tie_keeps_half,
        uncapped_heads_up=uncapped,
        wilds=Wilds(positional=PositionalWild.HOLE_CARD),
        max_players=10,
        options=tuple(recorded.items()),
    )
