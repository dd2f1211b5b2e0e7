"""A card the dealer exposed while dealing, in a :class:`~splitpot.engine.state.State` of a
draw game: the dealer's call :meth:`~splitpot.engine.state.State.expose`, and the player's
answer to a card he may refuse, :meth:`~splitpot.engine.state.State.keep_exposed` or
:meth:`~splitpot.engine.state.State.refuse_exposed` (each with ``verify_x`` and ``can_x``).
The rulings themselves (kept, refused or dead) are :func:`splitpot.engine.draws.ruling`'s.

``ExposedCards``, defined here, is a base of State: State inherits these methods from it (they
are documented on :class:`~splitpot.engine.state.State`); call them on a State.

>>> from splitpot.engine.state import State
>>> from splitpot.games import get_game
>>> state = State(get_game("jackpots"), [30, 30], seed=2)
>>> state.expose("As")  # dealt to seat 1 face down: an ace, he may keep it or refuse it
CardExposed(seat=1, card=51, ruling='choose')
>>> str(state.phase), [str(o.action) for o in state.legal_actions()]
('exposed', ['keep', 'refuse'])
>>> state.refuse_exposed(), str(state.phase)
(ExposedRefused(seat=1, card=51), 'betting')
"""

from __future__ import annotations

from splitpot.cards import Card, parse_cards
from splitpot.engine import draws
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.phases import Phase
from splitpot.engine.state_fields import StateFields
from splitpot.errors import CardError, CardTypeError, IllegalActionError, IllegalActionTypeError

__all__: list[str] = []  # State's methods: documented there

_DRAWING = Phase.DRAWING
_COMPLETE = Phase.COMPLETE
_EXPOSED = Phase.EXPOSED
_A_KEEP = Action.KEEP
_A_REFUSE = Action.REFUSE


class ExposedCards(StateFields):
    """A card the dealer exposed: expose, and the player's keep or refuse: a base of
    :class:`~splitpot.engine.state.State`, which documents its methods."""

    __slots__ = ()

    def verify_expose(self, card: Card | int | str) -> tuple[int, int, draws.Ruling]:
        """Raise unless the dealer may expose ``card`` now: a card just dealt in
        the deal (before any betting decision) or in the draw (before the
        betting after it); return (its seat, the card, the ruling).  A refusal
        names only the card asked about, never the cards that may be exposed:
        they are players' down cards."""
        rules = self.spec.draws
        if rules is None:
            raise IllegalActionError(f"{self.spec.name} has no exposed-card rule (draw games have one).")
        if self.phase is _EXPOSED:
            assert self._resume is not None
            raise IllegalActionError(
                f"Seat {self.actor} must first keep or refuse the exposed {ev.card_text(self._resume[2])}."
            )
        try:
            found = parse_cards([card] if not isinstance(card, str) else card)
        except CardTypeError as err:
            raise IllegalActionTypeError(f"Cannot expose: {err}.") from None
        except CardError as err:
            raise IllegalActionError(f"Cannot expose: {err}.") from None
        if len(found) != 1:
            raise IllegalActionError(f"Expose one card, not {len(found)}.")
        value = int(found[0])
        before = True if value in self._exposable else False if value in self._exposable_drawn else None
        if before is None or self.phase is _COMPLETE:
            # The cards that may be exposed are not listed: most are players' down cards.
            some = self.phase is not _COMPLETE and (self._exposable or self._exposable_drawn)
            raise IllegalActionError(
                f"{ev.card_text(value)} cannot be exposed now: only a card just dealt can, before the "
                f"betting that follows ({'it is not one' if some else 'no card may be exposed now'})."
            )
        seat = next(s for s in range(self.seats) if value in self.down[s] or value in self.up[s])
        ruling = draws.ruling(value, before_draw=before, dealer=seat == self.button,
                              keep_at_most=rules.keep_at_most, ace_low=self.spec.high is None)
        return seat, value, ruling

    def can_expose(self, card: Card | int | str) -> bool:
        """Whether the dealer may expose ``card`` now."""
        try:
            self.verify_expose(card)
        except (IllegalActionError, ValueError, TypeError):
            return False
        return True

    def expose(self, card: Card | int | str) -> ev.Event:
        """A dealer error: ``card`` was exposed while dealt.  Before the draw the
        player keeps a 7 or lower and may refuse an 8 or higher (his decision:
        :meth:`keep_exposed` or :meth:`refuse_exposed`); in the draw the card is
        dead and replaced after the other players are served; the dealer keeps
        his own exposed card (the rules, §5.6).  The dealer's tool (a server's),
        not a player's: whether a card may be exposed tells whether it was just
        dealt, so its answers are not for the players' eyes (its refusals name
        no card but the one asked about)."""
        seat, value, ruling = self.verify_expose(card)
        event = self._log(ev.CardExposed(seat=seat, card=value, ruling=str(ruling)))
        self._exposable.discard(value)
        self._exposable_drawn.discard(value)
        if ruling is draws.Ruling.CHOOSE:
            self._resume = (self.phase, self.actor, value)
            self.phase = _EXPOSED
            self.actor = seat
        elif ruling is draws.Ruling.DEAD:
            (self.down[seat] if value in self.down[seat] else self.up[seat]).remove(value)
            self._pool.append(value)
            self._mucked_by[value] = seat
            self._owed[seat] = self._owed.get(seat, 0) + 1
            if self.phase is not _DRAWING:  # the others are served already
                self._serve_owed()
        self._legal = None
        return event

    def verify_keep_exposed(self) -> tuple[int, int]:
        """Raise unless the actor may keep the card exposed to him; return (actor, card)."""
        seat = self._verify(_A_KEEP)[0]
        assert self._resume is not None
        return seat, self._resume[2]

    def can_keep_exposed(self) -> bool:
        """Whether the actor may keep an exposed card."""
        return self._can(_A_KEEP)

    def keep_exposed(self) -> ev.Event:
        """The actor keeps the 8 or higher the dealer exposed to him."""
        seat, card = self.verify_keep_exposed()
        event = self._log(ev.ExposedKept(seat=seat, card=card))
        self._end_exposed()
        return event

    def verify_refuse_exposed(self) -> tuple[int, int]:
        """Raise unless the actor may refuse the card exposed to him; return (actor, card)."""
        seat = self._verify(_A_REFUSE)[0]
        assert self._resume is not None
        return seat, self._resume[2]

    def can_refuse_exposed(self) -> bool:
        """Whether the actor may refuse an exposed card."""
        return self._can(_A_REFUSE)

    def refuse_exposed(self) -> ev.Event:
        """The actor refuses the exposed card: it is dead, and he receives the top
        card of the stub in its place."""
        seat, card = self.verify_refuse_exposed()
        event = self._log(ev.ExposedRefused(seat=seat, card=card))
        new = self._serve(1, seat)[0]
        pile = self.down[seat] if card in self.down[seat] else self.up[seat]
        pile[pile.index(card)] = new
        self._pool.append(card)
        self._mucked_by[card] = seat
        self._may_open.pop(seat, None)
        self._exposable.add(new)
        self._log(ev.CardsDealt(seat=seat, cards=(new,), up=False))
        self._end_exposed()
        return event

    def _end_exposed(self) -> None:
        assert self._resume is not None
        self.phase, self.actor, _ = self._resume
        self._resume = None
        self._legal = None
