"""Fixed-limit betting rounds: bring-in and completion, caps, all-ins, pass and out.

A :class:`Round` knows the chips each seat has put in this round and who must
still act; it never touches stacks.  :meth:`Round.options` lists what one seat
may do, and the ``apply_*`` methods change the round after the engine has
checked the action against those options.

>>> r = Round.start(seats=4, actors=[0, 1, 2, 3], increments=(5,), cap=4)
>>> r.post_bring_in(2, 2, actors=[0, 1, 2, 3])
>>> [(str(o.action), o.amounts) for o in r.options(3, stack=100, active=4)]
[('fold', ()), ('call', (2,)), ('complete', (5,))]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum, unique

__all__ = ["Action", "Option", "Round"]


@unique
class Action(StrEnum):
    """A player action; the values are the tokens used in events and JSON."""

    FOLD = "fold"
    """Give up the hand."""
    CHECK = "check"
    """Pass without betting when nothing is owed."""
    CALL = "call"
    """Match the current bet (all in for less when short)."""
    BET = "bet"
    """The first bet of a round."""
    RAISE = "raise"
    """Raise the current bet (amounts are the new round total)."""
    BRING_IN = "bring_in"
    """Post the stud bring-in."""
    COMPLETE = "complete"
    """Raise a bring-in to the full small bet (not a raise)."""
    DRAW = "draw"
    """Discard cards and receive replacements (none = stand pat)."""
    DECLARE = "declare"
    """Declare high, low or both."""
    KEEP = "keep"
    """Keep a card the dealer exposed that the player may refuse."""
    REFUSE = "refuse"
    """Refuse a card the dealer exposed: it is dead and replaced from the top of the stub."""


@dataclass(frozen=True, slots=True)
class Option:
    """A legal action and its legal amounts.

    For ``bet``, ``raise``, ``complete`` the amounts are round totals ("to");
    for ``call`` and ``bring_in`` the chips added; for ``draw`` the most cards
    that may be exchanged; for ``declare`` none, and ``choices`` lists
    ``high``, ``low``, ``both``.
    """

    action: Action
    amounts: tuple[int, ...] = ()
    choices: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form.

        >>> Option(Action.CALL, (5,)).to_dict()
        {'action': 'call', 'amounts': [5]}
        """
        out: dict[str, object] = {"action": str(self.action), "amounts": list(self.amounts)}
        if self.choices:
            out["choices"] = list(self.choices)
        return out


_FOLD = Option(Action.FOLD)
_CHECK = Option(Action.CHECK)
# Enum members as module constants: attribute access on an Enum class is slow in hot paths.
_CALL, _BET, _RAISE, _COMPLETE = Action.CALL, Action.BET, Action.RAISE, Action.COMPLETE
# Options are frozen values: the same ones are handed out again rather than built each time.
_MADE: tuple[dict[tuple[int, ...], Option], ...] = ({}, {}, {}, {})


def _option(action: Action, amounts: tuple[int, ...]) -> Option:
    made = _MADE[0 if action is _CALL else 1 if action is _BET else 2 if action is _RAISE else 3]
    option = made.get(amounts)
    if option is None:
        if len(made) > 4096:
            made.clear()
        option = made[amounts] = Option(action, amounts)
    return option


@dataclass(slots=True)
class Round:
    """The state of one betting round.

    ``last_full`` is the level of the last full bet or raise (0 while only a
    bring-in or nothing has been bet); a new full raise goes to ``last_full``
    plus an increment, and a short all-in raise does not reopen the betting for
    players who already acted.  ``full_bets`` counts the bet and raises against
    ``cap`` (None = no cap).
    """

    bets: list[int]
    current: int
    last_full: int
    increments: tuple[int, ...]
    full_bets: int
    cap: int | None
    pending: set[int]
    may_raise: set[int]
    checked: set[int]
    pass_and_out: bool = False
    no_check_raise: bool = False
    uncapped_heads_up: bool = False

    @classmethod
    def start(
        cls,
        *,
        seats: int,
        actors: Iterable[int],
        increments: tuple[int, ...],
        cap: int | None,
        pass_and_out: bool = False,
        no_check_raise: bool = False,
        uncapped_heads_up: bool = False,
    ) -> Round:
        """A fresh round where every seat in ``actors`` must act."""
        acting = set(actors)
        return cls(
            bets=[0] * seats,
            current=0,
            last_full=0,
            increments=increments,
            full_bets=0,
            cap=cap,
            pending=acting,
            may_raise=set(acting),
            checked=set(),
            pass_and_out=pass_and_out,
            no_check_raise=no_check_raise,
            uncapped_heads_up=uncapped_heads_up,
        )

    # -- forced bets -------------------------------------------------------
    def post_blind(self, seat: int, amount: int, *, full: bool) -> None:
        """A live blind: counts toward calls; the blind still acts later."""
        self.bets[seat] = amount
        if amount > self.current:
            self.current = amount
            if full:
                self.last_full = amount
                self.full_bets = 1

    def post_live(self, seat: int, amount: int) -> None:
        """A blind that is live money only: it counts toward the seat's calls but
        is no bet, so the first player in must still open (California lowball)."""
        self.bets[seat] = amount

    def post_bring_in(self, seat: int, amount: int, *, actors: Iterable[int]) -> None:
        """The bring-in: everyone else must act; the bring-in player acts again only
        if someone completes."""
        self.bets[seat] = amount
        self.current = amount
        self.pending = set(actors) - {seat}
        self.may_raise = set(actors)
        if amount >= self.increments[0]:
            self.last_full = amount
            self.full_bets = 1

    # -- questions ---------------------------------------------------------
    def to_call(self, seat: int) -> int:
        """Chips the seat must add to match the current bet."""
        return self.current - self.bets[seat]

    def capped(self, active: int) -> bool:
        """True when no more full raises are allowed."""
        if self.cap is None or (self.uncapped_heads_up and active == 2):
            return False
        return self.full_bets >= self.cap

    def raise_action(self) -> Action:
        """What a raise is called right now: bet, complete or raise."""
        if self.current == 0:
            return _BET
        if self.last_full == 0:
            return _COMPLETE
        return _RAISE

    def options(self, seat: int, *, stack: int, active: int) -> tuple[Option, ...]:
        """The legal actions of ``seat`` holding ``stack`` chips behind, with
        ``active`` players still in the hand."""
        owed = self.current - self.bets[seat]
        first: tuple[Option, ...]
        if owed > 0:
            first = (_FOLD, _option(_CALL, (owed if owed < stack else stack,)))
        elif self.pass_and_out and self.current == 0:
            first = (_FOLD,)
        else:
            first = (_CHECK,)
        if stack > owed and self.may_reraise(seat, active):
            most = self.bets[seat] + stack
            if len(self.increments) == 1:
                level = self.last_full + self.increments[0]
                amounts: tuple[int, ...] = (level,) if level <= most else ()
            else:
                levels = sorted({self.last_full + i for i in self.increments})
                amounts = tuple(lv for lv in levels if lv <= most)
            if not amounts and most > self.current:
                amounts = (most,)  # all in for less than a full raise
            if amounts:
                return (*first, _option(self.raise_action(), amounts))
        return first

    def may_reraise(self, seat: int, active: int) -> bool:
        """Whether ``seat`` may bet or raise now (ignoring his stack)."""
        if seat not in self.may_raise or self.capped(active):
            return False
        return not (self.no_check_raise and seat in self.checked)

    # -- changes -----------------------------------------------------------
    def apply_fold(self, seat: int) -> None:
        """The seat folds."""
        self.pending.discard(seat)
        self.may_raise.discard(seat)

    def apply_check(self, seat: int) -> None:
        """The seat checks."""
        self.pending.discard(seat)
        self.checked.add(seat)

    def apply_call(self, seat: int, amount: int) -> None:
        """The seat adds ``amount`` chips to call."""
        self.bets[seat] += amount
        self.pending.discard(seat)
        self.may_raise.discard(seat)

    def apply_raise(self, seat: int, to: int, *, actors: Iterable[int]) -> None:
        """The seat bets, completes or raises to ``to``; ``actors`` are the seats
        that can still act (not folded, chips behind) after this action."""
        others = set(actors) - {seat}
        increment = to - self.last_full
        full = increment >= min(self.increments)
        self.bets[seat] = to
        self.current = to
        self.pending = others
        if full:
            self.last_full = to
            self.full_bets += 1
            if len(self.increments) > 1 and increment >= max(self.increments):
                self.increments = (max(self.increments),)  # once big, stays big
            self.may_raise = set(others)
        else:
            self.may_raise.discard(seat)
