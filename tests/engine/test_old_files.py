"""Files and lists written before a rule: replayed as recorded where feasible,
else refused with a message that says which rule and how to edit the file."""

from __future__ import annotations

import argparse
import copy
import json

import pytest

from splitpot.bots import SimpleBot
from splitpot.dealers_choice import Call, DealersChoice
from splitpot.engine.history import History
from splitpot.engine.session import Session
from splitpot.errors import HistoryError, RuleError
from splitpot.games import get_game
from splitpot.house import HouseList
from splitpot.play import flag_message


def _mexican_call_hand(seed: int) -> dict[str, object]:
    session = DealersChoice([100, 100], dealer=lambda deal: Call(game="mexican-stud"), seed=seed)
    return session.play(1, SimpleBot(seed=seed))[-1].history().to_dict()


def test_a_dealers_choice_hand_called_before_the_positional_rule_replays_as_recorded() -> None:
    """Was: a call giving Mexican stud another positional rule (recorded before it was
    refused) made the hand's history refuse to load, while a plain history of the
    same spec replayed."""
    data = _mexican_call_hand(2)
    data["call"]["options"] = {"positional": "first_card"}  # type: ignore[index]
    data["spec"]["wilds"]["positional"] = "first_card"  # type: ignore[index]
    state = History.from_dict(copy.deepcopy(data)).replay()
    assert state.spec.wilds.positional == "first_card"
    assert state.game_call is not None
    assert state.game_call.text() == "Mexican stud, each player's first card wild"
    data["call"]["game"] = "five-card-stud"  # type: ignore[index]
    with pytest.raises(HistoryError, match="call: "):  # a call that does not deal the spec is still refused
        History.from_dict(data)


@pytest.mark.parametrize("spelling", ['"none"', "false"])
def test_a_house_list_turns_mexican_studs_own_positional_rule_off(spelling: str) -> None:
    """Was: the refusal advised positional=None, which TOML cannot say."""
    house = HouseList.from_toml(f'[[call]]\ngame = "mexican-stud"\npositional = {spelling}\n')
    call = house.entries[0].call
    assert call.spec.wilds.positional is None and call.text() == "Mexican stud, no hole card wild"
    with pytest.raises(RuleError, match='positional=None \\("none" in a house list\\)'):
        get_game("mexican-stud", positional="first_card")


def test_the_command_line_says_positional_none_and_spaces_the_flag() -> None:
    """Was: "--positional'first-card' would replace ..., give positional=None"."""
    try:
        get_game("mexican-stud", positional="first-card")
    except RuleError as err:
        said = flag_message(str(err), argparse.Namespace(positional="first-card"))
    assert said.startswith("--positional 'first-card' would replace")
    assert "give --positional none to turn its own off" in said and "leave --positional out" in said
    assert get_game("mexican-stud", positional="none").wilds.positional is None


def test_one_wording_for_an_ace_draw_in_a_house_list_and_a_spec() -> None:
    """Was: "jackpots: ace_draw must be in 4..4, got 5" from the options, and another
    sentence from the spec's own check."""
    with pytest.raises(RuleError, match=r"jackpots: ace_draw must be 4 with max_draw 3 \(above max_draw"):
        get_game("jackpots", max_draw=3, ace_draw=5)
    with pytest.raises(RuleError, match=r"ace_draw must be 2 to 4 with max_draw 1"):
        get_game("jackpots", max_draw=1, ace_draw=5)


@pytest.mark.parametrize(("edit", "said"), [
    (lambda d: d["spec"]["draws"].update(ace_draw=5), "draws.ace_draw must be 4 with the street's draw 3"),
    (lambda d: d["spec"]["wilds"].update(wild=["3"]), "wild and penalty both name 3"),
])
def test_a_file_refused_by_a_rule_says_so_and_how_to_edit_it(edit, said) -> None:  # type: ignore[no-untyped-def]
    spec = (get_game("jackpots", max_draw=3, ace_draw=4) if "draws" in said
            else get_game("seven-card-stud", penalty="3"))
    session = Session(spec, [100, 100, 100], seed=2)
    data = json.loads(session.play(1, SimpleBot(seed=2))[-1].history().to_json())
    edit(data)
    with pytest.raises(HistoryError) as caught:
        History.from_dict(data)
    assert said in str(caught.value)
    assert "refused by this rule" in str(caught.value) and 'edit its "spec"' in str(caught.value)
