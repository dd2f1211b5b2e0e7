"""Equity with declarations (``declare=``): each outcome's pot split as the game engine splits a
declared pot.

The cross-check is independent of the C++ core's settling: a plain-Python brute force deals
every completion of small spots (``itertools``), scores each hand with :func:`splitpot.strength`
and splits a pot of ``EQUITY_SHARE_UNITS`` chips with the engine's own ``resolve_declared`` (no
odd chips: every split of a half among up to 16 hands is whole), then reads the counts from the
shares as equity's contract says (a side's winners alone or tied, an equal split a high tie of
everyone, the whole pot alone a scoop).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splitpot import _core, parse_cards, strength
from splitpot.cli import main
from splitpot.engine.declare import Declaration, resolve_declared
from splitpot.engine.pots import Pot, Side
from splitpot.equity import equity, prepare_equity
from splitpot.errors import ArgumentTypeError, RuleError

UNITS = _core.EQUITY_SHARE_UNITS
FIELDS = ("high_win", "high_tie", "low_win", "low_tie", "scoop", "share")
LOWS = {"seven-card-stud-8": "eight-or-better", "seven-card-stud-high-low": "deuce-to-seven"}


def brute(
    game: str, hands: list[str], declare: list[str], *, dead: str = "", tie_keeps_half: bool = False
) -> tuple[int, list[dict[str, int]]]:
    """Every completion of a seven-card spot, each pot resolved by ``resolve_declared``."""
    known = [parse_cards(h) for h in hands]
    used = {int(c) for h in known for c in h} | {int(c) for c in parse_cards(dead)}
    deck = [c for c in range(52) if c not in used]
    missing = [7 - len(h) for h in known]
    low_ranking = LOWS[game]
    declared = {i: Declaration(d) for i, d in enumerate(declare)}
    n = len(hands)
    counts = [dict.fromkeys(FIELDS, 0) for _ in range(n)]
    outcomes = 0

    def deal(i: int, left: list[int], got: list[list[int]]) -> None:
        nonlocal outcomes
        if i == n:
            outcomes += 1
            final = [[int(c) for c in known[p]] + got[p] for p in range(n)]
            high = {p: strength(final[p], "high") for p in range(n)}
            low = {p: strength(final[p], low_ranking) for p in range(n)}
            out = resolve_declared(
                0,
                Pot(amount=UNITS, eligible=tuple(range(n))),
                declared,
                high=high,
                low=low,
                priority=lambda seats, side: seats,
                tie_keeps_half=tie_keeps_half,
            )
            sides: dict[str, list[int]] = {"high": [], "low": []}
            won = [0] * n
            for share in out.shares:
                won[share.seat] += share.amount
                if share.side is Side.EQUAL:
                    counts[share.seat]["high_tie"] += 1
                else:
                    sides[share.by].append(share.seat)
            for side, seats in sides.items():
                for seat in seats:
                    counts[seat][f"{side}_{'win' if len(seats) == 1 else 'tie'}"] += 1
            for p in range(n):
                counts[p]["share"] += won[p]
                counts[p]["scoop"] += won[p] == UNITS
            assert sum(won) == UNITS
            return
        for cards in itertools.combinations(left, missing[i]):
            rest = [c for c in left if c not in cards]
            deal(i + 1, rest, [*got, list(cards)])

    deal(0, deck, [])
    return outcomes, counts


def assert_exact(game: str, hands: list[str], declare: list[str], **kwargs: Any) -> None:
    outcomes, counts = brute(game, hands, declare, **kwargs)
    r = equity(game, hands, declare=declare, threads=1, **kwargs)
    assert r.exact and r.method == ("count" if len(hands) == 2 else "enumerate") and r.outcomes == outcomes
    assert r.declare == tuple(declare)
    for p, c in zip(r, counts, strict=True):
        for name in FIELDS[:-1]:
            assert getattr(p, name) * outcomes == pytest.approx(c[name], abs=1e-6), (name, declare)
        assert p.share * outcomes * UNITS == pytest.approx(c["share"], rel=1e-12, abs=1e-3)
    # The core's integer counts, exactly (no rounding through fractions).
    for method in ("auto", "enumerate"):
        run = prepare_equity(game, hands, declare=declare, threads=1, method=method, **kwargs)
        rows = run.counts()[0]
        assert [list(row[:6]) for row in rows] == [[c[f] for f in FIELDS] for c in counts], method


# Small seven-card spots (one or two unknown cards in all): pairs of aces and wheels, tied
# boards, hands that can only make an unqualified low in stud 8.
SPOTS = [
    ("seven-card-stud-8", ["Ah 2c 3d 8s 8c 9d", "Kd Kc 9s 9h 4c 5c"], "Qh Qs Js Jh Tc Td 7s 7c 6d 6h Ks Kh"),
    (
        "seven-card-stud-8",
        ["As 2s 3s 4s 5d 9c", "Ad 2d 3d 4d 5h 9h", "Kd Kc Qs Qh Jc Jd 6s"],
        "Tc Th Ts 7d 7h 8c 8h 6c 6h 2h 3h",
    ),
    (
        "seven-card-stud-8",
        ["As Ks Qs Js 9d 9c", "Kd Kc Qc Qh Jd Jh 9h", "Ad 2d 5c 6c 7s Ts Th", "Ac 3c 4c 8d 8h Td Tc"],
        "2c 3s 4s 5s 6s 7c 8c 8s 2h 3h 4h 5h 6h 7h",
    ),
    (
        "seven-card-stud-high-low",
        ["As Ad 2c 3c 4d 5h", "Kd Kc 2d 3d 4c 7s", "Ah Ac Qh Jh 9h 8h 7h"],
        "Qs Qd Js Jd Tc Td Ts 9s 9d 8s 8c 6s 6d",
    ),
    (
        "seven-card-stud-high-low",
        ["2c 3c 4c 5c 7d Kd", "2d 3d 4d 5d 7h Ks"],
        "As Ah Ad Ac Qs Qh Qd Qc Js Jh Jd Jc Ts Th Td Tc 9s 9h 9d 9c",
    ),
]


@pytest.mark.parametrize(("game", "hands", "dead"), SPOTS)
@pytest.mark.parametrize("tie_keeps_half", [False, True])
def test_exact_equals_brute_force_for_every_declaration(
    game: str, hands: list[str], dead: str, tie_keeps_half: bool
) -> None:
    for declare in itertools.product(("high", "low", "both"), repeat=len(hands)):
        assert_exact(game, hands, list(declare), dead=dead, tie_keeps_half=tie_keeps_half)


def test_the_spots_reach_every_rule() -> None:
    """The cross-check's spots hold the cases the rules name: swings that forfeit, halves a swing
    keeps (tie_keeps_half), unqualified lows, ties of a side, and equal splits."""
    seen: set[str] = set()
    for game, hands, dead in SPOTS:
        for declare in itertools.product(("high", "low", "both"), repeat=len(hands)):
            plain, counts = brute(game, hands, list(declare), dead=dead)
            kept = brute(game, hands, list(declare), dead=dead, tie_keeps_half=True)[1]
            if kept != counts:
                seen.add("tie keeps half")
            for d, c in zip(declare, counts, strict=True):
                if d == "both" and c["scoop"] < plain:
                    seen.add("swing fails")
                if c["high_tie"] or c["low_tie"]:
                    seen.add("tie")
            all_low = all(d == "low" for d in declare) and game == "seven-card-stud-8"
            if all_low and any(c["high_tie"] for c in counts):
                seen.add("unqualified lows: equal split")
    assert seen == {"tie keeps half", "swing fails", "tie", "unqualified lows: equal split"}


def test_monte_carlo_agrees_with_exact() -> None:
    game, hands, dead = SPOTS[2]
    hands = [hands[0][:-3], hands[1], hands[2][:-3], hands[3]]  # a bigger spot: two cards to come
    declare = ["both", "high", "low", "both"]
    exact = equity(game, hands, dead=dead, declare=declare, threads=1)
    mc = equity(game, hands, dead=dead, declare=declare, samples=200_000, seed=11, threads=2)
    assert exact.exact and not mc.exact and mc.declare == tuple(declare)
    for p, q in zip(exact, mc, strict=True):
        assert q.stderr is not None
        for name in FIELDS:
            assert abs(getattr(p, name) - getattr(q, name)) <= 4 * getattr(q.stderr, name) + 1e-9, name
    assert sum(q.share for q in mc) == pytest.approx(1.0)


def test_monte_carlo_is_the_same_at_any_thread_count() -> None:
    hands = ["As 2d 3c 8s", "Kd Kc 9s", "7h 6h 5h"]
    a = equity("seven-card-stud-8", hands, declare=["both", "high", "low"], samples=50_000, seed=3, threads=1)
    b = equity("seven-card-stud-8", hands, declare=["both", "high", "low"], samples=50_000, seed=3, threads=2)
    assert a == b


@pytest.mark.parametrize("game", ["seven-card-stud-8", "seven-card-stud-high-low"])
def test_heads_up_high_against_low_halves_every_outcome(game: str) -> None:
    """One declares high, the other low: each takes his half in every outcome where a low
    qualifies (always in the classic game; in stud 8 otherwise the high declarer takes all)."""
    hands = ["Ah 2c 3d 8s 8c", "Kd Kc 7s 5h 4c"]
    r = equity(game, hands, declare=["high", "low"], threads=1)
    run = prepare_equity(game, hands, declare=["high", "low"], threads=1)
    rows = run.counts()[0]
    if game == "seven-card-stud-high-low":
        assert r[0].high_win == 1.0 and r[1].low_win == 1.0 and r[0].scoop == 0.0 and r[1].scoop == 0.0
        assert rows[0][5] == rows[1][5] == r.outcomes * UNITS // 2
    else:
        assert r[0].high_win == 1.0 and r[0].scoop == 1.0 - r[1].low_win and 0 < r[1].low_win < 1
        assert rows[1][5] == rows[1][2] * UNITS // 2
        assert rows[0][5] == r.outcomes * UNITS - rows[1][5]


def test_declaring_as_cards_speak_gives_cards_speak() -> None:
    """Where one hand always has the best high and the other always the only qualifying low,
    declaring those sides gives the cards-speak figures exactly."""
    hands = ["As Ah Ad Ac Ks 9c", "2c 3c 4d 5h 7s Qd"]
    speak = equity("seven-card-stud-8", hands, threads=1, method="enumerate")
    declared = equity("seven-card-stud-8", hands, declare=["high", "low"], threads=1)
    assert [(p.share, p.scoop, p.high_win, p.low_win) for p in speak] == [
        (p.share, p.scoop, p.high_win, p.low_win) for p in declared
    ]


def test_the_declare_game_is_the_classic_game_declared() -> None:
    hands = ["As Ad 2c 3c 4d 5h", "Kd Kc 2d 3d 4c 7s"]
    a = equity("seven-card-stud-declare", hands, declare=["both", "low"], threads=1)
    b = equity("seven-card-stud-high-low", hands, declare=["both", "low"], threads=1)
    assert replace(a, variant=None) == b and a.game.value == "seven-card-stud-high-low"
    assert a.variant == "seven-card-stud-declare"
    c = equity("seven-card-stud-declare", hands, declare=["both", "low"], low="ace-to-five", threads=1)
    assert c.low is not None and c.low.value == "ace-to-five" and c != a


def test_declarations_in_five_card_and_mexican_stud_given_a_low() -> None:
    for game in ("five-card-stud", "mexican-stud"):
        hands = ["5c Ad 2d 3h", "9c Qs Qh 2s"]
        r = equity(game, hands, low="ace-to-six", declare=["both", "high"], threads=1)
        assert r.exact and sum(p.share for p in r) == pytest.approx(1.0)
        assert r[0].scoop == r[0].high_win  # a swing who wins the high wins alone, and the low too


def test_declaration_enum_and_names_are_the_same() -> None:
    hands = ["Ah 2c 3d 8s 8c 9d", "Kd Kc 9s 9h 4c 5c"]
    a = equity("seven-card-stud-8", hands, declare=[Declaration.BOTH, Declaration.LOW], threads=1)
    b = equity("seven-card-stud-8", hands, declare=("BOTH", "low"), threads=1)
    assert a == b and a.declare == ("both", "low")


# Heads-up spots of every game that takes declarations, counted and enumerated: lows that do
# not qualify (stud 8), tied highs and lows, both-declarers who fail, dead hands (penalty
# cards: a high of 0 too) and wild cards.
HEADS_UP: list[tuple[str, list[str], dict[str, Any]]] = [
    ("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"], {}),
    ("seven-card-stud-8", ["As 2s 3s 4s 5d 9c", "Ad 2d 3d 4d 5h"], {"dead": "Kc Kd Qs Qh"}),
    ("seven-card-stud-8", ["7h 6h 5c Ks Kh", "8d 4d 3c Qc Qd"], {"penalty": "7c 8c", "dead": "9s"}),
    ("seven-card-stud-8", ["2c Ad 7c 7d 9s 3h", "Kc Kd 3s 3c 4c"], {"wild": "2"}),
    ("seven-card-stud-high-low", ["2c 3c 4c 5c 7d Kd", "2d 3d 4d 5d 7h"], {}),
    ("seven-card-stud-high-low", ["As Ad 2c 3c 4d", "Kd Kc 2d 3d 4c"], {"low": "ace-to-five"}),
    (
        "seven-card-stud-declare",
        ["7h 5c 4d 3s Ks", "As 2s 3c 4c 6s 9d"],
        {"low": "ace-to-six", "penalty": "5"},
    ),
    ("five-card-stud", ["As 2d 7c", "Qs 3d 4h"], {"low": "ace-to-five", "dead": "Ac Kc 9s 9h"}),
    (
        "five-card-stud",
        ["5s 4d 9h", "5c 4h 8s"],
        {"low": "deuce-to-seven", "penalty": "J", "penalty_rule": "void-card"},
    ),
    ("mexican-stud", ["5c Ad Kd", "9c Qs 2h"], {"low": "ace-to-six"}),
    ("mexican-stud", ["3c 4d 6s", "3h Ah 5s"], {"low": "ace-to-five", "penalty": "Kd"}),
]


def exact_counts(game: str, hands: list[str], method: str, **kwargs: Any) -> tuple[int, list[list[int]]]:
    """The core's integer counts of an exact run: (outcomes, each player's row)."""
    counts = prepare_equity(game, hands, threads=1, method=method, **kwargs).counts()
    assert counts[2] and counts[3] == {"count": 2, "enumerate": 1}[method]
    return counts[1], [list(row) for row in counts[0]]


@pytest.mark.parametrize(("game", "hands", "options"), HEADS_UP)
def test_heads_up_counting_equals_enumeration_for_every_declaration(
    game: str, hands: list[str], options: dict[str, Any]
) -> None:
    """Counted and enumerated, every integer the same, for each pair of declarations with and
    without tie_keeps_half."""
    for declare in itertools.product(("high", "low", "both"), repeat=2):
        for keeps in (False, True):
            kwargs = {"declare": list(declare), "tie_keeps_half": keeps, **options}
            counted = exact_counts(game, hands, "count", **kwargs)
            assert counted == exact_counts(game, hands, "enumerate", **kwargs), (declare, keeps)
            assert equity(game, hands, threads=1, **kwargs).method == "count"


def test_the_heads_up_spots_reach_every_rule() -> None:
    """The counted spots hold swings that forfeit, halves kept (tie_keeps_half), ties, lows that
    do not qualify (an equal split when only low was declared), and dead hands (a penalty card
    changes the counts)."""
    seen: set[str] = set()
    for game, hands, options in HEADS_UP:
        for declare in itertools.product(("high", "low", "both"), repeat=2):
            outcomes, rows = exact_counts(game, hands, "count", declare=list(declare), **options)
            kept = exact_counts(game, hands, "count", declare=list(declare), tie_keeps_half=True, **options)
            if kept[1] != rows:
                seen.add("tie keeps half")
            for d, (_, ht, _, lt, scoop, _, _) in zip(declare, rows, strict=True):
                if d == "both" and scoop < outcomes:
                    seen.add("swing fails")
                if ht or lt:
                    seen.add("tie")
            if declare == ("low", "low") and rows[0][1] and game == "seven-card-stud-8":
                seen.add("unqualified lows: equal split")
        if options.get("penalty_rule", "dead-hand") == "dead-hand" and "penalty" in options:
            plain = {k: v for k, v in options.items() if k != "penalty"}
            declare = ["both", "high"]
            if exact_counts(game, hands, "count", declare=declare, **options) != exact_counts(
                game, hands, "count", declare=declare, **plain
            ):
                seen.add("dead hands")
    assert seen == {"tie keeps half", "swing fails", "tie", "unqualified lows: equal split", "dead hands"}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.permutations(range(52)),
    spot=st.sampled_from(
        [
            ("seven-card-stud-8", None, 5),
            ("seven-card-stud-8", None, 6),
            ("seven-card-stud-high-low", "deuce-to-seven", 6),
            ("seven-card-stud-high-low", "ace-to-six", 5),
            ("seven-card-stud-declare", "ace-to-five", 6),
            ("five-card-stud", "ace-to-five", 3),
            ("five-card-stud", "deuce-to-seven", 4),
            ("mexican-stud", "ace-to-six", 3),
            ("mexican-stud", "ace-to-five", 4),
        ]
    ),
    short=st.integers(0, 1),
    declare=st.lists(st.sampled_from(["high", "low", "both"]), min_size=2, max_size=2),
    keeps=st.booleans(),
    penalty=st.integers(0, 2),
)
def test_random_heads_up_declared_counting_equals_enumeration(
    deal: list[int],
    spot: tuple[str, str | None, int],
    short: int,
    declare: list[str],
    keeps: bool,
    penalty: int,
) -> None:
    from splitpot import Card

    game, low, known = spot
    cards = [str(Card(c)) for c in deal]
    hands = [" ".join(cards[:known]), " ".join(cards[known : 2 * known - short])]
    options: dict[str, Any] = {"declare": declare, "tie_keeps_half": keeps}
    if low is not None:
        options["low"] = low
    if penalty:  # a card still in the deck as a penalty card: some completions are dead hands
        options["penalty"] = cards[2 * known]
        options["penalty_rule"] = "dead-hand" if penalty == 1 else "void-card"
    assert exact_counts(game, hands, "count", **options) == exact_counts(game, hands, "enumerate", **options)


def test_parts_add_up_with_declarations() -> None:
    hands = ["As 2s 3s 4s 5d 9c", "Ad 2d 3d 4d 5h", "Kd Kc Qs Qh Jc Jd"]
    run = prepare_equity("seven-card-stud-8", hands, declare=["both", "low", "high"], tie_keeps_half=True)
    assert run.plan()[0] == "enumerate"
    parts = [run.counts(part=k, parts=3) for k in range(3)]
    assert run.result(run.combine(parts)) == run.result(run.counts())
    heads_up = prepare_equity("seven-card-stud-8", hands[:2], declare=["both", "low"], tie_keeps_half=True)
    assert heads_up.plan() == ("count", 1)  # counting is not split: part 0 counts it all
    parts = [heads_up.counts(part=k, parts=3) for k in range(3)]
    assert heads_up.result(heads_up.combine(parts)) == heads_up.result(heads_up.counts())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.permutations(range(52)),
    n=st.integers(2, 3),
    declare=st.lists(st.sampled_from(["high", "low", "both"]), min_size=3, max_size=3),
    keeps=st.booleans(),
    game=st.sampled_from(sorted(LOWS)),
)
def test_random_spots_and_declarations_equal_brute_force(
    deal: list[int], n: int, declare: list[str], keeps: bool, game: str
) -> None:
    from splitpot import Card

    cards = [str(Card(c)) for c in deal]
    sizes = [6, 7, 6][:n]  # one or two cards to come in all
    hands, at = [], 0
    for k in sizes:
        hands.append(" ".join(cards[at : at + k]))
        at += k
    dead = " ".join(cards[at : at + 22])  # a deck of at most 21 cards left
    assert_exact(game, hands, declare[:n], dead=dead, tie_keeps_half=keeps)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"declare": ["high"]}, RuleError, "one declaration per hand: 2 hands, 1 declarations"),
        ({"declare": ["high", "middle"]}, RuleError, r"declare\[1\] must be high, low or both, got 'middle'"),
        ({"declare": ["high", 2]}, ArgumentTypeError, r"declare\[1\] must be high, low or both"),
        ({"declare": "high low"}, ArgumentTypeError, "declare must be a sequence of declarations"),
        ({"declare": "in-turn"}, ArgumentTypeError, "declare must be a sequence of declarations"),
        ({"tie_keeps_half": True}, RuleError, "tie_keeps_half applies with declarations only"),
        ({"declare": ["high", "low"], "tie_keeps_half": "yes"}, ArgumentTypeError, "tie_keeps_half"),
        ({"declare": ["high", "low"], "both": True}, RuleError, "leave out both"),
        (
            {"game": "seven-card-stud", "declare": ["high", "low"]},
            RuleError,
            "declare= applies to the high-low games .*not to seven-card-stud$",
        ),
        (
            {"game": "five-card-stud", "declare": ["high", "low"]},
            RuleError,
            "not to five-card-stud played high only",
        ),
        ({"game": "lowball", "declare": ["high", "low"]}, RuleError, "not to lowball"),
        (
            {"game": "seven-card-stud-declare"},
            RuleError,
            "seven-card-stud-declare is won as the players declare",
        ),
    ],
)
def test_bad_input_names_the_problem(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    game = kwargs.pop("game", "seven-card-stud-8")
    hands = ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"]
    with pytest.raises(error, match=match):
        equity(game, hands, **kwargs)
    with pytest.raises(error, match=match):
        prepare_equity(game, hands, **kwargs).plan()


def test_the_core_refuses_declarations_it_cannot_settle() -> None:
    run = prepare_equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"])
    args = (*run.core, 0, 0, 1, run.max_outcomes, 0.0, 0.0)
    with pytest.raises(RuleError, match="one per hand: 2 hands, 3 declarations"):
        _core.equity(*args, 2, None, declare=[0, 1, 2])
    with pytest.raises(RuleError, match="unknown declaration id 3"):
        _core.equity(*args, 1, None, declare=[0, 3])
    with pytest.raises(RuleError, match="tie_keeps_half applies with declarations only"):
        _core.equity(*args, 1, None, tie_keeps_half=True)


def test_cli_declare(capsys: pytest.CaptureFixture[str]) -> None:
    hands = ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"]
    args = ["equity", "--game", "seven-card-stud-8", *hands, "--declare", "both", "high", "--plain"]
    assert main(args) == 0
    out = capsys.readouterr().out
    r = equity("seven-card-stud-8", hands, declare=["both", "high"])
    assert "declared: both, high" in out
    assert f"{100 * r[0].share:7.2f}%" in out and f"{100 * r[1].share:7.2f}%" in out
    assert (
        main(
            [
                "equity",
                "-g",
                "seven-card-stud-declare",
                *hands,
                "--declare",
                "low",
                "both",
                "--tie-keeps-half",
                "--json",
            ]
        )
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    r = equity("seven-card-stud-declare", hands, declare=["low", "both"], tie_keeps_half=True)
    assert doc["declare"] == ["low", "both"] and doc["tie_keeps_half"] is True
    assert [p["share"] for p in doc["players"]] == [p.share for p in r]
    assert main(["equity", "-g", "seven-card-stud-declare", *hands]) == 2
    assert "pass --declare with one declaration per hand" in capsys.readouterr().err
    assert main(["equity", "-g", "seven-card-stud-8", *hands, "--declare", "high"]) == 2
    assert "--declare needs one declaration per hand" in capsys.readouterr().err
    assert main(["equity", "-g", "seven-card-stud-8", *hands, "--tie-keeps-half"]) == 2
    assert "--tie-keeps-half applies with declarations only (--declare)" in capsys.readouterr().err
