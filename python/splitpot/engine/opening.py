"""Opening the pot in a :class:`~splitpot.engine.state.State` of a game with an opening
requirement (jackpots): whether a seat may open
(:meth:`~splitpot.engine.state.State.may_open`), the bet that opens (the opener and his
proof, the players out under pass and out), and a deal nobody opens: passed out, then played
on as the next game (jacks back) or dealt again.  The requirements themselves are
:mod:`splitpot.engine.openers`'.

``Opening``, defined here, is a base of State: State inherits these methods from it (they
are documented on :class:`~splitpot.engine.state.State`); call them on a State.

>>> from splitpot.engine.state import State
>>> from splitpot.games import get_game
>>> state = State(get_game("jackpots"), [50, 50], seed=0)
>>> state.may_open(0), state.may_open(1), state.deal
(False, False, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from splitpot.engine import events as ev
from splitpot.engine import openers
from splitpot.engine.phases import Phase
from splitpot.engine.state_fields import StateFields
from splitpot.errors import RuleError

if TYPE_CHECKING:
    from splitpot.engine.state import State  # the only class built on these mixins

__all__: list[str] = []  # State's methods: documented there

_FORCED_BETS = Phase.FORCED_BETS
_PASSED_OUT = Phase.PASSED_OUT
_NOBODY_OPENED, _REDEALT = ev.maker(ev.NobodyOpened), ev.maker(ev.Redealt)


class Opening(StateFields):
    """Opening the pot, and a deal nobody opens: a base of
    :class:`~splitpot.engine.state.State`, which documents its methods."""

    __slots__ = ()

    def may_open(self, seat: int) -> bool:
        """Whether ``seat`` holds what the game in force asks to open (always
        True without an opening requirement)."""
        return self._opens(self._seat(seat))

    def _opens(self, seat: int) -> bool:
        """:meth:`may_open` for a seat the engine itself names, cached for the deal."""
        known = self._may_open.get(seat)
        if known is None:
            opening = self.spec.opening
            if opening is None or opening.minimum is None:
                return True
            wilds = self.spec.wilds  # wilds_for(seat), inlined: a seat's own wild cards only where positional
            if wilds.positional is not None:
                wilds = self._wilds_for(seat)
            known = openers.holds_openers(opening, self.down[seat] + self.up[seat], wilds)
            self._may_open[seat] = known
        return known

    def _open(self, seat: int) -> None:
        """The first bet opens the pot: note the opener and, where openers are
        needed, his five cards (the proof); with pass and out the players who
        checked before are out."""
        opening = self.spec.opening
        assert opening is not None and self.round is not None
        self.opener = seat
        if opening.minimum is not None:
            self.opening_hand = tuple(self._held(seat))
        out = openers.passers(cast("State", self))
        if out:
            for s in out:
                self.folded[s] = True
                self._active.remove(s)
                self.round.apply_fold(s)
            self._log(ev.PassersOut(seats=out))

    def _passes_out(self) -> bool:
        """Nobody opened the first round of a game with an opening requirement:
        the deal is passed out (then :meth:`advance` plays on or deals again)."""
        r = self.round
        if self.spec.opening is None or self.street != 0 or r is None or r.current or len(self._active) < 2:
            return False
        self.round = None
        self.actor = None
        self.phase = _PASSED_OUT
        self._log(_NOBODY_OPENED(self.deal, self.pot))
        return True

    def _after_passed_out(self) -> ev.Event:
        opening = self.spec.opening
        assert opening is not None
        if opening.then is not None:  # jacks back: the same hands as lowball
            self.spec = opening.then
            self.street = 0
            self.opener, self.opening_hand, self._may_open = None, (), {}
            event = self._log(ev.PlayedAs(game=self.spec.name))
            self._start_betting()
            return event
        return self._redeal()

    def _redeal(self) -> ev.Event:
        """Everyone antes again and the same dealer deals a new deck; the pot stays."""
        old, order = self._deck, self._decks.next_deck()
        self._deck = order
        try:
            self._check_deck()
        except RuleError:
            self._deck = old
            raise
        self._next = 0
        self.spec = self.game
        self.deal += 1
        seats = self.seats
        self.down, self.up, self.community = [[] for _ in range(seats)], [[] for _ in range(seats)], []
        self.folded = list(self._dealt_folded)
        self._active = list(self._dealt_active)
        self.drawn, self.declared, self._blinds = set(), {}, []
        self.opener, self.opening_hand, self._may_open = None, (), {}
        self._pool, self._mucked_by, self._owed, self._resume = [], {}, {}, None
        self._exposable, self._exposable_drawn = set(), set()
        self.round, self.actor, self.street = None, None, -1
        self.phase = _FORCED_BETS
        return self._log(_REDEALT(self.deal, tuple(order)))
