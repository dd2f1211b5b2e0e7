"""splitpot.dask on this machine: one and two Dask workers beside the single-process path.

Two jobs, each timed single-process (one thread, then every core) and on a
``LocalCluster`` of 1 and of 2 worker processes with one thread each:

* exact multiway equity: ``seven-card-stud-8``, three hands on fifth street
  (``As 2s 3s 3c 8d`` / ``Kd Kc 9s 4h 5h`` / ``2h 2d 7c Jd Jh``), 209,230,560
  outcomes enumerated; the cluster runs four tasks per worker;
* ``evaluate_many`` of SPLITPOT_BENCH_HANDS (default 10,000,000) random
  seven-card hands, high, in chunks of 1,000,000 rows; the cards are put on the
  cluster first (``persist``) and the strengths stay there (``persist``), as a
  reduction would use them; single-process is the numpy batch call.

Every row's checksum (player 0's share in share units, the sum of the
strengths) must match the single-process one. Ratios are against the
single-process one-thread time.

    python benchmarks/bench_dask.py
    pytest benchmarks/bench_dask.py --benchmark-only
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import dask.array as da
import numpy as np
import pytest
from distributed import Client, LocalCluster, wait

import splitpot.dask as sd
from splitpot.equity import equity
from splitpot.evaluate import evaluate_many

GAME = "seven-card-stud-8"
SPOT = ["As 2s 3s 3c 8d", "Kd Kc 9s 4h 5h", "2h 2d 7c Jd Jh"]
N_HANDS = int(os.environ.get("SPLITPOT_BENCH_HANDS", "10_000_000").replace("_", ""))
CHUNK = 1_000_000


def hands(n: int, seed: int = 2026) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), dtype=np.uint8)
    for start in range(0, n, CHUNK):
        rows = min(CHUNK, n - start)
        out[start : start + rows] = np.argsort(rng.random((rows, 52)), axis=1)[:, :7]
    return out


def cluster(workers: int) -> Client:
    return Client(
        LocalCluster(n_workers=workers, processes=True, threads_per_worker=1, dashboard_address=":0",
                     silence_logs=50)
    )


def equity_checksum(result: Any) -> int:
    return round(result[0].share * 1_441_440 * result.outcomes)


def best_of(fn: Callable[[], Any], rounds: int = 3) -> tuple[float, Any]:
    best, value = float("inf"), None
    for _ in range(rounds):
        start = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - start)
    return best, value


def evaluate_on(client: Client, cards: np.ndarray) -> Callable[[], int]:
    arr = da.from_array(cards, chunks=(CHUNK, 7)).persist()
    wait(arr)

    def run() -> int:
        strengths = sd.evaluate_many(arr).persist()
        wait(strengths)
        return int(strengths.sum(dtype=np.uint64).compute())

    return run


def main() -> None:
    cards = hands(N_HANDS)
    rows: list[tuple[str, str, float, Any]] = []
    for threads in (1, None):
        label = "single process, 1 thread" if threads == 1 else "single process, every core"
        t, r = best_of(lambda threads=threads: equity(GAME, SPOT, threads=threads), 1)
        rows.append(("equity", label, t, equity_checksum(r)))
        t, s = best_of(lambda threads=threads: evaluate_many(cards, threads=threads))
        rows.append(("evaluate_many", label, t, int(s.sum(dtype=np.uint64))))
    for workers in (1, 2):
        with cluster(workers) as client:
            label = f"Dask, {workers} worker{'s' if workers > 1 else ''}"
            t, r = best_of(lambda client=client: sd.equity(GAME, SPOT, client=client), 1)
            rows.append(("equity", label, t, equity_checksum(r)))
            t, s = best_of(evaluate_on(client, cards))
            rows.append(("evaluate_many", label, t, s))
    print(f"{os.cpu_count()} cores; equity: {GAME} {' / '.join(SPOT)}; evaluate_many: {N_HANDS:,} hands")
    for job in ("equity", "evaluate_many"):
        base = next(t for j, label, t, _ in rows if j == job and label.endswith("1 thread"))
        sums = {c for j, _, _, c in rows if j == job}
        assert len(sums) == 1, f"{job}: the checksums differ: {sums}"
        for j, label, t, checksum in rows:
            if j == job:
                print(f"{job:<14} {label:<28} {t:8.3f} s  x{base / t:5.2f}  checksum {checksum}")


# ---------------------------------------------------------------- pytest-benchmark


@pytest.fixture(scope="module", params=[1, 2], ids=["1-worker", "2-workers"])
def client(request: pytest.FixtureRequest) -> Iterator[Client]:
    with cluster(request.param) as c:
        yield c


@pytest.mark.benchmark(group="dask-equity")
def test_equity_single_process(benchmark: Any) -> None:
    benchmark.pedantic(equity, args=(GAME, SPOT), kwargs={"threads": 1}, rounds=1)


@pytest.mark.benchmark(group="dask-equity")
def test_equity_dask(benchmark: Any, client: Client) -> None:
    benchmark.pedantic(sd.equity, args=(GAME, SPOT), kwargs={"client": client}, rounds=1)


@pytest.mark.benchmark(group="dask-evaluate")
def test_evaluate_single_process(benchmark: Any) -> None:
    cards = hands(N_HANDS)
    benchmark.pedantic(evaluate_many, args=(cards,), kwargs={"threads": 1}, rounds=3)


@pytest.mark.benchmark(group="dask-evaluate")
# The 10 M hands travel inside the graph (what a user's dask.array.from_array does); Dask warns
# about the graph's size, which the project's warnings-as-errors setting would turn into a failure.
@pytest.mark.filterwarnings("ignore:Sending large graph:UserWarning")
def test_evaluate_dask(benchmark: Any, client: Client) -> None:
    benchmark.pedantic(evaluate_on(client, hands(N_HANDS)), rounds=3)


if __name__ == "__main__":
    main()
