"""splitpot.equity: exact results equal a brute force, Monte Carlo is close and
reproducible, invariants hold, bad input names the problem, and the CLI prints it.
"""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import json
import math
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import splitpot
from splitpot import CardError, CardTypeError, RuleError, equity
from splitpot.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent))

from equity_brute import FIELDS, brute_equity

# (game, hands, dead, low): late streets in stud, one- and two-card draws in the draw games.
EXACT_SPOTS = [
    ("seven-card-stud", ["As Ad 7c 7d 2h 9s", "Kc Kd Ks 3c 4c 5c"], "Qh Jh", None),
    ("seven-card-stud", ["Ah Kh Qh Jh 2c 3d", "9s 9d 9c 4s 4d 2s", "5c 6c 7c 8c Tc 2d"], "", None),
    ("seven-card-stud-8", ["Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c"], "", None),
    ("seven-card-stud-8", ["Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c", "6d 7d 2d 3h Td Jd"], "", None),
    ("seven-card-stud-8", ["As 4s 6d 7c Kc", "2h 3h 5h 9h 9c 9d"], "Ah Ad", None),
    ("seven-card-stud-high-low", ["7h 5c 4d 3s Ks Kh", "As 2s 3c 4c 6s 9d"], "2c 2d", "deuce-to-seven"),
    ("seven-card-stud-high-low", ["7h 5c 4d 3s Ks Kh", "As 2s 3c 4c 6s 9d"], "2c 2d", "ace-to-six"),
    ("seven-card-stud-high-low", ["7h 5c 4d 3s Ks Kh", "As 2s 3c 4c 6s 9d"], "2c 2d", "ace-to-five"),
    ("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"], "", None),
    ("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c"], "Kd Qd", None),
    ("lowball", ["Ah 2c 3d", "7c 6d 5h 4c"], "", None),
    ("lowball", ["As 2s 3s 4s", "Ad 2d 3d 6d", "4c 5c 6c 7c 8c"], "", None),
    ("deuce-to-seven", ["7h 5h 4h 3h", "8c 6d 5d 4c 2s"], "", None),
    ("deuce-to-seven", ["7h 5h 4h", "8c 6d 5d 4c"], "", None),
]


def _ids(spot: tuple[str, list[str], str, str | None]) -> str:
    game, hands, dead, low = spot
    return f"{game}{'/' + low if low else ''}:{'|'.join(hands)}{' dead ' + dead if dead else ''}"


@pytest.mark.parametrize("spot", EXACT_SPOTS, ids=[_ids(s) for s in EXACT_SPOTS])
@pytest.mark.slow
def test_exact_equals_brute_force(spot: tuple[str, list[str], str, str | None]) -> None:
    game, hands, dead, low = spot
    ref = brute_equity(game, hands, dead, low)
    got = equity(game, hands, dead=dead, low=low, threads=2)
    assert got.exact and got.seed is None
    assert got.outcomes == ref.outcomes
    for i, player in enumerate(got):
        for name in FIELDS:
            assert getattr(player, name) == pytest.approx(float(ref.fraction(i, name)), abs=1e-12), (i, name)
    assert math.isclose(sum(p.share for p in got), 1.0, abs_tol=1e-12)


@pytest.mark.slow
def test_exact_fifth_street_stud8_equals_brute_force() -> None:
    hands = ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"]
    dead = "Qs Qh Js Jh 7s 7h Ts Th Tc Td"  # folded upcards
    ref = brute_equity("seven-card-stud-8", hands, dead)
    got = equity("seven-card-stud-8", hands, dead=dead)
    assert got.outcomes == ref.outcomes == math.comb(32, 2) * math.comb(30, 2)
    for i, player in enumerate(got):
        for name in FIELDS:
            assert getattr(player, name) == pytest.approx(float(ref.fraction(i, name)), abs=1e-12), (i, name)


def test_outcome_count_fifth_street_heads_up() -> None:
    r = equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"], threads=1)
    assert r.outcomes == math.comb(42, 2) * math.comb(40, 2) == 671_580


def test_single_side_games_fill_one_side() -> None:
    stud = equity("seven-card-stud", ["As Ad 7c 7d 2h 9s", "Kc Kd Ks 3c 4c 5c"])
    assert all(p.low_win == p.low_tie == 0 for p in stud)
    assert all(p.scoop == p.high_win for p in stud)
    low = equity("deuce-to-seven", ["7h 5h 4h 3h", "8c 6d 5d 4c 2s"])
    assert all(p.high_win == p.high_tie == 0 for p in low)
    assert all(p.scoop == p.low_win for p in low)
    assert low[0].low_win > 0


def test_stud8_no_low_high_takes_all() -> None:
    # Neither hand can make an eight-or-better low: the high side is the whole pot.
    r = equity("seven-card-stud-8", ["Ks Kd Qc Jc 9h Th", "As Ad Ac Tc 9d 9s"])
    assert all(p.low_win == p.low_tie == 0 for p in r)
    assert r[1].share == r[1].scoop == r[1].high_win == 1.0


@pytest.mark.parametrize(
    ("game", "hands", "dead"),
    [
        ("seven-card-stud-8", ["Ac 2c 3c 4c 5c Kd", "Kc Kh 9s 9h 8c 8h"], ""),
        ("lowball", ["Ah 2c 3d 4s 5h", "Kc Kd Qs"], ""),
        ("seven-card-stud", ["As Ah Ad Ac Kc", "Qs Qh 2d 3c 7d"], ""),
    ],
)
def test_locked_scoop(game: str, hands: list[str], dead: str) -> None:
    r = equity(game, hands, dead=dead)
    assert r[0].scoop == 1.0 and r[0].share == 1.0
    assert r[1].share == 0.0


@pytest.mark.parametrize(
    ("game", "hands"),
    [
        # each pair maps onto the other under a suit swap (h<->s, c<->d) that fixes the spot
        ("seven-card-stud-8", ["Ah 2h 5c 9d Kc", "As 2s 5d 9c Kd"]),
        ("seven-card-stud-high-low", ["Ah Kh 5c 6d Tc", "As Ks 5d 6c Td"]),
        ("lowball", ["Ah 3h 5c", "As 3s 5d"]),
    ],
)
def test_suit_symmetric_hands_get_equal_equity(game: str, hands: list[str]) -> None:
    swap = str.maketrans("hscd", "shdc")
    assert hands[0].translate(swap) == hands[1] and hands[1].translate(swap) == hands[0]
    r = equity(game, hands)
    assert r.exact
    for name in FIELDS:
        assert getattr(r[0], name) == getattr(r[1], name), name


def test_suit_relabelling_changes_nothing() -> None:
    perm = {"c": "h", "d": "s", "h": "c", "s": "d"}

    def relabel(text: str) -> str:
        return " ".join(c[0] + perm[c[1]] for c in text.split())

    hands = ["As 2s 5c 8d 8h", "Kh Kd 9s 9c Th 4d", "7c 6c 4h 3h Jc"]
    a = equity("seven-card-stud-8", hands, dead="Qs Qd")
    b = equity("seven-card-stud-8", [relabel(h) for h in hands], dead=relabel("Qs Qd"))
    assert a.outcomes == b.outcomes
    for pa, pb in zip(a, b, strict=True):
        for name in FIELDS:
            assert getattr(pa, name) == getattr(pb, name)


# ---------------------------------------------------------------- Monte Carlo

MC_SPOT = ("seven-card-stud-8", ["Ah 2c 3d 8s", "Kd Kc 9s 9h"])  # fourth street: exact is 81 M outcomes


@pytest.fixture(scope="module")
def fifth_exact() -> splitpot.EquityResult:
    return equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"])


def test_monte_carlo_within_four_standard_errors(fifth_exact: splitpot.EquityResult) -> None:
    n = 200_000
    mc = equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"], samples=n, seed=11)
    assert not mc.exact and mc.outcomes == n and mc.seed == 11
    for exact_p, mc_p in zip(fifth_exact, mc, strict=True):
        for name in FIELDS:
            p = getattr(exact_p, name)
            # share is in [0, 1]: its variance is at most p (1 - p)
            se = math.sqrt(max(p * (1 - p), 1e-12) / n)
            assert abs(getattr(mc_p, name) - p) <= 4 * se, (name, p, getattr(mc_p, name))


def test_same_seed_same_answer_at_any_thread_count() -> None:
    game, hands = MC_SPOT
    runs = [equity(game, hands, samples=50_000, seed=5, threads=t) for t in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2]
    other = equity(game, hands, samples=50_000, seed=6, threads=2)
    assert other.players != runs[0].players


def test_random_seed_is_reported_and_replays() -> None:
    game, hands = MC_SPOT
    first = equity(game, hands, samples=10_000)
    assert first.seed is not None
    assert equity(game, hands, samples=10_000, seed=first.seed) == first


def test_monte_carlo_sample_count_not_multiple_of_block() -> None:
    game, hands = MC_SPOT
    r = equity(game, hands, samples=4097, seed=1)
    assert r.outcomes == 4097
    assert math.isclose(sum(p.share for p in r), 1.0, abs_tol=1e-12)


# ---------------------------------------------------------------- progress and threads


def test_progress_is_called_a_few_times_from_the_calling_thread() -> None:
    calls: list[tuple[int, int]] = []
    idents: set[int] = set()

    def progress(done: int, total: int) -> None:
        calls.append((done, total))
        idents.add(threading.get_ident())

    r = equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"], threads=2, progress=progress)
    assert 2 <= len(calls) <= 20
    assert calls[-1] == (r.outcomes, r.outcomes)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert idents == {threading.get_ident()}


def test_progress_error_stops_the_run() -> None:
    class Stop(Exception):
        pass

    def progress(done: int, total: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        equity("seven-card-stud-8", ["Ah 2c 3d 8s", "Kd Kc 9s 9h"], samples=200_000, seed=1,
               progress=progress)


def test_gil_released_other_threads_run() -> None:
    # While a long run is going, a Python thread must still get work done.
    ticks = 0
    done = threading.Event()

    def counter() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    t = threading.Thread(target=counter)
    t.start()
    try:
        equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], samples=2_000_000, seed=1, threads=1)
    finally:
        done.set()
        t.join()
    assert ticks > 1000


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"game": "seven-card-stud", "hands": ["As Kd", "As Qd"]}, CardError, "duplicate card As"),
        ({"game": "seven-card-stud", "hands": ["As Kd", "Qs Qd"], "dead": "Kd"}, CardError, "dead cards"),
        ({"game": "lowball", "hands": ["As 2d 3c 4h 5s 6s", "Kd"]}, CardError, "at most 5"),
        ({"game": "seven-card-stud", "hands": ["As 2d 3c 4h 5s 6s 7s 8s", "Kd"]}, CardError, "at most 7"),
        ({"game": "seven-card-stud", "hands": [""] * 8, "samples": 10}, CardError, "only 52"),
        ({"game": "seven-card-stud", "hands": ["Xx", "Kd"]}, CardError, "Xx"),
        ({"game": "razz", "hands": ["As", "Kd"]}, RuleError, "unknown game 'razz'.*seven-card-stud-8"),
        ({"game": "seven-card-stud", "hands": ["As"]}, RuleError, "2 to 10"),
        ({"game": "seven-card-stud-8", "hands": ["As 2d 3c", "Kd Kc 9s"]}, RuleError,
         "18,265,297,050.*samples="),
        ({"game": "seven-card-stud-8", "hands": ["As", "Kd"], "low": "ace-to-five"}, RuleError, "low="),
        ({"game": "seven-card-stud-high-low", "hands": ["As", "Kd"], "low": "high"}, RuleError,
         "deuce-to-seven"),
        ({"game": "seven-card-stud", "hands": ["As", "Kd"], "draws": [1, 1]}, RuleError, "draw games only"),
        ({"game": "lowball", "hands": ["As 2d 3c", "Kd 2c 3d 4d"], "draws": [1, 1]}, RuleError, "draw 2"),
        ({"game": "lowball", "hands": ["As 2d 3c", "Kd 2c 3d 4d"], "draws": [2]}, RuleError, "one number"),
        ({"game": "deuce-to-seven", "hands": ["As", "Kd"], "joker": True}, RuleError, "lowball only"),
        ({"game": "lowball", "hands": ["As", "Kd"], "samples": 0}, RuleError, "samples"),
        ({"game": "lowball", "hands": ["As", "Kd"], "samples": 10, "threads": 0}, RuleError, "threads"),
        ({"game": "lowball", "hands": "As Kd"}, CardTypeError, "sequence of hands"),
        ({"game": "lowball", "hands": ["As", "Kd"], "samples": 1.5}, TypeError, "samples must be an int"),
        ({"game": "lowball", "hands": ["As", "Kd"], "progress": 3}, TypeError, "callable"),
    ],
)
def test_bad_input_names_the_problem(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        equity(**kwargs)  # type: ignore[arg-type]


JOKER_SPOTS = [
    ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"],
    ["Jk 2c 3d 4s", "7c 6d 5h 3c 2d"],
    ["Jk 2c 3d", "7c 6d 5h 4c"],
    ["Ah 2c 3d 4s", "Kd Qd 5h 3c"],
]


@pytest.mark.parametrize("hands", JOKER_SPOTS, ids=["|".join(h) for h in JOKER_SPOTS])
@pytest.mark.slow
def test_lowball_with_the_bug_equals_brute_force(hands: list[str]) -> None:
    ref = brute_equity("lowball", hands, joker=True)
    got = equity("lowball", hands, joker=True)
    assert got.outcomes == ref.outcomes
    for i, player in enumerate(got):
        for name in FIELDS:
            assert getattr(player, name) == pytest.approx(float(ref.fraction(i, name)), abs=1e-12), (i, name)


def test_joker_needs_the_option() -> None:
    with pytest.raises(CardError, match=r"joker \(Jk\) is not in the deck of lowball"):
        equity("lowball", ["Jk 2c 3d", "Kd 2d 3c 4d"])
    with pytest.raises(RuleError, match="lowball only"):
        equity("deuce-to-seven", ["As", "Kd"], joker=True)


def test_max_outcomes_limit_and_message() -> None:
    with pytest.raises(RuleError, match=r"would visit 671,580 outcomes \(the limit is 1,000\).*samples="):
        equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"], max_outcomes=1000)


def test_complete_hands_are_one_outcome() -> None:
    r = equity("seven-card-stud-8", ["Ah 2c 3d 4s 6c Kd Kh", "Kc Ks 9s 9h 4c 8d 8h"])
    assert r.outcomes == 1 and r.exact
    assert r[0].high_win == 0 and r[0].low_win == 1 and r[0].share == 0.5


# ---------------------------------------------------------------- command line and docs


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "--game", "seven-card-stud-8", "Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "seven-card-stud-8, exact: 671,580 outcomes"
    header = ["hand", "high", "win", "high", "tie", "low", "win", "low", "tie", "scoop", "share"]
    assert out[1].split() == header
    assert out[2].startswith("Ah 2c 3d 8s 8c") and out[2].endswith("45.64%")


def test_cli_json_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "-g", "lowball", "As 2d 3c", "Kd 4c 5d 6h", "--dead", "Qs", "Js", "--draws", "2", "1",
            "--samples", "5000", "--seed", "3", "--threads", "1", "--json"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "lowball" and doc["exact"] is False and doc["seed"] == 3 and doc["outcomes"] == 5000
    assert [p["cards"] for p in doc["players"]] == [["As", "2d", "3c"], ["Kd", "4c", "5d", "6h"]]
    assert math.isclose(sum(p["share"] for p in doc["players"]), 1.0)
    ref = equity("lowball", ["As 2d 3c", "Kd 4c 5d 6h"], dead="Qs Js", samples=5000, seed=3)
    assert doc["players"][0]["low_win"] == ref[0].low_win


def test_cli_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "--game", "seven-card-stud", "As Kd", "As Qd"]) == 2
    assert "duplicate card As" in capsys.readouterr().err


def test_doctests() -> None:
    module = importlib.import_module("splitpot.equity")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 5
    assert result.failed == 0


# ---------------------------------------------------------------- properties

STUD_GAMES = ["seven-card-stud", "seven-card-stud-8", "seven-card-stud-high-low"]


@st.composite
def late_spots(draw: st.DrawFn) -> tuple[str, list[list[int]], list[int]]:
    """A random sixth- or seventh-street stud spot, or a one-card draw spot, 2-3 players."""
    game = draw(st.sampled_from([*STUD_GAMES, "lowball", "deuce-to-seven"]))
    players = draw(st.integers(2, 3))
    size = 7 if game in STUD_GAMES else 5
    known = [draw(st.integers(size - 1, size)) for _ in range(players)]
    n_dead = draw(st.integers(0, 4))
    cards = draw(st.permutations(range(52)))
    hands, at = [], 0
    for k in known:
        hands.append(list(cards[at : at + k]))
        at += k
    return game, hands, list(cards[at : at + n_dead])


@settings(max_examples=40)
@given(late_spots(), st.permutations(range(4)))
def test_properties_of_random_spots(spot: tuple[str, list[list[int]], list[int]], suits: list[int]) -> None:
    game, hands, dead = spot
    r = equity(game, hands, dead=dead, threads=1)
    assert math.isclose(sum(p.share for p in r), 1.0, abs_tol=1e-12)
    high_side = game in STUD_GAMES
    # each outcome has one outright winner of a side or a tie: outright wins sum to at most 1
    assert sum(p.high_win for p in r) <= 1 + 1e-12 and sum(p.low_win for p in r) <= 1 + 1e-12
    if high_side:
        assert all(p.low_win == p.low_tie == 0 for p in r) or game != "seven-card-stud"
        # the high side always has a winner
        assert sum(p.high_win for p in r) + max(p.high_tie for p in r) > 0
    else:
        assert all(p.high_win == p.high_tie == 0 for p in r)
    for p in r:
        assert p.scoop <= p.share + 1e-12
        assert p.scoop <= (p.high_win if high_side else p.low_win) + 1e-12
    # relabelling the suits changes nothing
    relabel = [[4 * (c // 4) + suits[c % 4] for c in h] for h in hands]
    s = equity(game, relabel, dead=[4 * (c // 4) + suits[c % 4] for c in dead], threads=2)
    assert s.players == tuple(
        dataclasses.replace(p, cards=q.cards) for p, q in zip(r.players, s.players, strict=True)
    )
