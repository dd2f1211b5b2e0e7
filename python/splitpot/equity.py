"""Equity of stud and draw-lowball hands: the chances of high, low and scoop, exactly or by Monte Carlo.

Each player gives the cards he is known to hold; the rest of his hand comes
from the deck left once every known card and every ``dead`` card (a folded
upcard, say) is out. Without ``samples`` every outcome is enumerated (exact);
with ``samples`` that many are drawn at random from ``seed``. The work runs in
the C++ core with the GIL released, across ``threads`` cores.

>>> r = equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"])
>>> r.exact, r.outcomes
(True, 671580)
>>> print(f"{r[0].share:.4f} {r[1].share:.4f} scoop {r[0].scoop:.4f}")
0.4564 0.5436 scoop 0.2008
>>> r = equity("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"])  # nine outs: any 5, 6 or 7
>>> r.outcomes, r[0].low_win == 9 / 43, r[0].high_win
(43, True, 0.0)

Sides of the pot. The high-low games (``seven-card-stud-8``,
``seven-card-stud-high-low``) split it in a high and a low half: ``high_*``
and ``low_*`` describe each half. ``seven-card-stud`` has only a high side
(``low_*`` are 0); ``lowball`` and ``deuce-to-seven`` draw only a low side
(``high_*`` are 0). A half is split equally between tied hands; in stud 8 with
no qualifying low the high hand takes all; the classic high-low game always
has a low. ``scoop`` is the chance of taking the whole pot alone: both halves
outright, or the high outright when no low qualifies, or the only side
outright in a single-side game.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any

from splitpot.cards import Card, CardLike, parse_cards
from splitpot.errors import CardTypeError, RuleError, SplitpotError
from splitpot.evaluate import Ranking

try:
    from splitpot import _core
except ImportError as err:  # pragma: no cover - only without a built extension
    raise ImportError(
        "splitpot's compiled core (splitpot._core) is missing: install the package with "
        "'pip install .' (it builds the C++ extension) rather than importing it from the source tree"
    ) from err

__all__ = [
    "EquityGame",
    "EquityResult",
    "PlayerEquity",
    "add_equity_parser",
    "equity",
    "run_equity",
]


@unique
class EquityGame(StrEnum):
    """The games :func:`equity` knows (the rules reference (docs/rules.md), §5)."""

    SEVEN_CARD_STUD = "seven-card-stud"
    """Seven-card stud, high only: the ``high_*`` fields."""
    SEVEN_CARD_STUD_8 = "seven-card-stud-8"
    """Stud high-low, eight-or-better low; no qualifying low: high takes all."""
    SEVEN_CARD_STUD_HIGH_LOW = "seven-card-stud-high-low"
    """Classic stud high-low, ``low`` deuce-to-seven (default), ace-to-six or ace-to-five; no qualifier."""
    LOWBALL = "lowball"
    """Ace-to-five draw, one draw, low only: the ``low_*`` fields."""
    DEUCE_TO_SEVEN = "deuce-to-seven"
    """Deuce-to-seven draw, one draw, low only: the ``low_*`` fields."""

    @property
    def is_stud(self) -> bool:
        """True for the seven-card stud games (hands of seven, no draws)."""
        return self.value.startswith("seven-card-stud")

    @property
    def hand_size(self) -> int:
        """Cards in a final hand: 7 in stud, 5 in draw games."""
        return 7 if self.is_stud else 5


_GAMES = tuple(EquityGame)
_GAME_ID = {g.value: i for i, g in enumerate(_GAMES)}
_RANKING_ID = {r.value: i for i, r in enumerate(Ranking)}
_CLASSIC_LOWS = (Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX, Ranking.ACE_TO_FIVE)
_FIXED_LOW = {
    EquityGame.SEVEN_CARD_STUD_8: Ranking.EIGHT_OR_BETTER,
    EquityGame.LOWBALL: Ranking.ACE_TO_FIVE,
    EquityGame.DEUCE_TO_SEVEN: Ranking.DEUCE_TO_SEVEN,
}

Progress = Callable[[int, int], object]
"""``progress(done, total)``: outcomes done so far and in all, about 16 calls a run."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEquity:
    """One player's equity: probabilities over the outcomes (fractions in 0..1).

    ``high_win`` / ``low_win``: best hand of that side alone; ``high_tie`` /
    ``low_tie``: best, tied with others; ``scoop``: the whole pot alone;
    ``share``: the expected fraction of the pot. Single-side games fill only
    their side (see the module docstring).
    """

    cards: tuple[Card, ...]
    """The player's known cards."""
    high_win: float
    high_tie: float
    low_win: float
    low_tie: float
    scoop: float
    share: float

    def __post_init__(self) -> None:
        for name in ("high_win", "high_tie", "low_win", "low_tie", "scoop", "share"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be a probability in 0..1, got {value!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class EquityResult:
    """The answer of :func:`equity`: one :class:`PlayerEquity` per hand, in order.

    Indexing, ``len`` and iteration go over the players.

    >>> r = equity("seven-card-stud", ["As Ad Kc Kd 2h 3s", "Qs Qd Qc 2c 3c 4d"], dead="Ah Ac")
    >>> len(r), r.exact, r.outcomes, r.low
    (2, True, 1406, None)
    >>> [round(p.share, 4) for p in r]
    [0.0512, 0.9488]
    """

    game: EquityGame
    """The game."""
    low: Ranking | None
    """The ranking of the low side (None for seven-card stud, high only)."""
    players: tuple[PlayerEquity, ...]
    """Per hand, in the order given."""
    outcomes: int
    """Outcomes evaluated: every one when exact, else the samples drawn."""
    exact: bool
    """True for an exhaustive enumeration, False for Monte Carlo."""
    seed: int | None
    """The Monte Carlo seed (drawn at random when none was given); None when exact."""

    def __len__(self) -> int:
        return len(self.players)

    def __getitem__(self, index: int) -> PlayerEquity:
        return self.players[index]

    def __iter__(self) -> Iterator[PlayerEquity]:
        return iter(self.players)


def _game(game: EquityGame | str) -> EquityGame:
    if not isinstance(game, str) or game not in _GAME_ID:
        known = ", ".join(g.value for g in _GAMES)
        raise RuleError(f"unknown game {game!r} for equity; expected one of {known}")
    return _GAMES[_GAME_ID[game]]


def _low(game: EquityGame, low: Ranking | str | None) -> Ranking | None:
    if game is EquityGame.SEVEN_CARD_STUD_HIGH_LOW:
        if low is None:
            return Ranking.DEUCE_TO_SEVEN
        if not isinstance(low, str) or low not in _CLASSIC_LOWS:
            raise RuleError(
                f"the low of seven-card-stud-high-low is one of "
                f"{', '.join(r.value for r in _CLASSIC_LOWS)}; got {low!r}"
            )
        return Ranking(low)
    if low is not None:
        raise RuleError(f"low= is an option of seven-card-stud-high-low only, not of {game.value}")
    return _FIXED_LOW.get(game)


def _int_option(name: str, value: object, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if value < minimum or value >= 1 << 64:
        raise RuleError(f"{name} must be an int from {minimum} to 2**64 - 1, got {value}")
    return value


def _hands(hands: Iterable[str | Iterable[CardLike]]) -> list[list[Card]]:
    if isinstance(hands, str | bytes) or not isinstance(hands, Iterable):
        raise CardTypeError(
            "hands must be a sequence of hands, one per player, e.g. ['As 2d 3c', 'Kd Kc 9s']"
        )
    return [parse_cards(h) for h in hands]


def equity(
    game: EquityGame | str,
    hands: Sequence[str | Iterable[CardLike]],
    *,
    dead: str | Iterable[CardLike] = (),
    draws: Sequence[int] | None = None,
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    low: Ranking | str | None = None,
    joker: bool = False,
    max_outcomes: int | None = None,
) -> EquityResult:
    """Each hand's chances of high, low, scoop and its expected share of the pot.

    ``game``: an :class:`EquityGame` or its name. ``hands``: per player, the
    known cards (stud: up to 7; draw games: the cards kept, up to 5).
    ``dead``: cards known to be out of the deck. ``draws`` (draw games only):
    how many cards each player draws; kept and drawn cards make five, so it
    defaults to five minus the cards kept. ``samples``: None for an exact
    enumeration, else the number of Monte Carlo deals from ``seed`` (None: a
    random seed, reported in the result); the same seed gives the same answer
    at any thread count. ``threads``: cores to use (None: all).
    ``progress(done, total)`` is called about 16 times a run. ``low``
    (seven-card-stud-high-low only): ``deuce-to-seven`` (default),
    ``ace-to-six`` or ``ace-to-five``. ``joker`` (lowball only): a 53-card
    deck whose joker is the bug (the rules reference (docs/rules.md), §2: the lowest rank the hand
    lacks, ace first); a hand may hold ``Jk``.
    ``max_outcomes``: the largest exact enumeration allowed
    (default 2,000,000,000); above it, RuleError suggests ``samples=``.

    Raises CardError for bad cards (unknown, duplicated across hands and dead
    cards, too many for the game, more needed than the deck holds) and
    RuleError for an unknown game or an option that does not fit it.

    >>> r = equity("deuce-to-seven", ["7h 5h 4h 3h", "8c 6d 5d 4c 2s"], draws=[1, 0])
    >>> r.exact, r.outcomes, round(r[0].low_win, 4), r[0].high_win
    (True, 43, 0.0465, 0.0)
    >>> r = equity("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s"], samples=100_000, seed=1)
    >>> r.exact, r.outcomes, r.seed, abs(r[0].share - 0.484) < 0.01
    (False, 100000, 1, True)
    >>> equity("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s"])
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: exact enumeration would visit 18,265,297,050 outcomes ... samples=1_000_000
    """
    g = _game(game)
    low_ranking = _low(g, low)
    parsed = _hands(hands)
    dead_cards = parse_cards(dead)
    if not isinstance(joker, bool):
        raise TypeError(f"joker must be True or False, got {type(joker).__name__}")
    if draws is None:
        draw_list: list[int] = []
    else:
        if g.is_stud:
            raise RuleError(f"draws= applies to draw games only, not to {g.value}")
        if isinstance(draws, str | bytes) or not isinstance(draws, Iterable):
            raise TypeError("draws must be a sequence of ints, one per hand")
        draw_list = [_int_option("each draw", d, 0) for d in draws]
    n_samples = 0 if samples is None else _int_option("samples", samples, 1)
    if samples is None:
        used_seed = None
    else:
        used_seed = secrets.randbits(63) if seed is None else _int_option("seed", seed, 0)
    n_threads = (os.cpu_count() or 1) if threads is None else _int_option("threads", threads, 1)
    limit = (
        _core.EQUITY_MAX_OUTCOMES if max_outcomes is None else _int_option("max_outcomes", max_outcomes, 1)
    )
    if progress is not None and not callable(progress):
        raise TypeError("progress must be a callable progress(done, total) or None")
    low_id = _RANKING_ID[(low_ranking or Ranking.DEUCE_TO_SEVEN).value]
    counts, outcomes, exact = _core.equity(
        _GAME_ID[g.value],
        [[int(c) for c in h] for h in parsed],
        [int(c) for c in dead_cards],
        draw_list,
        low_id,
        joker,
        n_samples,
        used_seed or 0,
        n_threads,
        limit,
        progress,
    )
    units = float(outcomes * _core.EQUITY_SHARE_UNITS)
    players = tuple(
        PlayerEquity(
            cards=tuple(h),
            high_win=hw / outcomes,
            high_tie=ht / outcomes,
            low_win=lw / outcomes,
            low_tie=lt / outcomes,
            scoop=sc / outcomes,
            share=share / units,
        )
        for h, (hw, ht, lw, lt, sc, share) in zip(parsed, counts, strict=True)
    )
    return EquityResult(
        game=g, low=low_ranking, players=players, outcomes=outcomes, exact=exact, seed=used_seed
    )


# ---------------------------------------------------------------- command line

_COLUMNS = {
    "high": (("high_win", "high win"), ("high_tie", "high tie")),
    "low": (("low_win", "low win"), ("low_tie", "low tie")),
}


def add_equity_parser(subparsers: Any) -> None:
    """Add the ``equity`` sub-command to an argparse ``subparsers`` object."""
    parser = subparsers.add_parser(
        "equity",
        help="chances of high, low and scoop for stud and draw-lowball hands",
        description="Each hand's chances of winning the high and the low half, of scooping, and its "
        "expected share of the pot: exact by default, Monte Carlo with --samples.",
        epilog=f"games:\n{_game_lines()}\n\nexample:\n  splitpot equity --game seven-card-stud-8 "
        '"Ah 2c 3d 8s 8c" "Kd Kc 9s 9h 4c"',
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help="one player's known cards, e.g. 'As 2d 3c'")
    parser.add_argument("--game", "-g", required=True, metavar="GAME", help="the game (see below)")
    parser.add_argument("--dead", nargs="+", default=[], metavar="CARD", help="cards out of the deck")
    parser.add_argument(
        "--draws", nargs="+", type=int, default=None, metavar="N", help="cards each hand draws"
    )
    parser.add_argument("--samples", type=int, default=None, help="Monte Carlo deals (default: exact)")
    parser.add_argument("--seed", type=int, default=None, help="Monte Carlo seed (default: fresh)")
    parser.add_argument("--threads", type=int, default=None, help="cores to use (default: all)")
    parser.add_argument(
        "--low", default=None, help="seven-card-stud-high-low: deuce-to-seven, ace-to-six or ace-to-five"
    )
    parser.add_argument("--joker", action="store_true", help="lowball: add the joker as the bug")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run_equity)


def _game_lines() -> str:
    return "\n".join(f"  {g.value:<26} {' '.join((_DOCS.get(g) or '').split())}" for g in _GAMES)


_DOCS = {
    EquityGame.SEVEN_CARD_STUD: "high only (up to 7 cards a hand)",
    EquityGame.SEVEN_CARD_STUD_8: "high-low, eight-or-better low",
    EquityGame.SEVEN_CARD_STUD_HIGH_LOW: "classic high-low, --low deuce-to-seven (default), "
    "ace-to-six or ace-to-five",
    EquityGame.LOWBALL: "ace-to-five draw: cards kept, --draws N each (default 5 - kept)",
    EquityGame.DEUCE_TO_SEVEN: "deuce-to-seven draw: cards kept, --draws N each",
}


class _Bar:
    """A progress bar on stderr, drawn once a run has lasted half a second (terminals only)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not sys.stderr.isatty() or time.perf_counter() - self.start < 0.5:
            return
        width = 30
        filled = width * done // max(total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {100 * done // max(total, 1):3d}%")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 40 + "\r")
            sys.stderr.flush()


def run_equity(args: argparse.Namespace) -> int:
    """Run ``splitpot equity``; return the exit status.

    >>> from splitpot.cli import main
    >>> main(["equity", "--game", "lowball", "Ah 2c 3d 4s", "7c 6d 5h 3c 2d"])
    lowball, exact: 43 outcomes
    hand              low win  low tie    scoop    share
    Ah 2c 3d 4s        20.93%    0.00%   20.93%   20.93%
    7c 6d 5h 3c 2d     79.07%    0.00%   79.07%   79.07%
    0
    """
    bar = _Bar()
    started = time.perf_counter()
    try:
        result = equity(
            args.game,
            args.hands,
            dead=" ".join(args.dead),
            draws=args.draws,
            samples=args.samples,
            seed=args.seed,
            threads=args.threads,
            progress=bar,
            low=args.low,
            joker=args.joker,
        )
    except SplitpotError as error:
        print(f"splitpot equity: error: {error}", file=sys.stderr)
        return 2
    finally:
        bar.close()
    seconds = time.perf_counter() - started
    sides = (["high"] if result.game.is_stud else []) + (["low"] if result.low is not None else [])
    if args.json:
        doc = {
            "game": result.game.value,
            "low": result.low.value if result.low else None,
            "exact": result.exact,
            "outcomes": result.outcomes,
            "seed": result.seed,
            "seconds": round(seconds, 6),
            "players": [
                {"cards": [str(c) for c in p.cards]}
                | {f: getattr(p, f) for f in ("high_win", "high_tie", "low_win", "low_tie", "scoop", "share")}
                for p in result
            ],
        }
        print(json.dumps(doc, indent=1))
        return 0
    how = "exact" if result.exact else f"Monte Carlo, seed {result.seed}"
    classic = result.game is EquityGame.SEVEN_CARD_STUD_HIGH_LOW
    low = f" (low: {result.low.value})" if classic and result.low else ""
    print(f"{result.game.value}{low}, {how}: {result.outcomes:,} outcomes")
    columns = [c for s in sides for c in _COLUMNS[s]] + [("scoop", "scoop"), ("share", "share")]
    texts = [" ".join(str(c) for c in p.cards) or "(none)" for p in result]
    width = max(16, *(len(t) for t in texts))
    print(f"{'hand':<{width}} " + " ".join(f"{title:>8}" for _, title in columns))
    for text, p in zip(texts, result, strict=True):
        print(f"{text:<{width}} " + " ".join(f"{100 * getattr(p, f):7.2f}%" for f, _ in columns))
    return 0
