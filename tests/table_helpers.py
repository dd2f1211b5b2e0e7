"""Helpers of the table tests: a draw game built from the engine's pieces, and the
same session played through the API for the screens to be checked against."""

from __future__ import annotations

import re
from collections.abc import Callable

from splitpot.bots import SimpleBot
from splitpot.engine.betting import Action, Option
from splitpot.engine.history import player_view
from splitpot.engine.session import Session
from splitpot.engine.spec import GameSpec, Opener, Stakes, Street
from splitpot.engine.state import State
from splitpot.table import choices_for, perform

DRAW_GAME = GameSpec(
    name="test-draw-low",
    streets=(
        Street(name="the deal", down=5, opener=Opener.DEALER_LEFT),
        Street(name="the draw", draw=3, opener=Opener.DEALER_LEFT),
    ),
    stakes=Stakes(ante=1, small_bet=2, big_bet=4),
    high=None,
    low="ace-to-five",
)
"""A one-draw lowball built from the engine's own pieces (the draw games are not registered yet)."""


def same_session(
    spec: GameSpec, seed: int, seat: int, players: int, hands: int, mine: Callable[[State], object]
) -> list[State]:
    """The session a Table plays, through the API: SimpleBot elsewhere, ``mine`` for the seat."""
    session = Session(spec, [200] * players, seed=seed)
    bot = SimpleBot(seed=seed)
    played = []
    for _ in range(hands):
        state = session.new_hand()
        while not state.is_complete:
            (mine if player_view(state, seat)["legal_actions"] else bot)(state)
        played.append(state)
    return played


def calling_station(
    seat: int, declare: str = "high", draw: Callable[[State], list[int]] | None = None
) -> Callable[[State], object]:
    """The tests' person through the API: what :func:`key_for` presses on the
    screen, made with :func:`splitpot.table.perform`; a draw throws ``draw(state)``."""

    def act(state: State) -> object:
        options = [
            Option(Action(o["action"]), tuple(o["amounts"]), tuple(o.get("choices", ())))
            for o in player_view(state, seat)["legal_actions"]
        ]
        choices = {c.key: c for c in choices_for(options)}
        choice = choices[key_for("   ".join(f"{c.key} {c.label}" for c in choices.values()), declare[0])]
        value = (draw(state) if draw else []) if choice.discards else choice.value
        return perform(state, choice.action, value, seat=seat)

    return act


MENU = re.compile(r"(?m)^(.*)   \? help\s*$")
"""A menu line of choices (``f fold   c call 2   r complete to 5   ? help``)."""


def menu_keys(menu: str) -> dict[str, str]:
    """``{"f": "fold", "c": "call 2", ...}`` from a menu line."""
    return {item[0]: item[2:] for item in menu.split("   ") if len(item) > 2}


def key_for(menu: str, declare: str = "h") -> str:
    """The key the tests' person presses: check or call, else the declaration
    ``declare``, else bring in or bet (a forced bet), else draw, else the first choice."""
    keys = menu_keys(menu)
    if keys.get("h") == "high":
        return declare
    for key in ("c", "b", "d"):
        if key in keys:
            return key
    return next(iter(keys))
