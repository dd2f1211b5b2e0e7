"""The batch API as a researcher uses it (an outside review): categories of many strengths,
numpy rows in the scalar functions, cards to and from text in bulk, the thread limit's name,
and the strided views `evaluate_many` copies."""

from __future__ import annotations

import importlib

import numpy as np
import numpy.typing as npt
import pytest

import reference as ref
import splitpot
from splitpot import Category, categories, evaluate, evaluate_many
from splitpot.equity import EquityRun
from splitpot.errors import ArgumentTypeError, RankingError, RuleError
from splitpot.validate import MAX_THREADS


def test_max_threads_is_public_where_evaluate_many_is() -> None:
    """evaluate_many's docstring names MAX_THREADS: it is importable from splitpot and from
    the module that defines evaluate_many, and it is the limit evaluate_many enforces."""
    module = importlib.import_module("splitpot.evaluate")
    assert splitpot.MAX_THREADS is module.MAX_THREADS is MAX_THREADS
    assert "MAX_THREADS" in splitpot.__all__ and "MAX_THREADS" in module.__all__
    assert "splitpot.MAX_THREADS" in (evaluate_many.__doc__ or "")
    batch = np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)
    royal = splitpot.strength("As Ks Qs Js Ts")
    assert evaluate_many(batch, threads=splitpot.MAX_THREADS).tolist() == [royal]
    with pytest.raises(RuleError, match=f"threads must be in 1..{splitpot.MAX_THREADS}"):
        evaluate_many(batch, threads=splitpot.MAX_THREADS + 1)


_ROW_DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64]
_SCALAR_FUNCTIONS = [
    (splitpot.strength, "high"),
    (splitpot.strength, "deuce-to-seven"),
    (splitpot.strength, "eight-or-better"),
    (splitpot.evaluate, "high"),
    (splitpot.evaluate, "ace-to-five"),
    (splitpot.high_low, "eight-or-better"),
    (splitpot.high_low, "ace-to-six"),
]


def _outcome(fn: object, cards: object, ranking: str, **options: object) -> object:
    """What a call gives: its value, or its error's class and message."""
    try:
        return fn(cards, ranking, **options)  # type: ignore[operator]
    except Exception as err:  # the error is the outcome compared
        return type(err), str(err)


@pytest.mark.parametrize("dtype", _ROW_DTYPES)
@pytest.mark.parametrize(("fn", "ranking"), _SCALAR_FUNCTIONS)
def test_a_numpy_row_gives_what_its_text_and_its_ints_give(fn: object, ranking: str, dtype: type) -> None:
    """strength/evaluate/high_low of a batch's row (1-D integer array) equal the same call on
    the row's text and on row.tolist(), with and without wild cards and the joker."""
    rng = np.random.default_rng(7)
    deck = np.arange(53)
    for _ in range(60):
        row = rng.choice(deck, size=int(rng.integers(5, 8)), replace=False).astype(dtype)
        text = " ".join(splitpot.cards.card_text(int(c)) for c in row)
        for options in ({}, {"wild": "2"}, {"joker": "wild"}):
            got = _outcome(fn, row, ranking, **options)
            assert got == _outcome(fn, text, ranking, **options)
            assert got == _outcome(fn, row.tolist(), ranking, **options)


_BAD_ROWS = [
    [51, 47, 43, 39, 60],  # out of range
    [51, 47, 43, 39, -1],  # negative (signed dtypes)
    [51, 51, 43, 39, 35],  # duplicate
    [0, 1, 2, 3, 4, 5, 6, 7],  # eight cards
    [],  # none
    [0, 1, 2],  # too few for eight-or-better and high_low
]


@pytest.mark.parametrize("dtype", [np.int8, np.int64, np.uint8, np.uint64])
@pytest.mark.parametrize(("fn", "ranking"), _SCALAR_FUNCTIONS)
def test_a_bad_numpy_row_raises_what_the_parser_raised(fn: object, ranking: str, dtype: type) -> None:
    """A bad row raises the same class and message as before the fast path, when the row's numpy
    ints went through parse_cards (a list of numpy scalars still does)."""
    for values in _BAD_ROWS:
        if min(values, default=0) < 0 and np.dtype(dtype).kind == "u":
            continue
        row = np.array(values, dtype=dtype)
        want = _outcome(fn, list(row), ranking)  # numpy scalars: the parser's path
        got = _outcome(fn, row, ranking)
        assert got == want, (values, dtype)
        if values != [0, 1, 2] or ranking == "eight-or-better" or fn is splitpot.high_low:
            assert isinstance(got, tuple) and issubclass(got[0], splitpot.CardError), (values, got)


@pytest.mark.parametrize(
    "row",
    [
        np.array([51.0, 47, 43, 39, 35]),  # floats
        np.array([True, False, True, False, True]),  # bools
        np.array([[51, 47, 43, 39, 35]], dtype=np.uint8),  # a batch of one row, not a row
        np.ma.masked_array([51, 47, 43, 39, 35], mask=[0, 0, 0, 0, 1]),  # a masked row
    ],
)
def test_other_arrays_are_refused_as_before(row: np.ndarray) -> None:
    """Only plain 1-D integer arrays take the fast path; the rest are read (and refused) as before."""
    for fn, ranking in _SCALAR_FUNCTIONS:
        want = _outcome(fn, list(row) if row.ndim == 1 and not np.ma.isMaskedArray(row) else row, ranking)
        got = _outcome(fn, row, ranking)
        assert isinstance(got, tuple) and issubclass(got[0], splitpot.SplitpotError), got
        if row.ndim == 1 and not np.ma.isMaskedArray(row):
            assert got == want


def test_a_numpy_row_skips_the_text_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path: a numpy row no longer goes through parse_cards (it made strength(row)
    ~15x slower than strength(row.tolist()))."""
    module = importlib.import_module("splitpot.evaluate")

    def refuse(cards: object) -> None:
        raise AssertionError("parse_cards was called")

    monkeypatch.setattr(module, "parse_cards", refuse)
    row = np.array([51, 47, 43, 39, 35, 0, 1], dtype=np.uint8)
    royal = splitpot.strength([51, 47, 43, 39, 35])
    assert splitpot.strength(row) == royal
    assert splitpot.strength(row, wild="2") == royal
    hand = splitpot.evaluate(row)
    assert hand is not None and str(hand) == "royal flush"
    assert str(splitpot.high_low(row).high) == "royal flush"


# ----------------------------------------------------------------------------- categories


def _codes_of_hands(hands: npt.NDArray[np.uint8], ranking: str, **options: object) -> list[int]:
    """The category code of each row by the scalar path: evaluate(...).category, 0 for None."""
    out = []
    for row in hands.tolist():
        hand = evaluate(row, ranking, **options)  # type: ignore[arg-type]
        out.append(0 if hand is None else hand.category.code)
    return out


def test_category_codes_are_the_enum_order() -> None:
    assert [c.code for c in Category] == list(range(1, 11))
    assert [Category.from_code(code) for code in range(11)] == [None, *Category]
    assert Category.from_code(np.uint8(6)) is Category.FLUSH
    for bad in (-1, 11, 255):
        with pytest.raises(RankingError, match="a category code is 0 \\(no hand\\) to 10"):
            Category.from_code(bad)


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_categories_of_every_five_card_hand(
    ranking: str,
    all_five_card_hands: npt.NDArray[np.uint8],
    five_card_strengths: dict[str, npt.NDArray[np.uint32]],
    five_card_ordinals: dict[str, npt.NDArray[np.int32]],
) -> None:
    """All 2,598,960 hands: each code is the category the naive reference reads off the
    hand's cards (tests/reference.py, not the core's tiers); the totals are the published
    ones; and on one hand of each strength the code is evaluate(...).category's."""
    strengths = five_card_strengths[ranking]
    codes = categories(strengths, ranking)
    assert codes.dtype == np.uint8 and codes.shape == strengths.shape
    table = ref.class_table(ranking)
    ref_code = np.array([0 if c is None else Category(c).code for c in table.categories], dtype=np.uint8)
    want = ref_code[five_card_ordinals[ranking]]
    bad = np.flatnonzero(codes != want)
    assert bad.size == 0, (ref.cards_text(all_five_card_hands[bad[0]]), int(codes[bad[0]]), int(want[bad[0]]))
    values, counts = np.unique(codes, return_counts=True)
    totals = {str(Category.from_code(v)): int(n) for v, n in zip(values, counts, strict=True) if v}
    assert totals == ref.CATEGORY_COUNTS[ranking]
    _, first = np.unique(strengths, return_index=True)
    assert codes[first].tolist() == _codes_of_hands(all_five_card_hands[first], ranking)


@pytest.mark.slow
@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_categories_equal_evaluate_on_every_five_card_hand(
    ranking: str,
    all_five_card_hands: npt.NDArray[np.uint8],
    five_card_strengths: dict[str, npt.NDArray[np.uint32]],
) -> None:
    """The scalar path on each of the 2,598,960 hands, one by one (several seconds a ranking)."""
    codes = categories(five_card_strengths[ranking], ranking)
    assert codes.tolist() == _codes_of_hands(all_five_card_hands, ranking)


_WILD_CASES: list[dict[str, object]] = [
    {},
    {"wild": "2"},
    {"wild": ["2", "3"]},
    {"joker": "wild"},
    {"wild": "2", "duplicate": True},
    {"penalty": "3"},  # dead hands: strength 0, code 0
]


@pytest.mark.parametrize(
    ("ranking", "options"),
    [(r, o) for r in ref.RANKINGS for o in _WILD_CASES if r == "high" or "duplicate" not in o],
)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_categories_of_random_and_wild_batches(k: int, ranking: str, options: dict[str, object]) -> None:
    """Random hands of 5-7 cards from a deck with the joker, natural and with wild cards
    (``duplicate`` is a high-hand option): every row's code is evaluate(row).category's
    (0 where evaluate gives None)."""
    rng = np.random.default_rng(k * 100 + len(options))
    hands = np.argsort(rng.random((1500, 53)), axis=1)[:, :k].astype(np.uint8)
    strengths = evaluate_many(hands, ranking, **options)  # type: ignore[arg-type]
    assert categories(strengths, ranking).tolist() == _codes_of_hands(hands, ranking, **options)


def test_categories_of_per_row_wild_ranks() -> None:
    rng = np.random.default_rng(3)
    hands = np.argsort(rng.random((3000, 52)), axis=1)[:, :7].astype(np.uint8)
    masks = np.uint16(1) << (hands[:, 0] >> 2).astype(np.uint16)  # each row's first card: its rank wild
    for ranking in ref.RANKINGS:
        codes = categories(evaluate_many(hands, ranking, wild_ranks=masks), ranking)
        want = []
        for row, mask in zip(hands.tolist(), masks.tolist(), strict=True):
            hand = evaluate(row, ranking, wild=ref.RANK_CHARS[mask.bit_length() - 1])
            want.append(0 if hand is None else hand.category.code)
        assert codes.tolist() == want
        assert np.count_nonzero(codes == Category.FIVE_OF_A_KIND.code) > 0 or ranking != "high"


def test_categories_of_one_strength_and_of_any_shape() -> None:
    """An int gives an int; arrays of any shape and integer dtype give uint8 of that shape."""
    royal = splitpot.strength("As Ks Qs Js Ts")
    assert categories(royal) == Category.STRAIGHT_FLUSH.code and type(categories(royal)) is int
    assert categories(np.uint32(royal)) == 9 and type(categories(np.uint32(royal))) is int
    assert categories(0, "eight-or-better") == 0
    grid = np.array([[royal, 0], [splitpot.strength("2c 3d 4h 5s 7c"), royal]], dtype=np.int64)
    assert categories(grid).tolist() == [[9, 0], [1, 9]]
    assert categories([royal]).tolist() == [9]
    for dtype in (np.uint16, np.int32, np.uint64, np.int64):
        assert categories(np.array([royal], dtype=dtype)).tolist() == [9]
    empty = categories([])
    assert empty.dtype == np.uint8 and empty.shape == (0,)
    assert categories(np.empty((0, 3), dtype=np.uint32)).shape == (0, 3)


def test_a_strength_is_read_by_its_ranking() -> None:
    """The same int is another category under another ranking: high flushes are two tiers,
    lows count down; the ranking is not guessed, and only the category field (bits 12..15)
    is checked: another ranking's strength whose field the ranking also has is read, as
    that ranking's category for the field (wrongly), without an error."""
    flush = splitpot.strength("Ah Th 8h 6h 4h")
    low = splitpot.strength("7c 5d 4h 3s 2c", "deuce-to-seven")
    wheel = splitpot.strength("5c 4d 3h 2s Ac", "ace-to-five")
    assert categories(flush) == Category.FLUSH.code
    assert categories(low, "deuce-to-seven") == Category.HIGH_CARD.code
    assert categories(low, splitpot.Ranking.DEUCE_TO_SEVEN) == 1
    # read under "high", the field alone decides: no error, and not the hand's category
    assert categories(low, "high") == Category.FOUR_OF_A_KIND.code
    assert categories(wheel, "high") == Category.FLUSH.code
    assert categories(wheel, "ace-to-five") == Category.HIGH_CARD.code


def test_a_qualified_low_is_read_as_ace_to_five() -> None:
    """A strength made with qualifier= other than 8 is an ace-to-five strength: categories
    reads it with "ace-to-five"; "eight-or-better" refuses it, and says so."""
    nine = splitpot.strength("9c 6d 4h 3s 2c", "eight-or-better", qualifier=9)
    assert categories(nine, "ace-to-five") == Category.HIGH_CARD.code
    batch = splitpot.evaluate_many(
        splitpot.parse_cards_many(["9c 6d 4h 3s 2c", "Kc Kd 4h 3s 2c"]), "eight-or-better", qualifier=9
    )
    assert categories(batch, "ace-to-five").tolist() == [Category.HIGH_CARD.code, 0]
    with pytest.raises(RankingError, match="qualifier= other than 8 is an ace-to-five strength"):
        categories(nine, "eight-or-better")


@pytest.mark.parametrize(
    ("strengths", "ranking", "error", "match"),
    [
        (-1, "high", RankingError, "-1 is not a high strength"),
        (1 << 16, "high", RankingError, "65536 is not a high strength"),
        (1 << 70, "high", RankingError, "is not a high strength"),
        (100, "high", RankingError, "100 is not a high strength"),  # tier 0 but not 0
        (12 << 12, "high", RankingError, "is not a high strength"),  # above five of a kind
        (10 << 12, "ace-to-five", RankingError, "is not a ace-to-five strength"),
        (2 << 12, "eight-or-better", RankingError, "is not a eight-or-better strength"),
        ([4097, -5], "high", RankingError, "strengths\\[1\\] = -5 is not"),
        (np.array([4097, 70000], dtype=np.uint32), "high", RankingError, "strengths\\[1\\] = 70000"),
        (np.array([4097, 100], dtype=np.uint16), "high", RankingError, "strengths\\[1\\] = 100"),
        (np.array([4097, 1 << 70], dtype=object), "high", RankingError, "strengths\\[1\\] = "),
        ([[4097], [4097, 4098]], "high", ArgumentTypeError, "must be an integer array"),
        (4097.0, "high", ArgumentTypeError, "dtype float64"),
        ([4097.0], "high", ArgumentTypeError, "dtype float64"),
        (True, "high", ArgumentTypeError, "got bool True"),
        (np.array([True]), "high", ArgumentTypeError, "dtype bool"),
        ("4097", "high", ArgumentTypeError, "got str"),
        (None, "high", ArgumentTypeError, "got None"),
        (np.array([None]), "high", ArgumentTypeError, "dtype object"),
        (4097, "lowball", RankingError, "ranking"),
        (4097, 3, ArgumentTypeError, "ranking"),
    ],
)
def test_categories_refuses_what_is_no_strength(
    strengths: object, ranking: object, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        categories(strengths, ranking)  # type: ignore[arg-type]


# ------------------------------------------------------------------ layouts of a batch


def _layouts() -> list[tuple[str, np.ndarray]]:
    rng = np.random.default_rng(11)
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (400, 1)), axis=1)
    readonly = decks[:, 10:17]
    readonly.flags.writeable = False
    return [
        ("column slice 0:7", decks[:, 0:7]),
        ("column slice 45:52", decks[:, 45:52]),
        ("column slice 3:8", decks[:, 3:8]),
        ("column slice 20:26", decks[:, 20:26]),
        ("reversed rows", decks[::-1, 7:14]),
        ("every other row", decks[::2, 0:7]),
        ("every other column", decks[:, 0:14:2]),
        ("reversed columns", decks[:, 6::-1]),
        ("Fortran order", np.asfortranarray(decks[:, :7])),
        ("transpose", np.ascontiguousarray(decks[:, :7].T).T),
        ("read-only slice", readonly),
        ("int64 slice", decks.astype(np.int64)[:, 5:12]),
        ("int64 Fortran", np.asfortranarray(decks[:, :6].astype(np.int64))),
        ("big-endian int32 slice", decks.astype(">i4")[:, 2:9]),
        ("one row", decks[3:4, 0:7]),
        ("no rows", decks[:0, 0:7]),
    ]


@pytest.mark.parametrize(("name", "cards"), _layouts(), ids=[n for n, _ in _layouts()])
def test_every_layout_gives_what_its_rows_give(name: str, cards: np.ndarray) -> None:
    """Strided views, Fortran order and other dtypes evaluate as their rows do one by one
    (the scalar path), natural and with wild cards, and the input is left as it was."""
    before = cards.copy()
    for ranking in ("high", "ace-to-five"):
        want = [splitpot.strength(row, ranking) for row in cards.tolist()]
        assert evaluate_many(cards, ranking).tolist() == want, name
        assert evaluate_many(cards, ranking, threads=3).tolist() == want, name
    wild = [splitpot.strength(row, wild="2") for row in cards.tolist()]
    assert evaluate_many(cards, wild="2").tolist() == wild
    assert np.array_equal(cards, before)


def test_a_column_slice_is_copied_row_by_row() -> None:
    """The copy of a uint8 column slice reads each row's bytes together (not numpy's
    byte-by-byte strided copy) and gives a C-contiguous array of the same hands."""
    module = importlib.import_module("splitpot.evaluate")
    decks = np.random.default_rng(5).permuted(np.tile(np.arange(52, dtype=np.uint8), (1000, 1)), axis=1)
    for lo, hi in ((0, 7), (45, 52), (13, 18)):
        view = decks[:, lo:hi]
        rows = module._contiguous_rows(view)
        assert rows.flags.c_contiguous and rows.dtype == np.uint8 and rows.shape == view.shape
        assert np.array_equal(rows, view) and not np.shares_memory(rows, decks)
    fortran = np.asfortranarray(decks[:, :7])
    assert np.array_equal(module._contiguous_rows(fortran), fortran)


# ---------------------------------------------------------------- cards to text, in bulk


def test_parse_cards_many_and_cards_text_many_round_trip() -> None:
    """Random hands of 1-8 cards from a deck with the joker: each row of parse_cards_many is
    parse_cards of its hand, each text of cards_text_many is card_text of its cards, and
    the two undo each other."""
    rng = np.random.default_rng(17)
    for k in range(1, 9):
        arr = np.argsort(rng.random((500, 53)), axis=1)[:, :k].astype(np.uint8)
        texts = splitpot.cards_text_many(arr)
        assert texts == [" ".join(splitpot.cards.card_text(c) for c in row) for row in arr.tolist()]
        back = splitpot.parse_cards_many(texts)
        assert back.dtype == np.uint8 and back.shape == arr.shape
        assert np.array_equal(back, arr)
        assert back.tolist() == [[int(c) for c in splitpot.parse_cards(t)] for t in texts]
        for dtype in (np.int64, np.uint16):
            assert splitpot.cards_text_many(arr.astype(dtype)) == texts
        assert splitpot.cards_text_many(arr.tolist()) == texts


def test_parse_cards_many_reads_what_parse_cards_reads() -> None:
    hands = ["as kd 10h 7c 2s", "A♠ K♦ T♥ 7♣ 2♠", "AsKd,Th 7c2s", [51, "Kd", 34, 20, splitpot.Card(3)],
             ("As", "Kd", "Th", "7c", "2s"), np.array([51, 45, 34, 20, 3])]
    batch = splitpot.parse_cards_many(hands)
    assert batch.tolist() == [[51, 45, 34, 20, 3]] * len(hands)
    assert evaluate_many(batch).tolist() == [splitpot.strength("As Kd Th 7c 2s")] * len(hands)
    assert splitpot.parse_cards_many(iter(["As Ks", "2c Jk"])).tolist() == [[51, 47], [0, 52]]
    empty = splitpot.parse_cards_many([])
    assert empty.dtype == np.uint8 and empty.shape == (0, 0)


def test_parse_cards_many_takes_the_cards_a_hand() -> None:
    """k=: an empty list of hands is the (0, k) batch evaluate_many takes (it was (0, 0),
    which evaluate_many refuses), and every hand must have k cards."""
    for k in (5, 6, 7):
        empty = splitpot.parse_cards_many([], k=k)
        assert empty.dtype == np.uint8 and empty.shape == (0, k)
        got = evaluate_many(empty)
        assert got.dtype == np.uint32 and got.shape == (0,)
        none = splitpot.parse_cards_many(iter([]), k=k)
        assert evaluate_many(none, "eight-or-better", qualifier=9).shape == (0,)
    assert splitpot.parse_cards_many(["As Ks Qs Js Ts"], k=5).tolist() == [[51, 47, 43, 39, 35]]
    with pytest.raises(splitpot.CardError, match=r"hands\[1\] has 4 cards, k=5 asks for 5"):
        splitpot.parse_cards_many(["As Ks Qs Js Ts", "2c 3d 4h 5s"], k=5)
    with pytest.raises(splitpot.CardError, match=r"hands\[0\] has 5 cards, k=7 asks for 7"):
        splitpot.parse_cards_many(["As Ks Qs Js Ts"], k=7)
    with pytest.raises(splitpot.CardError, match=r"k must be in 1\.\.53"):
        splitpot.parse_cards_many([], k=0)
    with pytest.raises(ArgumentTypeError):
        splitpot.parse_cards_many([], k=7.0)  # type: ignore[arg-type]
    with pytest.raises(splitpot.CardError, match=r"parse_cards_many\(hands, k=7\)"):
        evaluate_many(splitpot.parse_cards_many([]))


@pytest.mark.parametrize(
    ("hands", "error", "match"),
    [
        (["As Ks Qs Js Ts", "2c 3d 4h 5s 7c", "Ks 9s Qs Js Xx"], splitpot.CardError,
         r"hands\[2\]: unknown card"),
        (["As Ks Qs Js Ts", "As As Qs Js Ts"], splitpot.CardError, r"hands\[1\]: duplicate card As"),
        ([[51, 47, 43, 39, 60]], splitpot.CardError, r"hands\[0\]: card 60 is out of range"),
        ([[51, 47, 43, 39, 1.5]], splitpot.CardTypeError, r"hands\[0\]: a card must be an int"),
        (["As Ks Qs Js Ts", "2c 3d 4h 5s"], splitpot.CardError, r"hands\[1\] has 4 cards, hands\[0\] has 5"),
        ("As Ks Qs Js Ts", splitpot.CardTypeError, "one hand: parse_cards"),
        (None, splitpot.CardTypeError, "not NoneType"),
        ([None], splitpot.CardTypeError, r"hands\[0\]: cards must be text or an iterable"),
    ],
)
def test_parse_cards_many_names_the_bad_hand(hands: object, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        splitpot.parse_cards_many(hands)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "error", "match"),
    [
        (np.array([51, 47, 43]), splitpot.CardError, "got shape \\(3,\\); one hand"),
        (np.zeros((2, 2, 2), dtype=np.uint8), splitpot.CardError, "got shape \\(2, 2, 2\\)"),
        (np.array([[51, 47], [0, 53]]), splitpot.CardError, "row 1: card 53 is out of range"),
        (np.array([[51, -1]]), splitpot.CardError, "row 0: card -1 is out of range"),
        (np.array([[51.0, 47.0]]), splitpot.CardTypeError, "dtype float64"),
        ([[51, 47], [0]], splitpot.CardError, "must be an \\(N, k\\) integer array"),
        ("As Ks", splitpot.CardTypeError, "not str"),
    ],
)
def test_cards_text_many_refuses_what_is_no_batch(cards: object, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        splitpot.cards_text_many(cards)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the research API's mends


@pytest.mark.parametrize(
    ("hands", "dead", "error", "said"),
    [  # each message names the hand by its index in hands, as parse_cards_many does
        (["Ah 2c", "Kd Zz"], "", splitpot.CardError, "hands[1]: unknown card 'Zz'"),
        (["Ah 2c", "Kd Kd"], "", splitpot.CardError, "hands[1]: duplicate card Kd"),
        (["Ah 2c", [5, 60]], "", splitpot.CardError, "hands[1]: card 60 is out of range"),
        (["Ah 2c", "Kd 2c"], "", splitpot.CardError, "duplicate card 2c: in hands[0] and in hands[1]"),
        (["Ah 2c", "Kd 3c"], "2c", splitpot.CardError,
         "duplicate card 2c: in hands[0] and in the dead cards"),
        (["Ah 2c", "Kd 3c"], "Zz", splitpot.CardError, "dead: unknown card 'Zz'"),
        (["Ah 2c", "Kd 3c Jk"], "", splitpot.CardError, "hands[1]: the joker (Jk) is not in the deck"),
        (["Ah 2c", "Kd + 2 dwn: pair"], "", RuleError, "hands[1]: range member 'Kd + 2 dwn: pair'"),
        (["Ah 2c", 3.5], "", splitpot.CardTypeError, "hands[1] must be cards"),
        (["Ah 2c", {51: 1, 47: 2}], "", splitpot.CardTypeError, "hands[1] must be cards, a range's text"),
    ],
)
def test_equity_errors_name_the_hand_by_its_index(
    hands: list[object], dead: str, error: type[Exception], said: str
) -> None:
    """Was: equity counted hands from 1 ("in hand 1" for hands[0]) where parse_cards_many and
    evaluate_many count from 0, and an unknown card, a duplicate within a hand or a card out of
    range named no hand at all."""
    with pytest.raises(error) as raised:
        splitpot.equity("seven-card-stud", hands, dead=dead)  # type: ignore[arg-type]
    assert str(raised.value).startswith(said), str(raised.value)


def test_the_cli_counts_hands_from_one() -> None:
    from splitpot.cli import main

    out = _run_cli(main, ["equity", "--game", "seven-card-stud", "Ah 2c", "Kd 2c"])
    assert "duplicate card 2c: in hand 1 and in hand 2" in out and "hands[" not in out
    out = _run_cli(main, ["equity", "--game", "seven-card-stud", "Ah 2c", "Kd Zz"])
    assert "hand 2: unknown card 'Zz'" in out


def _run_cli(main: object, argv: list[str]) -> str:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)  # type: ignore[operator]
    assert code == 2
    return err.getvalue()


@pytest.mark.parametrize(
    ("part", "parts", "said"),
    [
        (3, 3, "part must be in 0..2 (parts=3), got 3."),
        (-1, 3, "part must be in 0..2 (parts=3), got -1."),
        (1, 1, "part must be in 0..0 (parts=1), got 1."),
    ],
)
def test_a_part_out_of_range_names_its_bound(part: int, parts: int, said: str) -> None:
    """Was: "part must be in 0..3 - 1 of parts >= 1, got part 3 of 3"; -1 read 0..2**64-1."""
    run = _prepare()
    with pytest.raises(RuleError) as raised:
        run.counts(part=part, parts=parts)
    assert str(raised.value) == said


def _prepare() -> EquityRun:
    from splitpot.equity import prepare_equity

    return prepare_equity("seven-card-stud", ["Ah 2c", "Kd 3c"], samples=1000, seed=1)


def test_one_sample_has_no_standard_error() -> None:
    """Was: samples=1 reported standard errors of 0.0, which read as exact."""
    import math

    one = splitpot.equity("seven-card-stud", ["Ah 2c", "Kd 3c"], samples=1, seed=1)
    assert not one.exact and one.outcomes == 1
    assert one.stderr is not None and math.isnan(one.stderr)
    assert all(math.isnan(getattr(p.stderr, f)) for p in one for f in ("share", "scoop", "high_win"))
    two = splitpot.equity("seven-card-stud", ["Ah 2c", "Kd 3c"], samples=2_000, seed=1)
    assert two.stderr is not None and 0 < two.stderr < 0.05


@pytest.mark.parametrize("call", [splitpot.strength, splitpot.evaluate, splitpot.parse_cards])
def test_a_mapping_is_no_hand(call: object) -> None:
    """Was: a dict's keys were read as the cards."""
    hand = {51: 1, 47: 1, 43: 1, 39: 1, 35: 1}
    with pytest.raises(splitpot.CardTypeError, match="not dict"):
        call(hand)  # type: ignore[operator]
    assert splitpot.parse_cards(bytes([51, 47])) == splitpot.parse_cards("As Ks")  # bytes: card numbers


def test_a_numpy_scalar_is_named_as_one() -> None:
    """Was: "not float64 of shape () and dtype float64"."""
    with pytest.raises(splitpot.CardTypeError, match=r"not a numpy float64 scalar$"):
        splitpot.parse_cards([51, np.float64(2.0)])
    with pytest.raises(splitpot.CardTypeError, match=r"not a numpy float64 scalar$"):
        splitpot.parse_cards(np.float64(2.0))  # type: ignore[arg-type]


def test_cards_text_many_writes_what_it_is_given() -> None:
    """Documented: it range-checks each card, not duplicates (parse_cards_many refuses them)."""
    assert splitpot.cards_text_many([[0, 0]]) == ["2c 2c"]
    with pytest.raises(splitpot.CardError, match="duplicate"):
        splitpot.parse_cards_many(["2c 2c"])


_HIGH_WATER = r"""
import sys
from splitpot.ranges import parse_range
def hwm():
    return next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM")) >> 10
before = hwm()
cards, weights = parse_range(sys.argv[1]).expand(())
print(len(cards), cards.nbytes >> 20, hwm() - before)
"""


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/status"), reason="reads VmHWM")
@pytest.mark.parametrize("text", ["pat: jacks+", "pat: pair", "pat: 10-low"])
def test_expanding_a_five_card_range_costs_a_few_times_its_arrays(text: str) -> None:
    """Was: "pat: jacks+" made 2 MB of cards but peaked 323 MB over the start ("pat: pair"
    489 MB): the conditions read 2.6 million rows of five cards as int64, copied three times."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _HIGH_WATER, text], capture_output=True, text=True,
                          check=True)
    members, _, grew = (int(v) for v in done.stdout.split())
    assert members > 200_000
    assert grew < 120, f"{text}: the expansion's peak grew {grew} MB"


@pytest.mark.parametrize(
    "text",
    ["+ 3 down: pair", "+ 2 down: pair+", "Kd + 2 down: two-pair+", "As 2c + 2 down: trips+",
     "+ 4 down: 7-low", "Ah + 3 down: jacks+", "kept 2: pair", "+ 3 down: 6-low"],
)
@pytest.mark.parametrize("deck_size", [52, 53])
def test_range_conditions_against_a_plain_reading(text: str, deck_size: int) -> None:
    """Each member of a conditioned range, read card by card here, fits the condition, and
    every set of hidden cards left out does not (the joker: an ace for the pair conditions, a
    low card of its own for N-low)."""
    import itertools

    from splitpot.ranges import ConditionKind, parse_range

    r = parse_range(text)
    assert r.condition is not None
    kind, limit = r.condition.kind, r.condition.limit
    known = [int(c) for c in r.known]

    def fits(hidden: tuple[int, ...]) -> bool:
        if kind is ConditionKind.PAIR:
            ranks = [min(c // 4, 12) for c in hidden]
            return len(set(ranks)) < len(ranks)
        cards = known + list(hidden)
        if kind is ConditionKind.LOW:
            assert limit is not None
            low = [-1 if c == 52 else (0 if c // 4 == 12 else c // 4 + 1) for c in cards]
            return all(v <= limit - 1 for v in low) and len(set(low)) == len(low)
        ranks = [min(c // 4, 12) for c in cards]
        counts = sorted((ranks.count(v) for v in set(ranks)), reverse=True)
        if len(cards) >= 5:  # read as a poker hand: the threshold by strength
            threshold = {
                ConditionKind.PAIR_PLUS: "2c 2d 5h 4s 3c", ConditionKind.TWO_PAIR_PLUS: "3c 3d 2h 2s 4c",
                ConditionKind.TRIPS_PLUS: "2c 2d 2h 4s 3c", ConditionKind.JACKS_PLUS: "Jc Jd 4h 3s 2c",
            }
            bug = {"joker": "bug"} if 52 in cards else {}
            return splitpot.strength(cards, **bug) >= splitpot.strength(threshold[kind])  # type: ignore[arg-type]
        pairs = sum(1 for n in counts if n >= 2)
        if kind is ConditionKind.PAIR_PLUS:
            return counts[0] >= 2
        if kind is ConditionKind.TWO_PAIR_PLUS:
            return pairs >= 2 or counts[0] >= 3
        if kind is ConditionKind.TRIPS_PLUS:
            return counts[0] >= 3
        high = any(ranks.count(v) >= 2 for v in range(9, 13))
        return high or pairs >= 2 or counts[0] >= 3

    cards, _ = r.expand((), deck_size=deck_size)
    got = {tuple(int(c) for c in row) for row in cards}
    deck = [c for c in range(deck_size) if c not in known]
    want = {h for h in itertools.combinations(deck, r.hidden) if fits(h)}
    assert got == want
