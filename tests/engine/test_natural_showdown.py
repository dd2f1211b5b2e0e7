"""The showdown's shortcuts give what the general path gives.

- At every showdown of random play of every game (all its option variants,
  short stacks making side pots), :func:`showdown.settle` — the uncontested pot
  in one step, natural hands of one ranking settled from their strengths
  (:mod:`splitpot.engine.natural_showdown`) — returns the events, and leaves the
  stacks and commitments, that :func:`showdown.settle_plainly` gives from a copy
  of the same state; both shortcuts are taken many times.
- Natural hands are named by their strength alone (``evaluate._natural_named``):
  over every class of five-card hands of every ranking, and random hands of six
  and seven cards, the strength and name are those of the public ``evaluate``,
  and one strength never has two names.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter

import pytest
from test_fast_paths import random_hands

from splitpot.engine import showdown
from splitpot.engine import state as state_module
from splitpot.engine.natural_showdown import plain_ranking, settle_natural
from splitpot.engine.pots import side_pots
from splitpot.engine.state import State
from splitpot.evaluate import _RANKINGS, _natural_named, evaluate, strength
from splitpot.games import GAMES, get_game


def _copy(state: State) -> State:
    """A deep copy of ``state`` sharing its frozen parts (the specs and the logged events, frozen
    dataclasses): what a settle changes (stacks, commitments, the event list) is copied. A
    whole deep copy spent four fifths of this test's time copying the frozen parts."""
    memo: dict[int, object] = {id(x): x for x in (state.spec, state.game, state.game_call, *state.events)}
    return copy.deepcopy(state, memo)


@pytest.mark.parametrize("game", GAMES)
def test_settle_equals_the_general_path_at_every_showdown(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    taken: Counter[str] = Counter()
    real = showdown.settle

    def checked(state: State) -> list[object]:
        plain = _copy(state)
        expected = showdown.settle_plainly(plain)
        rid = plain_ranking(state.spec)
        if len(state.active) == 1:
            taken["uncontested"] += 1
        elif rid is not None and not any(state.draw_fees):
            taken["natural" if settle_natural(_copy(state), rid) is not None else "declined"] += 1
        else:
            taken["general"] += 1
        tied = _tied(state)
        if tied is not None:  # the same hands dealt again, tied for every pot: odd chips by position or suit
            shortcut, plainly = _copy(tied), _copy(tied)
            assert (real(shortcut), shortcut.stacks) == (showdown.settle_plainly(plainly), plainly.stacks)
            pots = side_pots(tied.committed, tied.active)
            taken["tied"] += sum(p.amount % len(p.eligible) > 0 for p in pots)  # an odd chip to give
        got = real(state)
        assert got == expected
        assert (state.stacks, state.committed) == (plain.stacks, plain.committed)
        return got  # type: ignore[return-value]

    monkeypatch.setattr(state_module, "settle", checked)
    states = {id(state): state for state, _ in random_hands(game, 300)}  # each played to its end
    assert len(states) == 300 and all(state.is_complete for state in states.values())
    assert taken["uncontested"] > 10, taken
    if plain_ranking(get_game(game)) is not None:
        assert taken["natural"] > 50, taken
        assert taken["tied"] > 10, taken


def _tied(state: State) -> State | None:
    """A copy of ``state`` whose two to four hands still in hold the same ranks
    (A K Q J 9 7 5, as many as each holds) in other suits, never a flush."""
    active = state.active
    if not 2 <= len(active) <= 4 or state.community:
        return None
    tied = _copy(state)
    for k, seat in enumerate(active):
        count = len(tied.down[seat]) + len(tied.up[seat])
        cards = [rank * 4 + (k + j) % 4 for j, rank in enumerate((12, 11, 10, 9, 7, 5, 3)[:count])]
        split = len(tied.down[seat])
        tied.down[seat][:], tied.up[seat][:] = cards[:split], cards[split:]
    return tied


def _five_card_classes() -> list[list[int]]:
    """Every rank multiset (at most four of a rank) dealt twice in other suits,
    never a flush; and every five distinct ranks as a flush."""
    hands = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        distinct = len(set(ranks)) == 5
        for shift in (0, 1):
            seen: Counter[int] = Counter()
            suits = []
            for i, rank in enumerate(ranks):  # distinct ranks: suits 0 1 2 3 0; a pair's cards differ in suit
                suits.append((i if distinct else seen[rank]) + shift)
                seen[rank] += 1
            hands.append([rank * 4 + suit % 4 for rank, suit in zip(ranks, suits, strict=True)])
        if distinct:
            hands.append([rank * 4 + 2 for rank in ranks])
    return hands


CLASSES = _five_card_classes()


@pytest.mark.parametrize("rid", range(len(_RANKINGS)), ids=[r.value for r in _RANKINGS])
def test_natural_names_are_the_public_names_and_one_per_strength(rid: int) -> None:
    ranking = _RANKINGS[rid]
    named: dict[int, str] = {}
    rng = random.Random(rid)
    hands = CLASSES + [rng.sample(range(52), rng.choice((6, 7))) for _ in range(3000)]
    for cards in hands:
        assert len(set(cards)) == len(cards)
        got = _natural_named(cards, rid)
        hand = evaluate(cards, ranking)
        if hand is None:
            assert got is None
            continue
        assert got == (hand.strength, str(hand)) == (strength(cards, ranking), hand.name)
        assert named.setdefault(hand.strength, str(hand)) == str(hand)
    flushes = sum(len({c & 3 for c in cards}) == 1 for cards in CLASSES)
    assert (len(CLASSES), flushes) == (2 * 6175 + 1287, 1287)
    assert len(named) == {0: 7462, 1: 7462, 2: 7462, 3: 6175, 4: 56}[rid]  # every class of five cards


def test_a_joker_or_a_short_hand_is_left_to_the_general_path() -> None:
    assert _natural_named([52, 0, 5, 10, 15], 3) is None  # the bug plays: its name tells what it stands for
    assert _natural_named([0, 5, 10, 15], 0) is None
    assert _natural_named([51, 50, 30, 20, 9], 4) is None  # no qualifying low
