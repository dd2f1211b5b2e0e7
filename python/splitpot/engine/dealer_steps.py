"""The dealer's steps of a :class:`~splitpot.engine.state.State`: antes and blinds, each
street's deal (with named cards: :meth:`~splitpot.engine.state.State.deal_street`), the
start of each betting round (who acts first) and its end (the uncalled bet returned, the next
street, the declarations or the showdown).  :meth:`~splitpot.engine.state.State.advance`
performs the next one; ``automate=True`` runs them as they come.

``DealerSteps``, defined here, is a base of State: State inherits these methods from it (they
are documented on :class:`~splitpot.engine.state.State`); call them on a State.

>>> from splitpot.engine.state import State
>>> from splitpot.games import get_game
>>> state = State(get_game("seven-card-stud"), [50, 50], seed=4, automate=False)
>>> str(state.phase), state.advance(), str(state.phase)
('forced_bets', AntePosted(seat=0, amount=1), 'dealing')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from splitpot.cards import Card
from splitpot.engine import dealing
from splitpot.engine import events as ev
from splitpot.engine.betting import Round
from splitpot.engine.order import FIRST_TO_ACT, Seating, clockwise, shows_pair
from splitpot.engine.phases import Phase
from splitpot.engine.pots import uncalled
from splitpot.engine.spec import DeclareMode
from splitpot.engine.state_fields import StateFields
from splitpot.errors import IllegalActionError

if TYPE_CHECKING:
    from splitpot.engine.state import State  # the only class built on these mixins

__all__: list[str] = []

_FORCED_BETS = Phase.FORCED_BETS
_DEALING = Phase.DEALING
_BRING_IN = Phase.BRING_IN
_BETTING = Phase.BETTING
_DRAWING = Phase.DRAWING
_DECLARING = Phase.DECLARING
_SHOWDOWN = Phase.SHOWDOWN
_COMPLETE = Phase.COMPLETE
_PASSED_OUT = Phase.PASSED_OUT
_NO_DECLARING = DeclareMode.NONE
# The events of every ante, street and card dealt, built positionally (ev.maker: no keyword call)
_ANTE, _STREET, _BURNED, _DEALT = (ev.maker(c) for c in (ev.AntePosted, ev.StreetStarted, ev.CardBurned,
                                                           ev.CardsDealt))


class DealerSteps(StateFields):
    """The dealer's steps of a State: a base of
    :class:`~splitpot.engine.state.State`, which documents its methods."""

    __slots__ = ()

    def advance(self) -> ev.Event | None:
        """Perform the next dealer step (antes, a deal, the showdown).

        Raises :class:`IllegalActionError` when a player must act instead.
        Every step drops the remembered legal actions, whether or not it logs
        anything (the start of the turn-ups chosen before a deal logs nothing).

        >>> from splitpot.engine.state import State
        >>> from splitpot.games import get_game
        >>> state = State(get_game("five-card-stud", turn_up=True), [100, 100], seed=0, automate=False)
        >>> _ = state.advance()  # the antes
        >>> state.legal_actions()  # a dealer step is due: no player acts
        ()
        >>> _ = state.advance()  # the first street
        >>> state.actor, [str(o.action) for o in state.legal_actions()]
        (1, ['bet'])
        """
        phase = self.phase
        if phase is _FORCED_BETS:
            event = self._post_forced_bets()
        elif phase is _DEALING:
            event = self._deal_street()
        elif phase is _SHOWDOWN:
            event = self._showdown()
        elif phase is _PASSED_OUT:
            event = self._after_passed_out()
        elif phase is _COMPLETE:
            raise IllegalActionError("The hand is complete; start a new State for the next hand.")
        else:
            raise IllegalActionError(f"No dealer step now: {self._not_now()}.")
        self._legal = None  # a step changes who acts or what he may do; not every step logs
        return event

    def _silent_step(self) -> bool:
        """Whether the next dealer step logs nothing: the start of turn-ups chosen
        before a street is dealt (:meth:`_deal_street`), forced bets where the game
        has none (:meth:`_post_forced_bets`).  A log that stops before such a step
        cannot tell whether it was taken, so a replay takes it
        (:func:`splitpot.engine.history._run_on`)."""
        phase = self.phase
        if phase is _DEALING:
            rule = self.spec.streets[self.street].turn_up
            return rule is not None and rule.before_deal and self._face_down is None
        if phase is _FORCED_BETS:
            stakes = self.spec.stakes
            return not stakes.ante and not stakes.blinds
        return False

    def verify_deal_street(
        self, cards: Mapping[int | None, dealing.CardsInput] | None = None, *,
        burn: Card | int | str | None = None,
    ) -> dealing.DealPlan:
        """Raise unless the street about to be dealt can give each seat in ``cards``
        the cards named for it (as many as the street deals him; ``None`` names
        the community card a short deck deals instead) and burn ``burn``: every
        card still in the stub, none named twice.  Return the plan (changes
        nothing)."""
        return dealing.plan(cast("State", self), cards, burn)

    def can_deal_street(
        self, cards: Mapping[int | None, dealing.CardsInput] | None = None, *,
        burn: Card | int | str | None = None,
    ) -> bool:
        """Whether :meth:`deal_street` would take these cards (no side effects)."""
        try:
            dealing.plan(cast("State", self), cards, burn)
        except IllegalActionError:
            return False
        return True

    def deal_street(
        self, cards: Mapping[int | None, dealing.CardsInput] | None = None, *,
        burn: Card | int | str | None = None,
    ) -> ev.Event | None:
        """The dealer step of a street with named cards (``automate=False``): each
        seat in ``cards`` receives the cards named for it, in the order named (a
        street's down cards first, then its up cards, as the street deals them),
        ``burn`` is the card burned; seats not named get the stub's next cards.
        Returns what :meth:`advance` returns.  See :mod:`splitpot.engine.dealing`.

        >>> from splitpot.engine.state import State
        >>> from splitpot.games import get_game
        >>> state = State(get_game("seven-card-stud"), [20, 20], seed=2, automate=False)
        >>> _ = state.advance()
        >>> _ = state.deal_street({0: "As Ks Qs"})
        >>> state.cards(0)
        [51, 47, 43]
        """
        deal = dealing.plan(cast("State", self), cards, burn)
        dealing.place(cast("State", self), deal)
        event = self._deal_street()
        self._after()
        return event

    def _run_dealer(self) -> None:
        while (self.phase is _DEALING or self.phase is _FORCED_BETS or self.phase is _SHOWDOWN
               or self.phase is _PASSED_OUT):
            self.advance()
        self._legal = None

    def _after(self) -> None:
        self._legal = None
        phase = self.phase
        if self.automate and (phase is _DEALING or phase is _SHOWDOWN or phase is _PASSED_OUT
                              or phase is _FORCED_BETS):
            self._run_dealer()

    def _post_forced_bets(self) -> ev.Event | None:  # no ante and no blinds: logs nothing (_silent_step)
        stakes = self.spec.stakes
        last: ev.Event | None = None
        ante = stakes.ante
        stacks, committed, in_hand, log = self.stacks, self.committed, self.in_hand, self.events.append
        if ante:
            for seat in self._order:  # every deal: inlined moves, a conditional rather than min()
                if in_hand[seat]:
                    stack = stacks[seat]
                    amount = ante if ante < stack else stack  # all in when short
                    stacks[seat] = stack - amount
                    committed[seat] += amount
                    log(last := _ANTE(seat, amount))
        if stakes.blinds:
            ring = [s for s in clockwise(self.button, self.seats) if in_hand[s]]
            ring = ring[stakes.blinds_from :] + ring[: stakes.blinds_from]
            for seat, blind in zip(ring, stakes.blinds, strict=False):
                stack = stacks[seat]
                amount = blind if blind < stack else stack
                stacks[seat] = stack - amount
                committed[seat] += amount
                self._blinds.append((seat, amount))
                log(last := ev.BlindPosted(seat=seat, amount=amount))
        self.street = 0
        self.phase = _DEALING
        return last

    def _deal_street(self) -> ev.Event | None:
        street = self.spec.streets[self.street]
        rule = street.turn_up
        if rule is not None and rule.before_deal and self._face_down is None:
            self._begin_turn_up(rule)  # the choices first; the deal follows them (logs nothing: _silent_step)
            return None
        last = self._log(_STREET(self.street, street.name))
        if street.burn:
            burned = self._take(1)[0]
            self._pool.append(burned)  # a burn card may join a new stub in the draw
            last = self._log(_BURNED(burned))
        receivers = self._active
        per = street.cards_per_player
        if per:
            if street.community_fallback and self.cards_left < per * len(receivers):
                card = self._take(1)
                self.community.extend(card)
                last = self._log(ev.CardsDealt(seat=None, cards=tuple(card), up=True))
            else:
                n = len(receivers)
                dealt = self._take(per * n)
                down, log = street.down, self.events.append
                downs, ups, dealt_event = self.down, self.up, _DEALT  # locals: a loop per deal
                face_down = self._face_down or ()
                for i, seat in enumerate(receivers):
                    mine = tuple(dealt[i::n])  # one card a round, dealer's left first
                    if face_down:  # turned his hole card up: this street's cards come down
                        down = per if seat in face_down else street.down
                    if down:
                        hidden = mine[:down]
                        downs[seat].extend(hidden)
                        log(last := dealt_event(seat, hidden, False))
                    if down < per:
                        shown = mine[down:]
                        ups[seat].extend(shown)
                        log(last := dealt_event(seat, shown, True))
        if per and street.down and self.spec.draws is not None:
            self._exposable = set(self._deck[self._next - per * len(receivers) : self._next])
        self._face_down = None
        if street.paid_draws is not None and len(self._active) > 1:
            self._begin_paid_draws(street.paid_draws)
        elif street.draw:
            self.drawn = set()
            self.phase = _DRAWING
            self.actor = self._active[0]
        elif rule is not None and not rule.before_deal and len(self._active) > 1:
            self._begin_turn_up(rule)
        else:
            self._start_betting()
        return last

    def _start_betting(self) -> None:
        street = self.spec.streets[self.street]
        actors = self._actors()
        blinds = self._blinds if self.street == 0 else []
        owed = bool(blinds) and any(a < max(b for _, b in blinds) for _, a in blinds)
        owed = owed and self.spec.stakes.blind_bet  # blinds that are live money only owe nothing
        if not street.bet or len(self._active) < 2 or (len(actors) < 2 and not owed):
            self._end_round()
            return
        stakes = self.spec.stakes
        size = stakes.big_bet if street.big_bet else stakes.small_bet
        increments: tuple[int, ...] = (size,)
        if street.big_bet_on_open_pair and not street.big_bet and self._open_pair():
            increments = (stakes.small_bet, stakes.big_bet)
        self.round = Round.start(
            seats=self.seats,
            actors=actors,
            increments=increments,
            cap=self.spec.max_raises + 1,
            pass_and_out=street.pass_and_out,
            no_check_raise=street.no_check_raise,
            uncapped_heads_up=self.spec.uncapped_heads_up,
        )
        for seat, amount in blinds:
            if stakes.blind_bet:
                self.round.post_blind(seat, amount, full=amount >= stakes.small_bet)
            else:
                self.round.post_live(seat, amount)
        rule = FIRST_TO_ACT[street.opener]  # one upcard's duty skips players all in
        first = rule.seat(Seating(self.up, actors, self._active, self.button, self.seats, self.spec.wilds,
                                  self.spec.natural_upcards, self._order[0],
                                  (blinds[-1][0] + 1) % self.seats if blinds else None, self.opener))
        if rule.brings_in:
            self.phase = _BRING_IN
            self.actor = first
            return
        self.phase = _BETTING
        if rule.must_bet:
            self.round.must_bet = first
        self.actor = self._next_pending(first, inclusive=True)
        if self.actor is None:
            self._end_round()

    def _open_pair(self) -> bool:
        wilds, natural = self.spec.wilds, self.spec.natural_upcards
        return any(shows_pair(self.up[seat], wilds, natural=natural) for seat in self._active)

    def _next_pending(self, start: int, *, inclusive: bool) -> int | None:
        assert self.round is not None
        pending = self.round.pending
        # every seat once, clockwise from ``start`` (inclusive) or from his left (ending with him)
        for seat in self._rings[start if inclusive else start + 1]:
            if seat in pending:
                return seat
        return None

    def _return_uncalled(self) -> None:
        """Give back the part of the biggest commitment that nobody matched (an
        uncalled bet: a bet everyone folded to, or one bigger than any other
        player's chips); it never enters a pot.  Draw fees are dead money, not bets:
        they never come back."""
        paying = self._paying
        live = self.committed if paying is None else [
            c - f for c, f in zip(self.committed, paying.fees_paid, strict=True)
        ]
        top, excess = uncalled(live)
        if excess > 0 and not self.folded[top]:
            self.committed[top] -= excess
            self.stacks[top] += excess
            self._log(ev.BetReturned(seat=top, amount=excess))

    def _end_round(self) -> None:
        if self._passes_out():
            return
        self._return_uncalled()
        self.round = None
        self.actor = None
        if len(self._active) < 2:
            self.phase = _SHOWDOWN
        elif self.street + 1 < len(self.spec.streets):
            self.street += 1
            self.phase = _DEALING
        elif self.spec.declare is not _NO_DECLARING:
            self.declared = {}
            self.phase = _DECLARING
            self.actor = self._active[0]
        else:
            self.phase = _SHOWDOWN
