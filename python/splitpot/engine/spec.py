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
from dataclasses import dataclass, field
from enum import StrEnum, unique
from typing import Any

from splitpot.cards import parse_cards
from splitpot.engine.draws import DrawRules
from splitpot.engine.openers import Opening
from splitpot.engine.sevens import Sevens
from splitpot.errors import CardError, RankingError, RuleError
from splitpot.evaluate import Ranking
from splitpot.validate import as_bool, as_choice
from splitpot.wild import JokerRule, PenaltyRule, WildLow, wild_mask

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


def _check(cond: bool, where: str, message: str) -> None:
    if not cond:
        raise RuleError(f"{where}: {message}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Street:
    """One street of a deal: cards dealt, an optional draw, then a betting round.

    ``down`` and ``up`` are the cards each player receives face down and face up;
    ``draw`` is the most cards a player may exchange (0 = no draw); ``burn`` burns
    one card before the street's cards; ``bet`` says whether a betting round
    follows; ``big_bet`` selects the big bet; ``big_bet_on_open_pair`` lets any
    player choose the big bet when an open pair shows (stud fourth street option);
    ``community_fallback`` deals one shared upcard when the deck cannot give every
    player his card.

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

    def __post_init__(self) -> None:
        where = f"Street {self.name!r}"
        for name in ("down", "up", "draw"):
            value = getattr(self, name)
            _check(value >= 0, where, f"{name} must be >= 0, got {value}.")
        object.__setattr__(self, "opener", Opener(self.opener))
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
        object.__setattr__(self, "blinds", tuple(self.blinds))
        object.__setattr__(self, "blind_bet", as_bool(self.blind_bet, "Stakes: blind_bet"))
        for name in ("ante", "bring_in", "small_bet", "big_bet", "blinds_from"):
            value = getattr(self, name)
            _check(value >= 0, "Stakes", f"{name} must be >= 0, got {value}.")
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
    penalty cards and ``penalty_rule`` what they do.  The showdown passes these
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

    def __post_init__(self) -> None:
        wild = (self.wild,) if isinstance(self.wild, str) else tuple(self.wild)
        penalty = (self.penalty,) if isinstance(self.penalty, str) else tuple(self.penalty)
        object.__setattr__(self, "wild", tuple(str(w) for w in wild))
        object.__setattr__(self, "penalty", tuple(str(p) for p in penalty))
        if self.joker is not None:
            object.__setattr__(self, "joker", as_choice(self.joker, JokerRule, "Wilds: joker"))
        object.__setattr__(self, "wild_low", as_choice(self.wild_low, WildLow, "Wilds: wild_low"))
        rule = as_choice(self.penalty_rule, PenaltyRule, "Wilds: penalty_rule")
        object.__setattr__(self, "penalty_rule", rule)
        object.__setattr__(self, "duplicate", as_bool(self.duplicate, "Wilds: duplicate"))
        try:
            wild_mask(self.wild)
            penalty_cards = parse_cards(" ".join(self.penalty))
        except (CardError, RankingError) as err:
            raise RuleError(f"Wilds: {err}") from None
        _check(not any(c.is_joker for c in penalty_cards), "Wilds", "the joker cannot be a penalty card.")

    @property
    def deck_size(self) -> int:
        """52, or 53 with the joker."""
        return 52 if self.joker is None else 53

    @property
    def natural(self) -> bool:
        """True when nothing is wild and no card is a penalty card (a joker, if
        dealt, plays as the bug)."""
        return not self.wild and self.joker is not JokerRule.WILD and not self.penalty

    def options(self, *, low: bool) -> dict[str, Any]:
        """The evaluator keywords for a high (``low=False``) or a low ranking;
        defaults are left out, so natural play takes the evaluator's fast path."""
        out: dict[str, Any] = {}
        if self.wild:
            out["wild"] = self.wild
        if self.joker is JokerRule.WILD:
            out["joker"] = "wild"
        if low and self.wild_low is not WildLow.ZERO:
            out["wild_low"] = str(self.wild_low)
        if not low and self.duplicate:
            out["duplicate"] = True
        if self.penalty:
            out["penalty"] = " ".join(self.penalty)
            if self.penalty_rule is not PenaltyRule.DEAD_HAND:
                out["penalty_rule"] = str(self.penalty_rule)
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """A complete poker variant as data.

    ``high`` and ``low`` are ranking names (see :class:`splitpot.evaluate.Ranking`);
    ``None`` means that side is not played.  ``max_raises`` counts raises after
    the first bet (a bet and three raises by default); ``uncapped_heads_up``
    lifts the cap when only two players remain.  ``declare`` selects
    declarations; ``tie_keeps_half`` lets a both-declarer who ties one side keep
    the half he won outright.  ``low_qualifier`` caps a qualifying low: the
    highest rank it may hold, ace = 1 (use it with an ace-to-five low for
    "nine or better"; ``eight-or-better`` has its qualifier built in).
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
    tie_keeps_half: bool = False
    low_qualifier: int | None = None
    odd_chip: OddChip = OddChip.BY_SUIT
    wilds: Wilds = field(default_factory=Wilds)
    min_players: int = 2
    max_players: int = 8
    options: tuple[tuple[str, Any], ...] = ()
    opening: Opening | None = None
    draws: DrawRules | None = None
    sevens: Sevens = Sevens.OFF

    def __post_init__(self) -> None:
        where = f"GameSpec {self.name!r}"
        object.__setattr__(self, "streets", tuple(self.streets))
        object.__setattr__(self, "declare", DeclareMode(self.declare))
        object.__setattr__(self, "odd_chip", OddChip(self.odd_chip))
        _check(bool(self.streets), where, "needs at least one street.")
        _check(self.streets[0].cards_per_player > 0, where, "the first street must deal cards.")
        _check(self.high is not None or self.low is not None, where, "needs a high or a low ranking.")
        _check(self.high in (None, Ranking.HIGH.value), where,
               f"high must be 'high' or None, got {self.high!r}.")
        lows = [r.value for r in Ranking if r.is_low]
        _check(self.low is None or self.low in lows, where,
               f"low must be None or one of {', '.join(lows)}; got {self.low!r}.")
        _check(isinstance(self.wilds, Wilds), where, "wilds must be a Wilds.")
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
        for street in self.streets:
            if street.opener is Opener.BRING_IN:
                _check(street.up > 0, where, f"{street.name!r}: a bring-in needs upcards.")
                _check(self.stakes.bring_in > 0, where, "a bring-in street needs stakes.bring_in > 0.")
            if street.opener is Opener.LEFT_OF_BLINDS:
                _check(bool(self.stakes.blinds), where, "left_of_blinds needs stakes.blinds.")
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
            _check(self.draws.ace_draw > most, where,
                   f"draws.ace_draw ({self.draws.ace_draw}) must exceed the street's draw ({most}).")
        _check(self.sevens is Sevens.OFF or self.low in ("ace-to-five", "deuce-to-seven", "ace-to-six"),
               where, "the sevens rule needs a lowball ranking (low='ace-to-five').")

    @property
    def split(self) -> bool:
        """True when the pot is split between a high and a low hand."""
        return self.high is not None and self.low is not None

    def replace(self, **changes: Any) -> GameSpec:
        """Return a copy with some fields changed (validated again)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description from which :meth:`from_dict` rebuilds the spec."""
        data = dataclasses.asdict(self)
        data["options"] = [list(pair) for pair in self.options]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSpec:
        """Rebuild a spec from :meth:`to_dict` output.

        >>> from splitpot.games import get_game
        >>> spec = get_game("seven-card-stud")
        >>> GameSpec.from_dict(spec.to_dict()) == spec
        True
        """
        data = dict(data)
        data["streets"] = tuple(Street(**s) for s in data["streets"])
        stakes = dict(data["stakes"])
        stakes["blinds"] = tuple(stakes.get("blinds", ()))
        data["stakes"] = Stakes(**stakes)
        data["options"] = tuple((k, v) for k, v in data.get("options", ()))
        if "wilds" in data:
            data["wilds"] = Wilds(**data["wilds"])
        if data.get("opening") is not None:
            opening = dict(data["opening"])
            if opening.get("then") is not None:
                opening["then"] = cls.from_dict(opening["then"])
            data["opening"] = Opening(**opening)
        if data.get("draws") is not None:
            data["draws"] = DrawRules(**data["draws"])
        return cls(**data)
