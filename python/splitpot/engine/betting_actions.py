"""The betting actions of a :class:`~splitpot.engine.state.State`: fold, check, call, bet,
raise, complete and bring in, each with its ``verify_x`` (raises
:class:`~splitpot.errors.IllegalActionError` naming what is legal) and ``can_x`` (no side
effects), and :meth:`~splitpot.engine.state.State.act`, a front end's entry point that names
the seat acting.  The rules of a betting round (sizes, caps, who may raise) are
:mod:`splitpot.engine.betting`'s.

``BettingActions``, defined here, is a base of State: State inherits these methods from it (they
are documented on :class:`~splitpot.engine.state.State`); call them on a State.

>>> from splitpot.engine.state import State
>>> from splitpot.games import get_game
>>> state = State(get_game("seven-card-stud"), [100, 100], seed=3)
>>> state.can_fold(), state.can_bring_in(), state.bring_in()
(False, True, BringInPosted(seat=0, amount=2))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, SupportsIndex, cast

from splitpot.engine import events as ev
from splitpot.engine import openers
from splitpot.engine.betting import Action
from splitpot.engine.phases import Phase
from splitpot.engine.state_fields import StateFields
from splitpot.errors import ArgumentTypeError, IllegalActionError, IllegalActionTypeError, StaleActionError
from splitpot.validate import as_choice, as_int, describe

if TYPE_CHECKING:
    from splitpot.engine.state import State  # the only class built on these mixins

__all__: list[str] = []  # State's methods (documented there) and method_name, which state.py re-exports

_BRING_IN = Phase.BRING_IN
_BETTING = Phase.BETTING
_A_FOLD = Action.FOLD
_A_CHECK = Action.CHECK
_A_CALL = Action.CALL
_A_BET = Action.BET
_A_RAISE = Action.RAISE
_A_BRING_IN = Action.BRING_IN
_A_COMPLETE = Action.COMPLETE
_A_DRAW = Action.DRAW
_A_DECLARE = Action.DECLARE
_A_TURN_UP = Action.TURN_UP
_A_KEEP = Action.KEEP
_A_REFUSE = Action.REFUSE
_ACTION_METHODS = {_A_RAISE: "raise_to", _A_KEEP: "keep_exposed", _A_REFUSE: "refuse_exposed"}
"""The methods not named like their action."""


def method_name(action: Action | str) -> str:
    """The :class:`State` method that makes ``action`` (:meth:`State.act` calls it).

    >>> method_name(Action.RAISE), method_name("draw")
    ('raise_to', 'draw')
    """
    what = Action(str(action))
    return _ACTION_METHODS.get(what, what.value)
_NO_VALUE = frozenset({_A_FOLD, _A_CHECK, _A_CALL, _A_BRING_IN, _A_KEEP, _A_REFUSE})
"""The actions whose methods take no value (a call's and a bring-in's amount are the rules')."""
# The events of every decision, built positionally (ev.maker: no keyword call)
_FOLDED, _CHECKED, _CALLED = (ev.maker(c) for c in (ev.Folded, ev.Checked, ev.Called))
_RAISES = {c: ev.maker(c) for c in (ev.BetMade, ev.Raised, ev.Completed)}


class BettingActions(StateFields):
    """The betting actions of a State and act(): a base of
    :class:`~splitpot.engine.state.State`, which documents its methods."""

    __slots__ = ()

    def verify_fold(self) -> int:
        """Raise unless the actor may fold; return the actor."""
        return self._verify(_A_FOLD)[0]

    def can_fold(self) -> bool:
        """Whether the actor may fold (no side effects)."""
        return self._can(_A_FOLD)

    def fold(self) -> ev.Event:
        """The actor folds."""
        seat = self.verify_fold()
        assert self.round is not None
        self.folded[seat] = True
        self._active.remove(seat)
        self.round.apply_fold(seat)
        return self._acted(seat, _FOLDED(seat))

    def verify_check(self) -> int:
        """Raise unless the actor may check; return the actor."""
        return self._verify(_A_CHECK)[0]

    def can_check(self) -> bool:
        """Whether the actor may check."""
        return self._can(_A_CHECK)

    def check(self) -> ev.Event:
        """The actor checks."""
        seat = self.verify_check()
        assert self.round is not None
        self.round.apply_check(seat)
        return self._acted(seat, _CHECKED(seat))

    def verify_call(self) -> tuple[int, int]:
        """Raise unless the actor may call; return (actor, chips to add)."""
        return self._verify(_A_CALL)

    def can_call(self) -> bool:
        """Whether the actor may call."""
        return self._can(_A_CALL)

    def call(self) -> ev.Event:
        """The actor calls (all in when short)."""
        seat, amount = self.verify_call()
        assert self.round is not None
        self._move(seat, amount)
        self.round.apply_call(seat, amount)
        return self._acted(seat, _CALLED(seat, amount))

    def verify_bet(self, amount: SupportsIndex | None = None) -> tuple[int, int]:
        """Raise unless the actor may bet ``amount`` (round total; None: the
        smallest legal bet); return (actor, total).  Where an opening
        requirement holds, a bet without openers is refused."""
        amount = self._amount(_A_BET, amount)
        legal = self._legal
        # A bet among the options just computed settles the opening: without openers none is offered.
        if self.actor is not None and self.phase is _BETTING and not (legal and legal[-1].action is _A_BET):
            why = openers.refusal(cast("State", self), self.actor)
            if why is not None:
                raise IllegalActionError(f"{why}; legal: {self._describe_legal()}.")
        return self._verify(_A_BET, amount)

    def can_bet(self, amount: SupportsIndex | None = None) -> bool:
        """Whether the actor may bet ``amount``."""
        return self._can(_A_BET, amount)

    def bet(self, amount: SupportsIndex | None = None) -> ev.Event:
        """The actor makes the first bet of the round (in the first round of a
        game with an opening requirement: opens the pot)."""
        seat, to = self.verify_bet(amount)
        if self.spec.opening is not None and self.street == 0:
            self._open(seat)
        return self._raise(seat, to, ev.BetMade)

    def verify_raise_to(self, amount: SupportsIndex | None = None) -> tuple[int, int]:
        """Raise unless the actor may raise to ``amount`` (round total)."""
        return self._verify(_A_RAISE, amount)

    def can_raise_to(self, amount: SupportsIndex | None = None) -> bool:
        """Whether the actor may raise to ``amount``."""
        return self._can(_A_RAISE, amount)

    def raise_to(self, amount: SupportsIndex | None = None) -> ev.Event:
        """The actor raises to ``amount`` (None: the smallest legal raise)."""
        seat, to = self.verify_raise_to(amount)
        return self._raise(seat, to, ev.Raised)

    def verify_complete(self, amount: SupportsIndex | None = None) -> tuple[int, int]:
        """Raise unless the actor may complete the bring-in to ``amount``."""
        return self._verify(_A_COMPLETE, amount)

    def can_complete(self, amount: SupportsIndex | None = None) -> bool:
        """Whether the actor may complete the bring-in."""
        return self._can(_A_COMPLETE, amount)

    def complete(self, amount: SupportsIndex | None = None) -> ev.Event:
        """The actor completes the bring-in to the small bet (not a raise)."""
        seat, to = self.verify_complete(amount)
        if self.phase is _BRING_IN:  # completed instead of the bring-in: measured above the bring-in due
            assert self.round is not None
            self.round.brought_in = self.spec.stakes.bring_in
            self.phase = _BETTING
        return self._raise(seat, to, ev.Completed)

    def verify_bring_in(self) -> tuple[int, int]:
        """Raise unless the actor must post the bring-in; return (actor, amount)."""
        return self._verify(_A_BRING_IN)

    def can_bring_in(self) -> bool:
        """Whether the actor may post the bring-in."""
        return self._can(_A_BRING_IN)

    def bring_in(self) -> ev.Event:
        """The actor posts the bring-in."""
        seat, amount = self.verify_bring_in()
        assert self.round is not None
        self._move(seat, amount)
        self.round.post_bring_in(seat, amount, actors=self._actors())
        self.phase = _BETTING
        return self._acted(seat, ev.BringInPosted(seat=seat, amount=amount))

    def _raise(self, seat: int, to: int, kind: type[ev.BetMade | ev.Raised | ev.Completed]) -> ev.Event:
        assert self.round is not None
        added = to - self.round.bets[seat]
        self._move(seat, added)
        self.round.apply_raise(seat, to, actors=self._actors())
        return self._acted(seat, _RAISES[kind](seat, added, to))

    def act(
        self, seat: SupportsIndex, action: Action | str, value: object = None, *,
        asked: SupportsIndex | None = None, seen: SupportsIndex | None = None,
    ) -> ev.Event:
        """Make ``action`` for ``seat``: the entry point of a front end whose
        requests name the seat they come from.  ``action`` is an
        :class:`~splitpot.engine.betting.Action` or its name (``"raise"``,
        ``"bring_in"``, ...); ``value`` is what the action's method takes (an
        amount, the cards to discard, a declaration, the card to turn up; None:
        the method's default, the smallest amount for a bet; a declaration needs
        one).  A seat that is not to act is refused without naming anyone's
        cards or what the player to act may do (the refusal says who is to act
        and the phase: it may be sent back to the seat that asked);
        declarations and Mexican stud's turn-ups, made all at once, take any
        seat still to choose.  ``asked``, a draw's only, is :meth:`draw`'s
        keyword as it takes it: the number of cards the player asks for where
        the game serves exactly that (California lowball; None: as many as he
        discards); with another action it is refused.

        ``seen`` guards a request made on a view that may be out of date (a
        player who clicked twice, a request that crossed another player's
        action, a retry after a lost answer): the number of the hand's events
        the client held when it chose (``len(view["events"])`` of the view it
        acted on).  If the hand has logged more since, the request is refused
        with :class:`~splitpot.errors.StaleActionError` and nothing changes;
        the client asks ``view(seat, since=seen)`` for what it missed.  A
        count larger than the hand's is refused the same way (a request from
        another hand).  ``seen`` counts one hand's events: a server dealing hand
        after hand (a :class:`~splitpot.engine.session.Session`) also sends
        which hand the view was of (``len(session.hands) - 1``) and refuses a
        request for another before calling ``act``.  Where players choose at
        once and in secret (simultaneous declarations, Mexican stud's
        turn-ups), the others' secret choices logged since do not make a
        request stale: they tell the player nothing.

        >>> from splitpot.engine.state import State
        >>> from splitpot.games import get_game
        >>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
        >>> state.act(1, "complete", 5)
        Traceback (most recent call last):
        ...
        splitpot.errors.IllegalActionError: Seat 1 cannot complete now: seat 0 is to act.
        >>> state.act(0, "complete", 5)
        Completed(seat=0, amount=5, to=5)
        >>> state.act(1, "call", asked=2)
        Traceback (most recent call last):
        ...
        splitpot.errors.IllegalActionError: Only a draw takes asked= (the cards asked for), not 'call'.
        >>> held = len(state.view(1)["events"])
        >>> state.act(1, "call", seen=held)
        Called(seat=1, amount=5)
        >>> state.act(1, "call", seen=held)         # the same request sent again
        Traceback (most recent call last):
        ...
        splitpot.errors.StaleActionError: Seat 1's call was asked for after 8 events, but the hand has 12 ...
        """
        if not isinstance(action, (Action, str)):
            raise IllegalActionTypeError(f"action must be an Action or its name, got {describe(action)}.")
        what = as_choice(action, Action, "action", error=IllegalActionError)
        who = as_int(seat, "seat", low=0, high=self.seats - 1, error=IllegalActionError,
                     type_error=IllegalActionTypeError)
        if seen is not None:
            held = as_int(seen, "seen", low=0, error=IllegalActionError, type_error=IllegalActionTypeError)
            if held > len(self.events):
                doing = what.value.replace("_", " ")
                raise StaleActionError(
                    f"Seat {who}'s {doing} was asked for after {held} events, but this hand has only "
                    f"{len(self.events)}: the request was made in another hand.")
            if held != len(self.events) and not self._others_chose_in_secret(held, who):
                doing = what.value.replace("_", " ")
                raise StaleActionError(
                    f"Seat {who}'s {doing} was asked for after {held} events, but the hand has "
                    f"{len(self.events)} now: refresh the view (view({who}, since={held})) and ask again.")
        method = getattr(self, method_name(what))
        doing = what.value.replace("_", " ")
        if asked is not None and what is not _A_DRAW:
            raise IllegalActionError(f"Only a draw takes asked= (the cards asked for), not {what.value!r}.")
        if what is _A_DECLARE and value is None:
            raise IllegalActionError("A declaration needs its choice: 'high', 'low' or 'both'.")
        if what in (_A_DECLARE, _A_TURN_UP):  # their methods check the seat: in turn or all at once
            return method(*(() if value is None else (value,)), seat=who)  # type: ignore[no-any-return]
        if self.actor is not None and who != self.actor and not self.is_complete:
            raise IllegalActionError(f"Seat {who} cannot {doing} now: seat {self.actor} is to act.")
        if asked is not None:  # a draw served as asked: verify_draw checks the number
            return method(*(() if value is None else (value,)), asked=asked)  # type: ignore[no-any-return]
        if value is None or what not in _NO_VALUE:
            return method(*(() if value is None else (value,)))  # type: ignore[no-any-return]
        if what in (_A_CALL, _A_BRING_IN):  # the amount is the rules': a value given must be it
            given = as_int(value, "amount", error=IllegalActionError, type_error=IllegalActionTypeError)
            amount = self._verify(what)[1]
            if given == amount:
                return method()  # type: ignore[no-any-return]
            raise IllegalActionError(f"A {doing} is {amount} here, not {value}.")
        try:  # a value of the wrong type (a str, say) is refused as one, as a bet's is
            as_int(value, "amount")
        except ArgumentTypeError:
            raise IllegalActionTypeError(f"A {doing} takes no value; got {describe(value)}.") from None
        raise IllegalActionError(f"A {doing} takes no value; got {describe(value)}.")

    def _others_chose_in_secret(self, held: int, seat: int) -> bool:
        """Whether every event since the ``held``-th is another seat's secret
        choice (a simultaneous declaration or turn-up), which ``seat`` cannot see."""
        secret = (ev.Declared, ev.TurnUpChosen) if self.spec.declare == "simultaneous" else (ev.TurnUpChosen,)
        return all(isinstance(e, secret) and e.seat != seat for e in self.events[held:])

    def _acted(self, seat: int, event: ev.Event) -> ev.Event:
        self.events.append(event)  # _log, inlined: every betting decision ends here
        self._legal = None
        if self._exposable or self._exposable_drawn:  # a betting decision ends the dealing
            self._exposable, self._exposable_drawn = set(), set()
        assert self.round is not None
        if len(self._active) < 2 or not self.round.pending:
            self._end_round()
            self._after()
        else:  # the round goes on: no dealer step, and _log has dropped the legal actions
            pending = self.round.pending
            for after in self._rings[seat + 1]:  # _next_pending(seat, inclusive=False), inlined
                if after in pending:
                    self.actor = after
                    break
        return event
