"""Cards, card text and a seeded deck.

A card is an int 0..51 = 4 * rank + suit (rank 0 = deuce .. 12 = ace; suit
0 clubs, 1 diamonds, 2 hearts, 3 spades) and 52 is the joker. :class:`Card`
is that int with a readable text.

>>> Card("As"), int(Card("As")), Card(0)
(Card('As'), 51, Card('2c'))
>>> parse_cards("As Kd 10h jk")
[Card('As'), Card('Kd'), Card('Th'), Card('Jk')]
>>> deck = Deck(seed=7)
>>> len(deck.deal(5)), len(deck)
(5, 47)
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex

import numpy as np

from splitpot.errors import CardError, CardTypeError
from splitpot.validate import as_bool, as_int, as_optional_int

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = [
    "JOKER",
    "RANKS",
    "SUITS",
    "Card",
    "CardLike",
    "Deck",
    "card_text",
    "cards_text_many",
    "parse_cards",
    "parse_cards_many",
]

RANKS = "23456789TJQKA"
"""Rank characters, deuce (0) to ace (12)."""
SUITS = "cdhs"
"""Suit characters, clubs (0) to spades (3)."""
SUIT_SYMBOLS = "♣♦♥♠"

_RANK_NAMES = (
    "deuce",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
_RANK_PLURALS = (
    "deuces",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)
_RANK_INDEX = {**{ch: i for i, ch in enumerate(RANKS)}, "10": 8}


def _rank_index(text: str) -> int | None:
    """The rank index (0 = deuce .. 12 = ace) of one rank written as text
    (``"q"``, ``"T"``, ``"10"``), or None when the text is not exactly one rank.

    >>> _rank_index("q"), _rank_index(" 10 "), _rank_index(""), _rank_index("JQ")
    (10, 8, None, None)
    """
    return _RANK_INDEX.get(text.strip().upper())


_TEXT_RE = re.compile(
    r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])(?:(?<=[♣♦♥♠♧♢♡♤])[\ufe0e\ufe0f])?|(jk)", re.IGNORECASE
)
# Suits by letter or symbol: text copied from a terminal reads back (``A♠``, ``T♦``); a suit
# symbol may carry the emoji or text variation selector (U+FE0F, U+FE0E) that phones and web pages add.
_SUIT_INDEX = {**{ch: i for i, ch in enumerate(SUITS)}, **{ch: i for i, ch in enumerate(SUIT_SYMBOLS)},
               **{ch: i for i, ch in enumerate("♧♢♡♤")}}


# Card text as splitpot writes it ("As", "Td", "Jk"), read without the pattern: histories and
# PHH files are written this way.
_CANONICAL = {**{r + s: 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}, "Jk": 52}


def _shown(text: str) -> str:
    """``repr(text)`` with combining marks escaped too (repr escapes the other
    characters that print as nothing): an error never quotes an invisible character.

    >>> print(_shown("A\ufe0f"), _shown("A\u200b"))
    'A\\ufe0f' 'A\\u200b'
    """
    shown = repr(text)
    if shown.isascii():
        return shown
    return "".join(
        ch.encode("unicode_escape").decode() if unicodedata.category(ch)[0] == "M" else ch for ch in shown
    )


def _kind(value: object) -> str:
    """The type of a value that is not a card, with an array's shape and dtype.

    >>> import numpy as np
    >>> _kind(1.5), _kind(np.array([[1, 2]], dtype=np.uint8)), _kind(np.float64(2.0))
    ('float', 'ndarray of shape (1, 2) and dtype uint8', 'a numpy float64 scalar')
    """
    if isinstance(value, np.generic):
        return f"a numpy {value.dtype} scalar"
    shape = getattr(value, "shape", None)
    if not isinstance(shape, tuple):
        return type(value).__name__
    return f"{type(value).__name__} of shape {shape} and dtype {getattr(value, 'dtype', '?')}"


def _text_to_int(text: str) -> int:
    known = _CANONICAL.get(text)
    if known is not None:
        return known
    m = _TEXT_RE.fullmatch(text.strip())
    if m is None:
        raise CardError(
            f"unknown card {_shown(text)}: expected a rank 2-9, T (or 10), J, Q, K, A and a suit c, d, h, s "
            "(or ♣ ♦ ♥ ♠; e.g. 'As', 'Td'), or 'Jk' for the joker"
        )
    if m.group(3):
        return 52
    rank = m.group(1).upper()
    return 4 * RANKS.index("T" if rank == "10" else rank) + _SUIT_INDEX[m.group(2).lower()]


class Card(int):
    """One card: an int 0..52 that prints as text.

    >>> c = Card("td")
    >>> c, c.rank, c.suit, str(c), c.pretty
    (Card('Td'), 8, 1, 'Td', 'T♦')
    >>> Card(52).is_joker
    True
    >>> Card("A♠") == Card("As"), Card("10♥")
    (True, Card('Th'))
    """

    __slots__ = ()

    def __new__(cls, value: str | SupportsIndex) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return super().__new__(cls, _text_to_int(value))
        if isinstance(value, bool) or not hasattr(value, "__index__"):
            raise CardTypeError(f"a card must be an int 0..52 or card text, not {_kind(value)}")
        try:
            v = value.__index__()
        except TypeError:  # numpy: an array of several cards, or of floats, is not one card
            raise CardTypeError(
                f"a card must be an int 0..52 or card text, not {_kind(value)}; "
                "several cards are a 1-D integer array of card numbers"
            ) from None
        if not 0 <= v <= 52:
            raise CardError(f"card {v} is out of range (0..51, 52 = joker)")
        return super().__new__(cls, v)

    @property
    def is_joker(self) -> bool:
        """True for the joker (52)."""
        return int(self) == 52

    @property
    def rank(self) -> int | None:
        """Rank 0 (deuce) .. 12 (ace); None for the joker."""
        return None if self.is_joker else int(self) >> 2

    @property
    def suit(self) -> int | None:
        """Suit 0 (clubs) .. 3 (spades); None for the joker."""
        return None if self.is_joker else int(self) & 3

    @property
    def pretty(self) -> str:
        """Text with a suit symbol, e.g. ``A♠``."""
        return "Jk" if self.is_joker else RANKS[int(self) >> 2] + SUIT_SYMBOLS[int(self) & 3]

    def __str__(self) -> str:
        return "Jk" if self.is_joker else RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __format__(self, spec: str) -> str:
        """The text, formatted as a str (``f"{card:>3}"``: ``' As'``); a number's
        presentation type (``d``, ``x``, ``f``, ``%``, ...) formats the number, as
        the int it is (``f"{card:02d}"``, ``f"{card:.1f}"``).

        >>> f"[{Card('As'):>3}] [{Card('2c'):<3}] {Card('As'):d} {Card('As'):.1f}"
        '[ As] [2c ] 51 51.0'
        """
        if spec and spec[-1] in "bcdnoxXeEfFgG%":
            return int.__format__(self, spec)
        return format(str(self), spec)


JOKER = Card(52)
"""The joker."""

_CARDS = tuple(int.__new__(Card, i) for i in range(53))
_CARD_TEXT = tuple(str(c) for c in _CARDS)


def card_text(card: int) -> str:
    """The text of an int-encoded card.

    >>> card_text(51), card_text(52)
    ('As', 'Jk')
    """
    return _CARD_TEXT[card]


CardLike = Card | int | str
"""Anything that names one card."""


def _card_list(cards: str | Iterable[CardLike]) -> list[Card]:
    """:func:`parse_cards` without the duplicate check (for cards that only
    name a set, such as the cards known to be elsewhere)."""
    if isinstance(cards, str):
        tokens = [t for t in re.split(r"[\s,]+", cards) if t]
        out: list[Card] = []
        for token in tokens:
            pos = 0
            while pos < len(token):
                m = _TEXT_RE.match(token, pos)
                if m is None:
                    _text_to_int(token[pos:])  # raises with the unknown text
                    raise AssertionError  # pragma: no cover
                out.append(_CARDS[_text_to_int(m.group(0))])
                pos = m.end()
        return out
    if isinstance(cards, (bytes, bytearray)):  # card numbers, as a list of ints is
        bad = next((b for b in cards if b > 52), None)
        if bad is not None:
            text = cards.decode("latin-1")
            readable = text.isprintable() and len(text) <= 30
            example = f", e.g. {text!r} rather than {bytes(cards)!r}" if readable else ""
            raise CardError(
                f"card {bad} is out of range: bytes are card numbers 0..52 (52 = joker), not text; "
                f"text cards need a str{example}"
            )
        return [_CARDS[b] for b in cards]
    if not isinstance(cards, Iterable) or isinstance(cards, Mapping):  # a mapping's keys are no hand
        raise CardTypeError(f"cards must be text or an iterable of cards, not {_kind(cards)}")
    if type(cards) is not list and type(cards) is not tuple and getattr(cards, "ndim", 1) != 1:
        raise CardTypeError(  # iterating would give rows (or fail): cards are one flat sequence
            f"cards must be text or a flat sequence of cards (a 1-D array), not {_kind(cards)}"
        )
    # (an int in range: its Card from the table, as Card(c) would make it; anything else through Card)
    table = _CARDS
    return [c if type(c) is Card else table[c] if type(c) is int and 0 <= c <= 52 else Card(c) for c in cards]


def parse_cards(cards: str | Iterable[CardLike]) -> list[Card]:
    """Cards from text (``"As Kd 7h"``, ``"AsKd7h"``, commas allowed) or an
    iterable of ints, text or cards (a 1-D array; ``bytes`` are card numbers).
    Duplicates are refused.

    >>> parse_cards("AsKd, 7h")
    [Card('As'), Card('Kd'), Card('7h')]
    >>> parse_cards([51, "2c"])
    [Card('As'), Card('2c')]
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    splitpot.errors.CardError: duplicate card As
    """
    out = _card_list(cards)
    if len(set(out)) != len(out):
        seen: set[int] = set()
        for c in out:
            if c in seen:
                raise CardError(f"duplicate card {c}")
            seen.add(c)
    return out


def parse_cards_many(
    hands: Iterable[str | Iterable[CardLike]], *, k: SupportsIndex | None = None
) -> NDArray[np.uint8]:
    """Many hands, each as :func:`parse_cards` reads one (text, or an iterable of cards),
    as one (N, k) uint8 array of card numbers: the batch :func:`~splitpot.evaluate_many`
    takes. Every hand must have the same number of cards; a bad hand raises what
    :func:`parse_cards` raises, with its index.

    ``k`` (optional, 1..53): the cards a hand; every hand must have that many, and no
    hands give shape (0, k), an empty batch ``evaluate_many`` takes (without ``k``
    they give (0, 0), which it refuses: the number of cards is unknown). Pass it when
    the list may be empty: ``evaluate_many(parse_cards_many(hands, k=7))``.

    >>> batch = parse_cards_many(["As Ks Qs Js Ts", "2c 3d 4h 5s 7c", [51, "2d", 0, 4, 8]])
    >>> batch.dtype, batch.shape, batch[0].tolist()
    (dtype('uint8'), (3, 5), [51, 47, 43, 39, 35])
    >>> parse_cards_many(["As Ks Qs Js Ts", "2c 3d 4h 5s"])
    Traceback (most recent call last):
    ...
    splitpot.errors.CardError: hands[1] has 4 cards, hands[0] has 5: a batch's hands have one size
    >>> parse_cards_many([], k=7).shape, parse_cards_many([]).shape
    ((0, 7), (0, 0))
    """
    size = None if k is None else as_int(k, "k", low=1, high=53, error=CardError)
    if isinstance(hands, (str, bytes, bytearray)) or not isinstance(hands, Iterable):
        raise CardTypeError(
            f"hands must be an iterable of hands (a list of texts or of card lists), not {_kind(hands)}; "
            "one hand: parse_cards"
        )
    rows: list[list[int]] = []
    for index, hand in enumerate(hands):
        row: list[int] | None = None
        if type(hand) is str:  # the fast path: canonical text ("As Td Jk") split on spaces
            try:
                row = [_CANONICAL[t] for t in hand.split()]
            except KeyError:
                row = None
            if row is not None and len(set(row)) != len(row):
                row = None  # parse_cards names the duplicate
        if row is None:
            try:
                row = [int(c) for c in parse_cards(hand)]
            except (CardError, CardTypeError) as err:
                raise type(err)(f"hands[{index}]: {err}") from None
        if size is not None and len(row) != size:
            raise CardError(f"hands[{index}] has {len(row)} cards, k={size} asks for {size}")
        if rows and len(row) != len(rows[0]):
            raise CardError(
                f"hands[{index}] has {len(row)} cards, hands[0] has {len(rows[0])}: "
                "a batch's hands have one size"
            )
        rows.append(row)
    if not rows:
        return np.empty((0, size or 0), dtype=np.uint8)
    return np.array(rows, dtype=np.uint8)


def cards_text_many(cards: ArrayLike) -> list[str]:
    """The text of each row of an (N, k) integer array of card numbers (a batch of
    :func:`~splitpot.evaluate_many`), cards as :func:`card_text` writes them: the
    inverse of :func:`parse_cards_many`. Each card is range-checked, duplicates are not
    (``[[0, 0]]`` reads ``'2c 2c'``): it writes what it is given.

    >>> import numpy as np
    >>> cards_text_many(np.array([[51, 47, 43, 39, 35], [0, 5, 10, 15, 52]], dtype=np.uint8))
    ['As Ks Qs Js Ts', '2c 3d 4h 5s Jk']
    """
    if isinstance(cards, (str, bytes)):
        raise CardTypeError(f"cards must be an (N, k) integer array of card numbers, not {_kind(cards)}")
    try:
        arr: Any = np.asarray(cards)
    except (ValueError, TypeError, OverflowError) as err:  # ragged rows, ints beyond int64
        raise CardError(f"cards must be an (N, k) integer array: {err}") from None
    if arr.ndim != 2:
        hint = "; one hand: ' '.join(map(card_text, cards))" if arr.ndim == 1 else ""
        raise CardError(f"cards must be an (N, k) array of card numbers, got shape {arr.shape}{hint}")
    if arr.dtype.kind not in "iu" and not (arr.size == 0 and arr.dtype.kind == "f"):
        raise CardTypeError(f"cards must be an integer array of card numbers 0..52, got dtype {arr.dtype}")
    if arr.size:
        bad = np.flatnonzero(((arr < 0) | (arr > 52)).reshape(-1))
        if bad.size:
            row, card = divmod(int(bad[0]), arr.shape[1])
            raise CardError(f"row {row}: card {arr[row, card]} is out of range (0..51, 52 = joker)")
    text = _CARD_TEXT.__getitem__
    return [" ".join(map(text, row)) for row in arr.tolist()]


class Deck:
    """A deck, top card first: seeded and shuffled, or in an explicit order.

    >>> Deck(seed=1).cards == Deck(seed=1).cards
    True
    >>> d = Deck(order="As Kd 7h")
    >>> d.deal(2), d.deal_one(), len(d)
    ([Card('As'), Card('Kd')], Card('7h'), 0)
    >>> len(Deck(joker=True))
    53
    """

    __slots__ = ("_cards", "_rng")

    def __init__(
        self,
        seed: SupportsIndex | None = None,
        *,
        joker: bool = False,
        order: str | Sequence[CardLike] | None = None,
    ) -> None:
        self._rng = random.Random(as_optional_int(seed, "seed", low=0))
        joker = as_bool(joker, "joker")
        if order is not None:
            if joker:  # was ignored: the order names every card of the deck
                raise CardError("Deck: joker=True adds the joker to a shuffled deck; "
                                "with order=, put 'Jk' in it")
            self._cards = parse_cards(order)
        else:
            self._cards = list(_CARDS[: 53 if joker else 52])
            self._rng.shuffle(self._cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards left, top first."""
        return tuple(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        """The cards left, the top few named.

        >>> Deck(order="As Kd 7h 2c 3c 4c")
        <Deck: 6 cards left, top As Kd 7h 2c ...>
        """
        top = " ".join(str(c) for c in self._cards[:4]) + (" ..." if len(self._cards) > 4 else "")
        return f"<Deck: {len(self._cards)} cards left" + (f", top {top}>" if top else ">")

    def shuffle(self) -> None:
        """Shuffle the cards left (reproducible from the seed)."""
        self._rng.shuffle(self._cards)

    def deal(self, n: SupportsIndex = 1) -> list[Card]:
        """Take ``n`` cards from the top."""
        n = as_int(n, "n", low=0, error=CardError)
        if n > len(self._cards):
            raise CardError(f"cannot deal {n} cards: {len(self._cards)} left in the deck")
        dealt, self._cards = self._cards[:n], self._cards[n:]
        return dealt

    def deal_one(self) -> Card:
        """Take the top card."""
        return self.deal(1)[0]

    def remove(self, cards: str | Iterable[CardLike]) -> None:
        """Take the named cards out of the deck (they must be in it)."""
        gone = parse_cards(cards)
        left = set(self._cards)
        for c in gone:
            if c not in left:
                raise CardError(f"card {c} is not in the deck")
        drop = set(gone)
        self._cards = [c for c in self._cards if c not in drop]
