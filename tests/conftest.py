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

# CI: a fixed, reproducible search with no example database left behind.
settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# Local default: random search, remembered failures.
settings.register_profile(
    "dev",
    max_examples=200,
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
