"""A run split in parts (``EquityRun.counts(part=, parts=)``) adds up exactly to the whole run.

The hook behind :mod:`splitpot.dask`: enumeration splits its outer completions,
Monte Carlo its sample blocks, heads-up counting is done by part 0 alone.
Every comparison is of exact integer counts, and of the finished results.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from splitpot.equity import EquityRun, equity, prepare_equity
from splitpot.errors import RuleError

sys.path.insert(0, str(Path(__file__).resolve().parent))

from equity_brute import EIGHT_HANDED

MULTIWAY = ("seven-card-stud-8", ["As 2s 3s 3c 8d 9d", "Kd Kc 9s 4h 5h 6c", "2h 2d 7c Jd Jh"])
RANGES = ("seven-card-stud", ["As Ks Qs 2c 3c 4c", "Kd 5d 6d 4d + 2 down: pair", "7h 7c 8c 8s 9c 9h"])
# Eight hands of six cards: one card in the middle (the rules, 5.1), each enumerated in parts.
COMMUNITY = ("seven-card-stud-8", EIGHT_HANDED)


def split(run: EquityRun, parts: int) -> list[tuple[object, ...]]:
    return [run.counts(part=k, parts=parts) for k in range(parts)]


@pytest.mark.parametrize("spot", [MULTIWAY, RANGES, COMMUNITY], ids=["multiway", "ranges", "community"])
@pytest.mark.parametrize("parts", [1, 2, 3, 7, 64])
def test_enumeration_parts_add_up_to_the_whole(spot: tuple[str, list[str]], parts: int) -> None:
    run = prepare_equity(*spot, method="enumerate")
    whole = run.counts()
    pieces = split(run, parts)
    assert run.combine(pieces) == whole
    assert run.result(run.combine(pieces)) == equity(*spot, method="enumerate")
    if parts > 1 and spot is not COMMUNITY:
        assert sum(1 for p in pieces if p[1] > 0) > 1  # the work really is spread


def test_more_parts_than_outer_completions_leave_some_empty() -> None:
    run = prepare_equity(*MULTIWAY)
    method, units = run.plan()
    assert method == "enumerate"
    pieces = split(run, units + 5)
    assert sum(1 for p in pieces if p[1] == 0) >= 5
    assert run.combine(pieces) == run.counts()


@pytest.mark.parametrize("samples", [1, 4096, 100_000, 123_457])
@pytest.mark.parametrize("parts", [2, 5, 40])
def test_monte_carlo_parts_add_up_to_the_seeded_run(samples: int, parts: int) -> None:
    run = prepare_equity(*MULTIWAY, samples=samples, seed=11)
    whole = run.counts()
    pieces = split(run, parts)
    assert run.combine(pieces) == whole  # counts and the exact sums of squares
    assert sum(p[1] for p in pieces) == samples
    combined = run.result(run.combine(pieces))
    assert combined == equity(*MULTIWAY, samples=samples, seed=11, threads=1)
    assert combined.stderr is not None


def test_monte_carlo_with_ranges_counts_rejections_in_every_part() -> None:
    run = prepare_equity(
        "seven-card-stud", ["Ah + 2 down: pair", "Kh + 2 down: pair"], samples=50_000, seed=3
    )
    whole = run.counts()
    assert whole[5] > 0  # some deals redrawn
    assert run.combine(split(run, 4)) == whole


def test_counting_is_done_by_part_zero() -> None:
    run = prepare_equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"])
    assert run.plan() == ("count", 1)
    pieces = split(run, 3)
    assert [p[1] for p in pieces[1:]] == [0, 0]
    assert run.combine(pieces) == run.counts()
    assert run.result(run.combine(pieces)).method == "count"


def test_plan_checks_the_spot_as_the_run_does() -> None:
    with pytest.raises(RuleError, match="exact enumeration would visit"):
        prepare_equity("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s", "Qs Qh 4d"]).plan()
    assert prepare_equity(*MULTIWAY, samples=10_000).plan() == ("sample", 3)


@pytest.mark.parametrize(
    ("part", "parts", "error", "match"),
    [(3, 3, RuleError, "part must be in"), (0, 0, ValueError, "parts"), (-1, 2, ValueError, "part")],
)
def test_bad_parts_are_refused(part: int, parts: int, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        prepare_equity(*MULTIWAY).counts(part=part, parts=parts)


def test_targets_are_not_split() -> None:
    run = prepare_equity(*MULTIWAY, stderr=0.01, seed=1)
    with pytest.raises(RuleError, match="fixed sample count"):
        run.counts(part=0, parts=2)
