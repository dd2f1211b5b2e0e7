"""PHH proof against pokerkit, a real PHH client (test-only dependency).

splitpot's seven-card stud and stud-8 hands, written as PHH, are replayed by
pokerkit's ``HandHistory``: every action accepted and the same final stacks,
except where the hand holds a rule on which pokerkit departs from the rules
(found from the hand, see ``stud_award.departures``); and hands pokerkit
plays, written by its ``dumps``, are read and replayed by splitpot to the same
stacks, with the same exceptions.  Every splitpot award is checked against an
independent computation from the rules.  The verdicts are counted and printed
(``pytest -s``).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from phh_pokerkit import GAMES, pokerkit_to_splitpot, splitpot_to_pokerkit

HANDS = int(os.environ.get("SPLITPOT_PHH_HANDS", "250"))
SLOW_HANDS = int(os.environ.get("SPLITPOT_PHH_SLOW_HANDS", "500"))


def _tally(verdicts: Counter[str], label: str) -> None:
    print(f"\n{label}: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    assert verdicts["agree"] >= 0.8 * sum(verdicts.values()), verdicts


@pytest.mark.parametrize("game", GAMES)
def test_splitpot_hands_replay_in_pokerkit(game: str) -> None:
    verdicts = Counter(splitpot_to_pokerkit(game, seed)[0] for seed in range(HANDS))
    _tally(verdicts, f"splitpot -> pokerkit, {game}")


@pytest.mark.parametrize("game", GAMES)
def test_pokerkit_hands_replay_in_splitpot(game: str) -> None:
    verdicts = Counter(pokerkit_to_splitpot(game, seed)[0] for seed in range(HANDS))
    _tally(verdicts, f"pokerkit -> splitpot, {game}")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_splitpot_hands_in_pokerkit(game: str) -> None:
    verdicts = Counter(splitpot_to_pokerkit(game, seed)[0] for seed in range(HANDS, HANDS + SLOW_HANDS))
    _tally(verdicts, f"splitpot -> pokerkit, {game}, {SLOW_HANDS} hands")
    assert verdicts["agree"] < SLOW_HANDS  # the departures do occur: the detectors are exercised


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_pokerkit_hands_in_splitpot(game: str) -> None:
    verdicts = Counter(pokerkit_to_splitpot(game, seed)[0] for seed in range(HANDS, HANDS + SLOW_HANDS))
    _tally(verdicts, f"pokerkit -> splitpot, {game}, {SLOW_HANDS} hands")
    assert verdicts["agree"] < SLOW_HANDS
