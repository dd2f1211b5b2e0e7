"""Shared fixtures and the Hypothesis profiles of the splitpot test suite."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, settings

# `reference` sits beside the tests; make it importable whatever --import-mode says.
sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference as ref

# The terminal of whoever runs the suite does not reach the tests (nor the commands they
# run): a test of a width, TERM=dumb or a locale sets it itself. (When they reached them,
# COLUMNS=40 failed 3 tests, TERM=dumb 12 and LC_ALL=C 3: lines wrapped, no colours, no suits.)
for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)
if os.environ.get("TERM", "").lower() in ("dumb", "unknown"):  # (rich's test, and the table's)
    os.environ["TERM"] = "xterm-256color"
if "LC_ALL" in os.environ and "utf" not in os.environ["LC_ALL"].lower().replace("-", ""):
    os.environ["LC_ALL"] = "C.UTF-8"

# 100 examples a test, Hypothesis's own default; a longer search is the "thorough" profile below.
# CI: a fixed, reproducible search with no example database left behind.
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# Local default: random search, remembered failures.
settings.register_profile(
    "dev",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# Long local runs: HYPOTHESIS_PROFILE=thorough pytest tests/test_properties.py
settings.register_profile(
    "thorough",
    max_examples=5_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def rng() -> np.random.Generator:
    """A fresh, seeded generator per test (reproducible failures)."""
    return np.random.default_rng(20_26_11_29)


@pytest.fixture(scope="session")
def all_five_card_hands() -> npt.NDArray[np.uint8]:
    """All 2,598,960 five-card hands as one (N, 5) uint8 array."""
    hands = ref.all_five_card_hands()
    hands.setflags(write=False)
    return hands


@pytest.fixture(scope="session")
def five_card_strengths(all_five_card_hands: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.uint32]]:
    """splitpot's strength of all five-card hands, one ``evaluate_many`` batch per ranking."""
    from splitpot import evaluate_many

    out = {}
    for ranking in ref.RANKINGS:
        values = evaluate_many(all_five_card_hands, ranking)
        assert values.dtype == np.uint32
        assert values.shape == (ref.N_FIVE_CARD_HANDS,)
        values.setflags(write=False)
        out[ranking] = values
    return out


@pytest.fixture(scope="session")
def five_card_ordinals(all_five_card_hands: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.int32]]:
    """The reference ordinal of every five-card hand, per ranking."""
    return {ranking: ref.ref_ordinals(all_five_card_hands, ranking) for ranking in ref.RANKINGS}


@pytest.fixture(scope="session")
def class_strengths(
    five_card_strengths: dict[str, npt.NDArray[np.uint32]],
    five_card_ordinals: dict[str, npt.NDArray[np.int32]],
) -> dict[str, npt.NDArray[np.int64]]:
    """splitpot's strength of each reference class (index = reference ordinal, -1 where no
    five-card hand has it), read off the exhaustive five-card run.  A best-five-of-n
    strength must equal the strength of its best five's class (the contract makes 5-7
    card strengths comparable, so ties are equal).  test_exhaustive checks that this map
    is well defined and strictly increasing."""
    out = {}
    for ranking in ref.RANKINGS:
        table = np.full(len(ref.class_table(ranking).keys), -1, dtype=np.int64)
        table[five_card_ordinals[ranking]] = five_card_strengths[ranking]
        out[ranking] = table
    return out
