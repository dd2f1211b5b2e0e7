"""``splitpot play GAME --seat K`` driven by keystrokes through a real pseudo-terminal.

Each test spawns the command under pexpect, reads the screen as a person
would (escape codes stripped), answers every decision with one key and checks
what the screen says against the same hands played through the API with the
same seeds and the same decisions: the person's keys and the engine agree.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

import pytest

from splitpot.bots import SimpleBot
from splitpot.engine import events as ev
from splitpot.engine.history import player_view
from splitpot.engine.session import Session
from splitpot.engine.state import State
from splitpot.games import get_game

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
MENU = re.compile(r"(?m)^(.*)   \? help\s*$")
RED_CARD = re.compile(r"\x1b\[[0-9;]*31m[2-9TJQKA][♥♦]")


class Screen:
    """A spawned ``splitpot`` whose output is read as text, escape codes removed."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
        environment.update({"TERM": "xterm-256color", "COLUMNS": "160", "LINES": "50"})
        environment.update(env or {})
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "splitpot.cli", *args],
            env=environment,
            encoding="utf-8",
            dimensions=(50, 160),
            timeout=20,
        )
        self.raw = ""
        self.text = ""
        self.pos = 0

    def _read(self) -> bool:
        try:
            chunk = self.child.read_nonblocking(65536, timeout=20)
        except pexpect.EOF:
            return False
        self.raw += chunk
        self.text = ANSI.sub("", self.raw.replace("\r\n", "\n"))
        return True

    def until(self, pattern: str) -> re.Match[str]:
        """Read until ``pattern`` appears after what was already consumed."""
        while True:
            match = re.compile(pattern).search(self.text, self.pos)
            if match:
                self.pos = match.end()
                return match
            if not self._read():
                raise AssertionError(f"no {pattern!r} before the end; screen:\n{self.text[self.pos :]}")

    def next_prompt(self) -> str | None:
        """Read to the next decision ("your move: "), returning its menu line, or
        None when the hand ended first (the "any key" prompt or the summary)."""
        match = self.until(r"your move: |any key: hand \d+|session: \d+ hand")
        if not match.group().startswith("your move"):
            self.pos = match.start()  # left for the caller to read
            return None
        menus = MENU.findall(self.text, 0, match.start())
        return menus[-1]

    def send(self, key: str) -> None:
        self.child.send(key)

    def finish(self) -> int:
        while self._read():
            pass
        self.child.close()
        status: int = self.child.exitstatus
        return status


def menu_keys(menu: str) -> dict[str, str]:
    """``{"f": "fold", "c": "call 2", ...}`` from a menu line."""
    return {item[0]: item[2:] for item in menu.split("   ") if len(item) > 2}


def calling_station(keys: dict[str, str], declare: str = "h") -> str:
    """The test's person: check or call, bring in when he must, declare ``declare``."""
    if "h" in keys and keys["h"] == "high":
        return declare
    return "c" if "c" in keys else "b"


def api_hands(
    game: str, players: int, seed: int, seat: int, hands: int, declare: str = "high", **options: object
) -> list[State]:
    """The same session through the API: SimpleBot in every other seat, the seat
    checking or calling (bringing in when it must) and declaring ``declare``."""
    session = Session(get_game(game, **options), [200] * players, seed=seed)
    bot = SimpleBot(seed=seed)
    out = []
    for _ in range(hands):
        state = session.new_hand()
        while not state.is_complete:
            legal = {o["action"] for o in player_view(state, seat)["legal_actions"]}
            if not legal:
                bot(state)
            elif "declare" in legal:
                state.declare(declare, seat=seat)
            else:
                act: Callable[[], object] = (
                    state.call if "call" in legal else state.check if "check" in legal else state.bring_in
                )
                act()
        out.append(state)
    return out


def stacks_line(state: State) -> str:
    return "stacks: " + ", ".join(
        f"P{s} {state.stacks[s]} ({state.stacks[s] - state.starting_stacks[s]:+d})"
        for s in range(state.seats)
    )


def play_out_hand(screen: Screen, declare: str = "h") -> list[str]:
    """Answer every decision of the hand under way; return the menus seen."""
    menus = []
    while (menu := screen.next_prompt()) is not None:
        menus.append(menu)
        screen.send(calling_station(menu_keys(menu), declare))
    return menus


def test_a_stud_hand_by_keystrokes_with_a_refused_key() -> None:
    expected = api_hands("seven-card-stud", 3, 5, 1, hands=1)[0]
    screen = Screen("play", "seven-card-stud", "--players", "3", "--seed", "5", "--seat", "1")
    screen.until(r"you are P1, against 2 computer players")
    first = screen.next_prompt()
    assert first is not None
    # the table as P1 sees it: his own down cards, the others' hidden, the pot and the bet to call
    table = screen.text[: screen.pos]
    down = [ev.card_text(c) for c in expected.down[1][:2]]
    suits = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    mine = " ".join(c[0] + suits[c[1]] for c in down)
    assert f"your cards: [{mine}]" in table
    assert "P0 D" in table and "P1 (you)" in table and "[▒▒ ▒▒]" in table
    assert re.search(r"seven-card-stud - third street - pot \d+ - (to call \d+|nothing to call)", table)
    assert RED_CARD.search(screen.raw), "hearts and diamonds are drawn in red on a terminal"
    screen.send("x")
    screen.until(r"'x' is not a choice here: press ")
    again = screen.next_prompt()
    assert again == first  # refused: nothing changed, the same choices again
    screen.send(calling_station(menu_keys(again)))
    play_out_hand(screen)
    screen.until(r"session: 1 hand of seven-card-stud")
    assert screen.finish() == 0
    text = screen.text
    assert stacks_line(expected) in text
    net = expected.stacks[1] - 200
    assert f"you (P1) {net:+d}, 200 -> {expected.stacks[1]}" in text
    assert "Traceback" not in text


def test_a_declare_hand_by_keystrokes_in_plain_text() -> None:
    expected = api_hands("seven-card-stud-declare", 3, 4, 1, hands=1, declare="low")[0]
    revealed = next(e for e in expected.events if isinstance(e, ev.DeclarationsRevealed))
    screen = Screen(
        "play", "seven-card-stud-declare", "--players", "3", "--seed", "4", "--seat", "1", "--plain"
    )
    menus = play_out_hand(screen, declare="l")
    assert menus[-1].startswith("h high   l low   b both")
    screen.until(r"session: 1 hand")
    assert screen.finish() == 0
    assert "\x1b" not in screen.raw, "--plain writes no escape codes, even to a terminal"
    text = screen.text
    assert "your move: l low" in text
    told = ", ".join(f"P{s} {c}" for s, c in revealed.choices)
    assert f"declarations revealed: {told}" in text
    assert stacks_line(expected) in text
    assert f"you lost {200 - expected.stacks[1]} this hand" in text


def test_ctrl_c_ends_the_session_with_the_results_so_far() -> None:
    first = api_hands("seven-card-stud-8", 4, 9, 2, hands=1)[0]
    screen = Screen(
        "play", "seven-card-stud-8", "--players", "4", "--seed", "9", "--seat", "2", "--hands", "3"
    )
    play_out_hand(screen)
    assert stacks_line(first) in screen.text
    screen.send("n")  # any key: the next hand
    screen.until(r"hand 2 of 3")
    assert screen.next_prompt() is not None
    screen.child.sendintr()
    screen.until(r"stopped \(ctrl-C\)\.")
    screen.until(r"session: 1 hand of seven-card-stud-8")
    assert screen.finish() == 130
    summary = screen.text[screen.text.index("stopped (ctrl-C)") :]
    for seat in range(4):
        net = re.escape(f"{first.stacks[seat] - 200:+d}")
        assert re.search(rf"(?m)^P{seat}\s+200\s+{first.stacks[seat]}\s+{net}\s", summary)
    assert "Traceback" not in screen.text
