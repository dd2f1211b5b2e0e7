"""Opening requirements: who may open the pot, and what a deal nobody opens becomes.

In jackpots (the rules, §5.4) a pair of jacks or better is needed to *open*,
to make the first bet of the first round; before the opening a player may
check.  If nobody opens, the deal is passed out: everyone antes again and the
same dealer deals again, the pot carrying over (the jackpot).  In jacks back
(§5.7) a deal nobody opens is first played again as lowball (``then``: the
same hands, a new first round from the dealer's left, no requirement); if
nobody opens that either, it is passed out.  The opener's five cards as he held
them when he opened are shown at the end of the deal as the proof, whatever he
discarded (he may split his openers).

With ``pass_and_out`` a player who checked before the opening is out once the
pot is opened (he may not call or raise).

>>> from splitpot.cards import parse_cards
>>> hand = lambda text: [int(c) for c in parse_cards(text)]
>>> jacks = Opening(minimum="J")
>>> jacks.opens(hand("Jc Jd 7h 4s 2c")), jacks.opens(hand("Tc Td Ah Ks Qc"))
(True, False)
>>> jacks.opens(hand("9h Th Jc Qd Ks")), jacks.describe()
(True, 'a pair of jacks or better')
>>> Opening(minimum="1")
Traceback (most recent call last):
...
splitpot.errors.RuleError: Opening: minimum must be a rank (2-9, T, J, Q, K, A: ...) or None; got '1'.
>>> Opening(minimum="")
Traceback (most recent call last):
...
splitpot.errors.RuleError: Opening: minimum must be a rank (2-9, T, J, Q, K, A: ...) or None; got ''.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from splitpot._native import _core
from splitpot.cards import _RANK_PLURALS, RANKS, _rank_index
from splitpot.engine import events as ev
from splitpot.errors import ArgumentTypeError, RuleError
from splitpot.evaluate import _RANKING_ID, evaluate, strength
from splitpot.validate import as_bool, describe

if TYPE_CHECKING:
    from splitpot.engine.spec import GameSpec, Wilds
    from splitpot.engine.state import State

__all__ = ["Opening", "holds_openers", "passers", "proof", "refusal"]

_THRESHOLDS: dict[int, int] = {}


def _threshold(rank: int) -> int:
    """The strength of the weakest high hand holding a pair of ``rank``: the
    pair and the three lowest other ranks (mixed suits)."""
    value = _THRESHOLDS.get(rank)
    if value is None:
        kickers = [r for r in range(13) if r != rank][:3]
        cards = [4 * rank, 4 * rank + 1, *(4 * r + 2 + (i & 1) for i, r in enumerate(kickers))]
        hand = evaluate(cards, "high")
        assert hand is not None
        value = _THRESHOLDS[rank] = hand.strength
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class Opening:
    """The opening requirement of a game's first betting round.

    ``minimum`` is the rank of the smallest pair that opens (``"J"``: jacks or
    better) or ``None`` (any hand opens, but checking is allowed and a deal
    nobody opens is still passed out); ``pass_and_out`` puts a player who
    checked before the opening out of the deal once it is opened; ``then`` is
    the game the same hands are played as when nobody opens (jacks back: its
    lowball), ``None`` to pass the deal out at once.

    >>> Opening(minimum="q").minimum
    'Q'
    """

    minimum: str | None = "J"
    pass_and_out: bool = False
    then: GameSpec | None = None

    def __post_init__(self) -> None:
        if self.minimum is not None:
            if not isinstance(self.minimum, str):
                raise ArgumentTypeError(
                    f"Opening: minimum must be a rank (2-9, T, J, Q, K, A) as a str, or None; got "
                    f"{describe(self.minimum)}."
                )
            rank = _rank_index(self.minimum)
            if rank is None:
                raise RuleError(
                    "Opening: minimum must be a rank (2-9, T, J, Q, K, A: the smallest pair that opens) "
                    f"or None; got {self.minimum!r}."
                )
            object.__setattr__(self, "minimum", RANKS[rank])
        object.__setattr__(self, "pass_and_out", as_bool(self.pass_and_out, "Opening: pass_and_out"))
        if self.then is not None:
            from splitpot.engine.spec import GameSpec

            if not isinstance(self.then, GameSpec):
                raise RuleError(f"Opening: then must be a GameSpec or None, got {type(self.then).__name__}.")
            if self.then.opening is None or self.then.opening.then is not None:
                raise RuleError(
                    "Opening: the game played when nobody opens needs an opening of its own (a deal "
                    "nobody opens is then passed out) and no further game."
                )

    @property
    def rank(self) -> int | None:
        """The minimum as a rank index (0 = deuce .. 12 = ace), or None."""
        return None if self.minimum is None else RANKS.index(self.minimum)

    def opens(self, cards: list[int], wilds: Wilds | None = None) -> bool:
        """Whether ``cards`` hold openers (evaluated for high with ``wilds``)."""
        rank = self.rank
        if rank is None:
            return True
        options = wilds.options(low=False) if wilds is not None else None
        value = strength(cards, "high", **options) if options else strength(cards, "high")  # the fast path
        return value >= _threshold(rank)

    def describe(self) -> str:
        """The requirement in words."""
        rank = self.rank
        return "any hand" if rank is None else f"a pair of {_RANK_PLURALS[rank]} or better"


_HIGH_ID = _RANKING_ID["high"]
_FLOORS: dict[int, tuple[Opening, Wilds, int | None]] = {}
"""By the Opening's id (the entry holds it, so the id stays its own): the Wilds it
was prepared for and the strength of the weakest opening hand, None where the
wild options take part (then :meth:`Opening.opens` answers)."""


def holds_openers(opening: Opening, cards: list[int], wilds: Wilds) -> bool:
    """``opening.opens(cards, wilds)`` for ints the engine holds, with the opening
    rank's threshold and the wild options read once per opening and wilds rather
    than at every seat asked (natural cards: one core call).

    >>> from splitpot.engine.spec import Wilds
    >>> holds_openers(Opening(minimum="Q"), [40, 41, 0, 5, 9], Wilds())
    True
    """
    made = _FLOORS.get(id(opening))
    if made is None or made[0] is not opening or made[1] is not wilds:
        rank = opening.rank
        floor = None if rank is None or wilds.options(low=False) else _threshold(rank)
        if len(_FLOORS) >= 256:
            _FLOORS.clear()
        made = _FLOORS[id(opening)] = (opening, wilds, floor)
    floor = made[2]
    if floor is None:
        return opening.opens(cards, wilds)
    return bool(_core.strength(cards, _HIGH_ID) >= floor)


def refusal(state: State, seat: int) -> str | None:
    """Why ``seat`` may not open now (None when he may, or nothing is to open)."""
    opening = state.spec.opening
    if opening is None or opening.rank is None or state.street != 0 or state.may_open(seat):
        return None
    round_ = state.round
    if round_ is None or round_.current:
        return None
    held = " ".join(ev.card_text(c) for c in state.cards(seat))
    return f"Seat {seat} cannot open: {opening.describe()} is needed to open (he holds {held})"


def passers(state: State) -> tuple[int, ...]:
    """Pass and out: the seats still in that checked before this opening."""
    opening = state.spec.opening
    round_ = state.round
    if opening is None or not opening.pass_and_out or round_ is None or state.street != 0:
        return ()
    return tuple(s for s in state.active if s in round_.checked)


def proof(state: State) -> list[ev.Event]:
    """The opener's five cards as he opened, shown at the end of the deal."""
    if state.opener is None or not state.opening_hand:
        return []
    return [ev.OpenersShown(seat=state.opener, cards=state.opening_hand)]
