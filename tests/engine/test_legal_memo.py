"""The legal actions are computed once per decision and remembered until the next
change: the remembered list must equal a fresh computation at every step of
random play, after every refused action and every ``can_x`` question, and equal
the legal actions of the same hand rebuilt from its history (a state that never
remembered anything).  An illegal action changes nothing, the remembered list
included.  With the dealer driven by hand (``automate=False``) every dealer step
drops the remembered list, as every player action does."""

from __future__ import annotations

import random

import pytest
from engine_helpers import passive_action
from hypothesis import given, settings
from hypothesis import strategies as st
from test_random_play import OPTIONS, check_legal_are_accepted, maybe_expose, take, try_illegal

from splitpot.bots import away_action
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.state import _DEALER_PHASES, Phase, State
from splitpot.errors import IllegalActionError
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


def served_draw(state: State, rng: random.Random) -> bool:
    """The actor draws with the cards he is served named (a live table's dealer),
    when a random such draw is legal; whether he drew."""
    option = next((o for o in state.legal_actions() if o.action is Action.DRAW), None)
    if option is None or state.actor is None:
        return False
    held = state.cards(state.actor)
    discards = rng.sample(held, rng.randint(0, min(option.amounts[0], len(held))))
    stub = state._deck[state._next : -1]  # never the stub's last card
    if len(stub) < len(discards):
        return False
    served = rng.sample(stub, len(discards))
    if not state.can_draw(discards, served=served):
        return False
    state.draw(discards, served=served)
    return True


def play_by_hand(game: str, options: dict[str, object], seed: int) -> None:
    """A hand whose dealer is driven by hand (``automate=False``): an app polls the
    legal actions before every step (so they are remembered), in the dealer's steps
    too, and now and then tries a player's action there (refused); the dealer
    advances, or deals a street naming no cards; a draw is served named cards now
    and then; cards are exposed.  After every step the remembered legal actions
    are a fresh computation."""
    rng = random.Random(seed)
    spec = get_game(game, **options)
    players = rng.randint(spec.min_players, min(8, spec.max_players))
    stacks = [rng.choice([2, 7, 25, 60, 200]) for _ in range(players)]
    state = State(spec, stacks, button=rng.randrange(players), seed=seed, automate=False)
    for _ in range(5000):
        state.legal_actions()
        if state.is_complete:
            check_remembered(state)
            return
        if state.phase in _DEALER_PHASES:
            if rng.random() < 0.3:
                with pytest.raises(IllegalActionError):
                    rng.choice([state.check, state.call, state.fold, state.bet, state.draw, state.turn_up])()
                check_remembered(state)
            if state.phase is Phase.DEALING and rng.random() < 0.5:
                state.deal_street({})
            else:
                state.advance()
        else:
            maybe_expose(state, rng)
            check_remembered(state)
            if rng.random() < 0.2:
                try_illegal(state, rng)
                check_remembered(state)
            if not (rng.random() < 0.3 and served_draw(state, rng)):
                take(state, rng)
        check_remembered(state)
    pytest.fail(f"hand did not finish: {state!r}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_remembered_legal_actions_with_the_dealer_driven_by_hand(game: str) -> None:
    """Every dealer step drops the remembered legal actions, those that log
    nothing included (five-card stud's turn-up chosen before a street is dealt
    used to leave ``()`` from the dealer's phase while a seat was to turn up)."""
    variants = OPTIONS[game]
    for i in range(24):
        play_by_hand(game, variants[i % len(variants)], seed=i * 389 + len(game))


def test_the_turn_up_before_a_deal_is_offered_after_advance() -> None:
    """The finding's hand: the legal actions polled in each dealer step, then
    ``advance()`` starts the turn-up; the seat to choose is offered it."""
    state = State(get_game("five-card-stud", turn_up=True), [100, 100], button=0, seed=0, automate=False)
    while state.phase is not Phase.TURNING_UP:
        if state.actor is None:
            assert state.legal_actions() == ()
            state.advance()
        else:
            passive_action(state)
    assert state.actor == 1
    assert [o.action for o in state.legal_actions()] == [Action.TURN_UP]
    assert state.legal_actions() == state._compute_legal()
    assert away_action(state) == ev.TurnedUp(seat=1, cards=())
