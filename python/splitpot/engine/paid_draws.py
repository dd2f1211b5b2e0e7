"""Paid draws, round and round (aces-deuces, the rules §5.10).

In turn from the dealer's left each player stands or draws one card, replacing
his down card with a down card or his up card with an up card (the ``draw``
action's own replacement), and pays the pot a fee for it: the n-th card he
draws costs ``fees[n - 1]`` (1, then 1 more, then 3 more: 5 in all for three),
``len(fees)`` cards at most.  Drawing goes round and round: by default a player
who stands is done drawing, and drawing ends once every player is done; with
``stand_is_final=False`` a player may stand on one turn and draw on a later
one, and drawing ends after a full round in which nobody draws.

A street describes the rule as data (:class:`PaidDraws`); :class:`DrawTurns`
keeps the turns of the hand in progress.  Fees are dead money: they go to the
main pot, which every player still in may win, and never make a side pot of
their own (the winners share "the whole pot, draw fees included").

Readings:

- A player who cannot pay his next fee, or who has drawn the most cards, is
  done drawing and is passed over (a player all in from the ante never draws).
- "A full round in which nobody draws" (``stand_is_final=False``): as many
  stands in a row as there are players still able to draw.
- A player who folds later in the betting leaves his fees in the pot.

>>> rule = PaidDraws()
>>> turns = DrawTurns.start(rule, [1, 2, 0], stacks=[10, 10, 10])
>>> turns.next_seat(None), turns.fee(1)
(1, 1)
>>> turns.pay(1, stack=10), turns.stand(2)
(1, None)
>>> turns.next_seat(2), turns.fee(1), turns.fees_paid
(0, 1, [0, 1, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from splitpot.errors import IllegalActionError, RuleError
from splitpot.validate import as_bool, as_int

__all__ = ["DrawTurns", "PaidDraws"]


@dataclass(frozen=True, slots=True, kw_only=True)
class PaidDraws:
    """Drawing one card a turn for a fee, round and round.

    ``fees``: the n-th card a player draws costs ``fees[n - 1]`` chips (its
    length, one to three, is the most cards he may draw); ``stand_is_final``: a player who
    stands is done drawing (otherwise drawing ends after a full round with no
    draw).

    >>> PaidDraws(fees=(1, 1, 3)).most
    3
    >>> PaidDraws(fees=())
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: PaidDraws: fees must name one to three draws (three cards at most), ...; got 0.
    """

    fees: tuple[int, ...] = (1, 1, 3)
    stand_is_final: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.fees, (str, bytes)) or not isinstance(self.fees, Sequence):
            raise RuleError(f"PaidDraws: fees must be a sequence of chip counts, got {self.fees!r}.")
        fees = tuple(as_int(f, "PaidDraws: a fee", low=0) for f in self.fees)
        if not 1 <= len(fees) <= 3:  # the rules: three cards at most (and ten players' deck holds that)
            raise RuleError(f"PaidDraws: fees must name one to three draws (three cards at most), e.g. "
                            f"(1, 1, 3); got {len(fees)}.")
        object.__setattr__(self, "fees", fees)
        object.__setattr__(self, "stand_is_final", as_bool(self.stand_is_final, "PaidDraws: stand_is_final"))

    @property
    def most(self) -> int:
        """The most cards a player may draw."""
        return len(self.fees)


@dataclass(slots=True)
class DrawTurns:
    """The paid draws of a hand in progress: cards drawn and fees paid per seat,
    who is done drawing, and how many stood in a row since the last draw."""

    rule: PaidDraws
    order: tuple[int, ...]
    drawn: dict[int, int]
    fees_paid: list[int]
    done: set[int] = field(default_factory=set)
    quiet: int = 0
    ring: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``order`` twice: the seats after any one, round the table, are a slice of it."""

    def __post_init__(self) -> None:
        self.ring = self.order + self.order

    @classmethod
    def start(cls, rule: PaidDraws, seats: Sequence[int], *, stacks: Sequence[int]) -> DrawTurns:
        """Turns for ``seats`` (the players still in, dealer's left first)."""
        turns = cls(rule, tuple(seats), dict.fromkeys(seats, 0), [0] * len(stacks))
        turns.done = {s for s in seats if stacks[s] < rule.fees[0]}
        return turns

    def fee(self, seat: int) -> int:
        """What ``seat``'s next card would cost."""
        return self.rule.fees[self.drawn[seat]]

    def verify(self, seat: int, cards: Sequence[int], stack: int) -> None:
        """Raise :class:`IllegalActionError` unless ``seat`` may stand or draw ``cards``."""
        if len(cards) > 1:
            raise IllegalActionError(f"Seat {seat} draws one card a turn, not {len(cards)}.")
        if cards and self.fee(seat) > stack:
            raise IllegalActionError(
                f"Seat {seat} cannot pay the fee of {self.fee(seat)} for his next card; he may only stand."
            )

    def pay(self, seat: int, stack: int) -> int:
        """``seat`` draws a card, with ``stack`` chips before paying for it: record
        the draw and return its fee (the fee read once)."""
        fees = self.rule.fees
        drawn = self.drawn[seat]
        fee = fees[drawn]
        self.fees_paid[seat] += fee
        self.drawn[seat] = drawn = drawn + 1
        self.quiet = 0
        if drawn == len(fees) or fees[drawn] > stack - fee:
            self.done.add(seat)
        return fee

    def stand(self, seat: int) -> None:
        """``seat`` stands this turn."""
        self.quiet += 1
        if self.rule.stand_is_final:
            self.done.add(seat)

    def next_seat(self, last: int | None) -> int | None:
        """The next seat to draw after ``last`` (None: the first), or None when
        drawing is over."""
        order, done = self.order, self.done
        able = len(order) - len(done)
        if not able or (not self.rule.stand_is_final and self.quiet >= able):
            return None
        # round and round: the seats after ``last`` in order, then those up to him
        start = 0 if last is None else order.index(last) + 1
        for seat in self.ring[start : start + len(order)]:
            if seat not in done:
                return seat
        return None  # pragma: no cover - able > 0 means someone is not done

    def snapshot(self) -> tuple[object, ...]:
        """A value that changes whenever a player stands or draws."""
        return (self.rule, self.order, tuple(sorted(self.drawn.items())), tuple(self.fees_paid),
                tuple(sorted(self.done)), self.quiet)
