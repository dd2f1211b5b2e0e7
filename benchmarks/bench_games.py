"""Random-play hands per second: splitpot ``seven-card-stud-8`` beside pokerkit's
fixed-limit seven-card stud high/low-split eight or better, in the same run;
and splitpot's five-card stud, Mexican stud and aces-deuces games (which
pokerkit does not play) beside pokerkit's fixed-limit seven-card stud.

Both engines play the same random policy: at every decision a uniformly chosen
kind of legal action (fold, check/call, bet/raise/complete, bring-in; a random
turn-up or draw where the game has them), six players, stacks 200, ante 1,
bring-in 2, limits 5/10.  Chips are checked to be conserved and a checksum of
the winners' chips is printed.

    pytest benchmarks/bench_games.py --benchmark-only        # pytest-benchmark
    python benchmarks/bench_games.py [HANDS]                 # plain report with the ratio
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import pytest

from splitpot.engine.betting import Action
from splitpot.engine.state import State
from splitpot.games import get_game

__all__ = ["NEW_GAMES", "pokerkit_hands", "splitpot_hands"]

PLAYERS = 6
STACK = 200
HANDS_PER_ROUND = 50
SPEC = get_game("seven-card-stud-8")
NEW_GAMES = (
    "five-card-stud", "five-card-stud-last-down", "five-card-stud-five-bets", "mexican-stud", "aces-deuces",
)
"""The games of issue 9, measured beside pokerkit's seven-card stud."""
_METHOD = {
    Action.FOLD: State.fold,
    Action.CHECK: State.check,
    Action.CALL: State.call,
    Action.BET: State.bet,
    Action.RAISE: State.raise_to,
    Action.COMPLETE: State.complete,
    Action.BRING_IN: State.bring_in,
}


def splitpot_hands(hands: int, seed: int = 0, game: str = "seven-card-stud-8") -> int:
    """Play ``hands`` random hands of ``game`` with splitpot; return a checksum (chips won)."""
    rng = random.Random(seed)
    choice = rng.choice
    checksum = 0
    spec = SPEC if game == SPEC.name else get_game(game)
    for i in range(hands):
        state = State(spec, [STACK] * PLAYERS, button=i % PLAYERS, seed=seed * 1_000_003 + i)
        while state.actor is not None:
            option = choice(state.legal_actions())
            method = _METHOD.get(option.action)
            if method is not None:
                method(state)  # type: ignore[operator]
            elif option.action is Action.TURN_UP:
                count = choice(option.amounts)
                state.turn_up(rng.sample(option.choices, count))
            else:  # a draw: one of the cards held, or stand
                held = state.cards(state.actor)
                state.draw(rng.sample(held, min(choice((0, 1)), option.amounts[0])))
        assert sum(state.stacks) == STACK * PLAYERS
        checksum += max(state.stacks) - STACK
    return checksum


def pokerkit_hands(hands: int, seed: int = 0, game: str = "seven-card-stud-8") -> int:
    """Play ``hands`` random hands with pokerkit (``seven-card-stud-8`` or
    ``seven-card-stud``); return the same kind of checksum."""
    from pokerkit import Automation, FixedLimitSevenCardStud, FixedLimitSevenCardStudHighLowSplitEightOrBetter

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
    checksum = 0
    for _ in range(hands):
        kind = FixedLimitSevenCardStud if game == "seven-card-stud" else (
            FixedLimitSevenCardStudHighLowSplitEightOrBetter)
        state = kind.create_state(
            automations, True, 1, 2, 5, 10, [STACK] * PLAYERS, PLAYERS
        )
        while state.status:
            moves: list[Callable[[], object]] = []
            if state.can_post_bring_in():
                moves.append(state.post_bring_in)
            if state.can_fold():
                moves.append(state.fold)
            if state.can_check_or_call():
                moves.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                moves.append(state.complete_bet_or_raise_to)
            rng.choice(moves)()
        assert sum(state.stacks) == STACK * PLAYERS
        checksum += max(state.stacks) - STACK
    return checksum


def test_splitpot_stud8(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = "random-play seven-card stud hi-lo 8 (50 hands)"
    benchmark(splitpot_hands, HANDS_PER_ROUND)


def test_pokerkit_stud8(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit")
    benchmark.group = "random-play seven-card stud hi-lo 8 (50 hands)"
    benchmark.pedantic(pokerkit_hands, args=(HANDS_PER_ROUND,), rounds=5, iterations=1)


@pytest.mark.parametrize("game", NEW_GAMES)
def test_splitpot_new_games(benchmark, game: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = "random-play new games beside pokerkit seven-card stud (50 hands)"
    benchmark(splitpot_hands, HANDS_PER_ROUND, 0, game)


def test_pokerkit_stud(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit")
    benchmark.group = "random-play new games beside pokerkit seven-card stud (50 hands)"
    benchmark.pedantic(pokerkit_hands, args=(HANDS_PER_ROUND, 0, "seven-card-stud"), rounds=5, iterations=1)


def _rate(fn: Callable[[int], int], hands: int) -> tuple[float, int]:
    best = float("inf")
    checksum = 0
    for _ in range(3):
        start = time.perf_counter()
        checksum = fn(hands)
        best = min(best, time.perf_counter() - start)
    return hands / best, checksum


def main(argv: list[str]) -> int:
    hands = int(argv[0]) if argv else 2000
    ours, ours_sum = _rate(splitpot_hands, hands)
    print(f"splitpot seven-card-stud-8: {ours:10,.0f} hands/s  (checksum {ours_sum})")
    try:
        theirs, theirs_sum = _rate(pokerkit_hands, max(50, hands // 10))
    except ImportError:
        print("pokerkit not installed: no comparison")
        return 0
    print(f"pokerkit stud hi-lo 8:      {theirs:10,.0f} hands/s  (checksum {theirs_sum})")
    print(f"ratio: {ours / theirs:.1f}x")
    # The new games beside pokerkit's seven-card stud, measured in turns (best of five
    # rounds each) so that a change in the machine's load falls on both sides alike.
    runs: dict[str, Callable[[int], int]] = {
        "pokerkit seven-card stud": lambda n: pokerkit_hands(n, 0, "seven-card-stud")}
    runs |= {f"splitpot {game}": (lambda n, g=game: splitpot_hands(n, 0, g)) for game in NEW_GAMES}
    best = dict.fromkeys(runs, 0.0)
    sums = dict.fromkeys(runs, 0)
    for _ in range(5):
        for name, fn in runs.items():
            count = max(50, hands // 10) if name.startswith("pokerkit") else hands
            start = time.perf_counter()
            sums[name] = fn(count)
            best[name] = max(best[name], count / (time.perf_counter() - start))
    stud = best["pokerkit seven-card stud"]
    print()
    for name, rate in best.items():
        ratio = "" if name.startswith("pokerkit") else f"  ratio {rate / stud:.1f}x"
        print(f"{name + ':':<36} {rate:10,.0f} hands/s  (checksum {sums[name]}){ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
