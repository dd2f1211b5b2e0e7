"""Ranges: an opponent as a weighted set of hands, for :func:`splitpot.equity`.

A range says which *hidden* cards a player may hold beside the cards everyone
sees: stud down cards, the cards a draw player kept. Written as text (the
notation of docs/RANGES.md) or built as a :class:`Range`:

>>> r = parse_range("Kd + 2 down: pair")         # stud: king up, a pair in the hole
>>> r.known, r.hidden, str(r.condition)
((Card('Kd'),), 2, 'pair')
>>> parse_range("kept 3 drew 2: 8-low").hidden   # draw: three unknown low cards kept
3
>>> str(parse_range("pat: jacks+"))
'pat: jacks+'
>>> r = parse_range("As Ad:2, KK")                # explicit hands, weights after a colon
>>> len(r.members), r.members[0].weight, r.members[1].weight
(7, Fraction(2, 1), Fraction(1, 1))

Every hidden set of cards allowed by the range is equally likely up to its
weight, and card removal applies: members that hold a card known to be
elsewhere (another player's, a dead card) are impossible and dropped. A
range that keeps no member is refused with a clear error.

Readings (docs/RANGES.md): ``pair`` looks at the hidden cards only ("a pair in
the hole"; for a draw, the kept cards); ``N-low``, ``pair+``, ``two-pair+``,
``trips+`` and ``jacks+`` look at all the cards the player holds now (known
and hidden): ``N-low`` is every card of a different rank, N or lower, the ace
low (on third street "three to a low", for a pat hand an N-or-better low), and
the joker counts as a low card of its own; ``pair+`` and the others read the
cards as a high hand (five or more: the evaluator's best five, straights and
flushes count; fewer: pairs, trips and quads only, the joker an ace).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from fractions import Fraction
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from splitpot.cards import RANKS, Card, CardLike, _card_list, parse_cards
from splitpot.errors import ArgumentTypeError, CardError, CardTypeError, RuleError
from splitpot.evaluate import evaluate_many, strength
from splitpot.validate import as_int, describe

__all__ = ["Condition", "ConditionKind", "Member", "Range", "is_range_text", "parse_range"]

JOKER = 52
MAX_MEMBERS = 3_000_000
"""The most hidden-card sets a range may expand to (C(47, 5) = 1,533,939 fits)."""
_MAX_WEIGHT = 1 << 32


@unique
class ConditionKind(StrEnum):
    """What a range condition asks of the cards."""

    PAIR = "pair"
    """The hidden cards hold a pair (a pair in the hole; for a draw, among the kept cards)."""
    PAIR_PLUS = "pair+"
    """The cards held make one pair or better."""
    TWO_PAIR_PLUS = "two-pair+"
    """The cards held make two pair or better."""
    TRIPS_PLUS = "trips+"
    """The cards held make three of a kind or better."""
    JACKS_PLUS = "jacks+"
    """The cards held make a pair of jacks or better (jackpots' openers)."""
    LOW = "low"
    """Every card held of a different rank, ``limit`` or lower, the ace low (``8-low``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    """A condition narrowing a range: a :class:`ConditionKind` and, for
    ``low``, the highest rank allowed (5..10; ``8`` reads ``8-low``).

    >>> str(Condition(kind="low", limit=7)), str(Condition(kind="pair+"))
    ('7-low', 'pair+')
    """

    kind: ConditionKind
    limit: int | None = None

    def __post_init__(self) -> None:
        try:
            kind = ConditionKind(self.kind)
        except ValueError:
            raise RuleError(f"unknown range condition {self.kind!r}; expected {_CONDITIONS_TEXT}") from None
        object.__setattr__(self, "kind", kind)
        if kind is ConditionKind.LOW:
            if isinstance(self.limit, bool) or not isinstance(self.limit, int) or not 5 <= self.limit <= 10:
                raise RuleError(
                    f"a low condition needs a limit from 5 to 10 (e.g. 8-low), got {self.limit!r}"
                )
        elif self.limit is not None:
            raise RuleError(f"the condition {kind.value!r} takes no limit")

    def __str__(self) -> str:
        return f"{self.limit}-low" if self.kind is ConditionKind.LOW else self.kind.value


_CONDITIONS_TEXT = "pair, pair+, two-pair+, trips+, jacks+ or N-low (N from 5 to 10, e.g. 8-low)"


class Member(NamedTuple):
    """One possible set of hidden cards and its weight (relative, > 0)."""

    cards: tuple[Card, ...]
    weight: Fraction


@dataclass(frozen=True, slots=True, kw_only=True)
class Range:
    """A player's range: ``known`` cards everyone sees and ``hidden`` cards
    from ``members`` (explicit, weighted) or, without members, every set of
    ``hidden`` cards left in the deck, narrowed by ``condition``.
    ``drawn`` (draw games) is the number of cards the player drew, when said.

    >>> Range(known=parse_cards("Kd"), hidden=2, condition=Condition(kind="pair")).text
    'Kd + 2 down: pair'
    >>> Range(hidden=2)
    Range(known=(), hidden=2, condition=None, members=(), drawn=None)
    """

    known: tuple[Card, ...] = ()
    hidden: int
    condition: Condition | None = None
    members: tuple[Member, ...] = ()
    drawn: int | None = None

    def __new__(cls, *args: object, **kwargs: object) -> Range:  # the fields go to __init__
        if args:  # Range("Kd + 2 down: pair"), as str(range) reads
            text = f" the text {args[0]!r}" if isinstance(args[0], str) else " a range's text"
            raise ArgumentTypeError(f"Range takes its parts by name (known=, hidden=, condition=, "
                                    f"members=, drawn=); read{text} with parse_range")
        return object.__new__(cls)

    def __post_init__(self) -> None:
        object.__setattr__(self, "known", tuple(parse_cards(self.known)))
        as_int(self.hidden, "Range: hidden", type_error=ArgumentTypeError)
        if not 1 <= self.hidden <= 7:
            raise RuleError(f"a range hides 1 to 7 cards, got {self.hidden!r}")
        if self.members and self.condition is not None:
            raise RuleError("a range is either explicit members or a condition, not both")
        members = tuple(Member(tuple(parse_cards(m.cards)), Fraction(m.weight)) for m in self.members)
        for m in members:
            if len(m.cards) != self.hidden:
                text = " ".join(map(str, m.cards))
                raise RuleError(
                    f"range member {text!r} has {len(m.cards)} cards; "
                    f"every member of this range has {self.hidden}"
                )
            if not m.weight > 0:
                raise RuleError(
                    f"range weights must be positive, got {m.weight} for {' '.join(map(str, m.cards))}"
                )
            if set(m.cards) & set(self.known):
                raise CardError(f"range member {' '.join(map(str, m.cards))} repeats a known card")
        object.__setattr__(self, "members", members)
        if self.drawn is not None and (
            isinstance(self.drawn, bool) or not isinstance(self.drawn, int) or self.drawn < 0
        ):
            raise RuleError(f"drawn must be a count of cards, got {self.drawn!r}")

    @property
    def text(self) -> str:
        """The range in the notation of :func:`parse_range` (round-trips)."""
        rest = ""
        if self.condition is not None:
            rest = f": {self.condition}"
        elif self.members:
            rest = ": " + ", ".join(
                " ".join(map(str, m.cards)) + ("" if m.weight == 1 else f":{_weight_text(m.weight)}")
                for m in self.members
            )
        if self.members and not self.known and self.drawn is None:
            return rest[2:]
        if self.drawn == 0 and self.hidden == 5 and not self.known:
            return "pat" + rest
        if self.drawn is not None:
            return f"kept {self.hidden} drew {self.drawn}{rest}"
        known = " ".join(map(str, self.known))
        return f"{known + ' ' if known else ''}+ {self.hidden} down{rest}"

    def __str__(self) -> str:
        return self.text

    def expand(
        self, excluded: str | Iterable[CardLike], *, deck_size: int = 52
    ) -> tuple[NDArray[np.uint8], NDArray[np.uint64]]:
        """The possible hidden-card sets (rows) and their integer weights, given
        the cards known to be elsewhere (``excluded``: cards as :func:`parse_cards`
        reads them, repeats allowed); raises RuleError when none is left.

        >>> cards, weights = parse_range("+ 2 down: pair").expand([])
        >>> cards.shape, int(weights.sum())
        ((78, 2), 78)
        """
        try:
            out = {int(c) for c in _card_list(excluded)} | {int(c) for c in self.known}
        except (CardError, CardTypeError) as err:
            raise type(err)(f"excluded: {err}") from None
        if self.members:
            rows = [tuple(int(c) for c in m.cards) for m in self.members]
            keep = [i for i, row in enumerate(rows) if not (set(row) & out) and max(row) < deck_size]
            cards = np.array([rows[i] for i in keep], dtype=np.uint8).reshape(len(keep), self.hidden)
            weights = _integer_weights([self.members[i].weight for i in keep])
        else:
            deck = [c for c in range(deck_size) if c not in out]
            n = math.comb(len(deck), self.hidden)
            if n > MAX_MEMBERS:
                raise RuleError(
                    f"the range {self.text!r} spans {n:,} sets of hidden cards, more than {MAX_MEMBERS:,}; "
                    "narrow it or give fewer hidden cards"
                )
            flat = np.fromiter(
                itertools.chain.from_iterable(itertools.combinations(deck, self.hidden)),
                dtype=np.uint8,
                count=n * self.hidden,
            )
            cards = flat.reshape(n, self.hidden)
            if self.condition is not None:
                cards = cards[_satisfies(self.condition, self.known, cards)]
            weights = np.ones(len(cards), dtype=np.uint64)
        if len(cards) == 0:
            raise RuleError(
                f"the range {self.text!r} is empty: "
                "no set of hidden cards fits it beside the known and dead cards"
            )
        return np.ascontiguousarray(cards), weights


def _weight_text(w: Fraction) -> str:
    """A weight as the range text writes it, read back exactly: an integer, a
    short decimal where one is exact, else the fraction.

    >>> _weight_text(Fraction(2)), _weight_text(Fraction(1, 4)), _weight_text(Fraction(87, 7))
    ('2', '0.25', '87/7')
    """
    if w.denominator == 1:
        return str(w.numerator)
    short = f"{float(w):g}"
    return short if Fraction(short) == w else f"{w.numerator}/{w.denominator}"


def _integer_weights(weights: Sequence[Fraction]) -> NDArray[np.uint64]:
    """Positive fractions scaled to the smallest integers in the same proportions."""
    if not weights:
        return np.zeros(0, dtype=np.uint64)
    scale = math.lcm(*(w.denominator for w in weights))
    ints = [int(w * scale) for w in weights]
    g = math.gcd(*ints)
    ints = [i // g for i in ints]
    if max(ints) >= _MAX_WEIGHT:
        raise RuleError("range weights are too fine (their ratios need more than 32 bits); round them")
    return np.array(ints, dtype=np.uint64)


# ---------------------------------------------------------------- conditions


def _with_known(cards: NDArray[np.uint8], known: Sequence[Card]) -> NDArray[np.uint8]:
    """The rows of hidden cards with the known cards before them (uint8, as the cards)."""
    if not known:
        return cards
    front = np.tile(np.array([int(c) for c in known], dtype=np.uint8), (len(cards), 1))
    return np.hstack([front, cards])


def _ranks(cards: NDArray[np.uint8], known: Sequence[Card]) -> NDArray[np.uint8]:
    """Each row's ranks (0 = deuce .. 12 = ace; the joker, card 52, 13), known cards first:
    one uint8 array of the rows' shape (a range spans millions of rows)."""
    return _with_known(cards, known) // 4  # (52 // 4 is 13: the joker's own rank)


def _max_group(
    ranks: NDArray[np.uint8], *, joker_as_ace: bool
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Per row: the counts of each rank (13 columns, the joker added to the aces or not), and of jokers."""
    counts = np.zeros((len(ranks), 14), dtype=np.uint8)  # at most 7 cards a row
    rows = np.arange(len(ranks))
    for column in ranks.T:  # one column at a time: a row's cards are distinct positions
        counts[rows, column] += 1
    if joker_as_ace:
        counts[:, 12] += counts[:, 13]
    return counts[:, :13], counts[:, 13]


# Ace-to-five order for the low conditions, by rank (deuce .. king, ace; the joker): ace 0,
# deuce 1, ..., king 12; the joker -1, a low card of its own.
_LOW_ORDER = np.array([*range(1, 13), 0, -1], dtype=np.int8)


_THRESHOLD_HANDS = {
    ConditionKind.PAIR_PLUS: "2c 2d 5h 4s 3c",
    ConditionKind.TWO_PAIR_PLUS: "3c 3d 2h 2s 4c",
    ConditionKind.TRIPS_PLUS: "2c 2d 2h 4s 3c",
    ConditionKind.JACKS_PLUS: "Jc Jd 4h 3s 2c",
}


def _satisfies(condition: Condition, known: Sequence[Card], cards: NDArray[np.uint8]) -> NDArray[np.bool_]:
    # Small dtypes throughout: a range spans up to millions of rows (every five cards: 2.6
    # million), so each N x k array of int64 would cost 8 bytes a card.
    kind = condition.kind
    if kind is ConditionKind.PAIR:  # two of the hidden cards alike (the joker as an ace)
        ranks = np.minimum(_ranks(cards, ()), 12)
        ranks.sort(axis=1)
        return np.asarray((ranks[:, 1:] == ranks[:, :-1]).any(axis=1))
    if kind is ConditionKind.LOW:
        assert condition.limit is not None
        low = _LOW_ORDER[_ranks(cards, known)]
        ok = (low <= condition.limit - 1).all(axis=1)
        low.sort(axis=1)
        distinct = (low[:, 1:] != low[:, :-1]).all(axis=1) if low.shape[1] > 1 else ok
        return np.asarray(ok & distinct)
    total = len(known) + cards.shape[1]
    if total >= 5:  # read as the hand's high strength (no ranks needed)
        rows = np.ascontiguousarray(_with_known(cards, known), dtype=np.uint8)
        if total > 7:
            raise RuleError(f"the condition {condition} reads at most 7 cards, the range holds {total}")
        options = {"joker": "bug"} if (rows == JOKER).any() else {}
        values = evaluate_many(rows, "high", **options)  # type: ignore[arg-type]
        return np.asarray(values >= strength(_THRESHOLD_HANDS[kind], "high"))
    counts, _ = _max_group(_ranks(cards, known), joker_as_ace=True)
    pairs = (counts >= 2).sum(axis=1)
    best = counts.max(axis=1)
    if kind is ConditionKind.PAIR_PLUS:
        return np.asarray(best >= 2)
    if kind is ConditionKind.TWO_PAIR_PLUS:
        return np.asarray((pairs >= 2) | (best >= 3))
    if kind is ConditionKind.TRIPS_PLUS:
        return np.asarray(best >= 3)
    high_pair = (counts[:, 9:] >= 2).any(axis=1)  # jacks, queens, kings, aces
    return np.asarray(high_pair | (pairs >= 2) | (best >= 3))


# ---------------------------------------------------------------- text


_RANK_CHARS = set(RANKS) | {"t"}
_STUD = re.compile(
    r"^(?P<known>[^+:]*)\+\s*(?P<n>\d+)\s*(?:down\b)?\s*(?::(?P<rest>.*))?$", re.IGNORECASE | re.DOTALL
)
_KEPT = re.compile(
    r"^kept\s+(?P<n>\d+)(?:\s+drew\s+(?P<m>\d+))?\s*(?::(?P<rest>.*))?$", re.IGNORECASE | re.DOTALL
)
_PAT = re.compile(r"^pat\s*(?::(?P<rest>.*))?$", re.IGNORECASE | re.DOTALL)
_LOW = re.compile(r"^(?P<n>10|[5-9t])-low$", re.IGNORECASE)


def is_range_text(text: str) -> bool:
    """True when ``text`` reads as a range rather than a list of cards.

    >>> is_range_text("Ah 2c 3d"), is_range_text("AA"), is_range_text("Kd + 2 down: pair")
    (False, True, True)
    """
    t = text.strip().lower()
    if any(ch in t for ch in "+:,") or t.startswith(("kept", "pat")):
        return True
    tokens = t.split()
    return bool(tokens) and all(set(tok.upper()) <= _RANK_CHARS | {"T"} for tok in tokens)


def _is_cards(text: str) -> bool:
    try:
        parse_cards(text)
    except CardError:
        return False
    return True


def _condition(text: str) -> Condition | None:
    t = text.strip().lower()
    match = _LOW.match(t)
    if match:
        n = match["n"]
        return Condition(kind=ConditionKind.LOW, limit=10 if n in ("10", "t") else int(n))
    for kind in ConditionKind:
        if kind is not ConditionKind.LOW and t == kind.value:
            return Condition(kind=kind)
    return None


_STUD_AND_DRAW_FORMS = "a stud range reads 'Kd + 2 down: pair', a draw range 'kept 3: pair' or 'pat: 8-low'"


def _weight(text: str, member: str) -> Fraction:
    t = text.strip()
    try:
        w = Fraction(t[:-1]) / 100 if t.endswith("%") else Fraction(t)
    except (ValueError, ZeroDivisionError):
        # "Kd + 2 dwn: pair", "kep 3: pair": a misspelt stud or draw range, not a weight
        hint = f"; {_STUD_AND_DRAW_FORMS}"
        raise RuleError(
            f"range member {member!r}: the weight {t!r} is not a number (e.g. 2, 0.5 or 25%)"
            + (hint if _condition(t) is not None or "+" in member else "")
        ) from None
    if w <= 0:
        raise RuleError(f"range member {member!r}: the weight must be positive, got {t!r}")
    return w


def _rank_members(token: str) -> list[tuple[Card, ...]]:
    """Every set of distinct cards with the ranks of ``token`` ("AA": six hands)."""
    ranks = [RANKS.index("T" if ch in "tT" else ch.upper()) for ch in token]
    options = [[Card(4 * r + s) for s in range(4)] for r in ranks]
    seen: set[frozenset[Card]] = set()
    out: list[tuple[Card, ...]] = []
    for combo in itertools.product(*options):
        key = frozenset(combo)
        if len(key) == len(combo) and key not in seen:
            seen.add(key)
            out.append(tuple(sorted(combo, key=int)))
    return out


def _members(text: str, known: Sequence[Card] = ()) -> list[Member]:
    """The members of ``text``; a rank-only token (``KK``) leaves out its hands that hold
    one of the ``known`` cards (a named hand that does stays, for Range to refuse)."""
    members: list[Member] = []
    dropped = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise RuleError(f"empty range member in {text!r} (two commas in a row?)")
        body, _, weight_text = part.partition(":")
        weight = _weight(weight_text, part) if weight_text else Fraction(1)
        body = body.strip()
        if body and all(set(tok.upper()) <= _RANK_CHARS | {"T"} for tok in body.split()):
            for combo in _rank_members("".join(body.split())):
                if set(combo) & set(known):
                    dropped.append(part)
                    continue
                members.append(Member(combo, weight))
            continue
        try:
            cards = tuple(parse_cards(body))
        except CardError as err:
            words = set(body.lower().split())  # "Kd + 2 down pair", "kept 3 pair": the colon left out
            hint = (f"; a condition follows a colon: {_STUD_AND_DRAW_FORMS}"
                    if words & {"+", "down", "kept", "drew", "pat"} else "")
            raise RuleError(f"range member {part!r}: {err}{hint}") from None
        if not cards:
            raise RuleError(f"range member {part!r} names no cards")
        members.append(Member(cards, weight))
    if not members and dropped:
        shown = " ".join(map(str, known))
        raise RuleError(
            f"the range {text.strip()!r} is empty: every hand of {', '.join(dict.fromkeys(dropped))} holds "
            f"one of the known cards {shown}"
        )
    return members


def _hidden_range(
    known: tuple[Card, ...], n: int, rest: str | None, text: str, *, drawn: int | None = None
) -> Range:
    if rest is None or not rest.strip():
        return Range(known=known, hidden=n, drawn=drawn)
    condition = _condition(rest)
    if condition is not None:
        return Range(known=known, hidden=n, condition=condition, drawn=drawn)
    word = rest.strip()
    if "," not in word and ":" not in word and not is_range_text(word) and not _is_cards(word):
        raise RuleError(f"unknown range condition {word!r} in {text!r}; expected {_CONDITIONS_TEXT}")
    return Range(known=known, hidden=n, members=tuple(_members(rest, known)), drawn=drawn)


def parse_range(text: str) -> Range:
    """A :class:`Range` from its text (docs/RANGES.md).

    ``As Ad:2, KK`` explicit hands with weights; ``Kd + 2 down: pair`` stud
    upcards with hidden down cards and a condition (or explicit members);
    ``kept 3 drew 2: 8-low`` and ``pat: pair+`` for draw games.

    >>> parse_range("7c 5d + 2: 8-low").text
    '7c 5d + 2 down: 8-low'
    >>> parse_range("kept 2: Ah Ad, Kh Kd:0.5").text
    'kept 2 drew 3: Ah Ad, Kh Kd:0.5'
    >>> parse_range("pat: 9-lo")
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: unknown range condition '9-lo' in 'pat: 9-lo'; expected pair, pair+, ...
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a range is text such as 'Kd + 2 down: pair', got {describe(text)}")
    t = " ".join(text.split())
    if not t:
        raise RuleError(
            "the range is empty: give hands (e.g. 'As Ad, KK') or hidden cards (e.g. '+ 2 down: pair')"
        )
    if match := _PAT.match(t):
        return _hidden_range((), 5, match["rest"], t, drawn=0)
    if match := _KEPT.match(t):
        n = int(match["n"])
        if not 1 <= n <= 5:
            raise RuleError(f"a draw player keeps 1 to 5 unknown cards, got {n} in {t!r}")
        drawn = 5 - n if match["m"] is None else int(match["m"])
        if n + drawn != 5:
            raise RuleError(f"kept and drawn cards make five: kept {n} drew {drawn} in {t!r} (drew {5 - n})")
        return _hidden_range((), n, match["rest"], t, drawn=drawn)
    if match := _STUD.match(t):
        try:
            known = tuple(parse_cards(match["known"]))
        except CardError as err:
            raise RuleError(f"the known cards of {t!r}: {err}") from None
        n = int(match["n"])
        if not 1 <= n <= 7:
            raise RuleError(f"a range hides 1 to 7 cards, got {n} in {t!r}")
        return _hidden_range(known, n, match["rest"], t)
    members = _members(t)
    sizes = {len(m.cards) for m in members}
    if len(sizes) != 1:
        raise RuleError(f"every hand of a range has the same number of cards; {t!r} mixes {sorted(sizes)}")
    return Range(hidden=sizes.pop(), members=tuple(members))
