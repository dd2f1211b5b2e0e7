"""Scripted aces-deuces hands (the rules, §1 and §5.10): paid draws, replacement
face down or face up, the three-card limit, ``stand_is_final``, the two-card
high-low split.

``deck(hands, draws)`` deals each seat its down card then its up card (one
round at a time from the dealer's left), and the cards drawn come next, in the
order they are drawn.
"""

from __future__ import annotations

import pytest
from engine_helpers import awards, awards_with_pot, kinds, stud_deck
from engine_helpers import stand_pat_and_check_down as check_down

from splitpot.bots import SimpleBot
from splitpot.cards import parse_cards
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.history import History, player_view
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError, RuleError
from splitpot.games import get_game
from splitpot.narrate import ALL, describe_hand

ACES = get_game("aces-deuces")


def deck(hands: list[str], draws: str = "", *, button: int = 0) -> list[int]:
    return stud_deck(hands, button=button, community=draws)


def card(text: str) -> int:
    return int(parse_cards(text)[0])


def fees(state: State) -> list[tuple[int, int]]:
    return [(e.seat, e.amount) for e in state.events if isinstance(e, ev.DrawFeePaid)]


def stand_all(state: State) -> None:
    while state.phase is Phase.DRAWING:
        state.draw()


# ------------------------------------------------------------------ the draws
def test_fees_one_then_one_more_then_three_more_paid_into_the_pot() -> None:
    state = State(ACES, [100] * 2, deck=deck(["9c 8d", "Kc Qd"], "2c 3c 4c"))
    assert state.phase is Phase.DRAWING and state.actor == 1 and state.pot == 2
    assert state.draw_fee(1) == 1
    state.draw(["Kc"])          # seat 1: first card, 1 chip
    state.draw()                # seat 0 stands (final)
    assert state.actor == 1 and state.draw_fee(1) == 1
    state.draw(["2c"])          # second card, 1 more
    assert state.draw_fee(1) == 3
    state.draw(["Qd"])          # third card, 3 more
    assert fees(state) == [(1, 1), (1, 1), (1, 3)]
    assert state.pot == 2 + 5 and state.stacks[1] == 100 - 1 - 5
    assert state.phase is Phase.BETTING  # three cards: done drawing; seat 0 stood


def test_down_card_replaced_face_down_and_up_card_face_up() -> None:
    state = State(ACES, [100] * 2, deck=deck(["9c 8d", "Kc Qd"], "2c 3c"))
    state.draw(["Kc"])   # seat 1's down card
    assert state.down[1] == [card("2c")] and state.up[1] == [card("Qd")]
    state.draw(["8d"])   # seat 0's up card
    assert state.down[0] == [card("9c")] and state.up[0] == [card("3c")]
    view = player_view(state, 0)
    drew = [e for e in view["events"] if e["event"] == "draw"]
    assert drew[0] == {"event": "draw", "seat": 1, "discarded": [None], "received": [None]}  # hidden
    assert drew[1]["received"] == ["3c"]  # his own
    assert player_view(state, 1)["events"][-2]["received"] == ["3c"]  # an up card: public


def test_one_card_a_turn_and_three_cards_at_most() -> None:
    state = State(ACES, [100] * 3, deck=deck(["9c 8d", "Kc Qd", "5h 6h"], "2c 3c 4c 5c"))
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="may draw at most 1"):
        state.draw(["Kc", "Qd"])
    assert state.snapshot() == before
    order = []
    while state.phase is Phase.DRAWING:
        order.append(state.actor)
        if state.actor == 1:
            state.draw(state.down[1])
        else:
            state.draw()
    assert order == [1, 2, 0, 1, 1]  # seats 2 and 0 stood for good; seat 1 drew three and is done
    assert fees(state) == [(1, 1), (1, 1), (1, 3)]


def test_stand_is_final_by_default_and_an_option() -> None:
    hands, draws = ["9c 8d", "Kc Qd", "5h 6h"], "2c 3c 4c 5c"
    state = State(ACES, [100] * 3, deck=deck(hands, draws))
    state.draw()                 # seat 1 stands: done
    state.draw(["5h"])           # seat 2 draws
    state.draw()                 # seat 0 stands: done
    assert state.actor == 2      # only seat 2 is asked again
    state.draw()
    assert state.phase is Phase.BETTING
    loose = State(get_game("aces-deuces", stand_is_final=False), [100] * 3, deck=deck(hands, draws))
    loose.draw()                 # seat 1 stands ...
    loose.draw(["5h"])           # seat 2 draws
    loose.draw()                 # seat 0 stands
    assert loose.actor == 1
    loose.draw(["Kc"])           # ... and draws on a later turn
    seen = []
    while loose.phase is Phase.DRAWING:
        seen.append(loose.actor)
        loose.draw()
    assert seen == [2, 0, 1]     # a full round in which nobody draws ends the drawing
    assert fees(loose) == [(2, 1), (1, 1)]


def test_a_player_who_cannot_pay_the_fee_is_passed_over() -> None:
    # seat 1 has 1 chip after his ante: one draw; seat 2 is all in with his ante: none
    state = State(ACES, [100, 2, 1], deck=deck(["9c 8d", "Kc Qd", "5h 6h"], "2c 3c 4c"))
    assert state.actor == 1
    state.draw(["Kc"])
    assert state.stacks[1] == 0 and state.actor == 0  # seat 1 is done; seat 2 never draws
    state.draw()
    assert state.phase is not Phase.DRAWING


# -------------------------------------------------------------- the betting
def test_highest_upcard_acts_first_ties_to_the_dealers_left() -> None:
    """§5.10: The highest upcard acts first, ties to the seat nearest the dealer's left (no
    suit order): the Kh (seat 2) before the dealer's Ks; checking is allowed."""
    state = State(ACES, [100] * 3, deck=deck(["2c Ks", "3c 4d", "5c Kh"], button=0))
    stand_all(state)
    assert state.actor == 2 and Action.CHECK in {o.action for o in state.legal_actions()}
    state = State(ACES, [100] * 3, deck=deck(["2c Kd", "3c As", "5c Kh"], button=0))
    stand_all(state)
    assert state.actor == 1  # the ace is the highest upcard


def test_one_betting_round_at_the_small_bet_a_bet_and_three_raises() -> None:
    """§5.10: Reading: one betting round, at the small bet, capped at a bet and three raises
    (§3); the hand ends with it."""
    state = State(ACES, [500] * 3, deck=deck(["2c Kd", "3c As", "5c Kh"]))
    stand_all(state)
    assert state.actor == 1 and kinds(state) == {Action.CHECK: (), Action.BET: (5,)}
    state.bet()
    assert kinds(state)[Action.RAISE] == (10,)
    state.raise_to()
    state.raise_to()
    state.raise_to()
    assert Action.RAISE not in kinds(state)
    state.call()
    state.call()
    assert state.is_complete


def test_no_cap_heads_up_is_an_option_here_too() -> None:
    """Was refused (\"unknown option\"): the rules, §3, give every fixed-limit game
    the option of no cap when only two players are left."""
    states = [State(get_game("aces-deuces", uncapped_heads_up=free), [500, 500],
                    deck=deck(["2c Kd", "3c As"], button=0)) for free in (False, True)]
    for state in states:
        stand_all(state)
        state.bet()
        for _ in range(3):
            state.raise_to()
    capped, free = ({o.action for o in s.legal_actions()} for s in states)
    assert Action.RAISE not in capped and Action.RAISE in free


# ---------------------------------------------------------------- showdown
@pytest.mark.parametrize(
    ("hands", "high", "low"),
    [
        (["As Ad", "Ac 2d", "Kc Kd"], 0, 1),   # A-A best high, A-2 best low
        (["As Ad", "2c 2d"], 0, 1),           # A-A is the worst low: any pair beats it
        (["As Ad", "Kc Qd"], 0, 1),           # ... and any unpaired hand
        (["3c 2h", "Kc Qd", "4c 5d"], 1, 0),   # unpaired: the highest cards win high, the lowest low
        (["Ac 3d", "3c 2h", "Kc Qd"], 0, 0),   # an unpaired ace is high for high and low for low
        (["9c 9d", "Ac Kd"], 0, 1),           # any pair beats any unpaired hand for high
    ],
)
def test_two_card_high_low_split(hands: list[str], high: int, low: int) -> None:
    state = State(ACES, [100] * len(hands), deck=deck(hands))
    check_down(state)
    won = {(seat, side) for _, seat, _, side in awards_with_pot(state)}
    assert won == {(high, "high"), (low, "low")}


def test_the_whole_pot_draw_fees_included_is_split_odd_chip_to_high() -> None:
    state = State(ACES, [100] * 3, deck=deck(["As Ad", "Ac 2d", "7c 8d"], "9h"))
    state.draw()
    state.draw(["8d"])   # seat 2 pays 1: the pot is 3 + 1
    state.draw()
    check_down(state)
    assert state.pot == 0 and awards_with_pot(state) == [(0, 0, 2, "high"), (0, 1, 2, "low")]
    state = State(ACES, [100] * 2, deck=deck(["As Ad", "Ac 2d"], "9h"))
    state.draw(["2d"])   # seat 1 pays 1: pot 3, odd
    state.draw()
    check_down(state)
    assert sorted(awards_with_pot(state)) == [(0, 0, 2, "high"), (0, 1, 1, "low")]


def test_aces_deuces_odd_chip_goes_by_the_highest_card() -> None:
    """§5.10 reading: aces-deuces is dealt and bet as a stud game, so tied hands' odd chip goes by
    the highest card (the K♠), not to the first tied seat left of the dealer (seat 0)."""
    hands = ["Kc Qd", "Ks Qh", "3c 2d", "9c 8d", "Tc 6h"]
    state = State(get_game("aces-deuces"), [100] * 5, button=1, deck=stud_deck(hands, button=1))
    while state.phase is Phase.DRAWING:
        state.draw()
    while not state.is_complete:
        state.check() if state.can_check() else state.call()
    assert sorted(award for award in awards(state) if award[2] == "high") == [(0, 1, "high"), (1, 2, "high")]


def test_fees_are_dead_money_in_the_main_pot() -> None:
    # seat 0 is all in with his ante; seats 1 and 2 pay a fee each and bet.  The main
    # pot is the antes and both fees (5): A-A takes its high half with the odd chip,
    # A-3 its low half; the bets beyond seat 0's ante are a side pot that A-3 scoops.
    hands = ["Ah Ad", "Kc Qd", "Jc 3s"]
    state = State(ACES, [1, 100, 100], deck=deck(hands, "9h Ac"))
    state.draw(["Kc"])  # seat 1: Q-9, fee 1
    state.draw(["Jc"])  # seat 2: A-3, fee 1
    state.draw()
    state.draw()
    assert state.actor == 1  # A-A shows highest but is all in
    state.bet()
    state.call()
    assert awards_with_pot(state) == [(0, 0, 3, "high"), (0, 2, 2, "low"),
                                      (1, 2, 5, "high"), (1, 2, 5, "low")]
    assert sum(state.stacks) == 201


def test_fees_paid_by_a_player_all_in_stay_in_his_main_pot() -> None:
    """The reading of docs/rules.md §5.10 (fees are dead money in the main pot) for a player who
    paid fees, then called all in: side pots are built from the antes and bets, so he can win
    every ante and fee and, from each opponent's bets, as much as he bet.  Four players of 14
    chips, each puts 14 in (P0: ante 1, fees 1 + 1 + 3, a call of 8 all in; the others ante 1 and
    bet 13): not one pot of 56 for P0's A-2 to scoop, but a main pot of 4 + 5 + 4 x 8 = 41 and a
    side pot of 3 x 5 = 15 among the others, P0's fees never returned to him."""
    hands = ["7c 8d", "Kc Qd", "Jc Ts", "9c 8s"]
    state = State(ACES, [14] * 4, deck=deck(hands, "9h 2c Ah"))
    for _ in range(3):
        state.draw()        # seats 1, 2 and 3 stand
    state.draw(["7c"])      # seat 0: 9h down, fee 1
    state.draw(["9h"])      # 2c down, fee 1 more
    state.draw(["8d"])      # Ah up, fee 3 more
    assert fees(state) == [(0, 1), (0, 1), (0, 3)] and state.stacks == [8, 13, 13, 13]
    assert state.actor == 0  # the ace shows highest
    state.check()
    state.bet()             # seat 1: 5
    state.raise_to()        # seat 2: 10
    state.raise_to(13)      # seat 3: all in
    state.call()            # seat 0: 8, all in
    state.call()
    assert state.stacks == [0, 0, 3, 0] and state.pot == 53  # seat 2 to call 3: 14 chips each
    state.call()
    assert state.is_complete and state.draw_fees == [5, 0, 0, 0]
    assert awards_with_pot(state) == [(0, 0, 21, "high"), (0, 0, 20, "low"),   # A-2 scoops 41
                                      (1, 1, 8, "high"), (1, 3, 7, "low")]     # K-Q and 9-8 split 15
    assert state.stacks == [41, 8, 0, 7]
    # the hand as told says who may win the side pot before its award (was: "P1 wins the high
    # half of the side pot 1 (8)" alone, nothing said of why P0 had no part in it)
    assert describe_hand(state, ["P0", "P1", "P2", "P3"], viewer=ALL)[-5:-1] == [
        "P0 wins the low half of the main pot (20) with deuce-ace low (both halves: scoops)",
        "only P1, P2, P3 may win the side pot 1 (15): P0 is all in for less",
        "P1 wins the high half of the side pot 1 (8) with king-queen high",
        "P3 wins the low half of the side pot 1 (7) with nine-eight low",
    ]


def test_replay_is_identical_and_the_hand_reads_as_played() -> None:
    state = State(ACES, [100] * 3, deck=deck(["9c 8d", "Kc Qd", "5h 6h"], "2c 3c 4c"))
    state.draw(["Kc"])
    state.draw()
    state.draw(["8d"])
    check_down(state)
    assert History.from_json(state.history().to_json()).replay().snapshot() == state.snapshot()
    lines = describe_hand(state, ["Ann", "Bo", "Cy"], viewer=ALL)
    # one line a draw, with its fee (was "Bo draws to his down card (Kc out): [2c] Qd" and
    # "    and pays 1 into the pot for it" a line of its own)
    assert "  Bo replaces his down card Kc with 2c and pays 1" in lines
    assert "  Ann replaces his up card 8d with 3c and pays 1" in lines
    assert not [line for line in lines if "into the pot for it" in line]
    hidden = describe_hand(state, ["Ann", "Bo", "Cy"], viewer=0)
    assert "  Bo replaces his down card and pays 1" in hidden
    assert "  Cy stands: [5h] 6h" in lines


# ----------------------------------------------------- options and wild cards
def test_positional_and_penalty_cards_in_two_card_hands() -> None:
    with pytest.raises(RuleError, match="third_card needs 3 cards dealt"):
        get_game("aces-deuces", positional="third_card")
    with pytest.raises(RuleError, match="wild_low does not apply to two-card hands"):
        get_game("aces-deuces", wild_low="best-rank")
    with pytest.raises(RuleError, match="wild_low='zero' does nothing in aces-deuces"):
        get_game("aces-deuces", wild="2", wild_low="zero")
    for fees in ((1, 1, 1, 1), ()):  # the rules: three cards at most (was: any number of draws)
        with pytest.raises(RuleError, match="fees must name one to three draws"):
            get_game("aces-deuces", fees=fees)
    assert get_game("aces-deuces", fees=(2,)).streets[0].paid_draws.most == 1  # type: ignore[union-attr]
    refused = r"aces-deuces has no bring-in \(the best hand showing acts first, .*; the first bet is a free"
    with pytest.raises(RuleError, match=refused):
        get_game("aces-deuces", stakes={"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10})
    spec = get_game("aces-deuces", positional="hole_card")
    state = State(spec, [100] * 2, deck=deck(["7c Ad", "Kc Qd"]))
    check_down(state)  # seat 0's 7c is wild for him: A-A, and A-2 for low; seat 1's Kc makes Q-Q
    named = [(e.seat, ev.card_text(e.card)) for e in state.events if isinstance(e, ev.PlayerWild)]
    assert named == [(0, "7c"), (1, "Kc")]  # shown from seat 0, who acted first in a round of checks
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[0] == "pair of aces (7c as A)"
    dead = State(get_game("aces-deuces", penalty="Ad"), [100] * 2, deck=deck(["7c Ad", "Kc 2d"]))
    check_down(dead)
    assert {(seat, side) for _, seat, _, side in awards_with_pot(dead)} == {(1, "high"), (1, "low")}
    assert next(e.high for e in dead.events if isinstance(e, ev.CardsShown) and e.seat == 0) == (
        "dead hand (penalty card Ad)")


def test_bot_stands_on_strong_hands_and_draws_to_weak_ones() -> None:
    bot = SimpleBot(seed=1)
    strong = State(ACES, [100] * 2, deck=deck(["9c 8d", "As Ad"]))
    assert bot.discards(strong) == []
    weak = State(ACES, [100] * 2, deck=deck(["9c 8d", "Jc 8h"]))
    assert bot.discards(weak) == [card("Jc")]  # keeps the eight: a draw to a low


def test_two_card_score_is_remembered_whatever_the_order_of_the_cards() -> None:
    """The bot's rating of a two-card hand is kept once computed (a draw weighs every unseen card):
    both orders of every hand give the rating computed afresh, with the joker and a wild rank too."""
    from splitpot.bots import _two_card_score, two_card_score

    fresh = _two_card_score.__wrapped__
    for high, low, wild in (("high", "low", ()), ("high", None, ("2",)), (None, "low", ("2",))):
        for a in range(53):
            for b in range(a + 1, 53, 7):
                want = fresh((b, a), high, low, wild)
                assert two_card_score([a, b], high, low, wild=wild) == want
                assert two_card_score([b, a], high, low, wild=wild) == want
