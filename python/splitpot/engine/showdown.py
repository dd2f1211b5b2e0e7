"""The showdown: evaluate the hands still in, split every pot, pay the winners.

This is the only engine module that calls the evaluator
(:func:`splitpot.evaluate.evaluate` and :func:`splitpot.evaluate.high_low`),
with the game's wild cards, joker and penalty cards (``GameSpec.wilds``, or a
seat's own from :meth:`State.wilds_for <splitpot.engine.state.State.wilds_for>`).
A hand holding a penalty card under the dead-hand rule has no high and no low
(strength 0) and wins nothing.  Odd chips between tied hands follow
``GameSpec.odd_chip``: by suit (the tied hand holding the highest card of its
five, or the lowest card for a low) or by position (the first tied seat left
of the dealer).  Readings: "the lowest card, ace low" reads the ace as the low
ranking does, so in ``deuce-to-seven`` (ace high) the lowest card of A-K-Q-J-9
is the nine.

Two hooks serve the draw games: a hand the state declares dead
(:meth:`State.dead_hand <splitpot.engine.state.State.dead_hand>`: more or fewer
than five cards where a player is served what he asks for) shows but wins
nothing, and the sevens rule (:mod:`splitpot.engine.sevens`) decides which
chips are awarded by the cards and which go back.

>>> from splitpot.games import get_game
>>> from splitpot.engine.spec import Wilds
>>> spec = get_game("seven-card-stud")
>>> evaluate_hands(spec, [51, 47, 43, 39, 35]).high_text
'royal flush'
>>> deuces = spec.replace(wilds=Wilds(wild=("2",)))
>>> evaluate_hands(deuces, [51, 50, 49, 0, 1]).high_text
'five of a kind, aces (2c as A♣, 2d as A)'
>>> dead = spec.replace(wilds=Wilds(penalty=("As",)))
>>> shown = evaluate_hands(dead, [51, 47, 43, 39, 35])
>>> shown.high, shown.high_text
(0, 'dead hand (penalty card As)')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from splitpot.cards import card_text
from splitpot.engine import events as ev
from splitpot.engine.declare import resolve_declared
from splitpot.engine.natural_showdown import plain_ranking, settle_natural
from splitpot.engine.order import high_card_order, low_card_order, low_card_value, showdown_order
from splitpot.engine.positional import wilds_with
from splitpot.engine.pots import Pot, Priority, Share, Side, award_cards_speak, side_pots
from splitpot.engine.sevens import Sevens, after_the_draw, forfeit, penalised, sevens_pots
from splitpot.engine.spec import DeclareMode, GameSpec, OddChip, Wilds
from splitpot.evaluate import (
    Hand,
    Ranking,
    _evaluate_prepared,
    _options,
    _ranking_id,
    evaluate,
    high_low,
    strength,
)
from splitpot.two_card import TwoCardHand, evaluate_two
from splitpot.wild import PenaltyRule, penalty_mask

if TYPE_CHECKING:
    from splitpot.engine.state import State
    from splitpot.wild import Options

__all__ = [
    "Showing",
    "dead_hand_text",
    "evaluate_hands",
    "favourable_five",
    "hand_pots",
    "odd_chip_five",
    "settle",
    "settle_plainly",
]

_ACE_HIGH_LOWS = frozenset({"deuce-to-seven"})
# Enum members read at every showdown, as module constants (an Enum class attribute costs ~70 ns in 3.11)
_HIGH, _LOW, _UNCONTESTED = Side.HIGH, Side.LOW, Side.UNCONTESTED
_SEVENS_OFF, _BY_POSITION, _NO_DECLARING = Sevens.OFF, OddChip.BY_POSITION, DeclareMode.NONE


@dataclass(frozen=True, slots=True)
class Showing:
    """One player's hands at showdown: strengths (0 = no qualifying low), the
    five cards played and readable descriptions."""

    high: int
    low: int
    high_cards: tuple[int, ...]
    low_cards: tuple[int, ...]
    high_text: str | None
    low_text: str | None


def evaluate_hands(spec: GameSpec, cards: Sequence[int], wilds: Wilds | None = None) -> Showing:
    """Evaluate one player's cards for the spec's high and low rankings, with
    ``wilds`` (default: the spec's)."""
    wilds = spec.wilds if wilds is None else wilds
    if spec.hand_size == 2:
        return _evaluate_two_card(spec, cards, wilds)
    high, low = spec.high, spec.low
    hi: Hand | None
    lo: Hand | None
    if wilds.natural and high is not None and low is not None:
        both = high_low(cards, low=low)
        hi, lo = both.high, both.low
    else:
        hi = _evaluate_wild(cards, high, wilds, low=False) if high is not None else None
        lo = _evaluate_wild(cards, low, wilds, low=True) if low is not None else None
    if lo is not None and spec.low_qualifier is not None and not _qualifies(lo, spec.low_qualifier):
        lo = None
    dead = _dead_text(wilds, cards) if hi is None and lo is None else None
    # the played cards as the evaluator holds them (the core's ints): Hand.cards makes Card objects
    return Showing(
        high=hi.strength if hi is not None else 0,
        low=lo.strength if lo is not None else 0,
        high_cards=hi._cards if hi is not None else (),
        low_cards=lo._cards if lo is not None else (),
        high_text=str(hi) if hi is not None else dead if high is not None else None,
        low_text=str(lo) if lo is not None else dead if low is not None and high is None else None,
    )


_PREPARED: dict[tuple[int, str, bool], tuple[Wilds, int, Options | None]] = {}
"""The core's options of a ``Wilds`` for a ranking, by the Wilds' id (the entry
holds the Wilds, so the id stays its own): made once, not at every hand shown."""


def _evaluate_wild(cards: Sequence[int], ranking: str, wilds: Wilds, *, low: bool) -> Hand | None:
    """``evaluate(cards, ranking, **wilds.options(low=low))``; for a list or tuple
    of ints without re-making the options the ``Wilds`` already validated."""
    key = (id(wilds), ranking, low)
    made = _PREPARED.get(key)
    if made is None or made[0] is not wilds:
        options = wilds.options(low=low)
        rid = _ranking_id(ranking)
        made = (wilds, rid, _options(rid, options) if options else None)  # type: ignore[arg-type]
        if len(_PREPARED) >= 1024:
            _PREPARED.clear()
        _PREPARED[key] = made
    if made[2] is None or not (type(cards) is list or type(cards) is tuple):
        return evaluate(cards, ranking, **wilds.options(low=low))
    return _evaluate_prepared(cards, made[1], made[2])


_TWO_CARD: dict[tuple[str | None, str | None, int, int], Showing] = {}
"""Two natural cards shown, by the rankings and the cards in order: a frozen
``Showing`` is handed out again (2,652 hands per pair of rankings; aces-deuces
shows nearly every hand it deals)."""


def _evaluate_two_card(spec: GameSpec, cards: Sequence[int], wilds: Wilds) -> Showing:
    """Two-card poker (the rules, §1): pairs and high cards.  A penalty card kills
    the hand under either penalty rule (a void card would leave fewer than two
    cards to play).  Two natural cards (no wild card, no joker, no penalty card)
    are shown as remembered."""
    if wilds.natural and len(cards) == 2:
        a, b = cards
        key = (spec.high, spec.low, a, b)
        shown = _TWO_CARD.get(key)
        if shown is None:
            shown = _show_two_card(spec, cards, wilds)
            if type(a) is int and type(b) is int and 0 <= a < 52 and 0 <= b < 52:  # not the joker
                if len(_TWO_CARD) >= 1 << 14:
                    _TWO_CARD.clear()
                _TWO_CARD[key] = shown
        return shown
    return _show_two_card(spec, cards, wilds)


def _show_two_card(spec: GameSpec, cards: Sequence[int], wilds: Wilds) -> Showing:
    """:func:`_evaluate_two_card` computed in full."""
    dead = _dead_text(wilds, cards)
    wild, joker = wilds.wild or None, "wild" if wilds.joker == "wild" else "bug"
    hands: list[TwoCardHand | None] = [
        None if kind is None or dead else evaluate_two(cards, kind, wild=wild, joker=joker)
        for kind in (spec.high, spec.low and "low")
    ]
    hi, lo = hands
    texts = [str(h) if h is not None else dead if kind is not None else None
             for h, kind in zip(hands, (spec.high, spec.low), strict=True)]
    return Showing(
        high=hi.strength if hi is not None else 0,
        low=lo.strength if lo is not None else 0,
        high_cards=tuple(cards) if hi is not None else (),
        low_cards=tuple(cards) if lo is not None else (),
        high_text=texts[0],
        low_text=texts[1],
    )


def _dead_showing(spec: GameSpec, text: str) -> Showing:
    """A hand that shows but can win nothing (``text`` says why)."""
    return Showing(high=0, low=0, high_cards=(), low_cards=(),
                   high_text=text if spec.high is not None else None,
                   low_text=text if spec.high is None else None)


def _sevens(
    state: State,
    pots: list[Pot],
    *,
    high: Mapping[int, int] | None,
    low: dict[int, int] | None,
    priority: Priority,
) -> tuple[list[Pot], dict[int, int] | None, list[Share]]:
    """Under the sevens rule: the pots to award by the cards, the low strengths
    to award them with, and the chips returned."""
    rule = state.spec.sevens
    caught = penalised(state, low) if rule is not _SEVENS_OFF and low is not None else set()
    if not caught or low is None:
        return pots, low, []
    if rule is Sevens.FORFEIT_POT:
        return pots, forfeit(low, caught), []

    def wins(pot: Pot) -> list[int]:
        return [s.seat for s in award_cards_speak(0, pot, high=high, low=low, priority=priority) if s.amount]

    post = after_the_draw(state)[1]
    pots, returned = sevens_pots(committed=state.committed, post=post, active=state.active,
                                 penalised=caught, wins=wins)
    return pots, low, returned


def _dead_text(wilds: Wilds, cards: Sequence[int]) -> str | None:
    """"dead hand (penalty card X)" ("penalty cards X Y" for more) when a penalty card
    killed the hand, else None."""
    if not wilds.penalty:
        return None
    penalty = penalty_mask(wilds.penalty)
    held = [c for c in cards if penalty >> c & 1]
    if not held:
        return None
    return f"dead hand (penalty card{'s' if len(held) > 1 else ''} {' '.join(card_text(c) for c in held)})"


def dead_hand_text(wilds: Wilds, cards: Sequence[int]) -> str | None:
    """What a holding is known to be before the showdown, whatever cards are still to
    come: a dead hand from the moment it holds a penalty card under the dead-hand rule
    ("dead hand (penalty card Qd)"); None otherwise (a void card is only left out).

    >>> dead_hand_text(Wilds(penalty=("Q",)), [40, 5])
    'dead hand (penalty card Qc)'
    >>> dead_hand_text(Wilds(penalty=("Q",), penalty_rule=PenaltyRule.VOID_CARD), [40, 5]) is None
    True
    """
    if wilds.penalty_rule is not PenaltyRule.DEAD_HAND:
        return None
    return _dead_text(wilds, cards)


def _qualifies(low: Hand, qualifier: int, *, so_far: bool = False) -> bool:
    """Whether a low hand is five unpaired cards (``so_far``: a hand of fewer cards,
    still being dealt, all unpaired) with every card at most ``qualifier`` (ace = 1,
    but 14 in deuce-to-seven, where it is high), each card read as it plays: a wild
    card (or the joker as the bug) as the rank it stands for, and one counted as a
    zero below the ace, pairing with nothing (the rules, §2).

    >>> from splitpot.evaluate import evaluate
    >>> _qualifies(evaluate("2c Jk 5d 7h 8s Kd", "ace-to-five", joker="wild"), 9)  # 8-7-5-2-zero
    True
    >>> _qualifies(evaluate("2c Jk 5d 7h Ts", "ace-to-five", joker="bug"), 9)  # ten-high
    False
    >>> four = evaluate("2c 3d 4h 5s", "ace-to-five")
    >>> _qualifies(four, 8), _qualifies(four, 8, so_far=True)
    (False, True)
    """
    played = low._values if low._values is not None else tuple(c >> 2 for c in low._cards)
    ace = 14 if low.ranking is Ranking.DEUCE_TO_SEVEN else 1
    values = [0 if r < 0 else ace if r == 12 else r + 2 for r in played]
    zeros = values.count(0)
    unpaired = len(values) if so_far else 5  # a showdown hand short of a card (a void card) has none
    return len(set(values)) + max(zeros - 1, 0) == unpaired and max(values) <= qualifier


def favourable_five(
    five: Sequence[int], held: Sequence[int], ranking: str, options: Mapping[str, object], *, low: bool
) -> tuple[int, ...]:
    """The five cards a player plays for the odd chip: where he holds more cards of
    a rank than the five uses, the most favourable suits of that rank (the highest
    for a high, the lowest for a low: the rules, §4), provided the five is worth
    the same (a suit may make or break a flush, and then the evaluator's five stays).

    >>> from splitpot.cards import Card, parse_cards
    >>> cards = lambda text: tuple(int(c) for c in parse_cards(text))
    >>> five = cards("Ad 2c 3d 4h 5s")
    >>> held = cards("As Ad 2c 3d 4h 5s 9c")
    >>> [str(Card(c)) for c in favourable_five(five, held, "ace-to-five", {}, low=True)]
    ['Ad', '2c', '3d', '4h', '5s']
    >>> [str(Card(c)) for c in favourable_five(five, held, "high", {}, low=False)]
    ['As', '2c', '3d', '4h', '5s']
    """
    by_rank: dict[int, list[int]] = {}
    for card in five:
        if card != 52:
            by_rank.setdefault(card >> 2, []).append(card)
    better = list(five)
    for rank, used in by_rank.items():
        mine = sorted((c for c in held if c != 52 and c >> 2 == rank), reverse=not low)
        if len(mine) > len(used):
            picked = mine[: len(used)]
            swap = dict(zip(sorted(used, reverse=not low), picked, strict=True))
            better = [swap.get(c, c) for c in better]
    if better == list(five) or len(set(better)) != len(better):
        return tuple(five)
    if strength(better, ranking, **options) != strength(list(five), ranking, **options):  # type: ignore[arg-type]
        return tuple(five)
    return tuple(better)


def odd_chip_five(
    spec: GameSpec, showing: Showing, held: Sequence[int] | None, wilds: Wilds | None, side: Side
) -> tuple[int, ...]:
    """The cards a seat's hand ``showing`` plays for an odd chip on ``side`` (high or
    low), in the order they are compared: the five of his hand, with the most
    favourable suits of ``held`` where it holds more of a rank
    (:func:`favourable_five`; as evaluated where ``held`` is ``None``), the highest
    card first for a high, the lowest first for a low
    (:func:`~splitpot.engine.order.low_card_value`, the ace lowest unless the low
    plays it high).  Of tied hands, the odd chip goes to the one whose card is
    better at the first place where they differ.

    >>> from splitpot.cards import Card, parse_cards
    >>> from splitpot.games import get_game
    >>> spec = get_game("seven-card-stud-8")
    >>> held = [int(c) for c in parse_cards("Ac 2d Kd 3h 4s Js 5d")]
    >>> shown = evaluate_hands(spec, held)
    >>> [str(Card(c)) for c in odd_chip_five(spec, shown, held, None, Side.LOW)]
    ['Ac', '2d', '3h', '4s', '5d']
    >>> [str(Card(c)) for c in odd_chip_five(spec, shown, held, None, Side.HIGH)]
    ['Ac', '5d', '4s', '3h', '2d']
    """
    low = side is _LOW
    cards = showing.low_cards if low else showing.high_cards
    ranking = spec.low if low else spec.high
    if held is not None and ranking is not None and len(cards) >= 5:
        options = (wilds if wilds is not None else spec.wilds).options(low=low)
        cards = favourable_five(cards, held, ranking, options, low=low)
    if not low:
        return tuple(sorted(cards, reverse=True))
    ace_low = spec.low not in _ACE_HIGH_LOWS
    return tuple(sorted(cards, key=lambda c: low_card_value(c, ace_low=ace_low)))


def _priority(
    spec: GameSpec,
    showings: Mapping[int, Showing],
    order: list[int],
    held: Mapping[int, Sequence[int]] | None = None,
    wilds_of: Mapping[int, Wilds] | None = None,
) -> Priority:
    position = {seat: i for i, seat in enumerate(order)}

    def by_position(seats: list[int], side: Side) -> list[int]:
        return sorted(seats, key=position.__getitem__)

    if spec.odd_chip is _BY_POSITION:
        return by_position
    ace_low = spec.low not in _ACE_HIGH_LOWS

    def five(seat: int, side: Side) -> tuple[int, ...]:
        wilds = (wilds_of or {}).get(seat)
        return odd_chip_five(spec, showings[seat], None if held is None else held[seat], wilds, side)

    def by_suit(seats: list[int], side: Side) -> list[int]:
        if len(seats) < 2:
            return list(seats)
        if side is _HIGH:
            return high_card_order(seats, {s: five(s, side) for s in seats})
        if side is _LOW:
            return low_card_order(seats, {s: five(s, side) for s in seats}, ace_low=ace_low)
        return by_position(seats, side)

    return by_suit


_AWARDED = ev.maker(ev.PotAwarded)


def _uncontested(state: State, seat: int) -> list[ev.Event]:
    """The pot of a hand everyone else folded: the chips committed, to ``seat``."""
    committed = state.committed
    total = sum(committed)
    committed[:] = [0] * state.seats
    if not total:
        return []
    state.stacks[seat] += total
    return [_AWARDED(0, seat, total, "uncontested", "")]


_PLAYER_WILD = ev.maker(ev.PlayerWild)


def _own_wilds(state: State, seats: Sequence[int]) -> tuple[dict[int, Wilds], dict[int, ev.PlayerWild]]:
    """Under a positional wild rule, each seat's wild cards and the event naming his
    own wild card (:meth:`State.wilds_for <splitpot.engine.state.State.wilds_for>` and
    :meth:`State.player_wild <splitpot.engine.state.State.player_wild>`), his
    positional card found once rather than by each (Mexican stud shows most hands
    it deals); a seat without such a card has no event.

    >>> from splitpot.engine.state import State
    >>> from splitpot.games import get_game
    >>> state = State(get_game("mexican-stud"), [20, 20], seed=1)
    >>> wilds, named = _own_wilds(state, [1, 0])
    >>> hole = state.down[1][-1]  # seat 1's hole card so far: it and its rank are wild for him
    >>> wilds[1] == state.wilds_for(1), named[1] == state.player_wild(1), card_text(hole)[0] in wilds[1].wild
    (True, True, True)
    """
    wilds, rule = state.spec.wilds, state.spec.wilds.positional
    assert rule is not None
    text = str(rule)
    wilds_of: dict[int, Wilds] = {}
    named: dict[int, ev.PlayerWild] = {}
    for seat in seats:
        card = state._positional_card(seat)
        wilds_of[seat] = wilds_with(wilds, card)
        if card is not None:
            named[seat] = _PLAYER_WILD(seat, card, text)
    return wilds_of, named


def settle(state: State) -> list[ev.Event]:
    """Show the hands, award every pot and move the chips; return the events.

    Two shortcuts come first: a pot nobody contests goes whole to the last
    player in, and natural hands of one ranking are settled from their strengths
    (:mod:`splitpot.engine.natural_showdown`); every other showdown, and a hand
    the shortcut declines, takes the general path, :func:`settle_plainly`."""
    active = state.active
    if len(active) == 1:  # every chip committed (the fees too) makes one pot, his
        return _uncontested(state, active[0])
    rid = plain_ranking(state.spec)
    if rid is not None and not any(state.draw_fees):  # natural hands, one ranking, no paid draws
        natural = settle_natural(state, rid)
        if natural is not None:
            return natural
    return settle_plainly(state)


def hand_pots(committed: Sequence[int], fees: Sequence[int], active: Sequence[int]) -> list[Pot]:
    """The pots of a hand from each seat's chips ``committed`` (his draw ``fees``
    among them) and the seats still in: the side pots of the antes and bets
    (:func:`~splitpot.engine.pots.side_pots`), the paid draws dead money in the
    main pot, never a side pot of their own.

    >>> [(p.amount, p.eligible) for p in hand_pots([10, 25, 20], [0, 5, 0], [0, 1, 2])]
    [(35, (0, 1, 2)), (20, (1, 2))]
    """
    if not any(fees):
        return side_pots(committed, active)
    pots = side_pots([c - f for c, f in zip(committed, fees, strict=True)], active)
    main = pots[0] if pots else Pot(amount=0, eligible=tuple(sorted(active)))
    pots[:1] = [Pot(amount=main.amount + sum(fees), eligible=main.eligible)]
    return pots


def settle_plainly(state: State) -> list[ev.Event]:
    """:func:`settle` by the general path, for every game and hand (the shortcuts
    of :func:`settle` give what it gives)."""
    spec = state.spec
    active = state.active
    out: list[ev.Event] = []
    pots = hand_pots(state.committed, state.draw_fees, active)
    shares: list[Share] = []
    showings: dict[int, Showing] = {}
    if len(active) == 1:
        shares = [Share(i, active[0], p.amount, _UNCONTESTED) for i, p in enumerate(pots)]
    else:
        down, up, community = state.down, state.up, state.community
        own = {s: down[s] + up[s] for s in active}
        held = {s: own[s] + community for s in active}
        named_of: dict[int, ev.PlayerWild] = {}
        if spec.wilds.positional is None:
            wilds_of = {s: state._wilds_for(s) for s in active}
        else:
            wilds_of, named_of = _own_wilds(state, active)
        for seat in showdown_order(state.events, active, state.button, state.seats):
            named = named_of.get(seat)
            if named is not None:  # his own wild card (positional rule), shown first
                out.append(named)
            dead = state.dead_hand(seat)
            if dead is not None:
                showings[seat] = shown = _dead_showing(spec, dead)
            else:
                showings[seat] = shown = evaluate_hands(spec, held[seat], wilds_of[seat])
            out.append(
                ev.CardsShown(
                    seat=seat, cards=tuple(own[seat]), high=shown.high_text, low=shown.low_text
                )
            )
        priority = _priority(spec, showings, active, held, wilds_of)
        high = {s: showings[s].high for s in active} if spec.high is not None else None
        low = {s: showings[s].low for s in active} if spec.low is not None else None
        pots, low, returned = _sevens(state, pots, high=high, low=low, priority=priority)
        for index, pot in enumerate(pots):
            if spec.declare is not _NO_DECLARING and len(pot.eligible) > 1:
                assert high is not None and low is not None
                result = resolve_declared(
                    index, pot, state.declared, high=high, low=low,
                    priority=priority, tie_keeps_half=spec.tie_keeps_half,
                )
                out.extend(ev.Forfeited(pot=index, seat=s) for s in result.forfeited)
                shares.extend(result.shares)
            else:
                shares.extend(award_cards_speak(index, pot, high=high, low=low, priority=priority))
        shares.extend(returned)
    for share in shares:
        if share.amount == 0:
            continue
        state.stacks[share.seat] += share.amount
        show = showings.get(share.seat)
        text = ""
        if show is not None and share.by:
            text = (show.high_text if share.by == "high" else show.low_text) or ""
        award = ev.PotAwarded(
            pot=share.pot, seat=share.seat, amount=share.amount, side=str(share.side), hand=text
        )
        out.append(award)
    state.committed[:] = [0] * state.seats  # in place: the same list
    return out
