"""Equity of Mexican and five-card stud played high-low (``low=``), and penalty cards.

Every exact answer is checked against the plain-Python brute force of
``equity_brute.py`` scoring with ``wild_reference.py`` (a substitution search
that uses nothing of splitpot's evaluator), counted and enumerated alike: the
three classic lows, each ``wild_low`` rule (each player's own wild rank plays
in his low), ties, and shares that are exact fractions (no odd chip). Penalty
cards are checked the same way in a high, a split and a low-only game.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splitpot import CardError, RuleError, equity
from splitpot.cards import Card
from splitpot.cli import main
from splitpot.equity import prepare_equity
from splitpot.errors import ArgumentTypeError, RankingError

sys.path.insert(0, str(Path(__file__).resolve().parent))

from equity_brute import FIELDS, Brute, brute_equity

LOWS = ("deuce-to-seven", "ace-to-six", "ace-to-five")
WILD_LOWS = ("zero", "lowest-absent", "best-rank")


def assert_exactly(got: Any, ref: Brute) -> None:
    """Every figure equal to the brute force's fraction, counted and enumerated alike."""
    assert got.exact and got.outcomes == ref.outcomes
    for i, player in enumerate(got):
        for name in FIELDS:
            assert getattr(player, name) == pytest.approx(float(ref.fraction(i, name)), abs=1e-12), (i, name)


def both_methods(game: str, hands: list[str], **options: Any) -> list[Any]:
    results = [equity(game, hands, threads=1, method=m, **options) for m in ("auto", "enumerate")]
    a, b = results
    assert all(getattr(p, f) == getattr(q, f) for p, q in zip(a, b, strict=True) for f in FIELDS)
    return results


# Mexican stud, fourth street seen (hole card first): two cards to come in all heads-up, one each
# three-handed. Hand 1's hole card 5c pairs nothing; hand 2's 9c makes 9h wild as well; hand 3's
# 3s pairs his 3c.
MEXICAN = [
    (["5c Ad Kd 9h", "9c Qs Qh 2d"], ""),
    (["4c 2h 7d 3s", "6d 2c 5h 7c"], "As Ah Ad"),
    (["5c Ad Kd 9h", "9c Qs Qh 2d", "3s 3c 4s 6h"], "Kc Ks Kh Jc Js Jh Jd Tc Ts Th Td 8c 8s 8h 8d 7c 7s 7h"),
]


@pytest.mark.slow
@pytest.mark.parametrize("low", LOWS)
@pytest.mark.parametrize("wild_low", WILD_LOWS)
@pytest.mark.parametrize("spot", MEXICAN, ids=["heads-up", "two-wilds", "three-handed"])
def test_mexican_high_low_equals_the_reference_brute_force(
    spot: tuple[list[str], str], low: str, wild_low: str
) -> None:
    hands, dead = spot
    ref = brute_equity("mexican-stud", hands, dead, low, wild_low=wild_low, reference=True)
    for got in both_methods("mexican-stud", hands, dead=dead, low=low, wild_low=wild_low):
        assert got.low is not None and got.low.value == low
        assert_exactly(got, ref)
        assert sum(p.share for p in got) == pytest.approx(1.0, abs=1e-12)


def test_mexican_high_only_is_unchanged_by_the_low_option() -> None:
    hands, dead = MEXICAN[0]
    high_only = equity("mexican-stud", hands, dead=dead)
    split = equity("mexican-stud", hands, dead=dead, low="ace-to-six")
    assert high_only.low is None and all(p.low_win == p.low_tie == 0 for p in high_only)
    assert [p.high_win for p in split] == [p.high_win for p in high_only]
    assert [p.high_tie for p in split] == [p.high_tie for p in high_only]
    assert [p.share for p in split] != [p.share for p in high_only]


def test_own_wild_card_plays_low_as_wild_low_says() -> None:
    # Complete hands, deuce-to-seven. A: hole Kc (K wild for him), 8-5-4-3 and his wild card: 8-5-4-3
    # with a zero, or with the deuce. B: hole 8s (8 wild for him), 6-4-3-2 and his wild card:
    # zero: 6-4-3-2-0, best; lowest-absent: the five, a 6-high straight, worst; best-rank: a seven,
    # 7-6-4-3-2, best.
    hands = ["Kc 8d 5h 4s 3c", "8s 6c 4h 3d 2d"]
    a_wins_low = {"zero": 0.0, "lowest-absent": 1.0, "best-rank": 0.0}
    for wild_low, expected in a_wins_low.items():
        r = equity("mexican-stud", hands, low="deuce-to-seven", wild_low=wild_low)
        assert r.outcomes == 1 and (r[0].low_win, r[1].low_win) == (expected, 1.0 - expected), wild_low
        ref = brute_equity("mexican-stud", hands, "", "deuce-to-seven", wild_low=wild_low, reference=True)
        assert_exactly(r, ref)


def test_ties_split_each_half_exactly_without_an_odd_chip() -> None:
    # A: hole Kc, 7-5-4-3 and a wild card: a seven-high straight, the best high; low 7-5-4-3-zero.
    # B and C: 7-5-4-2 and a wild card: a pair of sevens high; low 7-5-4-2-zero each, tied and best.
    hands = ["Kc 7d 5h 4s 3c", "Kd 7s 5c 4h 2d", "Qd 7c 5s 4d 2c"]
    r = equity("mexican-stud", hands, low="deuce-to-seven")
    assert r.outcomes == 1
    assert (r[0].high_win, r[0].low_win, r[0].scoop, r[0].share) == (1.0, 0.0, 0.0, 0.5)
    for p in r[1:]:
        assert (p.high_win, p.low_win, p.low_tie, p.scoop, p.share) == (0.0, 0.0, 1.0, 0.0, 0.25)
    # Five ways: shares still exact fractions of the pot (share units divide by every tie size).
    exact = brute_equity("mexican-stud", hands[:2], "", "ace-to-five", reference=True)
    assert all(exact.fraction(i, "share").denominator in (1, 2, 4) for i in range(2))
    same_low = equity("mexican-stud", ["Kc 7d 5h 4s 3c", "Qc 7s 5c 4h 3d"], low="ace-to-five")
    assert [(p.high_tie, p.low_tie, p.share) for p in same_low] == [(1.0, 1.0, 0.5)] * 2


@pytest.mark.slow
@pytest.mark.parametrize("low", LOWS)
def test_five_card_stud_high_low_equals_the_reference_brute_force(low: str) -> None:
    hands = ["As Kd 7c 2c", "Qs Qd 2h 3h"]
    dead = "Ac Kc 9s 9h 8c 8d 7h 7s 6c 6d 5h 5s 4c 4d 3s Jh"
    ref = brute_equity("five-card-stud", hands, dead, low, reference=True)
    for got in both_methods("five-card-stud", hands, dead=dead, low=low):
        assert_exactly(got, ref)


PENALTY_SPOTS: list[tuple[str, list[str], str, dict[str, Any]]] = [
    ("seven-card-stud", ["As Ad 7c 7d 2h 9s", "Kc Kd Ks 3c 4c 5c"], "Qh Jh", {"penalty": "Ah Kh"}),
    ("seven-card-stud-high-low", ["7h 5c 4d 3s Ks", "As 2s 3c 4c 6s"], "2c 2d Kd Kc Qs Qd Qh Jd Js",
     {"penalty": "3h 8c", "low": "ace-to-six"}),
    ("seven-card-stud-8", ["Ah 2c 3d 8s 8c 5h", "Kd Kc 9s 9h 4c 5c"], "",
     {"penalty": "9", "penalty_rule": "void-card"}),
    ("mexican-stud", ["5c Ad Kd 9h", "9c Qs Qh 2d"], "", {"penalty": "Js 4d", "low": "deuce-to-seven"}),
    ("five-card-stud", ["As Kd 7c 2c", "Qs Qd 2h 3h"], "", {"penalty": "J", "penalty_rule": "void-card"}),
    ("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c"], "", {"penalty": ["5", "6"], "joker": None}),
    ("deuce-to-seven", ["7h 5h 4h 3h", "8c 6d 5d 4c"], "", {"penalty": ["2", "3", "9"]}),
]


@pytest.mark.slow
@pytest.mark.parametrize("spot", PENALTY_SPOTS, ids=[f"{s[0]}{s[3]}" for s in PENALTY_SPOTS])
def test_penalty_cards_equal_the_reference_brute_force(
    spot: tuple[str, list[str], str, dict[str, Any]],
) -> None:
    game, hands, dead, options = spot
    brute_options = {k: v for k, v in options.items() if k in ("penalty", "penalty_rule")}
    ref = brute_equity(game, hands, dead, options.get("low"), reference=True, **brute_options)
    for got in both_methods(game, hands, dead=dead, **options):
        assert_exactly(got, ref)
    plain = equity(game, hands, dead=dead, **{k: v for k, v in options.items() if k not in brute_options})
    assert [p.share for p in plain] != [p.share for p in got]  # the penalty cards change the answer


def test_every_hand_dead_splits_the_pot_equally() -> None:
    # Both hold a penalty card: no hand can win, the pot is split, counted as a tie of the first side.
    r = equity("seven-card-stud-high-low", ["As Ad 7c 7d 2h 9s 3c", "Kc Kd Ks 3s 4c 5c 6h"], penalty="2h 6h")
    assert [(p.high_tie, p.low_tie, p.share, p.scoop) for p in r] == [(1.0, 0.0, 0.5, 0.0)] * 2
    low_only = equity("lowball", ["Ah 2c 3d 4s 5h", "7c 6d 5s 3c 2d"], penalty="5", joker=None)
    assert [(p.low_tie, p.share) for p in low_only] == [(1.0, 0.5)] * 2
    one_dead = equity("lowball", ["Ah 2c 3d 4s 5h", "Kc Qd Js Tc 9d"], penalty="5", joker=None)
    assert (one_dead[1].low_win, one_dead[1].scoop, one_dead[1].share) == (1.0, 1.0, 1.0)


# Property: random late Mexican spots heads-up, any low and wild_low, equal the reference brute force.
@st.composite
def mexican_spots(draw: st.DrawFn) -> tuple[list[str], str, str]:
    cards = draw(st.permutations(range(52)))
    a, b = cards[:4], cards[4:8]
    dead = cards[8:8 + draw(st.integers(20, 36))]  # few cards left: small, exact
    text = lambda xs: " ".join(str(Card(c)) for c in xs)  # noqa: E731
    how = draw(st.sampled_from(LOWS)) + "|" + draw(st.sampled_from(WILD_LOWS))
    return [text(a), text(b)], text(dead), how


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(mexican_spots())
def test_random_mexican_high_low_spots_equal_the_brute_force(spot: tuple[list[str], str, str]) -> None:
    hands, dead, how = spot
    low, wild_low = how.split("|")
    ref = brute_equity("mexican-stud", hands, dead, low, wild_low=wild_low, reference=True)
    for got in both_methods("mexican-stud", hands, dead=dead, low=low, wild_low=wild_low):
        assert_exactly(got, ref)
        assert sum(Fraction(p.share).limit_denominator(10**9) for p in got) == 1


def test_monte_carlo_high_low_mexican_is_close() -> None:
    hands, _ = MEXICAN[0]
    exact = equity("mexican-stud", hands, low="ace-to-six")
    mc = equity("mexican-stud", hands, low="ace-to-six", samples=200_000, seed=3, threads=1)
    assert mc.low is exact.low and not mc.exact
    for p, q in zip(mc, exact, strict=True):
        assert p.stderr is not None
        assert abs(p.share - q.share) < 4 * p.stderr.share + 1e-9
        assert abs(p.low_win - q.low_win) < 4 * p.stderr.low_win + 1e-9


def test_parts_add_up_for_mexican_high_low() -> None:
    hands, dead = MEXICAN[2]
    run = prepare_equity("mexican-stud", hands, dead=dead, low="ace-to-five", penalty="2c", threads=1)
    assert run.plan()[0] == "enumerate"
    parts = [run.counts(part=k, parts=3) for k in range(3)]
    assert run.result(run.combine(parts)) == run.result(run.counts())


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"game": "seven-card-stud", "low": "ace-to-six"}, RuleError, "low= is an option of .*not of seven"),
        ({"game": "mexican-stud", "low": "eight-or-better"}, RuleError, "low of mexican-stud is one of"),
        ({"game": "mexican-stud", "low": "ace-to-six", "declare": "in-turn"}, ArgumentTypeError,
         "declare must be a sequence of declarations, one per hand"),
        ({"game": "mexican-stud", "declare": ["high", "low"]}, RuleError, "not to mexican-stud played high"),
        ({"game": "mexican-stud", "tie_keeps_half": True}, RuleError, "tie_keeps_half applies with decl"),
        ({"game": "mexican-stud", "both": True}, RuleError, "leave out both"),
        ({"game": "mexican-stud", "open_pair": True}, ArgumentTypeError, "keyword 'open_pair'; it"),
        ({"game": "mexican-stud", "hands": ["5c Ad Kd 9h 2s 3s", "9c Qs"]}, CardError,
         r"hands\[0\] has 6 cards; a mexican-stud hand holds at most 5"),
        ({"game": "mexican-stud", "low": "ace-to-six", "wild_low": "lowest"}, RuleError, "wild_low"),
        ({"game": "mexican-stud", "penalty": "Zz"}, RankingError, "unknown penalty rank or card 'Zz'"),
        ({"game": "mexican-stud", "penalty": "2", "penalty_rule": "burn"}, RuleError, "penalty_rule"),
        ({"game": "mexican-stud", "penalty": 7}, ArgumentTypeError, "penalty must be a rank"),
        ({"game": "mexican-stud", "penalty": "Jk", "joker": "wild"}, RuleError, "joker cannot be a penalty"),
    ],
)
def test_bad_input_names_the_problem(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    args = {"hands": ["5c Ad Kd 9h", "9c Qs Qh 2d"], **kwargs}
    game = args.pop("game")
    with pytest.raises(error, match=match):
        equity(game, **args)
    with pytest.raises(error, match=match):
        prepare_equity(game, **args).plan()  # the spot is checked by plan() and counts()


def test_cli_mexican_high_low(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "--game", "mexican-stud", "--low", "ace-to-six", "5c Ad Kd 9h", "9c Qs Qh 2d"]
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "mexican-stud (low: ace-to-six), exact (count): 1,892 outcomes"
    titles = ["hand", "high", "win", "high", "tie", "low", "win", "low", "tie", "scoop", "share"]
    assert out[1].split() == titles
    assert main([*argv, "--wild-low", "best-rank", "--penalty", "Js", "--penalty-rule", "void-card",
                 "--json", "--plain"]) == 0
    doc = json.loads(capsys.readouterr().out)
    api = equity("mexican-stud", ["5c Ad Kd 9h", "9c Qs Qh 2d"], low="ace-to-six", wild_low="best-rank",
                 penalty="Js", penalty_rule="void-card")
    assert doc["low"] == "ace-to-six" and [p["share"] for p in doc["players"]] == [p.share for p in api]
    assert doc["rules"] == {"wild_low": "best-rank", "penalty": "Js", "penalty_rule": "void-card"}
    assert api.rules == tuple(doc["rules"].items())


def test_the_rules_are_named_in_the_result_the_table_and_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    """Every option that changes how hands rank shows in ``rules``, the table's second line and the
    JSON; the joker whenever the deck holds one (lowball's bug by default), the rest when not the
    default."""
    hands = ["7h 5c 4d 3s Ks Kh", "As 2s 3c 4c 6s 9d"]
    plain = equity("seven-card-stud", hands)
    assert plain.rules == ()
    ranked = equity("seven-card-stud", hands, wild=["2", "Ks", "Kh"], joker="wild", duplicate=True,
                    penalty=["Qd", "Qc", "Qh", "Qs"], positional="lowest-hole-card")
    assert ranked.rules == (("joker", "wild"), ("wild", "2 Kh Ks"), ("duplicate", "yes"),
                            ("penalty", "Q"), ("penalty_rule", "dead-hand"),
                            ("positional", "lowest_hole_card"))
    assert equity("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"]).rules == (("joker", "bug"),)
    assert equity("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"], joker=None).rules == ()
    assert main(["equity", "-g", "seven-card-stud", *hands]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[0] == "hand"  # no rules line
    argv = ["equity", "-g", "seven-card-stud", *hands, "--wild", "2", "--joker", "wild",
            "--positional", "lowest-hole-card"]
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "rules: joker wild, wild 2, positional lowest-hole-card"  # as the flag says it
    assert main([*argv, "--json"]) == 0
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert rules == {"joker": "wild", "wild": "2", "positional": "lowest_hole_card"}


def test_cli_errors_name_the_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "--game", "jackpots", "--low", "ace-to-six", "Ah Ad", "Kc Kd"]) == 2
    assert "--low is an option of" in capsys.readouterr().err
    assert main(["equity", "--game", "mexican-stud", "--penalty", "Zz", "5c Ad", "9c Qs"]) == 2
    assert "unknown penalty rank or card 'Zz'" in capsys.readouterr().err
