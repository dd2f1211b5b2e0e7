"""``State.act(..., seen=n)``: a request made on a view of the hand that is out of date is
refused with ``StaleActionError`` and changes nothing; one made on the current view acts as
``act`` without ``seen`` does."""

from __future__ import annotations

import random

import pytest

from splitpot.engine.betting import Action
from splitpot.engine.state import State
from splitpot.errors import (
    IllegalActionError,
    IllegalActionTypeError,
    RuleError,
    StaleActionError,
    StaleViewError,
)
from splitpot.games import get_game

_PREFERRED = (Action.CHECK, Action.CALL, Action.BRING_IN, Action.COMPLETE, Action.BET, Action.FOLD)


def _choice(state: State, rng: random.Random) -> tuple[int, str, object]:
    """A legal (seat, action, value) for the seat to act, chosen at random."""
    offered = [o.action for o in state.legal_actions()]
    assert state.actor is not None
    if Action.DRAW in offered:
        return state.actor, "draw", tuple(state.cards(state.actor)[: rng.randrange(3)])
    if Action.DECLARE in offered:
        return state.actor, "declare", rng.choice(["high", "low"])
    betting = [a for a in _PREFERRED if a in offered]
    return state.actor, str(rng.choice(betting)), None


def test_stale_error_is_an_illegal_action() -> None:
    assert issubclass(StaleActionError, IllegalActionError)
    import splitpot

    assert splitpot.StaleActionError is StaleActionError and "StaleActionError" in splitpot.__all__


@pytest.mark.parametrize("game,options", [
    ("seven-card-stud", {}), ("jackpots", {}), ("lowball", {}),
    ("seven-card-stud-declare", {"declare": "in_turn"}),
])
def test_every_decision_refuses_a_stale_or_repeated_request_and_takes_the_current_one(
        game: str, options: dict[str, object]) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        plain = State(get_game(game, **options), [60, 60, 60], seed=seed)
        guarded = State(get_game(game, **options), [60, 60, 60], seed=seed)
        decisions = 0
        while not guarded.is_complete:
            seat, action, value = _choice(guarded, rng)
            held = len(guarded.view(seat)["events"])
            assert held == len(guarded.events)
            if held:
                before = guarded.snapshot()
                stale = rf"after {held - 1} events, but the hand has {held} now"
                with pytest.raises(StaleActionError, match=stale):
                    guarded.act(seat, action, value, seen=held - 1)
                assert guarded.snapshot() == before
            made = guarded.act(seat, action, value, seen=held)
            assert made == plain.act(seat, action, value)
            if not guarded.is_complete:  # the same request again: the hand has moved on
                before = guarded.snapshot()
                with pytest.raises(StaleActionError):
                    guarded.act(seat, action, value, seen=held)
                assert guarded.snapshot() == before
            decisions += 1
        assert decisions >= 2
        assert guarded.events == plain.events and guarded.stacks == plain.stacks


def test_seen_is_checked_before_the_turn_and_must_be_a_count_the_hand_has() -> None:
    state = State(get_game("seven-card-stud"), [50, 50], seed=3)
    n = len(state.events)
    before = state.snapshot()
    with pytest.raises(StaleActionError):  # stale, and out of turn too: stale is what is said
        state.act(1, "fold", seen=n - 1)
    ahead = rf"after {n + 1} events, but this hand has only {n}: .*another hand"
    with pytest.raises(StaleActionError, match=ahead):
        state.act(0, "bring_in", seen=n + 1)
    with pytest.raises(IllegalActionTypeError, match="seen"):
        state.act(0, "bring_in", seen=1.0)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="seen"):
        state.act(0, "bring_in", seen=-1)
    assert state.snapshot() == before
    state.act(0, "bring_in", seen=n)
    assert len(state.events) == n + 1


def test_a_request_from_a_longer_hand_is_stale_in_the_next_one() -> None:
    from splitpot.bots import SimpleBot
    from splitpot.engine.session import Session

    session = Session(get_game("seven-card-stud"), [50, 50], seed=1)
    first = session.new_hand()
    bot = SimpleBot(seed=1)
    while not first.is_complete:
        bot(first)
    late = len(first.events)
    second = session.new_hand()
    assert late > len(second.events)
    before = second.snapshot()
    assert second.actor is not None
    with pytest.raises(StaleActionError, match="another hand"):
        second.act(second.actor, "bring_in", seen=late)
    assert second.snapshot() == before
    # the view asked for with that count is refused the same way (and is still a RuleError,
    # which it raised before: existing handlers keep working)
    with pytest.raises(StaleActionError, match="another hand") as refused:
        second.view(0, since=late)
    assert isinstance(refused.value, RuleError) and type(refused.value) is StaleViewError
    assert second.snapshot() == before
    assert second.view(0, since=len(second.events))["events"] == []
    with pytest.raises(RuleError, match="since") as negative:  # a negative count is a bug, not another hand
        second.view(0, since=-1)
    assert not isinstance(negative.value, StaleActionError), "a plain RuleError, not a stale request"
    assert second.snapshot() == before


@pytest.mark.parametrize("declare", ["simultaneous", "in_turn"])
def test_secret_simultaneous_choices_leave_a_request_current(declare: str) -> None:
    """Two players declaring at once from the same view: in simultaneous mode the first's
    secret declaration tells the second nothing, so his request stands; in turn it is news."""
    state = State(get_game("seven-card-stud-declare", declare=declare), [60, 60, 60], seed=2)
    while state.phase != "declaring":
        offered = {o.action for o in state.legal_actions()}
        action = next(a for a in (Action.CHECK, Action.CALL, Action.BRING_IN) if a in offered)
        state.act(state.actor, str(action))
    held = len(state.events)
    first = state.actor if declare == "in_turn" else 0
    assert first is not None
    second = (first + 1) % 3
    state.act(first, "declare", "high", seen=held)
    if declare == "simultaneous":
        made = state.act(second, "declare", "low", seen=held)
        assert made.seat == second  # type: ignore[attr-defined]
        before = state.snapshot()
        with pytest.raises(StaleActionError):  # his own choice is logged: sending it again is stale
            state.act(second, "declare", "low", seen=held)
        assert state.snapshot() == before
    else:
        before = state.snapshot()
        with pytest.raises(StaleActionError):
            state.act(second, "declare", "low", seen=held)
        assert state.snapshot() == before


def test_secret_turn_ups_leave_a_request_current() -> None:
    state = State(get_game("mexican-stud"), [60, 60, 60], seed=5)
    while state.phase != "turning_up":
        offered = {o.action for o in state.legal_actions()}
        action = next(a for a in (Action.CHECK, Action.CALL, Action.BRING_IN, Action.BET) if a in offered)
        state.act(state.actor, str(action))
    held = len(state.events)
    a, b = state.turn_up_choosers[:2]
    state.act(a, "turn_up", state.turn_up_option(a).choices[0], seen=held)
    made = state.act(b, "turn_up", state.turn_up_option(b).choices[0], seen=held)  # a's choice: no news to b
    assert made.seat == b  # type: ignore[attr-defined]
    assert len(state.events) == held + 2
