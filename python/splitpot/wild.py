"""Wild-card options, in the form the C++ core reads (docs/WILD_CARDS.md).

The evaluator takes wild options as keywords; this module turns them into the
compact form the C++ core reads (which also works out, for display, what each
wild card in a played hand stands for: cpp/src/stand_ins.cpp).

>>> wild_mask("2") == sum(1 << c for c in range(4))
True
>>> wild_mask(["2", "3"]) == wild_mask("2") | wild_mask("3")
True
>>> wild_mask("Jd 4h") == (1 << 37) | (1 << 10)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum, unique
from functools import lru_cache

from splitpot.cards import RANKS, Card, _kind, _rank_index, parse_cards
from splitpot.errors import ArgumentTypeError, CardError, CardTypeError, RankingError, SplitpotError
from splitpot.validate import as_bool, as_choice, describe

__all__ = [
    "JokerRule",
    "PenaltyRule",
    "WildLow",
    "WildSpec",
    "check_wild_penalty",
    "make_options",
    "mask_text",
    "penalty_mask",
    "wild_mask",
    "wild_texts",
]


@unique
class JokerRule(StrEnum):
    """How the joker plays."""

    BUG = "bug"
    """An ace or a straight/flush card in high; the lowest absent rank in a low."""
    WILD = "wild"
    """Fully wild, like the other wild cards."""


@unique
class WildLow(StrEnum):
    """How fully wild cards count in the low rankings."""

    ZERO = "zero"
    """Below an ace; pairs with nothing; no suit, no sequence."""
    LOWEST_ABSENT = "lowest-absent"
    """The lowest rank not yet in the five, one wild card after another."""
    BEST_RANK = "best-rank"
    """Whichever rank makes the best low."""


@unique
class PenaltyRule(StrEnum):
    """What a penalty card does."""

    DEAD_HAND = "dead-hand"
    """A hand holding one cannot win."""
    VOID_CARD = "void-card"
    """It may not be played; fewer than five playable cards is a dead hand."""


_JOKER_IDS = {r: i for i, r in enumerate(JokerRule)}
_WILD_LOW_IDS = {r: i for i, r in enumerate(WildLow)}
_PENALTY_IDS = {r: i for i, r in enumerate(PenaltyRule)}

Options = tuple[int, int, int, bool, int, int]

WildSpec = str | Iterable[str | int | Card] | None
"""Wild cards: a rank ("2"), ranks (["2", "3"]) or cards ("Jd 4h")."""


def _card_bit(card: Card, what: str) -> int:
    if card.is_joker and what == "wild":
        raise RankingError(
            "the joker is not named among wild cards: its treatment is joker='bug' (default) or 'wild'"
        )
    return 1 << int(card)


@lru_cache(maxsize=256)
def _mask_of_text(text: str, what: str) -> int:
    rank = _rank_index(text)
    if rank is not None:
        return 0xF << (4 * rank)
    try:
        cards = parse_cards(text)
    except CardError:
        raise RankingError(
            f"unknown {what} rank or card {text!r}: use a rank (2-9, T or 10, J, Q, K, A), "
            "a list of ranks, or cards such as 'Jd 4h'"
        ) from None
    mask = 0
    for card in cards:
        mask |= _card_bit(card, what)
    return mask


def _mask(spec: object, what: str) -> int:
    """The card mask of a rank, ranks or cards; repeated names are OR-ed (a card
    named twice is still one card)."""
    if spec is None:
        return 0
    if isinstance(spec, str):
        return _mask_of_text(spec, what)
    if getattr(spec, "ndim", 1) != 1:  # a numpy array: one row of cards, not a 0-d or 2-d one
        raise CardTypeError(f"{what}: cards are one flat sequence (a 1-D array), not {_kind(spec)}")
    if isinstance(spec, (bytes, bytearray)) or not isinstance(spec, Iterable):
        raise ArgumentTypeError(
            f"{what} must be a rank ('2'), ranks (['2', '3']) or cards ('Jd 4h', [37, 10]), "
            f"got {describe(spec)}."
        )
    mask = 0
    for item in spec:
        try:
            mask |= _mask_of_text(item, what) if isinstance(item, str) else _card_bit(Card(item), what)
        except CardTypeError as err:
            raise CardTypeError(f"{what}: {err}") from None
    return mask


def wild_mask(wild: WildSpec) -> int:
    """The 52-bit card mask of the wild cards named by a rank, ranks or cards."""
    return _mask(wild, "wild")


def mask_text(mask: int) -> str:
    """The natural cards of a mask as text, a whole rank as its letter (the inverse of
    :func:`wild_mask`).

    >>> mask_text(wild_mask(["2", "Ks"]))
    '2 Ks'
    """
    parts = []
    for r, rank in enumerate(RANKS):
        suits = (mask >> (4 * r)) & 0xF
        if suits == 0xF:
            parts.append(rank)
        else:
            parts.extend(str(Card(4 * r + k)) for k in range(4) if suits >> k & 1)
    return " ".join(parts)


def wild_texts(spec: WildSpec, what: str = "wild") -> tuple[str, ...]:
    """The ranks and cards that ``spec`` names, as texts (a card given as an int or a
    :class:`Card` becomes its text), after the checks of :func:`wild_mask`: the form a
    game's rules keep (``Wilds.wild``, ``Wilds.penalty``).

    >>> wild_texts(["2", 51, "Jd 4h"])
    ('2', 'As', 'Jd 4h')
    >>> wild_texts(None)
    ()
    >>> wild_texts(2)
    Traceback (most recent call last):
    ...
    splitpot.errors.ArgumentTypeError: wild must be a rank ('2'), ranks (['2', '3']) or cards ...
    """
    _mask(spec, what)
    if spec is None:
        return ()
    if isinstance(spec, str):
        return (spec,)
    return tuple([item if isinstance(item, str) else str(Card(item)) for item in spec])


def penalty_mask(penalty: WildSpec) -> int:
    """The card mask of penalty cards (same forms as ``wild``; the joker may be one).

    >>> penalty_mask([51, 51]) == 1 << 51
    True
    """
    return _mask(penalty, "penalty")


def check_wild_penalty(
    wild: int, penalty: int, *, where: str = "", error: type[SplitpotError] = RankingError
) -> None:
    """Refuse cards named both wild and penalty: ``wild`` and ``penalty`` are card
    masks (bit 52: the joker, in ``wild`` where it plays fully wild).  Such a card
    never plays as wild (under ``dead-hand`` it kills the hand, under ``void-card``
    it may not be played), so naming it wild does nothing; as every option that
    does nothing, it is refused (``error``, its message led by ``where``).  The one
    check of the game specs (and so dealer's choice), equity and the evaluator.

    >>> check_wild_penalty(wild_mask("2"), penalty_mask("Qs"))
    >>> check_wild_penalty(wild_mask("2"), penalty_mask("2"))
    Traceback (most recent call last):
    ...
    splitpot.errors.RankingError: wild and penalty both name 2: a penalty card never plays as wild ...

    The joker (bit 52) is wild only by ``joker="wild"``, so the advice for it names that
    option, not ``wild``:

    >>> check_wild_penalty(1 << 52, 1 << 52)
    Traceback (most recent call last):
    ...
    splitpot.errors.RankingError: joker='wild' and penalty both name Jk: ... (joker='bug'), or name ...
    """
    both = wild & penalty
    if not both:
        return
    natural = (1 << 52) - 1
    named = " ".join(filter(None, (mask_text(both & natural), "Jk" if both >> 52 else "")))
    advice = []
    if both & natural:
        rest = wild & ~penalty & natural
        advice.append(
            f"name the wild cards without them (wild={mask_text(rest)!r})" if rest else "leave wild out"
        )
    if both >> 52:
        advice.append("play the joker as the bug (joker='bug')")
    who = ", ".join(filter(None, ("wild" if both & natural else "", "joker='wild'" if both >> 52 else "")))
    raise error(
        f"{where}{who} and penalty both name {named}: a penalty card never plays as wild (with "
        f"dead-hand it kills the hand, with void-card it may not be played), so naming it wild does "
        f"nothing; {', '.join(advice)}, or name other penalty cards."
    )


def make_options(
    *,
    low: bool,
    wild: WildSpec,
    joker: object,
    wild_low: object,
    duplicate: object,
    penalty: WildSpec,
    penalty_rule: object,
    check_ranking: bool = True,
) -> Options | None:
    """The core's option tuple, or None for natural evaluation (the joker, if
    any, then plays as the bug).  Every option is validated here: rules by name
    (:class:`~splitpot.errors.RankingError` listing the names), ``duplicate`` a
    bool, wild and penalty cards by :func:`wild_mask` / :func:`penalty_mask`."""
    joker_id = _JOKER_IDS[as_choice(joker, JokerRule, "joker", error=RankingError)]
    low_rule = as_choice(wild_low, WildLow, "wild_low", error=RankingError)
    low_id = _WILD_LOW_IDS[low_rule]
    penalty_id = _PENALTY_IDS[as_choice(penalty_rule, PenaltyRule, "penalty_rule", error=RankingError)]
    duplicate = as_bool(duplicate, "duplicate")
    if check_ranking and low and duplicate:
        raise RankingError(
            "duplicate=True applies to high hands (a wild card repeating a held card in a flush)"
        )
    if check_ranking and not low and low_id:
        raise RankingError(f"wild_low={low_rule.value!r} applies to the low rankings, not to high")
    mask = wild_mask(wild)
    pmask = penalty_mask(penalty)
    check_wild_penalty(mask | (1 << 52 if joker_id else 0), pmask)
    if not (mask or joker_id or low_id or duplicate or pmask):
        return None
    return (mask, joker_id, low_id, duplicate, pmask, penalty_id)
