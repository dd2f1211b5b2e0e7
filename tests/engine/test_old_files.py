"""Files and lists written before a rule: replayed as recorded where feasible,
else refused with a message that says which rule and how to edit the file."""

from __future__ import annotations

import argparse
import copy
import json
import random
from pathlib import Path

import pytest

from splitpot.bots import SimpleBot
from splitpot.dealers_choice import Call, DealersChoice
from splitpot.engine.draws import Decks
from splitpot.engine.history import History
from splitpot.engine.session import Session
from splitpot.engine.state import State
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


_OLD = Path(__file__).resolve().parents[1] / "hands" / "old"
"""Files as an older splitpot wrote them (tests/hands/README.md says how each was made)."""


def _calling_down(state: State) -> None:
    """Check, else call, else bet; the draws SimpleBot's (as the old files were played)."""
    if state.can_check():
        state.check()
    elif state.can_call():
        state.call()
    elif any(o.action == "bet" for o in state.legal_actions()):
        state.bet()
    else:
        SimpleBot(seed=1)(state)


def test_an_old_lowball_hand_dealt_from_52_cards_replays_as_recorded() -> None:
    """Was: refused ("the hand cannot be dealt again: lowball is dealt with the joker, 53
    cards; the deck holds 52 without it"): files written before whole decks without the
    game's joker were refused (this one at commit f668248) dealt lowball the 52 cards given.
    A replay deals what was recorded; a new hand from that deck is still refused."""
    data = json.loads((_OLD / "lowball_52_card_deck_f668248.json").read_text(encoding="utf-8"))
    assert len(data["deck"]) == 52 and "Jk" not in data["deck"] and data["spec"]["wilds"]["joker"] == "bug"
    history = History.from_dict(copy.deepcopy(data))
    state = history.replay()
    assert state.is_complete and len(state.deck_order) == 52
    assert state.stacks == data["events"][-1]["stacks"] == [94, 94, 112]
    assert state.history().to_dict() == data  # every event as recorded, the draw and the showdown
    assert History.from_dict(copy.deepcopy(data), verify=False).replay(strict=False).stacks == state.stacks
    with pytest.raises(RuleError, match="lowball is dealt with the joker, 53 cards"):
        State(history.spec, list(history.stacks), button=history.button, deck=list(history.deck))


def test_an_old_lowball_session_dealt_from_52_card_decks_resumes_as_saved() -> None:
    """Was: refused ("hands[0]: the hand cannot be dealt again: ..."): a session saved at
    commit f668248 whose hands were dealt from the server's 52-card decks, its third hand in
    progress.  It resumes where it stood and plays on; its next hand from 52 cards is refused."""
    data = json.loads((_OLD / "lowball_session_52_card_decks_f668248.json").read_text(encoding="utf-8"))
    assert data["seeds"] == [None, None, None] and all(len(h["deck"]) == 52 for h in data["hands"])
    session = Session.from_dict(copy.deepcopy(data))
    assert [h.is_complete for h in session.hands] == [True, True, False]
    assert [h.stacks for h in session.hands[:2]] == [[94, 94, 112], [88, 88, 124]]
    assert session.to_dict() == data
    hand = session.hands[-1]
    assert hand.actor == 2 and hand.pot == 18
    while not hand.is_complete:
        _calling_down(hand)
    assert sum(session.stacks) == 300
    cards = list(range(52))
    random.Random(5).shuffle(cards)
    with pytest.raises(RuleError, match="lowball is dealt with the joker, 53 cards"):
        session.new_hand(deck=cards)
    assert len(session.hands) == 3  # refused: nothing dealt
    assert 52 in session.new_hand(deck=[*cards, 52]).deck_order


def test_a_recorded_redeal_deck_of_52_cards_is_dealt_as_recorded() -> None:
    """A replay's decks (recorded=True) are dealt as they are, re-deals' too; new ones are
    checked."""
    old = Decks([list(range(52)), list(range(51, -1, -1))], seed=None, size=53, recorded=True)
    assert old.next_deck() == list(range(51, -1, -1))
    new = Decks([list(range(53)), list(range(52))], seed=None, size=53)
    with pytest.raises(RuleError, match="dealt with the joker"):
        new.next_deck()


def test_decks_pickled_before_recorded_read_as_new_decks() -> None:
    """A hand in progress pickled before ``Decks.recorded`` existed unpickles (no
    AttributeError at its next re-deal) with its decks checked as new ones."""
    decks = Decks([list(range(53)), list(range(52))], seed=None, size=53)
    none, slots = decks.__reduce_ex__(2)[2]
    del slots["recorded"]
    old = Decks.__new__(Decks)
    old.__setstate__((none, slots))
    assert old.recorded is False and old.first == list(range(53))
    with pytest.raises(RuleError, match="dealt with the joker"):
        old.next_deck()
