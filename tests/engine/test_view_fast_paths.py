"""The view and history fast paths give exactly what the plain computations give.

- ``events.event_to_dict`` (a dict display written once per event class) equals
  the plain walk over ``dataclasses.fields`` for every event of random play of
  every game, and for events built with lists or a single card.
- ``State.view(seat)`` and ``State.view(seat, since=n)`` (the classes of the
  hand's events taken in one pass; the events no view hides made into dicts
  without the hiding checks) equal the plain computation, for every seat and a
  spectator, at every step of random play of every game and at the end of each
  hand; there, in a hand whose simultaneous declarations were revealed, for every
  ``since`` (so a client that last asked before the reveal is tried).
- the players of ``State.view(seat)`` and of its update (one comprehension
  over the seats' columns, card texts by lookup) equal the plain per-seat
  computation at every step of random play of every game, for every seat and a
  spectator.
- ``GameSpec.to_dict`` (one walk of the spec) equals ``dataclasses.asdict``
  made JSON-ready, for every game and option variant, and a spec holding an
  option value of another type (a dict, a set) is still written as ``asdict``
  copies it.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from test_fast_paths import random_hands
from test_random_play import OPTIONS

from splitpot.bots import SimpleBot
from splitpot.engine import events as ev
from splitpot.engine import history
from splitpot.engine.spec import DeclareMode, GameSpec, _json_ready
from splitpot.engine.state import State
from splitpot.games import GAMES, get_game


def plain_event_to_dict(event: ev.Event) -> dict[str, Any]:
    """``event_to_dict`` as a walk over the dataclass fields."""
    out: dict[str, Any] = {"event": event.kind}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if f.name in ev._CARD_FIELDS:
            value = ev.card_text(value) if isinstance(value, int) else [ev.card_text(c) for c in value]
        elif isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[f.name] = value
    return out


def plain_hide(event: ev.Event, viewer: int | None, secret: bool, public: frozenset[int]) -> dict[str, Any]:
    """``history._hide`` with every check made for every event."""
    data = plain_event_to_dict(event)
    if isinstance(event, ev.CardsDealt) and not event.up and event.seat != viewer:
        data["cards"] = [None] * len(event.cards)
    elif isinstance(event, ev.Drew) and event.seat != viewer:
        data["discarded"] = [ev.card_text(c) if c in public else None for c in event.discarded]
        data["received"] = [ev.card_text(c) if c in public else None for c in event.received]
    elif isinstance(event, ev.Declared) and secret and event.seat != viewer:
        data["choice"] = None
    elif isinstance(event, ev.TurnUpChosen) and event.seat != viewer:
        data["cards"] = None
    elif isinstance(event, (ev.Redealt, ev.StubReshuffled)):
        data["cards"] = [None] * len(event.cards)
    elif isinstance(event, ev.CardBurned):
        data["card"] = None
    return data


def plain_events_view(state: State, seat: int | None, since: int | None) -> tuple[int | None, list[Any]]:
    """The ``since`` and ``events`` of ``player_view``, each question a scan of the events."""
    events = state.events
    simultaneous = state.spec.declare is DeclareMode.SIMULTANEOUS
    revealed = simultaneous and any(type(e) is ev.DeclarationsRevealed for e in events)
    secret = simultaneous and not revealed
    if since is None:
        public = history._public_cards(events) if any(type(e) is ev.Drew for e in events) else frozenset()
        return None, [plain_hide(e, seat, secret, public) for e in events]
    first = since
    head, tail = events[:since], events[since:]
    if revealed and any(type(e) is ev.DeclarationsRevealed for e in tail) and not any(
        type(e) is ev.DeclarationsRevealed for e in head
    ):
        first = next((i for i, e in enumerate(head) if type(e) is ev.Declared and e.seat != seat), first)
    public = frozenset()
    if any(type(e) is ev.Drew for e in events):
        if any(history._makes_public(e) for e in tail):
            then, public = history._public_cards(head), history._public_cards(events)
            if public != then:
                first = min(first, history._first_draw_showing(head, seat, public - then, first))
        elif any(type(e) is ev.Drew for e in events[first:]):
            public = history._public_cards(events)
    return first, [plain_hide(e, seat, secret, public) for e in events[first:]]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_event_dicts_equal_the_plain_walk_over_the_fields(game: str) -> None:
    hands = {id(state): state for state, _ in random_hands(game, 12)}  # each played to its end
    kinds = set()
    for state in hands.values():
        assert state.is_complete
        for event in state.events:
            kinds.add(type(event))
            assert ev.event_to_dict(event) == plain_event_to_dict(event), event
    assert {ev.CardsDealt, ev.PotAwarded, ev.HandEnded} <= kinds


@pytest.mark.parametrize("event", [
    ev.CardsDealt(seat=1, cards=[3, 51], up=False),          # a list of cards, not a tuple
    ev.CardBurned(card=ev.Card(7)),                           # one card
    ev.Drew(seat=0, discarded=(), received=()),
    ev.DeclarationsRevealed(choices=((0, "high"), (2, "both"))),  # pairs: lists inside the list
    ev.DeclarationsRevealed(choices=[(0, "low")]),               # a list: kept as it is
    ev.PotAwarded(pot=1, seat=2, amount=10, side="high", hand=""),
], ids=lambda event: f"{type(event).__name__}")
def test_event_dicts_of_unusual_events_equal_the_plain_walk(event: ev.Event) -> None:
    assert ev.event_to_dict(event) == plain_event_to_dict(event)


def test_event_dict_lists_are_new_each_call() -> None:
    """A caller may change the dict and its lists: the next call is not affected."""
    event = ev.Drew(seat=0, discarded=(1, 2), received=(3, 4))
    first = ev.event_to_dict(event)
    first["discarded"].append("Xx")
    assert ev.event_to_dict(event) == plain_event_to_dict(event)


def plain_players(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The ``players`` of ``player_view``, seat by seat, each field read by index."""
    shown = {e.seat for e in state.events if isinstance(e, ev.CardsShown)}
    players = []
    for s in range(state.seats):
        visible = s == seat or s in shown
        players.append({
            "seat": s,
            "stack": state.stacks[s],
            "committed": state.committed[s],
            "bet": state.bets[s],
            "in_hand": state.in_hand[s],
            "folded": state.folded[s],
            "down": [ev.card_text(c) if visible else None for c in state.down[s]],
            "up": [ev.card_text(c) for c in state.up[s]],
        })
    return players


def bot_hands(game: str, hands: int) -> Iterator[State]:
    """Every step of ``hands`` hands of ``game`` played by bots, the finished hand last."""
    for seed in range(hands):
        state = State(get_game(game), [60] * (3 + seed % 3), seed=seed, button=seed % 3)
        bot = SimpleBot(seed=seed)
        yield state
        while not state.is_complete:
            bot(state)
            yield state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_view_players_equal_the_plain_computation(game: str) -> None:
    shown = False
    steps = itertools.chain((state for state, _ in random_hands(game, 6)), bot_hands(game, 12))
    for state in steps:
        n = len(state.events)
        for seat in (None, *range(state.seats)):
            plain = plain_players(state, seat)
            assert state.view(seat)["players"] == plain
            assert state.view(seat, since=max(0, n - 1))["players"] == plain
        shown = shown or any(isinstance(e, ev.CardsShown) for e in state.events)
    assert shown  # some hand reached a showdown: shown down cards were compared too


def test_view_player_lists_are_new_each_call() -> None:
    """A caller may change a view's player dicts and their card lists: the next view is not affected."""
    state = State(get_game("seven-card-stud"), [100] * 3, seed=2)
    view = state.view(0, since=len(state.events) - 1)
    for player in view["players"]:
        player["down"].append("Xx")
        player["up"].clear()
        player["stack"] = -1
    assert state.view(0, since=len(state.events) - 1)["players"] == plain_players(state, 0)


#: The games with an option variant (in ``OPTIONS``) that declares simultaneously.
SIMULTANEOUS = ("aces-deuces", "five-card-stud-five-bets", "mexican-stud", "seven-card-stud-declare")


def check_views(state: State, sinces: Iterable[int]) -> int:
    """Every seat's and a spectator's view, whole and since each of ``sinces``, equal
    the plain computation; the number of views since k that begin before k at a
    reveal of simultaneous declarations (the declarations were hidden at k)."""
    reveal = next((i for i, e in enumerate(state.events) if type(e) is ev.DeclarationsRevealed), -1)
    resent = 0
    for seat in (None, *range(state.seats)):
        view = state.view(seat)
        assert (None, view["events"]) == plain_events_view(state, seat, None)
        for since in sinces:
            update = state.view(seat, since=since)
            assert (update["since"], update["events"]) == plain_events_view(state, seat, since)
            assert {k: v for k, v in update.items() if k not in ("since", "events")} == {
                k: v for k, v in view.items() if k != "events"
            }
            resent += since <= reveal and update["since"] < since
    return resent


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_equal_the_plain_computation(game: str) -> None:
    """At every step of random play and at the end of each hand, ``since`` in {0, n-1,
    n, one at random}; at the end of a hand whose simultaneous declarations were
    revealed, every ``since`` in 0..n, so a client that last asked before the reveal
    (the other seats' choices hidden then) is tried."""
    rng = random.Random(len(game))
    hands = {}
    for state, _ in random_hands(game, 6):
        n = len(state.events)
        check_views(state, {0, max(0, n - 1), n, rng.randint(0, n)})
        hands[id(state)] = state
    resent = 0
    for state in hands.values():  # the steps above end before each hand's last action
        assert state.is_complete
        n = len(state.events)
        revealed = any(type(e) is ev.DeclarationsRevealed for e in state.events)
        resent += check_views(state, range(n + 1) if revealed else {0, n - 1, n, rng.randint(0, n)})
    assert (resent > 0) == (game in SIMULTANEOUS)  # each of these games reveals in some hand


def plain_spec_dict(spec: GameSpec) -> dict[str, Any]:
    return _json_ready(dataclasses.asdict(spec))  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_spec_dicts_equal_asdict_made_json_ready(game: str) -> None:
    for options in OPTIONS[game]:
        spec = get_game(game, **options)
        assert spec.to_dict() == plain_spec_dict(spec)
        assert spec.with_declare_options().to_dict() == plain_spec_dict(spec.with_declare_options())


def test_a_spec_with_unusual_option_values_is_written_as_asdict_copies_it() -> None:
    spec = get_game("jackpots").replace(options=(("table", {"a": (1, 2)}), ("seats", {3}), ("odd", [(4,)])))
    assert spec.to_dict() == plain_spec_dict(spec)
    assert spec.to_dict()["options"] == [["table", {"a": [1, 2]}], ["seats", {3}], ["odd", [[4]]]]
    assert spec.to_dict()["options"][0][1] is not spec.options[0][1]  # a copy, as asdict makes


def test_spec_dicts_are_new_each_call() -> None:
    spec = get_game("seven-card-stud")
    spec.to_dict()["streets"][0]["name"] = "changed"
    assert spec.to_dict() == plain_spec_dict(spec)
