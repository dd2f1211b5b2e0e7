"""Two-card hands (aces-deuces; the rules reference (docs/rules.md), §1 and §5.10): only pairs and high cards.

``high``: any pair beats any unpaired hand, aces high, A-A best. ``low``: unpaired
hands beat pairs, an unpaired ace counts low (A-2 best), and A-A is the highest pair,
never a good low. A fully wild card takes whichever rank makes the best hand; the
joker as the bug is an ace in ``high`` and the lowest rank absent (ace first) in
``low``.

>>> strength_two("As Ad", "high") > strength_two("2s 2d", "high") > strength_two("As Kd", "high")
True
>>> strength_two("As 2d", "low") > strength_two("Ks Qd", "low") > strength_two("2s 2d", "low")
True
>>> str(evaluate_two("Jk 5s", "low"))
'five-ace low (Jk as A)'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import total_ordering
from typing import Literal, TypedDict, Unpack

from splitpot.cards import _RANK_NAMES, _RANK_PLURALS, RANKS, Card, CardLike, parse_cards
from splitpot.errors import ArgumentTypeError, CardError, RankingError
from splitpot.evaluate import Category
from splitpot.validate import describe, folded
from splitpot.wild import WildSpec, make_options

__all__ = ["TwoCardHand", "TwoCardRanking", "evaluate_two", "strength_two"]

TwoCardRanking = Literal["high", "low"]
"""A two-card ranking as a :class:`TwoCardHand` holds it (given in any case, ``Ranking.HIGH`` too)."""
_KINDS: dict[str, TwoCardRanking] = {"high": "high", "low": "low"}


class _OldKeyword(TypedDict, total=False):
    """``kind=``, the old name of ``ranking=`` (still taken)."""

    kind: str
_CARD = tuple(Card(i) for i in range(52))


def _natural(r1: int, r2: int, kind: str) -> int:
    hi, lo = (r1, r2) if r1 > r2 else (r2, r1)  # not max()/min(): every hand shown comes here twice
    if kind == "high":
        return 200 + hi if r1 == r2 else hi * 13 + lo
    if r1 == r2:
        return 13 - hi  # A-A (12) the worst pair; 0 is never a hand
    v1, v2 = (r1 + 1) % 13, (r2 + 1) % 13  # ace low when unpaired
    return 100 + 168 - (max(v1, v2) * 13 + min(v1, v2))


_NAMES: dict[tuple[tuple[int, ...], str], str] = {}


def _name(ranks: tuple[int, ...], kind: str) -> str:
    """The name of a two-card hand playing ``ranks``, remembered (a showdown names
    each hand shown twice, high and low; 2 x 169 names in all)."""
    name = _NAMES.get((ranks, kind))
    if name is None:
        a, b = sorted(ranks, key=(lambda r: (r + 1) % 13) if kind == "low" else None, reverse=True)
        if a == b:
            name = f"pair of {_RANK_PLURALS[a]}"
        else:
            name = f"{_RANK_NAMES[a]}-{_RANK_NAMES[b]} {'low' if kind == 'low' else 'high'}"
        if len(_NAMES) < 4096:  # bounded, whatever hands a caller builds
            _NAMES[ranks, kind] = name
    return name


@total_ordering
@dataclass(frozen=True, slots=True, eq=False)
class TwoCardHand:
    """A two-card hand: strength (higher is better within one kind), kind, the cards,
    and the rank each card plays as."""

    strength: int
    kind: TwoCardRanking
    cards: tuple[Card, ...]
    ranks: tuple[int, int]
    wilds: tuple[tuple[Card, str], ...] = ()

    def __post_init__(self) -> None:
        """Refuse what no two-card hand holds (the evaluator builds its own without this)."""
        object.__setattr__(self, "kind", _ranking_of(self.kind, {}))
        if type(self.strength) is not int:
            raise ArgumentTypeError(f"strength must be an int, got {describe(self.strength)}")
        if not 0 < self.strength < 400:
            raise RankingError(f"{self.strength} is not a two-card strength (1..399)")
        object.__setattr__(self, "cards", tuple(parse_cards(self.cards)))
        if len(self.cards) != 2:
            raise CardError(f"a two-card hand needs exactly 2 cards, got {len(self.cards)}")
        ranks = tuple(self.ranks) if isinstance(self.ranks, Iterable) else ()
        if len(ranks) != 2 or not all(type(r) is int and 0 <= r <= 12 for r in ranks):
            raise ArgumentTypeError(f"ranks must be two ranks 0..12, got {describe(self.ranks)}")
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "wilds", tuple(self.wilds))

    @property
    def ranking(self) -> TwoCardRanking:
        """``"high"`` or ``"low"`` (the same as :attr:`kind`; :class:`~splitpot.evaluate.Hand`
        names it so)."""
        return self.kind

    @property
    def category(self) -> Category:
        """``Category.PAIR`` or ``Category.HIGH_CARD``, as a :class:`~splitpot.evaluate.Hand` says it."""
        return Category.PAIR if self.ranks[0] == self.ranks[1] else Category.HIGH_CARD

    def __str__(self) -> str:
        name = _name(tuple(self.ranks), self.kind)
        if self.wilds:
            name += f" ({', '.join(f'{c} as {t}' for c, t in self.wilds)})"
        return name

    def __format__(self, spec: str) -> str:
        """The name, formatted as a str: ``f"{hand:>20}"`` aligns it."""
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TwoCardHand):
            return NotImplemented
        return self.kind == other.kind and self.strength == other.strength

    def __hash__(self) -> int:
        return hash((self.kind, self.strength))

    def __lt__(self, other: TwoCardHand) -> bool:
        if not isinstance(other, TwoCardHand):
            return NotImplemented
        if self.kind != other.kind:
            raise TypeError(f"cannot order a two-card {self.kind} hand against a {other.kind} hand")
        return self.strength < other.strength


_new = object.__new__
_set = object.__setattr__


def _made(
    strength: int, kind: TwoCardRanking, cards: tuple[Card, ...], ranks: tuple[int, int],
    wilds: tuple[tuple[Card, str], ...] = (),
) -> TwoCardHand:
    """A :class:`TwoCardHand` the evaluator made (nothing to check: no ``__post_init__``)."""
    hand = _new(TwoCardHand)
    _set(hand, "strength", strength)
    _set(hand, "kind", kind)
    _set(hand, "cards", cards)
    _set(hand, "ranks", ranks)
    _set(hand, "wilds", wilds)
    return hand


def evaluate_two(
    cards: str | Iterable[CardLike],
    ranking: str = "high",
    *,
    wild: WildSpec = None,
    joker: str = "bug",
    **unknown: Unpack[_OldKeyword],
) -> TwoCardHand:
    """The two-card hand (``ranking`` ``"high"`` or ``"low"``; ``kind=`` is taken
    too) with its strength. The wild options are ``wild`` and ``joker``; any other
    keyword raises ArgumentTypeError, as :func:`~splitpot.evaluate.evaluate` does.

    >>> evaluate_two("2c Ks", "high", wild="2").ranks
    (11, 11)
    >>> str(evaluate_two("3d 2c", ranking="low"))
    'three-deuce low'
    """
    kind = _ranking_of(ranking, unknown)
    if wild is None and type(cards) is list and len(cards) == 2:  # the fast path: two natural ints
        a, b = cards
        if type(a) is int and type(b) is int and 0 <= a < 52 and 0 <= b < 52 and a != b:
            ranks = (a >> 2, b >> 2)
            return _made(_natural(ranks[0], ranks[1], kind), kind, (_CARD[a], _CARD[b]), ranks)
    hand = parse_cards(cards)
    if len(hand) != 2:
        raise CardError(f"a two-card hand needs exactly 2 cards, got {len(hand)}")
    options = make_options(
        low=False,
        wild=wild,
        joker=joker,
        wild_low="zero",
        duplicate=False,
        penalty=None,
        penalty_rule="dead-hand",
    )
    mask, joker_wild = (options[0], options[1] == 1) if options else (0, False)
    choices: list[list[int]] = []
    for c in hand:
        if (c.is_joker and joker_wild) or (not c.is_joker and mask >> int(c) & 1):
            choices.append(list(range(13)))
        elif c.is_joker:
            choices.append([-1])
        else:
            choices.append([int(c) >> 2])
    best: tuple[int, tuple[int, int]] | None = None
    for r1 in choices[0]:
        for r2 in choices[1]:
            rs = [r1, r2]
            for i in (0, 1):
                if rs[i] == -1:  # the bug
                    rs[i] = 12 if kind == "high" else next(r for r in (12, *range(12)) if r != rs[1 - i])
            cand = (_natural(rs[0], rs[1], kind), (rs[0], rs[1]))
            if best is None or cand[0] > best[0]:
                best = cand
    assert best is not None
    wilds = tuple(
        (c, RANKS[r]) for c, r, ch in zip(hand, best[1], choices, strict=True) if len(ch) != 1 or ch[0] < 0
    )
    return _made(best[0], kind, tuple(hand), best[1], wilds)


def strength_two(
    cards: str | Iterable[CardLike],
    ranking: str = "high",
    *,
    wild: WildSpec = None,
    joker: str = "bug",
    **unknown: Unpack[_OldKeyword],
) -> int:
    """The strength of a two-card hand (higher is better within one ranking).

    >>> strength_two("As Ah") > strength_two("Ks Kd")          # A-A: the best high
    True
    >>> max(["As 2d", "3c 2h", "Ah Ad"], key=lambda h: strength_two(h, "low"))
    'As 2d'
    >>> strength_two("Ah Ad", "low") < strength_two("Ks Qd", "low")   # ... and the worst low
    True
    >>> strength_two("2c Ks", wild="2") == strength_two("Kd Ks")
    True
    """
    return evaluate_two(cards, ranking, wild=wild, joker=joker, **unknown).strength


def _ranking_of(ranking: object, unknown: _OldKeyword) -> TwoCardRanking:
    """The two-card ranking from ``ranking`` (or the keyword ``kind``, its old name), as a
    plain str (any case, ``Ranking.HIGH`` too); any other keyword in ``unknown`` is refused."""
    if "kind" in unknown:
        ranking = unknown.pop("kind")
    if unknown:
        raise ArgumentTypeError(
            f"unexpected keyword argument {sorted(unknown)[0]!r}; a two-card hand takes its cards, "
            "ranking ('high' or 'low') and the wild options ['joker', 'wild'] (no penalty cards, "
            "no wild_low or duplicate)"
        )
    if not isinstance(ranking, str):
        raise ArgumentTypeError(f"ranking must be 'high' or 'low' (a str), got {describe(ranking)}")
    kind = _KINDS.get(ranking) if type(ranking) is str else None  # "high", not Ranking.HIGH
    if kind is None:
        kind = _KINDS.get(folded(ranking))
    if kind is None:
        raise RankingError(f"unknown two-card ranking {ranking!r}; expected 'high' or 'low'")
    return kind
