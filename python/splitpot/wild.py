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

from splitpot.cards import RANKS, SUIT_SYMBOLS, Card, parse_cards
from splitpot.errors import CardError, RankingError

__all__ = ["JokerRule", "PenaltyRule", "WildLow", "WildSpec", "make_options", "wild_mask"]


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


_JOKER_IDS = {r.value: i for i, r in enumerate(JokerRule)}
_WILD_LOW_IDS = {r.value: i for i, r in enumerate(WildLow)}
_PENALTY_IDS = {r.value: i for i, r in enumerate(PenaltyRule)}
_RANK_TOKENS = {**{ch: i for i, ch in enumerate(RANKS)}, "10": 8}

Options = tuple[int, int, int, bool, int, int]

WildSpec = str | Iterable[str | int | Card] | None
"""Wild cards: a rank ("2"), ranks (["2", "3"]) or cards ("Jd 4h")."""


def _rank_token(text: str) -> int | None:
    return _RANK_TOKENS.get(text.strip().upper())


def _cards_mask(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        if c.is_joker:
            raise RankingError(
                "the joker is not named among wild cards: its treatment is joker='bug' (default) or 'wild'"
            )
        mask |= 1 << int(c)
    return mask


@lru_cache(maxsize=256)
def _mask_of_text(text: str) -> int:
    rank = _rank_token(text)
    if rank is not None:
        return 0xF << (4 * rank)
    try:
        return _cards_mask(parse_cards(text))
    except CardError:
        raise RankingError(
            f"unknown wild rank or card {text!r}: use a rank (2-9, T or 10, J, Q, K, A), "
            "a list of ranks, or cards such as 'Jd 4h'"
        ) from None


def wild_mask(wild: str | Iterable[str | int | Card] | None) -> int:
    """The 52-bit card mask of the wild cards named by a rank, ranks or cards."""
    if wild is None:
        return 0
    if isinstance(wild, str):
        return _mask_of_text(wild)
    mask = 0
    for item in wild:
        if isinstance(item, str):
            mask |= _mask_of_text(item)
        else:
            mask |= _cards_mask([Card(item)])
    return mask


def _rule(value: str, ids: dict[str, int], what: str) -> int:
    rid = ids.get(value)
    if rid is None:
        raise RankingError(f"unknown {what} {value!r}; expected one of {', '.join(map(repr, ids))}")
    return rid


def make_options(
    *,
    low: bool,
    wild: str | Iterable[str | int | Card] | None,
    joker: str,
    wild_low: str,
    duplicate: bool,
    penalty: str | Iterable[str | int | Card] | None,
    penalty_rule: str,
    check_ranking: bool = True,
) -> Options | None:
    """The core's option tuple, or None for natural evaluation (the joker, if
    any, then plays as the bug)."""
    joker_id = _rule(joker, _JOKER_IDS, "joker rule")
    low_id = _rule(wild_low, _WILD_LOW_IDS, "wild_low rule")
    penalty_id = _rule(penalty_rule, _PENALTY_IDS, "penalty_rule")
    if check_ranking and low and duplicate:
        raise RankingError(
            "duplicate=True applies to high hands (a wild card repeating a held card in a flush)"
        )
    if check_ranking and not low and low_id:
        raise RankingError(f"wild_low={wild_low!r} applies to the low rankings, not to high")
    mask = wild_mask(wild)
    pmask = 0
    if penalty is not None:
        pmask = sum(
            1 << int(c) for c in (parse_cards(penalty) if isinstance(penalty, str) else map(Card, penalty))
        )
    if not (mask or joker_id or low_id or duplicate or pmask):
        return None
    return (mask, joker_id, low_id, duplicate, pmask, penalty_id)


# --- what wild cards stand for (display only) -------------------------------

_ZERO = -1  # a wild card counted as a zero


def _is_wild(card: int, options: Options) -> bool:
    return (card == 52 and options[1] == 1) or (card < 52 and bool(options[0] >> card & 1))


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
    naturals = [c for c in five if c != 52 and not _is_wild(c, options)]
    wilds = [c for c in five if c not in naturals]
    held = set(naturals)
    nat_ranks = [c >> 2 for c in naturals]
    values: list[int] = list(nat_ranks)
    subs: list[tuple[int, str]] = []
    if not wilds:
        return values, ()

    def fill(card: int, rank: int, suit: int | None) -> None:
        values.append(rank)
        subs.append((card, _text(rank, suit)))

    if rid == 0:
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
        else:
            counts = {r: nat_ranks.count(r) for r in nat_ranks}
            group = max(counts, key=lambda r: (counts[r], r)) if counts else 12
            for card in wilds:
                rank = 12 if card == 52 and options[1] == 0 else group
                fill(card, rank, _suit_for(rank, held))
        return values, tuple(subs)

    order = _low_order(rid)
    bug = [c for c in wilds if c == 52 and options[1] == 0]
    fully = [c for c in wilds if c not in bug]
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
