"""Computer players: a simple, sensible policy from hand strength.

:class:`SimpleBot` rates its own cards (made hands with the evaluator once it
holds five, pairs, trips and draws before that, and a low for split games),
discounts for better boards showing across the table, compares with the pot
odds, and bets, calls or folds accordingly; at a declaration it picks the side
its hands can win.  It rates hands with the game's wild cards (and a player's
own, as in Mexican stud); in the five-card games it folds a weak hand that a
board across the table already beats.  In Mexican stud it keeps down the card
that makes its best wild rank; with five-card stud's turn-up option it turns up
a hole card that helps nothing; in aces-deuces it rates two-card hands by the
share of all two-card hands they beat, stands on a strong one and otherwise
draws to the card that improves it most when the improvement is worth the fee.
It is deterministic for a given seed.

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
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from splitpot._native import _core
from splitpot.cards import RANKS
from splitpot.engine.betting import Action, Option
from splitpot.engine.events import Event
from splitpot.engine.order import showing_key
from splitpot.engine.positional import positional_card, wilds_with
from splitpot.engine.session import rng_data, rng_state
from splitpot.engine.sevens import Sevens, seven_high_or_better
from splitpot.engine.spec import DeclareMode, GameSpec
from splitpot.engine.state import Phase, State
from splitpot.errors import (
    ArgumentTypeError,
    CardTypeError,
    HistoryError,
    IllegalActionError,
    IllegalActionTypeError,
)
from splitpot.evaluate import _RANKING_ID, _TIER_CATEGORY, Category, evaluate, strength
from splitpot.two_card import strength_two
from splitpot.validate import as_float, as_int, as_optional_int, describe
from splitpot.wild import wild_mask

__all__ = [
    "SimpleBot",
    "away_action",
    "draw_score",
    "high_discards",
    "high_score",
    "low_discards",
    "low_score",
    "short_high_score",
    "two_card_score",
]

def away_action(state: State, *, seat: int | None = None) -> Event:
    """Act for ``seat`` (default: the seat to act) as for a player who is away
    (timed out): he checks where he may, else folds; where he may do neither
    he makes the least he must: posts the bring-in, makes a forced opening bet
    at its smallest, stands pat in a draw (aces-deuces: stands), keeps a card
    the dealer exposed, keeps his hole card down or turns up the first card
    offered, declares the first side offered.  A policy too:
    ``session.play(k, away_action)``.

    Where the choices are simultaneous (Mexican stud's turn-ups, simultaneous
    declarations) every player still to choose may choose, and :attr:`State.actor
    <splitpot.engine.state.State.actor>` only names the first of them: ``seat``
    makes that seat's own choice, whoever the actor is.  Otherwise ``seat`` must
    be the seat to act: :class:`~splitpot.errors.IllegalActionError` names it
    (the state unchanged) when it is not.

    >>> from splitpot.games import get_game
    >>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
    >>> away_action(state), away_action(state)
    (BringInPosted(seat=0, amount=2), Folded(seat=1))
    >>> state = State(get_game("lowball"), [50, 50], seed=3)   # pass and out: no check
    >>> away_action(state)
    Folded(seat=1)
    >>> state = State(get_game("mexican-stud"), [100] * 3, seed=1)
    >>> state.turn_up_choosers, away_action(state, seat=0).seat, state.turn_up_choosers
    ([1, 2, 0], 0, [1, 2])
    >>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
    >>> away_action(state, seat=1)
    Traceback (most recent call last):
    ...
    splitpot.errors.IllegalActionError: away_action: seat 1 is not to act; seat 0 is.
    """
    if not isinstance(state, State):
        raise ArgumentTypeError(f"away_action takes a State, got {describe(state)}.")
    who = state.actor
    if seat is not None:
        who = _away_for(state, as_int(seat, "seat", low=0, high=state.seats - 1, error=IllegalActionError,
                                      type_error=IllegalActionTypeError))
    options = {o.action: o for o in state.legal_actions()}
    if Action.CHECK in options:
        return state.check()
    if Action.FOLD in options:
        return state.fold()
    if Action.BRING_IN in options:
        return state.bring_in()
    if Action.DRAW in options:
        return state.draw([])
    if Action.KEEP in options:
        return state.keep_exposed()
    if Action.TURN_UP in options:
        assert who is not None  # a turn-up to choose: a seat chooses
        turn = state.turn_up_option(who)
        return state.turn_up([] if 0 in turn.amounts else [turn.choices[0]], seat=who)
    if Action.DECLARE in options:
        return state.declare(options[Action.DECLARE].choices[0], seat=who)
    if Action.BET in options:
        return state.bet()
    raise IllegalActionError(f"away_action: nothing to do (legal: {sorted(map(str, options)) or 'none'}).")


def _away_for(state: State, seat: int) -> int:
    """``seat``, where :func:`away_action` may act for it: a seat with its own choice
    to make where choices are simultaneous, else the seat to act;
    :class:`~splitpot.errors.IllegalActionError` otherwise."""
    if state.phase is Phase.TURNING_UP:
        choosers = state.turn_up_choosers
        if seat not in choosers:
            raise IllegalActionError(f"away_action: seat {seat} has no turn-up to choose; "
                                     f"still to choose: {choosers}.")
    elif state.phase is Phase.DECLARING and state.spec.declare is DeclareMode.SIMULTANEOUS:
        undeclared = state.still_to_declare  # (dealer's left first)
        if seat not in undeclared:
            raise IllegalActionError(f"away_action: seat {seat} has nothing to declare; "
                                     f"still to declare: {undeclared}.")
    elif seat != state.actor:
        who = "nobody is" if state.actor is None else f"seat {state.actor} is"
        raise IllegalActionError(f"away_action: seat {seat} is not to act; {who}.")
    return seat


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


def high_score(cards: Sequence[int], **wild: Any) -> float:
    """A 0..1 rating of ``cards`` for high; ``wild``: the evaluator's wild options.

    >>> high_score([51, 50, 3]) > high_score([51, 46, 3])
    True
    >>> high_score([51, 50, 3], wild="2") > high_score([51, 50, 4], wild="2")  # 2c: trip aces
    True
    """
    if wild:
        made = evaluate(cards, "high", **wild)
        if made is None:  # a dead hand
            return 0.0
        return min(1.0, _CATEGORY_SCORE[made.category] + max(c >> 2 for c in made._cards) / 200)
    if len(cards) >= 5:
        category, played = _high_hand(cards)
        return min(1.0, _CATEGORY_SCORE[category] + max(c >> 2 for c in played) / 200)
    counts: dict[int, int] = {}
    suits = [0, 0, 0, 0]
    for c in cards:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
        suits[c & 3] += 1
    top = max(counts)
    most = max(counts.values())
    if most >= 3:  # the highest rank held three times or more (best by count, then rank)
        score = 0.75 + max(r for r, n in counts.items() if n == most) / 100
    elif most == 2:
        paired = [r for r, n in counts.items() if n == 2]
        score = 0.55 if len(paired) >= 2 else 0.36 + paired[0] / 40
    else:
        score = 0.05 + top / 60
    if max(suits) >= 3 and max(suits) == len(cards):
        score += 0.12
    if len(counts) >= 3 and top - min(counts) <= 4 and len(counts) == len(cards):
        score += 0.08
    return min(score, 0.95)


_HIGH = _RANKING_ID["high"]
_HIGH_CATEGORY = _TIER_CATEGORY[_HIGH]


def _high_hand(cards: Sequence[int]) -> tuple[Category, tuple[int, ...]]:
    """``evaluate(cards, "high")``'s category and the cards it plays, without
    building the :class:`~splitpot.evaluate.Hand` (the bot asks at every decision):
    the core's answer for a list or tuple of ints, else :func:`evaluate`'s."""
    if type(cards) is list or type(cards) is tuple:
        try:
            s, played = _core.evaluate(cards, _HIGH)
            return _HIGH_CATEGORY[(s >> 12) & 15], played
        except CardTypeError:
            pass
    hand = evaluate(cards, "high")
    assert hand is not None
    return hand.category, hand._cards


def short_high_score(cards: Sequence[int]) -> float:
    """A 0..1 rating of ``cards`` for high in a game of five cards a hand (five-card
    stud), where an ace high often wins and a pair is a strong hand.

    >>> short_high_score([51, 3]) > short_high_score([44, 3]) > short_high_score([20, 3])
    True
    >>> short_high_score([20, 23]) > short_high_score([51, 47])
    True
    """
    category, played = _high_hand(cards)
    top = max(c >> 2 for c in played)
    if category is Category.HIGH_CARD:
        return min(1.0, 0.15 + top / 40)
    if category is Category.PAIR:
        return min(1.0, 0.58 + top / 60)
    return min(1.0, _CATEGORY_SCORE[category])


def low_score(cards: Sequence[int], ranking: str, **wild: Any) -> float:
    """A 0..1 rating of ``cards`` for a low under ``ranking``; ``wild``: the
    evaluator's wild options (before five cards a wild card counts as a new low card).

    >>> low_score([51, 0, 5], "eight-or-better") > low_score([48, 44, 40], "eight-or-better")
    True
    >>> low_score([48, 44, 40], "ace-to-five", wild="K") > low_score([48, 44, 40], "ace-to-five")
    True
    """
    if wild and len(cards) < 5:
        mask = wild_mask(wild.get("wild")) | ((1 << 52) if wild.get("joker") == "wild" else 0)
        natural = [c for c in cards if not mask >> c & 1]
        if len(natural) == len(cards):
            return low_score(cards, ranking)
        spare = len(cards) - len(natural)
        return min(0.95, (low_score(natural, ranking) if natural else 0.6) + 0.12 * spare)
    ace_low = ranking != "deuce-to-seven"
    if wild:
        made = evaluate(cards, ranking, **wild)
        if made is None or made.category is not Category.HIGH_CARD:
            return 0.0
        stands = {int(c): text for c, text in made.wilds}
        top = 0
        for card in made.cards:
            text = stands.get(int(card))
            rank = (int(card) >> 2) if text is None else -1 if text == "zero" else RANKS.index(text[0])
            top = max(top, 0 if rank < 0 else 1 if ace_low and rank == 12 else rank + 2)
        return max(0.0, min(1.0, 1.05 - (top - 5) * 0.12))
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
    category, played = _high_hand(list(cards))
    top = max(c >> 2 for c in played if c != 52) if played else 0  # the joker has no rank
    if category is Category.HIGH_CARD:
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
    if category is Category.PAIR:
        ranks = [c >> 2 for c in cards]
        pair = max(r for r in ranks if ranks.count(r) >= 2) if 52 not in cards else 12
        return 0.3 + pair / 40 - (0.05 if not before_draw else 0.0)
    return _CATEGORY_SCORE[category] - (0.02 if before_draw else 0.0)


class SimpleBot:
    """Plays any seat: call ``bot(state)`` to make the actor's move.

    ``aggression`` (0..1) shifts how readily it bets and raises.

    >>> from splitpot import State, get_game
    >>> state = State(get_game("jackpots"), [100, 100, 100], seed=6)
    >>> bot = SimpleBot(seed=1, aggression=0.9)
    >>> bot(state), bot(state), bot(state)   # seat 1 has no openers; seat 2 opens
    (Checked(seat=1), BetMade(seat=2, amount=5, to=5), Called(seat=0, amount=5))
    """

    def __init__(self, *, seed: int | None = None, aggression: float = 0.5) -> None:
        self.rng = random.Random(as_optional_int(seed, "SimpleBot: seed", low=0))
        self.aggression = as_float(aggression, "SimpleBot: aggression", low=0, high=1)

    def __repr__(self) -> str:
        """
        >>> SimpleBot(seed=3, aggression=0.7)
        <SimpleBot: aggression 0.7>
        """
        return f"<SimpleBot: aggression {self.aggression:g}>"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict from which :meth:`from_dict` makes a bot that plays on
        exactly as this one would: its aggression and where its random stream stands
        (saved beside a session, so that a resumed session plays as the one that went on).

        >>> bot = SimpleBot(seed=3)
        >>> again = SimpleBot.from_dict(bot.to_dict())
        >>> [again.rng.random() for _ in range(3)] == [bot.rng.random() for _ in range(3)]
        True
        """
        return {"bot": "SimpleBot", "aggression": self.aggression, "rng": rng_data(self.rng.getstate())}

    @classmethod
    def from_dict(cls, data: object) -> SimpleBot:
        """The bot of :meth:`to_dict` output; :class:`~splitpot.errors.HistoryError`
        if ``data`` is not one.

        >>> SimpleBot.from_dict({"bot": "SimpleBot", "aggression": 0.5})
        Traceback (most recent call last):
        ...
        splitpot.errors.HistoryError: bot: missing 'rng' (SimpleBot.to_dict() gives 'bot', ...
        """
        keys = ("bot", "aggression", "rng")
        if not isinstance(data, dict):
            raise HistoryError(f"bot: a dict of SimpleBot.to_dict(), got {describe(data)}.")
        for key in (*keys, *sorted(set(data) - set(keys), key=str)):
            if key not in data or key not in keys:
                what = "missing" if key not in data else "unknown key"
                raise HistoryError(f"bot: {what} {key!r} (SimpleBot.to_dict() gives 'bot', 'aggression' "
                                   "and 'rng').")
        if data["bot"] != "SimpleBot":
            raise HistoryError(f"bot: 'bot' is 'SimpleBot', got {describe(data['bot'])}.")
        aggression = data["aggression"]
        if type(aggression) not in (int, float) or not 0 <= aggression <= 1:
            raise HistoryError(f"bot: 'aggression' is a number 0..1, got {describe(aggression)}.")
        bot = cls(aggression=float(aggression))
        bot.rng.setstate(rng_state(data["rng"], "bot.rng"))
        return bot

    def __call__(self, state: State) -> Event:
        """Make one move for ``state.actor`` and return its event."""
        if state.actor is None:  # a hand over (or a policy called out of turn): say so, not assert
            raise IllegalActionError(f"SimpleBot: nobody is to act: {state.waiting_for()}.")
        if state.phase is Phase.DECLARING:
            assert state.actor is not None
            return state.declare(self.declaration(state, state.actor), seat=state.actor)
        if state.phase is Phase.DRAWING:
            return state.draw(self.discards(state))
        if state.phase is Phase.TURNING_UP:
            assert state.actor is not None
            return state.turn_up(self.turn_up_choice(state, state.actor), seat=state.actor)
        if state.phase is Phase.EXPOSED:
            return state.keep_exposed() if self.wants_exposed(state) else state.refuse_exposed()
        return self.bet_decision(state)

    # -- ratings -------------------------------------------------------------
    def rating(self, state: State, seat: int) -> float:
        """The seat's 0..1 hand rating, discounted for stronger boards showing."""
        cards = state.cards(seat) + state.community
        wilds = state.wilds_for(seat)
        if state.spec.hand_size == 2:
            return two_card_score(cards, state.spec.high, state.spec.low, wild=wilds.wild)
        return self._cards_rating(state, seat, cards, wilds.options(low=False), wilds.options(low=True))

    def _cards_rating(
        self, state: State, seat: int, cards: list[int], high_wild: dict[str, Any], low_wild: dict[str, Any]
    ) -> float:
        spec = state.spec
        if spec.draws is not None and len(cards) == 5:
            return draw_score(cards, low=spec.high is None, before_draw=seat not in state.drawn)
        high = spec.high is not None
        five = high and _five_card_game(spec)
        if not high:
            score = 0.0
        elif five and not high_wild:
            score = short_high_score(cards)
        else:
            score = high_score(cards, **high_wild)
        if spec.low is not None:
            low = low_score(cards, spec.low, **low_wild)
            score = max(score, low) + (0.1 if min(score, low) > 0.5 else 0.0)
        if not high:
            return score
        if five and _beaten_on_board(state, seat, cards, high_wild):
            return score * 0.4  # five-card stud: a board across the table already beats this hand
        # a board across the table that shows a pair or better and beats all this seat's cards
        # read as a board: the threat is the best such board (a board without a pair is no threat)
        threat: tuple[int, ...] | None = None
        up = state.up
        for other in state.active:
            board = up[other]
            if other != seat and len(board) > 1 and len({c >> 2 for c in board}) < len(board):
                key = showing_key(board)
                if threat is None or key > threat:
                    threat = key
        if threat is not None and threat > showing_key(cards):
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
        if raise_option is not None and len(options) == 1:  # a forced opening bet
            return self._raise(state, raise_option)
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
        wilds = state.wilds_for(seat)
        high = high_score(cards, **wilds.options(low=False))
        low = low_score(cards, state.spec.low or "deuce-to-seven", **wilds.options(low=True))
        if high >= 0.8 and low >= 0.75 and state.spec.declare_both:
            return "both"
        return "low" if low >= high + 0.1 else "high"

    def discards(self, state: State) -> list[int]:
        """Keep pairs and better, throw the rest (up to the street's draw); in a
        draw game, :func:`high_discards` or :func:`low_discards`; in paid draws,
        :meth:`paid_draw`."""
        seat = state.actor
        assert seat is not None
        if state.draw_fee(seat) is not None:
            return self.paid_draw(state, seat)
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

    def turn_up_choice(self, state: State, seat: int) -> list[int]:
        """Which down card to turn up.  Where he must turn one up (Mexican stud), the
        one whose turning leaves the best hand, rated with the wild rank the card
        kept down gives him (ties: turn up the higher card); where he may keep it
        down (five-card stud's option), his hole card when it pairs nothing and
        is below his best upcard, so the last card comes down unseen."""
        option = state.turn_up_option(seat)
        down = state.down[seat]
        if 0 in option.amounts:
            ups = {c >> 2 for c in state.up[seat]}
            hole = down[-1]
            return [hole] if (hole >> 2) not in ups and ups and (hole >> 2) < max(ups) else []
        rule, wilds = state.spec.wilds.positional, state.spec.wilds
        cards = state.cards(seat) + state.community
        best: tuple[float, int] | None = None
        for card in sorted(down, reverse=True):
            kept = [c for c in down if c != card]
            own = wilds if rule is None else wilds_with(
                wilds,
                positional_card(rule, lambda: state.dealt_cards(seat), kept, up=[*state.up[seat], card]),
            )
            score = self._cards_rating(state, seat, cards, own.options(low=False), own.options(low=True))
            if best is None or score > best[0]:
                best = (score, card)
        assert best is not None
        return [best[1]]

    def paid_draw(self, state: State, seat: int) -> list[int]:
        """Aces-deuces: the card to replace (or none: stand).  Each card is weighed
        by the average rating of the hands its replacement makes, over the cards
        this seat cannot see; it draws when the gain on the pot outweighs the fee."""
        spec, wild = state.spec, state.wilds_for(seat).wild
        cards = state.cards(seat)
        now = two_card_score(cards, spec.high, spec.low, wild=wild)
        seen = set(cards).union(*(state.up[s] for s in state.active))
        unseen = [c for c in range(state.spec.wilds.deck_size) if c not in seen]
        fee = state.draw_fee(seat) or 0
        best: tuple[float, int] | None = None
        rate, wild_key = _two_card_score, tuple(wild)
        for old in cards:
            keep = [c for c in cards if c != old]
            if len(keep) == 1:  # the two-card hand (sorted, as two_card_score sorts it) after each new card
                k = keep[0]
                after = sum([rate((k, new) if k < new else (new, k), spec.high, spec.low, wild_key)
                             for new in unseen])
            else:
                after = sum(two_card_score([*keep, new], spec.high, spec.low, wild=wild) for new in unseen)
            gain = after / len(unseen) - now
            if best is None or gain > best[0]:
                best = (gain, old)
        assert best is not None
        pot = state.pot + 2 * fee * len(state.active)  # the pot the hand is likely to play for
        return [best[1]] if now < 0.9 and best[0] * pot > fee else []


_TWO_CARD_TABLES: dict[tuple[str, tuple[str, ...]], list[int]] = {}


def two_card_score(
    cards: Sequence[int], high: str | None, low: str | None, *, wild: Sequence[str] = ()
) -> float:
    """A 0..1 rating of a two-card hand (aces-deuces): the share of all two-card
    hands it beats for high or for low, the better side, with a bonus when it is
    good both ways (cards speak: it may scoop).

    >>> two_card_score([51, 50], "high", None) > two_card_score([47, 46], "high", None) > 0.9
    True
    >>> two_card_score([51, 0], "high", "low") > two_card_score([36, 29], "high", "low")
    True
    """
    return _two_card_score(tuple(sorted(cards)), high, low, tuple(wild))


@lru_cache(maxsize=1 << 14)
def _two_card_score(
    cards: tuple[int, ...], high: str | None, low: str | None, wild: tuple[str, ...]
) -> float:
    """:func:`two_card_score`, remembered: a bot weighing a draw rates every card it
    cannot see, and the same few hundred two-card hands come back (a two-card hand's
    strength does not depend on the order of its cards)."""
    shares = []
    for kind in (k for k in (high and "high", low and "low") if k):
        table = _TWO_CARD_TABLES.get((kind, ()))
        if table is None:
            table = _TWO_CARD_TABLES[(kind, ())] = sorted(
                strength_two([a, b], kind) for a in range(52) for b in range(a + 1, 52))
        mine = strength_two(list(cards), kind, wild=tuple(wild) or None)
        shares.append(bisect_left(table, mine) / len(table))
    best = max(shares)
    return min(1.0, best + (0.1 if len(shares) == 2 and min(shares) > 0.6 else 0.0))


_FIVE_CARD_GAMES: dict[int, tuple[GameSpec, bool]] = {}


def _five_card_game(spec: GameSpec) -> bool:
    """True for games dealing at most five cards a player (five-card stud, Mexican stud);
    remembered by spec (the bot asks at every decision)."""
    known = _FIVE_CARD_GAMES.get(id(spec))
    if known is not None and known[0] is spec:
        return known[1]
    five = sum(s.cards_per_player for s in spec.streets) <= 5
    if len(_FIVE_CARD_GAMES) >= 256:
        _FIVE_CARD_GAMES.clear()
    _FIVE_CARD_GAMES[id(spec)] = (spec, five)
    return five


def _beaten_on_board(state: State, seat: int, cards: list[int], wild: dict[str, Any]) -> bool:
    """Whether another player's upcards alone (read as natural cards) beat all
    of ``cards`` (rated with the seat's wild cards) by a category (a pair against
    no pair), or at all on the last round."""
    mine = strength(cards, "high", **wild)
    last = state.street == len(state.spec.streets) - 1
    for other in state.active:
        if other != seat and state.up[other]:
            board = strength(state.up[other], "high")
            if board > mine and (last or board >> 12 > mine >> 12):
                return True
    return False
