"""The ``splitpot`` command: ``eval`` a hand, ``bench`` this machine, ``play`` a game, ``equity`` of hands,
``replay`` a recorded hand, ``resume`` a saved session.

>>> main(["eval", "Kh", "Kd", "Ks", "Th", "Tc", "2d", "3c"])
cards: Kh Kd Ks Th Tc 2d 3c
high              full house, kings full of tens    Ks Kh Kd Th Tc
deuce-to-seven    pair of tens                      Th Tc Ks 3c 2d
ace-to-six        pair of tens                      Th Tc Ks 3c 2d
ace-to-five       pair of tens                      Th Tc Ks 3c 2d
eight-or-better   no qualifying low
0
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import json
import locale
import os
import platform
import re
import sys
import time
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

import numpy as np

from splitpot import __version__, _core
from splitpot.argtypes import (
    AccessError,
    argv_text,
    cards_text,
    cli_words,
    file_name,
    int_range,
    qualifier_rank,
    refuse_lone_penalty_rule,
    say,
    seed_number,
)
from splitpot.cards import _RANK_NAMES, parse_cards
from splitpot.errors import SplitpotError
from splitpot.evaluate import Ranking, evaluate, evaluate_many, strength
from splitpot.render import Output, ProgressBar, can_show_symbols, card_letters
from splitpot.two_card import evaluate_two
from splitpot.validate import MAX_THREADS, counted

__all__ = ["main", "random_hands"]


def random_hands(n: int, k: int = 7, seed: int = 0) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards as an (n, k) uint8 array.

    >>> h = random_hands(1000, 7, seed=1)
    >>> h.shape, h.dtype, bool((np.sort(h, axis=1)[:, 1:] != np.sort(h, axis=1)[:, :-1]).all())
    ((1000, 7), dtype('uint8'), True)
    """
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    chunk = 1 << 18
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        # k smallest of 52 random keys per row = a uniform k-subset
        keys = rng.random((m, 52), dtype=np.float32)
        out[start : start + m] = np.argpartition(keys, k, axis=1)[:, :k]
    return out


def _eval(args: argparse.Namespace) -> int:
    refuse_lone_penalty_rule(args)
    cards = parse_cards(" ".join(map(argv_text, args.cards)))
    wild_present = bool(args.wild) or any(c.is_joker for c in cards)
    options = {
        "wild": args.wild or None,
        "joker": args.joker,
        "penalty": args.penalty,
        "penalty_rule": args.penalty_rule or "dead-hand",
    }
    rows: list[dict[str, Any]] = []
    # A hand holding a penalty card is dead in every ranking, not "no qualifying low".
    dead = evaluate(cards, Ranking.HIGH, **options) is None
    # Two cards with wild cards: the ace lows are the two-card game's (aces-deuces: evaluate_two),
    # as two natural cards' are (no straight nor flush in two cards, so ace-to-six reads as ace-to-five)
    two_card = len(cards) == 2 and wild_present and not args.penalty and args.wild_low == "zero"
    for ranking in Ranking:
        if two_card and ranking in (Ranking.ACE_TO_FIVE, Ranking.ACE_TO_SIX):
            low = evaluate_two(cards, "low", wild=args.wild or None, joker=args.joker)
            rows.append({"ranking": ranking.value, "hand": str(low), "cards": [str(c) for c in low.cards],
                         "strength": low.strength})
            continue
        if ranking.is_low and len(cards) < 5 and (wild_present or ranking is Ranking.EIGHT_OR_BETTER):
            why = "needs 5 cards with wild cards" if wild_present else "needs 5 cards"
            rows.append({"ranking": ranking.value, "hand": why, "cards": [], "strength": 0})
            continue
        extra = {"wild_low": args.wild_low} if ranking.is_low else {"duplicate": args.duplicate}
        qualified = ranking is Ranking.EIGHT_OR_BETTER and args.qualifier not in (None, 8)
        if qualified:  # (the ace-to-five strength of a low qualifying under it)
            extra["qualifier"] = args.qualifier
        hand = evaluate(cards, ranking, **options, **extra)
        missing = "no qualifying low" if ranking.is_low and not dead else "dead hand"
        row: dict[str, Any] = {
            "ranking": ranking.value,
            "hand": str(hand) if hand else missing,
            "cards": [str(c) for c in hand.cards] if hand else [],
            "strength": hand.strength if hand else 0,
        }
        if qualified:
            row["qualifier"] = args.qualifier
        rows.append(row)
    if args.json:
        print(json.dumps({"cards": [str(c) for c in cards], "hands": rows}, indent=2))
        return 0
    out = Output(plain=args.plain)
    out.line("cards: " + " ".join(str(c) for c in cards))
    for row in rows:
        label = f"{_RANK_NAMES[row['qualifier'] - 2]}-or-better" if "qualifier" in row else row["ranking"]
        out.line(f"{label:<17} {row['hand']:<33} {' '.join(row['cards'])}".rstrip())
    return 0


def _rate(fn: object, count: int, repeat: int = 5, progress: ProgressBar | None = None) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - t)
        if progress is not None:
            progress.advance()
    return count / best


def _machine(cpuinfo: str = "/proc/cpuinfo") -> str:
    """The machine a benchmark ran on: the CPU's name (where Linux's ``cpuinfo`` gives it,
    else the architecture), the CPU count, and the versions that set the figures.

    >>> _machine("/no/such/file").count(", ") >= 2
    True
    """
    name = ""
    try:
        with open(cpuinfo, encoding="utf-8", errors="replace") as f:
            name = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "")
    except OSError:
        pass
    return (
        f"{name or platform.processor() or platform.machine() or 'unknown CPU'}, {os.cpu_count() or 1} CPUs; "
        f"splitpot {__version__}, numpy {np.__version__}, Python {platform.python_version()}"
    )


def _bench(args: argparse.Namespace) -> int:
    n = args.hands
    out = Output(plain=args.plain)
    if not args.json:
        out.line(f"splitpot bench: {n:,} random hand{'s' * (n != 1)} per batch, best of 5 (higher is better)",
                 style="bold")
        out.line(f"on {_machine()}")
        out.line(f"batch keys: {_core.batch_keys()} (the widest way this CPU has)")
    # (what was measured, its figures: hands or calls a second by what), printed in columns
    rows: list[tuple[str, dict[str, float]]] = []
    with ProgressBar("measuring", total=5 * (2 * len(Ranking) + 4), plain=args.plain, delay=0) as bar:
        hands7 = random_hands(n, 7, seed=args.seed)
        hands5 = random_hands(n, 5, seed=args.seed + 1)
        for ranking in Ranking:
            r7 = _rate(lambda r=ranking: evaluate_many(hands7, r), n, progress=bar)
            r5 = _rate(lambda r=ranking: evaluate_many(hands5, r), n, progress=bar)
            rows.append((f"evaluate_many {ranking.value}", {"7 cards": r7, "5 cards": r5}))
        unchecked = _rate(lambda: evaluate_many(hands7, "high", check=False), n, progress=bar)
        rows.append(("evaluate_many high, check=False", {"7 cards": unchecked}))
        threads = args.threads
        rt = _rate(lambda: evaluate_many(hands7, "high", threads=threads), n, progress=bar)
        rows.append((f"evaluate_many high, {counted(threads, 'thread')}", {"7 cards": rt}))
        few = [list(map(int, row)) for row in hands7[:200_000]]

        def each(fn: Callable[[list[int]], object]) -> None:
            for hand in few:  # results not kept: a call's cost, not the garbage collector's
                fn(hand)

        for name, fn in (("strength", strength), ("evaluate", evaluate)):
            calls = _rate(lambda fn=fn: each(fn), len(few), progress=bar)
            rows.append((f"{name}, one hand a call", {"calls": calls}))
    # after the bar is gone: the figures are not measured while printing
    if args.json:
        print(json.dumps({
            "hands": n, "repeat": 5, "seed": args.seed, "threads": threads, "machine": _machine(),
            "batch_keys": _core.batch_keys(),
            "per_second": [{"measured": what, **figures} for what, figures in rows],
        }, indent=1))
        return 0
    width = max(len(what) for what, _ in rows)
    for what, figures in rows:
        text = "   ".join(f"{key} {rate / 1e6:8.1f} M/s" for key, rate in figures.items() if key != "calls")
        if "calls" in figures:
            text = f"{figures['calls'] / 1e6:8.2f} M calls/s"
        out.line(f"{what:<{width}}  {text}")
    return 0


# The subcommands whose parsers live with their code, and the function that adds each: the
# command line loads only the module of the command it runs (`splitpot eval` neither the game
# engine nor the equity API).
_ELSEWHERE = {
    "play": ("splitpot.play", "add_play_parser"),
    "equity": ("splitpot.equity_cli", "add_equity_parser"),
    "replay": ("splitpot.play", "add_replay_parser"),
    "resume": ("splitpot.resume", "add_resume_parser"),
}
_COMMANDS = ("eval", "bench", *_ELSEWHERE)


# --help's description: the module docstring's first sentence, without its
# reStructuredText markup (a terminal shows the backquotes as they are).
_DESCRIPTION = " ".join((__doc__ or "").split("\n\n")[0].split()).replace("``", "")


_EPILOG = """exit status: 0 done, 1 a file or the output that cannot be read or written (not the
input's fault), 2 bad input (arguments, cards, options, a file's content), 130 ctrl-C, 141 the
output's reader gone (| head)."""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, but its help and usage not lost without a word where they
    cannot be written (``splitpot --help > /dev/full``: argparse ignores the error)."""

    def _print_message(self, message: str, file: Any = None) -> None:
        file = file or sys.stderr
        if message and file is not None:
            file.write(message)


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every subcommand, or with ``command`` (one of
    ``_COMMANDS``) that one alone (the same arguments, the same answers).

    >>> _parser().parse_args(["eval", "As"]).cards == _parser("eval").parse_args(["eval", "As"]).cards
    True
    >>> sorted(_parser("eval")._subparsers._group_actions[0].choices)  # the one subcommand
    ['eval']
    """
    parser = _Parser(prog="splitpot", description=_DESCRIPTION, epilog=_EPILOG,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"splitpot {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    if command in (None, "eval"):
        _add_eval(sub)
    if command in (None, "bench"):
        _add_bench(sub)
    for name, (module, adder) in _ELSEWHERE.items():
        if command in (None, name):
            getattr(import_module(module), adder)(sub)
    return parser


def _parse(words: list[str], command: str | None) -> argparse.Namespace:
    """The arguments of ``words``; an unknown one is refused by the command's own
    parser, which shows the command's usage (the top-level parser showed its own).

    >>> _parse(["eval", "As", "--bogus"], "eval")
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    parser = _parser(command)
    args, extra = parser.parse_known_args(_joined_amounts(words))
    if extra:
        sub = parser._subparsers._group_actions[0].choices.get(args.command)  # type: ignore[union-attr]
        (sub or parser).error(f"unrecognized arguments: {' '.join(extra)}")
    return args


_AMOUNTS = re.compile(r"-\d[\d,]*")
"""A list of amounts that begins with a minus sign (``-1,3``), which argparse takes for a flag."""


def _joined_amounts(words: list[str]) -> list[str]:
    """``--blinds -1,3`` as ``--blinds=-1,3``: the value reaches the flag's own check (its message
    says what a blind may be), where argparse said only "expected one argument".

    >>> _joined_amounts(["play", "california-lowball", "--blinds", "-1,3", "--seed", "1"])
    ['play', 'california-lowball', '--blinds=-1,3', '--seed', '1']
    """
    out: list[str] = []
    for word in words:
        if out and out[-1] == "--blinds" and _AMOUNTS.fullmatch(word):
            out[-1] = f"--blinds={word}"
        else:
            out.append(word)
    return out


def _add_eval(sub: Any) -> None:
    p = sub.add_parser("eval", help="name the best high hand and the best low under each ranking")
    p.add_argument("cards", nargs="+", help="cards such as As Kd 7h (or 'AsKd7h')")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--wild",
        action="append",
        type=cards_text,
        metavar="RANK|CARDS",
        help="wild cards: a rank (--wild 2 = deuces wild) or cards; repeat for more",
    )
    p.add_argument(
        "--joker", choices=["bug", "wild"], default="bug", help="the joker: the bug (default) or wild"
    )
    p.add_argument(
        "--wild-low",
        choices=["zero", "lowest-absent", "best-rank"],
        default="zero",
        help="how wild cards count in the lows (default zero)",
    )
    p.add_argument(
        "--duplicate", action="store_true", help="high: a wild card may repeat a held card (flush)"
    )
    p.add_argument("--penalty", action="append", type=cards_text, metavar="RANK|CARDS",
                   help="penalty cards: a rank (every card of it) or cards; repeat for more")
    p.add_argument(
        "--penalty-rule",
        choices=["dead-hand", "void-card"],
        default=None,
        help="what a penalty card does (default dead-hand; needs --penalty)",
    )
    p.add_argument(
        "--qualifier",
        default=None,
        type=qualifier_rank,
        metavar="RANK",
        help="the eight-or-better line's qualifier: the highest rank its low may hold, 5-9, T, J, Q or K "
        "(default 8; another is read as the game engine plays stud 8 with it: an ace-to-five low that "
        "qualifies)",
    )
    p.add_argument("--plain", action="store_true", help="plain text: card letters, no colours")
    p.set_defaults(run=_eval)


MAX_BENCH_HANDS = 200_000_000
"""The largest ``bench --hands``: its 7-card batch alone then takes 1.4 GB."""


def _add_bench(sub: Any) -> None:
    b = sub.add_parser("bench", help="measure this machine's evaluation throughput")
    b.add_argument("--hands", type=int_range(1, MAX_BENCH_HANDS), default=2_000_000,
                   help=f"random hands in each batch measured (not hands played: 1..{MAX_BENCH_HANDS:,}; "
                   "default 2,000,000)")
    b.add_argument("--threads", type=int_range(1, MAX_THREADS), default=2,
                   help=f"threads for the multi-threaded figure (1..{MAX_THREADS}; default 2)")
    b.add_argument("--seed", type=seed_number, default=0, help="seed of the random hands (default 0)")
    b.add_argument("--json", action="store_true",
                   help="print JSON: the machine and each figure (hands or calls a second), unrounded")
    b.add_argument("--plain", action="store_true", help="plain text, no progress bar")
    b.set_defaults(run=_bench)


_ASCII_SIGNS = {"§": "section ", "±": "+/-", "\u2014": "-", "\u2013": "-", "…": "...", "\u00a0": " ",
                "\u00d7": "x"}
"""Signs of the help and the tables as ASCII writes them (``(§5.1)`` read ``(?5.1)``)."""


def _ascii_suits(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: cards' suit symbols as letters (``A♠`` -> ``As``, the rule
    of :func:`~splitpot.render.card_letters`), anything else ``?`` (a name's ``♠`` too:
    a letter would make another name).  A card whose rank came in an earlier write
    than its suit is written by :class:`_Stdout`, which remembers what it wrote."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object
    lettered = card_letters(text[error.start:error.end], before=text[:error.start])
    return "".join(
        sign if sign != symbol else _ASCII_SIGNS.get(symbol, "?")
        for sign, symbol in zip(lettered, text[error.start:error.end], strict=True)
    ), error.end


class _OutputError(OSError):
    """Standard output could not be written or flushed (a full disk, a failing device),
    told apart from every other OSError (a closed pipe is BrokenPipeError, as it was)."""


class _Stdout:
    """Standard output while :func:`main` runs a command: an error writing or flushing
    it (but a closed pipe) raised as :class:`_OutputError`; where the stream cannot show
    the suit symbols, a card's suit written as its letter even where its rank came in the
    write before (the codec's handler, :func:`_ascii_suits`, sees one write at a time).
    Everything else is the stream's.

    >>> import io
    >>> raw = io.BytesIO()
    >>> out = _Stdout(io.TextIOWrapper(raw, encoding="ascii", errors="splitpot-suits"))
    >>> for part in ("A", "♠ K♥", " ♠Bob\\n"):
    ...     _ = out.write(part)
    >>> out.flush(); raw.getvalue()
    b'As Kh ?Bob\\n'
    """

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self._letters = not can_show_symbols(stream)
        self._last = ""

    def write(self, text: str) -> int:
        if self._letters and text:
            text, self._last = card_letters(text, before=self._last), text[-1]
        try:
            return int(self._stream.write(text))
        except BrokenPipeError:
            raise
        except OSError as err:
            raise _OutputError(err.errno, err.strerror) from err

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise _OutputError(err.errno, err.strerror) from err

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


codecs.register_error("splitpot-suits", _ascii_suits)


def _locale_codeset() -> str | None:
    """The locale's own encoding where Python's UTF-8 mode took its place unasked
    (``LC_ALL=C``: Python writes UTF-8 to a terminal that shows ASCII); None where
    the locale is UTF-8, or UTF-8 was asked for (``PYTHONUTF8=1``, ``-X utf8``,
    ``PYTHONIOENCODING``)."""
    if not sys.flags.utf8_mode or os.environ.get("PYTHONUTF8") or os.environ.get("PYTHONIOENCODING"):
        return None
    if "utf8" in sys._xoptions:
        return None
    try:
        codeset = locale.nl_langinfo(locale.CODESET)
        codecs.lookup(codeset)
    except (AttributeError, ValueError, LookupError):  # pragma: no cover - no nl_langinfo (Windows)
        return None
    return None if codecs.lookup(codeset).name == "utf-8" else codeset


def _plain_text_streams() -> None:
    """On a terminal or pipe that cannot show suit symbols (a non-UTF-8 locale), print
    them as letters instead of failing with UnicodeEncodeError; a terminal of a
    non-UTF-8 locale is written in the locale's encoding (not UTF-8, which Python's
    UTF-8 mode would write to it)."""
    codeset = _locale_codeset()
    for stream in (sys.stdout, sys.stderr):
        if codeset and stream is not None and stream.isatty() and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding=codeset)
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "♠".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="splitpot-suits")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0 done, 2 bad input (bad
    arguments, cards or options, a file whose content is invalid: the message names
    the flag), 1 a failure that is not the input's (a file that cannot be read or
    written, output that cannot be written: a full disk, a closed standard output),
    130 interrupted (ctrl-C, no traceback), 141 output closed early (``splitpot play
    ... | head``: quietly)."""
    command: str | None = None
    try:
        words = sys.argv[1:] if argv is None else list(argv)
        command = next((w for w in words if not w.startswith("-")), None)
        command = command if command in _COMMANDS else None
        if sys.stdout is None:  # closed (`>&-`): what the command prints would be lost
            say(command, "error: standard output is closed: nothing could be printed "
                         "(send it to a file, or to /dev/null to print nothing).")
            return 1
        _plain_text_streams()
        real_stdout, sys.stdout = sys.stdout, _Stdout(sys.stdout)
        try:
            return _run(words, command)
        finally:
            if isinstance(sys.stdout, _Stdout):
                sys.stdout = real_stdout
    except KeyboardInterrupt:
        say(command, "interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away: say nothing, and keep Python's exit-time flush of
        # stdout from failing again (the recipe of the signal module's documentation).
        _drop_stdout()
        return 141
    except _OutputError as err:  # the output cannot be written: a full disk, a failing device
        _drop_stdout()
        with contextlib.suppress(OSError):  # (standard error failing as well: the status says it)
            say(command, f"error: cannot write the output: {err.strerror or err}.")
        return 1
    except OSError as err:  # a file the command could not use, unsaid where it was used: no traceback
        with contextlib.suppress(OSError):
            where = f"{file_name(os.fsdecode(err.filename))}: " if err.filename is not None else ""
            say(command, f"error: {where}{err.strerror or err}.")
        return 1


def _run(words: list[str], command: str | None) -> int:
    """:func:`main`'s command run, its errors said (exit status 1 or 2)."""
    try:
        args = _parse(words, command)
    except SystemExit:  # argparse's --help or refusal: argparse leaves its write errors unsaid
        sys.stdout.flush()
        raise
    try:
        status = int(args.run(args))
    except AccessError as err:
        say(args.command, f"error: {cli_words(str(err))}")
        status = 1
    except SplitpotError as err:
        say(args.command, f"error: {cli_words(str(err))}")
        status = 2
    sys.stdout.flush()  # a full disk found now, not at exit (where it is only a warning)
    return status


def _drop_stdout() -> None:
    """Standard output made /dev/null, after it failed: Python's flush at exit would
    fail again (a warning, exit status 120)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - stdout without a descriptor
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
