"""A session saved as JSON and resumed (Session.to_json / Session.from_json).

At every point of scripted sessions (before the first hand, after each action of
every hand) the saved session resumes and, played on by the same bot, deals and
plays exactly what the uninterrupted session dealt and played, re-deals of a
passed-out jackpot and new stubs of a draw included; dealer's-choice sessions
come back with their calls.  Documents that are malformed, do not chain, or do
not come from their seeds are refused with HistoryError and build nothing.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splitpot.bots import SimpleBot
from splitpot.dealers_choice import Call, Deal, DealersChoice
from splitpot.engine import events as ev
from splitpot.engine.session import Session
from splitpot.engine.spec import GameSpec
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, HistoryError, IllegalActionError, RuleError
from splitpot.games import GAMES, get_game
from splitpot.house import example_house, house_dealer, house_session

from .test_illegal_exact import full_state
from .test_random_play import OPTIONS, take

Policy = Callable[[State], object]


def _points(session: Session, hands: int, bot: Any) -> list[tuple[str, Any]]:
    """Play ``hands`` hands of ``session`` action by action with ``bot``; the saved
    session and a copy of the bot at every point (before each deal, after each action)."""
    points = [(session.to_json(), copy.deepcopy(bot))]
    while len(session.hands) < hands:
        try:
            state = session.new_hand()
        except RuleError:  # the table broke up
            break
        points.append((session.to_json(), copy.deepcopy(bot)))
        while not state.is_complete:
            bot(state)
            points.append((session.to_json(), copy.deepcopy(bot)))
    return points


def _go_on(session: Session, hands: int, bot: Any) -> None:
    """Finish the current hand, then play up to ``hands`` hands in all, as _points does."""
    while True:
        if session.hands and not session.hands[-1].is_complete:
            state = session.hands[-1]
        elif len(session.hands) < hands:
            try:
                state = session.new_hand()
            except RuleError:
                return
        else:
            return
        while not state.is_complete:
            bot(state)


def _chips(session: Session) -> int:
    if session.hands and not session.hands[-1].is_complete:
        state = session.hands[-1]
        return sum(state.stacks) + state.pot
    return sum(session.hands[-1].stacks if session.hands else session.stacks)


SCRIPTED: list[tuple[str, dict[str, Any], int, int, int]] = [
    # game, options, seats, stack, seed: stud games (turn-ups: a dealer step that logs nothing),
    # draw games with draws, a re-deal, a new stub, a busted seat
    ("seven-card-stud", {}, 3, 60, 2),
    ("five-card-stud", {"turn_up": True}, 3, 40, 1),
    ("jackpots", {}, 4, 60, 1),
    ("california-lowball", {}, 3, 40, 5),
    ("aces-deuces", {}, 3, 40, 3),
    ("lowball", {}, 8, 200, 0),
]


@pytest.mark.parametrize(("game", "options", "seats", "stack", "seed"), SCRIPTED)
def test_a_session_resumed_at_every_point_plays_on_as_the_uninterrupted_one(
    game: str, options: dict[str, Any], seats: int, stack: int, seed: int
) -> None:
    hands = 4
    session = Session(get_game(game, **options), [stack] * seats, seed=seed)
    points = _points(session, hands, SimpleBot(seed=seed))
    assert len(session.hands) == hands
    total = seats * stack
    for text, bot in points:
        resumed = Session.from_json(text)
        assert resumed.to_json() == text  # the document comes back as it was
        assert _chips(resumed) == total
        if resumed.hands:  # the current hand: every attribute, the deck generator's too
            at = len(resumed.hands[-1].events)
            done = len(resumed.hands) - 1
            assert [h.events for h in resumed.hands[:-1]] == [h.events for h in session.hands[:done]]
            assert resumed.hands[-1].events == session.hands[done].events[:at]
        _go_on(resumed, hands, bot)
        assert [h.events for h in resumed.hands] == [h.events for h in session.hands]
        assert [h.stacks for h in resumed.hands] == [h.stacks for h in session.hands]
        assert resumed.button == session.button and _chips(resumed) == total
        assert resumed.to_json() == session.to_json()


def test_the_scripted_sessions_save_before_a_re_deal_and_a_new_stub() -> None:
    """The points above include a save before a re-deal (jackpots) and before a new stub
    (lowball, eight players): the decks the history does not hold come from the hand's seed."""
    seen: set[str] = set()
    for game, options, seats, stack, seed in SCRIPTED:
        session = Session(get_game(game, **options), [stack] * seats, seed=seed)
        session.play(4, SimpleBot(seed=seed))
        for state in session.hands:
            kinds = {type(e) for e in state.events}
            seen.update(k.__name__ for k in kinds & {ev.Redealt, ev.StubReshuffled})
        if game == "jackpots":
            assert 0 in session.hands[-1].starting_stacks or 0 in session.hands[-1].stacks  # a seat busted
    assert seen == {"Redealt", "StubReshuffled"}


def test_a_hand_resumed_mid_hand_is_the_same_state_as_the_original() -> None:
    session = Session(get_game("jackpots"), [60] * 4, seed=1)
    bot = SimpleBot(seed=1)
    for _ in range(3):
        state = session.new_hand()
        while not state.is_complete:
            restored = Session.from_json(session.to_json()).hands[-1]
            assert full_state(restored) == full_state(state)
            assert restored.legal_actions() == state.legal_actions()
            bot(state)


def test_a_hand_dealt_from_a_given_deck_is_saved_with_no_seed() -> None:
    spec = get_game("seven-card-stud")
    session = Session(spec, [50, 50], seed=8)
    session.play(1, SimpleBot(seed=1))
    deck = list(range(52))
    state = session.new_hand(deck=deck)
    state.bring_in()
    doc = session.to_dict()
    assert doc["seeds"][1] is None and isinstance(doc["seeds"][0], int)
    resumed = Session.from_dict(json.loads(json.dumps(doc)))
    assert resumed.hands[-1].events == state.events and resumed.hands[-1].deck_order == tuple(deck)
    _go_on(session, 4, SimpleBot(seed=2))
    _go_on(resumed, 4, SimpleBot(seed=2))
    assert [h.events for h in resumed.hands] == [h.events for h in session.hands]


GAME_NAMES = sorted(GAMES)


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(GAME_NAMES),
    variant=st.integers(0, 4),
    seed=st.integers(0, 2**32),
    stop=st.integers(0, 150),
    stack=st.sampled_from([5, 30, 120]),
)
def test_any_game_saved_at_any_point_resumes_to_the_same_session(
    game: str, variant: int, seed: int, stop: int, stack: int
) -> None:
    spec = get_game(game, **OPTIONS[game][variant % len(OPTIONS[game])])
    rng = random.Random(seed)
    seats = rng.randint(spec.min_players, min(spec.max_players, 6))
    stacks = [rng.choice([stack, stack * 2]) for _ in range(seats)]

    def random_policy(moves: random.Random) -> Policy:
        return lambda state: take(state, moves)

    hands = 4
    session = Session(spec, stacks, button=seed % seats, seed=seed)
    moves = random.Random(seed + 1)
    saved: tuple[str, random.Random] | None = None
    done = 0
    while len(session.hands) < hands and saved is None:
        try:
            state = session.new_hand()
        except RuleError:
            break
        while not state.is_complete:
            if done == stop:
                saved = (session.to_json(), copy.deepcopy(moves))
                break
            take(state, moves)
            done += 1
    if saved is None:
        saved = (session.to_json(), copy.deepcopy(moves))
    _go_on(session, hands, random_policy(moves))
    resumed = Session.from_json(saved[0])
    assert _chips(resumed) == sum(stacks)
    _go_on(resumed, hands, random_policy(saved[1]))
    assert [h.events for h in resumed.hands] == [h.events for h in session.hands]
    assert [h.stacks for h in resumed.hands] == [h.stacks for h in session.hands]
    assert _chips(resumed) == sum(stacks) == _chips(session)
    assert resumed.to_json() == session.to_json()


# ---------------------------------------------------------------- dealer's choice


def test_a_dealers_choice_session_resumes_at_every_point_with_its_calls() -> None:
    """The computer dealer of a house list, built anew and asked again (ask_dealers),
    calls on as it would have: the same games, the same cards."""
    house, seed, hands = example_house(), 6, 5
    session = house_session(house, [60] * 4, seed=seed)
    points = _points(session, hands, SimpleBot(seed=seed))
    assert len({h.spec.name for h in session.hands}) > 1
    for text, bot in points:
        resumed = DealersChoice.from_json(text, dealer=house_dealer(house, seed), ask_dealers=True)
        assert resumed.calls == session.calls[: len(resumed.hands)]
        assert [h.game_call for h in resumed.hands] == resumed.calls
        _go_on(resumed, hands, bot)
        assert [h.events for h in resumed.hands] == [h.events for h in session.hands]
        assert resumed.calls == session.calls and resumed.to_json() == session.to_json()


def _rotating(deal: Deal) -> Call:
    """A dealer who calls by the deal's number: lowball, jackpots, stud in turn."""
    games = ["lowball", "jackpots", "five-card-stud-last-down"]
    return Call(game=games[deal.number % 3], options={"wild": "2"} if deal.number % 3 == 2 else {})


def test_a_dealers_choice_session_resumes_with_a_dealer_given_anew() -> None:
    session = DealersChoice([40, 40, 40], dealer=_rotating, seed=2)
    session.play(2, SimpleBot(seed=2))
    state = session.new_hand()
    SimpleBot(seed=9)(state)
    text = session.to_json()
    resumed = DealersChoice.from_json(text, dealer=_rotating)
    assert resumed.calls == session.calls and resumed.hands[-1].events == state.events
    _go_on(session, 5, SimpleBot(seed=3))
    _go_on(resumed, 5, SimpleBot(seed=3))
    assert [h.events for h in resumed.hands] == [h.events for h in session.hands]
    assert [h.game_call for h in resumed.hands] == session.calls


def test_dealers_choice_and_one_game_documents_are_not_mixed_up() -> None:
    dc = DealersChoice([40, 40], dealer=_rotating, seed=1)
    dc.play(1, SimpleBot(seed=1))
    plain = Session(get_game("lowball"), [40, 40], seed=1)
    plain.play(1, SimpleBot(seed=1))
    with pytest.raises(HistoryError, match=r"dealer's-choice session; resume it with .*DealersChoice"):
        Session.from_json(dc.to_json())
    with pytest.raises(HistoryError, match=r"a session of one game; resume it with .*Session\.from_dict"):
        DealersChoice.from_json(plain.to_json(), dealer=_rotating)
    with pytest.raises(ArgumentTypeError, match="needs dealer= with ask_dealers=True"):
        DealersChoice.from_json(dc.to_json(), ask_dealers=True)
    with pytest.raises(HistoryError, match=r"hands\[0\]: call: the dealer of seat 0 calls lowball now; "
                       "the document records jackpots"):
        DealersChoice.from_json(dc.to_json(), dealer=lambda deal: Call(game="lowball"), ask_dealers=True)
    doc = dc.to_dict()
    del doc["hands"][0]["call"]
    with pytest.raises(HistoryError, match=r"hands\[0\]: call: missing"):
        DealersChoice.from_dict(doc, dealer=_rotating)


# ---------------------------------------------------------------- bad documents


def _saved(hands: int = 3, finish: bool = True) -> tuple[Session, dict[str, Any]]:
    session = Session(get_game("seven-card-stud"), [40, 40, 40], seed=7)
    session.play(hands, SimpleBot(seed=7))
    if not finish:
        state = session.new_hand()
        state.bring_in()
    return session, session.to_dict()


def test_a_truncated_document_is_refused() -> None:
    text = _saved()[0].to_json()
    for cut in range(0, len(text), max(1, len(text) // 97)):
        with pytest.raises(HistoryError, match="not a JSON document"):
            Session.from_json(text[:cut])


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("session",), 2, "session: version 2; this splitpot reads version 1"),
        (("session",), "1", "session: must be 1, got str '1'"),
        (("starting_stacks",), "40 40 40", "starting_stacks: must be an array, got str"),
        (("starting_stacks", 1), 40.0, r"starting_stacks\[1\]: must be an integer, got float 40.0"),
        (("button",), -1, "button: must be >= 0, got -1"),
        (("button",), 3, "the table: button must be"),
        (("rng",), None, "rng: must be an object, got NoneType"),
        (("rng", "start", 0), 2, r"rng.start\[0\]: must be 3, got int 2"),
        (("rng", "start", 1, 5), 2**32, r"rng.start: not a state of random.Random"),
        (("rng", "now", 1, 624), 625, r"rng.now: not a state of random.Random"),
        (("rng", "now", 1), [1, 2], r"rng.now: not a state of random.Random"),
        (("rng", "start", 2), "x", "rng.start: its third item is a float or null, got str 'x'"),
        (("hands",), {}, "hands: must be an array, got dict"),
        (("hands", 0), [], r"hands\[0\]: must be an object, got list"),
        (("seeds", 1), 1.5, r"seeds\[1\]: must be an integer, got float 1.5"),
        (("seeds", 1), True, r"seeds\[1\]: must be an integer, got bool True"),
        (("seeds", 1), 2**63, r"seeds\[1\]: a hand's seed is below 2\*\*63, got 9223372036854775808"),
        (("seeds",), [1, 2], "seeds: 2 seeds for 3 hands"),
        (("hands", 2, "events", 4, "seat"), "0", r"hands\[2\]: event 4 \(deal\): seat: must be an integer"),
        (("game",), "lowball", "game: 'lowball' is not the spec's game 'seven-card-stud'"),
        (("spec", "name"), 7, "spec.name: must be a string"),
    ],
)
def test_a_document_with_a_wrong_field_is_refused(path: tuple[Any, ...], value: Any, message: str) -> None:
    _, doc = _saved()
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(HistoryError, match=message):
        Session.from_dict(doc)
    with pytest.raises(HistoryError, match=message):
        Session.from_json(json.dumps(doc))


def test_hands_that_do_not_chain_are_refused() -> None:
    _, doc = _saved()
    moved = copy.deepcopy(doc)
    stacks = moved["hands"][2]["starting_stacks"]
    stacks[0], stacks[1] = stacks[0] + 1, stacks[1] - 1
    with pytest.raises(HistoryError, match=r"hands\[2\]: starting_stacks .* are not the final stacks of "
                       r"hands\[1\], .*: the hands do not chain"):
        Session.from_dict(moved)
    first = copy.deepcopy(doc)
    first["starting_stacks"] = [41, 39, 40]
    with pytest.raises(HistoryError, match=r"hands\[0\]: starting_stacks \[40, 40, 40\] are not the "
                       r"session's starting stacks, \[41, 39, 40\]"):
        Session.from_dict(first)
    button = copy.deepcopy(doc)
    button["hands"][1]["button"] = 2
    with pytest.raises(HistoryError, match=r"hands\[1\]: button: seat 2, but the button is at seat 1"):
        Session.from_dict(button)
    swapped = copy.deepcopy(doc)
    swapped["hands"][1], swapped["hands"][2] = swapped["hands"][2], swapped["hands"][1]
    with pytest.raises(HistoryError, match=r"hands\[1\]: "):
        Session.from_dict(swapped)
    unfinished = copy.deepcopy(doc)
    unfinished["hands"][0]["events"] = unfinished["hands"][0]["events"][:12]
    with pytest.raises(HistoryError, match=r"hands\[1\]: hand 0 is not finished, yet another follows"):
        Session.from_dict(unfinished)


def test_a_tampered_seed_state_or_seed_or_deck_is_refused() -> None:
    _, doc = _saved(finish=False)
    for word, message in [(3, r"hands\[0\]: seed: \d+ is not the seed the session's rng gives"),
                          (100, "rng: now is not where start leads once the hands' seeds are drawn")]:
        rng = copy.deepcopy(doc)
        rng["rng"]["start"][1][word] ^= 0x100
        with pytest.raises(HistoryError, match=message):
            Session.from_dict(rng)
    now = copy.deepcopy(doc)
    now["rng"]["now"] = doc["rng"]["start"]
    with pytest.raises(HistoryError, match="rng: now is not where start leads"):
        Session.from_dict(now)
    seed = copy.deepcopy(doc)
    seed["seeds"][3] += 1
    with pytest.raises(HistoryError, match=r"hands\[3\]: seed: \d+ is not the seed"):
        Session.from_dict(seed)
    deck = copy.deepcopy(doc)
    cards = deck["hands"][1]["deck"]
    cards[-1], cards[-2] = cards[-2], cards[-1]  # cards never dealt: the history alone replays
    with pytest.raises(HistoryError, match=r"hands\[1\]: deck: not the deck that seed \d+ deals"):
        Session.from_dict(deck)
    spec = copy.deepcopy(doc)
    spec["hands"][2]["spec"] = get_game("seven-card-stud", open_pair=True).to_dict()
    with pytest.raises(HistoryError, match=r"hands\[2\]: spec: the session deals seven-card-stud, the hand "
                       "is another spec of it"):
        Session.from_dict(spec)


def test_the_wrong_argument_types_are_refused() -> None:
    session, doc = _saved()
    with pytest.raises(ArgumentTypeError, match="a session is JSON text, got dict"):
        Session.from_json(doc)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="this is already a Session"):
        Session.from_dict(session)
    with pytest.raises(HistoryError, match="the session: must be an object, got list"):
        Session.from_dict([doc])


def test_mutated_documents_load_alike_or_are_refused_with_history_error() -> None:
    """Random mutations of a mid-hand document: loaded, they give a session that saves to
    that document again; otherwise HistoryError, never another exception."""
    from history_mutations import mutate

    _, doc = _saved(hands=2, finish=False)
    rng = random.Random(11)
    refused = 0
    for _ in range(300):
        bad = mutate(copy.deepcopy(doc), rng)
        try:
            loaded = Session.from_dict(bad)
        except HistoryError:
            refused += 1
            continue
        assert loaded.to_dict() == Session.from_dict(loaded.to_dict()).to_dict()
    assert refused > 250


def test_a_failed_deal_draws_no_seed() -> None:
    """A hand refused at the deal leaves the seeds' source as it was (else the saved
    seeds would no longer follow from it)."""
    spec = get_game("seven-card-stud")
    with pytest.raises(RuleError, match="needs 2 to 8 players with chips, got 9"):  # refused up front
        Session(spec, [10] * 9, seed=3)
    session = Session(spec, [10] * 8 + [0], seed=3)
    with pytest.raises(RuleError, match="seats at most 8 players with chips; seat 8 would make 9"):
        session.set_stack(8, 10)
    session._changes[0] = {8: 10}  # a table changed from outside, as set_stack refuses to
    with pytest.raises(RuleError, match="players with chips"):
        session.new_hand()
    del session._changes[0]
    session.play(2, SimpleBot(seed=1))
    again = Session(spec, [10] * 8 + [0], seed=3)
    again.play(2, SimpleBot(seed=1))
    assert [h.events for h in session.hands] == [h.events for h in again.hands]
    assert Session.from_json(session.to_json()).to_json() == session.to_json()


def test_a_session_saves_and_resumes_before_any_hand() -> None:
    session = Session(get_game("mexican-stud"), [30, 0, 30], button=1, seed=None)
    resumed = Session.from_json(session.to_json())
    ours, theirs = session.play(3, SimpleBot(seed=1)), resumed.play(3, SimpleBot(seed=1))
    assert [h.events for h in ours] == [h.events for h in theirs] and ours[0].button == 2
    assert isinstance(resumed.spec, GameSpec) and resumed.spec == session.spec


def test_a_session_resumed_between_hands_stands_where_play_left_it() -> None:
    """Stacks, button and whether it can go on: here a seat has busted and the table
    broke up, so the resumed session plays no more hands either."""
    session = Session(get_game("seven-card-stud"), [6, 6], seed=4)
    played = session.play(50, SimpleBot(seed=4))
    assert 0 < len(played) < 50 and not session.can_continue
    resumed = Session.from_json(session.to_json())
    assert (resumed.stacks, resumed.button, resumed.can_continue) == (session.stacks, session.button, False)
    assert resumed.play(1, SimpleBot(seed=4)) == []


def test_a_session_whose_hands_were_changed_from_outside_is_not_saved() -> None:
    session = Session(get_game("lowball"), [30, 30], seed=2)
    session.play(2, SimpleBot(seed=2))
    session.hands.pop()
    with pytest.raises(RuleError, match="holds 1 hands but dealt 2: its hands list was changed from outside"):
        session.to_json()


def test_ask_dealers_must_be_a_bool() -> None:
    text = DealersChoice([40, 40], dealer=_rotating, seed=1).to_json()
    with pytest.raises(ArgumentTypeError, match="ask_dealers must be a bool, got int 1"):
        DealersChoice.from_json(text, dealer=_rotating, ask_dealers=1)  # type: ignore[arg-type]
    assert DealersChoice.from_json(text, dealer=_rotating).hands == []


def test_the_stacks_follow_a_hand_played_by_hand() -> None:
    """Was: after a hand dealt by new_hand() and played by its own actions, stacks and
    can_continue still read the hand's start (the next new_hand() then refused)."""
    session = Session(get_game("seven-card-stud"), [100, 3], seed=2)
    hand = session.new_hand()
    while not hand.is_complete:
        hand.bring_in() if hand.can_bring_in() else hand.call() if hand.can_call() else hand.check()
    assert session.stacks == list(hand.stacks) and sum(session.stacks) == 103
    assert session.can_continue == (0 not in hand.stacks)
    with pytest.raises(ArgumentTypeError, match=r"set_stack\(seat, chips\)"):
        session.stacks = [100, 100]  # type: ignore[misc]


def test_set_stack_rebuys_seats_and_unseats_and_is_saved() -> None:
    session = Session(get_game("lowball"), [50, 50, 0, 50], seed=4)
    session.play(1, SimpleBot(seed=4))
    after = session.stacks
    session.set_stack(0, after[0] + 100)  # a top-up
    session.set_stack(2, 80)  # a player sits down
    session.set_stack(3, 0)  # one leaves
    assert session.stacks == [after[0] + 100, after[1], 80, 0]
    hand = session.new_hand()
    assert list(hand.starting_stacks) == [after[0] + 100, after[1], 80, 0]
    assert hand.button == 1 and 3 not in hand.active  # the button moved on; seat 3 sits out
    bot = SimpleBot(seed=5)
    while not hand.is_complete:
        bot(hand)
    session.play(3, bot)
    saved = session.to_json()
    assert json.loads(saved)["stack_changes"] == [[1, 0, after[0] + 100], [1, 2, 80], [1, 3, 0]]
    resumed = Session.from_json(saved)
    assert resumed.stacks == session.stacks and resumed.to_json() == saved
    assert [h.events for h in resumed.play(2, SimpleBot(seed=6))] == [
        h.events for h in session.play(2, SimpleBot(seed=6))]


def test_set_stack_refuses_mid_hand_and_bad_values_and_changes_nothing() -> None:
    session = Session(get_game("seven-card-stud"), [60, 60, 0], seed=1)
    with pytest.raises(RuleError, match="seats at most 8"):
        Session(get_game("seven-card-stud"), [60] * 8 + [0], seed=1).set_stack(8, 5)
    for seat, chips, error, said in [
        (3, 10, RuleError, r"seat must be in 0\.\.2, got 3"),
        (-1, 10, RuleError, r"seat must be in 0\.\.2"),
        (0, -5, RuleError, r"chips must be >= 0, got -5"),
        (0, 2.5, ArgumentTypeError, "chips must be an int"),
        (True, 10, ArgumentTypeError, "seat must be an int"),
    ]:
        with pytest.raises(error, match=said):
            session.set_stack(seat, chips)  # type: ignore[arg-type]
    assert session.stacks == [60, 60, 0] and session.to_dict().get("stack_changes") is None
    session.new_hand()
    with pytest.raises(IllegalActionError, match="Finish the current hand"):
        session.set_stack(2, 10)
    assert session.stacks == [60, 60, 0]


def test_a_tampered_stack_change_is_refused() -> None:
    session = Session(get_game("lowball"), [50, 50, 0], seed=2)
    session.set_stack(2, 40)
    session.play(1, SimpleBot(seed=2))
    doc = session.to_dict()
    assert doc["stack_changes"] == [[0, 2, 40]] and doc["starting_stacks"] == [50, 50, 40]
    doc["stack_changes"] = [[0, 5, 40]]
    with pytest.raises(HistoryError, match=r"stack_changes\[0\]: no hand 0 or no seat 5"):
        Session.from_dict(doc)
    doc["stack_changes"] = [[0, 2, 30]]
    with pytest.raises(HistoryError, match="with the stack_changes before it"):
        Session.from_dict(doc)


def test_a_dealers_choice_session_takes_a_rebuy_too() -> None:
    from splitpot.house import example_house, house_dealer, house_session

    session = house_session(example_house(), [60, 60, 60], seed=3)
    session.play(2, SimpleBot(seed=3))
    session.set_stack(1, 200)
    assert session.deal().stacks[1] == 200
    session.play(1, SimpleBot(seed=3))
    resumed = DealersChoice.from_json(session.to_json(), dealer=house_dealer(example_house(), 3),
                                      ask_dealers=True)
    assert resumed.stacks == session.stacks and resumed.hands[2].starting_stacks[1] == 200


@pytest.mark.parametrize("name", sorted(GAMES))
def test_to_dict_is_json_ready_it_equals_its_json_read_back(name: str) -> None:
    """Was: the spec's streets and options were tuples and its enums members, so a history's
    to_dict() differed from the same dict sent through JSON (a server comparing them saw a change)."""
    session = Session(get_game(name), [40, 40, 40], seed=1)
    session.play(2, SimpleBot(seed=1))
    for doc in [session.to_dict(), *(hand.history().to_dict() for hand in session.hands)]:
        assert json.loads(json.dumps(doc)) == doc


def test_a_dealers_choice_document_is_json_ready() -> None:
    from splitpot.house import example_house, house_session

    session = house_session(example_house(), [60, 60, 60], seed=3)
    session.play(3, SimpleBot(seed=3))
    doc = session.to_dict()
    assert json.loads(json.dumps(doc)) == doc


def test_stack_changes_are_checked_when_read() -> None:
    session = Session(get_game("lowball"), [50, 50, 0], seed=2)
    session.play(1, SimpleBot(seed=2))
    session.set_stack(2, 40)
    doc = session.to_dict()
    doc["stack_changes"] = [[1, 2, 40], [1, 2, 30]]
    with pytest.raises(HistoryError, match=r"stack_changes\[1\]: seat 2 changed twice before hand 1"):
        Session.from_dict(doc)
    session.new_hand()  # a hand in progress, then a change saved before the next: impossible
    doc = session.to_dict()
    doc["stack_changes"] = [[1, 2, 40], [2, 0, 99]]
    with pytest.raises(HistoryError, match="a change after hand 2, which is not finished"):
        Session.from_dict(doc)


def test_a_session_pickled_with_its_stacks_as_an_attribute_reads_them() -> None:
    import pickle

    session = Session(get_game("lowball"), [50, 50], seed=2)
    old = {key: value for key, value in session.__dict__.items() if key not in ("_stacks", "_changes")}
    old["stacks"] = [50, 50]  # as before set_stack: an attribute
    revived = Session.__new__(Session)
    revived.__setstate__(old)
    assert revived.stacks == [50, 50] and revived.can_continue
    assert pickle.loads(pickle.dumps(session)).stacks == [50, 50]


def test_stack_changes_read_back_seat_no_more_players_than_the_game() -> None:
    session = Session(get_game("seven-card-stud"), [50] * 8 + [0], seed=1)
    session.play(1, SimpleBot(seed=1))
    doc = session.to_dict()
    doc["stack_changes"] = [[1, 8, 50]]  # set_stack refuses it: a ninth player with chips
    with pytest.raises(HistoryError, match="stack_changes: 9 players with chips for hand 1; seven-card-stud "
                       "seats at most 8"):
        Session.from_dict(doc)


# ------------------------------------------------------------- carrying on in a fresh session


def _same_hands(a: list[State], b: list[State]) -> None:
    assert [h.button for h in a] == [h.button for h in b]
    assert [h.deck_order for h in a] == [h.deck_order for h in b]
    assert [h.starting_stacks for h in a] == [h.starting_stacks for h in b]
    assert [h.events for h in a] == [h.events for h in b]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_session_carried_on_deals_what_the_original_would_have_dealt(game: str) -> None:
    """carry_on starts a session with no hands that deals on exactly as the original: the same
    stacks, button, cards and (played by twin bots) actions, with a seat that left and one that
    sat down between hands; it saves small and resumes as it stands."""
    spec = get_game(game)
    seats = min(5, spec.max_players)
    session = Session(spec, [200] * (seats - 1) + [0], seed=11)
    played = len(session.play(3, SimpleBot(seed=3)))
    session.set_stack(seats - 1, 50)  # a player sits down for the next hand
    fresh = session.carry_on()
    assert fresh.hands == [] and fresh.hands_before == played and fresh.stacks == session.stacks
    assert session.to_dict()["hands"] and "hands_before" not in session.to_dict()
    doc = fresh.to_dict()
    assert doc["hands"] == [] and doc["hands_before"] == played and doc["starting_stacks"] == session.stacks
    resumed = Session.from_json(fresh.to_json())
    assert resumed.hands_before == played
    bot = SimpleBot(seed=8)
    twins = [copy.deepcopy(bot) for _ in range(2)]
    later = session.play(4, bot)
    assert later
    _same_hands(later, fresh.play(4, twins[0]))
    _same_hands(later, resumed.play(4, twins[1]))
    assert fresh.stacks == session.stacks == resumed.stacks
    if session.can_continue:  # a carried-on session carries on in turn
        again = fresh.carry_on()
        assert again.hands_before == len(session.hands)
        assert again.new_hand().deck_order == session.new_hand().deck_order


def test_a_dealers_choice_carried_on_calls_what_the_original_would_have_called() -> None:
    """A dealer policy that reads the deal's number calls on from where the table stood."""
    rotation = [Call(game="seven-card-stud"), Call(game="jackpots"), Call(game="mexican-stud"),
                Call(game="aces-deuces"), Call(game="california-lowball")]

    def dealer(deal: Deal) -> Call:
        return rotation[(deal.number - 1) % len(rotation)]

    session = DealersChoice([60] * 4, dealer=dealer, seed=2)
    session.play(3, SimpleBot(seed=1))
    fresh = session.carry_on()
    assert fresh.deal().number == session.deal().number == 4 and fresh.calls == []
    resumed = DealersChoice.from_json(fresh.to_json(), dealer=dealer)
    bot = SimpleBot(seed=5)
    twins = [copy.deepcopy(bot) for _ in range(2)]
    later = session.play(4, bot)
    assert [h.game_call for h in later] == rotation[3:] + rotation[:2]
    _same_hands(later, fresh.play(4, twins[0]))
    _same_hands(later, resumed.play(4, twins[1]))
    assert resumed.calls == fresh.calls == session.calls[3:]


def test_carry_on_waits_for_the_hand_and_for_players() -> None:
    session = Session(get_game("seven-card-stud"), [30, 30], seed=4)
    hand = session.new_hand()
    with pytest.raises(IllegalActionError, match="Finish the current hand"):
        session.carry_on()
    while not hand.is_complete:
        hand.fold() if hand.can_fold() else hand.act(hand.actor, "bring_in")
    session.set_stack(hand.stacks.index(max(hand.stacks)), 0)  # the winner leaves: one player left
    with pytest.raises(RuleError, match="Too few players"):
        session.carry_on()


def test_a_long_session_carried_on_saves_small() -> None:
    session = Session(get_game("seven-card-stud"), [1000] * 6, seed=1)
    session.play(30, SimpleBot(seed=1))
    fresh = session.carry_on()
    assert len(fresh.to_json()) * 10 < len(session.to_json())
    doc = fresh.to_dict()
    doc["hands_before"] = -1
    with pytest.raises(HistoryError, match="hands_before"):
        Session.from_dict(doc)
    old = {k: v for k, v in vars(fresh).items() if k != "hands_before"}
    unpickled = Session.__new__(Session)
    unpickled.__setstate__(old)  # pickled before carry_on: no table before it
    assert unpickled.hands_before == 0


def test_a_carried_on_dealers_choice_resumes_asking_a_house_dealer_restored_as_it_stood() -> None:
    """carry_on's document replays only its own deals: ``ask_dealers=True`` needs the house
    dealer's stream saved (HouseDealer.to_dict) when carrying on; one built anew is refused."""
    from splitpot.house import HouseDealer

    house = example_house()
    dealer = house_dealer(house, 7)
    session = DealersChoice([200] * 3, dealer=dealer, seed=7)
    session.play(3, SimpleBot(seed=7))
    saved = dealer.to_dict()
    fresh = session.carry_on()
    fresh.play(2, SimpleBot(seed=8))
    text = fresh.to_json()
    with pytest.raises(HistoryError, match="call"):
        DealersChoice.from_json(text, dealer=house_dealer(house, 7), ask_dealers=True)
    resumed = DealersChoice.from_json(text, dealer=HouseDealer.from_dict(saved), ask_dealers=True)
    assert resumed.calls == fresh.calls and resumed.hands_before == 3
