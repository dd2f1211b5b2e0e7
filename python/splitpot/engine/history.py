"""The hand history: a JSON-ready log that replays to the same state, and the
per-player view that hides what a player may not see.

>>> from splitpot.games import get_game
>>> from splitpot.engine.state import State
>>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
>>> _ = state.bring_in(); _ = state.fold()
>>> history = History.of(state)
>>> replayed = History.from_json(history.to_json()).replay()
>>> replayed.snapshot() == state.snapshot()
True
>>> [c is None for c in player_view(state, 0)["players"][1]["down"]]
[True, True]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from splitpot.cards import Card
from splitpot.engine import events as ev
from splitpot.engine.spec import DeclareMode, GameSpec
from splitpot.errors import RuleError

if TYPE_CHECKING:
    from splitpot.engine.state import State

__all__ = ["History", "apply_event", "player_view"]


@dataclass(frozen=True, slots=True, kw_only=True)
class History:
    """Everything needed to rebuild a hand: spec, stacks, button, deck order, events.

    ``deck`` is the first deck; the deck of every re-deal and every new stub of
    a draw are in the events (``redeal``, ``reshuffle``), and the replay deals
    them in the same order.
    """

    spec: GameSpec
    stacks: tuple[int, ...]
    button: int
    deck: tuple[int, ...]
    events: tuple[ev.Event, ...]

    @classmethod
    def of(cls, state: State) -> History:
        """The history of ``state`` so far."""
        return cls(
            spec=state.game,
            stacks=state.starting_stacks,
            button=state.button,
            deck=state.deck_order,
            events=tuple(state.events),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "game": self.spec.name,
            "spec": self.spec.to_dict(),
            "starting_stacks": list(self.stacks),
            "button": self.button,
            "deck": [ev.card_text(c) for c in self.deck],
            "events": [ev.event_to_dict(e) for e in self.events],
        }

    def to_json(self, **kwargs: Any) -> str:
        """The history as JSON text."""
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> History:
        """Rebuild from :meth:`to_dict` output."""
        return cls(
            spec=GameSpec.from_dict(data["spec"]),
            stacks=tuple(data["starting_stacks"]),
            button=data["button"],
            deck=tuple(int(Card(c)) for c in data["deck"]),
            events=tuple(ev.event_from_dict(e) for e in data["events"]),
        )

    @classmethod
    def from_json(cls, text: str) -> History:
        """Rebuild from :meth:`to_json` output."""
        return cls.from_dict(json.loads(text))

    def replay(self, *, strict: bool = True) -> State:
        """Play the logged player actions again on a fresh state.

        With ``strict`` the rebuilt event log must equal this one, event for
        event (dealer steps included); otherwise :class:`RuleError` names the
        first difference.
        """
        from splitpot.engine.state import State

        later = [e.cards for e in self.events if isinstance(e, (ev.Redealt, ev.StubReshuffled))]
        decks = [self.deck, *later] if later else self.deck
        state = State(self.spec, self.stacks, button=self.button, deck=decks)
        for event in self.events:
            if event.player_action or event.dealer_call:
                apply_event(state, event)
        if strict and tuple(state.events) != self.events:
            for i, (a, b) in enumerate(zip(state.events, self.events, strict=False)):
                if a != b:
                    raise RuleError(f"Replay differs at event {i}: {a} != {b}.")
            raise RuleError(f"Replay has {len(state.events)} events, the log {len(self.events)}.")
        return state


_APPLY: dict[type[ev.Event], Callable[[State, Any], object]] = {
    ev.BringInPosted: lambda s, e: s.bring_in(),
    ev.Completed: lambda s, e: s.complete(e.to),
    ev.BetMade: lambda s, e: s.bet(e.to),
    ev.Raised: lambda s, e: s.raise_to(e.to),
    ev.Called: lambda s, e: s.call(),
    ev.Checked: lambda s, e: s.check(),
    ev.Folded: lambda s, e: s.fold(),
    ev.Drew: lambda s, e: s.draw(e.discarded, asked=len(e.received)),
    ev.Declared: lambda s, e: s.declare(e.choice, seat=e.seat),
    ev.ExposedKept: lambda s, e: s.keep_exposed(),
    ev.ExposedRefused: lambda s, e: s.refuse_exposed(),
    ev.CardExposed: lambda s, e: s.expose(e.card),
}


def apply_event(state: State, event: ev.Event) -> None:
    """Perform the player action that ``event`` records on ``state``."""
    seat = getattr(event, "seat", None)
    if not isinstance(event, ev.Declared) and not event.dealer_call and seat != state.actor:
        raise RuleError(f"Logged {event.kind} by seat {seat}, but seat {state.actor} is to act.")
    _APPLY[type(event)](state, event)


def _hide(event: ev.Event, viewer: int | None, secret_declarations: bool) -> dict[str, Any]:
    data = ev.event_to_dict(event)
    if isinstance(event, ev.CardsDealt) and not event.up and event.seat != viewer:
        data["cards"] = [None] * len(event.cards)
    elif isinstance(event, ev.Drew) and event.seat != viewer:
        data["discarded"] = [None] * len(event.discarded)
        data["received"] = [None] * len(event.received)
    elif isinstance(event, ev.Declared) and secret_declarations and event.seat != viewer:
        data["choice"] = None
    elif isinstance(event, (ev.Redealt, ev.StubReshuffled)):
        data["cards"] = [None] * len(event.cards)  # the order of cards still to come
    return data


def player_view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: a spectator): own down cards, everyone's
    upcards, cards shown at showdown, public events; JSON-ready."""
    shown = {e.seat for e in state.events if isinstance(e, ev.CardsShown)}
    revealed = any(isinstance(e, ev.DeclarationsRevealed) for e in state.events)
    secret = state.spec.declare is DeclareMode.SIMULTANEOUS and not revealed
    players = []
    for s in range(state.seats):
        visible = s == seat or s in shown
        players.append(
            {
                "seat": s,
                "stack": state.stacks[s],
                "committed": state.committed[s],
                "in_hand": state.in_hand[s],
                "folded": state.folded[s],
                "down": [ev.card_text(c) if visible else None for c in state.down[s]],
                "up": [ev.card_text(c) for c in state.up[s]],
            }
        )
    declaring = secret and str(state.phase) == "declaring"
    may_act = seat is not None and (
        seat == state.actor or (declaring and seat in state.active and seat not in state.declared)
    )
    legal = [o.to_dict() for o in state.legal_actions()] if may_act else []
    return {
        "game": state.spec.name,
        "seat": seat,
        "phase": str(state.phase),
        "street": state.street,
        "button": state.button,
        "actor": state.actor,
        "pot": state.pot,
        "community": [ev.card_text(c) for c in state.community],
        "players": players,
        "legal_actions": legal,
        "events": [_hide(e, seat, secret) for e in state.events],
    }
