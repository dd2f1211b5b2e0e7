"""Ranges in equity: the notation, conditions, card removal, a range equal to
the weighted average of its members computed one by one, exact ranges equal
to a brute force, Monte Carlo ranges near the exact answer, and clear errors
for malformed or empty ranges.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from splitpot import (
    ArgumentTypeError,
    Card,
    CardError,
    CardTypeError,
    Range,
    RuleError,
    equity,
    parse_cards,
    parse_range,
    strength,
)
from splitpot.ranges import Condition, ConditionKind, Member

sys.path.insert(0, str(Path(__file__).resolve().parent))

from equity_brute import FIELDS, brute_equity


def member_list(r: Range, elsewhere: list[int], deck_size: int = 52) -> list[tuple[tuple[int, ...], int]]:
    cards, weights = r.expand(elsewhere, deck_size=deck_size)
    return [(tuple(int(c) for c in row), int(w)) for row, w in zip(cards, weights, strict=True)]


def cards_of(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "known", "hidden", "condition", "canonical"),
    [
        ("Kd + 2 down: pair", "Kd", 2, "pair", "Kd + 2 down: pair"),
        ("Kd 7c+2:8-low", "Kd 7c", 2, "8-low", "Kd 7c + 2 down: 8-low"),
        ("+ 3 down", "", 3, None, "+ 3 down"),
        ("kept 3 drew 2: 8-low", "", 3, "8-low", "kept 3 drew 2: 8-low"),
        ("kept 2: pair", "", 2, "pair", "kept 2 drew 3: pair"),
        ("PAT: Jacks+", "", 5, "jacks+", "pat: jacks+"),
        ("pat: 10-low", "", 5, "10-low", "pat: 10-low"),
        ("pat", "", 5, None, "pat"),
    ],
)
def test_hidden_ranges_parse_and_round_trip(
    text: str, known: str, hidden: int, condition: str | None, canonical: str
) -> None:
    r = parse_range(text)
    assert r.known == tuple(parse_cards(known)) and r.hidden == hidden
    assert (str(r.condition) if r.condition else None) == condition
    assert r.text == canonical and parse_range(r.text) == r


def test_explicit_ranges_parse_with_weights_and_rank_shorthand() -> None:
    r = parse_range("As Ad:2, KK, Qs Qh:0.5, Jc Jd:25%")
    assert r.hidden == 2 and len(r.members) == 1 + 6 + 1 + 1
    assert r.members[0] == Member(tuple(parse_cards("As Ad")), Fraction(2))
    assert {m.weight for m in r.members[1:7]} == {Fraction(1)}
    assert r.members[7].weight == Fraction(1, 2) and r.members[8].weight == Fraction(1, 4)
    assert parse_range(r.text) == r
    assert len(parse_range("AK").members) == 16 and len(parse_range("A23").members) == 64


@pytest.mark.parametrize(
    ("weight", "written"), [("87/7", "87/7"), ("1/3", "1/3"), ("12.5%", "0.125"), ("7", "7")]
)
def test_a_weight_with_no_short_decimal_is_written_as_its_fraction(weight: str, written: str) -> None:
    """Was: '96Kt:87/7' written back as ':12.4286', a different weight (the fuzz run's find)."""
    r = parse_range(f"As Ad:{weight}")
    assert r.text == f"As Ad:{written}" and parse_range(r.text) == r


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "the range is empty"),
        ("pat: nine-low", "unknown range condition 'nine-low'"),
        ("pat: 4-low", "unknown range condition '4-low'"),
        ("kept 6", "keeps 1 to 5"),
        ("kept 3 drew 3", "kept and drew|kept and drawn cards make five"),
        ("Kd + 9 down", "hides 1 to 7"),
        ("Xx + 2 down", "the known cards of"),
        ("As Ad, Ks", "same number of cards"),
        ("As Ad:0", "weight must be positive"),
        ("As Ad:-1", "weight must be positive"),
        ("As Ad:lots", "is not a number \\(e.g. 2, 0.5 or 25%\\)$"),
        ("Kd + 2 dwn: pair", "the weight 'pair' is not a number .*; a stud range reads 'Kd \\+ 2 down"),
        ("kep 3: 8-low", "the weight '8-low' is not a number .*a draw range 'kept 3: pair'"),
        ("Kd + 2 down pair", "unknown card '\\+'.*; a condition follows a colon: a stud range reads"),
        ("kept 3 pair", "unknown card 'kept'.*; a condition follows a colon"),
        ("As Ad,, Ks Kd", "empty range member"),
        ("As As", "duplicate|repeats"),
        ("Kd + 2 down: As Ad Ac", "has 3 cards; every member of this range has 2"),
        ("Kd + 2 down: Kd Ks", "repeats a known card"),
    ],
)
def test_malformed_ranges_are_refused_clearly(text: str, match: str) -> None:
    with pytest.raises((RuleError, ValueError), match=match):
        parse_range(text)


def test_range_objects_validate() -> None:
    with pytest.raises(RuleError, match="either explicit members or a condition"):
        Range(
            hidden=2,
            condition=Condition(kind="pair"),
            members=(Member(tuple(parse_cards("As Ad")), Fraction(1)),),
        )
    with pytest.raises(RuleError, match="limit from 5 to 10"):
        Condition(kind="low", limit=11)
    with pytest.raises(RuleError, match="unknown range condition 'flush'"):
        Condition(kind="flush")
    with pytest.raises(RuleError, match="hides 1 to 7"):
        Range(hidden=0)


def test_range_arguments_of_the_wrong_type_are_type_errors() -> None:
    """Were RuleErrors (ValueError), or the dataclass's bare TypeError for a range's text."""
    with pytest.raises(ArgumentTypeError, match="read the text 'Kd \\+ 2 down: pair' with parse_range"):
        Range("Kd + 2 down: pair")  # type: ignore[misc]  # str(range) reads so
    with pytest.raises(ArgumentTypeError, match=r"Range: hidden must be an int, got float 1\.5"):
        Range(hidden=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"a range is text such as .*, got int 5"):
        parse_range(5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="draws must be a sequence of ints, one per hand, got str"):
        equity("lowball", ["As", "Kd"], draws="1")  # type: ignore[arg-type]


# ---------------------------------------------------------------- conditions


@pytest.mark.slow
def test_conditions_select_the_right_sets() -> None:
    assert len(member_list(parse_range("+ 2 down: pair"), [])) == 13 * 6
    # three to a low: an upcard 5 and two distinct down cards from A,2,3,4,6,7,8 (not a 5)
    lows = member_list(parse_range("5h + 2 down: 8-low"), [])
    assert len(lows) == math.comb(7, 2) * 16
    assert all(len({c // 4 for c in row} | {3}) == 3 for row, _ in lows)
    pat8 = member_list(parse_range("pat: 8-low"), [])
    assert len(pat8) == math.comb(8, 5) * 4**5  # five distinct ranks of A..8, any suits
    # jacks or better among pat hands: pair of jacks and up, two pair and up (straights, flushes too)
    jacks = member_list(
        parse_range("pat: jacks+"), cards_of("2c 3c 4c 5c 6c 7c 8c 9c Tc 2d 3d 4d 5d 6d 7d 8d")
    )
    assert jacks
    threshold = strength("Jc Jd 4h 3s 2c")
    assert all(strength(list(row)) >= threshold for row, _ in jacks[:2000])
    two = member_list(parse_range("kept 2: pair+"), [])
    assert len(two) == 13 * 6


def test_card_removal_drops_impossible_members() -> None:
    r = parse_range("AA:2, KK")
    got = member_list(r, cards_of("As Kd Kh"))
    assert len(got) == 3 + 1  # three pairs of aces left, one pair of kings
    assert sorted(w for _, w in got) == [1, 2, 2, 2]


# ---------------------------------------------------------------- equity with ranges


def test_a_range_equals_the_weighted_average_of_its_members() -> None:
    hero = "Ah 2c 3d 8s 8c"
    villain = parse_range("9s 9h 4c + 2 down: As Ad:2, Ks Kd, Qs Qh:0.5, 8d 8h:3, 5d 6d")
    whole = equity("seven-card-stud-8", [hero, villain])
    assert whole.exact and whole.method == "count" and whole[1].range == villain
    total = sum(m.weight for m in villain.members)
    for field in FIELDS:
        one_by_one = (
            sum(
                m.weight
                * Fraction(
                    getattr(
                        equity("seven-card-stud-8", [hero, f"9s 9h 4c {' '.join(map(str, m.cards))}"])[1],
                        field,
                    )
                )
                for m in villain.members
            )
            / total
        )
        assert getattr(whole[1], field) == pytest.approx(float(one_by_one), abs=1e-12), field


def test_card_removal_in_equity_drops_members_that_clash_with_the_hero() -> None:
    hero = "As Ks 7d 7c 2h"
    villain = "Qd Qc 3h + 2 down: As Ad:5, Kh Kd, Jh Jd"  # As is in the hero's hand
    r = equity("seven-card-stud", [hero, villain])
    pair = equity("seven-card-stud", [hero, "Qd Qc 3h + 2 down: Kh Kd, Jh Jd"])
    assert r.outcomes == pair.outcomes and [p.share for p in r] == [p.share for p in pair]


@pytest.mark.parametrize(
    ("game", "hero", "villain", "dead"),
    [
        ("seven-card-stud", "As Ad 7c 7d 2h 9s", "Kd 5c 4h 2s + 2 down: pair", "Qh Jh Th 9h"),
        ("seven-card-stud-8", "Ah 2c 3d 8s 8c Kh", "5d 6h 7c 4s + 2 down: 8-low", ""),
        (
            "five-card-stud",
            "As Kd 7c 2c",
            "Qh 3d 4d + 1 down: As, Ks, Qs:3",
            "Ac Kc 9s 9h 8c 8d 7h 7s 6c 6d 5h 5s",
        ),
        (
            "lowball",
            "7c 5d 4h 3s",
            "pat: 8-low",
            "Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Js Tc Td Th Ts 9c 9d 9h 9s 8c 8d 7d 7h 6c 6d 5c 5h "
            "Ac Ad Ah 2c 2d",
        ),
        (
            "jackpots",
            "Ah Ad Kh 5c",
            "kept 3 drew 2: Kc Kd 9s, Qc Qd Qh:2",
            "2c 3c 4c 5d 6d 7d 8d 9d Jc Tc 2h 3h 4h 5s 6h 7h 8h 9h",
        ),
        (
            "mexican-stud",
            "5c Ad Kd 9h",
            "Qs Qh 2d + 1 down",
            "Tc Td Th Ts Jc Jd Jh Js 8c 8d 8h 8s 7c 7d 7h 7s",
        ),
    ],
)
@pytest.mark.slow
def test_exact_ranges_equal_brute_force(game: str, hero: str, villain: str, dead: str) -> None:
    r = parse_range(villain)
    joker = "bug" if game == "lowball" else None
    deck_size = 53 if joker else 52
    members = member_list(r, cards_of(hero) + cards_of(dead), deck_size)
    ref = brute_equity(game, [hero, " ".join(map(str, r.known))], dead, joker=joker, ranges=[None, members])
    got = equity(game, [hero, villain], dead=dead)
    assert got.exact and got.outcomes == ref.outcomes
    for i, player in enumerate(got):
        for name in FIELDS:
            assert getattr(player, name) == pytest.approx(float(ref.fraction(i, name)), abs=1e-12), (i, name)
    enumerated = equity(game, [hero, villain], dead=dead, method="enumerate")
    assert enumerated.players == got.players


def test_monte_carlo_with_ranges_is_near_the_exact_answer() -> None:
    hero = "Ah 2c 3d 8s"
    villain = "Kd 9h + 2 down: pair"
    exact = equity("seven-card-stud-8", [hero, villain], dead="Qs Jh")
    assert exact.method == "count"
    mc = equity("seven-card-stud-8", [hero, villain], dead="Qs Jh", samples=300_000, seed=5)
    assert mc[0].stderr is not None
    for name in FIELDS:
        assert abs(getattr(mc[0], name) - getattr(exact[0], name)) <= 4.5 * getattr(mc[0].stderr, name) + 1e-9


def test_monte_carlo_ranges_collide_and_are_redrawn() -> None:
    # two opponents both hold a pair in the hole: their pairs often share a card and are redrawn
    r = equity(
        "seven-card-stud", ["As Ks Qs", "Kd + 2 down: pair", "Qd + 2 down: pair"], samples=50_000, seed=1
    )
    assert r.rejected > 0 and r.outcomes == 50_000
    assert math.isclose(sum(p.share for p in r), 1.0, abs_tol=1e-12)


def test_six_handed_lowball_with_ranges() -> None:
    hands = [
        "7c 5d 4h 3s 2c",
        "kept 3 drew 2: 8-low",
        "kept 4: 7-low",
        "pat: 9-low",
        "kept 2: 5-low",
        "kept 3",
    ]
    r = equity("lowball", hands, stderr=0.004, seed=3)
    assert len(r) == 6 and r.stop.value == "target"
    assert math.isclose(sum(p.share for p in r), 1.0, abs_tol=1e-12)
    assert r[0].share > r[5].share  # a pat seven beats three random cards kept


def test_empty_range_is_a_clear_error() -> None:
    with pytest.raises(RuleError, match=r"hands\[1\]: the range '.*' is empty"):
        equity("seven-card-stud", ["As Ad Ah", "AA"])
    with pytest.raises(RuleError, match="is empty"):
        equity("seven-card-stud", ["As Ad Ah", "Kd + 2 down: As Ad"])


@pytest.mark.parametrize("game", ["seven-card-stud", "seven-card-stud-8", "five-card-stud", "mexican-stud"])
@pytest.mark.parametrize("villain", ["pat: jacks+", "kept 3 drew 2: 8-low", "kept 2"])
def test_a_draw_range_in_a_stud_game_is_refused(game: str, villain: str) -> None:
    """Was: 'pat' in stud read as five hidden cards with more dealt to them, a number
    for a hand the game cannot deal (and 'drew 2' ignored)."""
    with pytest.raises(RuleError, match=r"hands\[1\]: '.*' is a draw player's range .* has no draw: give"):
        equity(game, ["As Ks", villain], samples=100, seed=1)


def test_ranges_that_never_fit_together_are_refused() -> None:
    with pytest.raises(RuleError, match="almost never fit together"):
        equity("seven-card-stud", ["Ks Kd", "Qd + 1 down: As", "Jd + 1 down: As"], samples=1000, seed=1)
    with pytest.raises(RuleError, match="no possible deal"):  # exact: every outcome would need As twice
        equity(
            "seven-card-stud",
            ["Ks Kd Kc 2c 3c 4c", "Qd Qc 2d 3d 4d + 1 down: As", "Jd Jc 2h 3h 4h + 1 down: As"],
        )


def test_mexican_stud_hides_the_hole_card_of_a_range() -> None:
    # hole unknown: every card may be the hole card, each wild for its owner with its rank
    dead = "Tc Td Th Ts Jc Jd Jh Js 8c 8d 8h 8s 7c 7d 7h 7s 6c 6d 6h 6s"
    via_range = equity("mexican-stud", ["5c Ad Kd 9h", "Qs Qh 2d + 1 down"], dead=dead)
    deck = [c for c in range(52) if c not in cards_of("5c Ad Kd 9h Qs Qh 2d " + dead)]
    singles = [((c,), 1) for c in deck]
    ref = brute_equity("mexican-stud", ["5c Ad Kd 9h", "Qs Qh 2d"], dead, ranges=[None, singles])
    assert via_range.outcomes == ref.outcomes
    assert via_range[0].share == pytest.approx(float(ref.fraction(0, "share")), abs=1e-12)
    # was: the range's first upcard (Qs) read as his hole card, queens wild
    upcards_wild = equity("mexican-stud", ["5c Ad Kd 9h", "Qs Qh 2d 3c"], dead=dead)
    assert abs(via_range[1].share - upcards_wild[1].share) > 0.05
    sampled = equity("mexican-stud", ["5c Ad Kd 9h", "Qs Qh 2d + 1 down"], dead=dead, samples=200_000, seed=3)
    assert sampled[1].share == pytest.approx(via_range[1].share, abs=0.006)  # ~5 standard errors
    hidden_first = parse_range("+ 1 down")
    blank = equity("mexican-stud", ["5c Ad Kd 9h", ""], dead=dead + " Qs Qh 2d", samples=20_000, seed=1)
    also = equity(
        "mexican-stud", ["5c Ad Kd 9h", hidden_first], dead=dead + " Qs Qh 2d", samples=20_000, seed=1
    )
    assert [p.share for p in blank] == [p.share for p in also]  # a hand with no card: its hole card at random


def test_expand_returns_integer_weights() -> None:
    cards, weights = parse_range("As Ad:0.5, Ks Kd:1.5, Qs Qd").expand([])
    assert cards.dtype == np.uint8 and weights.dtype == np.uint64
    assert weights.tolist() == [1, 3, 2]
    assert Range(hidden=2, condition=Condition(kind=ConditionKind.PAIR)).text == "+ 2 down: pair"


@pytest.mark.parametrize(
    ("excluded", "error", "match"),
    [
        (["Ax"], CardError, "excluded: unknown card 'Ax'"),
        (None, CardTypeError, "excluded: cards must be"),
        ([1.5], CardTypeError, "excluded: a card must be"),
        ([99], CardError, "excluded: card 99 is out of range"),
    ],
)
def test_expand_checks_the_excluded_cards(excluded: object, error: type[Exception], match: str) -> None:
    """Was: expand(["Ax"]) raised ValueError from int(), expand(None) a bare TypeError."""
    with pytest.raises(error, match=match):
        parse_range("AA").expand(excluded)  # type: ignore[arg-type]


def test_expand_reads_excluded_cards_as_parse_cards_does_repeats_allowed() -> None:
    want = member_list(parse_range("AA"), cards_of("As Ad"))
    assert [m for m, _ in want] == [(48, 50)]  # Ac Ah
    assert member_list(parse_range("AA"), ["As", 49, 51]) == want  # type: ignore[list-item]
    assert parse_range("AA").expand("As Ad")[0].tolist() == [[48, 50]]


@pytest.mark.parametrize("where", ["dead", "hand"])
def test_equity_cards_of_the_wrong_shape_name_the_argument(where: str) -> None:
    """Was: a 2-D array as the dead cards or as one hand raised numpy's bare TypeError."""
    flat = np.array([int(c) for c in parse_cards("As Ks 2c")])
    hands: list[object] = ["Ah Ad 3c", flat.reshape(1, 3) if where == "hand" else flat]
    dead = np.array([[1, 5]]) if where == "dead" else ()
    named = "dead" if where == "dead" else r"hands\[1\]"
    with pytest.raises(CardTypeError, match=rf"{named}: .*shape \(1, "):
        equity("seven-card-stud", hands, dead=dead)  # type: ignore[arg-type]
    hands[1] = flat  # a 1-D array of cards is one hand, as a list is
    result = equity("seven-card-stud", hands, dead=np.array([1, 5]))
    assert result.players[1].cards == tuple(parse_cards(flat))


def test_the_ranges_document_examples_run() -> None:
    import doctest

    doc = Path(__file__).resolve().parents[1] / "docs" / "RANGES.md"
    result = doctest.testfile(str(doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 2 and result.failed == 0


def test_a_draw_range_of_any_cards_is_dealt_as_unknown_cards() -> None:
    """``pat`` and ``kept 3`` with no condition are any five cards. Was: drawn from
    their members, which collide: six ``pat`` players redrew 55 M deals for 2,000
    samples (89 s), seven were refused ("the ranges almost never fit together"), and
    an exact run refused ``kept 3`` (17,123,040 completions)."""
    hero = "7c 5d 4h 3s"
    unknown = equity("lowball", [hero, ""], joker=None)
    for other, draws in (("pat", None), ("kept 3", None), ("pat", [1, 0]), ("kept 2 drew 3", [1, 3])):
        result = equity("lowball", [hero, other], draws=draws, joker=None)
        assert [p.share for p in result] == [p.share for p in unknown], other
        shown = result[1].range  # the player's range is still the one given
        assert shown is not None and shown.text.startswith(other.split()[0])
    many = equity("lowball", [hero] + ["pat"] * 7, joker=None, samples=2000, seed=3)
    same = equity("lowball", [hero] + [""] * 7, joker=None, samples=2000, seed=3)
    assert many.rejected == 0 and [p.share for p in many] == [p.share for p in same]
    with pytest.raises(RuleError, match="keeps 3 cards and draws 4"):  # the draw it says, still checked
        equity("lowball", [hero, "kept 3"], draws=[1, 4], joker=None)
    narrowed = equity("lowball", [hero, "pat: 8-low"], joker=None)  # a condition: its members
    assert narrowed[1].share > unknown[1].share


@pytest.mark.parametrize(
    "hands", [["7c 5d 4h 3s", "pat: 8-low"], ["pat", "7c 5d 4h 3s"], ["7c 5d 4h 3s", "pat"]]
)
def test_draws_of_the_wrong_length_are_refused_before_the_ranges_are_read(hands: list[str]) -> None:
    """Was: an IndexError where a range came after the first hand."""
    for draws in ([1], [1, 0, 2]):
        with pytest.raises(RuleError, match=f"draws needs one number per hand: 2 hands, {len(draws)} draws"):
            equity("lowball", hands, draws=draws, samples=100, seed=1)


def test_a_mexican_stud_range_hides_one_card_its_hole_card() -> None:
    """Was: '+ 2 down' took the first listed card as the hole card, so the same two cards gave
    another figure listed the other way round ('Kh + 2 down: 9h 5d' 0.067, '...: 5d 9h' 0)."""
    with pytest.raises(RuleError, match=r"hands\[1\]: 'Kh \+ 2 down.*' hides 2 cards, and in mexican-stud "
                       r"a player holds one card down"):
        equity("mexican-stud", ["Ts Tc", "Kh + 2 down: 9h 5d"])
    assert equity("mexican-stud", ["Ts Tc 4d", "Kh 3c + 1 down: 9h, 5d"], samples=2_000, seed=1).outcomes > 0


def test_a_rank_only_member_leaves_out_the_known_cards() -> None:
    """Was: CardError "range member Kc Kd repeats a known card" for ``Kd + 2 down: KK``."""
    r = equity("seven-card-stud", ["Ah 2c 3d 4d 5d", "Kd + 2 down: KK"], samples=1000, seed=1)
    assert r[1].range is not None and len(r[1].range.members) == 3
    assert all(Card("Kd") not in m.cards for m in r[1].range.members)
    with pytest.raises(CardError, match="range member Kc Kd repeats a known card"):
        equity("seven-card-stud", ["Ah 2c 3d 4d 5d", "Kd + 2 down: Kc Kd"], samples=1000, seed=1)
    # the range as written, without the space after the colon (was: "the range ' AA' is empty")
    with pytest.raises(RuleError, match="the range 'AA' is empty: every hand of AA holds one of the known"):
        equity("seven-card-stud", ["2c 3d 4d 5d", "Ac Ad Ah + 2 down: AA"], samples=1000, seed=1)
