"""A person at the table: ``splitpot play GAME --seat K`` plays against the computer.

At each of the person's decisions the screen shows the table as his seat sees
it (:func:`~splitpot.engine.history.player_view`): every seat's upcards, stack
and chips in the pot, what each opponent did since the person's last turn, the
pot, the bet to call, his own down cards and the hand they make, and the legal
actions as one-key choices with their amounts (``f`` fold, ``c`` call 4, ``r``
raise to 8, ``h``/``l``/``b`` a declaration, ``1``-``5`` to mark discards and
Enter to draw them, ``p`` to stand pat).
The hand is told as it goes by the same narrative as ``splitpot play``
(:func:`splitpot.narrate.narrate`), the other seats' down cards hidden.

The front end knows no game: it offers whatever
:class:`~splitpot.engine.betting.Option` s the engine lists — an action with
its amounts, or with its choices — and performs a choice by calling the
state's method for that action (``raise`` → ``raise_to``, otherwise the
method named like the action), passing the amount, the choice or the
discards when the method takes one and the person's seat when it asks for
``seat``.  A new game's actions need nothing here.

Keys are read one at a time from a terminal (no Enter needed); from a pipe or a
file, each line's characters are the keys and its end is Enter, so a session
can be scripted.  An Enter where no Enter is asked for is let go (pressed by
habit after a key, or ending a scripted line).  A refused key throws away the rest
of its line; at a terminal, keys typed ahead of a new question are let go (they
were meant for what was on the screen before).  ``?`` shows the keys, ``.`` says the decision's
situation again (the pot and the bet to call, the seats, his cards, the choices: help or a refused
key has scrolled them away), ``q`` leaves the table (after a ``y``),
ctrl-C or the end of input stops at once; either way the session's results so
far are printed.  Between hands ``s`` sits the person out
(:meth:`~splitpot.engine.session.Session.sit_out`: he keeps his chips, the computer
players play on and he sees each hand as it ends) and ``i`` sits him back in.

>>> from splitpot.engine.betting import Action, Option
>>> [(c.key, c.label) for c in choices_for([Option(Action.FOLD), Option(Action.CALL, (4,)),
...                                         Option(Action.RAISE, (8,))])]
[('f', 'fold'), ('c', 'call 4'), ('r', 'raise to 8')]
>>> [(c.key, c.label) for c in choices_for([Option(Action.DECLARE, choices=("high", "low", "both"))])]
[('h', 'high'), ('l', 'low'), ('b', 'both')]

Readings: the person's results count complete hands only: a hand stopped by
ctrl-C is abandoned, its chips back where they stood before it; ``--me`` is
``--seat 0``.  Sitting out is refused where too few players would be dealt in
without him (he stays in, told why); a session resumed with his seat sitting out
asks him first (``i`` sits back in, any other key deals the next hand without
him) rather than playing on without a word; the computer players never sit out.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import os
import select
import string
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from rich.text import Text

from splitpot.argtypes import file_name, say
from splitpot.bots import SimpleBot
from splitpot.dealers_choice import DEALERS_CHOICE, Call, Deal, DealersChoice, NoCallError, high_low_text
from splitpot.engine import events as ev
from splitpot.engine.betting import Action, Option
from splitpot.engine.choices import ChoiceMode
from splitpot.engine.history import player_view
from splitpot.engine.positional import PositionalWild, positional_card, wilds_with
from splitpot.engine.session import Session
from splitpot.engine.showdown import _qualifies, dead_hand_text, evaluate_hands
from splitpot.engine.spec import GameSpec, Wilds
from splitpot.engine.state import Phase, State, method_name
from splitpot.errors import ArgumentTypeError, IllegalActionError, RuleError, SplitpotError
from splitpot.evaluate import evaluate
from splitpot.narrate import ALL, FORCED_OPENERS, YOU, Viewer, narrate, no_low, one_bracket
from splitpot.play import (
    finished_hands,
    kept_by_hand,
    net_results,
    plot_session,
    resumed_line,
    save_session,
    saved_note,
    session_document,
    session_table,
    stalled_reason,
    standings,
    stopped_status,
    with_kept,
    write_phh,
)
from splitpot.render import Output, action_label, style_text
from splitpot.validate import as_int, counted, describe

__all__ = ["Choice", "Keys", "Table", "choices_for", "method_name", "perform", "run_and_record", "run_table",
           "to_act"]

REPEAT = "."
"""The key that says a decision's situation again (its title line with the pot and the bet to
call, the seats, your cards and what they make, the choices), once help or a refused key has
scrolled it away.  A full stop: no game's choice can take it (:func:`choices_for` gives letters
and digits only), it is no key of the draw's marking either, and a screen reader's user finds it
on any keyboard (Space, Tab and Enter stay let go: pressed by habit, or a script's separators)."""
RESERVED_KEYS = frozenset("?q" + REPEAT)
"""Keys that are never a choice: ``?`` help, ``q`` leave the table, ``.`` say the situation again."""

ENTER = "\n"
ALWAYS_KEYS = "? help, . repeat, q leave, ctrl-C stop"
"""The keys there at every decision, as the opening line and a refused key's hint list them."""
_REPEAT_HELP = "  .  repeat: the pot and the bet to call, the seats, your cards and what they make, {}"
"""How ? help at a decision explains the repeat key (what it says last: the choices, the marking)."""
_ALWAYS_HELP = ("  ? this help, q leave the table (asks first), ctrl-C stop at once: "
                "the results so far are printed")
"""How ? help explains the keys there at every decision."""
NOT_SAVED = "progress is not saved: add --save FILE to save the session when it ends"
"""What ``splitpot resume FILE`` says when it is given no ``--save``."""
_EOF = ""
_BLANKS = (" ", "\t")
_BACKSPACES = ("\x7f", "\b")
_PREFERRED = {
    Action.FOLD: "f",
    Action.CHECK: "c",
    Action.CALL: "c",
    Action.BET: "b",
    Action.RAISE: "r",
    Action.COMPLETE: "r",
    Action.BRING_IN: "b",
    Action.DRAW: "d",
}
_CHIPS = frozenset({Action.CALL, Action.BRING_IN, Action.BET, Action.RAISE, Action.COMPLETE})
"""The actions that put chips in: the one that puts his whole stack in says so."""
@dataclass(frozen=True, slots=True, kw_only=True)
class Choice:
    """One key of the person's choices: ``action`` with ``value`` (an amount or a
    choice, None when there is none); ``discards`` > 0 means the person marks
    up to that many cards to throw away before the action is made."""

    key: str
    label: str
    action: Action
    value: int | str | None = None
    discards: int = 0

    def __post_init__(self) -> None:
        if len(self.key) != 1 or self.key in RESERVED_KEYS:
            raise RuleError(f"a choice's key is one character other than ?, q and ., got {self.key!r}")


def choices_for(options: Sequence[Option]) -> list[Choice]:
    """One :class:`Choice` a key for ``options``: each amount of an option and
    each of its choices is a key of its own.  The usual letters come first
    (``f`` fold, ``c`` check or call, ``b`` bet or bring in, ``r`` raise or
    complete, ``d`` draw, a declaration's initial), then upper case for a second
    amount, then digits and free letters.

    >>> [(c.key, c.label) for c in choices_for([Option(Action.CHECK), Option(Action.BET, (5, 10))])]
    [('c', 'check'), ('b', 'bet 5'), ('B', 'bet 10')]
    >>> [c.key for c in choices_for([Option(Action("declare"), choices=("Kh", "7c"))])]
    ['1', '2']
    >>> [(c.key, c.label) for c in choices_for([Option(Action.TURN_UP, (0, 1), ("Kh",))])]
    [('1', 'turn up Kh'), ('k', 'keep your hole card down')]
    """
    taken: set[str] = set(RESERVED_KEYS)
    spare = "123456789" + string.ascii_lowercase + string.ascii_uppercase

    def key(*preferred: str) -> str:
        pool: list[str] = [*preferred, *spare]
        for k in pool:
            if len(k) == 1 and k not in taken:
                taken.add(k)
                return k
        raise ValueError("more choices than keys")  # pragma: no cover - 60 keys

    out: list[Choice] = []
    for option in options:
        action = option.action
        first = _PREFERRED.get(action, str(action)[0])
        if option.choices:
            for choice in option.choices:
                word = choice.isalpha() and len(choice) > 2
                k = key(choice[0].lower()) if word else key()
                out.append(Choice(key=k, label=action_label(action, choice), action=action, value=choice))
            if action is Action.TURN_UP and 0 in option.amounts:  # he may keep them down
                out.append(Choice(key=key("k"), label="keep your hole card down", action=action))
        elif action is Action.DRAW:
            most = option.amounts[0] if option.amounts else 0
            out.append(Choice(key=key(first), label=action_label(action, most), action=action, discards=most))
        elif len(option.amounts) > 1:
            for i, amount in enumerate(option.amounts):
                k = key(first) if i == 0 else key(first.upper())
                out.append(Choice(key=k, label=action_label(action, amount), action=action, value=amount))
        else:
            value = option.amounts[0] if option.amounts else None
            out.append(Choice(key=key(first), label=action_label(action, value), action=action, value=value))
    return out


def perform(state: State, action: Action, value: object = None, *, seat: int | None = None) -> ev.Event:
    """Make ``action`` with ``value`` (an amount, a choice, the cards to discard)
    for ``seat`` (default: the seat to act): :meth:`State.act
    <splitpot.engine.state.State.act>`.

    >>> from splitpot.games import get_game
    >>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
    >>> perform(state, Action.COMPLETE, 5)
    Completed(seat=0, amount=5, to=5)
    >>> perform(state, Action.RAISE, 10)
    Raised(seat=1, amount=10, to=10)
    """
    who = state.actor if seat is None else seat
    if who is None:
        raise IllegalActionError(f"Nobody may {action} now: the hand is over." if state.is_complete
                                 else f"Name the seat that makes the {action}.")
    return state.act(who, action, value)


_NO_KEYS = io.StringIO()
_WAKE_UP = 0.2
"""Seconds between two looks for a ctrl-C while the table waits for a key."""


class Keys:
    """The person's keys, one at a time.

    From a terminal, keys come as they are pressed (cbreak mode while the
    ``with`` block runs: no echo, no Enter needed, ctrl-C still interrupts);
    an escape sequence (an arrow key) is one key.  From anything else, a line
    gives its characters and then Enter.  ``read`` returns ``""`` at the end of
    input (ctrl-D on a terminal).

    >>> import io
    >>> keys = Keys(io.StringIO("fc\\nr"))
    >>> with keys:
    ...     [keys.read() for _ in range(6)]
    ['f', 'c', '\\n', 'r', '\\n', '']
    """

    def __init__(self, stream: IO[str] | None = None) -> None:
        # (standard input closed, `<&-`: no keys, as at the end of a file)
        default = sys.stdin if sys.stdin is not None else _NO_KEYS
        self.stream: IO[str] = default if stream is None else stream
        self._pending: list[str] = []
        try:
            self.fd: int | None = self.stream.fileno()
            self.terminal = os.isatty(self.fd)
        except (AttributeError, OSError, ValueError):
            self.fd, self.terminal = None, False
        self._saved: list[Any] | None = None

    def __enter__(self) -> Keys:
        if self.terminal and sys.platform != "win32":
            import termios
            import tty

            assert self.fd is not None
            self._saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd, termios.TCSANOW)  # TCSANOW: keep keys typed ahead
        return self

    def __exit__(self, *exc: object) -> None:
        if self._saved is not None and sys.platform != "win32":
            import termios

            assert self.fd is not None
            termios.tcsetattr(self.fd, termios.TCSANOW, self._saved)
            self._saved = None

    def fresh(self) -> None:
        """A new question: forget an Enter left over from the last answer (the end
        of a scripted line, or Enter pressed after a key by habit); at a terminal,
        forget every key typed ahead: they were meant for what the person saw before,
        not for a question he has not seen.  A script's keys are its answers: they stay."""
        if self.terminal:
            self._drop_typed_ahead()
        elif self._pending == [ENTER]:
            self._pending = []

    def drop_line(self) -> bool:
        """After a refused key: the rest of the line goes with it (its Enter must
        not answer the question asked again) — the rest of a scripted line, or at a
        terminal every key typed ahead.  Whether keys other than an Enter came with
        the refused one (read with it)."""
        more = any(k != ENTER for k in self._pending)
        if self.terminal:
            self._drop_typed_ahead()
        else:
            self._pending = []
        return more

    def _drop_typed_ahead(self) -> None:
        self._pending = []
        if self.fd is None:
            return
        if sys.platform == "win32":  # pragma: no cover - no Windows CI
            import msvcrt

            while msvcrt.kbhit():
                msvcrt.getwch()
            return
        # Read and let go what has come, not tcflush(TCIFLUSH): the flush also throws away
        # what the terminal has not yet looked at, and a ctrl-C among it would be lost,
        # not turned into an interrupt (the table then waited for a key).
        try:
            for _ in range(64):  # (a key held down cannot keep the question waiting)
                if not select.select([self.fd], [], [], 0)[0] or not os.read(self.fd, 1024):
                    break
        except ValueError:  # a descriptor select() cannot watch (1024 or more): flushed
            import termios

            with contextlib.suppress(termios.error):
                termios.tcflush(self.fd, termios.TCIFLUSH)
        except OSError:
            pass

    def read(self) -> str:
        """The next key: a character, :data:`ENTER` for Enter, ``""`` at the end."""
        if self._pending:
            return self._pending.pop(0)
        if not self.terminal:
            # bytes read as the terminal's keys are: what is no text is a key refused, not a traceback
            raw = getattr(self.stream, "buffer", None)
            line = raw.readline().decode(errors="replace") if raw is not None else self.stream.readline()
            if not line:
                return _EOF
            self._pending = [*line.rstrip("\r\n"), ENTER]
            return self._pending.pop(0)
        if sys.platform == "win32":  # pragma: no cover - no Windows CI
            import msvcrt

            key: str = msvcrt.getwch()
            if key == "\x03":
                raise KeyboardInterrupt
            return _EOF if key in ("\x04", "\x1a") else ENTER if key == "\r" else key
        assert self.fd is not None
        # Waiting in short select()s, not in one read: Python turns a signal into
        # KeyboardInterrupt between two steps of its code, never inside a read that
        # waits, so a ctrl-C that came just before the read began would have waited
        # for the next key; a loop step lets it stop the table at once.
        with contextlib.suppress(ValueError):  # (a descriptor select() cannot watch: one read)
            while not select.select([self.fd], [], [], _WAKE_UP)[0]:
                pass
        data = os.read(self.fd, 64).decode(errors="replace")
        if not data or data[0] == "\x04":
            return _EOF
        if data[0] == "\x1b":
            return data
        keys = [ENTER if k in "\r\n" else k for k in data.replace("\r\n", "\n")]
        self._pending = keys[1:]
        return keys[0]


class _Leave(Exception):
    """The person leaves the table (``q``, or the end of input)."""


_LEFT_EARLY = ("you left the table", "end of input")
"""The reasons a session ends that the person chose (its other ends: out of chips, no game)."""


@dataclass(frozen=True, slots=True)
class _Played:
    number: int
    state: State


class Table:
    """A session with a person in seat ``seat`` and :class:`~splitpot.bots.SimpleBot`
    in every other seat; :meth:`run` plays up to ``hands`` hands and returns the
    exit status (0, or 130 after ctrl-C).

    ``game`` is one game's spec, or a session that deals each hand itself, such as a
    dealer's-choice session (:func:`splitpot.house.house_session`), whose dealer's call
    is shown at the start of each hand; ``stacks`` are the chips each seat sits down
    with (a session brings its own: leave ``stacks`` out).  A resumed session
    (:meth:`Session.from_json <splitpot.engine.session.Session.from_json>`) goes on
    where it stood: an unfinished hand is played on first, the hands are numbered on,
    and the summary counts the hands played before; ``bot`` (a
    :class:`~splitpot.bots.SimpleBot`, as :meth:`SimpleBot.from_dict
    <splitpot.bots.SimpleBot.from_dict>` brings it back) plays the other seats
    (default: a new one seeded with ``seed``).

    >>> import io
    >>> from splitpot import get_game
    >>> from splitpot.render import Output
    >>> out, keys = io.StringIO(), Keys(io.StringIO("p\\nc\\nc\\n"))   # stand pat, call, call
    >>> table = Table(get_game("aces-deuces"), [50] * 3, seat=0, seed=3, keys=keys, out=Output(stream=out))
    >>> table.run()
    0
    >>> [line for line in out.getvalue().splitlines() if line.startswith("session:")]
    ['session: 1 hand of aces-deuces; you (P0) -21, 50 -> 29']
    """

    def __init__(
        self,
        game: GameSpec | Session,
        stacks: Sequence[int] | None = None,
        *,
        seat: int,
        hands: int = 1,
        seed: int | None = None,
        out: Output | None = None,
        keys: Keys | None = None,
        plot: str | None = None,
        bot: SimpleBot | None = None,
    ) -> None:
        if isinstance(game, Session):
            if stacks is not None:
                raise RuleError("stacks: a session brings its own stacks; leave stacks out")
            title = DEALERS_CHOICE if isinstance(game, DealersChoice) else game.spec.name
            self.session, self.title = game, title
        elif isinstance(game, GameSpec):
            if stacks is None:
                raise RuleError("stacks: give the chips each seat sits down with")
            self.session, self.title = Session(game, stacks, seed=seed), game.name
        else:
            raise ArgumentTypeError(f"game must be a GameSpec or a Session, got {describe(game)}")
        stacks = self.session.stacks
        self.seat = as_int(seat, "seat", low=0, high=len(stacks) - 1)
        self.seed = seed
        self.out = Output() if out is None else out
        self.keys = Keys() if keys is None else keys
        self.plot = plot
        self.command = "play"  # the command named in messages: play, or resume
        self.notes: list[str] = []  # notices said after the opening line (resume: progress not saved)
        self.left = False  # whether the person left before the session's end (q and y, end of input)
        self.tell_stop = True  # say "stopped (ctrl-C) ..." here (run_and_record: after its files)
        self.names = [f"P{s}" for s in range(len(stacks))]
        self._offered: list[Choice] = []  # the choices of the decision on the screen (for ? help)
        if bot is not None and not isinstance(bot, SimpleBot):
            raise ArgumentTypeError(f"bot must be a SimpleBot, got {describe(bot)}")
        self.bot = SimpleBot(seed=seed) if bot is None else bot
        # The hands of a resumed session: the finished ones count in the summary.
        done = finished_hands(self.session)
        self.played: list[_Played] = [_Played(n, state) for n, state in enumerate(done, 1)]
        self.plan(hands)

    def plan(self, hands: int) -> None:
        """Play ``hands`` hands from where the session stands (a hand in progress
        counts as one): :attr:`last` is the number of the last one."""
        self.last = len(self.played) + as_int(hands, "hands", low=1)
        self._printed = 0
        self._my_last = -1

    # ------------------------------------------------------------------ run
    def run(self) -> int:
        """Play the session; print its summary however it ends."""
        status = 0
        why = ""
        try:
            with self.keys:
                self._play()
        except KeyboardInterrupt:
            status = 130
        except _Leave as leave:
            why = str(leave)
            self.left = why in _LEFT_EARLY
        self._summary(why)
        if self.plot and self.played:
            names = self._you_names()
            states = [p.state for p in self.played]
            if not plot_session(self.plot, states, names, highlight=self.seat, title=self.title,
                                command=self.command, kept=kept_by_hand(self.session)):
                return 1
            self.out.line(f"plot: {file_name(self.plot, self.out.stream)}")
        if status and self.tell_stop:
            return stopped_status(argparse.Namespace(), len(self.played), True, command=self.command)
        return status

    def _play(self) -> None:
        out = self.out
        me = self.names[self.seat]
        others = len(self.names) - 1
        spec = self.session.spec if not isinstance(self.session, DealersChoice) else None
        made = f" ({high_low_text(spec)})" if spec is not None and high_low_text(spec) else ""
        keys = f"keys: {ALWAYS_KEYS}".replace(" ", "\u00a0")  # wrapped whole (no-break spaces)
        out.line(f"{self.title}{made}: you are {me}, against {counted(others, 'computer player')}; {keys}",
                 names=[me])
        if self.session.hands:
            out.line(resumed_line(len(self.played), not self.session.hands[-1].is_complete))
        for note in self.notes:  # on standard error, as every command's notices: splitpot resume: ...
            say(self.command, note)
        first = len(self.played) + 1
        for number in range(first, self.last + 1):
            current = self.session.hands[-1] if self.session.hands else None
            if current is not None and not current.is_complete:
                state = current  # a resumed hand
            else:
                stacks = self.session.stacks
                if stacks[self.seat] == 0:
                    raise _Leave("you have no chips left")
                if not any(chips for s, chips in enumerate(stacks) if s != self.seat):
                    raise _Leave("the others have no chips left")
                if number == first and self.seat in self.session.sitting_out:  # sits out so: asked first
                    saved = (", as you did when the session was saved"
                             if self.seat in self.session._saved_out else "")  # resumed from a document so
                    self.out.line(f"you sit out{saved} (your {stacks[self.seat]} chips are kept)")
                # Asked between hands, and before the first one where the session has played
                # hands (resumed between hands: he may sit the next one out) or he sits out;
                # a new session's first hand is dealt at once (everyone sat down to play it).
                if number > 1 or self.seat in self.session.sitting_out:
                    self._between_hands(number)
                try:
                    state = self.session.new_hand()
                except NoCallError as error:  # dealer's choice: no game seats the players left
                    raise _Leave(f"the session is over: {error}") from None
                except RuleError as error:  # others sitting out (a document written so): too few dealt in
                    raise _Leave(f"no hand can be dealt: {error}") from None
            self._play_hand(state, number)
            self.played.append(_Played(number, state))

    def _prompt(self, number: int, stall: str | None) -> str:
        """The between-hands prompt: its keys as the person now sits (in, out, or out
        with too few dealt in without him)."""
        if stall is not None:
            return f"{stall}; i: sit back in; q: leave the table (asks first); ? help"
        if self.seat in self.session.sitting_out:
            return (f"any key: hand {number} of {self.last} without you; i: sit back in; "
                    "q: leave the table (asks first); ? help")
        return f"any key: hand {number} of {self.last}; s: sit out; q: leave the table (asks first); ? help"

    def _between_hands(self, number: int) -> None:
        """Any key deals the next hand; ``s`` sits the person out (he keeps his chips, the
        others play on and he sees each hand as it ends) and ``i`` sits him back in;
        ``q`` leaves, asking first as it does in a hand; ``?`` is help, as everywhere (it
        does not deal).  While too few are dealt in without him, only ``i`` and ``q`` do."""
        self.keys.fresh()
        while True:
            out = self.seat in self.session.sitting_out
            stall = self._stall() if out else None
            self.out.line(self._prompt(number, stall))
            key = self.keys.read()
            if key == "?":
                self.out.line("?")
                self._between_help(number, out, stall)
                self.keys.drop_line()  # a scripted "?" line's Enter does not deal
                continue
            if key == _EOF:
                raise _Leave("end of input")
            if key == ".":  # the last hand's result again (a screen reader's user may ask): not a deal
                self.out.line(".")
                if self.played:
                    self._hand_result(self.played[-1].state, self.played[-1].number)
                else:
                    self.out.line("no hand has been played yet")
                self.keys.drop_line()
                continue
            if key == "q":
                self.out.line("q")
                dealt = "" if stall else f" (hand {number} is dealt{' without you' if out else ''})"
                self.out.line(f"leave the table? y: yes, any other key: no{dealt}")
                if self._confirm():
                    raise _Leave("you left the table")
                if stall:
                    self.keys.drop_line()
                    continue
                return
            if key == "s" and not out:
                self.out.line("s")
                why = self._refusal()
                if why is not None:  # nobody to deal to without him: he stays in
                    self.out.line(f"you cannot sit out now: {why}")
                    self.keys.drop_line()
                    continue
                self.session.sit_out(self.seat)
                chips = self.session.stacks[self.seat]
                self.out.line(f"you sit out from hand {number} on, keeping your {chips} chips: the others "
                              "play on and you see each hand as it ends; i sits you back in between hands",
                              style="bold")
                return
            if key == "i" and out:
                self.out.line("i")
                self.session.sit_in(self.seat)
                self.out.line(f"you sit back in: you are dealt hand {number}", style="bold")
                return
            if stall:
                self.out.line(f"{_key_name(key)} is not a choice here: {stall}; press i to sit back in or q "
                              "to leave the table")
                self.keys.drop_line()
                continue
            return

    def _between_help(self, number: int, out: bool, stall: str | None) -> None:
        """``?`` between hands: the keys there."""
        if stall:
            self.out.line("keys: no hand can be dealt until you sit back in; now:")
        elif out:
            self.out.line(f"keys: any key but ?, ., i and q deals hand {number} of {self.last} without you; "
                          "now:")
        else:
            self.out.line(f"keys: any key but ?, ., s and q deals hand {number} of {self.last}; now:")
        refused = None if out else self._refusal()
        if out:
            self.out.line("  i  sit back in: you are dealt the next hand (you owe no missed antes or blinds)")
        elif refused:
            self.out.line(f"  s  sit out: not now, {refused}")
        else:
            self.out.line("  s  sit out the hands to come, keeping your chips: the others play on and you "
                          "see each hand as it ends (i sits you back in between hands)")
        self.out.line("  .  repeat: the last hand's result")
        self.out.line(_ALWAYS_HELP)

    def _refusal(self) -> str | None:
        """Why the person may not sit out now (he does not): without him no hand could
        be dealt (too few dealt in, or at dealer's choice no game on the house list
        seats those left); None where he may."""
        session = self.session
        session.sit_out(self.seat)  # the table as it would sit without him
        try:
            stall = self._stall()
            left = session.dealt_in
            need = session._fewest_players
        finally:
            session.sit_in(self.seat)
        if stall is None:
            return None
        names = [self.names[s] for s in left]
        who = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        if len(left) < need:
            alone = f"{who} alone" if len(left) == 1 else (f"only {who}" if left else "nobody")
            return f"{alone} would be dealt in ({need} players are needed)"
        return (f"no game on the house list seats the {len(left)} players who would be dealt in "
                f"({who})")

    def _stall(self) -> str | None:
        """Why no hand can be dealt as the table now sits (players sitting out), or None
        (a house list's advice to add a game left out: nobody at the table can)."""
        why = stalled_reason(self.session, self.names)
        return None if why is None else why.replace("; add a game that seats them", "")

    def _confirm(self) -> bool:
        """A ``y`` (Enter, left over from a line, is skipped); the end of input leaves."""
        key = self.keys.read()
        while key == ENTER:
            key = self.keys.read()
        if key == _EOF:
            self.out.line("")
            raise _Leave("end of input")
        return key in ("y", "Y")

    def _play_hand(self, state: State, number: int) -> None:
        out = self.out
        self._printed = 0
        # his last action (a resumed hand: before the save), where 'since your last turn' starts
        self._my_last = max((i for i, e in enumerate(state.events)
                             if e.player_action and getattr(e, "seat", None) == self.seat), default=-1)
        out.line("")
        out.line(f"===== hand {number} of {self.last} ({state.spec.name}) =====", style="bold")
        if state.game_call is not None:
            you = self._you_names()  # (the saved document's "said" names the seat alone)
            out.line(f"{you[state.button]} deals: {state.game_call.text()}", names=[you[self.seat]])
        if self.seat in self.session.sitting_out:
            out.line(f"you sit out this hand (your {self.session.stacks[self.seat]} chips are kept): "
                     "the others play it")
        while not state.is_complete:
            view = player_view(state, self.seat)
            if view["legal_actions"]:
                self._decide(state, view)
            else:
                self.bot(state)
        self._tell(state)
        self._hand_result(state, number)

    # ------------------------------------------------------------ calling
    def choose_call(self, deal: Deal, calls: Sequence[Call], pick: Callable[[Deal], Call]) -> Call:
        """The person deals at dealer's choice: he calls one of ``calls`` by its number
        (digits, then Enter), or Enter alone lets ``pick`` (the house) call for him."""
        out = self.out
        fitting = [c for c in calls if c.fits(deal.players)]
        if not fitting:
            return pick(deal)  # the house says why nothing fits
        out.line("")
        out.line(f"you deal hand {deal.number}: call the game", style="bold")
        for number, call in enumerate(fitting, 1):
            out.line(f"{number:>3}  {call.text()}")
        typed = ""
        prompt = f"your call (1-{len(fitting)} and Enter; Enter alone: the house calls): "
        self.keys.fresh()
        # At a terminal, the rest of a refused entry of several keys ("abc", then Enter) may
        # come after the refusal: its letters go with it, and its Enter is not "Enter alone"
        # (after a lone refused key, an Enter is his answer to the question asked again).
        # From a script, the refused line went whole, Enter and all.
        refused = rest = False
        ask = True
        while True:
            key = self._key(prompt if ask else "", skip_enter=False, helps=_CALL_HELP)
            ask = False
            if refused and key != ENTER and key not in string.digits:
                rest = True
                continue  # the rest of a refused line
            if key in string.digits and len(typed) < 3:
                refused = rest = False
                typed += key
                if self.keys.terminal:  # echoed as typed (from a script: the number kept, at its Enter)
                    out.console.print(key, end="", soft_wrap=True)
                continue
            if key in _BACKSPACES and typed:  # a typo in the number: take back its last digit
                typed = typed[:-1]
                if self.keys.terminal:  # (written raw: the console strips a backspace from its text)
                    out.stream.write("\b \b")
                    out.stream.flush()
                continue
            if key == ENTER and refused and rest:  # the end of the refused line: not "Enter alone"
                refused = rest = False
                continue
            refused = False
            ask = True
            if key == ENTER:
                out.line("" if self.keys.terminal else typed)
                if not typed:
                    return pick(deal)
                if 1 <= int(typed) <= len(fitting):
                    return fitting[int(typed) - 1]
                out.line(f"{typed} is not on the list: type 1-{len(fitting)}, then Enter")
            else:
                out.line("" if self.keys.terminal else typed)
                out.line(f"{_key_name(key)} is not a choice here: type a number 1-{len(fitting)}, "
                         "then Enter (Enter alone: the house calls)")
                rest = self.keys.drop_line()
                refused = self.keys.terminal
            typed = ""

    # ------------------------------------------------------------ telling
    def _you_names(self) -> list[str]:
        """The seats' names with the person's said as his: ``P2 (you)``."""
        return [n + (YOU if s == self.seat else "") for s, n in enumerate(self.names)]

    def _tell(self, state: State) -> None:
        """Print the narrative lines not printed yet (the person's view), his seat named
        as his (``P2 (you) calls 2``: heard, not only seen highlighted)."""
        names = self._you_names()
        lines = narrate(state, names, viewer=self.seat)
        for _, line in lines[self._printed :]:
            self.out.line(line, names=[names[self.seat]])
        self._printed = len(lines)

    def _since_my_turn(self, state: State) -> dict[int, list[str]]:
        """What each other seat did since the person last acted, as narrative text; a new
        deal (nobody opened: dealt again, or jacks back's hands played again as lowball)
        starts it afresh."""
        told: dict[int, list[str]] = {}
        for index, line in narrate(state, self.names, viewer=self.seat):
            told.setdefault(index, []).append(line.strip())
        done: dict[int, list[str]] = {}
        for index in range(self._my_last + 1, len(state.events)):
            event = state.events[index]
            if isinstance(event, (ev.Redealt, ev.PlayedAs)):  # what they did in the dead deal is over
                done.clear()
                continue
            seat = getattr(event, "seat", None)
            if not event.player_action or seat is None or seat == self.seat or index not in told:
                continue
            # the event's last line that names him: a line after it may be a note of the
            # table's ("P0 acts first with ...", told as the next street opens), not his doing
            name = self.names[seat]
            said = next((line for line in reversed(told[index]) if _names(line, name)), None)
            if said is None:
                others = [n for n in self.names if n != name]
                said = told[index][-1]
                if any(_names(said, other) for other in others):
                    continue
            done.setdefault(seat, []).append(said.removeprefix(name).strip())
        return done

    def _show_table(
        self, state: State, view: dict[str, Any], to_call: int, turn_ups: Sequence[str] = ()
    ) -> None:
        out = self.out
        since = self._since_my_turn(state)
        betting = str(state.phase) in ("betting", "bring_in")
        owed = "to call " + str(to_call) if to_call else "nothing to call"
        owed = owed if betting else str(state.phase).replace("_", " ")
        name = _round_name(state)
        game = state.spec.name
        if state.game_call is not None:  # dealer's choice: the game as called (high-low, declare, wild cards)
            game = state.game_call.text()
            called = state.game_call.spec.name
            if state.spec.name != called and state.spec.name.startswith(called):  # "jacks-back (lowball)"
                title = state.game_call.title  # the call's text begins with it
                game = title + state.spec.name[len(called):] + game.removeprefix(title)
        elif made := high_low_text(state.spec):  # a high game made high-low (--low)
            game = f"{game} ({made})"  # as the opening line says it
        # each part after the game's name wraps whole ("fourth street", "nothing to call")
        parts = [game, *(p.replace(" ", "\u00a0") for p in (name, f"pot {view['pot']}", owed))]
        rows: list[list[str | Text]] = []
        said: list[str] = []  # plain: each seat a line of labelled figures, read a line at a time
        hands = self.session.hands
        kept = self.session.kept_chips(len(hands) - 1) if hands and hands[-1] is state else {}
        for player in view["players"]:
            s = player["seat"]
            name = self.names[s] + (YOU if s == self.seat else "")
            name += " D" if s == view["button"] else ""
            tags = ", ".join(t for t, yes in (("you", s == self.seat), ("button", s == view["button"]))
                             if yes)
            stack = player["stack"]
            if not player["in_hand"]:  # sitting out keeping his chips (Session.sit_out), or none left
                cards, note = "", "sitting out" if s in kept else "no chips"
                stack = kept.get(s, stack)
            elif player["folded"]:
                cards, note = "", "folded"
            else:
                down = " ".join(c or "??" for c in player["down"])
                cards = " ".join([f"[{down}]"] * bool(down) + list(player["up"]))
                note = "; ".join(since.get(s, []))
                if player["stack"] == 0 and "(all in)" not in note:
                    note = (note + "; " if note else "") + "all in"
            rows.append([name, str(stack), str(player["committed"]), cards, note])
            figures = ", ".join([f"stack {stack}", f"in the pot {player['committed']}",
                                 *([f"cards {cards}"] if cards else [])])
            said.append(f"{self.names[s]}{f' ({tags})' if tags else ''}: {figures}"
                        + (f"; {note}" if note else ""))
        out.line("")
        title = "\u00a0- ".join(p for p in parts if p)  # a wrapped line ends with its dash, never starts one
        if out.plain:  # (a table's columns, read a line at a time, are numbers without their names)
            out.line(title)
            for line in said:
                out.line(line)
        else:
            out.table(["seat", "stack", "in pot", "cards", "since your last turn"], rows, align="lrrll",
                      title=title, highlight=self.seat, wrap="nnncw")
        if view["community"]:
            out.line("community card: " + " ".join(view["community"]))
        mine = view["players"][self.seat]
        held = " ".join(mine["down"])
        text = f"your cards: [{held}] {' '.join(mine['up'])}".rstrip()
        hand = _hand_text(state, self.seat, turn_ups)
        out.line(text + (f"  ({hand})" if hand else ""))

    # ------------------------------------------------------------ deciding
    def _said_in_full(self, state: State, choices: list[Choice]) -> list[Choice]:
        """The choices with what their labels leave out: a bet, raise or call that
        puts his whole stack in (all in), what a bet or raise costs over a live blind
        of his ('bet 5 (3 more)', as a call says what it adds), a draw's fee (aces-deuces)."""
        stack = state.stacks[self.seat]
        in_front = state.bets[self.seat]
        fee = state.draw_fee(self.seat)
        blind_in = in_front > 0 and state.street == 0 and not any(  # his blind: he has not acted yet
            e.player_action and getattr(e, "seat", None) == self.seat for e in state.events)
        out = []
        for c in choices:
            adds = c.value if c.action in (Action.CALL, Action.BRING_IN) else (
                c.value - in_front if isinstance(c.value, int) else None)
            if c.action in _CHIPS and stack and adds == stack:
                c = dataclasses.replace(c, label=f"{c.label} (all in)")
            elif c.action in _RAISES and blind_in and adds is not None:
                c = dataclasses.replace(c, label=f"{c.label} ({adds} more)")
            elif c.action is Action.DRAW and fee:
                c = dataclasses.replace(c, label=f"{c.label}, costs {fee}")
            out.append(c)
        return out

    def _decide(self, state: State, view: dict[str, Any]) -> None:
        self._tell(state)
        options = [
            Option(Action(o["action"]), tuple(o["amounts"]), tuple(o.get("choices", ())))
            for o in view["legal_actions"]
        ]
        call = next((o.amounts[0] for o in options if o.action is Action.CALL and o.amounts), 0)
        choices = self._said_in_full(state, choices_for(options))
        self._offered = choices  # what ? explains
        hole_card_wild = state.spec.wilds.positional is PositionalWild.HOLE_CARD
        turning_up = hole_card_wild and any(c.action is Action.TURN_UP for c in choices)

        turn_ups = [c.value for c in choices if c.action is Action.TURN_UP and isinstance(c.value, str)]

        def situation() -> None:  # shown now, and again at the repeat key
            self._show_table(state, view, call, turn_ups)
            if turning_up:
                self.out.line("the card you keep down, with every card of its rank, will be wild for you "
                              "(the one still down at the showdown)")

        situation()
        only_a_draw = len(choices) == 1 and choices[0].discards > 0
        if not only_a_draw:  # (a draw alone is being made: its marking prompt says its keys)
            self._menu(choices)
        self.keys.fresh()
        while True:
            choice = choices[0] if only_a_draw else self._choose(choices, state, situation)
            value: object = choice.value
            if choice.discards:
                picked = self._discards(state, choice, back=not only_a_draw, situation=situation)
                if picked is None:
                    self._menu(choices)
                    continue
                value = picked
            first = len(state.events)
            try:
                perform(state, choice.action, value, seat=self.seat)
            except SplitpotError as error:  # the choices are the legal ones; a hint all the same
                self.out.line(f"refused: {error}")
                continue
            self._my_last = first
            return

    def _choose(self, choices: Sequence[Choice], state: State, situation: Callable[[], None]) -> Choice:
        """Read keys until one is a choice; say which it was (``.`` says the ``situation``
        and the choices again)."""
        by_key = {c.key: c for c in choices}

        def repeat() -> None:
            situation()
            self._menu(choices)

        while True:
            key = self._key("your move: ", skip_enter=True, repeat=repeat)
            choice = by_key.get(key)
            if choice is None and key.isupper() and len(key) == 1:  # caps lock on: F is f
                choice = by_key.get(key.lower())
            if choice is not None:
                self.out.line(f"{choice.key} {choice.label}", style="bold")
                return choice
            self.out.line("")
            self._refuse(key, choices, _why_not(state, key, choices))
            self.keys.drop_line()

    def _menu(self, choices: Sequence[Choice]) -> None:
        text = Text()
        for c in choices:
            if text:
                text.append("   ")
            text.append(c.key, style="bold reverse")
            text.append_text(style_text(f" {c.label}", plain=self.out.plain, symbols=self.out.symbols))
        text.append("   ? help", style="dim")
        self.out.text(text)

    def _key(self, prompt: str, *, skip_enter: bool = False, helps: Sequence[str] = (),
             repeat: Callable[[], None] | None = None) -> str:
        """One key after ``prompt`` (the line is left open for the caller);
        ``?`` (the lines ``helps``, else the keys of a decision), ``q`` and, given
        ``repeat`` (what it prints), ``.`` are answered here; with ``skip_enter`` an
        Enter is let go (pressed by habit after a key, or ending a scripted line)."""
        while True:
            self.out.console.print(prompt, end="", soft_wrap=True)
            self.out.stream.flush()
            key = self.keys.read()
            while key in _BLANKS or (skip_enter and key == ENTER):  # a script's spaces separate its keys
                key = self.keys.read()
            if key == _EOF:
                self.out.line("")
                raise _Leave("end of input")
            if key == "?":
                self.out.line("?")
                if helps:
                    for line in helps:
                        self.out.line(line)
                    self.keys.drop_line()  # a scripted "?" line's Enter is not the call
                else:
                    self._help()
                continue
            if key == REPEAT and repeat is not None:
                self.out.line(REPEAT)
                repeat()
                self.keys.drop_line()  # a scripted "." line's Enter is not an answer
                continue
            if key == "q":
                self.out.line("q")
                self.out.line("leave the table? y: yes, any other key: no")
                if self._confirm():
                    raise _Leave("you left the table")
                continue
            return key

    def _refuse(self, key: str, choices: Sequence[Choice], why: str = "") -> None:
        keys = [c.key for c in choices]
        listed = ", ".join(keys[:-1]) + f" or {keys[-1]}" if len(keys) > 1 else keys[0]
        menu = ", ".join(f"{c.key} {c.label}" for c in choices)
        self.out.line(f"{_key_name(key)} is not a choice here{': ' + why if why else ''}: press {listed} "
                      f"({menu}); {ALWAYS_KEYS}")

    def _help(self) -> None:
        """The keys of the decision on the screen, each with what it does, then the keys
        that are always there and the game's rules a person may not know."""
        state = self.session.hands[-1] if self.session.hands else None
        self.out.line("keys: press the key before a choice to make it; now:")
        for c in self._offered:
            self.out.line(f"  {c.key}  {c.label}: {_what_it_does(c, self._offered, state)}")
        said: set[str] = set()
        for key in "cbrf":  # a usual key that a rule of the game leaves out, and why (as pressing it says)
            why = "" if state is None or key in {c.key for c in self._offered} else _why_not(state, key,
                                                                                                self._offered)
            if why and why not in said:
                said.add(why)
                self.out.line(f"  {key}  not here: {why}")
        self.out.line(_REPEAT_HELP.format("and these choices"))
        if state is not None and state.spec.wilds.positional is PositionalWild.HOLE_CARD and any(
            c.action is Action.TURN_UP for c in self._offered
        ):
            self.out.line("  the card you keep down, with every card of its rank, is wild for you")
        if any(c.discards for c in self._offered):
            self.out.line("  when drawing: a card's number marks or unmarks it to throw away, Backspace "
                          "unmarks the last marked, Enter draws them, p stands pat, Esc goes back to the "
                          "other choices (where there are any)")
        self.out.line(_ALWAYS_HELP)
        sevens = str(state.spec.sevens) if state is not None else "off"
        if sevens != "off":  # California lowball: a rule a person may not know
            risk = ("if he wins, the bets made after his check go back to those who made them"
                    if sevens == "lose-all" else "he forfeits the pot to the best of the other hands")
            self.out.line(f"  the sevens rule: a player who checks a seven-high or better after the draw "
                          f"should have bet it: {risk}")

    def _discards(self, state: State, choice: Choice, *, back: bool,
                  situation: Callable[[], None] | None = None) -> list[int] | None:
        """The person marks up to ``choice.discards`` of his cards; Enter confirms
        (nothing marked: stand pat); Backspace unmarks the card marked last; Esc, or
        Backspace with nothing marked, goes back (None); ``.`` says the ``situation``,
        the marking's keys and the cards marked again."""
        cards = state.cards(self.seat)
        # the numbered cards wrap whole (no-break spaces): a narrow screen moves the list to the
        # next line rather than parting it ("... 4:8h" / "5:6h")
        numbered = "\u00a0\u00a0".join(f"{i}:{ev.card_text(c)}" for i, c in enumerate(cards, 1))

        def keys_line() -> None:
            self.out.line(f"{choice.label}: press 1-{len(cards)} to mark or unmark a card to throw away, "
                          f"Enter to draw, p to stand pat{', Esc to go back' if back else ''}   {numbered}")

        keys_line()
        marked: list[int] = []
        order: list[int] = []  # the marked cards in the order marked: Backspace takes back the last

        def repeat() -> None:
            if situation is not None:
                situation()
            keys_line()
            said = " ".join(ev.card_text(c) for c in marked)
            self.out.line(f"marked: {said} (Enter draws {len(marked)})" if marked
                          else "marked: nothing (p stands pat)")

        self.keys.fresh()
        while True:
            key = self._key("discard: ", helps=_discard_help(choice, len(cards), back=back), repeat=repeat)
            if key == "p" and not marked:
                self.out.line("p stands pat", style="bold")
                return []
            if key == ENTER and marked:
                self.out.line(f"throws {' '.join(ev.card_text(c) for c in marked)}", style="bold")
                return marked
            self.out.line("")
            if key == ENTER:
                self.out.line(f"nothing is marked: press p to stand pat, or 1-{len(cards)} to mark a card")
                continue
            if key in _BACKSPACES and marked:  # take back the last card marked
                card = order.pop()
                marked.remove(card)
                said = " ".join(ev.card_text(c) for c in marked)
                left = (f"marked: {said} (Enter draws {len(marked)})" if marked
                        else "marked: nothing (p stands pat)")
                self.out.line(f"unmarks {ev.card_text(card)}; {left}")
                continue
            if back and (key.startswith("\x1b") or key in _BACKSPACES):
                return None
            if key in _BACKSPACES:
                self.out.line(f"nothing is marked: press 1-{len(cards)} to mark a card, p to stand pat")
                continue
            if key == choice.key:  # the draw's own key, pressed again: it is being made
                stand = ", p to stand pat" if not marked else ""
                self.out.line(f"{_key_name(key)}: you are drawing now: press 1-{len(cards)} to mark or "
                              f"unmark a card, Enter to draw{stand}")
                continue
            if key.isdigit() and 1 <= int(key) <= len(cards):
                card = cards[int(key) - 1]
                if card in marked:
                    marked.remove(card)
                    order.remove(card)
                elif len(marked) >= choice.discards:
                    most = counted(choice.discards, 'card')
                    self.out.line(f"you may throw away at most {most}: unmark one first")
                    continue
                elif (ace := _ace_refusal(state, cards, [*marked, card])) is not None:
                    self.out.line(ace)
                    continue
                else:
                    marked.append(card)
                    order.append(card)
                    marked.sort(key=cards.index)  # listed, and thrown, in the hand's order
                said = " ".join(ev.card_text(c) for c in marked)
                self.out.line(f"marked: {said} (Enter draws {len(marked)})" if marked
                              else "marked: nothing (p stands pat)")
                continue
            nowhere = "" if back or not key.startswith("\x1b") else " (no other choice to go back to)"
            stand = ", p to stand pat" if not marked else "; to stand pat, unmark them and press p"
            self.out.line(f"{_key_name(key)} is not a choice here{nowhere}: press 1-{len(cards)} to mark or "
                          f"unmark a card, Enter to draw{stand}")
            self.keys.drop_line()

    # ------------------------------------------------------------ results
    def _hand_result(self, state: State, number: int) -> None:
        out = self.out
        shown = {e.seat: e for e in state.events if isinstance(e, ev.CardsShown)}
        won = [0] * state.seats
        for event in state.events:
            if isinstance(event, ev.PotAwarded) and event.side != "returned":  # the sevens rule's refunds
                won[event.seat] += event.amount
        declared = {e.seat: e.choice for e in state.events if isinstance(e, ev.Declared)}
        rows: list[list[str | Text]] = []
        for s in range(state.seats):
            if not state.in_hand[s]:
                continue
            show = shown.get(s)
            if show is not None:
                cards = " ".join(ev.card_text(c) for c in show.cards)
                if state.community:  # the community card plays in every hand
                    cards += " + " + " ".join(ev.card_text(c) for c in state.community)
                hands = "; ".join(one_bracket(h) for h in (show.high, show.low and f"low: {show.low}") if h)
            else:
                cards = " ".join(ev.card_text(c) for c in state.cards(s)) if s == self.seat else ""
                hands = "folded" if state.folded[s] else ""
            net = state.stacks[s] - state.starting_stacks[s]
            name = self.names[s] + (YOU if s == self.seat else "")
            said = [declared.get(s, "")] if declared else []
            rows.append([name, cards, hands, *said, str(won[s] or ""), f"{net:+d}", str(state.stacks[s])])
        mine = next((i for i, row in enumerate(rows) if row[0] == self.names[self.seat] + YOU), None)
        out.line("")
        header = ["seat", "cards", "hand", *(["declared"] if declared else []), "won", "net", "stack"]
        out.table(header, rows, align="lll" + ("l" if declared else "") + "rrr",
                  title=f"hand {number}: result", highlight=mine,
                  wrap="ncw" + ("n" if declared else "") + "nnn")
        net = state.stacks[self.seat] - state.starting_stacks[self.seat]
        total = net_results(self.session.hands)[self.seat]
        word = f"you won {net}" if net > 0 else f"you lost {-net}" if net < 0 else "you broke even"
        kept = self.session.kept_chips(len(self.session.hands) - 1)
        word += " this hand"
        if not state.in_hand[self.seat] and self.seat in kept:  # (the hand's stacks line says 0 for him)
            word = f"you sat out this hand, keeping your {kept[self.seat]} chips"
        out.line(f"{word}; {total:+d} in all", style="bold")

    def _summary(self, why: str) -> None:
        out = self.out
        out.line("")
        if why:
            out.line(why + ".")
        hands = self.session.hands
        if hands and not hands[-1].is_complete and self.played:
            out.line(f"hand {len(self.played) + 1} was left unfinished: it is not counted below.")
        if not self.played:
            out.line("no hand was completed.")
            return
        me = self.seat
        states = [p.state for p in self.played]
        kept = kept_by_hand(self.session)[: len(states)]
        start = with_kept(states[0].starting_stacks, kept[0])[me]
        net = net_results(states)[me]
        count = len(states)
        out.line(f"session: {counted(count, 'hand')} of {self.title}; "
                 f"you ({self.names[me]}) {net:+d}, {start} -> {with_kept(states[-1].stacks, kept[-1])[me]}",
                 style="bold")
        rows: list[list[str | Text]] = []
        for played, held in zip(self.played, kept, strict=True):
            state = played.state
            pot = sum(e.amount for e in state.events if isinstance(e, ev.PotAwarded) and e.side != "returned")
            rows.append([str(played.number), str(pot), _winners(state, self.names),
                         "out" if me in held else f"{state.stacks[me] - state.starting_stacks[me]:+d}"])
        out.table(["hand", "pot", "won by", "you"], rows, align="rrlr", title="hands", wrap="nnwn")
        if any(state.game_call is not None for state in states):  # dealer's choice: the games called
            from splitpot.play_dealers_choice import games_table

            out.table(*games_table(states), align="lrr", title="games")
        header, table = session_table(states, self.names, kept=kept)
        out.table(header, table, align="l" + "r" * (len(header) - 1), title="stacks", highlight=me)
        out.line(standings(states, self._you_names(), kept=kept))  # the tables in words, read line by line


def _winners(state: State, names: Sequence[str]) -> str:
    """Who took chips from the pots and how:
    ``P2 17 (high: two pair, kings and nines), P0 17 (low: seven-five low)``; chips
    the sevens rule gave back are not won: they follow as ``returned: P0 10``."""
    chips: dict[int, int] = {}
    how: dict[int, list[str]] = {}
    returned: dict[int, int] = {}
    for event in state.events:
        if isinstance(event, ev.PotAwarded) and event.side == "returned":
            returned[event.seat] = returned.get(event.seat, 0) + event.amount
        elif isinstance(event, ev.PotAwarded):
            chips[event.seat] = chips.get(event.seat, 0) + event.amount
            side = {"pot": "", "equal": "split equally"}.get(event.side, event.side)
            hand = one_bracket(event.hand)
            text = f"{side}: {hand}" if side and hand else side or hand
            if text and text not in how.setdefault(event.seat, []):
                how[event.seat].append(text)
    won = ", ".join(
        f"{names[s]} {n}" + (f" ({'; '.join(how[s])})" if how.get(s) else "") for s, n in chips.items()
    )
    if returned:
        won += "; returned: " + ", ".join(f"{names[s]} {n}" for s, n in returned.items())
    return won


_DECLARED = {
    "high": "you play for the high half of the pot",
    "low": "you play for the low half of the pot",
    "both": "you play for both halves: you must win both outright, or you win nothing",
}


def _what_it_does(choice: Choice, offered: Sequence[Choice], state: State | None = None) -> str:
    """What ``choice`` does, for the help: the rule behind it where a person may not
    know it (the bring-in, an open pair's big bet, a turn-up, a declaration, a draw's
    fee, a check before the opening under pass and out)."""
    action, value = choice.action, choice.value
    if action is Action.FOLD:
        return "give up the hand (and the chips you have put in)"
    if action is Action.CHECK:
        if state is not None and _passes_out_on_check(state):
            return "bet nothing; under pass and out, if anyone then opens you are out of this deal"
        return "bet nothing and stay in"
    if action is Action.CALL:
        return f"put in {value} to match the bet"
    if action is Action.BRING_IN:
        return "the lowest upcard's forced bet, smaller than a full bet"
    if action is Action.COMPLETE:
        return "bet the full small bet over the bring-in"
    if action in (Action.BET, Action.RAISE):
        what = "open the betting" if action is Action.BET else "raise the bet"
        if choice.key.isupper():  # the second amount: only an open pair brings one
            return f"{what} by the big bet: an open pair showing allows it on this street"
        return what
    if action is Action.DRAW:
        return f"{_draw_text(choice)}; mark them by number, then Enter (p stands pat)"
    if action is Action.TURN_UP:
        if value is None:
            return "your last card comes face up, as usual"
        if any(c.action is Action.TURN_UP and c.value is None for c in offered):  # five-card stud
            return "show your hole card now: your last card then comes face down"
        return "show this card; the other stays down"
    if action is Action.DECLARE:
        return _DECLARED.get(str(value), "your declaration")
    return str(action).replace("_", " ")


def _draw_text(choice: Choice) -> str:
    """What a draw does, in short (the help's line for it goes on to the keys)."""
    return f"throw away up to {counted(choice.discards, 'card')} and get as many new ones"


def _passes_out_on_check(state: State) -> bool:
    """Whether a check now puts the checker out once anyone opens: pass and out
    (jackpots' ``pass_and_out``) before the opening of the first round."""
    opening, betting = state.spec.opening, state.round
    return (opening is not None and opening.pass_and_out and state.street == 0
            and betting is not None and not betting.current)


def _hand_text(state: State, seat: int, turn_ups: Sequence[str] = ()) -> str:
    """What the seat's cards make so far (empty when nothing can be said).  While he
    chooses a card to turn up under a positional wild rule (Mexican stud: the card kept
    down is wild for him), what they make with each card of ``turn_ups`` turned up
    (``turn up 8d: pair of eights (Ks as 8s); turn up Ks: ...``), and where he may keep
    his hole card down (five-card stud's turn-up), what the hand makes so
    (``turn up 9c: high card, ace; keep 9c down: pair of aces (9c as A♠)``; what it makes
    alone where that is the same either way)."""
    cards = state.cards(seat) + state.community
    rule = state.spec.wilds.positional
    choosing = state.phase is Phase.TURNING_UP and rule is not None
    wilds = state.spec.wilds if choosing else state.wilds_for(seat)
    if (dead := dead_hand_text(wilds, cards)) is not None:  # dead now, whatever comes
        return dead  # (said while he chooses too: no wild card of his own saves it)
    if not choosing:
        return _made(state, cards, wilds)
    assert rule is not None
    said = []
    for text in turn_ups:  # his wild card follows from his choice: what each makes
        card = next((c for c in state.down[seat] if ev.card_text(c) == text), None)
        if card is None:
            continue
        down, up = [c for c in state.down[seat] if c != card], [*state.up[seat], card]
        wild = positional_card(rule, lambda: state.dealt_cards(seat), down, up=up)
        made = _made(state, down + up + state.community, wilds_with(state.spec.wilds, wild))
        if made:
            said.append(f"turn up {text}: {made}")
    if turn_ups and 0 in state.turn_up_option(seat).amounts:  # or keeps it down: his hand as it stands
        kept = " ".join(ev.card_text(c) for c in state.down[seat])
        if made := _made(state, cards, state.wilds_for(seat)):
            if [part.split(": ", 1)[1] for part in said] == [made]:  # his wild card the same either way
                return made
            said.append(f"keep {kept} down: {made}")
    return "; ".join(said)


def _made(state: State, cards: Sequence[int], wilds: Wilds) -> str:
    """What ``cards`` make in ``state``'s game with ``wilds`` (empty when nothing can be said)."""
    try:
        if len(cards) >= 5 or state.spec.hand_size == 2:
            shown = evaluate_hands(state.spec, cards, wilds)
            parts = [shown.high_text and one_bracket(shown.high_text),
                     shown.low_text and f"low: {one_bracket(shown.low_text)}"]
            if state.spec.low is not None and state.spec.high is not None and not shown.low_text:
                parts.append("no low yet" if len(cards) < 7 else no_low(state.spec))
            return "; ".join(p for p in parts if p)
        if state.spec.high is not None and cards:
            hand = evaluate(cards, state.spec.high, **wilds.options(low=False))
            said = one_bracket(str(hand)) if hand is not None else ""
            if said and state.spec.low is not None:  # high-low: the low so far, as the high
                low = _low_so_far(state.spec, cards, wilds)
                said += f"; low: {low}" if low else "; no low yet"
            return said
    except SplitpotError:
        return ""
    return ""


def _low_so_far(spec: GameSpec, cards: Sequence[int], wilds: Wilds) -> str:
    """The low that fewer than five cards make so far ("eight-five low"), '' where it
    does not qualify yet under a qualifier (eight or better, ``low_qualifier``: a pair,
    or a card above it); with no qualifier, any low so far, a pair's too."""
    assert spec.low is not None
    ranking = "ace-to-five" if spec.low == "eight-or-better" else spec.low  # (its qualifier: below)
    try:
        hand = evaluate(cards, ranking, **wilds.options(low=True))
    except SplitpotError:
        return ""
    if hand is None:
        return ""
    qualifier = 8 if spec.low == "eight-or-better" else spec.low_qualifier
    if qualifier is not None and not _qualifies(hand, qualifier, so_far=True):
        return ""
    return one_bracket(str(hand))


def _why_not(state: State, key: str, choices: Sequence[Choice]) -> str:
    """Why the usual key for betting, checking or folding is not offered, where the game's
    rules are the reason: jackpots' openers, pass and out, the bring-in, the raise cap,
    no check-raise, five-card stud's forced bet, a free check (no fold)."""
    offered = {c.action for c in choices}
    street = state.current_street
    unopened = street is not None and not any(state.bets)
    opening = state.spec.opening
    if key in ("b", "r") and not offered & {Action.BET, Action.RAISE} and unopened and (
        opening is not None and opening.minimum is not None and street is state.spec.streets[0]
    ):
        return f"opening needs {opening.describe()} (the game's openers)"
    betting = state.round
    if key in ("b", "r") and not offered & _RAISES and betting is not None and betting.current:
        if betting.no_check_raise and state.actor in betting.checked:
            return f"raising after your check is not allowed {_betting_name(state)} (no check-raise)"
        if betting.cap is not None and betting.capped(len(state.active)):
            raises = betting.cap - 1
            return (f"the betting is capped at a bet and {_NUMBERS.get(raises, str(raises))} "
                    f"raise{'s' if raises != 1 else ''} (the raise cap)")
    if key == "c" and not offered & {Action.CHECK, Action.CALL} and (
        street is not None and street.pass_and_out  # (California lowball's blinds open nothing)
    ):
        return f"checking is not allowed {street.name} (pass and out)"
    if key == "f" and Action.BRING_IN in offered:
        return "the lowest upcard must bring in or complete (no fold)"
    if key in ("c", "f") and offered == {Action.BET} and unopened and (
        street is not None and street.opener in FORCED_OPENERS  # five-card stud's forced bet
    ):
        return f"the {FORCED_OPENERS[street.opener]} upcard must bet (no check or fold)"
    if key == "f" and Action.CHECK in offered and Action.FOLD not in offered:
        return "you can check for free (no fold)"
    return ""


def _discard_help(choice: Choice, count: int, *, back: bool) -> tuple[str, ...]:
    """The help at the draw's marking prompt: the keys that work there (not the
    decision's menu: its draw key is being made)."""
    lines = [
        f"keys: you are drawing ({choice.label}: {_draw_text(choice)}); now:",
        f"  1-{count}  mark or unmark that card to throw away",
        "  Backspace  unmark the card marked last" + ("; with nothing marked, go back to the other choices"
                                                      if back else ""),
        "  Enter  draw: throw away the marked cards and get as many new ones",
        "  p  stand pat (nothing marked): keep your cards",
    ]
    if back:
        lines.append("  Esc  go back to the other choices")
    lines.append(_REPEAT_HELP.format("these keys and the cards marked"))
    lines.append(_ALWAYS_HELP)
    return tuple(lines)


_CALL_HELP = (
    "keys: type the number of a game on the list, then Enter, to call it; Backspace takes back a digit; "
    "Enter alone lets the house call (as it does for the computer dealers)",
    _ALWAYS_HELP,
)
"""The help at the dealer's-choice call (its keys are not a decision's)."""


def _ace_refusal(state: State, cards: Sequence[int], marked: Sequence[int]) -> str | None:
    """Why ``marked`` may not all be thrown away under the draw rules' ace draw (more
    cards only keeping an ace: jackpots' ``ace_draw``), or None."""
    rules, street = state.spec.draws, state.current_street
    if rules is None or rules.ace_draw is None or street is None or len(marked) <= street.draw:
        return None
    if len(marked) <= rules.most(street.draw, [c for c in cards if c not in marked]):
        return None
    aces = [ev.card_text(c) for c in marked if c >= 48]  # (an ace or the joker, as the rules count)
    why = f"you may throw away at most {counted(street.draw, 'card')}, or {rules.ace_draw} keeping an ace"
    if marked[-1] >= 48:
        return f"{why}: not the {aces[-1]} as well"
    return f"{why}: unmark {'the ' + aces[0] if aces else 'one'} first"


_RAISES = {Action.BET, Action.RAISE, Action.COMPLETE}
_NUMBERS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _betting_name(state: State) -> str:
    """The betting round as the header names it: ``before the draw``, ``after the draw``."""
    street = state.current_street
    if street is None:
        return ""
    return "after the draw" if street.draw else street.name


def _round_name(state: State) -> str:
    """Where the hand stands as the table's header names it: the betting round
    (``third street``, ``after the draw``), else the street (``the draw``)."""
    street = state.current_street
    if str(state.phase) in ("betting", "bring_in"):
        return _betting_name(state)
    return street.name if street else ""


def to_act(state: State, names: Sequence[str], *, viewer: Viewer = None) -> str:
    """Who is to act and what he may do, in the table's words (his choices as its menu
    labels them): ``P0 to act on third street: bring in 2 or complete to 5``; those still
    to declare or to turn up a card where all choose at once.

    ``viewer``, as :func:`~splitpot.narrate.narrate` takes it, is whose eyes read the
    line.  The choices may tell the actor's down cards (which cards Mexican stud lets him
    turn up; in jackpots, whether he may open: he holds openers), so they are told only
    to the actor himself (``viewer=`` his seat) and to :data:`~splitpot.narrate.ALL` (a
    replay, the server); the default, ``viewer=None`` (a spectator, or any other seat),
    says who is to act and where, the same whatever he holds: a line to broadcast.

    >>> from splitpot import get_game
    >>> from splitpot.narrate import ALL
    >>> state = State(get_game("seven-card-stud"), [100] * 3, seed=1)
    >>> to_act(state, ["P0", "P1", "P2"])
    'P2 to act on third street'
    >>> to_act(state, ["P0", "P1", "P2"], viewer=2)
    'P2 to act on third street: bring in 2 or complete to 5'
    >>> to_act(state, ["P0", "P1", "P2"], viewer=ALL) == to_act(state, ["P0", "P1", "P2"], viewer=2)
    True
    """
    if viewer is not None and viewer is not ALL:
        viewer = as_int(viewer, "viewer (a seat, None for a spectator, or ALL)", low=0, high=state.seats - 1)
    where = _round_name(state)
    where = (f" on {where}" if where.endswith("street") else f" at {where}" if where.startswith("the ")
             else f" {where}" if where else "")

    def said(options: Sequence[Option]) -> str:
        labels = [c.label for c in choices_for(options)]
        return " or ".join(labels) if len(labels) < 3 else ", ".join(labels[:-1]) + " or " + labels[-1]

    choosers = state.turn_up_choosers
    rule = state.current_street.turn_up if state.current_street is not None else None  # (its street's)
    at_once = rule is not None and rule.mode is not ChoiceMode.IN_TURN
    if str(state.phase) == "turning_up" and choosers and at_once:  # all at once: each sees his own
        told = [s for s in choosers if viewer is ALL or s == viewer]
        own = "".join(f"; {names[s]}: {said([state.turn_up_option(s)])}" for s in told)
        return f"still to choose a card to turn up{where}: {', '.join(names[s] for s in choosers)}{own}"
    if str(state.phase) == "declaring" and state.spec.declare == "simultaneous":
        undeclared = state.still_to_declare  # (dealer's left first)
        line = f"still to declare{where}: " + ", ".join(names[s] for s in undeclared)
        may_tell = viewer is ALL or viewer in undeclared  # the choices are the game's, the same for all
        return f"{line} ({said(state.legal_actions())})" if may_tell and state.actor is not None else line
    if state.actor is not None:
        line = f"{names[state.actor]} to act{where}"
        return f"{line}: {said(state.legal_actions())}" if viewer is ALL or viewer == state.actor else line
    if str(state.phase) == "declaring":
        undeclared = [s for s in state.active if s not in state.declared]
        return f"still to declare{where}: " + ", ".join(names[s] for s in undeclared)
    if str(state.phase) == "turning_up":
        return f"still to choose a card to turn up{where}: {', '.join(names[s] for s in choosers)}"
    return state.waiting_for(options=True)


def _names(line: str, name: str) -> bool:
    """Whether narrative ``line`` begins with the player ``name`` (``P1 calls 5``, ``P1: [Kh]``)."""
    return line.startswith(name) and line[len(name) : len(name) + 1] in (" ", ":", "")


def _key_name(key: str) -> str:
    if key == ENTER:
        return "Enter"
    if key == "\x1b":
        return "Esc"
    if key.startswith("\x1b") or not key.isprintable():
        return "that key"
    return repr(key)


def run_table(args: argparse.Namespace, spec: GameSpec, seed: int | None = None) -> int:
    """``splitpot play GAME --seat K``: the person's session; returns the exit status."""
    if args.json:
        say("play", "error: --json prints a computer-only game; leave out --seat/--me")
        return 2
    table = Table(spec, [args.stack] * args.players, seat=args.seat, hands=max(1, args.hands),
                  seed=seed, out=Output(plain=args.plain), plot=args.plot)
    return run_and_record(table, args, lambda: session_document(
        table.session, seed=seed, bot=table.bot, seat=table.seat, planned=table.last))


def run_and_record(
    table: Table, args: argparse.Namespace, document: Callable[[], dict[str, Any]], *, command: str = "play"
) -> int:
    """Run ``table``; however the session ended (q, ctrl-C, out of chips), write
    the hands played as PHH with ``--phh FILE`` and the session's ``document``
    with ``--save FILE``. The exit status."""
    table.command = command
    table.tell_stop = False  # said here, once the files are written
    if command == "resume" and not getattr(args, "save", None):
        table.notes.append(NOT_SAVED)
    status = table.run()
    phh = getattr(args, "phh", None)
    hands = [played.state for played in table.played]
    if phh and hands and not write_phh(phh, hands, command=command):
        return 1
    save = getattr(args, "save", None)  # even before a hand: resume deals the first one again
    if save and not save_session(save, document(), command=command):
        return 1
    if status == 130:
        return stopped_status(args, len(table.played), True, command=command)
    if status == 0 and table.left and save:
        say(command, f"left the table after {counted(len(table.played), 'hand')}{saved_note(args)}.")
    return status
