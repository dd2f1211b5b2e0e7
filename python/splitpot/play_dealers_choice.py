"""``splitpot play dealers-choice``: a dealer's-choice session, computer players only or
with a person in one seat (``--seat K``/``--me``).

Each deal the dealer (the computer dealer of :class:`~splitpot.house.HouseDealer`)
calls a game from the house list (``--house FILE``; the example house shipped
with the package otherwise); the call is printed ("P1 deals: five-card stud,
last card down, deuces wild"), then the hand, and at the end a summary: the
hands of each game and each player's net result.  ``--json`` prints one JSON
document with every hand's history, its call included: the session's own
document, which :meth:`DealersChoice.from_json
<splitpot.dealers_choice.DealersChoice.from_json>` resumes (with the house
dealer, ``house_dealer(house, seed)``, and ``ask_dealers=True``).

>>> import argparse
>>> from splitpot.play import add_play_parser
>>> parser = argparse.ArgumentParser(prog="splitpot")
>>> add_play_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["play", "dealers-choice", "--players", "3", "--hands", "2", "--seed", "4",
...                           "--plain"])
>>> run_dealers_choice(args)  # doctest: +ELLIPSIS
dealers-choice: 3 players, seed 4, house list: The example house (splitpot/data/house.toml)
<BLANKLINE>
===== hand 1 =====
P0 deals: ...
0
"""

from __future__ import annotations

import argparse
import functools
import secrets
from collections.abc import Sequence
from typing import Any

from splitpot.argtypes import error_status, read_text
from splitpot.bots import SimpleBot
from splitpot.dealers_choice import DEALERS_CHOICE, GAME_TITLES, Call, Deal, DealersChoice, games_played
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, RuleError, SplitpotError
from splitpot.house import HouseDealer, HouseList, example_house, house_dealer
from splitpot.play import (
    ComputerRun,
    add_play_parser,
    check_files,
    check_seat,
    finished_hands,
    record_final_stacks,
    saved_bot,
    typed_flag,
)
from splitpot.render import Output
from splitpot.table import Keys, Table, run_and_record

__all__ = ["dealers_choice_document", "dealers_choice_table", "games_table", "run_dealers_choice"]

# The flags of one game: the house list names the games and their options instead.
_GAME_FLAGS = (
    "ante", "bring_in", "small_bet", "big_bet", "open_pair", "no_cap_heads_up", "low", "qualifier",
    "declare", "both", "tie_keeps_half", "joker", "max_draw", "pass_and_out", "no_check_raise", "ace_draw",
    "second_round", "openers", "limit", "blinds", "sevens", "turn_up", "stand_is_final", "wild", "wild_low",
    "duplicate", "penalty", "penalty_rule", "positional",
)


def _refuse_game_flags(args: argparse.Namespace) -> None:
    """Game flags make no sense here: each call names its game and options.  Any
    game flag given (its value not the parser's default) is refused, named as typed
    (``--no-pass-and-out``, ``--check-raise``)."""
    defaults = _play_defaults()
    names = [name for name in _GAME_FLAGS
             if getattr(args, name, getattr(defaults, name)) != getattr(defaults, name)]
    if names:
        stakes = ("; stakes for every call: a stakes table in [house], e.g. stakes = { ante = 2 }"
                  if set(names) & {"ante", "bring_in", "small_bet", "big_bet"} else "")
        raise RuleError(
            f"{', '.join(typed_flag(n, args) for n in names)}: {DEALERS_CHOICE} takes its games, options and "
            f"stakes from the house list (--house FILE; a [[call]] table per call{stakes}): write them there."
        )


@functools.cache
def _play_defaults() -> argparse.Namespace:
    """The ``play`` command's arguments as parsed with no flag: each flag's default."""
    parser = argparse.ArgumentParser(prog="splitpot")
    add_play_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["play", DEALERS_CHOICE])


def run_dealers_choice(args: argparse.Namespace) -> int:
    """Run ``splitpot play dealers-choice``; return the exit status."""
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    try:
        _refuse_game_flags(args)
        # (read as every file the command line reads; a file that cannot be read exits with 1)
        house = (HouseList.from_toml(read_text(args.house, flag="--house"), source=args.house)
                 if args.house is not None else example_house())
        if not house.fitting(args.players):
            raise RuleError(f"--players: no call of {house.source} seats {args.players} players.")
        check_seat(args)
        check_files(args)
        if args.seat is not None:
            return _run_table(args, house, seed)
        dealer = house_dealer(house, seed)
        session = DealersChoice([args.stack] * args.players, dealer=dealer, seed=seed)
        bot = SimpleBot(seed=seed)
        run = ComputerRun(args, session, bot, args.hands)
        run.play(f"{DEALERS_CHOICE}: {args.players} players, seed {seed}, house list: "
                 f"{house.name or 'unnamed'} ({house.source})")
    except SplitpotError as error:  # (--house unreadable: 1, not the input's fault)
        return error_status("play", error)
    return run.finish(lambda: dealers_choice_document(session, dealer=dealer, seed=seed, bot=bot,
                                                      planned=args.hands),
                      plot_title=DEALERS_CHOICE)


def _run_table(args: argparse.Namespace, house: HouseList, seed: int) -> int:
    """``--seat K``: the person's session (see :func:`dealers_choice_table`)."""
    if args.json:
        raise RuleError("--json prints a computer-only session; leave out --seat/--me")
    table = dealers_choice_table(house, [args.stack] * args.players, seat=args.seat,
                                 hands=max(1, args.hands), seed=seed, out=Output(plain=args.plain),
                                 plot=args.plot)
    return record_dealers_choice(table, args, seed)


def record_dealers_choice(table: Table, args: argparse.Namespace, seed: int | None, *,
                          command: str = "play") -> int:
    """Run a person's dealer's-choice ``table`` (:func:`run_and_record`): its
    ``--save`` document holds the computer dealer that the table's session calls with."""
    session = table.session
    assert isinstance(session, DealersChoice)
    computer = next(d for d in session.dealers if isinstance(d, HouseDealer))
    return run_and_record(table, args, lambda: dealers_choice_document(
        session, dealer=computer, seed=seed, bot=table.bot, seat=table.seat, planned=table.last),
        command=command)


def dealers_choice_table(
    house: HouseList | None = None,
    stacks: Sequence[int] | None = None,
    *,
    seat: int,
    hands: int = 1,
    seed: int | None = None,
    out: Output | None = None,
    keys: Keys | None = None,
    plot: str | None = None,
    saved: dict[str, Any] | None = None,
) -> Table:
    """A person in seat ``seat`` of a dealer's-choice session: when he deals he calls
    the game from ``house`` by its number (or lets the house call); the computer
    dealers call from ``house`` at random, as in a computer-only session.

    ``saved``: a dealer's-choice document of ``--save`` (or ``--json``) to play on
    from, with its computer dealer and players as they stood (``house`` and
    ``stacks`` are then the document's: leave them out)."""
    if saved is None:
        if house is None or stacks is None:
            raise ArgumentTypeError("dealers_choice_table: give the house list and the stacks (or saved=).")
        computer, seats = house_dealer(house, seed), len(stacks)
    else:
        computer = HouseDealer.from_dict(saved.get("dealer"))
        start = saved.get("starting_stacks")
        seats = len(start) if isinstance(start, list) else 0
    calls = [entry.call for entry in computer.house.entries]

    def person(deal: Deal) -> Call:
        return table.choose_call(deal, calls, computer)

    dealers = [person if s == seat else computer for s in range(seats)]
    if saved is None:
        assert stacks is not None
        session, bot = DealersChoice(stacks, dealer=dealers, seed=seed), None
    else:
        session, bot = DealersChoice.from_dict(saved, dealer=dealers), saved_bot(saved)
    table = Table(session, seat=seat, hands=hands, seed=seed, out=out, keys=keys, plot=plot, bot=bot)
    if computer.house.name:
        table.title = f"{DEALERS_CHOICE} ({computer.house.name})"
    return table


def deal_line(state: State, names: Sequence[str]) -> str:
    """``P1 deals: five-card stud, last card down, deuces wild``."""
    call = state.game_call
    said = call.text() if call is not None else GAME_TITLES.get(state.spec.name, state.spec.name)
    return f"{names[state.button]} deals: {said}"


def games_table(hands: Sequence[State]) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the games dealt: each game's hands and re-deals
    (passed-out jackpots dealt again), most dealt first.

    >>> games_table([])
    (['game', 'hands', 'deals passed out'], [])
    """
    counts = games_played(hands)
    redeals = {name: 0 for name in counts}
    for state in hands:
        redeals[state.game.name] += state.deal - 1
    rows = [[name, str(count), str(redeals[name] or "")] for name, count in counts.most_common()]
    return ["game", "hands", "deals passed out"], rows


def dealers_choice_document(
    session: DealersChoice,
    *,
    dealer: HouseDealer,
    seed: int | None,
    bot: SimpleBot,
    seat: int | None = None,
    planned: int,
) -> dict[str, Any]:
    """The document of ``play dealers-choice --json`` and ``--save``: the session's
    (:meth:`DealersChoice.to_dict`, which :meth:`DealersChoice.from_json` resumes)
    with the house list's name and source, the players, seed and final stacks, each
    hand's dealer and call as said, and (as :func:`~splitpot.play.session_document`)
    what ``splitpot resume`` needs: the ``bot``, the person's ``seat``, the hands
    ``planned`` and the computer ``dealer`` (:meth:`HouseDealer.to_dict
    <splitpot.house.HouseDealer.to_dict>`: the house list and its random stream);
    ``over``, where the dealer had no call for the players left, says so (``stalled``,
    where that was while players sat out: the session is not over)."""
    hands = session.hands
    names = [f"P{i}" for i in range(len(session.stacks))]
    doc = session.to_dict()
    for record, state in zip(doc["hands"], hands, strict=True):
        record["dealer"] = state.button
        record["said"] = deal_line(state, names)
    final = record_final_stacks(doc, session)
    house = dealer.house
    doc.update({
        "format": DEALERS_CHOICE,
        "house": {"name": house.name, "source": house.source},
        "players": len(session.stacks),
        "seed": seed,
        "final_stacks": final,
        "games": dict(games_played(finished_hands(session)).most_common()),  # as the summary counts
        "planned": planned,
        "seat": seat,
        "bot": bot.to_dict(),
        "dealer": dealer.to_dict(),
    })
    if session.over:
        doc["over"] = session.over  # why the evening ended before the hands planned
    if session.stalled:
        doc["stalled"] = session.stalled  # why no call seats those dealt in while some sit out
    return doc
