"""The batch API as a researcher uses it (an outside review): categories of many strengths,
numpy rows in the scalar functions, cards to and from text in bulk, the thread limit's name,
and the strided views `evaluate_many` copies."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import splitpot
from splitpot import evaluate_many
from splitpot.errors import RuleError
from splitpot.validate import MAX_THREADS


def test_max_threads_is_public_where_evaluate_many_is() -> None:
    """evaluate_many's docstring names MAX_THREADS: it is importable from splitpot and from
    the module that defines evaluate_many, and it is the limit evaluate_many enforces."""
    module = importlib.import_module("splitpot.evaluate")
    assert splitpot.MAX_THREADS is module.MAX_THREADS is MAX_THREADS
    assert "MAX_THREADS" in splitpot.__all__ and "MAX_THREADS" in module.__all__
    assert "splitpot.MAX_THREADS" in (evaluate_many.__doc__ or "")
    batch = np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)
    assert evaluate_many(batch, threads=splitpot.MAX_THREADS).tolist() == [splitpot.strength("As Ks Qs Js Ts")]
    with pytest.raises(RuleError, match=f"threads must be in 1..{splitpot.MAX_THREADS}"):
        evaluate_many(batch, threads=splitpot.MAX_THREADS + 1)
