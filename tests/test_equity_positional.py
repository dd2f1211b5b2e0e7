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
    first two cards and the seventh down, five-card stud the first), the wild rank from
    the engine's own rule, the strengths from splitpot.strength (high only). Where the
    deck cannot give every hand its seventh card, every card in the middle first (each
    hand's seventh, no hole card: its down cards are its first two, as the engine deals)."""
    size = 7 if game == "seven-card-stud" else 5
    known = [[int(c) for c in parse_cards(h)] for h in hands]
    out = {int(c) for c in parse_cards(dead)} | {c for h in known for c in h}
    deck = [c for c in range(52) if c not in out]
    short = size == 7 and sum(size - len(k) for k in known) > len(deck)
    own = size - 1 if short else size
    down_places = (0,) if size == 5 else (0, 1) if short else (0, 1, 6)
    shares = [Fraction(0)] * len(hands)
    outcomes = 0

    def deal(i: int, left: list[int], full: list[list[int]], middle: list[int]) -> None:
        nonlocal outcomes
        if i == len(hands):
            outcomes += 1
            values = []
            for cards in full:
                card = positional_card(PositionalWild(rule), cards, [cards[p] for p in down_places])
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


@pytest.mark.parametrize(
    ("game", "hands", "options", "message"),
    [
        ("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"], {}, "stud games but Mexican stud"),
        ("mexican-stud", ["5c Ad Kd 9h", "9c Qs Qh 2d"], {}, "stud games but Mexican stud"),
        ("five-card-stud", ["As Ks", "Qd + 2 down"], {}, "hidden cards are the down cards"),
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
