"""``bots.away_action``, the move made for a player who is away: it checks before it folds and
makes the least forced action, and ``away_action(state, seat=...)`` acts for that seat alone — in
a simultaneous turn-up or declaration its own choice, never the actor's; in a normal turn only
the seat to act.  Every game played by it: test_random_play.py."""

from __future__ import annotations

import pytest

from splitpot.bots import away_action
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError
from splitpot.games import get_game


def test_away_action_checks_before_it_folds_and_makes_the_least_forced_action() -> None:
    stud = State(get_game("seven-card-stud"), [50, 50, 50], seed=3)
    assert isinstance(away_action(stud), ev.BringInPosted)  # not a completion
    assert isinstance(away_action(stud), ev.Folded)  # facing the bring-in: no free check
    jackpots = State(get_game("jackpots"), [50, 50, 50], seed=1)
    assert isinstance(away_action(jackpots), ev.Checked)  # a free check, not a fold
    five = State(get_game("five-card-stud", stakes={"small_bet": 5}), [50, 50], seed=2)
    forced = away_action(five)  # the high card must bet: the smallest bet
    assert isinstance(forced, ev.BetMade) and forced.amount == 5
    draw = State(get_game("lowball"), [50, 50], seed=2)
    draw.bet()
    draw.call()
    stood = away_action(draw)  # stands pat
    assert isinstance(stood, ev.Drew) and stood.discarded == () and stood.received == ()


def _to_declaring(seed: int, declare: str = "simultaneous") -> State:
    """A hand of seven-card stud declare where everyone calls down to the declaration."""
    state = State(get_game("seven-card-stud-declare", declare=declare), [100] * 3, seed=seed)
    while state.phase is not Phase.DECLARING:
        offered = {o.action for o in state.legal_actions()}
        action = next(a for a in (Action.CHECK, Action.CALL, Action.BRING_IN) if a in offered)
        state.act(state.actor, str(action))
    return state


def test_away_action_for_a_seat_makes_its_own_simultaneous_turn_up() -> None:
    """Mexican stud's turn-ups are simultaneous: the actor only names the first chooser.  away_action
    for the away seat chooses for it, not for the actor, who is still thinking."""
    state = State(get_game("mexican-stud"), [100] * 3, seed=1)
    assert state.turn_up_choosers == [1, 2, 0] and state.actor == 1
    event = away_action(state, seat=0)
    assert isinstance(event, ev.TurnUpChosen) and event.seat == 0
    assert state.turn_up_choosers == [1, 2] and state.actor == 1
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=r"seat 0 has no turn-up to choose; still to choose: \[1, 2"):
        away_action(state, seat=0)  # chose already
    assert state.snapshot() == before
    assert away_action(state, seat=2).seat == 2 and away_action(state).seat == 1  # the default: the actor
    assert state.turn_up_choosers == [] and state.phase is not Phase.TURNING_UP


def test_away_action_for_a_seat_makes_its_own_simultaneous_declaration() -> None:
    state = _to_declaring(4)
    state.declare("high", seat=0)
    assert state.actor == 1
    event = away_action(state, seat=2)  # seat 2 is away; seat 1, the actor, is still thinking
    assert isinstance(event, ev.Declared) and event.seat == 2 and 1 not in state.declared
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=r"seat 0 has nothing to declare; still to declare: \[1\]"):
        away_action(state, seat=0)
    assert state.snapshot() == before
    away_action(state, seat=1)
    assert state.phase is not Phase.DECLARING and sorted(state.declared) == [0, 1, 2]


def test_away_action_for_a_seat_not_to_act_is_refused_in_a_normal_turn() -> None:
    state = State(get_game("seven-card-stud"), [50, 50, 50], seed=3)
    assert state.actor == 2
    before = state.snapshot()
    for seat in (0, 1):
        with pytest.raises(IllegalActionError, match=f"away_action: seat {seat} is not to act; seat 2 is"):
            away_action(state, seat=seat)
        assert state.snapshot() == before
    assert away_action(state, seat=2) == ev.BringInPosted(seat=2, amount=2)  # the seat to act: as the default
    with pytest.raises(IllegalActionError, match=r"seat must be in 0\.\.2, got 3"):
        away_action(state, seat=3)
    declare_in_turn = _to_declaring(4, "in-turn")
    actor = declare_in_turn.actor
    other = next(s for s in declare_in_turn.active if s != actor)
    with pytest.raises(IllegalActionError, match=f"seat {other} is not to act; seat {actor} is"):
        away_action(declare_in_turn, seat=other)  # declarations in turn: only the actor
    assert away_action(declare_in_turn, seat=actor).seat == actor
    done = State(get_game("seven-card-stud"), [50, 50], seed=3)
    away_action(done)
    away_action(done)
    with pytest.raises(IllegalActionError, match="seat 0 is not to act; nobody is"):
        away_action(done, seat=0)
