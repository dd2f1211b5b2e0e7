"""A natural batch holding the joker (card 52, the bug): ``evaluate_many`` without wild
options evaluates the natural rows on the natural path and then only the joker rows,
a group at a time, with the joker as the bug. Each row must equal :func:`splitpot.strength`
of it (the per-row scalar evaluator) and the wild-card batch with no option (the path
that used to take the whole batch), wherever the jokers are."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from splitpot import Ranking, _core, evaluate_many, strength
from splitpot.errors import CardError

RANKINGS = [r.value for r in Ranking]
RANKING_ID = {r.value: i for i, r in enumerate(Ranking)}


def deal(rng: np.random.Generator, rows: int, k: int, where: str) -> npt.NDArray[np.uint8]:
    """Random rows of k cards; the joker in the rows `where` names: none, every row, the
    first row alone, the last row alone, or random rows (the 53-card deck)."""
    hands = np.argsort(rng.random((rows, 52)), axis=1)[:, :k].astype(np.uint8)
    place = rng.integers(0, k, rows)
    if where == "every":
        hands[np.arange(rows), place] = 52
    elif where == "first":
        hands[0, place[0]] = 52
    elif where == "last":
        hands[-1, place[-1]] = 52
    elif where == "deck":
        hands = np.argsort(rng.random((rows, 53)), axis=1)[:, :k].astype(np.uint8)
    return hands


def wild_path(hands: npt.NDArray[np.uint8], ranking: str, threads: int = 1) -> list[int]:
    """The wild-card batch with every option at its default (the joker as the bug)."""
    rid = RANKING_ID[ranking]
    return _core.evaluate_many_wild(hands, rid, (0, 0, 0, False, 0, 0), None, threads, True).tolist()


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("where", ["none", "every", "first", "last", "deck"])
@pytest.mark.parametrize("ranking", RANKINGS)
def test_every_row_is_its_strength(k: int, where: str, ranking: str, rng: np.random.Generator) -> None:
    hands = deal(rng, 600, k, where)
    expected = [strength(row.tolist(), ranking) for row in hands]
    for check in (True, False):
        got = evaluate_many(hands, ranking, check=check)
        assert got.dtype == np.uint32
        assert got.tolist() == expected
    assert wild_path(hands, ranking) == expected
    if where != "none":
        assert 52 in hands


@pytest.mark.parametrize("ranking", RANKINGS)
@pytest.mark.parametrize("where", ["deck", "every", "last"])
def test_two_threads_split_the_joker_rows(ranking: str, where: str, rng: np.random.Generator) -> None:
    """Big enough for two threads (each thread finishes the joker rows of its part): the
    same as one thread and as the wild path; the joker rows again as single hands."""
    hands = deal(rng, 140_000, 7, where)
    one = evaluate_many(hands, ranking, threads=1)
    two = evaluate_many(hands, ranking, threads=2, check=False)
    assert one.tolist() == two.tolist() == wild_path(hands, ranking, threads=2)
    joker_rows = np.flatnonzero((hands == 52).any(axis=1))
    for i in joker_rows[:: max(1, len(joker_rows) // 300)]:
        assert one[i] == strength(hands[i].tolist(), ranking)


@pytest.mark.parametrize("threads", [1, 2])
def test_repeated_cards_refused_with_the_row(threads: int, rng: np.random.Generator) -> None:
    """Jokers elsewhere do not hide a repeated card, nor a row holding the joker twice."""
    hands = deal(rng, 140_000, 7, "deck")
    for row, (a, b) in ((5, (1, 4)), (99_999, (0, 6))):
        bad = hands.copy()
        bad[row, b] = bad[row, a]
        with pytest.raises(CardError, match=rf"^row {row}: duplicate card"):
            evaluate_many(bad, threads=threads)
        evaluate_many(bad, threads=threads, check=False)  # unchecked: no error
    bad = hands.copy()
    bad[70_000, 2] = bad[70_000, 3] = 52
    with pytest.raises(CardError, match=r"^row 70000: duplicate card Jk"):
        evaluate_many(bad, threads=threads)
    bad[70_000, 3] = 53
    with pytest.raises(CardError, match=r"^row 70000: card 53 is out of range"):
        evaluate_many(bad, threads=threads, check=False)


def test_joker_rows_with_a_qualifier() -> None:
    """The joker rows of an eight-or-better batch under another qualifier: ace-to-five's
    strength where the row qualifies (the bug as the lowest rank absent)."""
    hands = np.array([[52, 28, 17, 9, 6], [52, 36, 32, 28, 24]], dtype=np.uint8)  # Jk 9c 6d 4d 3h; Jk T-9-8-7
    got = evaluate_many(hands, "eight-or-better", qualifier=9).tolist()
    assert got == [strength(row.tolist(), "eight-or-better", qualifier=9) for row in hands]
    assert got[0] == strength(hands[0].tolist(), "ace-to-five") and got[1] == 0


def test_the_cores_bug_flag_is_keyword_only() -> None:
    """_core.evaluate_many's bug= is keyword-only, as the bindings' other flags
    (equity's declare=, qualifier=); the equity checks' docstrings name qualifier."""
    hands = np.array([[52, 47, 43, 39, 35]], dtype=np.uint8)
    assert _core.evaluate_many(hands, 0, 1, True, bug=True).tolist() == [strength(hands[0].tolist())]
    with pytest.raises(TypeError):
        _core.evaluate_many(hands, 0, 1, True, True)  # type: ignore[misc]
    for name in ("equity_plan", "equity_outcomes"):
        assert "qualifier" in (getattr(_core, name).__doc__ or "").split("\n\n", 1)[-1]  # past the signature
