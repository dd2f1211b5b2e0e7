"""The rules, §3 (betting), on scripted hands (stacked decks): the cap, the half-bet rule
of limit poker and its readings, no bet that nobody could call (pass and out included),
no free fold, the bring-in and first-to-act duties passing over an all-in player and the
single-card duties reading the card itself (wild or not), uncalled bets, and who acts first
in each round of random play of every stud and draw game (§5), computed from the rules
text.  The betting
of one game alone (blinds, openers, the order after a draw) is in that game's module; §5's
games cite their section."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from engine_helpers import (
    ANTE_1_LIMIT_5_10,
    NO_ANTE_LIMIT_10_20,
    actions,
    awards,
    call_down,
    draw_deck,
    legal,
    passive_action,
    stand_pat_and_check_down,
    stud_deck,
    winners,
)

from splitpot.cards import card_text
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.spec import Stakes
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError
from splitpot.games import get_game

# Seat 1 shows the 2c (lowest upcard: brings in); seats 2, 3, 0 act after him.
LOW_UP = "Ah Kd 2c 3h 4h 5h 6h"
HANDS4 = ["As Ac Kc 9d 9c 8c 7c", LOW_UP, "Qs Qc Jd Td Tc 7d 6d", "Js Jc Qd 8h 8s 4s 4d"]
HANDS3 = [HANDS4[0], LOW_UP, HANDS4[2]]


def stud(stacks: list[int], hands: list[str], **options: object) -> State:
    spec = get_game("seven-card-stud", stakes=NO_ANTE_LIMIT_10_20, **options)
    return State(spec, stacks, deck=stud_deck(hands))


# ------------------------------------------------------------------ §3 the cap

def test_cap_is_a_bet_and_three_raises_in_draw_games() -> None:
    """§3: Fixed limit: a bet and three raises per round, in a draw game as in stud."""
    hands = ["Kc Kd Qh Js 9d", "8c 6d 4h 3s 2c", "7c 6h 5s 4d 2d"]
    state = State(get_game("lowball"), [500] * 3, deck=draw_deck(hands, joker=True))
    state.bet()  # seat 1
    state.raise_to()  # seat 2
    state.raise_to()  # seat 0
    state.raise_to()  # seat 1: the third raise
    assert state.actor == 2 and legal(state) == {"fold": (), "call": (10,)}


def test_no_cap_heads_up_counts_all_in_players() -> None:
    """§3: The option lifts the cap only when two players are left in the hand, all-in
    players counted: with a third player all in the cap holds; with him folded, not."""
    hands = ["Kd Kh 9h", "Qd Qh 2c", "Jd Jh 8s"]
    spec = get_game("seven-card-stud", uncapped_heads_up=True)
    all_in = State(spec, [500, 500, 2], deck=stud_deck(hands))
    folded = State(spec, [500, 500, 500], deck=stud_deck(hands))
    all_in.bring_in()  # seat 1
    all_in.call()  # seat 2, all in for 1 (the ante took 1)
    folded.bring_in()
    folded.fold()  # seat 2
    for state in (all_in, folded):
        state.complete()  # seat 0
        for _ in range(3):
            state.raise_to()
    assert "raise" not in legal(all_in)
    assert legal(folded)["raise"] == (25,)


# ------------------------------------------------------------------ §3 the half-bet rule

@pytest.mark.parametrize(("stack", "next_options"), [
    (3, {"fold": (), "call": (2,), "complete": (5,)}),  # 2 < half of 5: call or complete
    (4, {"fold": (), "call": (3,), "raise": (8,)}),  # 3 >= half of 5: a full bet, raised to 3 + 5
])
def test_half_bet_rule_all_in_bet_measured_against_a_full_bet(
    stack: int, next_options: dict[str, tuple[int, ...]]
) -> None:
    """§3: An all-in opening bet (after the ante of 1) of at least half the bet of 5
    counts as a full bet; one of less than half lets the next player call it or
    complete it to 5."""
    hands = ["Kc Kd Qh Js 9d", "8c 6d 4h 3s 2c", "7c 6h 5s 4d 2d"]
    state = State(get_game("lowball"), [100, stack, 100], deck=draw_deck(hands, joker=True))
    assert legal(state) == {"fold": (), "bet": (stack - 1,)}
    state.bet(stack - 1)  # seat 1, all in
    assert state.actor == 2 and legal(state) == next_options


def test_half_bet_rule_all_in_raise_of_at_least_half_counts_as_full() -> None:
    """§3: Bring-in 2, completed to 10; seat 0 raises all in to 16 (6 above 10 >= half of 10):
    a full raise — it reopens the betting for seat 2, who completed, and the next
    raise goes to 16 + 10."""
    state = stud([16, 100, 100], HANDS3)
    state.bring_in()  # seat 1
    state.complete(10)  # seat 2
    assert state.actor == 0 and legal(state)["raise"] == (16,)
    state.raise_to(16)
    assert state.actor == 1 and legal(state) == {"fold": (), "call": (14,), "raise": (26,)}
    state.call()
    assert state.actor == 2 and legal(state) == {"fold": (), "call": (6,), "raise": (26,)}


def test_half_bet_rule_all_in_raise_of_less_than_half_does_not_reopen() -> None:
    """§3: Seat 0 raises all in to 14 (4 above 10 < half of 10): seat 2, who completed,
    may only call or fold; seat 1 (reopened by the completion, not acted since) may
    raise, to the last full level (10) plus one bet."""
    state = stud([14, 100, 100], HANDS3)
    state.bring_in()
    state.complete(10)
    state.raise_to(14)
    assert state.actor == 1 and legal(state) == {"fold": (), "call": (12,), "raise": (20,)}
    state.call()
    assert state.actor == 2 and legal(state) == {"fold": (), "call": (4,)}
    with pytest.raises(IllegalActionError, match="cannot raise"):
        state.raise_to(24)


def test_half_bet_rule_a_full_raise_after_a_short_all_in_reopens_for_those_who_acted() -> None:
    """§3: after an all-in raise of less than half a bet, players who already acted may only
    call or fold "unless another full raise follows".  Seat 2 completes, seat 0 raises all in
    to 14 (short), seat 1 (not acted since the completion) raises to 20, a full raise over
    the last full level: seat 2 may now raise again (to 30)."""
    state = stud([14, 100, 100], HANDS3)
    state.bring_in()  # seat 1
    state.complete(10)  # seat 2
    state.raise_to(14)  # seat 0, all in: 4 above 10, less than half a bet
    assert state.actor == 1 and legal(state)["raise"] == (20,)
    state.raise_to(20)  # seat 1
    assert state.actor == 2 and legal(state) == {"fold": (), "call": (10,), "raise": (30,)}


@pytest.mark.parametrize(("stack", "full"), [(6, True), (5, False)])
def test_half_bet_rule_all_in_completion_measured_above_the_bring_in(stack: int, full: bool) -> None:
    """§3: Completing the bring-in of 2 to a small bet of 10 all in: to 6 is 4 above the
    bring-in, half of (10 - 2) — a full completion (the next raise goes to 16); to 5
    is less — the next player calls 5 or completes to 10."""
    state = stud([100, 100, stack], HANDS3)
    state.bring_in()  # seat 1
    assert legal(state)["complete"] == (stack,)
    state.complete(stack)  # seat 2, all in
    if full:
        assert legal(state) == {"fold": (), "call": (stack,), "raise": (16,)}
        state.call()  # seat 0
        assert state.actor == 1 and "raise" in legal(state)  # the bring-in is reopened
    else:
        assert legal(state) == {"fold": (), "call": (stack,), "complete": (10,)}
        state.call()  # seat 0
        assert state.actor == 1 and legal(state) == {"fold": (), "call": (stack - 2,)}


@pytest.mark.parametrize(("to", "capped"), [(36, True), (34, False)])
def test_half_bet_rule_counts_toward_the_cap(to: int, capped: bool) -> None:
    """§3: Completion (the bet), raise, raise; then an all-in raise: at least half a bet
    (36 over 30) is the fourth and last full bet; less than half (34) is not counted."""
    state = stud([100, to, 100, 100], HANDS4)
    state.bring_in()  # seat 1
    state.complete(10)  # seat 2
    state.raise_to(20)  # seat 3
    state.raise_to(30)  # seat 0
    state.raise_to(to)  # seat 1, all in
    assert state.actor == 2
    assert ("raise" in legal(state)) is not capped
    if not capped:
        assert legal(state)["raise"] == (40,)


def test_completion_measured_above_the_bring_in_as_posted_after_a_short_completion() -> None:
    """§3: a completion counts as full when the amount above the bring-in (as posted)
    is at least half of (small bet - bring-in).  Bring-in 2, seat 2 completes all in
    to 5 (3 above it: short); seat 3 completes all in to 7: 5 above the bring-in >= 4,
    a full completion, so seat 0 raises to 7 + 10 (not merely completes to 10)."""
    spec = get_game("seven-card-stud", stakes=NO_ANTE_LIMIT_10_20)
    state = State(spec, [100, 100, 5, 7], deck=stud_deck(HANDS4))
    state.bring_in()  # seat 1
    state.complete(5)  # seat 2, all in: short
    assert legal(state) == {"fold": (), "call": (5,), "complete": (7,)}
    state.complete(7)  # seat 3, all in
    assert state.actor == 0 and legal(state) == {"fold": (), "call": (7,), "raise": (17,)}
    state.call()
    # the full completion reopens the betting for the bring-in
    assert state.actor == 1 and legal(state) == {"fold": (), "call": (5,), "raise": (17,)}


# ------------------------------------------------------------------ §3 the half-bet rule, readings

@pytest.mark.parametrize(("stack", "full"), [(6, False), (7, True)])
def test_completion_over_a_short_all_in_bet_is_measured_as_over_a_bring_in(stack: int, full: bool) -> None:
    """§3 reading (no bring-in): five-card stud, seat 1 (the ace) must bet and goes all
    in for 3, less than half a bet of 10; seat 2 goes all in over it.  As over a
    bring-in, the chips above the short bet count against half of the rest of the
    level (7): to 6 (3 above) is short, so seat 3 calls or completes to 10; to 7
    (4 above) is full, so seat 3 raises to 17."""
    deck = stud_deck(["3c Kd 2d 3d 4d", "4c Ad 2h 3h 4h", "5c Qd 2s 3s 4s", "6c Jd 5d 5h 5s"])
    spec = get_game("five-card-stud", stakes=Stakes(ante=0, small_bet=10, big_bet=20))
    state = State(spec, [100, 3, stack, 100], deck=deck)
    assert state.actor == 1
    state.bet(3)
    state.complete(stack)
    expected = {"fold": (), "call": (stack,), "raise": (stack + 10,)} if full else {
        "fold": (), "call": (stack,), "complete": (10,)}
    assert state.actor == 3 and legal(state) == expected


def test_a_completion_over_a_short_opening_bet_is_read_alike_in_a_draw_game() -> None:
    """§3: The same reading where no forced bet opens (lowball, small bet 5): seat 1 bets all
    in for 2 (short of 2.5), seat 2 all in to 4: 2 above the short bet, at least half of the
    3 left to the full level, is full (a raise goes to 9); the rules' completion formula read
    with no bring-in (0) would also make it full, a raise of one full bet (to 4.5) not."""
    state = State(get_game("lowball", pass_and_out=False), [100, 3, 5, 100, 100], button=0, seed=1)
    state.bet(2)
    assert state.actor == 2 and legal(state) == {"fold": (), "call": (2,), "complete": (4,)}
    state.complete(4)
    assert state.actor == 3 and legal(state) == {"fold": (), "call": (4,), "raise": (9,)}


@pytest.mark.parametrize("game", ["lowball", "five-card-stud"])
def test_a_chain_of_short_all_ins_is_measured_from_the_short_opening_bet(game: str) -> None:
    """§3: As after a bring-in (bring-in 2, completions to 5 then 7: full), the short opening bet
    stands where the bring-in would for every all-in after it: all in for 2, then to 5 (3
    above 2, short of half of 8), then to 7 (5 above 2): full, a raise goes to 17.  Was: the
    7 was measured from the 5 (short) in draw games and five-card stud, from the 2 in stud."""
    stakes = Stakes(ante=0, small_bet=10, big_bet=20)
    if game == "five-card-stud":  # seat 1 (the ace) must bet
        deck = stud_deck(["3c Kd 2d 3d 4d", "4c Ad 2h 3h 4h", "5c Qd 2s 3s 4s", "6c Jd 5d 5h 5s",
                          "7c Td 6d 6h 6s"])
        state = State(get_game(game, stakes=stakes), [100, 2, 5, 7, 100], deck=deck)
    else:
        spec = get_game(game, pass_and_out=False, stakes=stakes)
        state = State(spec, [100, 2, 5, 7, 100], button=0, seed=1)
    assert state.actor == 1
    state.bet(2)
    state.complete(5)
    assert state.actor == 3 and legal(state) == {"fold": (), "call": (5,), "complete": (7,)}
    state.complete(7)
    assert state.actor == 4 and legal(state) == {"fold": (), "call": (7,), "raise": (17,)}


@pytest.mark.parametrize(("stack", "full"), [(5, False), (6, True)])
def test_a_bring_in_seat_completing_all_in_is_measured_above_the_bring_in(stack: int, full: bool) -> None:
    """§3: The bring-in seat completes all in instead of posting the bring-in of 2 (small bet
    10): measured as a completion over the bring-in, as another seat's would be: to 5 (3
    above 2, short of half of 8) is short, so the next seat calls or completes to 10; to 6
    is full, a raise goes to 16.  Was: measured from nothing, so 5 was full."""
    deck = stud_deck(["Ad Kd 3c", "Ah Kh 2c", "As Ks Tc", "Ac Kc Jc"])
    spec = get_game("seven-card-stud", stakes=Stakes(ante=0, bring_in=2, small_bet=10, big_bet=20))
    state = State(spec, [100, stack, 100, 100], deck=deck)
    assert state.actor == 1 and legal(state) == {"bring_in": (2,), "complete": (stack,)}
    state.complete(stack)
    expected = {"fold": (), "call": (stack,), "raise": (stack + 10,)} if full else {
        "fold": (), "call": (stack,), "complete": (10,)}
    assert state.actor == 2 and legal(state) == expected


def test_posting_the_bring_in_counts_as_having_acted() -> None:
    """§3 reading: the bring-in player has acted, so a short all-in completion over him (5 with a
    bring-in of 2 and a small bet of 10: 3 above it, short of half of 8) does not reopen the
    betting for him: when it comes back he may call or fold, not complete; the players after the
    short completion may still complete to the full level."""
    deck = stud_deck(["Ad Kd 2c", "Ah Kh 9c", "As Ks Tc", "Ac Kc Jc"])
    spec = get_game("seven-card-stud", stakes=Stakes(ante=0, bring_in=2, small_bet=10, big_bet=20))
    state = State(spec, [100, 5, 100, 100], deck=deck)
    assert state.actor == 0 and legal(state) == {"bring_in": (2,), "complete": (10,)}
    state.bring_in()
    state.complete(5)
    assert state.actor == 2 and legal(state) == {"fold": (), "call": (5,), "complete": (10,)}
    state.call()
    state.call()
    assert state.actor == 0 and legal(state) == {"fold": (), "call": (3,)}


def test_a_raise_is_measured_above_the_largest_amount_in_front_a_short_all_in_included() -> None:
    """§3 reading: 'the bet it raises against' is the largest amount in front, an earlier short
    all-in included. Lowball, small bet 5: a bet of 5, an all-in to 7 (short), an all-in to 9:
    2 above the 7 is short of half a bet (though 4 above the full level of 5 would not be), so
    the next player calls 9 or raises to the last full level plus a bet, 10 (not 14)."""
    state = State(get_game("lowball", pass_and_out=False), [100, 100, 8, 10, 100], button=0, seed=1)
    state.bet(5)
    assert state.actor == 2 and legal(state) == {"fold": (), "call": (5,), "raise": (7,)}
    state.raise_to(7)
    assert state.actor == 3 and legal(state) == {"fold": (), "call": (7,), "raise": (9,)}
    state.raise_to(9)
    assert state.actor == 4 and legal(state) == {"fold": (), "call": (9,), "raise": (10,)}


def test_a_blind_short_of_a_full_bet_is_the_measure_as_a_bring_in_is() -> None:
    """§3: A live blind of 4 (small bet 10) stands where a bring-in would: a short all-in to 6 over it,
    then 7 (3 above the blind, half of the 6 left to the level) is full, as over a bring-in of 4.
    Was: the short all-in became the measure (7 measured above 6: short)."""
    from splitpot.engine.betting import Round

    for post in ("blind", "bring-in"):
        r = Round.start(seats=4, actors=[0, 1, 2, 3], increments=(10,), cap=4)
        if post == "blind":
            r.post_blind(0, 4, full=False)
        else:
            r.post_bring_in(0, 4, actors=[0, 1, 2, 3])
        r.apply_raise(1, 6, actors=[0, 1, 2, 3])
        assert r.brought_in == 4 and not r.counts_as_full(6) and r.counts_as_full(7), post


# ------------------------------------------------------------------ §3 nobody could call it

def test_no_bet_or_raise_offered_when_no_other_player_could_call_any_of_it() -> None:
    """§3: Seat 2 completes all in; seat 0 folds; the bring-in (seat 1) may call or fold,
    not raise: the only other player left is all in."""
    state = stud([100, 100, 10], HANDS3)
    state.bring_in()
    state.complete(10)  # seat 2, all in
    state.fold()  # seat 0
    assert state.actor == 1 and legal(state) == {"fold": (), "call": (8,)}
    with pytest.raises(IllegalActionError):
        state.raise_to(20)


def test_no_raise_when_the_others_have_no_chips_beyond_the_current_bet() -> None:
    """§3: Seat 0 has exactly the 10 it takes to call: seat 1 may not raise over it."""
    state = stud([10, 100, 100], HANDS3)
    state.bring_in()
    state.complete(10)  # seat 2
    state.call()  # seat 0, all in for exactly the call
    assert state.actor == 1 and "raise" in legal(state)  # seat 2 could still call a raise
    state2 = stud([10, 100, 10], HANDS3)
    state2.bring_in()
    state2.complete(10)  # seat 2, all in
    assert state2.actor == 0 and legal(state2) == {"fold": (), "call": (10,)}  # nobody could call more


def test_pass_and_out_checks_where_no_bet_could_be_called() -> None:
    """§3 and §5.5: pass and out means bet or fold, but no bet may be made that no
    other player could call.  Seat 1 is all in on his ante; once seat 2 folds, seat 0
    (the better low) may not bet, so he checks (folding was once his only option,
    and the all-in player's K-Q took the pot) and wins at showdown."""
    state = State(get_game("lowball", joker=None), [100, 1, 100], button=0, deck=draw_deck(
        ["Qh Jd Td 9h 8c", "Kc Qd Jh Ts 9c", "6d 4c 3c 2c Ad"], button=0))
    assert state.stacks[1] == 0 and actions(state) == {Action.FOLD, Action.BET}  # seat 1 could call
    assert state.actor == 2
    state.fold()  # seat 2 folds: seat 0 against the all-in seat 1 alone
    assert state.actor == 0 and actions(state) == {Action.CHECK}
    before = state.snapshot()
    with pytest.raises(IllegalActionError):
        state.fold()  # a free check: no fold
    assert state.snapshot() == before
    stand_pat_and_check_down(state)
    assert winners(state) == {0: 3}


def test_california_offers_no_bet_against_a_player_all_in_on_his_blind() -> None:
    """§3 and §5.6: a live blind counts toward calls, so against a player all in on
    a blind equal to one's own, a bet could not be called in any part: it is not
    offered, and (pass and out) the player checks."""
    state = State(get_game("california-lowball", limit=2), [1, 100, 100], button=0, seed=4)
    assert state.stacks[0] == 0  # the dealer is all in on his blind of 1
    assert actions(state) == {Action.FOLD, Action.BET}  # seat 2: seat 1 could call
    state.fold()
    assert state.actor == 1 and actions(state) == {Action.CHECK}
    state.check()
    assert state.phase is Phase.DRAWING and state.pot == 2


def test_california_bets_where_a_blind_player_has_chips_behind() -> None:
    """§3: The check above is no blanket: with chips behind his blind, the other player
    could call, and pass and out stands (bet or fold)."""
    state = State(get_game("california-lowball", limit=2), [2, 100, 100], button=0, seed=4)
    state.fold()  # seat 2; the dealer (1 chip behind his blind) acts, seat 1 could call
    assert state.actor == 0 and actions(state) == {Action.FOLD, Action.BET}


# ------------------------------------------------------------------ §3 no free fold

def test_fold_refused_when_checking_is_free() -> None:
    """§3: a player may not fold when he could check for free (the action is refused)."""
    state = stud([100, 100, 100], HANDS3)
    state.bring_in()
    state.call()
    state.call()  # third street done; fourth street: nobody has bet
    assert state.street == 1 and legal(state) == {"check": (), "bet": (10,)}
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="cannot fold now; legal: check, bet to 10"):
        state.fold()
    assert state.snapshot() == before and not state.can_fold()


# ------------------------------------------------------------------ §3 bring-in / first to act: all in, wild

def test_bring_in_passes_when_the_lowest_upcard_is_all_in() -> None:
    """§3: Seat 1 (the 2c) is all in from the ante: the lowest upcard among the players
    with chips brings in — seat 3's 5d, not seat 2's Qs, the next seat clockwise (seat 0
    shows the Ac)."""
    deck = stud_deck(["Kd Kh Ac", "Qd Qh 2c", "Jd Jh Qs", "Td Th 5d"])
    state = State(get_game("seven-card-stud"), [100, 1, 100, 100], deck=deck)
    assert state.phase is Phase.BRING_IN and state.actor == 3


def test_first_to_act_passes_clockwise_when_the_best_showing_hand_is_all_in() -> None:
    """§3: Fourth street: seat 0 shows the best hand (Kc 9d) but is all in; the first
    player with chips clockwise from him (seat 1) acts first."""
    state = stud([10, 100, 100], HANDS3)
    state.bring_in()
    state.call()  # seat 2
    state.complete(10)  # seat 0, all in
    while state.street == 0:
        passive_action(state)
    assert state.stacks[0] == 0 and state.street == 1
    assert state.actor == 1


def test_first_to_act_after_the_draw_passes_clockwise_when_the_first_seat_is_all_in() -> None:
    """§3: if the player due to act first is all in, the duty goes to the first player with
    chips clockwise.  Lowball bets after the draw from the dealer's left (seat 1); seat 1
    went all in before the draw, so seat 2 acts first, then seat 0."""
    hands = ["Kc Kd Qh Js 9d", "8c 6d 4h 3s 2c", "7c 6h 5s 4d 2d"]
    state = State(get_game("lowball"), [100, 6, 100], deck=draw_deck(hands, joker=True))
    assert state.actor == 1 and legal(state) == {"fold": (), "bet": (5,)}
    state.bet(5)  # seat 1, all in
    state.call()  # seat 2
    state.call()  # seat 0
    while state.phase is Phase.DRAWING:
        state.draw()
    assert state.phase is Phase.BETTING and state.actor == 2
    state.check()
    assert state.actor == 0


def test_single_card_duties_read_the_card_itself_even_when_wild() -> None:
    """§3: Reading: the bring-in (lowest upcard) and five-card stud's forced bet (highest
    upcard) read the card, rank then suit: with deuces wild the 2c still brings in,
    and the joker ranks above the ace of spades."""
    spec = get_game("seven-card-stud", stakes=ANTE_1_LIMIT_5_10, wild="2")
    state = State(spec, [100] * 3, deck=stud_deck(["Kd Kh 3c", "Qd Qh 2c", "Jd Jh 4s"]))
    assert state.actor == 1 and "bring_in" in legal(state)
    deck = stud_deck(["Kd As", "Qd Jk", "Jd Ah"])
    state = State(get_game("five-card-stud", joker="bug"), [100] * 3, deck=deck)
    assert state.up[1] == [52] and state.actor == 1 and "check" not in legal(state)


# ------------------------------------------------------------------ §3 uncalled bets

def test_uncalled_bet_returned_when_everyone_folds() -> None:
    """§3: an uncalled bet (the part no one matched) returns to its owner."""
    state = stud([100, 100, 100], HANDS3)
    state.bring_in()  # seat 1: 2
    state.complete(10)  # seat 2
    state.fold()
    state.fold()
    returned = [e for e in state.events if isinstance(e, ev.BetReturned)]
    assert returned == [ev.BetReturned(seat=2, amount=8)]
    assert awards(state) == [(2, 4, "uncontested")]  # the bring-in and the matched part of the completion
    assert state.stacks == [100, 98, 102]


def test_uncalled_part_of_a_bet_returned_to_its_owner_not_won_as_a_side_pot() -> None:
    """§3: Seat 0 has 4 left on fourth street; seat 1 bets 10, seat 0 calls all in for 4,
    seat 2 folds: the 6 nobody matched goes straight back to seat 1."""
    state = stud([6, 100, 100], HANDS3)
    state.bring_in()  # seat 1: 2
    state.call()  # seat 2
    state.call()  # seat 0 (4 left)
    assert state.street == 1
    while state.actor != 1:
        state.check()
    state.bet(10)
    while state.actor != 1 and state.street == 1:
        if state.actor == 0:
            state.call()
        else:
            state.fold()
    returned = [e for e in state.events if isinstance(e, ev.BetReturned)]
    assert returned == [ev.BetReturned(seat=1, amount=6)]
    assert sum(state.stacks) + state.pot == 206
    call_down(state)
    pots = {e.pot for e in state.events if isinstance(e, ev.PotAwarded)}
    assert pots == {0}  # one pot: no side pot of one player's own chips
    assert sum(state.stacks) == 206


# ------------------------------------------------------------------ §3, §5 who acts first: random play
# The first to act each betting round of every stud and draw game, computed from the rules text
# alone (nothing of the engine's ordering code): the bring-in and forced bets read one card, rank
# then suit; the best showing hand is counted here from its ranks; the duty of an all-in player
# passes as §3 says.

STUD_GAMES = ["seven-card-stud", "seven-card-stud-8", "seven-card-stud-high-low", "five-card-stud",
              "five-card-stud-last-down", "five-card-stud-five-bets", "mexican-stud", "aces-deuces"]
DRAW_GAMES = ["jackpots", "lowball", "california-lowball", "jacks-back"]


def _card_read(card: int) -> tuple[int, int]:
    """One card as a single-card duty reads it: its rank, ace high, then its suit, clubs lowest."""
    text = card_text(card)
    return "23456789TJQKA".index(text[0]), "cdhs".index(text[1])


def _showing(up: list[int]) -> tuple[list[int], list[int]]:
    """§5.1: quads, trips, two pair, pair, high card; then the groups' ranks, then the kickers."""
    counts = Counter(_card_read(c)[0] for c in up)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    return sorted(counts.values(), reverse=True), [r for _, r in groups]


def _first_to_act(state: State, game: str, opener: int | None) -> int:
    n, street = state.seats, state.street
    live = [p for p in ((state.button + 1 + i) % n for i in range(n)) if not state.folded[p]]
    chips = [p for p in live if state.stacks[p] > 0]  # from the dealer's left

    def from_seat(seat: int) -> int:  # §3: the first player with chips clockwise from ``seat``
        return next(p for p in live[live.index(seat):] + live if state.stacks[p] > 0)

    if game in DRAW_GAMES:
        lowball_round = state.spec.name.endswith("(lowball)")
        if street == 1 and game in ("jackpots", "jacks-back") and not lowball_round:
            assert opener is not None  # §5.4: from the opener (or the next player still in)
            return from_seat(min(live, key=lambda p: (p - opener) % n))
        if street == 0 and game == "california-lowball":  # §5.6: left of the last blind
            return from_seat(min(live, key=lambda p: (p - state.button - 2) % n))
        return chips[0]

    def upcard(pick: Callable[..., int]) -> int:  # the lowest or highest upcard with chips
        return pick(chips, key=lambda p: _card_read(state.up[p][-1]))

    if game.startswith("seven-card-stud") and street == 0:  # §3: the bring-in
        return upcard(min)
    if game == "five-card-stud-five-bets" and street < 2:  # §5.8: dealer's left, then the lowest
        return chips[0] if street == 0 else upcard(min)
    if game.startswith("five-card-stud") and street == 0:  # §5.8: the highest upcard
        return upcard(max)
    return from_seat(max(live, key=lambda p: (_showing(state.up[p]), -live.index(p))))  # ties: left


@pytest.mark.parametrize("game", STUD_GAMES + DRAW_GAMES)
def test_first_to_act_each_round_as_the_rules_text_says_in_random_play(game: str) -> None:
    """§3 and §5.1-§5.10: in random play of each game the first to act in each betting round is
    the seat the rules name, computed here from their text."""
    spec = get_game(game)
    for seed in range(300):
        rng = random.Random(seed)
        players = rng.randint(2, 7)
        state = State(spec, [rng.choice([1, 4, 9, 20, 100]) for _ in range(players)], seed=seed,
                      button=rng.randrange(players))
        rounds: set[tuple[int, str, int]] = set()
        opener = None
        while not state.is_complete:
            key = (state.deal, state.spec.name, state.street)
            if state.phase in (Phase.BETTING, Phase.BRING_IN) and key not in rounds:
                rounds.add(key)
                opener = None if state.street == 0 else opener
                assert state.actor == _first_to_act(state, game, opener), (seed, key)
            seat, option = state.actor, rng.choice(state.legal_actions())
            action, amount = option.action, rng.choice(option.amounts or (0,))
            assert seat is not None
            if action is Action.BET and state.street == 0:
                opener = seat
            if action in (Action.BET, Action.COMPLETE):
                getattr(state, str(action))(amount)
            elif action is Action.RAISE:
                state.raise_to(amount)
            elif action in (Action.FOLD, Action.CHECK, Action.CALL, Action.BRING_IN):
                getattr(state, str(action))()
            elif action is Action.DRAW:  # aces-deuces stands, the draw games discard up to two
                state.draw(state.cards(seat)[: rng.randint(0, 2)] if spec.hand_size == 5 else [])
            else:
                passive_action(state)  # turn-ups
