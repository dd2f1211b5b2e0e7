"""The text of a hand as ``splitpot play`` tells it, one line per step.

``narrate(state, names, viewer=)`` gives each line with the index of the event
it tells; ``describe_hand`` is its text.  The other seats' down cards are
hidden from ``viewer`` (a seat, None for a spectator) until shown; ``viewer=ALL``
tells every card (a finished hand's replay, never a player's eyes).  A front end
names the person's own seat ``names[seat] + YOU`` (``P2 (you)``); the lines then
say ``your`` for its possessive, as :func:`possessive` does.

>>> from splitpot.engine.state import State
>>> from splitpot.games import get_game
>>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
>>> narrate(state, ["Al", "Bo"])[:3]
[(-1, 'button: Al; stacks: Al 50, Bo 50'), (2, 'antes: Bo 1, Al 1'), (2, '*** third street *** (pot 2)')]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

from splitpot.cards import _RANK_PLURALS
from splitpot.engine import events as ev
from splitpot.engine import history as _history
from splitpot.engine.history import Viewer as Viewer  # whose eyes tell a hand: a seat, None, ALL
from splitpot.engine.order import FIRST_TO_ACT, showing_hand
from splitpot.engine.positional import RULE_TEXT, PositionalWild
from splitpot.engine.showdown import hand_pots
from splitpot.engine.spec import GameSpec, OddChip, Opener
from splitpot.engine.state import Phase, State
from splitpot.validate import as_int

__all__ = ["ALL", "YOU", "Viewer", "describe_hand", "narrate", "possessive"]


def _cards(cards: Sequence[int]) -> str:
    return " ".join(ev.card_text(c) for c in cards)


_SIDE_TEXT = {
    "high": "the high half of",
    "low": "the low half of",
    "pot": "all of",
    "uncontested": "all of",
    "equal": "an equal share of",
}
_TIED_TEXT = {
    "high": "a share of the high half of",
    "low": "a share of the low half of",
    "pot": "a share of",
}
"""How a share is told where tied hands split that part of the pot."""


ALL: Final = _history.ALL
"""``viewer=ALL``: a narration that tells every card, every seat's down cards
included (the replay of a finished hand's record, a test); never for a player's
eyes.  (The same object as :data:`splitpot.engine.history.ALL`, which
``History.to_dict(viewer=)`` and ``phh.dumps(viewer=)`` take too.)"""

def describe_hand(state: State, names: Sequence[str], *, viewer: Viewer = None) -> list[str]:
    """The hand as a person would read it, one line per step.

    ``viewer``: the seat whose eyes tell it (the other seats' down cards are
    written ``??`` until shown at showdown); None, the default: a spectator's,
    who sees only the public cards and those shown, as :meth:`State.view(None)
    <splitpot.engine.state.State.view>`; :data:`ALL`: every card is told.

    >>> from splitpot.games import get_game
    >>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
    >>> describe_hand(state, ["Al", "Bo"])[3]
    '  Bo: [?? ??] 9d'
    >>> describe_hand(state, ["Al", "Bo"], viewer=ALL)[3]
    '  Bo: [5d 2s] 9d'
    """
    return [text for _, text in narrate(state, names, viewer=viewer)]


def narrate(state: State, names: Sequence[str], *, viewer: Viewer = None) -> list[tuple[int, str]]:
    """:func:`describe_hand` with, before each line, the index in ``state.events``
    of the event that it tells (-1 for the opening line).  A hand's lines only
    grow as its events do: the lines of a hand so far begin the lines of the
    whole hand, so a front end prints the new ones as play goes on.
    ``viewer`` as :func:`describe_hand` takes it (default: a spectator's).
    """
    if viewer is not None and viewer is not ALL:
        viewer = as_int(viewer, "viewer (a seat, None for a spectator, or ALL)", low=0, high=state.seats - 1)
    spec = state.spec
    lines = [f"button: {names[state.button]}; stacks: "
             + ", ".join(f"{names[s]} {state.starting_stacks[s]}" for s in range(state.seats))]
    down: dict[int, list[int]] = {s: [] for s in range(state.seats)}
    up: dict[int, list[int]] = {s: [] for s in range(state.seats)}
    community: list[int] = []  # the community card stud deals when the stub runs short
    declared: dict[int, str] = {}  # seat: his declaration
    shown: dict[int, ev.CardsShown] = {}
    won_high: dict[int, int] = {}  # pot: the seat that won its high half alone (-1: tied)
    pot = 0
    street_opener: Opener | None = None
    street = spec.streets[0]
    side_pots_for = _side_pot_players(state, names)  # who may win each side pot: said before its award
    first_action = False
    antes: list[str] = []
    awarded = Counter((e.pot, e.side) for e in state.events if isinstance(e, ev.PotAwarded))
    pots_named = len({pot for pot, side in awarded if side != "returned"}) > 1  # (the sevens rule's
    # chips given back are no pot of their own)
    sevens = _sevens_checkers(state)
    turned: set[int] = set()  # seats whose last card comes face down (five-card stud's turn-up)
    openings = _openings(state)
    dealing = False  # cards dealt now belong to the deal, not a replacement
    owners: list[int] = []  # owners[i]: the event whose step wrote lines[i]
    stacks = list(state.starting_stacks)  # each seat's chips after the event: who is all in
    passed_out: str | None = None  # pass and out: the line of the checkers out, told after the opening
    drawn = False  # a draw made in this street, the betting after it not yet headed
    previous = -1
    for index, event in enumerate(state.events):  # the showdown's hands as the engine shows them
        owners += [previous] * (len(lines) - len(owners))
        previous = index
        if isinstance(event, (ev.Forfeited, ev.PotAwarded)) and event.pot in side_pots_for:
            lines.append(side_pots_for.pop(event.pot))
        if isinstance(event, (ev.BetReturned, ev.PotAwarded)):
            stacks[event.seat] += event.amount
        elif isinstance(event, _CHIPS_IN):
            stacks[event.seat] -= event.amount
        if isinstance(event, ev.Redealt):
            down = {s: [] for s in range(state.seats)}
            up = {s: [] for s in range(state.seats)}
        dealing = isinstance(event, (ev.StreetStarted, ev.CardsDealt, ev.CardBurned)) and (
            dealing or isinstance(event, ev.StreetStarted))
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
            drawn = False
            lines.append(f"*** {event.name} *** (pot {pot})")
        elif isinstance(event, ev.CardsDealt) and not dealing and event.seat is not None:
            lines.append(f"  {names[event.seat]} receives a card for the exposed one")
        elif isinstance(event, ev.CardsDealt):
            if event.seat is None:
                community.extend(event.cards)
                lines.append(f"  not enough cards for everyone: community card {_cards(event.cards)}")
                continue
            (up if event.up else down)[event.seat].extend(event.cards)
            if event.up or not street.up or event.seat in turned:
                seat = event.seat
                lines.append(f"  {names[seat]}: {_holding(seat, down, up, viewer)}".rstrip())
        elif isinstance(event, ev.CardBurned):
            lines.append("  (burn)")
        elif isinstance(event, ev.BetReturned):
            pot -= event.amount
            lines.append(f"  uncalled bet of {event.amount} returned to {names[event.seat]}")
        elif (told := _variant_lines(event, names, down, up, turned, spec, viewer,
                                     fee=_fee_after(state.events, index))) is not None:
            lines.extend(told)
        elif isinstance(event, ev.PassersOut):  # logged as the opening bet is made: told after it
            passed_out = _draw_game_text(event, names, state.button, pot)
        elif (text := _draw_game_text(event, names, state.button, pot)) is not None:
            lines.append(text)
        elif event.player_action and not isinstance(event, (ev.Declared, ev.Drew)):
            seat = event.seat  # type: ignore[attr-defined]
            if drawn:  # the first bet after a draw: the betting round after it is headed
                lines.append(f"*** {AFTER_THE_DRAW} *** (pot {pot})")
                drawn = False
                first_action = True
            if first_action and (why := _why_first(street_opener, names[seat], up[seat], spec)):
                lines.append(why)
            first_action = False
            amount = getattr(event, "amount", 0)
            pot += amount
            text = _action_text(event, names[seat], opens=id(event) in openings)
            all_in = amount and stacks[seat] == 0
            lines.append("  " + text + (" (all in)" if all_in else ""))
            if passed_out:  # those who checked go out when the pot is opened
                lines.append(passed_out)
                passed_out = None
        elif isinstance(event, ev.Drew):
            drawn = street.paid_draws is None  # (a paid draw's betting is the next street's)
            line = (f"  {names[event.seat]} discards {len(event.discarded)}, draws {len(event.received)}"
                    if event.discarded or event.received else f"  {names[event.seat]} stands pat")
            if event.seat == viewer and event.received:  # his own draw: the cards he threw and got
                line += (f" (throws {_cards(event.discarded)}, "
                         f"gets {_cards(event.received)})")
            lines.append(line)
        elif isinstance(event, ev.Declared):
            declared[event.seat] = event.choice
            if spec.declare.value == "in_turn":
                lines.append(f"  {names[event.seat]} declares {event.choice}")
        elif isinstance(event, ev.DeclarationsRevealed):
            lines.append("  declarations revealed: "
                         + ", ".join(f"{names[s]} {c}" for s, c in event.choices))
        elif isinstance(event, ev.CardsShown):
            shown[event.seat] = event
            hands = [h for h in (event.high and f"high: {one_bracket(event.high)}",
                                 event.low and f"low: {one_bracket(event.low)}") if h]
            if spec.low is not None and not event.low and not (event.high or "").startswith("dead hand"):
                hands.append(no_low(spec))
            shared = f" + {_cards(community)} community" if community else ""  # (stud's short deck)
            lines.append(f"  {names[event.seat]} shows {_cards(event.cards)}{shared} ({'; '.join(hands)})")
        elif isinstance(event, ev.Forfeited):
            which = ("main pot" if event.pot == 0 else f"side pot {event.pot}") if pots_named else "pot"
            lines.append(f"  {names[event.seat]} declared both but did not win both sides outright: "
                         f"forfeits the {which}")
        elif isinstance(event, ev.PotAwarded) and event.side == "returned":
            lines.append(_returned_text(event, names, sevens))
        elif isinstance(event, ev.PotAwarded):
            which = ("main pot" if event.pot == 0 else f"side pot {event.pot}") if pots_named else "pot"
            why = f" with {one_bracket(event.hand)}" if event.hand else ""
            if event.side == "uncontested":
                why = ": everyone else folded" if len(state.active) == 1 else ": nobody else could win it"
            elif event.side == "equal":
                why = ": nobody won as declared, split equally"
            tied = awarded[event.pot, event.side] > 1 and event.side in _TIED_TEXT
            if event.side == "pot" and spec.split and spec.declare.value == "none":
                why = _noted(why, no_low(spec) if tied else f"{no_low(spec)}: scoops")
            elif event.side == "pot" and spec.split:  # declarations: why one side takes it all
                reason = _one_side_why(event, names, declared, shown, spec)
                why = _noted(why, reason if tied else f"{reason}: scoops")
            elif event.side == "low" and not tied and won_high.get(event.pot) == event.seat:
                why = _noted(why, "both halves: scoops")  # cards speak, one hand best both ways
            if tied and (odd := _odd_chip_why(state, event, shown, _won_on(event, declared, shown, spec))):
                why = _noted(why, odd)
            if event.seat in sevens:  # (a checker only where chips went back)
                why = _noted(why, "the pot as it stood when he checked a seven or better: the sevens rule")
            if event.side == "high":
                won_high[event.pot] = event.seat if not tied else -1
            side = _TIED_TEXT[event.side] if tied else _SIDE_TEXT[event.side]
            lines.append(f"{names[event.seat]} wins {side} the {which} ({event.amount}){why}")
        elif isinstance(event, ev.HandEnded):
            lines.append("stacks: " + ", ".join(
                f"{names[s]} {event.stacks[s]} ({event.stacks[s] - state.starting_stacks[s]:+d})"
                for s in range(state.seats)))
    # Waiting for the first bet after the draw: its heading, as it comes before that bet once made.
    if drawn and state.phase is Phase.BETTING:
        lines.append(f"*** {AFTER_THE_DRAW} *** (pot {pot})")
        first_action = True
    # Waiting for the round's first action: why this player acts first, told before he acts
    # (the same line that comes before his action once he has).
    actor = state.actor if first_action and state.phase in (Phase.BRING_IN, Phase.BETTING) else None
    if actor is not None and (why := _why_first(street_opener, names[actor], up[actor], state.spec)):
        lines.append(why)
    owners += [len(state.events) - 1] * (len(lines) - len(owners))
    return list(zip(owners, lines, strict=True))


AFTER_THE_DRAW = "after the draw"
"""The heading of a draw game's betting round after its draw (the engine logs no street for it)."""


def _noted(text: str, note: str) -> str:
    """``text`` with ``note`` in parentheses, inside those it ends with (a hand's own:
    "five-four low (wheel; both halves: scoops)"): never two pairs side by side.

    >>> _noted(" with pair of sixes", "no low: scoops"), _noted(" with wheel (2c as Ah)", "scoops")
    (' with pair of sixes (no low: scoops)', ' with wheel (2c as Ah; scoops)')
    """
    return f"{text[:-1]}; {note})" if text.endswith(")") else f"{text} ({note})"


def _one_side_why(event: ev.PotAwarded, names: Sequence[str], declared: dict[int, str],
                  shown: dict[int, ev.CardsShown], spec: GameSpec) -> str:
    """Why a declared pot went whole to one side: nobody declared the other, or those
    who did had no hand for it ("P0 declared low with no qualifying low").  The
    winner's side is his declaration (a hand's texts may read alike both ways:
    "pair of queens" high and ace-to-five low); only where he declared both is it
    read from the hand he won with (:func:`_won_on`)."""
    side = _won_on(event, declared, shown, spec)
    other = "high" if side == "low" else "low"
    them = [s for s, choice in declared.items() if choice == other and s != event.seat]
    if not them:
        both = [names[s] for s, choice in declared.items() if choice == "both" and s != event.seat]
        if both:  # who declared both and lost: his 'low' (or 'high') forfeited, not undeclared
            return f"{', '.join(both)} forfeit{'s' * (len(both) == 1)} and nobody else declared {other}"
        return f"nobody declared {other}"
    lacking = no_low(spec) if other == "low" else "no high hand"
    return f"{', '.join(names[s] for s in them)} declared {other} with {lacking}"


def no_low(spec: GameSpec) -> str:
    """How a hand without a low is said: "no qualifying low" where the low has a
    qualifier (eight or better, ``low_qualifier``), else "no low".

    >>> from splitpot.games import get_game
    >>> no_low(get_game("seven-card-stud-8")), no_low(get_game("seven-card-stud-high-low"))
    ('no qualifying low', 'no low')
    """
    qualified = spec.low == "eight-or-better" or spec.low_qualifier is not None
    return "no qualifying low" if qualified else "no low"


def _why_first(opener: Opener | None, name: str, up: Sequence[int], spec: GameSpec) -> str | None:
    """Why a round's first player acts first, where his upcards say so (with the
    hand they show where wild cards count: K-7-8-2 with deuces wild is a pair): the
    opener's line in :data:`~splitpot.engine.order.FIRST_TO_ACT` (None: no street yet,
    or a rule of position)."""
    why = None if opener is None else FIRST_TO_ACT[opener].why
    if not up or why is None:
        return None
    shown = showing_hand(up, spec.wilds, natural=spec.natural_upcards) if "{upcards}" in why else None
    upcards = _cards(up) + (": " + shown if shown else "")
    return "  " + why.format(name=name, card=_cards(up[-1:]), upcards=upcards)


FORCED_OPENERS = {opener: rule.card for opener, rule in FIRST_TO_ACT.items() if rule.must_bet}
"""The openers whose upcard must bet (five-card stud), by the upcard they name."""


def _variant_lines(
    event: ev.Event,
    names: Sequence[str],
    down: dict[int, list[int]],
    up: dict[int, list[int]],
    turned: set[int],
    spec: GameSpec,
    viewer: Viewer = None,
    *,
    fee: int = 0,
) -> list[str] | None:
    """The lines of the events of turn-ups, players' own wild cards and paid
    draws (None for other events); keeps ``down``, ``up`` and ``turned`` in step.
    Down cards of seats other than ``viewer`` stay hidden (:data:`ALL`: none).  A paid
    draw is told with its ``fee`` (the event after it): "P0 replaces his up card
    9h with 6s and pays 1"."""
    if isinstance(event, ev.Drew) and any(s.paid_draws is not None for s in spec.streets):
        name, seat = names[event.seat], event.seat
        pays = f" and pays {fee}" if fee else ""
        for old, new in zip(event.discarded, event.received, strict=True):
            pile = down[seat] if old in down[seat] else up[seat]
            pile[pile.index(old)] = new
            where = "down" if pile is down[seat] else "up"
            seen = where == "up" or viewer is ALL or viewer == seat
            cards = f" {_cards([old])} with {_cards([new])}" if seen else ""
            return [f"  {name} replaces his {where} card{cards}{pays}"]
        return [f"  {name} stands: {_holding(seat, down, up, viewer)}"]
    if isinstance(event, ev.DrawFeePaid):  # told with the draw it pays for
        return []
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
            shows = _holding(seat, down, up, viewer)
            out.append(f"  {names[seat]} turns up {_cards([card])}: {shows}")
        return out
    if isinstance(event, ev.PlayerWild):
        rank = _RANK_PLURALS[event.card >> 2]
        rule, whose = RULE_TEXT[PositionalWild(event.rule)], possessive(names[event.seat])
        if whose == "your":  # the person's: "your hole card (with all your sevens)", not "his"
            rule = "your" + rule.removeprefix("his")
        else:
            whose = "his"
        return [f"  {_cards([event.card])} is wild for {names[event.seat]}: {rule} (with all {whose} {rank})"]
    return None


def _fee_after(events: Sequence[ev.Event], index: int) -> int:
    """The fee paid for the draw ``events[index]`` (logged right after it), else 0."""
    following = events[index + 1] if index + 1 < len(events) else None
    return following.amount if isinstance(following, ev.DrawFeePaid) else 0


def _side_pot_players(state: State, names: Sequence[str]) -> dict[int, str]:
    """For each side pot of a settled hand that more than one player may win, the line
    naming them, told before its award (the award names the winner, not who else
    could win it): ``only P1, P2, P3 may win the side pot 1 (15): P0 is all in for
    less``.  The pots are made as the showdown makes them, from the antes and bets
    (aces-deuces' draw fees are dead money in the main pot); where the awards are
    not those pots (the sevens rule's), nothing is said.
    """
    won: dict[int, int] = {}
    for event in state.events:
        if isinstance(event, ev.PotAwarded) and event.side != "returned":
            won[event.pot] = won.get(event.pot, 0) + event.amount
    if len(won) < 2:
        return {}
    put, fees = [0] * state.seats, [0] * state.seats
    for event in state.events:
        if isinstance(event, _CHIPS_IN):
            put[event.seat] += event.amount
        elif isinstance(event, ev.BetReturned):
            put[event.seat] -= event.amount
        if isinstance(event, ev.DrawFeePaid):
            fees[event.seat] += event.amount
    active = state.active
    pots = hand_pots(put, fees, active)
    if {k: pot.amount for k, pot in enumerate(pots)} != won:
        return {}
    said: dict[int, str] = {}
    for k, pot in enumerate(pots[1:], 1):
        if len(pot.eligible) < 2:
            continue  # his alone: its award says nobody else could win it
        short = [names[s] for s in active if s not in pot.eligible]
        why = f": {', '.join(short)} {'is' if len(short) == 1 else 'are'} all in for less" if short else ""
        players = ", ".join(names[s] for s in pot.eligible)
        said[k] = f"only {players} may win the side pot {k} ({pot.amount}){why}"
    return said


def _holding(seat: int, down: dict[int, list[int]], up: dict[int, list[int]], viewer: Viewer) -> str:
    """``[down cards] upcards`` of ``seat`` as ``viewer`` sees them (:data:`ALL`: everything)."""
    hole = _cards(down[seat]) if viewer is ALL or viewer == seat else " ".join(["??"] * len(down[seat]))
    return f"[{hole}] {_cards(up[seat])}"


def _turn(seat: int, cards: Sequence[int], down: dict[int, list[int]], up: dict[int, list[int]]) -> None:
    for card in cards:
        down[seat].remove(card)
        up[seat].append(card)


def _openings(state: State) -> set[int]:
    """The ids of the bets that opened a pot under an opening requirement."""
    out: set[int] = set()
    open_game = state.game.opening is not None
    first_round = False
    for event in state.events:
        if isinstance(event, ev.StreetStarted):
            first_round = open_game and event.street == 0
        elif isinstance(event, ev.PlayedAs):
            first_round = True
        elif isinstance(event, ev.BetMade) and first_round:
            out.add(id(event))
            first_round = False
    return out


def _draw_game_text(event: ev.Event, names: Sequence[str], button: int, pot: int) -> str | None:
    """The line of a draw-game event (None for other events)."""
    if isinstance(event, ev.NobodyOpened):
        return "  nobody opens"
    if isinstance(event, ev.PlayedAs):
        named = re.fullmatch(r".*\((.+)\)", event.game)  # jacks-back (lowball): lowball
        game = named[1] if named else event.game
        return f"*** nobody opened: the same hands are played again as {game} *** (pot {pot})"
    if isinstance(event, ev.Redealt):
        return (f"*** the deal is passed out: everyone antes again and {names[button]} deals again "
                f"(deal {event.deal}; the pot of {pot} carries over) ***")
    if isinstance(event, ev.PassersOut):
        who = ", ".join(names[s] for s in event.seats)
        return f"  {who} checked before the opening: out"
    if isinstance(event, ev.StubReshuffled):
        return (f"  (the stub runs short: its last card, the burn card and the discards are shuffled "
                f"into a new stub of {len(event.cards)})")
    if isinstance(event, ev.CardExposed):
        name, card = names[event.seat], ev.card_text(event.card)
        ruling = {"keep": f"{name} must keep it", "choose": f"{name} may refuse it",
                  "dead": f"it is dead; {name} gets another once the others are served"}[event.ruling]
        return f"  the dealer exposes {possessive(name)} {card}: {ruling}"
    if isinstance(event, ev.ExposedKept):
        return f"  {names[event.seat]} keeps the {ev.card_text(event.card)}"
    if isinstance(event, ev.ExposedRefused):
        return f"  {names[event.seat]} refuses the {ev.card_text(event.card)}"
    if isinstance(event, ev.OpenersShown):
        return f"  {names[event.seat]} shows his openers: {_cards(event.cards)}"
    return None


YOU: Final = " (you)"
"""What a front end adds to the name of the person's own seat in the names it
narrates with: ``names[seat] + YOU`` is ``"P2 (you)"``.  The lines then say
``your`` where they would say that name's possessive (:func:`possessive`):
``the dealer exposes your As``."""


def possessive(name: str) -> str:
    """``name``'s possessive as a line says it: ``P2's``; the person's own seat, named
    with :data:`YOU` (``P2 (you)``), is ``your`` (not ``P2 (you)'s``).

    >>> possessive("P2"), possessive("P2" + YOU)
    ("P2's", 'your')
    """
    return "your" if name.endswith(YOU) else f"{name}'s"


def one_bracket(hand: str) -> str:
    """A hand's text with one pair of brackets at its end, where its name brings one and
    its wild cards another: "five-four low (wheel) (Jk as 2)" reads
    "five-four low (wheel, Jk as 2)".

    >>> one_bracket("five-four low (wheel) (Jk as 2)"), one_bracket("pair of aces (2c as As)")
    ('five-four low (wheel, Jk as 2)', 'pair of aces (2c as As)')
    """
    return re.sub(r"\(([^()]*)\) \(([^()]*)\)$", r"(\1, \2)", hand)


def _sevens_checkers(state: State) -> set[int]:
    """The seats whose check of a seven or better after the draw gave chips back under the
    sevens rule (``lose-all``): those that checked and won a pot by the cards; empty where
    no chips went back."""
    if not any(isinstance(e, ev.PotAwarded) and e.side == "returned" for e in state.events):
        return set()
    from splitpot.engine.sevens import after_the_draw

    checked, _ = after_the_draw(state)
    return {e.seat for e in state.events
            if isinstance(e, ev.PotAwarded) and e.side != "returned" and e.seat in checked}


def _returned_text(event: ev.PotAwarded, names: Sequence[str], checkers: set[int]) -> str:
    """Chips the sevens rule gives back: those put in after a winner's check of a seven or
    better go back to whoever put them in, the checker himself (a check, then a call) too."""
    name = names[event.seat]
    if event.seat in checkers:
        return (f"{name} takes back the {event.amount} he put in after checking a seven or better "
                "(the sevens rule)")
    if not checkers:
        return (f"{name} takes back the {event.amount} he put in after a seven or better was checked "
                "(the sevens rule)")
    who = ", ".join(names[s] for s in sorted(checkers))
    return (f"{name} takes back the {event.amount} he put in after {who} checked a seven or better: "
            f"{who} wins, but not the bets made after his check (the sevens rule)")


def _won_on(event: ev.PotAwarded, declared: dict[int, str], shown: dict[int, ev.CardsShown],
            spec: GameSpec) -> str:
    """The side ("high" or "low") a share was won on, as the engine decided it: a half
    is its side; a whole pot ("pot") the winner's declaration, else the one side the
    game plays, else the hand he won with (the engine names it, ``event.hand``), the
    high where it reads alike both ways ("pair of queens" high and ace-to-five low),
    as the engine gives a whole pot to the high hands where there are any."""
    if event.side in ("high", "low"):
        return event.side
    side = declared.get(event.seat)
    if side in ("high", "low"):
        return side
    if spec.high is None or spec.low is None:
        return "low" if spec.high is None else "high"
    mine = shown.get(event.seat)
    return "low" if mine is not None and event.hand and event.hand == mine.low != mine.high else "high"


def _odd_chip_why(state: State, event: ev.PotAwarded, shown: dict[int, ev.CardsShown], side: str) -> str:
    """Why a tied share holds an odd chip, in the rules' terms ('' for a share without one):
    the first tied seat left of the dealer (the draw games), else the tied hand holding the
    highest card by suit (the lowest for a share won on the low, ``side``):
    "the odd chip: the highest card, As"."""
    group = [e for e in state.events
             if isinstance(e, ev.PotAwarded) and e.pot == event.pot and e.side == event.side]
    least = min(e.amount for e in group)
    if event.amount == least:
        return ""
    chip = "the odd chip" if sum(e.amount > least for e in group) == 1 else "an odd chip"
    if state.spec.odd_chip is OddChip.BY_POSITION or event.side not in ("high", "low", "pot"):
        first = "first" if chip == "the odd chip" else "one of the first"
        return f"{chip}: {first} tied seat left of the dealer"
    low = side == "low"
    card = _deciding_card(state, event.seat, [e.seat for e in group if e.amount == least], shown, low=low)
    return f"{chip}: the {'lowest' if low else 'highest'} card{', ' + card if card else ''}"


def _deciding_card(state: State, seat: int, others: Sequence[int], shown: dict[int, ev.CardsShown],
                   *, low: bool) -> str:
    """The card of ``seat``'s five that wins him the odd chip over the tied ``others``:
    against each, the first card that differs in the order the engine compares them
    (:func:`~splitpot.engine.showdown.odd_chip_five`), and of those the last; '' where
    a tied seat showed no cards or plays the same cards."""
    from splitpot.engine.pots import Side
    from splitpot.engine.showdown import evaluate_hands, odd_chip_five

    spec = state.spec

    def ordered(s: int) -> tuple[int, ...]:
        held = [*shown[s].cards, *state.community]
        wilds = state.wilds_for(s)
        side = Side.LOW if low else Side.HIGH
        return odd_chip_five(spec, evaluate_hands(spec, held, wilds), held, wilds, side)

    if any(s not in shown for s in (seat, *others)):
        return ""
    mine = ordered(seat)
    firsts = [next((i for i, (a, b) in enumerate(zip(mine, ordered(other), strict=False)) if a != b), None)
              for other in others]
    if not firsts or None in firsts:
        return ""
    return ev.card_text(mine[max(i for i in firsts if i is not None)])


_CHIPS_IN = (ev.AntePosted, ev.BlindPosted, ev.BringInPosted, ev.Completed, ev.BetMade, ev.Raised, ev.Called,
             ev.DrawFeePaid)
"""The events that move a seat's chips into the pot (``amount`` of them)."""


def _action_text(event: ev.Event, name: str, *, opens: bool = False) -> str:
    if opens and isinstance(event, ev.BetMade):
        return f"{name} opens for {event.to}"
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
