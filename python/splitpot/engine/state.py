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

State's methods live in one module per concern, each a mixin that State is built from
(the methods are documented here, on State): the dealer's steps in
:mod:`~splitpot.engine.dealer_steps`, the betting actions and :meth:`~State.act` in
:mod:`~splitpot.engine.betting_actions`, draws and paid draws in
:mod:`~splitpot.engine.draw_actions`, exposed cards in :mod:`~splitpot.engine.exposed_cards`,
openers and deals passed out in :mod:`~splitpot.engine.opening`, declarations in
:mod:`~splitpot.engine.declaring`, turn-ups in :mod:`~splitpot.engine.turning_up`.
This module keeps the construction, the queries, the legal actions, the showdown step,
pickling, history and view; :class:`Phase` is :mod:`~splitpot.engine.phases`'s (importable
from here too).  The rules each action applies are the engine's rule modules'
(:mod:`~splitpot.engine.betting`, :mod:`~splitpot.engine.draws`, ...).

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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex

from splitpot.cards import Deck
from splitpot.engine import draws, openers
from splitpot.engine import events as ev
from splitpot.engine.betting import Action, Option, Round
from splitpot.engine.betting_actions import (  # the Action members as constants, defined once
    _A_BET,
    _A_BRING_IN,
    _A_CALL,
    _A_COMPLETE,
    _A_DRAW,
    _A_RAISE,
    _A_TURN_UP,
    BettingActions,
)
from splitpot.engine.betting_actions import method_name as method_name
from splitpot.engine.choices import TurnUps
from splitpot.engine.dealer_steps import DealerSteps
from splitpot.engine.declare import Declaration
from splitpot.engine.declaring import Declaring
from splitpot.engine.draw_actions import DrawActions
from splitpot.engine.exposed_cards import ExposedCards
from splitpot.engine.history import History, player_view
from splitpot.engine.opening import Opening
from splitpot.engine.order import rings
from splitpot.engine.paid_draws import DrawTurns
from splitpot.engine.phases import Phase
from splitpot.engine.positional import positional_card, wilds_with
from splitpot.engine.showdown import settle
from splitpot.engine.spec import GameSpec, Street, Wilds
from splitpot.engine.turning_up import TurningUp
from splitpot.errors import (
    ArgumentTypeError,
    IllegalActionError,
    IllegalActionTypeError,
    RuleError,
    StaleViewError,
)
from splitpot.validate import as_bool, as_int, as_ints, as_optional_int, counted, describe

if TYPE_CHECKING:
    from splitpot.dealers_choice import Call
    from splitpot.validate import IntsLike

__all__ = ["Phase", "State"]


_DEALER_PHASES = frozenset({Phase.FORCED_BETS, Phase.DEALING, Phase.SHOWDOWN, Phase.PASSED_OUT})
_MEMOS = frozenset({"_legal", "_may_open"})
"""State's memos that a question fills (``legal_actions()``, ``may_open()``, a refused
action's message): computed from the rest, so a pickle or copy leaves them out."""

# Enum members as module constants: attribute access on an Enum class is slow in hot paths.
_FORCED_BETS = Phase.FORCED_BETS
_BRING_IN = Phase.BRING_IN
_BETTING = Phase.BETTING
_DRAWING = Phase.DRAWING
_DECLARING = Phase.DECLARING
_COMPLETE = Phase.COMPLETE
_EXPOSED = Phase.EXPOSED
_TURNING_UP = Phase.TURNING_UP
_DECLARE_OPTION = Option(Action.DECLARE, choices=("high", "low", "both"))
_DECLARE_HIGH_LOW = Option(Action.DECLARE, choices=("high", "low"))
_DRAW_OPTIONS = tuple((Option(Action.DRAW, (n,)),) for n in range(6))
_EXPOSED_OPTIONS = (Option(Action.KEEP), Option(Action.REFUSE))
_HAND_ENDED = ev.maker(ev.HandEnded)  # built positionally (ev.maker: no keyword call)


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


class State(DealerSteps, BettingActions, DrawActions, ExposedCards, Opening, Declaring, TurningUp):
    """One hand of poker at a table of ``len(stacks)`` seats.

    Seats with an empty stack sit out.  ``deck`` fixes the card order (first
    card dealt first; a :class:`~splitpot.cards.Deck` deals its cards left);
    otherwise a deck shuffled with ``seed`` is used: the Mersenne Twister keyed
    with ``seed`` shuffles the hand's decks (None: keyed from the operating
    system's entropy), so a seed makes the hand reproducible; it is not a
    shuffle for dealing for money (a server with its own shuffle gives
    ``deck``).  Cards
    are dealt one round at a time, clockwise from the dealer's left.  With
    ``automate=False`` every dealer step waits for :meth:`advance`.

    ``deck`` may also be a sequence of decks: the first is dealt first, the
    next ones serve re-deals and stub reshuffles in the order they happen
    (:class:`~splitpot.engine.draws.Decks`); past them, orders are shuffled
    from ``seed`` (without one, from a digest of the first deck).
    ``game_call`` is the dealer's call that named the game in a dealer's-choice
    session (:class:`splitpot.dealers_choice.Call`; its spec must be ``spec``):
    kept as ``game_call`` and in the history.  A whole deck of 52 cards for a
    game dealt with the joker (53 cards) is refused, for a new hand: a recorded
    hand (:meth:`History.replay <splitpot.engine.history.History.replay>`) is
    dealt the decks it recorded, older files' 52 cards included.

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
        _recorded: bool = False,  # History.replay: the decks a hand recorded, dealt as they are
    ) -> None:
        # _recorded (and get_game's _recorded: a recorded call's options) lets go the checks
        # made since older files were written (a joker game's 52-card deck).  The rule: a
        # document is data the server wrote, trusted as such; it is checked to be a legal hand,
        # not to be one a new deal would make, so a crafted document with a 52-card deck for a
        # joker game replays (dealt as it says).  Never for input from a player.
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
        self._decks = draws.Decks(_deck_input(deck), seed=seed, size=spec.wilds.deck_size, recorded=_recorded)
        order = self._decks.first
        if deck is not None and not joker and 52 in order:  # a shuffled deck holds the joker only when dealt
            raise RuleError(f"{spec.name} is dealt without the joker; the deck holds one (Jk).")
        if deck is not None and not _recorded and draws._lacks_joker(order, spec.wilds.deck_size):
            raise RuleError(draws._joker_missing(spec.name))
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

    # ------------------------------------------------------------ the showdown
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

    def waiting_for(self, *, options: bool = False) -> str:
        """What the hand waits for now, in words: the phase and who is to act (the
        text a refused action gives).  ``options``: also what the actor may do,
        which are his secrets (the down cards he may turn up, whether he holds
        openers); only for his own eyes or a reader who sees every card.

        >>> from splitpot.games import get_game
        >>> state = State(get_game("seven-card-stud"), [50, 50], seed=1)
        >>> state.waiting_for()
        'seat 1 must act (the hand is in phase bring_in)'
        >>> state.waiting_for(options=True)
        'the hand is in phase bring_in; seat 1 must act (bring_in 2, complete to 5)'
        """
        return self._not_now(options=options)

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

    def _can(self, action: Action, amount: SupportsIndex | None = None) -> bool:
        try:
            self._verify(action, amount)
        except IllegalActionError:
            return False
        return True

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
        the whole view's cost grows with the hand's events).  A ``since`` beyond the
        hand's events (a count from another hand) raises
        :class:`~splitpot.errors.StaleViewError`, a
        :class:`~splitpot.errors.StaleActionError` as ``act(..., seen=n)`` raises.

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
            since = as_int(since, "since", low=0)
            if since > len(self.events):
                raise StaleViewError(
                    f"A view since event {since} was asked for, but this hand has only {len(self.events)} "
                    "events: the count is from another hand.")
        return player_view(self, seat, since)


_SLOTS = tuple(name for name in State.__slots__ if name != "__weakref__")
