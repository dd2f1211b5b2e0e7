"""Equity speed: splitpot ``equity`` beside pokerkit's ``calculate_equities``, same spots, same run.

Spots (heads-up ``seven-card-stud-8``):

* fifth street, ``Ah 2c 3d 8s 8c`` vs ``Kd Kc 9s 9h 4c``: splitpot exact, every one of the
  671,580 outcomes, one thread (target: 20 ms or less);
* third street, ``Ah 2c 3d`` vs ``Kd Kc 9s``: Monte Carlo, SPLITPOT_BENCH_EQUITY_SAMPLES
  (default 1,000,000) samples on one thread (target: 0.3 s or less), and on two threads;
* the same third-street spot through pokerkit's ``calculate_equities`` (StandardHighHand +
  EightOrBetterLowHand, seven hole cards each), SPLITPOT_BENCH_POKERKIT_SAMPLES (default
  1,000) samples, one process.

A sample is one deal of the rest of both hands, so samples per second compare the two at equal
accuracy (the same number of samples gives the same standard error). Each row's checksum is
player 0's share of the pot in tenths of a percent; pokerkit's answer must lie within 4
standard errors of splitpot's. "evaluations" counts hands scored (2 players x 2 rankings a
deal); the exact run evaluates each player's 861 deals once and compares strengths per outcome,
so its figure is outcomes x 4 (equivalent evaluations).

    pytest benchmarks/bench_equity.py --benchmark-only
    python benchmarks/bench_equity.py            # plain report with the ratio
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

__all__ = ["pokerkit_third_street", "splitpot_fifth_exact", "splitpot_third_mc"]

GAME = "seven-card-stud-8"
FIFTH = ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"]
THIRD = ["Ah 2c 3d", "Kd Kc 9s"]


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").replace("_", "")
    return int(value) if value else default


SAMPLES = _env_int("SPLITPOT_BENCH_EQUITY_SAMPLES", 1_000_000)
PK_SAMPLES = _env_int("SPLITPOT_BENCH_POKERKIT_SAMPLES", 1_000)


def splitpot_fifth_exact(threads: int = 1) -> splitpot.EquityResult:
    return splitpot.equity(GAME, FIFTH, threads=threads)


def splitpot_third_mc(samples: int = SAMPLES, threads: int = 1, seed: int = 2026) -> splitpot.EquityResult:
    return splitpot.equity(GAME, THIRD, samples=samples, seed=seed, threads=threads)


def pokerkit_third_street(samples: int = PK_SAMPLES) -> list[float]:
    from pokerkit import Card, Deck, EightOrBetterLowHand, StandardHighHand, calculate_equities

    ranges = [[list(Card.parse("".join(h.split())))] for h in THIRD]
    equities: list[float] = calculate_equities(
        ranges, (), 7, 0, Deck.STANDARD, (StandardHighHand, EightOrBetterLowHand), sample_count=samples
    )
    return equities


def _checksum(share: float) -> int:
    return round(1000 * share)


def _consistent(ours: float, theirs: float, samples: int) -> bool:
    se = math.sqrt(max(ours * (1 - ours), 1e-12) / samples)  # theirs is the noisier estimate
    return abs(ours - theirs) <= 4 * se


# ---------------------------------------------------------------- pytest-benchmark


def test_splitpot_fifth_street_exact(benchmark: Any, figures: Any) -> None:
    benchmark.group = "equity stud-8 heads-up"
    r = benchmark.pedantic(splitpot_fifth_exact, rounds=20, iterations=1, warmup_rounds=1)
    assert r.exact and r.outcomes == 671_580
    figures.add(benchmark, "equity stud-8 fifth street (outcomes)", "splitpot exact", r.outcomes,
                _checksum(r[0].share))


def test_splitpot_third_street_monte_carlo(benchmark: Any, figures: Any) -> None:
    benchmark.group = "equity stud-8 heads-up"
    r = benchmark.pedantic(splitpot_third_mc, rounds=3, iterations=1)
    figures.add(benchmark, "equity stud-8 third street (samples)", "splitpot", r.outcomes,
                _checksum(r[0].share))


def test_splitpot_third_street_monte_carlo_two_threads(benchmark: Any, figures: Any) -> None:
    benchmark.group = "equity stud-8 heads-up"
    r = benchmark.pedantic(splitpot_third_mc, kwargs={"threads": 2}, rounds=3, iterations=1)
    assert r == splitpot_third_mc()  # same seed, same answer on one thread
    figures.add(benchmark, "equity stud-8 third street (samples)", "splitpot 2 threads", r.outcomes,
                _checksum(r[0].share))


def test_pokerkit_third_street(benchmark: Any, figures: Any) -> None:
    pytest.importorskip("pokerkit")
    benchmark.group = "equity stud-8 heads-up"
    theirs = benchmark.pedantic(pokerkit_third_street, rounds=1, iterations=1)
    ours = splitpot_third_mc()[0].share
    assert _consistent(ours, theirs[0], PK_SAMPLES), (ours, theirs)
    figures.add(benchmark, "equity stud-8 third street (samples)", "pokerkit", PK_SAMPLES,
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
    """Print the figures and the ratio to pokerkit (no pytest needed)."""
    splitpot_fifth_exact()  # warm up
    t_exact = _best(splitpot_fifth_exact, 20)
    r_exact = splitpot_fifth_exact()
    print(f"fifth street exact, 1 thread: {r_exact.outcomes:,} outcomes in {t_exact * 1e3:.2f} ms "
          f"({r_exact.outcomes / t_exact / 1e6:.1f} M outcomes/s, "
          f"{4 * r_exact.outcomes / t_exact / 1e6:.0f} M equivalent evaluations/s); "
          f"share {r_exact[0].share:.4f} / {r_exact[1].share:.4f}")
    rates = {}
    for threads in (1, 2):
        t_mc = _best(lambda th=threads: splitpot_third_mc(threads=th), 3)  # type: ignore[misc]
        rates[threads] = SAMPLES / t_mc
        r_mc = splitpot_third_mc(threads=threads)
        print(f"third street Monte Carlo, {threads} thread(s): {SAMPLES:,} samples in {t_mc:.3f} s "
              f"({rates[threads] / 1e6:.2f} M samples/s, {4 * rates[threads] / 1e6:.0f} M evaluations/s); "
              f"share {r_mc[0].share:.4f}")
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("pokerkit: not installed")
        return 0
    t_pk = _best(pokerkit_third_street, 1)
    pk = pokerkit_third_street()
    pk_rate = PK_SAMPLES / t_pk
    print(f"pokerkit calculate_equities third street: {PK_SAMPLES:,} samples in {t_pk:.2f} s "
          f"({pk_rate:,.0f} samples/s); share {pk[0]:.4f}")
    print(f"ratio, samples per second on one core: splitpot / pokerkit = {rates[1] / pk_rate:,.0f}x")
    print(f"fifth street: splitpot's exact answer ({t_exact * 1e3:.1f} ms) vs pokerkit's samples at "
          f"{pk_rate:,.0f}/s: in that time pokerkit deals {pk_rate * t_exact:.0f} samples")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
