"""A low qualifier other than eight (the rules §1: "Qualifier rank is an option (e.g. 9)"):
``qualifier=`` of ``strength``, ``evaluate``, ``evaluate_many`` (eight-or-better) and
``equity`` (seven-card-stud-8), read as the game engine plays ``get_game("seven-card-stud-8",
qualifier=q)``: the low ace-to-five, qualifying by ``showdown._qualifies`` (unpaired, every
card at most q, the ace 1, a wild card as a zero pairing with nothing).

The evaluator reads qualification as a threshold on ace-to-five strength (the strength of
q, q-1 .. q-4); these tests check that threshold against the rule itself on every five-card
hand, on wild-card hands against the engine's ``_qualifies``, and equity against the brute
force (tests/equity_brute.py, whose qualifier is a plain count of low values) and against
showdowns the engine plays."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import splitpot
from equity_brute import FIELDS, brute_equity
from splitpot import Ranking, equity, evaluate, evaluate_many, parse_cards, strength
from splitpot.engine.showdown import _qualifies, evaluate_hands
from splitpot.errors import ArgumentTypeError, CardError, RankingError, RuleError
from splitpot.games import get_game

QUALIFIERS = range(5, 14)


@pytest.fixture(scope="module")
def every_five() -> npt.NDArray[np.uint8]:
    every = itertools.chain.from_iterable(itertools.combinations(range(52), 5))
    return np.fromiter(every, dtype=np.uint8).reshape(-1, 5)


def rule(hands: npt.NDArray[np.uint8], q: int) -> npt.NDArray[np.bool_]:
    """The engine's rule on natural five-card hands, vectorized: five different ranks,
    each at most q, the ace counting 1."""
    ranks = hands // 4
    values = np.where(ranks == 12, 1, ranks + 2)
    distinct = (np.sort(ranks, axis=1)[:, 1:] != np.sort(ranks, axis=1)[:, :-1]).all(axis=1)
    return distinct & (values.max(axis=1) <= q)


@pytest.mark.parametrize("q", QUALIFIERS)
def test_threshold_is_the_rule_on_every_five_card_hand(q: int, every_five: npt.NDArray[np.uint8]) -> None:
    a5 = evaluate_many(every_five, "ace-to-five")
    got = evaluate_many(every_five, "eight-or-better", qualifier=q, threads=2)
    qualifying = rule(every_five, q)
    assert len(every_five) == 2_598_960
    if q == 8:  # eight-or-better itself: its own scale, the same hands
        assert ((got > 0) == qualifying).all()
        assert got.tolist() == evaluate_many(every_five, "eight-or-better").tolist()
    else:
        assert got.tolist() == np.where(qualifying, a5, 0).tolist()
    assert int(qualifying.sum()) == 4**5 * len(list(itertools.combinations(range(q), 5)))


def test_engine_rule_on_one_hand_of_every_ace_to_five_class(every_five: npt.NDArray[np.uint8]) -> None:
    """Ace-to-five ignores suits: one hand of each of its strengths stands for every hand
    of it. The engine's ``_qualifies`` of its ace-to-five Hand against the threshold."""
    a5 = evaluate_many(every_five, "ace-to-five")
    _, first = np.unique(a5, return_index=True)
    for i in first:
        cards = every_five[i].tolist()
        hand = evaluate(cards, "ace-to-five")
        assert hand is not None
        for q in QUALIFIERS:
            mine = strength(cards, "eight-or-better", qualifier=q)
            assert (mine > 0) == _qualifies(hand, q), (cards, q)
            if q != 8:
                assert mine in (0, hand.strength)


WILD_OPTIONS: list[dict[str, Any]] = [
    {},
    {"joker": "wild"},
    {"wild": "2"},
    {"wild": "2", "wild_low": "lowest-absent"},
    {"wild": "2", "wild_low": "best-rank"},
    {"wild": "2", "joker": "wild", "wild_low": "best-rank"},
    {"wild": ["2", "3"]},
]


def wild_hands(rng: np.random.Generator, count: int) -> Iterator[list[int]]:
    for _ in range(count):
        k = int(rng.integers(5, 8))
        yield [int(c) for c in rng.permutation(53)[:k]]


@pytest.mark.parametrize("options", WILD_OPTIONS, ids=str)
def test_wild_hands_qualify_as_the_engine_says(options: dict[str, Any], rng: np.random.Generator) -> None:
    """Random 5-7 card hands of the 53-card deck (the joker as the bug unless wild): the
    engine's ``_qualifies`` of the ace-to-five Hand it plays; the strength its own."""
    hands = list(wild_hands(rng, 1500))
    for q in (5, 7, 9, 11, 13):
        flags = []
        for cards in hands:
            hand = evaluate(cards, "ace-to-five", **options)
            mine = strength(cards, "eight-or-better", qualifier=q, **options)
            engine = hand is not None and _qualifies(hand, q)
            assert (mine > 0) == engine, (parse_cards(cards), q, options)
            assert mine == (hand.strength if engine and hand is not None else 0)
            low = evaluate(cards, "eight-or-better", qualifier=q, **options)
            assert (low.strength if low is not None else 0) == mine
            flags.append(engine)
        assert any(flags) and not all(flags)  # both kinds met
        # the batch, one call for every row of one length
        for k in (5, 6, 7):
            rows = [c for c in hands if len(c) == k]
            batch = np.array(rows, dtype=np.uint8)
            want = [strength(c, "eight-or-better", qualifier=q, **options) for c in rows]
            assert evaluate_many(batch, "eight-or-better", qualifier=q, **options).tolist() == want


def test_engine_spec_scores_the_low_as_strength_does(rng: np.random.Generator) -> None:
    """The engine's own showdown evaluation of stud 8 with qualifier 9 (and deuces wild):
    its low is ``strength(..., "eight-or-better", qualifier=9)``."""
    for options in ({}, {"wild": "2"}, {"joker": "wild"}):
        spec = get_game("seven-card-stud-8", qualifier=9, **options)
        for cards in wild_hands(rng, 400):
            if len(cards) < 7 or (52 in cards and "joker" not in options):
                continue
            want = strength(cards, "eight-or-better", qualifier=9, **options)
            assert evaluate_hands(spec, cards).low == want


def test_qualifier_forms_and_refusals() -> None:
    nine = "9c 6d 4h 3s 2c"
    s9 = strength(nine, "eight-or-better", qualifier=9)
    assert s9 == strength(nine, "ace-to-five") > 0 == strength(nine, "eight-or-better")
    assert strength(nine, "eight-or-better", qualifier="9") == s9
    assert strength(nine, "eight-or-better", qualifier=" 9 ") == s9
    assert strength("Tc 6d 4h 3s 2c", "eight-or-better", qualifier="T") > 0
    assert strength("Tc 6d 4h 3s 2c", "eight-or-better", qualifier=9) == 0
    assert strength(nine, "eight-or-better", qualifier=np.int64(9)) == s9
    hand = evaluate("Kd " + nine, "eight-or-better", qualifier=9)
    assert hand is not None and hand.ranking is Ranking.ACE_TO_FIVE and str(hand) == "nine-six low"
    assert strength(nine, "high", qualifier=8) == strength(nine)  # the default, anywhere
    for ranking in ("high", "ace-to-five", "deuce-to-seven", "ace-to-six"):
        with pytest.raises(RankingError, match="qualifier= is eight-or-better's option"):
            strength(nine, ranking, qualifier=9)
        with pytest.raises(RankingError, match="qualifier= is eight-or-better's option"):
            evaluate_many(np.array([[0, 5, 10, 15, 28]], dtype=np.uint8), ranking, qualifier=9)
    for bad_type in (9.0, True, None):
        with pytest.raises(ArgumentTypeError):
            strength(nine, "eight-or-better", qualifier=bad_type)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="expected 5 to 7 cards"):
        strength("9c 6d 4h 3s", "eight-or-better", qualifier=9)


@pytest.mark.parametrize("bad", [4, 14, "A", "1", "x", "²"])
def test_evaluator_refuses_a_qualifier_out_of_range_as_its_other_options(bad: object) -> None:
    """An evaluator option out of range is a RankingError (errors.py), the qualifier's too
    (it was the engine's RuleError); equity, a game option, keeps RuleError."""
    nine = "9c 6d 4h 3s 2c"
    batch = np.array([[28, 17, 9, 6, 0]], dtype=np.uint8)
    calls = (
        lambda: strength(nine, "eight-or-better", qualifier=bad),  # type: ignore[arg-type]
        lambda: evaluate(nine, "eight-or-better", qualifier=bad),  # type: ignore[arg-type]
        lambda: evaluate_many(batch, "eight-or-better", qualifier=bad),  # type: ignore[arg-type]
        lambda: splitpot.high_low(nine + " Kd", qualifier=bad),  # type: ignore[arg-type]
        lambda: strength(nine, "high", qualifier=bad),  # type: ignore[arg-type]
    )
    for call in calls:
        with pytest.raises(RankingError, match="qualifier must be"):
            call()
    with pytest.raises(RuleError, match="qualifier must be"):
        equity("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s"], qualifier=bad)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="qualifier must be"):
        get_game("seven-card-stud-8", qualifier=bad)


def test_the_evaluators_qualifier_loads_no_game_engine() -> None:
    """qualifier= is read in splitpot.validate: the evaluator's first call imports none of
    the engine (it imported splitpot.games.stud, and with it the engine's modules)."""
    code = (
        "import sys, splitpot as sp\n"
        "sp.strength('9c 6d 4h 3s 2c', 'eight-or-better', qualifier=9)\n"
        "sp.evaluate_many(sp.parse_cards_many(['9c 6d 4h 3s 2c']), 'eight-or-better', qualifier='T')\n"
        "print(sorted(m for m in sys.modules if m.startswith(('splitpot.games', 'splitpot.engine'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    from splitpot.games.stud import qualifier_value  # the old import still works: the one function
    from splitpot.validate import qualifier_value as neutral

    assert qualifier_value is neutral and qualifier_value("T") == 10


def test_high_low_takes_the_qualifier() -> None:
    """high_low(qualifier=) as strength/evaluate: the low is the ace-to-five Hand when it
    qualifies, None when not; the high is unchanged (it had no qualifier= at all)."""
    cards = "9c 6d 4h 3s 2c Kd Kh"
    hl = splitpot.high_low(cards, qualifier=9)
    assert hl.high == splitpot.high_low(cards).high
    assert hl.low is not None and hl.low == evaluate(cards, "eight-or-better", qualifier=9)
    assert hl.low.ranking is Ranking.ACE_TO_FIVE
    assert splitpot.high_low(cards).low is None
    assert splitpot.high_low(cards, qualifier=8) == splitpot.high_low(cards)
    assert splitpot.high_low("Tc 6d 4h 3s Kc Kd Kh", qualifier=9).low is None
    row = np.array(parse_cards(cards), dtype=np.uint8)
    assert splitpot.high_low(row, qualifier="9") == hl
    wild = splitpot.high_low(cards, qualifier=9, wild="K")
    assert wild.low is not None
    assert wild.low.strength == strength(cards, "eight-or-better", qualifier=9, wild="K")
    with pytest.raises(RankingError, match="qualifier= is eight-or-better's option"):
        splitpot.high_low(cards, "ace-to-five", qualifier=9)


def test_the_qualified_low_parses_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    ev = sys.modules["splitpot.evaluate"]  # (the package's name evaluate is the function)
    calls = []
    real = ev.parse_cards

    def counting(cards: Any) -> Any:
        calls.append(cards)
        return real(cards)

    monkeypatch.setattr(ev, "parse_cards", counting)
    assert ev._qualified_low("9c 6d 4h 3s 2c") == [28, 17, 10, 7, 0]
    assert len(calls) == 1
    calls.clear()
    assert ev._qualified_low(["9c", 17, "4h", 7, 0]) == [28, 17, 10, 7, 0]
    assert len(calls) == 1


# ---------------------------------------------------------------- equity

SPOTS: list[tuple[list[str], str, dict[str, Any]]] = [
    (["As 2d 3c 9h Kd Kh", "Qs Qd 7c 7d 4s 4h"], "", {}),
    (
        ["Ah 3c 9d Ts 8c", "Kd Kc 6s Jh 4c"],
        "Qs Qh Js 7s 7h Th Tc Td 5d 5h 5s 6c 6d 2s 2h 3h 8s 8h 9s 9h Kh Ks 4s 4h",
        {},
    ),
    (["Ah 3c 9d Ts 8c Kh", "Kd Kc 6s Jh 4c 5c"], "", {"joker": "bug"}),
    (["2h 3c 9d Ts 8c Kh", "Kd Kc 6s Jh 4c 5c"], "", {"wild": "2"}),
    (["2h 3c 9d Ts 8c Kh", "Kd Kc 6s Jh 4c 5c"], "", {"wild": "2", "wild_low": "best-rank"}),
    (["Ah 2c 3d 9s 8c Kh", "Kd Kc 6s 9h 4c 5c", "Th Js 7d 6d 5d 4d"], "", {}),
]


def brute_fractions(hands: list[str], dead: str, options: dict[str, Any], q: int) -> list[list[Fraction]]:
    ref = brute_equity(
        "seven-card-stud-8", hands, dead, joker=options.get("joker"), wild=options.get("wild"),
        wild_low=options.get("wild_low", "zero"), qualifier=q,
    )
    return [[ref.fraction(i, name) for name in FIELDS] for i in range(len(hands))]


@pytest.mark.parametrize("q", [5, 9, 13])
@pytest.mark.parametrize("spot", SPOTS, ids=lambda s: f"{'|'.join(s[0])} {s[2] or ''}")
def test_equity_equals_the_brute_force(spot: tuple[list[str], str, dict[str, Any]], q: int) -> None:
    hands, dead, options = spot
    want = brute_fractions(hands, dead, options, q)
    for method in ("auto", "enumerate"):
        got = equity("seven-card-stud-8", hands, dead=dead, qualifier=q, method=method, **options)
        assert ("qualifier", str(q)) in got.rules
        for i, player in enumerate(got):
            figures = [getattr(player, name) for name in FIELDS]
            assert figures == pytest.approx([float(f) for f in want[i]], abs=1e-12), (i, method)


def test_equity_qualifier_changes_the_answer_and_eight_is_the_default() -> None:
    hands = ["As 2d 3c 9h Kd Kh", "Qs Qd 7c 7d 4s 4h"]
    eight = equity("seven-card-stud-8", hands)
    assert [p.share for p in equity("seven-card-stud-8", hands, qualifier=8)] == [p.share for p in eight]
    assert equity("seven-card-stud-8", hands, qualifier="8").rules == ()
    nine = equity("seven-card-stud-8", hands, qualifier=9)
    assert nine[0].low_win > eight[0].low_win  # the nine-low now qualifies
    sampled = equity("seven-card-stud-8", hands, qualifier=9, samples=40_000, seed=3)
    assert abs(sampled[0].share - nine[0].share) < 5 * sampled[0].stderr.share  # type: ignore[union-attr]
    declared = equity("seven-card-stud-8", hands, qualifier=9, declare=["low", "high"])
    assert declared[0].low_win == nine[0].low_win


def test_equity_refuses_a_qualifier_elsewhere() -> None:
    with pytest.raises(RuleError, match="qualifier= applies to seven-card-stud-8"):
        equity("seven-card-stud", ["As Kd", "Qs Qd"], qualifier=9)
    with pytest.raises(RuleError, match="qualifier= applies to seven-card-stud-8"):
        equity("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"], qualifier=9)
    with pytest.raises(RuleError, match="qualifier must be"):
        equity("seven-card-stud-8", ["As Kd", "Qs Qd"], qualifier=14)
    assert equity("seven-card-stud", ["As Kd 2c 3c 4c 5d", "Qs Qd 2d 3d 4d 6s"], qualifier=8).outcomes > 0


def _engine_showdowns(qualifier: int, seeds: range) -> Iterator[tuple[list[str], int]]:
    """Heads-up hands the engine deals and shows down (everyone checks and calls): the
    cards dealt to each seat and the sign of seat 0's net."""
    from engine.engine_helpers import heads_up_showdowns

    spec = get_game("seven-card-stud-8", qualifier=qualifier)
    for hands, nets in heads_up_showdowns(spec, seeds):
        yield hands, int(np.sign(nets[0]))


def test_equity_agrees_with_the_engines_showdowns() -> None:
    """Complete hands as the engine dealt them with qualifier 9: seat 0 wins chips exactly
    where equity gives him more than half the pot (and where the qualifier decides a low,
    eight would have said otherwise)."""
    decided = 0
    for hands, sign in _engine_showdowns(9, range(1, 161)):
        nine = equity("seven-card-stud-8", hands, qualifier=9)
        assert int(np.sign(nine[0].share - 0.5)) == sign, hands
        decided += nine[0].share != equity("seven-card-stud-8", hands)[0].share
    assert decided > 0


def test_command_lines_take_the_qualifier() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "splitpot", *args], capture_output=True, text=True)

    out = run("eval", "9c", "6d", "4h", "3s", "2c", "Kd", "--qualifier", "9", "--plain")
    assert out.returncode == 0 and "nine-or-better    nine-six low" in out.stdout
    assert "eight-or-better" not in out.stdout
    bad = run("eval", "9c", "6d", "4h", "3s", "2c", "--qualifier", "A")
    assert bad.returncode == 2 and "--qualifier: must be a rank 5-9" in bad.stderr
    hands = ["As 2d 3c 9h Kd Kh", "Qs Qd 7c 7d 4s 4h"]
    eq = run("equity", "--game", "seven-card-stud-8", *hands, "--qualifier", "9", "--plain", "--json")
    assert eq.returncode == 0, eq.stderr
    assert '"qualifier"' in eq.stdout
    wrong = run("equity", "--game", "seven-card-stud", *hands, "--qualifier", "9", "--plain")
    assert wrong.returncode == 2 and "--qualifier applies to seven-card-stud-8 only" in wrong.stderr
    assert splitpot.equity("seven-card-stud-8", hands, qualifier=9)[0].low_win == pytest.approx(0.4)


@pytest.mark.parametrize("eight", [8, np.int64(8), "8", " 8 "])
def test_every_form_of_eight_is_the_default(eight: object) -> None:
    """The scalar fast paths test for the default qualifier first; any other 8 (a numpy
    int, text) is read and gives the same answers, on lists, text, numpy rows and wild cards."""
    row = np.array([28, 17, 10, 7, 0, 51, 47], dtype=np.uint8)  # 9c 6d 4h 3s 2c As Ks
    for cards in (row, row.tolist(), tuple(row.tolist()), "9c 6d 4h 3s 2c As Ks", "8c 6d 4h 3s 2c"):
        for ranking in ("high", "eight-or-better", "ace-to-five"):
            for options in ({}, {"wild": "K"}):
                assert strength(cards, ranking, qualifier=eight, **options) == strength(  # type: ignore[arg-type]
                    cards, ranking, **options
                )
                assert evaluate(cards, ranking, qualifier=eight, **options) == evaluate(  # type: ignore[arg-type]
                    cards, ranking, **options
                )
    batch = np.stack([row, row[::-1]])
    for ranking in ("high", "eight-or-better"):
        assert (evaluate_many(batch, ranking, qualifier=eight) == evaluate_many(batch, ranking)).all()  # type: ignore[arg-type]
    assert strength(row, "eight-or-better", qualifier=9) == strength(row, "ace-to-five")  # a row under 9


def test_a_batch_under_a_qualifier_is_its_rows(rng: np.random.Generator) -> None:
    """The floor applied in place (np.multiply by the mask) keeps the dtype and zeroes
    exactly the rows that do not qualify, on one thread and two."""
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, :7].astype(np.uint8)
    for q in (5, 9, 13):
        for threads in (1, 2):
            out = evaluate_many(hands, "eight-or-better", qualifier=q, threads=threads)
            assert out.dtype == np.uint32
            lows = evaluate_many(hands, "ace-to-five")
            floor = strength(
                [(12 if v == 1 else v - 2) * 4 + v % 4 for v in range(q - 4, q + 1)], "ace-to-five"
            )
            assert (out == np.where(lows >= floor, lows, 0)).all()
            for i in rng.choice(len(hands), 200, replace=False):
                assert out[i] == strength(hands[i], "eight-or-better", qualifier=q)
