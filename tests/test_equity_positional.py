"""Equity with positional wild cards (``equity(..., positional=...)``): each player's own wild
card, read as the game engine reads it (``splitpot.engine.positional.positional_card``), checked
against a brute force over every order of the cards to come."""

from __future__ import annotations

import itertools
import subprocess
import sys
from fractions import Fraction

import pytest

import splitpot
from splitpot.cards import RANKS, parse_cards
from splitpot.engine.positional import PositionalWild, positional_card
from splitpot.equity import _POSITIONAL
from splitpot.errors import ArgumentTypeError, RuleError

RULES = [p.value for p in PositionalWild]


def test_the_rule_names_are_the_engines() -> None:
    """equity names the rules without importing the engine: the same names, in the core's order."""
    assert tuple(RULES) == _POSITIONAL


def _brute_shares(game: str, hands: list[str], dead: str, rule: str) -> list[Fraction]:
    """Each hand's expected share: every order of every hand's cards to come (stud: the
    first two cards and the seventh down, five-card stud the first, and the fifth too in
    five-card-stud-last-down), the wild rank from
    the engine's own rule, the strengths from splitpot.strength (high only). Where the
    deck cannot give every hand its seventh card, every card in the middle first (each
    hand's seventh, no hole card: its down cards are its first two, as the engine deals)."""
    size = 7 if game == "seven-card-stud" else 5
    known = [[int(c) for c in parse_cards(h)] for h in hands]
    out = {int(c) for c in parse_cards(dead)} | {c for h in known for c in h}
    deck = [c for c in range(52) if c not in out]
    short = size == 7 and sum(size - len(k) for k in known) > len(deck)
    own = size - 1 if short else size
    if size == 5:
        down_places: tuple[int, ...] = (0, 4) if game == "five-card-stud-last-down" else (0,)
    else:
        down_places = (0, 1) if short else (0, 1, 6)
    shares = [Fraction(0)] * len(hands)
    outcomes = 0

    def deal(i: int, left: list[int], full: list[list[int]], middle: list[int]) -> None:
        nonlocal outcomes
        if i == len(hands):
            outcomes += 1
            values = []
            for cards in full:
                ups = [c for p, c in enumerate(cards) if p not in down_places]
                card = positional_card(PositionalWild(rule), cards, [cards[p] for p in down_places], up=ups)
                wild = [RANKS[card >> 2]] if card is not None else None
                values.append(splitpot.strength(cards + middle, "high", wild=wild))
            best = max(values)
            winners = [j for j, v in enumerate(values) if v == best]
            for j in winners:
                shares[j] += Fraction(1, len(winners))
            return
        for more in itertools.permutations(left, own - len(known[i])):
            rest = [c for c in left if c not in more]
            deal(i + 1, rest, [*full, known[i] + list(more)], middle)

    for middle in [[c] for c in deck] if short else [[]]:
        deal(0, [c for c in deck if c not in middle], [], middle)
    return [s / outcomes for s in shares]


@pytest.mark.parametrize("rule", RULES)
def test_sixth_street_equals_the_brute_force(rule: str) -> None:
    """Sixth street: the seventh card (down) is the only card to come."""
    hands = ["9s 4h Kd 7c 7d 2c", "Qc 3s Qd 8h 5c 5h"]
    result = splitpot.equity("seven-card-stud", hands, positional=rule)
    brute = _brute_shares("seven-card-stud", hands, "", rule)
    assert result.exact and result.outcomes == 40 * 39
    for p, share in zip(result, brute, strict=True):
        assert p.share == pytest.approx(float(share), abs=1e-12)


@pytest.mark.parametrize("rule", ["hole_card", "lowest_hole_card"])
def test_fifth_street_counts_every_order(rule: str) -> None:
    """Fifth street, two cards to come each (a deck cut down by dead cards): which of them is the
    seventh, the hole card, matters, and the exact answer counts every order."""
    hands = ["9s 4h Kd 7c 7d", "Qc 3s Qd 8h 5c"]
    dead = (
        "2c 2d 2h 2s 3c 3d 3h 4c 4d 4s 5d 5s 6c 6d 6h 6s 8c 8d 8s 9c 9d Tc Td Th Ts Jc Jd Jh Js Qh Qs Kc Kh"
    )
    result = splitpot.equity("seven-card-stud", hands, dead=dead, positional=rule)
    brute = _brute_shares("seven-card-stud", hands, dead, rule)
    assert result.exact and result.method == "count"
    for p, share in zip(result, brute, strict=True):
        assert p.share == pytest.approx(float(share), abs=1e-12)
    enumerated = splitpot.equity("seven-card-stud", hands, dead=dead, positional=rule, method="enumerate")
    assert enumerated.outcomes == result.outcomes


# Dead cards that leave six in the deck for the seven that "7h 9s" and "Qc 3s Qd 8h 5c" wait for.
SHORT_DECK_DEAD = (
    "2c 2d 2h 2s 3c 3d 3h 4c 4d 4h 4s 5d 5s 6c 6d 6h 6s 7d 7s 8c 8d 8s 9c 9d 9h Tc Td Th Ts "
    "Jc Jd Jh Js Qh Kc Kh Ac Ad As"
)


@pytest.mark.parametrize("rule", RULES)
def test_a_card_in_the_middle_equals_the_brute_force(rule: str) -> None:
    """Was refused. The deck short (six cards left for seven to come): one card in the middle for
    everyone; the first hand's third card is still to come (its place moves when the middle card
    joins the known cards), and its down cards are its first two."""
    hands = ["7h 9s", "Qc 3s Qd 8h 5c"]  # left: 5h 7c Qs Kd Ks Ah
    dead = SHORT_DECK_DEAD
    result = splitpot.equity("seven-card-stud", hands, dead=dead, positional=rule)
    brute = _brute_shares("seven-card-stud", hands, dead, rule)
    assert result.exact and len({p.share for p in result}) > 1
    for p, share in zip(result, brute, strict=True):
        assert p.share == pytest.approx(float(share), abs=1e-12)
    enumerated = splitpot.equity("seven-card-stud", hands, dead=dead, positional=rule, method="enumerate")
    assert [p.share for p in enumerated] == pytest.approx([float(b) for b in brute], abs=1e-12)
    sampled = splitpot.equity("seven-card-stud", hands, dead=dead, positional=rule, samples=100_000, seed=3)
    for p, share in zip(sampled, brute, strict=True):
        assert p.stderr is not None and abs(p.share - float(share)) < 5 * p.stderr.share + 1e-9


@pytest.mark.parametrize("rule", ["hole_card", "first_card"])
def test_a_card_in_the_middle_with_a_range(rule: str) -> None:
    """The deck short as above, the second hand a range of upcards and two down cards: the average
    of its two orders dealt (which differ here), exact and sampled."""
    hands = ["7h 9s", "Qd 8h 5c + 2 down: Qc 3s"]
    orders = [splitpot.equity("seven-card-stud", ["7h 9s", h], dead=SHORT_DECK_DEAD, positional=rule)
              for h in ("Qc 3s Qd 8h 5c", "3s Qc Qd 8h 5c")]
    ranged = splitpot.equity("seven-card-stud", hands, dead=SHORT_DECK_DEAD, positional=rule)
    assert orders[0][1].share != orders[1][1].share and ranged.exact
    for i, p in enumerate(ranged):
        assert p.share == pytest.approx((orders[0][i].share + orders[1][i].share) / 2, abs=1e-12)
    sampled = splitpot.equity(
        "seven-card-stud", hands, dead=SHORT_DECK_DEAD, positional=rule, samples=100_000, seed=1
    )
    error = sampled[1].stderr
    assert error is not None and abs(sampled[1].share - ranged[1].share) < 5 * error.share


@pytest.mark.parametrize("rule", ["hole_card", "first_card"])
@pytest.mark.parametrize("low", [None, "ace-to-six"])
def test_five_card_stud_hole_card_is_mexican_stud(rule: str, low: str | None) -> None:
    """Five-card stud with the hole card (the first card dealt) wild is Mexican stud's equity."""
    hands = ["5c Ad Kd 9h", "9c Qs Qh 2d"]
    mine = splitpot.equity("five-card-stud", hands, positional=rule, low=low)
    mexican = splitpot.equity("mexican-stud", hands, low=low)
    assert mine.outcomes == mexican.outcomes == 1892
    assert [(p.high_win, p.low_win, p.scoop, p.share) for p in mine] == [
        (p.high_win, p.low_win, p.scoop, p.share) for p in mexican
    ]


def _engine_showdowns(game: str, rule: str, seeds: range) -> list[tuple[list[str], list[float]]]:
    """Hands the game engine deals and shows down (everyone checks and calls), in the order
    dealt, with each seat's share of the pot as the engine splits it."""
    from engine.engine_helpers import heads_up_showdowns
    from splitpot.games import get_game

    return [
        (hands, [1.0, 0.0] if won[0] > 0 else [0.0, 1.0] if won[1] > 0 else [0.5, 0.5])
        for hands, won in heads_up_showdowns(get_game(game, positional=rule), seeds)
    ]


@pytest.mark.parametrize("rule", RULES)
def test_last_card_down_is_the_engines_showdown(rule: str) -> None:
    """Was: five-card-stud-last-down computed as five-card stud, its only down card the first,
    while the engine reads the fifth (dealt down too) as the hole card and the lower of the
    first and fifth as the lowest hole card (30 of 199 showdowns disagreed with hole_card).
    Complete hands as the engine dealt them: equity's shares are the engine's pot shares."""
    showdowns = _engine_showdowns("five-card-stud-last-down", rule, range(1, 301))
    assert len(showdowns) > 250
    for hands, engine in showdowns:
        result = splitpot.equity("five-card-stud-last-down", hands, positional=rule)
        assert [p.share for p in result] == engine, (hands, rule)


@pytest.mark.parametrize("rule", RULES)
def test_last_card_down_equals_the_brute_force(rule: str) -> None:
    """Third street, two cards to come each (the fifth face down), on a deck cut to eight cards:
    the exact answer (counted, and enumerated) is the brute force over every order dealt, reading
    the first and fifth cards as the down cards; Monte Carlo agrees within its error."""
    game = "five-card-stud-last-down"
    hands = ["As 9d Kc", "Qs Qd 3c"]
    dead = (
        "2d 2h 2s 3d 3h 3s 4c 4d 4h 4s 5c 5h 5s 6c 6d 6h 6s 7c 7d 8c 8d 8h 8s 9c 9s Tc Td Th Ts "
        "Jd Jh Js Qc Qh Kh Ks Ac Ad Ah"
    )  # left: 2c 5d 7h 7s 9h Jc Kd
    result = splitpot.equity(game, hands, dead=dead, positional=rule)
    brute = _brute_shares(game, hands, dead, rule)
    assert result.exact and result.method == "count"
    for p, share in zip(result, brute, strict=True):
        assert p.share == pytest.approx(float(share), abs=1e-12)
    enumerated = splitpot.equity(game, hands, dead=dead, positional=rule, method="enumerate")
    assert [p.share for p in enumerated] == pytest.approx([float(b) for b in brute], abs=1e-12)
    sampled = splitpot.equity(game, hands, dead=dead, positional=rule, samples=100_000, seed=4)
    for p, share in zip(sampled, brute, strict=True):
        assert p.stderr is not None and abs(p.share - float(share)) < 5 * p.stderr.share + 1e-9
    if rule in ("hole_card", "lowest_hole_card"):  # the down cards matter: not five-card stud's answer
        plain = splitpot.equity("five-card-stud", hands, dead=dead, positional=rule)
        assert [p.share for p in plain] != [p.share for p in result]
    else:  # the first and third cards are the same places in both
        plain = splitpot.equity("five-card-stud-five-bets", hands, dead=dead, positional=rule)
        assert [p.share for p in plain] == [p.share for p in result]


def test_last_card_down_outside_checks_spot() -> None:
    """The outside check's spot (t1_lastdown): six cards live, each hand's fifth card (to come,
    face down) names his wild rank; an independent brute force gives half each (reading the
    first card as the hole card gave 1/15 and 14/15). A range's hidden card is the first card."""
    a, b = "As 9d Kc 7h", "Qs Qd 3c 4h"
    live = {int(c) for c in parse_cards("2c 5d 7s 9h Jc Kd")} | {int(c) for c in parse_cards(a + " " + b)}
    dead = [c for c in range(52) if c not in live]
    for rule in ("hole_card", "lowest_hole_card"):
        result = splitpot.equity("five-card-stud-last-down", [a, b], dead=dead, positional=rule)
        assert result.outcomes == 30 and [p.share for p in result] == [0.5, 0.5]
        first = splitpot.equity("five-card-stud", [a, b], dead=dead, positional=rule)
        assert [p.share for p in first] == pytest.approx([1 / 15, 14 / 15], abs=1e-12)
    ranged = splitpot.equity(
        "five-card-stud-last-down", ["9d Kc 7h + 1 down: As, Ah", b], dead=dead, positional="hole_card"
    )
    assert [p.share for p in ranged] == [0.5, 0.5]


def test_last_card_down_reaches_the_core_through_a_prepared_run() -> None:
    """splitpot.dask reuses the prepared run (its parts, a fixed sample count): the run carries
    last_card_down, and its parts add up to equity()'s answer."""
    from dataclasses import replace

    from splitpot.equity import prepare_equity

    hands = ["As 9d Kc", "Qs Qd 3c"]
    run = prepare_equity("five-card-stud-last-down", hands, positional="hole_card", method="enumerate")
    assert run.last_card_down
    assert not prepare_equity("five-card-stud", hands, positional="hole_card").last_card_down
    assert not prepare_equity("five-card-stud-five-bets", hands, positional="hole_card").last_card_down
    method, units = run.plan()
    assert method == "enumerate" and units > 3
    whole = splitpot.equity("five-card-stud-last-down", hands, positional="hole_card")
    combined = run.result(run.combine([run.counts(part=k, parts=3) for k in range(3)]))
    assert [p.share for p in combined] == pytest.approx([p.share for p in whole], abs=1e-12)
    plain = splitpot.equity("five-card-stud", hands, positional="hole_card")
    assert [p.share for p in plain] != pytest.approx([p.share for p in whole], abs=1e-6)
    sampled = replace(run, samples=3 * 4096, seed=7)
    parts = [sampled.counts(part=k, parts=3) for k in range(3)]
    assert sampled.result(sampled.combine(parts)) == sampled.result(sampled.counts())
    assert sampled.result(sampled.counts()) == splitpot.equity(
        "five-card-stud-last-down", hands, positional="hole_card", samples=3 * 4096, seed=7
    )


def test_last_card_down_is_five_card_stud_only() -> None:
    """The core refuses the fifth card down in another game (the binding's keyword)."""
    from splitpot import _core
    from splitpot.equity import prepare_equity

    run = prepare_equity("seven-card-stud", ["As Ks Qs", "Kd Kc 9s"], positional="hole_card")
    with pytest.raises(RuleError, match="five-card-stud only"):
        _core.equity(*run.core, 0, 0, 1, run.max_outcomes, 0.0, 0.0, 0, None, last_card_down=True)


@pytest.mark.parametrize(
    ("game", "hands", "options", "message"),
    [
        ("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"], {}, "stud games but Mexican stud"),
        ("mexican-stud", ["5c Ad Kd 9h", "9c Qs Qh 2d"], {}, "stud games but Mexican stud"),
        ("five-card-stud", ["As Ks", "Qd + 2 down"], {}, "hidden cards are the down cards"),
        ("five-card-stud-last-down", ["As Ks", "Qd + 3 down"], {}, "at most 2 down and 3 up"),
        ("seven-card-stud", ["As Ks Qs", "Kd Kc 9s"], {"positional": "second_card"}, "must be one of"),
    ],
)
def test_refused(game: str, hands: list[str], options: dict[str, str], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        splitpot.equity(game, hands, **({"positional": "hole_card"} | options))


def test_a_range_counts_both_orders_of_its_down_cards() -> None:
    """A range's hidden cards are the down cards, dealt in an unknown order: with the first card
    wild, a one-hand range is the average of its two orders dealt."""
    mine = ["9s 4h Kd 7c 7d"]
    queen_first, trey_first = (
        splitpot.equity("seven-card-stud-8", [*mine, dealt], positional="first_card")
        for dealt in ("Qc 3s Qd 8h 5c", "3s Qc Qd 8h 5c")
    )
    hidden = "Qd 8h 5c + 2 down: Qc 3s"
    ranged = splitpot.equity("seven-card-stud-8", [*mine, hidden], positional="first_card")
    assert abs(queen_first[1].share - trey_first[1].share) > 0.2  # the order matters here
    for p, q, t in zip(ranged, queen_first, trey_first, strict=True):
        assert p.share == pytest.approx((q.share + t.share) / 2, abs=1e-12)
        assert p.scoop == pytest.approx((q.scoop + t.scoop) / 2, abs=1e-12)
    sampled = splitpot.equity(
        "seven-card-stud-8", [*mine, hidden], positional="first_card", samples=200_000, seed=2
    )
    assert sampled[1].stderr is not None
    assert abs(sampled[1].share - ranged[1].share) < 5 * sampled[1].stderr.share


def test_wrong_type() -> None:
    with pytest.raises(ArgumentTypeError, match="positional must be one of"):
        splitpot.equity("seven-card-stud", ["As Ks Qs", "Kd Kc 9s"], positional=1)  # type: ignore[arg-type]


def test_command_line() -> None:
    args = ["-g", "seven-card-stud", "--positional", "lowest-hole-card", "--plain", "--json"]
    run = subprocess.run(
        [sys.executable, "-m", "splitpot", "equity", *args, "9s 4h Kd 7c 7d 2c", "Qc 3s Qd 8h 5c 5h"],
        capture_output=True, text=True, check=False,
    )
    assert run.returncode == 0, run.stderr
    expected = splitpot.equity(
        "seven-card-stud", ["9s 4h Kd 7c 7d 2c", "Qc 3s Qd 8h 5c 5h"], positional="lowest_hole_card"
    )
    assert f'"share": {expected[0].share}' in run.stdout


# positional="lowest_card" reads no order: tests/equity_brute.py (written from the rules, with
# splitpot.strength or the plain-Python reference) deals the combinations and names the rank itself.
LOWEST_CARD_SPOTS: list[tuple[str, list[str], str, dict[str, object]]] = [
    ("seven-card-stud", ["9s 4h Kd 7c 7d 2c", "Qc 3s Qd 8h 5c 5h"], "", {}),
    ("seven-card-stud", ["As Kd Qc Jh 9s", "8c 8d Th Ts 6c", "Ac Ad 3h 4h"],
     "2c 2d 2h 2s 3c 3d 5c 5d 6d 6h 7c 7d 7h 7s 8h 8s 9c 9d 9h Tc Td Jc Jd Js Qd Qh Qs Kc Kh Ks", {}),
    ("seven-card-stud-8", ["Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c"], "", {}),
    ("five-card-stud", ["Js 4d", "8c Th"],
     "2c 2d 2h 3c 3d 3h 4c 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h 8d 8h 9c 9d 9h Tc Td Jc Jd Jh Qc Qd Qh Kc Kd Kh "
     "Ac Ad Ah", {"low": "ace-to-six"}),
    ("five-card-stud", ["As 9d Kc", "Qs Qd 3c"],
     "2d 2h 2s 3d 3h 3s 4c 4d 4h 4s 5c 5h 5s 6c 6d 6h 6s 7c 7d 8c 8d 8h 8s 9c 9s Tc Td Th Ts Jd Jh Js Qc "
     "Qh Kh Ks Ac Ad Ah", {"wild": "J"}),
    ("seven-card-stud", ["7h 9s", "Qc 3s Qd 8h 5c"], SHORT_DECK_DEAD, {}),  # a card in the middle
    ("seven-card-stud", ["9c Jk Kh Ad 6s", "Ts 8c 5h Qd 2h"],
     "2c 2d 2s 3c 3d 3h 3s 4c 4s 5c 5d 5s 6c 6d 6h 7c 7d 7h 7s 8d 8h 8s 9d 9h 9s Tc Td Th Jc Jd Jh Js Qc "
     "Qh Qs", {"joker": "bug"}),
    ("seven-card-stud", ["9s 4h Kd 7c 7d 2c", "Qc 3s Qd 8h 5c 5h"], "",
     {"penalty": "5", "penalty_rule": "void-card"}),
]


@pytest.mark.parametrize("spot", LOWEST_CARD_SPOTS, ids=lambda s: f"{s[0]}:{'|'.join(s[1])}:{s[3]}")
def test_lowest_card_equals_the_brute_force(spot: tuple[str, list[str], str, dict[str, object]]) -> None:
    """The lowest of all a player's cards, up and down, the ace high (the rules, §5.11: "a
    player's first, third or lowest card"): exact equity is the brute force of equity_brute.py,
    count for count, and the plain-Python reference agrees where the evaluator is not used."""
    from equity_brute import FIELDS, brute_equity

    game, hands, dead, options = spot
    low = options.get("low")
    kwargs = {k: v for k, v in options.items() if k != "low"}
    result = splitpot.equity(game, hands, dead=dead, low=low, positional="lowest_card", **kwargs)
    rule = str(kwargs.get("penalty_rule", "dead-hand"))
    brute = brute_equity(game, hands, dead, low, joker=kwargs.get("joker"), wild=kwargs.get("wild"),
                         penalty=kwargs.get("penalty"), penalty_rule=rule, positional="lowest_card")
    assert result.exact and result.outcomes == brute.outcomes
    for i, player in enumerate(result):
        for name in FIELDS:
            want = float(brute.fraction(i, name))
            assert getattr(player, name) == pytest.approx(want, abs=1e-12), (i, name)
    # the rule matters in each spot: the lowest hole card gives other shares
    other = splitpot.equity(game, hands, dead=dead, low=low, positional="lowest_hole_card", **kwargs)
    assert [p.share for p in other] != [p.share for p in result]


def test_lowest_card_reads_the_upcards_and_the_ace_high() -> None:
    """Complete five-card stud hands (one outcome): Kd down with 2c 2h 9s 9d up makes the deuces
    his wild rank (four nines) and beats 5c down with three eights (four eights); by the lowest
    hole card the king is wild (a full house) and the eights win. 2c Ad 7s 9c Ks: the ace high,
    so the deuce is the lowest card (A-A-K-9-7 beats K-K-Q-7-5, the trey wild for the other)."""
    hands = ["Kd 2c 2h 9s 9d", "5c 8c 8d 8h Qs"]
    def shares(cards: list[str], rule: str) -> list[float]:
        return [p.share for p in splitpot.equity("five-card-stud", cards, positional=rule)]

    assert shares(hands, "lowest_card") == [1, 0] and shares(hands, "lowest_hole_card") == [0, 1]
    assert shares(["2c Ad 7s 9c Ks", "Kc Qd 7h 5d 3s"], "lowest_card") == [1, 0]


def test_lowest_card_monte_carlo_agrees() -> None:
    hands = ["9s 4h Kd", "Qc 3s Qd"]
    dead = "2c 2d 5c 5d 6c 6h 7c 7d 8c 8d 9c 9d Tc Td Jc Jd Qh Qs Kc Kh Ac Ad 3c 3d 4c 4d"
    exact = splitpot.equity("seven-card-stud", hands, dead=dead, positional="lowest_card")
    sampled = splitpot.equity("seven-card-stud", hands, dead=dead, positional="lowest_card",
                              samples=100_000, seed=2)
    for p, q in zip(exact, sampled, strict=True):
        assert q.stderr is not None and abs(p.share - q.share) < 5 * q.stderr.share + 1e-9
