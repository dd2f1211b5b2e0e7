"""Side pots and the cards-speak award on plain numbers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from splitpot.engine.pots import Pot, Side, award_cards_speak, best, divide, side_pots, uncalled


def first(seats: list[int], side: Side) -> list[int]:
    return seats


def test_side_pots_layer_by_all_in_levels() -> None:
    pots = side_pots([50, 20, 100, 100, 5], active=[0, 1, 2, 3])
    assert [(p.amount, p.eligible) for p in pots] == [
        (4 * 20 + 5, (0, 1, 2, 3)), (3 * 30, (0, 2, 3)), (2 * 50, (2, 3))]


def test_folded_chips_count_but_never_win() -> None:
    pots = side_pots([10, 30, 30], active=[0, 2])
    assert [(p.amount, p.eligible) for p in pots] == [(30, (0, 2)), (40, (2,))]


def test_high_only_and_low_only_pots() -> None:
    pot = Pot(amount=9, eligible=(0, 1, 2))
    assert [(s.seat, s.amount, s.side) for s in award_cards_speak(0, pot, high={0: 1, 1: 3, 2: 3},
                                                                  low=None, priority=first)] == [
        (1, 5, Side.POT), (2, 4, Side.POT)]
    assert [(s.seat, s.amount) for s in award_cards_speak(0, pot, high=None, low={0: 4, 1: 3, 2: 1},
                                                          priority=first)] == [(0, 9)]


def test_odd_chip_to_high_and_odd_chips_among_tied_lows() -> None:
    pot = Pot(amount=11, eligible=(0, 1, 2))
    shares = award_cards_speak(0, pot, high={0: 9, 1: 1, 2: 1}, low={0: 0, 1: 5, 2: 5},
                               priority=lambda seats, side: sorted(seats, reverse=True))
    assert [(s.seat, s.amount, str(s.side)) for s in shares] == [(0, 6, "high"), (2, 3, "low"), (1, 2, "low")]


def test_best_and_divide() -> None:
    assert best([3, 1, 2], {1: 4, 2: 4, 3: 1}) == [1, 2]
    assert [s.amount for s in divide(0, 10, [0, 1, 2], Side.HIGH)] == [4, 3, 3]


@given(
    committed=st.lists(st.integers(min_value=0, max_value=500), min_size=2, max_size=8),
    data=st.data(),
)
def test_side_pots_conserve_chips(committed: list[int], data: st.DataObject) -> None:
    seats = list(range(len(committed)))
    active = data.draw(st.lists(st.sampled_from(seats), min_size=1, unique=True))
    pots = side_pots(committed, active)
    assert sum(p.amount for p in pots) == sum(committed)
    assert all(set(p.eligible) <= set(active) and p.eligible for p in pots)
    high = {s: data.draw(st.integers(0, 3)) for s in seats}
    low = {s: data.draw(st.integers(0, 3)) for s in seats}
    for i, pot in enumerate(pots):
        shares = award_cards_speak(i, pot, high=high, low=low, priority=first)
        assert sum(s.amount for s in shares) == pot.amount
        assert all(s.amount >= 0 and s.seat in pot.eligible for s in shares)


def _layers(committed: list[int], active: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Side pots by their definition, level by level (the oracle for the fast sums)."""
    live = sorted(set(active))
    out: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in sorted({committed[s] for s in live if committed[s] > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        out.append((amount, tuple(s for s in live if committed[s] >= level)))
        previous = level
    rest = sum(c - min(c, previous) for c in committed)
    if rest and out:
        out[-1] = (out[-1][0] + rest, out[-1][1])
    elif rest:
        out.append((rest, tuple(live)))
    return out


@given(
    committed=st.lists(st.integers(min_value=0, max_value=60), min_size=1, max_size=9),
    data=st.data(),
)
def test_side_pots_equal_the_level_by_level_definition(committed: list[int], data: st.DataObject) -> None:
    active = data.draw(st.lists(st.sampled_from(range(len(committed))), min_size=1, unique=True))
    assert [(p.amount, p.eligible) for p in side_pots(committed, active)] == _layers(committed, active)


@given(
    committed=st.lists(st.sampled_from([0, 1, 5, 7]), min_size=1, max_size=9),
    data=st.data(),
)
def test_one_pot_when_everyone_in_put_in_the_most(committed: list[int], data: st.DataObject) -> None:
    """Few levels, so that every seat still in often holds the top one (side_pots' shortcut)."""
    active = data.draw(st.lists(st.sampled_from(range(len(committed))), min_size=1, unique=True))
    assert [(p.amount, p.eligible) for p in side_pots(committed, active)] == _layers(committed, active)


@given(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=9))
def test_uncalled_is_the_largest_commitment_beyond_every_other(committed: list[int]) -> None:
    top = max(range(len(committed)), key=committed.__getitem__)
    rest = max((c for s, c in enumerate(committed) if s != top), default=0)
    assert uncalled(committed) == (top, committed[top] - rest)
