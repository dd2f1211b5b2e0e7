"""Wild-card batches beside the natural batch, from Python, in one chunked race.

Run: ``python benchmarks/wild_batches.py [ROWS] [RANKING] [CARDS]`` (default 2,000,000 random
seven-card rows, high). Four calls on rows of the same count, each with ``evaluate_many``'s default
duplicate check: the natural batch, deuces wild (``wild="2"``: wild and natural rows mixed, as
in a real deal), a wild rank of its own for every row (``wild_ranks=``, as in Mexican stud), and
rows dealt from the 53-card deck with no wild option (the joker as the bug in the rows holding
it: CARDS / 53 of them, 9 % of five-card rows).
The rows are cut into 8 chunks; each chunk is timed five times per call, the calls in turn, and
each call's figure is the sum of its chunks' fastest times, so that a busy machine does not
distort the ratio. Printed: each call's speed as a fraction of the natural batch's.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

import splitpot

CHUNKS = 8
REPEATS = 5


def race(rows: int, ranking: str, cards: int = 7) -> dict[str, float]:
    """Each call's summed best time in seconds (the calls' results checked for zeros).

    >>> sorted(race(4096, "high", 5))
    ['a wild rank per row', 'deuces wild', 'joker as the bug', 'natural']
    """
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((rows, 52)), axis=1)[:, :cards].astype(np.uint8)
    with_joker = np.argsort(rng.random((rows, 53)), axis=1)[:, :cards].astype(np.uint8)
    masks = (1 << rng.integers(0, 13, rows)).astype(np.uint16)
    calls: dict[str, Callable[[slice], np.ndarray]] = {
        "natural": lambda s: splitpot.evaluate_many(hands[s], ranking),
        "deuces wild": lambda s: splitpot.evaluate_many(hands[s], ranking, wild="2"),
        "a wild rank per row": lambda s: splitpot.evaluate_many(hands[s], ranking, wild_ranks=masks[s]),
        "joker as the bug": lambda s: splitpot.evaluate_many(with_joker[s], ranking),
    }
    total = dict.fromkeys(calls, 0.0)
    per = rows // CHUNKS
    for c in range(CHUNKS):
        chunk = slice(c * per, (c + 1) * per)
        best = dict.fromkeys(calls, float("inf"))
        for _ in range(REPEATS):
            for name, call in calls.items():
                start = time.perf_counter()
                values = call(chunk)
                best[name] = min(best[name], time.perf_counter() - start)
                if ranking == "high" and not values.all():  # every high hand has a strength
                    raise AssertionError(f"{name}: a row read 0")
        for name in calls:
            total[name] += best[name]
    return total


def main() -> None:
    rows = int(sys.argv[1].replace("_", "")) if len(sys.argv) > 1 else 2_000_000
    ranking = sys.argv[2] if len(sys.argv) > 2 else "high"
    cards = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    total = race(rows, ranking, cards)
    natural = total["natural"]
    print(f"{ranking}, {rows:,} random {cards}-card rows, checked; "
          f"natural {rows / natural / 1e6:.0f} M rows/s")
    for name, seconds in total.items():
        speed = rows / seconds / 1e6
        print(f"  {name:22} {natural / seconds:.3f} of the natural figure ({speed:.0f} M rows/s)")


if __name__ == "__main__":
    main()
