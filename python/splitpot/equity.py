"""Equity of stud and draw hands: the chances of high, low and scoop, exactly or by Monte Carlo.

This module is callable: ``splitpot.equity(game, hands, ...)`` calls :func:`equity`
(below, under FUNCTIONS in ``help()``); it pickles by name, so a process pool can run it.

Each player gives the cards he is known to hold, or a range (see
:mod:`splitpot.ranges`: hidden cards narrowed by a condition, or weighted
hands); the rest of his hand comes from the deck left once every known and
every ``dead`` card (a folded upcard, say) is out. Without ``samples``,
``stderr`` or ``seconds`` the answer is exact: heads-up spots are *counted*
(each player's completions scored once, the pairs that share no card counted
by inclusion-exclusion), others enumerated. With them, Monte Carlo deals are
drawn from ``seed`` and each figure carries its standard error. The work runs
in the C++ core with the GIL released, across ``threads`` cores; Ctrl-C stops
it within a few milliseconds and raises :class:`~splitpot.errors.EquityInterrupted`
(a ``KeyboardInterrupt`` whose ``result`` is the Monte Carlo samples drawn, or None
for an exact run).

>>> r = equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"])
>>> r.exact, r.method, r.outcomes
(True, 'count', 671580)
>>> print(f"{r[0].share:.4f} {r[1].share:.4f} scoop {r[0].scoop:.4f}")
0.4564 0.5436 scoop 0.2008
>>> r = equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"])  # third street, exact
>>> r.outcomes, round(r[0].share, 4)
(18265297050, 0.4844)
>>> r = equity("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"], joker=None)  # nine outs: any 5, 6 or 7
>>> r.outcomes, r[0].low_win == 9 / 43, r[0].high_win
(43, True, 0.0)
>>> r = equity("seven-card-stud", ["As Ks Qs", "Kd + 2 down: pair"], samples=200_000, seed=1)
>>> round(r[0].share, 2), r[0].stderr is not None and r[0].stderr.share < 0.002
(0.5, True)

>>> r = equity("mexican-stud", ["5c Ad Kd 9h", "9c Qs Qh 2d"], low="ace-to-six")  # high-low
>>> r.low.value, r.outcomes, round(r[0].high_win, 4), round(r[0].low_win, 4), round(r[0].share, 4)
('ace-to-six', 1892, 0.1712, 0.9397, 0.5555)

Sides of the pot. The high-low games (``seven-card-stud-8``,
``seven-card-stud-high-low``, and ``five-card-stud`` and ``mexican-stud``
given ``low=``) split it in a high and a low half: ``high_*`` and ``low_*``
describe each half. The high games (``seven-card-stud``, ``five-card-stud``,
``mexican-stud``, ``jackpots``) have only a high side (``low_*`` are 0);
``lowball`` and ``deuce-to-seven`` draw only a low side (``high_*`` are 0). A
half is split equally between tied hands (no odd chips: ``share`` is the exact
expected fraction); in stud 8 with no qualifying low the high hand takes all;
the classic lows always exist. ``scoop`` is the chance of taking the whole pot
alone. Penalty cards (``penalty=``, ``penalty_rule=``; the rules §2): a dead
hand wins nothing; when every hand is dead the pot is split equally, counted
as a tie of the game's first side (the high side, or the low in the low-only
games).

Readings: in ``mexican-stud`` each hand's first card is its hole card (its
rank wild for that player alone, the rules §5.9); the cards to come are dealt
up, so the hole card stays the hole card; a hand given as a range hides its
hole card (its one hidden card; its known cards are upcards), and a hand
given no card at all gets one at random. Its high-low option (``low=``: deuce-to-seven, ace-to-six or
ace-to-five, as the game takes it; no default, none means high only) plays each
player's own wild cards in his low too, as ``wild_low`` says (a zero below the
ace by default, the rules §2). The high-low games are read as cards speak
(each half to the best hand that way) unless ``declare`` gives each player's
declaration (``high``, ``low`` or ``both``; the rules §4): each outcome's pot
is then split as the game engine splits a declared pot, and
``seven-card-stud-declare`` (computed as ``seven-card-stud-high-low``)
requires it, its pot going as the players declare.

>>> r = equity("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"], declare=["both", "high"])
>>> r.declare, r.method, round(r[0].share, 4), round(r[0].scoop, 4)
(('both', 'high'), 'count', 0.0812, 0.0812)

With declarations ``high_win`` (``low_win``) is taking that half alone as
declared, or the whole pot by that side when nobody wins the other;
``*_tie`` sharing it; ``scoop`` taking the whole pot alone (a ``both``
declarer who won both sides, or the one winner of the only side won); when
nobody wins as declared the pot is split equally, counted as a high tie of
every player.
``lowball`` deals the joker as the bug by default (the rules §5.5;
``joker=None`` takes it out).
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import math
import secrets
import sys
import textwrap
import time
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum, unique
from typing import TYPE_CHECKING, Any, SupportsIndex, Unpack, overload

import numpy as np

from splitpot._native import _core  # the compiled core; its absence explained there
from splitpot.cards import Card, CardLike, parse_cards
from splitpot.errors import (
    ArgumentTypeError,
    CardError,
    CardTypeError,
    EquityInterrupted,
    EquityStopped,
    RuleError,
    SplitpotError,
)
from splitpot.evaluate import Ranking
from splitpot.ranges import Range, is_range_text, parse_range
from splitpot.validate import (
    _NoOtherKeyword,
    as_bool,
    as_choice,
    as_float,
    as_int,
    as_threads,
    describe,
    folded,
    low_qualifier,
)
from splitpot.wild import (
    JokerRule,
    PenaltyRule,
    WildLow,
    check_wild_penalty,
    mask_text,
    penalty_mask,
    wild_mask,
)

__all__ = [
    "EQUITY_TARGET_CAP",
    "EquityCounts",
    "EquityGame",
    "EquityInterrupted",
    "EquityMethod",
    "EquityResult",
    "EquityRun",
    "EquityStop",
    "EquityStopped",
    "Figures",
    "PlayerEquity",
    "StandardErrors",
    "equity",
    "prepare_equity",
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
    """Ace-to-five draw, one draw, low only; the joker (the bug) in the deck by default."""
    DEUCE_TO_SEVEN = "deuce-to-seven"
    """Deuce-to-seven draw, one draw, low only: the ``low_*`` fields."""
    JACKPOTS = "jackpots"
    """Five-card draw, high only, one draw (``draws=``)."""
    FIVE_CARD_STUD = "five-card-stud"
    """Five-card stud (up to 5 cards a hand): high only, or high-low with ``low`` a classic low."""
    MEXICAN_STUD = "mexican-stud"
    """Five cards; each hand's first card is its hole card, wild for him with its rank; high only,
    or high-low with ``low`` a classic low."""

    @property
    def is_stud(self) -> bool:
        """True for the stud games (no draws)."""
        return self not in _DRAW_GAMES

    @property
    def hand_size(self) -> int:
        """Cards in a final hand: 7 in seven-card stud, 5 in the others."""
        return 7 if self.value.startswith("seven-card-stud") else 5

    @property
    def most_hands(self) -> int:
        """The most hands its deck deals: 8 in seven-card stud (the eighth with a seventh card
        shared by all, the rules §5.1), 10 in the five-card games (with the joker too)."""
        return (52 - 1) // 6 if self.hand_size == 7 else 52 // 5

    @property
    def high(self) -> bool:
        """True when the game has a high side."""
        return self not in (EquityGame.LOWBALL, EquityGame.DEUCE_TO_SEVEN)


_DRAW_GAMES = frozenset({"lowball", "deuce-to-seven", "jackpots"})


@unique
class EquityMethod(StrEnum):
    """How an exact answer is found."""

    AUTO = "auto"
    """Counting where it applies (two hands), else enumeration."""
    ENUMERATE = "enumerate"
    """Every outcome visited (the reference)."""
    COUNT = "count"
    """Heads-up counting: each completion scored once, disjoint pairs counted by inclusion-exclusion."""


@unique
class EquityStop(StrEnum):
    """Why a run ended."""

    COMPLETE = "complete"
    """It ran to the end (every outcome, or every sample asked for)."""
    TARGET = "target"
    """Monte Carlo: every share's standard error reached ``stderr``."""
    TIME = "time"
    """Monte Carlo: ``seconds`` were up."""
    STOPPED = "stopped"
    """The ``progress`` callback returned a false value (not None)."""
    SAMPLES = "samples"
    """Monte Carlo with a target (``stderr`` or ``seconds``): the samples ran out first, the
    ``samples`` asked for or else the default cap (``EQUITY_TARGET_CAP``, 1,000,000,000): the
    ``stderr`` target was not reached, or the time limit not used up."""
    INTERRUPTED = "interrupted"
    """Ctrl-C: the result :class:`~splitpot.errors.EquityInterrupted` carries (Monte Carlo
    keeps the samples drawn); :func:`equity` never returns it."""


_GAMES = tuple(EquityGame)
_GAME_ID = {g.value: i for i, g in enumerate(_GAMES)}
_RANKING_ID = {r.value: i for i, r in enumerate(Ranking)}
_METHOD_ID = {EquityMethod.AUTO: 0, EquityMethod.ENUMERATE: 1, EquityMethod.COUNT: 2}
_METHOD_NAME = {1: "enumerate", 2: "count"}
_STOPS = (
    EquityStop.COMPLETE,
    EquityStop.TARGET,
    EquityStop.TIME,
    EquityStop.STOPPED,
    EquityStop.SAMPLES,
    EquityStop.INTERRUPTED,
)
EQUITY_TARGET_CAP: int = _core.EQUITY_TARGET_CAP
"""The samples a ``stderr`` or ``seconds`` run draws at most without ``samples=`` (1,000,000,000)."""
_CLASSIC_LOWS = (Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX, Ranking.ACE_TO_FIVE)
_OPTIONAL_LOW = frozenset({EquityGame.FIVE_CARD_STUD, EquityGame.MEXICAN_STUD})
"""Games high only by default, high-low with ``low=`` (the engine's option of the same name)."""
_FIXED_LOW = {
    EquityGame.SEVEN_CARD_STUD_8: Ranking.EIGHT_OR_BETTER,
    EquityGame.LOWBALL: Ranking.ACE_TO_FIVE,
    EquityGame.DEUCE_TO_SEVEN: Ranking.DEUCE_TO_SEVEN,
}
_DEFAULT_JOKER = {EquityGame.LOWBALL: JokerRule.BUG}
_FIELDS = ("high_win", "high_tie", "low_win", "low_tie", "scoop", "share")

Progress = Callable[[int, int], object]
"""``progress(done, total)``: work done so far and in all (outcomes, samples or
counting steps), from the calling thread at each sixteenth of the work, every
quarter second in between once more is done (``done`` > 0 in every call), and at
the end (a Monte Carlo run's however it ended: its samples, a target, the time; not
after the callback stopped it or raised, nor after Ctrl-C); returning a false value
(``False``, ``0``, ``np.False_``; not ``None``, which a callback returning nothing
gives) stops the run (Monte Carlo keeps what it has). It is
also how to stop a run in a thread other than the main one, which Ctrl-C does not reach."""

HandSpec = str | Iterable[CardLike] | Range

_PlayerCounts = tuple[int, int, int, int, int, int, int]
EquityCounts = tuple[list[_PlayerCounts], int, bool, int, int, int]
"""What the C++ core returns for a run or a part of it: per player (high_win, high_tie,
low_win, low_tie, scoop, share units, share units squared), then outcomes, exact, the
method's id, the stop's id (0 complete, 1 target, 2 time, 3 stopped, 4 samples, 5 interrupted;
interrupted was 4 before the ``samples`` stop) and the rejected deals; every count an exact
integer."""


_CoreSpot = tuple[
    int,
    list[list[int]],
    list["tuple[int, np.ndarray, np.ndarray] | None"],
    list[int],
    list[int],
    int,
    tuple[bool, int, int, int, bool, int, int, int],
]


def _sum_rows(rows: Iterable[_PlayerCounts]) -> _PlayerCounts:
    hw, ht, lw, lt, sc, sh, sq = (sum(column) for column in zip(*rows, strict=True))
    return hw, ht, lw, lt, sc, sh, sq


"""One player: cards (``"Ah 2c 3d"``), a range's text (``"Kd + 2 down: pair"``) or a :class:`Range`."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Figures:
    """The figures of one player's equity (probabilities, or their standard errors)."""

    high_win: float
    high_tie: float
    low_win: float
    low_tie: float
    scoop: float
    share: float


@dataclass(frozen=True, slots=True, kw_only=True)
class StandardErrors(Figures):
    """Standard errors of a Monte Carlo :class:`PlayerEquity`'s figures (same names)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEquity(Figures):
    """One player's equity: probabilities over the outcomes (fractions in 0..1).

    ``high_win`` / ``low_win``: best hand of that side alone; ``high_tie`` /
    ``low_tie``: best, tied with others; ``scoop``: the whole pot alone;
    ``share``: the expected fraction of the pot. Single-side games fill only
    their side (see the module docstring). ``stderr``: the standard errors of
    a Monte Carlo estimate (None when exact), each from the samples' own spread:
    an event no sample saw (a rare tie) reads 0 with a standard error of 0, which
    says only that it is rarer than about one in the sample count. A run of one
    sample has no spread to measure: its standard errors are all NaN.
    """

    cards: tuple[Card, ...]
    """The player's known cards."""
    stderr: StandardErrors | None = None
    range: Range | None = None
    """The player's range, when one was given."""

    def __post_init__(self) -> None:
        for name in _FIELDS:
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise RuleError(f"{name} must be a probability in 0..1, got {value!r}")


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
    """The ranking of the low side (None for the high games)."""
    players: tuple[PlayerEquity, ...]
    """Per hand, in the order given."""
    outcomes: int
    """Outcomes counted (weighted by the range weights) when exact, else the samples drawn."""
    exact: bool
    """True for an exact answer, False for Monte Carlo."""
    seed: int | None
    """The Monte Carlo seed (drawn at random when none was given); None when exact."""
    method: str | None = None
    """``"count"`` or ``"enumerate"`` for an exact answer; None for Monte Carlo."""
    stop: EquityStop = EquityStop.COMPLETE
    """Why the run ended."""
    rejected: int = 0
    """Monte Carlo with ranges: deals drawn again because two players' hidden cards collided."""
    declare: tuple[str, ...] = ()
    """Each hand's declaration (``high``, ``low``, ``both``); empty: cards speak."""
    tie_keeps_half: bool = False
    """With declarations: a swing who wins one side alone and ties the other keeps his half."""
    variant: str | None = None
    """The registry's game asked for where it is a variant computed as :attr:`game`
    (``five-card-stud-last-down``, ``california-lowball``, ...); None when :attr:`game` itself was.

    >>> r = equity("five-card-stud-last-down", ["Ah Kd 3c 4d", "Qs Qd 2h 5c"])
    >>> r.game.value, r.variant
    ('five-card-stud', 'five-card-stud-last-down')
    >>> str(r).splitlines()[0]
    'five-card-stud-last-down, computed as five-card-stud, exact (count): 1,892 outcomes'
    """
    rules: tuple[tuple[str, str], ...] = ()
    """The options that change how the hands rank, as ``(option, value)`` in words: ``joker``
    whenever the deck holds one, the others (``wild``, ``wild_low``, ``duplicate``, ``penalty``,
    ``penalty_rule``, ``positional``, stud 8's ``qualifier``) where they differ from the default.

    >>> equity("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"]).rules
    (('joker', 'bug'),)
    >>> equity("seven-card-stud", ["2c Ad 7c 7d 9s", "Kc Kd 3s 3c 4c"], wild=["2", "Ks"]).rules
    (('wild', '2 Ks'),)
    """

    def __str__(self) -> str:
        """The table ``splitpot equity`` prints.

        >>> print(equity("seven-card-stud-8", ["As 2d 3c 4h 9s 9d", "Kd Kh Ks 2c 7d 8h"]))
        seven-card-stud-8, exact (count): 1,560 outcomes
        hand              high win high tie  low win  low tie    scoop    share
        As 2d 3c 4h 9s 9d    7.69%    0.00%   35.00%    0.00%    7.69%   21.35%
        Kd Kh Ks 2c 7d 8h   92.31%    0.00%    0.00%    0.00%   65.00%   78.65%
        (win: the high or low half alone; tie: shared; scoop: the whole pot alone; share: the part of the
        pot expected, which sums to 100%)
        """
        return _table(self)

    @property
    def partial(self) -> bool:
        """True when a Monte Carlo run stopped before its sample count (interrupted, stopped or timed;
        not ``samples``, which drew them all)."""
        return self.stop in (EquityStop.STOPPED, EquityStop.INTERRUPTED, EquityStop.TIME)

    @property
    def stderr(self) -> float | None:
        """The largest standard error of a player's share (None when exact; NaN for one sample)."""
        errors = [p.stderr.share for p in self.players if p.stderr is not None]
        if any(math.isnan(e) for e in errors):
            return math.nan
        return max(errors) if errors else None

    def __len__(self) -> int:
        return len(self.players)

    @overload
    def __getitem__(self, index: SupportsIndex) -> PlayerEquity: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[PlayerEquity, ...]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> PlayerEquity | tuple[PlayerEquity, ...]:
        """A player's figures (``result[0]``), or a tuple of them for a slice (``result[1:]``)."""
        return self.players[index]

    def __iter__(self) -> Iterator[PlayerEquity]:
        return iter(self.players)


# ---------------------------------------------------------------- arguments


_VARIANTS = {
    "five-card-stud-last-down": EquityGame.FIVE_CARD_STUD,
    "five-card-stud-five-bets": EquityGame.FIVE_CARD_STUD,
    "california-lowball": EquityGame.LOWBALL,
    "seven-card-stud-declare": EquityGame.SEVEN_CARD_STUD_HIGH_LOW,
}
"""The registry's games whose showdown is an :class:`EquityGame`'s: the same deck, hands and
ranking, the pot to the same hand (the rules reference (docs/rules.md), §5.6, §5.8). The
five-card stud variants differ only in a card dealt down or a betting round (except that
positional wild cards read the last-down variant's two down cards, its first and fifth:
:data:`_LAST_CARD_DOWN`); California
lowball in its blinds and betting, and its sevens rule turns on a player's check after the
draw, a choice as a declaration is, so it is read as the hands shown down (lowball's).
``seven-card-stud-declare`` shows down as the classic high-low game, its pot going as the
players declare: it takes ``declare=`` and requires it (cards speak would be another game)."""

_LAST_CARD_DOWN = frozenset({"five-card-stud-last-down"})
"""Variants of five-card stud that deal the fifth card face down too: the core is told
(``last_card_down``), so that a positional rule reads the first and fifth cards as the down
cards (``hole_card`` the fifth, ``lowest_hole_card`` the lower), as the game engine does."""

_DECLARE_GAMES = frozenset({"seven-card-stud-declare"})
"""Games whose pot goes as the players declare: equity requires ``declare=`` for them."""

_DECLARATIONS = ("high", "low", "both")
"""The declarations, in the C++ core's order (its ids 0, 1, 2)."""

_NOT_MODELLED = {
    "jacks-back": "its showdown is high (jackpots) if someone opens and ace-to-five low "
    "(lowball, joker=None) if nobody does, which the betting decides",
    "aces-deuces": "it plays two-card hands with paid draws, taken in turn until each stands",
}


def _game(game: object) -> EquityGame:
    if isinstance(game, str) and game in _GAME_ID:
        return _GAMES[_GAME_ID[game]]
    if isinstance(game, str) and game in _VARIANTS:
        return _VARIANTS[game]
    known = ", ".join([g.value for g in _GAMES] + list(_VARIANTS))
    if not isinstance(game, str):
        raise ArgumentTypeError(f"game must be a game's name (a str), got {describe(game)}; one of {known}")
    if game in _NOT_MODELLED:
        raise RuleError(f"equity does not model {game}: {_NOT_MODELLED[game]}; it takes {known}")
    raise RuleError(f"unknown game {game!r} for equity; expected one of {known}")


def _low(game: EquityGame, low: object) -> Ranking | None:
    if game is EquityGame.SEVEN_CARD_STUD_HIGH_LOW or game in _OPTIONAL_LOW:
        if low is None:
            return Ranking.DEUCE_TO_SEVEN if game is EquityGame.SEVEN_CARD_STUD_HIGH_LOW else None
        if not isinstance(low, str | Ranking):
            raise ArgumentTypeError(
                f"the low of {game.value} is one of {', '.join(r.value for r in _CLASSIC_LOWS)} (a str), "
                f"got {describe(low)}"
            )
        if low not in _CLASSIC_LOWS and folded(low) not in _CLASSIC_LOWS:
            raise RuleError(
                f"the low of {game.value} is one of "
                f"{', '.join(r.value for r in _CLASSIC_LOWS)}; got {low!r}"
            )
        return Ranking(folded(low))
    if low is not None:
        raise RuleError(
            "low= is an option of seven-card-stud-high-low, five-card-stud and mexican-stud, "
            f"not of {game.value}"
        )
    return _FIXED_LOW.get(game)


def _qualifier(game: object, g: EquityGame, qualifier: object) -> int:
    """The low qualifier (8 by default), read as the game engine reads it; another
    than 8 only in seven-card-stud-8, the one game here with a qualified low.

    >>> _qualifier("seven-card-stud-8", EquityGame.SEVEN_CARD_STUD_8, "T")
    10
    >>> _qualifier("lowball", EquityGame.LOWBALL, 9)
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: qualifier= applies to seven-card-stud-8 (its low must qualify), not to lowball
    """
    q = low_qualifier(qualifier, error=RuleError)  # (the engine's reading: a rank or its number, 5..13)
    if q != 8 and g is not EquityGame.SEVEN_CARD_STUD_8:
        raise RuleError(f"qualifier= applies to seven-card-stud-8 (its low must qualify), not to {game}")
    return q


def _joker(game: EquityGame, joker: object) -> JokerRule | None:
    """The joker's rule, or None for a deck without it; True/False are "bug"/None."""
    if joker is _DEFAULT:
        return _DEFAULT_JOKER.get(game)
    if joker is None or joker is False or (isinstance(joker, str) and joker.lower() == "none"):
        return None
    if joker is True:
        return JokerRule.BUG
    return as_choice(joker, JokerRule, "joker")


def _part_of(part: object, parts: object) -> tuple[int, int]:
    """``(part, parts)`` checked: parts >= 1, part in 0..parts - 1.

    >>> _part_of(2, 3)
    (2, 3)
    >>> _part_of(3, 3)
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: part must be in 0..2 (parts=3), got 3.
    """
    n = as_int(parts, "parts", low=1, high=(1 << 64) - 1)
    k = as_int(part, "part")
    if not 0 <= k < n:
        raise RuleError(f"part must be in 0..{n - 1} (parts={n}), got {k}.")
    return k, n


def _max_outcomes(value: object) -> int:
    """An int, or an integral float as the docs write it (2e9)."""
    if isinstance(value, float) and not isinstance(value, bool):
        if not (math.isfinite(value) and value.is_integer()):
            raise RuleError(f"max_outcomes must be a whole number of outcomes, got {value!r}")
        value = int(value)
    return as_int(value, "max_outcomes", low=1, high=(1 << 64) - 1)


def _declarations(
    game: object, g: EquityGame, low: Ranking | None, declare: object, tie_keeps_half: object, n: int
) -> tuple[str, ...]:
    """The declarations as names (empty: cards speak), checked against the game and the hands."""
    keeps = as_bool(tie_keeps_half, "tie_keeps_half")
    if declare is None:
        if isinstance(game, str) and game in _DECLARE_GAMES:
            raise RuleError(
                f"{game} is won as the players declare: pass declare= with one declaration per hand "
                "(high, low or both; seven-card-stud-high-low gives the chances as cards speak)"
            )
        if keeps:
            raise RuleError("tie_keeps_half applies with declarations only (declare=)")
        return ()
    if isinstance(declare, str | bytes) or not isinstance(declare, Iterable):
        raise ArgumentTypeError(
            "declare must be a sequence of declarations, one per hand (high, low or both), "
            f"e.g. ['high', 'low'], got {describe(declare)}"
        )
    names = []
    for i, d in enumerate(declare):
        if not isinstance(d, str):
            raise ArgumentTypeError(
                f"declare[{i}] must be high, low or both (a Declaration or its name), "
                f"got {describe(d)}"
            )
        if d.lower() not in _DECLARATIONS:
            raise RuleError(f"declare[{i}] must be high, low or both, got {d!r}")
        names.append(d.lower())
    if g.high is False or low is None:
        raise RuleError(
            "declare= applies to the high-low games (seven-card-stud-8, seven-card-stud-high-low, "
            f"seven-card-stud-declare, and five-card-stud and mexican-stud given low=), not to {g.value}"
            + (" played high only" if g in _OPTIONAL_LOW else "")
        )
    if len(names) != n:
        raise RuleError(f"declare needs one declaration per hand: {n} hands, {len(names)} declarations")
    return tuple(names)


def _any_five(game: EquityGame, r: Range, draw: int | None) -> bool:
    """Whether a draw player's range is any five unknown cards: no card named, no
    condition or members, and the draw asked of him (if any) the one it says.

    >>> _any_five(EquityGame.LOWBALL, parse_range("kept 3"), None)
    True
    >>> _any_five(EquityGame.LOWBALL, parse_range("pat: 8-low"), None)
    False
    """
    plain = r.condition is None and not r.members and not r.known
    return not game.is_stud and plain and (draw is None or draw == 5 - r.hidden)


def _hand(spec: object, index: int) -> tuple[list[Card], Range | None]:
    """Hand ``index`` (counted from 0, as ``hands[index]``): its known cards and its range (if any);
    an error names the hand."""
    if isinstance(spec, Range):
        return list(spec.known), spec
    if isinstance(spec, str) and is_range_text(spec):
        try:
            r = parse_range(spec)
        except SplitpotError as err:
            raise type(err)(f"hands[{index}]: {err}") from None
        return list(r.known), r
    if isinstance(spec, bytes) or not isinstance(spec, str | Iterable) or isinstance(spec, Mapping):
        raise CardTypeError(
            f"hands[{index}] must be cards, a range's text or a Range, got {describe(spec)}"
        )
    try:
        return parse_cards(spec), None
    except (CardTypeError, CardError) as err:  # an unknown card, a duplicate, a 2-D array: name the hand
        raise type(err)(f"hands[{index}]: {err}") from None


_KEYWORDS = frozenset({
    "dead", "draws", "samples", "stderr", "seconds", "seed", "threads", "low", "wild", "joker",
    "wild_low", "duplicate", "penalty", "penalty_rule", "positional", "max_outcomes", "method",
    "declare", "tie_keeps_half", "qualifier",
})
_DECLARING = frozenset({"both"})


def _refuse_unknown(options: Mapping[str, object], what: str, known: frozenset[str] = _KEYWORDS) -> None:
    """Refuse keywords equity does not take: the declaration options (RuleError, with the reason),
    others as Python would (ArgumentTypeError, a TypeError), listing the keywords it takes."""
    declared = sorted(set(options) & _DECLARING)
    if declared:
        raise RuleError(
            "equity takes each player's declaration in declare= (high, low or both); both= is a "
            f"game's option (whether both may be declared): leave out {', '.join(declared)}"
        )
    if options:
        names = ", ".join(repr(k) for k in sorted(options))
        close = difflib.get_close_matches(sorted(options)[0], sorted(known), n=1)
        hint = f" (did you mean {close[0]}=?)" if close else ""
        raise ArgumentTypeError(
            f"{what}() got an unexpected keyword {names}{hint}; it takes {', '.join(sorted(known))}"
        )


# The values of splitpot.engine.PositionalWild, in the order of the core's ids 1..5 (not
# imported: that would load the game engine; tests/test_equity_positional.py checks they agree).
_POSITIONAL = ("hole_card", "lowest_hole_card", "first_card", "third_card", "lowest_card")


def _positional(value: object) -> int:
    """The core's id of a positional wild-card rule (0: none)."""
    if value is None:
        return 0
    if not isinstance(value, str):
        raise ArgumentTypeError(
            f"positional must be one of {', '.join(map(repr, _POSITIONAL))} or None, got {describe(value)}"
        )
    key = value.strip().lower().replace("-", "_")
    if key not in _POSITIONAL:
        raise RuleError(f"positional must be one of {', '.join(map(repr, _POSITIONAL))}; got {value!r}")
    return _POSITIONAL.index(key) + 1


class _Default:
    def __repr__(self) -> str:
        return "<the game's default>"


_DEFAULT: Any = _Default()


def _penalty_rule(rule: object, penalty_cards: int) -> PenaltyRule:
    """How penalty cards play (default ``dead-hand``); refused where none are named,
    as ``get_game`` and ``--penalty-rule`` refuse it.

    >>> _penalty_rule("void-card", 0)
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: penalty_rule='void-card' says how penalty cards play, and none are named: ...
    """
    if rule is None:
        return PenaltyRule.DEAD_HAND
    chosen = as_choice(rule, PenaltyRule, "penalty_rule")
    if not penalty_cards:
        raise RuleError(f"penalty_rule={rule!r} says how penalty cards play, and none are named: "
                        "add penalty= (a rank or cards) or leave it out.")
    return chosen


def equity(
    game: EquityGame | str,
    hands: Sequence[HandSpec],
    *,
    dead: str | Iterable[CardLike] = (),
    draws: Sequence[SupportsIndex] | None = None,
    samples: SupportsIndex | None = None,
    stderr: float | None = None,
    seconds: float | None = None,
    seed: SupportsIndex | None = None,
    threads: SupportsIndex | None = None,
    progress: Progress | None = None,
    low: Ranking | str | None = None,
    wild: str | Iterable[str | int | Card] | None = None,
    joker: JokerRule | str | bool | None = _DEFAULT,
    wild_low: WildLow | str = WildLow.ZERO,
    duplicate: bool = False,
    penalty: str | Iterable[str | int | Card] | None = None,
    penalty_rule: PenaltyRule | str | None = None,
    positional: str | None = None,
    max_outcomes: int | float | None = None,
    method: EquityMethod | str = EquityMethod.AUTO,
    declare: Sequence[str] | None = None,
    tie_keeps_half: bool = False,
    qualifier: SupportsIndex | str = 8,
    **unknown: Unpack[_NoOtherKeyword],
) -> EquityResult:
    """Each hand's chances of high, low, scoop and its expected share of the pot.

    ``game``: an :class:`EquityGame` or its name, or a variant that shows
    down as one and is computed as it (``five-card-stud-last-down`` and
    ``five-card-stud-five-bets``: ``five-card-stud``, except that positional
    wild cards read ``five-card-stud-last-down``'s two down cards, the first
    and the fifth; ``california-lowball``: ``lowball``). ``hands``: per player, the
    known cards (stud: up to 7, five-card games up to 5; draw games: the cards
    kept), a range's text or a :class:`~splitpot.ranges.Range`. ``dead``:
    cards known to be out of the deck. ``draws`` (draw games only): how many
    cards each player draws; kept and drawn cards make five, so it defaults to
    five minus the cards kept.

    Exact by default. Monte Carlo with ``samples`` (at most 2**43), or until a
    target: ``stderr`` (every share's standard error at most this) or
    ``seconds`` (a time limit on the whole call, the ranges' setup included: where
    that alone takes longer, a moment's samples after it); with a target, ``samples``
    caps the run (default :data:`EQUITY_TARGET_CAP`, 1,000,000,000), and a run whose
    samples ran out before its target (the ``stderr`` not reached, or the time not used
    up) ends with ``stop`` = ``samples``. ``seed``: the same
    seed gives the same answer at any thread count (None: a random seed, reported
    in the result). An exact run draws nothing: a ``seed`` given to it is checked and
    ignored (its answer does not depend on one; the result reports None), so one call
    with ``seed=`` serves exact and Monte Carlo spots alike.
    ``threads``: cores to use, 1 to 1024 (None: all). ``progress(done,
    total)``: called from this thread at each sixteenth of the work,
    every quarter second in between and at the end; returning a false value but None stops it
    (Ctrl-C reaches the main thread only: stop a run in another thread so). A Monte Carlo
    run stopped so returns what it has, ``partial`` with its sample count; an exact run
    stopped so raises EquityStopped. Ctrl-C raises
    :class:`~splitpot.errors.EquityInterrupted` (a ``KeyboardInterrupt``), whose
    ``result`` is the Monte Carlo samples drawn (``partial``, ``stop`` = ``interrupted``),
    or None for an exact run; an exception the callback raises (a ``KeyboardInterrupt``
    subclass too) comes out as it is.

    ``low``: ``deuce-to-seven``, ``ace-to-six`` or ``ace-to-five``; in
    seven-card-stud-high-low the low (default deuce-to-seven), in
    five-card-stud and mexican-stud the high-low option (default None: high
    only); no other game takes it. Wild cards as for the evaluator:
    ``wild`` (ranks or cards, e.g. ``"2"`` = deuces wild), ``joker``
    (``"bug"`` or ``"wild"``: a 53-card deck; None or False: no joker;
    default: the bug in lowball, none elsewhere), ``wild_low`` (how a wild
    card counts in a low: ``zero``, the default, ``lowest-absent`` or
    ``best-rank``) and ``duplicate``; penalty cards ``penalty`` (same forms as
    ``wild``) with ``penalty_rule`` ``dead-hand`` (default: a hand holding one
    wins nothing) or ``void-card`` (not played; fewer than five playable
    cards is a dead hand). ``positional`` (the stud games but mexican-stud):
    each player's own wild card, named by its place in his deal, wild for him
    alone with every card of its rank (the rules §2): ``hole_card`` (his last
    card down), ``lowest_hole_card`` (his lowest down card, the ace high),
    ``first_card``, ``third_card`` or ``lowest_card`` (the lowest of all his
    cards, up and down, the ace high); each hand's cards are then read in the
    order dealt, or for a range its known cards as the upcards and its hidden
    cards as the down cards; where the named card is a hidden card or still to
    come, every order of those cards counts (``outcomes`` grows by that factor).
    ``max_outcomes``: the largest exact enumeration allowed
    (default 2e9; counting is not limited by it). ``method``: ``"auto"``,
    ``"count"`` or ``"enumerate"`` (the reference). ``declare`` (high-low
    games only): one declaration per hand, ``"high"``, ``"low"`` or
    ``"both"`` (or a :class:`~splitpot.engine.Declaration`); each outcome's
    pot then goes as declared (the rules §4), and ``tie_keeps_half`` lets a
    ``both`` declarer who wins one side alone and ties the other keep the
    half he won. Declared heads-up spots are counted as cards-speak ones are.
    ``qualifier`` (seven-card-stud-8 only, the one game here with a qualified
    low): the highest rank a qualifying low may hold, 5..13 or a rank (``9``,
    ``"T"``, ``"K"``; default 8), as ``get_game("seven-card-stud-8",
    qualifier=9)`` plays it: the low is then ace-to-five and qualifies unpaired
    with every card at most that rank, a wild card counted as a zero pairing
    with nothing.

    Raises CardError for bad cards (unknown, duplicated across hands and dead
    cards, too many for the game, more needed than the deck holds),
    RuleError for an unknown game, an option that does not fit it, an empty
    or malformed range or a spot too large, and ArgumentTypeError for a value
    of the wrong type.

    >>> r = equity("deuce-to-seven", ["7h 5h 4h 3h", "8c 6d 5d 4c 2s"], draws=[1, 0])
    >>> r.exact, r.outcomes, round(r[0].low_win, 4), r[0].high_win
    (True, 43, 0.0465, 0.0)
    >>> r = equity("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s"], samples=100_000, seed=1)
    >>> r.exact, r.outcomes, r.seed, abs(r[0].share - 0.484) < 4 * r[0].stderr.share
    (False, 100000, 1, True)
    >>> r = equity("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s"], stderr=0.005, seed=1)
    >>> r.stop.value, r.stderr <= 0.005
    ('target', True)
    >>> r = equity("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s"], stderr=1e-6, samples=10_000, seed=1)
    >>> r.stop.value, r.outcomes, r.stderr > 1e-6  # the samples ran out: the target not reached
    ('samples', 10000, True)
    >>> equity("seven-card-stud-8", ["As 2d 3c 4h 9s 9d", "Kd Kh Ks 2c 7d 8h"], seed=7).seed is None
    True
    >>> hands = ["9s 4h Kd 7c 7d 2c", "Qc 3s Qd 8h 5c 5h"]
    >>> r = equity("seven-card-stud", hands, positional="lowest_hole_card")
    >>> r.outcomes, round(r[0].share, 4)  # 4h, or a lower seventh card, names his wild rank
    (1560, 0.2359)
    >>> nines = ["As 2d 3c 9h Kd Kh", "Qs Qd 7c 7d 4s 4h"]  # a nine-low draw against two pair
    >>> [round(equity("seven-card-stud-8", nines, qualifier=q)[0].low_win, 4) for q in (8, 9)]
    [0.0, 0.4]
    >>> equity("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s", "Qs Qh 4d"])
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: exact enumeration would visit ... outcomes (the limit is 2,000,000,000); ...
    """
    _refuse_unknown(unknown, "equity", _KEYWORDS | {"progress"})
    called = time.monotonic()
    run = prepare_equity(
        game,
        hands,
        dead=dead,
        draws=draws,
        samples=samples,
        stderr=stderr,
        seconds=seconds,
        seed=seed,
        threads=threads,
        low=low,
        wild=wild,
        joker=joker,
        wild_low=wild_low,
        duplicate=duplicate,
        penalty=penalty,
        penalty_rule=penalty_rule,
        positional=positional,
        max_outcomes=max_outcomes,
        method=method,
        declare=declare,
        tie_keeps_half=tie_keeps_half,
        qualifier=qualifier,
    )
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(
            f"progress must be a callable progress(done, total) or None, got {describe(progress)}"
        )
    if run.seconds:  # the limit counts the setup (a range's hands listed) too: the core has the rest
        run = replace(run, seconds=max(run.seconds - (time.monotonic() - called), _LEAST_SECONDS))
    try:
        counts = run.counts(progress=progress)
    except KeyboardInterrupt as stop:
        if type(stop) is not KeyboardInterrupt:  # a subclass (EquityInterrupted too) is raised as it is
            raise
        raise EquityInterrupted(None) from stop  # Ctrl-C in an exact run: no partial answer
    result = run.result(counts)
    if result.stop is EquityStop.INTERRUPTED:  # Monte Carlo: the samples drawn go with the exception
        raise EquityInterrupted(result)
    return result


_LEAST_SECONDS = 1e-3
"""The least time limit the core takes: a setup that took the whole ``seconds`` still draws samples."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EquityRun:
    """A checked :func:`equity` request, ready for the C++ core: what
    :func:`prepare_equity` returns. :meth:`counts` runs it (or one part of it)
    and :meth:`result` turns counts into an :class:`EquityResult`; the parts of a
    run split with :meth:`plan` add up exactly to the whole (how
    :mod:`splitpot.dask` spreads a run over a cluster).

    >>> hands = ["As Ks Qs 3c 8d 9d", "Kd Kc 9s 4h 5h 6c", "2h 2d 7c Jd Jh 3s"]
    >>> run = prepare_equity("seven-card-stud", hands)
    >>> run.plan()
    ('enumerate', 34)
    >>> parts = [run.counts(part=k, parts=3) for k in range(3)]
    >>> run.result(run.combine(parts)) == run.result(run.counts())
    True
    """

    game: EquityGame
    low: Ranking | None
    hands: tuple[tuple[tuple[Card, ...], Range | None], ...]
    """Per player: the known cards and the range (None without one)."""
    core: _CoreSpot
    """The spot as ``_core.equity`` takes it (game, hands, ranges, dead, draws, low, wild options;
    its keywords: the declarations and :attr:`last_card_down`)."""
    samples: int
    stderr: float
    seconds: float
    seed: int | None
    threads: int
    max_outcomes: int
    method: EquityMethod
    declare: tuple[str, ...] = ()
    """One declaration per hand (``high``, ``low``, ``both``); empty: cards speak."""
    tie_keeps_half: bool = False
    qualifier: int = 8
    """Seven-card stud 8's low qualifier (passed to the core)."""
    last_card_down: bool = False
    """Five-card stud with the fifth card dealt face down (``five-card-stud-last-down``): the
    positional rules read the first and fifth cards as the down cards (passed to the core)."""
    rules: tuple[tuple[str, str], ...] = ()
    """The ranking options in words (:attr:`EquityResult.rules`)."""
    variant: str | None = None
    """The variant asked for (:attr:`EquityResult.variant`)."""

    @property
    def _keywords(self) -> dict[str, Any]:
        """The core's keyword arguments beside the spot: the declarations, last_card_down, the qualifier."""
        return {
            "declare": [_DECLARATIONS.index(d) for d in self.declare],
            "tie_keeps_half": self.tie_keeps_half,
            "last_card_down": self.last_card_down,
            "qualifier": self.qualifier,
        }

    @property
    def sampled(self) -> bool:
        """True for a Monte Carlo run."""
        return bool(self.samples or self.stderr or self.seconds)

    def plan(self) -> tuple[str, int]:
        """``(method, units)``: ``"count"``, ``"enumerate"`` or ``"sample"``, and the units
        that parts slice (outer completions, sample blocks; 1 for counting, done by part 0 alone)."""
        method_id, units = _core.equity_plan(
            *self.core,
            self.samples,
            self.max_outcomes,
            self.stderr,
            self.seconds,
            _METHOD_ID[self.method],
            **self._keywords,
        )
        return ("sample" if self.sampled else _METHOD_NAME[method_id]), units

    def counts(self, *, part: int = 0, parts: int = 1, progress: Progress | None = None) -> EquityCounts:
        """Run part ``part`` of ``parts`` (all of it by default) in the C++ core, the GIL released."""
        return _core.equity(
            *self.core,
            self.samples,
            self.seed or 0,
            self.threads,
            self.max_outcomes,
            self.stderr,
            self.seconds,
            _METHOD_ID[self.method],
            progress,
            *_part_of(part, parts),
            **self._keywords,
        )

    @staticmethod
    def combine(parts: Sequence[EquityCounts]) -> EquityCounts:
        """The counts of a whole run from its parts' (exact integer sums; the stop of the first part that
        stopped)."""
        if not parts:
            raise RuleError("combine needs the counts of at least one part")
        players = [_sum_rows(rows) for rows in zip(*(p[0] for p in parts), strict=True)]
        stops = [p[4] for p in parts if p[4] != 0]
        return (
            players,
            sum(p[1] for p in parts),
            parts[0][2],
            parts[0][3],
            stops[0] if stops else 0,
            sum(p[5] for p in parts),
        )

    def result(self, counts: EquityCounts) -> EquityResult:
        """The :class:`EquityResult` of a whole run's counts (raises as :func:`equity` does for a
        stopped exact run or one without an outcome)."""
        counts_, outcomes, exact, method_id, stop_id, rejected = counts
        parsed = self.hands
        g, low_ranking, used_seed = self.game, self.low, self.seed
        stop = _STOPS[stop_id]
        if exact and stop is not EquityStop.COMPLETE:
            raise EquityStopped(
                "the exact run was stopped before it finished (progress returned a false value)"
            )
        if outcomes == 0:
            if exact:
                raise RuleError(
                    "the ranges leave no possible deal: every way of dealing them gives two hands a card "
                    "in common"
                )
            if stop is EquityStop.INTERRUPTED:
                raise EquityInterrupted(None)
            raise EquityStopped("the run was stopped before a sample was drawn")
        units = float(outcomes * _core.EQUITY_SHARE_UNITS)
        players = []
        for (known, r), (hw, ht, lw, lt, sc, share, share_sq) in zip(parsed, counts_, strict=True):
            errors = None
            if not exact and outcomes == 1:  # one sample has no spread: no standard error to give
                errors = StandardErrors(**dict.fromkeys(_FIELDS, math.nan))
            elif not exact:
                n = outcomes
                denom = n - 1

                def se(k: int, n: int = n, denom: int = denom) -> float:
                    p = k / n
                    return math.sqrt(max(p * (1 - p), 0.0) * n / denom / n)

                mean = share / units
                var = max(share_sq / (units * _core.EQUITY_SHARE_UNITS) - mean * mean, 0.0) * n / denom
                errors = StandardErrors(
                    high_win=se(hw),
                    high_tie=se(ht),
                    low_win=se(lw),
                    low_tie=se(lt),
                    scoop=se(sc),
                    share=math.sqrt(var / n),
                )
            players.append(
                PlayerEquity(
                    cards=tuple(known),
                    high_win=hw / outcomes,
                    high_tie=ht / outcomes,
                    low_win=lw / outcomes,
                    low_tie=lt / outcomes,
                    scoop=sc / outcomes,
                    share=min(share / units, 1.0),
                    stderr=errors,
                    range=r,
                )
            )
        return EquityResult(
            game=g,
            low=low_ranking,
            players=tuple(players),
            outcomes=outcomes,
            exact=exact,
            seed=used_seed,
            method=_METHOD_NAME.get(method_id) if exact else None,
            stop=stop,
            rejected=rejected,
            declare=self.declare,
            tie_keeps_half=self.tie_keeps_half,
            rules=self.rules,
            variant=self.variant,
        )


def _rules(
    joker: JokerRule | None, options: tuple[Any, ...], qualifier: int = 8
) -> tuple[tuple[str, str], ...]:
    """:attr:`EquityResult.rules` from the core's wild-option tuple and the low qualifier."""
    _, _, wild, wild_low, duplicate, penalty, penalty_rule, positional = options
    pairs = [("joker", joker.value)] if joker is not None else []
    if qualifier != 8:
        pairs.append(("qualifier", str(qualifier)))
    if wild:
        pairs.append(("wild", mask_text(wild)))
    if wild_low:
        pairs.append(("wild_low", list(WildLow)[wild_low].value))
    if duplicate:
        pairs.append(("duplicate", "yes"))
    if penalty:
        pairs.append(("penalty", mask_text(penalty)))
        pairs.append(("penalty_rule", list(PenaltyRule)[penalty_rule].value))
    if positional:
        pairs.append(("positional", _POSITIONAL[positional - 1]))
    return tuple(pairs)


def prepare_equity(
    game: EquityGame | str,
    hands: Sequence[HandSpec],
    *,
    dead: str | Iterable[CardLike] = (),
    draws: Sequence[SupportsIndex] | None = None,
    samples: SupportsIndex | None = None,
    stderr: float | None = None,
    seconds: float | None = None,
    seed: SupportsIndex | None = None,
    threads: SupportsIndex | None = None,
    low: Ranking | str | None = None,
    wild: str | Iterable[str | int | Card] | None = None,
    joker: JokerRule | str | bool | None = _DEFAULT,
    wild_low: WildLow | str = WildLow.ZERO,
    duplicate: bool = False,
    penalty: str | Iterable[str | int | Card] | None = None,
    penalty_rule: PenaltyRule | str | None = None,
    positional: str | None = None,
    max_outcomes: int | float | None = None,
    method: EquityMethod | str = EquityMethod.AUTO,
    declare: Sequence[str] | None = None,
    tie_keeps_half: bool = False,
    qualifier: SupportsIndex | str = 8,
    **unknown: Unpack[_NoOtherKeyword],
) -> EquityRun:
    """Check the arguments of :func:`equity` (the same, without ``progress``) and return the run.

    Raises as :func:`equity` does for bad arguments; the spot itself (cards,
    sizes) is checked by :meth:`EquityRun.plan` and :meth:`EquityRun.counts`.

    >>> prepare_equity("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"], joker=None).plan()
    ('count', 1)
    """
    _refuse_unknown(unknown, "prepare_equity")
    if isinstance(game, str) and game not in _GAME_ID and game not in _VARIANTS:
        game = folded(game)  # "Seven_Card_Stud", as option values are read
    g = _game(game)
    low_ranking = _low(g, low)
    if isinstance(hands, str | bytes) or not isinstance(hands, Iterable):
        raise CardTypeError(
            "hands must be a sequence of hands, one per player, e.g. ['As 2d 3c', 'Kd Kc 9s']"
        )
    parsed = [_hand(h, i) for i, h in enumerate(hands)]
    if not 2 <= len(parsed) <= g.most_hands:
        raise RuleError(f"{g.value} takes 2 to {g.most_hands} hands (as many as its deck deals), "
                        f"got {len(parsed)}")
    declared = _declarations(game, g, low_ranking, declare, tie_keeps_half, len(parsed))
    low_qualifier = _qualifier(game, g, qualifier)
    for i, (_, hand_range) in enumerate(parsed):
        if g.is_stud and hand_range is not None and hand_range.drawn is not None:
            raise RuleError(
                f"hands[{i}]: {hand_range.text!r} is a draw player's range ('kept N', 'pat'), and "
                f"{g.value} has no draw: give his upcards and hidden down cards, e.g. 'Kd + 2 down: pair'"
            )
        if g is EquityGame.MEXICAN_STUD and hand_range is not None and hand_range.hidden > 1:
            raise RuleError(
                f"hands[{i}]: {hand_range.text!r} hides {hand_range.hidden} cards, and in mexican-stud a "
                "player holds one card down, his hole card (wild for him): a range hides that one, e.g. "
                "'Qs Qh 2d + 1 down'"
            )
    try:
        dead_cards = parse_cards(dead)
    except (CardTypeError, CardError) as err:
        raise type(err)(f"dead: {err}") from None
    joker_rule = _joker(g, joker)
    penalty_cards = penalty_mask(penalty)
    if penalty_cards >> 52:
        raise RuleError("the joker cannot be a penalty card (as in the games); name natural cards or ranks")
    check_wild_penalty(wild_mask(wild) | (1 << 52 if joker_rule is JokerRule.WILD else 0), penalty_cards,
                       error=RuleError)
    wild_options = (
        joker_rule is not None,
        0 if joker_rule in (None, JokerRule.BUG) else 1,
        wild_mask(wild),
        list(WildLow).index(as_choice(wild_low, WildLow, "wild_low")),
        as_bool(duplicate, "duplicate"),
        penalty_cards,
        list(PenaltyRule).index(_penalty_rule(penalty_rule, penalty_cards)),
        _positional(positional),
    )
    if draws is None:
        draw_list: list[int] = []
    else:
        if g.is_stud:
            raise RuleError(f"draws= applies to draw games only, not to {g.value}")
        if isinstance(draws, str | bytes) or not isinstance(draws, Iterable):
            raise ArgumentTypeError(f"draws must be a sequence of ints, one per hand, got {describe(draws)}")
        draw_list = [as_int(d, "each draw", low=0, high=5) for d in draws]
        if draw_list and len(draw_list) != len(parsed):
            raise RuleError(
                f"draws needs one number per hand: {len(parsed)} hands, {len(draw_list)} draws"
            )
    n_samples = 0 if samples is None else as_int(samples, "samples", low=1, high=_core.EQUITY_MAX_SAMPLES)
    target = 0.0 if stderr is None else as_float(stderr, "stderr", low=1e-9, high=1.0)
    limit_s = 0.0 if seconds is None else as_float(seconds, "seconds", low=_LEAST_SECONDS, high=1e7)
    if target and not stderr:
        raise RuleError("stderr must be positive")
    sampled = bool(n_samples or target or limit_s)
    if sampled:
        used_seed: int | None = (
            secrets.randbits(63) if seed is None else as_int(seed, "seed", low=0, high=(1 << 64) - 1)
        )
    else:
        if seed is not None:
            as_int(seed, "seed", low=0, high=(1 << 64) - 1)
        used_seed = None
    n_threads = as_threads(threads)
    limit = _core.EQUITY_MAX_OUTCOMES if max_outcomes is None else _max_outcomes(max_outcomes)
    how = as_choice(method, EquityMethod, "method")
    if sampled and how is not EquityMethod.AUTO:
        raise RuleError(
            f"method={how.value!r} chooses an exact method; Monte Carlo (samples, stderr, seconds) has one"
        )

    # Ranges: expanded against every card known to be elsewhere.
    deck_size = 53 if joker_rule is not None else 52
    ranges: list[tuple[int, np.ndarray, np.ndarray] | None] = []
    for i, (_, r) in enumerate(parsed):
        if r is None:
            ranges.append(None)
            continue
        if _any_five(g, r, draw_list[i] if draw_list else None):
            # A draw player's range with no card and no condition ("pat", "kept 3") is any five
            # cards: dealt as unknown cards, not drawn from its members, which collide (six such
            # ranges redrew most Monte Carlo deals; an exact run listed every member).
            ranges.append(None)
            if draw_list:
                draw_list[i] = 5
            continue
        elsewhere = [int(c) for c in dead_cards] + [
            int(c) for j, (k, _) in enumerate(parsed) if j != i for c in k
        ]
        try:
            cards_arr, weights = r.expand(elsewhere, deck_size=deck_size)
        except RuleError as err:
            raise RuleError(f"hands[{i}]: {err}") from None
        ranges.append((r.hidden, cards_arr, weights))
    return EquityRun(
        game=g,
        low=low_ranking,
        hands=tuple((tuple(known), r) for known, r in parsed),
        core=(
            _GAME_ID[g.value],
            [[int(c) for c in known] for known, _ in parsed],
            ranges,
            [int(c) for c in dead_cards],
            draw_list,
            _RANKING_ID[(low_ranking or Ranking.HIGH).value],
            wild_options,
        ),
        samples=n_samples,
        stderr=target,
        seconds=limit_s,
        seed=used_seed,
        threads=n_threads,
        max_outcomes=limit,
        method=how,
        declare=declared,
        tie_keeps_half=bool(declared) and as_bool(tie_keeps_half, "tie_keeps_half"),
        last_card_down=isinstance(game, str) and game in _LAST_CARD_DOWN,
        qualifier=low_qualifier,
        rules=_rules(joker_rule, wild_options, low_qualifier),
        variant=game if isinstance(game, str) and game in _VARIANTS else None,
    )


# ---------------------------------------------------------------- the result as text

_COLUMNS = {
    "high": (("high_win", "high win"), ("high_tie", "high tie")),
    "low": (("low_win", "low win"), ("low_tie", "low tie")),
}


_LABEL_WIDTH = 40  # a range longer than this is cut in the table (the JSON keeps it whole)


def _label(typed: str, width: int = _LABEL_WIDTH) -> str:
    """A range as typed, its spaces tidied and cut to ``width`` with an ellipsis.

    >>> _label("AK:25%,   QQ")
    'AK:25%, QQ'
    >>> _label("As Ad, Ks Kd, Qs Qd, Js Jd, Ts Td, 9s 9d, 8s 8d", 20)
    'As Ad, Ks Kd, Qs Qd…'
    """
    text = " ".join(typed.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _table(result: EquityResult, typed: Sequence[str] | None = None) -> str:
    """The result as ``splitpot equity`` prints it (see :func:`_print_result`); a variant
    is named, computed as the game it shows down as."""
    sides = (["high"] if result.game.high else []) + (["low"] if result.low is not None else [])
    texts = [
        (_label(typed[i]) if typed is not None else _label(str(p.range))) if p.range is not None
        else (" ".join(str(c) for c in p.cards) or "(none)")
        for i, p in enumerate(result)
    ]
    if result.exact:
        how = f"exact ({result.method})"
    else:
        stop = "samples ran out" if result.stop is EquityStop.SAMPLES else result.stop.value
        how = f"Monte Carlo, seed {result.seed}" + ("" if result.stop is EquityStop.COMPLETE else f", {stop}")
    named = result.game is EquityGame.SEVEN_CARD_STUD_HIGH_LOW or result.game in _OPTIONAL_LOW
    low = f" (low: {result.low.value})" if named and result.low else ""
    game = result.game.value
    if result.variant is not None:
        game = f"{result.variant}, computed as {game}"
    counted = f"{result.outcomes:,} {'outcome' if result.exact else 'sample'}" + "s" * (result.outcomes != 1)
    lines = [f"{game}{low}, {how}: {counted}"]
    if result.rules:
        said = ", ".join(f"{name.replace('_', ' ')} {str(value).replace('_', '-')}"  # as the flags say it
                         for name, value in result.rules)
        lines.append(f"rules: {said}")
    if result.declare:
        keeps = "; a tie keeps half" if result.tie_keeps_half else ""
        lines.append(f"declared: {', '.join(result.declare)}{keeps}")
    columns = [c for s in sides for c in _COLUMNS[s]] + [("scoop", "scoop"), ("share", "share")]
    width = max(16, *(len(t) for t in texts))
    extra = "" if result.exact else f" {'± se':>8}"
    lines.append(f"{'hand':<{width}} " + " ".join(f"{title:>8}" for _, title in columns) + extra)
    for text, p in zip(texts, result, strict=True):
        line = f"{text:<{width}} " + " ".join(f"{100 * getattr(p, f):7.2f}%" for f, _ in columns)
        if p.stderr is not None:  # one sample has none
            line += f" {100 * p.stderr.share:7.2f}%" if result.outcomes > 1 else f" {'n/a':>8}"
        lines.append(line)
    halves = "the high or low half" if len(sides) == 2 else f"the {sides[0]} hand"
    se = "; ± se: the share's standard error" + ", which one sample has not" * (result.outcomes == 1)
    legend = (f"(win: {halves} alone; tie: shared; scoop: the whole pot alone; share: the part of the "
              "pot expected, which sums to 100%" + (se if extra else "") + ")")
    lines.append(textwrap.fill(legend, width=100))
    return "\n".join(lines)


# ---------------------------------------------------------------- the callable module


class _EquityModule(types.ModuleType):
    """This module, callable: ``splitpot.equity(...)`` is :func:`equity`.

    ``splitpot.equity`` names both the function (the README's
    ``splitpot.equity(game, hands)``) and this module (``from splitpot.equity
    import EquityResult``). ``import splitpot.equity as e`` takes the package's
    attribute, so the package binds this module there, and the module calls the
    function (the data model's module ``__class__`` hook).
    """

    def __call__(self, *args: Any, **kwargs: Any) -> EquityResult:
        return equity(*args, **kwargs)

    @property
    def __signature__(self) -> inspect.Signature:
        """The signature of :func:`equity`, for ``inspect.signature`` and ``help``."""
        return inspect.signature(equity)

    @property
    def __wrapped__(self) -> Callable[..., EquityResult]:
        """:func:`equity`, the function called (``inspect.unwrap``)."""
        return equity

    def __reduce__(self) -> tuple[Callable[[str], types.ModuleType], tuple[str]]:
        """Pickled by name, unpickled as this module again: ``pool.submit(splitpot.equity, ...)``
        and ``functools.partial(splitpot.equity, ...)`` pickle (a module object does not)."""
        return importlib.import_module, (self.__name__,)


if not TYPE_CHECKING:
    sys.modules[__name__].__class__ = _EquityModule
