"""``splitpot play GAME --seat K`` driven by keystrokes through a real pseudo-terminal.

Each test spawns the command under pexpect, reads the screen as a person
would (escape codes stripped), answers every decision with one key and checks
what the screen says against the same hands played through the API with the
same seeds and the same decisions: the person's keys and the engine agree.
"""

from __future__ import annotations

import _thread
import json
import os
import re
import select
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import pytest

from child_signals import default_sigint
from splitpot.engine import events as ev
from splitpot.engine.state import State
from splitpot.games import get_game
from splitpot.table import Keys
from table_helpers import DRAW_GAME, MENU, calling_station, key_for, same_session

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals, termios and SIGINT: POSIX only")

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
RED_CARD = re.compile(r"\x1b\[[0-9;]*31m[2-9TJQKA][♥♦]")
SILENCE = 60
"""Seconds a child may print nothing before its test fails: a hang guard only, generous for
a loaded machine (the children start Python, answer and stop in well under a second)."""


class Screen:
    """A spawned ``splitpot`` whose output is read as text, escape codes removed."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, columns: int = 160,
                 size_in_env: bool = True) -> None:
        """``size_in_env=False`` leaves ``COLUMNS`` and ``LINES`` unset: the terminal's own
        size (``columns`` wide, 50 lines) is then the only one the child can read."""
        environment = {k: v for k, v in os.environ.items()
                       if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES")}
        environment["TERM"] = "xterm-256color"
        if size_in_env:
            environment.update({"COLUMNS": str(columns), "LINES": "50"})
        environment.update(env or {})
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "splitpot.cli", *args],
            env=environment,
            encoding="utf-8",
            dimensions=(50, columns),
            timeout=SILENCE,
            preexec_fn=default_sigint,
        )
        self.raw = ""
        self.text = ""
        self.pos = 0

    def _read(self) -> bool:
        try:
            chunk = self.child.read_nonblocking(65536, timeout=SILENCE)
        except pexpect.EOF:
            return False
        except pexpect.TIMEOUT as timeout:  # what the child was doing, for whoever reads the failure
            raise AssertionError(f"nothing from the child for {SILENCE} s; {child_state(self.child.pid)}\n"
                                 f"screen:\n{self.text[-2000:]}") from timeout
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
        """Read to the end of the output; the child's exit status."""
        while self._read():
            pass
        self.child.close()
        status: int = self.child.exitstatus
        return status


def child_state(pid: int) -> str:
    """The process's state and signal masks as Linux shows them (pending, blocked,
    ignored, caught), and where in the kernel it waits."""
    try:
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError as err:
        return f"(no /proc: {err})"
    fields = [line for line in status if line.split(":")[0] in
              ("State", "SigQ", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt", "Threads")]
    return "; ".join([*fields, f"wchan: {wchan}"])


def drawn(card: int) -> str:
    """A card as a terminal shows it: ``K♥``."""
    text = ev.card_text(card)
    return text[0] + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[text[1]]


def api_hands(
    game: str, players: int, seed: int, seat: int, hands: int, declare: str = "high"
) -> list[State]:
    """The same session through the API, the seat checking or calling (bringing in
    when it must) and declaring ``declare``."""
    return same_session(get_game(game), seed, seat, players, hands, calling_station(seat, declare))


def seat_name(seat: int, you: int) -> str:
    """A seat as the table's narrative names it: the person's is his (``P1 (you)``)."""
    return f"P{seat}" + (" (you)" if seat == you else "")


def stacks_line(state: State, you: int) -> str:
    """The hand's closing stacks line as the table tells it to the person in seat ``you``."""
    return "stacks: " + ", ".join(
        f"{seat_name(s, you)} {state.stacks[s]} ({state.stacks[s] - state.starting_stacks[s]:+d})"
        for s in range(state.seats)
    )


def play_out_hand(screen: Screen, declare: str = "h") -> list[str]:
    """Answer every decision of the hand under way; return the menus seen."""
    menus = []
    while (menu := screen.next_prompt()) is not None:
        menus.append(menu)
        screen.send(key_for(menu, declare))
    return menus


def test_a_stud_hand_by_keystrokes_with_a_refused_key() -> None:
    expected = api_hands("seven-card-stud", 3, 5, 1, hands=1)[0]
    screen = Screen("play", "seven-card-stud", "--players", "3", "--seed", "5", "--seat", "1")
    screen.until(r"you are P1, against 2 computer players")
    first = screen.next_prompt()
    assert first is not None
    # the table as P1 sees it: his own down cards, the others' hidden, the pot and the bet to call
    table = screen.text[: screen.pos]
    mine = " ".join(drawn(c) for c in expected.down[1][:2])
    assert f"your cards: [{mine}]" in table
    assert "P0 D" in table and "P1 (you)" in table and "[▒▒ ▒▒]" in table
    assert re.search(r"seven-card-stud - third street - pot \d+ - (to call \d+|nothing to call)", table)
    assert RED_CARD.search(screen.raw), "hearts and diamonds are drawn in red on a terminal"
    screen.send("x")
    screen.until(r"'x' is not a choice here: press ")
    again = screen.next_prompt()
    assert again == first  # refused: nothing changed, the same choices again
    screen.send(key_for(again))
    play_out_hand(screen)
    screen.until(r"session: 1 hand of seven-card-stud")
    assert screen.finish() == 0
    text = screen.text
    assert stacks_line(expected, 1) in text
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
    told = ", ".join(f"{seat_name(s, 1)} {c}" for s, c in revealed.choices)
    assert f"declarations revealed: {told}" in text
    assert stacks_line(expected, 1) in text
    assert f"you lost {200 - expected.stacks[1]} this hand" in text


def test_ctrl_c_ends_the_session_with_the_results_so_far(tmp_path: Path) -> None:
    """The notice is the computer-only run's, on standard error after the summary: was
    "stopped (ctrl-C)." with no "splitpot play: " and nothing of the file --save wrote."""
    first = api_hands("seven-card-stud-8", 4, 9, 2, hands=1)[0]
    saved = tmp_path / "s.json"
    screen = Screen(
        "play", "seven-card-stud-8", "--players", "4", "--seed", "9", "--seat", "2", "--hands", "3",
        "--save", str(saved),
    )
    play_out_hand(screen)
    assert stacks_line(first, 2) in screen.text
    screen.send("n")  # any key: the next hand
    screen.until(r"hand 2 of 3")
    assert screen.next_prompt() is not None
    screen.child.sendintr()
    screen.until(r"session: 1 hand of seven-card-stud-8")
    screen.until(re.escape(f"splitpot play: stopped (ctrl-C) after 1 hand; the session is saved in {saved} "
                           f"(`splitpot resume {saved}` plays on)."))
    assert screen.finish() == 130
    assert saved.exists()
    summary = screen.text[screen.text.index("session: 1 hand") :]
    for seat in range(4):
        net = re.escape(f"{first.stacks[seat] - 200:+d}")
        assert re.search(rf"(?m)^P{seat}\s+200\s+{first.stacks[seat]}\s+{net}\s", summary)
    assert "Traceback" not in screen.text


DRAW_SCRIPT = """
import json, sys
from splitpot.engine.spec import GameSpec
from splitpot.table import Table
sys.exit(Table(GameSpec.from_dict(json.loads(sys.argv[1])), [200] * 3, seat=1, seed=6).run())
"""


def test_a_draw_by_keystrokes() -> None:
    """Digits mark the discards (no Enter between them), Enter draws: a one-draw
    lowball built from the engine's pieces until the draw games are registered."""
    state = same_session(
        DRAW_GAME, 6, 1, 3, 1, calling_station(1, draw=lambda s: [s.down[1][0], s.down[1][2]])
    )[0]
    thrown = next(e.discarded for e in state.events if isinstance(e, ev.Drew) and e.seat == 1)
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    child = pexpect.spawn(
        sys.executable,
        ["-c", DRAW_SCRIPT, json.dumps(DRAW_GAME.to_dict())],
        env={**environment, "TERM": "xterm-256color"},
        encoding="utf-8",
        dimensions=(50, 160),
        timeout=SILENCE,
        preexec_fn=default_sigint,
    )
    screen = Screen.__new__(Screen)
    screen.child, screen.raw, screen.text, screen.pos = child, "", "", 0
    while True:
        match = screen.until(r"your move: |discard: |session: \d+ hand")
        if match.group() == "discard: ":
            screen.send("13")
            screen.until(r"marked: \S+ \S+ \(Enter draws 2\)")
            screen.send("\r")
            screen.until("throws " + " ".join(drawn(c) for c in thrown))
        elif match.group() == "your move: ":
            menu = MENU.findall(screen.text, 0, match.start())[-1]
            screen.send(key_for(menu))
        else:
            break
    assert screen.finish() == 0
    assert stacks_line(state, 1) in screen.text


def test_keys_typed_ahead_do_not_answer_a_decision_not_yet_shown() -> None:
    """Was: 'cc' at one decision made the next one too, before the person saw it;
    a script's keys (a pipe) still answer in turn."""
    expected = api_hands("seven-card-stud", 3, 5, 1, hands=1)[0]
    screen = Screen("play", "seven-card-stud", "--players", "3", "--seed", "5", "--seat", "1")
    first = screen.next_prompt()
    assert first is not None
    screen.send(key_for(first) * 2)
    second = screen.next_prompt()
    assert second is not None
    with pytest.raises(pexpect.TIMEOUT):  # it waits for the person: the second key was let go
        screen.child.read_nonblocking(1, timeout=1)
    screen.send(key_for(second))
    play_out_hand(screen)
    screen.until(r"session: 1 hand of seven-card-stud")
    assert screen.finish() == 0
    assert stacks_line(expected, 1) in screen.text


def test_a_refused_key_at_the_dealers_call_drops_the_rest_of_the_entry() -> None:
    """Was: '2x' and Enter at the call kept the 2 out, refused 'x', then took the
    Enter for Enter alone, and the house called the game for the person."""
    screen = Screen("play", "dealers-choice", "--players", "3", "--seed", "3", "--seat", "0")
    screen.until(r"your call \(1-\d+ and Enter")
    listed = dict(re.findall(r"(?m)^ *(\d+)  (.+)$", screen.text))
    screen.send("2x\r")
    screen.until(r"'x' is not a choice here: type a number")
    screen.until(r"your call \(1-\d+ and Enter")
    screen.send("3\r")
    called = screen.until(r"P0 \(you\) deals: (.+)")
    assert called.group(1).strip() == listed["3"].strip()
    screen.next_prompt()  # ctrl-C where the table waits for a key (not mid-deal, on a busy machine)
    screen.child.sendintr()
    assert screen.finish() == 130


def test_enter_alone_after_a_refused_key_lets_the_house_call() -> None:
    """Was: the Enter pressed once the refusal was on the screen was taken for the end of
    the refused entry: the prompt came again and a second Enter was needed."""
    screen = Screen("play", "dealers-choice", "--players", "3", "--seed", "3", "--seat", "0")
    screen.until(r"your call \(1-\d+ and Enter")
    screen.send("x")
    screen.until(r"'x' is not a choice here: type a number")
    screen.until(r"your call \(1-\d+ and Enter")
    screen.send("\r")
    screen.until(r"P0 \(you\) deals: ")
    screen.next_prompt()  # ctrl-C where the table waits for a key (not mid-deal, on a busy machine)
    screen.child.sendintr()
    assert screen.finish() == 130


@pytest.mark.parametrize("size_in_env", [True, False], ids=["COLUMNS set", "terminal size"])
@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}, {"TERM": "unknown"}, {"TERM": "Dumb"}],
                         ids=["NO_COLOR", "TERM=dumb", "TERM=unknown", "TERM=Dumb"])
@pytest.mark.parametrize("columns", [60, 80])
def test_a_narrow_terminal_wraps_at_words_in_plain_text_too(
    env: dict[str, str], columns: int, size_in_env: bool
) -> None:
    """Was: with NO_COLOR the table wrote its lines 160 wide and the terminal broke them
    mid-word ("...3 computer players; k" / "eys: ? help"), where TERM=dumb wrapped them.
    Was too: TERM=unknown (or Dumb: rich reads either, in any case, as a dumb terminal)
    drew colours and took the width as 80 unless COLUMNS and LINES were both set."""
    screen = Screen("play", "seven-card-stud-8", "--players", "4", "--seed", "21", "--seat", "2",
                    env=env, columns=columns, size_in_env=size_in_env)
    screen.until(r"your move: ")
    screen.child.sendintr()
    assert screen.finish() == 130
    lines = screen.text.splitlines()
    assert max(len(line) for line in lines) <= columns, "\n".join(lines)
    assert "keys: ? help, . repeat, q leave, ctrl-C stop" in lines


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}], ids=["NO_COLOR", "TERM=dumb"])
def test_a_screen_reader_s_terminal_gets_plain_ascii_text(env: dict[str, str]) -> None:
    """Was: TERM=dumb (as a screen reader runs the table) wrote the suit symbols, ▒▒ for
    an unseen card and ─ rules under each table: hundreds of non-ASCII bytes a reader
    spells out or skips; the same as NO_COLOR now: card letters, ?? and no rules."""
    screen = Screen("play", "seven-card-stud-8", "--players", "3", "--seed", "4", "--seat", "2", env=env)
    screen.until(r"your move: ")
    screen.send("c")
    screen.until(r"your move: ")
    screen.child.sendintr()
    assert screen.finish() == 130
    assert "\x1b" not in screen.raw and screen.raw.isascii(), screen.raw
    assert "P1: [?? ??] Ac" in screen.text and "your cards: [2s Qs] Kd" in screen.text


@pytest.fixture
def terminal() -> Iterator[tuple[int, TextIO]]:
    """A pseudo-terminal: its master end's descriptor and its other end as a text stream."""
    master, slave = os.openpty()
    stream = open(slave, encoding="utf-8")  # noqa: SIM115 - closed below
    try:
        yield master, stream
    finally:
        stream.close()
        os.close(master)


def test_a_ctrl_c_noted_just_before_the_wait_for_a_key_stops_at_once(terminal: tuple[int, TextIO]) -> None:
    """Was: a ctrl-C whose signal came just before the table began to wait for a key
    (under load: between the prompt and the read) was turned into KeyboardInterrupt
    only after the next key: Python runs its handlers between steps of its code, and
    a waiting read is none.  ``_thread.interrupt_main`` notes an interrupt without a
    signal that would end the wait: the same state."""
    master, stream = terminal
    keys = Keys(stream)
    assert keys.terminal
    typed: list[bool] = []

    def press_a_key() -> None:
        typed.append(True)
        os.write(master, b"k")

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # (a background job ignores it)
    interrupt = threading.Timer(0.3, _thread.interrupt_main)
    key = threading.Timer(15, press_a_key)  # the old wait's only way out
    try:
        key.start()
        with keys, pytest.raises(KeyboardInterrupt):
            # (started in the block: on a loaded machine the interrupt may come before the
            # wait has begun, and must still land here, not in pytest after the test)
            interrupt.start()
            keys.read()
    finally:
        key.cancel()
        interrupt.cancel()  # (a read that ended otherwise leaves no interrupt for later)
        if interrupt.ident is not None:
            interrupt.join()
        signal.signal(signal.SIGINT, previous)
    assert not typed, "the interrupt waited for a key"


def test_keys_typed_before_a_question_are_let_go_and_the_next_one_read(
    terminal: tuple[int, TextIO], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The keys a terminal holds when a question is asked are read and let go, not
    flushed (a flush would also lose a ctrl-C the terminal had not yet seen): a
    tcflush here fails the test (the table flushes only a descriptor select() cannot
    watch, >= 1024); the reading lets the keys go as the flush did."""
    termios = pytest.importorskip("termios")

    def no_flush(*args: object) -> None:
        raise AssertionError("the keys typed ahead were flushed, not read")

    monkeypatch.setattr(termios, "tcflush", no_flush)
    master, stream = terminal
    keys = Keys(stream)
    with keys:
        os.write(master, b"cc")
        assert select.select([stream], [], [], 10)[0]
        keys.fresh()
        assert not select.select([stream], [], [], 0)[0]
        os.write(master, b"f")
        assert keys.read() == "f"


def test_keys_on_a_descriptor_select_cannot_watch_are_still_read(terminal: tuple[int, TextIO]) -> None:
    """Was: a terminal on descriptor 1024 or more (a program with many files open)
    raised ValueError from select() where the plain read had worked."""
    resource = pytest.importorskip("resource")
    master, stream = terminal
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 1500:
        pytest.skip("the descriptor limit is below 1501")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1501), hard))
    high = os.dup2(stream.fileno(), 1500)
    try:
        with open(high, encoding="utf-8", closefd=False) as far:
            keys = Keys(far)
            assert keys.terminal
            with keys:
                os.write(master, b"xy")
                assert select.select([stream], [], [], 10)[0]
                keys.fresh()  # let go, as at any terminal
                os.write(master, b"k")
                assert keys.read() == "k"
    finally:
        os.close(high)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
