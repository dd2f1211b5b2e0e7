"""``splitpot resume FILE``: a saved session played on.

``splitpot play GAME --save FILE`` (or ``--json``) writes the session as one JSON
document however it ends: all hands played, ``q`` or ctrl-C at the table (in the
middle of a hand too), a seat out of chips.  ``resume`` deals it again from its
seeds, action by action, and goes on where it stood: the hand in progress first,
then the hands still planned (``--hands K``: K hands from there).  The computer
players (and at dealer's choice the computer dealer) come back with their random
streams where they stood, so the hands that follow are the ones the session
would have dealt and played had it not stopped.  The person sits where he sat
(``--seat K``/``--me`` to sit elsewhere, ``--bots`` to let the computer players
finish alone); ``--save FILE`` saves again.

>>> import argparse, contextlib, io, json, os, tempfile
>>> from splitpot.play import add_play_parser, run_play
>>> parser = argparse.ArgumentParser(prog="splitpot")
>>> sub = parser.add_subparsers(dest="command")
>>> add_play_parser(sub); add_resume_parser(sub)
>>> path = os.path.join(tempfile.mkdtemp(), "session.json")
>>> args = parser.parse_args(["play", "seven-card-stud", "--players", "3", "--hands", "2", "--seed", "5",
...                           "--save", path, "--json"])
>>> with contextlib.redirect_stdout(io.StringIO()):
...     status = run_play(args)
>>> with open(path) as saved:
...     doc = json.load(saved)
>>> status, doc["planned"], len(doc["hands"])
(0, 2, 2)
>>> args = parser.parse_args(["resume", path, "--hands", "1", "--plain"])
>>> run_resume(args)  # doctest: +ELLIPSIS
seven-card-stud: 3 players, seed 5, ...; resumed after hand 2
<BLANKLINE>
===== hand 3 =====
button: P2; ...
0
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any

from splitpot.argtypes import error_status, file_name, int_range, read_text, say
from splitpot.bots import SimpleBot
from splitpot.dealers_choice import DEALERS_CHOICE, DealersChoice, stakes_text
from splitpot.engine.history import json_data
from splitpot.engine.session import Session
from splitpot.engine.state import State
from splitpot.errors import HistoryError, RuleError, SplitpotError
from splitpot.house import HouseDealer
from splitpot.play import (
    StoppedEarly,
    check_files,
    finished_hands,
    kept_by_hand,
    over_reason,
    play_with_progress,
    print_session,
    resumed_line,
    saved_bot,
    session_document,
    soft_interrupt,
    stalled_reason,
    stopped_status,
    write_and_print,
)
from splitpot.render import Output
from splitpot.validate import counted, describe

__all__ = ["add_resume_parser", "run_resume"]


def add_resume_parser(subparsers: Any) -> None:
    """The ``resume`` subcommand."""
    parser = subparsers.add_parser(
        "resume", help="play on a session saved by `splitpot play ... --save FILE`",
        description="Deal the session saved in FILE (by `splitpot play ... --save FILE` or --json) again "
                    "and play on where it stood: the hand in progress first, then the hands still planned. "
                    "The computer players and the dealer's-choice dealer play on as they would have; the "
                    "person sits where he sat.",
    )
    parser.add_argument("file", metavar="FILE", help="the saved session (JSON)")
    parser.add_argument("--hands", type=int_range(1), default=None, metavar="K",
                        help="play K hands from where the session stood (default: the hands it still "
                             "planned; the hand in progress counts as one)")
    seat = parser.add_mutually_exclusive_group()
    seat.add_argument("--seat", type=int, default=None, metavar="K",
                      help="sit in seat K (default: the seat of the saved session); between hands s sits "
                           "you out and i sits you back in; at a seat that sits out, K lets you sit "
                           "back in there (a session stalled by players sitting out too)")
    seat.add_argument("--me", action="store_const", const=0, dest="seat", help="sit in seat 0")
    seat.add_argument("--bots", action="store_true",
                      help="computer players only, even if a person sat in the saved session")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="write the session as JSON again however it ends (FILE itself is fine)")
    parser.add_argument("--json", action="store_true",
                        help="print the session's JSON document instead of text")
    parser.add_argument("--phh", metavar="FILE", default=None, help="also write the session's hands as PHH")
    parser.add_argument("--plot", metavar="FILE.png", default=None,
                        help="draw each seat's stack over the whole session (needs splitpot[plot])")
    parser.add_argument("--plain", action="store_true", help="plain text: card letters, no colours")
    parser.set_defaults(run=run_resume)


def run_resume(args: argparse.Namespace) -> int:
    """Run ``splitpot resume FILE``; return the exit status."""
    name = file_name(args.file)
    try:
        text = read_text(args.file)
    except SplitpotError as err:
        return error_status("resume", err)
    if _phh(args.file, text):
        say("resume", f"error: {name} is a PHH hand history: it holds the hands, not the session "
                      f"(its computer players, the hands planned), so it cannot be resumed; `splitpot replay "
                      f"{name}` prints its hands.")
        return 2
    try:
        return _resume(args, _document(text))
    except _FlagError as err:  # the command line's fault, not the file's
        say("resume", f"error: {err}")
        return 2
    except SplitpotError as err:
        say("resume", f"error: {name}: {err}")
        return 2


def _phh(path: str, text: str) -> bool:
    """Whether the file read is PHH (``--phh FILE``'s, a ``.phh`` or ``.phhs``), not a JSON document.

    >>> _phh("s.phhs", "[1]\\nvariant = 'F7S'"), _phh("s.json", "{}"), _phh("x", "variant = 'F7S'")
    (True, False, True)
    """
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        return False
    named = path.lower().endswith((".phh", ".phhs"))
    return named or re.search(r"^\s*(variant|actions)\s*=", text, re.M) is not None


class _FlagError(RuleError):
    """A flag that does not fit the saved session (the message names the flag)."""


def _document(text: str) -> dict[str, Any]:
    doc = json_data(text, "a saved session")
    if not isinstance(doc, dict) or "session" not in doc:
        raise HistoryError("not a saved session: write one with `splitpot play GAME --hands K --save FILE`.")
    return doc


def _resume(args: argparse.Namespace, doc: dict[str, Any]) -> int:
    dealers_choice = doc.get("game") == DEALERS_CHOICE
    players = doc.get("starting_stacks")
    count = len(players) if isinstance(players, list) else 0
    seat = None if args.bots else args.seat if args.seat is not None else doc.get("seat")
    if seat is not None and (type(seat) is not int or not 0 <= seat < count):
        error = _FlagError if args.seat is not None else RuleError
        got = seat if type(seat) is int else describe(seat)
        raise error(f"{'--seat' if args.seat is not None else 'seat'} must be in 0..{count - 1} "
                    f"(P0 to P{count - 1}), got {got}.")
    if seat is not None and args.json:
        raise _FlagError("--json prints a computer-only session; leave out --seat/--me (or add --bots).")
    check_files(args)
    planned = doc.get("planned")
    if planned is not None and (type(planned) is not int or planned < 1):
        raise HistoryError(f"planned: the number of the last hand the run meant to play (1 or more), got "
                           f"{describe(planned)}.")
    seed = doc.get("seed") if type(doc.get("seed")) is int else None
    bot = saved_bot(doc)
    seeded = f", seed {seed}" if seed is not None else ""
    document: Callable[[int], dict[str, Any]]
    if dealers_choice:
        from splitpot.play_dealers_choice import (
            dealers_choice_document,
            dealers_choice_table,
            record_dealers_choice,
        )

        if "dealer" not in doc:
            raise HistoryError("dealer: missing: a dealer's-choice session saved by `splitpot play "
                               "dealers-choice --save FILE` holds its computer dealer.")
        if seat is not None:
            table = dealers_choice_table(seat=seat, seed=seed, out=Output(plain=args.plain), plot=args.plot,
                                         saved=doc)
            _refuse_over(table.session, seat)
            table.plan(_hands_to_play(args, doc, table.session))
            return record_dealers_choice(table, args, seed, command="resume")
        dealer = HouseDealer.from_dict(doc["dealer"])
        dealt = DealersChoice.from_dict(doc, dealer=dealer)
        _refuse_over(dealt, None)
        house = dealer.house
        title = (f"{DEALERS_CHOICE}: {len(dealt.stacks)} players{seeded}, house list: "
                 f"{house.name or 'unnamed'} ({house.source})")

        def document(planned: int) -> dict[str, Any]:
            return dealers_choice_document(dealt, dealer=dealer, seed=seed, bot=bot, planned=planned)

        session: Session = dealt
    else:
        session = Session.from_dict(doc)
        _refuse_over(session, seat)
        if seat is not None:
            from splitpot.table import Table, run_and_record

            table = Table(session, seat=seat, hands=_hands_to_play(args, doc, session), seed=seed,
                          out=Output(plain=args.plain), plot=args.plot, bot=bot)
            return run_and_record(table, args, lambda: session_document(
                session, seed=seed, bot=table.bot, seat=seat, planned=table.last), command="resume")
        spec = session.spec
        title = f"{spec.name}: {len(session.stacks)} players{seeded}, {stakes_text(spec.stakes)}"

        def document(planned: int) -> dict[str, Any]:
            return session_document(session, seed=seed, bot=bot, planned=planned)

    hands = _hands_to_play(args, doc, session)
    before = len(finished_hands(session))
    in_progress = bool(session.hands) and not session.hands[-1].is_complete
    with soft_interrupt():  # one scope from the first hand to the last line written (as play's)
        try:
            played, stopped = _play_on(session, hands, bot, plain=args.plain), False
        except StoppedEarly as stop:
            played, stopped = stop.hands, True
        title += f"; {resumed_line(before, in_progress)}"
        return _report(args, document(before + hands), session, played, before, title, stopped=stopped,
                       over=over_reason(session, len(played), hands, stopped))


def _refuse_over(session: Session, seat: int | None) -> None:
    """A session with a hand in progress plays on; one between hands needs players
    with chips for another (and the person's seat some chips).  Where the person's
    seat sits out, the table asks him first whether to sit back in; where others sit
    out so that too few are dealt in, the session is stalled, not over: said so."""
    if session.hands and not session.hands[-1].is_complete:
        return
    if seat is not None and seat in session.sitting_out and session.stacks[seat] > 0:
        if session.is_over:
            raise RuleError("the session is over: too few players have chips for another hand.")
        return  # the table asks him first: sit back in, watch, or leave
    stalled = stalled_reason(session)
    if stalled:
        raise RuleError(f"{stalled}; the session is not over: resume with --seat K at a seat that sits out "
                        "to sit back in there.")
    if isinstance(session, DealersChoice) and len(session.dealt_in) > 1:  # a house list with no call for them
        out, players = session.sitting_out, len(session.dealt_in)
        for dealer in session.dealers:
            over = dealer.no_call(players) if isinstance(dealer, HouseDealer) else None
            if over and out:
                raise RuleError(f"{stalled_reason(session, no_call=over)}; the session is not over: resume "
                                "with --seat K at a seat that sits out to sit back in there.")
            if over:
                raise RuleError(f"the session is over: {over}")
    if not session.can_continue:
        raise RuleError("the session is over: too few players have chips for another hand.")
    if seat is not None and session.stacks[seat] == 0:
        raise _FlagError(f"seat {seat} (P{seat}) has no chips left: resume with --bots, or sit in another "
                         "seat with --seat K.")


def _hands_to_play(args: argparse.Namespace, doc: dict[str, Any], session: Session) -> int:
    """``--hands K``, or the hands the saved run still planned (the hand in progress counts)."""
    if args.hands is not None:
        return int(args.hands)
    done = len(finished_hands(session))
    planned = doc.get("planned")
    if type(planned) is int and planned > done:
        return planned - done
    if session.hands and not session.hands[-1].is_complete:
        return 1
    said = (f"all its {counted(planned, 'planned hand')}" if type(planned) is int
            else "its hands")
    raise RuleError(f"--hands: the saved session played {said}; say how many more to play with --hands K.")


def _play_on(session: Session, hands: int, bot: SimpleBot, *, plain: bool) -> list[State]:
    """The hand in progress finished by ``bot``, then the rest of ``hands`` played;
    ctrl-C stops it after a hand (:class:`~splitpot.play.StoppedEarly`, with every
    hand played)."""
    played: list[State] = []
    current = session.hands[-1] if session.hands else None
    if current is not None and not current.is_complete:
        while not current.is_complete:
            bot(current)
        played.append(current)
    if hands > len(played):
        try:
            played += play_with_progress(session, hands - len(played), bot, plain=plain)
        except StoppedEarly as stop:
            raise StoppedEarly(played + stop.hands) from None
    return played


def _report(args: argparse.Namespace, doc: dict[str, Any], session: Session, played: list[State],
            before: int, title: str, *, stopped: bool, over: str | None) -> int:
    """Write and print what a computer-only resume played, as ``splitpot play`` does
    (:func:`~splitpot.play.write_and_print`: ``--phh`` and ``--plot`` of the session's
    finished hands; ``stopped``: by ctrl-C, after a hand; ``over``: why the session
    ended or stalled before the hands asked for, :func:`~splitpot.play.over_reason`)."""
    finished = finished_hands(session)
    names = [f"P{i}" for i in range(len(session.hands[0].starting_stacks))] if session.hands else []

    def text(out: Output) -> None:
        out.line(title)
        print_session(out, played, names, first=before + 1, session=finished,
                      kept=kept_by_hand(session))
        if over:
            out.line(over)

    out = None if args.json else Output(plain=args.plain)
    written, interrupted = write_and_print(args, finished, names, out, lambda: doc, text, command="resume",
                                           kept=kept_by_hand(session))
    if out is not None and not args.save:  # a note on standard error: standard output is the hands' record
        from splitpot.table import NOT_SAVED

        say("resume", NOT_SAVED)
    return 1 if not written else stopped_status(args, len(played), stopped or interrupted, command="resume")
