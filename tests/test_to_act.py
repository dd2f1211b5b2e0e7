"""splitpot.table.to_act: the line a server broadcasts says who is to act and
where, never what his down cards allow (jackpots' openers, Mexican stud's
turn-up choices); his choices are told to him alone (viewer=his seat) or to ALL."""

from __future__ import annotations

import pytest

from splitpot import State, get_game
from splitpot.engine.betting import Action
from splitpot.narrate import ALL
from splitpot.table import to_act

NAMES = ["A", "B", "C", "D"]


def _opening_seats(game: str, seeds: range) -> tuple[dict[bool, State], int]:
    """Two jackpots hands at the same point, first to act the same seat: one whose
    actor may open (holds openers), one whose actor may not."""
    found: dict[tuple[int, bool], State] = {}
    for seed in seeds:
        state = State(get_game(game), [100] * 3, seed=seed)
        opens = any(o.action is Action.BET for o in state.legal_actions())
        found.setdefault((state.actor, opens), state)  # type: ignore[arg-type]
        for actor in range(3):
            if (actor, True) in found and (actor, False) in found:
                return {True: found[actor, True], False: found[actor, False]}, actor
    raise AssertionError("no pair of hands found")


def test_the_public_line_is_the_same_whether_the_jackpots_actor_holds_openers_or_not() -> None:
    hands, actor = _opening_seats("jackpots", range(60))
    opener, other = hands[True], hands[False]
    for viewer in [None, *(s for s in range(3) if s != actor)]:
        assert to_act(opener, NAMES, viewer=viewer) == to_act(other, NAMES, viewer=viewer)
        assert to_act(opener, NAMES, viewer=viewer) == f"{NAMES[actor]} to act before the draw"
    # the actor himself, and ALL, are told his choices: only the opener may bet
    assert "bet" in to_act(opener, NAMES, viewer=actor) and "bet" not in to_act(other, NAMES, viewer=actor)
    assert to_act(opener, NAMES, viewer=ALL) == to_act(opener, NAMES, viewer=actor)


@pytest.mark.parametrize("seed", range(4))
def test_the_public_line_of_mexican_stud_turn_ups_names_no_card(seed: int) -> None:
    state = State(get_game("mexican-stud"), [100] * 3, seed=seed)
    choosers = state.turn_up_choosers
    public = to_act(state, NAMES)
    who = ", ".join(NAMES[s] for s in choosers)
    assert public == f"still to choose a card to turn up on second street: {who}"
    for seat in choosers:
        own = to_act(state, NAMES, viewer=seat)
        assert own.startswith(public + "; ")
        cards = state.turn_up_option(seat).choices
        assert all(c in own for c in cards)
        assert not any(c in own for s in choosers if s != seat for c in state.turn_up_option(s).choices)
    # once a seat has chosen, the line still names no card
    state.turn_up([state.turn_up_option(choosers[0]).choices[0]], seat=choosers[0])
    assert to_act(state, NAMES) == "still to choose a card to turn up on second street: " + ", ".join(
        NAMES[s] for s in choosers[1:])


def test_a_bad_viewer_is_refused() -> None:
    from splitpot.errors import RuleError
    state = State(get_game("seven-card-stud"), [100] * 3, seed=1)
    with pytest.raises(RuleError):
        to_act(state, NAMES, viewer=3)


def test_simultaneous_declarations_name_everyone_still_to_declare() -> None:
    """Was: 'B to act on seventh street' (to B himself and to ALL: 'B to act on seventh
    street: high, low or both'), naming only the first seat still to declare."""
    from splitpot.bots import away_action

    state = State(get_game("seven-card-stud-8", declare="simultaneous"), [100] * 3, seed=5)
    while str(state.phase) != "declaring":
        _ = state.call() if state.can_call() else away_action(state)
    undeclared = [s for s in state.active if s not in state.declared]
    assert len(undeclared) == 3
    public = to_act(state, NAMES)
    assert public == "still to declare on seventh street: " + ", ".join(NAMES[s] for s in undeclared)
    assert to_act(state, NAMES, viewer=undeclared[1]) == public + " (high, low or both)"
    state.declare("high", seat=undeclared[1])
    left = [s for s in undeclared if s != undeclared[1]]
    # nothing of the declaration shows; the seat that declared is told no choices
    assert to_act(state, NAMES) == "still to declare on seventh street: " + ", ".join(NAMES[s] for s in left)
    assert to_act(state, NAMES, viewer=undeclared[1]) == to_act(state, NAMES)


def test_a_turn_up_chosen_in_turn_is_told_to_its_chooser_alone() -> None:
    """Five-card stud's optional turn-up before fifth street, chosen in turn: the line to
    broadcast says who is to act and where; the chooser's own names his down card."""
    state = State(get_game("five-card-stud", turn_up=True), [100] * 3, seed=1)
    while str(state.phase) != "turning_up":  # (checked or called; the high card's forced bet made)
        _ = state.call() if state.can_call() else state.check() if state.can_check() else state.bet(5)
    actor = state.actor
    assert actor is not None and state.turn_up_choosers == [actor]
    street = next(s.name for s in state.spec.streets if s.turn_up is not None)
    option = state.turn_up_option(actor)
    assert option.choices and 0 in option.amounts  # (optional: he may keep it down)
    public = f"{NAMES[actor]} to act on {street}"
    for viewer in [None, *(s for s in range(3) if s != actor)]:
        assert to_act(state, NAMES, viewer=viewer) == public
    own = to_act(state, NAMES, viewer=actor)
    assert own.startswith(public + ": ")
    assert all(f"turn up {card}" in own for card in option.choices) and "keep" in own
    assert to_act(state, NAMES, viewer=ALL) == own
