"""Argument types for the ``splitpot`` command line: ints checked where argparse
reads them, so a bad ``--players``/``--hands``/``--threads`` is refused with the
flag's name and what is legal, before anything runs.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="splitpot", exit_on_error=False)
>>> _ = parser.add_argument("--hands", type=int_range(1), default=1)
>>> parser.parse_args(["--hands", "3"]).hands
3
>>> parser.parse_args(["--hands", "0"])
Traceback (most recent call last):
...
argparse.ArgumentError: argument --hands: must be >= 1, got 0
>>> parser.parse_args(["--hands", "2.5"])
Traceback (most recent call last):
...
argparse.ArgumentError: argument --hands: must be a whole number, got '2.5'
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import stat
import sys
from collections.abc import Callable

from splitpot.errors import RuleError, SplitpotError
from splitpot.validate import as_text, qualifier_value

__all__ = [
    "AccessError", "argv_text", "cards_text", "check_writable", "cli_words", "file_name", "int_range",
    "qualifier_rank", "read_text", "refuse_lone_penalty_rule", "say", "seed_number",
]


def cards_text(text: str) -> str:
    """An argparse ``type=`` for ``--wild`` and ``--penalty``: a rank or cards, not
    blank (``--wild ""`` was taken as no wild cards at all).

    >>> cards_text(" ")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give a rank (2) or cards (Jd 4h), got ' '
    """
    if not text.strip():
        raise argparse.ArgumentTypeError(f"give a rank (2) or cards (Jd 4h), got {text!r}")
    return argv_text(text)


def argv_text(word: str) -> str:
    """A word of the command line as the person typed it: where Python could not read
    its bytes in the locale's encoding (``LC_ALL=C PYTHONUTF8=0``: ``A♠`` came as
    ``'A\\udce2\\udc99\\udca0'``), the bytes read as UTF-8; a card's, not a
    file's name (which the file system takes as it came).

    >>> argv_text("A\\udce2\\udc99\\udca0"), argv_text("As")
    ('A♠', 'As')
    """
    try:
        return os.fsencode(word).decode("utf-8") if any("\udc80" <= ch <= "\udcff" for ch in word) else word
    except UnicodeDecodeError:
        return word


def int_range(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type=``: a decimal int in ``low..high`` (either bound None).
    Errors name no Python keyword; argparse prefixes the flag."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip(), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
        if low is not None and high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be in {low}..{high}, got {value}")
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be >= {low}, got {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be <= {high}, got {value}")
        return value

    parse.__name__ = "int"  # argparse names the type in some messages
    return parse


MAX_SEED = 2**64 - 1
"""The largest ``--seed`` (every command takes 0..2**64-1, as :func:`splitpot.equity.equity` does)."""

seed_number = int_range(0, MAX_SEED)
"""An argparse ``type=`` for every command's ``--seed``: a whole number in 0..2**64-1.

>>> seed_number("18446744073709551615") == MAX_SEED
True
>>> seed_number("18446744073709551616")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be in 0..18446744073709551615, got 18446744073709551616
"""


def qualifier_rank(text: str) -> int:
    """An argparse ``type=`` for ``--qualifier``: the highest rank a qualifying low may
    hold, as a rank (``9``, ``T``, ``K``) or a number (``10``; the king is 13), 5..13.

    >>> qualifier_rank("9"), qualifier_rank("t"), qualifier_rank("K"), qualifier_rank("10")
    (9, 10, 13, 10)
    >>> qualifier_rank("A")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a rank 5-9, T, J, Q or K (or a number 5..13), got 'A'
    """
    try:
        return qualifier_value(text)
    except RuleError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("qualifier ").rstrip(".")) from None


def refuse_lone_penalty_rule(args: argparse.Namespace) -> None:
    """``--penalty-rule`` says what penalty cards do, so it needs ``--penalty``
    (the command lines ``play``, ``eval`` and ``equity`` all refuse it alone).

    >>> refuse_lone_penalty_rule(argparse.Namespace(penalty=None, penalty_rule="void-card"))
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: --penalty-rule void-card says what a penalty card does, and no --penalty ...
    """
    rule = getattr(args, "penalty_rule", None)
    if rule is not None and not getattr(args, "penalty", None):
        raise RuleError(
            f"--penalty-rule {rule} says what a penalty card does, and no --penalty names one: "
            "add --penalty CARDS or leave out --penalty-rule."
        )


def say(command: str | None, message: str) -> None:
    """Print a command's notice on standard error as argparse prefixes its refusals:
    ``splitpot COMMAND: MESSAGE`` (``error: ...``, ``interrupted``); ``splitpot:
    MESSAGE`` before a command is known.  Every command's errors and interrupt
    notices are printed here.

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     say("eval", "error: duplicate card As")
    >>> err.getvalue()
    'splitpot eval: error: duplicate card As\\n'
    """
    if sys.stderr is None:  # closed (`2>&-`): said nowhere, never on standard output (print's fallback)
        return
    from splitpot.render import can_show_symbols  # (rich, imported where there is something to say)

    if not can_show_symbols(sys.stderr):  # (a card's suits are its letters there)
        message = message.replace(" (or ♣ ♦ ♥ ♠; ", " (")
    if sys.stdout is not None:
        sys.stdout.flush()  # after what the command printed so far, where both go to one terminal or file
    print(f"splitpot {command}: {message}" if command else f"splitpot: {message}", file=sys.stderr)


# The library's phrases meant for Python callers, as the command line says them (each
# command's own translation, play's flag_message and equity's, then names the flags).
_CLI_WORDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"unknown (wild|penalty) rank or card (.*?): use a rank \(([^)]*)\), a list of ranks, "
                r"or cards such as ('[^']*')"),
     r"unknown \1 rank or card \2: use a rank (\3) or cards such as \4; for more, repeat --\1"),
    (re.compile(r"joker='bug' \(default\) or 'wild'"), "--joker bug (default) or wild"),
    (re.compile(r"; None uses every core\."), "."),
    # the positional rules, as --positional names them
    (re.compile(r"\blowest_hole_card\b"), "lowest-hole-card"),
    (re.compile(r"\b(hole|first|third|lowest)_card\b"), r"\1-card"),
    (re.compile(r"qualifier= applies to (\S+) \(its low must qualify\)"), r"--qualifier applies to \1 only"),
)


def cli_words(message: str) -> str:
    """A library message in the command line's words: no Python syntax (``joker='bug'``,
    ``None``) and no list where the command line repeats a flag.

    >>> cli_words("the joker is not named among wild cards: its treatment is joker='bug' (default) or 'wild'")
    'the joker is not named among wild cards: its treatment is --joker bug (default) or wild'
    >>> cli_words("threads must be in 1..1024, got 0; None uses every core.")
    'threads must be in 1..1024, got 0.'
    """
    for pattern, words in _CLI_WORDS:
        message = pattern.sub(words, message)
    return message


def check_writable(path: str | None, flag: str) -> None:
    """Refuse, before anything is played or computed, a file that cannot be written
    (``--save``, ``--phh``, ``--plot``), or an empty name: the work would be done,
    then lost.

    >>> check_writable("/no/such/folder/s.json", "--save")
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: --save: cannot write /no/such/folder/s.json: there is no folder ...
    >>> check_writable("", "--plot")
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: --plot: give a file's name, got ''.
    """
    if path is None:
        return
    if not path.strip():
        raise RuleError(f"{flag}: give a file's name, got {path!r}.")
    folder = os.path.dirname(os.path.abspath(path))
    name = file_name(path)
    if os.path.isdir(path):
        raise RuleError(f"{flag}: {name} is a folder: give a file's name.")
    if path.endswith(("/", os.sep)):  # (x.json/ was written as x.json)
        raise RuleError(f"{flag}: {name} ends with {path[-1]}, as a folder's name does: give a file's name.")
    if not os.path.isdir(folder):
        raise RuleError(f"{flag}: cannot write {name}: there is no folder {file_name(folder)}.")
    if not os.access(folder, os.W_OK):
        raise RuleError(f"{flag}: cannot write {name}: the folder {file_name(folder)} is not writable.")
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if stat.S_ISREG(mode) and not mode & 0o222:  # read-only to everyone: kept so on purpose
        raise RuleError(f"{flag}: cannot write {name}: the file is read-only (chmod u+w {name} "
                        "to let it be written over).")


class AccessError(SplitpotError, OSError):
    """A file the command line cannot read or write (no such file, no permission, a
    full disk): not the input's fault, so its exit status is 1, not 2."""


def file_name(name: str, stream: object = None) -> str:
    """A file's name as the person can type it back at a shell: quoted where it needs
    quotes, ``./`` before a name that begins with ``-`` (which a command takes for a
    flag), never with its suit symbols made letters; where ``stream`` (default standard
    error) cannot show it, its bytes as bash's ``$'...'`` escapes.

    >>> file_name("s.json"), file_name("my save.json"), file_name("-dash.json")
    ('s.json', "'my save.json'", './-dash.json')
    >>> import io
    >>> print(file_name("sauvé ♠.json", io.TextIOWrapper(io.BytesIO(), encoding="ascii")))
    $'sauv\\xc3\\xa9 \\xe2\\x99\\xa0.json'
    """
    shown = f"./{name}" if name.startswith("-") and name != "-" else name
    encoding = getattr(sys.stderr if stream is None else stream, "encoding", None) or "utf-8"
    try:
        shown.encode(encoding)  # (a name the file system gave undecoded, as surrogates, fails here too)
    except (UnicodeEncodeError, LookupError):
        raw = os.fsencode(shown)
        return "$'" + "".join(chr(b) if 32 <= b < 127 and chr(b) not in "'\\" else f"\\x{b:02x}"
                              for b in raw) + "'"
    return shlex.quote(shown)


def error_status(command: str, err: SplitpotError) -> int:
    """Say ``err`` as ``command``'s error (:func:`say`) and return the exit status: 1
    where a file cannot be read or written (:class:`AccessError`: not the input's
    fault), 2 for bad input (a file that is no text, or not what the command reads).

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     error_status("replay", AccessError("cannot read x.json: No such file.")), err.getvalue()
    (1, 'splitpot replay: error: cannot read x.json: No such file.\\n')
    """
    say(command, f"error: {err}")
    return 1 if isinstance(err, AccessError) else 2


def read_text(name: str, *, flag: str = "") -> str:
    """The text of the file ``name`` (``-``: standard input; closed, it is empty), read
    as every file the command line reads: UTF-8 with or without a byte order mark, or
    UTF-16 with one (:func:`splitpot.validate.as_text`).  :class:`AccessError` where it
    cannot be read, :class:`~splitpot.errors.RuleError` where it is no text (``flag``,
    such as ``--house``, prefixes both messages).

    >>> read_text("no/such.json")
    Traceback (most recent call last):
    ...
    splitpot.argtypes.AccessError: cannot read no/such.json: No such file or directory.
    >>> read_text("", flag="--house")
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: --house: give a file's name, got ''.
    """
    lead = f"{flag}: " if flag else ""
    if not name.strip():
        raise RuleError(f"{lead}give a file's name, got {name!r}.")
    try:
        if name == "-":
            stream = sys.stdin
            source = getattr(stream, "buffer", stream)  # the bytes, not the locale's reading of them
            data = b"" if source is None else source.read()
        else:
            with open(name, "rb") as file:
                data = file.read()
    except OSError as err:
        raise AccessError(f"{lead}cannot read {file_name(name)}: {err.strerror or err}.") from None
    try:
        return as_text(data, name)
    except RuleError as err:
        raise RuleError(f"{lead}{file_name(name)}: {err}") from None
