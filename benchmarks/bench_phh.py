"""PHH writing and reading per hand: splitpot's ``phh.dumps``/``phh.loads``
beside pokerkit's ``HandHistory.dumps``/``HandHistory.loads`` on the same
seven-card stud and stud-8 hands, in the same run.

Reading means what each library needs to have the hand in hand: splitpot's
``loads`` parses the TOML and replays the hand on a State (every action
checked, the cards dealt by name); for pokerkit, ``HandHistory.loads`` and a
walk through its states (``for state in hh``), its replay.  Writing starts from
each library's own record of the hand (a splitpot History; a pokerkit
HandHistory).  The hands are splitpot's seeded random hands written without
the deck order (``deck=False``: standard PHH), 2 to 7 players, those pokerkit
replays (the few where it departs from the rules are left out).  The loads
checksums (the final stacks summed) agree; the dumps checksums are the text
lengths (splitpot also writes ``seats``, ``seat_count``, ``finishing_stacks``
and ``_game``).

    pytest benchmarks/bench_phh.py --benchmark-only      # pytest-benchmark
    python benchmarks/bench_phh.py [HANDS]               # plain report with the ratios
"""

from __future__ import annotations

import sys
import time
import warnings
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from pokerkit import HandHistory

from phh_pokerkit import pokerkit_stacks, splitpot_hand
from splitpot import phh

N_HANDS = 200


def corpus(hands: int = N_HANDS) -> tuple[list[Any], list[str], list[HandHistory]]:
    """(splitpot histories, their PHH texts, pokerkit HandHistory objects)."""
    states = [splitpot_hand(game, seed) for seed in range(hands)
              for game in ("seven-card-stud", "seven-card-stud-8")]
    texts = [phh.dumps(s, deck=False) for s in states]
    keep = [i for i, t in enumerate(texts) if not isinstance(pokerkit_stacks(t), str)]  # pokerkit replays it
    histories = [states[i].history() for i in keep]
    texts = [texts[i] for i in keep]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        theirs = [HandHistory.loads(t) for t in texts]
    return histories, texts, theirs


def splitpot_dumps(histories: list[Any]) -> int:
    return sum(len(phh.dumps(h, deck=False)) for h in histories)


def pokerkit_dumps(theirs: list[HandHistory]) -> int:
    return sum(len(h.dumps()) for h in theirs)


def splitpot_loads(texts: list[str]) -> int:
    return sum(sum(phh.loads(t).replay().stacks) for t in texts)


def pokerkit_loads(texts: list[str]) -> int:
    total = 0
    for text in texts:
        final = deque(HandHistory.loads(text), maxlen=1)[0]  # the state at the end
        total += sum(final.stacks)
    return total


@pytest.fixture(scope="module")
def hands() -> tuple[list[Any], list[str], list[HandHistory]]:
    return corpus(50)


CASES = {  # name: (group, function, which part of the corpus it takes)
    "splitpot_dumps": ("phh-dumps", splitpot_dumps, 0),
    "pokerkit_dumps": ("phh-dumps", pokerkit_dumps, 2),
    "splitpot_loads": ("phh-loads", splitpot_loads, 1),
    "pokerkit_loads": ("phh-loads", pokerkit_loads, 1),
}


@pytest.mark.parametrize("case", CASES)
def test_phh(benchmark: Any, hands: Any, case: str) -> None:
    group, fn, part = CASES[case]
    benchmark.group = group
    benchmark(fn, hands[part])


def _best(fn: Callable[[Any], int], arg: Any, rounds: int = 5) -> tuple[float, int]:
    best, check = float("inf"), 0
    for _ in range(rounds):
        start = time.process_time()
        check = fn(arg)
        best = min(best, time.process_time() - start)
    return best, check


def main(hands: int) -> None:
    histories, texts, theirs = corpus(hands)
    n = len(texts)
    print(f"{n} hands (seven-card stud and stud-8), best of 5, CPU time per hand")
    for what, ours, peer in (("dumps", (splitpot_dumps, histories), (pokerkit_dumps, theirs)),
                             ("loads", (splitpot_loads, texts), (pokerkit_loads, texts))):
        (t_ours, c_ours), (t_peer, c_peer) = _best(*ours), _best(*peer)
        print(f"{what}: splitpot {t_ours / n * 1e6:8.1f} us   pokerkit {t_peer / n * 1e6:8.1f} us   "
              f"ratio {t_peer / t_ours:5.2f}x   checksums {c_ours} {c_peer}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else N_HANDS)
