"""A third audit of the games against the rules reference (docs/rules.md): one
scripted hand or property per mismatch found, each named for the rule it pins."""

from __future__ import annotations

import pytest
from engine_helpers import call_down, passive_action, stud_deck

from splitpot.engine import events as ev
from splitpot.engine.declare import Declaration, resolve_declared
from splitpot.engine.pots import Pot
from splitpot.engine.spec import Stakes
from splitpot.engine.state import Phase, State
from splitpot.errors import RuleError
from splitpot.games import get_game

STAKES = Stakes(ante=0, bring_in=2, small_bet=10, big_bet=20)
# Seat 1 shows the 2c (lowest upcard: brings in); seats 2, 3, 0 act after him.
HANDS4 = ["As Ac Kc 9d 9c 8c 7c", "Ah Kd 2c 3h 4h 5h 6h", "Qs Qc Jd Td Tc 7d 6d", "Js Jc Qd 8h 8s 4s 4d"]


def legal(state: State) -> dict[str, tuple[int, ...]]:
    return {str(o.action): o.amounts for o in state.legal_actions()}


# ------------------------------------------------------------------ §3 half-bet rule


def test_completion_measured_above_the_bring_in_as_posted_after_a_short_completion() -> None:
    """§3: a completion counts as full when the amount above the bring-in (as posted)
    is at least half of (small bet - bring-in).  Bring-in 2, seat 2 completes all in
    to 5 (3 above it: short); seat 3 completes all in to 7: 5 above the bring-in >= 4,
    a full completion, so seat 0 raises to 7 + 10 (not merely completes to 10)."""
    state = State(get_game("seven-card-stud", stakes=STAKES), [100, 100, 5, 7], deck=stud_deck(HANDS4))
    state.bring_in()  # seat 1
    state.complete(5)  # seat 2, all in: short
    assert legal(state) == {"fold": (), "call": (5,), "complete": (7,)}
    state.complete(7)  # seat 3, all in
    assert state.actor == 0 and legal(state) == {"fold": (), "call": (7,), "raise": (17,)}
    state.call()
    # the full completion reopens the betting for the bring-in
    assert state.actor == 1 and legal(state) == {"fold": (), "call": (5,), "raise": (17,)}


# ------------------------------------------------- §4 declarations in any high-low game


def awards(state: State) -> list[tuple[int, int, int, str]]:
    return [(e.pot, e.seat, e.amount, e.side) for e in state.events if isinstance(e, ev.PotAwarded)]


def test_stud_8_takes_declarations_and_a_low_that_does_not_qualify_wins_nothing() -> None:
    """§4 (declarations, an option for any high-low game) with §5.2: seat 1 holds the
    better high (a straight) but declares low without an eight-or-better low; seat 0
    declares high and takes the whole pot (cards speak would give it to seat 1)."""
    hands = ["As Ac Kc 9d 9c Qc 4h", "Kd Qd Th Jh 9h 2s 3s"]
    spec = get_game("seven-card-stud-8", declare="in-turn")
    state = State(spec, [100, 100], deck=stud_deck(hands))
    call_down(state, declare={0: "high", 1: "low"})
    assert awards(state) == [(0, 0, 6, "pot")]
    speaking = State(get_game("seven-card-stud-8"), [100, 100], deck=stud_deck(hands))
    call_down(speaking)
    assert [(seat, side) for _, seat, _, side in awards(speaking)] == [(1, "pot")]


def test_aces_deuces_takes_declarations_and_a_swing_must_win_both() -> None:
    """§4 with §5.10: simultaneous declarations (both allowed by default); seat 0
    (A-2: the best low, ace high) declares both and loses high to the kings, so he
    forfeits and seat 1, who declared high, takes the whole pot."""
    spec = get_game("aces-deuces", declare="simultaneous")
    state = State(spec, [100, 100], deck=stud_deck(["Ac 2d", "Kc Kd"]))
    while state.phase is Phase.DRAWING:
        state.draw()
    call_down(state, declare={0: "both", 1: "high"})
    assert awards(state) == [(0, 1, 2, "pot")]
    assert [(e.pot, e.seat) for e in state.events if isinstance(e, ev.Forfeited)] == [(0, 0)]


@pytest.mark.parametrize("game", ["five-card-stud", "mexican-stud"])
def test_in_turn_declarations_with_both_allowed_in_the_five_card_games(game: str) -> None:
    """§4 modes: either mode "with both allowed"; five-card stud and Mexican stud
    take ``both=True`` with in-turn declarations (default: high or low only)."""
    plain = get_game(game, low="ace-to-six", declare="in-turn")
    swing = get_game(game, low="ace-to-six", declare="in-turn", both=True)
    assert (plain.declare_both, swing.declare_both) == (False, True)
    with pytest.raises(RuleError, match="both applies to declarations"):
        get_game(game, both=True)


def test_declaration_options_need_declarations() -> None:
    """§4: ``both`` and ``tie_keeps_half`` are options of declarations; without
    ``declare`` they are refused, not ignored."""
    with pytest.raises(RuleError, match="tie_keeps_half"):
        get_game("seven-card-stud-8", tie_keeps_half=True)
    with pytest.raises(RuleError, match="declare"):
        get_game("aces-deuces", both=True)


@pytest.mark.parametrize("game", ["seven-card-stud-8", "aces-deuces"])
@pytest.mark.parametrize("option", ["both", "tie_keeps_half"])
def test_each_declaration_option_is_refused_alone_and_recorded_with_declare(game: str, option: str) -> None:
    """§4 in both games that took declarations this year: either option alone is
    refused; given with ``declare`` it is kept and recorded among the game's options."""
    with pytest.raises(RuleError, match=f"{option} needs declarations"):
        get_game(game, **{option: True})
    spec = get_game(game, declare="in-turn", **{option: True})
    recorded = dict(spec.options)
    assert recorded["declare"] == "in_turn" and recorded[option] is True
    assert (spec.declare_both if option == "both" else spec.tie_keeps_half) is True
    assert not {"declare", "both", "tie_keeps_half"} & dict(get_game(game).options).keys()


# ------------------------------------------------------------- §4 odd chips, readings


def test_odd_chip_reads_a_wild_card_as_the_card_itself() -> None:
    """§4 odd chips (stud: the highest card of the five played, rank then suit) with
    §2 wild cards — reading: a wild card counts as itself, not as the card it stands
    for.  Deuces wild: seat 0's natural broadway (Ah) and seat 1's (2s for the ace)
    tie; the pot of 5 splits 3-2 and the odd chip goes to seat 0 (Ah beats Ks)."""
    hands = ["Ah Kd Qc Jc Tc 4d 3d", "2s Ks Qh Jd Td 5c 6h", "9c 8c"]
    spec = get_game("seven-card-stud", stakes=Stakes(ante=1, bring_in=1, small_bet=2, big_bet=4), wild="2")
    state = State(spec, [100, 100, 100], deck=stud_deck(hands))
    while not state.is_complete:
        if state.actor == 2 and state.can_fold():
            state.fold()
        else:
            passive_action(state)
    assert awards(state) == [(0, 0, 3, "pot"), (0, 1, 2, "pot")]


def test_everyone_declares_low_and_no_low_qualifies_splits_equally() -> None:
    """§4: a non-qualifying low never wins a declared low; when everybody declared low
    and nobody qualifies, nobody won as declared, so the pot is split equally (the
    high hand does not scoop as it would with cards speaking)."""
    pot = Pot(amount=7, eligible=(0, 1))
    out = resolve_declared(0, pot, {0: Declaration.LOW, 1: Declaration.LOW},
                           high={0: 9, 1: 3}, low={0: 0, 1: 0}, priority=lambda seats, side: seats)
    assert [(s.seat, s.amount, str(s.side)) for s in out.shares] == [(0, 4, "equal"), (1, 3, "equal")]


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
    """The same reading where no forced bet opens (lowball, small bet 5): seat 1 bets all
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
    """As after a bring-in (bring-in 2, completions to 5 then 7: full), the short opening bet
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
    """The bring-in seat completes all in instead of posting the bring-in of 2 (small bet
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
    """A live blind of 4 (small bet 10) stands where a bring-in would: a short all-in to 6 over it,
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
