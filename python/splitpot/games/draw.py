"""The draw games (the rules, §5.4-§5.7) as specs: jackpots, lowball, California
lowball and jacks back.

Every one deals five cards down, one at a time from the dealer's left, has a
betting round, one draw after a burn card and a second betting round; the stub
is reshuffled when it runs short, exposed cards follow the dealer-error rules,
and odd chips go to the first tied seat left of the dealer.

>>> spec = jackpots(max_draw=3, ace_draw=4, pass_and_out=True)
>>> [s.name for s in spec.streets], spec.streets[1].draw, spec.draws.ace_draw
(['before the draw', 'the draw'], 3, 4)
>>> lowball().wilds.deck_size, california_lowball(limit=5).stakes.blinds
(53, (1, 2, 2))
>>> california_lowball(limit=4)
Traceback (most recent call last):
...
splitpot.errors.RuleError: california-lowball: the blinds table covers limits 2, 3 and 5, not 4; ...

Readings (where the rules leave a choice):

- Limits: jackpots, lowball and jacks back bet the small bet before the draw
  and the big bet after it (default ante 1, limits 5/10; ``stakes=`` changes
  them; equal bets give one limit throughout).  California lowball's limit is
  the blinds' total before the draw and doubles after it.
- California blinds are live money, not a bet: each counts toward its poster's
  call, and the first player in (left of the last blind) must open for the
  limit or fold (pass and out); a blind poster facing no bet must also open or
  fold.  Limits outside the table (2, 3, 5) take ``blinds=``: at most three
  blinds, from the dealer leftward, whose total is the limit.  A game with
  three blinds needs three players.
- Jackpots' openers: a pair of jacks or better by the high ranking (the bug,
  when the game has a joker, counts as an ace or completes a straight or
  flush); ``openers="Q"`` and so on raise the requirement.  A player holding
  openers may check.  The proof shown at the end is the five cards the opener
  held when he opened, whether or not he stayed in.
- ``pass_and_out`` in jackpots and jacks back lets a player check before the
  opening; once the pot is opened, everyone who checked is out.  If everybody
  checks, nobody opened and the deal is passed out; if all but the opener
  checked, he takes the pot.
- A deal is passed out only after a betting round in which nobody opened; when
  fewer than two players can bet (the others all in, on the antes), there is
  no round and the deal is played out.  Every passed-out deal costs each player
  with chips an ante, so a table where nobody opens ends (the game is refused
  without an ante).
- Jacks back: nobody opens for jacks, so the same hands are played as
  ace-to-five lowball with no opening requirement; checking is allowed in that
  round too (otherwise "nobody opens that either" could not happen) and
  ``pass_and_out`` applies to it as to jackpots; after its draw betting starts
  left of the dealer.  The deck is jackpots' (52 cards, no joker unless
  ``joker=`` is given, which then holds for both parts).
- Lowball (§5.5) plays pass and out before the draw as the rules say: a player
  must bet or fold, so when all but one fold he takes the antes.
- The stub (§5.4): a draw the stub cannot serve gets all but the stub's last
  card, then the last card, the burn cards and the discards of the players
  already served are shuffled into a new stub, which serves the rest; folded
  hands are not shuffled in, and cards already reshuffled are not shuffled
  again (they are in the stub).  A draw is never served the last card of a
  stub; a draw no stub could serve is refused (it cannot happen with five-card
  hands from 52 or 53 cards).
- Exposed cards apply to every draw game: before the draw a card of rank 7 or
  lower (the ace, and the joker, low in a lowball game, high in jackpots) must
  be kept and a higher one may be refused; a refused card is dead and joins the
  muck that a later stub is made of.  A card exposed in the draw is dead and
  replaced once the other players are served (at once if they are).  The
  dealer keeps his own exposed cards, before or in the draw.  There is no
  misdeal rule: each exposure is settled on its own.
- California's "served exactly the number he asked for": ``draw(discards,
  asked=N)`` serves N cards whatever he discarded; a hand of more or fewer than
  five cards at showdown is dead (and if every hand is dead, the pot is split).
- ``no_check_raise`` (the rules, §3: an option; on by default in California
  lowball, off in the other draw games) holds after the draw only: a player who
  checked in that round may call or fold, not raise, as California's rule has
  it (§5.6); the betting before the draw is the same with it or without it.
  The spec records it among its options only when it is not the game's default,
  so hands recorded before the option existed replay as they were.
- The sevens rule (California only, ``sevens="lose-all"`` by default) is read
  in :mod:`splitpot.engine.sevens`.
"""

from __future__ import annotations

from typing import Any

from splitpot.engine.draws import DrawRules, ace_draw_problem
from splitpot.engine.openers import Opening
from splitpot.engine.sevens import Sevens
from splitpot.engine.spec import GameSpec, OddChip, Opener, Stakes, Street, Wilds, as_stakes
from splitpot.errors import ArgumentTypeError, RuleError
from splitpot.games.stud import refuse_blinds
from splitpot.validate import as_bool, as_choice, as_int, as_optional_int, check_keywords, describe
from splitpot.wild import JokerRule

__all__ = [
    "BLINDS_TABLE",
    "DRAW_STAKES",
    "california_lowball",
    "draw_streets",
    "jackpots",
    "jacks_back",
    "lowball",
]

DRAW_STAKES = Stakes(ante=1, small_bet=5, big_bet=10)
"""Ante 1, limits 5 before the draw and 10 after it."""

_JACKPOTS_OPTIONS = frozenset(
    {"pass_and_out", "max_draw", "ace_draw", "second_round", "openers", "stakes", "uncapped_heads_up",
     "no_check_raise"}
)

_LOWBALL_OPTIONS = frozenset({"pass_and_out", "max_draw", "stakes", "uncapped_heads_up", "no_check_raise"})
_CALIFORNIA_OPTIONS = frozenset(
    {"limit", "blinds", "sevens", "max_draw", "uncapped_heads_up", "no_check_raise"}
)

BLINDS_TABLE: dict[int, tuple[int, ...]] = {2: (1, 1), 3: (1, 1, 1), 5: (1, 2, 2)}
"""California lowball's blinds by limit, from the dealer leftward (the rules, §5.6)."""


def draw_streets(
    *,
    max_draw: int = 5,
    first: Opener = Opener.DEALER_LEFT,
    second: Opener = Opener.DEALER_LEFT,
    pass_and_out: bool = False,
    no_check_raise: bool = False,
) -> tuple[Street, ...]:
    """Five cards down and a betting round; a burn, one draw of up to
    ``max_draw`` cards and a betting round at the big bet.

    >>> [s.draw for s in draw_streets(max_draw=3)]
    [0, 3]
    """
    return (
        Street(name="before the draw", down=5, opener=first, pass_and_out=pass_and_out),
        Street(name="the draw", draw=max_draw, burn=True, big_bet=True, opener=second,
               no_check_raise=no_check_raise),
    )


def _stakes(stakes: object, name: str) -> Stakes:
    if stakes is None:
        return DRAW_STAKES
    stakes = as_stakes(stakes, name, DRAW_STAKES)
    if stakes.bring_in or stakes.blinds:
        raise RuleError(f"{name} is played with antes: stakes may not have a bring-in or blinds.")
    refuse_blinds(name, stakes)  # nor say how blinds are posted
    return stakes


def _draw_options(name: str, max_draw: object, ace_draw: object) -> tuple[int, int | None]:
    """``max_draw`` and ``ace_draw`` checked: an ace draw is more than ``max_draw``
    and at most 4, since the ace it is for is kept (the rules, §5.4: "3, or 4
    when the kept card is an ace").

    >>> _draw_options("jackpots", 3, 4)
    (3, 4)
    >>> _draw_options("jackpots", 3, 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: jackpots: ace_draw must be 4 with max_draw 3 (above max_draw, ...), got 5.
    """
    most = as_int(max_draw, f"{name}: max_draw", low=1, high=5)
    ace = as_optional_int(ace_draw, f"{name}: ace_draw")
    if ace is not None and (problem := ace_draw_problem(ace, most)) is not None:
        raise RuleError(f"{name}: {problem}.")
    return most, ace


def _no_check_raise(value: object, name: str, default: bool) -> tuple[bool, tuple[tuple[str, bool], ...]]:
    """``no_check_raise`` checked, and its record among the spec's options (none for the
    game's default, so a hand recorded before the option existed replays unchanged).

    >>> _no_check_raise(True, "lowball", False), _no_check_raise(True, "california-lowball", True)
    ((True, (('no_check_raise', True),)), (True, ()))
    """
    flag = as_bool(value, f"{name}: no_check_raise")
    return flag, (() if flag == default else (("no_check_raise", flag),))


def _second_round(value: object, name: str) -> Opener:
    second = as_choice(value, Opener, f"{name}: second_round")
    if second not in (Opener.OPENER, Opener.DEALER_LEFT):
        raise RuleError(f"{name}: second_round must be 'opener' or 'dealer-left'; got {value!r}.")
    return second


def _jackpots(
    name: str,
    *,
    pass_and_out: bool = False,
    max_draw: int = 5,
    ace_draw: int | None = None,
    second_round: str = "opener",
    openers: str = "J",
    stakes: Stakes | None = None,
    uncapped_heads_up: bool = False,
    no_check_raise: bool = False,
    **extra: Any,
) -> GameSpec:
    check_keywords(extra, _JACKPOTS_OPTIONS, name)
    most, ace = _draw_options(name, max_draw, ace_draw)
    second = _second_round(second_round, name)
    out = as_bool(pass_and_out, f"{name}: pass_and_out")
    heads_up = as_bool(uncapped_heads_up, f"{name}: uncapped_heads_up")
    checked, recorded = _no_check_raise(no_check_raise, name, False)
    return GameSpec(
        name=name,
        streets=draw_streets(max_draw=most, second=second, no_check_raise=checked),
        stakes=_stakes(stakes, name),
        high="high",
        uncapped_heads_up=heads_up,
        odd_chip=OddChip.BY_POSITION,
        opening=Opening(minimum=openers, pass_and_out=out),
        draws=DrawRules(ace_draw=ace),
        options=(("pass_and_out", out), ("max_draw", most), ("ace_draw", ace),
                 ("second_round", str(second)), ("openers", openers), ("uncapped_heads_up", heads_up),
                 *recorded),
    )


def jackpots(**options: Any) -> GameSpec:
    """``jackpots``: draw poker for high, jacks or better to open (§5.4).

    Options: ``pass_and_out`` (False): a player who checked before the opening
    is out once it is opened; ``max_draw`` (5): the most cards a player may
    draw, ``ace_draw`` (None) the most when he keeps an ace (e.g. 3 and 4;
    above ``max_draw`` and at most 4, the ace being kept);
    ``second_round`` (``"opener"``): the betting after the draw starts with the
    opener, or left of the dealer (``"dealer-left"``); ``openers`` (``"J"``):
    the smallest pair that opens; ``stakes`` (ante 1, limits 5/10);
    ``uncapped_heads_up``; ``no_check_raise`` (False): after the draw a player
    who checked may call or fold, not raise (§3).

    >>> jackpots(second_round="dealer-left").streets[1].opener
    <Opener.DEALER_LEFT: 'dealer_left'>
    """
    return _jackpots("jackpots", **options)


def lowball(
    *,
    pass_and_out: bool = True,
    max_draw: int = 5,
    stakes: Stakes | None = None,
    uncapped_heads_up: bool = False,
    no_check_raise: bool = False,
    **extra: Any,
) -> GameSpec:
    """``lowball``: ace-to-five draw with the joker as the bug (§5.5); pass and
    out before the draw (``pass_and_out=False``: checking allowed), betting after
    the draw from the dealer's left (``no_check_raise=True``: a player who
    checked there may call or fold, not raise).  ``joker=None`` (a registry
    option) deals without the joker.

    >>> lowball().low, lowball().wilds.joker
    ('ace-to-five', <JokerRule.BUG: 'bug'>)
    """
    name = "lowball"
    check_keywords(extra, _LOWBALL_OPTIONS, name)
    most, _ = _draw_options(name, max_draw, None)
    out = as_bool(pass_and_out, f"{name}: pass_and_out")
    heads_up = as_bool(uncapped_heads_up, f"{name}: uncapped_heads_up")
    checked, recorded = _no_check_raise(no_check_raise, name, False)
    return GameSpec(
        name=name,
        streets=draw_streets(max_draw=most, pass_and_out=out, no_check_raise=checked),
        stakes=_stakes(stakes, name),
        high=None,
        low="ace-to-five",
        uncapped_heads_up=heads_up,
        odd_chip=OddChip.BY_POSITION,
        wilds=Wilds(joker=JokerRule.BUG),
        draws=DrawRules(),
        options=(("pass_and_out", out), ("max_draw", most), ("uncapped_heads_up", heads_up), *recorded),
    )


def _blinds(limit: int, blinds: object, name: str) -> tuple[int, ...]:
    if blinds is None:
        table = BLINDS_TABLE.get(limit)
        if table is None:
            raise RuleError(
                f"{name}: the blinds table covers limits 2, 3 and 5, not {limit}; give blinds= (at most "
                f"three, from the dealer leftward, totalling the limit), e.g. blinds=(1, 1, {limit - 2})."
            )
        return table
    if isinstance(blinds, (str, bytes)) or not hasattr(blinds, "__iter__"):
        raise ArgumentTypeError(f"{name}: blinds must be a sequence of ints, got {describe(blinds)}.")
    out = tuple(as_int(b, f"{name}: a blind", low=1) for b in blinds)
    if not 1 <= len(out) <= 3 or sum(out) != limit:
        raise RuleError(
            f"{name}: blinds must be one to three amounts totalling the limit {limit}; got {list(out)}."
        )
    return out


CALIFORNIA_LIMIT = 2
"""California lowball's limit before the draw when none is given (the rules, §5.6: blinds 1 and 1)."""


def california_lowball(
    *,
    limit: int = CALIFORNIA_LIMIT,
    blinds: tuple[int, ...] | None = None,
    sevens: Sevens | str = Sevens.LOSE_ALL,
    max_draw: int = 5,
    uncapped_heads_up: bool = False,
    no_check_raise: bool = True,
    **extra: Any,
) -> GameSpec:
    """``california-lowball``: lowball with live blinds (§5.6).

    ``limit`` (2, 3 or 5 from the blinds table; another with ``blinds=``) is
    the bet before the draw, doubled after it; the first player to act sits
    left of the last blind; pass and out before the draw, no check-raise after
    it (``no_check_raise=False`` allows one); ``sevens`` is the sevens rule
    (``"lose-all"``, ``"forfeit-pot"`` or ``"off"``); a player is served the
    number of cards he asks for, and a hand of more or fewer than five cards at
    showdown is dead.

    >>> spec = california_lowball(limit=3)
    >>> spec.stakes.blinds, spec.stakes.small_bet, spec.stakes.big_bet, str(spec.sevens)
    ((1, 1, 1), 3, 6, 'lose-all')
    >>> california_lowball(limit=4, blinds=(1, 1, 2)).min_players
    3
    """
    name = "california-lowball"
    check_keywords(extra, _CALIFORNIA_OPTIONS, name)
    size = as_int(limit, f"{name}: limit", low=2)
    posted = _blinds(size, blinds, name)
    rule = as_choice(sevens, Sevens, f"{name}: sevens")
    most, _ = _draw_options(name, max_draw, None)
    heads_up = as_bool(uncapped_heads_up, f"{name}: uncapped_heads_up")
    checked, recorded = _no_check_raise(no_check_raise, name, True)
    return GameSpec(
        name=name,
        streets=draw_streets(max_draw=most, first=Opener.LEFT_OF_BLINDS, pass_and_out=True,
                             no_check_raise=checked),
        stakes=Stakes(blinds=posted, blinds_from=0, small_bet=size, big_bet=2 * size, blind_bet=False),
        high=None,
        low="ace-to-five",
        uncapped_heads_up=heads_up,
        odd_chip=OddChip.BY_POSITION,
        wilds=Wilds(joker=JokerRule.BUG),
        draws=DrawRules(as_asked=True),
        sevens=rule,
        min_players=max(2, len(posted)),
        options=(("limit", size), ("sevens", str(rule)), ("max_draw", most),
                 ("uncapped_heads_up", heads_up), *recorded),
    )


def jacks_back(**options: Any) -> GameSpec:
    """``jacks-back``: jackpots; if nobody opens, the same hands are played as
    ace-to-five lowball from the dealer's left; if nobody opens that either,
    the deal is passed out (§5.7).  Options as for :func:`jackpots` (``no_check_raise``
    holds after either part's draw).

    >>> spec = jacks_back()
    >>> spec.high, spec.opening.then.low, spec.opening.then.opening.minimum
    ('high', 'ace-to-five', None)
    """
    base = _jackpots("jacks-back", **options)
    assert base.opening is not None
    low = GameSpec(
        name="jacks-back (lowball)",
        streets=draw_streets(max_draw=base.streets[1].draw, no_check_raise=base.streets[1].no_check_raise),
        stakes=base.stakes,
        high=None,
        low="ace-to-five",
        uncapped_heads_up=base.uncapped_heads_up,
        odd_chip=OddChip.BY_POSITION,
        opening=Opening(minimum=None, pass_and_out=base.opening.pass_and_out),
        draws=base.draws,
    )
    opening = Opening(minimum=base.opening.minimum, pass_and_out=base.opening.pass_and_out, then=low)
    return base.replace(opening=opening)
