"""``splitpot equity``: the command line of :func:`splitpot.equity.equity`.

``add_equity_parser(subparsers)`` adds the sub-command; ``run_equity(args)`` runs it
(the flags named as the API's keywords, a hand's range as typed, a table or JSON).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="splitpot")
>>> add_equity_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["equity", "-g", "seven-card-stud", "As Ks Qs Js", "Kd Kc 9s 9h"])
>>> run_equity(args)  # doctest: +ELLIPSIS
seven-card-stud, exact (count): ...
0
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any

from splitpot._native import _core
from splitpot.argtypes import (
    check_writable,
    cli_words,
    file_name,
    qualifier_rank,
    refuse_lone_penalty_rule,
    say,
    seed_number,
)
from splitpot.equity import (
    _DECLARE_GAMES,
    _DEFAULT,
    _FIELDS,
    _GAMES,
    _LAST_CARD_DOWN,
    _POSITIONAL,
    _VARIANTS,
    EQUITY_TARGET_CAP,
    EquityGame,
    EquityResult,
    EquityStop,
    Progress,
    _table,
    equity,
)
from splitpot.errors import EquityInterrupted, RuleError, SplitpotError
from splitpot.plots import equity_plot, require_plotting
from splitpot.wild import PenaltyRule, WildLow

__all__ = ["add_equity_parser", "run_equity"]


def add_equity_parser(subparsers: Any) -> None:
    """Add the ``equity`` sub-command to an argparse ``subparsers`` object."""
    parser = subparsers.add_parser(
        "equity",
        help="chances of high, low and scoop for stud and draw hands, or ranges",
        description="Each hand's chances of winning the high and the low half, of scooping, and its "
        "expected share of the pot: exact by default, Monte Carlo with --samples, --stderr or --seconds "
        "(with standard errors). A hand is its known cards or a range (the notation below; in full on the "
        "page \"Ranges: the notation of splitpot.equity\" of the documentation).",
        epilog=f"games:\n{_game_lines()}\n\nranges:\n{_RANGE_LINES}\n\nexamples:\n"
        '  splitpot equity --game seven-card-stud-8 "Ah 2c 3d" "Kd Kc 9s"\n'
        '  splitpot equity --game seven-card-stud "As Ks Qs" "Kd + 2 down: pair" --stderr 0.002\n'
        '  splitpot equity --game lowball "7c 5d 4h 3s" "pat: 8-low" --seconds 2\n'
        '  splitpot equity --game mexican-stud --low ace-to-six "5c Ad Kd 9h" "9c Qs Qh 2d"\n'
        '  splitpot equity -g seven-card-stud-declare "As Ad 2c 3c 4d 5h" "Kd Kc 2d 3d 4c 7s" '
        "--declare both low",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "hands",
        nargs="*",  # at least one, checked by run_equity, which can say where they went
        metavar="HAND",
        help="one player's known cards ('As 2d 3c') or a range ('pat: 8-low')",
    )
    parser.add_argument("--game", "-g", required=True, metavar="GAME", help="the game (see below)")
    parser.add_argument("--dead", nargs="+", default=[], metavar="CARD", help="cards out of the deck")
    parser.add_argument("--draws", nargs="+", default=None, metavar="N",
                        help="cards each hand draws, one number a hand (the draw games; default: five "
                        "minus the cards it keeps)")
    parser.add_argument("--samples", default=None, metavar="N",
                        help="Monte Carlo deals (default: exact); with --stderr or --seconds, the most "
                        f"drawn (default {EQUITY_TARGET_CAP:,})")
    parser.add_argument(
        "--stderr",
        default=None,
        metavar="SE",
        help="Monte Carlo until every share's standard error is at most SE (e.g. 0.001), or until "
        f"--samples (default {EQUITY_TARGET_CAP:,}) are drawn: then it says the target was not reached",
    )
    parser.add_argument("--seconds", default=None, metavar="S",
                        help="Monte Carlo for S seconds in all (the ranges' setup included), or until "
                        f"--samples (default {EQUITY_TARGET_CAP:,}) are drawn")
    parser.add_argument("--seed", type=seed_number, default=None, metavar="N",
                        help="Monte Carlo seed, 0..2**64-1 (default: fresh; an exact run ignores it)")
    parser.add_argument("--threads", default=None, metavar="N", help="cores to use, 1-1024 (default: all)")
    parser.add_argument(
        "--max-outcomes",
        default=None,
        metavar="N",
        help=f"the largest exact enumeration allowed, in outcomes (default {_core.EQUITY_MAX_OUTCOMES:,}, "
        "or 2e9; "
        "counting heads-up spots is not limited by it)",
    )
    parser.add_argument(
        "--low",
        default=None,
        help="deuce-to-seven, ace-to-six or ace-to-five: the low of seven-card-stud-high-low (default "
        "deuce-to-seven); five-card-stud and mexican-stud played high-low (default: high only)",
    )
    parser.add_argument(
        "--qualifier",
        default=None,
        type=qualifier_rank,
        metavar="RANK",
        help="seven-card-stud-8: the highest rank a qualifying low may hold, 5-9, T, J, Q or K (default 8)",
    )
    parser.add_argument(
        "--wild", action="append", metavar="RANK|CARDS", help="wild cards (--wild 2: deuces wild)"
    )
    parser.add_argument(
        "--joker",
        choices=["bug", "wild", "none"],
        default=None,
        help="the joker in the deck as the bug or wild, or none (default: bug in lowball, none elsewhere)",
    )
    parser.add_argument(
        "--wild-low",
        choices=[w.value for w in WildLow],
        default="zero",
        help="how wild cards count in a low (default zero)",
    )
    parser.add_argument("--penalty", action="append", metavar="RANK|CARDS", help="penalty cards")
    parser.add_argument(
        "--penalty-rule",
        choices=[r.value for r in PenaltyRule],
        default=None,
        help="what a penalty card does (needs --penalty): dead-hand (default: the hand wins nothing) "
        "or void-card (not played; fewer than five playable cards is a dead hand)",
    )
    parser.add_argument(
        "--positional",
        choices=[p.replace("_", "-") for p in _POSITIONAL],
        default=None,
        help="stud games: each player's own wild card, named by its place in his deal (his last or "
        "lowest down card, his first or third card, his lowest card), wild for him with its rank; "
        "cards in the order dealt (a range: upcards + N down)",
    )
    parser.add_argument(
        "--declare",
        nargs="+",
        default=None,
        metavar="high|low|both",
        help="high-low games: each hand's declaration, one per hand in order (high, low or both); "
        "each pot then goes as declared (required by seven-card-stud-declare; default: cards speak)",
    )
    parser.add_argument(
        "--tie-keeps-half",
        action="store_true",
        help="with --declare: a both declarer who wins one side alone and ties the other keeps his half",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--plain", action="store_true", help="no progress bar")
    parser.add_argument("--plot", metavar="FILE.png", default=None,
                        help="draw each hand's high, low and scoop chances (needs splitpot[plot])")
    parser.set_defaults(run=run_equity)


def _game_lines() -> str:
    lines = [f"  {g.value:<26} {_DOCS[g]}" for g in _GAMES]
    lines += [
        f"  {name:<26} as {base.value} (the same showdown"
        + ("; positional wild cards read its two down cards)" if name in _LAST_CARD_DOWN else ")")
        + (", --declare required" if name in _DECLARE_GAMES else "")
        for name, base in _VARIANTS.items()
    ]
    return "\n".join(lines)


_DOCS = {
    EquityGame.SEVEN_CARD_STUD: "high only (up to 7 cards a hand)",
    EquityGame.SEVEN_CARD_STUD_8: "high-low, eight-or-better low",
    EquityGame.SEVEN_CARD_STUD_HIGH_LOW: "classic high-low, --low deuce-to-seven (default), ace-to-six/five",
    EquityGame.LOWBALL: "ace-to-five draw with the joker: cards kept, --draws N each (default 5 - kept)",
    EquityGame.DEUCE_TO_SEVEN: "deuce-to-seven draw: cards kept, --draws N each",
    EquityGame.JACKPOTS: "five-card draw, high: cards kept, --draws N each",
    EquityGame.FIVE_CARD_STUD: "five-card stud, high (up to 5 cards a hand); --low: high-low",
    EquityGame.MEXICAN_STUD: "five cards, the first the hole card, wild with its rank; high, --low: high-low",
}

_RANGE_LINES = """  As Ad:2, KK               hands with weights (KK: every pair of kings)
  Kd + 2 down: pair         stud: upcards, then hidden down cards and a condition
  kept 3 drew 2: 8-low      draw: three unknown cards kept (a condition on them)
  pat: jacks+               draw: stood pat
  conditions: pair (the hidden cards), pair+, two-pair+, trips+, jacks+, N-low"""


def _number(text: str | None, flag: str, kind: type = int) -> Any:
    """A CLI number, errors naming the flag."""
    if text is None:
        return None
    try:
        return kind(str(text).replace("_", ""))
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise RuleError(f"{flag} takes {what}, got {text!r}") from None


def _outcomes(text: str | None) -> int | float | None:
    """``--max-outcomes``: a whole number, also written as ``2e9`` (the API checks it is whole).

    >>> _outcomes("3_000_000_000"), _outcomes("2e9"), _outcomes(None)
    (3000000000, 2000000000.0, None)
    """
    if text is None:
        return None
    try:
        return int(str(text).replace("_", ""))
    except ValueError:
        value: float = _number(text, "--max-outcomes", float)
        return value


_FLAG = re.compile(
    r"\b(samples|stderr|seconds|threads|seed|max_outcomes|low|joker|wild_low|penalty_rule|penalty|positional|draws"
    r"|each draw|declare|tie_keeps_half)( must|=| needs| applies)"
)


# The API names a hand by its index in hands (from 0); the CLI, as people count the hands typed
# (from 1): "hands[0]" reads "hand 1", "declare[1]" "declaration 2".
_HAND_INDEX = re.compile(r"\b(hands|declare)\[(\d+)\]")
_CLI_NOUN = {"hands": "hand", "declare": "declaration"}


def _cli_message(error: Exception) -> str:
    """The API's message with the keywords named as the CLI's flags and the hands counted from 1.

    >>> print(_cli_message(RuleError("pass samples= for an estimate, e.g. samples=1_000_000")))
    pass --samples for an estimate, e.g. --samples 1_000_000
    >>> print(_cli_message(RuleError("duplicate card 2c: in hands[0] and in hands[1]")))
    duplicate card 2c: in hand 1 and in hand 2
    """

    def flag(match: re.Match[str]) -> str:
        name = "draws" if match[1] == "each draw" else match[1].replace("_", "-")
        if match[2] != "=":
            return f"--{name}{match[2]}"
        after = match.string[match.end() : match.end() + 1]
        value_follows = after.isalnum() or after in ("'", '"', "[")
        return f"--{name}" + (" " if value_follows else "")

    text = _HAND_INDEX.sub(lambda m: f"{_CLI_NOUN[m[1]]} {int(m[2]) + 1}", str(error))
    return _FLAG.sub(flag, cli_words(text))


def _swallowed(args: argparse.Namespace, *, every: bool = False) -> str:
    """Where ``--dead``, ``--draws`` or ``--declare`` may have taken the hands typed after it
    (each takes every word after it): a hint that says so, else ``""``.  ``every``: any word
    they took (no hand was left); else only ``--dead`` words that look like hands (two of
    them or more, one holding several cards: ``--dead 2c "Kd Kc 9s" "Qh Qd 3c"``).

    >>> _swallowed(argparse.Namespace(dead=["2c", "Kd Kc 9s"], draws=None, declare=None))
    ": --dead takes every word after it, the hands too; give the hands first, or end the flag's words with --"
    >>> _swallowed(argparse.Namespace(dead=["2c", "3d"], draws=None, declare=None))
    ''
    """
    given = (("--dead", args.dead), ("--draws", args.draws), ("--declare", args.declare))
    if every:
        took = [flag for flag, words in given if words]
    else:
        dead = args.dead or []
        took = ["--dead"] if len(dead) > 1 and any(len(word.split()) > 1 for word in dead) else []
    if not took:
        return ""
    flags = ", ".join(took[:-1]) + " and " + took[-1] if len(took) > 1 else took[0]
    verb = "takes every word after it" if len(took) == 1 else "take every word after them"
    return f": {flags} {verb}, the hands too; give the hands first, or end the flag's words with --"


def _bar_progress(
    bar: Callable[[float, float | None], object],
    *,
    samples: int | None,
    stderr: float | None,
    seconds: float | None,
) -> Progress:
    """What the progress bar shows, as ``equity``'s ``progress`` callback: the samples or
    outcomes done of all when a count bounds the run; with ``seconds``, the time used of
    the limit (the samples' cap would read 0%); with ``stderr`` alone, no total (an
    indeterminate bar: how long the target takes is unknown until it is reached).

    >>> class Bar:
    ...     def __call__(self, done, total): self.done, self.total = done, total
    >>> bar = Bar()
    >>> _bar_progress(bar, samples=None, stderr=None, seconds=None)(5, 10); (bar.done, bar.total)
    (5, 10)
    >>> _bar_progress(bar, samples=None, stderr=0.001, seconds=None)(4096, 10**9); (bar.done, bar.total)
    (4096, None)
    >>> _bar_progress(bar, samples=None, stderr=None, seconds=2.0)(4096, 10**9); (bar.done < 1, bar.total)
    (True, 2.0)
    """
    if seconds is not None:
        started = time.monotonic()

        def timed(done: int, total: int) -> None:
            used = time.monotonic() - started
            bar(total if done >= total else min(used, seconds), seconds if done < total else total)

        return timed
    if stderr is not None and samples is None:
        return lambda done, total: bar(done, None)
    return bar


def run_equity(args: argparse.Namespace) -> int:
    """Run ``splitpot equity``; return the exit status (130 after Ctrl-C).

    >>> from splitpot.cli import main
    >>> main(["equity", "--game", "lowball", "--joker", "none", "Ah 2c 3d 4s", "7c 6d 5h 3c 2d"])
    lowball, exact (count): 43 outcomes
    hand              low win  low tie    scoop    share
    Ah 2c 3d 4s        20.93%    0.00%   20.93%   20.93%
    7c 6d 5h 3c 2d     79.07%    0.00%   79.07%   79.07%
    (win: the low hand alone; tie: shared; scoop: the whole pot alone; share: the part of the pot
    expected, which sums to 100%)
    0
    """
    if not args.hands:
        say("equity", f"error: no HAND given{_swallowed(args, every=True)}")
        return 2
    if args.plot is not None:  # checked before the work (an empty name, a folder missing) as play does
        try:
            check_writable(args.plot, "--plot")
            require_plotting()
        except SplitpotError as error:
            say("equity", f"error: {error}")
            return 2
    from splitpot.render import ProgressBar  # rich and the engine: loaded for the CLI only

    bar = ProgressBar("equity", plain=args.plain, counts=False)
    started = time.perf_counter()
    try:
        refuse_lone_penalty_rule(args)
        samples = _number(args.samples, "--samples")
        stderr = _number(args.stderr, "--stderr", float)
        seconds = _number(args.seconds, "--seconds", float)
        result = equity(
            args.game,
            args.hands,
            dead=" ".join(args.dead),
            draws=None if args.draws is None else [_number(d, "--draws") for d in args.draws],
            samples=samples,
            stderr=stderr,
            seconds=seconds,
            seed=args.seed,
            threads=_number(args.threads, "--threads"),
            progress=_bar_progress(bar, samples=samples, stderr=stderr, seconds=seconds),
            low=args.low,
            wild=args.wild or None,
            joker=_DEFAULT if args.joker is None else args.joker,
            wild_low=args.wild_low,
            penalty=args.penalty or None,
            penalty_rule=args.penalty_rule,
            positional=args.positional,
            declare=args.declare,
            tie_keeps_half=args.tie_keeps_half,
            qualifier=8 if args.qualifier is None else args.qualifier,
            max_outcomes=_outcomes(args.max_outcomes),
        )
    except SplitpotError as error:
        bar.close()
        say("equity", f"error: {_cli_message(error)}{_swallowed(args)}")
        return 2
    except EquityInterrupted as interrupt:
        bar.close()
        if interrupt.result is None:
            say("equity", "interrupted")
            return 130
        result = interrupt.result  # Monte Carlo: the samples drawn, printed below as a partial result
    except KeyboardInterrupt:
        bar.close()
        say("equity", "interrupted")
        return 130
    bar.close()
    elapsed = time.perf_counter() - started
    if args.plot:
        try:
            equity_plot(result, args.plot)
        except OSError as error:  # (exit status 1: not the input's fault)
            say("equity", f"error: --plot: cannot write {file_name(args.plot)}: {error.strerror or error}.")
            return 1
        print(f"plot: {file_name(args.plot)}", file=sys.stderr)  # stdout keeps the table (or the JSON) alone
    _print_result(result, args.json, elapsed, typed=args.hands)
    if result.stop is EquityStop.SAMPLES and not args.json:
        print(textwrap.fill(_missed(result, args), width=100))
    if result.stop is EquityStop.INTERRUPTED:
        say("equity", f"interrupted after {result.outcomes:,} sample{'s' * (result.outcomes != 1)} "
                      "(partial result above)")
        return 130
    return 0


def _missed(result: EquityResult, args: argparse.Namespace) -> str:
    """What a run whose samples ran out before its target says below its table."""
    cap = "--samples" if args.samples is not None else f"the default cap of {EQUITY_TARGET_CAP:,} samples"
    drawn = f"{result.outcomes:,} samples"
    if args.stderr is not None:
        target = _number(args.stderr, "--stderr", float)
        worst = result.stderr or 0.0
        return (f"target not reached: the largest standard error is {worst:.4f} ({100 * worst:.2f}%), above "
                f"the --stderr target {target:g}: {cap} ran out first ({drawn}); raise --samples.")
    return (f"target not reached: {cap} ran out ({drawn}) before the --seconds limit was used up; "
            "raise --samples to use the time.")


def _print_result(
    result: EquityResult, as_json: bool, seconds: float, typed: Sequence[str] | None = None
) -> None:
    """The result as a table (a legend below it) or as JSON; ``typed``: the hands as
    given, which label the ranges (a range's members would run to hundreds of characters)."""
    if as_json:
        doc = {
            "game": result.game.value,
            "variant": result.variant,
            "low": result.low.value if result.low else None,
            "exact": result.exact,
            "method": result.method,
            "outcomes": result.outcomes,
            "seed": result.seed,
            "stop": result.stop.value,
            "partial": result.partial,
            "declare": list(result.declare) or None,
            "tie_keeps_half": result.tie_keeps_half,
            "rules": dict(result.rules),
            "seconds": round(seconds, 6),
            "players": [
                {"cards": [str(c) for c in p.cards], "range": str(p.range) if p.range is not None else None}
                | {f: getattr(p, f) for f in _FIELDS}
                | ({"stderr": {f: getattr(p.stderr, f) if result.outcomes > 1 else None for f in _FIELDS}}
                   if p.stderr is not None else {})  # (one sample has no standard error: null)
                for p in result
            ],
        }
        print(json.dumps(doc, indent=1))
        return
    print(_table(result, typed))
