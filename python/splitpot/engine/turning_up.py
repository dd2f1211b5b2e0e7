"""Turn-ups in a :class:`~splitpot.engine.state.State`: a player turns one of his down cards
face up (or, where the game allows, keeps them down), in turn or all at once
(:meth:`~splitpot.engine.state.State.turn_up`, with ``verify_turn_up`` and
``can_turn_up``; :meth:`~splitpot.engine.state.State.turn_up_option` says what he may
turn up).  The choices' rules (in turn or simultaneous, before or after a street) are
:mod:`splitpot.engine.choices`'.

``TurningUp``, defined here, is a base of State: State inherits these methods from it (they
are documented on :class:`~splitpot.engine.state.State`); call them on a State.

>>> from splitpot.engine.state import State
>>> from splitpot.games import get_game
>>> state = State(get_game("mexican-stud"), [40, 40], seed=1)
>>> str(state.phase), len(state.turn_up_option(state.actor).choices)
('turning_up', 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import SupportsIndex

from splitpot.cards import Card, parse_cards
from splitpot.engine import events as ev
from splitpot.engine.betting import Option
from splitpot.engine.choices import ChoiceMode, TurnUp, TurnUps
from splitpot.engine.phases import Phase
from splitpot.engine.state_fields import StateFields
from splitpot.errors import (
    CardError,
    CardTypeError,
    IllegalActionError,
    IllegalActionTypeError,
    SplitpotError,
)
from splitpot.validate import as_int, describe

__all__: list[str] = []  # State's methods: documented there

_DEALING = Phase.DEALING
_TURNING_UP = Phase.TURNING_UP
_IN_TURN = ChoiceMode.IN_TURN
_SIMULTANEOUS = ChoiceMode.SIMULTANEOUS
_TURNED_UP, _TURN_CHOSEN, _TURNS_REVEALED = (ev.maker(c) for c in (ev.TurnedUp, ev.TurnUpChosen,
                                                                    ev.TurnUpsRevealed))

_CARD_BY_TEXT = {ev.card_text(c): c for c in range(53)}


def _card_ints(cards: Iterable[Card | int | str] | Card | int | str) -> tuple[int, ...]:
    """Cards named by the caller as ints: one card, or an iterable of cards; text
    as :func:`~splitpot.cards.parse_cards` reads it (the common forms looked up
    directly, anything else parsed, so errors name the bad card)."""
    if type(cards) is list and len(cards) == 1 and type(cards[0]) is str:  # the common form
        one = _CARD_BY_TEXT.get(cards[0])
        if one is not None:
            return (one,)
    if isinstance(cards, str):
        one = _CARD_BY_TEXT.get(cards)
        return (one,) if one is not None else tuple(map(int, parse_cards(cards)))
    if isinstance(cards, int):
        cards = [cards]
    if type(cards) is list or type(cards) is tuple:
        quick = tuple(_CARD_BY_TEXT.get(c, -1) if type(c) is str else c if type(c) is int else -1
                      for c in cards)
        if all(0 <= c <= 52 for c in quick) and len(set(quick)) == len(quick):
            return quick
    return tuple(map(int, parse_cards(cards)))


class TurningUp(StateFields):
    """Turn-ups: a down card turned face up, in turn or all at once: a base of
    :class:`~splitpot.engine.state.State`, which documents its methods."""

    __slots__ = ()

    def _begin_turn_up(self, rule: TurnUp) -> None:
        self._turning = TurnUps.start(rule, self._active)
        self.phase = _TURNING_UP
        self.actor = self._turning.next_seat

    @property
    def turn_up_choosers(self) -> list[int]:
        """Seats that may choose a turn-up now: the actor when turn-ups are in turn,
        everyone still to choose when they are simultaneous (empty outside a turn-up)."""
        turning = self._turning
        if turning is None:
            return []
        if turning.rule.mode is ChoiceMode.IN_TURN:
            return [self.actor] if self.actor is not None else []
        return turning.pending

    def turn_up_option(self, seat: int) -> Option:
        """What ``seat`` may turn up now (his down cards; amounts 0 where he may keep
        them down, or 1); raises outside a turn-up."""
        seat = self._seat(seat)
        if self._turning is None:
            raise IllegalActionError(self._refused("turn up a card", seat))
        return self._turning.option(self.down[seat])

    def verify_turn_up(
        self, cards: Iterable[Card | int | str] | Card | int | str = (), *, seat: SupportsIndex | None = None
    ) -> tuple[int, tuple[int, ...]]:
        """Raise unless ``seat`` (default: the actor) may turn ``cards`` face up: one
        of his down cards, or none where the game lets him keep them down.  When
        turn-ups are simultaneous, any player who has not chosen may choose.
        Return (seat, cards as ints)."""
        turning = self._turning
        if (seat is None and type(cards) is list and len(cards) == 1 and turning is not None
                and self.phase is _TURNING_UP):
            text = cards[0]  # the common form: the actor names one card as text (every Mexican stud choice)
            card = _CARD_BY_TEXT.get(text) if type(text) is str else None
            who = self.actor  # while turning up, the first seat still to choose
            if card is not None and who is not None and card in self.down[who]:
                return who, (card,)  # what the checks below return for it; anything else takes them
        who = None if seat is None else as_int(
            seat, "seat", low=0, high=self.seats - 1,
            error=IllegalActionError, type_error=IllegalActionTypeError,
        )
        kind = type(cards)
        if kind is not list and kind is not tuple and (  # a list or tuple is always a legal type here
            isinstance(cards, (bytes, bytearray, bool)) or not isinstance(cards, (str, int, Card, Iterable))
        ):
            raise IllegalActionTypeError(
                f"A turn-up names cards (text, ints or Cards), got {describe(cards)}."
            )
        try:
            chosen = _card_ints(cards)
        except CardTypeError as err:
            raise IllegalActionTypeError(f"Cannot turn up: {err}.") from None
        except CardError as err:
            raise IllegalActionError(f"Cannot turn up: {err}.") from None
        except TypeError as err:
            raise IllegalActionTypeError(f"Cannot turn up: {err}.") from None
        if self.phase is not _TURNING_UP or turning is None:
            raise IllegalActionError(self._refused("turn up a card", who))
        who = self.actor if who is None else who
        assert who is not None
        held = self.down[who] if 0 <= who < self.seats else []
        turning.verify(who, self.actor, held, chosen)
        return who, chosen

    def can_turn_up(
        self, cards: Iterable[Card | int | str] | Card | int | str = (), *, seat: SupportsIndex | None = None
    ) -> bool:
        """Whether the turn-up is legal (no side effects)."""
        try:
            self.verify_turn_up(cards, seat=seat)
        except (SplitpotError, TypeError):
            return False
        return True

    def turn_up(
        self, cards: Iterable[Card | int | str] | Card | int | str = (), *, seat: SupportsIndex | None = None
    ) -> ev.Event:
        """``seat`` (default: the actor) turns one of his down cards face up (no
        cards: keeps them down, where allowed).  In turn the card turns at once;
        simultaneous choices stay secret until everyone has chosen, then all
        the cards turn together."""
        who, chosen = self.verify_turn_up(cards, seat=seat)
        turning = self._turning
        assert turning is not None
        turning.record(who, chosen)
        if turning.rule.mode is _IN_TURN:
            event = self._log(_TURNED_UP(who, chosen))
            self._turn_face_up(who, chosen)
        else:
            event = _TURN_CHOSEN(who, chosen)
            self.events.append(event)  # _log inlined: the legal actions are set just below
        left = turning.left
        if left:  # others still choose: no dealer step; the next chooser's options are his down cards'
            self.actor = nxt = left[0]
            self._legal = turning.options(self.down[nxt])  # what _compute_legal gives, without its dispatch
            return event
        turned = turning.turned()
        if turning.rule.mode is _SIMULTANEOUS:
            down, up = self.down, self.up
            for seat_turned, card in turned:  # _turn_face_up inlined: every street of Mexican stud
                down[seat_turned].remove(card)
                up[seat_turned].append(card)
            seats, cards_turned = zip(*turned, strict=True) if turned else ((), ())
            self._log(_TURNS_REVEALED(seats, cards_turned))
        self._turning = None
        self.actor = None
        if turning.rule.before_deal:
            self._face_down = frozenset(s for s, _ in turned)
            self.phase = _DEALING
        else:
            self._start_betting()
        self._after()
        return event

    def _turn_face_up(self, seat: int, cards: Iterable[int]) -> None:
        for card in cards:
            self.down[seat].remove(card)
            self.up[seat].append(card)
