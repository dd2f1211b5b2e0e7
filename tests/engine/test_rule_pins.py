"""The rules, §1, §3 and §4, as refined after the stud games landed: one test per
rule, by name, on scripted hands (stacked decks) or the pot functions directly."""

from __future__ import annotations

import pytest
from engine_helpers import call_down, passive_action, stud_deck

import splitpot
from splitpot.engine import events as ev
from splitpot.engine.declare import Declaration, resolve_declared
from splitpot.engine.pots import Pot
from splitpot.engine.spec import Stakes
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError
from splitpot.games import get_game

STAKES = Stakes(ante=0, bring_in=2, small_bet=10, big_bet=20)

# Seat 1 shows the 2c (lowest upcard: brings in); seats 2, 3, 0 act after him.
LOW_UP = "Ah Kd 2c 3h 4h 5h 6h"
HANDS4 = ["As Ac Kc 9d 9c 8c 7c", LOW_UP, "Qs Qc Jd Td Tc 7d 6d", "Js Jc Qd 8h 8s 4s 4d"]
HANDS3 = [HANDS4[0], LOW_UP, HANDS4[2]]


def legal(state: State) -> dict[str, tuple[int, ...]]:
    return {str(o.action): o.amounts for o in state.legal_actions()}


def stud(stacks: list[int], hands: list[str], **options: object) -> State:
    spec = get_game("seven-card-stud", stakes=STAKES, **options)
    return State(spec, stacks, deck=stud_deck(hands))


# ------------------------------------------------------------------ §3 half-bet rule


def test_half_bet_rule_all_in_raise_of_at_least_half_counts_as_full() -> None:
    """Bring-in 2, completed to 10; seat 0 raises all in to 16 (6 above 10 >= half of 10):
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
    """Seat 0 raises all in to 14 (4 above 10 < half of 10): seat 2, who completed,
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


@pytest.mark.parametrize(("stack", "full"), [(6, True), (5, False)])
def test_half_bet_rule_all_in_completion_measured_above_the_bring_in(stack: int, full: bool) -> None:
    """Completing the bring-in of 2 to a small bet of 10 all in: to 6 is 4 above the
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
    """Completion (the bet), raise, raise; then an all-in raise: at least half a bet
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


# -------------------------------------------------------- §3 nobody could call it


def test_no_bet_or_raise_offered_when_no_other_player_could_call_any_of_it() -> None:
    """Seat 2 completes all in; seat 0 folds; the bring-in (seat 1) may call or fold,
    not raise: the only other player left is all in."""
    state = stud([100, 100, 10], HANDS3)
    state.bring_in()
    state.complete(10)  # seat 2, all in
    state.fold()  # seat 0
    assert state.actor == 1 and legal(state) == {"fold": (), "call": (8,)}
    with pytest.raises(IllegalActionError):
        state.raise_to(20)


def test_no_raise_when_the_others_have_no_chips_beyond_the_current_bet() -> None:
    """Seat 0 has exactly the 10 it takes to call: seat 1 may not raise over it."""
    state = stud([10, 100, 100], HANDS3)
    state.bring_in()
    state.complete(10)  # seat 2
    state.call()  # seat 0, all in for exactly the call
    assert state.actor == 1 and "raise" in legal(state)  # seat 2 could still call a raise
    state2 = stud([10, 100, 10], HANDS3)
    state2.bring_in()
    state2.complete(10)  # seat 2, all in
    assert state2.actor == 0 and legal(state2) == {"fold": (), "call": (10,)}  # nobody could call more


# -------------------------------------------------------------- §3 no free fold


def test_fold_refused_when_checking_is_free() -> None:
    state = stud([100, 100, 100], HANDS3)
    state.bring_in()
    state.call()
    state.call()  # third street done; fourth street: nobody has bet
    assert state.street == 1 and legal(state) == {"check": (), "bet": (10,)}
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="cannot fold now; legal: check, bet to 10"):
        state.fold()
    assert state.snapshot() == before and not state.can_fold()


# ------------------------------------------------ §3 bring-in / first to act all in


def test_bring_in_passes_when_the_lowest_upcard_is_all_in() -> None:
    """Seat 1 (the 2c) is all in from the ante: the lowest upcard among the players
    with chips brings in — seat 2's Jd (seat 3 shows the Qd, seat 0 the Kc)."""
    spec = get_game("seven-card-stud", stakes=Stakes(ante=1, bring_in=2, small_bet=10, big_bet=20))
    state = State(spec, [100, 1, 100, 100], deck=stud_deck(HANDS4))
    assert state.phase is Phase.BRING_IN and state.actor == 2


def test_first_to_act_passes_clockwise_when_the_best_showing_hand_is_all_in() -> None:
    """Fourth street: seat 0 shows the best hand (Kc 9d) but is all in; the first
    player with chips clockwise from him (seat 1) acts first."""
    state = stud([10, 100, 100], HANDS3)
    state.bring_in()
    state.call()  # seat 2
    state.complete(10)  # seat 0, all in
    while state.street == 0:
        passive_action(state)
    assert state.stacks[0] == 0 and state.street == 1
    assert state.actor == 1


# ------------------------------------------------------------ §3 uncalled bets


def test_uncalled_bet_returned_when_everyone_folds() -> None:
    state = stud([100, 100, 100], HANDS3)
    state.bring_in()  # seat 1: 2
    state.complete(10)  # seat 2
    state.fold()
    state.fold()
    returned = [e for e in state.events if isinstance(e, ev.BetReturned)]
    assert returned == [ev.BetReturned(seat=2, amount=8)]
    awards = [(e.seat, e.amount) for e in state.events if isinstance(e, ev.PotAwarded)]
    assert awards == [(2, 4)]  # the bring-in and the matched part of the completion
    assert state.stacks == [100, 98, 102]


def test_uncalled_part_of_a_bet_returned_to_its_owner_not_won_as_a_side_pot() -> None:
    """Seat 0 has 4 left on fourth street; seat 1 bets 10, seat 0 calls all in for 4,
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


# ----------------------------------------------------- §4 odd chip of the low five


def test_odd_chip_for_a_low_read_from_the_low_five_not_the_high_five() -> None:
    """Seats 0 and 1 tie the low with A-2-3-4-5; seat 0 holds As and Ad and plays the
    Ad for the low (the lowest card by suit wins the low's odd chip), seat 1 the Ah.
    Seat 2's full house takes the high half (3 of 6); the low half (3) splits 2-1,
    the odd chip to seat 0 — reading seat 0's high A♠ would give it to seat 1."""
    hands = ["As Ad 2c 3c 4c 5d Kh", "Ah 2d 3d 4d 5c Qs Jh", "Ks Kd Kc 9h 9s 8h 7h"]
    spec = get_game("seven-card-stud-8", stakes=STAKES)
    state = State(spec, [100, 100, 100], deck=stud_deck(hands))
    call_down(state)
    low = {e.seat: e.amount for e in state.events if isinstance(e, ev.PotAwarded) and e.side == "low"}
    high = {e.seat: e.amount for e in state.events if isinstance(e, ev.PotAwarded) and e.side == "high"}
    assert high == {2: 3}
    assert low == {0: 2, 1: 1}


# ---------------------------------------------------------------- §4 declarations


def test_in_turn_declarations_are_high_or_low_unless_both_is_allowed() -> None:
    hands = ["As Ad 2c 3c 4c 5d Kh", "Ah 2d 3d 4d 5c Qs Jh"]
    for both in (None, False, True):
        options = {} if both is None else {"both": both}
        spec = get_game("seven-card-stud-declare", declare="in-turn", stakes=STAKES, **options)
        state = State(spec, [100, 100], deck=stud_deck(hands))
        while state.phase is not Phase.DECLARING:
            passive_action(state)
        choices = state.legal_actions()[0].choices
        if both:
            assert choices == ("high", "low", "both") and state.can_declare("blue")
        else:
            assert choices == ("high", "low")
            before = state.snapshot()
            for word in ("both", "blue", "BOTH"):
                with pytest.raises(IllegalActionError, match="high or low only"):
                    state.declare(word)
            assert state.snapshot() == before
    assert get_game("seven-card-stud-declare").declare_both  # simultaneous: the blue chip


def test_swings_that_fail_are_removed_at_once() -> None:
    """Swing 0 wins high only, swing 1 low only: both forfeit in the same pass, and the
    pot goes to the high declarer 2 and the low declarer 3.  Removing one swing at a
    time would let swing 1 scoop."""
    declared = {0: Declaration.BOTH, 1: Declaration.BOTH, 2: Declaration.HIGH, 3: Declaration.LOW}
    out = resolve_declared(
        0,
        Pot(amount=20, eligible=(0, 1, 2, 3)),
        declared,
        high={0: 10, 1: 9, 2: 8, 3: 1},
        low={0: 8, 1: 10, 2: 1, 3: 9},
        priority=lambda s, side: s,
    )
    assert out.forfeited == (0, 1)
    assert [(s.seat, s.amount, str(s.side)) for s in out.shares] == [(2, 10, "high"), (3, 10, "low")]


def test_side_pots_resolved_on_their_own() -> None:
    """Seat 2, all in for the main pot only, has the best low.  The swing (seat 0) fails
    the main pot's low and forfeits it, but wins both sides of the side pot against seat 1."""
    declared = {0: Declaration.BOTH, 1: Declaration.HIGH, 2: Declaration.LOW}
    high, low = {0: 10, 1: 5, 2: 1}, {0: 8, 1: 1, 2: 9}
    main = resolve_declared(
        0, Pot(amount=30, eligible=(0, 1, 2)), declared, high=high, low=low, priority=lambda s, side: s
    )
    side = resolve_declared(
        1, Pot(amount=40, eligible=(0, 1)), declared, high=high, low=low, priority=lambda s, side: s
    )
    assert main.forfeited == (0,)
    assert [(s.seat, s.amount) for s in main.shares] == [(1, 15), (2, 15)]
    assert side.forfeited == ()
    assert [(s.seat, s.amount, str(s.side)) for s in side.shares] == [(0, 20, "high"), (0, 20, "low")]


def test_nobody_wins_as_declared_equal_split_among_the_pots_eligible_only() -> None:
    declared = {0: Declaration.BOTH, 1: Declaration.BOTH, 2: Declaration.BOTH}
    out = resolve_declared(
        1,
        Pot(amount=9, eligible=(1, 2)),
        declared,
        high={0: 9, 1: 5, 2: 5},
        low={0: 9, 1: 2, 2: 2},
        priority=lambda s, side: s,
    )
    assert out.forfeited == (1, 2)
    assert [(s.seat, s.amount, str(s.side)) for s in out.shares] == [(1, 5, "equal"), (2, 4, "equal")]


# ------------------------------------------------------------------- §1 rankings


@pytest.mark.parametrize("low", ["deuce-to-seven", "ace-to-six", "ace-to-five"])
def test_paired_lows_compare_the_pair_first(low: str) -> None:
    """K-4-3-3-2 beats 7-4-4-3-2: a pair of threes beats a pair of fours."""
    assert splitpot.strength("Kc 4d 3h 3s 2c", low) > splitpot.strength("7c 4d 4h 3s 2c", low)


def test_ace_to_six_wheel_is_a_straight_and_no_broadway_wraps() -> None:
    a26 = "ace-to-six"
    assert splitpot.strength("5c 4d 3h 2s Ac", a26) < splitpot.strength("6c 4d 3h 2s Ac", a26)
    assert splitpot.evaluate("5c 4d 3h 2s Ac", a26).category is splitpot.Category.STRAIGHT  # type: ignore[union-attr]
    assert splitpot.evaluate("Kc Qd Jh Ts Ac", a26).category is splitpot.Category.HIGH_CARD  # type: ignore[union-attr]
    assert splitpot.strength("Ac Ad 7h 5s 3c", a26) > splitpot.strength("2c 2d 7h 5s 3c", a26)
