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
    royal = splitpot.strength("As Ks Qs Js Ts")
    assert evaluate_many(batch, threads=splitpot.MAX_THREADS).tolist() == [royal]
    with pytest.raises(RuleError, match=f"threads must be in 1..{splitpot.MAX_THREADS}"):
        evaluate_many(batch, threads=splitpot.MAX_THREADS + 1)


_ROW_DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64]
_SCALAR_FUNCTIONS = [
    (splitpot.strength, "high"),
    (splitpot.strength, "deuce-to-seven"),
    (splitpot.strength, "eight-or-better"),
    (splitpot.evaluate, "high"),
    (splitpot.evaluate, "ace-to-five"),
    (splitpot.high_low, "eight-or-better"),
    (splitpot.high_low, "ace-to-six"),
]


def _outcome(fn: object, cards: object, ranking: str, **options: object) -> object:
    """What a call gives: its value, or its error's class and message."""
    try:
        return fn(cards, ranking, **options)  # type: ignore[operator]
    except Exception as err:  # the error is the outcome compared
        return type(err), str(err)


@pytest.mark.parametrize("dtype", _ROW_DTYPES)
@pytest.mark.parametrize(("fn", "ranking"), _SCALAR_FUNCTIONS)
def test_a_numpy_row_gives_what_its_text_and_its_ints_give(fn: object, ranking: str, dtype: type) -> None:
    """strength/evaluate/high_low of a batch's row (1-D integer array) equal the same call on
    the row's text and on row.tolist(), with and without wild cards and the joker."""
    rng = np.random.default_rng(7)
    deck = np.arange(53)
    for _ in range(60):
        row = rng.choice(deck, size=int(rng.integers(5, 8)), replace=False).astype(dtype)
        text = " ".join(splitpot.cards.card_text(int(c)) for c in row)
        for options in ({}, {"wild": "2"}, {"joker": "wild"}):
            got = _outcome(fn, row, ranking, **options)
            assert got == _outcome(fn, text, ranking, **options)
            assert got == _outcome(fn, row.tolist(), ranking, **options)


_BAD_ROWS = [
    [51, 47, 43, 39, 60],  # out of range
    [51, 47, 43, 39, -1],  # negative (signed dtypes)
    [51, 51, 43, 39, 35],  # duplicate
    [0, 1, 2, 3, 4, 5, 6, 7],  # eight cards
    [],  # none
    [0, 1, 2],  # too few for eight-or-better and high_low
]


@pytest.mark.parametrize("dtype", [np.int8, np.int64, np.uint8, np.uint64])
@pytest.mark.parametrize(("fn", "ranking"), _SCALAR_FUNCTIONS)
def test_a_bad_numpy_row_raises_what_the_parser_raised(fn: object, ranking: str, dtype: type) -> None:
    """A bad row raises the same class and message as before the fast path, when the row's numpy
    ints went through parse_cards (a list of numpy scalars still does)."""
    for values in _BAD_ROWS:
        if min(values, default=0) < 0 and np.dtype(dtype).kind == "u":
            continue
        row = np.array(values, dtype=dtype)
        want = _outcome(fn, list(row), ranking)  # numpy scalars: the parser's path
        got = _outcome(fn, row, ranking)
        assert got == want, (values, dtype)
        if values != [0, 1, 2] or ranking == "eight-or-better" or fn is splitpot.high_low:
            assert isinstance(got, tuple) and issubclass(got[0], splitpot.CardError), (values, got)


@pytest.mark.parametrize(
    "row",
    [
        np.array([51.0, 47, 43, 39, 35]),  # floats
        np.array([True, False, True, False, True]),  # bools
        np.array([[51, 47, 43, 39, 35]], dtype=np.uint8),  # a batch of one row, not a row
        np.ma.masked_array([51, 47, 43, 39, 35], mask=[0, 0, 0, 0, 1]),  # a masked row
    ],
)
def test_other_arrays_are_refused_as_before(row: np.ndarray) -> None:
    """Only plain 1-D integer arrays take the fast path; the rest are read (and refused) as before."""
    for fn, ranking in _SCALAR_FUNCTIONS:
        want = _outcome(fn, list(row) if row.ndim == 1 and not np.ma.isMaskedArray(row) else row, ranking)
        got = _outcome(fn, row, ranking)
        assert isinstance(got, tuple) and issubclass(got[0], splitpot.SplitpotError), got
        if row.ndim == 1 and not np.ma.isMaskedArray(row):
            assert got == want


def test_a_numpy_row_skips_the_text_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path: a numpy row no longer goes through parse_cards (it made strength(row)
    ~15x slower than strength(row.tolist()))."""
    module = importlib.import_module("splitpot.evaluate")

    def refuse(cards: object) -> None:
        raise AssertionError("parse_cards was called")

    monkeypatch.setattr(module, "parse_cards", refuse)
    row = np.array([51, 47, 43, 39, 35, 0, 1], dtype=np.uint8)
    royal = splitpot.strength([51, 47, 43, 39, 35])
    assert splitpot.strength(row) == royal
    assert splitpot.strength(row, wild="2") == royal
    hand = splitpot.evaluate(row)
    assert hand is not None and str(hand) == "royal flush"
    assert str(splitpot.high_low(row).high) == "royal flush"
