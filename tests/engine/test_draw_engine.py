"""The draw games' engine pieces checked against independent definitions: the
shuffle, the opening requirement, the sevens threshold, deck scripts, the stub
capacity, the per-player view; and the computer players at the draw."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from splitpot.bots import SimpleBot, high_discards, low_discards
from splitpot.cards import Deck
from splitpot.engine import events as ev
from splitpot.engine.draws import Decks, capacity, shuffled
from splitpot.engine.openers import Opening
from splitpot.engine.session import Session
from splitpot.engine.sevens import seven_high_or_better
from splitpot.engine.state import Phase, State
from splitpot.errors import RuleError
from splitpot.evaluate import Category, evaluate
from splitpot.games import get_game


@pytest.mark.parametrize("size", [2, 5, 12, 52, 53])
def test_the_inlined_shuffle_is_random_shuffle(size: int) -> None:
    for seed in range(200):
        expected = list(range(size))
        random.Random(seed).shuffle(expected)
        assert shuffled(random.Random(seed), list(range(size))) == expected


def test_a_seeded_state_deals_the_seeded_deck() -> None:
    for seed in range(20):
        assert list(State(get_game("jackpots"), [100] * 4, seed=seed).deck_order) == [
            int(c) for c in Deck(seed).cards
        ]
        assert list(State(get_game("lowball"), [100] * 4, seed=seed).deck_order) == [
            int(c) for c in Deck(seed, joker=True).cards
        ]


def _openers_by_definition(cards: list[int], rank: int) -> bool:
    hand = evaluate(cards, "high")
    assert hand is not None
    if hand.category is Category.HIGH_CARD:
        return False
    if hand.category is Category.PAIR:
        counts = Counter(c >> 2 for c in cards)
        return max(r for r, n in counts.items() if n == 2) >= rank
    return True  # two pair or better


@pytest.mark.parametrize("minimum", ["2", "9", "J", "Q", "A"])
def test_openers_match_their_definition(minimum: str) -> None:
    rule = Opening(minimum=minimum)
    assert rule.rank is not None
    rng = random.Random(minimum)
    for _ in range(4000):
        cards = rng.sample(range(52), 5)
        assert rule.opens(cards) is _openers_by_definition(cards, rule.rank), cards


@pytest.mark.parametrize(("given", "stored"), [("q", "Q"), ("10", "T"), (" t ", "T"), ("A", "A")])
def test_an_opening_minimum_is_one_rank(given: str, stored: str) -> None:
    assert Opening(minimum=given).minimum == stored


@pytest.mark.parametrize("given", ["", " ", "JQ", "89", "TJQKA", "1", "11", "jk"])
def test_an_opening_minimum_that_is_not_one_rank_is_refused(given: str) -> None:
    """Found by the history fuzzer: ``""`` (and any run of ranks such as
    ``"JQ"``) passed a substring test against the rank characters and failed
    later with a KeyError in the middle of a replay."""
    with pytest.raises(RuleError, match="minimum must be a rank"):
        Opening(minimum=given)


def test_the_bug_opens_as_an_ace() -> None:
    rule = Opening(minimum="J")
    assert rule.opens([52, 48, 20, 9, 2])  # Jk and an ace: a pair of aces
    assert not rule.opens([52, 36, 20, 9, 2])  # Jk and a jack: the bug is an ace, no pair of jacks
    assert rule.opens([52, 28, 32, 36, 41])  # Jk 9 T J Q: the bug completes the straight


def _seven_by_definition(cards: tuple[int, ...], ranking: str) -> bool:
    hand = evaluate(list(cards), ranking)
    if hand is None or hand.category is not Category.HIGH_CARD:
        return False
    ace_low = ranking != "deuce-to-seven"
    values = [1 if ace_low and c >> 2 == 12 else (c >> 2) + 2 for c in cards]
    return max(values) <= 7


@pytest.mark.parametrize("ranking", ["ace-to-five", "deuce-to-seven", "ace-to-six"])
def test_seven_high_or_better_over_every_rank_pattern(ranking: str) -> None:
    """Every multiset of five ranks, suits mixed so no flush (and one flush)."""
    checked = 0
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        cards = tuple(4 * r + i % 4 for i, r in enumerate(ranks))
        hand = evaluate(list(cards), ranking)
        assert hand is not None
        assert seven_high_or_better(hand.strength, ranking) is _seven_by_definition(cards, ranking)
        checked += 1
    assert checked == 6175
    flush = (20, 12, 8, 4, 0)  # 7-5-4-3-2 in clubs: a flush in the rankings where flushes count
    strength = evaluate(list(flush), ranking).strength  # type: ignore[union-attr]
    assert seven_high_or_better(strength, ranking) is (ranking == "ace-to-five")


@given(cards_left=st.integers(min_value=0, max_value=53), pool=st.integers(min_value=0, max_value=40))
def test_capacity_never_deals_a_stubs_last_card(cards_left: int, pool: int) -> None:
    most = capacity(cards_left=cards_left, pool=pool)
    first = max(0, cards_left - 1)  # from the stub: all but its last card
    new_stub = min(cards_left, 1) + pool  # the last card and the pool
    assert most == first + max(0, new_stub - 1)


def test_deck_scripts() -> None:
    decks = Decks([[0, 1, 2], "As Kd", [5, 6, 7]], seed=None, size=52)
    assert decks.first == [0, 1, 2] and decks.next_deck() == [51, 45]
    assert decks.next_stub([9, 7, 5, 8]) == [5, 7, 9, 8]  # the scripted order first, the rest as mucked
    past = decks.next_deck()  # past the script: shuffled from a digest of the first deck
    again = Decks([[0, 1, 2], "As Kd", [5, 6, 7]], seed=None, size=52)
    again.next_deck()
    again.next_stub([9, 7, 5, 8])
    assert sorted(past) == list(range(52)) and again.next_deck() == past
    with pytest.raises(RuleError, match="without the joker"):
        Decks(["2c 3c", "Jk 4c"], seed=1, size=52).next_deck()


def test_the_view_hides_the_cards_still_to_come() -> None:
    state = State(get_game("jackpots"), [100] * 3, seed=2)
    while state.deal == 1:  # everyone checks: the deal is passed out
        if state.can_check():
            state.check()
        else:
            state.bet()
            break
    view = state.view(1)
    for event in view["events"]:
        if event["event"] in ("redeal", "reshuffle"):
            assert set(event["cards"]) == {None} and len(event["cards"]) == 52
    others = [e for e in view["events"] if e["event"] == "deal" and e["seat"] != 1]
    assert others and all(set(e["cards"]) == {None} for e in others)


# ------------------------------------------------------------------- bots
def test_bots_keep_pairs_and_draw_to_flushes_and_lows() -> None:
    assert len(high_discards([48, 49, 20, 9, 2])) == 3  # a pair of aces: draw three
    assert len(high_discards([51, 47, 35, 23, 1])) == 1  # four spades: draw one
    assert high_discards([40, 36, 32, 28, 24]) == []  # a straight: pat
    assert low_discards([48, 0, 5, 10, 14]) == []  # a wheel: pat
    assert sorted(low_discards([48, 0, 5, 10, 44])) == [44]  # throw the king
    assert len(high_discards([48, 49, 20, 9, 2], most=2)) == 2  # a draw limit is kept


@pytest.mark.parametrize("game", ["jackpots", "lowball", "california-lowball", "jacks-back"])
def test_bots_play_draw_games_sensibly(game: str) -> None:
    session = Session(get_game(game), [200] * 5, seed=11)
    hands = session.play(60, SimpleBot(seed=11))
    assert len(hands) == 60 and sum(session.stacks) == 1000
    drawn = Counter(len(e.discarded) for h in hands for e in h.events if isinstance(e, ev.Drew))
    kinds = Counter(e.kind for h in hands for e in h.events)
    assert drawn[0] and drawn[1] and (drawn[2] or drawn[3])  # they stand pat and draw
    assert kinds["bet"] and kinds["call"] and kinds["fold"] and kinds["raise"] and kinds["show"]
    for hand in hands:  # an opener always held openers
        if game in ("jackpots", "jacks-back"):
            for shown in (e for e in hand.events if isinstance(e, ev.OpenersShown)):
                assert Opening(minimum="J").opens(list(shown.cards))


def test_bots_bet_a_seven_rather_than_check_it_under_the_sevens_rule() -> None:
    bot = SimpleBot(seed=1)
    for seed in range(200):
        state = State(get_game("california-lowball"), [100, 100], seed=seed)
        while not state.is_complete:
            if state.phase is Phase.BETTING and state.actor in state.drawn and state.can_bet():
                hand = evaluate(state.cards(state.actor), "ace-to-five")  # type: ignore[arg-type]
                if hand is not None and seven_high_or_better(hand.strength, "ace-to-five"):
                    assert isinstance(bot(state), ev.BetMade)
                    continue
            bot(state)
