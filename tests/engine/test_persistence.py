"""A hand in progress saved and restored, as a server does across a restart.

``copy.deepcopy`` and ``pickle`` give a State equal in every attribute (the
generator behind later re-deals and stubs too) that goes on exactly as the
original would, and is independent of it; the JSON history replays mid-hand to
the same state, and goes on alike until the next new deck (a re-deal or a new
stub), which the history does not hold (docs/tutorials/histories.md).
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splitpot.bots import SimpleBot
from splitpot.dealers_choice import Call, Deal, DealersChoice
from splitpot.engine import events as ev
from splitpot.engine.history import History
from splitpot.engine.session import Session
from splitpot.engine.state import State
from splitpot.errors import PolicyPickleError
from splitpot.games import GAMES, get_game
from splitpot.house import example_house, house_dealer

from .test_illegal_exact import full_state
from .test_random_play import OPTIONS, take


def _mid_hand(game: str, seed: int, variant: int, moves: int,
              each: Callable[[State], None] | None = None) -> State:
    """A random hand after ``moves`` moves (``each`` called at every point on the way)."""
    spec = get_game(game, **OPTIONS[game][variant % len(OPTIONS[game])])
    rng = random.Random(seed)
    seats = rng.randint(spec.min_players, min(spec.max_players, 7))
    state = State(spec, [rng.choice([4, 30, 200]) for _ in range(seats)], button=seed % seats, seed=seed)
    for _ in range(moves):
        if each is not None:
            each(state)
        if state.is_complete:
            break
        take(state, rng)
    return state


def _finish(state: State, seed: int) -> State:
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_complete:
            return state
        take(state, rng)
    pytest.fail(f"hand did not finish: {state!r}")


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.integers(0, 3), moves=st.integers(0, 40))
def test_copied_and_pickled_hands_go_on_as_the_original(
    game: str, seed: int, variant: int, moves: int
) -> None:
    state = _mid_hand(game, seed, variant, moves)
    saved = full_state(state)
    copies = [copy.deepcopy(state), pickle.loads(pickle.dumps(state))]
    for restored in copies:
        assert full_state(restored) == saved
    for restored in copies:  # acting on a copy leaves the original as it was
        _finish(restored, seed + 1)
        assert full_state(state) == saved
    _finish(state, seed + 1)
    for restored in copies:
        assert restored.events == state.events and restored.stacks == state.stacks


def _replays_alike(state: State) -> None:
    history = state.history()
    for strict in (True, False):
        again = history.replay(strict=strict)
        assert again.snapshot() == state.snapshot(), (strict, state.events[-1:])
        assert again.automate is state.automate and again.is_complete is state.is_complete


@pytest.mark.parametrize(("game", "variant"), [(g, v) for g in sorted(GAMES) for v in range(len(OPTIONS[g]))])
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_a_history_saved_mid_hand_replays_to_the_same_state(
    game: str, variant: int, seed: int, moves: int
) -> None:
    """Saved at every point of a random hand of every option variant, the history
    replays, strict and not, to the same state; saved at the last, it goes on alike.
    (It was saved at one point drawn blindly, of a variant drawn blindly: the point
    where five-card stud with turn-ups rests before the first turn-up, which the
    replay missed, came up in under 1% of examples.)"""
    state = _mid_hand(game, seed, variant, moves, each=_replays_alike)
    restored = History.from_json(state.history().to_json()).replay()
    assert restored.snapshot() == state.snapshot()
    assert restored.legal_actions() == state.legal_actions() and restored.actor == state.actor
    saved = len(state.events)
    _finish(state, seed + 1)
    _finish(restored, seed + 1)
    new_deck = next(
        (
            i
            for i, e in enumerate(state.events[saved:], saved)
            if isinstance(e, (ev.Redealt, ev.StubReshuffled))
        ),
        len(state.events),
    )
    assert restored.events[:new_deck] == state.events[:new_deck]  # the same cards, until a new deck


def test_a_session_pickled_between_hands_deals_the_same_next_hands() -> None:
    session = Session(get_game("jackpots"), [100] * 4, seed=5)
    session.play(2, SimpleBot(seed=1))
    restored = pickle.loads(pickle.dumps(session))
    ours, theirs = session.play(3, SimpleBot(seed=2)), restored.play(3, SimpleBot(seed=2))
    assert [h.events for h in ours] == [h.events for h in theirs] and session.stacks == restored.stacks


def _calls_stud(deal: Deal) -> Call:
    """A dealer policy defined at the module's top level: it pickles."""
    return Call(game="seven-card-stud")


def test_a_dealers_choice_session_with_a_lambda_policy_says_which_does_not_pickle() -> None:
    """Was: pickle's "Can't pickle <function <lambda>...>: attribute lookup <lambda> on
    __main__ failed", naming no seat and saying nothing of what pickles."""
    def nested(deal: Deal) -> Call:
        return Call(game="five-card-stud")

    cases = [(lambda deal: Call(game="seven-card-stud"), 0), ([_calls_stud, _calls_stud, nested], 2)]
    for dealer, seat in cases:
        session = DealersChoice([100] * 3, dealer=dealer, seed=1)
        session.play(2, SimpleBot(seed=1))
        saved = full_state(session)
        message = rf"policy of seat {seat}, <function .*, cannot be pickled: .* at a module's top level"
        with pytest.raises(PolicyPickleError, match=message) as err:
            pickle.dumps(session)
        assert isinstance(err.value, TypeError) and isinstance(err.value, pickle.PicklingError)
        assert full_state(session) == saved  # nothing changed; copies still work and go on alike
        twin = copy.deepcopy(session)
        ours, theirs = session.play(2, SimpleBot(seed=2)), twin.play(2, SimpleBot(seed=2))
        assert [h.events for h in ours] == [h.events for h in theirs]


def test_cloudpickle_sends_a_dealers_choice_session_whose_policy_is_a_lambda() -> None:
    """Dask's pickler sends functions by value: was PolicyPickleError from the standard
    pickler's test inside cloudpickle's dump (and on a Dask worker, a call that never returned)."""
    cloudpickle = pytest.importorskip("cloudpickle")
    session = DealersChoice([100] * 3, dealer=lambda deal: Call(game="five-card-stud"), seed=3)
    session.play(2, SimpleBot(seed=1))
    restored = cloudpickle.loads(cloudpickle.dumps(session))
    assert full_state(restored) == full_state(session)
    ours, theirs = session.play(2, SimpleBot(seed=2)), restored.play(2, SimpleBot(seed=2))
    assert [h.events for h in ours] == [h.events for h in theirs]
    with pytest.raises(PolicyPickleError, match="policy of seat 0"):  # the standard pickler still names it
        pickle.dumps(session)


def test_a_dealers_choice_session_with_policies_that_pickle_pickles() -> None:
    for dealer in [_calls_stud, house_dealer(example_house(), 3)]:
        session = DealersChoice([100] * 3, dealer=dealer, seed=2)
        session.play(2, SimpleBot(seed=1))
        restored, twin = pickle.loads(pickle.dumps(session)), copy.deepcopy(session)
        assert full_state(restored) == full_state(session) == full_state(twin)
        assert type(restored.dealers) is tuple
        hands = [s.play(3, SimpleBot(seed=2)) for s in (session, restored, twin)]  # the house dealer's rng:
        assert all([h.events for h in hs] == [h.events for h in hands[0]] for hs in hands)  # one each
        assert restored.calls == session.calls == twin.calls
