"""The hand state machine: one explicit phase, one method per action.

A :class:`State` is built from a :class:`~splitpot.engine.spec.GameSpec`, the
stacks and a seed (or an explicit deck order).  Dealer steps (antes, dealing,
the showdown) run by themselves unless ``automate=False``; then
:meth:`State.advance` performs the next one.  Players act through
:meth:`~State.fold`, :meth:`~State.check`, :meth:`~State.call`,
:meth:`~State.bet`, :meth:`~State.raise_to`, :meth:`~State.complete`,
:meth:`~State.bring_in`, :meth:`~State.draw`, :meth:`~State.declare` and
:meth:`~State.turn_up`; each
has ``verify_x`` (raises :class:`~splitpot.errors.IllegalActionError` naming what
is legal) and ``can_x`` (no side effects).  An illegal action changes nothing.
Amounts and seats are ints (numpy ints taken and stored as ``int``); any other
type raises :class:`~splitpot.errors.IllegalActionTypeError`, an
``IllegalActionError`` that is also a ``TypeError``.

Readings (the rules, §3): when a betting round ends, the part of the largest
commitment that no other player matched goes back to its owner at once
(a ``BetReturned`` event), so a pot never holds one player's own chips; a bet,
raise or completion is not offered when no other player still in has chips
beyond the current bet.

Draw games add :meth:`~State.keep_exposed` and :meth:`~State.refuse_exposed`
(a player's answer to a card the dealer exposed) and the dealer call
:meth:`~State.expose`.  A deal nobody opens (jackpots) is passed out within the
same State: the dealer step :meth:`advance` then plays the same hands as the
next game (jacks back) or deals again (:attr:`State.deal` counts the deals);
:attr:`State.spec` is the game in force, :attr:`State.game` the game as dealt.

>>> from splitpot.games import get_game
>>> state = State(get_game("seven-card-stud"), [100, 100, 100], seed=7)
>>> state.phase, state.actor in (0, 1, 2)
(<Phase.BRING_IN: 'bring_in'>, True)
>>> [str(o.action) for o in state.legal_actions()]
['bring_in', 'complete']
>>> state.fold()  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
splitpot.errors.IllegalActionError: Seat ... cannot fold now; legal: bring_in 2, complete to 5.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum, unique
from typing import TYPE_CHECKING, Any, SupportsIndex

from splitpot.cards import Card, Deck, parse_cards
from splitpot.engine import dealing, draws, openers
from splitpot.engine import events as ev
from splitpot.engine.betting import Action, Option, Round
from splitpot.engine.choices import ChoiceMode, TurnUp, TurnUps
from splitpot.engine.declare import MARKERS, Declaration
from splitpot.engine.history import History, player_view
from splitpot.engine.order import FIRST_TO_ACT, Seating, clockwise, rings, shows_pair
from splitpot.engine.paid_draws import DrawTurns, PaidDraws
from splitpot.engine.positional import positional_card, wilds_with
from splitpot.engine.pots import uncalled
from splitpot.engine.showdown import settle
from splitpot.engine.spec import DeclareMode, GameSpec, Street, Wilds
from splitpot.errors import (
    ArgumentTypeError,
    CardError,
    CardTypeError,
    IllegalActionError,
    IllegalActionTypeError,
    RuleError,
    SplitpotError,
)
from splitpot.validate import as_bool, as_choice, as_int, as_ints, as_optional_int, counted, describe

if TYPE_CHECKING:
    from splitpot.dealers_choice import Call
    from splitpot.validate import IntsLike

__all__ = ["Phase", "State"]

_CARD_BY_TEXT = {ev.card_text(c): c for c in range(53)}


def _card_ints(cards: Iterable[Card | int | str] | Card | int | str) -> tuple[int, ...]:
    """Cards named by the caller as ints: one card, or an iterable of cards; text
    as :func:`~splitpot.cards.parse_cards` reads it (the common forms looked up
    directly, anything else parsed, so errors name the bad card)."""
    if type(cards) is list and len(cards) == 1 and type(cards[0]) is str:  # the common form
        one = _CARD_BY_TEXT.get(cards[0])
        if one is not None:
            return (one,)
    if isinstance(cards, str):
        one = _CARD_BY_TEXT.get(cards)
        return (one,) if one is not None else tuple(map(int, parse_cards(cards)))
    if isinstance(cards, int):
        cards = [cards]
    if type(cards) is list or type(cards) is tuple:
        quick = tuple(_CARD_BY_TEXT.get(c, -1) if type(c) is str else c if type(c) is int else -1
                      for c in cards)
        if all(0 <= c <= 52 for c in quick) and len(set(quick)) == len(quick):
            return quick
    return tuple(map(int, parse_cards(cards)))


@unique
class Phase(StrEnum):
    """Where a hand stands; dealer phases have no actor."""

    FORCED_BETS = "forced_bets"
    """Dealer: antes and blinds are posted."""
    DEALING = "dealing"
    """Dealer: the current street's cards are dealt (burn first if the street says so)."""
    BRING_IN = "bring_in"
    """Player: the lowest upcard posts the bring-in or completes."""
    BETTING = "betting"
    """Player: a betting round is under way."""
    DRAWING = "drawing"
    """Player: each player in turn discards and draws."""
    DECLARING = "declaring"
    """Player: each player still in declares high, low or both."""
    SHOWDOWN = "showdown"
    """Dealer: hands are shown and the pots awarded."""
    COMPLETE = "complete"
    """The hand is over; chips are back in the stacks."""
    TURNING_UP = "turning_up"
    """Player: each player still in turns one of his down cards face up (or, where
    the game allows, keeps them down); in turn or all at once."""
    PASSED_OUT = "passed_out"
    """Dealer: nobody opened; the same hands are played as the next game (jacks
    back), or everyone antes again and the same dealer deals again."""
    EXPOSED = "exposed"
    """Player: a player keeps or refuses a card the dealer exposed before the draw."""


_DEALER_PHASES = frozenset({Phase.FORCED_BETS, Phase.DEALING, Phase.SHOWDOWN, Phase.PASSED_OUT})
_MEMOS = frozenset({"_legal", "_may_open"})
"""State's memos that a question fills (``legal_actions()``, ``may_open()``, a refused
action's message): computed from the rest, so a pickle or copy leaves them out."""

# Enum members as module constants: attribute access on an Enum class is slow in hot paths.
_FORCED_BETS = Phase.FORCED_BETS
_DEALING = Phase.DEALING
_BRING_IN = Phase.BRING_IN
_BETTING = Phase.BETTING
_DRAWING = Phase.DRAWING
_DECLARING = Phase.DECLARING
_SHOWDOWN = Phase.SHOWDOWN
_COMPLETE = Phase.COMPLETE
_PASSED_OUT = Phase.PASSED_OUT
_EXPOSED = Phase.EXPOSED
_A_FOLD = Action.FOLD
_A_CHECK = Action.CHECK
_A_CALL = Action.CALL
_A_BET = Action.BET
_A_RAISE = Action.RAISE
_A_BRING_IN = Action.BRING_IN
_A_COMPLETE = Action.COMPLETE
_A_DRAW = Action.DRAW
_A_DECLARE = Action.DECLARE
_TURNING_UP = Phase.TURNING_UP
_A_TURN_UP = Action.TURN_UP
_IN_TURN = ChoiceMode.IN_TURN
_SIMULTANEOUS = ChoiceMode.SIMULTANEOUS
_DECLARE_OPTION = Option(Action.DECLARE, choices=("high", "low", "both"))
_DECLARE_HIGH_LOW = Option(Action.DECLARE, choices=("high", "low"))
_A_KEEP = Action.KEEP
_A_REFUSE = Action.REFUSE
_ACTION_METHODS = {_A_RAISE: "raise_to", _A_KEEP: "keep_exposed", _A_REFUSE: "refuse_exposed"}
"""The methods not named like their action."""


def method_name(action: Action | str) -> str:
    """The :class:`State` method that makes ``action`` (:meth:`State.act` calls it).

    >>> method_name(Action.RAISE), method_name("draw")
    ('raise_to', 'draw')
    """
    what = Action(str(action))
    return _ACTION_METHODS.get(what, what.value)
_NO_VALUE = frozenset({_A_FOLD, _A_CHECK, _A_CALL, _A_BRING_IN, _A_KEEP, _A_REFUSE})
"""The actions whose methods take no value (a call's and a bring-in's amount are the rules')."""
_DRAW_OPTIONS = tuple((Option(Action.DRAW, (n,)),) for n in range(6))
_NO_DECLARING = DeclareMode.NONE
_EXPOSED_OPTIONS = (Option(Action.KEEP), Option(Action.REFUSE))
# The events of every decision, ante, street and card dealt, built positionally (ev.maker: no keyword call)
_ANTE, _STREET, _BURNED, _DEALT = (ev.maker(c) for c in (ev.AntePosted, ev.StreetStarted, ev.CardBurned,
                                                           ev.CardsDealt))
_FOLDED, _CHECKED, _CALLED, _DREW = (ev.maker(c) for c in (ev.Folded, ev.Checked, ev.Called, ev.Drew))
_NOBODY_OPENED, _REDEALT = ev.maker(ev.NobodyOpened), ev.maker(ev.Redealt)
_HAND_ENDED = ev.maker(ev.HandEnded)
_RAISES = {c: ev.maker(c) for c in (ev.BetMade, ev.Raised, ev.Completed)}
_TURNED_UP, _TURN_CHOSEN, _TURNS_REVEALED = (ev.maker(c) for c in (ev.TurnedUp, ev.TurnUpChosen,
                                                                    ev.TurnUpsRevealed))


def _discards(discards: object) -> list[int]:
    """Discards as ints: card text or an iterable of cards; a card problem is an
    illegal draw (IllegalActionError), a wrong type an IllegalActionTypeError."""
    if type(discards) is list and (not discards or (  # standing pat, the commonest draw, first
        all(type(c) is int and 0 <= c <= 52 for c in discards) and len(set(discards)) == len(discards)
    )):
        return list(discards)  # ints, no duplicate: nothing to parse
    if not isinstance(discards, str) and (
        isinstance(discards, (bytes, bytearray)) or not isinstance(discards, Iterable)
    ):
        raise IllegalActionTypeError(f"Discards must be cards (text or a list), got {describe(discards)}.")
    try:
        return [int(c) for c in parse_cards(discards)]
    except CardTypeError as err:
        raise IllegalActionTypeError(f"Cannot draw: {err}.") from None
    except CardError as err:
        raise IllegalActionError(f"Cannot draw: {err}.") from None


def _checked_call(call: Call | None, spec: GameSpec) -> Call | None:
    """``call`` (dealer's choice: the call that named the game), refused unless it deals ``spec``."""
    if call is None:
        return None
    called = getattr(call, "spec", None)
    if not isinstance(called, GameSpec):
        raise ArgumentTypeError(f"game_call must be a dealer's Call (splitpot.dealers_choice) or None, "
                                f"got {describe(call)}.")
    if called != spec:
        raise RuleError(f"game_call: the call deals {called.name} with other options or stakes than the spec "
                        f"given ({spec.name}); deal call.spec.")
    return call


def _deck_input(deck: object) -> draws.DeckInput | None:
    """``deck=`` as :class:`~splitpot.engine.draws.Decks` takes it: a
    :class:`~splitpot.cards.Deck` (alone or in a sequence of decks) is its
    cards left, top first, as a list of them would be."""
    if deck is None or isinstance(deck, str):
        return deck
    if isinstance(deck, Deck):
        return list(deck.cards)
    if not isinstance(deck, Iterable):
        raise ArgumentTypeError(
            "deck must be card text, cards top first (a list or a Deck) or a sequence of decks; "
            f"got {describe(deck)} (to shuffle from a number, pass seed=)."
        )
    items = deck if type(deck) is list or type(deck) is tuple else list(deck)
    if any(type(d) is Deck for d in items):
        return [list(d.cards) if type(d) is Deck else d for d in items]
    return items


class State:
    """One hand of poker at a table of ``len(stacks)`` seats.

    Seats with an empty stack sit out.  ``deck`` fixes the card order (first
    card dealt first; a :class:`~splitpot.cards.Deck` deals its cards left);
    otherwise a deck shuffled with ``seed`` is used.  Cards
    are dealt one round at a time, clockwise from the dealer's left.  With
    ``automate=False`` every dealer step waits for :meth:`advance`.

    ``deck`` may also be a sequence of decks: the first is dealt first, the
    next ones serve re-deals and stub reshuffles in the order they happen
    (:class:`~splitpot.engine.draws.Decks`); past them, orders are shuffled
    from ``seed``.  ``game_call`` is the dealer's call that named the game in
    a dealer's-choice session (:class:`splitpot.dealers_choice.Call`; its spec
    must be ``spec``): kept as ``game_call`` and in the history.

    >>> from splitpot import get_game
    >>> state = State(get_game("seven-card-stud"), [100, 100], seed=3)
    >>> state.actor, [(str(o.action), o.amounts) for o in state.legal_actions()]
    (0, [('bring_in', (2,)), ('complete', (5,))])
    >>> state.complete()
    Completed(seat=0, amount=5, to=5)
    >>> state.call(), state.current_street.name, state.pot
    (Called(seat=1, amount=5), 'fourth street', 12)
    """

    # Slots: more than 30 attributes put every instance's in a dict of its own (CPython shares
    # the keys of at most 30), where reading and writing them is slower at every step of a hand.
    __slots__ = (
        "__weakref__", "_active", "_blinds", "_dealt_active", "_dealt_folded", "_deck", "_deck_fits",
        "_decks", "_exposable", "_exposable_drawn", "_face_down", "_legal", "_may_open", "_mucked_by",
        "_next", "_order", "_owed", "_paying", "_pool", "_resume", "_rings", "_turning", "actor", "automate",
        "button",
        "committed", "community", "deal", "deck_order", "declared", "down", "drawn", "events", "folded",
        "game", "game_call", "in_hand", "opener", "opening_hand", "phase", "round", "seats", "spec",
        "stacks", "starting_stacks", "street", "up",
    )

    def __init__(
        self,
        spec: GameSpec,
        stacks: IntsLike,
        *,
        button: SupportsIndex = 0,
        seed: SupportsIndex | None = None,
        deck: draws.DeckInput | Deck | Sequence[Deck] | None = None,
        automate: bool = True,
        game_call: Call | None = None,
    ) -> None:
        if not isinstance(spec, GameSpec):
            raise ArgumentTypeError(f"spec must be a GameSpec (see get_game), got {describe(spec)}.")
        stacks = as_ints(stacks, "stacks", low=0)
        seats = len(stacks)
        playing = seats - stacks.count(0)  # stacks are ints >= 0
        if not spec.min_players <= playing <= spec.max_players:
            raise RuleError(
                f"{spec.name} needs {spec.min_players} to {spec.max_players} players with chips, "
                f"got {playing}."
            )
        button = as_int(button, "button", low=0, high=seats - 1)
        seed = as_optional_int(seed, "seed", low=0)
        automate = as_bool(automate, "automate")
        joker = spec.wilds.joker is not None
        self._decks = draws.Decks(_deck_input(deck), seed=seed, size=spec.wilds.deck_size)
        order = self._decks.first
        if deck is not None and not joker and 52 in order:  # a shuffled deck holds the joker only when dealt
            raise RuleError(f"{spec.name} is dealt without the joker; the deck holds one (Jk).")
        self.spec = spec
        self.game_call = _checked_call(game_call, spec)
        self.seats = seats
        self.button = button
        self.automate = automate
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.stacks: list[int] = list(stacks)
        self.committed: list[int] = [0] * seats
        self.in_hand: list[bool] = [s > 0 for s in stacks]
        self.folded: list[bool] = [s == 0 for s in stacks]
        self.down: list[list[int]] = [[] for _ in range(seats)]
        self.up: list[list[int]] = [[] for _ in range(seats)]
        self.community: list[int] = []
        self.deck_order: tuple[int, ...] = tuple(order)
        self._deck = order
        self._next = 0
        self.street = -1
        self.phase = _FORCED_BETS
        self.actor: int | None = None
        self.round: Round | None = None
        self.declared: dict[int, Declaration] = {}
        self.drawn: set[int] = set()
        self._blinds: list[tuple[int, int]] = []
        self.events: list[ev.Event] = []
        self._rings = rings(seats)
        self._order = list(self._rings[button + 1])  # dealer's left first
        self._active = [s for s in self._order if not self.folded[s]]
        self._dealt_folded, self._dealt_active = tuple(self.folded), tuple(self._active)  # every deal's start
        self._legal: tuple[Option, ...] | None = None
        self._turning: TurnUps | None = None  # turn-up choices in progress
        self._face_down: frozenset[int] | None = None  # seats dealt this street's upcards down
        self._paying: DrawTurns | None = None  # paid draws (aces-deuces): turns and fees
        # draw games: the deal count, the opener, the muck, exposed cards
        self.game = spec
        self.deal = 1
        self.opener: int | None = None
        self.opening_hand: tuple[int, ...] = ()
        self._may_open: dict[int, bool] = {}
        self._pool: list[int] = []
        self._mucked_by: dict[int, int] = {}  # a card of the pool that a seat mucked: that seat
        self._exposable: set[int] = set()  # cards the dealer may expose: dealt before the draw
        self._exposable_drawn: set[int] = set()  # ... and served in the draw
        self._owed: dict[int, int] = {}
        self._resume: tuple[Phase, int | None, int] | None = None  # phase, actor, exposed card
        self._deck_fits: tuple[int, tuple[Street, ...]] | None = None  # a deck length that was enough
        self._check_deck()
        if automate:
            self._run_dealer()

    # ------------------------------------------------------------------ basics
    @property
    def pot(self) -> int:
        """Chips in the middle (all pots together)."""
        return sum(self.committed)

    @property
    def active(self) -> list[int]:
        """Seats still in the hand (dealt in, not folded), dealer's left first."""
        return list(self._active)

    @property
    def current_street(self) -> Street | None:
        """The street being played, or None before the first deal."""
        return self.spec.streets[self.street] if self.street >= 0 else None

    @property
    def is_complete(self) -> bool:
        """True once the pots are awarded."""
        return self.phase is _COMPLETE

    @property
    def bets(self) -> tuple[int, ...]:
        """The chips each seat has in front of him in the current betting round (already
        counted in :attr:`pot`); all zeros between rounds.

        >>> from splitpot.games import get_game
        >>> state = State(get_game("seven-card-stud"), [100, 100], seed=3)
        >>> _ = state.bring_in()
        >>> sum(state.bets), state.bets[state.actor]
        (2, 0)
        """
        r = self.round
        return tuple(r.bets) if r is not None else (0,) * self.seats

    def _seat(self, seat: object) -> int:
        if type(seat) is int and 0 <= seat < self.seats:  # as_int's answer for a plain int in range
            return seat
        return as_int(seat, "seat", low=0, high=self.seats - 1)

    def cards(self, seat: SupportsIndex) -> list[int]:
        """All cards of ``seat`` (down then up) as ints."""
        seat = self._seat(seat)
        return self.down[seat] + self.up[seat]

    def _held(self, seat: int) -> list[int]:
        """:meth:`cards` for a seat the engine itself names (already a valid seat)."""
        return self.down[seat] + self.up[seat]

    def wilds_for(self, seat: int) -> Wilds:
        """The wild cards, joker and penalty cards that count for ``seat`` at the
        showdown: the game's (``spec.wilds``), with, where the game has a
        positional rule (Mexican stud's hole card, a player's lowest hole card,
        first or third card, lowest card), the rank of his own card resolved from his deal."""
        return self._wilds_for(self._seat(seat))

    def _wilds_for(self, seat: int) -> Wilds:
        """:meth:`wilds_for` for a seat the engine itself names (the public
        queries check the seat once, then call these)."""
        wilds = self.spec.wilds
        if wilds.positional is None:
            return wilds
        return wilds_with(wilds, self._positional_card(seat))

    def positional_card(self, seat: int) -> int | None:
        """The card of ``seat``'s deal that the game's positional wild rule names
        (None: no rule, or no such card); it and its rank are wild for him alone."""
        return self._positional_card(self._seat(seat))

    def _positional_card(self, seat: int) -> int | None:
        rule = self.spec.wilds.positional
        if rule is None:
            return None
        return positional_card(rule, lambda: self._dealt_cards(seat), self.down[seat], up=self.up[seat])

    def player_wild(self, seat: int) -> ev.PlayerWild | None:
        """The showdown's :class:`~splitpot.engine.events.PlayerWild` event for
        ``seat`` (None when he has no wild card of his own)."""
        seat = self._seat(seat)
        card = self._positional_card(seat)
        rule = self.spec.wilds.positional
        if card is None or rule is None:
            return None
        return ev.PlayerWild(seat=seat, card=card, rule=str(rule))

    def dealt_cards(self, seat: int) -> list[int]:
        """The cards dealt to ``seat`` on the streets of this deal, in the order dealt
        (draws not counted; a deal passed out and dealt again starts afresh)."""
        return self._dealt_cards(self._seat(seat))

    def _dealt_cards(self, seat: int) -> list[int]:
        out: list[int] = []
        for event in self.events:
            if type(event) is ev.CardsDealt and event.seat == seat:
                out.extend(event.cards)
            elif type(event) is ev.Redealt:
                out = []
        return out

    def _actors(self) -> list[int]:
        """Seats still in with chips behind, dealer's left first: of ``_active`` (the seats of
        ``_order`` not folded, in that order), asked at every bet, raise and betting round."""
        stacks = self.stacks
        return [s for s in self._active if stacks[s] > 0]

    def _check_deck(self) -> None:
        fits = self._deck_fits
        if fits is not None and fits[0] == len(self._deck) and fits[1] is self.spec.streets:
            return  # a re-deal: a deck as long as one that served these streets to these players
        needed = 0
        players = sum(self.in_hand)
        for street in self.spec.streets:
            needed += int(street.burn)
            per = street.cards_per_player * players
            short = street.community_fallback and len(self._deck) - needed < per
            needed += 1 if short else per
        if needed > len(self._deck):
            raise RuleError(f"The deck has {len(self._deck)} cards; this deal needs {needed} (a scripted "
                            "deck lists every card, top first: the cards wanted, then the rest).")
        self._deck_fits = (len(self._deck), self.spec.streets)

    def _take(self, count: int) -> list[int]:
        if self._next + count > len(self._deck):
            raise RuleError("The deck is exhausted.")
        cards = self._deck[self._next : self._next + count]
        self._next += count
        return cards

    @property
    def cards_left(self) -> int:
        """Cards not yet dealt or burned."""
        return len(self._deck) - self._next

    def _log(self, event: ev.Event) -> ev.Event:
        self.events.append(event)
        self._legal = None
        return event

    def _move(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.committed[seat] += amount

    # ------------------------------------------------------------ dealer steps
    def advance(self) -> ev.Event | None:
        """Perform the next dealer step (antes, a deal, the showdown).

        Raises :class:`IllegalActionError` when a player must act instead.
        Every step drops the remembered legal actions, whether or not it logs
        anything (the start of the turn-ups chosen before a deal logs nothing).

        >>> from splitpot.games import get_game
        >>> state = State(get_game("five-card-stud", turn_up=True), [100, 100], seed=0, automate=False)
        >>> _ = state.advance()  # the antes
        >>> state.legal_actions()  # a dealer step is due: no player acts
        ()
        >>> _ = state.advance()  # the first street
        >>> state.actor, [str(o.action) for o in state.legal_actions()]
        (1, ['bet'])
        """
        phase = self.phase
        if phase is _FORCED_BETS:
            event = self._post_forced_bets()
        elif phase is _DEALING:
            event = self._deal_street()
        elif phase is _SHOWDOWN:
            event = self._showdown()
        elif phase is _PASSED_OUT:
            event = self._after_passed_out()
        elif phase is _COMPLETE:
            raise IllegalActionError("The hand is complete; start a new State for the next hand.")
        else:
            raise IllegalActionError(f"No dealer step now: {self._not_now()}.")
        self._legal = None  # a step changes who acts or what he may do; not every step logs
        return event

    def _silent_step(self) -> bool:
        """Whether the next dealer step logs nothing: the start of turn-ups chosen
        before a street is dealt (:meth:`_deal_street`), forced bets where the game
        has none (:meth:`_post_forced_bets`).  A log that stops before such a step
        cannot tell whether it was taken, so a replay takes it
        (:func:`splitpot.engine.history._run_on`)."""
        phase = self.phase
        if phase is _DEALING:
            rule = self.spec.streets[self.street].turn_up
            return rule is not None and rule.before_deal and self._face_down is None
        if phase is _FORCED_BETS:
            stakes = self.spec.stakes
            return not stakes.ante and not stakes.blinds
        return False

    def verify_deal_street(
        self, cards: Mapping[int | None, dealing.CardsInput] | None = None, *,
        burn: Card | int | str | None = None,
    ) -> dealing.DealPlan:
        """Raise unless the street about to be dealt can give each seat in ``cards``
        the cards named for it (as many as the street deals him; ``None`` names
        the community card a short deck deals instead) and burn ``burn``: every
        card still in the stub, none named twice.  Return the plan (changes
        nothing)."""
        return dealing.plan(self, cards, burn)

    def can_deal_street(
        self, cards: Mapping[int | None, dealing.CardsInput] | None = None, *,
        burn: Card | int | str | None = None,
    ) -> bool:
        """Whether :meth:`deal_street` would take these cards (no side effects)."""
        try:
            dealing.plan(self, cards, burn)
        except IllegalActionError:
            return False
        return True

    def deal_street(
        self, cards: Mapping[int | None, dealing.CardsInput] | None = None, *,
        burn: Card | int | str | None = None,
    ) -> ev.Event | None:
        """The dealer step of a street with named cards (``automate=False``): each
        seat in ``cards`` receives the cards named for it, in the order named (a
        street's down cards first, then its up cards, as the street deals them),
        ``burn`` is the card burned; seats not named get the stub's next cards.
        Returns what :meth:`advance` returns.  See :mod:`splitpot.engine.dealing`.

        >>> from splitpot.games import get_game
        >>> state = State(get_game("seven-card-stud"), [20, 20], seed=2, automate=False)
        >>> _ = state.advance()
        >>> _ = state.deal_street({0: "As Ks Qs"})
        >>> state.cards(0)
        [51, 47, 43]
        """
        deal = dealing.plan(self, cards, burn)
        dealing.place(self, deal)
        event = self._deal_street()
        self._after()
        return event

    def _run_dealer(self) -> None:
        while (self.phase is _DEALING or self.phase is _FORCED_BETS or self.phase is _SHOWDOWN
               or self.phase is _PASSED_OUT):
            self.advance()
        self._legal = None

    def _after(self) -> None:
        self._legal = None
        phase = self.phase
        if self.automate and (phase is _DEALING or phase is _SHOWDOWN or phase is _PASSED_OUT
                              or phase is _FORCED_BETS):
            self._run_dealer()

    def _post_forced_bets(self) -> ev.Event | None:  # no ante and no blinds: logs nothing (_silent_step)
        stakes = self.spec.stakes
        last: ev.Event | None = None
        ante = stakes.ante
        stacks, committed, in_hand, log = self.stacks, self.committed, self.in_hand, self.events.append
        if ante:
            for seat in self._order:  # every deal: inlined moves, a conditional rather than min()
                if in_hand[seat]:
                    stack = stacks[seat]
                    amount = ante if ante < stack else stack  # all in when short
                    stacks[seat] = stack - amount
                    committed[seat] += amount
                    log(last := _ANTE(seat, amount))
        if stakes.blinds:
            ring = [s for s in clockwise(self.button, self.seats) if in_hand[s]]
            ring = ring[stakes.blinds_from :] + ring[: stakes.blinds_from]
            for seat, blind in zip(ring, stakes.blinds, strict=False):
                stack = stacks[seat]
                amount = blind if blind < stack else stack
                stacks[seat] = stack - amount
                committed[seat] += amount
                self._blinds.append((seat, amount))
                log(last := ev.BlindPosted(seat=seat, amount=amount))
        self.street = 0
        self.phase = _DEALING
        return last

    def _deal_street(self) -> ev.Event | None:
        street = self.spec.streets[self.street]
        rule = street.turn_up
        if rule is not None and rule.before_deal and self._face_down is None:
            self._begin_turn_up(rule)  # the choices first; the deal follows them (logs nothing: _silent_step)
            return None
        last = self._log(_STREET(self.street, street.name))
        if street.burn:
            burned = self._take(1)[0]
            self._pool.append(burned)  # a burn card may join a new stub in the draw
            last = self._log(_BURNED(burned))
        receivers = self._active
        per = street.cards_per_player
        if per:
            if street.community_fallback and self.cards_left < per * len(receivers):
                card = self._take(1)
                self.community.extend(card)
                last = self._log(ev.CardsDealt(seat=None, cards=tuple(card), up=True))
            else:
                n = len(receivers)
                dealt = self._take(per * n)
                down, log = street.down, self.events.append
                downs, ups, dealt_event = self.down, self.up, _DEALT  # locals: a loop per deal
                face_down = self._face_down or ()
                for i, seat in enumerate(receivers):
                    mine = tuple(dealt[i::n])  # one card a round, dealer's left first
                    if face_down:  # turned his hole card up: this street's cards come down
                        down = per if seat in face_down else street.down
                    if down:
                        hidden = mine[:down]
                        downs[seat].extend(hidden)
                        log(last := dealt_event(seat, hidden, False))
                    if down < per:
                        shown = mine[down:]
                        ups[seat].extend(shown)
                        log(last := dealt_event(seat, shown, True))
        if per and street.down and self.spec.draws is not None:
            self._exposable = set(self._deck[self._next - per * len(receivers) : self._next])
        self._face_down = None
        if street.paid_draws is not None and len(self._active) > 1:
            self._begin_paid_draws(street.paid_draws)
        elif street.draw:
            self.drawn = set()
            self.phase = _DRAWING
            self.actor = self._active[0]
        elif rule is not None and not rule.before_deal and len(self._active) > 1:
            self._begin_turn_up(rule)
        else:
            self._start_betting()
        return last

    def _start_betting(self) -> None:
        street = self.spec.streets[self.street]
        actors = self._actors()
        blinds = self._blinds if self.street == 0 else []
        owed = bool(blinds) and any(a < max(b for _, b in blinds) for _, a in blinds)
        owed = owed and self.spec.stakes.blind_bet  # blinds that are live money only owe nothing
        if not street.bet or len(self._active) < 2 or (len(actors) < 2 and not owed):
            self._end_round()
            return
        stakes = self.spec.stakes
        size = stakes.big_bet if street.big_bet else stakes.small_bet
        increments: tuple[int, ...] = (size,)
        if street.big_bet_on_open_pair and not street.big_bet and self._open_pair():
            increments = (stakes.small_bet, stakes.big_bet)
        self.round = Round.start(
            seats=self.seats,
            actors=actors,
            increments=increments,
            cap=self.spec.max_raises + 1,
            pass_and_out=street.pass_and_out,
            no_check_raise=street.no_check_raise,
            uncapped_heads_up=self.spec.uncapped_heads_up,
        )
        for seat, amount in blinds:
            if stakes.blind_bet:
                self.round.post_blind(seat, amount, full=amount >= stakes.small_bet)
            else:
                self.round.post_live(seat, amount)
        rule = FIRST_TO_ACT[street.opener]  # one upcard's duty skips players all in
        first = rule.seat(Seating(self.up, actors, self._active, self.button, self.seats, self.spec.wilds,
                                  self.spec.natural_upcards, self._order[0],
                                  (blinds[-1][0] + 1) % self.seats if blinds else None, self.opener))
        if rule.brings_in:
            self.phase = _BRING_IN
            self.actor = first
            return
        self.phase = _BETTING
        if rule.must_bet:
            self.round.must_bet = first
        self.actor = self._next_pending(first, inclusive=True)
        if self.actor is None:
            self._end_round()

    def _open_pair(self) -> bool:
        wilds, natural = self.spec.wilds, self.spec.natural_upcards
        return any(shows_pair(self.up[seat], wilds, natural=natural) for seat in self._active)

    def _next_pending(self, start: int, *, inclusive: bool) -> int | None:
        assert self.round is not None
        pending = self.round.pending
        # every seat once, clockwise from ``start`` (inclusive) or from his left (ending with him)
        for seat in self._rings[start if inclusive else start + 1]:
            if seat in pending:
                return seat
        return None

    def _return_uncalled(self) -> None:
        """Give back the part of the biggest commitment that nobody matched (an
        uncalled bet: a bet everyone folded to, or one bigger than any other
        player's chips); it never enters a pot.  Draw fees are dead money, not bets:
        they never come back."""
        paying = self._paying
        live = self.committed if paying is None else [
            c - f for c, f in zip(self.committed, paying.fees_paid, strict=True)
        ]
        top, excess = uncalled(live)
        if excess > 0 and not self.folded[top]:
            self.committed[top] -= excess
            self.stacks[top] += excess
            self._log(ev.BetReturned(seat=top, amount=excess))

    def _end_round(self) -> None:
        if self._passes_out():
            return
        self._return_uncalled()
        self.round = None
        self.actor = None
        if len(self._active) < 2:
            self.phase = _SHOWDOWN
        elif self.street + 1 < len(self.spec.streets):
            self.street += 1
            self.phase = _DEALING
        elif self.spec.declare is not _NO_DECLARING:
            self.declared = {}
            self.phase = _DECLARING
            self.actor = self._active[0]
        else:
            self.phase = _SHOWDOWN

    def _showdown(self) -> ev.Event:
        log = self.events.extend  # _log for each: the legal actions are dropped once, below
        log(openers.proof(self))
        log(settle(self))
        self.phase = _COMPLETE
        self.actor = None
        return self._log(_HAND_ENDED(tuple(self.stacks)))

    # ----------------------------------------------------------- legal actions
    def legal_actions(self) -> tuple[Option, ...]:
        """The actor's legal actions with their amounts (empty in dealer phases)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Option, ...]:
        seat = self.actor
        if seat is None:
            return ()
        if self.phase is _BETTING:
            r = self.round
            assert r is not None
            if r.current == 0 and self.street == 0 and self.spec.opening is not None:
                opens = self._may_open.get(seat)  # _opens()'s memo read here: asked at every decision
                if not (self._opens(seat) if opens is None else opens):
                    # Nothing bet yet, and the bet opens: without openers none is offered, so the
                    # options are those of a raise nobody could call (no _callable() loop, no sizes).
                    return r.options_of(seat, self.stacks[seat], len(self._active), False)
            return r.options_of(seat, self.stacks[seat], len(self._active), self._callable(seat))
        if self.phase is _TURNING_UP:  # next: Mexican stud makes eleven turn-up choices a hand
            assert self._turning is not None
            return self._turning.options(self.down[seat])
        if self.phase is _BRING_IN:
            stack, stakes = self.stacks[seat], self.spec.stakes
            bring_in, small = stakes.bring_in, stakes.small_bet  # conditionals, not min(): every stud hand
            out = [Option(_A_BRING_IN, (bring_in if bring_in < stack else stack,))]
            if stack > bring_in and small > bring_in and self._callable(seat):
                out.append(Option(_A_COMPLETE, (small if small < stack else stack,)))
            return tuple(out)
        if self.phase is _DRAWING:
            most = self._draw_limit(seat)
            return _DRAW_OPTIONS[most] if most < len(_DRAW_OPTIONS) else (Option(_A_DRAW, (most,)),)
        if self.phase is _EXPOSED:
            return _EXPOSED_OPTIONS
        if self.phase is _DECLARING:
            return (_DECLARE_OPTION,) if self.spec.declare_both else (_DECLARE_HIGH_LOW,)
        return ()

    def _callable(self, seat: int) -> bool:
        """Whether any other player still in could call part of a bet or raise by
        ``seat``: his chips reach beyond the current bet and beyond what ``seat``
        has in front (a live blind above the current bet of 0, California
        lowball) — the rules, §3."""
        r = self.round
        assert r is not None
        current, bets, stacks = r.current, r.bets, self.stacks
        level = bets[seat] if bets[seat] > current else current
        for s in self._active:  # noqa: SIM110 (a loop, not any() over a generator: a hot path)
            if s != seat and bets[s] + stacks[s] > level:
                return True
        return False

    def _describe_legal(self) -> str:
        parts = []
        for option in self.legal_actions():
            if option.action is _A_TURN_UP:
                which = f"one of {' '.join(option.choices)}" if len(option.choices) > 1 else option.choices[0]
                keep = " or keep it down" if 0 in option.amounts else ""
                parts.append(f"turn up {which}{keep}")
            elif option.action in (_A_BET, _A_RAISE, _A_COMPLETE):
                parts.append(f"{option.action} to {' or '.join(map(str, option.amounts))}")
            elif option.amounts and option.action is not _A_DRAW:
                parts.append(f"{option.action} {option.amounts[0]}")
            elif option.action is _A_DRAW:
                parts.append(f"draw up to {counted(option.amounts[0], 'card')}")
            else:
                parts.append(str(option.action))
        return ", ".join(parts) if parts else "nothing (no player to act)"

    def _not_now(self, options: bool = False) -> str:
        """Why an action outside its phase is refused, and what the hand waits for
        instead: the phase and who is to act, never what he may do.  The text may
        reach any player (a server sends a refusal back to the seat that asked),
        and the actor's options are his secrets: the down cards he may turn up,
        whether he holds openers.  ``options``: tell them, for the actor's own
        call (it names his seat, or none: the methods act for him), whom they
        help, or for a reader who sees every card (the replay of a record)."""
        phase = self.phase
        if phase is _COMPLETE:
            return "the hand is complete; start a new State (or Session.new_hand()) for the next hand"
        if phase in _DEALER_PHASES:
            return f"the hand is in phase {phase!s}: the dealer's step comes first (call advance())"
        if self.actor is not None:
            if not options:
                return f"seat {self.actor} must act (the hand is in phase {phase!s})"
            return f"the hand is in phase {phase!s}; seat {self.actor} must act ({self._describe_legal()})"
        if phase is _DECLARING:
            return f"the hand is in phase {phase!s}; still to declare: seats {self._undeclared()}"
        if phase is _TURNING_UP:
            return f"the hand is in phase {phase!s}; still to choose a turn-up: seats {self.turn_up_choosers}"
        return f"the hand is in phase {phase!s}"

    def _refused(self, doing: str, seat: int | None) -> str:
        """The refusal of ``doing`` out of its phase, for ``seat`` (None: the actor,
        as the methods without ``seat=`` act for him): :meth:`_not_now`, with the
        actor's options only when the call is his own (the same answer whether he
        names his seat or not)."""
        if seat is None or seat == self.actor:
            return f"Nobody may {doing} now: {self._not_now(options=True)}."
        return f"Seat {seat} cannot {doing} now: {self._not_now()}."

    @staticmethod
    def _amount(action: Action, amount: object) -> int | None:
        """An action's amount as an int (None stays None); any other type is an
        IllegalActionTypeError, whatever the phase."""
        if amount is None:
            return None
        return as_int(
            amount, f"The {action} amount", error=IllegalActionError, type_error=IllegalActionTypeError
        )

    def _verify(self, action: Action, amount: object = None) -> tuple[int, int]:
        if amount is not None:
            amount = self._amount(action, amount)
        seat = self.actor
        if seat is None:
            raise IllegalActionError(f"Nobody may {action} now: {self._not_now()}.")
        legal = self._legal  # the actor's options, as legal_actions() remembers them
        for option in legal if legal is not None else self.legal_actions():
            if option.action is action:
                if not option.amounts or action is _A_CALL or action is _A_BRING_IN:
                    return seat, option.amounts[0] if option.amounts else 0
                if amount is None:
                    return seat, option.amounts[0]
                if amount in option.amounts:
                    return seat, amount
                raise IllegalActionError(
                    f"Seat {seat} cannot {action} to {amount}; legal: {self._describe_legal()}."
                )
        raise IllegalActionError(f"Seat {seat} cannot {action} now; legal: {self._describe_legal()}.")

    # ----------------------------------------------------------- bet actions
    def verify_fold(self) -> int:
        """Raise unless the actor may fold; return the actor."""
        return self._verify(_A_FOLD)[0]

    def can_fold(self) -> bool:
        """Whether the actor may fold (no side effects)."""
        return self._can(_A_FOLD)

    def fold(self) -> ev.Event:
        """The actor folds."""
        seat = self.verify_fold()
        assert self.round is not None
        self.folded[seat] = True
        self._active.remove(seat)
        self.round.apply_fold(seat)
        return self._acted(seat, _FOLDED(seat))

    def verify_check(self) -> int:
        """Raise unless the actor may check; return the actor."""
        return self._verify(_A_CHECK)[0]

    def can_check(self) -> bool:
        """Whether the actor may check."""
        return self._can(_A_CHECK)

    def check(self) -> ev.Event:
        """The actor checks."""
        seat = self.verify_check()
        assert self.round is not None
        self.round.apply_check(seat)
        return self._acted(seat, _CHECKED(seat))

    def verify_call(self) -> tuple[int, int]:
        """Raise unless the actor may call; return (actor, chips to add)."""
        return self._verify(_A_CALL)

    def can_call(self) -> bool:
        """Whether the actor may call."""
        return self._can(_A_CALL)

    def call(self) -> ev.Event:
        """The actor calls (all in when short)."""
        seat, amount = self.verify_call()
        assert self.round is not None
        self._move(seat, amount)
        self.round.apply_call(seat, amount)
        return self._acted(seat, _CALLED(seat, amount))

    def verify_bet(self, amount: SupportsIndex | None = None) -> tuple[int, int]:
        """Raise unless the actor may bet ``amount`` (round total; None: the
        smallest legal bet); return (actor, total).  Where an opening
        requirement holds, a bet without openers is refused."""
        amount = self._amount(_A_BET, amount)
        legal = self._legal
        # A bet among the options just computed settles the opening: without openers none is offered.
        if self.actor is not None and self.phase is _BETTING and not (legal and legal[-1].action is _A_BET):
            why = openers.refusal(self, self.actor)
            if why is not None:
                raise IllegalActionError(f"{why}; legal: {self._describe_legal()}.")
        return self._verify(_A_BET, amount)

    def can_bet(self, amount: SupportsIndex | None = None) -> bool:
        """Whether the actor may bet ``amount``."""
        return self._can(_A_BET, amount)

    def bet(self, amount: SupportsIndex | None = None) -> ev.Event:
        """The actor makes the first bet of the round (in the first round of a
        game with an opening requirement: opens the pot)."""
        seat, to = self.verify_bet(amount)
        if self.spec.opening is not None and self.street == 0:
            self._open(seat)
        return self._raise(seat, to, ev.BetMade)

    def verify_raise_to(self, amount: SupportsIndex | None = None) -> tuple[int, int]:
        """Raise unless the actor may raise to ``amount`` (round total)."""
        return self._verify(_A_RAISE, amount)

    def can_raise_to(self, amount: SupportsIndex | None = None) -> bool:
        """Whether the actor may raise to ``amount``."""
        return self._can(_A_RAISE, amount)

    def raise_to(self, amount: SupportsIndex | None = None) -> ev.Event:
        """The actor raises to ``amount`` (None: the smallest legal raise)."""
        seat, to = self.verify_raise_to(amount)
        return self._raise(seat, to, ev.Raised)

    def verify_complete(self, amount: SupportsIndex | None = None) -> tuple[int, int]:
        """Raise unless the actor may complete the bring-in to ``amount``."""
        return self._verify(_A_COMPLETE, amount)

    def can_complete(self, amount: SupportsIndex | None = None) -> bool:
        """Whether the actor may complete the bring-in."""
        return self._can(_A_COMPLETE, amount)

    def complete(self, amount: SupportsIndex | None = None) -> ev.Event:
        """The actor completes the bring-in to the small bet (not a raise)."""
        seat, to = self.verify_complete(amount)
        if self.phase is _BRING_IN:  # completed instead of the bring-in: measured above the bring-in due
            assert self.round is not None
            self.round.brought_in = self.spec.stakes.bring_in
            self.phase = _BETTING
        return self._raise(seat, to, ev.Completed)

    def verify_bring_in(self) -> tuple[int, int]:
        """Raise unless the actor must post the bring-in; return (actor, amount)."""
        return self._verify(_A_BRING_IN)

    def can_bring_in(self) -> bool:
        """Whether the actor may post the bring-in."""
        return self._can(_A_BRING_IN)

    def bring_in(self) -> ev.Event:
        """The actor posts the bring-in."""
        seat, amount = self.verify_bring_in()
        assert self.round is not None
        self._move(seat, amount)
        self.round.post_bring_in(seat, amount, actors=self._actors())
        self.phase = _BETTING
        return self._acted(seat, ev.BringInPosted(seat=seat, amount=amount))

    def _raise(self, seat: int, to: int, kind: type[ev.BetMade | ev.Raised | ev.Completed]) -> ev.Event:
        assert self.round is not None
        added = to - self.round.bets[seat]
        self._move(seat, added)
        self.round.apply_raise(seat, to, actors=self._actors())
        return self._acted(seat, _RAISES[kind](seat, added, to))

    def act(
        self, seat: SupportsIndex, action: Action | str, value: object = None, *,
        asked: int | None = None,
    ) -> ev.Event:
        """Make ``action`` for ``seat``: the entry point of a front end whose
        requests name the seat they come from.  ``action`` is an
        :class:`~splitpot.engine.betting.Action` or its name (``"raise"``,
        ``"bring_in"``, ...); ``value`` is what the action's method takes (an
        amount, the cards to discard, a declaration, the card to turn up; None:
        the method's default, the smallest amount for a bet; a declaration needs
        one).  A seat that is not to act is refused without naming anyone's
        cards or what the player to act may do (the refusal says who is to act
        and the phase: it may be sent back to the seat that asked);
        declarations and Mexican stud's turn-ups, made all at once, take any
        seat still to choose.  ``asked``, a draw's only, is :meth:`draw`'s
        keyword as it takes it: the number of cards the player asks for where
        the game serves exactly that (California lowball; None: as many as he
        discards); with another action it is refused.

        >>> from splitpot.games import get_game
        >>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
        >>> state.act(1, "complete", 5)
        Traceback (most recent call last):
        ...
        splitpot.errors.IllegalActionError: Seat 1 cannot complete now: seat 0 is to act.
        >>> state.act(0, "complete", 5)
        Completed(seat=0, amount=5, to=5)
        >>> state.act(1, "call", asked=2)
        Traceback (most recent call last):
        ...
        splitpot.errors.IllegalActionError: Only a draw takes asked= (the cards asked for), not 'call'.
        """
        if not isinstance(action, (Action, str)):
            raise IllegalActionTypeError(f"action must be an Action or its name, got {describe(action)}.")
        what = as_choice(action, Action, "action", error=IllegalActionError)
        who = as_int(seat, "seat", low=0, high=self.seats - 1, error=IllegalActionError,
                     type_error=IllegalActionTypeError)
        method = getattr(self, method_name(what))
        doing = what.value.replace("_", " ")
        if asked is not None and what is not _A_DRAW:
            raise IllegalActionError(f"Only a draw takes asked= (the cards asked for), not {what.value!r}.")
        if what is _A_DECLARE and value is None:
            raise IllegalActionError("A declaration needs its choice: 'high', 'low' or 'both'.")
        if what in (_A_DECLARE, _A_TURN_UP):  # their methods check the seat: in turn or all at once
            return method(*(() if value is None else (value,)), seat=who)  # type: ignore[no-any-return]
        if self.actor is not None and who != self.actor and not self.is_complete:
            raise IllegalActionError(f"Seat {who} cannot {doing} now: seat {self.actor} is to act.")
        if asked is not None:  # a draw served as asked: verify_draw checks the number
            return method(*(() if value is None else (value,)), asked=asked)  # type: ignore[no-any-return]
        if value is None or what not in _NO_VALUE:
            return method(*(() if value is None else (value,)))  # type: ignore[no-any-return]
        if what in (_A_CALL, _A_BRING_IN):  # the amount is the rules': a value given must be it
            given = as_int(value, "amount", error=IllegalActionError, type_error=IllegalActionTypeError)
            amount = self._verify(what)[1]
            if given == amount:
                return method()  # type: ignore[no-any-return]
            raise IllegalActionError(f"A {doing} is {amount} here, not {value}.")
        raise IllegalActionError(f"A {doing} takes no value; got {describe(value)}.")

    def _can(self, action: Action, amount: SupportsIndex | None = None) -> bool:
        try:
            self._verify(action, amount)
        except IllegalActionError:
            return False
        return True

    def _acted(self, seat: int, event: ev.Event) -> ev.Event:
        self.events.append(event)  # _log, inlined: every betting decision ends here
        self._legal = None
        if self._exposable or self._exposable_drawn:  # a betting decision ends the dealing
            self._exposable, self._exposable_drawn = set(), set()
        assert self.round is not None
        if len(self._active) < 2 or not self.round.pending:
            self._end_round()
            self._after()
        else:  # the round goes on: no dealer step, and _log has dropped the legal actions
            pending = self.round.pending
            for after in self._rings[seat + 1]:  # _next_pending(seat, inclusive=False), inlined
                if after in pending:
                    self.actor = after
                    break
        return event

    # ------------------------------------------------------------------ draws
    def verify_draw(
        self, discards: Iterable[Card | int | str] | str = (), *, asked: int | None = None,
        served: dealing.CardsInput | None = None,
    ) -> tuple[int, list[int]]:
        """Raise unless the actor may discard ``discards`` (cards he holds, at
        most the street's draw, or the draw rules' ``ace_draw`` when he keeps an
        ace) and be served ``asked`` cards (default: as many as he discards; a
        different number only where the game serves what a player asks for),
        and, if ``served`` names them, be served those cards (see :meth:`draw`);
        return (actor, discards as ints)."""
        if served is not None:
            return self._plan_served(discards, asked, served)[:2]
        cards = _discards(discards)
        seat, offered = self._verify(_A_DRAW)  # offered: the most this draw may take (legal_actions)
        down, up = self.down[seat], self.up[seat]
        missing = [ev.card_text(c) for c in cards if c not in down and c not in up]
        if missing:
            held = " ".join(ev.card_text(c) for c in (*down, *up))
            raise IllegalActionError(f"Seat {seat} does not hold {', '.join(missing)}; he holds {held} "
                                     "(discards name cards, not their positions).")
        rules = self.spec.draws
        count = len(cards) if asked is None else as_int(
            asked, "asked", low=0, error=IllegalActionError, type_error=IllegalActionTypeError
        )
        if count != len(cards) and (rules is None or not rules.as_asked):
            raise IllegalActionError(
                f"Seat {seat} is served as many cards as he discards ({len(cards)}), not {count}: "
                f"{self.spec.name} serves a different number only with DrawRules(as_asked=True)."
            )
        limit = self.spec.streets[self.street].draw
        wanted = count if count > len(cards) else len(cards)  # not max(): every draw
        # The offer is min(limit or more keeping an ace, the stub's room): a draw within it and
        # within the street's own limit passes both checks below, so they are skipped.
        if wanted > limit or wanted > offered:
            if rules is not None and rules.ace_draw is not None:
                limit = rules.most(limit, [c for c in down + up if c not in cards])
            if wanted > limit:
                more = f" ({rules.ace_draw} keeping an ace)" if rules is not None and rules.ace_draw else ""
                raise IllegalActionError(
                    f"Seat {seat} may draw at most {counted(limit, 'card')}{more}, not {wanted}."
                )
            most = self._stub_room(seat)
            if count > most:
                raise IllegalActionError(
                    f"The stub cannot serve {counted(count, 'card')} now, at most {most} (a "
                    "stub's last card is never "
                    f"dealt); draw fewer."
                )
        if self._paying is not None:  # paid draws: one card a turn, the fee affordable
            self._paying.verify(seat, cards, self.stacks[seat])
        return seat, cards

    def can_draw(
        self, discards: Iterable[Card | int | str] | str = (), *, asked: int | None = None,
        served: dealing.CardsInput | None = None,
    ) -> bool:
        """Whether the actor may make this draw."""
        try:
            self.verify_draw(discards, asked=asked, served=served)
        except IllegalActionError:
            return False
        return True

    def draw(
        self, discards: Iterable[Card | int | str] | str = (), *, asked: int | None = None,
        served: dealing.CardsInput | None = None,
    ) -> ev.Event:
        """The actor discards ``discards`` and receives as many cards (a down card
        for a down card, an up card for an up card), or ``asked`` cards where the
        game serves what a player asks for; no cards: stands pat.  Served from the
        stub, never its last card (the stub is reshuffled when it runs short).

        ``served`` names the cards he receives, in order (a recorded hand, a live
        table): each must still be in the stub, or, once it runs short, in the new
        stub (see :func:`splitpot.engine.dealing.plan_serves`); refused with
        :class:`IllegalActionError`, nothing changed.

        >>> from splitpot.games import get_game
        >>> state = State(get_game("jackpots"), [30, 30], seed=2, automate=False)
        >>> state.can_draw(served="Ah")  # not now: the deal comes first
        False
        """
        if served is not None:
            seat, cards, plan = self._plan_served(discards, asked, served)
            dealing.stack(self, plan)
        else:
            seat, cards = self.verify_draw(discards, asked=asked)
        count = len(cards) if asked is None else int(asked)
        received = self._serve(count, seat) if count else []
        down, up = self.down[seat], self.up[seat]
        if count == len(cards):
            for old, new in zip(cards, received, strict=True):
                pile = down if old in down else up
                pile[pile.index(old)] = new
        else:  # served as asked: a hand of another size than five is dead at showdown
            for old in cards:
                (down if old in down else up).remove(old)
            down.extend(received)
        event = self._log(_DREW(seat, tuple(cards), tuple(received)))
        self._pool.extend(cards)  # his discards may make a later stub, never his own
        for card in cards:
            self._mucked_by[card] = seat
        if self._exposable:
            self._exposable = set()  # the draw has begun: the deal's exposures are settled
        if received:
            self._exposable_drawn.update(received)
        if self._paying is not None:  # paid draws: the fee, then the next turn round and round
            return self._paid_draw_made(seat, bool(received), event)
        self.drawn.add(seat)
        rest = [s for s in self._active if s not in self.drawn]
        if rest:  # drawing goes on: no dealer step, and _log has dropped the legal actions
            self.actor = rest[0]
            return event
        self.actor = None
        if self._owed:
            self._serve_owed()
        self._start_betting()
        self._after()
        return event

    def _plan_served(
        self, discards: Iterable[Card | int | str] | str, asked: int | None, served: dealing.CardsInput
    ) -> tuple[int, list[int], dealing.ServePlan]:
        """verify_draw, then the plan serving him the named cards."""
        seat, cards = self.verify_draw(discards, asked=asked)
        count = len(cards) if asked is None else int(asked)
        named = dealing.as_cards(served, "the cards served")
        if len(named) != count:
            raise IllegalActionError(
                f"Seat {seat} is served {counted(count, 'card')} here, not {len(named)} "
                f"({' '.join(ev.card_text(c) for c in named) or 'none'})."
            )
        return seat, cards, dealing.plan_serves(self, [(named, cards)], pool=self._pool_for(seat))

    # ------------------------------------------------------------ paid draws
    def _begin_paid_draws(self, rule: PaidDraws) -> None:
        self._paying = DrawTurns.start(rule, self._active, stacks=self.stacks)
        self.phase = _DRAWING
        self.actor = self._paying.next_seat(None)
        if self.actor is None:  # nobody can pay a fee
            self._start_betting()

    def _paid_draw_made(self, seat: int, drew: bool, event: ev.Event) -> ev.Event:
        paying = self._paying
        assert paying is not None
        if drew:
            fee = paying.pay(seat, self.stacks[seat])
            self._move(seat, fee)
            self._log(ev.DrawFeePaid(seat=seat, amount=fee))
        else:
            paying.stand(seat)
        self.actor = paying.next_seat(seat)
        if self.actor is None:
            self._start_betting()
            self._after()
        # else drawing goes on: no dealer step, and _log has dropped the legal actions
        return event

    def draw_fee(self, seat: int) -> int | None:
        """What ``seat``'s next card would cost in a game of paid draws (None: no
        paid draws, or he may draw no more)."""
        seat = self._seat(seat)
        paying = self._paying
        if paying is None or seat not in paying.drawn or paying.drawn[seat] >= paying.rule.most:
            return None
        return paying.fee(seat)

    @property
    def draw_fees(self) -> list[int]:
        """Chips each seat paid for cards drawn this hand (dead money in the main pot)."""
        return list(self._paying.fees_paid) if self._paying is not None else [0] * self.seats

    def _draw_limit(self, seat: int) -> int:
        most = self.spec.streets[self.street].draw
        rules = self.spec.draws
        if rules is not None and rules.ace_draw is not None:
            most = rules.most(most, self._held(seat))
        if most < len(self._deck) - self._next:  # the stub alone serves them, its last card kept
            return most
        room = self._stub_room(seat)
        return most if most < room else room

    def _stub_room(self, seat: int) -> int:
        """The most cards one draw can be served to ``seat`` now."""
        return draws.capacity(cards_left=len(self._deck) - self._next, pool=len(self._pool_for(seat)))

    def _pool_for(self, seat: int) -> list[int]:
        """The cards a new stub made while serving ``seat`` takes: the burn cards
        and every discard or dead card but his own (the rules, §5.4)."""
        mucked_by = self._mucked_by
        return [c for c in self._pool if mucked_by.get(c) != seat]

    def _serve(self, count: int, seat: int) -> list[int]:
        """``count`` cards for ``seat``'s draw: never the last card of the stub;
        when it runs short, that last card, the burn cards and the discards of the
        other players become a new stub (the rules, §5.4); his own stay out of it
        (a later stub may take them)."""
        left = len(self._deck) - self._next
        if count < left:  # the common case: the stub serves them all and keeps its last card
            start = self._next
            self._next = start + count
            return self._deck[start : start + count]
        first = min(count, max(0, left - 1))
        cards = self._take(first)
        if first < count:
            stub = self._decks.next_stub(self._deck[self._next :] + self._pool_for(seat))
            self._deck = self._deck[: self._next] + stub
            self._pool = [c for c in self._pool if self._mucked_by.get(c) == seat]
            self._mucked_by = {c: seat for c in self._pool}
            self._log(ev.StubReshuffled(cards=tuple(stub)))
            cards += self._take(count - first)
        return cards

    def _serve_owed(self) -> None:
        """Replace the cards exposed in the draw, once the others are served."""
        for seat in [s for s in self._order if self._owed.get(s)]:
            cards = tuple(self._serve(self._owed.pop(seat), seat))
            self.down[seat].extend(cards)
            self._exposable_drawn.update(cards)
            self._log(ev.CardsDealt(seat=seat, cards=cards, up=False))

    def dead_hand(self, seat: int) -> str | None:
        """Why ``seat``'s hand is dead at showdown, or None: where a player is
        served what he asks for, a hand of more or fewer than five cards."""
        seat = self._seat(seat)
        rules = self.spec.draws
        if rules is not None and rules.as_asked:
            count = len(self.down[seat]) + len(self.up[seat])
            if count != 5:
                return f"dead hand ({count} cards)"
        return None

    # ---------------------------------------------------- exposed cards
    def verify_expose(self, card: Card | int | str) -> tuple[int, int, draws.Ruling]:
        """Raise unless the dealer may expose ``card`` now: a card just dealt in
        the deal (before any betting decision) or in the draw (before the
        betting after it); return (its seat, the card, the ruling).  A refusal
        names only the card asked about, never the cards that may be exposed:
        they are players' down cards."""
        rules = self.spec.draws
        if rules is None:
            raise IllegalActionError(f"{self.spec.name} has no exposed-card rule (draw games have one).")
        if self.phase is _EXPOSED:
            assert self._resume is not None
            raise IllegalActionError(
                f"Seat {self.actor} must first keep or refuse the exposed {ev.card_text(self._resume[2])}."
            )
        try:
            found = parse_cards([card] if not isinstance(card, str) else card)
        except CardTypeError as err:
            raise IllegalActionTypeError(f"Cannot expose: {err}.") from None
        except CardError as err:
            raise IllegalActionError(f"Cannot expose: {err}.") from None
        if len(found) != 1:
            raise IllegalActionError(f"Expose one card, not {len(found)}.")
        value = int(found[0])
        before = True if value in self._exposable else False if value in self._exposable_drawn else None
        if before is None or self.phase is _COMPLETE:
            # The cards that may be exposed are not listed: most are players' down cards.
            some = self.phase is not _COMPLETE and (self._exposable or self._exposable_drawn)
            raise IllegalActionError(
                f"{ev.card_text(value)} cannot be exposed now: only a card just dealt can, before the "
                f"betting that follows ({'it is not one' if some else 'no card may be exposed now'})."
            )
        seat = next(s for s in range(self.seats) if value in self.down[s] or value in self.up[s])
        ruling = draws.ruling(value, before_draw=before, dealer=seat == self.button,
                              keep_at_most=rules.keep_at_most, ace_low=self.spec.high is None)
        return seat, value, ruling

    def can_expose(self, card: Card | int | str) -> bool:
        """Whether the dealer may expose ``card`` now."""
        try:
            self.verify_expose(card)
        except (IllegalActionError, ValueError, TypeError):
            return False
        return True

    def expose(self, card: Card | int | str) -> ev.Event:
        """A dealer error: ``card`` was exposed while dealt.  Before the draw the
        player keeps a 7 or lower and may refuse an 8 or higher (his decision:
        :meth:`keep_exposed` or :meth:`refuse_exposed`); in the draw the card is
        dead and replaced after the other players are served; the dealer keeps
        his own exposed card (the rules, §5.6).  The dealer's tool (a server's),
        not a player's: whether a card may be exposed tells whether it was just
        dealt, so its answers are not for the players' eyes (its refusals name
        no card but the one asked about)."""
        seat, value, ruling = self.verify_expose(card)
        event = self._log(ev.CardExposed(seat=seat, card=value, ruling=str(ruling)))
        self._exposable.discard(value)
        self._exposable_drawn.discard(value)
        if ruling is draws.Ruling.CHOOSE:
            self._resume = (self.phase, self.actor, value)
            self.phase = _EXPOSED
            self.actor = seat
        elif ruling is draws.Ruling.DEAD:
            (self.down[seat] if value in self.down[seat] else self.up[seat]).remove(value)
            self._pool.append(value)
            self._mucked_by[value] = seat
            self._owed[seat] = self._owed.get(seat, 0) + 1
            if self.phase is not _DRAWING:  # the others are served already
                self._serve_owed()
        self._legal = None
        return event

    def verify_keep_exposed(self) -> tuple[int, int]:
        """Raise unless the actor may keep the card exposed to him; return (actor, card)."""
        seat = self._verify(_A_KEEP)[0]
        assert self._resume is not None
        return seat, self._resume[2]

    def can_keep_exposed(self) -> bool:
        """Whether the actor may keep an exposed card."""
        return self._can(_A_KEEP)

    def keep_exposed(self) -> ev.Event:
        """The actor keeps the 8 or higher the dealer exposed to him."""
        seat, card = self.verify_keep_exposed()
        event = self._log(ev.ExposedKept(seat=seat, card=card))
        self._end_exposed()
        return event

    def verify_refuse_exposed(self) -> tuple[int, int]:
        """Raise unless the actor may refuse the card exposed to him; return (actor, card)."""
        seat = self._verify(_A_REFUSE)[0]
        assert self._resume is not None
        return seat, self._resume[2]

    def can_refuse_exposed(self) -> bool:
        """Whether the actor may refuse an exposed card."""
        return self._can(_A_REFUSE)

    def refuse_exposed(self) -> ev.Event:
        """The actor refuses the exposed card: it is dead, and he receives the top
        card of the stub in its place."""
        seat, card = self.verify_refuse_exposed()
        event = self._log(ev.ExposedRefused(seat=seat, card=card))
        new = self._serve(1, seat)[0]
        pile = self.down[seat] if card in self.down[seat] else self.up[seat]
        pile[pile.index(card)] = new
        self._pool.append(card)
        self._mucked_by[card] = seat
        self._may_open.pop(seat, None)
        self._exposable.add(new)
        self._log(ev.CardsDealt(seat=seat, cards=(new,), up=False))
        self._end_exposed()
        return event

    def _end_exposed(self) -> None:
        assert self._resume is not None
        self.phase, self.actor, _ = self._resume
        self._resume = None
        self._legal = None

    # ------------------------------------------------ openers and passed-out deals
    def may_open(self, seat: int) -> bool:
        """Whether ``seat`` holds what the game in force asks to open (always
        True without an opening requirement)."""
        return self._opens(self._seat(seat))

    def _opens(self, seat: int) -> bool:
        """:meth:`may_open` for a seat the engine itself names, cached for the deal."""
        known = self._may_open.get(seat)
        if known is None:
            opening = self.spec.opening
            if opening is None or opening.minimum is None:
                return True
            wilds = self.spec.wilds  # wilds_for(seat), inlined: a seat's own wild cards only where positional
            if wilds.positional is not None:
                wilds = self._wilds_for(seat)
            known = openers.holds_openers(opening, self.down[seat] + self.up[seat], wilds)
            self._may_open[seat] = known
        return known

    def _open(self, seat: int) -> None:
        """The first bet opens the pot: note the opener and, where openers are
        needed, his five cards (the proof); with pass and out the players who
        checked before are out."""
        opening = self.spec.opening
        assert opening is not None and self.round is not None
        self.opener = seat
        if opening.minimum is not None:
            self.opening_hand = tuple(self._held(seat))
        out = openers.passers(self)
        if out:
            for s in out:
                self.folded[s] = True
                self._active.remove(s)
                self.round.apply_fold(s)
            self._log(ev.PassersOut(seats=out))

    def _passes_out(self) -> bool:
        """Nobody opened the first round of a game with an opening requirement:
        the deal is passed out (then :meth:`advance` plays on or deals again)."""
        r = self.round
        if self.spec.opening is None or self.street != 0 or r is None or r.current or len(self._active) < 2:
            return False
        self.round = None
        self.actor = None
        self.phase = _PASSED_OUT
        self._log(_NOBODY_OPENED(self.deal, self.pot))
        return True

    def _after_passed_out(self) -> ev.Event:
        opening = self.spec.opening
        assert opening is not None
        if opening.then is not None:  # jacks back: the same hands as lowball
            self.spec = opening.then
            self.street = 0
            self.opener, self.opening_hand, self._may_open = None, (), {}
            event = self._log(ev.PlayedAs(game=self.spec.name))
            self._start_betting()
            return event
        return self._redeal()

    def _redeal(self) -> ev.Event:
        """Everyone antes again and the same dealer deals a new deck; the pot stays."""
        old, order = self._deck, self._decks.next_deck()
        self._deck = order
        try:
            self._check_deck()
        except RuleError:
            self._deck = old
            raise
        self._next = 0
        self.spec = self.game
        self.deal += 1
        seats = self.seats
        self.down, self.up, self.community = [[] for _ in range(seats)], [[] for _ in range(seats)], []
        self.folded = list(self._dealt_folded)
        self._active = list(self._dealt_active)
        self.drawn, self.declared, self._blinds = set(), {}, []
        self.opener, self.opening_hand, self._may_open = None, (), {}
        self._pool, self._mucked_by, self._owed, self._resume = [], {}, {}, None
        self._exposable, self._exposable_drawn = set(), set()
        self.round, self.actor, self.street = None, None, -1
        self.phase = _FORCED_BETS
        return self._log(_REDEALT(self.deal, tuple(order)))

    # ----------------------------------------------------------- declarations
    def verify_declare(
        self, choice: Declaration | str, *, seat: SupportsIndex | None = None
    ) -> tuple[int, Declaration]:
        """Raise unless ``seat`` (default: the actor) may declare ``choice``
        (``high``, ``low``, ``both``, or a marker ``red``/``white``/``blue``).
        In simultaneous mode any player who has not declared may declare."""
        if not isinstance(choice, str):
            raise IllegalActionTypeError(
                "A declaration is 'high', 'low' or 'both' (markers red, white, blue), "
                f"got {describe(choice)}."
            )
        if seat is not None:
            seat = as_int(seat, "seat", low=0, high=self.seats - 1, error=IllegalActionError,
                          type_error=IllegalActionTypeError)
        if self.phase is not _DECLARING:
            raise IllegalActionError(self._refused("declare", seat))
        text = choice.strip().lower()
        if text not in MARKERS and text not in {d.value for d in Declaration}:
            raise IllegalActionError(
                f"Unknown declaration {choice!r}; declare high, low or both (markers red, white, blue)."
            )
        decl = MARKERS.get(text) or Declaration(text)
        if decl is Declaration.BOTH and not self.spec.declare_both:
            raise IllegalActionError(
                f"{self.spec.name} declares high or low only ({self.spec.declare} without both)."
            )
        who = self.actor if seat is None else seat
        assert who is not None
        if self.spec.declare is DeclareMode.IN_TURN and who != self.actor:
            raise IllegalActionError(f"Declarations are in turn: seat {self.actor} declares next.")
        if who not in self._active or who in self.declared:
            raise IllegalActionError(
                f"Seat {who} cannot declare; undeclared players: {self._undeclared()}."
            )
        return who, decl

    def can_declare(self, choice: Declaration | str, *, seat: SupportsIndex | None = None) -> bool:
        """Whether the declaration is legal."""
        try:
            self.verify_declare(choice, seat=seat)
        except IllegalActionError:
            return False
        return True

    def declare(self, choice: Declaration | str, *, seat: SupportsIndex | None = None) -> ev.Event:
        """Declare ``high``, ``low`` or ``both`` for ``seat`` (default: the actor)."""
        who, decl = self.verify_declare(choice, seat=seat)
        self.declared[who] = decl
        event = self._log(ev.Declared(seat=who, choice=str(decl)))
        rest = self._undeclared()
        if rest:
            self.actor = rest[0]
        else:
            self.actor = None
            if self.spec.declare is DeclareMode.SIMULTANEOUS:
                choices = tuple((s, str(self.declared[s])) for s in self._active)
                self._log(ev.DeclarationsRevealed(choices=choices))
            self.phase = _SHOWDOWN
        self._after()
        return event

    def _undeclared(self) -> list[int]:
        return [s for s in self._active if s not in self.declared]

    # ---------------------------------------------------------------- turn-ups
    def _begin_turn_up(self, rule: TurnUp) -> None:
        self._turning = TurnUps.start(rule, self._active)
        self.phase = _TURNING_UP
        self.actor = self._turning.next_seat

    @property
    def turn_up_choosers(self) -> list[int]:
        """Seats that may choose a turn-up now: the actor when turn-ups are in turn,
        everyone still to choose when they are simultaneous (empty outside a turn-up)."""
        turning = self._turning
        if turning is None:
            return []
        if turning.rule.mode is ChoiceMode.IN_TURN:
            return [self.actor] if self.actor is not None else []
        return turning.pending

    def turn_up_option(self, seat: int) -> Option:
        """What ``seat`` may turn up now (his down cards; amounts 0 where he may keep
        them down, or 1); raises outside a turn-up."""
        seat = self._seat(seat)
        if self._turning is None:
            raise IllegalActionError(self._refused("turn up a card", seat))
        return self._turning.option(self.down[seat])

    def verify_turn_up(
        self, cards: Iterable[Card | int | str] | Card | int | str = (), *, seat: SupportsIndex | None = None
    ) -> tuple[int, tuple[int, ...]]:
        """Raise unless ``seat`` (default: the actor) may turn ``cards`` face up: one
        of his down cards, or none where the game lets him keep them down.  When
        turn-ups are simultaneous, any player who has not chosen may choose.
        Return (seat, cards as ints)."""
        turning = self._turning
        if (seat is None and type(cards) is list and len(cards) == 1 and turning is not None
                and self.phase is _TURNING_UP):
            text = cards[0]  # the common form: the actor names one card as text (every Mexican stud choice)
            card = _CARD_BY_TEXT.get(text) if type(text) is str else None
            who = self.actor  # while turning up, the first seat still to choose
            if card is not None and who is not None and card in self.down[who]:
                return who, (card,)  # what the checks below return for it; anything else takes them
        who = None if seat is None else as_int(
            seat, "seat", low=0, high=self.seats - 1,
            error=IllegalActionError, type_error=IllegalActionTypeError,
        )
        kind = type(cards)
        if kind is not list and kind is not tuple and (  # a list or tuple is always a legal type here
            isinstance(cards, (bytes, bytearray, bool)) or not isinstance(cards, (str, int, Card, Iterable))
        ):
            raise IllegalActionTypeError(
                f"A turn-up names cards (text, ints or Cards), got {describe(cards)}."
            )
        try:
            chosen = _card_ints(cards)
        except CardTypeError as err:
            raise IllegalActionTypeError(f"Cannot turn up: {err}.") from None
        except CardError as err:
            raise IllegalActionError(f"Cannot turn up: {err}.") from None
        except TypeError as err:
            raise IllegalActionTypeError(f"Cannot turn up: {err}.") from None
        if self.phase is not _TURNING_UP or turning is None:
            raise IllegalActionError(self._refused("turn up a card", who))
        who = self.actor if who is None else who
        assert who is not None
        held = self.down[who] if 0 <= who < self.seats else []
        turning.verify(who, self.actor, held, chosen)
        return who, chosen

    def can_turn_up(
        self, cards: Iterable[Card | int | str] | Card | int | str = (), *, seat: SupportsIndex | None = None
    ) -> bool:
        """Whether the turn-up is legal (no side effects)."""
        try:
            self.verify_turn_up(cards, seat=seat)
        except (SplitpotError, TypeError):
            return False
        return True

    def turn_up(
        self, cards: Iterable[Card | int | str] | Card | int | str = (), *, seat: SupportsIndex | None = None
    ) -> ev.Event:
        """``seat`` (default: the actor) turns one of his down cards face up (no
        cards: keeps them down, where allowed).  In turn the card turns at once;
        simultaneous choices stay secret until everyone has chosen, then all
        the cards turn together."""
        who, chosen = self.verify_turn_up(cards, seat=seat)
        turning = self._turning
        assert turning is not None
        turning.record(who, chosen)
        if turning.rule.mode is _IN_TURN:
            event = self._log(_TURNED_UP(who, chosen))
            self._turn_face_up(who, chosen)
        else:
            event = _TURN_CHOSEN(who, chosen)
            self.events.append(event)  # _log inlined: the legal actions are set just below
        left = turning.left
        if left:  # others still choose: no dealer step; the next chooser's options are his down cards'
            self.actor = nxt = left[0]
            self._legal = turning.options(self.down[nxt])  # what _compute_legal gives, without its dispatch
            return event
        turned = turning.turned()
        if turning.rule.mode is _SIMULTANEOUS:
            down, up = self.down, self.up
            for seat_turned, card in turned:  # _turn_face_up inlined: every street of Mexican stud
                down[seat_turned].remove(card)
                up[seat_turned].append(card)
            seats, cards_turned = zip(*turned, strict=True) if turned else ((), ())
            self._log(_TURNS_REVEALED(seats, cards_turned))
        self._turning = None
        self.actor = None
        if turning.rule.before_deal:
            self._face_down = frozenset(s for s, _ in turned)
            self.phase = _DEALING
        else:
            self._start_betting()
        self._after()
        return event

    def _turn_face_up(self, seat: int, cards: Iterable[int]) -> None:
        for card in cards:
            self.down[seat].remove(card)
            self.up[seat].append(card)

    # ---------------------------------------------------------------- helpers
    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Pickle and copy take every attribute but the memos a question fills (the
        legal actions, who holds openers): the restored state computes them again
        when asked.  So asking, or an action refused, leaves even the pickle's
        bytes as they were.

        >>> import pickle
        >>> from splitpot.games import get_game
        >>> state = State(get_game("jackpots"), [50, 50], seed=0)
        >>> before = pickle.dumps(state)
        >>> state.may_open(1), state.legal_actions() != ()
        (False, True)
        >>> pickle.dumps(state) == before
        True
        """
        return None, {name: getattr(self, name) for name in _SLOTS if name not in _MEMOS}

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        for name, value in state[1].items():
            object.__setattr__(self, name, value)
        self._legal = None
        self._may_open = {}

    def snapshot(self) -> tuple[object, ...]:
        """A value that changes whenever anything in the state changes."""
        r = self.round
        rnd = None
        if r is not None:
            rnd = (tuple(r.bets), r.current, r.last_full, r.increments, r.full_bets, r.brought_in,
                   tuple(sorted(r.pending)), tuple(sorted(r.may_raise)), tuple(sorted(r.checked)))
        return (
            self.phase, self.street, self.actor, tuple(self.stacks), tuple(self.committed),
            tuple(self.folded), tuple(map(tuple, self.down)), tuple(map(tuple, self.up)),
            tuple(self.community), self._next, rnd, tuple(sorted(self.declared.items())),
            tuple(sorted(self.drawn)), tuple(self.events),
            self._turning.snapshot() if self._turning is not None else None, self._face_down,
            self._paying.snapshot() if self._paying is not None else None,
            self.deal, self.spec.name, self.opener, self.opening_hand, tuple(self._deck[self._next :]),
            tuple(self._pool), tuple(sorted(self._mucked_by.items())), tuple(sorted(self._exposable)),
            tuple(sorted(self._exposable_drawn)),
            tuple(sorted(self._owed.items())),
            self._resume,
        )

    def __repr__(self) -> str:
        return (
            f"<State {self.spec.name} phase={self.phase!s} street={self.street} "
            f"actor={self.actor} pot={self.pot} stacks={self.stacks}>"
        )

    # ------------------------------------------------------------ history/view
    def history(self) -> History:
        """The hand so far as a replayable, JSON-ready :class:`History`."""
        return History.of(self)

    def view(self, seat: SupportsIndex | None, *, since: SupportsIndex | None = None) -> dict[str, Any]:
        """What ``seat`` may see (other players' down cards hidden; None: a
        spectator); JSON-ready.

        ``since`` asks for the events a client does not hold yet: ``since`` is
        the number of events it holds, as a view of this hand showed them when
        the hand had that many (0 for none).  ``"events"`` then holds only the
        events from index ``view["since"]`` on, and the rest of the view is
        whole; the client replaces its events from there
        (``events[view["since"]:] = view["events"]``) and holds exactly what
        ``view(seat)["events"]`` holds.  ``view["since"]`` is ``since`` itself,
        or earlier where the view of an event the client holds has changed:
        simultaneous declarations show as null to the other players until the
        reveal, which shows them, so the reveal sends the declarations again;
        a card made public later (dealt face up from a reshuffled stub) would
        show in an earlier draw that moved it face down, which is sent again
        too.  Only the events sent are made into dicts: the update after one
        action costs about a sixth of the whole view (0.12 to 0.18 of it,
        measured side by side in the middle of a hand of six in seven games;
        the whole view's cost grows with the hand's events).

        >>> from splitpot.games import get_game
        >>> state = State(get_game("seven-card-stud"), [100, 100], seed=3)
        >>> held = state.view(1)["events"]
        >>> _ = state.bring_in()
        >>> update = state.view(1, since=len(held))
        >>> update["since"], [e["event"] for e in update["events"]]
        (7, ['bring_in'])
        >>> held[update["since"]:] = update["events"]
        >>> held == state.view(1)["events"]
        True
        """
        seat = None if seat is None else self._seat(seat)
        if since is not None:
            since = as_int(since, "since", low=0, high=len(self.events))
        return player_view(self, seat, since)


_SLOTS = tuple(name for name in State.__slots__ if name != "__weakref__")
