"""Computer players: a simple, sensible policy from hand strength.

:class:`SimpleBot` rates its own cards (made hands with the evaluator once it
holds five, pairs, trips and draws before that, and a low for split games),
discounts for better boards showing across the table, compares with the pot
odds, and bets, calls or folds accordingly; at a declaration it picks the side
its hands can win.  It is deterministic for a given seed.

In the draw games it rates a hand by what it is and what it may draw to
(:func:`draw_score`), opens only with openers and value, keeps pairs and
draws three, draws to four-card flushes and straights (:func:`high_discards`);
in lowball it keeps its low cards, stands pat with a good low, and bets and
raises good lows, never checking a seven or better where the sevens rule
punishes it (:func:`low_discards`); it refuses an exposed card it does not
want.

>>> from splitpot.games import get_game
>>> from splitpot.engine.state import State
>>> bot = SimpleBot(seed=4)
>>> state = State(get_game("seven-card-stud-8"), [100] * 4, seed=4)
>>> while not state.is_complete:
...     _ = bot(state)
>>> sum(state.stacks)
400
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from splitpot.engine.betting import Action, Option
from splitpot.engine.events import Event
from splitpot.engine.order import showing_key
from splitpot.engine.sevens import Sevens, seven_high_or_better
from splitpot.engine.state import Phase, State
from splitpot.evaluate import Category, evaluate

__all__ = ["SimpleBot", "draw_score", "high_discards", "high_score", "low_discards", "low_score"]

_CATEGORY_SCORE = {
    Category.HIGH_CARD: 0.12,
    Category.PAIR: 0.35,
    Category.TWO_PAIR: 0.58,
    Category.THREE_OF_A_KIND: 0.72,
    Category.STRAIGHT: 0.8,
    Category.FLUSH: 0.85,
    Category.FULL_HOUSE: 0.93,
    Category.FOUR_OF_A_KIND: 0.98,
    Category.STRAIGHT_FLUSH: 1.0,
    Category.FIVE_OF_A_KIND: 1.0,
}


def high_score(cards: Sequence[int]) -> float:
    """A 0..1 rating of ``cards`` for high.

    >>> high_score([51, 50, 3]) > high_score([51, 46, 3])
    True
    """
    if len(cards) >= 5:
        hand = evaluate(cards, "high")
        assert hand is not None
        top = max(c >> 2 for c in hand.cards)
        return min(1.0, _CATEGORY_SCORE[hand.category] + top / 200)
    counts: dict[int, int] = {}
    suits = [0, 0, 0, 0]
    for c in cards:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
        suits[c & 3] += 1
    best = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    pairs = sum(1 for n in counts.values() if n >= 2)
    if best[1] >= 3:
        score = 0.75 + best[0] / 100
    elif pairs >= 2:
        score = 0.55
    elif best[1] == 2:
        score = 0.36 + best[0] / 40
    else:
        score = 0.05 + max(counts) / 60
    if max(suits) >= 3 and max(suits) == len(cards):
        score += 0.12
    ranks = sorted(counts)
    if len(ranks) >= 3 and ranks[-1] - ranks[0] <= 4 and len(ranks) == len(cards):
        score += 0.08
    return min(score, 0.95)


def low_score(cards: Sequence[int], ranking: str) -> float:
    """A 0..1 rating of ``cards`` for a low under ``ranking``.

    >>> low_score([51, 0, 5], "eight-or-better") > low_score([48, 44, 40], "eight-or-better")
    True
    """
    ace_low = ranking != "deuce-to-seven"
    limit = 7 if ranking == "deuce-to-seven" else 8

    def value(card: int) -> int:
        rank = (card >> 2) + 2
        return 1 if ace_low and rank == 14 else rank

    if len(cards) >= 5:
        hand = evaluate(cards, ranking)
        if hand is None or hand.category is not Category.HIGH_CARD:
            return 0.0
        top = max(value(c) for c in hand.cards)
        return max(0.0, min(1.0, 1.05 - (top - 5) * 0.12))
    distinct = {value(c) for c in cards if value(c) <= limit}
    if len(distinct) < len(cards):
        return 0.1 * len(distinct) / max(1, len(cards))
    return 0.45 + 0.1 * len(distinct) - 0.02 * max(distinct, default=0)


def _low_value(card: int) -> int:
    """A card's value in ace-to-five: the joker 0 (the bug: the best card), ace 1, deuce 2 .. king 13."""
    if card == 52:
        return 0
    rank = card >> 2
    return 1 if rank == 12 else rank + 2


def low_discards(cards: Sequence[int], most: int = 5) -> list[int]:
    """What an ace-to-five player throws: pairs and cards above the eight (above
    the seven with four good cards already), standing pat on any nine-low or
    better; never more than ``most`` cards (the worst thrown first).

    >>> from splitpot.cards import Card, parse_cards
    >>> hand = lambda text: [int(c) for c in parse_cards(text)]
    >>> [str(Card(c)) for c in low_discards(hand("Kd 7c 7h 3s Ah"))]
    ['Kd', '7h']
    >>> low_discards(hand("9d 7c 5h 3s Ah"))
    []
    """
    values = sorted(cards, key=_low_value)
    kept: list[int] = []
    seen: set[int] = set()
    for card in values:
        if _low_value(card) not in seen:
            kept.append(card)
            seen.add(_low_value(card))
    if len(kept) == 5 and _low_value(kept[-1]) <= 9:
        return []
    limit = 7 if sum(1 for c in kept if _low_value(c) <= 7) >= 4 else 8
    keep = [c for c in kept if _low_value(c) <= limit][:5]
    out = [c for c in sorted(cards, key=_low_value, reverse=True) if c not in keep]
    return out[:most]


def high_discards(cards: Sequence[int], most: int = 5) -> list[int]:
    """What a high-draw player throws: nothing with a straight or better; the
    odd cards of pairs, two pair and trips; one card to a four-card flush or an
    open-ended straight; else all but an ace (or the two highest cards); never
    more than ``most`` (the lowest thrown first).

    >>> from splitpot.cards import Card, parse_cards
    >>> hand = lambda text: [int(c) for c in parse_cards(text)]
    >>> [str(Card(c)) for c in high_discards(hand("9c 9d Ah 5s 2c"))]
    ['2c', '5s', 'Ah']
    >>> [str(Card(c)) for c in high_discards(hand("Kh 9h 5h 2h Qc"))]
    ['Qc']
    """
    hand = evaluate(list(cards), "high")
    if hand is not None and hand.category not in (
        Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND
    ):
        return []
    counts: dict[int, int] = {}
    for c in cards:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    by_rank = sorted(cards, key=lambda c: (c >> 2, c & 3))
    if max(counts.values()) >= 2:
        out = [c for c in by_rank if counts[c >> 2] == 1 and c != 52]
    else:
        suits: dict[int, list[int]] = {}
        for c in cards:
            suits.setdefault(c & 3, []).append(c)
        flush = next((v for v in suits.values() if len(v) == 4), None)
        ranks = sorted({c >> 2 for c in cards})
        straight = next((r for r in ranks if all(r + i in ranks for i in range(4)) and 0 < r < 9), None)
        if flush is not None:
            out = [c for c in cards if c not in flush]
        elif straight is not None:
            out = [c for c in cards if not straight <= c >> 2 < straight + 4][:1]
        elif (by_rank[-1] >> 2) == 12:
            out = by_rank[:-1]
        else:
            out = by_rank[:-2]
    return out[:most]


def draw_score(cards: Sequence[int], *, low: bool, before_draw: bool) -> float:
    """A 0..1 rating of a five-card draw hand, for high or for an ace-to-five
    low, before the draw (what it may draw to) or after it.

    >>> from splitpot.cards import parse_cards
    >>> score = lambda text, low, before: draw_score([int(c) for c in parse_cards(text)],
    ...                                              low=low, before_draw=before)
    >>> score("Jc Jd 7h 4s 2c", False, True) > score("8c 8d 7h 4s 2c", False, True)
    True
    >>> score("7c 5d 4h 3s Ac", True, False) > score("9c 6d 4h 3s 2c", True, False)
    True
    """
    if low:
        values = sorted({_low_value(c) for c in cards})
        good = [v for v in values if v <= 8]
        if len(values) == 5:
            top = values[-1]
            return max(0.05, min(1.0, 1.0 - (top - 5) * (0.08 if before_draw else 0.1)))
        if before_draw:
            if len(good) >= 4:
                return 0.5 - (good[3] - 4) * 0.03
            return 0.3 if len(good) == 3 else 0.12
        return 0.08
    hand = evaluate(list(cards), "high")
    if hand is None:
        return 0.0
    top = max((c.rank or 0) for c in hand.cards if c.rank is not None) if hand.cards else 0
    if hand.category is Category.HIGH_CARD:
        score = 0.08 + top / 120
        if before_draw:
            suits = [0, 0, 0, 0]
            for c in cards:
                if c != 52:
                    suits[c & 3] += 1
            if max(suits) == 4:
                score = 0.42
            elif len(high_discards(cards)) == 1:
                score = 0.38
        return score
    if hand.category is Category.PAIR:
        pair = max(r for r in range(13) if sum(1 for c in cards if c >> 2 == r) >= 2) if 52 not in cards \
            else 12
        return 0.3 + pair / 40 - (0.05 if not before_draw else 0.0)
    return _CATEGORY_SCORE[hand.category] - (0.02 if before_draw else 0.0)


class SimpleBot:
    """Plays any seat: call ``bot(state)`` to make the actor's move.

    ``aggression`` (0..1) shifts how readily it bets and raises.
    """

    def __init__(self, *, seed: int | None = None, aggression: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.aggression = aggression

    def __call__(self, state: State) -> Event:
        """Make one move for ``state.actor`` and return its event."""
        if state.phase is Phase.DECLARING:
            assert state.actor is not None
            return state.declare(self.declaration(state, state.actor), seat=state.actor)
        if state.phase is Phase.DRAWING:
            return state.draw(self.discards(state))
        if state.phase is Phase.EXPOSED:
            return state.keep_exposed() if self.wants_exposed(state) else state.refuse_exposed()
        return self.bet_decision(state)

    # -- ratings -------------------------------------------------------------
    def rating(self, state: State, seat: int) -> float:
        """The seat's 0..1 hand rating, discounted for stronger boards showing."""
        cards = state.cards(seat) + state.community
        spec = state.spec
        if spec.draws is not None and len(cards) == 5:
            return draw_score(cards, low=spec.high is None, before_draw=seat not in state.drawn)
        score = high_score(cards) if spec.high is not None else 0.0
        if spec.low is not None:
            low = low_score(cards, spec.low)
            score = max(score, low) + (0.1 if min(score, low) > 0.5 else 0.0)
        mine = showing_key([c for c in cards])
        threat = max((showing_key(state.up[s]) for s in state.active if s != seat and state.up[s]),
                     default=(0,))
        if spec.high is not None and threat > mine and threat[0] >= 1:
            score *= 0.75
        return score

    # -- decisions -----------------------------------------------------------
    def bet_decision(self, state: State) -> Event:
        """Bet, raise, call, check or fold by rating against the pot odds."""
        seat = state.actor
        assert seat is not None
        options = {o.action: o for o in state.legal_actions()}
        score = self.rating(state, seat) + self.rng.uniform(-0.08, 0.08)
        facing = Action.CALL in options
        push = (0.78 if facing else 0.58) - 0.15 * self.aggression
        if Action.BRING_IN in options:
            return state.complete() if Action.COMPLETE in options and score > push else state.bring_in()
        kinds = (Action.RAISE, Action.BET, Action.COMPLETE)
        raise_option = next((options[a] for a in kinds if a in options), None)
        if raise_option is not None and (score > push or self._must_bet(state, seat)):
            return self._raise(state, raise_option)
        if Action.CHECK in options:
            return state.check()
        if facing:
            owed = options[Action.CALL].amounts[0]
            odds = owed / (state.pot + owed)
            late = state.street / max(1, len(state.spec.streets) - 1)
            if score >= odds + 0.05 + 0.1 * late or (owed <= state.spec.stakes.bring_in and score > 0.15):
                return state.call()
            return state.fold()
        if raise_option is not None:  # pass and out: bet or fold
            return self._raise(state, raise_option) if score > 0.4 else state.fold()
        return state.fold()

    def _must_bet(self, state: State, seat: int) -> bool:
        """Under the sevens rule a seven-high or better after the draw is bet, never checked."""
        spec = state.spec
        if spec.sevens is Sevens.OFF or spec.low is None or seat not in state.drawn:
            return False
        hand = evaluate(state.cards(seat), spec.low) if len(state.cards(seat)) == 5 else None
        return hand is not None and seven_high_or_better(hand.strength, spec.low)

    def wants_exposed(self, state: State) -> bool:
        """Keep the card the dealer exposed? (A low card that pairs nothing in a low
        game; a card that pairs or is ten or higher in a high game.)"""
        seat = state.actor
        assert seat is not None
        card = next(e.card for e in reversed(state.events) if e.kind == "expose")  # type: ignore[attr-defined]
        others = [c for c in state.cards(seat) if c != card]
        if state.spec.high is None:
            return _low_value(card) <= 8 and all(_low_value(c) != _low_value(card) for c in others)
        return card >> 2 >= 8 or any(c >> 2 == card >> 2 for c in others)

    def _raise(self, state: State, option: Option) -> Event:
        amount = option.amounts[0]
        if option.action is Action.BET:
            return state.bet(amount)
        if option.action is Action.COMPLETE:
            return state.complete(amount)
        return state.raise_to(amount)

    def declaration(self, state: State, seat: int) -> str:
        """High, low or both, from the final hands."""
        cards = state.cards(seat) + state.community
        high = high_score(cards)
        low = low_score(cards, state.spec.low or "deuce-to-seven")
        if high >= 0.8 and low >= 0.75:
            return "both"
        return "low" if low >= high + 0.1 else "high"

    def discards(self, state: State) -> list[int]:
        """Keep pairs and better, throw the rest (up to the street's draw); in a
        draw game, :func:`high_discards` or :func:`low_discards`."""
        seat = state.actor
        assert seat is not None
        if state.spec.draws is not None and len(state.cards(seat)) == 5:
            most = state.legal_actions()[0].amounts[0]
            cards = state.cards(seat)
            pick = low_discards if state.spec.high is None else high_discards
            out = pick(cards, most)
            while out and not state.can_draw(out):  # e.g. four cards only when keeping an ace
                out = out[:-1]
            return out
        cards = state.down[seat]
        limit = state.spec.streets[state.street].draw
        counts: dict[int, int] = {}
        for c in cards:
            counts[c >> 2] = counts.get(c >> 2, 0) + 1
        return [c for c in cards if counts[c >> 2] == 1][:limit]
