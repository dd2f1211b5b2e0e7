"""Hand evaluation: high and every classic low ranking, from 1 to 7 cards.

Every result is a *strength*, an int where higher is better in every ranking
(lows included), comparable within one ranking; 0 means "no qualifying low".

>>> strength("As Ks Qs Js Ts") > strength("9h 9d 9c 9s 2d")
True
>>> hand = evaluate("Kh Kd Ks Th Tc 2d 3c")
>>> str(hand), hand.category
('full house, kings full of tens', <Category.FULL_HOUSE: 'full_house'>)
>>> hand.cards
(Card('Ks'), Card('Kh'), Card('Kd'), Card('Th'), Card('Tc'))
>>> str(evaluate("7c 5d 4h 3s 2c", "deuce-to-seven"))
'seven-five low'
>>> evaluate("Kh Qd Jc 9s 9h", "eight-or-better") is None
True
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import TYPE_CHECKING, Any, SupportsIndex, TypedDict, Unpack, overload

import numpy as np

from splitpot._native import _core  # the compiled core; its absence explained there
from splitpot.cards import _RANK_NAMES, _RANK_PLURALS, RANKS, SUIT_SYMBOLS, Card, CardLike, parse_cards
from splitpot.errors import ArgumentTypeError, CardError, CardTypeError, RankingError
from splitpot.validate import (
    MAX_THREADS,
    as_bool,
    as_choice,
    as_int,
    as_sequence,
    as_threads,
    describe,
    low_qualifier,
)
from splitpot.wild import Options, WildSpec, make_options, mask_text

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = [
    "MAX_THREADS",
    "Category",
    "Hand",
    "HighLow",
    "Ranking",
    "WildOptions",
    "categories",
    "evaluate",
    "evaluate_many",
    "high_low",
    "strength",
]


@unique
class Ranking(StrEnum):
    """How hands are ranked (the rules reference (docs/rules.md), §1).

    Anything that takes a ranking takes the member or its name:

    >>> [str(r) for r in Ranking]
    ['high', 'deuce-to-seven', 'ace-to-six', 'ace-to-five', 'eight-or-better']
    >>> wheel = "As 2d 3c 4h 5s"
    >>> [str(evaluate(wheel, r)) for r in (Ranking.HIGH, "deuce-to-seven", "ace-to-six", "ace-to-five")]
    ['straight, five high', 'ace-five low', 'straight, five high', 'five-four low (wheel)']
    >>> Ranking("ace-to-six").is_low
    True
    """

    HIGH = "high"
    """Ordinary high poker: aces high (and low in A-2-3-4-5)."""
    DEUCE_TO_SEVEN = "deuce-to-seven"
    """Low; aces high only; straights and flushes count against. Best 7-5-4-3-2."""
    ACE_TO_SIX = "ace-to-six"
    """Low; aces low only; straights and flushes count against. Best 6-4-3-2-A."""
    ACE_TO_FIVE = "ace-to-five"
    """Low (lowball); aces low; straights and flushes ignored. Best 5-4-3-2-A."""
    EIGHT_OR_BETTER = "eight-or-better"
    """Ace-to-five among five different ranks all 8 or lower; others have no low."""

    @property
    def is_low(self) -> bool:
        """True for every ranking but ``high``."""
        return self is not Ranking.HIGH


@unique
class Category(StrEnum):
    """The kind of hand (for lows, ``high_card`` means no pair)."""

    HIGH_CARD = "high_card"
    """No pair."""
    PAIR = "pair"
    """One pair."""
    TWO_PAIR = "two_pair"
    """Two pairs."""
    THREE_OF_A_KIND = "three_of_a_kind"
    """Three cards of one rank."""
    STRAIGHT = "straight"
    """Five ranks in sequence."""
    FLUSH = "flush"
    """Five cards of one suit."""
    FULL_HOUSE = "full_house"
    """Three of a kind and a pair."""
    FOUR_OF_A_KIND = "four_of_a_kind"
    """Four cards of one rank."""
    STRAIGHT_FLUSH = "straight_flush"
    """A straight in one suit."""
    FIVE_OF_A_KIND = "five_of_a_kind"
    """Five of one rank (with wild cards)."""

    @property
    def code(self) -> int:
        """The category's code in :func:`categories`' arrays: 1 (``high_card``) to 10
        (``five_of_a_kind``), in the order above; 0 is no hand.

        >>> Category.HIGH_CARD.code, Category.FLUSH.code, Category.FIVE_OF_A_KIND.code
        (1, 6, 10)
        """
        return _CATEGORY_CODE[self]

    @classmethod
    def from_code(cls, code: int) -> Category | None:
        """The category of a code of :func:`categories` (None for 0, no hand).

        >>> Category.from_code(6), Category.from_code(0)
        (<Category.FLUSH: 'flush'>, None)
        """
        index = operator.index(code)
        if not 0 <= index <= len(_CATEGORY_BY_INDEX) - 1:
            raise RankingError(f"a category code is 0 (no hand) to {len(Category)}, got {index}")
        return _CATEGORY_BY_INDEX[index] if index else None


_RANKINGS = tuple(Ranking)
_HIGH = Ranking.HIGH
_RANKING_ID: dict[str, int] = {r.value: i for i, r in enumerate(_RANKINGS)}
_CATEGORY_BY_INDEX: tuple[Category, ...] = (Category.HIGH_CARD, *Category)  # index 0 (no hand) unused
_CATEGORY_CODE: dict[Category, int] = {c: i for i, c in enumerate(Category, start=1)}
_CARDS = tuple(Card(i) for i in range(53))
_CARD_TEXT = tuple(str(c) for c in _CARDS)


def _ranking_id(ranking: object, name: str = "ranking") -> int:
    """The core's id of a ranking given by name or member (any case, ``_`` for
    ``-``); RankingError lists the names, ArgumentTypeError refuses a non-text."""
    try:
        return _RANKING_ID[ranking]  # type: ignore[index]
    except (KeyError, TypeError):
        return _RANKING_ID[as_choice(ranking, Ranking, name, error=RankingError).value]


_EIGHT_OR_BETTER = _RANKING_ID["eight-or-better"]
_ACE_TO_FIVE = _RANKING_ID["ace-to-five"]
_EIGHT = 8
"""The default ``qualifier``: the fast paths test ``qualifier is _EIGHT`` (any other
value, an 8 of another type among them, is read by :func:`_low_floor`)."""
_FLOORS: dict[int, int] = {}
"""By qualifier: the ace-to-five strength of the worst low that qualifies."""


def _low_floor(rid: int, qualifier: object) -> int:
    """0 for eight-or-better's own qualifier (and the other rankings), else the
    ace-to-five strength of the worst low qualifying under ``qualifier`` (5..13:
    the ranks qualifier .. qualifier - 4, the ace counting 1), which every
    qualifying low reaches and no other does (tests/test_qualifier.py checks it on
    every five-card hand and on wild-card hands against the game engine's rule).
    ``qualifier`` is read as the engine reads it (:func:`splitpot.validate.low_qualifier`),
    a value out of range an evaluator option's :class:`~splitpot.errors.RankingError`.

    >>> _low_floor(4, 8), _low_floor(4, "9") > _low_floor(4, 10) > 0
    (0, True)
    >>> _low_floor(0, 9)
    Traceback (most recent call last):
    ...
    splitpot.errors.RankingError: qualifier= is eight-or-better's option (...); the ranking here is high
    """
    q = low_qualifier(qualifier, error=RankingError)
    if q == 8:
        return 0
    if rid != _EIGHT_OR_BETTER:
        raise RankingError(
            "qualifier= is eight-or-better's option (the highest rank a qualifying low may hold); "
            f"the ranking here is {_RANKINGS[rid].value}"
        )
    floor = _FLOORS.get(q)
    if floor is None:
        five = [(12 if v == 1 else v - 2) * 4 + v % 4 for v in range(q - 4, q + 1)]  # the ace is rank 12
        floor = _FLOORS[q] = _core.strength(five, _ACE_TO_FIVE)
    return floor


def _qualified_low(cards: Any) -> list[int]:
    """The cards of a low under another qualifier as ints (text and cards parsed once;
    a numpy row read as its ints), refused as eight-or-better refuses them when fewer
    than five (no five can qualify)."""
    if type(cards) is np.ndarray and cards.ndim == 1 and cards.dtype.kind in "iu":
        cards = cards.tolist()
    if (type(cards) is list or type(cards) is tuple) and all(type(c) is int for c in cards):
        seq = list(cards)
    else:
        seq = [int(c) for c in parse_cards(cards)]
    if len(seq) < 5:
        raise CardError(f"expected 5 to 7 cards for this ranking, got {len(seq)}")
    return seq


_TIER_CATEGORY: tuple[tuple[Category, ...], ...] = tuple(
    tuple(_CATEGORY_BY_INDEX[c] for c in _core.tier_categories(rid)) for rid in range(5)
)


_STRENGTH_LIMIT = 1 << 16
"""Every strength is below it: the category tier is bits 12..15."""
_NOT_A_STRENGTH = 255
_CODE_TABLES: list[NDArray[np.uint8] | None] = [None] * len(_RANKINGS)


def _code_table(rid: int) -> NDArray[np.uint8]:
    """The category code of every value below 2**16 under ranking ``rid``: 0 for the
    strength 0, the core's category index (1..10) by tier, 255 for a value whose tier no
    category of the ranking has (so no strength of the ranking)."""
    table = _CODE_TABLES[rid]
    if table is None:
        by_tier = np.array(_core.tier_categories(rid), dtype=np.uint8)
        by_tier[by_tier == 0] = _NOT_A_STRENGTH
        table = np.repeat(by_tier, _STRENGTH_LIMIT >> 4)
        table[0] = 0
        table.flags.writeable = False
        _CODE_TABLES[rid] = table
    return table


def _not_a_strength(value: object, ranking: Ranking, where: str = "") -> RankingError:
    hint = ""
    if ranking is Ranking.EIGHT_OR_BETTER:
        hint = (" (a strength made with qualifier= other than 8 is an ace-to-five strength: "
                "read it with 'ace-to-five')")
    return RankingError(
        f"{where}{value} is not a {ranking.value} strength (strengths are 0 .. 65535, their category "
        f"in bits 12..15): was it made under another ranking?{hint}"
    )


@overload
def categories(strengths: int | np.integer[Any], ranking: Ranking | str = "high") -> int: ...
@overload
def categories(strengths: ArrayLike, ranking: Ranking | str = "high") -> NDArray[np.uint8]: ...
def categories(strengths: ArrayLike, ranking: Ranking | str = "high") -> int | NDArray[np.uint8]:
    """The category codes of many strengths (uint8, the shape of ``strengths``), or the
    code of one int: 0 for no hand (strength 0: no qualifying low, a dead hand), else
    1..10, ``high_card`` .. ``five_of_a_kind`` in :class:`Category`'s order
    (:meth:`Category.from_code`, :attr:`Category.code`). ``ranking`` is the one the
    strengths were made under: a strength's category bits read differently by ranking
    (high flushes come in two tiers; lows count down). What is checked is the category
    field alone: a value out of 0..65535, or whose field (bits 12..15) no category of the
    ranking has, raises :class:`~splitpot.errors.RankingError`; a strength made under
    another ranking whose field this ranking also has is read without an error, as this
    ranking's category for that field (an ace-to-five wheel read as ``"high"`` is a
    flush), so pass the ranking the strengths were made under. Strengths made with
    ``qualifier`` other than 8 are ace-to-five strengths: read their categories with
    ``"ace-to-five"`` (under ``"eight-or-better"`` they are refused).

    >>> import numpy as np
    >>> s = evaluate_many(np.array([[51, 47, 43, 39, 35], [0, 4, 1, 5, 51], [0, 5, 10, 15, 20]]))
    >>> codes = categories(s)
    >>> codes.dtype, codes.tolist(), [str(Category.from_code(c)) for c in codes]
    (dtype('uint8'), [9, 3, 1], ['straight_flush', 'two_pair', 'high_card'])
    >>> categories(strength("Kh Qd Jc 9s 9h", "eight-or-better"), "eight-or-better")
    0
    """
    rid = _ranking_id(ranking)
    table = _code_table(rid)
    if isinstance(strengths, (bool, np.bool_)) or strengths is None:
        raise ArgumentTypeError(f"strengths must be ints or an integer array, got {describe(strengths)}")
    if isinstance(strengths, (int, np.integer)):  # one strength: one code
        value = int(strengths)
        code = int(table[value]) if 0 <= value < _STRENGTH_LIMIT else _NOT_A_STRENGTH
        if code == _NOT_A_STRENGTH:
            raise _not_a_strength(value, _RANKINGS[rid])
        return code
    if isinstance(strengths, (str, bytes)):
        raise ArgumentTypeError(f"strengths must be ints or an integer array, got {describe(strengths)}")
    try:
        arr = np.asarray(strengths)
    except (ValueError, TypeError, OverflowError) as err:  # ragged rows
        raise ArgumentTypeError(f"strengths must be an integer array: {err}") from None
    if arr.dtype.kind not in "iu":
        flat = arr.reshape(-1)
        whole = (int, np.integer)
        if arr.dtype.kind == "O" and all(not isinstance(v, bool) and isinstance(v, whole) for v in flat):
            for index, v in enumerate(flat):  # ints beyond int64, or an object array of ints
                if not 0 <= v < _STRENGTH_LIMIT:
                    raise _not_a_strength(v, _RANKINGS[rid], f"strengths[{index}] = ")
        elif not (arr.dtype.kind == "f" and arr.size == 0):  # np.asarray([]) is float64: an empty batch
            raise ArgumentTypeError(
                f"strengths must be an integer array (evaluate_many's uint32), got dtype {arr.dtype}"
            )
        arr = arr.astype(np.uint32)
    if arr.dtype.kind == "i" and arr.size and arr.min() < 0:  # take() would wrap a negative index
        first = int(np.flatnonzero(arr.reshape(-1) < 0)[0])
        raise _not_a_strength(arr.reshape(-1)[first], _RANKINGS[rid], f"strengths[{first}] = ")
    try:
        codes = np.asarray(table.take(arr))  # a 0-d array stays one (take gives a numpy scalar)
    except IndexError:
        first = int(np.flatnonzero(arr.reshape(-1) >= _STRENGTH_LIMIT)[0])
        raise _not_a_strength(arr.reshape(-1)[first], _RANKINGS[rid], f"strengths[{first}] = ") from None
    if codes.size and codes.max() == _NOT_A_STRENGTH:
        first = int(np.flatnonzero(codes.reshape(-1) == _NOT_A_STRENGTH)[0])
        raise _not_a_strength(arr.reshape(-1)[first], _RANKINGS[rid], f"strengths[{first}] = ")
    return codes


class Hand:
    """An evaluated hand: its strength, ranking, category and the cards played.

    Hands of one ranking compare by strength (stronger is greater, lows
    included); ordering hands of different rankings raises TypeError.

    >>> a, b = evaluate("8c 6d 5h 4s 3c", "deuce-to-seven"), evaluate("8c 7d 4h 3s 2c", "deuce-to-seven")
    >>> a > b, sorted([a, b]) == [b, a]
    (True, True)
    """

    __slots__ = ("_cards", "_ranking", "_strength", "_values", "_wilds")

    def __init__(
        self,
        strength: SupportsIndex,
        ranking: Ranking | str,
        cards: str | Iterable[CardLike],
        wilds: Iterable[tuple[CardLike, str]] = (),
    ) -> None:
        """A hand built by hand, checked as every entry point checks (the evaluator builds
        its own without this): ``strength`` one of ``ranking``'s (not 0, no hand), 1 to 5
        distinct ``cards`` in reading order, ``wilds`` pairs of one of them and the text of
        what it stands for.

        >>> Hand(40970, "High", "As Ks Qs Js Ts").ranking
        <Ranking.HIGH: 'high'>
        >>> Hand(40970, "high", [99])
        Traceback (most recent call last):
        ...
        splitpot.errors.CardError: card 99 is out of range (0..51, 52 = joker)
        """
        rid = _ranking_id(ranking)
        self._strength = as_int(strength, "strength", error=RankingError)
        if not categories(self._strength, _RANKINGS[rid]):
            raise RankingError("strength 0 is no hand (no qualifying low, a dead hand): evaluate gives None")
        self._ranking = _RANKINGS[rid]
        self._cards = tuple(int(c) for c in parse_cards(cards))
        if not 1 <= len(self._cards) <= 5:
            raise CardError(f"a hand plays 1 to 5 cards, got {len(self._cards)}")
        self._wilds = tuple(_stand_in(pair, self._cards) for pair in as_sequence(wilds, "wilds", "pairs"))
        self._values: tuple[int, ...] | None = None  # ranks as played, when wild cards play

    @property
    def wilds(self) -> tuple[tuple[Card, str], ...]:
        """Each wild card played and what it stands for, e.g. ``((Card('Jk'), 'A♠'),)``;
        a wild card counted as a zero stands for ``'zero'``."""
        return tuple((_CARDS[c], text) for c, text in self._wilds)

    @property
    def strength(self) -> int:
        """Higher is better; comparable within one ranking."""
        return self._strength

    @property
    def ranking(self) -> Ranking:
        """The ranking this hand was evaluated under."""
        return self._ranking

    @property
    def category(self) -> Category:
        """The category (for lows, ``high_card`` means no pair)."""
        return _TIER_CATEGORY[_RANKING_ID[self._ranking]][(self._strength >> 12) & 15]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played (five, or fewer for a short hand) in reading order."""
        return tuple(_CARDS[c] for c in self._cards)

    @property
    def name(self) -> str:
        """A readable name, e.g. ``'full house, kings full of tens'``."""
        return _name(self)

    def __str__(self) -> str:
        if not self._wilds:
            return _name(self)
        return f"{_name(self)} ({', '.join([f'{_CARD_TEXT[c]} as {text}' for c, text in self._wilds])})"

    def __repr__(self) -> str:
        cards = " ".join(str(_CARDS[c]) for c in self._cards)
        return f"<Hand {self.ranking.value} {self.strength}: {cards} ({self})>"

    def __format__(self, spec: str) -> str:
        """The name, formatted as a str: ``f"{hand:>30}"`` aligns it."""
        return format(str(self), spec)

    def _same_ranking(self, other: Hand) -> None:
        if other._ranking is not self._ranking:
            ours, theirs = (f"{'an' if r.value[0] in 'aeiou' else 'a'} {r.value}"  # an ace-to-five hand
                            for r in (self._ranking, other._ranking))
            raise TypeError(f"cannot order {ours} hand against {theirs} hand")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._ranking is other._ranking and self._strength == other._strength

    def __hash__(self) -> int:
        return hash((self._ranking, self._strength))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        self._same_ranking(other)
        return self._strength < other._strength

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        self._same_ranking(other)
        return self._strength <= other._strength

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        self._same_ranking(other)
        return self._strength > other._strength

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        self._same_ranking(other)
        return self._strength >= other._strength


def _stand_in(pair: object, cards: tuple[int, ...]) -> tuple[int, str]:
    """One of :class:`Hand`'s ``wilds``: a card it plays and the text of what it stands for."""
    if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], str)):
        raise ArgumentTypeError(f"each wild must be a (card, text) pair, got {describe(pair)}")
    card = int(Card(pair[0]))
    if card not in cards:
        raise CardError(f"wild card {Card(card)} is not among the hand's cards")
    return card, pair[1]


@dataclass(frozen=True, slots=True)
class HighLow:
    """The best high hand and the best low hand of one set of cards."""

    high: Hand
    """The best high hand."""
    low: Hand | None
    """The best low hand, or None when there is no qualifying low."""

    def __post_init__(self) -> None:
        """Refuse what is not a high :class:`Hand` and a low one (or None)."""
        high, low = self.high, self.low
        if type(high) is not Hand or high._ranking is not _HIGH:
            raise ArgumentTypeError(f"HighLow.high must be a high Hand, got {describe(high)}")
        if low is not None and (type(low) is not Hand or low._ranking is _HIGH):
            raise ArgumentTypeError(f"HighLow.low must be a low Hand or None, got {describe(low)}")


_new_hand = object.__new__


def _made(s: int, ranking: Ranking, played: tuple[int, ...]) -> Hand:
    """A :class:`Hand` the evaluator made (nothing to check): no wild card played."""
    hand = _new_hand(Hand)
    hand._strength, hand._ranking, hand._cards, hand._wilds, hand._values = s, ranking, played, (), None
    return hand


def _as_sequence(cards: Any) -> Any:
    return cards if type(cards) is list or type(cards) is tuple else parse_cards(cards)


class WildOptions(TypedDict, total=False):
    """The wild-card keywords of :func:`strength`, :func:`evaluate`, :func:`high_low` and
    :func:`evaluate_many` (meaning: docs/WILD_CARDS.md)."""

    wild: WildSpec
    """Fully wild cards: a rank ("2"), ranks (["2", "3"]) or cards ("Jd 4h")."""
    joker: str
    """``"bug"`` (default) or ``"wild"``."""
    wild_low: str
    """In the lows: ``"zero"`` (default), ``"lowest-absent"`` or ``"best-rank"``."""
    duplicate: bool
    """High: a wild card may repeat a held card in a flush."""
    penalty: WildSpec
    """Penalty cards."""
    penalty_rule: str
    """``"dead-hand"`` (default) or ``"void-card"``."""


_OPTION_NAMES = frozenset(WildOptions.__annotations__)


_MADE_OPTIONS: dict[tuple[object, ...], Options | None] = {}


def _options_key(rid: int, options: WildOptions, check_ranking: bool) -> tuple[object, ...] | None:
    """A memo key for :func:`_options`, or None when an option is not plain text,
    a bool, None or a tuple of text (those are validated afresh every time).  Types
    are part of the key, so ``duplicate=1`` never meets the answer for ``True``."""
    key: list[object] = [rid, check_ranking]
    for name, value in sorted(options.items()):
        kind = type(value)
        texts = kind is tuple and isinstance(value, tuple) and all(type(v) is str for v in value)
        if not (value is None or kind is str or kind is bool or texts):
            return None
        key += (name, kind, value)
    return tuple(key)


def _options(rid: int, options: WildOptions, check_ranking: bool = True) -> Options | None:
    """The core's wild options, or None when every option has its default (the
    natural path; a joker then plays as the bug).  Options already validated are
    remembered (a showdown of a wild-card game asks again for every hand)."""
    if not options:
        return None
    key = _options_key(rid, options, check_ranking)
    if key is not None and key in _MADE_OPTIONS:
        return _MADE_OPTIONS[key]
    made = _make_options(rid, options, check_ranking)
    if key is not None:
        if len(_MADE_OPTIONS) > 1024:
            _MADE_OPTIONS.clear()
        _MADE_OPTIONS[key] = made
    return made


def _make_options(rid: int, options: WildOptions, check_ranking: bool) -> Options | None:
    unknown = options.keys() - _OPTION_NAMES
    if unknown:
        raise ArgumentTypeError(
            f"unexpected keyword argument {sorted(unknown)[0]!r}; wild options are {sorted(_OPTION_NAMES)}"
        )
    return make_options(
        low=rid > 0,
        wild=options.get("wild"),
        joker=options.get("joker", "bug"),
        wild_low=options.get("wild_low", "zero"),
        duplicate=options.get("duplicate", False),
        penalty=options.get("penalty"),
        penalty_rule=options.get("penalty_rule", "dead-hand"),
        check_ranking=check_ranking,
    )


def _call(fn: Callable[..., Any], cards: Any, *args: Any) -> Any:
    """Calls the core with the cards as they are when they are a list or tuple of
    ints (the fast path), else parsed first (text, cards as text, other iterables)."""
    if type(cards) is list or type(cards) is tuple:
        try:
            return fn(cards, *args)
        except CardTypeError:
            pass
    return fn(parse_cards(cards), *args)


def strength(
    cards: str | Iterable[CardLike],
    ranking: Ranking | str = "high",
    *,
    qualifier: SupportsIndex | str = _EIGHT,
    **options: Unpack[WildOptions],
) -> int:
    """The strength of the best hand in ``cards`` (1-7 cards; 5-7 for eight-or-better
    and for lows with wild cards). 0: no qualifying low, or a dead hand.

    Wild options are described in docs/WILD_CARDS.md; the joker plays as the bug.
    A 1-D integer numpy array (a row of a batch) is read as the list of its ints,
    as fast and with the same errors: ``strength(batch[0])``.
    ``qualifier`` (eight-or-better only): the highest rank a qualifying low may hold,
    5..13 or a rank (``9``, ``"T"``, ``"K"``), as the game engine's stud 8 takes it
    (the rules §1). Under another qualifier than 8 the low is played as the engine
    plays it, ace-to-five, and the strength is the ace-to-five strength of a low
    that qualifies (0 for one that does not): comparable under that qualifier, not
    with eight-or-better's own scale (:func:`categories` reads it as ``"ace-to-five"``).
    A qualifier out of range, or another than 8 under another ranking, raises
    :class:`~splitpot.errors.RankingError`.

    >>> strength([48, 44, 40, 36, 32]) > strength("As Ad Ac Ks Kd")
    True
    >>> import numpy as np
    >>> strength(np.array([51, 47, 43, 39, 35], dtype=np.uint8)) == strength("As Ks Qs Js Ts")
    True
    >>> strength("Kc Qd Jh 9s 9c 2d 3c", "eight-or-better")
    0
    >>> strength("7c 5d 4h 2s 2c", "deuce-to-seven", wild="2") > strength("7c 5d 4h 3s 2c", "deuce-to-seven")
    True
    >>> nine = "9c 6d 4h 3s 2c"
    >>> strength(nine, "eight-or-better"), strength(nine, "eight-or-better", qualifier=9)
    (0, 26692)
    >>> strength(nine, "ace-to-five")
    26692
    """
    try:
        rid = _RANKING_ID[ranking]
    except (KeyError, TypeError):
        rid = _ranking_id(ranking)
    if not options and qualifier is _EIGHT and (type(cards) is list or type(cards) is tuple):
        try:  # the fast path: ints, no wild options, the default qualifier; nothing else checked first
            return _core.strength(cards, rid)
        except CardTypeError:
            pass
    if qualifier is not _EIGHT:  # (an 8 that is not the cached int: read, it gives no floor)
        floor = _low_floor(rid, qualifier)
        if floor:
            s = strength(_qualified_low(cards), "ace-to-five", **options)
            return s if s >= floor else 0
    if type(cards) is np.ndarray and cards.ndim == 1 and cards.dtype.kind in "iu":
        cards = cards.tolist()  # a row of a batch: read as the list of its ints (same checks, no parser)
    wild_options = _options(rid, options)
    if wild_options is None:
        return int(_call(_core.strength, cards, rid))
    return int(_call(_core.strength_wild, cards, rid, wild_options))


_NO_OPTIONS: Options = (0, 0, 0, False, 0, 0)
_SUIT_TEXT = (*SUIT_SYMBOLS, "")  # index -1: a stand-in named by its rank alone
_STAND_INS: dict[tuple[int, ...], tuple[tuple[int, str], ...]] = {}
"""Each wild card and the text of what it stands for, by the core's flat
(card, rank, suit) triples: a showdown of a wild game names every hand shown."""


def _stand_ins(flat: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
    subs = _STAND_INS.get(flat)
    if subs is None:
        if len(_STAND_INS) >= 1 << 16:
            _STAND_INS.clear()
        subs = _STAND_INS[flat] = tuple(
            [(flat[i], "zero" if flat[i + 1] < 0 else RANKS[flat[i + 1]] + _SUIT_TEXT[flat[i + 2]])
             for i in range(0, len(flat), 3)]
        )
    return subs


def _read(rid: int, read: tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]) -> Hand | None:
    """The :class:`Hand` of the core's ``read_wild``: the five in reading order, the
    rank each plays as and what each wild card stands for (cpp/src/stand_ins.cpp)."""
    s, ordered, values, flat = read
    if not s:
        return None
    hand = _new_hand(Hand)
    hand._strength, hand._ranking, hand._cards, hand._wilds = s, _RANKINGS[rid], ordered, _stand_ins(flat)
    hand._values = values
    return hand


def _hand(s: int, rid: int, played: tuple[int, ...], options: Options | None) -> Hand:
    if options is None and 52 not in played:
        return _made(s, _RANKINGS[rid], played)
    hand = _read(rid, _core.read_wild(played, rid, options or _NO_OPTIONS))  # the played five make s again
    assert hand is not None and hand._strength == s
    return hand


def _evaluate_prepared(cards: Sequence[int], rid: int, options: Options) -> Hand | None:
    """:func:`evaluate` of int cards with the core's options made once by
    :func:`_options` (the engine's showdown holds them for its validated
    ``Wilds``): neither the cards nor the options are parsed or checked again."""
    return _read(rid, _core.read_wild(cards, rid, options))


def evaluate(
    cards: str | Iterable[CardLike],
    ranking: Ranking | str = "high",
    *,
    qualifier: SupportsIndex | str = _EIGHT,
    **options: Unpack[WildOptions],
) -> Hand | None:
    """The best hand in ``cards`` as a :class:`Hand`; None for no qualifying low or a
    dead hand. Cards (a numpy row too), wild options and ``qualifier`` as for
    :func:`strength`; under another qualifier than 8 a qualifying low is its
    ace-to-five :class:`Hand` (ranking ``ace-to-five``, as the game engine's
    showdown reads it).

    >>> evaluate("Ah 2c 3d 4s 5h 9d Kc", "ace-to-five").cards
    (Card('5h'), Card('4s'), Card('3d'), Card('2c'), Card('Ah'))
    >>> str(evaluate("As Ah Ad Ac Jk"))
    'five of a kind, aces (Jk as A)'
    >>> str(evaluate("6c 4d 3h Ac Jk", "ace-to-six", joker="wild"))
    'six-four low (Jk as zero)'
    >>> str(evaluate("Th 9c 6d 4h 3s 2c", "eight-or-better", qualifier=9))
    'nine-six low'
    """
    try:
        rid = _RANKING_ID[ranking]
    except (KeyError, TypeError):
        rid = _ranking_id(ranking)
    if qualifier is not _EIGHT:  # (an 8 that is not the cached int: read, it gives no floor)
        floor = _low_floor(rid, qualifier)
        if floor:
            hand = evaluate(_qualified_low(cards), "ace-to-five", **options)
            return hand if hand is not None and hand._strength >= floor else None
    wild_options = _options(rid, options) if options else None
    if wild_options is None:
        if type(cards) is list or type(cards) is tuple:
            try:  # the fast path: ints
                s, played = _core.evaluate(cards, rid)
            except CardTypeError:
                s, played = _core.evaluate(parse_cards(cards), rid)
        elif type(cards) is np.ndarray and cards.ndim == 1 and cards.dtype.kind in "iu":
            s, played = _core.evaluate(cards.tolist(), rid)  # a batch row: its ints (no parser)
        else:
            s, played = _core.evaluate(parse_cards(cards), rid)
        if s == 0:
            return None
        if 52 not in played:  # no joker: built without __init__'s conversions
            hand = _new_hand(Hand)
            hand._strength, hand._ranking, hand._cards, hand._wilds, hand._values = (
                s,
                _RANKINGS[rid],
                played,
                (),
                None,
            )
            return hand
        return _hand(s, rid, played, None)  # the joker, as the bug
    if type(cards) is np.ndarray and cards.ndim == 1 and cards.dtype.kind in "iu":
        cards = cards.tolist()  # a row of a batch: read as the list of its ints (same checks, no parser)
    return _read(rid, _call(_core.read_wild, cards, rid, wild_options))


def high_low(
    cards: str | Iterable[CardLike],
    low: Ranking | str = "eight-or-better",
    *,
    qualifier: SupportsIndex | str = _EIGHT,
    **options: Unpack[WildOptions],
) -> HighLow:
    """The best high and the best low (under ``low``) of 5-7 cards, each with its five
    cards (they may share cards). Cards (a numpy row too), wild options and
    ``qualifier`` (eight-or-better's low) as for :func:`strength` (``wild_low`` for
    the low, ``duplicate`` for the high); under another qualifier than 8 the low is
    :func:`evaluate`'s: an ace-to-five :class:`Hand` that qualifies, or None.

    >>> hl = high_low("Ah 2h 3h 4h 5h 9s 9d")
    >>> str(hl.high), str(hl.low)
    ('straight flush, five high', 'five-four low (wheel)')
    >>> hl = high_low("9c 6d 4h 3s 2c Kd Kh", qualifier=9)
    >>> str(hl.high), str(hl.low), hl.low.ranking.value
    ('pair of kings', 'nine-six low', 'ace-to-five')
    """
    rid = _ranking_id(low, "low")
    if rid == 0:
        raise RankingError("the low ranking of high_low must be a low ranking, not 'high'")
    if qualifier is not _EIGHT:
        floor = _low_floor(rid, qualifier)
        if floor:  # the ace-to-five low, kept where it reaches the qualifier's floor
            both = high_low(_qualified_low(cards), "ace-to-five", **options)
            qualified = both.low if both.low is not None and both.low._strength >= floor else None
            return HighLow(both.high, qualified)
    if type(cards) is np.ndarray and cards.ndim == 1 and cards.dtype.kind in "iu":
        cards = cards.tolist()  # a row of a batch: read as the list of its ints (same checks, no parser)
    seq = _as_sequence(cards)
    wild_options = _options(rid, options, check_ranking=False)
    try:
        joker = 52 in seq
    except ValueError:  # a numpy array among the cards has no truth value against 52: refused by parse_cards
        seq = parse_cards(seq)
        joker = 52 in seq
    if wild_options is None and not joker:
        hi, lo = _call(_core.high_low, seq, rid)
        return HighLow(
            _made(hi[0], Ranking.HIGH, hi[1]), _made(lo[0], _RANKINGS[rid], lo[1]) if lo[0] else None
        )
    if not all(type(c) is int for c in seq):  # text, numpy ints: the core's wild path reads ints
        seq = parse_cards(seq)
    opts = wild_options or (0, 0, 0, False, 0, 0)
    if len(seq) < 5:
        raise CardError(f"a high-low hand needs 5 to 7 cards, got {len(seq)}")
    high_opts = (opts[0], opts[1], 0, opts[3], opts[4], opts[5])
    low_opts = (opts[0], opts[1], opts[2], False, opts[4], opts[5])
    hs, hp = _core.evaluate_wild(seq, 0, high_opts)
    ls, lp = _core.evaluate_wild(seq, rid, low_opts)
    high = _hand(hs, 0, hp, high_opts) if hs else None
    if high is None:  # a dead hand wins neither half
        raise RankingError("the hand is dead (it holds a penalty card); it has no high and no low")
    return HighLow(high, _hand(ls, rid, lp, low_opts) if ls else None)


def _row_card_error(row: int, card: object) -> CardError:
    """A batch's card out of range, named by its row."""
    return CardError(f"row {row}: card {card} is out of range (0..51, 52 = joker)")


def _refuse_objects(arr: NDArray[Any]) -> None:
    """The error for an object array of cards: the first value that is not an int (a
    CardTypeError), or, where all are ints (beyond every integer type), the first out
    of range (a CardError naming its row)."""
    width = arr.shape[-1] if arr.ndim else 1
    for index, value in enumerate(arr.flat):
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise CardTypeError(
                f"cards must be an integer array of card numbers 0..52, got {describe(value)} among them"
            )
        if not 0 <= int(value) <= 52:
            raise _row_card_error(index // width, value)


def _batch_shape_error(shape: tuple[int, ...]) -> CardError:
    """The error for a batch of cards whose ``shape`` is not (N, k), k in 5..7, naming the fix.

    >>> print(_batch_shape_error((7, 100)))
    cards must have shape (N, k) with k in 5..7, got shape (7, 100); hands in columns: pass cards.T
    """
    hint = ""
    if len(shape) == 1 and 5 <= shape[0] <= 7:
        hint = "; one hand is a batch of one row: cards.reshape(1, -1) (or strength(cards) for one hand)"
    elif len(shape) == 2 and 5 <= shape[0] <= 7:
        hint = "; hands in columns: pass cards.T"
    elif shape == (0, 0):  # parse_cards_many([]): no hands, and so no count of cards
        hint = "; an empty list of hands: parse_cards_many(hands, k=7) gives shape (0, 7)"
    return CardError(f"cards must have shape (N, k) with k in 5..7, got shape {shape}{hint}")


def _refuse_wild_penalty_rows(rows: NDArray[np.uint16], penalty: int) -> None:
    """Refuse a row of ``wild_ranks`` naming wild a rank that holds a penalty card, with
    its row, as ``wild=`` and ``penalty=`` naming one card are refused (a penalty card
    never plays as wild, so naming it wild does nothing).

    >>> _refuse_wild_penalty_rows(np.array([0, 2, 1], dtype=np.uint16), 1 << 1)  # 2d a penalty card
    Traceback (most recent call last):
    ...
    splitpot.errors.RankingError: wild_ranks row 2 makes 2 wild and penalty names 2d: ...
    """
    ranks = 0
    for r in range(len(RANKS)):
        if (penalty >> (4 * r)) & 15:
            ranks |= 1 << r
    bad = np.flatnonzero(rows & ranks)
    if not bad.size:
        return
    row = int(bad[0])
    over = int(rows[row]) & ranks
    wild = " ".join(RANKS[r] for r in range(len(RANKS)) if over >> r & 1)
    cards = mask_text(sum(penalty & (15 << (4 * r)) for r in range(len(RANKS)) if over >> r & 1))
    raise RankingError(
        f"wild_ranks row {row} makes {wild} wild and penalty names {cards}: a penalty card never plays "
        f"as wild (with dead-hand it kills the hand, with void-card it may not be played), so naming it "
        f"wild does nothing; clear those bits (wild_ranks & ~{over:#x}), or name other penalty cards."
    )


def _contiguous_rows(arr: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """A C-contiguous copy of an (N, k) uint8 array that is not. Rows whose k bytes lie
    together (a column slice of a wider array: ``decks[:, 0:7]``) are copied as one k-byte
    item each, about twice as fast as ``np.ascontiguousarray``'s byte-by-byte strided copy;
    other layouts (Fortran order, every other column) are copied by numpy.

    >>> decks = np.arange(40, dtype=np.uint8).reshape(4, 10)
    >>> rows = _contiguous_rows(decks[:, 2:7])
    >>> rows.flags.c_contiguous, np.array_equal(rows, decks[:, 2:7])
    (True, True)
    """
    if arr.strides[1] == 1:
        try:
            rows: NDArray[np.uint8] = arr.view(np.dtype((np.void, arr.shape[1]))).copy().view(np.uint8)
        except (TypeError, ValueError):  # pragma: no cover - a layout numpy does not view as rows
            pass
        else:
            return rows.reshape(arr.shape)
    return np.ascontiguousarray(arr)


def _masked(array: object) -> bool:
    """Whether ``array`` is a numpy masked array with masked entries.  ``numpy.ma``
    is read only where it was imported (no masked array exists otherwise): it is not
    imported here, where a call at the interpreter's exit could not import it."""
    ma = sys.modules.get("numpy.ma")
    return ma is not None and isinstance(array, ma.MaskedArray) and bool(ma.is_masked(array))


def evaluate_many(
    cards: ArrayLike,
    ranking: Ranking | str = "high",
    *,
    wild_ranks: ArrayLike | None = None,
    threads: SupportsIndex | None = 1,
    check: bool = True,
    qualifier: SupportsIndex | str = _EIGHT,
    **options: Unpack[WildOptions],
) -> NDArray[np.uint32]:
    """Strengths of many hands at once: ``cards`` is an (N, k) integer array, k in 5..7.

    A C-contiguous uint8 array is read in place. Any other array is copied whole
    first, into a C-contiguous uint8 one: other integer dtypes are range-checked and
    converted in that copy (an object array of Python ints too, each value checked
    first, as :func:`categories` and :func:`~splitpot.equity` take one), and uint8
    in another layout (Fortran order; a strided view such as the column slice
    ``decks[:, 0:7]``) is copied as it is. The copy is made on one thread and
    costs more than the evaluation (a 7-column slice of a 1,000,000 x 52 array of
    decks: about 8.7 ms on one thread, against 3.4 ms for the same hands
    contiguous): to evaluate a slice more than once, copy it once with
    ``np.ascontiguousarray(decks[:, 0:7])``. The GIL is released for the whole
    batch; ``threads`` splits big batches across cores (None: every core this
    process may use; else 1 to ``splitpot.MAX_THREADS``, 1024). ``check=False`` skips
    the duplicate-card check (cards are always range-checked). Wild options as
    for :func:`strength`; ``wild_ranks`` gives each row its own wild ranks as a
    13-bit mask (bit 0 = deuces .. bit 12 = aces), e.g. Mexican stud's players;
    a row making wild a rank that holds a penalty card is refused with its row
    (:class:`~splitpot.errors.RankingError`), as ``wild=`` naming a penalty card is.
    ``qualifier`` as for :func:`strength` (eight-or-better only).

    Without wild options or ``wild_ranks``, rows holding the joker (card 52, the
    bug) cost their own evaluation alone: the natural pass gives them 0 and then
    only those rows are evaluated again, a group at a time, with the joker as the bug, so
    that a batch with a few jokers runs at nearly the natural speed, each row equal
    to :func:`strength` of it.

    >>> import numpy as np
    >>> batch = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]], dtype=np.uint8)
    >>> s = evaluate_many(batch)
    >>> s.dtype, s.tolist() == [strength(row.tolist()) for row in batch]
    (dtype('uint32'), True)
    >>> per_row = evaluate_many(batch, wild_ranks=np.array([0, 1], dtype=np.uint16))
    >>> per_row.tolist() == [strength(batch[0].tolist()), strength(batch[1].tolist(), wild="2")]
    True
    >>> jokers = np.array([[52, 47, 43, 39, 35], [0, 4, 8, 12, 17]], dtype=np.uint8)  # the bug; natural
    >>> evaluate_many(jokers).tolist() == [strength(row.tolist()) for row in jokers]
    True
    >>> nine = np.array([[28, 17, 9, 6, 0]], dtype=np.uint8)  # 9c 6d 4d 3h 2c
    >>> evaluate_many(nine, "eight-or-better", qualifier=9).tolist()  # an ace-to-five strength
    [26692]
    """
    rid = _ranking_id(ranking)
    floor = 0
    if qualifier is not _EIGHT:
        floor = _low_floor(rid, qualifier)
        if floor:
            rid = _ACE_TO_FIVE
    if isinstance(cards, (str, bytes)) or cards is None:
        raise CardTypeError(f"cards must be an (N, k) integer array, got {describe(cards)}")
    if _masked(cards):  # asarray would drop the mask
        raise CardError(
            "cards is a masked array with masked entries: a card number is needed in every place; "
            "select the rows to evaluate first (cards[~cards.mask.any(axis=1)])"
        )
    try:
        arr = np.asarray(cards)
    except (ValueError, TypeError, OverflowError) as err:  # ragged rows, ints beyond int64
        raise CardError(f"cards must be an (N, k) integer array: {err}") from None
    if arr.dtype != np.uint8:
        if arr.dtype.kind in "USO" and arr.size and isinstance(arr.flat[0], str):  # "As Ks ..." per row
            raise CardTypeError(
                f"cards must be an integer array of card numbers, not text (dtype {arr.dtype}): convert "
                "once with splitpot.parse_cards_many(hands)"
            )
        if arr.dtype.kind == "O" and arr.size:  # Python ints (checked, then read), None, mixed objects
            _refuse_objects(arr)  # raises unless every value is an int in 0..52
            arr = arr.astype(np.uint8)
        if arr.size == 0 and (arr.ndim < 2 or arr.shape[-1] == 0):  # [] and [[]]: the shape is wrong
            raise CardError(
                f"cards must have shape (N, k) with k in 5..7, got shape {arr.shape}; an empty batch "
                "is np.empty((0, 7), dtype=np.uint8)"
            )
        if arr.dtype.kind not in "iu":  # not issubdtype(integer): timedelta64 is one to numpy
            raise CardTypeError(
                f"cards must be an integer array of card numbers 0..52 (uint8 preferred), got dtype "
                f"{arr.dtype}: convert with np.asarray(cards, dtype=np.uint8) once the values are whole "
                "card numbers"
            )
        if arr.size and (arr.min() < 0 or arr.max() > 52):  # (no N x k mask unless one is out)
            bad = np.flatnonzero(((arr < 0) | (arr > 52)).reshape(-1))
            width = arr.shape[-1] if arr.ndim else 1
            card = arr.reshape(-1)[bad[0]]
            raise _row_card_error(int(bad[0]) // width, card)
        arr = arr.astype(np.uint8, order="C")  # the one copy: C order, as the core reads it
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise _batch_shape_error(arr.shape)
    if not arr.flags.c_contiguous:
        arr = _contiguous_rows(arr)
    n_threads = as_threads(threads)
    check = as_bool(check, "check")
    wild_options = _options(rid, options)
    rows = None
    if wild_ranks is not None:
        if _masked(wild_ranks):  # as cards
            raise RankingError("wild_ranks is a masked array with masked entries: give every row a mask "
                               "(0: no wild rank), e.g. wild_ranks.filled(0)")
        rows = np.asarray(wild_ranks)
        if rows.dtype.kind not in "iu":
            raise ArgumentTypeError(
                f"wild_ranks must be an integer array of 13-bit masks, got dtype {rows.dtype}"
            )
        if rows.shape != arr.shape[:1]:
            raise RankingError(
                f"wild_ranks must have shape (N,) = ({arr.shape[0]},), one 13-bit mask per row of cards, "
                f"got shape {rows.shape} (one mask for all: np.full(len(cards), mask))"
            )
        if rows.size and (rows.min() < 0 or rows.max() >= 1 << 13):
            raise RankingError("wild_ranks must hold 13-bit rank masks (0 .. 8191)")
        rows = np.ascontiguousarray(rows, dtype=np.uint16)
        if wild_options is not None and wild_options[4]:
            _refuse_wild_penalty_rows(rows, wild_options[4])
    if wild_options is None and rows is None:  # the natural pass; rows with the joker (the bug) alone again
        out = _core.evaluate_many(arr, rid, n_threads, check, bug=True)
    else:
        out = _core.evaluate_many_wild(arr, rid, wild_options or _NO_OPTIONS, rows, n_threads, check)
    if floor:  # in place and branch-free (a boolean index costs more than the evaluation)
        np.multiply(out, out >= floor, out=out, casting="unsafe")
    return out


def _plural(rank: int) -> str:
    return _RANK_PLURALS[rank]


def _rank_name(value: int) -> str:
    return "zero" if value < 0 else _RANK_NAMES[value]


_NAMES: dict[tuple[Ranking, int, tuple[int, ...]], str] = {}


def _name(hand: Hand) -> str:
    """The hand's name, remembered by all it depends on (the ranking, the category
    read from the strength, the ranks as played): a showdown names every hand shown."""
    ranks = hand._values if hand._values is not None else tuple([c >> 2 for c in hand._cards])
    key = (hand._ranking, (hand._strength >> 12) & 15, ranks)
    name = _NAMES.get(key)
    if name is None:
        if len(_NAMES) >= 1 << 16:
            _NAMES.clear()
        name = _NAMES[key] = _compose_name(hand._ranking, hand.category, list(ranks))
    return name


_NATURAL_NAMES: tuple[dict[int, str], ...] = tuple({} for _ in _RANKINGS)
"""Names of natural hands by strength, one memo per ranking (at most 7,462 entries each)."""


def _natural_named(cards: list[int], rid: int) -> tuple[int, str] | None:
    """The strength and the name (``str``) of :func:`evaluate`'s hand of int
    ``cards`` under the ranking ``rid`` without wild options, when it plays five
    cards and no joker; None otherwise (a joker played, fewer than five cards, no
    qualifying low).  The engine's showdown of natural hands asks it for every hand
    shown.  The name is remembered by the strength alone: natural hands of one
    strength under one ranking hold the same ranks, read in the same order
    (tests/engine/test_natural_showdown.py checks every class of five-card hands).

    >>> _natural_named([51, 47, 43, 39, 35, 0, 1], 0)[1]
    'royal flush'
    """
    s, played = _core.evaluate(cards, rid)
    if not s or len(played) != 5 or 52 in played:
        return None
    names = _NATURAL_NAMES[rid]
    name = names.get(s)
    if name is None:
        name = names[s] = _name(_made(s, _RANKINGS[rid], played))
    return s, name


_REPEATED = {2: "double", 3: "triple", 4: "quadruple", 5: "quintuple"}
"""A flush's top rank held more than once (wild cards with ``duplicate``), by the count."""


def _compose_name(ranking: Ranking, cat: Category, ranks: list[int]) -> str:
    top = _rank_name(ranks[0])
    if cat is Category.HIGH_CARD and ranking.is_low:
        second = _rank_name(ranks[1]) if len(ranks) > 1 else None
        name = f"{top}-{second} low" if second else f"{top} low"
        if ranking in (Ranking.ACE_TO_FIVE, Ranking.EIGHT_OR_BETTER) and ranks == [3, 2, 1, 0, 12]:
            name += " (wheel)"
        return name
    if cat is Category.STRAIGHT_FLUSH:
        return "royal flush" if ranks[0] == 12 and ranks[1] == 11 else f"straight flush, {top} high"
    if cat is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {_plural(ranks[0])}"
    if cat is Category.FULL_HOUSE:
        return f"full house, {_plural(ranks[0])} full of {_plural(ranks[3])}"
    if cat is Category.FLUSH:
        same = 1
        while same < len(ranks) and ranks[same] == ranks[0]:  # wild cards repeating a held card
            same += 1
        if same > 1:
            return f"flush, {_REPEATED[same]} {_plural(ranks[0])}"
        return f"flush, {top} high"
    if cat is Category.STRAIGHT:
        return f"straight, {top} high"
    if cat is Category.THREE_OF_A_KIND:
        return f"three of a kind, {_plural(ranks[0])}"
    if cat is Category.TWO_PAIR:
        return f"two pair, {_plural(ranks[0])} and {_plural(ranks[2])}"
    if cat is Category.PAIR:
        return f"pair of {_plural(ranks[0])}"
    if cat is Category.FIVE_OF_A_KIND:
        return f"five of a kind, {_plural(ranks[0])}"
    return f"high card, {top}"
