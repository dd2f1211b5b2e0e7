"""What a home-game server's developer found: stakes between hands, decks, options,
house lists, declarations still to come."""

from __future__ import annotations

import pytest

from splitpot.errors import HouseListError
from splitpot.house import HouseList


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ([{"game": "jackpots"}], "a house list is a table"),
        ({"call": {"game": "jackpots"}}, "call must be an array of tables ([[call]]"),
        ({"call": ["jackpots"]}, "got str 'jackpots'"),
    ],
)
def test_house_list_malformed_calls_are_named(data: object, said: str) -> None:
    with pytest.raises(HouseListError) as err:
        HouseList.from_dict(data)  # type: ignore[arg-type]
    assert said in str(err.value)
    assert "at least one" not in str(err.value)


def test_house_list_single_bracket_call_table_is_named() -> None:
    with pytest.raises(HouseListError, match=r"single \[call\] table: write \[\[call\]\]"):
        HouseList.from_toml('[call]\ngame = "jackpots"\n')


def test_a_check_with_a_wrong_typed_value_is_a_type_error() -> None:
    from splitpot import State, get_game
    from splitpot.errors import IllegalActionError, IllegalActionTypeError

    state = State(get_game("jackpots"), [50, 50], seed=1)
    seat = state.actor
    assert seat is not None
    with pytest.raises(IllegalActionTypeError, match="A check takes no value; got str 'x'"):
        state.act(seat, "check", "x")
    with pytest.raises(IllegalActionError) as err:  # a number is the wrong value, not the wrong type
        state.act(seat, "check", 5)
    assert not isinstance(err.value, IllegalActionTypeError)
    assert state.events == State(get_game("jackpots"), [50, 50], seed=1).events


def test_a_calls_errors_list_only_what_a_call_takes() -> None:
    from splitpot.dealers_choice import Call
    from splitpot.errors import RuleError

    with pytest.raises(RuleError) as err:
        Call(game="jackpots", options={"bugs": True})
    listed = str(err.value).split("its options: ")[1]
    assert "stakes" not in listed and "openers" in listed and "wild" in listed
    with pytest.raises(RuleError) as err:
        Call(game="jackpots", stakes={"antes": 2})
    assert str(err.value).endswith("its options: ante, big_bet, small_bet.")
    with pytest.raises(RuleError) as err:
        Call(game="seven-card-stud", stakes={"antes": 2})
    assert str(err.value).endswith("its options: ante, big_bet, bring_in, small_bet.")


@pytest.mark.parametrize("game", ["lowball", "california-lowball"])
def test_a_deck_without_the_games_joker_is_refused(game: str) -> None:
    from splitpot import Session, State, get_game
    from splitpot.errors import RuleError

    spec = get_game(game)
    assert spec.wilds.deck_size == 53
    with pytest.raises(RuleError, match="dealt with the joker, 53 cards"):
        State(spec, [50, 50, 50], deck=list(range(52)))
    session = Session(spec, [50, 50, 50], seed=1)
    with pytest.raises(RuleError, match="dealt with the joker"):
        session.new_hand(deck=list(range(52)))
    assert session.hands == []
    hand = session.new_hand(deck=list(range(53)))  # the whole deck, the joker in it
    assert 52 in hand.deck_order
    State(get_game(game, joker=None), [50, 50, 50], deck=list(range(52)))  # played without it: fine
    State(spec, [50, 50, 50], deck=list(range(20)))  # a stacked deck, dealt on from the rest


def test_a_redeal_deck_without_the_joker_is_refused() -> None:
    from splitpot.engine.draws import Decks
    from splitpot.errors import RuleError

    decks = Decks([list(range(53)), list(range(52))], seed=None, size=53)
    with pytest.raises(RuleError, match="dealt with the joker"):
        decks.next_deck()


def test_a_sessions_spec_is_read_only() -> None:
    from splitpot import Session, get_game
    from splitpot.errors import ArgumentTypeError

    session = Session(get_game("seven-card-stud"), [100, 100], seed=1)
    with pytest.raises(ArgumentTypeError, match=r"set_stakes\(stakes\)"):
        session.spec = get_game("seven-card-stud", stakes={"ante": 5})
    assert session.spec == get_game("seven-card-stud")


def _stakes_session() -> object:
    from splitpot import Session, get_game
    from splitpot.bots import SimpleBot

    session = Session(get_game("jacks-back"), [100, 100, 100], seed=3)
    session.play(2, SimpleBot(seed=3))
    session.set_stakes({"ante": 2, "small_bet": 10, "big_bet": 20})
    session.play(2, SimpleBot(seed=4))
    return session


def test_set_stakes_deals_the_hands_to_come_and_survives_json_and_pickle() -> None:
    import pickle

    from splitpot import Session
    from splitpot.bots import SimpleBot

    session = _stakes_session()
    assert isinstance(session, Session)
    assert [h.spec.stakes.small_bet for h in session.hands] == [5, 5, 10, 10]
    assert session.hands[-1].spec.opening.then.stakes.small_bet == 10  # jacks back's lowball too
    assert session.to_dict()["stakes_changes"][0][0] == 2
    for restored in (Session.from_json(session.to_json()), pickle.loads(pickle.dumps(session))):
        assert restored.spec == session.spec
        assert [h.spec for h in restored.hands] == [h.spec for h in session.hands]
        assert [h.events for h in restored.play(2, SimpleBot(seed=5))] == [
            h.events for h in pickle.loads(pickle.dumps(session)).play(2, SimpleBot(seed=5))]
    fresh = session.carry_on()
    assert fresh.spec.stakes.small_bet == 10
    assert Session.from_json(fresh.to_json()).spec == fresh.spec


def test_set_stakes_is_refused_mid_hand_and_checked_by_the_game() -> None:
    from splitpot import Session, get_game
    from splitpot.errors import IllegalActionError, RuleError

    session = Session(get_game("jackpots"), [100, 100], seed=1)
    session.new_hand()
    with pytest.raises(IllegalActionError, match="Finish the current hand"):
        session.set_stakes({"ante": 2})
    fresh = Session(get_game("jackpots"), [100, 100], seed=1)
    with pytest.raises(RuleError, match="blinds"):
        fresh.set_stakes({"blinds": [1, 2]})
    with pytest.raises(RuleError, match="takes no stakes"):
        Session(get_game("california-lowball"), [100, 100], seed=1).set_stakes({"small_bet": 4})
    assert fresh.spec == get_game("jackpots") and "stakes_changes" not in fresh.to_dict()
    fresh.set_stakes({"ante": 2})
    fresh.set_stakes({"ante": 1})  # back to the game's own: nothing to record
    assert "stakes_changes" not in fresh.to_dict()


def test_a_stakes_change_after_an_unfinished_hand_is_refused_when_resumed() -> None:
    from splitpot import Session, get_game
    from splitpot.errors import HistoryError

    session = Session(get_game("jackpots"), [100, 100], seed=1)
    session.new_hand()
    doc = session.to_dict()
    doc["stakes_changes"] = [[1, get_game("jackpots", stakes={"ante": 2}).to_dict()["stakes"]]]
    with pytest.raises(HistoryError, match="stakes_changes: a change after hand 1"):
        Session.from_dict(doc)


def test_dealers_choice_refuses_set_stakes() -> None:
    from splitpot.dealers_choice import Call, DealersChoice
    from splitpot.errors import RuleError

    session = DealersChoice([100, 100], dealer=lambda deal: Call(game="jackpots"), seed=1)
    with pytest.raises(RuleError, match=r"Call\(stakes=...\)"):
        session.set_stakes({"ante": 2})


@pytest.mark.parametrize(("mode", "first"), [("simultaneous", [1, 2, 0]), ("in-turn", [1])])
def test_still_to_declare_names_who_may_declare_now(mode: str, first: list[int]) -> None:
    from splitpot import State, get_game

    state = State(get_game("seven-card-stud-declare", declare=mode), [40, 40, 40], seed=1)
    assert state.still_to_declare == []
    while str(state.phase) != "declaring":
        _ = state.bring_in() if state.can_bring_in() else (
            state.check() if state.can_check() else state.call())
    assert state.still_to_declare == first
    seat = first[-1]
    state.declare("high", seat=seat)
    assert seat not in state.still_to_declare and state.still_to_declare
    while state.still_to_declare:
        state.declare("low", seat=state.still_to_declare[0])
    assert str(state.phase) != "declaring" and state.still_to_declare == []


def test_dealers_choice_deck_built_for_the_call_keeps_a_stateful_dealers_call() -> None:
    from splitpot.dealers_choice import Call, DealersChoice

    asked: list[int] = []

    def dealer(deal: object) -> Call:  # a stateful policy: each call asked once
        asked.append(1)
        return Call(game="lowball") if len(asked) == 1 else Call(game="jackpots")

    session = DealersChoice([50, 50], dealer=dealer, seed=1)
    sizes: list[int] = []

    def deck(spec: object) -> list[int]:
        size = spec.wilds.deck_size  # type: ignore[attr-defined]
        sizes.append(size)
        return list(range(size))

    hand = session.new_hand(deck=deck)
    assert (hand.spec.name, sizes, len(asked)) == ("lowball", [53], 1)
    assert 52 in hand.deck_order


def test_dealers_choice_resumes_without_dealer_when_the_app_gives_the_calls() -> None:
    from splitpot.dealers_choice import Call, CallsGiven, DealersChoice
    from splitpot.errors import RuleError

    session = DealersChoice([50, 50], dealer=CallsGiven(), seed=1)
    with pytest.raises(RuleError, match=r"new_hand\(call=...\)"):
        session.new_hand()
    assert session.hands == []
    state = session.new_hand(call=Call(game="jackpots"))
    from splitpot.bots import SimpleBot

    bot = SimpleBot(seed=1)
    while not state.is_complete:
        bot(state)
    resumed = DealersChoice.from_json(session.to_json())  # no dealer=: each call is given
    assert resumed.calls == session.calls
    with pytest.raises(RuleError, match="No dealer policy calls here"):
        resumed.new_hand()
    assert resumed.new_hand(call=Call(game="lowball")).spec.name == "lowball"
    import pickle

    assert pickle.loads(pickle.dumps(resumed)).dealers == resumed.dealers


def test_option_info_lists_every_option_with_the_builders_default() -> None:
    from splitpot.games import GAME_OPTIONS, GAMES, OptionInfo, get_game, option_info

    for game in GAMES:
        infos = option_info(game)
        names = [o.name for o in infos]
        assert names == sorted(names) and set(names) <= GAME_OPTIONS[game]
        plain = get_game(game)
        for info in infos:
            assert isinstance(info, OptionInfo) and info.help and info.kind
            assert get_game(game, **{info.name: info.default}) == plain, (game, info.name, info.default)
            if info.choices is not None:
                assert info.default in info.choices, (game, info.name)
    stakes = next(o for o in option_info("seven-card-stud") if o.name == "stakes")
    assert stakes.default == get_game("seven-card-stud").stakes and stakes.default.bring_in == 2


def _choices(game: str) -> dict[str, tuple[object, ...] | None]:
    from splitpot.games import option_info

    return {o.name: o.choices for o in option_info(game)}


def test_option_info_choices_are_the_values_the_game_takes() -> None:
    """Pinned by hand: a declare game declares (no "none"); a classic low game's lows; the
    draw games' second rounds; a game that may be high-low leaves its low unset (None)."""
    lows = ("deuce-to-seven", "ace-to-six", "ace-to-five")
    assert _choices("seven-card-stud-declare")["declare"] == ("in_turn", "simultaneous")
    assert _choices("seven-card-stud-high-low")["declare"] == (None, "none", "in_turn", "simultaneous")
    assert _choices("seven-card-stud-high-low")["low"] == lows
    assert _choices("five-card-stud")["low"] == (None, *lows)
    assert _choices("five-card-stud")["declare"] == (None, "none", "in_turn", "simultaneous")  # with a low
    assert _choices("jackpots")["second_round"] == ("opener", "dealer-left")
    assert _choices("jacks-back")["second_round"] == ("opener", "dealer-left")
    assert _choices("california-lowball")["sevens"] == ("off", "lose-all", "forfeit-pot")
    assert _choices("jackpots")["max_draw"] is None  # an int: no choices


def test_option_info_leaves_out_an_option_the_game_takes_at_its_default_only() -> None:
    """A form built from option_info offers no control that always fails:
    five-card-stud-last-down refuses turn_up=True (its last card is dealt down), so
    turn_up is not listed; five-card-stud lists it.  Every other option of GAME_OPTIONS
    is listed, those needing declarations too (tie_keeps_half, taken with declare=)."""
    from splitpot.errors import RuleError
    from splitpot.games import GAME_OPTIONS, GAMES, get_game, option_info

    with pytest.raises(RuleError, match="turn_up applies to five-card-stud"):
        get_game("five-card-stud-last-down", turn_up=True)
    get_game("five-card-stud-last-down", turn_up=False)  # its default: taken, and the same game
    listed = {game: {o.name for o in option_info(game)} for game in GAMES}
    left_out = {(game, name) for game in GAMES for name in GAME_OPTIONS[game] - listed[game]}
    assert left_out == {("five-card-stud-last-down", "turn_up")}
    assert "turn_up" in _choices("five-card-stud") and "turn_up" in _choices("five-card-stud-five-bets")
    assert {"both", "tie_keeps_half"} <= set(_choices("mexican-stud"))
    get_game("mexican-stud", tie_keeps_half=True, declare="simultaneous", low="ace-to-five")


def test_option_info_refuses_unknown_games() -> None:
    from splitpot.errors import ArgumentTypeError, RuleError
    from splitpot.games import option_info

    assert option_info("Seven_Card_Stud") == option_info("seven-card-stud")
    with pytest.raises(RuleError, match="Unknown game 'texas'"):
        option_info("texas")
    with pytest.raises(ArgumentTypeError):
        option_info(3)  # type: ignore[arg-type]


def test_option_info_says_what_a_choice_requires_and_each_is_taken_with_it() -> None:
    """Was: five-card stud (its last-down and five-bets deals, Mexican stud) listed
    declare "in_turn" and "simultaneous", which get_game refuses alone (declarations need
    a low): a form offering them failed.  ``requires`` gives, for each such value, the
    options to set beside it; both/tie_keeps_half=True need declarations alike."""
    from splitpot.errors import RuleError
    from splitpot.games import GAMES, get_game, option_info

    for game in GAMES:
        for info in option_info(game):
            for value, needs in info.requires.items():  # needed: refused alone, taken with them
                with pytest.raises(RuleError):
                    get_game(game, **{info.name: value})
                assert set(needs).isdisjoint({info.name}) and get_game(game, **{info.name: value}, **needs)
            for choice in info.choices or ():  # every listed (option, choice): taken with what it requires
                spec = get_game(game, **{info.name: choice}, **info.requires.get(choice, {}))
                if info.name == "declare" and choice is not None:
                    assert spec.declare.value == choice, (game, choice)
    needs_low = {"in_turn": {"low": "deuce-to-seven"}, "simultaneous": {"low": "deuce-to-seven"}}
    for game in ("five-card-stud", "five-card-stud-last-down", "five-card-stud-five-bets", "mexican-stud"):
        infos = {o.name: o for o in option_info(game)}
        assert infos["declare"].requires == needs_low, game
        assert infos["both"].requires == {True: {"declare": "simultaneous", "low": "deuce-to-seven"}}, game
    infos = {o.name: o for o in option_info("seven-card-stud-high-low")}
    assert infos["declare"].requires == {} and infos["low"].requires == {}  # its low is its own
    assert infos["tie_keeps_half"].requires == {True: {"declare": "simultaneous"}}
