"""The game registry: game name (the API and CLI name) to spec builder.

>>> sorted(GAMES)  # doctest: +NORMALIZE_WHITESPACE
['aces-deuces', 'california-lowball', 'five-card-stud', 'five-card-stud-five-bets',
 'five-card-stud-last-down', 'jackpots', 'jacks-back', 'lowball', 'mexican-stud', 'seven-card-stud',
 'seven-card-stud-8', 'seven-card-stud-declare', 'seven-card-stud-high-low']
>>> get_game("seven-card-stud-declare", declare="in-turn").declare
<DeclareMode.IN_TURN: 'in_turn'>
>>> get_game("seven-card-stud", wild="2").wilds.wild  # any game takes the wild-card options
('2',)
>>> get_game("texas")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
splitpot.errors.RuleError: Unknown game 'texas'; known games: aces-deuces, ...
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import re
from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any

from splitpot.engine.sevens import Sevens
from splitpot.engine.spec import DeclareMode, GameSpec, Wilds
from splitpot.errors import ArgumentTypeError, RuleError, SplitpotError
from splitpot.games import aces_deuces as _aces_deuces
from splitpot.games import draw as _draw
from splitpot.games import five_stud as _five_stud
from splitpot.games import mexican as _mexican
from splitpot.games import stud as _stud
from splitpot.games.aces_deuces import aces_deuces
from splitpot.games.draw import california_lowball, jackpots, jacks_back, lowball
from splitpot.games.five_stud import five_card_stud, five_card_stud_five_bets, five_card_stud_last_down
from splitpot.games.mexican import mexican_stud
from splitpot.games.stud import (
    seven_card_stud,
    seven_card_stud_8,
    seven_card_stud_declare,
    seven_card_stud_high_low,
)
from splitpot.validate import check_keywords, describe, folded
from splitpot.wild import JokerRule, wild_mask

__all__ = [
    "GAMES", "GAME_OPTIONS", "WILD_OPTIONS", "OptionInfo", "get_game", "idle_wild_option", "option_info",
]

GAMES: Mapping[str, Callable[..., GameSpec]] = MappingProxyType({
    "seven-card-stud": seven_card_stud,
    "seven-card-stud-8": seven_card_stud_8,
    "seven-card-stud-high-low": seven_card_stud_high_low,
    "seven-card-stud-declare": seven_card_stud_declare,
    "jackpots": jackpots,
    "lowball": lowball,
    "california-lowball": california_lowball,
    "jacks-back": jacks_back,
    "five-card-stud": five_card_stud,
    "five-card-stud-last-down": five_card_stud_last_down,
    "five-card-stud-five-bets": five_card_stud_five_bets,
    "mexican-stud": mexican_stud,
    "aces-deuces": aces_deuces,
})
"""Every playable game by name; each builder takes keyword options (a read-only view:
the registry is the package's, shared by every caller)."""


GAME_OPTIONS: Mapping[str, frozenset[str]] = MappingProxyType({
    **_stud._KNOWN,
    "jackpots": _draw._JACKPOTS_OPTIONS,
    "lowball": _draw._LOWBALL_OPTIONS,
    "california-lowball": _draw._CALIFORNIA_OPTIONS,
    "jacks-back": _draw._JACKPOTS_OPTIONS,
    **dict.fromkeys(("five-card-stud", "five-card-stud-last-down", "five-card-stud-five-bets"),
                    _five_stud._OPTIONS),
    "mexican-stud": _mexican._OPTIONS,
    "aces-deuces": _aces_deuces._OPTIONS,
})
"""The keywords each game's builder takes (each builder refuses any other); with
:data:`WILD_OPTIONS`, every option :func:`get_game` takes for the game (a read-only
view, as :data:`GAMES` is)."""

@dataclasses.dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option of a game, for a form that sets it: its ``name`` (the keyword of
    :func:`get_game`), its ``default`` (what the game plays when it is left out;
    ``None`` where the game decides by its other options, said in ``help``), its
    ``kind`` (``"bool"``, ``"int"``, ``"ints"`` (a list of them), ``"rank"`` (a
    rank such as ``"J"`` or its number), ``"choice"`` (one of ``choices``) or
    ``"stakes"`` (a :class:`~splitpot.engine.spec.Stakes` or a dict of its fields)),
    ``choices`` (the values a ``"choice"`` takes, ``None`` among them where it may be
    left unset; ``None`` for the other kinds), a one-line ``help`` and ``requires``:
    for a value (a choice, or ``True``/``False``) that the game takes only with other
    options set beside it, those options with values that make it playable (a form
    sets them too, or offers the value once they are set; another value of theirs
    may do as well).

    >>> declare = next(o for o in option_info("five-card-stud") if o.name == "declare")
    >>> declare.kind, declare.default, declare.choices
    ('choice', None, (None, 'none', 'in_turn', 'simultaneous'))
    >>> sorted(declare.requires), dict(declare.requires["in_turn"])  # no declaring without a low half
    (['in_turn', 'simultaneous'], {'low': 'deuce-to-seven'})
    >>> get_game("five-card-stud", declare="in_turn", **declare.requires["in_turn"]).declare.value
    'in_turn'
    """

    name: str
    default: Any
    kind: str
    choices: tuple[Any, ...] | None
    help: str
    requires: Mapping[Any, Mapping[str, Any]] = dataclasses.field(
        default_factory=lambda: MappingProxyType({}), hash=False)


_CLASSIC_LOWS = ("deuce-to-seven", "ace-to-six", "ace-to-five")
# Each option's kind, choices and help: the defaults are read from the builders (option_info).
_OPTION_KINDS: Mapping[str, tuple[str, tuple[Any, ...] | None, str]] = MappingProxyType({
    "open_pair": ("bool", None, "an open pair showing lets any player bet the big bet on the next round"),
    "uncapped_heads_up": ("bool", None, "no cap on the raises when two players are left"),
    "stakes": ("stakes", None, "the ante, bring-in and limits (a Stakes or a dict of its fields)"),
    "qualifier": ("rank", None, "the low qualifier: 8 plays eight or better (a rank, or its number to 13)"),
    "declare": ("choice", tuple(m.value for m in DeclareMode),
                "declarations: none (cards speak), in turn or simultaneous (None: the game's own)"),
    "both": ("bool", None, "whether a player may declare both (None: yes when simultaneous, no in turn)"),
    "tie_keeps_half": ("bool", None, "a both declarer who wins one side and ties the other keeps half"),
    "low": ("choice", _CLASSIC_LOWS, "the low ranking of a high-low split (None: high only)"),
    "pass_and_out": ("bool", None, "a player who checks before the opening bet is out once it is made"),
    "max_draw": ("int", None, "the most cards a player may draw (1 to 5)"),
    "ace_draw": ("int", None, "the most he may draw keeping an ace: above max_draw, at most 4"),
    "second_round": ("choice", ("opener", "dealer-left"), "who bets first after the draw"),
    "openers": ("rank", None, "the smallest pair that opens the betting"),
    "no_check_raise": ("bool", None, "after the draw a player who checked may call or fold, not raise"),
    "limit": ("int", None, "the bet before the draw, doubled after it (2, 3 or 5 with the blinds table's)"),
    "blinds": ("ints", None, "the blinds from the dealer leftward, totalling the limit (None: the table's)"),
    "sevens": ("choice", tuple(m.value for m in Sevens), "the sevens rule"),
    "turn_up": ("bool", None, "before the last card each player in turn may turn his hole card up"),
    "stand_is_final": ("bool", None, "a player who stands may not draw on a later turn"),
    "fees": ("ints", None, "the fee of each paid draw in turn"),
})

# Where a builder taking **options keeps its defaults (the others: their signatures).
_DEFAULTS_OF: Mapping[str, Callable[..., GameSpec] | Mapping[str, Any]] = MappingProxyType({
    "jackpots": _draw._jackpots,
    "jacks-back": _draw._jackpots,
    **dict.fromkeys(("five-card-stud", "five-card-stud-last-down", "five-card-stud-five-bets",
                     "mexican-stud"), _five_stud.OPTION_DEFAULTS),
    "aces-deuces": _aces_deuces.OPTION_DEFAULTS,
})


def option_info(game: str) -> tuple[OptionInfo, ...]:
    """Each option of :data:`GAME_OPTIONS` for ``game`` (matched as :func:`get_game`
    matches names), sorted by name, with its default, kind, choices and help: what a
    form needs to offer them.  An option the game takes with its default value only
    is left out (five-card-stud-last-down deals the last card down: no ``turn_up``);
    one taken with others it needs is listed (``tie_keeps_half`` with ``declare``).
    The defaults are the builders' own (their keyword
    defaults, or the defaults a builder taking ``**options`` reads), so
    ``get_game(game, **{info.name: info.default})`` is the game as it is; the
    ``stakes`` default is the game's stakes.  The wild-card options every game takes
    are :data:`WILD_OPTIONS` (their defaults: the spec's ``wilds``).

    >>> [(o.name, o.default, o.kind) for o in option_info("lowball")]  # doctest: +NORMALIZE_WHITESPACE
    [('max_draw', 5, 'int'), ('no_check_raise', False, 'bool'), ('pass_and_out', True, 'bool'),
     ('stakes', Stakes(ante=1, bring_in=0, blinds=(), blinds_from=1, small_bet=5, big_bet=10, blind_bet=True),
      'stakes'), ('uncapped_heads_up', False, 'bool')]
    >>> sevens = next(o for o in option_info("california-lowball") if o.name == "sevens")
    >>> sevens.default, sevens.choices
    ('lose-all', ('off', 'lose-all', 'forfeit-pot'))
    >>> studs = ("five-card-stud", "five-card-stud-last-down")  # the last card up, down
    >>> [g for g in studs if "turn_up" in {o.name for o in option_info(g)}]
    ['five-card-stud']
    """
    if not isinstance(game, str):
        raise ArgumentTypeError(f"the game is named by a str, got {describe(game)}; games: "
                                f"{', '.join(GAMES)}.")
    name = game if game in GAMES else folded(game)
    if name not in GAMES:
        raise RuleError(f"Unknown game {game!r}; known games: {', '.join(sorted(GAMES))}.")
    return _option_info(name)


def _needs(name: str, option: str, value: Any) -> dict[str, Any] | None:
    """The other options (with values) that game ``name`` takes ``option=value`` with:
    ``{}`` where it takes it alone, None where it refuses it.  A declaration mode
    needs a low where the game has none of its own; ``both`` and ``tie_keeps_half``
    need declarations (and a low).

    >>> _needs("five-card-stud", "declare", "in_turn"), _needs("seven-card-stud-8", "both", True)
    ({'low': 'deuce-to-seven'}, {'declare': 'simultaneous'})
    """
    known = GAME_OPTIONS[name]
    lows: list[dict[str, Any]] = [{}, {"low": _CLASSIC_LOWS[0]}] if "low" in known else [{}]
    tries: list[dict[str, Any]] = [{}]
    if option == "declare":
        tries += lows[1:]
    elif option in ("both", "tie_keeps_half") and "declare" in known:
        tries += [{"declare": mode, **low} for mode in ("simultaneous", "in_turn") for low in lows]
    for others in tries:
        try:
            get_game(name, **{option: value}, **others)
        except SplitpotError:
            continue
        return others
    return None


def _takes(name: str, option: str, value: Any) -> bool:
    """Whether game ``name`` takes ``option=value``, alone or with the options it
    needs (:func:`_needs`)."""
    return _needs(name, option, value) is not None


@functools.cache
def _option_info(name: str) -> tuple[OptionInfo, ...]:
    """:func:`option_info` of a registered game's name."""
    source = _DEFAULTS_OF.get(name, GAMES[name])
    if isinstance(source, Mapping):
        defaults = dict(source)
    else:
        defaults = {key: p.default for key, p in inspect.signature(source).parameters.items()
                    if p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is not inspect.Parameter.empty}
    infos = []
    for option in sorted(GAME_OPTIONS[name]):
        default = defaults[option]
        if isinstance(default, Enum):
            default = default.value
        if option == "stakes" and default is None:
            default = GAMES[name]().stakes
        kind, choices, text = _OPTION_KINDS[option]
        if choices is not None:  # those the game takes (seven-card-stud-declare declares)
            choices = tuple(c for c in choices if _takes(name, option, c))
        if kind == "bool":
            fixed = not any(_takes(name, option, b) for b in (False, True) if b != default)
        else:
            fixed = choices is not None and all(c == default for c in choices)
        if fixed:  # the game takes its default only (five-card-stud-last-down's turn_up): no control
            continue
        values = choices if choices is not None else (False, True) if kind == "bool" else ()
        needs = {value: _needs(name, option, value) for value in values}
        requires = MappingProxyType({v: MappingProxyType(n) for v, n in needs.items() if n})
        if choices is not None and default is None:
            choices = (None, *choices)
        infos.append(OptionInfo(name=option, default=default, kind=kind, choices=choices, help=text,
                                requires=requires))
    return tuple(infos)


WILD_OPTIONS = ("wild", "joker", "wild_low", "duplicate", "penalty", "penalty_rule", "positional")
"""Options every game takes (the fields of :class:`~splitpot.engine.spec.Wilds`):
wild ranks or cards, the joker (``None``/``"none"``: no joker in the deck,
``"bug"``, ``"wild"``), how wild cards count in a low, duplicate wild cards in
a high flush, penalty cards and their rule, and a positional wild card of each
player's own (his hole card, lowest hole card, first or third card, or lowest
card of all he holds; ``None`` or ``"none"`` to turn Mexican stud's off)."""


def get_game(name: str, **options: Any) -> GameSpec:
    """The spec of game ``name`` (matched as option values are: ``"Seven_Card_Stud"`` is
    ``"seven-card-stud"``) with ``options`` (e.g. ``open_pair=True``).

    Every game also takes the wild-card options of :data:`WILD_OPTIONS`; they
    change the game's own defaults (lowball's joker, say) field by field.

    >>> get_game("seven-card-stud", joker="wild").wilds.deck_size
    53

    A positional rule other than the game's own (Mexican stud's hole card) is
    refused, since it would replace it; ``positional=None`` turns it off:

    >>> get_game("mexican-stud", positional="first_card")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: positional='first_card' would replace mexican-stud's own wild card, ...
    >>> get_game("mexican-stud", positional=None).wilds.positional is None
    True
    >>> get_game("mexican-stud", positional="none").wilds.positional is None  # a house list's spelling
    True

    An option that would do nothing in the game is refused (a :class:`RuleError`):

    >>> get_game("seven-card-stud", wild_low="zero")
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: wild_low='zero' does nothing in seven-card-stud, which has no low; ...
    """
    if not isinstance(name, str):
        known = ", ".join(GAMES)
        raise ArgumentTypeError(f"the game is named by a str, got {describe(name)}; games: {known}.")
    recorded = options.pop("_recorded", False)  # an old recording's call (dealer's choice; see State)
    key = name if name in GAMES else folded(name)
    builder = GAMES.get(key)
    if builder is None:
        raise RuleError(f"Unknown game {name!r}; known games: {', '.join(sorted(GAMES))}.")
    name = key
    try:
        check_keywords(options, GAME_OPTIONS[name] | set(WILD_OPTIONS), name)
    except RuleError as err:
        hints = [_HINTS[name, o] for o in sorted(options) if (name, o) in _HINTS]
        raise RuleError(" ".join([str(err), *hints])) from None
    try:
        return _build(name, builder, dict(options), recorded)
    except SplitpotError as err:
        raise _option_error(err, name, options) from None


_HINTS = {("california-lowball", "stakes"): "Its stakes are its blinds: give limit= (2, 3 or 5, "
                                            "the blinds table's) or blinds= with limit= (the limit is "
                                            "the bet before the draw, doubled after it)."}
"""What to give instead of an option a game does not take."""


def _build(
    name: str, builder: Callable[..., GameSpec], options: dict[str, Any], recorded: bool
) -> GameSpec:
    """:func:`get_game`'s spec, its errors as the engine words them."""
    wild = {key: options.pop(key) for key in WILD_OPTIONS if key in options}
    spec = builder(**options)
    if not wild:
        return spec
    own = spec.wilds.positional
    spec = _with_wilds(spec, wild)
    if recorded:  # an old recording's call: the options' own checks only
        return spec
    _refuse_repeats(spec)
    if own is not None and spec.wilds.positional not in (None, own):
        raise RuleError(
            f"positional={wild['positional']!r} would replace {name}'s own wild card, each player's "
            f"{own.value.replace('_', ' ')} (a game holds one positional rule, and this one is the "
            f"game's: the rules, §5.9); leave positional out to play the game as it is, give "
            f"positional=None (\"none\" in a house list) to turn its own off, or call a game "
            f"without one of its own "
            f"(five-card-stud, say) for {spec.wilds.positional.value}."
        )
    idle = idle_wild_option(spec, wild)
    if idle is not None:
        option, lack = idle
        raise RuleError(f"{option}={wild[option]!r} does nothing in {name}, which has {lack}; leave it out.")
    return spec


# The engine's names for what a game's options set ("Street 'fourth street': ...") and
# its fields named otherwise than the options that set them.
_ENGINE_WHERE = re.compile(
    r"^(?:(?:Stakes|Wilds|Opening|PaidDraws|DrawRules|GameSpec '[^']*'|Street '[^']*'): )+")
_FIELD_OPTIONS = {"big_bet_on_open_pair": "open_pair", "minimum": "openers", "low_qualifier": "qualifier",
                  "declare_both": "both"}


def _option_error(error: SplitpotError, name: str, options: Mapping[str, Any]) -> SplitpotError:
    """``error``, raised building game ``name`` from ``options``, in the words of the
    options: led by the game, naming the option as written (found by leaving each
    out, where the message names none), without the engine's own names.  The class
    is kept.

    >>> from splitpot.errors import ArgumentTypeError
    >>> print(_option_error(ArgumentTypeError("Street 'fourth street': big_bet_on_open_pair must be "
    ...                                      "True or False, got int 1."),
    ...                    "seven-card-stud", {"open_pair": 1}))
    seven-card-stud: open_pair must be True or False, got int 1.
    """
    message = _ENGINE_WHERE.sub("", str(error))
    for field, option in _FIELD_OPTIONS.items():
        if option in options:
            message = re.sub(rf"\b{field}\b", option, message)
    lead = f"{name}: "
    message = message.removeprefix(lead)  # said first below, before the option found
    named = [o for o in [*options, "stakes"] if re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", message)]
    if not named:
        culprit = _culprit(name, options)
        if culprit is not None:
            message = f"{culprit}: {message}"
    if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", message):
        message = lead + message
    return type(error)(message)


def _culprit(name: str, options: Mapping[str, Any]) -> str | None:
    """The one option without which game ``name`` is built from ``options`` (None: none such)."""
    found = []
    for option in options:
        try:
            _build(name, GAMES[name], {k: v for k, v in options.items() if k != option}, False)
        except SplitpotError:
            continue
        found.append(option)
    return found[0] if len(found) == 1 else None


def _refuse_repeats(spec: GameSpec) -> None:
    """Refuse a wild or penalty card named twice (a rank and a card of it included):
    the second names nothing more, as an option that does nothing.

    >>> _refuse_repeats(get_game("seven-card-stud", wild=["2", "3"]))
    >>> get_game("seven-card-stud", wild=["2", "2s"])
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: seven-card-stud: wild names 2s twice (2 names it already); name each ...
    """
    for option in ("wild", "penalty"):
        seen: dict[str, int] = {}
        for text in " ".join(getattr(spec.wilds, option)).split():
            mask = wild_mask(text)
            for earlier, covered in seen.items():
                if mask & covered:
                    again = f"{text} twice" + ("" if mask == covered else f" ({earlier} names it already)")
                    raise RuleError(f"{option} names {again}; name each {option} rank or card once.")
            seen[text] = mask


def _with_wilds(spec: GameSpec, wild: dict[str, Any]) -> GameSpec:
    """``spec`` with the wild-card options ``wild`` laid over its own."""
    for name in ("joker", "positional"):  # "none" (a house list, the command line) is None
        given = wild.get(name)
        if given is False or (isinstance(given, str) and given.strip().lower() == "none"):
            wild[name] = None
    fields = {f.name: getattr(spec.wilds, f.name) for f in dataclasses.fields(Wilds)}
    wilds = Wilds(**{**fields, **wild})
    if spec.opening is not None and spec.opening.then is not None:  # jacks back: its lowball alike
        then = spec.opening.then.replace(wilds=wilds)
        spec = spec.replace(opening=dataclasses.replace(spec.opening, then=then))
    return spec.replace(wilds=wilds)


def idle_wild_option(spec: GameSpec, given: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first of the options ``given`` that say how wild or penalty cards play
    (``wild_low``, ``duplicate``, ``penalty_rule``) and do nothing in ``spec``, with
    what the game lacks for it; None where each plays.  :func:`get_game` refuses
    them (the command line first, in the words of its flags).

    >>> idle_wild_option(get_game("seven-card-stud"), {"wild_low": "zero"})
    ('wild_low', 'no low')
    >>> idle_wild_option(get_game("seven-card-stud-8", wild="2"), {"wild_low": "zero"}) is None
    True
    """
    wilds = spec.wilds
    wild = bool(wilds.wild) or wilds.joker is JokerRule.WILD or wilds.positional is not None
    for option in ("wild_low", "duplicate"):  # a wild card in two cards takes the best rank, no flush
        if spec.hand_size == 2 and given.get(option) not in (None, False):
            return option, "two-card hands (a wild card takes the rank that makes the best hand)"
    if given.get("wild_low") is not None:
        if spec.low is None:
            return "wild_low", "no low"
        if not wild:
            return "wild_low", "no wild cards"
    if given.get("duplicate"):
        if spec.high is None:
            return "duplicate", "no high hand"
        if not (wild or wilds.joker is not None):  # the bug plays as an ace, or to a flush
            return "duplicate", "no wild cards"
    if given.get("penalty_rule") is not None and not wilds.penalty:
        return "penalty_rule", "no penalty cards"
    if given.get("penalty_rule") is not None and spec.hand_size == 2:
        return "penalty_rule", ("two-card hands (a penalty card kills the hand under either rule: voiding "
                                "it would leave fewer than two cards)")
    return None
