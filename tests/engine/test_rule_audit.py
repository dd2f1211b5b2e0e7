"""Rules the audit of the rules reference found without a test of their own: one
test per rule, named for it, on scripted hands (stacked decks) or the evaluator.
Sections are the rules reference's (docs/rules.md)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from engine_helpers import call_down, draw_deck, passive_action, stand_pat_and_check_down, stud_deck

import splitpot
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.draws import DrawRules
from splitpot.engine.spec import Stakes
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError, RuleError
from splitpot.games import get_game


def legal(state: State) -> dict[str, tuple[int, ...]]:
    return {str(o.action): o.amounts for o in state.legal_actions()}


def awards(state: State) -> list[tuple[int, int, str]]:
    return [(e.seat, e.amount, e.side) for e in state.events if isinstance(e, ev.PotAwarded)]


# ------------------------------------------------------------------ §1 rankings


def test_low_two_pair_compares_the_higher_pair_first() -> None:
    """Low hands compare the ranks of the sets first, the higher pair then the lower:
    8-8-7-7-K beats 9-9-3-3-2 (the higher pair 8 is lower than 9) in every low."""
    for ranking in ("ace-to-five", "ace-to-six", "deuce-to-seven"):
        assert splitpot.strength("8h 8d 7c 7s Kd", ranking) > splitpot.strength("9h 9d 3c 3s 2d", ranking)
        # equal higher pairs: the lower pair decides, then the odd card
        assert splitpot.strength("9h 9d 3c 3s Kd", ranking) > splitpot.strength("9c 9s 4c 4s 2d", ranking)
        assert splitpot.strength("9h 9d 3c 3s Qd", ranking) > splitpot.strength("9c 9s 3h 3d Kc", ranking)


def test_low_categories_trips_below_straight_below_flush_where_they_count() -> None:
    """Where straights and flushes count against a low, trips beat a straight and a
    straight beats a flush; in ace-to-five they are ignored (a pair loses to them)."""
    trips, straight, flush = "Kh Kd Kc Qs Jd", "6h 5d 4c 3s 2d", "9h 7h 5h 4h 2h"
    for ranking in ("deuce-to-seven", "ace-to-six"):
        assert splitpot.strength(trips, ranking) > splitpot.strength(straight, ranking)
        assert splitpot.strength(straight, ranking) > splitpot.strength(flush, ranking)
    assert splitpot.strength(straight, "ace-to-five") > splitpot.strength(trips, "ace-to-five")
    assert splitpot.strength(flush, "ace-to-five") > splitpot.strength("9h 9d 5c 4s 2d", "ace-to-five")


# ------------------------------------------------------------------ §3 betting


def test_cap_is_a_bet_and_three_raises_in_draw_games() -> None:
    """Fixed limit: a bet and three raises per round, in a draw game as in stud."""
    hands = ["Kc Kd Qh Js 9d", "8c 6d 4h 3s 2c", "7c 6h 5s 4d 2d"]
    state = State(get_game("lowball"), [500] * 3, deck=draw_deck(hands, joker=True))
    state.bet()  # seat 1
    state.raise_to()  # seat 2
    state.raise_to()  # seat 0
    state.raise_to()  # seat 1: the third raise
    assert state.actor == 2 and legal(state) == {"fold": (), "call": (10,)}


def test_no_cap_heads_up_counts_all_in_players() -> None:
    """The option lifts the cap only when two players are left in the hand, all-in
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


@pytest.mark.parametrize(("stack", "next_options"), [
    (3, {"fold": (), "call": (2,), "complete": (5,)}),  # 2 < half of 5: call or complete
    (4, {"fold": (), "call": (3,), "raise": (8,)}),  # 3 >= half of 5: a full bet, raised to 3 + 5
])
def test_half_bet_rule_all_in_bet_measured_against_a_full_bet(
    stack: int, next_options: dict[str, tuple[int, ...]]
) -> None:
    """An all-in opening bet (after the ante of 1) of at least half the bet of 5
    counts as a full bet; one of less than half lets the next player call it or
    complete it to 5."""
    hands = ["Kc Kd Qh Js 9d", "8c 6d 4h 3s 2c", "7c 6h 5s 4d 2d"]
    state = State(get_game("lowball"), [100, stack, 100], deck=draw_deck(hands, joker=True))
    assert legal(state) == {"fold": (), "bet": (stack - 1,)}
    state.bet(stack - 1)  # seat 1, all in
    assert state.actor == 2 and legal(state) == next_options


# --------------------------------------------------------- §4 odd chips by position


def test_draw_game_odd_chip_to_the_first_tied_seat_left_of_the_dealer() -> None:
    """Draw games give the odd chip to the first tied seat left of the dealer: the
    dealer (seat 0) and seat 1 tie, seat 1 (his left) gets it though seat 0 is lower."""
    hands = ["7c 5d 4h 3s 2c", "7d 5h 4s 3c 2d", "Kc Kd Qh Js 9d"]
    state = State(get_game("lowball"), [100] * 3, button=0, deck=draw_deck(hands, joker=True))
    state.bet()  # seat 1
    state.fold()  # seat 2
    state.call()  # seat 0, the dealer
    stand_pat_and_check_down(state)
    assert sorted(awards(state)) == [(0, 6, "pot"), (1, 7, "pot")]  # 3 antes + 10


def test_two_odd_chips_go_one_at_a_time_in_order_from_the_dealers_left() -> None:
    """Three tied lows share 20 chips: 7, 7, 6 — the first two tied seats left of the
    dealer (seats 3 and 4 with the button on seat 2) take one odd chip each."""
    hands = ["Kc Kd Qh Js 9d", "7c 5d 4h 3s 2c", "Ks Kh Qs Jh 9c", "7d 5h 4s 3c 2d", "7h 5s 4d 3d 2h"]
    state = State(get_game("lowball"), [100] * 5, button=2, deck=draw_deck(hands, button=2, joker=True))
    assert state.actor == 3
    state.bet()  # seat 3
    state.call()  # seat 4
    state.fold()  # seat 0
    state.call()  # seat 1
    state.fold()  # seat 2, the dealer
    stand_pat_and_check_down(state)
    assert sorted(awards(state)) == [(1, 6, "pot"), (3, 7, "pot"), (4, 7, "pot")]


# ------------------------------------------------------------------ §5 games


def test_ace_draw_option_needs_a_max_draw_below_five() -> None:
    """§5.4: `max_draw` (e.g. 3), or 4 when the kept card is an ace: the ace's
    allowance only means something above a limit below five, and says so."""
    assert get_game("jackpots", max_draw=3, ace_draw=4).draws.ace_draw == 4
    with pytest.raises(RuleError, match=r"needs max_draw below 4: .* give both"):
        get_game("jackpots", ace_draw=4)
    with pytest.raises(RuleError, match="ace_draw"):
        get_game("jackpots", max_draw=3, ace_draw=3)


@pytest.mark.parametrize("game", ["jackpots", "jacks-back"])
@pytest.mark.parametrize(("max_draw", "ace_draw"), [(4, 5), (1, 5), (3, 5), (4, 4)])
def test_an_ace_draw_that_cannot_keep_the_ace_is_refused(game: str, max_draw: int, ace_draw: int) -> None:
    """§5.4: "4 when the kept card is an ace": a five-card hand keeping its ace
    draws at most 4, so an ace draw of 5 (was accepted, and listed as a draw
    always refused) or one not above a max_draw of 4 is refused; a spec given
    such DrawRules too."""
    with pytest.raises(RuleError, match="ace_draw"):
        get_game(game, max_draw=max_draw, ace_draw=ace_draw)
    spec = get_game(game, max_draw=1, ace_draw=4)
    with pytest.raises(RuleError, match=r"ace_draw must be 2 to 4 with the street.s draw 1 .*, got 5"):
        dataclasses.replace(spec, draws=DrawRules(ace_draw=5))


@pytest.mark.parametrize(("max_draw", "ace_draw"), [(1, 2), (1, 4), (2, 3), (3, 4)])
def test_the_draw_listed_is_a_draw_some_discard_reaches(max_draw: int, ace_draw: int) -> None:
    """The listing's number is the most a legal draw takes given the player's
    cards: the ace draw when he holds an ace (or the joker), else max_draw; a
    draw above it is refused in a message that counts its cards."""
    seen = set()
    for seed in range(60):
        state = State(get_game("jackpots", max_draw=max_draw, ace_draw=ace_draw), [100, 100], seed=seed)
        while not state.is_complete and state.phase is not Phase.DRAWING:
            if state.can_bet():
                state.bet()
            else:
                passive_action(state)
        if state.is_complete:
            continue
        seat = state.actor
        assert seat is not None
        (option,) = [o for o in state.legal_actions() if o.action is Action.DRAW]
        held = state.cards(seat)
        ace = any(c >= 48 for c in held)
        assert option.amounts == ((ace_draw if ace else max_draw),)
        reach = [k for k in range(6) if any(state.can_draw(list(c)) for c in itertools.combinations(held, k))]
        assert max(reach) == option.amounts[0]
        seen.add(ace)
        if not ace:
            with pytest.raises(IllegalActionError) as refused:
                state.draw(held[: max_draw + 1])
            cards = "1 card" if max_draw == 1 else f"{max_draw} cards"
            assert str(refused.value) == (
                f"Seat {seat} may draw at most {cards} ({ace_draw} keeping an ace), not {max_draw + 1}."
            )
    assert seen == {True, False}

STAKES = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)


def test_stud_showing_hands_count_no_straight_or_flush_from_fewer_than_five_upcards() -> None:
    """On sixth street four suited connectors showing (9s 8s 7s 6s) are only nine
    high: the king high showing (Kd 5c 4h 2d) acts first."""
    hands = ["Ac Ad 9s 8s 7s 6s", "Jc Jd Kd 5c 4h 2d"]
    state = State(get_game("seven-card-stud", stakes=STAKES), [500, 500], deck=stud_deck(hands))
    while state.street < 3:
        passive_action(state)
    assert state.current_street is not None and state.current_street.name == "sixth street"
    assert state.actor == 1


def test_equal_split_odd_chip_to_the_first_seat_left_of_the_dealer_in_stud() -> None:
    """Every hand dead (a penalty card each): the pot of 7 is split equally, the odd
    chip by position even in stud — seat 1, the dealer's left, before seat 0."""
    hands = ["Kd As 9h 8c 7d 6s 5h", "Kc Ad 2c 8d 7h 6c 5d", "Jd Jh Qs"]
    spec = get_game("seven-card-stud", stakes=STAKES, penalty="As Ad")
    state = State(spec, [100] * 3, button=0, deck=stud_deck(hands))
    state.bring_in()  # seat 1 (2c)
    state.fold()  # seat 2
    state.call()  # seat 0
    call_down(state)
    assert sorted(awards(state)) == [(0, 3, "equal"), (1, 4, "equal")]


def test_jackpots_a_player_who_checked_may_raise_once_the_pot_is_opened() -> None:
    """Before the opening a player may check; once the pot is opened every player in
    turn, those who checked included, folds, calls or raises."""
    hands = ["Ah Kd 7c 4s 2d", "Tc Td 8c 5s 3c", "Jh Jc 9h 8h 7h"]
    state = State(get_game("jackpots"), [100] * 3, deck=draw_deck(hands))
    state.check()  # seat 1 (no openers)
    state.bet()  # seat 2 opens
    state.call()  # seat 0
    assert state.actor == 1 and legal(state) == {"fold": (), "call": (5,), "raise": (10,)}
    state.raise_to(10)
    assert state.actor == 2 and "raise" in legal(state)


def test_lowball_after_the_draw_betting_starts_left_of_the_dealer_not_with_the_bettor() -> None:
    """Lowball without pass and out: seat 1 checks and seat 2 bets before the draw;
    after it betting starts with seat 1, the first active player left of the dealer."""
    hands = ["Kc Kd Qh Js 9d", "8c 6d 4h 3s 2c", "7c 6h 5s 4d 2d"]
    state = State(get_game("lowball", pass_and_out=False), [100] * 3, deck=draw_deck(hands, joker=True))
    state.check()  # seat 1
    state.bet()  # seat 2
    state.call()  # seat 0
    state.call()  # seat 1
    for _ in range(3):
        state.draw()
    assert state.actor == 1 and legal(state) == {"check": (), "bet": (10,)}


def test_california_lowball_after_the_draw_betting_starts_left_of_the_dealer() -> None:
    """California lowball (limit 2): the first to act before the draw sits left of the
    last blind (seat 2); after the draw the first active player left of the dealer
    (seat 1, a blind) acts first."""
    hands = ["Kc Kd Qh Js 9d", "8c 6d 4h 3s 2c", "7c 6h 5s 4d 2d", "Ks Kh Qs Jh 9c"]
    spec = get_game("california-lowball", limit=2, sevens="off")
    state = State(spec, [100] * 4, deck=draw_deck(hands, joker=True))
    assert state.actor == 2
    state.bet()  # seat 2 opens for 2
    state.fold()  # seat 3
    state.call()  # seat 0 (blind 1)
    state.call()  # seat 1 (blind 1)
    for _ in range(3):
        state.draw()
    assert state.actor == 1 and legal(state) == {"check": (), "bet": (4,)}


def test_penalty_void_card_in_five_card_stud_leaves_fewer_than_five_a_dead_hand() -> None:
    """Under `void-card` a hand left with fewer than five playable cards is dead: in
    five-card stud the pair of aces holding the penalty card loses to king high."""
    hands = ["Qs Ad Ah 9c 5d", "Kc 2d 8h 7c 4s"]
    spec = get_game("five-card-stud", penalty="Qs", penalty_rule="void-card")
    state = State(spec, [100] * 2, deck=stud_deck(hands))
    call_down(state)
    assert [seat for seat, amount, _ in awards(state) if amount] == [1]


def fourth_street_actor(hands: list[str], **options: object) -> int | None:
    """Who acts first on fourth street when everyone calls the bring-in."""
    spec = get_game("seven-card-stud", stakes=STAKES, **options)
    state = State(spec, [100] * len(hands), deck=stud_deck(hands))
    while state.street < 1:
        passive_action(state)
    return state.actor


def test_stud_showing_hand_counts_the_games_wild_cards() -> None:
    """The best showing hand is a high hand (the rules, §5.1) and in `high` a wild
    card is any card (§2): with deuces wild, 2-A showing is a pair of aces and acts
    before a natural pair of kings; with the joker as the bug, Jk-A is a pair of aces."""
    assert fourth_street_actor(["9c 9d 3h 4h", "Qc Qd Kd Kh", "Jc Jd 2c Ah"], wild="2") == 2
    assert fourth_street_actor(["9c 9d 3h 4h", "Qc Qd Kd Kh", "Jc Jd Jk Ah"], joker="bug") == 2
    # without wild cards the same upcards read naturally: the kings act first
    assert fourth_street_actor(["9c 9d 3h 4h", "Qc Qd Kd Kh", "Jc Jd 2c Ah"]) == 1


def test_stud_open_pair_option_counts_a_pair_made_with_a_wild_card() -> None:
    """With deuces wild and the open-pair option, 2-A showing on fourth street is an
    open pair (a pair of aces, as the showing hand reads it): the big bet is allowed.
    With fives wild the same 2-A is ace high, and only the small bet is allowed."""
    hands = ["Qc Qd 9h 4h", "Jc Jd 2c Ah", "Tc Td 3s Kd"]
    for wild, bets in (("2", (5, 10)), ("5", (5,))):
        spec = get_game("seven-card-stud", stakes=STAKES, open_pair=True, wild=wild)
        state = State(spec, [100] * 3, deck=stud_deck(hands))
        while state.street < 1:
            passive_action(state)
        assert state.actor == 1
        assert legal(state)["bet"] == bets


def test_single_card_duties_read_the_card_itself_even_when_wild() -> None:
    """Reading: the bring-in (lowest upcard) and five-card stud's forced bet (highest
    upcard) read the card, rank then suit: with deuces wild the 2c still brings in,
    and the joker ranks above the ace of spades."""
    spec = get_game("seven-card-stud", stakes=STAKES, wild="2")
    state = State(spec, [100] * 3, deck=stud_deck(["Kd Kh 3c", "Qd Qh 2c", "Jd Jh 4s"]))
    assert state.actor == 1 and "bring_in" in legal(state)
    deck = stud_deck(["Kd As", "Qd Jk", "Jd Ah"])
    state = State(get_game("five-card-stud", joker="bug"), [100] * 3, deck=deck)
    assert state.up[1] == [52] and state.actor == 1 and "check" not in legal(state)


def test_aces_deuces_a_shared_wild_upcard_acts_first_as_an_ace() -> None:
    """Aces-deuces (§5.10), the highest upcard first: with deuces wild the 2c showing
    is an ace, above the king; tied with a natural ace it goes by position from the
    dealer's left (no suit order)."""
    for hands, first in ((["5c Kd", "3c 2c", "4c Qh"], 1), (["5c Kd", "3c As", "4c 2d"], 1),
                         (["5c 2d", "3c 4d", "4c As"], 2)):
        state = State(get_game("aces-deuces", wild="2"), [100] * 3, deck=stud_deck(hands))
        while state.phase is not Phase.BETTING:
            state.draw()
        assert state.actor == first, hands


def test_stud_high_low_ace_to_five_option_ignores_straights_in_the_low() -> None:
    """§5.3, option `ace-to-five`: the wheel A-2-3-4-5 is the best low (and a straight
    for high); with `ace-to-six` it is a straight, a bad low, and 6-4-3-2-A wins."""
    hands = ["Ah 2c 3d Kc 4s 5h Kd", "6c 4d 3s 2s Ac Qh Jc"]
    for low, low_winner in (("ace-to-five", 0), ("ace-to-six", 1)):
        spec = get_game("seven-card-stud-high-low", stakes=STAKES, low=low)
        state = State(spec, [100, 100], deck=stud_deck(hands))
        call_down(state)
        assert {(seat, side) for seat, _, side in awards(state)} == {(0, "high"), (low_winner, "low")}, low


def test_deuce_to_seven_low_odd_chip_reads_the_ace_high() -> None:
    """Reading of §4 for a deuce-to-seven low, where the ace plays high: the low's odd
    chip goes by the lowest card as that ranking reads it (here the nines: 9c beats
    9s), not by the aces.  Both tie high (aces and kings) and low (A-K-Q-J-9); the
    pot of 6 splits 3/3 and each half 2/1: high by the A♠, low by the 9♣."""
    hands = ["Ac Kc Qd Jd 9s Ah Kh", "As Ks Qh Jh 9c Ad Kd"]
    state = State(get_game("seven-card-stud-high-low", stakes=STAKES), [100, 100], deck=stud_deck(hands))
    call_down(state)
    assert sorted(awards(state)) == [(0, 1, "high"), (0, 1, "low"), (1, 2, "high"), (1, 2, "low")]


# ------------------------------------------------------------------ §2 wild cards, as a game option


@pytest.mark.parametrize(("duplicate", "winner"), [(False, 1), (True, 0)])
def test_duplicate_option_decides_a_stud_showdown(duplicate: bool, winner: int) -> None:
    """§2: with ``duplicate`` a wild card may be a card the player holds — the double-ace
    flush (A♥ and a wild deuce as A♥) beats A-K-Q of diamonds; without it the deuce is
    the K♥ at best, and A-K-9 loses to A-K-Q."""
    hands = ["Ah 9h 2c 7h 5h Td 3s", "Ad Kd 8c Qd 4d 3d Jc"]
    state = State(get_game("seven-card-stud", wild="2", duplicate=duplicate), [100, 100],
                  deck=stud_deck(hands))
    call_down(state)
    assert [seat for seat, _, _ in awards(state)] == [winner]
    assert state.stacks[winner] > 100 and sum(state.stacks) == 200
