"""A fifth audit of the rules (positional wild cards, wild and penalty cards, betting
order with wild cards): one scripted hand or property per finding, each named for the
rule it pins."""

from __future__ import annotations

import pytest
from engine_helpers import call_down, draw_deck, passive_action, stud_deck

import splitpot
from splitpot.dealers_choice import Call
from splitpot.engine import events as ev
from splitpot.engine.spec import Stakes, Wilds
from splitpot.engine.state import Phase, State
from splitpot.errors import HouseListError, RankingError, RuleError
from splitpot.games import get_game
from splitpot.house import HouseList, example_house

STAKES = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)


# ------------------------------------------- §5.9 Mexican stud holds one positional rule: its own


@pytest.mark.parametrize("rule", ["first_card", "third_card", "lowest_hole_card", "lowest_card"])
def test_mexican_stud_refuses_a_positional_rule_that_would_replace_its_hole_card(rule: str) -> None:
    """Was: ``positional="first_card"`` silently replaced Mexican stud's own wild card (each
    player's hole card, §5.9), though the call said "each player's first card wild" and
    nothing of the hole card.  The game, and a dealer's call of it, refuse it, saying why
    and what to do; nothing is built."""
    with pytest.raises(RuleError, match=r"would replace mexican-stud's own wild card.*positional=None"):
        get_game("mexican-stud", positional=rule)
    with pytest.raises(RuleError, match="would replace mexican-stud's own wild card"):
        Call(game="mexican-stud", options={"positional": rule})
    with pytest.raises(RuleError, match="would replace"):
        Call(game="mexican-stud", options={"positional": rule, "low": "ace-to-six"})


def test_mexican_stud_keeps_its_own_rule_and_none_turns_it_off() -> None:
    assert get_game("mexican-stud").wilds.positional == "hole_card"
    assert get_game("mexican-stud", positional="hole_card").wilds.positional == "hole_card"
    assert get_game("mexican-stud", positional=None).wilds.positional is None
    assert Call(game="mexican-stud", options={"positional": None}).text() == "Mexican stud, no hole card wild"
    # other games take any rule
    assert get_game("five-card-stud", positional="first_card").wilds.positional == "first_card"


def test_no_house_list_call_replaces_mexican_studs_hole_card() -> None:
    """The house list (the computer dealer's calls, and a person's choices) never holds such a
    call: the shipped one has none, and a file naming one is refused at its line."""
    for entry in example_house().entries:
        if entry.call.game == "mexican-stud":
            assert entry.call.spec.wilds.positional in (None, "hole_card")
    text = '[[call]]\ngame = "mexican-stud"\npositional = "first_card"\n'
    where = r"house\.toml:3: call 1 \(mexican-stud\): positional='first_card'"
    with pytest.raises(HouseListError, match=where):
        HouseList.from_toml(text, source="house.toml")


# ------------------------------------------- §2 a card both wild and a penalty card does nothing wild


@pytest.mark.parametrize("rule", ["dead-hand", "void-card"])
@pytest.mark.parametrize(("wild", "penalty"), [("2", "2"), ("2", "2s"), ("Qs", "Q"), (("2", "Qs"), "Qs")])
def test_a_card_both_wild_and_penalty_is_refused(wild: object, penalty: str, rule: str) -> None:
    """Was accepted, though such a card never plays as wild (with dead-hand it kills the hand,
    with void-card it may not be played): one check (splitpot.wild.check_wild_penalty) refuses
    it in the game spec, dealer's choice, equity and the evaluator."""
    with pytest.raises(RuleError, match="wild and penalty both name"):
        get_game("five-card-stud", wild=wild, penalty=penalty, penalty_rule=rule)
    with pytest.raises(RuleError, match="wild and penalty both name"):
        Call(game="five-card-stud", options={"wild": wild, "penalty": penalty, "penalty_rule": rule})
    with pytest.raises(RuleError, match="wild and penalty both name"):
        Wilds(wild=(wild,) if isinstance(wild, str) else wild, penalty=(penalty,), penalty_rule=rule)
    with pytest.raises(RuleError, match="wild and penalty both name"):
        splitpot.equity("seven-card-stud", ["As Ks Qs", "2c 2d 3h"], wild=wild, penalty=penalty,
                        penalty_rule=rule, samples=10, seed=1)
    with pytest.raises(RankingError, match="wild and penalty both name"):
        splitpot.evaluate("As Ks Qs Js 2c", wild=wild, penalty=penalty, penalty_rule=rule)


def test_the_joker_both_wild_and_penalty_is_refused_by_the_evaluator() -> None:
    """The games and equity refuse the joker as a penalty card at all; the evaluator takes it,
    and refuses it where the joker is wild too (the bug is not fully wild: accepted)."""
    with pytest.raises(RankingError, match="joker='wild' and penalty both name Jk"):
        splitpot.evaluate("As Ks Qs Js Jk", joker="wild", penalty="Jk")
    assert splitpot.evaluate("As Ks Qs Js Jk", joker="bug", penalty="Jk") is None  # a dead hand


def test_the_message_says_what_to_do_and_the_disjoint_cards_pass() -> None:
    with pytest.raises(RuleError, match=r"name the wild cards without them \(wild='2c 2d 2h'\)"):
        get_game("seven-card-stud", wild="2", penalty="2s")
    spec = get_game("seven-card-stud", wild="2c 2d 2h", penalty="2s")
    assert spec.wilds.wild == ("2c 2d 2h",) and spec.wilds.penalty == ("2s",)
    assert Call(game="five-card-stud", options={"wild": "2", "penalty": "Qs"}).spec.wilds.penalty == ("Qs",)


def test_a_penalty_card_that_names_a_players_own_rank_still_names_it() -> None:
    """Reading (§2): a positional card is read by its place, whatever it is; a void penalty card
    that is a player's lowest hole card still names his wild rank, the rank's other cards are
    wild for him and the penalty card itself is never played.  Seat 0: Qs Kd down, Qh Qd 9c 8c up,
    Ah down: the queens are his, Qh Qd wild make three aces with the Ah (Qs void)."""
    spec = get_game("seven-card-stud", positional="lowest_hole_card", penalty="Qs", penalty_rule="void-card",
                    stakes=STAKES)
    state = State(spec, [100, 100], deck=stud_deck(["Qs Kd Qh Qd 9c 8c Ah", "2c 3c Jh Jd Js 4d 5d"]))
    call_down(state)
    assert ev.card_text(state.positional_card(0)) == "Qs"
    assert set(state.wilds_for(0).wild) == {"Qc", "Qd", "Qh"}
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[0] is not None and shown[0].startswith("three of a kind, aces")


# ------------------------------------------- Mexican stud's betting order reads no wild card (§5.9)


def actor_at(game: str, hands: list[str], street: int, **options: object) -> int | None:
    state = State(get_game(game, **options), [100] * len(hands), deck=stud_deck(hands))
    while state.street < street or state.phase is not Phase.BETTING:
        passive_action(state)
    return state.actor


def test_mexican_stud_betting_order_reads_shared_wild_cards_as_natural() -> None:
    """§5.9: "betting order uses upcards without wild cards", a wild rank everyone shares too:
    with deuces wild 2-A showing is ace high, below Q-Q (seven-card stud counts it: §5.1's
    reading, a pair of aces)."""
    assert actor_at("mexican-stud", ["7d 2c Ah", "9c Qd Qc"], 1, wild="2") == 1


# ------------------------------------------- readings stated in docs/rules.md, pinned


def test_lowest_hole_card_reads_the_ace_high_in_lowball_too() -> None:
    """§2 reading: "lowest" names a card of the deal by rank, ace high, in the ace-low games too:
    A-3-5-7-9 dealt down in lowball makes the trey his wild card (a zero), not the ace."""
    state = State(get_game("lowball", positional="lowest_hole_card", joker=None), [100, 100],
                  deck=draw_deck(["Ah 3c 5d 7s 9h", "2c 4d 6h 8s Tc"], button=1), button=1)
    assert ev.card_text(state.positional_card(0)) == "3c"
    assert ev.card_text(state.positional_card(1)) == "2c"


def test_every_hand_dead_splits_equally_odd_chip_left_of_the_dealer() -> None:
    """§2 reading: a pot whose hands are all dead (penalty nines) is split equally, the odd chip to
    the first of them left of the dealer (§4's equal splits): 13 chips, 7 to seat 1, 6 to seat 0."""
    spec = get_game("five-card-stud", penalty="9")
    state = State(spec, [100] * 3, button=0, deck=stud_deck(["9c Kd 2c 3c 4c", "9d Qd 2d 3d 4h", "9h 5s"],
                                                            button=0))
    while state.street == 0:
        if state.can_bet():
            state.bet()
        elif state.actor == 2:
            state.fold()
        else:
            state.call()
    call_down(state)
    got = sorted((e.seat, e.amount, e.side) for e in state.events if isinstance(e, ev.PotAwarded))
    assert got == [(0, 6, "equal"), (1, 7, "equal")]


def test_aces_deuces_odd_chip_goes_by_the_highest_card() -> None:
    """§5.10 reading: aces-deuces is dealt and bet as a stud game, so tied hands' odd chip goes by
    the highest card (the K♠), not to the first tied seat left of the dealer (seat 0)."""
    hands = ["Kc Qd", "Ks Qh", "3c 2d", "9c 8d", "Tc 6h"]
    state = State(get_game("aces-deuces"), [100] * 5, button=1, deck=stud_deck(hands, button=1))
    while state.phase is Phase.DRAWING:
        state.draw()
    while not state.is_complete:
        state.check() if state.can_check() else state.call()
    awards = [e for e in state.events if isinstance(e, ev.PotAwarded)]
    assert sorted((e.seat, e.amount) for e in awards if e.side == "high") == [(0, 1), (1, 2)]


def test_a_wild_card_counts_as_itself_for_the_odd_chip() -> None:
    """§4 reading, in Mexican stud: two king-high straights, one made with the wild A♠ (his hole
    card) and one with the wild 2♣: the A♠ itself is the highest card, so the odd chip is his."""
    hands = ["As Kd Qd Jd 9c", "2c Kh Qh Jh 9s", "3d 4c 6h 8c Tc"]
    state = State(get_game("mexican-stud"), [100] * 3, button=2, deck=stud_deck(hands, button=2))
    call_down(state)
    got = sorted((e.seat, e.amount) for e in state.events if isinstance(e, ev.PotAwarded))
    assert got == [(0, 2), (1, 1)]
