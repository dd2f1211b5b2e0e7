"""Golden hands kept as data files in tests/hands/: replay, check, round-trip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import stud_deck

from splitpot.engine import events as ev
from splitpot.engine.history import History
from splitpot.engine.spec import Stakes
from splitpot.engine.state import State
from splitpot.games import get_game

HANDS = sorted((Path(__file__).resolve().parents[1] / "hands").glob("*.json"))


def perform(state: State, action: str) -> None:
    word, *args = action.split()
    if word == "declare":
        state.declare(args[1], seat=int(args[0]))
    elif word == "raise":
        state.raise_to(int(args[0]))
    elif args:
        getattr(state, word)(int(args[0]))
    else:
        getattr(state, word)()


def pot_at_streets(state: State) -> dict[str, int]:
    pots, pot = {}, 0
    for event in state.events:
        if isinstance(event, ev.StreetStarted):
            pots[event.name] = pot
        elif not isinstance(event, ev.PotAwarded):
            pot += getattr(event, "amount", 0)
    return pots


def test_there_are_recorded_hands() -> None:
    assert len(HANDS) >= 5


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_recorded_hand(path: Path) -> None:
    data: dict[str, Any] = json.loads(path.read_text())
    options = dict(data["options"])
    if data["stakes"]:
        options["stakes"] = Stakes(**data["stakes"])
    deck = stud_deck(data["hands"], button=data["button"], community=data["community"])
    state = State(get_game(data["game"], **options), data["stacks"], button=data["button"], deck=deck)
    for action in data["actions"]:
        perform(state, action)
    assert state.is_complete
    assert pot_at_streets(state) == data["pot_at_street"]
    awards = [[e.pot, e.seat, e.amount, e.side] for e in state.events if isinstance(e, ev.PotAwarded)]
    assert awards == data["awards"]
    assert state.stacks == data["final_stacks"]
    reloaded = History.from_json(state.history().to_json())
    assert reloaded.to_dict() == state.history().to_dict()
    replayed = reloaded.replay()
    assert replayed.snapshot() == state.snapshot()
