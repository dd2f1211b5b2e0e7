"""Positional wild cards (the rules, §2 and §5.11): a card of each player's own
deal, with every card of its rank, wild for him alone, resolved at the showdown.

Each deal below is built so that the positional rank decides the pot: seat 0's
card makes four aces of A-A-4-4, seat 1's own card gives him only four queens,
and seat 0's fours in seat 1's hand (4d 4c) would make five queens if they were
wild for him too.  Without the rule seat 1's queens full win.
"""

from __future__ import annotations

import json

import pytest
from engine_helpers import call_down, stud_deck

from splitpot.engine import events as ev
from splitpot.engine.history import History
from splitpot.engine.spec import Wilds
from splitpot.engine.state import State
from splitpot.errors import RuleError
from splitpot.games import get_game
from splitpot.play import describe_hand

CASES = {  # rule: (seat 0's cards, seat 1's cards) in the order dealt; the ranks named are 4 and J
    "first_card": ("4h 9c As Ad 4s 2c Kd", "Jd Qd Qs 4d 4c 8c Qc"),
    "third_card": ("9c Kd 4h As Ad 4s 2c", "Qc Qd Jd Qs 4d 4c 8c"),
    "lowest_hole_card": ("9c 4h As Ad 4s 2c Kd", "Qc Qd Qs 4d 4c 8c Jd"),
    "hole_card": ("9c Kd As Ad 4s 2c 4h", "Qc Qd Qs 4d 4c 8c Jd"),
}


def play(hands: tuple[str, str], **options: object) -> State:
    state = State(get_game("seven-card-stud", **options), [100, 100], deck=stud_deck(list(hands)))
    call_down(state)
    return state


def winners(state: State) -> set[int]:
    return {e.seat for e in state.events if isinstance(e, ev.PotAwarded)}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_positional_wild_card_for_each_player_alone(rule: str) -> None:
    hands = CASES[rule]
    assert winners(play(hands)) == {1}  # the control: queens full beat aces up
    state = play(hands, positional=rule)
    named = [(e.seat, ev.card_text(e.card), e.rule) for e in state.events if isinstance(e, ev.PlayerWild)]
    assert sorted(named) == [(0, "4h", rule), (1, "Jd", rule)]
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[0] is not None and shown[0].startswith("four of a kind, aces (4")
    assert shown[1] is not None and shown[1].startswith("four of a kind, queens (Jd as Q")
    assert winners(state) == {0}


def test_the_showdown_tells_who_has_which_wild_card() -> None:
    state = play(CASES["lowest_hole_card"], positional="lowest_hole_card")
    lines = describe_hand(state, ["Ann", "Bo"])
    assert "  4h is wild for Ann: his lowest hole card (with all his fours)" in lines
    assert "  Jd is wild for Bo: his lowest hole card (with all his jacks)" in lines
    wild_line = lines.index("  Jd is wild for Bo: his lowest hole card (with all his jacks)")
    assert lines[wild_line + 1].startswith("  Bo shows ")


def test_lowest_hole_card_reads_the_ace_high_and_ignores_upcards() -> None:
    # seat 0's hole cards: As 9c Kd: the nine is lowest; his upcard 2c is no hole card
    state = play(("As 9c 2c Ad 4s 7c Kd", "Qc Qd Qs 4d 4c 8c Jd"), positional="lowest_hole_card")
    named = [ev.card_text(e.card) for e in state.events if isinstance(e, ev.PlayerWild) and e.seat == 0]
    assert named == ["9c"]


def test_positional_wild_cards_in_a_low_follow_wild_low() -> None:
    # ace-to-six: seat 0's lowest hole card 8d is wild: 6-4-3-2 and a zero, or an ace by best-rank
    hands = ("8d Kh 2c 3d 4h 6s Qh", "Kc Ks 9s 9c 9h Tc Td")
    shown = {}
    for wild_low in ("zero", "best-rank"):
        state = State(
            get_game("seven-card-stud-high-low", low="ace-to-six", positional="lowest_hole_card",
                     wild_low=wild_low),
            [100, 100], deck=stud_deck(list(hands)),
        )
        call_down(state)
        shown[wild_low] = next(e.low for e in state.events if isinstance(e, ev.CardsShown) and e.seat == 0)
    assert shown == {"zero": "six-four low (8d as zero)", "best-rank": "six-four low (8d as A)"}


def test_positional_rule_and_events_replay_from_the_history() -> None:
    state = play(CASES["third_card"], positional="third_card", wild="2")
    text = state.history().to_json()
    assert json.loads(text)["spec"]["wilds"]["positional"] == "third_card"
    history = History.from_json(text)
    assert history.spec.wilds == Wilds(wild=("2",), positional="third_card")
    assert history.replay().snapshot() == state.snapshot()


def test_positional_rules_are_checked_against_the_game() -> None:
    with pytest.raises(RuleError, match="positional must be one of"):
        get_game("seven-card-stud", positional="second_card")
    assert get_game("five-card-stud", positional="third_card").wilds.positional == "third_card"
