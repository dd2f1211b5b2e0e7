"""What a home-game server's developer found: stakes between hands, decks, options,
house lists, declarations still to come, stale requests."""

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
