"""Five-card stud and its variants (the rules, §5.8) as specs.

``five-card-stud``: antes; one card down and one up, then three more up, a
betting round after each upcard.  On the first round the highest upcard must
bet (no check; ties by suit, spades highest); later rounds the best showing
hand acts first (ties to the seat nearest the dealer's left).  Small bets on
the first two rounds, big on the last two.  ``five-card-stud-last-down`` deals
the fifth card face down; ``five-card-stud-five-bets`` adds a betting round
after the hole card (dealer's left first, checking allowed) and then the
lowest upcard must bet.

Options: ``turn_up`` (before the last card each player in turn may turn up his
hole card and gets his fifth card face down), ``open_pair`` (the big bet is
allowed on the second upcard round once an open pair shows), ``low`` (a
high-low split with that low ranking, cards speak) with ``declare`` (in turn or
simultaneous, as in the classic declare game), ``both`` (whether ``both``
may be declared: by default yes when simultaneous, no in turn),
``tie_keeps_half``,
``uncapped_heads_up``, ``stakes``.

Readings:

- "Must bet" is a forced opening bet: the highest (lowest) upcard may neither
  check nor fold while nothing is bet, as the bring-in player may not fold; a
  player short of chips bets all in.  If he is all in already, the duty goes to
  the next highest (lowest) upcard among the players with chips (the rules, §3).
- "Highest upcard" and "lowest upcard" read the ace high, as the bring-in does.
- The turn-up choice is made in turn from the dealer's left.  The option is
  refused with ``five-card-stud-last-down``, where the last card comes down
  for everyone anyway.
- Five bets: the extra round is played at the small bet, so the small bet
  covers the first three rounds and the big bet the last two; the open-pair
  option applies to every small-bet round with two upcards or more.
- High-low: one of the lows of the classic game (deuce-to-seven, ace-to-six,
  ace-to-five), the five cards playing both sides; cards speak unless
  ``declare`` is given.
- Up to ten players (50 of the 52 cards); there is no bring-in, so stakes must
  have ``bring_in=0``.

>>> spec = five_card_stud()
>>> [(s.name, str(s.opener)) for s in spec.streets][:2]
[('second street', 'high_card_bets'), ('third street', 'best_showing')]
>>> [s.name for s in five_card_stud_five_bets().streets]
['first street', 'second street', 'third street', 'fourth street', 'fifth street']
>>> five_card_stud(turn_up=True).streets[-1].turn_up.before_deal
True
>>> five_card_stud(low="ace-to-six", declare="in-turn").declare
<DeclareMode.IN_TURN: 'in_turn'>
>>> five_card_stud(low="ace-to-six", declare="in-turn", both=True).declare_both
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from splitpot.engine.choices import ChoiceMode, TurnUp
from splitpot.engine.order import FIRST_TO_ACT
from splitpot.engine.spec import DeclareMode, GameSpec, Opener, Stakes, Street, Wilds, as_stakes
from splitpot.errors import RuleError
from splitpot.games.stud import _classic_low, refuse_blinds
from splitpot.validate import as_bool, as_choice, check_keywords

__all__ = [
    "FIVE_STUD_STAKES",
    "OPTION_DEFAULTS",
    "five_card_game",
    "five_card_stud",
    "five_card_stud_five_bets",
    "five_card_stud_last_down",
    "five_stud_streets",
    "no_bring_in",
    "stud_split",
    "who_opens",
]

FIVE_STUD_STAKES = Stakes(ante=1, small_bet=5, big_bet=10)
"""Ante 1, limits 5/10, no bring-in."""

_OPTIONS = frozenset(
    {"turn_up", "open_pair", "low", "declare", "both", "tie_keeps_half", "uncapped_heads_up", "stakes"}
)
OPTION_DEFAULTS: Mapping[str, Any] = MappingProxyType({
    "turn_up": False, "open_pair": False, "low": None, "declare": None, "both": None,
    "tie_keeps_half": False, "uncapped_heads_up": False, "stakes": None,
})
"""What each option of the five-card stud games (and Mexican stud) is when left out, as the
builders read it (:func:`splitpot.games.option_info` lists it); ``None``: the game's own
(no low, its declaration mode, its stakes)."""
_HOLE_CARD_OPTION = TurnUp(optional=True, before_deal=True, mode=ChoiceMode.IN_TURN)


def five_stud_streets(
    *, last_down: bool = False, five_bets: bool = False, turn_up: bool = False, open_pair: bool = False
) -> tuple[Street, ...]:
    """The streets of five-card stud and its variants (see the module)."""
    if five_bets:
        first: tuple[Street, ...] = (
            Street(name="first street", down=1, opener=Opener.DEALER_LEFT),
            Street(name="second street", up=1, opener=Opener.LOW_CARD_BETS),
        )
    else:
        first = (Street(name="second street", down=1, up=1, opener=Opener.HIGH_CARD_BETS),)
    return (
        *first,
        Street(name="third street", up=1, big_bet_on_open_pair=open_pair),
        Street(name="fourth street", up=1, big_bet=True),
        Street(
            name="fifth street",
            down=int(last_down),
            up=int(not last_down),
            big_bet=True,
            turn_up=_HOLE_CARD_OPTION if turn_up else None,
        ),
    )


def who_opens(streets: Sequence[Street]) -> str:
    """Who opens the betting in ``streets``, in words (the message refusing a
    bring-in the game has not): the rule of the first betting round's
    :class:`~splitpot.engine.spec.Opener` where the upcards decide (and whether
    that seat must bet), else a free first bet, then the first later round whose
    cards force the bet.

    >>> who_opens(five_card_stud().streets)
    'the highest upcard bets first, by rank then suit (spades highest)'
    >>> print(who_opens(five_card_stud_five_bets().streets))
    the dealer's left opens, the first bet a free choice; then the lowest upcard bets first, ...
    """
    openers = [street.opener for street in streets if street.bet]
    rules = [FIRST_TO_ACT[opener] for opener in openers]
    if rules and rules[0].rule is not None:
        return rules[0].rule if rules[0].must_bet else f"{rules[0].rule}; the first bet is a free choice"
    forced = next((rule.rule for rule in rules[1:] if rule.must_bet and rule.rule is not None), None)
    dealers_left = bool(openers) and openers[0] is Opener.DEALER_LEFT
    first = ("the dealer's left opens, the first bet a free choice" if dealers_left
             else "the first bet is a free choice")
    return first + (f"; then {forced}" if forced else "")


def no_bring_in(
    name: str, stakes: Stakes | Mapping[str, int] | None, default: Stakes, streets: Sequence[Street] = ()
) -> Stakes:
    """``stakes`` (default ``default``; a Stakes or a dict of its fields), refused
    when they name a bring-in the game has not (the message says who opens
    ``streets`` instead), or blinds (antes only: the rules, §3).

    >>> no_bring_in("mexican-stud", {"ante": 1, "small_bet": 5, "big_bet": 10, "blinds": [5]}, None)
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: mexican-stud is played with antes: stakes may not have blinds (only ...
    """
    stakes = default if stakes is None else as_stakes(stakes, name, default)
    if stakes.bring_in:
        raise RuleError(f"{name} has no bring-in ({who_opens(streets)}): give stakes with bring_in=0.")
    refuse_blinds(name, stakes)
    return stakes


def stud_split(
    name: str, low: str | None, declare: DeclareMode | str | None, *, default: DeclareMode
) -> tuple[str | None, DeclareMode]:
    """The low ranking and declaration mode of a stud game's high-low option:
    ``low`` one of the classic lows (or None: high only), ``declare`` in turn,
    simultaneous or none (``default`` when not given)."""
    if low is None:
        mode = None if declare is None else as_choice(declare, DeclareMode, f"{name}: declare")
        if mode not in (None, DeclareMode.NONE):
            raise RuleError(f"{name}: declarations need a high-low game; give low= as well.")
        return None, DeclareMode.NONE
    mode = default if declare is None else as_choice(declare, DeclareMode, f"{name}: declare")
    return _classic_low(low), mode


def five_card_game(
    name: str,
    options: dict[str, Any],
    streets: Callable[[bool], tuple[Street, ...]],
    *,
    known: frozenset[str],
    declare: DeclareMode,
    wilds: Wilds | None = None,
    recorded: tuple[tuple[str, Any], ...] = (),
) -> GameSpec:
    """The spec of a five-card stud game from its keyword ``options`` (checked
    against ``known``): ``streets(open_pair)`` deals it; ``open_pair``,
    ``uncapped_heads_up``, ``low`` with ``declare`` (``declare`` here: the mode
    when not given; NONE: cards speak by default) and ``tie_keeps_half``, and
    ``stakes`` without a bring-in are read here; ``recorded`` leads the options
    the spec records.

    A five-card game of one's own, here dealt as five-card stud, high-low with
    declarations in turn unless told otherwise:

    >>> spec = five_card_game("my-stud", {"low": "ace-to-six", "open_pair": True},
    ...                       lambda open_pair: five_stud_streets(open_pair=open_pair),
    ...                       known=_OPTIONS, declare=DeclareMode.IN_TURN)
    >>> spec.low, str(spec.declare), spec.declare_both, spec.streets[1].big_bet_on_open_pair
    ('ace-to-six', 'in_turn', False, True)
    >>> five_card_game("my-stud", {"ante": 1}, five_stud_streets, known=_OPTIONS,
    ...                declare=DeclareMode.NONE)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: my-stud has no option 'ante'...
    """
    check_keywords(options, known, name)
    given = {**OPTION_DEFAULTS, **options}
    open_pair = as_bool(given["open_pair"], f"{name}: open_pair")
    uncapped = as_bool(given["uncapped_heads_up"], f"{name}: uncapped_heads_up")
    tie_keeps_half = as_bool(given["tie_keeps_half"], f"{name}: tie_keeps_half")
    low, mode = stud_split(name, given["low"], given["declare"], default=declare)
    if low is not None and declare is not DeclareMode.NONE and mode is DeclareMode.NONE:
        raise RuleError(f"{name}: the high-low game is played with declarations (in-turn or simultaneous).")
    if tie_keeps_half and mode is DeclareMode.NONE:
        raise RuleError(f"{name}: tie_keeps_half applies to declarations; give low= and declare= as well.")
    both = given["both"]
    if both is not None:
        both = as_bool(both, f"{name}: both")
        if both and mode is DeclareMode.NONE:
            raise RuleError(f"{name}: both applies to declarations; give low= and declare= as well.")
    kept = {**dict(recorded), "open_pair": open_pair, "uncapped_heads_up": uncapped}
    if low is not None:
        kept |= {"low": low, "declare": str(mode), "tie_keeps_half": tie_keeps_half}
        if mode is not DeclareMode.NONE:
            kept["both"] = mode is DeclareMode.SIMULTANEOUS if both is None else both
    dealt = streets(open_pair)
    return GameSpec(
        name=name,
        streets=dealt,
        stakes=no_bring_in(name, given["stakes"], FIVE_STUD_STAKES, dealt),
        high="high",
        low=low,
        declare=mode,
        declare_both=both if mode is not DeclareMode.NONE else None,
        tie_keeps_half=tie_keeps_half,
        uncapped_heads_up=uncapped,
        wilds=wilds if wilds is not None else Wilds(),
        max_players=10,
        options=tuple(kept.items()),
    )


def _five_stud(
    name: str, *, last_down: bool = False, five_bets: bool = False, options: dict[str, Any]
) -> GameSpec:
    turn_up = as_bool(options.get("turn_up", OPTION_DEFAULTS["turn_up"]), f"{name}: turn_up")
    if turn_up and last_down:
        raise RuleError(
            f"{name} deals the last card face down to everyone; turn_up applies to five-card-stud "
            "and five-card-stud-five-bets."
        )
    return five_card_game(
        name,
        options,
        lambda open_pair: five_stud_streets(
            last_down=last_down, five_bets=five_bets, turn_up=turn_up, open_pair=open_pair),
        known=_OPTIONS,
        declare=DeclareMode.NONE,
        recorded=(("turn_up", turn_up),),
    )


def five_card_stud(**options: Any) -> GameSpec:
    """``five-card-stud``: one down, four up, four betting rounds (the rules, §5.8)."""
    return _five_stud("five-card-stud", options=options)


def five_card_stud_last_down(**options: Any) -> GameSpec:
    """``five-card-stud-last-down``: the fifth card is dealt face down.

    >>> five_card_stud_last_down().streets[-1].down
    1
    """
    return _five_stud("five-card-stud-last-down", last_down=True, options=options)


def five_card_stud_five_bets(**options: Any) -> GameSpec:
    """``five-card-stud-five-bets``: a betting round after the hole card, then the
    lowest upcard must bet."""
    return _five_stud("five-card-stud-five-bets", five_bets=True, options=options)
