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
import dataclasses
import json
import sys
from collections.abc import Sequence
from typing import Any

from splitpot.bots import SimpleBot
from splitpot.cards import _RANK_PLURALS
from splitpot.engine import events as ev
from splitpot.engine.positional import RULE_TEXT, PositionalWild
from splitpot.engine.session import Session
from splitpot.engine.spec import GameSpec, Opener, Stakes
from splitpot.engine.state import State
from splitpot.errors import SplitpotError
from splitpot.games import GAMES, get_game

__all__ = ["add_play_parser", "build_spec", "describe_hand", "run_play"]

_GAME_HELP = {
    "seven-card-stud": "seven-card stud, high only (RULES.md 5.1)",
    "seven-card-stud-8": "stud high-low, eight-or-better low, cards speak (5.2)",
    "seven-card-stud-high-low": "classic stud high-low, deuce-to-seven low by default, cards speak (5.3)",
    "seven-card-stud-declare": "classic stud high-low with declarations (5.3, RULES.md 4)",
    "five-card-stud": "five-card stud: one down, four up, the highest upcard must bet (5.8)",
    "five-card-stud-last-down": "five-card stud with the fifth card dealt face down (5.8)",
    "five-card-stud-five-bets": "five-card stud, a round after the hole card, the lowest upcard bets (5.8)",
    "mexican-stud": "flip: turn-ups all at once, each player's hole card wild for him (5.9)",
    "aces-deuces": "two-card high-low, paid draws round and round, A-A high and A-2 low (5.10)",
}


def add_play_parser(subparsers: Any) -> None:
    """Add the ``play`` sub-command to an argparse ``subparsers`` object."""
    games = "\n".join(f"  {name:<26} {_GAME_HELP.get(name, '')}" for name in GAMES)
    parser = subparsers.add_parser(
        "play",
        help="play a hand with computer players",
        description="Computer players play one hand (or --hands K) of GAME and the hand is printed "
        "street by street: actions, cards shown, who won which half and why, final stacks.",
        epilog=f"games:\n{games}\n\noptions by game:\n"
        "  --open-pair, --no-cap-heads-up   every game\n"
        "  --qualifier                      seven-card-stud-8\n"
        "  --low                            seven-card-stud-high-low, seven-card-stud-declare\n"
        "  --declare, --tie-keeps-half      seven-card-stud-declare\n"
        "  --turn-up                        five-card-stud, five-card-stud-five-bets\n"
        "  --low, --declare                 five-card-stud*, mexican-stud (high-low)\n"
        "  --no-stand-is-final              aces-deuces: a player who stood may draw later\n"
        "  --wild, --joker, --wild-low, --duplicate, --penalty, --penalty-rule, --positional\n"
        "                                   every game (wild cards, the joker, penalty cards)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", choices=sorted(GAMES), metavar="GAME", help="the game to play (see below)")
    parser.add_argument("--players", "-n", type=int, default=5, help="number of players (default 5)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: fresh)")
    parser.add_argument("--hands", type=int, default=1, metavar="K", help="play a session of K hands")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    parser.add_argument("--stack", type=int, default=200, help="starting stack of every player (200)")
    parser.add_argument("--ante", type=int, default=1, help="ante (1)")
    parser.add_argument("--bring-in", type=int, default=2, help="bring-in (2)")
    parser.add_argument("--small-bet", type=int, default=5, help="small bet (5)")
    parser.add_argument("--big-bet", type=int, default=10, help="big bet (10)")
    parser.add_argument("--open-pair", action="store_true",
                        help="an open pair on fourth street allows the big bet")
    parser.add_argument("--no-cap-heads-up", action="store_true",
                        help="no raise cap when two players remain")
    parser.add_argument("--low", choices=["deuce-to-seven", "ace-to-six", "ace-to-five"], default=None,
                        help="low ranking of the classic high-low games (default deuce-to-seven)")
    parser.add_argument("--qualifier", type=int, default=None, metavar="RANK",
                        help="low qualifier of seven-card-stud-8 (default 8; e.g. 9 = nine or better)")
    parser.add_argument("--declare", choices=["in-turn", "simultaneous"], default=None,
                        help="declaration mode of seven-card-stud-declare (default simultaneous)")
    parser.add_argument("--tie-keeps-half", action="store_true",
                        help="a both declarer who ties one side keeps the half he won")
    _add_variant_arguments(parser)


def _add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the five-card games and the wild-card options of every game."""
    parser.add_argument("--turn-up", action="store_true",
                        help="five-card stud: before the last card each player may turn up his hole card "
                        "and get the last card face down")
    parser.add_argument("--stand-is-final", action=argparse.BooleanOptionalAction, default=None,
                        help="aces-deuces: a player who stands is done drawing (default); with "
                        "--no-stand-is-final drawing ends after a full round without a draw")
    parser.add_argument("--wild", action="append", metavar="RANK|CARDS", default=None,
                        help="wild cards for everyone: a rank (--wild 2 = deuces wild) or cards; "
                        "repeat for more")
    parser.add_argument("--joker", choices=["none", "bug", "wild"], default=None,
                        help="a joker in the deck: the bug or fully wild (default: the game's; none)")
    parser.add_argument("--wild-low", choices=["zero", "lowest-absent", "best-rank"], default=None,
                        help="how wild cards count in a low (default zero)")
    parser.add_argument("--duplicate", action="store_true",
                        help="a wild card may repeat a held card in a high flush")
    parser.add_argument("--penalty", action="append", metavar="CARDS", default=None,
                        help="penalty cards; repeat for more")
    parser.add_argument("--penalty-rule", choices=["dead-hand", "void-card"], default=None,
                        help="what a penalty card does (default dead-hand)")
    parser.add_argument("--positional", choices=[str(p).replace("_", "-") for p in PositionalWild],
                        default=None,
                        help="a card of each player's own deal, with its rank, wild for him alone")


def _variant_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword options that :func:`_add_variant_arguments` sets (those given)."""
    options: dict[str, Any] = {}
    for name in ("turn_up", "duplicate"):  # switches
        if getattr(args, name, False):
            options[name] = True
    for name in ("stand_is_final", "joker", "wild_low", "penalty_rule", "positional"):  # choices
        if getattr(args, name, None) is not None:
            options[name] = getattr(args, name)
    for name in ("wild", "penalty"):  # repeated
        if getattr(args, name, None):
            options[name] = tuple(getattr(args, name))
    return options


def build_spec(args: argparse.Namespace) -> GameSpec:
    """The spec named by the parsed arguments."""
    options: dict[str, Any] = {
        "stakes": Stakes(
            ante=args.ante, bring_in=args.bring_in, small_bet=args.small_bet, big_bet=args.big_bet
        )
    }
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
    options.update(_variant_options(args))
    if not GAMES[args.game]().stakes.bring_in:  # the game opens without a bring-in
        options["stakes"] = dataclasses.replace(options["stakes"], bring_in=0)
    return get_game(args.game, **options)


def run_play(args: argparse.Namespace) -> int:
    """Run ``splitpot play``; return the exit status."""
    try:
        spec = build_spec(args)
        session = Session(spec, [args.stack] * args.players, seed=args.seed)
        hands = session.play(max(1, args.hands), SimpleBot(seed=args.seed))
    except SplitpotError as error:
        print(f"splitpot play: error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(_json_document(spec, args, hands), indent=1))
        return 0
    names = [f"P{i}" for i in range(args.players)]
    print(f"{spec.name}: {args.players} players, seed {args.seed}, {_stakes_text(spec.stakes)}")
    for number, state in enumerate(hands, 1):
        if len(hands) > 1:
            print(f"\n===== hand {number} =====")
        print("\n".join(describe_hand(state, names)))
    if len(hands) > 1:
        final = hands[-1].stacks
        print(f"\nafter {len(hands)} hands: " + ", ".join(
            f"{names[s]} {final[s]} ({final[s] - args.stack:+d})" for s in range(args.players)))
    return 0


def _json_document(spec: GameSpec, args: argparse.Namespace, hands: Sequence[State]) -> dict[str, Any]:
    records = []
    for state in hands:
        record = state.history().to_dict()
        record["final_stacks"] = list(state.stacks)
        records.append(record)
    doc: dict[str, Any] = {
        "game": spec.name,
        "players": args.players,
        "seed": args.seed,
        "starting_stacks": list(hands[0].starting_stacks),
        "final_stacks": list(hands[-1].stacks),
    }
    if len(hands) == 1:
        doc.update({k: v for k, v in records[0].items() if k not in doc})
    else:
        doc["hands"] = records
    return doc


def _stakes_text(stakes: Stakes) -> str:
    parts = []
    if stakes.ante:
        parts.append(f"ante {stakes.ante}")
    if stakes.bring_in:
        parts.append(f"bring-in {stakes.bring_in}")
    if stakes.blinds:
        parts.append("blinds " + "/".join(map(str, stakes.blinds)))
    parts.append(f"limits {stakes.small_bet}/{stakes.big_bet}")
    return ", ".join(parts)


def _cards(cards: Sequence[int]) -> str:
    return " ".join(ev.card_text(c) for c in cards)


_SIDE_TEXT = {
    "high": "the high half of",
    "low": "the low half of",
    "pot": "all of",
    "uncontested": "all of",
    "equal": "an equal share of",
}


def describe_hand(state: State, names: Sequence[str]) -> list[str]:
    """The hand as a person would read it, one line per step."""
    spec = state.spec
    lines = [f"button: {names[state.button]}; stacks: "
             + ", ".join(f"{names[s]} {state.starting_stacks[s]}" for s in range(state.seats))]
    down: dict[int, list[int]] = {s: [] for s in range(state.seats)}
    up: dict[int, list[int]] = {s: [] for s in range(state.seats)}
    pot = 0
    street_opener: Opener | None = None
    street = spec.streets[0]
    first_action = False
    antes: list[str] = []
    pots_named = len({e.pot for e in state.events if isinstance(e, ev.PotAwarded)}) > 1
    turned: set[int] = set()  # seats whose last card comes face down (five-card stud's turn-up)
    for event in state.events:
        if isinstance(event, ev.AntePosted):
            pot += event.amount
            antes.append(f"{names[event.seat]} {event.amount}")
            continue
        if antes:
            lines.append("antes: " + ", ".join(antes))
            antes = []
        if isinstance(event, ev.BlindPosted):
            pot += event.amount
            lines.append(f"{names[event.seat]} posts a blind of {event.amount}")
        elif isinstance(event, ev.StreetStarted):
            street_opener = spec.streets[event.street].opener
            street = spec.streets[event.street]
            first_action = True
            lines.append(f"*** {event.name} *** (pot {pot})")
        elif isinstance(event, ev.CardsDealt):
            if event.seat is None:
                lines.append(f"  not enough cards for everyone: community card {_cards(event.cards)}")
                continue
            (up if event.up else down)[event.seat].extend(event.cards)
            if event.up or not street.up or event.seat in turned:
                seat = event.seat
                lines.append(f"  {names[seat]}: [{_cards(down[seat])}] {_cards(up[seat])}".rstrip())
        elif isinstance(event, ev.CardBurned):
            lines.append("  (burn)")
        elif (told := _variant_lines(event, names, down, up, turned, spec)) is not None:
            lines.extend(told)
        elif event.player_action and not isinstance(event, (ev.Declared, ev.Drew)):
            seat = event.seat  # type: ignore[attr-defined]
            if first_action and street_opener is Opener.BEST_SHOWING and up[seat]:
                lines.append(f"  {names[seat]} acts first with the best hand showing ({_cards(up[seat])})")
            elif first_action and street_opener is Opener.BRING_IN and up[seat]:
                lines.append(f"  {names[seat]} has the lowest upcard ({_cards(up[seat][-1:])})")
            elif first_action and street_opener in _FORCED_OPENERS and up[seat]:
                lines.append(f"  {names[seat]} has the {_FORCED_OPENERS[street_opener]} upcard "
                             f"({_cards(up[seat][-1:])}) and must bet")
            first_action = False
            amount = getattr(event, "amount", 0)
            pot += amount
            lines.append("  " + _action_text(event, names[seat]))
        elif isinstance(event, ev.Drew):
            lines.append(f"  {names[event.seat]} draws {len(event.discarded)}"
                         if event.discarded else f"  {names[event.seat]} stands pat")
        elif isinstance(event, ev.Declared):
            if spec.declare.value == "in_turn":
                lines.append(f"  {names[event.seat]} declares {event.choice}")
        elif isinstance(event, ev.DeclarationsRevealed):
            lines.append("  declarations revealed: "
                         + ", ".join(f"{names[s]} {c}" for s, c in event.choices))
        elif isinstance(event, ev.CardsShown):
            hands = [h for h in (event.high and f"high: {event.high}",
                                 event.low and f"low: {event.low}") if h]
            if spec.low is not None and not event.low:
                hands.append("no qualifying low")
            lines.append(f"  {names[event.seat]} shows {_cards(event.cards)} ({'; '.join(hands)})")
        elif isinstance(event, ev.Forfeited):
            which = ("main pot" if event.pot == 0 else f"side pot {event.pot}") if pots_named else "pot"
            lines.append(f"  {names[event.seat]} declared both but did not win both sides outright: "
                         f"forfeits the {which}")
        elif isinstance(event, ev.PotAwarded):
            which = ("main pot" if event.pot == 0 else f"side pot {event.pot}") if pots_named else "pot"
            why = f" with {event.hand}" if event.hand else ""
            if event.side == "uncontested":
                why = " (everyone else folded)" if len(state.active) == 1 else " (nobody else could win it)"
            elif event.side == "equal":
                why = " (nobody won as declared: split equally)"
            elif event.side == "pot" and spec.low is not None and spec.declare.value == "none":
                why += " (no qualifying low: scoops)"
            lines.append(f"{names[event.seat]} wins {_SIDE_TEXT[event.side]} the {which} "
                         f"({event.amount}){why}")
        elif isinstance(event, ev.HandEnded):
            lines.append("stacks: " + ", ".join(
                f"{names[s]} {event.stacks[s]} ({event.stacks[s] - state.starting_stacks[s]:+d})"
                for s in range(state.seats)))
    return lines


_FORCED_OPENERS = {Opener.HIGH_CARD_BETS: "highest", Opener.LOW_CARD_BETS: "lowest"}


def _variant_lines(
    event: ev.Event,
    names: Sequence[str],
    down: dict[int, list[int]],
    up: dict[int, list[int]],
    turned: set[int],
    spec: GameSpec,
) -> list[str] | None:
    """The lines of the events of turn-ups, players' own wild cards and paid
    draws (None for other events); keeps ``down``, ``up`` and ``turned`` in step."""
    if isinstance(event, ev.Drew) and any(s.paid_draws is not None for s in spec.streets):
        name, seat = names[event.seat], event.seat
        for old, new in zip(event.discarded, event.received, strict=True):
            pile = down[seat] if old in down[seat] else up[seat]
            pile[pile.index(old)] = new
            where = "down" if pile is down[seat] else "up"
            return [f"  {name} draws to his {where} card ({_cards([old])} out): "
                    f"[{_cards(down[seat])}] {_cards(up[seat])}"]
        return [f"  {name} stands: [{_cards(down[seat])}] {_cards(up[seat])}"]
    if isinstance(event, ev.DrawFeePaid):
        return [f"    and pays {event.amount} into the pot for it"]
    if isinstance(event, ev.TurnedUp):  # in turn: five-card stud's option
        name = names[event.seat]
        if not event.cards:
            return [f"  {name} keeps his hole card down"]
        _turn(event.seat, event.cards, down, up)
        turned.add(event.seat)
        return [f"  {name} turns up his hole card ({_cards(event.cards)}): his last card comes face down"]
    if isinstance(event, ev.TurnUpChosen):  # secret until everyone has chosen
        return []
    if isinstance(event, ev.TurnUpsRevealed):
        out = []
        for seat, card in zip(event.seats, event.cards, strict=True):
            _turn(seat, (card,), down, up)
            shows = f"[{_cards(down[seat])}] {_cards(up[seat])}"
            out.append(f"  {names[seat]} turns up {_cards([card])}: {shows}")
        return out
    if isinstance(event, ev.PlayerWild):
        rank = _RANK_PLURALS[event.card >> 2]
        rule = RULE_TEXT[PositionalWild(event.rule)]
        return [f"  {_cards([event.card])} is wild for {names[event.seat]}: {rule} (with all his {rank})"]
    return None


def _turn(seat: int, cards: Sequence[int], down: dict[int, list[int]], up: dict[int, list[int]]) -> None:
    for card in cards:
        down[seat].remove(card)
        up[seat].append(card)


def _action_text(event: ev.Event, name: str) -> str:
    if isinstance(event, ev.BringInPosted):
        return f"{name} brings in for {event.amount}"
    if isinstance(event, ev.Completed):
        return f"{name} completes to {event.to}"
    if isinstance(event, ev.BetMade):
        return f"{name} bets {event.to}"
    if isinstance(event, ev.Raised):
        return f"{name} raises to {event.to}"
    if isinstance(event, ev.Called):
        return f"{name} calls {event.amount}"
    if isinstance(event, ev.Checked):
        return f"{name} checks"
    return f"{name} folds"
