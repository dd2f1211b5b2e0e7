"""Hands played by splitpot and by pokerkit, and the comparison of the two
through PHH (used by tests/test_phh_pokerkit.py).

Each comparison returns a verdict: ``agree``, or ``departure <names>`` where
pokerkit and splitpot part and the hand holds a rule on which pokerkit departs
from the rules (:func:`stud_award.departures`).  In every case splitpot's
award is checked against the independent computation of
:func:`stud_award.independent_stacks`; a difference nothing explains fails.
"""

from __future__ import annotations

import random
import warnings
from collections import deque

from pokerkit import (
    Automation,
    Deck,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    HandHistory,
    Mode,
)

from splitpot import phh
from splitpot.bots import SimpleBot
from splitpot.engine.state import State
from splitpot.errors import HistoryError
from splitpot.games import get_game
from stud_award import departures, independent_stacks, pokerkit_departures

GAMES = {"seven-card-stud": FixedLimitSevenCardStud,
         "seven-card-stud-8": FixedLimitSevenCardStudHighLowSplitEightOrBetter}
STACKS = (3, 8, 15, 40, 100, 300)
_AUTO = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
         Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
         Automation.CHIPS_PULLING)


def phh_order(state: State) -> list[int]:
    """The seats dealt in, p1 first (the dealer's left)."""
    order = [(state.button + 1 + i) % state.seats for i in range(state.seats)]
    return [s for s in order if state.starting_stacks[s] > 0]


def splitpot_hand(game: str, seed: int) -> State:
    """A hand of ``game`` played by seeded bots: half by SimpleBot, half at random
    among the legal moves (more all-ins), 2 to 7 players, short stacks often."""
    rng = random.Random(seed)
    players = rng.randint(2, 7)
    stacks = [rng.choice(STACKS) for _ in range(players)]
    state = State(get_game(game), stacks, button=rng.randrange(players), seed=seed)
    bot = SimpleBot(seed=seed, aggression=rng.random())
    at_random = seed % 2 == 0
    while not state.is_complete:
        options = state.legal_actions()
        if not at_random:
            bot(state)
            continue
        option = rng.choice(options)
        name = {"raise": "raise_to"}.get(str(option.action), str(option.action))
        if option.amounts and str(option.action) in ("bet", "raise", "complete"):
            getattr(state, name)(rng.choice(option.amounts))
        else:
            getattr(state, name)()
    return state


def pokerkit_stacks(text: str) -> list[int] | str:
    """pokerkit's final stacks for a PHH text, or the error it raised."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            final = deque(HandHistory.loads(text), maxlen=1)[0]  # the state at the end
        return list(final.stacks)
    except Exception as err:
        return f"{type(err).__name__}: {err}"


def splitpot_to_pokerkit(game: str, seed: int) -> tuple[str, State, str]:
    """Play with splitpot, write PHH, replay with pokerkit; (verdict, state, text)."""
    state = splitpot_hand(game, seed)
    assert independent_stacks(state) == state.stacks, f"seed {seed}: splitpot's award is not the rules'"
    text = phh.dumps(state, deck=False)
    theirs = pokerkit_stacks(text)
    if theirs == [state.stacks[s] for s in phh_order(state)]:
        return "agree", state, text
    found = departures(state)
    assert found, f"seed {seed}: pokerkit gives {theirs}, splitpot {state.stacks}, no known departure\n{text}"
    return "departure " + "+".join(sorted(found)), state, text


def pokerkit_hand(game: str, seed: int) -> tuple[object, object]:
    """A hand pokerkit plays at random (seeded): (game, state).  No fold where a
    check is free (pokerkit allows it; the rules refuse it)."""
    rng = random.Random(seed)
    poker = GAMES[game](automations=_AUTO, ante_trimming_status=False, raw_antes=1, bring_in=2,
                        small_bet=5, big_bet=10, mode=Mode.CASH_GAME)
    players = rng.randint(2, 7)
    state = poker([rng.choice(STACKS) for _ in range(players)], players)
    assert len(Deck.STANDARD) == 52
    while state.status:
        if state.can_burn_card():
            state.burn_card(rng.choice(sorted(state.get_dealable_cards(), key=repr)))
            continue
        if state.can_deal_hole():
            state.deal_hole((rng.choice(sorted(state.get_dealable_cards(), key=repr)),))
            continue
        moves = []
        if state.can_post_bring_in():
            moves.append(state.post_bring_in)
        if state.checking_or_calling_amount and state.can_fold():
            moves.append(state.fold)
        if state.can_check_or_call():
            moves.append(state.check_or_call)
        if state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            amount = rng.choice(sorted({low, high}))
            moves.append(lambda amount=amount: state.complete_bet_or_raise_to(amount))
        rng.choice(moves)()
    return poker, state


def pokerkit_to_splitpot(game: str, seed: int) -> tuple[str, str]:
    """Play with pokerkit, write with its ``HandHistory.dumps``, read with
    splitpot; (verdict, text)."""
    poker, theirs = pokerkit_hand(game, seed)
    text = HandHistory.from_game_state(poker, theirs).dumps()  # type: ignore[arg-type]
    expected = list(theirs.stacks)  # type: ignore[attr-defined]
    stud = get_game(game).stakes
    short = pokerkit_departures(theirs.operations, small_bet=stud.small_bet, big_bet=stud.big_bet)  # type: ignore[attr-defined]
    try:
        state = phh.loads(text).replay()
    except HistoryError as err:
        assert short, f"seed {seed}: splitpot refuses pokerkit's hand, no known departure: {err}\n{text}"
        return "departure " + "+".join(sorted(short)), text
    assert independent_stacks(state) == state.stacks
    if [state.stacks[s] for s in phh_order(state)] == expected:
        return "agree", text
    found = departures(state) | short
    assert found, f"seed {seed}: splitpot gives {state.stacks}, pokerkit {expected}, unexplained\n{text}"
    return "departure " + "+".join(sorted(found)), text
