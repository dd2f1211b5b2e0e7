"""splitpot's Python entry points beside phevaluator, eval7 and treys on the same hands.

Three groups, each with splitpot and every installed peer (the ``bench`` extra):

* ``evaluate_many-7``: SPLITPOT_BENCH_HANDS random seven-card hands (default 1 M; set
  SPLITPOT_BENCH_HANDS=10_000_000 for 10,000,000 hands, the figure the README quotes in
  "Python, beside the peers"). splitpot takes the whole batch in one call; the peers have no
  batch API, so they loop in Python.
* ``strength-7``: SPLITPOT_BENCH_CALLS (default 20,000) scalar calls, each peer with
  its own card objects prepared beforehand (splitpot: a list of ints).
* ``evaluate-7``: the same calls returning the category too (splitpot ``evaluate``).

Each row has a checksum (sum of the per-hand dense rank, "higher is better"; or of the
category index) that must equal splitpot's, so every library really did the same work.
Run with:  pytest benchmarks/bench_evaluate.py --benchmark-only
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import splitpot

RANKS = "23456789TJQKA"
SUITS = "cdhs"
TEXT = [RANKS[c // 4] + SUITS[c % 4] for c in range(52)]

CATEGORY_INDEX = {
    "high_card": 0,
    "pair": 1,
    "two_pair": 2,
    "three_of_a_kind": 3,
    "straight": 4,
    "flush": 5,
    "full_house": 6,
    "four_of_a_kind": 7,
    "straight_flush": 8,
}
PEER_CATEGORY = {
    "high card": 0,
    "pair": 1,
    "one pair": 1,
    "two pair": 2,
    "trips": 3,
    "three of a kind": 3,
    "straight": 4,
    "flush": 5,
    "full house": 6,
    "quads": 7,
    "four of a kind": 7,
    "straight flush": 8,
    "royal flush": 8,
}
# phevaluator / Cactus Kev: 1 (royal flush) .. 7462; the last rank of each category.
PH_CATEGORY_ENDS = [10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462]
PH_CATEGORY_OF_SLOT = [8, 7, 6, 5, 4, 3, 2, 1, 0]


def dense_checksum(values: npt.ArrayLike, *, lower_is_better: bool) -> int:
    """Sum of each hand's dense rank among the batch's distinct values, best = highest."""
    v = np.asarray(values, dtype=np.int64)
    if lower_is_better:
        v = -v
    _, inverse = np.unique(v, return_inverse=True)
    return int(inverse.sum())


def category_checksum(categories: Sequence[int]) -> int:
    return int(np.asarray(categories, dtype=np.int64).sum())


# ----------------------------------------------------------------------------- peers


class Peer:
    """One library's scalar 7-card evaluation on its own prepared inputs."""

    name: str
    lower_is_better: bool

    def prepare(self, rows: list[list[int]]) -> list[Any]:
        raise NotImplementedError

    def values(self, prepared: list[Any]) -> list[int]:
        raise NotImplementedError

    def categories(self, prepared: list[Any]) -> list[int]:
        raise NotImplementedError


class PhEvaluator(Peer):
    name = "phevaluator"
    lower_is_better = True

    def __init__(self) -> None:
        from phevaluator.evaluator import evaluate_7cards

        self.evaluate_7cards = evaluate_7cards

    def prepare(self, rows: list[list[int]]) -> list[Any]:
        return rows  # same encoding: 4 * rank + suit

    def values(self, prepared: list[Any]) -> list[int]:
        ev = self.evaluate_7cards
        return [ev(*row) for row in prepared]

    def categories(self, prepared: list[Any]) -> list[int]:
        ev = self.evaluate_7cards
        ends, slots, cut = PH_CATEGORY_ENDS, PH_CATEGORY_OF_SLOT, bisect.bisect_left
        return [slots[cut(ends, ev(*row))] for row in prepared]


class Eval7(Peer):
    name = "eval7"
    lower_is_better = False

    def __init__(self) -> None:
        import eval7

        self.eval7 = eval7
        self.cards = [eval7.Card(t) for t in TEXT]

    def prepare(self, rows: list[list[int]]) -> list[Any]:
        cards = self.cards
        return [[cards[c] for c in row] for row in rows]

    def values(self, prepared: list[Any]) -> list[int]:
        ev = self.eval7.evaluate
        return [ev(row) for row in prepared]

    def categories(self, prepared: list[Any]) -> list[int]:
        ev, handtype, names = self.eval7.evaluate, self.eval7.handtype, PEER_CATEGORY
        return [names[handtype(ev(row)).lower()] for row in prepared]


class Treys(Peer):
    name = "treys"
    lower_is_better = True

    def __init__(self) -> None:
        import treys

        self.evaluator = treys.Evaluator()
        self.cards = [treys.Card.new(t) for t in TEXT]

    def prepare(self, rows: list[list[int]]) -> list[Any]:
        cards = self.cards
        return [([cards[c] for c in row[:2]], [cards[c] for c in row[2:]]) for row in rows]

    def values(self, prepared: list[Any]) -> list[int]:
        ev = self.evaluator.evaluate
        return [ev(hand, board) for hand, board in prepared]

    def categories(self, prepared: list[Any]) -> list[int]:
        e = self.evaluator
        ev, rank_class, to_string, names = e.evaluate, e.get_rank_class, e.class_to_string, PEER_CATEGORY
        return [names[to_string(rank_class(ev(hand, board))).lower()] for hand, board in prepared]


PEERS: dict[str, tuple[str, Callable[[], Peer]]] = {
    "phevaluator": ("phevaluator", PhEvaluator),
    "eval7": ("eval7", Eval7),
    "treys": ("treys", Treys),
}


def make_peer(name: str) -> Peer:
    module, factory = PEERS[name]
    pytest.importorskip(module)
    return factory()


# ---------------------------------------------------------------------- splitpot side


@pytest.fixture(scope="session")
def reference_checksums(hands7: npt.NDArray[np.uint8], calls7: list[list[int]]) -> dict[str, int]:
    """splitpot's checksums, computed once (untimed) for the peers to match."""
    batch = splitpot.evaluate_many(hands7, "high")
    small = splitpot.evaluate_many(np.asarray(calls7, dtype=np.uint8), "high")
    cats = []
    for row in calls7:
        hand = splitpot.evaluate(row)
        assert hand is not None
        cats.append(CATEGORY_INDEX[hand.category.value])
    return {
        "evaluate_many-7": dense_checksum(batch, lower_is_better=False),
        "strength-7": dense_checksum(small, lower_is_better=False),
        "evaluate-7": category_checksum(cats),
    }


@pytest.mark.benchmark(group="evaluate_many-7")
@pytest.mark.parametrize("threads", [1, 2])
def test_splitpot_evaluate_many(
    benchmark: Any,
    hands7: npt.NDArray[np.uint8],
    threads: int,
    reference_checksums: dict[str, int],
    figures: Any,
) -> None:
    out = benchmark(splitpot.evaluate_many, hands7, "high", threads=threads)
    checksum = dense_checksum(out, lower_is_better=False)
    assert checksum == reference_checksums["evaluate_many-7"]
    label = "splitpot" if threads == 1 else f"splitpot threads={threads}"
    figures.add(benchmark, "evaluate_many-7", label, len(hands7), checksum)


@pytest.mark.benchmark(group="strength-7")
def test_splitpot_strength(
    benchmark: Any, calls7: list[list[int]], reference_checksums: dict[str, int], figures: Any
) -> None:
    strength = splitpot.strength

    def run() -> list[int]:
        return [strength(row) for row in calls7]

    out = benchmark(run)
    checksum = dense_checksum(out, lower_is_better=False)
    assert checksum == reference_checksums["strength-7"]
    figures.add(benchmark, "strength-7", "splitpot", len(calls7), checksum)


@pytest.mark.benchmark(group="evaluate-7")
def test_splitpot_evaluate(
    benchmark: Any, calls7: list[list[int]], reference_checksums: dict[str, int], figures: Any
) -> None:
    evaluate, index = splitpot.evaluate, CATEGORY_INDEX

    def run() -> list[int]:
        return [index[evaluate(row).category.value] for row in calls7]  # type: ignore[union-attr]

    out = benchmark(run)
    checksum = category_checksum(out)
    assert checksum == reference_checksums["evaluate-7"]
    figures.add(benchmark, "evaluate-7", "splitpot", len(calls7), checksum)


# ------------------------------------------------------------------------ peer side


@pytest.mark.benchmark(group="evaluate_many-7")
@pytest.mark.parametrize("peer_name", list(PEERS))
def test_peer_evaluate_many(
    benchmark: Any,
    peer_name: str,
    hands7: npt.NDArray[np.uint8],
    reference_checksums: dict[str, int],
    figures: Any,
) -> None:
    peer = make_peer(peer_name)
    prepared = peer.prepare(hands7.tolist())
    # a Python loop over the whole batch: one round is enough to time it
    out = benchmark.pedantic(peer.values, args=(prepared,), rounds=1, iterations=1)
    checksum = dense_checksum(out, lower_is_better=peer.lower_is_better)
    assert checksum == reference_checksums["evaluate_many-7"], f"{peer_name} ranks the hands differently"
    figures.add(benchmark, "evaluate_many-7", peer_name, len(hands7), checksum)


@pytest.mark.benchmark(group="strength-7")
@pytest.mark.parametrize("peer_name", list(PEERS))
def test_peer_strength(
    benchmark: Any,
    peer_name: str,
    calls7: list[list[int]],
    reference_checksums: dict[str, int],
    figures: Any,
) -> None:
    peer = make_peer(peer_name)
    prepared = peer.prepare(calls7)
    out = benchmark(peer.values, prepared)
    checksum = dense_checksum(out, lower_is_better=peer.lower_is_better)
    assert checksum == reference_checksums["strength-7"], f"{peer_name} ranks the hands differently"
    figures.add(benchmark, "strength-7", peer_name, len(calls7), checksum)


@pytest.mark.benchmark(group="evaluate-7")
@pytest.mark.parametrize("peer_name", list(PEERS))
def test_peer_evaluate(
    benchmark: Any,
    peer_name: str,
    calls7: list[list[int]],
    reference_checksums: dict[str, int],
    figures: Any,
) -> None:
    peer = make_peer(peer_name)
    prepared = peer.prepare(calls7)
    out = benchmark(peer.categories, prepared)
    checksum = category_checksum(out)
    assert checksum == reference_checksums["evaluate-7"], f"{peer_name} categorises the hands differently"
    figures.add(benchmark, "evaluate-7", peer_name, len(calls7), checksum)
