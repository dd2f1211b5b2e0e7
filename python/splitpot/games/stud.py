"""The seven-card stud family (the rules reference (docs/rules.md), §5.1-§5.3) as specs.

>>> spec = seven_card_stud()
>>> [s.name for s in spec.streets]
['third street', 'fourth street', 'fifth street', 'sixth street', 'seventh street']
>>> spec.streets[-1].community_fallback
True
>>> seven_card_stud_high_low(low="ace-to-six").low
'ace-to-six'
"""

from __future__ import annotations

from typing import Any

from splitpot.engine.spec import DeclareMode, GameSpec, Opener, Stakes, Street, as_stakes
from splitpot.errors import ArgumentTypeError, RuleError
from splitpot.evaluate import Ranking
from splitpot.validate import as_choice, check_keywords, describe, qualifier_value

__all__ = [
    "DEFAULT_STAKES",
    "qualifier_value",
    "seven_card_stud",
    "seven_card_stud_8",
    "seven_card_stud_declare",
    "seven_card_stud_high_low",
    "stud_streets",
]

DEFAULT_STAKES = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
"""Ante 1, bring-in 2, limits 5/10."""

_CLASSIC_LOWS = ("deuce-to-seven", "ace-to-six", "ace-to-five")
# The keywords each game takes (named in the refusal of any other).
_COMMON = frozenset({"open_pair", "uncapped_heads_up", "stakes"})
_KNOWN = {
    "seven-card-stud": _COMMON,
    "seven-card-stud-8": _COMMON | {"qualifier", "declare", "both", "tie_keeps_half"},
    "seven-card-stud-high-low": _COMMON | {"low", "declare", "both", "tie_keeps_half"},
    "seven-card-stud-declare": _COMMON | {"low", "declare", "both", "tie_keeps_half"},
}


def stud_streets(*, open_pair: bool = False) -> tuple[Street, ...]:
    """Third to seventh street: two down and one up, three up, one down.

    Small bets on third and fourth street (``open_pair``: an open pair on
    fourth street lets any player bet big), big bets from fifth street.
    """
    return (
        Street(name="third street", down=2, up=1, opener=Opener.BRING_IN),
        Street(name="fourth street", up=1, big_bet_on_open_pair=open_pair),
        Street(name="fifth street", up=1, big_bet=True),
        Street(name="sixth street", up=1, big_bet=True),
        Street(name="seventh street", down=1, big_bet=True, community_fallback=True),
    )


def refuse_blinds(name: str, stakes: Stakes) -> None:
    """The stud games and aces-deuces are played with antes (and a forced bet by
    the cards): blinds are California lowball's (the rules, §3), and so are the
    fields that say how they are posted (``blinds_from``, ``blind_bet``)."""
    if stakes.blinds:
        raise RuleError(f"{name} is played with antes: stakes may not have blinds (only california-lowball "
                        "has blinds).")
    plain = Stakes()
    posted = [f"{field}={getattr(stakes, field)!r}" for field in ("blinds_from", "blind_bet")
              if getattr(stakes, field) != getattr(plain, field)]
    if posted:
        raise RuleError(f"{name} has no blinds, so stakes {' and '.join(posted)} (how blinds are posted) "
                        "would do nothing; leave them out.")


def _stud(
    name: str,
    *,
    low: str | None,
    open_pair: bool,
    uncapped_heads_up: bool,
    stakes: Stakes | None,
    declare: DeclareMode = DeclareMode.NONE,
    declare_both: bool | None = None,
    tie_keeps_half: bool = False,
    extra: dict[str, Any],
) -> GameSpec:
    check_keywords(extra, _KNOWN[name], name)
    if stakes is not None:
        stakes = as_stakes(stakes, name, DEFAULT_STAKES)
        refuse_blinds(name, stakes)
    options: list[tuple[str, Any]] = [("open_pair", open_pair), ("uncapped_heads_up", uncapped_heads_up)]
    return GameSpec(
        name=name,
        streets=stud_streets(open_pair=open_pair),
        stakes=stakes or DEFAULT_STAKES,
        high="high",
        low=low,
        uncapped_heads_up=uncapped_heads_up,
        declare=declare,
        declare_both=declare_both,
        tie_keeps_half=tie_keeps_half,
        max_players=8,
        options=tuple(options),
    )


def seven_card_stud(
    *, open_pair: bool = False, uncapped_heads_up: bool = False, stakes: Stakes | None = None, **extra: Any
) -> GameSpec:
    """``seven-card-stud``: best five of seven for high (§5.1)."""
    return _stud("seven-card-stud", low=None, open_pair=open_pair,
                 uncapped_heads_up=uncapped_heads_up, stakes=stakes, extra=extra)


def seven_card_stud_8(
    *,
    qualifier: int | str = 8,
    declare: DeclareMode | str | None = None,
    both: bool | None = None,
    tie_keeps_half: bool = False,
    open_pair: bool = False,
    uncapped_heads_up: bool = False,
    stakes: Stakes | None = None,
    **extra: Any,
) -> GameSpec:
    """``seven-card-stud-8``: high and eight-or-better low split, cards speak (§5.2).

    ``qualifier`` changes the low qualifier (e.g. 9 or "9": nine or better; a rank
    or its number, up to "K" or 13);
    ``declare`` plays it with declarations (§4: an option of any high-low
    game), with ``both`` and ``tie_keeps_half`` as in the declare game; a low
    that does not qualify never wins a declared low.

    >>> seven_card_stud_8(qualifier=9).low_qualifier
    9
    >>> seven_card_stud_8(declare="in-turn", both=True).declare_both
    True
    """
    qualifier = qualifier_value(qualifier)
    mode = _optional_declare(declare)
    spec = _stud("seven-card-stud-8", low="eight-or-better", open_pair=open_pair,
                 uncapped_heads_up=uncapped_heads_up, stakes=stakes, declare=mode,
                 declare_both=both, tie_keeps_half=tie_keeps_half, extra=extra).with_declare_options()
    if qualifier == 8:
        return spec
    return spec.replace(low="ace-to-five", low_qualifier=qualifier,
                        options=(*spec.options, ("qualifier", qualifier)))


def _optional_declare(declare: DeclareMode | str | None) -> DeclareMode:
    """The ``declare=`` option of a game played without declarations by default."""
    return DeclareMode.NONE if declare is None else as_choice(declare, DeclareMode, "declare")


def _classic_low(low: str) -> str:
    """One of the classic lows, matched as every option value is (ignoring case,
    ``-`` and ``_`` alike), as the ranking spells it.

    >>> _classic_low("Ace_To_Six")
    'ace-to-six'
    """
    if not isinstance(low, str):
        raise ArgumentTypeError(
            f"low must be one of {', '.join(_CLASSIC_LOWS)} (a str), got {describe(low)}."
        )
    try:
        ranking = str(as_choice(low, Ranking, "low"))
    except RuleError:
        ranking = ""
    if ranking not in _CLASSIC_LOWS:
        raise RuleError(f"low must be one of {', '.join(_CLASSIC_LOWS)}; got {low!r}.")
    return ranking


def seven_card_stud_high_low(
    *,
    low: str = "deuce-to-seven",
    declare: DeclareMode | str | None = None,
    both: bool | None = None,
    tie_keeps_half: bool = False,
    open_pair: bool = False,
    uncapped_heads_up: bool = False,
    stakes: Stakes | None = None,
    **extra: Any,
) -> GameSpec:
    """``seven-card-stud-high-low``: classic split, no qualifier, cards speak (§5.3).

    ``declare`` plays it with declarations (§4: an option of any high-low
    game), with ``both`` and ``tie_keeps_half`` as in ``seven-card-stud-declare``,
    which is this game declared simultaneously by default.

    >>> seven_card_stud_high_low(declare="in-turn").declare_both
    False
    """
    mode = _optional_declare(declare)
    return _stud("seven-card-stud-high-low", low=_classic_low(low), open_pair=open_pair,
                 uncapped_heads_up=uncapped_heads_up, stakes=stakes, declare=mode,
                 declare_both=both, tie_keeps_half=tie_keeps_half, extra=extra).with_declare_options()


def seven_card_stud_declare(
    *,
    low: str = "deuce-to-seven",
    declare: DeclareMode | str | None = DeclareMode.SIMULTANEOUS,
    both: bool | None = None,
    tie_keeps_half: bool = False,
    open_pair: bool = False,
    uncapped_heads_up: bool = False,
    stakes: Stakes | None = None,
    **extra: Any,
) -> GameSpec:
    """``seven-card-stud-declare``: §5.3 with declarations (simultaneous by default).

    ``both``: whether ``both`` may be declared; by default yes when simultaneous
    (the blue chip), no when in turn (aloud, ``high`` or ``low``, as in the classic rules:
    the rules reference, docs/rules.md, §4).  ``declare=None`` is the game's own
    (simultaneous), as ``declare=None`` is every game's own.

    >>> seven_card_stud_declare(declare="in-turn").declare_both
    False
    >>> seven_card_stud_declare(declare="in-turn", both=True).declare_both
    True
    """
    mode = DeclareMode.SIMULTANEOUS if declare is None else as_choice(declare, DeclareMode, "declare")
    if mode is DeclareMode.NONE:
        raise RuleError("seven-card-stud-declare needs declare='in-turn' or 'simultaneous'.")
    return _stud("seven-card-stud-declare", low=_classic_low(low), open_pair=open_pair,
                 uncapped_heads_up=uncapped_heads_up, stakes=stakes, declare=mode,
                 declare_both=both, tie_keeps_half=tie_keeps_half, extra=extra)
