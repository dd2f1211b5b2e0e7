"""What the other seats see of a secret simultaneous choice before its reveal.

A turn-up chosen by all at once (``TurnUp(mode="simultaneous")``) is logged as
``TurnUpChosen`` and revealed only when everyone has chosen.  Where the turn-up
is optional, the other seats' views (whole or ``since=k``), the spectator's and
the narrative told to them must be the same whether the player turned a card
up or kept it down; the player himself sees his choice.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from engine_helpers import stud_deck

from splitpot.engine import events as ev
from splitpot.engine.choices import ChoiceMode
from splitpot.engine.spec import GameSpec
from splitpot.engine.state import State
from splitpot.games import get_game
from splitpot.narrate import narrate


def _simultaneous(spec: GameSpec) -> GameSpec:
    """``spec`` with its turn-up street chosen by all at once."""
    streets = list(spec.streets)
    i = next(k for k, s in enumerate(streets) if s.turn_up is not None)
    rule = streets[i].turn_up
    assert rule is not None
    simultaneous = dataclasses.replace(rule, mode=ChoiceMode.SIMULTANEOUS)
    streets[i] = dataclasses.replace(streets[i], turn_up=simultaneous)
    return dataclasses.replace(spec, streets=tuple(streets))


OPTIONAL = _simultaneous(get_game("five-card-stud", turn_up=True))


def _to_turn_ups(seed: int, players: int = 3) -> State:
    state = State(OPTIONAL, [100] * players, seed=seed)
    while not state.turn_up_choosers:
        if state.can_check():
            state.check()
        elif state.can_call():
            state.call()
        else:
            state.bet()
    return state


def _seen_by(state: State, seat: int | None, held: int) -> tuple[Any, ...]:
    names = [f"P{i}" for i in range(state.seats)]
    return (state.view(seat), state.view(seat, since=held), narrate(state, names, viewer=seat))


@pytest.mark.parametrize("seed", range(6))
def test_an_optional_simultaneous_turn_up_shows_nothing_of_the_choice_before_the_reveal(seed: int) -> None:
    base = _to_turn_ups(seed)
    assert base.turn_up_option(base.turn_up_choosers[0]).amounts == (0, 1)
    first, *others = base.turn_up_choosers
    held = len(base.events)
    kept, turned = copy.deepcopy(base), copy.deepcopy(base)
    kept.turn_up([], seat=first)
    turned.turn_up([turned.turn_up_option(first).choices[0]], seat=first)
    assert type(kept.events[-1]) is ev.TurnUpChosen and type(turned.events[-1]) is ev.TurnUpChosen
    for seat in [*others, None]:
        assert _seen_by(kept, seat, held) == _seen_by(turned, seat, held)
        assert kept.view(seat)["events"][-1] == {"event": "turn_up_secret", "seat": first, "cards": None}
    # the chooser himself sees what he chose
    assert kept.view(first)["events"][-1]["cards"] == []
    assert turned.view(first)["events"][-1]["cards"] == [base.turn_up_option(first).choices[0]]
    # a second secret choice: still nothing of either
    second = others[0]
    for state in (kept, turned):
        state.turn_up([], seat=second)
    for seat in [*others[1:], None]:
        assert _seen_by(kept, seat, held) == _seen_by(turned, seat, held)
    # the reveal shows the turned card to everyone, the secret events stay null
    for state in (kept, turned):
        for seat in others[1:]:
            state.turn_up([], seat=seat)
        assert any(type(e) is ev.TurnUpsRevealed for e in state.events)
    watcher = others[-1]
    revealed_kept = next(e for e in kept.view(watcher)["events"] if e["event"] == "turn_up_reveal")
    revealed_turned = next(e for e in turned.view(watcher)["events"] if e["event"] == "turn_up_reveal")
    assert revealed_kept["seats"] == [] and revealed_turned["seats"] == [first]
    assert [e["cards"] for e in turned.view(None)["events"] if e["event"] == "turn_up_secret"] == [None] * 3


def test_mexican_stud_secret_turn_ups_show_as_null_to_the_others() -> None:
    deck = stud_deck(["Kc 7d 2h 9s 4c", "Qh 3s 8c Jd 6h", "As 5c Td 2d 3c"])
    state = State(get_game("mexican-stud"), [100] * 3, deck=deck)
    state.turn_up(["As"], seat=2)
    assert state.view(0)["events"][-1] == {"event": "turn_up_secret", "seat": 2, "cards": None}
    assert state.view(None)["events"][-1]["cards"] is None
    assert state.view(2)["events"][-1]["cards"] == ["As"]
    held = len(state.events) - 1
    assert state.view(1, since=held)["events"] == [{"event": "turn_up_secret", "seat": 2, "cards": None}]
