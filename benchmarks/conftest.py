"""Shared inputs of the Python benchmarks and the peer-ratio summary.

Run:  pytest benchmarks/bench_evaluate.py --benchmark-only
Size: SPLITPOT_BENCH_HANDS hands for ``evaluate_many`` (default 1,000,000; 10,000,000 hands is
      the figure the README quotes); SPLITPOT_BENCH_CALLS (default 20,000) scalar calls per round.
Peers (the ``bench`` extra): phevaluator, eval7, treys; each is skipped when missing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import pytest


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").replace("_", "")
    return int(value) if value else default


N_HANDS = _env_int("SPLITPOT_BENCH_HANDS", 1_000_000)
N_CALLS = _env_int("SPLITPOT_BENCH_CALLS", 20_000)
SEED = 2026


@dataclass
class Figure:
    group: str
    library: str
    items: int
    seconds: float  # best round
    checksum: int

    @property
    def rate(self) -> float:
        return self.items / self.seconds if self.seconds > 0 else float("nan")


@dataclass
class Figures:
    rows: list[Figure] = field(default_factory=list)

    def add(self, benchmark: object, group: str, library: str, items: int, checksum: int) -> None:
        stats = getattr(benchmark, "stats", None)
        if not stats:  # --benchmark-disable: nothing was timed
            return
        self.rows.append(Figure(group, library, items, float(stats.stats.min), checksum))


FIGURES = Figures()


@pytest.fixture(scope="session")
def figures() -> Figures:
    return FIGURES


@pytest.fixture(scope="session")
def hands7() -> npt.NDArray[np.uint8]:
    """N_HANDS random seven-card hands, (N, 7) uint8 in splitpot's encoding."""
    rng = np.random.default_rng(SEED)
    out = np.empty((N_HANDS, 7), dtype=np.uint8)
    block = 250_000
    for start in range(0, N_HANDS, block):
        stop = min(start + block, N_HANDS)
        out[start:stop] = np.argsort(rng.random((stop - start, 52)), axis=1)[:, :7]
    out.setflags(write=False)
    return out


@pytest.fixture(scope="session")
def calls7(hands7: npt.NDArray[np.uint8]) -> list[list[int]]:
    """The first N_CALLS of those hands as Python lists (the scalar benchmarks)."""
    rows: list[list[int]] = hands7[:N_CALLS].tolist()
    return rows


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not FIGURES.rows:
        return
    tr = terminalreporter
    tr.write_sep("=", "splitpot vs peers (same hands, same run; best round)")
    groups: dict[str, list[Figure]] = {}
    for row in FIGURES.rows:
        groups.setdefault(row.group, []).append(row)
    for group, rows in groups.items():
        ours = [r for r in rows if r.library.startswith("splitpot")]
        base = next((r for r in ours if r.library == "splitpot"), ours[0] if ours else None)
        tr.write_line(f"{group}  ({rows[0].items:,} items per round)")
        for r in sorted(rows, key=lambda r: -r.rate):
            ratio = ""
            if base is not None and r is not base:
                if r.library.startswith("splitpot"):
                    ratio = f"   {r.rate / base.rate:7.2f}x splitpot's default"
                else:
                    ratio = f"   splitpot / {r.library} = {base.rate / r.rate:.2f}"
            tr.write_line(f"  {r.library:<22} {r.rate:>15,.0f} /s   checksum {r.checksum}{ratio}")
