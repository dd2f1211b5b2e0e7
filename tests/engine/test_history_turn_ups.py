"""History.replay of five-card stud with turn-ups (the rules, §5.8), where the
dealer takes a step that logs nothing: the start of the turn-ups.

A replay stands where the logged hand reached, strict or not: at every point of
scripted turn-up hands (one that reaches the turn-ups, one that the turn-ups end,
one folded before them) and of random hands of every turn-up variant, the replay
is the hand itself.  A log cut or changed around the turn-ups is refused with
HistoryError, by History and by the session loader, and nothing changes.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from engine_helpers import passive_action, stud_deck

from splitpot.cards import parse_cards
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.history import History
from splitpot.engine.session import Session
from splitpot.engine.state import Phase, State
from splitpot.errors import HistoryError
from splitpot.games import GAMES, get_game

from .test_random_play import OPTIONS, take

TURN = get_game("five-card-stud", turn_up=True)
DECK = stud_deck(["2c 9h 8d Jc 4d", "3c Kd 6h Tc 5d", "4c 5s 3d Qc 7d"])


def card(text: str) -> int:
    return int(parse_cards(text)[0])


def assert_replays(state: State) -> None:
    """The history of ``state`` (through JSON) replays, strict and not, to ``state``."""
    history = History.from_json(state.history().to_json())
    for strict in (True, False):
        again = history.replay(strict=strict)
        assert again.snapshot() == state.snapshot(), (strict, state.events[-1:])
        assert again.events == state.events and again.stacks == state.stacks
        assert again.is_complete == state.is_complete and again.automate == state.automate
        assert again.legal_actions() == state.legal_actions() and again.actor == state.actor


def at_every_point(state: State, act: Callable[[State], None]) -> list[State]:
    """Play ``state`` to the end with ``act``, checking the replay before each action
    and at the end; a copy of the state at each point."""
    points = []
    while True:
        assert_replays(state)
        points.append(copy.deepcopy(state))
        if state.is_complete:
            return points
        act(state)


def resting_at_turn_ups(points: list[State]) -> list[State]:
    """The points where the turn-ups have begun and nobody has chosen yet."""
    return [s for s in points if s.phase is Phase.TURNING_UP
            and not isinstance(s.events[-1], (ev.TurnedUp, ev.TurnUpChosen))]


# ------------------------------------------------------------ scripted hands
def _reaches_the_turn_ups() -> State:
    return State(TURN, [100] * 3, deck=DECK)


def _ended_by_the_turn_ups() -> State:
    # heads-up, both all in on the first round: the dealer deals on to the turn-ups,
    # and the last turn-up deals the fifth card and shows down
    return State(TURN, [6, 6], deck=stud_deck(["2c 9h 8d Jc 4d", "3c Kd 6h Tc 5d"]))


def _folded_before_them() -> State:
    return State(TURN, [100, 100], deck=stud_deck(["2c 9h 8d Jc 4d", "3c Kd 6h Tc 5d"]))


def _fold_on_fourth_street(state: State) -> None:
    if state.street == 2 and state.phase is Phase.BETTING and state.can_bet():
        state.bet()
    elif state.street == 2 and state.phase is Phase.BETTING:
        state.fold()
    else:
        passive_action(state)


SCRIPTS: dict[str, tuple[Callable[[], State], Callable[[State], None], int]] = {
    # name: the hand, how it is played, the points resting at the turn-ups
    "reaches the turn-ups": (_reaches_the_turn_ups, lambda s: passive_action(s, {(3, 1): "3c", (3, 0): "2c"}),
                             1),
    "the turn-ups end it": (_ended_by_the_turn_ups, lambda s: passive_action(s, {(3, 1): "3c"}), 1),
    "folded before them": (_folded_before_them, _fold_on_fourth_street, 0),
}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_a_turn_up_hand_replays_at_every_point_to_the_hand_itself(name: str) -> None:
    make, act, resting = SCRIPTS[name]
    points = at_every_point(make(), act)
    final = points[-1]
    assert final.is_complete and len(resting_at_turn_ups(points)) == resting
    turned = [e for e in final.events if isinstance(e, ev.TurnedUp)]
    if name == "reaches the turn-ups":  # seats 1 and 0 turn theirs up, seat 2 keeps his down
        assert [(e.seat, e.cards) for e in turned] == [(1, (card("3c"),)), (2, ()), (0, (card("2c"),))]
        assert any(isinstance(e, ev.Checked) and e.seat == 1 for e in final.events[-10:])  # bet after them
    elif name == "the turn-ups end it":
        assert final.stacks == [0, 12] and final.events.index(turned[-1]) < len(final.events) - 1
        assert not any(isinstance(e, (ev.Checked, ev.Called, ev.BetMade)) for e in final.events[
            final.events.index(turned[-1]):])  # the last turn-up is the hand's last action
    else:
        assert not turned and final.street == 2 and any(isinstance(e, ev.Folded) for e in final.events)


def test_a_finished_turn_up_hand_replays_finished() -> None:
    make, act, _ = SCRIPTS["reaches the turn-ups"]
    state = make()
    while not state.is_complete:
        act(state)
    history = state.history()
    for strict in (True, False):
        again = history.replay(strict=strict)
        assert again.is_complete and again.stacks == state.stacks and again.events == state.events


# --------------------------------------------------- every turn-up variant, random play
TURN_UP_CASES = [
    (game, i) for game in sorted(GAMES) for i, options in enumerate(OPTIONS[game])
    if any(s.turn_up is not None and s.turn_up.before_deal for s in get_game(game, **options).streets)
]


def _rarely_folding(rng: random.Random) -> Callable[[State], None]:
    def act(state: State) -> None:
        options = state.legal_actions()
        picks = [i for i, o in enumerate(options) if o.action is not Action.FOLD or rng.random() < 0.1]
        take(state, rng, rng.choice(picks or [0]))
    return act


@pytest.mark.parametrize(("game", "variant"), TURN_UP_CASES)
def test_random_turn_up_hands_replay_at_every_point(game: str, variant: int) -> None:
    """Twenty random hands of each variant with turn-ups before a street's cards
    (five-card stud and its five-bets form), checked at every point; most of them
    rest at the turn-ups once."""
    assert len(TURN_UP_CASES) >= 2
    spec = get_game(game, **OPTIONS[game][variant])
    resting = 0
    for seed in range(20):
        rng = random.Random(seed)
        seats = rng.randint(2, 5)
        state = State(spec, [rng.choice([8, 30, 200]) for _ in range(seats)], button=seed % seats, seed=seed)
        resting += len(resting_at_turn_ups(at_every_point(state, _rarely_folding(rng))))
    assert resting >= 10


# ------------------------------------------------------------ hands dealt by hand
def test_a_hand_dealt_by_hand_replays_to_where_it_stopped() -> None:
    """A manual hand that waits on a dealer step that logs something replays to
    that wait, strict or not (without strict the replay used to deal on)."""
    state = State(TURN, [100] * 3, deck=DECK, automate=False)
    state.advance()  # the antes; the deal is due
    history = state.history()
    for strict in (True, False):
        again = history.replay(strict=strict)
        assert again.snapshot() == state.snapshot() and again.automate is False


def test_a_hand_dealt_by_hand_before_the_turn_ups_comes_back_after_their_start() -> None:
    """The log of a manual hand stopped before the start of the turn-ups is the log of
    the hand just after it: the replay takes the step, as the automated hand does."""
    state = State(TURN, [100] * 3, deck=DECK, automate=False)
    while state.phase is not Phase.TURNING_UP:
        if state.phase is Phase.DEALING and state.street == 3:
            before = state.history()
        state.advance() if state.actor is None else passive_action(state)
    for strict in (True, False):
        again = before.replay(strict=strict)
        assert again.snapshot() == state.snapshot() and again.automate is True


@pytest.mark.parametrize("case", [*TURN_UP_CASES, ("seven-card-stud", -1), ("jackpots", 0)])
def test_silent_step_says_which_dealer_steps_log_nothing(case: tuple[str, int]) -> None:
    """State._silent_step (which the replay reads) against the steps themselves, at
    every dealer step of manual random hands; a stud game without an ante posts
    forced bets that log nothing."""
    game, variant = case
    spec = get_game(game, **OPTIONS[game][variant]) if variant >= 0 else get_game(game)
    if variant < 0:
        spec = dataclasses.replace(spec, stakes=dataclasses.replace(spec.stakes, ante=0))
    silent = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = State(spec, [rng.choice([8, 30, 200]) for _ in range(rng.randint(2, 5))], seed=seed,
                      automate=False)
        act = _rarely_folding(rng)
        while not state.is_complete:
            if state.actor is not None:
                act(state)
                continue
            predicted, logged = state._silent_step(), len(state.events)
            state.advance()
            assert predicted == (len(state.events) == logged), (state.phase, state.events[logged:])
            silent += predicted
    assert silent >= 5 if game != "jackpots" else silent == 0


# ------------------------------------------------------------ tampered logs
def _finished_turn_up_document() -> dict[str, Any]:
    make, act, _ = SCRIPTS["reaches the turn-ups"]
    state = make()
    while not state.is_complete:
        act(state)
    return state.history().to_dict()


def _first(doc: dict[str, Any], kind: str) -> int:
    return next(i for i, e in enumerate(doc["events"]) if e["event"] == kind)


def _dealt(doc: dict[str, Any], up: bool, mine: bool) -> str:
    """A card dealt face up (or down) to the first seat to turn up (or to another)."""
    seat = doc["events"][_first(doc, "turn_up")]["seat"]
    return next(e["cards"][0] for e in doc["events"]
                if e["event"] == "deal" and e["up"] is up and (e["seat"] == seat) is mine)


def _turn_up_an_upcard(doc: dict[str, Any]) -> None:
    doc["events"][_first(doc, "turn_up")]["cards"] = [_dealt(doc, True, True)]


def _turn_up_anothers_hole_card(doc: dict[str, Any]) -> None:
    doc["events"][_first(doc, "turn_up")]["cards"] = [_dealt(doc, False, False)]


def _turn_up_out_of_turn(doc: dict[str, Any]) -> None:
    event = doc["events"][_first(doc, "turn_up")]
    event["seat"] = (event["seat"] + 1) % len(doc["starting_stacks"])


def _street_where_the_turn_ups_begin(doc: dict[str, Any]) -> None:
    fifth = next(e for e in doc["events"] if e["event"] == "street" and e["street"] == 3)
    doc["events"].insert(_first(doc, "turn_up"), dict(fifth))


def _fifth_streets_card_changed(doc: dict[str, Any]) -> None:
    turned = max(i for i, e in enumerate(doc["events"]) if e["event"] == "turn_up")
    deal = next(e for e in doc["events"][turned:] if e["event"] == "deal")
    deal["cards"] = [next(c for c in doc["deck"][::-1] if c not in deal["cards"])]


def _close_of_fourth_street_dropped(doc: dict[str, Any]) -> None:
    doc["events"].pop(_first(doc, "turn_up") - 1)


TAMPERS: dict[str, tuple[Callable[[dict[str, Any]], None], bool]] = {
    # name: the edit, whether a replay without strict refuses it too (it checks actions only)
    "the first turn-up dropped": (lambda doc: doc["events"].pop(_first(doc, "turn_up")), True),
    "an upcard turned up": (_turn_up_an_upcard, True),
    "another seat's hole card turned up": (_turn_up_anothers_hole_card, True),
    "a turn-up out of turn": (_turn_up_out_of_turn, True),
    "a street dealt where the turn-ups begin": (_street_where_the_turn_ups_begin, False),
    "the check closing fourth street dropped": (_close_of_fourth_street_dropped, True),
    "a card of fifth street changed": (_fifth_streets_card_changed, False),
}


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_a_log_tampered_around_the_turn_ups_is_refused(name: str) -> None:
    edit, unstrict_refuses = TAMPERS[name]
    doc = _finished_turn_up_document()
    assert History.from_dict(doc).replay().is_complete
    edit(doc)
    saved = copy.deepcopy(doc)
    with pytest.raises(HistoryError, match=r"event \d+"):
        History.from_dict(doc)
    history = History.from_dict(doc, verify=False)
    with pytest.raises(HistoryError, match=r"event \d+"):
        history.replay()
    if unstrict_refuses:
        with pytest.raises(HistoryError, match=r"event \d+"):
            history.replay(strict=False)
    assert doc == saved and History.from_dict(doc, verify=False) == history  # nothing changed


# ------------------------------------------------------------ the session loader
def _session_at_the_turn_ups() -> tuple[Session, State]:
    session = Session(TURN, [100] * 3, seed=4)
    state = session.new_hand()
    while state.phase is not Phase.TURNING_UP:
        passive_action(state)
    return session, state


def test_a_session_saved_at_the_turn_ups_resumes_there() -> None:
    session, state = _session_at_the_turn_ups()
    for step in range(4):  # at the turn-ups, after each one, then on fifth street
        resumed = Session.from_json(session.to_json()).hands[-1]
        assert resumed.snapshot() == state.snapshot() and resumed.automate is True, step
        passive_action(state)


def test_a_session_hand_cut_before_a_dealer_step_is_refused() -> None:
    """Cut after the last turn-up, the log waits on the deal of fifth street: a hand
    replayed alone may (History.replay: a hand dealt by hand), a session's may not."""
    session, state = _session_at_the_turn_ups()
    while state.street == 3 and state.phase is Phase.TURNING_UP:
        passive_action(state)
    doc = json.loads(session.to_json())
    hand = doc["hands"][-1]
    cut = max(i for i, e in enumerate(hand["events"]) if e["event"] == "turn_up") + 1
    del hand["events"][cut:]
    waiting = History.from_dict(hand).replay()
    assert waiting.phase is Phase.DEALING and waiting.automate is False
    saved = copy.deepcopy(doc)
    with pytest.raises(HistoryError, match=r"hands\[0\].*the log stops before a dealer step \(street\), "
                                           "where a session's hand never rests"):
        Session.from_dict(doc)
    assert doc == saved


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_a_session_hand_tampered_around_the_turn_ups_is_refused(name: str) -> None:
    edit, _ = TAMPERS[name]
    session, state = _session_at_the_turn_ups()
    while not state.is_complete:
        passive_action(state, {(3, 1): ev.card_text(state.down[1][0])} if state.down[1] else None)
    doc = json.loads(session.to_json())
    Session.from_dict(copy.deepcopy(doc))  # as saved, it loads
    edit(doc["hands"][-1])
    saved = copy.deepcopy(doc)
    with pytest.raises(HistoryError, match=r"hands\[0\]"):
        Session.from_dict(doc)
    assert doc == saved
