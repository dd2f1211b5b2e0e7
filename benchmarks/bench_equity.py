"""Equity speed: splitpot's exact counting beside its enumerator, and its Monte Carlo with ranges
beside pokerkit's ``calculate_equities`` with the same ranges, same spots, same run.

Spots (heads-up ``seven-card-stud-8``):

* third street, ``Ah 2c 3d`` vs ``Kd Kc 9s``, exact: counting (18,265,297,050 outcomes, one
  thread; goal 1 s or less) beside the enumerator on the same spot. The enumerator would take
  minutes, so it runs for SPLITPOT_BENCH_ENUMERATE_SECONDS (default 8) and its time for the whole
  spot is its measured rate times the outcomes (set it to 0 to run the whole spot);
* fifth street, ``Ah 2c 3d 8s 8c`` vs ``Kd Kc 9s 9h 4c``, exact: counted and enumerated;
* third street with a range: ``Ah 2c 3d`` vs ``Kd + 2 down: pair`` (a king up, a pair in the
  hole: 75 hidden pairs), Monte Carlo, SPLITPOT_BENCH_EQUITY_SAMPLES (default 1,000,000) samples
  on one thread, beside pokerkit's ``calculate_equities`` with the same range (the 75 three-card
  hands, seven hole cards each; StandardHighHand + EightOrBetterLowHand),
  SPLITPOT_BENCH_POKERKIT_SAMPLES (default 2,000) samples, one process;
* ``mexican-stud`` heads-up after the first turn-up, ``5c Ad`` vs ``9c Qs`` (hole card first),
  exact (counted, 245,430,240 outcomes, one thread): high only beside high-low
  (``low="ace-to-six"``), the cost of the low half.

A sample is one deal of the rest of both hands, so samples per second compare the two at equal
accuracy. Each row's checksum is player 0's share of the pot in tenths of a percent; pokerkit's
answer must lie within 4 standard errors of splitpot's.

    pytest benchmarks/bench_equity.py --benchmark-only
    python benchmarks/bench_equity.py            # plain report with the ratios
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest

import splitpot
from splitpot.equity import EquityStopped

__all__ = [
    "mexican",
    "pokerkit_range_mc",
    "splitpot_fifth",
    "splitpot_range_mc",
    "splitpot_third_count",
    "third_street_enumerator",
]

GAME = "seven-card-stud-8"
FIFTH = ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"]
THIRD = ["Ah 2c 3d", "Kd Kc 9s"]
RANGE_SPOT = ["Ah 2c 3d", "Kd + 2 down: pair"]
MEXICAN = ["5c Ad", "9c Qs"]


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").replace("_", "")
    return int(value) if value else default


SAMPLES = _env_int("SPLITPOT_BENCH_EQUITY_SAMPLES", 1_000_000)
PK_SAMPLES = _env_int("SPLITPOT_BENCH_POKERKIT_SAMPLES", 2_000)
ENUMERATE_SECONDS = _env_int("SPLITPOT_BENCH_ENUMERATE_SECONDS", 8)


def splitpot_third_count(threads: int = 1) -> splitpot.EquityResult:
    return splitpot.equity(GAME, THIRD, threads=threads)


def third_street_enumerator(seconds: float = ENUMERATE_SECONDS) -> tuple[float, int, int, bool]:
    """The enumerator on third street for ``seconds`` (0: to the end): (time for the whole spot,
    outcomes done, outcomes in all, whether it ran to the end)."""
    seen = [0, 1]
    start = time.perf_counter()

    def progress(done: int, total: int) -> bool:
        seen[:] = [done, total]
        return seconds <= 0 or time.perf_counter() - start < seconds

    try:
        splitpot.equity(GAME, THIRD, method="enumerate", max_outcomes=2**62, threads=1, progress=progress)
        finished = True
    except EquityStopped:
        finished = False
    spent = time.perf_counter() - start
    done, total = seen
    whole = spent if finished else spent * total / max(done, 1)
    return whole, done, total, finished


def splitpot_fifth(method: str = "auto") -> splitpot.EquityResult:
    return splitpot.equity(GAME, FIFTH, threads=1, method=method)


def mexican(low: str | None = None) -> splitpot.EquityResult:
    return splitpot.equity("mexican-stud", MEXICAN, low=low, threads=1)


def splitpot_range_mc(samples: int = SAMPLES, threads: int = 1, seed: int = 2026) -> splitpot.EquityResult:
    return splitpot.equity(GAME, RANGE_SPOT, samples=samples, seed=seed, threads=threads)


def _pokerkit_ranges() -> list[list[list[Any]]]:
    from pokerkit import Card

    hero = [list(Card.parse("Ah2c3d"))]
    villain_range = splitpot.parse_range(RANGE_SPOT[1])
    members, _ = villain_range.expand([int(c) for c in splitpot.parse_cards(RANGE_SPOT[0])])
    villain = [
        list(Card.parse("Kd" + "".join(str(splitpot.Card(int(c))) for c in row))) for row in members
    ]
    return [hero, villain]


def pokerkit_range_mc(samples: int = PK_SAMPLES) -> list[float]:
    from pokerkit import Deck, EightOrBetterLowHand, StandardHighHand, calculate_equities

    equities: list[float] = calculate_equities(
        _pokerkit_ranges(), (), 7, 0, Deck.STANDARD, (StandardHighHand, EightOrBetterLowHand),
        sample_count=samples,
    )
    return equities


def _checksum(share: float) -> int:
    return round(1000 * share)


def _consistent(ours: float, theirs: float, samples: int) -> bool:
    se = math.sqrt(max(ours * (1 - ours), 1e-12) / samples)  # theirs is the noisier estimate
    return abs(ours - theirs) <= 4 * se


# ---------------------------------------------------------------- pytest-benchmark


def test_third_street_counting(benchmark: Any, figures: Any) -> None:
    benchmark.group = "equity stud-8 heads-up third street exact"
    r = benchmark.pedantic(splitpot_third_count, rounds=3, iterations=1, warmup_rounds=1)
    assert r.exact and r.method == "count" and r.outcomes == 18_265_297_050
    figures.add(benchmark, "equity stud-8 third street exact (outcomes)", "splitpot counting", r.outcomes,
                _checksum(r[0].share))


def test_third_street_enumerator(benchmark: Any) -> None:
    benchmark.group = "equity stud-8 heads-up third street exact"
    whole, done, total, _ = benchmark.pedantic(third_street_enumerator, rounds=1, iterations=1)
    assert 0 < done <= total == 18_265_297_050
    benchmark.extra_info["seconds for the whole spot (extrapolated)"] = whole


def test_fifth_street_counting(benchmark: Any) -> None:
    benchmark.group = "equity stud-8 heads-up fifth street exact"
    r = benchmark.pedantic(splitpot_fifth, rounds=20, iterations=1, warmup_rounds=1)
    assert r.method == "count" and r.outcomes == 671_580


def test_fifth_street_enumerator(benchmark: Any) -> None:
    benchmark.group = "equity stud-8 heads-up fifth street exact"
    r = benchmark.pedantic(splitpot_fifth, kwargs={"method": "enumerate"}, rounds=20, iterations=1)
    assert r.method == "enumerate" and r.outcomes == 671_580


@pytest.mark.parametrize("low", [None, "ace-to-six"], ids=["high", "high-low"])
def test_mexican_second_street(benchmark: Any, low: str | None) -> None:
    benchmark.group = "equity mexican-stud heads-up second street exact"
    r = benchmark.pedantic(mexican, args=(low,), rounds=10, iterations=1, warmup_rounds=1)
    assert r.method == "count" and r.outcomes == 245_430_240


def test_splitpot_range_monte_carlo(benchmark: Any, figures: Any) -> None:
    benchmark.group = "equity stud-8 third street with a range (samples)"
    r = benchmark.pedantic(splitpot_range_mc, rounds=3, iterations=1)
    figures.add(benchmark, "equity stud-8 third street, range (samples)", "splitpot", r.outcomes,
                _checksum(r[0].share))


def test_pokerkit_range_monte_carlo(benchmark: Any, figures: Any) -> None:
    pytest.importorskip("pokerkit")
    benchmark.group = "equity stud-8 third street with a range (samples)"
    theirs = benchmark.pedantic(pokerkit_range_mc, rounds=1, iterations=1)
    ours = splitpot_range_mc()[0].share
    assert _consistent(ours, theirs[0], PK_SAMPLES), (ours, theirs)
    figures.add(benchmark, "equity stud-8 third street, range (samples)", "pokerkit", PK_SAMPLES,
                _checksum(theirs[0]))


# ---------------------------------------------------------------- plain report


def _best(fn: Callable[[], object], repeat: int) -> float:
    best = math.inf
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main(argv: list[str]) -> int:
    """Print the figures and the ratios (no pytest needed)."""
    splitpot_third_count()  # warm up
    t_count = _best(splitpot_third_count, 3)
    r = splitpot_third_count()
    print(f"third street exact, counting, 1 thread: {r.outcomes:,} outcomes in {t_count:.3f} s; "
          f"share {r[0].share:.6f} / {r[1].share:.6f}")
    whole, done, total, finished = third_street_enumerator()
    how = "whole run" if finished else f"{done:,} of {total:,} outcomes, extrapolated"
    print(f"third street exact, enumerator, 1 thread: {whole:.1f} s ({how})")
    print(f"ratio, third street exact: enumerator / counting = {whole / t_count:,.0f}x")
    t_fc = _best(splitpot_fifth, 20)
    t_fe = _best(lambda: splitpot_fifth("enumerate"), 20)
    print(f"fifth street exact: counting {t_fc * 1e3:.2f} ms, enumerator {t_fe * 1e3:.2f} ms "
          f"({t_fe / t_fc:.1f}x)")
    t_high, t_split = _best(mexican, 10), _best(lambda: mexican("ace-to-six"), 10)
    print(f"mexican-stud {' vs '.join(MEXICAN)} exact, counting, 1 thread: high {t_high * 1e3:.1f} ms, "
          f"high-low (ace-to-six) {t_split * 1e3:.1f} ms ({t_split / t_high:.2f}x)")
    rates = {}
    for threads in (1, 2):
        t_mc = _best(lambda th=threads: splitpot_range_mc(threads=th), 3)  # type: ignore[misc]
        rates[threads] = SAMPLES / t_mc
        mc = splitpot_range_mc(threads=threads)
        print(f"third street vs '{RANGE_SPOT[1]}', Monte Carlo, {threads} thread(s): {SAMPLES:,} samples in "
              f"{t_mc:.3f} s ({rates[threads] / 1e6:.2f} M samples/s); share {mc[0].share:.4f} "
              f"± {mc[0].stderr.share if mc[0].stderr else 0:.4f}")
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("pokerkit: not installed")
        return 0
    t_pk = _best(pokerkit_range_mc, 1)
    pk = pokerkit_range_mc()
    pk_rate = PK_SAMPLES / t_pk
    print(f"pokerkit calculate_equities, the same range: {PK_SAMPLES:,} samples in {t_pk:.2f} s "
          f"({pk_rate:,.0f} samples/s); share {pk[0]:.4f}")
    print(f"ratio, samples per second on one core: splitpot / pokerkit = {rates[1] / pk_rate:,.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
