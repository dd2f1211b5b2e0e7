"""Wild-card options and what each wild card stands for (docs/WILD_CARDS.md).

The evaluator takes wild options as keywords; this module turns them into the
compact form the C++ core reads, and, for display, works out what each wild
card in a played hand stands for.

>>> wild_mask("2") == sum(1 << c for c in range(4))
True
>>> wild_mask(["2", "3"]) == wild_mask("2") | wild_mask("3")
True
>>> wild_mask("Jd 4h") == (1 << 37) | (1 << 10)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum, unique
from functools import lru_cache

from splitpot.cards import RANKS, SUIT_SYMBOLS, Card, _rank_index, parse_cards
from splitpot.errors import ArgumentTypeError, CardError, RankingError
from splitpot.validate import as_bool, as_choice, describe

__all__ = ["JokerRule", "PenaltyRule", "WildLow", "WildSpec", "make_options", "penalty_mask", "wild_mask"]


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
    if isinstance(spec, (bytes, bytearray)) or not isinstance(spec, Iterable):
        raise ArgumentTypeError(
            f"{what} must be a rank ('2'), ranks (['2', '3']) or cards ('Jd 4h', [37, 10]), "
            f"got {describe(spec)}."
        )
    mask = 0
    for item in spec:
        mask |= _mask_of_text(item, what) if isinstance(item, str) else _card_bit(Card(item), what)
    return mask


def wild_mask(wild: WildSpec) -> int:
    """The 52-bit card mask of the wild cards named by a rank, ranks or cards."""
    return _mask(wild, "wild")


def penalty_mask(penalty: WildSpec) -> int:
    """The card mask of penalty cards (same forms as ``wild``; the joker may be one).

    >>> penalty_mask([51, 51]) == 1 << 51
    True
    """
    return _mask(penalty, "penalty")


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
    if not (mask or joker_id or low_id or duplicate or pmask):
        return None
    return (mask, joker_id, low_id, duplicate, pmask, penalty_id)


# --- what wild cards stand for (display only) -------------------------------

_ZERO = -1  # a wild card counted as a zero
_STRAIGHTS_FLUSH = frozenset({"straight", "straight_flush", "flush"})


def _low_order(rid: int) -> list[int]:
    return [12, *range(12)] if rid in (2, 3, 4) else list(range(13))


def _suit_for(rank: int, held: set[int], avoid_suit: int | None = None) -> int | None:
    for suit in (3, 2, 1, 0):
        if 4 * rank + suit not in held and suit != avoid_suit:
            held.add(4 * rank + suit)
            return suit
    return None


def _text(rank: int, suit: int | None) -> str:
    if rank == _ZERO:
        return "zero"
    return RANKS[rank] + ("" if suit is None else SUIT_SYMBOLS[suit])


def resolve(
    five: tuple[int, ...],
    rid: int,
    options: Options,
    category: str,
    strength_of: Callable[[list[int]], int],
    target: int,
) -> tuple[list[int], tuple[tuple[int, str], ...]]:
    """Rank values of the five as played (wild cards resolved; _ZERO for a
    zero) and, for each wild card, the text of what it stands for.

    ``strength_of`` is the *natural* strength of five cards: a card put in a
    wild card's place must not count as wild again (a deuce for a deuce)."""
    mask = options[0]
    naturals: list[int] = []
    wilds: list[int] = []
    for c in five:  # one pass: the showdown of a wild game reads every hand shown
        (naturals if c != 52 and not mask >> c & 1 else wilds).append(c)
    nat_ranks = [c >> 2 for c in naturals]
    if not wilds:
        return nat_ranks, ()
    held = set(naturals)
    values: list[int] = list(nat_ranks)
    subs: list[tuple[int, str]] = []

    def fill(card: int, rank: int, suit: int | None) -> None:
        values.append(rank)
        subs.append((card, _text(rank, suit)))

    if 52 in wilds and options[1] == 0:  # the joker as the bug
        bug, fully = [52], [c for c in wilds if c != 52]
    else:
        bug, fully = [], wilds
    if rid == 0:
        one_suit = None
        if category in _STRAIGHTS_FLUSH:  # the suits matter there only
            suits = {c & 3 for c in naturals}
            one_suit = suits.pop() if len(suits) == 1 else None
        if category in ("straight", "straight_flush"):
            present = set(nat_ranks)
            for top in range(12, 2, -1):
                ranks = {12, 0, 1, 2, 3} if top == 3 else set(range(top - 4, top + 1))
                if present <= ranks:
                    missing = sorted(ranks - present, reverse=True)
                    for card, rank in zip(wilds, missing, strict=False):
                        suit = one_suit if category == "straight_flush" else _suit_for(rank, held)
                        fill(card, rank, suit)
                    break
        elif category == "flush" and one_suit is not None:
            absent = [r for r in range(12, -1, -1) if r not in nat_ranks]
            for card in wilds:
                rank = 12 if options[3] else absent.pop(0)
                fill(card, rank, one_suit)
        else:  # the bug is an ace; the other wild cards join the biggest group of the naturals
            # and the bug's aces (the highest among equals; none: aces)
            counted = nat_ranks + [12] * len(bug)
            # the first of the most common ranks from the top (max keeps the first of equals)
            group = max(sorted(counted, reverse=True), key=counted.count) if counted else 12
            for card in bug:
                fill(card, 12, _suit_for(12, held))
            for card in fully:
                fill(card, group, _suit_for(group, held))
        return values, tuple(subs)

    order = _low_order(rid)
    if options[2] == 0:  # zero
        for card in fully:
            fill(card, _ZERO, None)
    elif options[2] == 2:  # best-rank: the first choice that gives the hand's strength
        from itertools import combinations

        absent = [r for r in order if r not in nat_ranks][: len(wilds) + 3]
        for pick in combinations(absent, len(wilds)):
            trial = list(naturals)
            for rank in pick:
                trial.append(4 * rank + (_suit_for(rank, set(trial)) or 0))
            if strength_of(trial) == target:
                for card, rank in zip(wilds, pick, strict=True):
                    fill(card, rank, None)
                return values, tuple(subs)
        bug, fully = wilds, []
    else:
        bug = wilds  # lowest-absent: every wild card as the bug
    for card in bug:
        rank = next(r for r in order if r not in values)
        fill(card, rank, None)
    return values, tuple(subs)
