"""Every bad input raises a splitpot exception that names the problem.

Each case checks the class (a ``SplitpotError`` that is also a ValueError/TypeError)
and the message (``match=`` on the card text, the count, "duplicate", "dtype", ...).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import splitpot
import splitpot.errors
from splitpot import (
    ArgumentTypeError,
    Card,
    CardError,
    CardTypeError,
    Deck,
    RankingError,
    SplitpotError,
    evaluate,
    evaluate_many,
    high_low,
    parse_cards,
    strength,
)
from splitpot.two_card import evaluate_two, strength_two


def test_error_hierarchy() -> None:
    for name in (
        "SplitpotError",
        "CardError",
        "CardTypeError",
        "RankingError",
        "RuleError",
        "IllegalActionError",
    ):
        assert getattr(splitpot, name) is getattr(splitpot.errors, name)
    assert issubclass(CardError, SplitpotError) and issubclass(CardError, ValueError)
    assert issubclass(CardTypeError, SplitpotError) and issubclass(CardTypeError, TypeError)
    assert issubclass(RankingError, SplitpotError) and issubclass(RankingError, ValueError)
    assert issubclass(splitpot.RuleError, ValueError)
    assert issubclass(splitpot.IllegalActionError, ValueError)


# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize("text", ["Xs", "Az", "1c", "11h", "A", "Ass", "jokerr", "s"])
def test_card_unknown_text(text: str) -> None:
    with pytest.raises(CardError, match=text):
        Card(text)


def test_card_empty_text() -> None:
    with pytest.raises(CardError):
        Card("")


@pytest.mark.parametrize("value", [53, 60, -1, 1_000])
def test_card_out_of_range_int(value: int) -> None:
    with pytest.raises(CardError, match=str(value)):
        Card(value)


@pytest.mark.parametrize("value", [1.0, 51.5, None, b"As", [51]])
def test_card_wrong_type(value: Any) -> None:
    with pytest.raises(CardTypeError):
        Card(value)


@pytest.mark.parametrize(
    ("cards", "word"),
    [
        ("As Kd Xx", "Xx"),
        ("As Kd 1c", "1c"),
        ("As,Kd,Q", "Q"),
        (["As", "Kz"], "Kz"),
        ([51, 52, 99], "99"),
        ([51, -3], "-3"),
    ],
)
def test_parse_cards_bad_card(cards: Any, word: str) -> None:
    with pytest.raises(CardError, match=word):
        parse_cards(cards)


@pytest.mark.parametrize("cards", ["As Kd As", "AsKdAs", ["As", 51], [Card("Kd"), "kd"], "Td 10d"])
def test_parse_cards_duplicate(cards: Any) -> None:
    with pytest.raises(CardError, match=r"(?i)duplicate") as info:
        parse_cards(cards)
    assert "As" in str(info.value) or "Kd" in str(info.value) or "Td" in str(info.value)


@pytest.mark.parametrize("cards", [[51, 1.5], [None], [51, None], 3.5])
def test_parse_cards_wrong_type(cards: Any) -> None:
    with pytest.raises(CardTypeError):
        parse_cards(cards)


# ---------------------------------------------------------------------------- deck


def test_deck_deal_more_than_remain() -> None:
    deck = Deck(order="As Kd")
    with pytest.raises(CardError, match=r"\b3\b"):
        deck.deal(3)
    assert len(deck) == 2  # nothing was dealt
    deck.deal(2)
    with pytest.raises(CardError):
        deck.deal_one()


def test_deck_deal_everything_then_one_more() -> None:
    deck = Deck(seed=1)
    deck.deal(52)
    with pytest.raises(CardError):
        deck.deal(1)


def test_deck_order_with_bad_cards() -> None:
    with pytest.raises(CardError, match="Xx"):
        Deck(order="As Xx")
    with pytest.raises(CardError, match=r"(?i)duplicate"):
        Deck(order="As Kd As")


# ------------------------------------------------------------------------- rankings


@pytest.mark.parametrize(
    "call",
    [
        lambda r: strength("As Ks Qs Js Ts", r),
        lambda r: evaluate("As Ks Qs Js Ts", r),
        lambda r: evaluate_many(np.zeros((1, 5), dtype=np.uint8) + np.arange(5, dtype=np.uint8), r),
        lambda r: high_low("As Ks Qs Js Ts", low=r),
    ],
    ids=["strength", "evaluate", "evaluate_many", "high_low"],
)
@pytest.mark.parametrize("name", ["razz", "lowball", "high-low", ""])
def test_unknown_ranking(call: Callable[[str], object], name: str) -> None:
    with pytest.raises(RankingError, match=re.escape(name) if name else None):
        call(name)


def test_high_low_needs_a_low_ranking() -> None:
    with pytest.raises(RankingError, match="high"):
        high_low("As Ks Qs Js Ts", low="high")


# ---------------------------------------------------------------------- card counts


@pytest.mark.parametrize("ranking", ["high", "deuce-to-seven", "ace-to-six", "ace-to-five"])
@pytest.mark.parametrize(
    ("cards", "count"),
    [("", 0), ("As Ks Qs Js Ts 9s 8s 7s", 8), ("2c 3c 4c 5c 6c 7c 8c 9c Tc", 9)],
)
def test_strength_wrong_number_of_cards(ranking: str, cards: str, count: int) -> None:
    with pytest.raises(CardError, match=rf"\b{count}\b"):
        strength(cards, ranking)
    with pytest.raises(CardError, match=rf"\b{count}\b"):
        evaluate(cards, ranking)


@pytest.mark.parametrize(("cards", "count"), [("As", 1), ("As Ks", 2), ("As Ks Qs", 3), ("As 2s 3s 4s", 4)])
def test_eight_or_better_needs_five_to_seven(cards: str, count: int) -> None:
    with pytest.raises(CardError, match=rf"\b{count}\b"):
        strength(cards, "eight-or-better")
    with pytest.raises(CardError, match=rf"\b{count}\b"):
        evaluate(cards, "eight-or-better")


@pytest.mark.parametrize(("cards", "count"), [("As Ks Qs Js", 4), ("As Ks Qs Js Ts 9s 8s 7s", 8)])
def test_high_low_needs_five_to_seven(cards: str, count: int) -> None:
    with pytest.raises(CardError, match=rf"\b{count}\b"):
        high_low(cards)


@pytest.mark.parametrize("call", [strength, evaluate, high_low], ids=["strength", "evaluate", "high_low"])
def test_duplicate_cards_in_a_hand(call: Callable[[Any], object]) -> None:
    with pytest.raises(CardError, match=r"(?i)duplicate") as info:
        call("As Ks Qs Js As")
    assert "As" in str(info.value)
    with pytest.raises(CardError, match=r"(?i)duplicate"):
        call([51, 47, 43, 39, 51])


@pytest.mark.parametrize("call", [strength, evaluate, high_low], ids=["strength", "evaluate", "high_low"])
def test_bad_cards_in_a_hand(call: Callable[[Any], object]) -> None:
    with pytest.raises(CardError, match="Qx"):
        call("As Ks Qx Js Ts")
    with pytest.raises(CardError, match="77"):
        call([51, 47, 43, 39, 77])
    with pytest.raises(CardTypeError):
        call([51, 47, 43, 39, 35.0])


_SQUARE = np.array([[51, 47], [43, 39]])
_WRONG_SHAPE: list[tuple[str, Callable[[], object]]] = [
    ("Card", lambda: Card(np.array([5]))),
    ("Card float 0-d", lambda: Card(np.array(5.0))),
    ("parse_cards", lambda: parse_cards(np.array([[1, 2]]))),
    ("parse_cards 0-d", lambda: parse_cards(np.array(5))),
    ("evaluate", lambda: evaluate(_SQUARE)),
    ("strength", lambda: strength(_SQUARE)),
    ("high_low", lambda: high_low(np.arange(10).reshape(2, 5))),
    ("high_low list", lambda: high_low([51, 47, 43, 39, np.array([0, 1])])),
    ("evaluate_two", lambda: evaluate_two(_SQUARE)),
    ("Deck", lambda: Deck(order=np.arange(52).reshape(4, 13))),
    ("wild", lambda: evaluate([51, 47, 43, 39, 35], wild=np.array([[0]]))),
    ("wild 0-d", lambda: evaluate([51, 47, 43, 39, 35], wild=np.array(0))),
    ("wild in a list", lambda: evaluate([51, 47, 43, 39, 35], wild=[np.array([1, 2])])),
    ("penalty", lambda: evaluate([51, 47, 43, 39, 35], penalty=np.array([[0]]))),
]


@pytest.mark.parametrize("call", [c for _, c in _WRONG_SHAPE], ids=[n for n, _ in _WRONG_SHAPE])
def test_numpy_array_of_the_wrong_shape_is_a_card_type_error(call: Callable[[], object]) -> None:
    """Was: numpy's bare TypeError 'only integer scalar arrays can be converted to a scalar index'."""
    with pytest.raises(CardTypeError, match=r"ndarray of shape \(.*\) and dtype"):
        call()


def test_numpy_cards_are_a_flat_array_or_integer_scalars() -> None:
    """One hand is a 1-D integer array (any int dtype), one card a numpy integer; the same
    cards as a row of a 2-D array are refused by their shape."""
    hand = np.array([51, 47, 43, 39, 35], dtype=np.int64)
    assert evaluate(hand) == evaluate(hand.tolist())
    assert strength(hand.astype(np.uint8)) == strength(hand.tolist())
    assert parse_cards(hand[:2]) == [Card("As"), Card("Ks")] and Card(np.int64(51)) == Card(np.array(51))
    assert evaluate_two(np.array([51, 47])) == evaluate_two("As Ks")
    with pytest.raises(CardTypeError, match=r"shape \(1, 5\)"):
        evaluate(hand.reshape(1, 5))


def test_high_low_with_wild_options_reads_every_form_of_cards() -> None:
    """Was: a list of card text with a wild option said "a card must be an int, a Card or card
    text, not str"."""
    want = high_low("As Ks Qs Js 2c", wild="2")
    assert str(want.high) == "royal flush (2c as T♠)"
    assert high_low(["As", "Ks", "Qs", "Js", "2c"], wild="2") == want
    assert high_low([51, 47, 43, 39, np.int64(0)], wild="2") == want


def test_bytes_are_card_numbers_and_the_error_says_text_needs_a_str() -> None:
    """Was: evaluate(b"AsKs") said 'card 65 is out of range', not that bytes are card numbers."""
    assert parse_cards(bytes([51, 47, 52])) == parse_cards("As Ks Jk")
    for call in (evaluate, strength, parse_cards):
        with pytest.raises(CardError, match=r"card 65 .*bytes are card numbers 0\.\.52.*str, e\.g\. 'AsKs'"):
            call(b"AsKs")


def test_unknown_two_card_keyword_is_a_splitpot_type_error() -> None:
    """Was: evaluate_two(..., penalty="A") raised Python's own TypeError; evaluate names the keyword."""
    for call in (evaluate_two, strength_two):
        with pytest.raises(ArgumentTypeError, match=r"unexpected keyword argument 'penalty'; .*'joker'"):
            call("As Kd", "high", penalty="A")  # type: ignore[call-arg]


# -------------------------------------------------------------------------- batches


def _good(n: int = 4, k: int = 7) -> np.ndarray:
    rng = np.random.default_rng(3)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.str_])
def test_batch_wrong_dtype(dtype: Any) -> None:
    batch = _good().astype(dtype)
    with pytest.raises(CardTypeError, match=r"(?i)dtype"):
        evaluate_many(batch)


def test_batch_of_objects_is_read_as_ints_or_refused() -> None:
    batch = _good().astype(object)  # Python ints: read, as categories and equity read them
    assert np.array_equal(evaluate_many(batch), evaluate_many(_good()))
    batch[1, 3] = 2.0
    with pytest.raises(CardTypeError, match=r"got float 2\.0 among them"):
        evaluate_many(batch)


def test_batch_float_list_is_rejected() -> None:
    with pytest.raises(CardTypeError, match=r"(?i)dtype"):
        evaluate_many([[0.0, 4.0, 8.0, 12.0, 16.0]])


@pytest.mark.parametrize(
    "shape",
    [(7,), (4, 7, 1), (2, 4, 7), ()],
    ids=["1-d", "3-d", "3-d-stack", "0-d"],
)
def test_batch_wrong_ndim(shape: tuple[int, ...]) -> None:
    batch = np.zeros(shape, dtype=np.uint8)
    with pytest.raises(CardError, match=r"(?i)shape|dimension|ndim|2-d|2d"):
        evaluate_many(batch)


@pytest.mark.parametrize("k", [0, 1, 4, 8, 9])
def test_batch_wrong_number_of_cards(k: int) -> None:
    batch = np.tile(np.arange(k, dtype=np.uint8), (3, 1)).reshape(3, k)
    with pytest.raises(CardError, match=rf"\b{k}\b"):
        evaluate_many(batch)


@pytest.mark.parametrize(
    ("value", "dtype"), [(53, np.uint8), (99, np.uint8), (255, np.uint8), (-1, np.int16)]
)
def test_batch_out_of_range(value: int, dtype: Any) -> None:
    batch = _good(50).astype(dtype)
    batch[37, 2] = value
    with pytest.raises(CardError, match=rf"{re.escape(str(value))}|(?i:range)") as info:
        evaluate_many(batch)
    assert "37" in str(info.value), f"the message should name row 37: {info.value}"


def test_batch_duplicate_in_a_row() -> None:
    batch = _good(50)
    batch[37, 4] = batch[37, 1]
    with pytest.raises(CardError, match=r"(?i)duplicate") as info:
        evaluate_many(batch)
    assert "37" in str(info.value), f"the message should name row 37: {info.value}"


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_errors_for_every_ranking(k: int) -> None:
    for ranking in ("high", "deuce-to-seven", "ace-to-six", "ace-to-five", "eight-or-better"):
        batch = _good(10, k)
        batch[3, 0] = batch[3, 1]
        with pytest.raises(CardError, match=r"(?i)duplicate"):
            evaluate_many(batch, ranking)


def test_batch_errors_leave_the_input_alone() -> None:
    batch = _good(10)
    batch[5, 0] = batch[5, 6]
    before = batch.copy()
    with pytest.raises(CardError):
        evaluate_many(batch)
    assert np.array_equal(batch, before)


def test_errors_are_catchable_as_builtins() -> None:
    with pytest.raises(ValueError):
        Card("Zz")
    with pytest.raises(TypeError):
        Card(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        strength("As Ks", "razz")


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: __import__("splitpot.games").games.get_game("jackpots", openers=5.5), ArgumentTypeError,
         r"jackpots: openers must be a rank .* got float 5.5"),
        (lambda: __import__("splitpot.games").games.get_game("seven-card-stud-high-low", low=5),
         ArgumentTypeError, r"low must be one of deuce-to-seven, .* \(a str\), got int 5"),
        (lambda: splitpot.equity(5, ["As Ks", "Qd Qc"]), ArgumentTypeError, "game must be a game's name"),
        (lambda: splitpot.equity("seven-card-stud-high-low", ["As Ks 2c", "Qd Qc 3d"], low=5),
         ArgumentTypeError, r"\(a str\), got int 5"),
        (lambda: evaluate_two("As Ks", 5), ArgumentTypeError, r"ranking must be 'high' or 'low' \(a str\)"),
        (lambda: evaluate_two("As Ks") < evaluate("As Ks"), TypeError, "'<' not supported"),
        (lambda: evaluate_two("As Ks") < 5, TypeError, "'<' not supported"),
    ],
)
def test_wrong_types_are_argument_type_errors(call: Callable[[], object], error: type, message: str) -> None:
    """Was: RuleError or RankingError for a value of the wrong type (API.md: ArgumentTypeError),
    and an AttributeError ordering a two-card hand against another kind of object."""
    with pytest.raises(error, match=message):
        call()


def test_plots_and_table_choices_raise_splitpot_errors(tmp_path: Any) -> None:
    """Was: plain ValueError, PIL's UnidentifiedImageError, AttributeError."""
    pytest.importorskip("matplotlib")
    from splitpot.engine.betting import Action
    from splitpot.errors import HistoryError, RuleError
    from splitpot.plots import equity_plot, plot_data, stack_plot
    from splitpot.table import Choice

    with pytest.raises(RuleError, match="one series per name: 1 series, 2 names"):
        stack_plot([[1, 2]], ["a", "b"], str(tmp_path / "s.png"))
    text = tmp_path / "not.png"
    text.write_text("no image")
    with pytest.raises(HistoryError, match="is not an image splitpot can read"):
        plot_data(str(text))
    with pytest.raises(ArgumentTypeError, match="result must be an EquityResult"):
        equity_plot(None, str(tmp_path / "e.png"))  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="a choice's key is one character"):
        Choice(key="ab", label="x", action=Action.FOLD)


def test_a_session_needs_players_with_chips_from_the_start() -> None:
    """Was: built, then ``play`` returned [] (DealersChoice with no seats too)."""
    from splitpot.dealers_choice import DealersChoice
    from splitpot.engine.session import Session
    from splitpot.errors import RuleError
    from splitpot.games import get_game

    with pytest.raises(RuleError, match="seven-card-stud needs 2 to 8 players with chips, got 1"):
        Session(get_game("seven-card-stud"), [100, 0])
    with pytest.raises(RuleError, match=r"dealers-choice needs 2 to \d+ players with chips, got 0"):
        DealersChoice([], dealer=lambda deal: None)  # type: ignore[arg-type,return-value]
