"""The engine's boundary: every action's amount, seat and choice, and
every State/Stakes/Street/GameSpec/Session argument, goes through
:mod:`splitpot.validate`; bad input is refused with the documented class and the
state unchanged; the value stored is the validated int, never the caller's object."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from engine_helpers import draw_deck, passive_action
from hypothesis import given
from hypothesis import strategies as st

from splitpot.cards import Deck
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.session import Session
from splitpot.engine.spec import GameSpec, Opener, Stakes, Street
from splitpot.engine.state import Phase, State
from splitpot.errors import (
    ArgumentTypeError,
    IllegalActionError,
    IllegalActionTypeError,
    RuleError,
    SplitpotError,
)
from splitpot.games import GAMES, get_game

# Values that compare equal to an int (or look like one) but are not ints.
NOT_INTS = [5.0, Decimal(5), Fraction(5, 1), 5 + 0j, True, np.float64(5.0), "5", b"5", [5], np.bool_(True)]


def stud(stacks: list[int] | None = None, **options: Any) -> State:
    return State(get_game("seven-card-stud", **options), stacks or [100, 100, 100], seed=11)


def at_completion() -> State:
    """Third street after the bring-in: the next player may complete to 5."""
    state = stud()
    state.bring_in()
    assert "complete" in {str(o.action) for o in state.legal_actions()}
    return state


# ------------------------------------------------------------- action amounts


@pytest.mark.parametrize("amount", NOT_INTS, ids=repr)
def test_non_int_amount_refused_with_the_state_unchanged(amount: Any) -> None:
    """Was: complete(5.0), Decimal(5) and 5+0j accepted (5+0j moved chips, then raised)."""
    state = at_completion()
    before = state.snapshot()
    with pytest.raises(IllegalActionTypeError, match="complete amount must be an int") as info:
        state.complete(amount)
    assert isinstance(info.value, IllegalActionError) and isinstance(info.value, TypeError)
    assert state.snapshot() == before
    assert not state.can_complete(amount)
    assert state.snapshot() == before


@pytest.mark.parametrize("amount", [np.int64(5), np.int32(5), np.uint8(5)], ids=repr)
def test_numpy_int_amount_stored_as_int(amount: Any) -> None:
    state = at_completion()
    event = state.complete(amount)
    assert isinstance(event, ev.Completed)
    assert type(event.to) is int and type(event.amount) is int
    assert all(type(s) is int for s in state.stacks) and all(type(c) is int for c in state.committed)
    assert ev.event_to_dict(event)["to"] == 5


def test_wrong_int_amount_is_an_illegal_action_listing_the_legal_ones() -> None:
    state = at_completion()
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="cannot complete to 7; legal: fold, call 2, complete to 5"):
        state.complete(7)
    assert state.snapshot() == before


# ------------------------------------------------------------ declarations


def declaring(**options: Any) -> State:
    spec = get_game("seven-card-stud-declare", **options)
    state = State(spec, [100, 100, 100], seed=5)
    while state.phase is not Phase.DECLARING:
        passive_action(state)
    return state


@pytest.mark.parametrize("seat", [True, 1.0, "1", np.float64(1.0)], ids=repr)
def test_declare_seat_of_the_wrong_type_refused(seat: Any) -> None:
    """Was: seat=True taken as seat 1."""
    state = declaring()
    before = state.snapshot()
    with pytest.raises(IllegalActionTypeError, match="seat must be an int"):
        state.declare("high", seat=seat)
    assert state.snapshot() == before and not state.can_declare("high", seat=seat)


@pytest.mark.parametrize("seat", [-1, 3, 2**70])
def test_declare_seat_out_of_range_refused(seat: int) -> None:
    state = declaring()
    with pytest.raises(IllegalActionError, match=r"seat must be in 0\.\.2"):
        state.declare("high", seat=seat)


@pytest.mark.parametrize("choice", [1, None, ["high"], b"high"], ids=repr)
def test_declare_choice_of_the_wrong_type_refused(choice: Any) -> None:
    state = declaring()
    before = state.snapshot()
    with pytest.raises(IllegalActionTypeError, match="'high', 'low' or 'both'"):
        state.declare(choice)
    assert state.snapshot() == before


def test_declare_mode_unknown_is_a_rule_error_listing_the_modes() -> None:
    """Was: declare='loud' -> a bare ValueError."""
    with pytest.raises(RuleError, match="declare must be one of 'none', 'in_turn', 'simultaneous'; got"):
        get_game("seven-card-stud-declare", declare="loud")


# ------------------------------------------------------------------- draws

DRAW_SPEC = GameSpec(
    name="five-card-draw-test",
    streets=(
        Street(name="deal", down=5, opener=Opener.DEALER_LEFT),
        Street(name="draw", draw=5, opener=Opener.DEALER_LEFT),
    ),
    stakes=Stakes(ante=1, small_bet=2, big_bet=4),
)


def drawing() -> State:
    state = State(DRAW_SPEC, [50, 50], seed=2)
    while state.phase is not Phase.DRAWING:
        passive_action(state)
    return state


def test_draw_with_duplicate_discards_is_an_illegal_action() -> None:
    """Was: CardError (not an IllegalActionError)."""
    state = drawing()
    seat = state.actor
    assert seat is not None
    card = state.down[seat][0]
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="duplicate"):
        state.draw([card, card])
    assert state.snapshot() == before


@pytest.mark.parametrize("discards", [5.5, 0, True, None, b"As", [1.5]], ids=repr)
def test_can_draw_of_the_wrong_type_is_false(discards: Any) -> None:
    """Was: can_draw(5.5) raised; draw(0) stood pat."""
    state = drawing()
    before = state.snapshot()
    assert state.can_draw(discards) is False
    with pytest.raises(IllegalActionTypeError):
        state.draw(discards)
    assert state.snapshot() == before


# ----------------------------------------------------------- State arguments


@pytest.mark.parametrize(
    ("kwargs", "error", "text"),
    [
        ({"stacks": [True, True]}, ArgumentTypeError, r"stacks\[0\] must be an int, got bool"),
        ({"stacks": [100.0, 100]}, ArgumentTypeError, r"stacks\[0\] must be an int"),
        ({"stacks": [100, -1, 100]}, RuleError, r"stacks\[1\] must be >= 0"),
        ({"stacks": "100 100"}, ArgumentTypeError, "stacks must be a sequence of ints"),
        ({"stacks": {0: 100, 1: 100}}, ArgumentTypeError,
         r"stacks must be a sequence of ints \(a list or tuple\), got dict .*iterates its keys"),
        ({"stacks": {100, 50}}, ArgumentTypeError, "stacks must be a sequence of ints .*a set has no order"),
        ({"button": True}, ArgumentTypeError, "button must be an int, got bool"),
        ({"button": 0.5}, ArgumentTypeError, "button must be an int, got float"),
        ({"button": 9}, RuleError, "button must be in 0..2, got 9"),
        ({"seed": 1.5}, ArgumentTypeError, "seed must be an int"),
        ({"automate": 1}, ArgumentTypeError, "automate must be True or False"),
        ({"spec": "seven-card-stud"}, ArgumentTypeError, "spec must be a GameSpec"),
        ({"deck": 5}, ArgumentTypeError, r"deck must be card text, cards top first .*got int 5 .*seed="),
    ],
)
def test_state_arguments_validated(kwargs: dict[str, Any], error: type[Exception], text: str) -> None:
    args: dict[str, Any] = {"spec": get_game("seven-card-stud"), "stacks": [100, 100, 100], **kwargs}
    with pytest.raises(error, match=text):
        State(args.pop("spec"), args.pop("stacks"), **args)


def test_a_session_refuses_stacks_by_seat_in_a_dict() -> None:
    with pytest.raises(ArgumentTypeError, match="iterates its keys, not its values"):
        Session(get_game("seven-card-stud"), {0: 100, 1: 100})


def test_numpy_stacks_stored_as_ints() -> None:
    state = State(get_game("seven-card-stud"), np.array([100, 100]), button=np.int64(1), seed=np.int64(3))
    assert all(type(s) is int for s in state.starting_stacks) and type(state.button) is int


def test_a_joker_in_a_deck_without_one_is_refused() -> None:
    with pytest.raises(RuleError, match="without the joker"):
        State(get_game("seven-card-stud"), [100, 100], deck=[52, *range(51)])


def test_a_deck_object_deals_its_cards_as_their_list_would() -> None:
    """Was: State(spec, stacks, deck=Deck(...)) raised "'Deck' object is not iterable"."""
    spec = get_game("seven-card-stud")
    shuffled = Deck(seed=5)
    shuffled.deal(2)  # a Deck deals the cards it has left, top first
    assert State(spec, [100] * 3, deck=shuffled).deck_order == tuple(map(int, shuffled.cards))
    scripted = Deck(order=["As", "Ks", "Qs", *(c for c in range(52) if c not in (51, 47, 43))])
    state = State(spec, [100] * 3, deck=[scripted, Deck(seed=1)], automate=False)  # a sequence of decks
    assert state.deck_order == State(spec, [100] * 3, deck=list(scripted.cards)).deck_order
    assert state.deck_order[:3] == (51, 47, 43)
    with pytest.raises(RuleError, match=r"deck has 3 cards; this deal needs 19 .*every card, top first"):
        State(spec, [100] * 3, deck=Deck(order="As Ks Qs"))


@pytest.mark.parametrize("method", ["wilds_for", "positional_card", "player_wild", "dealt_cards", "draw_fee",
                                    "dead_hand", "turn_up_option"])
@pytest.mark.parametrize(("seat", "error"), [(9, RuleError), (-1, RuleError), (True, ArgumentTypeError)])
def test_seat_queries_validate_the_seat_as_view_does(method: str, seat: Any, error: type[Exception]) -> None:
    """Was: wilds_for(9) and positional_card(9) at three seats answered for a seat that does not exist."""
    state = State(get_game("mexican-stud"), [100] * 3, seed=4)
    with pytest.raises(error, match="seat must be"):
        state.view(seat)
    with pytest.raises(error, match="seat must be"):
        getattr(state, method)(seat)
    if method != "turn_up_option":  # (which raises outside a turn-up)
        assert getattr(state, method)(np.int64(2)) == getattr(state, method)(2)  # numpy ints are seats


def test_a_view_since_refuses_a_count_past_the_events() -> None:
    """view(seat, since=k): k in 0..len(events), an int (not a bool); a k past the events
    is a count from another hand: StaleViewError, a StaleActionError and a RuleError."""
    from splitpot.errors import StaleActionError

    state = State(get_game("seven-card-stud"), [100, 100], seed=3)
    assert state.view(0, since=len(state.events))["events"] == []
    for error in (RuleError, StaleActionError):
        with pytest.raises(error, match=rf"since event 99 .* has only {len(state.events)} events"):
            state.view(0, since=99)
    with pytest.raises(ArgumentTypeError, match="since must be an int, got bool"):
        state.view(None, since=True)


@pytest.mark.parametrize(("field", "value"), [("low", "bogus"), ("high", "low"), ("low", "high")])
def test_spec_with_an_unknown_ranking_is_refused(field: str, value: str) -> None:
    """Was (for the showdown): a hand stuck with the pot unawarded."""
    with pytest.raises(RuleError, match=f"{field} must be"):
        get_game("seven-card-stud").replace(**{field: value})


# ------------------------------------------------------- spec and stakes types


@pytest.mark.parametrize(
    ("build", "error", "text"),
    [
        (lambda: Stakes(ante=0.5), ArgumentTypeError, "Stakes: ante must be an int, got float 0.5"),
        (lambda: Stakes(small_bet=True), ArgumentTypeError, "small_bet must be an int, got bool"),
        (lambda: Stakes(blinds=(1.5,)), ArgumentTypeError, "blinds must be an int"),
        (lambda: Stakes(blinds="12"), ArgumentTypeError, "blinds must be a sequence of ints"),
        (lambda: Street(name="s", down=1.5), ArgumentTypeError, "Street 's': down must be an int"),
        (lambda: Street(name="s", up=1, burn=1), ArgumentTypeError, "burn must be True or False"),
        (lambda: Street(name="s", up=1, opener="first"), RuleError, "opener must be one of"),
        (lambda: get_game("seven-card-stud", stakes=5), ArgumentTypeError, "stakes must be a Stakes or"),
        (lambda: get_game("seven-card-stud", stakes={"antes": 1}), RuleError, "no option 'antes'"),
        (lambda: get_game("seven-card-stud").replace(max_raises=2.0), ArgumentTypeError, "max_raises"),
        (lambda: get_game("seven-card-stud").replace(streets="abc"), ArgumentTypeError, "streets"),
    ],
)
def test_spec_arguments_validated(build: Any, error: type[Exception], text: str) -> None:
    with pytest.raises(error, match=text):
        build()


def test_get_game_name_must_be_text() -> None:
    with pytest.raises(ArgumentTypeError, match="the game is named by a str"):
        get_game(["seven-card-stud"])  # type: ignore[arg-type]


def test_get_game_takes_stakes_as_a_dict() -> None:
    """Was: AttributeError."""
    spec = get_game("seven-card-stud", stakes={"ante": 2, "bring_in": 2, "small_bet": 10, "big_bet": 20})
    assert spec.stakes == Stakes(ante=2, bring_in=2, small_bet=10, big_bet=20)


@pytest.mark.parametrize("game", ["jackpots", "lowball", "jacks-back", "five-card-stud", "mexican-stud",
                                  "aces-deuces"])
def test_every_game_takes_stakes_as_a_dict(game: str) -> None:
    """Was: the stud games took a dict, the draw and five-card games refused it
    ("stakes must be a Stakes, got dict"; five-card stud's as a RuleError)."""
    spec = get_game(game, stakes={"ante": 2, "small_bet": 10, "big_bet": 20})
    assert spec.stakes == Stakes(ante=2, small_bet=10, big_bet=20)
    with pytest.raises(ArgumentTypeError, match=f"{game}: stakes must be a Stakes or a dict of its fields"):
        get_game(game, stakes=5)
    with pytest.raises(RuleError, match="no option 'antes'"):
        get_game(game, stakes={"antes": 2})


# --------------------------------------------------------------- Session


def test_session_button_out_of_range_is_a_rule_error() -> None:
    """Was: IndexError."""
    with pytest.raises(RuleError, match=r"button must be in 0\.\.2, got 9"):
        Session(get_game("seven-card-stud"), [100, 100, 100], button=9)


def test_session_play_with_a_policy_that_never_acts_raises() -> None:
    """Was: an endless loop."""
    session = Session(get_game("seven-card-stud"), [100, 100], seed=1)
    with pytest.raises(IllegalActionError, match=r"the policy returned without acting; seat \d must act"):
        session.play(1, lambda state: None)


def test_session_play_given_a_bot_class_names_the_fix() -> None:
    """Was: TypeError "SimpleBot.__init__() takes 1 positional argument" (splitpot.dask.simulate
    takes bot classes; Session.play takes one bot)."""
    from splitpot.bots import SimpleBot

    session = Session(get_game("seven-card-stud"), [100, 100], seed=1)
    with pytest.raises(ArgumentTypeError, match=r"not the class SimpleBot: give SimpleBot\(seed=...\)"):
        session.play(1, SimpleBot)
    assert session.hands == []


@pytest.mark.parametrize("hands", [1.5, True, "2", None], ids=repr)
def test_session_play_hand_count_is_an_int(hands: Any) -> None:
    session = Session(get_game("seven-card-stud"), [100, 100], seed=1)
    with pytest.raises(ArgumentTypeError, match="hands must be an int"):
        session.play(hands, passive_action)
    assert session.hands == []


# ----------------------------------------------------------- chips in front


def test_chips_in_front_on_the_current_street_are_public() -> None:
    state = stud()
    bringer = state.actor
    assert bringer is not None
    state.bring_in()
    state.complete(5)
    bets = state.bets
    assert bets[bringer] == 2 and sum(bets) == 7
    assert [p["bet"] for p in state.view(None)["players"]] == list(bets)  # type: ignore[index]
    assert state.pot == 3 + 7  # the antes and the chips in front
    while state.street == 0:
        passive_action(state)
    assert state.bets == (0, 0, 0)


# ------------------------------------- property: every registered game, any bad value

BAD = st.one_of(
    st.floats(allow_nan=True),
    st.decimals(allow_nan=False, allow_infinity=False, places=0),
    st.fractions(),
    st.complex_numbers(allow_nan=False, allow_infinity=False, max_magnitude=50),
    st.booleans(),
    st.text(max_size=3),
    st.sampled_from([np.float64(5.0), np.bool_(True), b"5", [5], (5,)]),
)


def _attempts(state: State, bad: Any) -> list[Any]:
    """Every public call taking an amount, seat or count, fed ``bad``."""
    return [
        lambda: state.bet(bad),
        lambda: state.raise_to(bad),
        lambda: state.complete(bad),
        lambda: state.declare("high", seat=bad),
        lambda: state.draw(bad) if not isinstance(bad, (str, tuple, list)) else state.draw([bad]),
        lambda: state.cards(bad),
        lambda: state.view(bad),
        lambda: state.turn_up((), seat=bad),
        lambda: state.turn_up(bad) if not isinstance(bad, (tuple, list)) else state.turn_up([bad]),
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), bad=BAD, which=st.integers(0, 8))
def test_any_non_int_amount_seat_or_count_is_refused_with_the_state_unchanged(
    game: str, seed: int, steps: int, bad: Any, which: int
) -> None:
    state = State(get_game(game), [60, 60, 60], seed=seed)
    for step in range(steps):
        if state.is_complete:
            break
        options = state.legal_actions()
        option = options[(seed + step) % len(options)]
        if option.action is Action.DECLARE:
            state.declare(option.choices[0], seat=state.actor)
        elif option.action in (Action.BET, Action.RAISE, Action.COMPLETE):
            getattr(state, {"bet": "bet", "raise": "raise_to", "complete": "complete"}[option.action])(
                option.amounts[-1]
            )
        elif option.action is Action.DRAW:
            state.draw()
        elif option.action is Action.TURN_UP:
            chooser = state.turn_up_choosers[0]
            state.turn_up(state.turn_up_option(chooser).choices[:1], seat=chooser)
        else:
            getattr(state, str(option.action))()
    before = state.snapshot()
    with pytest.raises(SplitpotError) as info:
        _attempts(state, bad)[which]()
    assert isinstance(info.value, (IllegalActionError, ArgumentTypeError))
    wrong_type = (float, Decimal, Fraction, complex, bool, bytes, list, tuple)
    if isinstance(bad, wrong_type) or hasattr(bad, "dtype"):
        assert isinstance(info.value, TypeError), info.value  # a wrong type, whatever the phase
    assert state.snapshot() == before
    assert sum(state.stacks) + state.pot == 180


# ------------------------------------- an action out of its phase says what the hand waits for


def test_an_action_out_of_its_phase_names_who_acts_and_what_is_legal() -> None:
    """Was: "Nobody may declare now: the hand is in phase bring_in." (and the same for a
    turn-up), naming neither the player to act nor his choices."""
    state = State(get_game("seven-card-stud-declare"), [40, 40], seed=1)
    before = state.snapshot()
    waits = r"phase bring_in; seat 1 must act \(bring_in 2, complete to 5\)"
    for attempt in (lambda: state.declare("high"), lambda: state.turn_up()):
        with pytest.raises(IllegalActionError, match=waits):
            attempt()
    assert state.snapshot() == before


def test_an_action_after_the_hand_says_to_start_the_next() -> None:
    """Was: "Nobody may call now: the hand is in phase complete." """
    state = State(get_game("seven-card-stud-declare"), [40, 40], seed=1)
    state.bring_in()
    state.fold()
    over = r"the hand is complete; start a new State \(or Session.new_hand"
    for attempt in (state.call, lambda: state.declare("high"), lambda: state.turn_up()):
        with pytest.raises(IllegalActionError, match=over):
            attempt()


def test_an_action_before_the_dealer_step_says_to_advance() -> None:
    state = State(get_game("seven-card-stud"), [40, 40], seed=1, automate=False)
    with pytest.raises(IllegalActionError, match=r"the dealer.s step comes first \(call advance"):
        state.call()


def test_act_refuses_a_seat_not_to_act_without_naming_cards() -> None:
    """State.act(seat, action, value): a request from a seat not to act is refused with
    the seat to act named, no cards (was: only the actor's methods, whose errors name
    his hidden cards to whoever relays them)."""
    state = State(get_game("jackpots"), [50, 50, 50], seed=11)
    before = state.snapshot()
    for seat, action, value, error, said in [
        (2, "check", None, IllegalActionError, f"Seat 2 cannot check now: seat {state.actor} is to act."),
        (state.actor, "shout", None, IllegalActionError, "action must be one of 'fold'"),
        (state.actor, 3, None, IllegalActionTypeError, "action must be an Action or its name, got int 3"),
        (7, "check", None, IllegalActionError, "seat"),
        (state.actor, "check", 5, IllegalActionError, "A check takes no value; got int 5."),
    ]:
        with pytest.raises(error, match=re.escape(said)) as info:
            state.act(seat, action, value)
        assert not any(re.search(rf"\b{ev.card_text(c)}\b", str(info.value)) for c in state.deck_order)
        assert state.snapshot() == before
    assert state.act(state.actor, "Check") == ev.Checked(seat=1)  # names ignore case


def test_act_takes_amounts_cards_and_simultaneous_choices() -> None:
    state = stud([50, 50, 50])
    actor = state.actor
    assert actor is not None
    with pytest.raises(IllegalActionError, match=r"A bring in is 2 here, not 3\."):
        state.act(actor, Action.BRING_IN, 3)
    state.act(actor, "bring_in", 2)
    state.act(state.actor, "complete", 5)
    nxt = state.actor
    assert state.act(nxt, "raise", 10) == ev.Raised(seat=nxt, amount=10, to=10)
    draw = State(get_game("lowball"), [50, 50], seed=2)
    draw.act(draw.actor, "bet")
    draw.act(draw.actor, "call")
    hand = list(draw.down[draw.actor])
    assert draw.act(draw.actor, "draw", hand[:2]).discarded == tuple(hand[:2])  # type: ignore[attr-defined]
    mexican = State(get_game("mexican-stud"), [50, 50, 50], seed=4)
    for seat in (2, 0, 1):  # turn-ups are made all at once: any seat still to choose
        mexican.act(seat, "turn_up", mexican.down[seat][0])
    assert mexican.phase is not Phase.TURNING_UP


@pytest.mark.parametrize("name", ["seven-card-stud", "five-card-stud", "jackpots", "mexican-stud",
                                  "aces-deuces"])
def test_stakes_given_as_a_dict_keep_the_games_own_for_the_fields_left_out(name: str) -> None:
    """Was: get_game("seven-card-stud", stakes={"ante": 5}) filled the rest with Stakes' defaults
    (no bring-in: refused for stud; limits 2/4 elsewhere)."""
    from dataclasses import replace

    from splitpot.dealers_choice import Call

    own = get_game(name).stakes
    assert get_game(name, stakes={"ante": 5}).stakes == replace(own, ante=5)
    assert Call(game=name, stakes={"ante": 5}).spec.stakes == replace(own, ante=5)
    with pytest.raises(RuleError, match="no option 'antes'"):
        get_game(name, stakes={"antes": 5})


def test_act_asks_for_a_declaration_and_checks_an_amounts_type_first() -> None:
    state = State(get_game("seven-card-stud-declare"), [50, 50], seed=2)
    while state.phase is not Phase.DECLARING:
        passive_action(state)
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="A declaration needs its choice"):  # was a bare TypeError
        state.act(state.actor, "declare")
    stud = State(get_game("seven-card-stud"), [50, 50, 50], seed=3)
    with pytest.raises(IllegalActionTypeError, match="amount must be an int"):  # was: 'cannot call now'
        stud.act(stud.actor, "call", 2.0)
    assert state.snapshot() == before


def to_the_draw(state: State) -> None:
    """Bet, check or call through act until the draw."""
    while state.phase is not Phase.DRAWING:
        state.act(state.actor, "call" if state.can_call() else "check" if state.can_check() else "bet")


def test_act_carries_a_draws_number_asked_for() -> None:
    """Was: act had no asked=, so an app could not make California lowball's draw of a number other
    than the cards thrown (the rules: a player receives exactly the number he first asked for)."""
    hands = ["9c 6d 4h 3s 2c", "Kd 5h 4c 3d 2h", "Qc Qd Jh Js Th"]
    state = State(get_game("california-lowball", sevens="off"), [100] * 3,
                  deck=draw_deck(hands, then="8s 7s 6s 5s 8h 8d", joker=True))
    to_the_draw(state)
    assert state.actor == 1
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="Seat 2 cannot draw now: seat 1 is to act"):
        state.act(2, "draw", "Qc Qd", asked=3)
    with pytest.raises(IllegalActionTypeError, match="asked must be an int"):
        state.act(1, "draw", "Kd 5h", asked=1.0)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"Only a draw takes asked= \(.*\), not 'fold'"):
        state.act(1, "fold", asked=1)
    assert state.snapshot() == before
    drew = state.act(1, "draw", "Kd 5h", asked=1)  # throws two, asks for one: four cards
    assert isinstance(drew, ev.Drew) and len(drew.received) == 1
    state.act(2, Action.DRAW, ["Qc", "Qd"], asked=3)
    state.act(0, "draw", asked=0)  # pat, asking for none
    assert [len(state.cards(s)) for s in range(3)] == [5, 4, 6]
    assert state.history().replay().snapshot() == state.snapshot()
    jackpots = State(get_game("jackpots"), [100] * 2, seed=1)
    to_the_draw(jackpots)
    with pytest.raises(IllegalActionError, match="served as many cards as he discards"):
        jackpots.act(jackpots.actor, "draw", asked=1)
