"""Property tests over the validation layer (:mod:`splitpot.validate`), and the regression
tests of the evaluator boundary: each bad argument once refused wrongly, by name."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import splitpot
from splitpot.errors import (
    ArgumentTypeError,
    CardError,
    CardTypeError,
    RankingError,
    RuleError,
    SplitpotError,
)
from splitpot.house import HouseDealer, example_house, house_dealer, house_session
from splitpot.validate import MAX_THREADS, as_bool, as_choice, as_float, as_int, as_ints, as_threads
from splitpot.wild import JokerRule, PenaltyRule, WildLow

# Values that are not ints although some compare equal to one.
NOT_INTS = st.one_of(
    st.floats(allow_nan=True),
    st.booleans(),
    st.text(max_size=5),
    st.none(),
    st.decimals(allow_nan=False, allow_infinity=False),
    st.fractions(),
    st.complex_numbers(allow_nan=False, allow_infinity=False),
    st.just(np.bool_(True)),
    st.just(np.float64(5.0)),
    st.lists(st.integers(), max_size=2),
)


@given(NOT_INTS, st.text(min_size=1, max_size=8))
def test_as_int_refuses_every_non_int_naming_the_argument(value: Any, name: str) -> None:
    with pytest.raises(ArgumentTypeError) as info:
        as_int(value, name)
    assert str(info.value).startswith(f"{name} must be an int")


@given(st.integers(), st.integers(-100, 100), st.integers(0, 200))
def test_as_int_returns_a_plain_int_or_a_range_error(value: int, low: int, width: int) -> None:
    high = low + width
    for given_value in (value, np.int64(value) if -(2**63) <= value < 2**63 else value):
        if low <= value <= high:
            out = as_int(given_value, "n", low=low, high=high)
            assert type(out) is int and out == value
        else:
            with pytest.raises(RuleError, match=f"n must be in {low}..{high}, got {value}"):
                as_int(given_value, "n", low=low, high=high)


@given(
    st.lists(st.one_of(st.integers(-3, 300), st.booleans(), st.integers(-3, 300).map(np.int64)), max_size=6),
    st.sampled_from([list, tuple]),
)
def test_as_ints_takes_a_sequence_as_as_int_takes_each_value(values: list[Any], kind: type) -> None:
    """The fast path for plain ints agrees with :func:`as_int` element by element."""
    expected: tuple[int, ...] | None = None
    try:
        expected = tuple(as_int(v, f"stacks[{i}]", low=0) for i, v in enumerate(values))
    except SplitpotError as err:
        with pytest.raises(type(err), match=f"^{re.escape(str(err))}$"):
            as_ints(kind(values), "stacks", low=0)
    if expected is not None:
        out = as_ints(kind(values), "stacks", low=0)
        assert out == expected and all(type(v) is int for v in out)


@given(st.one_of(st.integers(), st.floats(), st.text(max_size=3), st.none()))
def test_as_bool_takes_only_true_and_false(value: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="must be True or False"):
        as_bool(value, "flag")
    assert as_bool(True, "flag") is True and as_bool(np.bool_(False), "flag") is False


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_as_float_is_finite_or_refused(value: float) -> None:
    if np.isfinite(value):
        assert as_float(value, "x") == value
    else:
        with pytest.raises(RuleError, match="finite"):
            as_float(value, "x")


@pytest.mark.parametrize("enum", [JokerRule, WildLow, PenaltyRule, splitpot.Ranking])
@given(text=st.text(max_size=12))
def test_as_choice_names_or_lists_the_choices(enum: Any, text: str) -> None:
    values = [m.value for m in enum]
    key = text.strip().lower().replace("_", "-")
    matches = [m for m in enum if m.value.replace("_", "-") == key]
    if matches:
        assert as_choice(text, enum, "opt") is matches[0]
    else:
        with pytest.raises(RuleError) as info:
            as_choice(text, enum, "opt")
        assert all(repr(v) in str(info.value) for v in values)


@given(st.one_of(st.integers(), st.floats(), st.none(), st.booleans()))
def test_as_choice_refuses_non_text(value: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="opt must be one of"):
        as_choice(value, JokerRule, "opt")


@given(st.one_of(NOT_INTS.filter(lambda v: v is not None), st.integers()))
def test_threads_are_ints_in_range(value: Any) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        if 1 <= value <= MAX_THREADS:
            assert as_threads(value) == value
        else:
            with pytest.raises(RuleError, match=f"threads must be in 1..{MAX_THREADS}"):
                as_threads(value)
    else:
        with pytest.raises(ArgumentTypeError, match="threads must be an int"):
            as_threads(value)


HAND = [51, 47, 43, 39, 35]  # royal flush in spades
BATCH = np.array([HAND, [0, 5, 10, 15, 20]], dtype=np.uint8)


@given(NOT_INTS.filter(lambda v: v is not None))
def test_evaluate_many_threads_of_any_wrong_type_refused(value: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="threads"):
        splitpot.evaluate_many(BATCH, threads=value)


@given(st.one_of(st.integers(), st.floats(), st.none(), st.text(max_size=3)))
def test_evaluate_many_check_must_be_a_bool(value: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="check must be True or False"):
        splitpot.evaluate_many(BATCH, check=value)


# ------------------------------------------------- the evaluator's boundary, one test a finding


def test_repeated_penalty_card_is_one_card_not_the_next() -> None:
    """The masks were added: [51, 51] made card 52 the penalty and the royal flush played."""
    assert splitpot.strength("As Ks Qs Js Ts", penalty=[51, 51]) == 0
    assert splitpot.strength("As Ks Qs Js Ts", penalty=["As", 51, "As"]) == 0
    assert splitpot.strength("As Ks Qs Js Ts Jk", penalty=[51, 51], penalty_rule="void-card") == (
        splitpot.strength("Ks Qs Js Ts Jk")
    )
    many = splitpot.evaluate_many(BATCH, penalty=[51, 51])
    assert many[0] == 0 and many[1] == splitpot.strength(BATCH[1].tolist())


def test_repeated_wild_card_is_one_card() -> None:
    assert splitpot.strength("2c 7d 9h Js Kd", wild=[0, 0]) == splitpot.strength("2c 7d 9h Js Kd", wild=[0])


@pytest.mark.parametrize("huge", [2**64, 2**70, -(2**70), 2**63 - 1])
def test_huge_int_card_reported_as_itself_not_minus_one(huge: int) -> None:
    for call in (splitpot.strength, splitpot.evaluate):
        with pytest.raises(CardError, match=f"card {huge} is out of range") as info:
            call([huge, 1, 2, 3, 4])
        assert "card -1 " not in str(info.value)


@pytest.mark.parametrize("check", [None, 0, 1, "no"])
def test_evaluate_many_check_none_refused_not_skipping_the_check(check: Any) -> None:
    duplicate = np.array([[1, 1, 2, 3, 4]], dtype=np.uint8)
    with pytest.raises(ArgumentTypeError, match="check"):
        splitpot.evaluate_many(duplicate, check=check)
    with pytest.raises(CardError, match="duplicate"):
        splitpot.evaluate_many(duplicate, check=True)


@pytest.mark.parametrize(
    ("threads", "error", "text"),
    [
        (1.5, ArgumentTypeError, "threads must be an int, got float 1.5"),
        ("2", ArgumentTypeError, "threads must be an int, got str '2'"),
        (True, ArgumentTypeError, "got bool"),
        (2**40, RuleError, f"threads must be in 1..{MAX_THREADS}, got {2**40}"),
        (0, RuleError, "threads must be in 1..1024, got 0; None uses every core"),  # was: no way to all cores
        (-3, RuleError, "threads must be in 1..1024, got -3; None uses every core"),
    ],
)
def test_evaluate_many_threads_validated(threads: Any, error: type[Exception], text: str) -> None:
    with pytest.raises(error, match=text):
        splitpot.evaluate_many(BATCH, threads=threads)
    with pytest.raises(error, match=text):
        splitpot.evaluate_many(BATCH, "high", threads=threads, wild="2")


def test_evaluate_many_threads_numpy_int_and_none_accepted() -> None:
    expected = splitpot.evaluate_many(BATCH)
    assert (splitpot.evaluate_many(BATCH, threads=np.int32(2)) == expected).all()
    assert (splitpot.evaluate_many(BATCH, threads=None) == expected).all()


@pytest.mark.parametrize(
    ("option", "value", "error", "text"),
    [
        ("joker", 1, ArgumentTypeError, "joker must be one of 'bug', 'wild'"),
        ("joker", "loud", RankingError, "joker must be one of 'bug', 'wild'; got 'loud'"),
        ("wild_low", None, ArgumentTypeError, "wild_low must be one of"),
        ("wild_low", "lowest", RankingError, "'zero', 'lowest-absent', 'best-rank'"),
        ("penalty_rule", 0, ArgumentTypeError, "penalty_rule must be one of"),
        ("penalty_rule", "dead", RankingError, "'dead-hand', 'void-card'"),
        ("duplicate", 1, ArgumentTypeError, "duplicate must be True or False"),
        ("duplicate", "yes", ArgumentTypeError, "duplicate must be True or False"),
        ("wild", 2, ArgumentTypeError, "wild must be a rank"),
        ("wild", 2.0, ArgumentTypeError, "wild must be a rank"),
        ("wild", b"2", ArgumentTypeError, "wild must be a rank"),
        ("wild", [2.5], CardTypeError, "float"),
        ("wild", [True], CardTypeError, "bool"),
        ("wild", [60], CardError, "card 60 is out of range"),
        ("wild", "Z", RankingError, "unknown wild rank or card 'Z'"),
        ("penalty", 51, ArgumentTypeError, "penalty must be a rank"),
        ("penalty", "Zz", RankingError, "unknown penalty rank or card 'Zz'"),
        ("penalty", [53], CardError, "card 53"),
    ],
)
def test_every_wild_option_validated(option: str, value: Any, error: type[Exception], text: str) -> None:
    bad: dict[str, Any] = {option: value}
    ranking = "high" if option != "wild_low" else "ace-to-five"
    for call in (splitpot.strength, splitpot.evaluate):
        with pytest.raises(error, match=text):
            call("As Kd 7h 5c 2d", ranking, **bad)
    with pytest.raises(error, match=text):
        splitpot.evaluate_many(BATCH, ranking, **bad)


def test_unknown_evaluator_keyword_is_a_splitpot_type_error() -> None:
    with pytest.raises(ArgumentTypeError, match="unexpected keyword argument 'wilds'"):
        splitpot.strength("As Kd 7h 5c 2d", wilds="2")  # type: ignore[call-arg]


@pytest.mark.parametrize("ranking", [0, None, ["high"], 1.5, b"high"])
def test_ranking_of_the_wrong_type(ranking: Any) -> None:
    for call in (splitpot.strength, splitpot.evaluate):
        with pytest.raises(ArgumentTypeError, match="ranking must be one of 'high'"):
            call("As Kd 7h 5c 2d", ranking)
    with pytest.raises(ArgumentTypeError, match="ranking must be one of"):
        splitpot.evaluate_many(BATCH, ranking)
    with pytest.raises(ArgumentTypeError, match="low must be one of"):
        splitpot.high_low("As Kd 7h 5c 2d", low=ranking)


def test_ranking_names_in_any_case() -> None:
    assert splitpot.strength("As Kd 7h 5c 2d", "Deuce_To_Seven") == splitpot.strength(
        "As Kd 7h 5c 2d", "deuce-to-seven"
    )


def test_evaluate_many_text_is_not_a_batch() -> None:
    with pytest.raises(CardTypeError, match="integer array"):
        splitpot.evaluate_many("As Kd 7h 5c 2d")


@pytest.mark.parametrize("n", [1.5, True, "2", None])
def test_deck_deal_count_is_an_int(n: Any) -> None:
    deck = splitpot.Deck(seed=1)
    with pytest.raises(ArgumentTypeError, match="n must be an int"):
        deck.deal(n)
    assert len(deck) == 52


def test_deck_seed_is_an_int() -> None:
    with pytest.raises(ArgumentTypeError, match="seed must be an int"):
        splitpot.Deck(seed=1.5)  # type: ignore[arg-type]
    assert splitpot.Deck(seed=np.int64(3)).cards == splitpot.Deck(seed=3).cards


def test_every_bad_value_is_a_splitpot_error() -> None:
    """Whatever the class, bad input never escapes as a bare built-in error."""
    for bad in (Decimal(5), Fraction(5, 1), 5 + 0j, 5.0):
        with pytest.raises(SplitpotError):
            splitpot.evaluate_many(BATCH, threads=bad)
        with pytest.raises(SplitpotError):
            splitpot.strength([bad, 1, 2, 3, 4])


@pytest.mark.parametrize("threads", [0, -1])
def test_equity_threads_out_of_range_names_none_for_every_core(threads: int) -> None:
    """Was: "threads must be in 1..1024, got 0", not saying which value asks for every core."""
    with pytest.raises(RuleError, match=rf"got {threads}; None uses every core"):
        splitpot.equity("seven-card-stud", ["As Ad", "Kc Kd"], samples=10, threads=threads)


def test_numpy_ints_taken_wherever_an_int_is_annotated_supports_index() -> None:
    """The positions annotated `SupportsIndex` take numpy ints at run time (the annotations
    once said `int`, so a checker refused what runs)."""
    n = np.int64(2)
    assert len(splitpot.Deck(seed=n).deal(n)) == 2
    game = splitpot.get_game("seven-card-stud")
    state = splitpot.State(game, [np.int64(100), np.int64(100)], button=n - 2, seed=n)
    assert splitpot.State(game, np.array([100, 100]), seed=1).starting_stacks == (100, 100)
    assert state.view(np.int64(0))["seat"] == 0 and len(state.cards(np.int64(0))) == 3
    session = splitpot.Session(game, [100, 100], seed=n)
    session.set_stack(np.int64(0), np.int64(5))
    assert session.stacks == [5, 100]
    r = splitpot.equity("seven-card-stud", ["As Ad", "Ks Kd"], samples=np.int64(100),
                        threads=np.int64(1), seed=n)
    assert r.outcomes == 100
    batch = np.arange(5, dtype=np.uint8).reshape(1, 5)
    assert splitpot.evaluate_many(batch, threads=np.int64(1)).shape == (1,)
    assert splitpot.strength("9c 6d 4h 3s 2c", "eight-or-better", qualifier=np.int64(9)) > 0
    assert splitpot.parse_cards_many(["As Ks"], k=n).shape == (1, 2)


@pytest.mark.parametrize(
    "make",
    [
        lambda: splitpot.Deck(-5),
        lambda: splitpot.State(splitpot.get_game("seven-card-stud"), [10, 10], seed=-5),
        lambda: splitpot.Session(splitpot.get_game("seven-card-stud"), [10, 10], seed=-5),
        lambda: __import__("splitpot.bots").bots.SimpleBot(seed=-5),
        lambda: splitpot.equity("seven-card-stud", ["As Ad", "Ks Kd"], samples=10, seed=-5),
        lambda: HouseDealer(example_house(), seed=-5),
        lambda: house_dealer(example_house(), -5),
        lambda: house_session(example_house(), [10, 10], seed=-5),
    ],
)
def test_a_negative_seed_is_refused_everywhere(make: Any) -> None:
    """Seeds are None or an int >= 0 at every entry point, as equity has always said
    (`random.Random` took -5 as 5, so two seeds dealt alike)."""
    with pytest.raises(RuleError, match=r"seed must be (>= 0|in 0\.\.\d+), got -5"):
        make()
