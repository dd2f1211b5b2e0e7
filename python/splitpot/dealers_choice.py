"""Dealer's choice (the rules, §5.11): each deal the dealer calls the game.

A :class:`Call` names one game of :data:`~splitpot.games.GAMES` with its
options (wild cards, the joker, positional wild cards, penalty cards, ranking
and betting options: any keyword :func:`~splitpot.games.get_game` takes) and
its stakes; it is checked when made, so a call that does not fit its game is
refused before any card is dealt.  :class:`DealersChoice` is the session: the
button moves left after each deal, and the dealer calls through a dealer
policy, a callable that takes the :class:`Deal` about to be dealt and returns
a :class:`Call` (the computer dealer, :class:`~splitpot.house.HouseDealer`,
picks at random from a house list).  Each hand's :class:`~splitpot.engine.state.State`
carries its call, and so does its history, so a hand replays on its own.

Readings:

- Unequal antes: a call names one ante that every player pays
  (:class:`~splitpot.engine.spec.Stakes` has one ``ante``).  A call may also
  give the antes player by player (``stakes={"ante": [1, 1, 1]}``, as a house
  list may write them): when they are equal that is the one ante, and when they
  differ the call is refused, as is every other way of making one player ante
  more than another (a dealer who antes for the whole table is not offered).
  The blinds of California lowball are not antes: they are the game's own
  forced bets (the rules, §5.6), set by its ``limit`` or ``blinds`` option.
- A player short of the ante antes all he has (table stakes); that is not an
  unequal ante called by the dealer.
- A jackpots (or jacks back) deal that nobody opens is dealt again inside the
  same hand by the same dealer, with a new ante from everyone (the engine's
  re-deal, the rules, §5.4); the dealer does not call again, and the button
  moves on only when the hand is over.
- The dealer calls a game for the players who have chips; a call whose game
  does not seat that many (California lowball with three blinds needs three
  players; seven-card stud seats eight) is refused before the deal.
- "Betting rounds" of the rules are the options each game offers
  (five-card stud's five bets is its own game, ``open_pair``, the
  ``uncapped_heads_up`` cap, the draw games' ``pass_and_out``, ...).

>>> call = Call(game="five-card-stud-last-down", options={"wild": "2"})
>>> call.text()
'five-card stud, last card down, deuces wild'
>>> call.spec.wilds.wild
('2',)
>>> Call(game="five-card-stud", stakes={"ante": [1, 2, 1]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
splitpot.errors.RuleError: Call: unequal antes [1, 2, 1]: no player may be made to ante more than another ...
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import sys
import types
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any, SupportsIndex

from splitpot.cards import _RANK_PLURALS, Card, _rank_index
from splitpot.engine.history import History, json_data
from splitpot.engine.session import HandDeck, Session, _frame
from splitpot.engine.spec import GameSpec, Stakes, as_stakes
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, HistoryError, PolicyPickleError, RuleError, SplitpotError
from splitpot.games import GAME_OPTIONS, GAMES, WILD_OPTIONS, _option_error, get_game
from splitpot.games.stud import qualifier_value
from splitpot.validate import as_int, as_sequence, check_keywords, describe, folded
from splitpot.wild import wild_texts

__all__ = [
    "DEALERS_CHOICE",
    "GAME_TITLES",
    "Call",
    "CallsGiven",
    "Deal",
    "DealerPolicy",
    "DealersChoice",
    "NoCallError",
    "games_played",
]

DEALERS_CHOICE = "dealers-choice"
"""The name of the format (``splitpot play dealers-choice``); not a game of
:data:`~splitpot.games.GAMES`, since each deal is one of them."""

GAME_TITLES: dict[str, str] = {
    "seven-card-stud": "seven-card stud",
    "seven-card-stud-8": "seven-card stud, eight or better",
    "seven-card-stud-high-low": "seven-card stud high-low",
    "seven-card-stud-declare": "seven-card stud high-low with declarations",
    "jackpots": "jackpots",
    "lowball": "lowball",
    "california-lowball": "California lowball",
    "jacks-back": "jacks back",
    "five-card-stud": "five-card stud",
    "five-card-stud-last-down": "five-card stud, last card down",
    "five-card-stud-five-bets": "five-card stud, first card down, five bets",
    "mexican-stud": "Mexican stud",
    "aces-deuces": "aces-deuces",
}
"""How a dealer names each game aloud."""


def _freeze(value: Any) -> Any:
    """Lists (from TOML or JSON) as tuples, so a call is hashable and compares by value."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _ante(value: object) -> int:
    """One ante from an amount or from amounts player by player (all equal)."""
    if isinstance(value, (list, tuple)):
        amounts = as_sequence(value, "Call: stakes: ante", "ints")
        antes = [as_int(a, f"Call: stakes: ante[{i}]", low=0) for i, a in enumerate(amounts)]
        if not antes:
            raise RuleError("Call: stakes: ante: give one amount (or one per player), not an empty list.")
        if len(set(antes)) > 1:
            raise RuleError(
                f"Call: unequal antes {list(antes)}: no player may be made to ante more than another "
                "(the rules, §5.11); name one ante for everyone."
            )
        return antes[0]
    return as_int(value, "Call: stakes: ante", low=0)


def _stakes(value: object, game: str) -> Stakes | None:
    """The call's stakes: a Stakes, or a dict of its fields, those left out the game's own."""
    if value is None or isinstance(value, Stakes):
        return value
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"Call: stakes must be a Stakes, a dict of its fields or None, "
                                f"got {describe(value)}.")
    data = dict(value)
    _refuse_unplayed_keys(data, game)
    if "ante" in data:
        data["ante"] = _ante(data["ante"])
    if "blinds" in data:
        data["blinds"] = _freeze(data["blinds"])
    try:
        return as_stakes(data, game, get_game(game).stakes)
    except SplitpotError as err:
        raise _option_error(err, game, {"stakes": value}) from None


def _played_stakes(game: str) -> list[str]:
    """The fields of :class:`~splitpot.engine.spec.Stakes` that ``game``'s stakes play
    (a call may set them): the ante and the bring-in where it has them, the blinds and
    how they are posted where it has blinds, and the limits.

    >>> _played_stakes("jackpots"), _played_stakes("seven-card-stud")
    (['ante', 'small_bet', 'big_bet'], ['ante', 'bring_in', 'small_bet', 'big_bet'])
    """
    own = get_game(game).stakes
    return [*(["ante"] if own.ante else []), *(["bring_in"] if own.bring_in else []),
            *(["blinds", "blinds_from", "blind_bet"] if own.blinds else []), "small_bet", "big_bet"]


def _refuse_unplayed_keys(data: Mapping[str, Any], game: str) -> None:
    """A call's stakes naming no field of Stakes: RuleError listing those the game
    plays (not every field: a game of antes refuses blinds)."""
    names = {f.name for f in dataclasses.fields(Stakes)}
    known = game if game in GAMES else folded(game)
    if known in GAMES and set(data) - names:
        check_keywords(dict(data), set(_played_stakes(known)), f"{known}: stakes")


def _check_option_names(options: tuple[tuple[str, Any], ...], game: str) -> None:
    """Refuse an option the game has not, listing those a call takes (its stakes are
    :attr:`Call.stakes`, not an option)."""
    known = game if game in GAMES else folded(game)
    if known in GAME_OPTIONS:
        taken = (GAME_OPTIONS[known] | set(WILD_OPTIONS)) - {"stakes"}
        check_keywords(dict(options), taken, known)


@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    """A dealer's call: the game, its options and its stakes (None: the game's own).

    ``options`` are the keywords of :func:`~splitpot.games.get_game` for the
    game, wild-card options included (``{"wild": "2", "positional":
    "lowest_hole_card"}``); they are kept as sorted ``(name, value)`` pairs.
    The call is refused at once (:class:`~splitpot.errors.RuleError`) when the
    game is unknown, an option does not fit it, or the antes are unequal;
    :attr:`spec` is the game it deals.

    >>> Call(game="seven-card-stud", options={"bugs": True})
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: seven-card-stud has no option 'bugs'; its options: duplicate, joker, ...
    >>> Call(game="jackpots", stakes={"ante": 2, "small_bet": 5, "big_bet": 10}).spec.stakes.ante
    2
    >>> Call(game="seven-card-stud", stakes={"ante": 2}).spec.stakes.bring_in  # the rest: the game's
    2
    """

    game: str
    options: tuple[tuple[str, Any], ...] = ()
    stakes: Stakes | None = None
    spec: GameSpec = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, str):
            raise ArgumentTypeError(f"Call: game must be a str, got {describe(self.game)}; "
                                    f"games: {', '.join(GAMES)}.")
        if self.game == DEALERS_CHOICE:
            raise RuleError(f"Call: a dealer calls one game, not {DEALERS_CHOICE!r}; "
                            f"games: {', '.join(GAMES)}.")
        frozen = _option_pairs(self.options)
        object.__setattr__(self, "options", frozen)
        _check_option_names(frozen, self.game)
        object.__setattr__(self, "stakes", _stakes(self.stakes, self.game))
        keywords: dict[str, Any] = dict(frozen)
        if self.stakes is not None:
            keywords["stakes"] = self.stakes
        object.__setattr__(self, "spec", get_game(self.game, **keywords))  # refuses idle options

    @property
    def title(self) -> str:
        """The game as the dealer names it ("five-card stud, last card down")."""
        return GAME_TITLES.get(self.game, self.game)

    def text(self) -> str:
        """The call as the dealer says it: the game, then each option.

        >>> Call(game="seven-card-stud-high-low",
        ...      options={"low": "ace-to-six", "positional": "lowest_hole_card"}).text()
        "seven-card stud high-low, ace-to-six low, each player's lowest hole card wild"
        >>> Call(game="mexican-stud", options={"low": "ace-to-six"}).text()
        'Mexican stud, high-low, declare with chips, ace-to-six low'
        """
        words = [self.title]
        plain = get_game(self.game)  # what the options change is said: a low made high-low
        said = {name: played_value(self.spec, name, value) for name, value in self.options
                if not (name == "declare" and value is None)}  # declare=None: the game's own
        if self.spec.low is not None and plain.low is None:
            words.append("high-low")
            if self.spec.declare != plain.declare and "declare" not in said:
                words.append(_option_text("declare", str(self.spec.declare), ()))
        for name, value in sorted(said.items(), key=lambda pair: _SAID_ORDER.get(pair[0], 0)):
            phrase = _option_text(name, value, said.items())
            if phrase:
                words.append(phrase)
        if self.stakes is not None:
            words.append(stakes_text(self.stakes))
        return ", ".join(words)

    def fits(self, players: int) -> bool:
        """Whether the called game seats ``players`` players."""
        return self.spec.min_players <= players <= self.spec.max_players

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict from which :meth:`from_dict` rebuilds the call.

        >>> call = Call(game="lowball", options={"joker": "wild"}, stakes={"ante": 1})
        >>> Call.from_dict(call.to_dict()) == call
        True
        """
        out: dict[str, Any] = {"game": self.game, "options": {k: _thaw(v) for k, v in self.options}}
        if self.stakes is not None:
            out["stakes"] = {k: _thaw(v) for k, v in dataclasses.asdict(self.stakes).items()}
        return out

    @classmethod
    def recorded(cls, data: object, spec: GameSpec) -> Call:
        """The call of a recorded hand that dealt ``spec``: :meth:`from_dict`, or,
        where a rule made since refuses its options (Mexican stud called with
        another positional rule), the call as recorded, dealing the recorded spec
        (its game and stakes still checked), so the hand replays as it was played,
        as a plain history of that spec does.

        >>> import dataclasses
        >>> old = {"game": "mexican-stud", "options": {"positional": "first_card"}}
        >>> spec = get_game("mexican-stud")
        >>> spec = spec.replace(wilds=dataclasses.replace(spec.wilds, positional="first_card"))
        >>> Call.recorded(old, spec).text()
        "Mexican stud, each player's first card wild"
        >>> Call.recorded(old, get_game("mexican-stud"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        splitpot.errors.RuleError: positional='first_card' would replace mexican-stud's own wild card, ...
        """
        try:
            return cls.from_dict(data)
        except RuleError:
            if not isinstance(data, Mapping) or data.get("game") != spec.name:
                raise
            call = cls.from_dict({k: v for k, v in data.items() if k != "options"})  # game and stakes
            options = _option_pairs(data.get("options", {}))
            keywords: dict[str, Any] = dict(options)
            if call.stakes is not None:
                keywords["stakes"] = call.stakes
            try:  # the options' own checks, without the game's refusals made since
                dealt = get_game(call.game, _recorded=True, **keywords)
            except SplitpotError:
                dealt = None
            if dealt != spec:
                raise
        object.__setattr__(call, "options", options)
        object.__setattr__(call, "spec", spec)
        return call

    @classmethod
    def from_dict(cls, data: object) -> Call:
        """Rebuild a call from :meth:`to_dict` output (checked as any call)."""
        if not isinstance(data, Mapping):
            raise ArgumentTypeError(f"Call.from_dict takes a dict, got {describe(data)}.")
        check_keywords(dict(data), {"game", "options", "stakes"}, "Call")
        if "game" not in data:
            raise RuleError("Call: missing 'game'.")
        return cls(game=data["game"], options=data.get("options", {}), stakes=data.get("stakes"))


def _option_pairs(options: object) -> tuple[tuple[str, Any], ...]:
    """A call's options (a dict or (name, value) pairs: a set of them too, as they
    are sorted) as sorted, frozen pairs."""
    if isinstance(options, Mapping):
        pairs = list(options.items())
    elif isinstance(options, Set):
        pairs = [tuple(p) if isinstance(p, (list, tuple)) else p for p in options]
    else:
        pairs = [tuple(p) if isinstance(p, (list, tuple)) else p
                 for p in as_sequence(options, "Call: options", "(name, value) pairs")]
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
            raise ArgumentTypeError(f"Call: options must be a dict or (name, value) pairs, "
                                    f"got {describe(pair)}.")
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise RuleError(f"Call: options named twice: {twice}.")
    if "stakes" in names:
        raise RuleError("Call: give the stakes as Call(stakes=...), not among the options.")
    return tuple(sorted((name, _freeze(value)) for name, value in pairs))


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return str(value) if hasattr(value, "value") and isinstance(value, str) else value


def stakes_text(stakes: Stakes) -> str:
    """``ante 1, bring-in 2, limits 5/10`` (the parts that are set)."""
    parts = []
    if stakes.ante:
        parts.append(f"ante {stakes.ante}")
    if stakes.bring_in:
        parts.append(f"bring-in {stakes.bring_in}")
    if stakes.blinds:
        parts.append("blinds " + "/".join(map(str, stakes.blinds)))
    parts.append(f"limits {stakes.small_bet}/{stakes.big_bet}")
    return ", ".join(parts)


_SAID_ORDER = {name: i for i, name in enumerate((
    "low", "qualifier", "declare", "both", "tie_keeps_half", "openers", "max_draw", "ace_draw",
    "pass_and_out", "no_check_raise", "second_round", "limit", "blinds", "sevens", "turn_up", "fees",
    "stand_is_final", "open_pair", "uncapped_heads_up", "wild", "joker", "positional", "wild_low",
    "duplicate", "penalty",
), start=1)}
"""The order a dealer says the options in: the game's own, then the wild cards (others first)."""


def _listed(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cards_named(value: Any) -> list[str]:
    """Each rank (as its plural) and card that a wild or penalty option names, once."""
    names: dict[str, None] = {}
    for text in " ".join(wild_texts(value)).split():
        rank = _rank_index(text)
        names[str(Card(text)) if rank is None else _RANK_PLURALS[rank]] = None
    return list(names)


def _wild_text(value: Any) -> str:
    names = _cards_named(value)
    return _listed(names) + " wild" if names else ""  # none named: nothing to say


def _penalty_text(value: Any, rule: Any) -> str:
    names = _cards_named(value)
    if not names:
        return ""
    how = str(rule).replace("-", " ").replace("_", " ")
    if any(_rank_index(str(v)) is not None for v in wild_texts(value)):  # a rank: every card of it
        return f"{_listed(names)} penalty cards ({how})"
    return f"penalty card{'' if len(names) == 1 else 's'} {_listed(names)} ({how})"


def _rank_name(value: Any) -> str:
    rank = _rank_index(str(value))
    return str(value) if rank is None else _RANK_PLURALS[rank]


_POSITIONAL_TEXT = {
    "hole_card": "each player's hole card",
    "lowest_hole_card": "each player's lowest hole card",
    "first_card": "each player's first card",
    "third_card": "each player's third card",
    "lowest_card": "each player's lowest card",
}
_WILD_LOW_TEXT = {
    "zero": "wild cards low as zeros",
    "best-rank": "wild cards low as the best rank",
    "lowest-absent": "wild cards low as the lowest rank absent",
}
_QUALIFIER_NAMES = {5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
                    11: "jack", 12: "queen", 13: "king"}
_FLAGS_TEXT = {  # switches: the phrase when on
    "duplicate": "wild cards may duplicate a held card",
    "open_pair": "big bet on an open pair",
    "uncapped_heads_up": "no raise cap heads-up",
    "turn_up": "hole card may be turned up",
    "tie_keeps_half": "a tied swing keeps his half",
}


def high_low_text(spec: GameSpec) -> str:
    """How a high game made high-low by a low option is said, with its declarations and
    its low ("high-low, declare in turn, ace-to-five low"); '' for any other game.

    >>> high_low_text(get_game("mexican-stud", low="ace-to-five"))
    'high-low, declare with chips, ace-to-five low'
    >>> high_low_text(get_game("seven-card-stud-8")), high_low_text(get_game("five-card-stud"))
    ('', '')
    """
    try:
        plain = get_game(spec.name)
    except SplitpotError:  # a game made of the engine's pieces: nothing to compare it with
        return ""
    if spec.low is None or plain.low is not None:
        return ""
    declare = _option_text("declare", str(spec.declare), ())
    return ", ".join(["high-low", declare, _option_text("low", spec.low, ())])


def played_value(spec: GameSpec, name: str, value: Any) -> Any:
    """The value ``spec`` plays for its option ``name`` (given as ``value``), as the
    game spells it: so every spelling the game accepts is said alike.

    >>> played_value(get_game("lowball", joker="WILD"), "joker", "WILD")
    'wild'
    >>> played_value(get_game("jackpots", second_round="Dealer_Left"), "second_round", "Dealer_Left")
    'dealer_left'
    """
    if name in WILD_OPTIONS:
        played = getattr(spec.wilds, name)
        if played is None:
            return "none"
        return str(played) if isinstance(played, str) else played
    if name == "declare":
        return str(spec.declare)
    if name == "low":
        return spec.low
    if name == "openers" and spec.opening is not None:
        return spec.opening.minimum
    if name == "second_round":
        return str(spec.streets[-1].opener)
    if name == "sevens":
        return str(spec.sevens)
    if name == "blinds":
        return spec.stakes.blinds
    return dict(spec.options).get(name, value)


def _option_text(name: str, value: Any, options: Iterable[tuple[str, Any]]) -> str:
    """How the dealer says one option, given as the game plays it (:func:`played_value`;
    '' for one that says nothing)."""
    given = dict(options)
    if name in _FLAGS_TEXT:
        return _FLAGS_TEXT[name] if value is True else ""
    key = str(value).replace("_", "-") if isinstance(value, str) else value
    texts: dict[str, Callable[[], str]] = {
        "wild": lambda: _wild_text(value),
        "joker": lambda: {"wild": "the joker wild", "bug": "the joker as the bug"}.get(key, "no joker"),
        "wild_low": lambda: _WILD_LOW_TEXT.get(key, f"wild_low {key}"),
        "penalty": lambda: _penalty_text(value, given.get("penalty_rule", "dead-hand")),
        "penalty_rule": lambda: "",  # said with the penalty cards
        "positional": lambda: f"{_POSITIONAL_TEXT.get(str(value), str(value))} wild"
        if value != "none" else "no hole card wild",
        "low": lambda: f"{value} low",
        "qualifier": lambda: f"low qualifier {_QUALIFIER_NAMES[qualifier_value(value)]}",
        "declare": lambda: {"in-turn": "declare in turn", "simultaneous": "declare with chips",
                            "none": "cards speak"}.get(key, f"declare {key}"),
        "both": lambda: "'both' may be declared" if value else "no 'both' declaration",
        "max_draw": lambda: f"draw at most {value}",
        "ace_draw": lambda: f"{value} with an ace",
        "pass_and_out": lambda: "pass and out" if value else "checking allowed",
        "no_check_raise": lambda: "no check-raise after the draw" if value else "check-raise allowed",
        "second_round": lambda: "second round from the dealer's left" if key == "dealer-left" else "",
        "openers": lambda: f"{_rank_name(value)} to open" if value is not None else "anything opens",
        "limit": lambda: f"limit {value}",
        "blinds": lambda: "blinds " + "/".join(map(str, value)),
        "sevens": lambda: f"sevens rule {key}" if key != "off" else "no sevens rule",
        "stand_is_final": lambda: "" if value else "a player who stood may draw later",
        "fees": lambda: "draw fees " + ", then ".join(map(str, value)),  # a card: 1, then 2, then 3
    }
    if name in texts:
        return texts[name]()
    return f"{name.replace('_', ' ')} {value}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """What a dealer policy is told before it calls: the ``dealer``'s seat, the
    deal's ``number`` at the table (1 first, counting the
    :attr:`~splitpot.engine.session.Session.hands_before` of a session carried on),
    each seat's ``stacks`` (0 for a seat with no chips or one that sits out:
    :meth:`~splitpot.engine.session.Session.sit_out`) and the calls made so far
    in this session (``calls``: a session carried on starts them afresh)."""

    dealer: int
    number: int
    stacks: tuple[int, ...]
    calls: tuple[Call, ...] = ()

    @property
    def players(self) -> int:
        """The players dealt in (with chips, not sitting out): the table the call must seat."""
        return sum(1 for s in self.stacks if s > 0)


DealerPolicy = Callable[[Deal], Call]
"""A dealer: takes the :class:`Deal` and returns the :class:`Call`."""


class CallsGiven:
    """The dealer policy of a session whose every call the app gives to
    :meth:`DealersChoice.new_hand` (``call=``): a human dealer answering in his own
    time.  :meth:`DealersChoice.from_dict` resumes with it when given no
    ``dealer=``; asked for a call (:meth:`DealersChoice.play`, ``new_hand()``
    without ``call=``) it raises :class:`~splitpot.errors.RuleError`.

    >>> CallsGiven()(None)  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: No dealer policy calls here: give each deal's call with new_hand(call=...) ...
    """

    __slots__ = ()

    def __call__(self, deal: Deal) -> Call:
        raise RuleError("No dealer policy calls here: give each deal's call with new_hand(call=...) (the "
                        "session was resumed without dealer=, or built with CallsGiven()).")

    def __eq__(self, other: object) -> bool:
        return type(other) is CallsGiven

    def __hash__(self) -> int:
        return hash(CallsGiven)


class _Policies:
    """A session's dealer policies while it is pickled or copied: pickling checks
    that each policy pickles, to name the one that does not (pickle's own error
    names a ``<lambda>`` and no seat); copies copy the policies as before."""

    __slots__ = ("policies",)

    def __init__(self, policies: tuple[DealerPolicy, ...]) -> None:
        self.policies = policies

    def __deepcopy__(self, memo: dict[int, Any]) -> _Policies:
        return _Policies(copy.deepcopy(self.policies, memo))

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        if _by_value_pickler():  # cloudpickle (Dask's) sends a lambda or a __main__ function by value
            return (_Policies, (self.policies,))
        checked: set[int] = set()
        for seat, policy in enumerate(self.policies):
            if id(policy) in checked:
                continue
            checked.add(id(policy))
            try:
                pickle.dumps(policy, int(protocol))
            except (pickle.PicklingError, TypeError, AttributeError) as err:
                raise PolicyPickleError(
                    f"the dealer policy of seat {seat}, {policy!r}, cannot be pickled: {err}. A policy "
                    "pickles when it is a function defined at a module's top level (pickle finds a "
                    "function by its module and name: not a lambda, nor a function defined inside "
                    "another) or an object of a class defined there whose attributes pickle."
                ) from None
        return (_Policies, (self.policies,))


def _by_value_pickler() -> bool:
    """Whether cloudpickle's pickler (Dask's, which sends functions by value, lambdas
    included) is the one pickling: its ``dump`` is on the stack a few frames up (the
    standard pickler is C code with no frame; under it the check above names the seat
    whose policy does not pickle; Dask then tries cloudpickle, which takes it)."""
    frame: types.FrameType | None = sys._getframe(2)
    for _ in range(6):
        if frame is None:
            return False
        pickler = frame.f_locals.get("self")
        if pickler is not None and type(pickler).__module__.startswith("cloudpickle"):
            return True
        frame = frame.f_back
    return False


class NoCallError(RuleError):
    """A dealer has no game to call for the players left (a house list whose
    calls all seat more): :meth:`DealersChoice.play` ends the session there."""


class DealersChoice(Session):
    """A dealer's-choice session: stacks carry over, the button moves left, and
    before each deal the dealer calls the game through ``dealer``, one policy
    for every seat or a sequence of one per seat (a person's seat, the computer's).
    The session pickles when its policies do: a lambda does not
    (:class:`~splitpot.errors.PolicyPickleError` names its seat).  A player
    sits out and comes back as in a :class:`~splitpot.engine.session.Session`
    (:meth:`~splitpot.engine.session.Session.sit_out`): the dealer is told the
    deal without him (:attr:`Deal.stacks` 0 at his seat) and calls for the
    players dealt in; the deal passes his seat.

    >>> from splitpot.bots import SimpleBot
    >>> calls = iter([Call(game="lowball"), Call(game="five-card-stud", options={"wild": "2"})])
    >>> session = DealersChoice([100, 100, 100], dealer=lambda deal: next(calls), seed=1)
    >>> hands = session.play(2, SimpleBot(seed=1))
    >>> [(h.button, h.game_call.game) for h in hands], sum(session.stacks)
    ([(0, 'lowball'), (1, 'five-card-stud')], 300)
    >>> session.sit_out(2)                       # seat 2 would deal next: the deal passes to seat 0
    >>> deal = session.deal()
    >>> deal.dealer, deal.stacks[2], deal.players, session.stacks[2] > 0
    (0, 0, 2, True)
    """

    def __init__(
        self,
        stacks: Sequence[int],
        *,
        dealer: DealerPolicy | Sequence[DealerPolicy],
        button: int = 0,
        seed: int | None = None,
    ) -> None:
        self._setup(stacks, button=button, seed=seed)
        if callable(dealer):
            self.dealers: tuple[DealerPolicy, ...] = (dealer,) * len(self.stacks)
        else:
            policies = as_sequence(dealer, "dealer", "dealer policies")
            if len(policies) != len(self.stacks) or not all(callable(p) for p in policies):
                raise ArgumentTypeError(
                    f"dealer must be a callable taking the Deal, or one per seat ({len(self.stacks)}), "
                    f"got {describe(dealer)}."
                )
            self.dealers = tuple(policies)
        self.calls: list[Call] = []
        self.over: str | None = None
        """Why the session ended before the hands asked for, where no dealer could call a
        game for the players left (:class:`NoCallError`) and nobody sat out; None otherwise,
        and again once a seat's chips change (:meth:`set_stack`)."""
        self.stalled: str | None = None
        """Why :meth:`play` stopped where, while others sit out
        (:meth:`~splitpot.engine.session.Session.sit_out`), no dealer could call a game
        for the players dealt in or too few were dealt in for any game: the
        session is not over (:attr:`over` stays None) but stalled until players sit in
        or out; None otherwise, and again once a player sits in or out, a seat's chips
        change (:meth:`~splitpot.engine.session.Session.set_stack`) or a hand is dealt."""

    def __repr__(self) -> str:
        """The games called so far, the stacks and the button."""
        called = ", ".join(c.game for c in self.calls[-3:]) + (", ..." if len(self.calls) > 3 else "")
        return (f"<DealersChoice: {self._played_text()} ({called or 'no call yet'}), "
                f"stacks {self.stacks}, button {self.button}>")

    def play(self, hands: int, policy: Callable[[State], object]) -> list[State]:
        """:meth:`Session.play`, which also stops where the dealer has no game to call
        for the players left (:class:`NoCallError`; :attr:`over` says why), as it
        stops when too few players have chips.  Where players sit out then, the
        session is stalled, not over: :attr:`stalled` says why (no call for the players
        dealt in, or too few dealt in), :attr:`over` stays None.

        >>> from splitpot.bots import SimpleBot
        >>> from splitpot.house import HouseList, house_session
        >>> three = HouseList.from_toml('[[call]]\\ngame = "california-lowball"\\nlimit = 3\\n')
        >>> session = house_session(three, [50, 50, 50], seed=1)
        >>> session.sit_out(2)                   # California lowball's limit 3 seats 3 or more
        >>> session.play(2, SimpleBot(seed=1)), session.over, session.stalled
        ([], None, '<house list> has no call for 2 players; add a game that seats them.')
        >>> session.can_continue, session.is_over  # stalled: no hand now, yet not over
        (False, False)
        >>> session.sit_in(2)
        >>> len(session.play(1, SimpleBot(seed=1))), session.stalled, session.can_continue
        (1, None, True)
        >>> session.sit_out(0); session.sit_out(1)  # one player dealt in
        >>> session.play(1, SimpleBot(seed=1)), session.stalled
        ([], 'too few players are dealt in (1 of 3 with chips)')
        >>> session.sit_in(0); session.sit_in(1); session.set_stack(2, 0)
        >>> session.play(1, SimpleBot(seed=1)), session.over
        ([], '<house list> has no call for 2 players; add a game that seats them.')
        >>> session.can_continue, session.is_over
        (False, True)
        """
        hands = as_int(hands, "hands", low=0)
        before = len(self.hands)
        self.stalled = None
        try:
            played = super().play(hands, policy)
        except NoCallError as error:  # raised by a dealer policy's call, before the hand is dealt
            self._stop(str(error))
            return self.hands[before:]
        if len(played) < hands:
            why = self._no_deal()
            if why is not None:
                self._stop(why)
        return played

    def _stop(self, why: str) -> None:
        """No hand can be dealt, for ``why``: stalled where players sit out (back in,
        a hand may be dealt), over where none do."""
        if self.sitting_out:
            self.stalled = why
        else:
            self.over = why

    def _no_deal(self) -> str | None:
        """Why the next hand cannot be dealt though enough players have chips: too few
        are dealt in (others sit out), or the next deal's dealer, a house dealer, has no
        call for those dealt in.  None where one can (as far as a dealer policy other
        than a house dealer can be known), a hand is in progress, or too few have chips
        at all (:meth:`Session.is_over <splitpot.engine.session.Session.is_over>`)."""
        from splitpot.house import HouseDealer

        if (self.hands and not self.hands[-1].is_complete) or super().is_over:
            return None
        players = len(self.dealt_in)
        if players < self._fewest_players:
            with_chips = sum(1 for chips in self.stacks if chips > 0)
            return f"too few players are dealt in ({players} of {with_chips} with chips)"
        _, button = self._table_ahead()
        policy = self.dealers[button]
        return policy.no_call(players) if isinstance(policy, HouseDealer) else None

    @property
    def can_continue(self) -> bool:
        """Whether another hand can be dealt now: enough players have chips and are
        dealt in, the session is not :attr:`over`, and the next deal's dealer, where it
        is a house dealer (:class:`~splitpot.house.HouseDealer`), has a call for the
        players dealt in (another dealer policy is known only when it calls).  False
        while stalled (:attr:`stalled`; :attr:`is_over` False), and once over."""
        return super().can_continue and self.over is None and self._no_deal() is None

    @property
    def is_over(self) -> bool:
        """Whether no hand can be dealt whoever sits back in: too few players have
        chips (:meth:`Session.is_over <splitpot.engine.session.Session.is_over>`), the
        session is :attr:`over`, or nobody sits out and the next deal's house dealer
        has no call for the players with chips (:meth:`set_stack` may seat more)."""
        if super().is_over or self.over is not None:
            return True
        return not self.sitting_out and self._no_deal() is not None

    def _over_reason(self) -> str:
        why = self.over or (None if super().is_over else self._no_deal())
        return f"The session is over: {why.rstrip('.')}." if why else super()._over_reason()

    def sit_out(self, seat: SupportsIndex) -> None:
        """:meth:`Session.sit_out <splitpot.engine.session.Session.sit_out>`; a stall
        (:attr:`stalled`) is no longer known to hold."""
        super().sit_out(seat)
        self.stalled = None

    def sit_in(self, seat: SupportsIndex) -> None:
        """:meth:`Session.sit_in <splitpot.engine.session.Session.sit_in>`; a stall
        (:attr:`stalled`) is no longer known to hold."""
        super().sit_in(seat)
        self.stalled = None

    def set_stack(self, seat: SupportsIndex, chips: SupportsIndex) -> None:
        """:meth:`Session.set_stack <splitpot.engine.session.Session.set_stack>`; a stall
        (:attr:`stalled`), or the end (:attr:`over`), is no longer known to hold: a call
        may seat the players with chips now."""
        super().set_stack(seat, chips)
        self.stalled = None
        self.over = None

    def set_stakes(self, stakes: object) -> None:
        """Refused: at dealer's choice each call names its stakes (``Call(stakes=...)``;
        a house list's ``[house]`` stakes), so the dealer changes them call by call."""
        raise RuleError("At dealer's choice each call names its stakes: give Call(stakes=...) (a house "
                        "list's [house] stakes), not set_stakes.")

    @property
    def _fewest_players(self) -> int:
        return 2  # every game seats two; the call is checked against the table

    @property
    def _most_players(self) -> int:
        return max(get_game(name).max_players for name in GAMES)

    @property
    def _name(self) -> str:
        return DEALERS_CHOICE

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "dealers": _Policies(self.dealers)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        policies = state["dealers"]  # a _Policies, or the tuple itself (pickled before there was one)
        dealers = policies.policies if type(policies) is _Policies else policies
        super().__setstate__({**state, "dealers": dealers})

    def deal(self) -> Deal:
        """The deal about to be dealt (the previous hand, if any, complete)."""
        stacks, button = self._next_table()
        return self._deal_at(button, stacks)

    def _deal_at(self, button: int, stacks: Sequence[int]) -> Deal:
        """The next deal, by the dealer at ``button`` with ``stacks``: numbered at the
        table, with this session's calls."""
        return Deal(dealer=button, number=self.hands_before + len(self.hands) + 1, stacks=tuple(stacks),
                    calls=tuple(self.calls))

    def new_hand(self, *, deck: HandDeck = None, call: Call | None = None) -> State:
        """Start the next hand: the dealer calls (or ``call`` is the call), the
        call is checked against the table, then the cards are dealt.  ``deck`` may
        be a function of the call's spec, ``deck(spec)``, giving the decks as
        :meth:`Session.new_hand <splitpot.engine.session.Session.new_hand>` takes
        them: it is built once the call is known (a 53-card deck for a game with
        the joker), so a deck that does not fit the call cannot waste the call.

        >>> import random
        >>> def deck(spec):
        ...     cards = list(range(spec.wilds.deck_size))
        ...     random.Random(1).shuffle(cards)
        ...     return cards
        >>> session = DealersChoice([50, 50], dealer=lambda deal: Call(game="lowball"), seed=1)
        >>> len(session.new_hand(deck=deck).deck_order)
        53
        """
        from splitpot.house import HouseDealer

        deal = self.deal()
        policy = self.dealers[deal.dealer]
        # a house dealer's stream where it stood, if the hand is refused (a refused hand changes nothing)
        stood = policy._rng.getstate() if call is None and isinstance(policy, HouseDealer) else None
        try:
            if call is None:
                call = policy(deal)
                if not isinstance(call, Call):
                    raise ArgumentTypeError(f"the dealer policy of seat {deal.dealer} must return a Call, "
                                            f"got {describe(call)}.")
            elif not isinstance(call, Call):
                raise ArgumentTypeError(f"call must be a Call, got {describe(call)}.")
            if not call.fits(deal.players):
                raise RuleError(
                    f"seat {deal.dealer} calls {call.game}, which seats {call.spec.min_players} to "
                    f"{call.spec.max_players} players; {deal.players} are dealt in."
                )
            state = self._start(call.spec, list(deal.stacks), deal.dealer, deck=deck, call=call)
        except BaseException:
            if stood is not None and isinstance(policy, HouseDealer):
                policy._rng.setstate(stood)
            raise
        self.calls.append(call)
        self.stalled = None  # a hand is dealt: no stall
        return state

    def _fresh(self, stacks: list[int], button: int) -> DealersChoice:
        """:meth:`Session.carry_on <splitpot.engine.session.Session.carry_on>`'s new
        session: the same dealer policies."""
        return DealersChoice(stacks, dealer=self.dealers, button=button)

    # ------------------------------------------------------------------ saving
    def _game_fields(self) -> dict[str, Any]:
        return {"game": DEALERS_CHOICE}  # no one spec: each hand's call names its game

    @classmethod
    def from_dict(
        cls,
        data: object,
        *,
        dealer: DealerPolicy | Sequence[DealerPolicy] | None = None,
        ask_dealers: bool = False,
    ) -> DealersChoice:
        """Resume a dealer's-choice session from :meth:`to_dict` output, as
        :meth:`Session.from_dict <splitpot.engine.session.Session.from_dict>`
        does; each hand's call comes back with it (in :attr:`calls` too).

        ``dealer`` is the dealer policy (or one per seat) that calls the deals
        still to come: a policy is code, not data, so the document does not hold
        it.  With ``ask_dealers``, each saved deal is put to its seat's dealer
        again and must get the call the document records; so a computer dealer
        that draws at random (:class:`~splitpot.house.HouseDealer`, built anew
        as it was for the saved session) is brought to where it stood, and goes
        on to call what it would have called.  Without ``dealer`` (an app that
        gives every call to :meth:`new_hand`'s ``call=``, a human dealer's) the
        session's dealers are :class:`CallsGiven`: ``new_hand()`` without ``call=``
        and :meth:`play` are refused.

        >>> from splitpot.bots import SimpleBot
        >>> from splitpot.house import example_house, house_dealer, house_session
        >>> session = house_session(example_house(), [60, 60, 60], seed=3)
        >>> _ = session.play(2, SimpleBot(seed=3))
        >>> resumed = DealersChoice.from_json(session.to_json(), dealer=house_dealer(example_house(), 3),
        ...                                   ask_dealers=True)
        >>> resumed.calls == session.calls
        True
        >>> [h.events for h in resumed.play(2, SimpleBot(seed=4))] == [
        ...     h.events for h in session.play(2, SimpleBot(seed=4))]
        True
        """
        if not isinstance(ask_dealers, bool):
            raise ArgumentTypeError(f"ask_dealers must be a bool, got {describe(ask_dealers)}.")
        if dealer is None and ask_dealers:
            raise ArgumentTypeError(
                "DealersChoice.from_dict needs dealer= with ask_dealers=True: the dealer policy (or one per "
                "seat) that each saved deal is put to again."
            )
        if dealer is None:  # the app gives every call: new_hand(call=...)
            dealer = CallsGiven()
        doc, table = _frame(data, "DealersChoice.from_dict")
        if doc["game"] != DEALERS_CHOICE:
            raise HistoryError(f"game: {doc['game']!r}: a session of one game; resume it with "
                               "splitpot.engine.session.Session.from_dict(data).")
        if "spec" in doc:
            raise HistoryError("spec: a dealer's-choice session has no one spec (each hand's call names "
                               "its game).")
        try:
            session = cls(table.stacks, dealer=dealer, button=table.button)
        except ArgumentTypeError:
            raise
        except SplitpotError as err:
            raise HistoryError(f"the table: {err}") from None
        session._asking = ask_dealers
        session._resume(doc, table)
        return session

    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        *,
        dealer: DealerPolicy | Sequence[DealerPolicy] | None = None,
        ask_dealers: bool = False,
    ) -> DealersChoice:
        """Resume from :meth:`to_json` output (see :meth:`from_dict`)."""
        return cls.from_dict(json_data(text, "a session"), dealer=dealer, ask_dealers=ask_dealers)

    _asking = False  # from_dict(ask_dealers=True): put each saved deal to its dealer again

    def _check_game(self, where: str, history: History, stacks: list[int]) -> None:
        call = history.call
        if call is None:
            raise HistoryError(f"{where}: call: missing: each hand of dealer's choice records its call.")
        deal = self._deal_at(history.button, stacks)
        if not call.fits(deal.players):
            raise HistoryError(
                f"{where}: call: {call.game} seats {call.spec.min_players} to {call.spec.max_players} "
                f"players; {deal.players} are dealt in."
            )
        if self._asking:
            asked = self.dealers[deal.dealer](deal)
            if asked != call:
                said = asked.text() if isinstance(asked, Call) else describe(asked)
                raise HistoryError(f"{where}: call: the dealer of seat {deal.dealer} calls {said} now; the "
                                   f"document records {call.text()}.")
        self.calls.append(call)


def games_played(hands: Iterable[State]) -> Counter[str]:
    """How many hands of each game a session dealt (by game name).

    >>> games_played([])
    Counter()
    """
    return Counter(state.game.name for state in hands)

