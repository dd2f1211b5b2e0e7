"""Scripted draw-game hands with stacked decks: one test per rule of the rules,
§5.4-§5.7 (jackpots, lowball, California lowball, jacks back)."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from engine_helpers import (
    actions,
    awards,
    draw_deck,
    ints,
    kinds,
    legal,
    of,
    passive_action,
    sevens_rule_deal,
    stand_pat_and_check_down,
)

from splitpot import phh
from splitpot.cards import Card, parse_cards
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.draws import DrawRules
from splitpot.engine.history import History
from splitpot.engine.spec import GameSpec, Stakes
from splitpot.engine.state import Phase, State
from splitpot.errors import (
    ArgumentTypeError,
    IllegalActionError,
    IllegalActionTypeError,
    RuleError,
)
from splitpot.games import get_game

JACKPOTS = get_game("jackpots")
LOWBALL = get_game("lowball")
NOTHING = ["Ah Kd 7c 4s 2d", "Tc Td 8h 5s 3c", "9c 9d Qh 6s 4c"]  # no openers anywhere


def replays(state: State) -> bool:
    return History.from_json(state.history().to_json()).replay().snapshot() == state.snapshot()


# ------------------------------------------------------------------ jackpots
def test_openers_refused_without_jacks() -> None:
    hands = ["Ah Kd 7c 4s 2d", "Tc Td 8h 5s 3c", "Jc Jd 9h 6s 4c"]
    state = State(JACKPOTS, [100] * 3, deck=draw_deck(hands))
    assert state.actor == 1 and kinds(state) == {Action.CHECK: ()}
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=r"cannot open: a pair of jacks or better is needed to open "
                       r"\(he holds Tc Td 8h 5s 3c\); legal: check"):
        state.bet()
    assert state.snapshot() == before and not state.can_bet()
    state.check()
    assert state.actor == 2 and kinds(state) == {Action.CHECK: (), Action.BET: (5,)}
    state.bet()
    assert state.opener == 2
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (5,), Action.RAISE: (10,)}
    state.call()
    assert state.actor == 1 and kinds(state) == {Action.FOLD: (), Action.CALL: (5,), Action.RAISE: (10,)}
    state.call()
    for _ in range(3):
        state.draw()
    state.check()  # the opener
    assert state.actor == 0 and kinds(state) == {Action.CHECK: (), Action.BET: (10,)}  # no openers needed now


@pytest.mark.parametrize(("openers", "can_open"), [("T", [False, True, True]), ("2", [False, True, True]),
                                                  (None, [True, True, True]), ("Q", [False, False, False])])
def test_openers_option_lowers_raises_or_drops_the_requirement(
    openers: str | None, can_open: list[bool]
) -> None:
    """docs/rules.md: ``openers`` is the smallest pair that opens (a house may lower it);
    None: anything opens.  Each seat checks in turn, so each is asked whether he may open."""
    hands = ["Ah Kd 7c 4s 2d", "Tc Td 8h 5s 3c", "Jc Jd 9h 6s 4c"]
    state = State(get_game("jackpots", openers=openers), [100] * 3, deck=draw_deck(hands))
    seen = []
    while len(seen) < 3 and state.can_check():
        seen.append(state.can_bet())
        state.check()
    assert dict(zip([1, 2, 0], seen, strict=True)) == dict(zip([0, 1, 2], can_open, strict=True))


def test_split_openers_are_proved_by_the_five_dealt() -> None:
    hands = ["Ah Kd 7c 4s 2d", "Tc Td 8s 5s 3c", "Jh Jc 9h 8h 7h"]
    state = State(JACKPOTS, [100] * 3, deck=draw_deck(hands, then="2c Kh"))
    state.check()
    state.bet()  # seat 2 opens with jacks
    state.call()
    state.call()
    assert state.phase is Phase.DRAWING and of(state, ev.CardBurned)[0].card == ints("2c")[0]  # type: ignore[attr-defined]
    state.draw()  # seat 1 stands pat
    state.draw("Jc")  # the opener splits his jacks for the flush
    state.draw()
    assert state.cards(2) == ints("Jh Kh 9h 8h 7h")
    assert state.actor == 2  # the second round starts with the opener
    stand_pat_and_check_down(state)
    proof = of(state, ev.OpenersShown)
    assert proof == [ev.OpenersShown(seat=2, cards=tuple(ints("Jh Jc 9h 8h 7h")))]
    assert awards(state) == [(2, 18, "pot")] and replays(state)


def test_second_round_option_from_the_dealers_left() -> None:
    hands = ["Ah Kd 7c 4s 2d", "Tc Td 8s 5s 3c", "Jh Jc 9h 8h 7h"]
    state = State(get_game("jackpots", second_round="dealer-left"), [100] * 3, deck=draw_deck(hands))
    state.check()
    state.bet()
    state.call()
    state.call()
    for _ in range(3):
        state.draw()
    assert state.actor == 1


def test_passed_out_jackpot_carries_the_pot_to_a_new_deal() -> None:
    second = draw_deck(["Ah Kd 7c 4s 2d", "Qs Qd 8h 5s 3c", "9c 9d Jh 6s 4c"])
    state = State(JACKPOTS, [100] * 3, deck=[draw_deck(NOTHING), second])
    for _ in range(3):
        state.check()
    assert of(state, ev.NobodyOpened) == [ev.NobodyOpened(deal=1, pot=3)]
    assert of(state, ev.Redealt) == [ev.Redealt(deal=2, cards=tuple(second))]
    assert state.deal == 2 and state.button == 0 and state.pot == 6 and state.stacks == [98, 98, 98]
    assert state.cards(1) == ints("Qs Qd 8h 5s 3c") and state.actor == 1
    state.bet()
    state.fold()
    state.fold()
    # the bet nobody called goes back to seat 1 before the pot is awarded (the rules, §3)
    assert of(state, ev.BetReturned) == [ev.BetReturned(seat=1, amount=5)]
    assert state.stacks == [98, 104, 98] and awards(state) == [(1, 6, "uncontested")]
    assert of(state, ev.OpenersShown) == [ev.OpenersShown(seat=1, cards=tuple(ints("Qs Qd 8h 5s 3c")))]
    history = state.history()
    assert history.deck == tuple(draw_deck(NOTHING)) and replays(state)


def test_passed_out_deal_is_a_dealer_step() -> None:
    state = State(JACKPOTS, [100] * 3, seed=1, deck=draw_deck(NOTHING), automate=False)
    state.advance()
    state.advance()
    for _ in range(3):
        state.check()
    assert state.phase is Phase.PASSED_OUT and state.actor is None and state.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="advance"):
        state.check()
    redeal = state.advance()
    assert isinstance(redeal, ev.Redealt) and redeal.deal == 2 and state.phase is Phase.FORCED_BETS
    assert isinstance(state.advance(), ev.AntePosted) and state.pot == 6
    state.advance()
    assert state.phase is Phase.BETTING and all(len(state.cards(s)) == 5 for s in range(3))
    # past the script, a re-deal deck is shuffled from the seed: the same seed deals the same
    again = State(JACKPOTS, [100] * 3, seed=1, deck=draw_deck(NOTHING))
    for _ in range(3):
        again.check()
    assert of(again, ev.Redealt) == of(state, ev.Redealt) and again.cards(1) == state.cards(1)


def test_nobody_ever_opens_ends_when_the_antes_are_all_in() -> None:
    state = State(JACKPOTS, [4, 4, 4], seed=5)
    while not state.is_complete:
        if state.phase is Phase.DRAWING:
            state.draw()
        else:
            state.check()  # nobody ever opens
    assert state.deal == 4 and of(state, ev.NobodyOpened)[-1].deal == 3  # type: ignore[attr-defined]
    assert sum(state.stacks) == 12 and state.pot == 0 and of(state, ev.CardsShown)


def test_a_game_that_re_deals_needs_an_ante() -> None:
    with pytest.raises(RuleError, match="needs an ante"):
        JACKPOTS.replace(stakes=Stakes(small_bet=5, big_bet=10))


def test_pass_and_out_puts_the_checkers_out_once_opened() -> None:
    spec = get_game("jackpots", pass_and_out=True)
    hands = ["Ah Kd 7c 4s 2d", "Tc Td 8s 5s 3c", "Jh Jc 9h 8h 7h", "Qc Qd 2h 3h 6c"]
    state = State(spec, [100] * 4, deck=draw_deck(hands))
    state.check()  # seat 1 passes
    state.bet()  # seat 2 opens
    assert of(state, ev.PassersOut) == [ev.PassersOut(seats=(1,))]
    assert state.folded[1] and state.active == [2, 3, 0] and state.actor == 3
    state.call()
    state.call()
    assert state.phase is Phase.DRAWING and state.actor == 2  # seat 1 is out: no draw for him
    assert replays(state)


def test_pass_and_out_everyone_passes_but_the_last_who_opens() -> None:
    spec = get_game("jackpots", pass_and_out=True)
    hands = ["Qc Qd 2h 3h 6c", "Ah Kd 7c 4s 2d", "Tc Td 8s 5s 3c", "9h 9c Jh 8h 7h"]
    state = State(spec, [100] * 4, deck=draw_deck(hands))
    for _ in range(3):
        state.check()
    state.bet()  # the dealer opens last
    assert of(state, ev.BetReturned) == [ev.BetReturned(seat=0, amount=5)]  # nobody left to call it
    assert state.is_complete and awards(state) == [(0, 4, "uncontested")]
    assert of(state, ev.OpenersShown)[0].seat == 0  # type: ignore[attr-defined]


def test_pass_and_out_everyone_passes_and_the_deal_is_passed_out() -> None:
    spec = get_game("jackpots", pass_and_out=True)
    state = State(spec, [100] * 3, deck=draw_deck(NOTHING))
    for _ in range(3):
        state.check()
    assert state.deal == 2 and state.pot == 6 and not any(state.folded)


def test_max_draw_and_four_to_an_ace() -> None:
    spec = get_game("jackpots", max_draw=3, ace_draw=4)
    hands = ["Ah Kd 7c 4s 2d", "Tc Td 8s 5s 3c", "Jh Jc 9h 8h 7h"]
    state = State(spec, [100] * 3, deck=draw_deck(hands))
    state.check()
    state.bet()
    state.call()
    state.call()
    assert kinds(state) == {Action.DRAW: (3,)}  # seat 1 holds no ace
    with pytest.raises(IllegalActionError, match=r"at most 3 cards \(4 keeping an ace\), not 4"):
        state.draw("Tc 8s 5s 3c")
    state.draw("8s 5s 3c")
    state.draw("9h 8h 7h")
    assert kinds(state) == {Action.DRAW: (4,)}  # the dealer holds an ace
    with pytest.raises(IllegalActionError, match="at most 3 cards"):
        state.draw("Ah 7c 4s 2d")  # four without keeping the ace
    state.draw("Kd 7c 4s 2d")
    assert state.phase is Phase.BETTING


def test_the_bug_kept_alone_draws_four_as_an_ace() -> None:
    # The joker plays as an ace in jackpots' high hands (the bug), so keeping it
    # alone is keeping an ace: four cards with ace_draw=4.
    spec = get_game("jackpots", max_draw=3, ace_draw=4, joker="bug")
    hands = ["Jk Kd 7c 4s 2d", "Tc Td 8s 5s 3c", "Jh Jc 9h 8h 7h"]
    state = State(spec, [100] * 3, deck=draw_deck(hands, joker=True))
    state.check()
    state.bet()
    state.call()
    state.call()
    state.draw("8s 5s 3c")
    state.draw("9h 8h 7h")
    assert state.actor == 0 and kinds(state) == {Action.DRAW: (4,)}
    with pytest.raises(IllegalActionError, match=r"at most 3 cards \(4 keeping an ace\), not 4"):
        state.draw("Jk 7c 4s 2d")  # four without keeping the bug
    state.draw("Kd 7c 4s 2d")
    assert state.phase is Phase.BETTING and parse_cards("Jk")[0] in state.cards(0)


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
    """§5.4: The listing's number is the most a legal draw takes given the player's
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


def test_jackpots_a_player_who_checked_may_raise_once_the_pot_is_opened() -> None:
    """§5.4: Before the opening a player may check; once the pot is opened every player in
    turn, those who checked included, folds, calls or raises."""
    hands = ["Ah Kd 7c 4s 2d", "Tc Td 8c 5s 3c", "Jh Jc 9h 8h 7h"]
    state = State(get_game("jackpots"), [100] * 3, deck=draw_deck(hands))
    state.check()  # seat 1 (no openers)
    state.bet()  # seat 2 opens
    state.call()  # seat 0
    assert state.actor == 1 and legal(state) == {"fold": (), "call": (5,), "raise": (10,)}
    state.raise_to(10)
    assert state.actor == 2 and "raise" in legal(state)


def test_jackpots_opener_who_folds_still_shows_his_openers() -> None:
    """§5.4: Reading: the proof shown at the end is the five cards the opener held when he
    opened, whether or not he stayed in (here he folds to a raise)."""
    hands = ["Ah Kd 7c 4s 2d", "Jc Jd 9h 6s 4c", "Tc Td 8h 5s 3c", "Qs Qd 2h 3h 6h"]
    state = State(JACKPOTS, [100] * 4, deck=draw_deck(hands))
    state.bet()  # seat 1 opens
    state.raise_to()  # seat 2
    state.call()  # seat 3
    state.fold()  # seat 0
    state.fold()  # seat 1, the opener
    stand_pat_and_check_down(state)
    assert of(state, ev.OpenersShown) == [ev.OpenersShown(seat=1, cards=tuple(ints(hands[1])))]


def test_jackpots_second_round_starts_left_of_an_opener_who_folded() -> None:
    """§5.4: "A second betting round from the opener". Reading: when the opener has folded,
    the round starts with the next active player on his left (seat 2 here, not seat 3 who
    raised)."""
    hands = ["Ah Kd 7c 4s 2d", "Jc Jd 9h 6s 4c", "Tc Td 8h 5s 3c", "Qs Qd 2h 3h 6h"]
    state = State(JACKPOTS, [100] * 4, deck=draw_deck(hands))
    state.bet()  # seat 1 opens
    state.call()  # seat 2
    state.raise_to()  # seat 3
    state.fold()  # seat 0
    state.fold()  # seat 1, the opener
    state.call()  # seat 2
    while state.phase is Phase.DRAWING:
        state.draw()
    assert state.actor == 2 and state.active == [2, 3]


# ------------------------------------------------------------------- lowball
def test_lowball_is_pass_and_out_before_the_draw() -> None:
    state = State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING, joker=True))
    assert kinds(state) == {Action.FOLD: (), Action.BET: (5,)}
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="legal: fold, bet to 5"):
        state.check()
    assert state.snapshot() == before
    state.fold()
    state.fold()
    assert state.is_complete and awards(state) == [(0, 3, "uncontested")] and state.deal == 1


def test_lowball_deals_the_joker_as_the_bug_and_bets_from_the_dealers_left() -> None:
    hands = ["Kc Kd Qh Js 9d", "8c 6d 4h 3s Jk", "7c 6h 5s 4d 2c"]
    state = State(LOWBALL, [100] * 3, deck=draw_deck(hands, joker=True))
    assert len(state.deck_order) == 53
    state.bet()
    state.call()
    state.fold()
    state.draw()
    state.draw()
    assert state.actor == 1  # after the draw: the first active player left of the dealer
    state.check()
    state.check()
    shown = {e.seat: e.low for e in of(state, ev.CardsShown)}  # type: ignore[attr-defined]
    assert shown[1] == "eight-six low (Jk as A)" and awards(state)[0][0] == 2
    with pytest.raises(RuleError, match="without the joker"):
        State(get_game("lowball", joker=None), [100] * 3, deck=draw_deck(hands, joker=True))
    assert get_game("lowball", joker=None).wilds.deck_size == 52


def test_lowball_after_the_draw_betting_starts_left_of_the_dealer_not_with_the_bettor() -> None:
    """§5.5: Lowball without pass and out: seat 1 checks and seat 2 bets before the draw;
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


# --------------------------------------------------------- California lowball
@pytest.mark.parametrize(
    ("limit", "posted", "first"),
    [(2, [(0, 1), (1, 1)], 2), (3, [(0, 1), (1, 1), (2, 1)], 3), (5, [(0, 1), (1, 2), (2, 2)], 3)],
)
def test_the_blinds_table(limit: int, posted: list[tuple[int, int]], first: int) -> None:
    state = State(get_game("california-lowball", limit=limit), [100] * (len(posted) + 1), seed=limit)
    assert [(e.seat, e.amount) for e in of(state, ev.BlindPosted)] == posted  # type: ignore[attr-defined]
    assert state.actor == first and kinds(state) == {Action.FOLD: (), Action.BET: (limit,)}
    state.bet()
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (limit - 1,), Action.RAISE: (2 * limit,)}


@pytest.mark.parametrize(("limit", "players"), [(2, 2), (3, 3), (5, 3)])
def test_the_dealer_acts_first_when_every_other_seat_posted(limit: int, players: int) -> None:
    # "The first player to act sits left of the last blind": with one blind a
    # seat, that is the dealer, whose blind is no bet: he opens or folds.
    state = State(get_game("california-lowball", limit=limit), [100] * players, seed=limit)
    assert len(of(state, ev.BlindPosted)) == players
    assert state.actor == 0 and kinds(state) == {Action.FOLD: (), Action.BET: (limit,)}
    state.bet()
    assert state.committed[0] == limit and state.actor == 1
    owed = limit - of(state, ev.BlindPosted)[1].amount  # type: ignore[attr-defined]
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (owed,), Action.RAISE: (2 * limit,)}


def test_the_blinds_table_refuses_other_limits_unless_given_blinds() -> None:
    with pytest.raises(RuleError, match=r"covers limits 2, 3 and 5, not 4; give blinds="):
        get_game("california-lowball", limit=4)
    assert get_game("california-lowball", limit=4, blinds=(1, 1, 2)).stakes.blinds == (1, 1, 2)
    with pytest.raises(RuleError, match="totalling the limit 4; got"):
        get_game("california-lowball", limit=4, blinds=(1, 1))
    with pytest.raises(ArgumentTypeError, match="limit must be an int"):
        get_game("california-lowball", limit=2.0)
    with pytest.raises(RuleError, match="needs 3 to 8 players"):
        State(get_game("california-lowball", limit=5), [100, 100])


def test_blinds_are_live_but_the_first_player_must_open() -> None:
    state = State(get_game("california-lowball", limit=5), [100] * 4, seed=3)
    state.fold()  # seat 3
    assert state.actor == 0 and kinds(state) == {Action.FOLD: (), Action.BET: (5,)}  # his blind is no bet
    state.bet()  # adds 4 to his blind
    assert state.committed[0] == 5
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (3,), Action.RAISE: (10,)}


def seven_vs_nine(sevens: str, *, checker_wins: bool = True) -> State:
    """Heads-up, limit 2: seat 1 checks after the draw, seat 0 bets 4, seat 1 calls."""
    state = sevens_rule_deal(sevens=sevens, checker_wins=checker_wins)
    assert state.actor == 1
    state.check()
    assert kinds(state) == {Action.CHECK: (), Action.BET: (4,)}  # the limit doubled after the draw
    state.bet()
    state.call()
    assert state.is_complete and replays(state)
    return state


def test_sevens_lose_all_the_winner_takes_the_pot_as_it_stood() -> None:
    state = seven_vs_nine("lose-all")
    assert sorted(awards(state)) == [(0, 4, "returned"), (1, 4, "pot"), (1, 4, "returned")]
    assert state.stacks == [98, 102]


def test_sevens_lose_all_the_loser_loses_everything() -> None:
    state = seven_vs_nine("lose-all", checker_wins=False)
    assert awards(state) == [(0, 12, "pot")] and state.stacks == [106, 94]


def test_sevens_forfeit_pot() -> None:
    state = seven_vs_nine("forfeit-pot")
    assert awards(state) == [(0, 12, "pot")] and state.stacks == [106, 94]


def test_sevens_off() -> None:
    state = seven_vs_nine("off")
    assert awards(state) == [(1, 12, "pot")] and state.stacks == [94, 106]


def test_sevens_rule_reads_the_bug_as_an_ace_for_a_seven() -> None:
    """§5.6: The sevens rule's "a seven-high or better" with the joker as the bug: 7-5-4-3-Jk
    is a seven-five low, so the checker who wins gets the pot as it stood."""
    state = State(get_game("california-lowball", sevens="lose-all"), [100, 100],
                  deck=draw_deck(["9c 6d 4h 3s 2c", "7d 5h 4c 3d Jk"], joker=True))
    state.bet()
    state.call()
    state.draw()
    state.draw()
    state.check()  # seat 1 checks his seven
    state.bet()
    state.call()
    assert sorted(awards(state)) == [(0, 4, "returned"), (1, 4, "pot"), (1, 4, "returned")]


def test_sevens_lose_all_returns_every_bet_after_the_check_even_a_folded_one() -> None:
    state = State(get_game("california-lowball"), [100] * 3,
                  deck=draw_deck(["9c 6d 4h 3s 2c", "7d 5h 4c 3d 2h", "Kc Qd Jh Ts 8s"], joker=True))
    state.bet()  # seat 2 opens for 2
    state.call()
    state.call()
    for _ in range(3):
        state.draw()
    state.check()  # seat 1 checks his seven
    state.bet()  # seat 2 bets 4
    state.raise_to()  # seat 0 raises to 8
    state.call()  # seat 1 calls (no check-raise)
    state.fold()  # seat 2
    back = [(0, 8, "returned"), (1, 8, "returned"), (2, 4, "returned")]
    assert sorted(awards(state)) == sorted([(1, 6, "pot"), *back])
    assert state.stacks == [98, 104, 98] and replays(state)


def test_sevens_lose_all_returns_a_completion_after_the_check_too() -> None:
    """Was: a completion over a short all-in bet stayed in the pot the checker won."""
    state = State(get_game("california-lowball", limit=2), [100, 100, 3, 100], button=0,
                  deck=draw_deck(["9c 6d 4h 3s 2c", "7d 5h 4c 3d 2h", "Kc Qd Jh Ts 8s", "Ks Qh Jd Tc 8d"],
                                 joker=True))
    for _ in range(4):  # seat 2 opens for 2, everyone calls: a pot of 8
        state.bet() if state.actor == 2 else state.call()
    while state.phase is Phase.DRAWING:
        state.draw()
    state.check()  # seat 1 checks his seven
    state.bet(1)  # seat 2, all in for 1
    state.complete(4)  # seat 3
    state.raise_to(8)  # seat 0
    state.call()  # seat 1
    state.fold()  # seat 3
    back = [0] * 4
    for seat, amount, side in awards(state):
        back[seat] += amount if side == "returned" else 0
    assert back == [8, 8, 1, 4]  # every chip put in after the check, the completion's 4 too
    assert [(seat, amount) for seat, amount, side in awards(state) if side != "returned"] == [(1, 8)]
    assert state.stacks == [98, 106, 1, 98] and replays(state)


def test_sevens_lose_all_counts_an_uncalled_bet_returned_as_never_bet() -> None:
    """Was: the raiser's uncalled part, returned, still counted as bet after the check,
    so his chips from before it came back and the checker won 4 of the 6 in the pot."""
    state = State(get_game("california-lowball", limit=2), [100, 8, 100], button=0,
                  deck=draw_deck(["9c 6d 4h 3s 2c", "7d 5h 4c 3d 2h", "Kc Qd Jh Ts 8s"], joker=True))
    state.bet()
    state.call()
    state.call()
    while state.phase is Phase.DRAWING:
        state.draw()
    state.check()  # seat 1 checks his seven, 6 chips behind
    state.bet()  # seat 2 bets 4
    state.raise_to()  # seat 0 raises to 8
    state.call()  # seat 1 calls all in for 6
    state.fold()  # seat 2
    assert of(state, ev.BetReturned) == [ev.BetReturned(seat=0, amount=2)]
    assert sum(amount for _, amount, side in awards(state) if side != "returned") == 6  # the pot as it stood
    assert state.stacks == [98, 12, 98] and replays(state)


def test_sevens_rule_spares_an_eight_checked() -> None:
    state = State(get_game("california-lowball"), [100, 100],
                  deck=draw_deck(["9c 6d 4h 3s 2c", "8d 5h 4c 3d 2h"], joker=True))
    state.bet()
    state.call()
    state.draw()
    state.draw()
    state.check()
    state.bet()
    state.call()
    assert awards(state) == [(1, 12, "pot")]


@pytest.mark.parametrize("limit", [2, 3, 5])
def test_the_limit_doubles_after_the_draw(limit: int) -> None:
    players = 3 if limit == 2 else 4
    state = State(get_game("california-lowball", limit=limit, sevens="off"), [100] * players, seed=limit)
    assert kinds(state)[Action.BET] == (limit,)
    state.bet()
    assert kinds(state)[Action.RAISE] == (2 * limit,)  # a raise before the draw: one limit more
    while state.phase is Phase.BETTING:
        state.call()
    while state.phase is Phase.DRAWING:
        state.draw()
    assert kinds(state) == {Action.CHECK: (), Action.BET: (2 * limit,)}
    state.bet()
    assert kinds(state)[Action.RAISE] == (4 * limit,)


def test_california_before_the_draw_raises_are_one_limit_and_the_cap_is_three_raises() -> None:
    """§5.6 with §3: limit 2 before the draw: a bet of 2, raises of 2 each, and a bet and
    three raises (to 8) close the raising."""
    state = State(get_game("california-lowball", sevens="off"), [100] * 3, seed=4)
    state.bet()
    state.raise_to()
    state.raise_to()
    state.raise_to()
    seat = state.actor
    assert state.round is not None and seat is not None and Action.RAISE not in kinds(state)
    assert kinds(state)[Action.CALL] == (8 - state.committed[seat],)


def test_no_check_raise_after_the_draw() -> None:
    """§3: California lowball has no check-raise after the draw: the player who checked may
    call or fold."""
    state = _check_then_bet_after_the_draw("california-lowball", sevens="off")
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (4,)}
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="cannot raise now; legal: fold, call 4"):
        state.raise_to(8)
    assert state.snapshot() == before


def _check_then_bet_after_the_draw(game: str, hands: list[str] | None = None, **options: object) -> State:
    """Three players stand pat: the first to act (seat 1, jacks: the opener in jackpots; seat 2
    after California lowball's blinds) bets before the draw, the others call; after it seat 1
    checks, seat 2 bets (one bet) and seat 0 calls: seat 1 is to act.  With ``hands`` where
    nobody may open (jacks back's ``NOTHING``), everyone checks first and the round played is
    the next one (jacks back's lowball)."""
    hands = hands or ["Kc Kd Qh Js 9d", "Jc Jd 8h 5s 3c", "7c 6h 5d 4d 2d"]
    spec = get_game(game, **options)
    state = State(spec, [100] * 3, deck=draw_deck(hands, joker=spec.wilds.deck_size == 53))
    while Action.BET not in kinds(state):  # nobody opens
        state.check()
    state.bet()
    state.call()
    state.call()
    while state.phase is Phase.DRAWING:
        state.draw()
    assert state.actor == 1
    state.check()
    state.bet()  # seat 2 bets one bet
    state.call()  # seat 0
    assert state.actor == 1
    return state


@pytest.mark.parametrize(("game", "hands"), [
    pytest.param("jackpots", None, id="jackpots"),
    pytest.param("lowball", None, id="lowball"),
    pytest.param("jacks-back", None, id="jacks-back"),
    pytest.param("jacks-back", NOTHING, id="jacks-back-lowball"),  # nobody opens: the lowball round
])
def test_the_no_check_raise_option_refuses_a_check_raise_after_the_draw(
    game: str, hands: list[str] | None
) -> None:
    """§3: no check-raise is an option (California lowball's by default): with
    ``no_check_raise=True`` a player who checked after the draw may call or fold, not
    raise; the raise is refused and the hand is unchanged.  Without it he may raise."""
    assert kinds(_check_then_bet_after_the_draw(game, hands))[Action.RAISE] == (20,)
    state = _check_then_bet_after_the_draw(game, hands, no_check_raise=True)
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (10,)}
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="cannot raise now; legal: fold, call 10"):
        state.raise_to(20)
    assert state.snapshot() == before


def test_california_without_no_check_raise_allows_a_check_raise_after_the_draw() -> None:
    """§3: ``no_check_raise=False`` turns California lowball's rule off: the player who
    checked after the draw may raise (as in test_no_check_raise_after_the_draw, he may not)."""
    state = _check_then_bet_after_the_draw("california-lowball", sevens="off", no_check_raise=False)
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (4,), Action.RAISE: (8,)}
    state.raise_to(8)
    assert state.actor == 2


@pytest.mark.parametrize(("game", "flag"), [
    ("lowball", True), ("jacks-back", True), ("california-lowball", False)])
def test_the_no_check_raise_option_round_trips_through_json_phh_and_replay(game: str, flag: bool) -> None:
    """The option is part of the spec a history records (the street's rule and, not being the
    game's default, the spec's options): the JSON history, the PHH file and the replay all
    deal the same game and refuse (or allow) the same raise."""
    options: dict[str, object] = {"no_check_raise": flag}
    if game == "california-lowball":
        options["sevens"] = "off"
    state = _check_then_bet_after_the_draw(game, **options)
    assert ("no_check_raise", flag) in state.spec.options
    again = History.from_json(state.history().to_json()).replay()
    written = phh.loads(phh.dumps(state)).replay()
    for back in (again, written):
        assert back.spec == state.spec and back.spec.streets[1].no_check_raise is flag
        assert kinds(back) == kinds(state) and (Action.RAISE in kinds(back)) is not flag
    state.call()
    stand_pat_and_check_down(state)
    assert History.from_json(state.history().to_json()).replay().stacks == state.stacks
    assert phh.loads(phh.dumps(state)).replay().stacks == state.stacks


def test_the_no_check_raise_option_is_refused_by_a_game_without_a_draw() -> None:
    """The option is the draw's (a house list takes it: test_house_list.py; a dealer's call says
    it: test_dealers_choice.py); a game with no draw refuses it."""
    with pytest.raises(RuleError, match="no_check_raise"):
        get_game("seven-card-stud", no_check_raise=True)


def test_served_exactly_as_asked_and_a_wrong_sized_hand_is_dead() -> None:
    hands = ["9c 6d 4h 3s 2c", "Kd 5h 4c 3d 2h", "Qc Qd Jh Js Th"]
    state = State(get_game("california-lowball", sevens="off"), [100] * 3,
                  deck=draw_deck(hands, then="8s 7s 6s 5s 8h 8d", joker=True))
    state.bet()
    state.call()
    state.call()
    state.draw("Kd 5h", asked=1)  # asks for one card, throws two: four cards
    state.draw("Qc Qd", asked=3)  # six cards
    state.draw()
    assert len(state.cards(1)) == 4 and len(state.cards(2)) == 6
    stand_pat_and_check_down(state)
    shown = {e.seat: e.low for e in of(state, ev.CardsShown)}  # type: ignore[attr-defined]
    assert shown[1] == "dead hand (4 cards)" and shown[2] == "dead hand (6 cards)"
    assert awards(state) == [(0, 6, "pot")] and replays(state)
    jackpots = State(JACKPOTS, [100] * 3, deck=draw_deck(["Jh Jc 9h 7h 2h", *NOTHING[1:]]))
    jackpots.check()
    jackpots.check()
    jackpots.bet()
    jackpots.call()
    jackpots.call()
    with pytest.raises(IllegalActionError, match="served as many cards as he discards"):
        jackpots.draw("Tc", asked=2)


def test_california_lowball_after_the_draw_betting_starts_left_of_the_dealer() -> None:
    """§5.6: California lowball (limit 2): the first to act before the draw sits left of the
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


# ---------------------------------------------------------------- jacks back
def test_jacks_back_turns_into_lowball_and_then_passes_out() -> None:
    """§5.7: Nobody opens for jacks: the same hands are played as lowball from the dealer's
    left; nobody opens that either: everyone antes again and the same dealer deals again,
    jacks needed again (the button on seat 1, so "the same dealer" is not seat 0 by default)."""
    spec = get_game("jacks-back")
    decks = [draw_deck(NOTHING, button=1), draw_deck(NOTHING[::-1], button=1)]
    state = State(spec, [100] * 3, button=1, deck=decks)
    for _ in range(3):
        state.check()
    assert of(state, ev.PlayedAs) == [ev.PlayedAs(game="jacks-back (lowball)")]
    assert state.spec.low == "ace-to-five" and state.spec.high is None and state.game is spec
    assert state.actor == 2 and kinds(state) == {Action.CHECK: (), Action.BET: (5,)}  # no requirement
    for _ in range(3):
        state.check()
    assert of(state, ev.NobodyOpened) == [ev.NobodyOpened(deal=1, pot=3)] * 2  # for jacks, then for low
    assert state.deal == 2 and state.button == 1 and state.pot == 6 and state.stacks == [98, 98, 98]
    assert state.spec is spec and state.spec.name == "jacks-back" and state.actor == 2
    assert state.cards(1) == ints(NOTHING[::-1][1]) and replays(state)


def test_jacks_back_lowball_is_won_by_the_best_ace_to_five_low() -> None:
    """§5.7: The lowball round is ace-to-five (§5.5): the wheel (seat 1) is the best low; read
    as deuce-to-seven, 7-6-4-3-2 (seat 2, who opens) would win."""
    hands = ["Kc Qd 9h 8s 6c", "5c 4d 3h 2s Ac", "7c 6d 4h 3s 2d"]
    state = State(get_game("jacks-back"), [100] * 3, deck=draw_deck(hands))
    for _ in range(3):
        state.check()
    state.check()
    state.bet()  # seat 2 opens the lowball round
    state.call()
    state.call()
    for _ in range(3):
        state.draw()
    assert state.actor == 1  # after the draw: from the dealer's left
    stand_pat_and_check_down(state)
    assert awards(state) == [(1, 18, "pot")] and of(state, ev.OpenersShown) == [] and replays(state)


def test_jacks_back_opened_for_jacks_is_played_as_jackpots_for_high() -> None:
    """§5.7: Jacks back is jackpots (§5.4) when somebody opens for jacks: high wins (the
    seven-five low wins nothing), the second round starts with the opener, the openers are
    shown, and no lowball round is played."""
    hands = ["7c 5d 4h 3s 2d", "Tc Td 8h 5s 3c", "Jc Jd Qh 6s 4c"]
    state = State(get_game("jacks-back"), [100] * 3, deck=draw_deck(hands))
    state.check()
    state.bet()  # seat 2 opens with jacks
    state.call()
    state.call()
    while state.phase is Phase.DRAWING:
        state.draw()
    assert state.actor == 2  # the second round from the opener
    stand_pat_and_check_down(state)
    assert of(state, ev.PlayedAs) == [] and state.spec.high == "high"
    assert awards(state) == [(2, 18, "pot")]
    assert [e.seat for e in of(state, ev.OpenersShown)] == [2]  # type: ignore[attr-defined]


def test_jacks_back_pass_and_out_puts_out_checkers_of_the_lowball_round_alone() -> None:
    """§5.7: Reading: ``pass_and_out`` applies to the lowball round as to jackpots: the checks
    of the jacks round put nobody out; a check in the lowball round before its opening does."""
    state = State(get_game("jacks-back", pass_and_out=True), [100] * 3, deck=draw_deck(NOTHING))
    for _ in range(3):
        state.check()
    assert state.spec.name == "jacks-back (lowball)" and not any(state.folded)
    state.check()  # seat 1
    state.bet()  # seat 2 opens
    assert of(state, ev.PassersOut) == [ev.PassersOut(seats=(1,))]
    assert state.folded == [False, True, False] and state.actor == 0


# ------------------------------------------------------ the stub runs out
def eight_players_draw_five(game: str, seed: int) -> State:
    spec = get_game(game)
    order = list(range(spec.wilds.deck_size))
    random.Random(seed).shuffle(order)
    for position, ace in zip((0, 8), (48, 49), strict=True):  # seat 1 (first to act) gets a pair of aces
        j = order.index(ace)
        order[position], order[j] = order[j], order[position]
    state = State(spec, [100] * 8, deck=order)
    state.bet()
    while state.phase is Phase.BETTING:
        state.call()
    while state.phase is Phase.DRAWING:
        state.draw(state.cards(state.actor))  # type: ignore[arg-type]
    return state


@pytest.mark.parametrize("game", ["jackpots", "lowball"])
@pytest.mark.parametrize("seed", range(5))
def test_the_stub_reshuffle_with_eight_players_drawing_five(game: str, seed: int) -> None:
    state = eight_players_draw_five(game, seed)
    assert state.phase is Phase.BETTING
    assert len(of(state, ev.StubReshuffled)) == 3
    # follow the draw card by card: the stub, the muck, never a stub's last card
    stub = list(state.deck_order)[40:]
    muck: list[int] = []
    new_stub: list[int] | None = None
    for event in state.events:
        if isinstance(event, ev.CardBurned):
            assert event.card == stub.pop(0)
            muck.append(event.card)
        elif isinstance(event, ev.StubReshuffled):
            new_stub = list(event.cards)  # logged before the draw it serves
        elif isinstance(event, ev.Drew):
            assert not set(event.received) & set(event.discarded)
            for card in event.received:
                if len(stub) == 1:  # the last card: never dealt, shuffled into the new stub
                    assert new_stub is not None and sorted(new_stub) == sorted(stub + muck)
                    stub, muck, new_stub = new_stub, [], None
                assert card == stub.pop(0)
            muck.extend(event.discarded)  # his own discards wait for a later stub
    assert new_stub is None
    held = [c for seat in range(8) for c in state.cards(seat)]
    assert len(held) == 40 and len(set(held)) == 40 and not set(held) & set(stub + muck)
    assert replays(state)


def test_a_draw_no_stub_can_serve_is_refused() -> None:
    deck = draw_deck(["Jh Jc 9h 8h 7h", "Tc Td 8s 5s 3c"], then="2c 4c")[:12]  # a short deck
    state = State(JACKPOTS, [100, 100], deck=deck)
    state.check()
    state.bet()
    state.call()
    # one card after the burn: never dealt; the new stub would be it and the burn card
    assert kinds(state) == {Action.DRAW: (1,)}
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=r"stub cannot serve 2 cards now, at most 1"):
        state.draw("Tc Td")
    assert state.snapshot() == before
    state.draw("Tc")
    stub = of(state, ev.StubReshuffled)[0].cards  # type: ignore[attr-defined]
    assert sorted(stub) == ints("2c 4c") and state.cards(1)[0] == stub[0] and replays(state)


def _stubs_holding_own_muck(state: State) -> list[tuple[int, int]]:
    """(seat, card) for every card that a new stub took from the muck (discards,
    dead and refused cards not yet reshuffled) and that the seat it was made to
    serve had mucked himself.  (The old stub's last card joins a new stub as a
    card of the stub, not of the muck: see the test below.)"""
    muck: dict[int, set[int]] = {}  # by seat: the cards he mucked that wait in the muck
    found = []
    stub: tuple[int, ...] | None = None
    for e in state.events:
        if isinstance(e, ev.Redealt):
            muck = {}
        elif isinstance(e, ev.StubReshuffled):
            stub = e.cards
        elif isinstance(e, (ev.Drew, ev.CardsDealt)):
            if stub is not None:  # the serve the new stub was made for
                found += [(e.seat, c) for c in stub if c in muck.get(e.seat, set())]
                for cards in muck.values():
                    cards.difference_update(stub)
                stub = None
            if isinstance(e, ev.Drew):
                muck.setdefault(e.seat, set()).update(e.discarded)
        elif (isinstance(e, ev.CardExposed) and e.ruling == "dead") or isinstance(e, ev.ExposedRefused):
            muck.setdefault(e.seat, set()).add(e.card)
    return found


def test_a_new_stub_made_while_replacing_an_exposed_card_holds_none_of_his_discards() -> None:
    """§5.4: a new stub takes the discards of the players already served, never the
    current player's own.  Seat 1 draws five; one of his new cards is exposed (dead,
    replaced after the others are served); by then the stub is down to its last card,
    and the new stub, scripted to put his own first discard on top, may not serve it
    to him: it goes to the bottom of the order, and he gets another card."""
    game = get_game("lowball", joker=None)
    first = [str(Card(c)) for c in State(game, [100] * 8, seed=11).deck_order]
    state = State(game, [100] * 8, button=0, deck=[first, [first[0]]])
    state.bet()
    for _ in range(7):
        state.call()
    mine = state.cards(1)
    state.draw(mine)
    exposed = state.events[-1].received[0]
    state.expose(Card(exposed))
    state.draw(state.cards(2))
    for _ in range(6):
        state.draw("")
    reshuffled = [e for e in state.events if isinstance(e, ev.StubReshuffled)]
    assert len(reshuffled) == 1
    assert not set(mine) & set(reshuffled[0].cards) and exposed not in reshuffled[0].cards
    assert not set(mine) & set(state.cards(1)) and _stubs_holding_own_muck(state) == []
    assert set(mine) | {exposed} <= set(state._pool)  # his muck waits for a later stub


@pytest.mark.parametrize("players", [6, 8])
@pytest.mark.parametrize("game", ["lowball", "california-lowball", "jackpots"])
def test_no_new_stub_holds_the_muck_of_the_player_it_serves(game: str, players: int) -> None:
    """§5.4: The same over random six- and eight-handed deals where everyone draws three
    to five cards and the dealer exposes a drawn card often: the stub runs short in
    most deals, at times while an exposed card is replaced (where the old code
    failed in about one deal in ten),
    and no new stub holds the muck of the player it was made to serve.  (A stub
    made while serving another player may hold his discards, which a later
    replacement of his exposed card can then meet: the rule, read as in
    docs/rules.md, is about what a new stub is made of.)"""
    rng = random.Random(7)
    spec = get_game(game, joker=None) if game != "california-lowball" else get_game(game)
    reshuffles = 0
    for seed in range(60):
        state = State(spec, [500] * players, button=seed % players, seed=seed)
        while not state.is_complete:
            if state.phase is Phase.DRAWING:
                seat = state.actor
                assert seat is not None
                most = state.legal_actions()[0].amounts[-1]
                state.draw(state.cards(seat)[: rng.randint(max(0, most - 2), most)])
                drawn = state.events[-1]
                if isinstance(drawn, ev.Drew) and drawn.received and rng.random() < 0.6:
                    state.expose(Card(drawn.received[0]))
            elif state.phase is Phase.EXPOSED:
                state.keep_exposed()
            elif Action.CALL in actions(state):
                state.call()
            elif Action.BET in actions(state) and state.street == 0:
                state.bet()
            else:
                state.check()
        reshuffles += sum(isinstance(e, ev.StubReshuffled) for e in state.events)
        assert _stubs_holding_own_muck(state) == [], seed
        assert sum(state.stacks) == players * 500
    assert reshuffles >= 50


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_the_burn_card_is_seen_by_nobody(seat: int | None) -> None:
    """§5.4: A burned card is dealt face down: no player's view (nor a spectator's)
    shows it; the full history keeps it."""
    state = State(get_game("lowball", joker=None), [100] * 3, button=0, seed=1)
    state.bet()
    state.call()
    state.call()
    burned = [e for e in state.events if isinstance(e, ev.CardBurned)]
    assert len(burned) == 1
    shown = [e for e in state.view(seat)["events"] if e["event"] == "burn"]
    assert shown == [{"event": "burn", "card": None}]
    assert {"event": "burn", "card": str(Card(burned[0].card))} in state.history().to_dict()["events"]


# ------------------------------------------------------------ exposed cards
def test_exposed_seven_or_lower_must_be_kept() -> None:
    state = State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING, joker=True))
    event = state.expose("4c")  # seat 2's
    assert event == ev.CardExposed(seat=2, card=ints("4c")[0], ruling="keep")
    assert state.phase is Phase.BETTING and state.actor == 1 and state.cards(2) == ints(NOTHING[2])
    assert replays(state)


def test_exposed_eight_or_higher_may_be_refused() -> None:
    state = State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING, then="3h", joker=True))
    state.expose("Td")  # seat 1's
    assert state.phase is Phase.EXPOSED and state.actor == 1
    assert kinds(state) == {Action.KEEP: (), Action.REFUSE: ()}
    before = state.snapshot()
    for illegal in (state.bet, state.fold, lambda: state.expose("Qh"), state.advance):
        with pytest.raises(IllegalActionError):
            illegal()
        assert state.snapshot() == before
    assert state.refuse_exposed() == ev.ExposedRefused(seat=1, card=ints("Td")[0])
    assert state.cards(1) == ints("Tc 3h 8h 5s 3c")
    assert state.events[-1] == ev.CardsDealt(seat=1, cards=tuple(ints("3h")), up=False)
    assert state.phase is Phase.BETTING and state.actor == 1 and replays(state)


def test_exposed_eight_or_higher_may_be_kept() -> None:
    state = State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING, joker=True))
    state.expose("Qh")
    state.keep_exposed()
    assert state.cards(2) == ints(NOTHING[2]) and state.phase is Phase.BETTING and replays(state)


def test_the_dealer_keeps_his_own_exposed_card_before_and_in_the_draw() -> None:
    """§5.6: The dealer must keep his own exposed card (the rules of exposed cards hold in
    every draw game): a king before the draw, and in the draw too, where another player's
    exposed card is dead and replaced (reading: "must keep" holds before or in the draw)."""
    state = State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING, joker=True))
    assert state.expose("Kd").ruling == "keep"  # type: ignore[attr-defined]
    assert state.phase is Phase.BETTING
    state = State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING, then="Js 2h 3d 5c 6c", joker=True))
    state.bet()
    state.call()
    state.call()
    state.draw()
    state.draw()
    state.draw("Kd Ah")  # the dealer (seat 0) is served 2h 3d
    assert state.expose("3d").ruling == "keep"  # type: ignore[attr-defined]
    assert ints("3d")[0] in state.cards(0) and state.phase is Phase.BETTING


def test_the_exposed_ace_is_low_in_lowball_and_high_in_jackpots() -> None:
    assert State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING[::-1], joker=True)).expose("Ah").ruling == "keep"  # type: ignore[attr-defined]
    assert State(JACKPOTS, [100] * 3, deck=draw_deck(NOTHING[::-1])).expose("Ah").ruling == "choose"  # type: ignore[attr-defined]


def test_a_card_exposed_in_the_draw_is_dead_and_replaced_after_the_others() -> None:
    state = State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING, then="Js 2h 3d 5c 6c", joker=True))
    state.bet()
    state.call()
    state.call()
    state.draw("Tc Td")  # receives 2h 3d (Js burned)
    assert state.expose("3d") == ev.CardExposed(seat=1, card=ints("3d")[0], ruling="dead")
    assert len(state.cards(1)) == 4 and state.phase is Phase.DRAWING and state.actor == 2
    state.draw("Qh")  # seat 2 gets 5c
    state.draw()
    assert state.cards(1) == ints("2h 8h 5s 3c 6c") and state.cards(2) == ints("9c 9d 5c 6s 4c")
    assert state.events[-1] == ev.CardsDealt(seat=1, cards=tuple(ints("6c")), up=False)
    assert state.phase is Phase.BETTING and replays(state)


def test_a_card_exposed_to_the_last_drawer_is_replaced_at_once() -> None:
    state = State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING, then="Js 2h 3d 5c", joker=True))
    state.bet()
    state.call()
    state.fold()  # the dealer folds: seat 2 draws last
    state.draw()
    state.draw("Qh")
    assert state.phase is Phase.BETTING and state.actor == 1
    state.expose("2h")
    assert state.cards(2) == ints("9c 9d 6s 4c 3d") and state.actor == 1 and replays(state)


def test_exposing_is_refused_once_the_betting_began_or_for_a_card_not_dealt() -> None:
    state = State(LOWBALL, [100] * 3, deck=draw_deck(NOTHING, joker=True))
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="cannot be exposed now"):
        state.expose("2s")  # in the stub
    assert state.snapshot() == before
    state.bet()
    with pytest.raises(IllegalActionError, match=r"exposed now.*\(no card may be exposed now\)"):
        state.expose("4c")
    assert not state.can_expose("4c")
    with pytest.raises(IllegalActionError, match="has no exposed-card rule"):
        State(get_game("seven-card-stud"), [100, 100], seed=1).expose("As")


# -------------------------------------------------------------------- specs
@pytest.mark.parametrize("game", ["jackpots", "lowball", "california-lowball", "jacks-back"])
def test_draw_specs_round_trip_through_their_dict(game: str) -> None:
    spec = get_game(game, joker="wild") if game == "jacks-back" else get_game(game)
    assert GameSpec.from_dict(spec.to_dict()) == spec
    if spec.opening is not None and spec.opening.then is not None:
        assert spec.opening.then.wilds == spec.wilds  # the wild options reach jacks back's lowball


def test_draw_game_options_are_checked() -> None:
    with pytest.raises(RuleError, match="jackpots has no option 'sevens'"):
        get_game("jackpots", sevens="off")
    with pytest.raises(RuleError, match="second_round must be 'opener' or 'dealer-left'"):
        get_game("jackpots", second_round="bring_in")
    with pytest.raises(RuleError, match="sevens must be one of"):
        get_game("california-lowball", sevens="sometimes")
    with pytest.raises(ArgumentTypeError, match="pass_and_out must be True or False"):
        get_game("jackpots", pass_and_out=1)
    with pytest.raises(RuleError, match=r"max_draw must be in 1\.\.5"):
        get_game("lowball", max_draw=6)


def test_bad_arguments_to_the_draw_actions_change_nothing() -> None:
    state = State(get_game("california-lowball"), [100] * 3,
                  deck=draw_deck(["9c 6d 4h 3s 2c", "Kd 5h 4c 3d 2h", "Qc Qd Jh Js Th"], joker=True))
    before = state.snapshot()
    # a card problem in an action is an illegal action (a wrong type: also a TypeError)
    bad_cards = [(1.5, IllegalActionTypeError), ("Zz", IllegalActionError), (True, IllegalActionTypeError)]
    for bad, error in bad_cards:
        with pytest.raises(error):
            state.expose(bad)  # type: ignore[arg-type]
        assert state.snapshot() == before
    state.bet()
    state.call()
    state.call()
    before = state.snapshot()
    for discards, asked, error in [("Kd", 1.0, ArgumentTypeError), ("Kd", True, ArgumentTypeError),
                                   ("Kd", 6, IllegalActionError), ("Kd Kd", None, IllegalActionError),
                                   ("As", None, IllegalActionError), (3.5, None, IllegalActionTypeError)]:
        with pytest.raises(error):
            state.draw(discards, asked=asked)  # type: ignore[arg-type]
        assert state.snapshot() == before and not state.can_draw(discards, asked=asked)  # type: ignore[arg-type]
