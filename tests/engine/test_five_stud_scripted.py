"""Scripted five-card stud hands (the rules, §5.8) with stacked decks: one test per rule.

Decks come from ``stud_deck``: each hand lists its cards in the order dealt
(hole card first, then the upcards), and cards go out one round at a time.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_helpers import awards, bet_down, call_down, kinds, of, passive_action, stud_deck

from splitpot.cards import parse_cards
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.choices import ChoiceMode, TurnUp
from splitpot.engine.history import History
from splitpot.engine.spec import DeclareMode, Opener, Stakes, Street
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError, RuleError
from splitpot.games import get_game
from splitpot.games.five_stud import _OPTIONS, five_card_game, no_bring_in

FIVE = get_game("five-card-stud")
FIVE_BETS = get_game("five-card-stud-five-bets")


def card(text: str) -> int:
    return int(parse_cards(text)[0])


def until_street(state: State, street: int) -> None:
    while state.street < street or state.phase is not Phase.BETTING:
        passive_action(state)


# ------------------------------------------------- the first round's forced bet
def test_highest_upcard_must_bet_and_may_neither_check_nor_fold() -> None:
    state = State(FIVE, [100] * 3, deck=stud_deck(["2c 9h", "3c Kd", "4c 5s"]))
    assert state.phase is Phase.BETTING and state.actor == 1
    assert kinds(state) == {Action.BET: (5,)}
    before = state.snapshot()
    for refused in (state.check, state.fold, state.call):
        with pytest.raises(IllegalActionError, match="legal: bet to 5"):
            refused()
        assert state.snapshot() == before
    state.bet()
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (5,), Action.RAISE: (10,)}


def test_highest_upcard_ties_by_suit_spades_highest() -> None:
    """§5.8: On the first round the highest upcard must bet, ties by suit, spades highest: the
    As sits at seat 2 (button 0), neither at the dealer's left (seat 1, the Ad) nor at the
    lowest seat (seat 0, the Ah)."""
    state = State(FIVE, [100] * 4, deck=stud_deck(["2c Ah", "3c Ad", "4c As", "5c Kc"]))
    assert state.actor == 2 and kinds(state) == {Action.BET: (5,)}  # As beats Ah and Ad


def test_highest_upcard_counts_the_ace_high() -> None:
    state = State(FIVE, [100] * 3, deck=stud_deck(["2c Kh", "3c Ac", "4c Qs"]))
    assert state.actor == 1


def test_highest_upcard_all_in_passes_the_duty_to_the_next_highest() -> None:
    # seat 1 holds the ace but is all in with his ante: the king must bet
    state = State(FIVE, [100, 1, 100], deck=stud_deck(["2c Kh", "3c As", "4c Qs"]))
    assert state.stacks[1] == 0 and state.actor == 0
    assert kinds(state) == {Action.BET: (5,)}


def test_lowest_upcard_all_in_passes_the_duty_to_the_next_lowest() -> None:
    """§5.8 (with §3): Five bets: the 2c bets all in on the first round; on the next the
    lowest upcard is his, so the duty to bet goes to the next lowest, seat 2's 5d, not to
    the next seat clockwise (seat 1, the 9h)."""
    state = State(FIVE_BETS, [5, 100, 100], button=2, deck=stud_deck(["Kc 2c", "Kd 9h", "Ks 5d"], button=2))
    state.bet()
    state.call()
    state.call()
    assert state.stacks[0] == 0 and state.street == 1
    assert state.actor == 2 and kinds(state) == {Action.BET: (5,)}


def test_forced_bettor_short_of_chips_bets_all_in() -> None:
    state = State(FIVE, [4, 100, 100], deck=stud_deck(["2c As", "3c Kh", "4c Qs"]))
    assert state.actor == 0 and kinds(state) == {Action.BET: (3,)}


def test_forced_bettor_acts_again_only_when_raised() -> None:
    state = State(FIVE, [100] * 3, deck=stud_deck(["2c 9h", "3c Kd", "4c 5s"]))
    state.bet()
    state.call()
    state.call()
    assert state.street == 1  # everyone called the forced bet: the round is over
    state = State(FIVE, [100] * 3, deck=stud_deck(["2c 9h", "3c Kd", "4c 5s"]))
    state.bet()
    state.raise_to(10)
    state.call()
    assert state.actor == 1 and Action.RAISE in kinds(state)


def test_ante_then_the_forced_bet_of_the_small_bet() -> None:
    """§5.8: Ante (1 each by default), then the highest upcard's forced bet of the small bet."""
    state = State(FIVE, [100] * 3, deck=stud_deck(["2c 9h", "3c Kd", "4c 5s"]))
    assert state.pot == 3 and [e.amount for e in of(state, ev.AntePosted)] == [1, 1, 1]  # type: ignore[attr-defined]
    assert state.actor == 1 and kinds(state) == {Action.BET: (5,)}


# ------------------------------------------------------------ later rounds
def test_best_showing_hand_acts_first_after_the_first_round() -> None:
    # third street: seat 2 shows 5-5, seat 1 shows A-K
    deck = stud_deck(["2c 9h 8d", "3c Ad Kd", "4c 5s 5h"])
    state = State(FIVE, [100] * 3, deck=deck)
    until_street(state, 1)
    assert state.actor == 2 and Action.CHECK in kinds(state)  # later rounds: checking allowed


def test_best_showing_ties_go_to_the_seat_nearest_the_dealers_left() -> None:
    """§5.8: The highest showing hand bets first, ties to the seat nearest the dealer's left,
    whatever the suits."""
    # button on seat 1: seats 2, 0, 1 in order; seats 0 and 2 both show K-7, seat 0 the Ks
    deck = stud_deck(["2c Ks 7d", "3c 9d 4h", "4c Kh 7c"], button=1)
    state = State(FIVE, [100] * 3, button=1, deck=deck)
    until_street(state, 1)
    assert state.actor == 2


def test_small_bets_on_the_first_two_rounds_big_on_the_last_two() -> None:
    deck = stud_deck(["2c 9h 8d Jc 4d", "3c Kd 6h Tc 5d", "4c 5s 3d Qc 7d"])
    assert bet_down(State(FIVE, [500] * 3, deck=deck)) == [(5,), (5,), (10,), (10,)]


def test_open_pair_option_allows_the_big_bet_on_the_second_round() -> None:
    deck = stud_deck(["2c 9h 9d", "3c Kd 6h", "4c 5s 3d"])
    state = State(get_game("five-card-stud", open_pair=True), [100] * 3, deck=deck)
    until_street(state, 1)
    assert state.actor == 0 and kinds(state)[Action.BET] == (5, 10)
    plain = State(FIVE, [100] * 3, deck=deck)
    until_street(plain, 1)
    assert kinds(plain)[Action.BET] == (5,)


def test_showdown_best_five_wins() -> None:
    deck = stud_deck(["Ac Ah 2d 7s 9c", "Kc Kd Ks 3h 4h", "Qc 5d 6d 8h Jd"])
    state = State(FIVE, [100] * 3, deck=deck)
    call_down(state)
    assert awards(state) == [(1, 18, "pot")]  # trip kings: antes 3 + forced bet 5 called twice


# ------------------------------------------------------------------ last down
def test_last_card_down_deals_the_fifth_card_face_down() -> None:
    deck = stud_deck(["2c 9h 8d Jc 4d", "3c Kd 6h Tc 5d"])
    state = State(get_game("five-card-stud-last-down"), [100] * 2, deck=deck)
    call_down(state)
    fifth = [e for e in state.events if isinstance(e, ev.CardsDealt)][-2:]
    assert [(e.seat, e.up, [ev.card_text(c) for c in e.cards]) for e in fifth] == [
        (1, False, ["5d"]), (0, False, ["4d"])]
    assert [len(state.up[s]) for s in (0, 1)] == [3, 3]


def test_last_card_down_orders_the_last_round_by_the_upcards_alone() -> None:
    """§5.8: Last card down: the last round is led by the best showing hand, the upcards
    alone: A-T-6 beats Q-5-3 and J-9-8; seat 0's kings (hole card and fifth card) are hidden."""
    deck = stud_deck(["Kc 9h 8d Jc Kd", "3c Ad 6h Tc 5d", "4c 5s 3d Qc 7d"])
    state = State(get_game("five-card-stud-last-down"), [100] * 3, deck=deck)
    until_street(state, 3)
    assert state.actor == 1


# ------------------------------------------------------------- turn-up option
TURN = get_game("five-card-stud", turn_up=True)


def test_turn_up_option_in_turn_before_the_last_card() -> None:
    deck = stud_deck(["2c 9h 8d Jc 4d", "3c Kd 6h Tc 5d", "4c 5s 3d Qc 7d"])
    state = State(TURN, [100] * 3, deck=deck)
    while state.phase is not Phase.TURNING_UP:
        passive_action(state)
    assert state.street == 3 and len(state.up[0]) == 3  # before the fifth card
    assert state.actor == 1  # dealer's left first
    assert [(o.action, o.amounts, o.choices) for o in state.legal_actions()] == [
        (Action.TURN_UP, (0, 1), ("3c",))]
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="in turn: seat 1"):
        state.turn_up(["4c"], seat=2)  # out of turn
    with pytest.raises(IllegalActionError, match="does not hold 9h face down"):
        state.turn_up(["9h"])  # an upcard, not his hole card
    with pytest.raises(IllegalActionError, match="cannot fold now; legal: turn up 3c or keep it down"):
        state.fold()
    assert state.snapshot() == before
    turned = state.turn_up(["3c"])
    assert isinstance(turned, ev.TurnedUp) and state.up[1][-1] == card("3c")  # up at once
    assert state.actor == 2 and not state.can_turn_up(["3c"], seat=1)
    state.turn_up([])  # seat 2 keeps his hole card down
    state.turn_up(seat=0)
    assert state.phase is Phase.BETTING and state.street == 3
    assert state.down[1] == [card("5d")]  # the fifth card comes face down to the player who turned up
    assert state.up[2][-1] == card("7d") and state.down[2] == [card("4c")]
    assert state.up[0][-1] == card("4d") and state.down[0] == [card("2c")]
    replayed = History.from_json(state.history().to_json()).replay()
    assert replayed.snapshot() == state.snapshot()


def test_turn_up_option_may_keep_the_hole_card_down_where_a_forced_turn_up_may_not() -> None:
    """The option is optional: the same hole card is offered as "turn it up or
    keep it down" under ``turn_up`` and as "turn it up" under a street whose
    turn-up is forced (the same streets with ``TurnUp(optional=False)``), in
    either order within one process (the option lists are remembered)."""
    forced_rule = TurnUp(optional=False, before_deal=True, mode=ChoiceMode.IN_TURN)
    last = TURN.streets[-1]
    forced = replace(TURN, streets=(*TURN.streets[:-1], replace(last, turn_up=forced_rule)))
    deck = stud_deck(["2c 9h 8d Jc 4d", "3c Kd 6h Tc 5d", "4c 5s 3d Qc 7d"])
    for spec in (TURN, forced, TURN):
        state = State(spec, [100] * 3, deck=deck)
        while state.phase is not Phase.TURNING_UP:
            passive_action(state)
        optional = spec is TURN
        assert [(o.action, o.amounts, o.choices) for o in state.legal_actions()] == [
            (Action.TURN_UP, (0, 1) if optional else (1,), ("3c",))]
        assert state.turn_up_option(1).amounts == ((0, 1) if optional else (1,))
        assert state.can_turn_up([]) is optional
        if not optional:
            before = state.snapshot()
            with pytest.raises(IllegalActionError, match=r"must turn up one of his down cards \(3c\), not 0"):
                state.turn_up([])
            assert state.snapshot() == before


def test_turn_up_with_last_card_down_is_refused() -> None:
    with pytest.raises(RuleError, match="turn_up applies to five-card-stud"):
        get_game("five-card-stud-last-down", turn_up=True)


# ---------------------------------------------------------------- five bets
def test_five_bets_extra_round_after_the_hole_card_dealers_left_may_check() -> None:
    deck = stud_deck(["2c 9h", "3c Kd", "4c 5s"], button=2)
    state = State(FIVE_BETS, [100] * 3, button=2, deck=deck)
    assert state.street == 0 and state.phase is Phase.BETTING and state.actor == 0
    assert all(not state.up[s] for s in range(3))
    assert kinds(state) == {Action.CHECK: (), Action.BET: (5,)}
    state.check()
    state.check()
    state.check()
    assert state.street == 1


def test_five_bets_lowest_upcard_must_bet_ties_by_suit_clubs_lowest() -> None:
    """§5.8: Five bets: on the round after the extra one the lowest upcard must bet, ties by
    suit, clubs lowest: the 4c at the dealer's seat (button 2), neither the 4h at his left
    nor the 4s at the lowest seat (seat 0)."""
    deck = stud_deck(["5d 4s", "3d 9h", "2d 4c", "6c 4h"], button=2)
    state = State(FIVE_BETS, [100] * 4, button=2, deck=deck)
    for _ in range(4):
        state.check()
    assert state.street == 1 and state.actor == 2  # 4c below 4h and 4s
    assert kinds(state) == {Action.BET: (5,)}


def test_five_bets_lowest_upcard_reads_the_ace_high() -> None:
    """§5.8: Reading: "lowest" reads the ace high, as the bring-in does: the 4d must bet, not
    the Ac."""
    state = State(FIVE_BETS, [100] * 3, deck=stud_deck(["2c Ac", "3c 4d", "5d 9s"]))
    for _ in range(3):
        state.check()
    assert state.street == 1 and state.actor == 1 and kinds(state) == {Action.BET: (5,)}


def test_five_bets_then_the_best_showing_hand_and_small_bets_on_three_rounds() -> None:
    deck = stud_deck(["2c 9h 9d Jc 4d", "3c Kd 6h Tc 5d", "4c 5s 3d Qc 7d"])
    state = State(FIVE_BETS, [500] * 3, deck=deck)
    sizes, first = [], []
    while not state.is_complete:
        options = kinds(state)
        if state.round is not None and not any(state.round.bets):
            first.append(state.actor)
        if Action.BET in options:
            sizes.append(options[Action.BET])
            state.bet()
        else:
            state.call()
    assert sizes == [(5,), (5,), (5,), (10,), (10,)]
    assert first == [1, 2, 0, 0, 0]  # dealer's left; the lowest upcard 5s; then 9-9 showing


# ------------------------------------------------------------------ high-low
def test_high_low_option_splits_the_pot_cards_speak() -> None:
    deck = stud_deck(["Kc Kh 9d 9s 2c", "7c 5d 4h 3s 2d", "Qc Jd Td 8h 6s"])
    spec = get_game("five-card-stud", low="deuce-to-seven")
    state = State(spec, [100] * 3, deck=deck)
    call_down(state)
    assert awards(state) == [(0, 9, "high"), (1, 9, "low")]


def test_high_low_option_with_declarations_in_turn() -> None:
    deck = stud_deck(["Kc Kh 9d 9s 2c", "7c 5d 4h 3s 2d", "Qc Jd Td 8h 6s"])
    spec = get_game("five-card-stud", low="deuce-to-seven", declare="in-turn")
    state = State(spec, [100] * 3, deck=deck)
    call_down(state, declare={0: "high", 1: "high", 2: "low"})
    # seat 1 declared high with a seven-five (no pair): kings up win high; seat 2 the only low
    assert awards(state) == [(0, 9, "high"), (2, 9, "low")]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"stakes": Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)}, "has no bring-in"),
        ({"declare": "in-turn"}, "declarations need a high-low game"),
        ({"low": "eight-or-better"}, "low must be one of"),
        ({"turn_up": 1}, "turn_up must be True or False"),
        ({"colour": "red"}, "has no option 'colour'"),
    ],
)
def test_bad_options_are_refused_clearly(options: dict[str, object], message: str) -> None:
    with pytest.raises((RuleError, TypeError), match=message):
        get_game("five-card-stud", **options)


def test_a_variant_refusing_a_bring_in_says_who_opens_its_streets() -> None:
    # The message comes from the streets' opener, not from a table of game names: a
    # variant made as data (six-card stud) gets its own rule, not "a free choice".
    base = get_game("five-card-stud")
    six = base.replace(name="six-card-stud", max_players=8,
                       streets=(*base.streets, Street(name="sixth street", down=1, big_bet=True)))
    stakes = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
    with pytest.raises(RuleError, match=r"six-card-stud has no bring-in \(the highest upcard bets first"):
        five_card_game("six-card-stud", {"stakes": stakes}, lambda open_pair: six.streets,
                       known=_OPTIONS, declare=DeclareMode.NONE)
    low_first = (replace(six.streets[0], opener=Opener.LOW_CARD_BETS), *six.streets[1:])
    with pytest.raises(RuleError, match=r"has no bring-in \(the lowest upcard bets first[^;]*\)"):
        no_bring_in("six-card-stud", stakes, six.stakes, low_first)
    assert no_bring_in("six-card-stud", None, six.stakes, six.streets) == six.stakes


def test_the_five_bets_refusal_says_the_dealers_left_opens() -> None:
    """Was (for a moment): "the first bet is a free choice, then the lowest upcard bets
    first": the first round's opener, the dealer's left, went unsaid."""
    stakes = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
    with pytest.raises(RuleError, match=r"\(the dealer's left opens, the first bet a free choice; then the "
                                        r"lowest upcard bets first"):
        get_game("five-card-stud-five-bets", stakes=stakes)
