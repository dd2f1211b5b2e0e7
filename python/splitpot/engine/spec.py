"""Game specifications: every variant is data that the one engine runs.

A :class:`GameSpec` lists the :class:`Street` s of a deal, the forced bets and
limits, how the pot is split and whether players declare.  Specs are frozen and
checked when built, so a bad spec fails at once, not in the middle of a hand.

>>> street = Street(name="third street", down=2, up=1, opener=Opener.BRING_IN)
>>> street.cards_per_player
3
>>> Street(name="bad", up=-1)
Traceback (most recent call last):
...
splitpot.errors.RuleError: Street 'bad': up must be >= 0, got -1.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum, unique
from typing import Any

from splitpot.engine.choices import TurnUp
from splitpot.engine.draws import DrawRules, ace_draw_problem
from splitpot.engine.openers import Opening
from splitpot.engine.paid_draws import PaidDraws
from splitpot.engine.positional import PositionalWild
from splitpot.engine.sevens import Sevens
from splitpot.errors import ArgumentTypeError, CardError, CardTypeError, RankingError, RuleError
from splitpot.evaluate import Ranking
from splitpot.validate import (
    as_bool,
    as_choice,
    as_int,
    as_optional_int,
    as_sequence,
    check_keywords,
    describe,
)
from splitpot.wild import (
    JokerRule,
    PenaltyRule,
    WildLow,
    check_wild_penalty,
    penalty_mask,
    wild_mask,
    wild_texts,
)

__all__ = [
    "DeclareMode",
    "GameSpec",
    "OddChip",
    "Opener",
    "Stakes",
    "Street",
    "Wilds",
]


@unique
class Opener(StrEnum):
    """Who acts first in a street's betting round."""

    BRING_IN = "bring_in"
    """The lowest upcard (ace high, suits clubs < diamonds < hearts < spades) must
    post the bring-in or complete (stud third street)."""
    BEST_SHOWING = "best_showing"
    """The best hand showing among the upcards (pairs, trips, quads; no straights or
    flushes); ties go to the seat nearest the dealer's left."""
    DEALER_LEFT = "dealer_left"
    """The first active player to the dealer's left."""
    LEFT_OF_BLINDS = "left_of_blinds"
    """The first player left of the last blind (blind games)."""
    HIGH_CARD_BETS = "high_card_bets"
    """The highest upcard (ace high; ties by suit, spades highest) must bet: he may
    neither check nor fold (five-card stud's first round)."""
    LOW_CARD_BETS = "low_card_bets"
    """The lowest upcard (ace high; ties by suit, clubs lowest) must bet: he may
    neither check nor fold (five-card stud, five bets: the first upcard round)."""
    OPENER = "opener"
    """The player who opened the pot this deal (jackpots' second round), else the
    next active player to his left; the dealer's left when nobody opened."""


@unique
class DeclareMode(StrEnum):
    """Whether and how players declare high, low or both before the showdown."""

    NONE = "none"
    """Cards speak: no declarations."""
    IN_TURN = "in_turn"
    """Aloud, one at a time, starting at the dealer's left."""
    SIMULTANEOUS = "simultaneous"
    """Secretly (white = low, red = high, blue = both), all revealed at once."""


@unique
class OddChip(StrEnum):
    """Who receives the odd chip between tied hands of one side."""

    BY_SUIT = "by_suit"
    """The tied hand holding the highest card by suit (lowest card for a low); stud."""
    BY_POSITION = "by_position"
    """The first tied seat left of the dealer; draw games."""


def _from_mapping(cls: Any, data: Mapping[str, Any], what: str) -> Any:
    """``cls(**data)`` for a dataclass, unknown keys refused by name."""
    fields = dataclasses.fields(cls)
    check_keywords(dict(data), {f.name for f in fields}, what)
    missing = [f.name for f in fields if f.name not in data and f.default is dataclasses.MISSING
               and f.default_factory is dataclasses.MISSING]
    if missing:
        raise RuleError(f"{what}: missing {', '.join(map(repr, missing))}.")
    return cls(**data)


def as_stakes(value: object, where: str, base: Stakes | None = None) -> Stakes:
    """``value`` as :class:`Stakes`: a Stakes, or a dict of its fields (e.g.
    ``get_game(..., stakes={"ante": 1, ...})``), checked like the constructor;
    the fields a dict leaves out are ``base``'s (the game's own stakes).

    >>> as_stakes({"ante": 2, "small_bet": 5, "big_bet": 10}, "jackpots").ante
    2
    >>> as_stakes({"ante": 5}, "seven-card-stud", base=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10))
    Stakes(ante=5, bring_in=2, blinds=(), blinds_from=1, small_bet=5, big_bet=10, blind_bet=True)
    >>> as_stakes(5, "jackpots")
    Traceback (most recent call last):
    ...
    splitpot.errors.ArgumentTypeError: jackpots: stakes must be a Stakes or a dict of its fields, got int 5.
    """
    if isinstance(value, Mapping):
        given = dict(value) if base is None else {**dataclasses.asdict(base), **value}
        stakes: Stakes = _from_mapping(Stakes, given, f"{where}: stakes")
        return stakes
    if not isinstance(value, Stakes):
        raise ArgumentTypeError(
            f"{where}: stakes must be a Stakes or a dict of its fields, got {describe(value)}."
        )
    return value


def _json_ready(value: Any) -> Any:
    """``value`` with every tuple a list and every enum member its value (as JSON reads it back)."""
    if isinstance(value, dict):
        return {key: _json_ready(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    return value


class _Unusual(Exception):
    """A value :func:`_json_plain` leaves to ``dataclasses.asdict``."""


_SCALARS = frozenset({str, int, bool, float, type(None)})
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _json_plain(value: Any) -> Any:
    """``_json_ready(dataclasses.asdict(value))`` for a dataclass of dataclasses, tuples,
    lists, enum members and plain scalars, in one walk without ``asdict``'s deep copies
    (about a seventh of its cost: every history written holds its spec); anything else
    raises :class:`_Unusual`.

    >>> _json_plain(Street(name="third street", down=2, up=1))["down"]
    2
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [_json_plain(item) for item in value]
    names = _FIELD_NAMES.get(kind)
    if names is None:
        if isinstance(value, Enum) and not isinstance(value, (list, tuple, dict)):
            return value.value
        if not dataclasses.is_dataclass(kind):
            raise _Unusual
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return {name: _json_plain(getattr(value, name)) for name in names}


def _tuples(value: Any) -> Any:
    """``value`` with every list a tuple (a JSON document's lists)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, (list, tuple)) else value


def _check(cond: bool, where: str, message: str) -> None:
    if not cond:
        raise RuleError(f"{where}: {message}")


# Enum members as module constants: Wilds.natural and Wilds.options run for every hand
# shown and every openers check, and an Enum class attribute costs ~70 ns in 3.11.
_JOKER_WILD = JokerRule.WILD
_ZERO_LOW = WildLow.ZERO
_DEAD_HAND = PenaltyRule.DEAD_HAND

_STREET_FLAGS = (
    "burn", "bet", "big_bet", "big_bet_on_open_pair", "pass_and_out", "no_check_raise", "community_fallback",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Street:
    """One street of a deal: cards dealt, an optional draw, then a betting round.

    ``down`` and ``up`` are the cards each player receives face down and face up;
    ``draw`` is the most cards a player may exchange (0 = no draw); ``burn`` burns
    one card before the street's cards; ``bet`` says whether a betting round
    follows; ``big_bet`` selects the big bet; ``big_bet_on_open_pair`` lets any
    player choose the big bet when an open pair shows (stud fourth street option);
    ``community_fallback`` deals one shared upcard when the deck cannot give every
    player his card; ``turn_up`` is a turn-up decision on this street
    (:class:`~splitpot.engine.choices.TurnUp`: Mexican stud, five-card stud's
    turn-up option); ``paid_draws`` makes the street's draw one card a turn for
    a fee, round and round (:class:`~splitpot.engine.paid_draws.PaidDraws`:
    aces-deuces; it needs ``draw=1``).

    >>> Street(name="seventh street", down=1, big_bet=True).cards_per_player
    1
    """

    name: str
    down: int = 0
    up: int = 0
    draw: int = 0
    burn: bool = False
    bet: bool = True
    big_bet: bool = False
    opener: Opener = Opener.BEST_SHOWING
    big_bet_on_open_pair: bool = False
    pass_and_out: bool = False
    no_check_raise: bool = False
    community_fallback: bool = False
    turn_up: TurnUp | None = None
    paid_draws: PaidDraws | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ArgumentTypeError(f"Street: name must be a str, got {describe(self.name)}.")
        where = f"Street {self.name!r}"
        for name in ("down", "up", "draw"):
            object.__setattr__(self, name, as_int(getattr(self, name), f"{where}: {name}", low=0))
        for name in _STREET_FLAGS:
            object.__setattr__(self, name, as_bool(getattr(self, name), f"{where}: {name}"))
        object.__setattr__(self, "opener", as_choice(self.opener, Opener, f"{where}: opener"))
        if isinstance(self.turn_up, dict):  # from to_dict()
            object.__setattr__(self, "turn_up", TurnUp(**self.turn_up))
        if isinstance(self.paid_draws, dict):  # from to_dict()
            object.__setattr__(self, "paid_draws", PaidDraws(**self.paid_draws))
        if self.paid_draws is not None:
            _check(isinstance(self.paid_draws, PaidDraws), where, "paid_draws must be a PaidDraws or None.")
            _check(self.draw == 1, where, "paid draws exchange one card a turn: give draw=1.")
        if self.turn_up is not None:
            _check(isinstance(self.turn_up, TurnUp), where, "turn_up must be a TurnUp or None.")
            _check(
                self.up > 0 if self.turn_up.before_deal else self.down > 0,
                where,
                "a turn-up before the deal needs upcards to deal face down instead; "
                "one after the deal needs a down card dealt on the street.",
            )
        _check(
            not self.community_fallback or self.cards_per_player == 1,
            where,
            "community_fallback needs exactly one card per player.",
        )

    @property
    def cards_per_player(self) -> int:
        """Cards each player receives on this street (draws not counted)."""
        return self.down + self.up


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """Forced bets and fixed limits in chips.

    ``blinds`` are posted from the dealer (``blinds_from`` seats left of the
    button: 0 = the dealer himself) and are live.  With ``blind_bet`` (the
    default) the largest blind is a bet the others must call; without it the
    blinds are live money only, counted toward their posters' calls, and the
    first player in must open or fold (California lowball, the rules, §5.6).

    >>> Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10).big_bet
    10
    >>> Stakes(small_bet=5, big_bet=4)
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: Stakes: big_bet (4) must be >= small_bet (5).
    """

    ante: int = 0
    bring_in: int = 0
    blinds: tuple[int, ...] = ()
    blinds_from: int = 1
    small_bet: int = 2
    big_bet: int = 4
    blind_bet: bool = True

    def __post_init__(self) -> None:
        blinds = as_sequence(self.blinds, "Stakes: blinds", "ints")
        object.__setattr__(self, "blinds", tuple(as_int(b, "Stakes: blinds") for b in blinds))
        object.__setattr__(self, "blind_bet", as_bool(self.blind_bet, "Stakes: blind_bet"))
        for name in ("ante", "bring_in", "small_bet", "big_bet", "blinds_from"):
            object.__setattr__(self, name, as_int(getattr(self, name), f"Stakes: {name}", low=0))
        _check(self.small_bet > 0, "Stakes", "small_bet must be > 0.")
        _check(
            self.big_bet >= self.small_bet,
            "Stakes",
            f"big_bet ({self.big_bet}) must be >= small_bet ({self.small_bet}).",
        )
        _check(
            self.bring_in <= self.small_bet,
            "Stakes",
            f"bring_in ({self.bring_in}) must be <= small_bet ({self.small_bet}).",
        )
        _check(all(b > 0 for b in self.blinds), "Stakes", "blinds must be > 0.")


@dataclass(frozen=True, slots=True, kw_only=True)
class Wilds:
    """Wild cards, the joker and penalty cards of a game (the rules, §2).

    ``wild`` names fully wild ranks or cards as the evaluator's ``wild=`` does
    (``("2",)`` = deuces wild; ``("Jd", "4h")`` = two cards); ``joker`` is
    ``None`` when the deck has no joker, else how it plays (``"bug"`` or
    ``"wild"``); ``wild_low`` is how wild cards count in a low; ``duplicate``
    lets a wild card repeat a held card in a high flush; ``penalty`` names
    penalty ranks or cards (the same forms) and ``penalty_rule`` what they do; ``positional`` makes a
    card of each player's own deal, with every card of its rank, wild for him
    alone (:class:`~splitpot.engine.positional.PositionalWild`: his hole card
    in Mexican stud, his lowest hole card, his first or third card, his lowest
    card), resolved
    per player at the showdown.  The showdown passes these
    to the evaluator; :meth:`options` gives them as its keywords.

    >>> Wilds(joker="bug").deck_size
    53
    >>> Wilds(wild=("2",)).options(low=False)
    {'wild': ('2',)}
    >>> Wilds(wild=("2",), wild_low="best-rank").options(low=True)
    {'wild': ('2',), 'wild_low': 'best-rank'}
    >>> Wilds(wild=("Z",))
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: Wilds: unknown wild rank or card 'Z': use a rank (2-9, T or 10, ...
    """

    wild: tuple[str, ...] = ()
    joker: JokerRule | None = None
    wild_low: WildLow = WildLow.ZERO
    duplicate: bool = False
    penalty: tuple[str, ...] = ()
    penalty_rule: PenaltyRule = PenaltyRule.DEAD_HAND
    positional: PositionalWild | None = None

    def __post_init__(self) -> None:
        # The evaluator's forms and checks: ranks or cards as text, cards as ints
        # (Card), None for none; a rank names a penalty card in every suit.
        try:
            object.__setattr__(self, "wild", wild_texts(self.wild, "wild"))
            object.__setattr__(self, "penalty", wild_texts(self.penalty, "penalty"))
            penalised = penalty_mask(self.penalty)
        except (CardError, RankingError) as err:
            raise RuleError(f"Wilds: {err}") from None
        except (ArgumentTypeError, CardTypeError) as err:
            raise type(err)(f"Wilds: {err}") from None
        _check(not penalised >> 52, "Wilds", "the joker cannot be a penalty card.")
        if self.joker is not None:
            object.__setattr__(self, "joker", as_choice(self.joker, JokerRule, "Wilds: joker"))
        object.__setattr__(self, "wild_low", as_choice(self.wild_low, WildLow, "Wilds: wild_low"))
        rule = as_choice(self.penalty_rule, PenaltyRule, "Wilds: penalty_rule")
        object.__setattr__(self, "penalty_rule", rule)
        object.__setattr__(self, "duplicate", as_bool(self.duplicate, "Wilds: duplicate"))
        if self.positional is not None:
            positional = as_choice(self.positional, PositionalWild, "Wilds: positional")
            object.__setattr__(self, "positional", positional)
        joker_wild = 1 << 52 if self.joker is _JOKER_WILD else 0
        check_wild_penalty(wild_mask(self.wild) | joker_wild, penalised, where="Wilds: ", error=RuleError)

    @property
    def deck_size(self) -> int:
        """52, or 53 with the joker."""
        return 52 if self.joker is None else 53

    @property
    def natural(self) -> bool:
        """True when nothing is wild and no card is a penalty card (a joker, if
        dealt, plays as the bug)."""
        return (
            not self.wild and self.joker is not _JOKER_WILD and not self.penalty
            and self.positional is None
        )

    def options(self, *, low: bool) -> dict[str, Any]:
        """The evaluator keywords for a high (``low=False``) or a low ranking;
        defaults are left out, so natural play takes the evaluator's fast path."""
        out: dict[str, Any] = {}
        if self.wild:
            out["wild"] = self.wild
        if self.joker is _JOKER_WILD:
            out["joker"] = "wild"
        if low and self.wild_low is not _ZERO_LOW:
            out["wild_low"] = str(self.wild_low)
        if not low and self.duplicate:
            out["duplicate"] = True
        if self.penalty:
            out["penalty"] = self.penalty
            if self.penalty_rule is not _DEAD_HAND:
                out["penalty_rule"] = str(self.penalty_rule)
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """A complete poker variant as data.

    ``high`` and ``low`` are ranking names (see :class:`splitpot.evaluate.Ranking`);
    ``None`` means that side is not played.  ``max_raises`` counts raises after
    the first bet (a bet and three raises by default); ``uncapped_heads_up``
    lifts the cap when only two players remain.  ``declare`` selects
    declarations and ``declare_both`` whether ``both`` may be declared (None: the
    mode's own — in the classic rules an in-turn declaration is ``high`` or ``low`` aloud,
    the simultaneous one has the blue chip); ``tie_keeps_half`` lets a both-declarer who ties one side keep
    the half he won outright.  ``low_qualifier`` caps a qualifying low: the
    highest rank it may hold, ace = 1 (use it with an ace-to-five low for
    "nine or better"; ``eight-or-better`` has its qualifier built in).
    ``hand_size`` is the number of cards in a ranked hand: 5 (the rankings of
    :class:`splitpot.evaluate.Ranking`), or 2 for two-card poker (aces-deuces,
    the rules §1), whose rankings are ``high`` and ``low`` of
    :func:`splitpot.two_card.evaluate_two`.
    ``opening`` is the opening requirement of the first betting round and what a
    deal nobody opens becomes (:class:`~splitpot.engine.openers.Opening`);
    ``draws`` the draw rules of a draw game (:class:`~splitpot.engine.draws.DrawRules`);
    ``sevens`` the lowball sevens rule (:class:`~splitpot.engine.sevens.Sevens`).

    >>> from splitpot.games import get_game
    >>> spec = get_game("seven-card-stud-8")
    >>> spec.high, spec.low, len(spec.streets)
    ('high', 'eight-or-better', 5)
    """

    name: str
    streets: tuple[Street, ...]
    stakes: Stakes = field(default_factory=Stakes)
    high: str | None = "high"
    low: str | None = None
    max_raises: int = 3
    uncapped_heads_up: bool = False
    declare: DeclareMode = DeclareMode.NONE
    declare_both: bool | None = None
    tie_keeps_half: bool = False
    low_qualifier: int | None = None
    odd_chip: OddChip = OddChip.BY_SUIT
    wilds: Wilds = field(default_factory=Wilds)
    min_players: int = 2
    max_players: int = 8
    options: tuple[tuple[str, Any], ...] = ()
    hand_size: int = 5
    opening: Opening | None = None
    draws: DrawRules | None = None
    sevens: Sevens = Sevens.OFF

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ArgumentTypeError(f"GameSpec: name must be a str, got {describe(self.name)}.")
        where = f"GameSpec {self.name!r}"
        object.__setattr__(self, "hand_size", as_int(self.hand_size, f"{where}: hand_size"))
        _check(self.hand_size in (2, 5), where,
               f"hand_size must be 5 or 2 (two-card poker), got {self.hand_size!r}.")
        object.__setattr__(self, "streets", as_sequence(self.streets, f"{where}: streets", "Street"))
        for street in self.streets:
            if not isinstance(street, Street):
                raise ArgumentTypeError(f"{where}: streets must hold Street objects, got {describe(street)}.")
        object.__setattr__(self, "stakes", as_stakes(self.stakes, where))
        if isinstance(self.wilds, Mapping):
            object.__setattr__(self, "wilds", _from_mapping(Wilds, self.wilds, f"{where}: wilds"))
        for name in ("high", "low"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise ArgumentTypeError(
                    f"{where}: {name} must be a ranking name or None, got {describe(value)}."
                )
            if isinstance(value, Ranking):
                object.__setattr__(self, name, value.value)
        for name in ("max_raises", "min_players", "max_players"):
            object.__setattr__(self, name, as_int(getattr(self, name), f"{where}: {name}"))
        qualifier = as_optional_int(self.low_qualifier, f"{where}: low_qualifier")
        object.__setattr__(self, "low_qualifier", qualifier)
        for name in ("uncapped_heads_up", "tie_keeps_half"):
            object.__setattr__(self, name, as_bool(getattr(self, name), f"{where}: {name}"))
        object.__setattr__(self, "declare", as_choice(self.declare, DeclareMode, f"{where}: declare"))
        if self.declare_both is None:
            object.__setattr__(self, "declare_both", self.declare is DeclareMode.SIMULTANEOUS)
        else:
            object.__setattr__(self, "declare_both", as_bool(self.declare_both, f"{where}: declare_both"))
            _check(not self.declare_both or self.declare is not DeclareMode.NONE, where,
                   "declare_both needs declarations (declare 'in_turn' or 'simultaneous').")
        _check(not self.tie_keeps_half or self.declare is not DeclareMode.NONE, where,
               "tie_keeps_half needs declarations (declare 'in_turn' or 'simultaneous').")
        object.__setattr__(self, "odd_chip", as_choice(self.odd_chip, OddChip, f"{where}: odd_chip"))
        _check(bool(self.streets), where, "needs at least one street.")
        _check(self.streets[0].cards_per_player > 0, where, "the first street must deal cards.")
        _check(self.high is not None or self.low is not None, where, "needs a high or a low ranking.")
        _check(self.high in (None, Ranking.HIGH.value), where,
               f"high must be 'high' or None, got {self.high!r}.")
        lows = [r.value for r in Ranking if r.is_low] if self.hand_size == 5 else ["low"]
        _check(self.low is None or self.low in lows, where,
               f"low must be None or one of {', '.join(lows)}; got {self.low!r}.")
        _check(isinstance(self.wilds, Wilds), where, "wilds must be a Wilds.")
        if self.hand_size == 2:
            self._check_two_card(where)
        _check(
            self.declare is DeclareMode.NONE or (self.high is not None and self.low is not None),
            where,
            "declarations need both a high and a low ranking.",
        )
        _check(self.max_raises >= 0, where, "max_raises must be >= 0.")
        _check(
            self.low_qualifier is None or (self.low is not None and 5 <= self.low_qualifier <= 13),
            where,
            "low_qualifier needs a low ranking and a rank from 5 to 13 (king).",
        )
        _check(2 <= self.min_players <= self.max_players, where, "need 2 <= min_players <= max_players.")
        from splitpot.engine.order import FIRST_TO_ACT  # (order reads Opener from here)

        for street in self.streets:
            rule = FIRST_TO_ACT[street.opener]
            if rule.brings_in:
                _check(street.up > 0, where, f"{street.name!r}: a bring-in needs upcards.")
                _check(self.stakes.bring_in > 0, where, "a bring-in street needs stakes.bring_in > 0.")
            if street.opener is Opener.LEFT_OF_BLINDS:
                _check(bool(self.stakes.blinds), where, "left_of_blinds needs stakes.blinds.")
            if rule.card is not None and not rule.brings_in:
                _check(street.up > 0, where, f"{street.name!r}: {street.opener} needs upcards.")
        forced = self.streets[0].opener if self.streets else None
        _check(
            not (self.stakes.blinds and forced is not None and FIRST_TO_ACT[forced].card is not None),
            where,
            f"blinds and a first bet forced by the cards ({forced}) would both open the first round: "
            "give one.",
        )
        self._check_positional(where)
        _check(
            len(self.stakes.blinds) <= self.min_players,
            where,
            "more blinds than min_players.",
        )
        self._check_draw_game(where)

    def _check_draw_game(self, where: str) -> None:
        """Checks of the draw-game fields (opening, draws, sevens)."""
        object.__setattr__(self, "sevens", as_choice(self.sevens, Sevens, f"{where}: sevens"))
        _check(self.opening is None or isinstance(self.opening, Opening), where,
               "opening must be an Opening or None.")
        _check(self.draws is None or isinstance(self.draws, DrawRules), where,
               "draws must be DrawRules or None.")
        if self.opening is not None:
            _check(self.streets[0].bet and self.streets[0].cards_per_player > 0, where,
                   "an opening requirement needs a first street that deals cards and bets.")
            _check(self.stakes.ante > 0 or bool(self.stakes.blinds), where,
                   "a game whose unopened deals are dealt again needs an ante (or blinds): every "
                   "passed-out deal then costs chips, so a table where nobody opens cannot deal forever.")
        if self.draws is not None and self.draws.ace_draw is not None:
            most = max(s.draw for s in self.streets)
            problem = ace_draw_problem(self.draws.ace_draw, most, self.hand_size, name="draws.ace_draw",
                                       most_name="the street's draw")
            _check(problem is None, where, f"{problem}.")
        _check(self.sevens is Sevens.OFF or self.low in ("ace-to-five", "deuce-to-seven", "ace-to-six"),
               where, "the sevens rule needs a lowball ranking (low='ace-to-five').")

    def _check_two_card(self, where: str) -> None:
        """Two-card hands: no qualifier, no flushes (duplicate), no zero in a low."""
        _check(self.low_qualifier is None, where, "two-card hands have no low qualifier.")
        _check(not self.wilds.duplicate, where, "duplicate applies to flushes; two-card hands have none.")
        _check(
            self.wilds.wild_low is WildLow.ZERO,
            where,
            "wild_low does not apply to two-card hands: a wild card there always takes the rank "
            "that makes the best hand; leave wild_low at its default.",
        )

    def _check_positional(self, where: str) -> None:
        """A positional wild rule needs the card it names to be dealt."""
        rule = self.wilds.positional
        if rule is None:
            return
        dealt = sum(s.cards_per_player for s in self.streets)
        if rule is PositionalWild.THIRD_CARD:
            _check(dealt >= 3, where,
                   f"positional third_card needs 3 cards dealt; {self.name} deals {dealt}.")
        elif rule in (PositionalWild.HOLE_CARD, PositionalWild.LOWEST_HOLE_CARD):
            downs = any(s.down or (s.turn_up is not None and s.turn_up.before_deal) for s in self.streets)
            _check(downs, where, f"positional {rule} needs a card dealt face down.")

    @property
    def natural_upcards(self) -> bool:
        """Whether the best showing hand reads the upcards as natural cards, with
        no wild card counted: Mexican stud's reading (the rules, §5.9), a property
        of its play, the flip (a street where each player must turn a card up),
        whatever its wild-card options; every other game counts the wild cards
        everyone shares (:func:`~splitpot.engine.order.showing_key_for`).

        >>> from splitpot.games import get_game
        >>> get_game("mexican-stud", positional=None, wild="2").natural_upcards
        True
        >>> get_game("five-card-stud", turn_up=True).natural_upcards
        False
        """
        return any(s.turn_up is not None and not s.turn_up.optional for s in self.streets)

    @property
    def split(self) -> bool:
        """True when the pot is split between a high and a low hand."""
        return self.high is not None and self.low is not None

    def with_declare_options(self) -> GameSpec:
        """This spec with its declaration options recorded in ``options`` (as the
        game factories record the options they were given); unchanged without
        declarations.

        >>> from splitpot.games import get_game
        >>> spec = get_game("aces-deuces", declare="in-turn")
        >>> spec.options[-3:]
        (('declare', 'in_turn'), ('both', False), ('tie_keeps_half', False))
        """
        if self.declare is DeclareMode.NONE:
            return self
        recorded = (("declare", str(self.declare)), ("both", self.declare_both),
                    ("tie_keeps_half", self.tie_keeps_half))
        return self.replace(options=(*self.options, *recorded))

    def replace(self, **changes: Any) -> GameSpec:
        """Return a copy with some fields changed (validated again).

        A variant is data: six-card stud is five-card stud with one more card down
        (at most eight players, for the 52 cards). It plays in :class:`State` and
        :class:`Session`, and its spec travels with the JSON of either:

        >>> from splitpot import History, Session, get_game
        >>> from splitpot.bots import SimpleBot
        >>> base = get_game("five-card-stud")
        >>> six = base.replace(name="six-card-stud", max_players=8,
        ...                    streets=base.streets + (Street(name="sixth street", down=1, big_bet=True),))
        >>> session = Session(six, [100] * 8, seed=3)
        >>> hands = session.play(3, SimpleBot(seed=1))
        >>> sum(session.stacks), max(len(hands[0].dealt_cards(seat)) for seat in range(8))
        (800, 6)
        >>> History.from_json(hands[0].history().to_json()).replay().spec == six
        True
        >>> Session.from_json(session.to_json()).stacks == session.stacks
        True
        """
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description from which :meth:`from_dict` rebuilds the spec:
        lists, plain strings and numbers only, so it equals its JSON text read back."""
        try:
            plain: dict[str, Any] = _json_plain(self)
        except _Unusual:  # an option's value of another type (a dict, a set): as asdict copies it
            plain = _json_ready(dataclasses.asdict(self))
        return plain

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSpec:
        """Rebuild a spec from :meth:`to_dict` output.

        >>> from splitpot.games import get_game
        >>> spec = get_game("aces-deuces")
        >>> import json
        >>> GameSpec.from_dict(json.loads(json.dumps(spec.to_dict()))) == spec
        True
        """
        if not isinstance(data, Mapping):
            raise ArgumentTypeError(f"GameSpec.from_dict takes a dict, got {describe(data)}.")
        data = dict(data)
        if "streets" in data:
            streets = as_sequence(data["streets"], "GameSpec: streets", "street dicts")
            data["streets"] = tuple(
                s if isinstance(s, Street) else _from_mapping(Street, s, "Street") if isinstance(s, Mapping)
                else s  # refused by __post_init__ with its type named
                for s in streets
            )
        if "options" in data:  # JSON lists back to the tuples the builders record
            data["options"] = tuple(
                tuple(_tuples(item) for item in pair) if isinstance(pair, (list, tuple)) else pair
                for pair in as_sequence(data["options"], "GameSpec: options", "pairs")
            )
        if isinstance(data.get("opening"), Mapping):
            opening = dict(data["opening"])
            if isinstance(opening.get("then"), Mapping):
                opening["then"] = cls.from_dict(opening["then"])
            data["opening"] = _from_mapping(Opening, opening, "GameSpec: opening")
        if isinstance(data.get("draws"), Mapping):
            data["draws"] = _from_mapping(DrawRules, data["draws"], "GameSpec: draws")
        result: GameSpec = _from_mapping(cls, data, "GameSpec")
        return result
