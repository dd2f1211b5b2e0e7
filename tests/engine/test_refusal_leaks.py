"""A refusal never tells a player another seat's secrets.

A server sends a refused request's message back to the seat that made it, so a
refusal of a call that names a seat (``act(seat, ...)``, a method's ``seat=``)
must not name another seat's down cards or the undealt cards, nor describe what
the player to act may do (his turn-up choices are his down cards; whether he may
bet tells whether he holds openers): it says who is to act and the phase.  A
refused call changes nothing.  The dealer's tools (``expose``, ``advance``) name
no private card either.
"""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Callable, Iterator

import pytest

from leak_helpers import named, secrets_from, text
from splitpot import IllegalActionError, SplitpotError, State, get_game
from splitpot.bots import SimpleBot
from splitpot.engine.betting import Action
from splitpot.engine.session import Session
from splitpot.games import GAMES

SPECS = [(name, {}) for name in sorted(GAMES)] + [("five-card-stud", {"turn_up": True})]


def requests(state: State, seat: int) -> Iterator[tuple[str, Callable[[State], object], set[int]]]:
    """Every kind of request ``seat`` can send now: (what, the call on a state, the
    secret cards it names)."""
    own = list(state.down[seat]) + list(state.up[seat])
    others = sorted(secrets_from(state, seat))
    mine = [text(own[0])] if own else []
    theirs = [text(others[0])] if others else []
    amounts: list[object] = [None, 1, 10**6]
    for action in Action:
        if action is Action.DECLARE:
            values: list[object] = ["high", "low", "both", "red"]
        elif action in (Action.TURN_UP, Action.DRAW):
            values = [None, [], mine, theirs]
        else:
            values = amounts
        for value in values:
            sent = {c for c in others if isinstance(value, list) and text(c) in value}
            yield f"act({seat}, {action.value!r}, {value!r})", (
                lambda st, a=action, v=value: st.act(seat, a, v)), sent
    yield f"act({seat}, 'draw', [], asked=1)", lambda st: st.act(seat, "draw", [], asked=1), set()
    for choice in ("high", "low"):
        yield f"declare({choice!r}, seat={seat})", lambda st, c=choice: st.declare(c, seat=seat), set()
    for cards in ([], mine, theirs):
        sent = {c for c in others if text(c) in cards}
        yield f"turn_up({cards!r}, seat={seat})", lambda st, c=cards: st.turn_up(c, seat=seat), sent
    yield f"turn_up_option({seat})", lambda st: st.turn_up_option(seat), set()


def refusals_leak_nothing(state: State) -> tuple[State, int]:
    """Send every request from every seat; return the state to play on (a request
    accepted is undone) and the refusals checked.  The actor's own refusals may
    tell him his options, never another seat's cards."""
    saved = pickle.dumps(state)
    checked = 0
    actor = state.actor
    for seat in range(state.seats):
        for what, call, sent in requests(state, seat):
            before, secrets = state.snapshot(), secrets_from(state, seat)
            try:
                call(state)
            except SplitpotError as err:
                leaked = named(str(err)) & {text(c) for c in secrets - sent}
                assert not leaked, f"{state!r}: {what} -> {err} names {leaked}"
                options = re.search(r"must act \((?!the hand is in phase)", str(err))
                assert seat == actor or not options, f"{state!r}: {what} -> {err} tells the actor's options"
                assert state.snapshot() == before, f"{state!r}: the refused {what} changed the state"
                checked += 1
            else:  # a legal request (the actor's, a turn-up or declaration all at once): undone
                if state.snapshot() != before:
                    state = pickle.loads(saved)
    secrets = secrets_from(state, None)
    for card in sorted(secrets)[:3]:  # the dealer's tool: names no private card but the one asked
        before = state.snapshot()
        try:
            state.expose(text(card))
        except SplitpotError as err:
            leaked = named(str(err)) & {text(c) for c in secrets - {card}}
            assert not leaked, f"{state!r}: expose({text(card)!r}) -> {err} names {leaked}"
            assert state.snapshot() == before
            checked += 1
        else:
            state = pickle.loads(saved)
    try:
        state.advance()
    except IllegalActionError as err:
        assert not named(str(err)) & {text(c) for c in secrets}, f"{state!r}: advance() -> {err}"
    else:
        state = pickle.loads(saved)
    return state, checked


def play_probing(name: str, options: dict[str, object], hands: int, seed: int) -> int:
    checked = 0
    rng = random.Random(seed)
    for hand in range(hands):
        seats = rng.randint(2, 7)
        stacks = [rng.choice([6, 30, 200]) for _ in range(seats)]
        state = State(get_game(name, **options), stacks, seed=seed * 1000 + hand, button=hand % seats)
        bot = SimpleBot(seed=seed * 1000 + hand, aggression=rng.random())
        while not state.is_complete:
            state, n = refusals_leak_nothing(state)
            checked += n
            bot(state)
    return checked


@pytest.mark.parametrize(("name", "options"), SPECS, ids=[f"{n}{'-turn-up' if o else ''}" for n, o in SPECS])
def test_refusals_name_no_secret_card_fast(name: str, options: dict[str, object]) -> None:
    assert play_probing(name, options, hands=2, seed=1) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3, 4])
@pytest.mark.parametrize(("name", "options"), SPECS, ids=[f"{n}{'-turn-up' if o else ''}" for n, o in SPECS])
def test_refusals_name_no_secret_card(name: str, options: dict[str, object], seed: int) -> None:
    assert play_probing(name, options, hands=8, seed=seed) > 0


# ------------------------------------------------------------ the reported leaks


def test_a_declaration_out_of_turn_in_mexican_stud_names_no_down_card() -> None:
    """Was: "Nobody may declare now: the hand is in phase turning_up; seat 1 must act
    (turn up one of Ad 7h)": seat 1's down cards, told to seat 2."""
    state = State(get_game("mexican-stud"), [100] * 3, seed=1)
    assert state.actor == 1 and [text(c) for c in state.down[1]] == ["Ad", "7h"]
    before = state.snapshot()
    with pytest.raises(IllegalActionError) as refused:
        state.act(2, "declare", "high")
    waits = "Seat 2 cannot declare now: seat 1 must act (the hand is in phase turning_up)."
    assert str(refused.value) == waits
    for seat_call in (lambda: state.turn_up([], seat=2), lambda: state.declare("low", seat=0)):
        with pytest.raises(IllegalActionError) as refused:
            seat_call()
        assert not named(str(refused.value)) & {"Ad", "7h"}
    assert state.snapshot() == before


def test_the_actors_own_refusal_still_tells_him_his_options() -> None:
    state = State(get_game("mexican-stud"), [100] * 3, seed=1)
    with pytest.raises(IllegalActionError, match=r"seat 1 must act \(turn up one of Ad 7h\)"):
        state.act(1, "declare", "high")


def test_a_request_out_of_turn_in_five_card_stud_names_no_hole_card() -> None:
    """Was: "... seat 1 must act (turn up 9c or keep it down)": seat 1's hole card."""
    state = State(get_game("five-card-stud", turn_up=True), [100] * 3, seed=0)
    bot = SimpleBot(seed=1)
    while str(state.phase) != "turning_up":
        bot(state)
    hole = text(state.down[state.actor][0])
    other = next(s for s in range(3) if s != state.actor)
    for request in ("declare", "turn_up"):
        with pytest.raises(IllegalActionError) as refused:
            state.act(other, request, "high" if request == "declare" else [])
        assert hole not in str(refused.value), refused.value
        assert "keep it down" not in str(refused.value)


def test_a_request_out_of_turn_in_jackpots_does_not_tell_whether_the_actor_holds_openers() -> None:
    """Was: "seat 1 must act (check)" without openers, "(check, bet to 5)" with them."""
    told = set()
    holds = set()
    for seed in range(8):
        state = State(get_game("jackpots"), [100] * 3, seed=seed)
        actor = state.actor
        assert actor is not None
        holds.add(state.may_open(actor))
        with pytest.raises(IllegalActionError) as refused:
            state.act((actor + 1) % 3, "declare", "high")
        message = str(refused.value).replace(f"seat {actor}", "seat A")
        told.add(message.replace(f"Seat {(actor + 1) % 3}", "Seat B"))
    assert holds == {True, False}  # both kinds of hand were asked about
    assert told == {"Seat B cannot declare now: seat A must act (the hand is in phase betting)."}


def test_the_dealer_steps_and_a_policy_that_does_not_act_name_no_option() -> None:
    state = State(get_game("mexican-stud"), [100] * 3, seed=1)
    with pytest.raises(IllegalActionError) as refused:
        state.advance()
    assert str(refused.value) == "No dealer step now: seat 1 must act (the hand is in phase turning_up)."
    session = Session(get_game("mexican-stud"), [100] * 3, seed=1)
    with pytest.raises(IllegalActionError) as refused:
        session.play(1, lambda state: None)
    assert not named(str(refused.value)), refused.value


def test_refused_exposure_lists_no_card_just_dealt() -> None:
    """Was: "... (cards that may be exposed now: 2h 4h Tc ...)": players' down cards."""
    state = State(get_game("lowball"), [100] * 3, seed=4)
    held = {text(c) for down in state.down for c in down}
    stub = text(state._deck[state._next])
    with pytest.raises(IllegalActionError) as refused:
        state.expose(stub)
    assert named(str(refused.value)) == {stub}
    assert not named(str(refused.value)) & held
