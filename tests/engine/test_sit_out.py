"""A player with chips sits out hands and comes back (Session.sit_out / sit_in).

Between hands only; a seat sitting out is dealt no cards, keeps its chips, pays
no ante or blind (and owes none when it comes back), and the button passes it
as it passes an empty seat.  Too few players dealt in stop the deals without
ending the session.  Who sits out is saved with the session and resumed; a
document saved before there was sitting out loads as before, and one whose
sitting out does not match its hands is refused.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splitpot.bots import SimpleBot
from splitpot.cli import main
from splitpot.dealers_choice import Call, DealersChoice
from splitpot.engine import events as ev
from splitpot.engine.session import Session
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, HistoryError, IllegalActionError, RuleError
from splitpot.games import get_game


def _dealt_in_order(button: int, seats: int, out: set[int], empty: set[int] = frozenset()) -> list[int]:
    """The seats dealt in, from the button clockwise (the test's own reading of the rules)."""
    return [(button + i) % seats for i in range(seats) if (button + i) % seats not in out | empty]


def _seats_named(state: State) -> set[int]:
    """Every seat an event of the hand names."""
    return {e.seat for e in state.events if getattr(e, "seat", None) is not None}


def _play_hand(session: Session, bot: SimpleBot) -> State:
    state = session.new_hand()
    while not state.is_complete:
        bot(state)
    return state


def test_a_player_sits_out_keeping_his_chips_and_comes_back() -> None:
    session = Session(get_game("seven-card-stud"), [100, 100, 100, 100], seed=5)
    bot = SimpleBot(seed=5)
    session.play(1, bot)
    before = session.stacks
    session.sit_out(2)
    assert session.sitting_out == frozenset({2})
    hands = session.play(3, bot)
    assert len(hands) == 3
    for hand in hands:
        assert hand.starting_stacks[2] == 0 and not hand.in_hand[2]
        assert hand.down[2] == [] and hand.up[2] == []  # no cards
        assert 2 not in _seats_named(hand)  # no ante, no action, no award
        assert session.stacks[2] == before[2]
    assert sum(session.stacks) == 400
    session.sit_in(2)
    assert session.sitting_out == frozenset()
    back = _play_hand(session, bot)
    assert back.starting_stacks[2] == before[2] and 2 in _seats_named(back)
    assert sum(session.stacks) == 400


def test_sitting_out_is_refused_mid_hand_and_nothing_changes() -> None:
    session = Session(get_game("lowball"), [60, 60, 60], seed=3)
    session.sit_out(1)
    state = session.new_hand()
    saved = session.to_json()
    for call, seat in [(session.sit_out, 0), (session.sit_in, 1), (session.sit_out, 1), (session.sit_in, 0)]:
        with pytest.raises(IllegalActionError, match="Finish the current hand"):
            call(seat)
    assert session.sitting_out == frozenset({1}) and session.to_json() == saved
    assert session.stacks == [60, 60, 60]  # during the hand: what each had, the seat out included
    bot = SimpleBot(seed=3)
    while not state.is_complete:
        bot(state)
    session.sit_in(1)
    assert session.sitting_out == frozenset()


@pytest.mark.parametrize(
    ("seats", "button", "out", "hands"),
    [(5, 0, {1, 2}, 6), (4, 1, {1}, 4), (6, 3, {4, 5, 0}, 5), (3, 0, {2}, 4)],
)
def test_the_button_passes_seats_sitting_out(seats: int, button: int, out: set[int], hands: int) -> None:
    session = Session(get_game("lowball"), [500] * seats, button=button, seed=7)
    for seat in out:
        session.sit_out(seat)
    played = session.play(hands, SimpleBot(seed=7))
    order = _dealt_in_order(button, seats, out)  # the first button: the given one, or the next dealt in
    assert [h.button for h in played] == [order[i % len(order)] for i in range(hands)]


def test_the_button_passes_a_player_who_sits_out_after_it_reached_him() -> None:
    session = Session(get_game("lowball"), [500] * 4, seed=2)
    bot = SimpleBot(seed=2)
    assert _play_hand(session, bot).button == 0
    session.sit_out(1)  # next to deal: passed
    assert _play_hand(session, bot).button == 2
    session.sit_in(1)  # back after his turn: the button goes on from seat 2
    session.sit_out(3)
    assert [_play_hand(session, bot).button for _ in range(3)] == [0, 1, 2]


def test_antes_are_paid_by_the_players_dealt_in_only() -> None:
    session = Session(get_game("seven-card-stud"), [80] * 5, seed=11)
    session.sit_out(0)
    session.sit_out(3)
    bot = SimpleBot(seed=11)
    for _ in range(4):
        hand = _play_hand(session, bot)
        antes = [e.seat for e in hand.events if isinstance(e, ev.AntePosted)]
        assert sorted(antes) == [1, 2, 4]
        assert session.stacks[0] == 80 and session.stacks[3] == 80


def test_blinds_pass_a_player_sitting_out_and_he_owes_none_when_back() -> None:
    game = get_game("california-lowball")
    session = Session(game, [300] * 5, seed=4)
    bot = SimpleBot(seed=4)
    blinds_at_full_table = None
    for k in range(8):
        out = {1} if k in (1, 2, 3) else set()
        for seat in range(5):
            (session.sit_out if seat in out else session.sit_in)(seat)
        hand = _play_hand(session, bot)
        blinds = [e.seat for e in hand.events if isinstance(e, ev.BlindPosted)]
        order = _dealt_in_order(hand.button, 5, out)
        assert blinds == order[: len(blinds)], (k, hand.button, blinds)  # the dealer, then at his left
        assert 1 not in blinds or not out
        if not out:
            blinds_at_full_table = blinds_at_full_table or len(blinds)
            assert len(blinds) == blinds_at_full_table  # back: the usual blinds, no missed-blind debt
    assert sum(session.stacks) == 1500


@pytest.mark.parametrize(
    "game", ["seven-card-stud", "jackpots", "california-lowball", "seven-card-stud-high-low", "aces-deuces"]
)
def test_chips_are_conserved_and_kept_over_many_hands_with_random_sit_outs(game: str) -> None:
    rng = random.Random(game)
    seats = 5
    session = Session(get_game(game), [120] * seats, seed=rng.randrange(1000))
    bot = SimpleBot(seed=1)
    total = sum(session.stacks)
    resumed_once = False
    for _ in range(40):
        for seat in range(seats):
            if session.stacks[seat] and rng.random() < 0.25:
                (session.sit_in if seat in session.sitting_out else session.sit_out)(seat)
        if not session.can_continue:
            with pytest.raises(RuleError):
                session.new_hand()
            if sum(1 for chips in session.stacks if chips) < 2:
                break
            for seat in sorted(session.sitting_out):
                session.sit_in(seat)
        before, out = session.stacks, session.sitting_out
        hand = _play_hand(session, bot)
        assert out == session.sitting_out
        for seat in out:
            assert hand.starting_stacks[seat] == 0 and session.stacks[seat] == before[seat]
        assert [hand.starting_stacks[s] for s in range(seats) if s not in out] == [
            before[s] for s in range(seats) if s not in out]
        assert sum(session.stacks) == total
        if not resumed_once and out:
            resumed = Session.from_json(session.to_json())
            assert resumed.to_dict() == session.to_dict() and resumed.sitting_out == out
            resumed_once = True
    assert resumed_once
    resumed = Session.from_json(session.to_json())
    assert resumed.stacks == session.stacks and resumed.sitting_out == session.sitting_out


def test_a_session_saved_mid_hand_and_between_hands_resumes_who_sits_out() -> None:
    session = Session(get_game("jackpots"), [90] * 5, seed=8)
    bot = SimpleBot(seed=8)
    session.play(2, bot)
    session.sit_out(4)
    session.play(2, bot)
    session.sit_out(0)
    session.sit_in(4)
    doc = session.to_dict()
    assert doc["sitting_out"] == [[2, [4]], [4, [0]]]
    between = Session.from_dict(json.loads(json.dumps(doc)))
    assert between.sitting_out == frozenset({0}) and between.stacks == session.stacks
    state = session.new_hand()
    for _ in range(3):
        bot(state)
    copy_bot = copy.deepcopy(bot)
    mid = Session.from_json(session.to_json())
    assert mid.sitting_out == frozenset({0}) and not mid.hands[-1].is_complete
    assert mid.stacks == session.stacks
    for one, other in [(session, bot), (mid, copy_bot)]:
        while not one.hands[-1].is_complete:
            other(one.hands[-1])
    assert [h.events for h in session.play(3, bot)] == [h.events for h in mid.play(3, copy_bot)]
    assert mid.to_dict() == session.to_dict()


def test_a_document_without_sitting_out_loads_as_before() -> None:
    session = Session(get_game("seven-card-stud"), [70, 70, 70], seed=6)
    session.play(3, SimpleBot(seed=6))
    doc = session.to_dict()
    assert "sitting_out" not in doc  # nobody sat out: the document is as an older splitpot wrote it
    resumed = Session.from_dict(doc)
    assert resumed.sitting_out == frozenset() and resumed.stacks == session.stacks
    session.sit_out(1)
    session.sit_in(1)  # back before a hand was dealt without him: nothing to save
    assert "sitting_out" not in session.to_dict()


def test_a_session_pickled_before_sitting_out_reads_with_nobody_out() -> None:
    session = Session(get_game("lowball"), [50, 50, 50], seed=2)
    session.play(1, SimpleBot(seed=2))
    old = {key: value for key, value in session.__dict__.items() if key not in ("_away", "_held")}
    revived = Session.__new__(Session)
    revived.__setstate__(old)
    assert revived.sitting_out == frozenset() and revived.stacks == session.stacks
    session.sit_out(2)
    session.play(1, SimpleBot(seed=3))
    again = pickle.loads(pickle.dumps(session))
    assert again.sitting_out == frozenset({2}) and again.stacks == session.stacks
    assert copy.deepcopy(session).to_dict() == session.to_dict()


def _doc_with_sit_out() -> dict[str, Any]:
    session = Session(get_game("lowball"), [50, 50, 50, 50], seed=9)
    bot = SimpleBot(seed=9)
    session.play(1, bot)
    session.sit_out(2)
    session.play(2, bot)
    return session.to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("sitting_out"), r"hands\[1\]: starting_stacks .* do not chain"),
        (lambda d: d.__setitem__("sitting_out", [[1, [3]]]), r"with seats \[3\] sitting out \(0\)"),
        (lambda d: d.__setitem__("sitting_out", [[2, [2]]]), r"hands\[1\]: starting_stacks"),
        (lambda d: d.__setitem__("sitting_out", [[1, [2]], [1, []]]), r"sitting_out\[1\]: hand 1"),
        (lambda d: d.__setitem__("sitting_out", [[4, [2]]]), r"sitting_out\[0\]: hand 4: the hands are 3"),
        (lambda d: d.__setitem__("sitting_out", [[1, [2, 2]]]), r"sitting_out\[0\]: seats \[2, 2\]"),
        (lambda d: d.__setitem__("sitting_out", [[1, [7]]]), r"sitting_out\[0\]: .*no such seat"),
        (lambda d: d.__setitem__("sitting_out", [[1, 2]]), r"sitting_out\[0\]\[1\]"),
        (lambda d: d.__setitem__("sitting_out", [[1, [-2]]]), r"sitting_out\[0\]\[1\]\[0\]"),
        (lambda d: d.__setitem__("sitting_out", {"1": [2]}), "sitting_out"),
        (lambda d: d.__setitem__("stack_changes", [[3, 2, 0]]), "sits out from hand 3 on with no chips"),
        (lambda d: d["hands"][2].__setitem__("button", 2),
         r"hands\[2\]: button: seat 2, but the button is at seat 3 \(.*seats \[2\] sitting out\)"),
    ],
)
def test_a_tampered_sitting_out_is_refused(change: Any, message: str) -> None:
    doc = _doc_with_sit_out()
    assert doc["sitting_out"] == [[1, [2]]]
    Session.from_dict(copy.deepcopy(doc))  # as saved: it loads
    change(doc)
    with pytest.raises(HistoryError, match=message):
        Session.from_dict(doc)


def test_a_sit_out_after_an_unfinished_hand_is_refused_when_read() -> None:
    session = Session(get_game("lowball"), [50, 50, 50], seed=1)
    session.new_hand()
    doc = session.to_dict()
    doc["sitting_out"] = [[1, [0]]]
    with pytest.raises(HistoryError, match="sitting_out: a change after hand 1, which is not finished"):
        Session.from_dict(doc)


def test_bad_seats_are_refused_and_sitting_out_twice_changes_nothing() -> None:
    session = Session(get_game("seven-card-stud"), [60, 60, 60, 0], seed=1)
    saved = session.to_json()
    for seat, error, said in [
        (4, RuleError, r"seat must be in 0\.\.3, got 4"),
        (-1, RuleError, r"seat must be in 0\.\.3"),
        (True, ArgumentTypeError, "seat must be an int"),
        (1.0, ArgumentTypeError, "seat must be an int"),
        ("1", ArgumentTypeError, "seat must be an int"),
        (None, ArgumentTypeError, "seat must be an int"),
    ]:
        for call in (session.sit_out, session.sit_in):
            with pytest.raises(error, match=said):
                call(seat)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="seat 3 has no chips"):
        session.sit_out(3)
    assert session.sitting_out == frozenset() and session.to_json() == saved
    session.sit_in(0)  # not sitting out: nothing to do
    assert session.to_json() == saved
    session.sit_out(1)
    once = session.to_dict()
    session.sit_out(1)  # twice: as once
    assert session.to_dict() == once and session.sitting_out == frozenset({1})


def test_too_few_dealt_in_stops_the_deals_but_the_session_is_not_over() -> None:
    session = Session(get_game("seven-card-stud"), [40, 40, 40], seed=3)
    session.sit_out(0)
    session.sit_out(2)
    saved = session.to_json()
    assert not session.can_continue
    with pytest.raises(RuleError, match=r"Too few players are dealt in.*seats 0, 2 sit out.*not over"):
        session.new_hand()
    assert session.carry_on().sitting_out == frozenset({0, 2})  # stalled, not over: it carries on
    assert session.play(5, SimpleBot(seed=3)) == []
    assert session.to_json() == saved  # no seed drawn, no hand recorded
    session.sit_in(2)
    assert session.can_continue and len(session.play(2, SimpleBot(seed=3))) == 2


def test_a_player_who_leaves_while_sitting_out_is_no_longer_sitting_out() -> None:
    session = Session(get_game("lowball"), [50, 50, 50], seed=4)
    session.sit_out(2)
    session.set_stack(2, 90)  # a top-up while away: still away
    assert session.sitting_out == frozenset({2})
    session.play(1, SimpleBot(seed=4))
    assert session.stacks[2] == 90
    session.set_stack(2, 0)  # he leaves
    assert session.sitting_out == frozenset()
    resumed = Session.from_json(session.to_json())
    assert resumed.sitting_out == frozenset() and resumed.stacks == session.stacks
    session.set_stack(2, 30)  # a new player sits down, dealt in
    assert session.new_hand().starting_stacks[2] == 30


def test_a_session_carried_on_keeps_who_sits_out() -> None:
    session = Session(get_game("seven-card-stud-8"), [60] * 4, seed=12)
    bot = SimpleBot(seed=12)
    session.play(1, bot)
    session.sit_out(1)
    session.play(1, bot)
    fresh = session.carry_on()
    assert fresh.sitting_out == frozenset({1}) and fresh.stacks == session.stacks
    resumed = Session.from_json(fresh.to_json())
    ahead = resumed.new_hand()
    assert ahead.deck_order == session.new_hand().deck_order and ahead.starting_stacks[1] == 0


def test_dealers_choice_deals_without_a_player_sitting_out() -> None:
    def dealer(deal: Any) -> Call:
        return Call(game="lowball" if deal.players > 2 else "five-card-stud")

    session = DealersChoice([70, 70, 70, 70], dealer=dealer, seed=5)
    bot = SimpleBot(seed=5)
    session.sit_out(1)
    session.sit_out(2)
    hands = session.play(3, bot)
    assert [h.button for h in hands] == [0, 3, 0]
    assert [h.game_call.game for h in hands if h.game_call] == ["five-card-stud"] * 3
    assert session.stacks[1:3] == [70, 70] and sum(session.stacks) == 280
    session.sit_in(1)
    resumed = DealersChoice.from_json(session.to_json(), dealer=dealer, ask_dealers=True)
    assert resumed.sitting_out == frozenset({2}) and resumed.calls == session.calls
    assert [h.events for h in resumed.play(2, copy.deepcopy(bot))] == [h.events for h in session.play(2, bot)]
    assert [h.game_call.game for h in session.hands[-2:] if h.game_call] == ["lowball", "lowball"]


def test_resume_says_players_sit_out_rather_than_that_the_session_is_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "s.json"
    assert main(["play", "seven-card-stud", "--players", "3", "--stack", "60", "--seed", "2", "--hands", "1",
                 "--save", str(saved)]) == 0
    doc = json.loads(saved.read_text())
    session = Session.from_dict(doc)
    session.sit_out(0)
    session.sit_out(2)
    saved.write_text(json.dumps({**doc, **session.to_dict()}))
    capsys.readouterr()
    assert main(["resume", str(saved), "--hands", "1"]) == 2
    err = capsys.readouterr().err
    said = "no hand can be dealt while P0 and P2 sit out: too few players are dealt in (1 of 3 with chips)"
    assert said in err
    assert "resume with --seat K at a seat that sits out" in err and "the session is over" not in err


@settings(max_examples=40, deadline=None)
@given(
    seats=st.integers(3, 6),
    button=st.integers(0, 5),
    schedule=st.lists(st.sets(st.integers(0, 5)), min_size=1, max_size=8),
    save_at=st.integers(0, 8),
)
def test_any_schedule_of_sit_outs_moves_the_button_keeps_the_chips_and_resumes(
    seats: int, button: int, schedule: list[set[int]], save_at: int
) -> None:
    session = Session(get_game("lowball"), [10_000] * seats, button=button % seats, seed=seats)
    bot = SimpleBot(seed=1)
    expected = button % seats
    for k, wanted in enumerate(schedule):
        out = {seat for seat in wanted if seat < seats}
        for seat in range(seats):
            (session.sit_out if seat in out else session.sit_in)(seat)
        if seats - len(out) < 2:
            assert not session.can_continue
            with pytest.raises(RuleError, match="sit out"):
                session.new_hand()
            continue
        before = session.stacks
        first = not session.hands
        hand = _play_hand(session, bot)
        order = _dealt_in_order(expected if first else (expected + 1) % seats, seats, out)
        expected = order[0]  # the given button, or the next seat left of the last one, dealt in
        assert hand.button == expected
        assert [seat for seat in range(seats) if hand.in_hand[seat] or hand.starting_stacks[seat]] == [
            seat for seat in range(seats) if seat not in out]
        assert all(session.stacks[seat] == before[seat] for seat in out)
        assert sum(session.stacks) == 10_000 * seats
        if k == save_at:
            resumed = Session.from_json(session.to_json())
            assert resumed.to_dict() == session.to_dict() and resumed.sitting_out == session.sitting_out


def test_dealers_choice_stalled_by_a_player_sitting_out_is_not_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: where no call of the house list seated the players dealt in, DealersChoice.play
    and the command line said the session was over, though a player sitting out could come
    back.  Now `stalled` says why and `over` stays None; resumed with --seat at his seat, the
    table asks him to sit back in."""
    from splitpot.house import HouseDealer

    house = tmp_path / "cal3.toml"
    house.write_text('[[call]]\ngame = "california-lowball"\nlimit = 3\n')  # seats 3 or more
    saved = tmp_path / "dc.json"
    assert main(["play", "dealers-choice", "--house", str(house), "-n", "4", "--stack", "10", "--hands", "1",
                 "--seed", "3", "--save", str(saved), "--plain"]) == 0
    doc = json.loads(saved.read_text())
    session = DealersChoice.from_dict(doc, dealer=HouseDealer.from_dict(doc["dealer"]))
    session.sit_out(3)
    doc = {**doc, **session.to_dict()}
    saved.write_text(json.dumps(doc))
    capsys.readouterr()
    played = session.play(300, SimpleBot(seed=3))  # until one of the three dealt in busts
    assert 0 < len(played) < 300 and session.over is None
    assert session.stalled is not None and "has no call for 2 players" in session.stalled
    assert sum(1 for chips in session.stacks if chips) == 3 and sum(session.stacks) == 40
    assert main(["resume", str(saved), "--hands", "300", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "no hand can be dealt while P3 sits out: " in out and "has no call for 2 players" in out
    assert "the session is over" not in out
    session.sit_in(3)  # back in: three are dealt in, and a call seats them
    assert len(session.play(1, SimpleBot(seed=3))) == 1 and session.stalled is None


def test_dealers_choice_stall_is_cleared_when_players_sit_in_or_out_or_a_hand_is_dealt() -> None:
    """Was: only play() reset DealersChoice.stalled, so after a sit_in that let a call seat the
    players dealt in, stalled (and play.stalled_reason, which reads it) still named a stall that
    no longer held, and a hand dealt with new_hand() left it set too."""
    from splitpot.house import HouseList, house_session
    from splitpot.play import stalled_reason

    three = HouseList.from_toml('[[call]]\ngame = "california-lowball"\nlimit = 3\n')  # seats 3 or more

    def stalled_session() -> DealersChoice:
        session = house_session(three, [50, 50, 50, 50], seed=1)
        session.sit_out(2)
        session.sit_out(3)
        assert session.play(1, SimpleBot(seed=1)) == [] and session.stalled is not None
        assert stalled_reason(session) is not None
        return session

    session = stalled_session()
    session.sit_in(2)  # three dealt in: California lowball seats them
    assert session.can_continue and session.stalled is None and stalled_reason(session) is None
    hand = session.new_hand()
    assert session.stalled is None and hand.game.name == "california-lowball"

    session = stalled_session()
    session.sit_out(1)  # another change of who sits out: the stall is no longer known
    assert session.stalled is None
    session = stalled_session()
    session.set_stack(0, 80)
    assert session.stalled is None
    session = stalled_session()
    session.new_hand(call=Call(game="lowball"))  # a call that seats two: a hand is dealt
    assert session.stalled is None


def test_a_refused_new_hand_leaves_the_button_where_it_was() -> None:
    """Was: new_hand moved the session's button before the State could refuse the deal (a bad
    deck), so the live session then dealt at another button than a copy resumed from its
    document.  A refused hand changes nothing, in a Session and at dealer's choice."""
    session = Session(get_game("lowball"), [50, 50, 50], seed=2)
    session.play(1, SimpleBot(seed=2))
    before = (session.button, session.to_dict())
    with pytest.raises(RuleError):
        session.new_hand(deck=[0, 1, 2])
    assert (session.button, session.to_dict()) == before
    resumed = Session.from_json(session.to_json())
    live, copy_ = session.new_hand(), resumed.new_hand()
    assert (live.button, live.deck_order) == (copy_.button, copy_.deck_order) == (1, copy_.deck_order)

    table = DealersChoice([50, 50, 50], dealer=lambda deal: Call(game="lowball"), seed=2)
    table.play(1, SimpleBot(seed=2))
    before = (table.button, table.to_dict())
    with pytest.raises(RuleError):
        table.new_hand(deck=[0, 1, 2])
    assert (table.button, table.to_dict()) == before and table.new_hand().button == 1


def test_a_stalled_session_carries_on_keeping_who_sits_out() -> None:
    """Was: carry_on computed the button with new_hand's checks, so a session stalled by
    players sitting out (not over) was refused.  Now it carries on, the new session keeping
    who sits out; an over session is still refused."""
    session = Session(get_game("lowball"), [50, 50, 50, 50], seed=2)
    session.play(2, SimpleBot(seed=2))  # buttons 0 and 1
    session.sit_out(2)
    session.sit_out(3)
    session.sit_out(0)
    assert not session.can_continue and not session.is_over
    fresh = session.carry_on()
    assert (fresh.stacks, fresh.sitting_out, fresh.hands_before) == (session.stacks, session.sitting_out, 2)
    assert not fresh.can_continue and fresh.button == 1  # seat 1, the only one dealt in, has it
    assert Session.from_json(fresh.to_json()).to_dict() == fresh.to_dict()
    fresh.sit_in(3)
    session.sit_in(3)
    ahead, original = fresh.new_hand(), session.new_hand()
    assert ahead.deck_order == original.deck_order and ahead.starting_stacks == original.starting_stacks

    over = Session(get_game("lowball"), [50, 50], seed=2)
    over.set_stack(1, 0)
    assert over.is_over
    with pytest.raises(RuleError):
        over.carry_on()


def test_a_refused_new_hand_leaves_the_house_dealer_where_it_stood() -> None:
    """Was: a house dealer drew its call before the deal was refused (a bad deck), so the live
    session then called another game than a copy taken before the refusal."""
    from splitpot.house import example_house, house_session

    session = house_session(example_house(), [60, 60, 60], seed=3)
    session.play(1, SimpleBot(seed=3))
    before = copy.deepcopy(session)
    with pytest.raises(RuleError):
        session.new_hand(deck=[0, 1, 2])
    assert session.to_dict() == before.to_dict() and session.calls == before.calls
    live, kept = session.new_hand(), before.new_hand()
    assert (live.game_call, live.deck_order, live.button) == (kept.game_call, kept.deck_order, kept.button)
