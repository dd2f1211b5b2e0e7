"""``splitpot play``: computer players play a hand (or a session) of any game.

``add_play_parser(subparsers)`` adds the sub-command; ``run_play(args)`` runs it.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="splitpot")
>>> add_play_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["play", "seven-card-stud", "--players", "3", "--seed", "2"])
>>> run_play(args)  # doctest: +ELLIPSIS
seven-card-stud: 3 players, seed 2, ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import re
import secrets
import signal
import stat
import textwrap
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from splitpot.argtypes import (
    cards_text,
    check_writable,
    cli_words,
    error_status,
    file_name,
    int_range,
    qualifier_rank,
    read_text,
    refuse_lone_penalty_rule,
    say,
    seed_number,
)
from splitpot.bots import SimpleBot
from splitpot.dealers_choice import DEALERS_CHOICE, DealersChoice, stakes_text
from splitpot.engine import events as ev
from splitpot.engine.positional import PositionalWild
from splitpot.engine.session import Session, read_sitting_out, read_stack_changes, refuse_unfinished
from splitpot.engine.spec import GameSpec, Stakes
from splitpot.engine.state import State
from splitpot.errors import HistoryError, RuleError, SplitpotError
from splitpot.games import GAME_OPTIONS, GAMES, WILD_OPTIONS, get_game, idle_wild_option
from splitpot.games.draw import CALIFORNIA_LIMIT
from splitpot.narrate import ALL, describe_hand, narrate
from splitpot.plots import require_plotting, stack_plot
from splitpot.render import Output, ProgressBar
from splitpot.validate import counted

if TYPE_CHECKING:
    from splitpot.phh import Hands

__all__ = [
    "ALL",
    "add_play_parser",
    "build_spec",
    "check_seat",
    "describe_hand",
    "narrate",
    "play_with_progress",
    "plot_session",
    "run_play",
    "session_table",
    "stacks_over",
]

_GAME_HELP = {
    "seven-card-stud": "seven-card stud, high only (§5.1)",
    "seven-card-stud-8": "stud high-low, eight-or-better low, cards speak (§5.2)",
    "seven-card-stud-high-low": "classic stud high-low, deuce-to-seven low by default, cards speak (§5.3)",
    "seven-card-stud-declare": "classic stud high-low with declarations (§5.3, §4)",
    "jackpots": "draw poker, jacks or better to open; nobody opens: ante again, deal again (§5.4)",
    "lowball": "ace-to-five draw, the joker as the bug, pass and out before the draw (§5.5)",
    "california-lowball": "lowball with live blinds (--limit 2, 3, 5), the sevens rule (§5.6)",
    "jacks-back": "jackpots; nobody opens: the same hands as lowball, then deal again (§5.7)",
    "five-card-stud": "five-card stud: one down, four up, the highest upcard must bet (§5.8)",
    "five-card-stud-last-down": "five-card stud with the fifth card dealt face down (§5.8)",
    "five-card-stud-five-bets": "five-card stud, a round after the hole card, the lowest upcard bets (§5.8)",
    "mexican-stud": "flip: turn-ups all at once, each player's hole card wild for him (§5.9)",
    "aces-deuces": "two-card high-low, paid draws round and round, A-A high and A-2 low (§5.10)",
    DEALERS_CHOICE: "each dealer calls the game and its options from a house list (--house FILE) (§5.11)",
}


# The rows of ``play --help``'s options by game: the flags, and the game keywords a
# game takes (all of them, in GAME_OPTIONS) for the flags to apply; BRING_IN: the games
# whose default stakes have a bring-in. Which games take each row is read from the
# registry, so a new game needs no entry here.
_BRING_IN = "bring-in"
_OPTION_ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--no-cap-heads-up", ("uncapped_heads_up",)),
    ("--ante, --small-bet, --big-bet", ("stakes",)),
    ("--bring-in", (_BRING_IN,)),
    ("--open-pair", ("open_pair",)),
    ("--qualifier", ("qualifier",)),
    ("--low", ("low",)),
    ("--declare, --both, --tie-keeps-half", ("declare", "both", "tie_keeps_half")),
    ("--max-draw", ("max_draw",)),
    ("--pass-and-out, --no-pass-and-out", ("pass_and_out",)),
    ("--no-check-raise, --check-raise", ("no_check_raise",)),
    ("--ace-draw, --second-round, --openers", ("ace_draw", "second_round", "openers")),
    ("--limit, --blinds, --sevens", ("limit", "blinds", "sevens")),
    ("--turn-up", ("turn_up",)),
    ("--stand-is-final, --no-stand-is-final", ("stand_is_final",)),
    ("--joker, --wild, --wild-low, --duplicate, --penalty, --penalty-rule, --positional", WILD_OPTIONS),
)
_SWITCHES = ("uncapped_heads_up", "open_pair", "turn_up")
"""Keywords a game may list and still refuse on its own (five-card-stud-last-down's
turn_up): the help tries each with True."""


def _game_help(name: str) -> str:
    """The line ``play --help`` gives game ``name``: its entry in ``_GAME_HELP``, else
    the first line of its builder's docstring (a new game needs no entry)."""
    if name in _GAME_HELP:
        return _GAME_HELP[name]
    doc = (GAMES[name].__doc__ or "").strip().splitlines()
    return doc[0].removeprefix(f"``{name}``:").strip() if doc else ""


def _games_text(names: Sequence[str]) -> str:
    """``names`` (in the registry's order) as the help lists them: ``every game``, or
    the names, a family of games sharing a name's prefix written ``NAME*``.

    >>> _games_text(["seven-card-stud", "seven-card-stud-8", "seven-card-stud-high-low",
    ...              "seven-card-stud-declare", "jackpots"])
    'seven-card-stud*, jackpots'
    """
    if set(names) == set(GAMES):
        return "every game"
    words: list[str] = []
    done: set[str] = set()
    for name in names:
        if name in done:
            continue
        family = [g for g in GAMES if g == name or g.startswith(f"{name}-")]
        if len(family) > 1 and set(family) <= set(names):
            words.append(f"{name}*")
            done.update(family)
        else:
            words.append(name)
    return ", ".join(words)


def _bring_in_games() -> list[str]:
    """The games whose default stakes have a bring-in (those ``--bring-in`` sets), in
    the registry's order.

    >>> _games_text(_bring_in_games())
    'seven-card-stud*'
    """
    return [name for name in GAMES if get_game(name).stakes.bring_in]


def _refusal(name: str, keyword: str) -> str | None:
    """Why game ``name`` refuses the switch ``keyword`` it lists (None: it takes it)."""
    try:
        get_game(name, **{keyword: True})
    except SplitpotError as err:
        return str(err).split(";")[0].removeprefix(f"{name} ").rstrip(".")
    return None


def _options_epilog() -> str:
    """``play --help``'s options by game, read from :data:`~splitpot.games.GAME_OPTIONS`
    and each game's default spec (its stakes: a bring-in, blinds; its low).

    >>> print(_options_epilog())  # doctest: +ELLIPSIS
    options by game:
      --no-cap-heads-up                every game
    ...
      --bring-in                       seven-card-stud*
    ...
    """
    specs = {name: get_game(name) for name in GAMES}
    lines = ["options by game:"]
    for flags, keywords in _OPTION_ROWS:
        if keywords == WILD_OPTIONS:
            taking = list(GAMES)
        elif keywords == (_BRING_IN,):
            taking = _bring_in_games()
        else:
            taking = [name for name in GAMES if set(keywords) <= GAME_OPTIONS[name]]
        notes = []
        refused = {name: why for name in taking for k in keywords if k in _SWITCHES
                   if (why := _refusal(name, k)) is not None}
        taking = [name for name in taking if name not in refused]
        if "low" in keywords:  # a game high only by default: --low makes it high-low
            split = [name for name in taking if specs[name].low is None]
            if split and len(split) < len(taking):
                notes.append(f"(making {_games_text(split)} high-low; the low ranking of the others)")
        if "declare" in keywords:
            need_low = [name for name in taking if specs[name].low is None]
            if need_low:
                notes.append(f"(with --low: {_games_text(need_low)})")
        notes += [f"(not {name}, which {why})" for name, why in refused.items()]
        text = " ".join([_games_text(taking) or "no game", *notes])
        first = f"  {flags:<32} " if len(flags) <= 32 else f"  {flags}\n{'':35}"
        wrapped = textwrap.wrap(text, 100 - 35, break_on_hyphens=False)
        lines.append(first + ("\n" + " " * 35).join(wrapped))
    return "\n".join(lines)


def add_play_parser(subparsers: Any) -> None:
    """Add the ``play`` sub-command to an argparse ``subparsers`` object."""
    games = "\n".join(f"  {name:<26} {_game_help(name)}" for name in [*GAMES, DEALERS_CHOICE])
    parser = subparsers.add_parser(
        "play",
        help="play a hand with computer players",
        description="Computer players play one hand (or --hands K) of GAME and the hand is printed "
        "street by street: actions, cards shown, who won which half and why, final stacks.",
        epilog=f"games:\n{games}\n\n{_options_epilog()}\n\n"
        "rules: the sections (§) above are those of the rules reference, docs/rules.md (the Rules\n"
        "page of the documentation): every default, option and reading each game follows",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", choices=sorted([*GAMES, DEALERS_CHOICE]), metavar="GAME",
                        help="the game to play (see below)")
    parser.add_argument("--house", metavar="FILE", default=None,
                        help="dealers-choice: the house list (TOML) the dealers call from "
                        "(default: the example house shipped with splitpot)")
    parser.add_argument("--players", "-n", type=int_range(2), default=5,
                        help="number of players (default 5; each game says how many it seats)")
    parser.add_argument("--seed", type=seed_number, default=None,
                        help="random seed (default: a fresh one, printed so the run can be repeated)")
    parser.add_argument("--hands", type=int_range(1), default=1, metavar="K",
                        help="play a session of K hands (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    parser.add_argument("--phh", metavar="FILE", default=None,
                        help="also write the session's hands as PHH (several hands: a .phhs document); "
                             "seven-card stud and stud 8 with their default rules as standard PHH "
                             "that other readers replay, other games as splitpot:<game>")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="also write the session as JSON however it ends (q or ctrl-C at the table; "
                             "ctrl-C stops a computer-only run after the hand in play): `splitpot resume "
                             "FILE` plays on from there")
    parser.add_argument("--stack", type=int_range(1), default=200,
                        help="starting stack of every player (200)")
    parser.add_argument("--ante", type=int_range(0), default=None, help="ante (1)")
    parser.add_argument("--bring-in", type=int_range(0), default=None, help="bring-in of the stud games (2)")
    parser.add_argument("--small-bet", type=int_range(1), default=None, help="small bet (5)")
    parser.add_argument("--big-bet", type=int_range(1), default=None, help="big bet (10)")
    parser.add_argument("--open-pair", action="store_true",
                        help="the big bet is allowed once an open pair shows: on fourth street in "
                        "seven-card stud, on the second upcard round in five-card and Mexican stud")
    parser.add_argument("--no-cap-heads-up", action="store_true",
                        help="no raise cap when two players remain")
    parser.add_argument("--low", choices=["deuce-to-seven", "ace-to-six", "ace-to-five"], default=None,
                        help="low ranking of the classic high-low games (default deuce-to-seven)")
    parser.add_argument("--qualifier", type=qualifier_rank, default=None, metavar="RANK",
                        help="low qualifier of seven-card-stud-8: the highest rank a low may hold, "
                        "5-9, T, J, Q or K (default 8; 9 = nine or better)")
    parser.add_argument("--declare", choices=["in-turn", "simultaneous"], default=None,
                        help="declaration mode of seven-card-stud-declare (default simultaneous); "
                        "declarations in the other high-low games")
    parser.add_argument("--both", action=argparse.BooleanOptionalAction, default=None,
                        help="whether 'both' may be declared (default: yes when simultaneous, "
                        "no when in turn)")
    parser.add_argument("--tie-keeps-half", action="store_true",
                        help="a both declarer who ties one side keeps the half he won")
    seat = parser.add_mutually_exclusive_group()
    seat.add_argument("--seat", type=int, default=None, metavar="K",
                      help="take seat K yourself (P0 is the first seat) and play against the computer; "
                      "between hands s sits you out (your chips kept, the others play on) and i sits "
                      "you back in")
    seat.add_argument("--me", action="store_const", const=0, dest="seat",
                      help="take the first seat (P0) yourself: the same as --seat 0")
    parser.add_argument("--plain", action="store_true",
                        help="plain text: card letters, no colours, for a screen reader too (also when "
                        "piped, NO_COLOR is set or TERM is dumb or unknown)")
    parser.add_argument("--plot", metavar="FILE.png", default=None,
                        help="draw each seat's stack over the session (needs splitpot[plot])")
    parser.add_argument("--joker", choices=["none", "bug", "wild"], default=None,
                        help="the joker: none (52 cards), the bug (lowball's default) or wild")
    parser.add_argument("--max-draw", type=int_range(1, 5), default=None, metavar="N",
                        help="the most cards a player may draw (5)")
    parser.add_argument("--pass-and-out", action=argparse.BooleanOptionalAction, default=None,
                        help="jackpots, jacks-back: a player who checked before the opening is out once it "
                        "is opened (default no); lowball: bet or fold before the draw (default yes)")
    check_raise = parser.add_mutually_exclusive_group()
    check_raise.add_argument("--no-check-raise", dest="no_check_raise", action="store_const", const=True,
                             default=None, help="the draw games: after the draw a player who checked may "
                             "call or fold, not raise (california-lowball's default)")
    check_raise.add_argument("--check-raise", dest="no_check_raise", action="store_const", const=False,
                             help="the draw games: allow a check-raise after the draw (the default but in "
                             "california-lowball)")
    parser.add_argument("--ace-draw", type=int_range(2, 4), default=None, metavar="N",
                        help="the most cards a player keeping an ace may draw (e.g. 4 with --max-draw 3; "
                        "default: none more than --max-draw)")
    parser.add_argument("--second-round", choices=["opener", "dealer-left"], default=None,
                        help="who starts the betting after the draw in jackpots (the opener)")
    parser.add_argument("--openers", default=None, metavar="RANK",
                        help="the smallest pair that opens in jackpots (J)")
    parser.add_argument("--limit", type=int_range(1), default=None,
                        help="california-lowball's limit before the draw: 2, 3 or 5 (2); doubled after it")
    parser.add_argument("--blinds", default=None, metavar="A,B[,C]",
                        help="california-lowball's blinds from the dealer leftward, totalling the limit "
                        "(for a limit outside the table; default the table's: 1,1 for --limit 2, 1,1,1 "
                        "for 3, 1,2,2 for 5)")
    parser.add_argument("--sevens", choices=["lose-all", "forfeit-pot", "off"], default=None,
                        help="california-lowball's sevens rule (lose-all)")
    _add_variant_arguments(parser)
    parser.set_defaults(run=run_play)


def _add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the five-card games and the wild-card options of every game."""
    parser.add_argument("--turn-up", action="store_true",
                        help="the games that take it (below): before the last card each player in turn "
                        "may turn up his hole card and get the last card face down")
    parser.add_argument("--stand-is-final", action=argparse.BooleanOptionalAction, default=None,
                        help="aces-deuces: a player who stands is done drawing (default); with "
                        "--no-stand-is-final drawing ends after a full round without a draw")
    parser.add_argument("--wild", action="append", type=cards_text, metavar="RANK|CARDS", default=None,
                        help="wild cards for everyone: a rank (--wild 2 = deuces wild) or cards; "
                        "repeat for more")
    parser.add_argument("--wild-low", choices=["zero", "lowest-absent", "best-rank"], default=None,
                        help="how wild cards count in a low (default zero)")
    parser.add_argument("--duplicate", action="store_true",
                        help="a wild card may repeat a held card in a high flush")
    parser.add_argument("--penalty", action="append", type=cards_text, metavar="RANK|CARDS", default=None,
                        help="penalty cards: a rank (--penalty 7: every seven) or cards; repeat for more")
    parser.add_argument("--penalty-rule", choices=["dead-hand", "void-card"], default=None,
                        help="what a penalty card does (default dead-hand; needs --penalty)")
    parser.add_argument("--positional", choices=["none", *(str(p).replace("_", "-") for p in PositionalWild)],
                        default=None,
                        help="a card of each player's own deal, with its rank, wild for him alone "
                             "(none: turn Mexican stud's hole card off)")


def _variant_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword options that :func:`_add_variant_arguments` sets (those given)."""
    refuse_lone_penalty_rule(args)
    options: dict[str, Any] = {}
    for name in ("turn_up", "duplicate"):  # switches
        if getattr(args, name, False):
            options[name] = True
    for name in ("stand_is_final", "wild_low", "penalty_rule", "positional"):  # choices
        if getattr(args, name, None) is not None:
            options[name] = getattr(args, name)
    for name in ("wild", "penalty"):  # repeated
        if getattr(args, name, None):
            options[name] = tuple(getattr(args, name))
    return options


def check_seat(args: argparse.Namespace) -> None:
    """``--seat K`` must be one of the ``--players`` seats, P0 to P(n-1).

    >>> check_seat(argparse.Namespace(seat=9, players=3))
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: --seat must be in 0..2 (P0 to P2 with --players 3), got 9.
    """
    if args.seat is not None and not 0 <= args.seat < args.players:
        raise RuleError(
            f"--seat must be in 0..{args.players - 1} (P0 to P{args.players - 1} with --players "
            f"{args.players}), got {args.seat}."
        )


def _has_blinds(game: str) -> bool:
    """Whether ``game`` is played with blinds and a limit (California lowball), read from its spec."""
    return bool(get_game(game).stakes.blinds)


def _stakes_option(args: argparse.Namespace) -> dict[str, Any]:
    """The stakes each family of games takes from the command line."""
    ante = 1 if args.ante is None else args.ante
    small = 5 if args.small_bet is None else args.small_bet
    big = 10 if args.big_bet is None else args.big_bet
    if _has_blinds(args.game):
        given = [f"--{n.replace('_', '-')}" for n in ("ante", "bring_in", "small_bet", "big_bet")
                 if getattr(args, n) is not None]
        if given:
            raise RuleError(f"{args.game} has blinds and a limit: use --limit (and --blinds), "
                            f"not {', '.join(given)}.")
        return {}
    if ante >= args.stack:  # every player all in on the ante: no betting, a showdown of the deal
        which = "" if args.ante is not None else ", the default"
        raise RuleError(
            f"--ante ({ante}{which}) must be less than --stack ({args.stack}): every player would be "
            "all in before a card is dealt; give a smaller --ante or a larger --stack."
        )
    if not get_game(args.game).stakes.bring_in:  # no forced opening bet: the cards or the draw decide
        if args.bring_in is not None:
            raise RuleError(f"{args.game} has no bring-in; --bring-in is for the games that have one: "
                            f"{', '.join(_bring_in_games())}.")
        return {"stakes": Stakes(ante=ante, small_bet=small, big_bet=big)}
    bring_in = 2 if args.bring_in is None else args.bring_in
    return {"stakes": Stakes(ante=ante, bring_in=bring_in, small_bet=small, big_bet=big)}


def _draw_options(args: argparse.Namespace) -> dict[str, Any]:
    """The draw games' options given on the command line."""
    options: dict[str, Any] = {}
    for name in ("max_draw", "pass_and_out", "no_check_raise", "ace_draw", "second_round", "openers", "limit",
                 "sevens"):
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    if args.blinds is not None:
        try:
            options["blinds"] = tuple(int(b) for b in args.blinds.split(","))
        except ValueError:
            raise RuleError(
                f"--blinds takes amounts separated by commas (e.g. 1,1,2), not {args.blinds!r}."
            ) from None
        default = CALIFORNIA_LIMIT
        total = sum(options["blinds"])
        if args.limit is None and _has_blinds(args.game) and total != default and total > 0:
            raise RuleError(f"{args.game}: --blinds {args.blinds} total {total}, and the limit is "
                            f"{default} without --limit: give --limit {total} --blinds {args.blinds}.")
    if args.joker is not None:
        options["joker"] = None if args.joker == "none" else args.joker
    return options


def build_spec(args: argparse.Namespace) -> GameSpec:
    """The spec named by the parsed arguments."""
    options: dict[str, Any] = {**_stakes_option(args), **_draw_options(args)}
    if args.open_pair:
        options["open_pair"] = True
    if args.no_cap_heads_up:
        options["uncapped_heads_up"] = True
    if args.low is not None:
        options["low"] = args.low
    if args.qualifier is not None:
        options["qualifier"] = args.qualifier
    if args.declare is not None:
        options["declare"] = args.declare
    if args.tie_keeps_half:
        options["tie_keeps_half"] = True
    if getattr(args, "both", None) is not None:
        options["both"] = args.both
    options.update(_variant_options(args))
    plain = {name: value for name, value in options.items() if name not in ("wild_low", "duplicate")}
    _refuse_idle_wild_options(args, get_game(args.game, **plain))  # in the words of the flags
    return get_game(args.game, **options)


def _refuse_idle_wild_options(args: argparse.Namespace, spec: GameSpec) -> None:
    """``--wild-low`` and ``--duplicate`` say how wild cards play: refused where the
    game has none (they were taken and did nothing), as ``--penalty-rule`` without
    ``--penalty`` is.

    >>> _refuse_idle_wild_options(argparse.Namespace(wild_low="best-rank", duplicate=False),
    ...                           get_game("seven-card-stud-8"))
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: --wild-low best-rank says how wild cards count in a low, and ... no wild ...
    """
    wild_low, duplicate = getattr(args, "wild_low", None), getattr(args, "duplicate", False)
    idle = idle_wild_option(spec, {"wild_low": wild_low, "duplicate": duplicate})
    if idle is None:
        return
    option, lack = idle
    said = (f"--wild-low {wild_low} says how wild cards count in a low" if option == "wild_low"
            else "--duplicate lets a wild card repeat a card held in a high flush")
    if lack == "no wild cards":
        add = "--wild RANK|CARDS, --joker wild or --positional"
        raise RuleError(f"{said}, and {spec.name} has no wild cards: add {add}"
                        + (" (or play with the joker)." if option == "duplicate" else "."))
    raise RuleError(f"{said}, and {spec.name} has {lack}: leave it out.")


# Game keywords whose flag is not the keyword with dashes: the flag's dest.
_FLAG_DESTS = {"low_qualifier": "qualifier", "uncapped_heads_up": "no_cap_heads_up", "declare_both": "both"}
# The flags typed for a dest's False: --no-X of a BooleanOptionalAction, and --check-raise.
_FALSE_FLAGS = {
    "both": "--no-both", "pass_and_out": "--no-pass-and-out", "stand_is_final": "--no-stand-is-final",
    "no_check_raise": "--check-raise",
}


def typed_flag(name: str, args: argparse.Namespace) -> str:
    """The flag, as typed, that set ``name`` (a dest, or a game keyword) to its value
    in ``args``: ``--no-both`` for ``both=False``, ``--check-raise`` for
    ``no_check_raise=False``, else the dest with dashes.

    >>> typed_flag("declare_both", argparse.Namespace(both=False)), typed_flag("both", argparse.Namespace())
    ('--no-both', '--both')
    >>> [typed_flag("no_check_raise", argparse.Namespace(no_check_raise=v)) for v in (True, False)]
    ['--no-check-raise', '--check-raise']
    """
    dest = _FLAG_DESTS.get(name, name)
    if getattr(args, dest, None) is False and dest in _FALSE_FLAGS:
        return _FALSE_FLAGS[dest]
    return "--" + dest.replace("_", "-")
_WHERE = re.compile(r"^(?:Stakes|Wilds|GameSpec '[^']*'|Street '[^']*'): ")
# Engine phrases that name a flag's value in other words.
_PHRASES = {"Opening: minimum": "--openers", ": openers must be": ": --openers must be",
            " or None; got": "; got",
            ": both needs declarations": ": --both needs declarations",
            'positional=None ("none" in a house list)': "--positional none",
            "leave positional out": "leave --positional out",
            "declare 'in_turn' or 'simultaneous'": "--declare in-turn or simultaneous"}


def flag_message(message: str, args: argparse.Namespace) -> str:
    """An engine error in the command line's words: keywords (``bring_in``, a quoted
    ``'low'``) become the flags that set them (``--bring-in``, ``'--low'``), class
    names are left out.

    >>> args = argparse.Namespace(bring_in=7, small_bet=5, low=None)
    >>> flag_message("Stakes: bring_in (7) must be <= small_bet (5).", args)
    '--bring-in (7) must be <= --small-bet (5).'
    >>> flag_message("seven-card-stud-8: unknown options ['low'].", args)
    "seven-card-stud-8: unknown options ['--low']."
    >>> flag_message("california-lowball: use --limit, not --ante.", args)
    'california-lowball: use --limit, not --ante.'
    >>> flag_message("Opening: minimum must be a rank (2-9, ...) or None; got 'X'.", args)
    "--openers must be a rank (2-9, ...); got 'X'."
    >>> flag_message("GameSpec 'x': a bring-in street needs stakes.bring_in > 0.", args)
    'a bring-in street needs --bring-in > 0.'
    >>> flag_message("five-card-stud: declarations need a high-low game; give low= as well.", args)
    'five-card-stud: declarations need a high-low game; give --low as well.'
    >>> flag_message("x has no option 'low'; its options: fees, low, stakes.", args)
    "x has no option '--low'; its options: --low; also --no-cap-heads-up, --wild, --joker, ..."
    >>> flag_message("lowball: blinds: a blind must be >= 1, got -1.", argparse.Namespace(blinds=None))
    'lowball: --blinds: a blind must be >= 1, got -1.'
    >>> flag_message("give blinds= (at most three), e.g. blinds=(1, 1, 2).", argparse.Namespace(blinds=None))
    'give --blinds (at most three), e.g. --blinds 1,1,2.'
    >>> flag_message("positional='first-card' would replace ...", argparse.Namespace(positional=None))
    "--positional 'first-card' would replace ..."
    """
    message = cli_words(message)
    flags = {name: typed_flag(name, args) for name in [*vars(args), *_FLAG_DESTS]}
    # Bare words only where they cannot be English ("low ranking"); quoted names always.
    bare = [name for name in flags if "_" in name or name in _PLAIN]
    quoted = re.compile("'(" + "|".join(map(re.escape, flags)) + ")'")
    for phrase, flag in _PHRASES.items():
        message = message.replace(phrase, flag)
    message = quoted.sub(lambda m: f"'{flags[m.group(1)]}'", _WHERE.sub("", message))
    message = re.sub(r"\bstakes\.(?=\w)", "", message)  # stakes.bring_in: the flag alone
    # the option an error is about, after the game ("blinds: a blind must ..."): its flag
    message = re.sub(r"^((?:[\w-]+: )?)(\w+)(?=: )",
                     lambda m: m.group(1) + flags.get(m.group(2), m.group(2)), message)
    head, sep, listed = message.partition("its options: ")
    if sep:  # a list of option names: the game's own with a flag, as the flag; then every game's
        items = [_LISTED.get(item, flags[item]) for item in listed.rstrip(".").split(", ")
                 if item in flags and item not in _EVERY_GAME]
        own = ", ".join(items) or "none of its own"
        message = f"{head}{sep}{own}; also {_every_game_flags(getattr(args, 'game', None), args)}."
    message = re.sub(r"(?<![\w-])(\w+)=\(([\d, ]+)\)",  # blinds=(1, 1, 2): as typed, --blinds 1,1,2
                     lambda m: f"{flags[m.group(1)]} {','.join(m.group(2).replace(' ', '').split(','))}"
                     if m.group(1) in flags else m.group(0), message)
    message = re.sub(r"(?<![\w-])(\w+)=(?=')", lambda m: flags[m.group(1)] + " "  # positional='first-card'
                     if m.group(1) in flags else m.group(0), message)
    message = re.sub(r"(?<![\w-])(\w+)=(?!\w)", lambda m: flags.get(m.group(1), m.group(0)), message)  # low=
    # (not inside a flag already written: "--ante", "'--qualifier'")
    names = "|".join(sorted(map(re.escape, bare), key=len, reverse=True))
    words = re.compile(r"(?<![\w-])(" + names + r")\b")
    return words.sub(lambda m: flags[m.group(1)], message)


# A game's options listed by flag_message: the flags that set one either way (its default differs
# by game), and those every game has (said once, after the game's own: those it can take).
_LISTED = {"no_check_raise": "--check-raise/--no-check-raise"}
_EVERY_GAME = frozenset({"uncapped_heads_up", "no_cap_heads_up", *WILD_OPTIONS})
def _every_game_flags(game: str | None, args: argparse.Namespace) -> str:
    """The flags of the options every game has (:data:`~splitpot.games.WILD_OPTIONS`
    and ``--no-cap-heads-up``), as typed, less those ``game`` refuses whatever else
    is given (:func:`~splitpot.games.idle_wild_option` says which).

    >>> _every_game_flags("aces-deuces", argparse.Namespace())
    '--no-cap-heads-up, --wild, --joker, --penalty, --positional'
    >>> _every_game_flags("lowball", argparse.Namespace())
    '--no-cap-heads-up, --wild, --joker, --wild-low, --penalty, --penalty-rule, --positional'
    """
    refused = set()
    # (what it lacks with wild and penalty cards, as --wild and --penalty give them)
    if game is not None and game in GAMES:
        spec = get_game(game, wild="2", penalty="3")
        takes_low = "low" in GAME_OPTIONS[game]  # as --low gives it
        for option in ("wild_low", "duplicate", "penalty_rule"):
            idle = idle_wild_option(spec, {option: True})
            if idle is not None and not (idle[1] == "no low" and takes_low):
                refused.add(option)
    names = [name for name in ("no_cap_heads_up", *WILD_OPTIONS) if name not in refused]
    return ", ".join(typed_flag(name, args) for name in names)
_PLAIN = frozenset({"ante", "qualifier"})  # game keywords without an underscore, never English here


def run_play(args: argparse.Namespace) -> int:
    """Run ``splitpot play``; return the exit status."""
    if args.game == DEALERS_CHOICE:
        from splitpot.play_dealers_choice import run_dealers_choice

        return run_dealers_choice(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    try:
        if getattr(args, "house", None) is not None:
            raise RuleError(f"--house: the house list is for {DEALERS_CHOICE}; {args.game} is one game.")
        spec = build_spec(args)
        if not spec.min_players <= args.players <= spec.max_players:
            raise RuleError(
                f"--players: {spec.name} seats {spec.min_players} to {spec.max_players} players, "
                f"got {args.players}."
            )
        check_seat(args)
        check_files(args)
        if args.seat is not None:
            from splitpot.table import run_table

            return run_table(args, spec, seed)
        session = Session(spec, [args.stack] * args.players, seed=seed)
        bot = SimpleBot(seed=seed)
        planned = max(1, args.hands)
        run = ComputerRun(args, session, bot, planned)
        run.play(f"{spec.name}: {args.players} players, seed {seed}, {stakes_text(spec.stakes)}")
    except SplitpotError as error:
        say("play", f"error: {flag_message(str(error), args)}")
        return 2
    return run.finish(lambda: session_document(session, seed=seed, bot=bot, planned=planned))


class ComputerRun:
    """A computer-only run of ``splitpot play`` (a game's or dealer's choice's):
    :meth:`play` prints its header and each hand as it ends (``--json``: nothing
    until the end), :meth:`finish` writes its files and prints the rest; a ctrl-C
    while they are written is noted, and they are written whole."""

    def __init__(self, args: argparse.Namespace, session: Session, bot: SimpleBot, planned: int) -> None:
        self.args, self.session, self.bot, self.planned = args, session, bot, planned
        self.names = [f"P{i}" for i in range(len(session.stacks))]
        self.out = None if args.json else Output(plain=args.plain)
        self.stream = None if self.out is None else HandStream(self.out, self.names)
        self.hands: list[State] = []
        self.stopped = False
        # one soft_interrupt scope from the first hand to the last line written: a ctrl-C
        # as the hands end and the files begin is noted, not an abrupt exit
        self._interrupt = contextlib.ExitStack()

    def play(self, header: str) -> None:
        """Print ``header`` (not with ``--json``) and play the hands planned, each
        printed as it ends; ctrl-C stops the run after the hand in play."""
        self._interrupt.enter_context(soft_interrupt())
        try:
            if self.out is not None:
                self.out.line(header)
            # the hands' text as each ends (a pipe, `| tee log`, shows them as they come); on a
            # terminal it stands for the progress bar, which would be drawn over it
            quiet_bar = self.args.plain or (self.out is not None and not self.out.plain)
            self.hands, self.stopped = played_until_stopped(
                self.session, self.planned, self.bot, plain=quiet_bar, on_hand=self.stream)
        except BaseException:
            self._interrupt.close()
            raise

    def finish(self, document: Callable[[], dict[str, Any]], *, plot_title: str | None = None) -> int:
        """Write ``--phh``, ``--plot`` (titled ``plot_title``) and ``--save`` (the run's
        ``document``), print the document (``--json``) or the summary; the exit status."""

        def summary(out: Output) -> None:
            assert self.stream is not None
            self.stream.finish()
            over = over_reason(self.session, len(self.hands), self.planned, self.stopped)
            if over:
                out.line(over)

        with self._interrupt:
            written, interrupted = write_and_print(self.args, self.hands, self.names, self.out, document,
                                                   summary, plot_title=plot_title)
        if not written:
            return 1  # a file not written: not the input's fault
        return stopped_status(self.args, len(self.hands), self.stopped or interrupted)


def write_and_print(
    args: argparse.Namespace, hands: Sequence[State], names: Sequence[str], out: Output | None,
    document: Callable[[], dict[str, Any]], text: Callable[[Output], None], *,
    plot_title: str | None = None, command: str = "play", kept: Sequence[Mapping[int, int]] | None = None,
) -> tuple[bool, bool]:
    """The end of a computer-only run (``play``'s and ``resume``'s): ``--phh`` and
    ``--plot`` (titled ``plot_title``) of the finished ``hands``, ``--save`` of the
    run's ``document``, then the document printed (``out`` None: ``--json``) or the
    ``text`` and where the plot is.  Each file is tried whatever became of the others
    (one that cannot be written is said on standard error) and the output printed all
    the same; a ctrl-C meanwhile is noted, and they are written whole (``kept``: the
    chips of the seats sitting out each hand, :func:`kept_by_hand`).  Whether
    every file was written, and whether ctrl-C was pressed."""
    phh, plot, save = getattr(args, "phh", None), getattr(args, "plot", None), getattr(args, "save", None)
    with soft_interrupt(fresh=True) as interrupted:
        phh_written = not phh or not hands or write_phh(phh, hands, command=command)
        plotted = plot_failed = False
        if plot and hands:
            plotted = plot_session(plot, hands, names, title=plot_title, command=command, kept=kept)
            plot_failed = not plotted
        doc = document()
        saved = not save or save_session(save, doc, command=command)
        if out is None:
            print(json.dumps(doc, indent=1))
        else:
            text(out)
            if plotted and plot:
                out.line(f"plot: {file_name(plot, out.stream)}")
    return phh_written and not plot_failed and saved, interrupted()


def over_reason(session: Session, played: int, planned: int, stopped: bool) -> str | None:
    """Why a computer-only run played fewer than its ``planned`` hands (None where it
    did not, or ctrl-C ``stopped`` it): the dealer's choice session's own reason, too
    few players with chips, or too few dealt in because players sit out (the session
    is then stalled, not over: :func:`stalled_reason`).

    >>> from splitpot.games import get_game
    >>> session = Session(get_game("seven-card-stud"), [5, 5], seed=1)
    >>> hands = session.play(50, SimpleBot(seed=1))
    >>> len(hands) < 50, over_reason(session, len(hands), 50, False)
    (True, 'the session is over: too few players have chips for another hand (1 has chips)')
    >>> over_reason(session, len(hands), len(hands), False) is None
    True
    """
    if stopped or played >= planned:
        return None
    stalled = stalled_reason(session)
    if stalled:
        return stalled
    over: str | None = getattr(session, "over", None)  # DealersChoice: no call for the players left
    if over:
        return f"the session is over: {over}"
    if not session.can_continue:
        left = sum(1 for chips in session.stacks if chips > 0)
        return ("the session is over: too few players have chips for another hand "
                f"({left} {'has' if left == 1 else 'have'} chips)")
    return None


def stalled_reason(
    session: Session, names: Sequence[str] | None = None, *, no_call: str | None = None
) -> str | None:
    """Why no hand can be dealt while players sit out (:meth:`Session.sit_out`), or
    None: the session is not over, only stalled until enough sit back in (``names``:
    the seats' names, default ``P0``, ``P1`` ...).  A dealer's-choice session stalls
    too where no call seats the players dealt in while some sit out
    (:attr:`DealersChoice.stalled <splitpot.dealers_choice.DealersChoice.stalled>`, or
    ``no_call``: why the house dealer has none).

    >>> from splitpot.games import get_game
    >>> session = Session(get_game("lowball"), [50, 50, 50], seed=1)
    >>> session.sit_out(0)
    >>> session.sit_out(2)
    >>> stalled_reason(session)
    'no hand can be dealt while P0 and P2 sit out: too few players are dealt in (1 of 3 with chips)'
    >>> session.sit_in(2)
    >>> stalled_reason(session) is None
    True
    """
    out = sorted(session.sitting_out)
    if not out or (session.hands and not session.hands[-1].is_complete):
        return None
    names = names or [f"P{s}" for s in range(len(session.stacks))]
    who = " and ".join([", ".join(names[s] for s in out[:-1]), names[out[-1]]] if len(out) > 1
                       else [names[out[0]]])
    sit = f"{who} {'sit' if len(out) > 1 else 'sits'} out"
    stalled: str | None = no_call or getattr(session, "stalled", None)  # DealersChoice: no call for them
    if not stalled and isinstance(session, DealersChoice):  # its next dealer has no call for them
        stalled = session._no_deal()
    if stalled:
        return f"no hand can be dealt while {sit}: {stalled.rstrip('.')}"
    if session.can_continue or session.is_over:  # dealt on; or over whoever sits in
        return None
    with_chips = sum(1 for chips in session.stacks if chips > 0)
    return (f"no hand can be dealt while {sit}: too few players are dealt in ({len(session.dealt_in)} of "
            f"{with_chips} with chips)")


def print_session(
    out: Output, hands: Sequence[State], names: Sequence[str], *, first: int = 1,
    session: Sequence[State] | None = None, kept: Sequence[Mapping[int, int]] | None = None,
) -> None:
    """Print ``hands`` as ``splitpot play`` does, numbered from ``first`` (a
    dealer's-choice hand after its dealer's call), then, when the ``session`` they
    end (default: ``hands``) has more than one hand or deals dealer's choice, its
    summary: the final stacks and net results, the hands of each game called, and
    :func:`session_table` (``kept``: the chips of the seats sitting out each of
    the ``session``'s hands, :func:`kept_by_hand`)."""
    whole = list(hands if session is None else session)
    several = len(whole) > 1 or any(state.game_call is not None for state in whole)
    for number, state in enumerate(hands, first):
        print_hand(out, state, names, number if several else None)
    if several:
        print_summary(out, whole, names, kept=kept)


def print_hand(out: Output, state: State, names: Sequence[str], number: int | None) -> None:
    """Print one hand as ``splitpot play`` does, under the heading ``hand number``
    (None: no heading, the run's only hand)."""
    if number is not None:
        out.line(f"\n===== hand {number} =====", style="bold")
    if state.game_call is not None:
        from splitpot.play_dealers_choice import deal_line

        out.line(deal_line(state, names))
    for line in describe_hand(state, names, viewer=ALL):
        out.line(line)


class HandStream:
    """The hands of a computer-only run printed as each ends (call it with each),
    as :func:`print_session` prints them all: the first held back until a second
    shows the run has several (each then under its heading); :meth:`finish` prints
    what is held and the summary.

    >>> from splitpot.games import get_game
    >>> stream = HandStream(Output(plain=True), ["P0", "P1"])
    >>> for state in Session(get_game("lowball"), [50, 50], seed=1).play(2, SimpleBot(seed=1)):
    ...     stream(state)  # doctest: +ELLIPSIS
    <BLANKLINE>
    ===== hand 1 =====
    ...
    ===== hand 2 =====
    ...
    >>> len(stream.hands)
    2
    """

    def __init__(self, out: Output, names: Sequence[str]) -> None:
        self.out, self.names = out, names
        self.hands: list[State] = []
        self._held: State | None = None

    def __call__(self, state: State) -> None:
        self.hands.append(state)
        if len(self.hands) == 1 and state.game_call is None:
            self._held = state
            return
        if self._held is not None:
            print_hand(self.out, self._held, self.names, 1)
            self._held = None
        print_hand(self.out, state, self.names, len(self.hands))

    def finish(self) -> None:
        """Print the hand held back (the run's only one) or the session's summary."""
        if self._held is not None:
            print_hand(self.out, self._held, self.names, None)
            self._held = None
        elif self.hands:
            print_summary(self.out, self.hands, self.names)


def net_results(hands: Sequence[State]) -> list[int]:
    """Each seat's chips won (+) or lost (-) over ``hands``, hand by hand: chips a seat
    was given between hands (a rebuy, :meth:`Session.set_stack`) are not winnings.

    >>> from splitpot.games import get_game
    >>> session = Session(get_game("lowball"), [50, 50], seed=1)
    >>> hands = session.play(2, SimpleBot(seed=1))
    >>> session.set_stack(0, session.stacks[0] + 100)
    >>> hands += session.play(1, SimpleBot(seed=1))
    >>> sum(net_results(hands)), net_results(hands)[0] == hands[-1].stacks[0] - 150
    (0, True)
    """
    return [sum(h.stacks[s] - h.starting_stacks[s] for h in hands) for s in range(hands[0].seats)]


def print_summary(
    out: Output, hands: Sequence[State], names: Sequence[str], *, end: Sequence[int] | None = None,
    note: str = "", kept: Sequence[Mapping[int, int]] | None = None,
) -> None:
    """Print the summary of a session of ``hands``: the final stacks (``end``: the
    session's stacks after its last hand, where they were changed since) and net
    results, the hands of each game called (dealer's choice), and :func:`session_table`;
    ``note``, a line before them (a hand left unfinished and not counted); ``kept``:
    the chips of the seats sitting out each hand (:func:`kept_by_hand`)."""
    held = _kept(hands, kept)
    out.line("")
    if note:
        out.line(note)
    out.line(standings(hands, names, end=end, kept=held))
    if any(state.game_call is not None for state in hands) or len({s.game.name for s in hands}) > 1:
        from splitpot.play_dealers_choice import games_table

        out.table(*games_table(hands), align="lrr")
    header, rows = session_table(hands, names, end=end, kept=held)
    out.table(header, rows, align="l" + "r" * (len(header) - 1))


def standings(
    hands: Sequence[State], names: Sequence[str], *, end: Sequence[int] | None = None,
    kept: Sequence[Mapping[int, int]] | None = None,
) -> str:
    """A session's result in one sentence, each seat's stack and net result, as
    :func:`print_summary` begins with it (``end`` and ``kept`` as it takes them): the
    table's columns said in words, for one who hears them read a line at a time.

    >>> from splitpot.games import get_game
    >>> hands = Session(get_game("seven-card-stud"), [100, 100], seed=3).play(2, SimpleBot(seed=3))
    >>> standings(hands, ["P0", "P1"]).startswith("after 2 hands: P0 ")
    True
    """
    held = _kept(hands, kept)
    final, net = (with_kept(hands[-1].stacks, held[-1]) if end is None else end), net_results(hands)

    def out(seat: int) -> str:
        sat = sum(seat in chips for chips in held)
        return f", sat out {counted(sat, 'hand')}" if sat else ""

    return f"after {counted(len(hands), 'hand')}: " + ", ".join(
        f"{names[s]} {final[s]} ({net[s]:+d}{out(s)})" for s in range(len(names)))


def saved_bot(doc: dict[str, Any]) -> SimpleBot:
    """The computer players of a saved session (its ``bot``), or, in a document
    without one (:meth:`Session.to_json`'s own), a new bot seeded with its ``seed``."""
    if "bot" in doc:
        return SimpleBot.from_dict(doc["bot"])
    seed = doc.get("seed")
    return SimpleBot(seed=seed if type(seed) is int else None)


class StoppedEarly(KeyboardInterrupt):
    """ctrl-C in a computer-only run: the run stopped after the hand in play;
    ``hands`` are the hands it played."""

    def __init__(self, hands: list[State]) -> None:
        super().__init__()
        self.hands = hands


class _Noted:
    """SIGINT's handler while a :func:`soft_interrupt` scope is open: a first
    ctrl-C is noted, a second one stops at once."""

    def __init__(self) -> None:
        self.asked = False

    def __call__(self, signum: int, frame: object) -> None:
        if self.asked:
            raise KeyboardInterrupt
        self.asked = True


@contextlib.contextmanager
def soft_interrupt(*, fresh: bool = False) -> Iterator[Callable[[], bool]]:
    """Where signals can be caught here (the main thread), a first ctrl-C is only
    noted, to stop after the hand in play; a second one stops at once.  A scope
    opened within another is the same scope (a ctrl-C between two inner ones, as a
    run ends and its files begin, is noted, not lost); a ``fresh`` one counts a
    ctrl-C noted before it but lets its own first one be noted too (the files
    written after a run stopped by ctrl-C are written whole on another)."""
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    current = signal.getsignal(signal.SIGINT)
    if isinstance(current, _Noted):
        earlier = current.asked
        if fresh:
            current.asked = False
        yield lambda: earlier or current.asked
        return
    note = _Noted()
    previous = signal.signal(signal.SIGINT, note)
    try:
        yield lambda: note.asked
    finally:
        signal.signal(signal.SIGINT, previous)


def play_with_progress(
    session: Session, total: int, bot: SimpleBot, *, plain: bool,
    on_hand: Callable[[State], None] | None = None,
) -> list[State]:
    """Up to ``total`` hands of ``session`` played by ``bot``, a progress bar
    advancing a hand at a time (the same hands as ``session.play(total, bot)``),
    ``on_hand`` called with each as it ends.
    ctrl-C ends the run after the hand in play, raising :class:`StoppedEarly`
    with the hands played."""
    hands: list[State] = []
    bar = ProgressBar("hands", total=total, plain=plain)
    with soft_interrupt() as interrupted, bar as progress:
        for _ in range(total):
            if interrupted():  # noted before this hand (by the scope around the run): none in play
                raise StoppedEarly(hands)
            played = session.play(1, bot)
            if not played:
                break
            hands += played
            if on_hand is not None:
                on_hand(played[0])
            progress.advance()
            if interrupted():
                raise StoppedEarly(hands)
    return hands


def played_until_stopped(
    session: Session, total: int, bot: SimpleBot, *, plain: bool,
    on_hand: Callable[[State], None] | None = None,
) -> tuple[list[State], bool]:
    """:func:`play_with_progress` for a computer-only run: the hands played, and
    whether ctrl-C stopped the run after one of them (its output is then written as
    a whole run's is, and :func:`stopped_status` ends it)."""
    try:
        return play_with_progress(session, total, bot, plain=plain, on_hand=on_hand), False
    except StoppedEarly as stop:
        return stop.hands, True


def stopped_status(args: argparse.Namespace, played: int, stopped: bool, *, command: str = "play") -> int:
    """The exit status of a computer-only run whose output is written: 0, or where
    ctrl-C stopped it, 130 and a note of where it stopped (and where it is saved)."""
    if not stopped:
        return 0
    say(command, f"stopped (ctrl-C) after {counted(played, 'hand')}{saved_note(args)}.")
    return 130


def saved_note(args: argparse.Namespace) -> str:
    """What a session ended early adds where ``--save`` wrote it: ``; the session is
    saved in F (`splitpot resume F` plays on)`` (nothing without ``--save``)."""
    save = getattr(args, "save", None)
    if not save:
        return ""
    name = file_name(save)  # (as typed back at a shell: quoted, ./ before a leading -)
    return f"; the session is saved in {name} (`splitpot resume {name}` plays on)"


def resumed_line(done: int, in_progress: bool) -> str:
    """How a resumed session starts: ``resumed after hand 4``, ``resumed in the
    middle of hand 1``.

    >>> resumed_line(0, True), resumed_line(4, False)
    ('resumed in the middle of hand 1', 'resumed after hand 4')
    >>> resumed_line(4, True)
    'resumed after hand 4, in the middle of hand 5'
    """
    middle = f"in the middle of hand {done + 1}" if in_progress else ""
    if not done:
        return f"resumed {middle or 'before hand 1'}"
    return f"resumed after hand {done}" + (f", {middle}" if middle else "")


def check_files(args: argparse.Namespace) -> None:
    """The files a run writes (``--save``, ``--phh``, ``--plot``), checked before it
    plays; ``--plot`` also needs matplotlib."""
    named: dict[str, str] = {}  # each file written, by its real path: the flag that names it
    for flag in ("save", "phh", "plot"):
        path = getattr(args, flag, None)
        check_writable(path, f"--{flag}")
        if path and (os.path.isfile(path) or not os.path.exists(path)):
            same = named.setdefault(os.path.realpath(path), flag)
            if same != flag:  # (the second written would replace the first)
                raise RuleError(f"--{same} and --{flag} name the same file, {file_name(path)}: give each "
                                "its own.")
    if getattr(args, "plot", None):
        require_plotting()


def write_file(path: str, text: str, *, flag: str, command: str = "play") -> bool:
    """Write ``text`` to ``path`` whole or not at all: into a new file beside it,
    then renamed over it, so that ctrl-C or a full disk while writing leaves the
    old file as it was (``resume FILE --save FILE`` writes over what it read); the
    new file has the old one's mode, or the mode ``open`` gives a new one.  A symbolic
    link's file is replaced, not the link; what is not a file (``/dev/stdout``, a
    named pipe) is written to as it stands.  False (the reason printed, naming
    ``flag``) when the file cannot be written."""
    temporary = None
    try:
        try:  # an existing file's mode is kept; a new one's is what open() gives (0o666 less the umask)
            found = os.stat(path)
        except FileNotFoundError:
            kept = None
        else:
            if not stat.S_ISREG(found.st_mode):  # /dev/stdout, a pipe: written to, never replaced
                with open(path, "w", encoding="utf-8") as out:
                    out.write(text)
                return True
            kept = stat.S_IMODE(found.st_mode)
        target = os.path.realpath(path)  # a symbolic link's file is replaced, the link kept
        folder = os.path.dirname(target)
        while True:
            # the name is set before the file is made, so that the cleanup below finds it whenever
            # it was made (a second ctrl-C, at once, can land anywhere)
            temporary = os.path.join(folder, f".splitpot-{secrets.token_hex(6)}.tmp")
            try:
                descriptor = os.open(temporary, _NEW_FILE, 0o666 if kept is None else kept)
                break
            except FileExistsError:  # another's: not ours to remove
                temporary = None
        with open(descriptor, "w", encoding="utf-8") as out:
            if kept is not None:  # (os.open took the umask off it)
                os.chmod(temporary, kept)
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
        temporary = None
    except OSError as err:
        say(command, f"error: {flag}: cannot write {file_name(path)}: {err.strerror or err}.")
        return False
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return True


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


def save_session(path: str, doc: dict[str, Any], *, command: str = "play") -> bool:
    """Write the session document ``doc`` to ``path`` (``--save FILE``; ``splitpot
    resume FILE`` plays on from it); False (the reason printed) when the file
    cannot be written."""
    return write_file(path, json.dumps(doc, indent=1) + "\n", flag="--save", command=command)


def write_phh(path: str, hands: Sequence[State], *, command: str = "play") -> bool:
    """Write ``hands`` to ``path`` as PHH (one hand) or ``.phhs`` (several);
    False (the reason printed) when the file cannot be written."""
    from splitpot import phh

    text = phh.dumps(hands[0]) if len(hands) == 1 else phh.dumps_all(hands)
    return write_file(path, text, flag="--phh", command=command)


def run_replay(args: argparse.Namespace) -> int:
    """Run ``splitpot replay FILE``: print each hand of a PHH, ``.phhs`` or
    splitpot JSON history as ``splitpot play`` prints it, a JSON document's hands as
    each is replayed (ctrl-C stops after the hand printed, with the summary so far)."""
    from splitpot import phh

    name = file_name(args.file)
    try:  # ("-": splitpot play GAME --json | splitpot replay -; read as a file is)
        text = read_text(args.file)
    except SplitpotError as err:
        return error_status("replay", err)
    try:
        if text.lstrip().startswith("{") or _json_array(text):
            replayed = _json_replay(text)
        else:
            replayed = _phh_replay(phh.iter_loads(text))
    except SplitpotError as err:
        say("replay", f"error: {name}: {err}")
        return 2
    if not replayed.count:
        say("replay", f"error: {name}: no hands in the file.")
        return 2
    out = Output(plain=args.plain)
    try:
        with soft_interrupt() as interrupted:
            states, kept = _print_replay(out, replayed, interrupted)
    except SplitpotError as err:
        say("replay", f"error: {name}: {err}")
        return 2
    stopped = len(states) < replayed.count
    if not stopped and replayed.after and not states[-1].is_complete:  # as resume refuses it
        say("replay", f"error: {name}: stack_changes: a change after hand {len(states)}, "
                      "which is not finished.")
        return 2
    # a session's last hand left unfinished (a table left or stopped mid-hand, then saved): told as
    # far as it went, and, as the table's own summary does, not counted: the summary is the
    # finished hands', its stacks the last finished hand's
    run = replayed.run
    finished = finished_hands(states) if run else states
    names = [f"P{i}" for i in range(states[-1].seats)]
    if finished:
        held = kept[len(finished) - 1]
        end = with_kept(finished[-1].stacks, held)
        after = {} if stopped else replayed.after
        # a rebuy, a player sitting down or leaving after the last hand (Session.set_stack), or one
        # sitting out or back in for the hands to come (Session.sit_out, sit_in)
        gone = len(finished) < len(states) or stopped
        out_next = set(held) if gone else {s for s in replayed.frame.out(len(states)) if s < len(end)}
        new_end = [after.get(s, chips) for s, chips in enumerate(end)]
        said = _between_hands(names, end, new_end, set(held), out_next - {s for s in after if not after[s]})
        if said:
            out.line("\nafter the last hand: " + said)
            end = new_end
        if run or said:
            left = f"hand {len(states)} was left unfinished: it is not counted below."  # the table's words
            print_summary(out, finished, names, end=end, note=left if len(finished) < len(states) else "",
                          kept=kept)
    if stopped:
        say("replay", f"stopped (ctrl-C) after {counted(len(states), 'hand')} of {replayed.count}.")
        return 130
    return 0


@dataclasses.dataclass(frozen=True)
class _Replayed:
    """The hands of a file to replay, as ``splitpot replay`` tells them: how many, whether
    they are a session's (``run``: one header, a summary), dealer's choice with its calls
    (``called``) or one game (``one_game``), the states (as each is replayed), and a
    session's chips changed after its last hand (``after``) and its frame (who sits out when)."""

    count: int
    run: bool
    called: bool
    one_game: bool
    states: Iterator[State]
    after: dict[int, int]
    frame: _Frame = dataclasses.field(default_factory=lambda: _Frame())

    @classmethod
    def of(cls, states: list[State], *, session: bool, after: dict[int, int]) -> _Replayed:
        """The hands of ``states`` (a session's, or a ``.phhs`` whose hands follow one another)."""
        run = len(states) > 1 and (session or _one_run(states))
        called = run and all(state.game_call is not None for state in states)
        one_game = run and not called and len({state.game.name for state in states}) == 1
        return cls(len(states), run, called, one_game, iter(states), after)


def _phh_replay(hands: Hands) -> _Replayed:
    """A PHH document's hands, replayed one at a time, as JSON's are: whether they are one
    run is told by their ``finishing_stacks`` (a ``.phhs`` without them: each hand read first)."""
    chained = hands.chained
    if chained is None:
        return _Replayed.of([h.replay() for h in hands], session=False, after={})
    run = hands.count > 1 and chained
    called = run and all(hands.calls)
    one_game = run and not called and len(set(hands.games)) == 1
    return _Replayed(hands.count, run, called, one_game, (h.replay() for h in hands), {})


def _json_replay(text: str) -> _Replayed:
    """A splitpot JSON document's hands (:func:`_json_histories`), replayed one at a time:
    what the header and summary need is read from the hands' records (checked as each is read:
    ``game`` is its game's name, ``call`` the dealer's call)."""
    from splitpot.engine.history import History

    records, session, after, frame = _json_histories(text)
    run = len(records) > 1 and session
    called = run and all(isinstance(r, dict) and r.get("call") is not None for r in records)
    games = {record.get("game") if isinstance(record, dict) else None for record in records}
    one_game = run and not called and len(games) == 1
    histories = (History.from_dict(record, verify=False) for record in records)
    return _Replayed(len(records), run, called, one_game, (h.replay() for h in histories), after, frame)


def _print_replay(
    out: Output, replayed: _Replayed, interrupted: Callable[[], bool]
) -> tuple[list[State], list[dict[int, int]]]:
    """Print ``replayed``'s hands as each is replayed (a session's hand followed by another
    refused unless finished, as resume refuses it, before it is printed; a hand that cannot be
    read raises once the hands before it are printed); the states printed,
    fewer than all where ``interrupted`` (ctrl-C) stopped it after one, and for each the
    chips its seats sitting out keep (:func:`kept_by_hand`).  Between a session's hands, a
    player sitting out or back in is said so, and a seat's chips changed
    (:meth:`Session.set_stack`) as ``P1 50 -> 100``."""
    states, run, printed = replayed.states, replayed.run, list[State]()
    kept: list[dict[int, int]] = []
    frame = replayed.frame
    failed: list[SplitpotError] = []  # the next hand's error, raised once this hand is printed

    def ahead() -> State | None:
        try:
            return next(states, None)
        except SplitpotError as err:
            failed.append(err)
            return None

    upcoming = ahead()
    while upcoming is not None:
        state, upcoming = upcoming, ahead()
        if run and upcoming is not None:
            refuse_unfinished([state, upcoming], first=len(printed))
        if not printed and replayed.called:  # the session's header: one where its hands share a game
            out.line(f"{DEALERS_CHOICE}: {state.seats} players")
        elif not printed and replayed.one_game:
            out.line(f"{state.game.name}: {state.seats} players, {stakes_text(state.game.stakes)}")
        number = len(printed) + 1
        names = [f"P{i}" for i in range(state.seats)]
        if replayed.count > 1:
            left = " (unfinished)" if run and not state.is_complete else ""
            out.line(f"\n===== hand {number}{left} =====", style="bold")
        k = len(printed)
        if run and printed:
            before, was_out = with_kept(printed[-1].stacks, kept[-1]), frozenset(kept[-1])
        elif frame.stacks is not None and len(frame.stacks) == state.seats:  # a saved session's first hand
            before, was_out = list(frame.stacks), frozenset()
        else:
            before, was_out = list(state.starting_stacks), frozenset()
        # a seat sitting out is dealt in with no chips and keeps its own (a set_stack may change them)
        out_now = {s for s in frame.out(k) if s < state.seats}
        dealt = sorted(s for s in out_now if state.in_hand[s])
        if dealt:  # a saved session's (resume refuses it too: the hand does not chain)
            raise HistoryError(f"sitting_out: seat {dealt[0]} sits out hand {k}, yet hands[{k}] deals him "
                               "in.")
        held = {s: frame.changes.get(k, {}).get(s, before[s]) for s in sorted(out_now)}
        kept.append(held)
        said = _between_hands(names, before, with_kept(state.starting_stacks, held), was_out, out_now)
        if said:
            out.line("between hands: " + said)
        if not (replayed.one_game or replayed.called):
            out.line(f"{state.game.name}: {sum(state.in_hand)} players, {stakes_text(state.game.stakes)}")
        if state.game_call is not None:  # dealer's choice: the game as called (wild cards, a low ...)
            from splitpot.play_dealers_choice import deal_line

            out.line(deal_line(state, names))
        for line in describe_hand(state, names, viewer=ALL):
            out.line(line)
        if not state.is_complete:
            # the replay tells every card: the actor's options too, as the table offers them
            from splitpot.table import to_act

            stop = to_act(state, names, viewer=ALL)
            out.line(f"(the history stops here, in the middle of the hand: {stop})")
        printed.append(state)
        if interrupted() and upcoming is not None:
            break
    if failed:
        raise failed[0]
    return printed, kept


def _between_hands(
    names: Sequence[str], before: Sequence[int], after: Sequence[int], was_out: frozenset[int] | set[int],
    out: frozenset[int] | set[int],
) -> str:
    """What changed at the table between two hands: the players who sit out or back in
    (:meth:`Session.sit_out`), and chips changed (:meth:`Session.set_stack`: ``P1 50 -> 100``).

    >>> _between_hands(["P0", "P1", "P2"], [50, 60, 70], [50, 90, 70], set(), {2})
    'P2 sits out, P1 60 -> 90'
    >>> _between_hands(["P0", "P1", "P2"], [50, 60, 70], [50, 60, 70], {2}, set())
    'P2 sits back in'
    """
    said = [f"{names[s]} sits out" for s in sorted(set(out) - set(was_out))]
    said += [f"{names[s]} sits back in" for s in sorted(set(was_out) - set(out))]
    said += [f"{names[s]} {before[s]} -> {after[s]}" for s in range(len(names)) if before[s] != after[s]]
    return ", ".join(said)


def _json_array(text: str) -> bool:
    """Whether ``text`` is a JSON array (a ``.phhs`` begins with ``[1]`` too, as TOML)."""
    if not text.lstrip().startswith("["):
        return False
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _one_run(states: Sequence[State]) -> bool:
    """Whether ``states`` (a ``.phhs``: no session around them) read as one session's
    hands: each starting with the stacks the one before ended with."""
    return all(list(after.starting_stacks) == list(before.stacks) for before, after in pairwise(states))


@dataclasses.dataclass(frozen=True)
class _Frame:
    """What a saved session holds besides its hands, as ``splitpot replay`` tells it: its
    starting stacks (its first hand's, the chips of the seats sitting out too), its
    ``stack_changes`` (before hand k: seat -> chips) and its ``sitting_out`` (from hand k
    on: the seats out)."""

    stacks: list[int] | None = None
    changes: dict[int, dict[int, int]] = dataclasses.field(default_factory=dict)
    away: dict[int, frozenset[int]] = dataclasses.field(default_factory=dict)

    def out(self, k: int) -> frozenset[int]:
        """The seats sitting out hand ``k`` (``k`` = the hands: the hand to come)."""
        seats: frozenset[int] = frozenset()
        for start in sorted(self.away):
            if start > k:
                break
            seats = self.away[start]
        return seats


def _json_histories(text: str) -> tuple[list[Any], bool, dict[int, int], _Frame]:
    """The hands' records of a splitpot JSON document (each a history's dict, read with
    :meth:`History.from_dict`), whether it is a session's: one history, or a session's
    (``splitpot play --hands K --json``, dealer's choice included), whose ``hands`` are
    histories, a session's chips changed after its last hand (its ``stack_changes``
    for the hand to come: seat -> chips), and its :class:`_Frame` (who sits out when).

    >>> session = Session(get_game("seven-card-stud"), [50, 50], seed=1)
    >>> hands = session.play(2, SimpleBot(seed=1))
    >>> doc = json.dumps({"game": "seven-card-stud", "hands": [h.history().to_dict() for h in hands]})
    >>> from splitpot.engine.history import History
    >>> records, is_session, after, _ = _json_histories(doc)
    >>> [History.from_dict(r).replay().stacks for r in records] == [h.stacks for h in hands]
    True
    >>> is_session, after
    (True, {})
    >>> session.set_stack(1, 80)
    >>> session.sit_out(0)
    >>> _, _, after, frame = _json_histories(session.to_json())
    >>> after, frame.out(2), frame.out(1)
    ({1: 80}, frozenset({0}), frozenset())
    """
    from splitpot.engine.history import json_data

    data = json_data(text, "a history")
    if not isinstance(data, dict):
        raise HistoryError(f"not a splitpot history or session: a JSON {type(data).__name__}, not an object.")
    if isinstance(data.get("hands"), list) and "events" not in data:
        hands, after, frame = data["hands"], {}, _Frame()
        if "session" in data:  # a saved session: its frame read as resume reads it
            from splitpot.engine.schema import validate_session

            validate_session(data)
            seats = len(data["starting_stacks"])
            frame = _Frame(list(data["starting_stacks"]), read_stack_changes(data, seats),
                           read_sitting_out(data, seats))
            after = dict(frame.changes.get(len(hands), {}))
        return hands, True, after, frame
    return [data], False, {}, _Frame()


def add_replay_parser(subparsers: Any) -> None:
    """The ``replay`` subcommand."""
    parser = subparsers.add_parser(
        "replay", help="print a recorded hand (PHH, .phhs or splitpot JSON) as `splitpot play` does",
        description="Replay each hand of FILE (PHH, a .phhs document, a splitpot JSON history, or the "
                    "session document of `splitpot play --hands K --json`) and "
                    "print it as `splitpot play` prints a hand; a file that is not a legal hand is refused "
                    "with the line at fault.",
    )
    parser.add_argument("file", metavar="FILE", help="the hand history ('-': standard input)")
    parser.add_argument("--plain", action="store_true", help="plain text: card letters, no colours")
    parser.set_defaults(run=run_replay)


def session_table(
    hands: Sequence[State], names: Sequence[str], *, end: Sequence[int] | None = None,
    kept: Sequence[Mapping[int, int]] | None = None,
) -> tuple[list[str], list[list[str]]]:
    """The header and rows of a session's summary: each seat's stack at the start
    and the end, the net result, the hands (or parts of pots) won and the largest pot won.
    Chips given back by the sevens rule (a pot awarded as "returned") are not winnings.
    Where a seat's chips were changed between hands (:meth:`Session.set_stack`: a
    rebuy, a player sitting down or leaving) or after the last one (``end``: the
    stacks then; default: the last hand's), an ``added`` column after ``start``
    holds each seat's changes, so that start + added + net = end.  ``kept``
    (:func:`kept_by_hand`), one per hand, gives the chips of the seats sitting out
    that hand (:meth:`Session.sit_out`): a hand shows them with none, but they keep
    theirs, so sitting out is no change of chips; a ``sat out`` column counts the
    hands each sat out.

    >>> from splitpot.games import get_game
    >>> session = Session(get_game("seven-card-stud"), [100, 100], seed=3)
    >>> hands = session.play(2, SimpleBot(seed=3))
    >>> header, rows = session_table(hands, ["P0", "P1"])
    >>> header
    ['seat', 'start', 'end', 'net', 'hands won', 'best pot']
    >>> sum(int(row[3]) for row in rows)
    0
    >>> session.set_stack(1, session.stacks[1] + 50)   # a rebuy after the last hand
    >>> header, rows = session_table(hands, ["P0", "P1"], end=session.stacks)
    >>> header[:5], [row[2] for row in rows]
    (['seat', 'start', 'added', 'end', 'net'], ['', '+50'])
    >>> all(int(r[1]) + int(r[2] or 0) + int(r[4]) == int(r[3]) for r in rows)
    True
    >>> table = Session(get_game("lowball"), [100, 100, 100], seed=3)
    >>> table.sit_out(2)                               # P2 sits out a hand, keeping his 100
    >>> hands = table.play(1, SimpleBot(seed=3))
    >>> table.sit_in(2)
    >>> hands += table.play(1, SimpleBot(seed=3))
    >>> header, rows = session_table(hands, ["P0", "P1", "P2"], kept=kept_by_hand(table))
    >>> header, rows[2][:2], rows[2][-1]
    (['seat', 'start', 'end', 'net', 'hands won', 'best pot', 'sat out'], ['P2', '100'], '1')
    """
    net = net_results(hands)
    held = _kept(hands, kept)
    starts = [with_kept(h.starting_stacks, k) for h, k in zip(hands, held, strict=True)]
    ends = [with_kept(h.stacks, k) for h, k in zip(hands, held, strict=True)]
    start = starts[0]
    end = list(ends[-1] if end is None else end)
    moves = [*zip(ends[:-1], starts[1:], strict=True), (ends[-1], end)]
    added = [sum(after[s] - before[s] for before, after in moves) for s in range(len(names))]
    changed = any(list(before) != list(after) for before, after in moves)
    sat = [sum(1 for k in held if s in k) for s in range(len(names))]
    won = [0] * len(names)
    best = [0] * len(names)
    for state in hands:
        taken = [0] * len(names)
        for event in state.events:
            if isinstance(event, ev.PotAwarded) and event.side != "returned":
                taken[event.seat] += event.amount
        for seat, chips in enumerate(taken):
            if chips:
                won[seat] += 1
                best[seat] = max(best[seat], chips)
    out = any(sat)
    rows = [
        [names[s], str(start[s]), *([f"{added[s]:+d}" if added[s] else ""] if changed else []), str(end[s]),
         f"{net[s]:+d}", str(won[s]), str(best[s] or ""), *([str(sat[s] or "")] if out else [])]
        for s in range(len(names))
    ]
    return (["seat", "start", *(["added"] if changed else []), "end", "net", "hands won", "best pot",
             *(["sat out"] if out else [])], rows)


def kept_by_hand(session: Session) -> list[dict[int, int]]:
    """For each of ``session``'s hands, its seats sitting out (:meth:`Session.sit_out`)
    and the chips each keeps (a hand shows them with none); empty where none sat out:
    :meth:`Session.kept_chips <splitpot.engine.session.Session.kept_chips>` of each.

    >>> from splitpot.games import get_game
    >>> session = Session(get_game("lowball"), [100, 80, 100], seed=3)
    >>> session.sit_out(1)
    >>> _ = session.play(1, SimpleBot(seed=3))
    >>> kept_by_hand(session)
    [{1: 80}]
    """
    return [session.kept_chips(k) for k in range(len(session.hands))]


def with_kept(stacks: Sequence[int], kept: Mapping[int, int]) -> list[int]:
    """``stacks`` (a hand's), with the chips the seats sitting out keep (``kept``)."""
    real = list(stacks)
    for seat, chips in kept.items():
        real[seat] = chips
    return real


def _kept(hands: Sequence[State], kept: Sequence[Mapping[int, int]] | None) -> list[Mapping[int, int]]:
    """``kept`` for each of ``hands`` (none sitting out where it is not given)."""
    held = list(kept or ())[: len(hands)]
    return held + [{}] * (len(hands) - len(held))


def stacks_over(hands: Sequence[State], kept: Sequence[Mapping[int, int]] | None = None) -> list[list[int]]:
    """Each seat's stack before the first hand and after every hand (one list per seat);
    a seat sitting out a hand keeps its chips there (``kept``: :func:`kept_by_hand`).

    >>> from splitpot.games import get_game
    >>> hands = Session(get_game("seven-card-stud"), [50, 50], seed=1).play(3, SimpleBot(seed=1))
    >>> series = stacks_over(hands)
    >>> len(series), len(series[0]), series[0][0], series[0][-1] + series[1][-1]
    (2, 4, 50, 100)
    """
    held = _kept(hands, kept)
    points = [with_kept(hands[0].starting_stacks, held[0])] + [with_kept(h.stacks, k)
                                                               for h, k in zip(hands, held, strict=True)]
    return [[point[seat] for point in points] for seat in range(len(points[0]))]


def plot_session(
    path: str,
    hands: Sequence[State],
    names: Sequence[str],
    *,
    highlight: int | None = None,
    title: str | None = None,
    command: str = "play",
    kept: Sequence[Mapping[int, int]] | None = None,
) -> bool:
    """Draw each seat's stack over the session to ``path`` (seat ``highlight``
    thicker; ``kept``: the chips of the seats sitting out, :func:`kept_by_hand`); True
    when it is written, False after a message on stderr. ``title`` names the session
    (the game of the first hand otherwise)."""
    try:
        title = f"{title or hands[0].spec.name}: stacks over {len(hands)} hands"
        stack_plot(stacks_over(hands, kept), names, path, title=title, highlight=highlight)
    except OSError as error:
        say(command, f"error: --plot: cannot write {file_name(path)}: {error.strerror or error}.")
        return False
    return True


def finished_hands(session: Session | Sequence[State]) -> list[State]:
    """A session's hands (or the hands given) without an unfinished last one: the
    hands a summary counts, and ``--phh`` and ``--plot`` write (only the last hand of
    a session can be unfinished)."""
    hands = session.hands if isinstance(session, Session) else session
    return list(hands[:-1] if hands and not hands[-1].is_complete else hands)


def record_final_stacks(doc: dict[str, Any], session: Session) -> list[int]:
    """Write each finished hand's ``final_stacks`` into its record of ``doc`` (the
    session's document) and return the session's: as its last finished hand left
    them.  An unfinished last hand has none, and the session's are those it started
    with (the chips in its pot still its players'), so the chips add up; a seat
    sitting out has the chips it keeps.

    >>> session = Session(get_game("seven-card-stud"), [50, 50], seed=1)
    >>> state = session.new_hand()
    >>> record_final_stacks(session.to_dict(), session), state.stacks != [50, 50]
    ([50, 50], True)
    """
    hands = session.hands
    for record, state in zip(doc["hands"], hands, strict=True):
        if state.is_complete:
            record["final_stacks"] = list(state.stacks)
    if not hands or not hands[-1].is_complete:  # what the hand started with, the seats out keeping theirs
        return session.stacks
    return with_kept(hands[-1].stacks, session.kept_chips(len(hands) - 1))  # no set_stack made after it


def session_document(
    session: Session, *, seed: int | None, bot: SimpleBot, seat: int | None = None, planned: int
) -> dict[str, Any]:
    """The document of ``play --json`` and ``--save``: the session's
    (:meth:`Session.to_dict`, which :meth:`Session.from_json` resumes) with the
    run's players, seed and final stacks, and what ``splitpot resume`` needs to
    play on as the run would have: the computer players' ``bot``
    (:meth:`SimpleBot.to_dict <splitpot.bots.SimpleBot.to_dict>`), the person's
    ``seat`` (None: computer players only) and the number of the last hand
    ``planned``.  One hand's history fields also stand at the top (``splitpot
    replay`` reads it as one hand).

    >>> session = Session(get_game("seven-card-stud"), [50, 50], seed=1)
    >>> bot = SimpleBot(seed=1)
    >>> _ = session.play(2, bot)
    >>> doc = session_document(session, seed=1, bot=bot, planned=5)
    >>> doc["players"], doc["planned"], doc["seat"], doc["bot"]["bot"], len(doc["hands"])
    (2, 5, None, 'SimpleBot', 2)
    """
    hands = session.hands
    doc = session.to_dict()
    final = record_final_stacks(doc, session)
    doc.update({"players": len(session.stacks), "seed": seed, "final_stacks": final,
                "planned": planned, "seat": seat, "bot": bot.to_dict()})
    if len(hands) == 1:
        doc.update({k: v for k, v in doc["hands"][0].items() if k not in doc})
    return doc
