"""Fixed-limit betting rounds: bring-in and completion, caps, all-ins, pass and out.

A :class:`Round` knows the chips each seat has put in this round and who must
still act; it never touches stacks.  :meth:`Round.options` lists what one seat
may do, and the ``apply_*`` methods change the round after the engine has
checked the action against those options.

The rules, §3, as implemented here:

- **The half-bet rule.**  An all-in bet, raise or completion of at least half a
  full one counts as full: it reopens the betting for players who have already
  acted, counts toward the cap, and the next raise goes to it plus one bet.  Below
  half it does none of these: players who have already acted may only call or
  fold, and the next raise goes to the last full level plus one bet.
- Readings: "half" is measured on the increment — for a bet or raise, the chips
  above the largest amount in front (an earlier short all-in included) against
  half of one full bet (the round's smallest increment); for a completion (the
  first full level over a bring-in or over a short all-in bet), the chips above
  the bring-in as posted (an earlier short all-in completion does not move it;
  without a bring-in, above the short bet) against half of the rest of the full
  level (for a bring-in: half of small bet - bring-in).  A check, and posting
  the bring-in, count as having acted.  An action to the full level always
  counts as full.
- No bet, raise or completion is offered when no other player still in could
  call any of it (``raise_callable=False``).
- A player may not fold when he may check for free.

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
    TURN_UP = "turn_up"
    """Turn one of his down cards face up (Mexican stud; five-card stud's option)."""
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
    ``high``, ``low``, ``both``; for ``turn_up`` how many cards may be turned
    up (0 where he may keep them down, or 1) and ``choices`` his down cards.
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
# An option list's head: n >= 0 fold or call n chips; when nothing is owed check, fold only, or nothing.
_CHECK_ONLY, _FOLD_ONLY, _NOTHING = -1, -2, -3
# Option lists are tuples of frozen values: the same ones are handed out again rather than built at
# every decision, keyed by (head, raise action or None, raise amounts).
_MADE: dict[tuple[int, Action | None, tuple[int, ...]], tuple[Option, ...]] = {}


def _options(head: int, action: Action | None, amounts: tuple[int, ...]) -> tuple[Option, ...]:
    key = (head, action, amounts)
    options = _MADE.get(key)
    if options is None:
        if len(_MADE) > 4096:
            _MADE.clear()
        first: tuple[Option, ...] = (
            (_FOLD, Option(_CALL, (head,))) if head >= 0 else (_CHECK,) if head == _CHECK_ONLY
            else (_FOLD,) if head == _FOLD_ONLY else ()
        )
        options = _MADE[key] = first if action is None else (*first, Option(action, amounts))
    return options


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
    must_bet: int | None = None
    """The seat that must open the betting (five-card stud's highest or lowest
    upcard): while nothing is bet he may neither check nor fold."""
    brought_in: int = 0
    """What a completion is measured above (the rules, §3), even after a short
    all-in completion: the bring-in as posted, or where none was, a blind short of
    a full bet, the short all-in bet that opened the round, or the bring-in due
    from a bring-in seat that completes instead (0: none of them this round)."""

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
        # positional, in the order the fields are declared: a round starts at every street
        return cls([0] * seats, 0, 0, increments, 0, cap, acting, set(acting), set(),
                   pass_and_out, no_check_raise, uncapped_heads_up)

    # -- forced bets -------------------------------------------------------
    def post_blind(self, seat: int, amount: int, *, full: bool) -> None:
        """A live blind: counts toward calls; the blind still acts later.  One short of
        a full bet stands where a bring-in would: a completion is measured above it."""
        self.bets[seat] = amount
        if amount > self.current:
            self.current = amount
            if full:
                self.last_full = amount
                self.full_bets = 1
            else:
                self.brought_in = amount

    def post_live(self, seat: int, amount: int) -> None:
        """A blind that is live money only: it counts toward the seat's calls but
        is no bet, so the first player in must still open (California lowball)."""
        self.bets[seat] = amount

    def post_bring_in(self, seat: int, amount: int, *, actors: Iterable[int]) -> None:
        """The bring-in: everyone else must act; the bring-in player acts again only
        if someone completes."""
        self.bets[seat] = amount
        self.current = amount
        self.brought_in = amount
        self.pending = set(actors) - {seat}
        self.may_raise = set(actors) - {seat}  # posting the bring-in counts as having acted
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

    def options(
        self, seat: int, *, stack: int, active: int, raise_callable: bool = True
    ) -> tuple[Option, ...]:
        """The legal actions of ``seat`` holding ``stack`` chips behind, with
        ``active`` players still in the hand; ``raise_callable`` is False when no
        other player still in has chips beyond the current bet (no raise is then
        offered: nobody could call any of it).

        >>> r = Round.start(seats=2, actors=[0, 1], increments=(10,), cap=4)
        >>> [str(o.action) for o in r.options(0, stack=50, active=2, raise_callable=False)]
        ['check']
        """
        return self.options_of(seat, stack, active, raise_callable)

    def options_of(self, seat: int, stack: int, active: int, raise_callable: bool) -> tuple[Option, ...]:
        """:meth:`options` with positional arguments: the engine asks at every decision."""
        current = self.current
        owed = current - self.bets[seat]
        if owed > 0:
            head = owed if owed < stack else stack  # fold, or call (all in when short)
        elif current == 0 and self.pass_and_out and raise_callable:
            head = _FOLD_ONLY  # bet or fold; where no bet could be called he checks (below)
        elif current == 0 and seat == self.must_bet:
            head = _NOTHING  # a forced opening bet: no check, no fold
        else:
            head = _CHECK_ONLY
        # may_reraise() and raise_action(), inlined: asked at every decision
        cap = self.cap
        key: tuple[int, Action | None, tuple[int, ...]] = (head, None, ())
        if raise_callable and stack > owed and seat in self.may_raise and (
            cap is None or self.full_bets < cap or (self.uncapped_heads_up and active == 2)
        ) and not (self.no_check_raise and seat in self.checked):
            most = self.bets[seat] + stack
            increments, last_full = self.increments, self.last_full
            if len(increments) == 1:
                level = last_full + increments[0]
                amounts: tuple[int, ...] = (level,) if level <= most else ()
            else:
                levels = sorted({last_full + i for i in increments})
                amounts = tuple(lv for lv in levels if lv <= most)
            if not amounts and most > current:
                amounts = (most,)  # all in for less than a full raise
            if amounts:
                key = (head, _BET if current == 0 else _COMPLETE if last_full == 0 else _RAISE, amounts)
        options = _MADE.get(key)  # _options(*key), its memo read here
        return _options(*key) if options is None else options

    def may_reraise(self, seat: int, active: int) -> bool:
        """Whether ``seat`` may bet or raise now (ignoring his stack)."""
        if seat not in self.may_raise:
            return False
        cap = self.cap  # capped(), inlined: asked at every decision
        if cap is not None and self.full_bets >= cap and not (self.uncapped_heads_up and active == 2):
            return False
        return not (self.no_check_raise and seat in self.checked)

    # -- changes -----------------------------------------------------------
    def apply_fold(self, seat: int) -> None:
        """The seat folds."""
        self.pending.discard(seat)
        self.may_raise.discard(seat)

    def apply_check(self, seat: int) -> None:
        """The seat checks (he has acted: a short all-in bet after it does not
        reopen the betting for him; a full bet does)."""
        self.pending.discard(seat)
        self.may_raise.discard(seat)
        self.checked.add(seat)

    def apply_call(self, seat: int, amount: int) -> None:
        """The seat adds ``amount`` chips to call."""
        self.bets[seat] += amount
        self.pending.discard(seat)
        self.may_raise.discard(seat)

    def counts_as_full(self, to: int) -> bool:
        """Whether a bet, raise or completion to ``to`` counts as a full one: it
        reaches the full level, or (all in for less) it adds at least half of a
        full increment (the half-bet rule; see the module docstring)."""
        increments = self.increments
        unit = increments[0] if len(increments) == 1 else min(increments)  # every raise: no min() of one
        if to >= self.last_full + unit:
            return True
        before = self.current
        # A completion is measured above the bring-in as posted (an earlier short
        # completion included), against the rest of the full level; a bet or
        # raise above the largest amount in front, against one full bet.
        if self.last_full == 0 and (before > 0 or self.brought_in):
            before = self.brought_in or before
            gap = unit - before
        else:
            gap = unit
        return 2 * (to - before) >= gap

    def apply_raise(self, seat: int, to: int, *, actors: Iterable[int]) -> None:
        """The seat bets, completes or raises to ``to``; ``actors`` are the seats
        that can still act (not folded, chips behind) after this action."""
        others = set(actors)
        others.discard(seat)
        increment = to - self.last_full
        full = self.counts_as_full(to)
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
            if not self.brought_in:  # a short opening bet stands where the bring-in would
                self.brought_in = to if self.last_full == 0 else 0
            self.may_raise.discard(seat)
