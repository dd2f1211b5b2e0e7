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
from engine_helpers import ANTE_1_LIMIT_5_10, call_down, draw_deck, stud_deck

from splitpot.engine import events as ev
from splitpot.engine.history import History
from splitpot.engine.spec import Wilds
from splitpot.engine.state import State
from splitpot.errors import RuleError
from splitpot.games import get_game
from splitpot.narrate import ALL, describe_hand

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
    lines = describe_hand(state, ["Ann", "Bo"], viewer=ALL)
    assert "  4h is wild for Ann: his lowest hole card (with all his fours)" in lines
    assert "  Jd is wild for Bo: his lowest hole card (with all his jacks)" in lines
    wild_line = lines.index("  Jd is wild for Bo: his lowest hole card (with all his jacks)")
    assert lines[wild_line + 1].startswith("  Bo shows ")


def test_lowest_hole_card_reads_the_ace_high_and_ignores_upcards() -> None:
    # seat 0's hole cards: As 9c Kd: the nine is lowest; his upcard 2c is no hole card
    state = play(("As 9c 2c Ad 4s 7c Kd", "Qc Qd Qs 4d 4c 8c Jd"), positional="lowest_hole_card")
    named = [ev.card_text(e.card) for e in state.events if isinstance(e, ev.PlayerWild) and e.seat == 0]
    assert named == ["9c"]


def test_lowest_hole_card_reads_the_ace_high_in_lowball_too() -> None:
    """§2 reading: "lowest" names a card of the deal by rank, ace high, in the ace-low games too:
    A-3-5-7-9 dealt down in lowball makes the trey his wild card (a zero), not the ace."""
    state = State(get_game("lowball", positional="lowest_hole_card", joker=None), [100, 100],
                  deck=draw_deck(["Ah 3c 5d 7s 9h", "2c 4d 6h 8s Tc"], button=1), button=1)
    assert ev.card_text(state.positional_card(0)) == "3c"
    assert ev.card_text(state.positional_card(1)) == "2c"


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


def five_stud(hands: list[str], **options: object) -> State:
    state = State(get_game("five-card-stud", **options), [100] * len(hands), deck=stud_deck(hands))
    call_down(state)
    return state


def test_lowest_card_reads_every_card_he_holds_up_and_down() -> None:
    """The rules, §5.11 ("a player's first, third or lowest card"): ``lowest_card`` is the lowest
    of all his cards.  Seat 0 holds Kd down and 2c 2h 9s 9d up: the deuces are wild for him, four
    nines, and beat seat 1's four eights (5c wild); by the lowest hole card the Kd is his wild card,
    a full house, and seat 1 wins.  The showdown names the card ("2c is wild for Ann: his lowest
    card")."""
    hands = ["Kd 2c 2h 9s 9d", "5c 8c 8d 8h Qs"]
    state = five_stud(hands, positional="lowest_card")
    named = sorted((e.seat, ev.card_text(e.card), e.rule) for e in state.events
                   if isinstance(e, ev.PlayerWild))
    assert named == [(0, "2c", "lowest_card"), (1, "5c", "lowest_card")]
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[0] is not None and shown[0].startswith("four of a kind, nines")
    assert winners(state) == {0}
    said = describe_hand(state, ["Ann", "Bo"], viewer=ALL)
    assert "  2c is wild for Ann: his lowest card (with all his deuces)" in said
    assert winners(five_stud(hands, positional="lowest_hole_card")) == {1}


def test_lowest_card_reads_the_ace_high_and_the_joker_names_nothing() -> None:
    """As ``lowest_hole_card`` reads them: the ace is high (2c, not an ace, is the lowest of
    2c Ad 7s 9c Ks), and the joker names no rank (the lowest natural card does)."""
    state = five_stud(["2c Ad 7s 9c Ks", "Kc Qd 7h 5d 3s"], positional="lowest_card")
    assert state.positional_card(0) == 0 and winners(state) == {0}  # A-A-K-9-7 beats K-K-Q-7-5
    state = five_stud(["Jk 6c 7s 9c Ks", "Kc Qd 7h 5d 3s"], positional="lowest_card", joker="bug")
    assert ev.card_text(state.positional_card(0)) == "6c"


def test_lowest_card_in_a_draw_game_is_the_lowest_hole_card() -> None:
    """Every card of a draw hand is down: there the two rules name the same card."""
    for seed in range(1, 30):
        for rule in ("lowest_card", "lowest_hole_card"):
            state = State(get_game("jackpots", positional=rule), [100, 100, 100], seed=seed)
            if rule == "lowest_card":
                low = [state.positional_card(s) for s in range(3)]
            else:
                assert [state.positional_card(s) for s in range(3)] == low


def test_a_penalty_card_that_names_a_players_own_rank_still_names_it() -> None:
    """Reading (§2): a positional card is read by its place, whatever it is; a void penalty card
    that is a player's lowest hole card still names his wild rank, the rank's other cards are
    wild for him and the penalty card itself is never played.  Seat 0: Qs Kd down, Qh Qd 9c 8c up,
    Ah down: the queens are his, Qh Qd wild make three aces with the Ah (Qs void)."""
    spec = get_game("seven-card-stud", positional="lowest_hole_card", penalty="Qs", penalty_rule="void-card",
                    stakes=ANTE_1_LIMIT_5_10)
    state = State(spec, [100, 100], deck=stud_deck(["Qs Kd Qh Qd 9c 8c Ah", "2c 3c Jh Jd Js 4d 5d"]))
    call_down(state)
    assert ev.card_text(state.positional_card(0)) == "Qs"
    assert set(state.wilds_for(0).wild) == {"Qc", "Qd", "Qh"}
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[0] is not None and shown[0].startswith("three of a kind, aces")
