"""Dealing named cards to named seats: the dealer step of a street told which
cards each seat receives, instead of taking them blind from the deck order.

A recorded hand (a PHH file, a live table's dealer tablet) says *this* card
went to *this* seat.  :meth:`State.deal_street
<splitpot.engine.state.State.deal_street>` takes those cards for the street
about to be dealt; :func:`plan` checks them and says where in the stub each
card has to sit for the ordinary deal to hand it out, and :func:`place` moves
them there.  The deck stays a permutation of the cards: everything downstream
(the cards left, a draw's stub, the replay of the hand's history) works as if
the deck had been stacked that way from the start, and the hand's recorded
deck order (``State.deck_order``, or the ``Redealt``/``StubReshuffled`` event
that brought the current deck) is updated to the order actually dealt.

A draw's cards are named the same way: :func:`plan_serves` checks the cards
one or more successive serves of the stub give (a draw, then the cards owed
for exposed ones) and :func:`stack` puts them next, the ones a new stub gives
(when the stub runs short, the rules, §5.4) at the front of that new stub;
:meth:`State.draw(discards, served=...) <splitpot.engine.state.State.draw>`
uses them.

Readings: a seat left out of the mapping receives the next cards of the stub
that nobody else was named; a card already dealt, burned or named twice is
refused, and the state is unchanged.  A card served after the stub ran short
must be one of the new stub's cards (the old stub's last card, the burns and
the discards and dead cards mucked before that serve); the new stub's other
cards follow the named ones in the order they were mucked.

>>> from splitpot.games import get_game
>>> from splitpot.engine.state import State
>>> state = State(get_game("seven-card-stud"), [50, 50], seed=1, automate=False)
>>> _ = state.advance()  # the antes
>>> _ = state.deal_street({0: "2c 3c Ah", 1: "Kd Kh 7s"})
>>> state.down[0], state.up[1]
([0, 4], [23])
>>> lowball = State(get_game("lowball"), [50, 50], seed=1)
>>> _ = lowball.bet(); _ = lowball.call()               # the betting before the draw
>>> held = lowball.cards(lowball.actor)
>>> [ev.card_text(c) for c in lowball.draw(held[:2], served="Ah 2c").received]
['Ah', '2c']
>>> state.deal_street({0: "Ah Ad"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
splitpot.errors.IllegalActionError: No street is dealt now: seat 1 must act (the hand is in phase bring_in).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from splitpot.cards import Card, parse_cards
from splitpot.engine import events as ev
from splitpot.errors import CardError, CardTypeError, IllegalActionError, IllegalActionTypeError
from splitpot.validate import as_int, counted, describe

if TYPE_CHECKING:
    from splitpot.engine.state import State

__all__ = ["CardsInput", "DealPlan", "ServePlan", "place", "plan", "plan_serves", "stack"]

CardsInput = Iterable[Card | int | str] | str
"""Cards as the API takes them: text (``"As Kd"``) or an iterable of cards."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DealPlan:
    """Where each named card must sit in the deck order: (position, card) pairs,
    and the cards each seat receives (``None``: the community card)."""

    moves: tuple[tuple[int, int], ...]
    cards: tuple[tuple[int | None, tuple[int, ...]], ...]

    def __post_init__(self) -> None:
        positions = [p for p, _ in self.moves]
        if len(set(positions)) != len(positions):
            raise ValueError("a deal plan puts two cards at one position")


@dataclass(frozen=True, slots=True, kw_only=True)
class ServePlan:
    """Named serves of the stub: where each card served from the current stub
    must sit (position, card), the front of the new stub when it runs short,
    and the cards each serve gives."""

    moves: tuple[tuple[int, int], ...]
    front: tuple[int, ...]
    served: tuple[tuple[int, ...], ...]


def as_cards(cards: object, what: str) -> tuple[int, ...]:
    """``cards`` named by a caller (text, or a list of cards or card texts) as the
    engine's ints; refused, with ``what`` (the action, a seat) leading the message,
    as an :class:`~splitpot.errors.IllegalActionTypeError` when they are not cards
    at all, as an :class:`~splitpot.errors.IllegalActionError` when a card is bad.

    >>> as_cards("As Kd", "seat 1")
    (51, 45)
    >>> as_cards(5, "seat 1")
    Traceback (most recent call last):
    ...
    splitpot.errors.IllegalActionTypeError: seat 1: cards are text or a list of cards, got int 5.
    >>> as_cards("Zz", "seat 1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.errors.IllegalActionError: seat 1: unknown card 'Zz': ...
    """
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, (str, Iterable)):
        raise IllegalActionTypeError(f"{what}: cards are text or a list of cards, got {describe(cards)}.")
    try:
        return tuple(int(c) for c in parse_cards(cards))
    except CardTypeError as err:
        raise IllegalActionTypeError(f"{what}: {err}.") from None
    except CardError as err:
        raise IllegalActionError(f"{what}: {err}.") from None


def plan(
    state: State, cards: Mapping[int | None, CardsInput] | None, burn: Card | int | str | None = None
) -> DealPlan:
    """Check the named ``cards`` (seat to cards; ``None`` names the community
    card a short deck deals instead of a last card each) and the ``burn`` card
    against the street ``state`` is about to deal; raise
    :class:`~splitpot.errors.IllegalActionError` naming the fault, else return
    where each card must sit.  Changes nothing."""
    from splitpot.engine.state import Phase

    if cards is None:
        cards = {}
    if not isinstance(cards, Mapping):
        raise IllegalActionTypeError(
            f"Name the cards as a mapping of seat to cards (e.g. {{0: 'As Kd 7h'}}), got {describe(cards)}."
        )
    if state.phase is not Phase.DEALING:
        who = f"seat {state.actor} must act" if state.actor is not None else "no street is due"
        hint = " (post the forced bets with advance() first)" if state.phase is Phase.FORCED_BETS else ""
        raise IllegalActionError(
            f"No street is dealt now: {who} (the hand is in phase {state.phase!s}){hint}."
        )
    street = state.spec.streets[state.street]
    rule = street.turn_up
    turn_up_first = rule is not None and rule.before_deal and state._face_down is None
    if turn_up_first and (cards or burn is not None):
        raise IllegalActionError(
            f"{street.name} starts with the players' turn-up choices; call deal_street() with no "
            "cards (or advance()) to start them, then name the cards."
        )
    stub_start = state._next
    stub = state._deck[stub_start:]
    where = {card: stub_start + i for i, card in enumerate(stub)}
    moves: list[tuple[int, int]] = []
    named: dict[int, str] = {}

    def claim(card: int, position: int, owner: str) -> None:
        text = ev.card_text(card)
        if card in named:
            raise IllegalActionError(f"{text} is named twice (for {named[card]} and for {owner}).")
        if card not in where:
            raise IllegalActionError(
                f"{text} cannot go to {owner}: it is already out (dealt, burned or mucked); "
                f"cards still in the stub: {' '.join(ev.card_text(c) for c in sorted(stub))}."
            )
        named[card] = owner
        moves.append((position, card))

    position = stub_start
    if street.burn:
        if burn is not None:
            burned = as_cards(burn if isinstance(burn, str) else [burn], "the burn card")
            if len(burned) != 1:
                raise IllegalActionError(f"The burn is one card, not {len(burned)}.")
            claim(burned[0], position, "the burn")
        position += 1
    elif burn is not None:
        raise IllegalActionError(f"{street.name} burns no card; name none.")
    receivers = state.active if not turn_up_first else []
    per = street.cards_per_player if not turn_up_first else 0
    n = len(receivers)
    left = len(state._deck) - position
    community = per > 0 and street.community_fallback and left < per * n
    out: list[tuple[int | None, tuple[int, ...]]] = []
    for key, given in cards.items():
        if key is None:
            if not community:
                raise IllegalActionError(
                    f"{street.name} deals no community card now (only when the stub cannot give every "
                    "player his card)."
                )
            mine = as_cards(given, "the community card")
            if len(mine) != 1:
                raise IllegalActionError(f"The community card is one card, not {len(mine)}.")
            claim(mine[0], position, "the community")
            out.append((None, mine))
            continue
        seat = as_int(key, "seat", low=0, high=state.seats - 1, error=IllegalActionError,
                      type_error=IllegalActionTypeError)
        if community or seat not in receivers:
            whom = "the community (key None)" if community else (
                f"seats {', '.join(map(str, receivers))}" if receivers else "nobody")
            raise IllegalActionError(f"Seat {seat} receives no card on {street.name}; cards go to {whom}.")
        mine = as_cards(given, f"seat {seat}'s cards")
        if len(mine) != per:
            raise IllegalActionError(
                f"Seat {seat} receives {counted(per, 'card')} on {street.name}, not {len(mine)}."
            )
        i = receivers.index(seat)
        for j, card in enumerate(mine):  # one card a round, dealer's left first
            claim(card, position + j * n + i, f"seat {seat}")
        out.append((seat, mine))
    return DealPlan(moves=tuple(moves), cards=tuple(out))


def place(state: State, deal: DealPlan) -> None:
    """Move the planned cards to their positions in ``state``'s deck (each swaps
    with the card there) and record the order actually dealt."""
    deck = state._deck
    for position, card in deal.moves:
        at = deck.index(card, state._next)
        deck[position], deck[at] = deck[at], deck[position]
    for i in range(len(state.events) - 1, -1, -1):  # the event that brought the current deck
        event = state.events[i]
        if type(event) is ev.Redealt:
            state.events[i] = ev.Redealt(deal=event.deal, cards=tuple(deck))
            return
        if type(event) is ev.StubReshuffled:
            state.events[i] = ev.StubReshuffled(cards=tuple(deck[len(deck) - len(event.cards):]))
            return
    state.deck_order = tuple(deck)


def plan_serves(
    state: State, serves: Sequence[tuple[Sequence[int | None], Iterable[int]]], *,
    spare: Collection[int] = (), pool: Collection[int] | None = None,
) -> ServePlan:
    """Check the cards of successive serves of ``state``'s stub: each serve is
    (its cards, the cards mucked after it).  A card is served from the current
    stub, never its last card; when the stub runs short, from a new stub made of
    that last card and the muck (the burns, the discards and dead cards of the
    serves before; ``pool``, when given, stands for the state's muck: a stub made
    while serving a player takes none of his own discards).  A ``None`` card is
    any card of its source that is named
    nowhere (and, while one is left, not in ``spare``: cards the caller keeps for
    later).  Raise :class:`~splitpot.errors.IllegalActionError` naming the
    fault, else return the plan (changes nothing).

    >>> from splitpot.games import get_game
    >>> from splitpot.engine.state import State
    >>> state = State(get_game("lowball"), [50, 50], seed=1)
    >>> gone = state.cards(0)[0]
    >>> plan_serves(state, [([gone], [])])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.errors.IllegalActionError: ... cannot be served: it is already out ...
    """
    start = state._next
    stub = state._deck[start:]
    inside = set(stub)
    pool = set(state._pool if pool is None else pool)
    left = len(stub)
    named: set[int] = set()
    for cards, _ in serves:
        for card in cards:
            if card is None:
                continue
            if card in named:
                raise IllegalActionError(f"{ev.card_text(card)} is named twice among the cards served.")
            named.add(card)
    sources: list[list[bool]] = []  # per serve, per card: from a new stub
    fresh: set[int] | None = None
    for cards, mucked in serves:
        count = len(cards)
        if fresh is None:
            take = count if count < left else max(0, left - 1)
            left -= take
            sources.append([False] * take + [True] * (count - take))
            if take < count:
                fresh = pool  # filled with the old stub's last card below
                new_left = left + len(pool) - (count - take)
                if new_left < 1:
                    asked = counted(count, 'card')
                    raise IllegalActionError(f"The stub and the muck cannot serve {asked}.")
                left = new_left
            else:
                pool = pool | set(mucked)
        else:
            if count >= left:
                raise IllegalActionError(
                    "These serves run a second stub short; name the cards of one serve at a time."
                )
            left -= count
            sources.append([True] * count)
    taken: set[int] = set()

    def check(card: int, source: set[int], what: str) -> None:
        if card not in source or card in taken:
            listed = " ".join(ev.card_text(c) for c in sorted(source - taken)) or "none"
            raise IllegalActionError(f"{ev.card_text(card)} cannot be served: it is already out "
                                     f"(dealt, burned or mucked); {what}: {listed}.")
        taken.add(card)

    out: list[list[int | None]] = [list(cards) for cards, _ in serves]

    def settle(from_new: bool, source: set[int], what: str, order: Sequence[int]) -> None:
        """The named cards of one source checked, then its blanks filled from ``order``."""
        places = [(k, j) for k, cards in enumerate(out) for j in range(len(cards))
                  if sources[k][j] == from_new]
        for k, j in places:
            card = out[k][j]
            if card is not None:
                check(card, source, what)
        for k, j in places:
            if out[k][j] is None:
                out[k][j] = blank = _blank(order, named | taken, spare)
                taken.add(blank)

    settle(False, inside, "cards in the stub", stub)
    if fresh is not None:
        new = fresh | (inside - taken)
        settle(True, new, "cards of the new stub (the stub's last card and the muck)",
               [c for c in stub if c in new] + sorted(fresh - inside))
    served = tuple(tuple(c for c in cards if c is not None) for cards in out)
    moves, front, position = [], [], start
    for k, cards_k in enumerate(served):
        for j, card in enumerate(cards_k):
            if sources[k][j]:
                front.append(card)
            else:
                moves.append((position, card))
                position += 1
    return ServePlan(moves=tuple(moves), front=tuple(front), served=served)


def _blank(source: Sequence[int], avoid: set[int], spare: Collection[int]) -> int:
    """The first card of ``source`` not in ``avoid``, preferring one not in ``spare``."""
    usable = [c for c in source if c not in avoid]
    if not usable:
        raise IllegalActionError("No card is left to serve an unknown card from.")
    return next((c for c in usable if c not in spare), usable[0])


def stack(state: State, serves: ServePlan) -> None:
    """Put the planned cards next in ``state``'s stub (and at the front of the
    new stub it makes when it runs short), recording the deck order dealt."""
    if serves.moves:
        place(state, DealPlan(moves=serves.moves, cards=()))
    if serves.front:
        state._decks.stack(serves.front)
