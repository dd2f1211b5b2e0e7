"""Who acts first: bring-in, best showing hand, position; odd-chip order by suit.

Cards are ints ``4 * rank + suit`` (rank 0 = deuce .. 12 = ace; suits clubs,
diamonds, hearts, spades), as in :mod:`splitpot.cards`.

>>> from splitpot.cards import parse_cards
>>> cards = lambda text: [int(c) for c in parse_cards(text)]
>>> showing_key(cards("Kd Kh 4c")) > showing_key(cards("As Qs Js"))
True
>>> bring_in_seat({0: cards("4h"), 1: cards("4c"), 2: cards("9s")})
1

Readings: the best showing hand is a high hand of fewer than five cards, so it
counts the game's wild cards that everyone shares (wild ranks or cards, the
joker as the bug or wild) as the evaluator reads a short high hand (a wild card
joins the largest group; a lone one is an ace): with deuces wild, 2-A showing is
a pair of aces, and an open pair for the open-pair option.  Positional wild
cards (each player's own, secret until the showdown) never count.  Mexican stud
reads its upcards as natural cards, whatever its wild cards, as the rules say
(§5.9): the callers pass ``natural=True`` where the spec says so
(:attr:`~splitpot.engine.spec.GameSpec.natural_upcards`).  The single-card
duties (the bring-in, the highest or lowest upcard that must bet) read the card
itself, rank then suit: a wild deuce is a deuce there, and the joker ranks
above every natural card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, assert_never

from splitpot.engine import events as ev
from splitpot.engine.spec import Opener
from splitpot.evaluate import Category, evaluate, strength

if TYPE_CHECKING:
    from splitpot.engine.spec import Wilds

__all__ = [
    "FIRST_TO_ACT",
    "FirstToAct",
    "Seating",
    "best_showing_seat",
    "bring_in_seat",
    "clockwise",
    "high_card_order",
    "high_card_seat",
    "low_card_order",
    "low_card_value",
    "natural_showing_key",
    "rings",
    "showdown_order",
    "showing_hand",
    "showing_key",
    "showing_key_for",
    "shows_pair",
]

ShowingKey = Callable[[Sequence[int]], tuple[int, ...]]
"""A sortable value of a player's upcards (higher acts first)."""


def clockwise(start: int, seats: int) -> list[int]:
    """All seats clockwise beginning at ``start``.

    >>> clockwise(2, 4)
    [2, 3, 0, 1]
    """
    return [(start + i) % seats for i in range(seats)]


_RINGS: dict[int, tuple[tuple[int, ...], ...]] = {}


def rings(seats: int) -> tuple[tuple[int, ...], ...]:
    """Every seat's clockwise order at a table of ``seats``: ``rings(seats)[s]``
    is :func:`clockwise` from ``s % seats``, for ``s`` up to ``2 * seats - 1``
    (so the seat after ``s`` is ``rings(seats)[s + 1]``, no modulo).  Built once
    per table size: the engine asks who acts next at every decision.

    >>> rings(4)[3], rings(4)[5]
    ((3, 0, 1, 2), (1, 2, 3, 0))
    """
    table = _RINGS.get(seats)
    if table is None:
        one = tuple(tuple(clockwise(s, seats)) for s in range(seats))
        table = _RINGS[seats] = one + one
    return table


def showing_key(upcards: Sequence[int]) -> tuple[int, ...]:
    """A sortable value of the upcards: quads > trips > two pair > pair > high
    card, then the ranks of the groups, then kickers; no straights or flushes.

    >>> from splitpot.cards import parse_cards
    >>> key = lambda text: showing_key([int(c) for c in parse_cards(text)])
    >>> key("8c 8d 3h 3s") > key("Ac Ad Kh Qs") > key("2c 2d") > key("Ah Kh")
    True
    """
    if len(upcards) == 1:  # one upcard (the first round of the five-card games)
        return (0, upcards[0] >> 2)
    counts: dict[int, int] = {}
    for card in upcards:
        rank = card >> 2
        counts[rank] = counts.get(rank, 0) + 1
    if len(counts) == len(upcards):  # no pair: the common case
        return (0, *sorted(counts, reverse=True))
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    top = groups[0][0]
    if top == 4:
        category = 5
    elif top == 3:
        category = 3
    elif len(groups) > 1 and groups[1][0] == 2:
        category = 2
    else:
        category = 1
    return (category, *(r for _, r in groups))


_RANK_COUNT = tuple(1 << 3 * (card >> 2) for card in range(53))
"""A card's share of :func:`natural_showing_key`'s code: three bits a rank (the
joker its own), so the sum counts each rank and names the ranks showing."""
_SHOWN: dict[int, tuple[int, ...]] = {}


def natural_showing_key(upcards: Sequence[int]) -> tuple[int, ...]:
    """:func:`showing_key` remembered by the ranks showing (the key reads ranks
    only, never suits or order): a few thousand sets of up to four ranks, asked
    for every player at every round where the best showing hand acts first.

    >>> from splitpot.cards import parse_cards
    >>> up = [int(c) for c in parse_cards("8c 3d 8h")]
    >>> natural_showing_key(up) == showing_key(up) == (1, 6, 1)
    True
    """
    code = sum(map(_RANK_COUNT.__getitem__, upcards))
    key = _SHOWN.get(code)
    if key is None:
        key = showing_key(upcards)
        if len(_SHOWN) >= 1 << 16:
            _SHOWN.clear()
        _SHOWN[code] = key
    return key


def _shared(wilds: Wilds, natural: bool) -> dict[str, Any] | None:
    """The evaluator keywords of the wild cards everyone shares, or None when the
    upcards read as natural cards (no shared wild card, or ``natural``: Mexican
    stud).  A positional rule adds no shared wild card and takes none away."""
    if natural:
        return None
    shared = {k: v for k, v in wilds.options(low=False).items() if k in ("wild", "joker", "duplicate")}
    if not shared and wilds.joker is None:
        return None
    return shared


def showing_key_for(wilds: Wilds, *, natural: bool = False) -> ShowingKey:
    """How upcards rank for the first to act in a game with ``wilds``:
    :func:`showing_key` where no wild card is shared by everyone (or ``natural``:
    the game reads its upcards as natural cards), else the short high hand with
    the shared wild cards (a positional rule beside them changes nothing).

    >>> from splitpot.cards import parse_cards
    >>> from splitpot.engine.spec import Wilds
    >>> key = showing_key_for(Wilds(wild=("2",)))
    >>> key([int(c) for c in parse_cards("2c Ah")]) > key([int(c) for c in parse_cards("Kd Kh")])
    True
    >>> showing_key_for(Wilds()) is natural_showing_key
    True
    >>> showing_key_for(Wilds(wild=("2",)), natural=True) is natural_showing_key
    True
    """
    made = _KEY_FOR.get((id(wilds), natural))
    if made is not None and made[0] is wilds:
        return made[1]
    shared = _shared(wilds, natural)
    if shared is None:
        return _remember(wilds, natural, natural_showing_key)

    def key(upcards: Sequence[int]) -> tuple[int, ...]:
        return (strength(list(upcards), "high", **shared),)

    return _remember(wilds, natural, key)


_KEY_FOR: dict[tuple[int, bool], tuple[Wilds, ShowingKey]] = {}
""":func:`showing_key_for`'s answers by the Wilds' id and ``natural`` (the entry
holds the Wilds, so the id stays its own): asked at every betting round of a stud game."""


def _remember(wilds: Wilds, natural: bool, key: ShowingKey) -> ShowingKey:
    if len(_KEY_FOR) >= 1024:
        _KEY_FOR.clear()
    _KEY_FOR[(id(wilds), natural)] = (wilds, key)
    return key


def showing_hand(upcards: Sequence[int], wilds: Wilds, *, natural: bool = False) -> str | None:
    """The hand two or more upcards show where wild cards shared by everyone count
    (as :func:`showing_key_for` ranks them); None where they read as natural cards.

    >>> from splitpot.cards import parse_cards
    >>> from splitpot.engine.spec import Wilds
    >>> up = [int(c) for c in parse_cards("Kd 7d 8c 2c")]
    >>> showing_hand(up, Wilds(wild=("2",))), showing_hand(up, Wilds())
    ('pair of kings (2c as K♠)', None)
    """
    shared = _shared(wilds, natural)
    if shared is None or len(upcards) < 2:
        return None
    return str(evaluate(list(upcards), "high", **shared))


def shows_pair(upcards: Sequence[int], wilds: Wilds, *, natural: bool = False) -> bool:
    """Whether the upcards show a pair or better (the open-pair option), reading
    them as :func:`showing_key_for` does: with deuces wild 2-A is a pair of aces.

    >>> from splitpot.cards import parse_cards
    >>> from splitpot.engine.spec import Wilds
    >>> up = [int(c) for c in parse_cards("2c Ah")]
    >>> shows_pair(up, Wilds()), shows_pair(up, Wilds(wild=("2",)))
    (False, True)
    """
    shared = _shared(wilds, natural)
    if shared is None:
        ranks = [c >> 2 for c in upcards]
        return len(ranks) != len(set(ranks))
    hand = evaluate(list(upcards), "high", **shared) if len(upcards) > 1 else None
    return hand is not None and hand.category is not Category.HIGH_CARD


def bring_in_seat(upcard: Mapping[int, Sequence[int]]) -> int:
    """The seat whose last upcard is lowest (ace high; clubs lowest on ties).

    >>> from splitpot.cards import parse_cards
    >>> def up(*cards: str) -> dict[int, list[int]]:
    ...     return {seat: [int(c) for c in parse_cards(text)] for seat, text in enumerate(cards)}
    >>> bring_in_seat(up("Ah", "5d", "5c", "Kd"))  # the fives tie on rank: clubs is lowest
    2
    >>> bring_in_seat(up("2s 9d", "Ac 3h"))  # the last upcard decides: the deuce was dealt earlier
    1
    """
    return min(upcard, key=lambda seat: upcard[seat][-1])


def high_card_seat(upcard: Mapping[int, Sequence[int]]) -> int:
    """The seat whose last upcard is highest (ace high; spades highest on ties).

    >>> high_card_seat({0: [4 * 12 + 1], 1: [4 * 12 + 3], 2: [4 * 11 + 3]})
    1
    """
    return max(upcard, key=lambda seat: upcard[seat][-1])


def best_showing_seat(
    upcards: Mapping[int, Sequence[int]], button: int, seats: int, key: ShowingKey = showing_key
) -> int:
    """The best showing hand by ``key``; ties go to the seat nearest the dealer's left.

    >>> from splitpot.cards import parse_cards
    >>> def up(*cards: str) -> dict[int, list[int]]:
    ...     return {seat: [int(c) for c in parse_cards(text)] for seat, text in enumerate(cards)}
    >>> best_showing_seat(up("As Kd", "4c 4h", "Qs Jd"), button=0, seats=3)  # a pair beats ace-king
    1
    >>> best_showing_seat(up("As Kd", "Ah Kc", "Qs Jd"), button=0, seats=3)  # tied: seat 1 is nearer
    1
    >>> best_showing_seat(up("As Kd", "Ah Kc", "Qs Jd"), button=1, seats=3)  # the dealer's left, 2, then 0
    0
    """
    best_seat, best_key = -1, None
    for seat in rings(seats)[button % seats + 1]:  # from the dealer's left
        up = upcards.get(seat)
        if up is not None:
            value = key(up)
            if best_key is None or value > best_key:  # strict: ties stay with the earlier seat
                best_seat, best_key = seat, value
    return best_seat


_AGGRESSIVE = (ev.BetMade, ev.Raised, ev.Completed)
_ACTED = (ev.Checked, ev.Called, ev.Folded)


def showdown_order(events: Sequence[ev.Event], still_in: Iterable[int], button: int, seats: int) -> list[int]:
    """The seats ``still_in`` in the order their hands are shown (the common rule):
    the last player to bet or raise in the final betting round first, then to his
    left; with no bet in that round, the player who acted first in it (stud: the
    best hand showing; the draw games: the first player left of the dealer), else
    the first left of the dealer.  ``events`` are the hand's up to the showdown.

    >>> log = [ev.StreetStarted(street=0, name="x"), ev.Checked(seat=2), ev.BetMade(seat=0, amount=5, to=5),
    ...        ev.Called(seat=1, amount=5), ev.Called(seat=2, amount=5)]
    >>> showdown_order(log, [0, 1, 2], button=0, seats=3), showdown_order(log[:2], [1, 2], 0, 3)
    ([0, 1, 2], [2, 1])
    """
    last_street = max((i for i, e in enumerate(events) if isinstance(e, ev.StreetStarted)), default=0)
    final = events[last_street:]
    first = next((e.seat for e in reversed(final) if isinstance(e, _AGGRESSIVE)), None)
    if first is None:
        first = next((e.seat for e in final if isinstance(e, _ACTED)), None)
    if first is None:
        first = (button + 1) % seats
    return sorted(still_in, key=lambda s: (s - first) % seats)


def high_card_order(tied: Iterable[int], cards: Mapping[int, Sequence[int]]) -> list[int]:
    """Tied high hands ordered for odd chips: the highest card by suit first,
    then the next card, and so on (shared community cards fall through).

    >>> high_card_order([0, 1], {0: [4 * 12 + 0, 7], 1: [4 * 12 + 3, 6]})
    [1, 0]
    """
    return sorted(tied, key=lambda s: sorted(cards[s], reverse=True), reverse=True)


def low_card_order(
    tied: Iterable[int], cards: Mapping[int, Sequence[int]], *, ace_low: bool = True
) -> list[int]:
    """Tied low hands ordered for odd chips: the lowest card by suit first (the
    ace is the lowest card where aces play low).

    >>> low_card_order([0, 1], {0: [4 * 12 + 3, 20], 1: [4 * 12 + 1, 20]})
    [1, 0]
    """
    return sorted(tied, key=lambda s: sorted(low_card_value(c, ace_low=ace_low) for c in cards[s]))


def low_card_value(card: int, *, ace_low: bool = True) -> int:
    """A card's place in the low order of the odd chip (lower is better): by rank,
    then suit, the ace below the deuce where aces play low.

    >>> low_card_value(4 * 12 + 1), low_card_value(4 * 12 + 1, ace_low=False), low_card_value(0)
    (-3, 49, 0)
    """
    rank = card >> 2
    if ace_low and rank == 12:
        rank = -1
    return 4 * rank + (card & 3)


class Seating(NamedTuple):
    """What a street's first actor is chosen from (:meth:`FirstToAct.seat`)."""

    up: Mapping[int, Sequence[int]] | Sequence[Sequence[int]]
    """Each seat's upcards, by seat."""
    actors: Sequence[int]
    """The seats that can still act this round (in the hand, not all in)."""
    active: Sequence[int]
    """The seats still in the hand (all in or not)."""
    button: int
    seats: int
    wilds: Wilds
    natural: bool
    """The upcards read as natural cards (:attr:`~splitpot.engine.spec.GameSpec.natural_upcards`)."""
    dealer_left: int
    """The first seat left of the dealer: where the position rules start without their seat."""
    after_blinds: int | None = None
    """The seat left of the last blind (None: no blinds this round)."""
    opener: int | None = None
    """The player who opened the pot this deal (None: nobody opened)."""


@dataclass(frozen=True)
class FirstToAct:
    """Who acts first on a street whose :attr:`~splitpot.engine.spec.Street.opener`
    is one :class:`~splitpot.engine.spec.Opener`: exactly one of ``card`` (one
    upcard decides), ``key`` (the hand the upcards show decides) or ``position``.
    Each opener's entry in :data:`FIRST_TO_ACT` is the one place its behaviour is
    written: the engine picks the seat from it, the narration says why from it, and
    the PHH reader chooses hidden upcards from it."""

    card: Literal["lowest", "highest"] | None = None
    """One upcard decides, the card itself by rank then suit (ace high, clubs lowest):
    the lowest or the highest among the players who can act."""
    key: Callable[[Wilds, bool], ShowingKey] | None = None
    """The hand the upcards show decides, ranked by ``key(wilds, natural)``; ties go
    to the seat nearest the dealer's left."""
    position: Callable[[Seating], int | None] | None = None
    """The seat by position; None from it: the dealer's left."""
    brings_in: bool = False
    """The seat posts the bring-in or completes (the engine's bring-in phase)."""
    must_bet: bool = False
    """The seat must bet: he may neither check nor fold."""
    why: str | None = None
    """The narration's line for the first actor ({name}; {card}: the deciding upcard;
    {upcards}: all of them, with the hand they show where wild cards count); None:
    his upcards say nothing about it."""
    rule: str | None = None
    """The rule in words, where the upcards decide (the PHH reader's refusal when no
    hidden upcards agree with the file)."""

    def __post_init__(self) -> None:
        if (self.card is not None) + (self.key is not None) + (self.position is not None) != 1:
            raise ValueError("FirstToAct: give exactly one of card, key and position.")
        if self.by_upcards and (self.why is None or self.rule is None):
            raise ValueError("FirstToAct: a rule the upcards decide needs its why and its rule.")

    @property
    def by_upcards(self) -> bool:
        """Whether the upcards decide who acts first (one card or the hand they show)."""
        return self.card is not None or self.key is not None

    def card_seat(self, upcards: Mapping[int, Sequence[int]]) -> int:
        """The seat whose last upcard decides (a ``card`` rule), among ``upcards``."""
        return (bring_in_seat if self.card == "lowest" else high_card_seat)(upcards)

    def seat(self, at: Seating) -> int:
        """The seat the round starts from (the engine then passes over seats that
        cannot act, clockwise).

        >>> from splitpot.engine.spec import Wilds
        >>> at = Seating(up={0: [4 * 12 + 1], 1: [4 * 3]}, actors=[0, 1], active=[0, 1], button=1,
        ...              seats=2, wilds=Wilds(), natural=False, dealer_left=0)
        >>> [FIRST_TO_ACT[o].seat(at) for o in (Opener.BRING_IN, Opener.HIGH_CARD_BETS, Opener.OPENER)]
        [1, 0, 0]
        """
        if self.card is not None:
            return self.card_seat({s: at.up[s] for s in at.actors})
        if self.key is not None:
            return best_showing_seat({s: at.up[s] for s in at.active}, at.button, at.seats,
                                     self.key(at.wilds, at.natural))
        assert self.position is not None
        seat = self.position(at)
        return at.dealer_left if seat is None else seat


def _showing_key(wilds: Wilds, natural: bool) -> ShowingKey:
    return showing_key_for(wilds, natural=natural)


def _first_to_act(opener: Opener) -> FirstToAct:
    """Each opener's rule (a new :class:`~splitpot.engine.spec.Opener` fails the type
    check here until it has one)."""
    match opener:
        case Opener.BRING_IN:
            return FirstToAct(
                card="lowest", brings_in=True, why="{name} has the lowest upcard ({card})",
                rule="the bring-in is the lowest upcard, by rank then suit (clubs lowest)")
        case Opener.BEST_SHOWING:
            return FirstToAct(
                key=_showing_key, why="{name} acts first with the best hand showing ({upcards})",
                rule="the best hand showing acts first, ties to the seat nearest the dealer's left")
        case Opener.DEALER_LEFT:
            return FirstToAct(position=lambda at: None)
        case Opener.LEFT_OF_BLINDS:  # (a later street, no blinds: the dealer's left)
            return FirstToAct(position=lambda at: at.after_blinds)
        case Opener.HIGH_CARD_BETS:
            return FirstToAct(
                card="highest", must_bet=True, why="{name} has the highest upcard ({card}) and must bet",
                rule="the highest upcard bets first, by rank then suit (spades highest)")
        case Opener.LOW_CARD_BETS:
            return FirstToAct(
                card="lowest", must_bet=True, why="{name} has the lowest upcard ({card}) and must bet",
                rule="the lowest upcard bets first, by rank then suit (clubs lowest)")
        case Opener.OPENER:  # (nobody opened: the dealer's left)
            return FirstToAct(position=lambda at: at.opener)
        case _:
            assert_never(opener)


FIRST_TO_ACT: Mapping[Opener, FirstToAct] = MappingProxyType({o: _first_to_act(o) for o in Opener})
"""Who acts first, by the street's :class:`~splitpot.engine.spec.Opener`: every
member has its entry (built from :func:`_first_to_act`, which the type check holds
exhaustive).

>>> [str(o) for o, rule in FIRST_TO_ACT.items() if rule.must_bet]
['high_card_bets', 'low_card_bets']
"""
