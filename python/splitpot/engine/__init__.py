"""The game engine: specs, the hand state machine, pots, declarations, history.

>>> from splitpot.engine import State
>>> from splitpot.games import get_game
>>> State(get_game("seven-card-stud"), [100, 100], seed=1).phase
<Phase.BRING_IN: 'bring_in'>
"""

from __future__ import annotations

from splitpot.engine.betting import Action, Option
from splitpot.engine.choices import ChoiceMode, TurnUp
from splitpot.engine.declare import Declaration
from splitpot.engine.draws import DrawRules
from splitpot.engine.history import ALL, History, Viewer, player_view
from splitpot.engine.openers import Opening
from splitpot.engine.paid_draws import PaidDraws
from splitpot.engine.positional import PositionalWild
from splitpot.engine.session import Session
from splitpot.engine.sevens import Sevens
from splitpot.engine.spec import DeclareMode, GameSpec, OddChip, Opener, Stakes, Street
from splitpot.engine.state import Phase, State

__all__ = [
    "ALL",
    "Action",
    "ChoiceMode",
    "Declaration",
    "DeclareMode",
    "DrawRules",
    "GameSpec",
    "History",
    "OddChip",
    "Opener",
    "Opening",
    "Option",
    "PaidDraws",
    "Phase",
    "PositionalWild",
    "Session",
    "Sevens",
    "Stakes",
    "State",
    "Street",
    "TurnUp",
    "Viewer",
    "player_view",
]
