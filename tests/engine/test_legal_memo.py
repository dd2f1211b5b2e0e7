"""The legal actions are computed once per decision and remembered until the next
change: the remembered list must equal a fresh computation at every step of
random play, after every refused action and every ``can_x`` question, and equal
the legal actions of the same hand rebuilt from its history (a state that never
remembered anything).  An illegal action changes nothing, the remembered list
included."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_random_play import OPTIONS, check_legal_are_accepted, maybe_expose, take, try_illegal

from splitpot.engine.state import State
from splitpot.games import GAMES, get_game


def check_remembered(state: State) -> None:
    """What ``legal_actions`` hands out is what a fresh computation gives."""
    assert state.legal_actions() == state._compute_legal()
    assert state.legal_actions() is state.legal_actions()  # remembered, not recomputed


def check_against_replay(state: State) -> None:
    """The legal actions equal those of the hand rebuilt from its log (a replay
    stops before dealer steps that log nothing yet: they are taken here)."""
    replayed = state.history().replay()
    while replayed.actor is None and not replayed.is_complete:
        replayed.advance()
    assert replayed.legal_actions() == state.legal_actions()


def play(game: str, options: dict[str, object], seed: int) -> State:
    rng = random.Random(seed)
    spec = get_game(game, **options)
    players = rng.randint(spec.min_players, min(8, spec.max_players))
    stacks = [rng.choice([2, 7, 25, 60, 200]) for _ in range(players)]
    state = State(spec, stacks, button=rng.randrange(players), seed=seed)
    for step in range(5000):
        check_remembered(state)
        if state.is_complete:
            return state
        if step % 7 == 0:
            check_against_replay(state)
        maybe_expose(state, rng)
        check_remembered(state)
        if rng.random() < 0.3:
            try_illegal(state, rng)  # refused, the snapshot unchanged
            check_remembered(state)
            check_legal_are_accepted(state)
            check_remembered(state)
        take(state, rng)
    pytest.fail(f"hand did not finish: {state!r}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_remembered_legal_actions_equal_fresh_ones(game: str) -> None:
    variants = OPTIONS[game]
    for i in range(40):
        play(game, variants[i % len(variants)], seed=i * 613 + len(game))


@given(
    game=st.sampled_from(sorted(GAMES)),
    stacks=st.lists(st.integers(min_value=1, max_value=60), min_size=2, max_size=7),
    picks=st.lists(st.integers(min_value=0, max_value=7), max_size=80),
    illegal=st.lists(st.booleans(), max_size=80),
    seed=st.integers(min_value=0, max_value=2**32),
)
@settings(max_examples=60, deadline=None)
def test_hypothesis_remembered_legal_actions(
    game: str, stacks: list[int], picks: list[int], illegal: list[bool], seed: int
) -> None:
    state = State(get_game(game), stacks, seed=seed)
    rng = random.Random(seed)
    for pick, wrong in zip(picks, illegal + [False] * len(picks), strict=False):
        check_remembered(state)
        if state.is_complete:
            break
        if wrong:
            try_illegal(state, rng)
            check_remembered(state)
        take(state, rng, pick)
    check_remembered(state)
    check_against_replay(state)
