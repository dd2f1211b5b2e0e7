"""Random-play hands per second: splitpot ``seven-card-stud-8`` beside pokerkit's
fixed-limit seven-card stud high/low-split eight or better, and splitpot's draw
games (``jackpots``, ``lowball``, ``california-lowball``, ``jacks-back``) beside
pokerkit's nearest draw game, its no-limit deuce-to-seven single draw, and
splitpot's five-card stud, Mexican stud and aces-deuces (which pokerkit does
not play) beside pokerkit's fixed-limit seven-card stud, in the same run.

Both engines play the same random policy: at every decision a uniformly chosen
kind of legal action (fold, check/call, bet/raise/complete, bring-in), and at a
draw a random number (0 to the most allowed) of random cards, at a turn-up a
random choice among the legal ones.  Both draw their choices the same cheap way
(an index from ``random()``; ``rng.sample`` for the discards), so the policy's
own cost stays small beside either engine's and the figures measure the
engines; six players,
stacks 200; stud: ante 1, bring-in 2, limits 5/10; splitpot's draw games their
defaults (ante 1 and limits 5/10; California blinds 1/1, limits 2/4); pokerkit's
single draw blinds 1/2.  A hand is one State, from the first deal to the pots
awarded: a jackpots hand nobody opens is dealt again within it (random play
passes about one deal in two out).  Chips are checked to be conserved and a
checksum of the winners' chips is printed.

    pytest benchmarks/bench_games.py --benchmark-only        # pytest-benchmark
    python benchmarks/bench_games.py [HANDS]                 # plain report with the ratios

``test_server_calls`` times a server's calls on a hand of six in the middle of
each of five games (:func:`mid_hands`): every seat's whole view, every seat's
update after the last event, and the history as JSON; ``test_history_reads``
reads saved hands back (``History.from_json``: those five mid-hands and two
bot-played hands of each game); ``test_bot_play`` times ``Session.play`` with
``SimpleBot`` (its hand rating at every decision) in every game.

The plain report times CPU (``time.process_time``) in interleaved rounds, so a
busy machine slows both engines alike; with pytest-benchmark pass
``--benchmark-timer time.process_time`` for the same.  pokerkit plays a quarter
as many hands (HANDS // 4, at least 100): hands differ in length, and a smaller
sample moved its rate by some 15% from one seed to another.
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

import pytest

from splitpot.bots import SimpleBot
from splitpot.engine.betting import Action
from splitpot.engine.history import History
from splitpot.engine.session import Session
from splitpot.engine.state import State
from splitpot.games import GAMES, get_game

__all__ = [
    "history_exports", "mid_hands", "pokerkit_draw_hands", "pokerkit_hands", "pokerkit_stud_hands",
    "splitpot_hands", "view_updates", "views",
]

PLAYERS = 6
STACK = 200
HANDS_PER_ROUND = 50
SPEC = get_game("seven-card-stud-8")
DRAW_GAMES = ("jackpots", "lowball", "california-lowball", "jacks-back")
NEW_GAMES = (
    "five-card-stud", "five-card-stud-last-down", "five-card-stud-five-bets", "mexican-stud", "aces-deuces",
)
"""Five-card stud, Mexican stud and aces-deuces: measured beside pokerkit's seven-card stud."""
_METHOD = {
    Action.FOLD: State.fold,
    Action.CHECK: State.check,
    Action.CALL: State.call,
    Action.BET: State.bet,
    Action.RAISE: State.raise_to,
    Action.COMPLETE: State.complete,
    Action.BRING_IN: State.bring_in,
}


DEALS: dict[str, int] = {}
"""Deals dealt per game by :func:`splitpot_hands` (a jackpots hand nobody opens is dealt again)."""


def splitpot_hands(hands: int, seed: int = 0, game: str = "seven-card-stud-8") -> int:
    """Play ``hands`` random hands of ``game`` with splitpot; return a checksum (chips won)."""
    spec = SPEC if game == SPEC.name else get_game(game)
    rng = random.Random(seed)
    uniform, sample = rng.random, rng.sample
    draw, turn_up = Action.DRAW, Action.TURN_UP
    checksum = 0
    for i in range(hands):
        state = State(spec, [STACK] * PLAYERS, button=i % PLAYERS, seed=seed * 1_000_003 + i)
        while state.actor is not None:
            options = state.legal_actions()
            option = options[int(uniform() * len(options))]
            if option.action is draw:
                state.draw(sample(state.cards(state.actor), int(uniform() * (option.amounts[0] + 1))))
            elif option.action is turn_up:
                amounts = option.amounts
                state.turn_up(sample(option.choices, amounts[int(uniform() * len(amounts))]))
            else:
                _METHOD[option.action](state)  # type: ignore[operator]
        assert sum(state.stacks) == STACK * PLAYERS
        checksum += max(state.stacks) - STACK
        DEALS[game] = DEALS.get(game, 0) + state.deal
    return checksum


def _pokerkit_play(create: Callable[[tuple[Any, ...]], Any], hands: int, seed: int) -> int:
    """Play ``hands`` random hands of the pokerkit game ``create(automations)`` makes."""
    from pokerkit import Automation

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    uniform, sample = rng.random, rng.sample
    checksum = 0
    for _ in range(hands):
        state = create(automations)
        while state.status:
            if state.can_stand_pat_or_discard():
                held = list(state.hole_cards[state.stand_patter_or_discarder_index])
                state.stand_pat_or_discard(sample(held, int(uniform() * (len(held) + 1))))
                continue
            moves: list[Callable[[], object]] = []
            if state.can_post_bring_in():
                moves.append(state.post_bring_in)
            if state.can_fold():
                moves.append(state.fold)
            if state.can_check_or_call():
                moves.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                moves.append(state.complete_bet_or_raise_to)
            moves[int(uniform() * len(moves))]()
        assert sum(state.stacks) == STACK * PLAYERS
        checksum += max(state.stacks) - STACK
    return checksum


def pokerkit_hands(hands: int, seed: int = 0) -> int:
    """Play ``hands`` random hands with pokerkit; return the same kind of checksum."""
    from pokerkit import FixedLimitSevenCardStudHighLowSplitEightOrBetter as Game

    return _pokerkit_play(
        lambda auto: Game.create_state(auto, True, 1, 2, 5, 10, [STACK] * PLAYERS, PLAYERS), hands, seed
    )


def pokerkit_stud_hands(hands: int, seed: int = 0) -> int:
    """Play ``hands`` random hands of pokerkit's fixed-limit seven-card stud (high)."""
    from pokerkit import FixedLimitSevenCardStud as Game

    return _pokerkit_play(
        lambda auto: Game.create_state(auto, True, 1, 2, 5, 10, [STACK] * PLAYERS, PLAYERS), hands, seed
    )


def pokerkit_draw_hands(hands: int, seed: int = 0) -> int:
    """Play ``hands`` random hands of pokerkit's no-limit deuce-to-seven single draw."""
    from pokerkit import NoLimitDeuceToSevenLowballSingleDraw as Game

    return _pokerkit_play(
        lambda auto: Game.create_state(auto, True, 0, (1, 2), 2, [STACK] * PLAYERS, PLAYERS), hands, seed
    )


def test_splitpot_stud8(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = "random-play seven-card stud hi-lo 8 (50 hands)"
    benchmark(splitpot_hands, HANDS_PER_ROUND)


def test_pokerkit_stud8(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit")
    benchmark.group = "random-play seven-card stud hi-lo 8 (50 hands)"
    benchmark.pedantic(pokerkit_hands, args=(HANDS_PER_ROUND,), rounds=5, iterations=1)


_DRAW_GROUP = "random-play draw games (50 hands)"


@pytest.mark.parametrize("game", DRAW_GAMES)
def test_splitpot_draw(benchmark, game: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = _DRAW_GROUP
    benchmark(splitpot_hands, HANDS_PER_ROUND, 0, game)


def test_pokerkit_single_draw(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit")
    benchmark.group = _DRAW_GROUP
    benchmark.pedantic(pokerkit_draw_hands, args=(HANDS_PER_ROUND,), rounds=5, iterations=1)


_NEW_GROUP = "random-play five-card stud, Mexican stud, aces-deuces (50 hands)"


@pytest.mark.parametrize("game", NEW_GAMES)
def test_splitpot_new_games(benchmark, game: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = _NEW_GROUP
    benchmark(splitpot_hands, HANDS_PER_ROUND, 0, game)


def test_pokerkit_seven_card_stud(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit")
    benchmark.group = _NEW_GROUP
    benchmark.pedantic(pokerkit_stud_hands, args=(HANDS_PER_ROUND,), rounds=5, iterations=1)


_SERVER_GROUP = "a server's calls in the middle of a hand of six (five games)"
SERVER_GAMES = ("seven-card-stud-8", "california-lowball", "jackpots", "five-card-stud", "mexican-stud")


def mid_hands(seed: int = 0) -> list[State]:
    """One hand of six of each of :data:`SERVER_GAMES`, played at random to a betting
    decision some twenty events in (the states the server benchmarks ask about).  A
    hand that ends before (all but one fold) is followed by another, dealt with the
    next button and a seed drawn from ``seed``'s, until one gets there; any seed does.
    """
    rng = random.Random(seed)
    betting = set(_METHOD)
    hands = []
    for game in SERVER_GAMES:
        state = State(get_game(game), [STACK] * PLAYERS, seed=seed)
        while len(state.events) < 20 or state.actor is None or state.legal_actions()[0].action not in betting:
            if state.is_complete:  # ended early: the next hand, stacks as at the start
                state = State(state.spec, [STACK] * PLAYERS, button=(state.button + 1) % PLAYERS,
                              seed=rng.randrange(2**32))
                continue
            option = state.legal_actions()[int(rng.random() * len(state.legal_actions()))]
            if option.action is Action.DRAW:
                state.draw(rng.sample(state.cards(state.actor), int(rng.random() * (option.amounts[0] + 1))))
            elif option.action is Action.TURN_UP:
                state.turn_up(rng.sample(option.choices, option.amounts[0]))
            else:
                _METHOD[option.action](state)  # type: ignore[operator]
        hands.append(state)
    return hands


def views(hands: list[State]) -> int:
    """Every seat's whole view of each hand, and a spectator's; the events sent."""
    return sum(len(state.view(seat)["events"]) for state in hands for seat in (None, *range(state.seats)))


def view_updates(hands: list[State]) -> int:
    """Every seat's update after the last event (``view(seat, since=n - 1)``)."""
    return sum(len(state.view(seat, since=len(state.events) - 1)["events"])
               for state in hands for seat in range(state.seats))


def history_exports(hands: list[State]) -> int:
    """Each hand's history as JSON text (``state.history().to_json()``)."""
    return sum(len(state.history().to_json()) for state in hands)


@pytest.mark.parametrize("call", [views, view_updates, history_exports], ids=lambda call: call.__name__)
def test_server_calls(benchmark, call: Callable[[list[State]], int]) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = _SERVER_GROUP
    hands = mid_hands()
    assert benchmark(call, hands) > 0


def history_reads(texts: list[str]) -> int:
    """Each saved hand read back (``History.from_json``: the schema check, the spec,
    the events, the replay); the events read."""
    return sum(len(History.from_json(text).events) for text in texts)


def test_history_reads(benchmark) -> None:  # type: ignore[no-untyped-def]
    """A server loading saved hands: the five games' mid-hands and each played to its end by bots.
    It measures reads with a warm spec cache (``engine.history._SPECS``: after the first round
    each document's spec is remembered), as for one table's hands, which share a spec."""
    benchmark.group = _SERVER_GROUP
    texts = [state.history().to_json() for state in mid_hands()]
    for game in SERVER_GAMES:
        session = Session(get_game(game), [STACK] * PLAYERS, seed=1)
        texts += [hand.history().to_json() for hand in session.play(2, SimpleBot(seed=1))]
    assert benchmark(history_reads, texts) > 0


_BOT_GROUP = "bot play: SimpleBot at six seats, 4 hands of each of the 13 games"


def bot_sessions(hands: int) -> int:
    """``hands`` hands of every game at six seats played by ``SimpleBot`` (its hand
    ratings at every decision); the chips kept are checked and the hands counted."""
    played = 0
    for game in sorted(GAMES):
        session = Session(get_game(game), [STACK] * PLAYERS, seed=3)
        done = session.play(hands, SimpleBot(seed=3))
        assert sum(session.stacks) == STACK * PLAYERS
        played += len(done)
    return played


def test_bot_play(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = _BOT_GROUP
    assert benchmark.pedantic(bot_sessions, args=(4,), rounds=5, iterations=1) == 4 * len(GAMES)


def main(argv: list[str]) -> int:
    """Best of three rounds of CPU time (``time.process_time``), each contender
    once per round in turn, so the load of other processes falls on every side
    alike; prints hands per second and the ratios."""
    hands = int(argv[0]) if argv else 2000
    theirs = max(100, hands // 4)  # a peer sample of 50-200 hands swung its rate by 15% from seed to seed
    contenders: list[tuple[str, Callable[[int], int], int]] = [
        ("splitpot seven-card-stud-8", splitpot_hands, hands),
        ("pokerkit stud hi-lo 8", pokerkit_hands, theirs),
        ("pokerkit 2-7 single draw", pokerkit_draw_hands, theirs),
        *((f"splitpot {game}", lambda n, g=game: splitpot_hands(n, 0, g), hands) for game in DRAW_GAMES),
        ("pokerkit seven-card stud", pokerkit_stud_hands, theirs),
        *((f"splitpot {game}", lambda n, g=game: splitpot_hands(n, 0, g), hands) for game in NEW_GAMES),
    ]
    # pokerkit's draw warns when it deals mucked cards again (its stub running out): not ours to report
    warnings.filterwarnings("ignore", message="Returning reserved", category=UserWarning)
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("pokerkit not installed: splitpot alone")
        contenders = [c for c in contenders if c[0].startswith("splitpot")]
    best: dict[str, float] = {}
    checksum: dict[str, int] = {}
    DEALS.clear()
    for _ in range(3):
        for name, fn, count in contenders:
            start = time.process_time()
            checksum[name] = fn(count)
            best[name] = min(best.get(name, float("inf")), time.process_time() - start)
    rate = {name: count / best[name] for name, _, count in contenders}
    stud = rate.get("pokerkit stud hi-lo 8")
    draw = rate.get("pokerkit 2-7 single draw")
    seven = rate.get("pokerkit seven-card stud")
    for name, _, _ in contenders:
        game = name.removeprefix("splitpot ")
        peer = seven if game in NEW_GAMES else stud if "stud" in name else draw
        ratio = f"   x{rate[name] / peer:.1f} pokerkit" if peer and name.startswith("splitpot") else ""
        deals = DEALS.get(game, 0) / (3 * hands)
        if deals > 1.0001:
            ratio += f"   ({deals:.2f} deals a hand: {rate[name] * deals:,.0f} deals/s)"
        print(f"{name:<30} {rate[name]:10,.0f} hands/s  (checksum {checksum[name]}){ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
