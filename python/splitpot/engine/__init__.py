"""The game engine: specs, the hand state machine, pots, declarations, history."""

from __future__ import annotations

from splitpot.engine.betting import Action, Option
from splitpot.engine.declare import Declaration
from splitpot.engine.spec import DeclareMode, GameSpec, OddChip, Opener, Stakes, Street
from splitpot.engine.state import Phase, State

__all__ = [
    "Action",
    "Declaration",
    "DeclareMode",
    "GameSpec",
    "OddChip",
    "Opener",
    "Option",
    "Phase",
    "Stakes",
    "State",
    "Street",
]
