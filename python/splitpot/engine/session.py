"""Consecutive hands at one table: stacks carry over, the button moves left.

A session saves as one JSON document (:meth:`Session.to_json`) and resumes from
it (:meth:`Session.from_json`), between hands or in the middle of one: the
resumed session deals the same cards and takes the same actions as the one
that went on.

>>> from splitpot.games import get_game
>>> from splitpot.bots import SimpleBot
>>> session = Session(get_game("seven-card-stud"), [100, 100, 100], seed=1)
>>> hands = session.play(3, SimpleBot(seed=1))
>>> [h.button for h in hands], sum(session.stacks)
([0, 1, 2], 300)
>>> resumed = Session.from_json(session.to_json())
>>> [h.events for h in resumed.play(2, SimpleBot(seed=2))] == [
...     h.events for h in session.play(2, SimpleBot(seed=2))]
True
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex, TypeAlias, cast

from splitpot.engine.history import History, _document_spec, _replay_onto, _run_on, json_data
from splitpot.engine.schema import SESSION_VERSION, validate_session
from splitpot.engine.spec import GameSpec, as_stakes
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, HistoryError, IllegalActionError, RuleError, SplitpotError
from splitpot.validate import as_int, as_ints, as_optional_int, describe

if TYPE_CHECKING:
    from splitpot.cards import Deck
    from splitpot.dealers_choice import Call
    from splitpot.engine.draws import DeckInput
    from splitpot.validate import IntsLike

__all__ = ["Session"]

HandDeck: TypeAlias = "DeckInput | Deck | Sequence[Deck] | Callable[[GameSpec], Any] | None"
"""A hand's deck, as :class:`~splitpot.engine.state.State` takes it (None: shuffled from its
seed), or a function of the hand's spec that gives it."""


def _next_button(stacks: Sequence[int], button: int) -> int:
    """The next seat left of ``button`` that has chips (``button`` if none)."""
    seats = len(stacks)
    for i in range(1, seats + 1):
        seat = (button + i) % seats
        if stacks[seat] > 0:
            return seat
    return button


def refuse_unfinished(hands: Sequence[State], *, followed: bool = False, first: int = 0) -> None:
    """A saved session's hands are each finished but its last (a table left in the
    middle of a hand): HistoryError where one that is not has another after it
    (``followed``: another hand comes after the last of ``hands``; ``first``: the
    number of ``hands[0]`` in the session).  :meth:`Session.from_dict` (``splitpot
    resume``) and ``splitpot replay`` refuse such a document alike.

    >>> from splitpot.bots import SimpleBot
    >>> from splitpot.games import get_game
    >>> hands = Session(get_game("lowball"), [50, 50], seed=1).play(2, SimpleBot(seed=1))
    >>> refuse_unfinished(hands)
    >>> unfinished = Session(get_game("lowball"), [50, 50], seed=1).new_hand()
    >>> refuse_unfinished([unfinished, *hands])
    Traceback (most recent call last):
    ...
    splitpot.errors.HistoryError: hands[1]: hand 0 is not finished, yet another follows it.
    """
    for k in range(len(hands) if followed else len(hands) - 1):
        if not hands[k].is_complete:
            raise HistoryError(
                f"hands[{first + k + 1}]: hand {first + k} is not finished, yet another follows it."
            )


class Session:
    """A table playing hand after hand of one game.

    Each hand gets its own seed drawn from ``seed``: ``seed`` keys a
    ``random.Random`` (the Mersenne Twister; None: the operating system's
    entropy), saved with the session, that draws each hand's 63-bit seed in
    turn, so the same seed deals the same hands: reproducible, not a shuffle for
    dealing for money.  A server that shuffles its own decks (with
    ``secrets.SystemRandom()``, say) gives them to :meth:`new_hand` (``deck=``,
    a few decks: the next ones serve re-deals and new stubs).  Seats that run out of
    chips sit out; after each deal the button moves to the next seat left
    that is dealt in.  Between hands :meth:`set_stack` changes a seat's
    chips (a rebuy, a player sitting down or leaving), and :meth:`sit_out`
    and :meth:`sit_in` let a player with chips skip hands and come back.
    :meth:`to_json` saves the session and :meth:`from_json` resumes it.

    >>> from splitpot import get_game
    >>> from splitpot.bots import SimpleBot
    >>> session = Session(get_game("aces-deuces"), [50, 50, 50], seed=4)
    >>> state = session.new_hand()          # deal one hand and play it yourself ...
    >>> bot = SimpleBot(seed=4)
    >>> while not state.is_complete:
    ...     _ = bot(state)
    >>> hands = session.play(4, bot)        # ... or let a policy play the next ones
    >>> [h.button for h in hands], sum(session.stacks), len(session.hands)
    ([1, 2, 0, 1], 150, 5)
    """

    def __init__(
        self,
        spec: GameSpec,
        stacks: IntsLike,
        *,
        button: SupportsIndex = 0,
        seed: SupportsIndex | None = None,
    ) -> None:
        if not isinstance(spec, GameSpec):
            raise ArgumentTypeError(f"spec must be a GameSpec (see get_game), got {describe(spec)}.")
        self._spec = spec  # the first hand's; set_stakes() changes the spec of the hands to come
        self._setup(stacks, button=button, seed=seed)

    def __repr__(self) -> str:
        """The game, the hands played, the stacks, the button and the seats sitting out.

        >>> from splitpot.games import get_game
        >>> session = Session(get_game("lowball"), [100, 100, 100], seed=1)
        >>> session
        <Session of lowball: 0 hands played, stacks [100, 100, 100], button 0>
        >>> session.sit_out(2)
        >>> session
        <Session of lowball: 0 hands played, stacks [100, 100, 100], button 0, sitting out [2]>
        >>> _ = session.new_hand()                # the hand in progress is not counted as played
        >>> session
        <Session of lowball: 0 hands played, 1 in progress, stacks [100, 100, 100], button 0, sitting out [2]>
        """
        out = f", sitting out {sorted(self.sitting_out)}" if self.sitting_out else ""
        return (f"<{type(self).__name__} of {self.spec.name}: {self._played_text()}, "
                f"stacks {self.stacks}, button {self.button}{out}>")

    def _played_text(self) -> str:
        """``3 hands played``, with ``, 1 in progress`` where the last hand is not over
        (the reprs of a session and of a dealer's-choice session)."""
        hands = self.hands
        going = bool(hands) and not hands[-1].is_complete
        played = len(hands) - going
        return f"{played} hand{'' if played == 1 else 's'} played" + (", 1 in progress" if going else "")

    def _setup(self, stacks: IntsLike, *, button: SupportsIndex, seed: SupportsIndex | None) -> None:
        """The table: stacks, the button, the hands so far, the seeds' source."""
        self._specs_from: dict[int, GameSpec] = {}  # set_stakes(): from hand k on, the spec dealt
        self._stacks: list[int] = list(as_ints(stacks, "stacks", low=0))
        playing = len(self._stacks) - self._stacks.count(0)
        if not self._fewest_players <= playing <= self._most_players:  # as State refuses its first hand
            raise RuleError(
                f"{self._name} needs {self._fewest_players} to {self._most_players} players with chips, "
                f"got {playing}."
            )
        self.button = as_int(button, "button", low=0, high=max(len(self._stacks) - 1, 0))
        self._changes: dict[int, dict[int, int]] = {}  # set_stack(): before hand k, seat -> chips
        self._away: dict[int, frozenset[int]] = {}  # sit_out()/sit_in(): from hand k on, the seats out
        self._held: dict[int, dict[int, int]] = {}  # hand k's seats sitting out -> the chips they keep
        self._saved_out: frozenset[int] = frozenset()  # from_dict: the seats out where the document ends
        self.hands: list[State] = []
        self._rng = random.Random(as_optional_int(seed, "seed", low=0))
        # What a saved session holds besides its hands: the seeds' source before the
        # first hand (each hand's seed is drawn from it in turn) and the first hand's table.
        self._first_rng: tuple[Any, ...] = self._rng.getstate()
        self._first_table: tuple[list[int], int] | None = None
        self._seeds: list[int | None] = []  # each hand's seed (None: dealt from a given deck)
        self.hands_before = 0
        """The hands the table played before this session: in sessions that
        :meth:`carry_on` from one another, the earlier ones' hands (0 for a session
        that starts a table)."""

    @property
    def stacks(self) -> list[int]:
        """The chips of each seat (a new list): during a hand, what it started with;
        between hands, what the last hand left with each (the session's starting
        stacks before the first hand), with :meth:`set_stack`'s changes."""
        if self.hands:
            last = self.hands[-1]
            stacks = list(last.stacks if last.is_complete else last.starting_stacks)
            for seat, chips in self._held.get(len(self.hands) - 1, {}).items():  # sat out: kept them
                stacks[seat] = chips
            if not last.is_complete:
                return stacks
        else:
            stacks = list(self._stacks)
        for seat, chips in self._changes.get(len(self.hands), {}).items():
            stacks[seat] = chips
        return stacks

    @stacks.setter
    def stacks(self, value: object) -> None:
        raise ArgumentTypeError("a session's stacks follow its hands: change a seat's chips between hands "
                                "with set_stack(seat, chips).")

    @property
    def spec(self) -> GameSpec:
        """The game the session deals: during a hand, that hand's game (``state.game``: jacks
        back's, even once it is played as lowball); between hands,
        the next hand's (the stakes :meth:`set_stakes` set included).  Read-only: the
        game is fixed when the session is created.

        >>> from splitpot import get_game
        >>> from splitpot.bots import SimpleBot
        >>> session = Session(get_game("seven-card-stud"), [100, 100], seed=1)
        >>> hand = session.new_hand()
        >>> session.spec is hand.spec, session.spec.stakes.small_bet
        (True, 5)
        >>> while not hand.is_complete:
        ...     _ = SimpleBot(seed=1)(hand)
        >>> session.set_stakes({"small_bet": 10, "big_bet": 20})  # the next hand's
        >>> session.spec.stakes.small_bet, hand.spec.stakes.small_bet
        (10, 5)
        >>> session.spec = get_game("seven-card-stud-8")
        Traceback (most recent call last):
        ...
        splitpot.errors.ArgumentTypeError: a session's game is fixed when it is created: ...
        """
        if not self._specs_from:
            return self._spec
        gap = len(self.hands) - (1 if self.hands and not self.hands[-1].is_complete else 0)
        spec = self._spec
        for k in sorted(self._specs_from):
            if k > gap:
                break
            spec = self._specs_from[k]
        return spec

    @spec.setter
    def spec(self, value: object) -> None:
        raise ArgumentTypeError("a session's game is fixed when it is created: change the stakes between "
                                "hands with set_stakes(stakes) (saved with the session); for another game, "
                                "start a new Session.")

    def set_stakes(self, stakes: object) -> None:
        """Between hands, play the hands to come at ``stakes``: a
        :class:`~splitpot.engine.spec.Stakes` or a dict of its fields, those left
        out as they are now (the game's own rules hold: a game of antes takes no
        blinds).  The change is saved with the session (:meth:`to_dict`'s
        ``"stakes_changes"``) and made again when it resumes; a hand in progress is
        refused (:class:`~splitpot.errors.IllegalActionError`).  A game whose stakes
        are set otherwise (California lowball's blinds, by its limit) is refused.

        >>> from splitpot import get_game
        >>> from splitpot.bots import SimpleBot
        >>> session = Session(get_game("seven-card-stud"), [100, 100, 100], seed=2)
        >>> _ = session.play(1, SimpleBot(seed=2))
        >>> session.set_stakes({"ante": 2, "bring_in": 3, "small_bet": 10, "big_bet": 20})
        >>> session.new_hand().spec.stakes.small_bet, session.hands[0].spec.stakes.small_bet
        (10, 5)
        >>> Session.from_json(session.to_json()).spec == session.spec
        True
        """
        if self.hands and not self.hands[-1].is_complete:
            raise IllegalActionError("Finish the current hand before changing the stakes.")
        spec = _with_stakes(self.spec, stakes)
        gap = len(self.hands)
        self._specs_from.pop(gap, None)
        if spec != self.spec:
            self._specs_from[gap] = spec

    def __setstate__(self, state: dict[str, Any]) -> None:
        """A session pickled before set_stack (its stacks an attribute) or before
        set_stakes (its spec one) reads as one now."""
        if "stacks" in state:
            state = {**state, "_stacks": state["stacks"]}
            del state["stacks"]
        if "spec" in state:
            state = {**state, "_spec": state["spec"]}
            del state["spec"]
        state.setdefault("_specs_from", {})
        state.setdefault("_changes", {})
        state.setdefault("_away", {})
        state.setdefault("_held", {})
        state.setdefault("_saved_out", frozenset())
        state.setdefault("hands_before", 0)
        self.__dict__.update(state)

    def set_stack(self, seat: SupportsIndex, chips: SupportsIndex) -> None:
        """Between hands, give ``seat`` ``chips`` for the hands to come: a rebuy or
        a top-up, a player sitting down in an empty seat, or one leaving (0).  The
        change is saved with the session (:meth:`to_dict`) and made again when it
        resumes.

        >>> from splitpot import get_game
        >>> from splitpot.bots import SimpleBot
        >>> session = Session(get_game("lowball"), [50, 50, 0], seed=2)
        >>> _ = session.play(1, SimpleBot(seed=2))
        >>> session.set_stack(2, 80)            # a third player sits down
        >>> session.stacks[2], Session.from_json(session.to_json()).stacks == session.stacks
        (80, True)
        >>> session.new_hand().starting_stacks[2]
        80
        """
        if self.hands and not self.hands[-1].is_complete:
            raise IllegalActionError("Finish the current hand before changing a seat's chips.")
        seat = as_int(seat, "seat", low=0, high=len(self._stacks) - 1)
        chips = as_int(chips, "chips", low=0)
        after = self.stacks
        after[seat] = chips
        playing = len(after) - after.count(0)
        if playing > self._most_players:
            raise RuleError(f"{self._name} seats at most {self._most_players} players with chips; "
                            f"seat {seat} would make {playing}.")
        self._changes.setdefault(len(self.hands), {})[seat] = chips
        if chips == 0 and seat in self.sitting_out:  # a player leaving is no longer sitting out
            self._set_away(self.sitting_out - {seat})

    def kept_chips(self, hand: SupportsIndex) -> dict[int, int]:
        """The seats that sat out hand number ``hand`` (0 = the first played) and
        the chips each kept: the hand itself shows them with none.

        >>> from splitpot import get_game
        >>> from splitpot.bots import SimpleBot
        >>> session = Session(get_game("lowball"), [100, 80, 100], seed=3)
        >>> session.sit_out(1)
        >>> _ = session.play(1, SimpleBot(seed=3))
        >>> session.kept_chips(0), session.hands[0].starting_stacks[1]
        ({1: 80}, 0)
        """
        k = as_int(hand, "hand", low=0, high=len(self.hands) - 1) if self.hands else None
        if k is None:
            raise RuleError("No hand has been played yet: kept_chips takes the number of a hand played.")
        return dict(self._held.get(k, {}))

    @property
    def sitting_out(self) -> frozenset[int]:
        """The seats with chips that sit out: between hands, those the next hand
        deals no cards to; during a hand, those it was dealt without.  Empty
        seats (no chips) are not in it: they are never dealt in.

        >>> from splitpot import get_game
        >>> Session(get_game("lowball"), [50, 50, 50], seed=2).sitting_out
        frozenset()
        """
        gap = len(self.hands) - (1 if self.hands and not self.hands[-1].is_complete else 0)
        out: frozenset[int] = frozenset()
        for k in sorted(self._away):
            if k > gap:
                break
            out = self._away[k]
        return out

    def sit_out(self, seat: SupportsIndex) -> None:
        """Between hands, let the player at ``seat`` sit out the hands to come,
        keeping his chips: he is dealt no cards, pays no ante or blind, and the
        button passes his seat as it passes an empty one, until :meth:`sit_in`.
        He owes nothing for the blinds or antes he missed when he comes back (a
        fixed-limit home game keeps no missed-blind debt).  Sitting out a seat
        that already sits out changes nothing; a seat with no chips is refused
        (:class:`~splitpot.errors.RuleError`: it is dealt no cards anyway), as is
        a hand in progress (:class:`~splitpot.errors.IllegalActionError`).  Too
        few players left dealt in make :meth:`new_hand` refuse and
        :attr:`can_continue` False until enough sit in again.  Saved with the
        session (:meth:`to_dict`'s ``"sitting_out"``).

        >>> from splitpot import get_game
        >>> from splitpot.bots import SimpleBot
        >>> session = Session(get_game("lowball"), [50, 50, 50], seed=2)
        >>> session.sit_out(1)                  # seat 1 steps away from the table
        >>> hand = session.play(1, SimpleBot(seed=2))[0]
        >>> hand.in_hand[1], hand.starting_stacks[1], session.stacks[1], session.sitting_out
        (False, 0, 50, frozenset({1}))
        >>> session.to_dict()["sitting_out"]    # from hand 0 on, seat 1 sits out
        [[0, [1]]]
        >>> Session.from_json(session.to_json()).sitting_out
        frozenset({1})
        >>> session.sit_in(1)                   # ... and is dealt in again
        >>> session.new_hand().starting_stacks[1], session.sitting_out
        (50, frozenset())
        """
        seat = self._between_hands(seat, "a player sits out")
        if self.stacks[seat] == 0:
            raise RuleError(f"seat {seat} has no chips, so it is not dealt in anyway: only a player with "
                            "chips sits out (set_stack seats a player there).")
        self._set_away(self.sitting_out | {seat})

    def sit_in(self, seat: SupportsIndex) -> None:
        """Between hands, deal the player at ``seat`` in again from the next hand
        on, after :meth:`sit_out`; a seat that does not sit out is left as it is.
        A hand in progress is refused (:class:`~splitpot.errors.IllegalActionError`).

        >>> from splitpot import get_game
        >>> session = Session(get_game("lowball"), [50, 50], seed=2)
        >>> session.sit_out(0)
        >>> session.can_continue                # one player dealt in: no hand until he is back
        False
        >>> session.sit_in(0)
        >>> session.can_continue, session.sitting_out
        (True, frozenset())
        """
        seat = self._between_hands(seat, "a player sits in")
        self._set_away(self.sitting_out - {seat})

    def _between_hands(self, seat: SupportsIndex, what: str) -> int:
        """``seat`` checked, between hands (IllegalActionError during one)."""
        if self.hands and not self.hands[-1].is_complete:
            raise IllegalActionError(f"Finish the current hand before {what}.")
        return as_int(seat, "seat", low=0, high=len(self._stacks) - 1)

    def _set_away(self, seats: frozenset[int]) -> None:
        """From the next hand on, ``seats`` sit out (recorded only where it changes)."""
        gap = len(self.hands)
        self._away.pop(gap, None)
        if seats != self.sitting_out:
            self._away[gap] = frozenset(seats)

    def carry_on(self) -> Session:
        """A new session at the same table, to deal the hands to come in place of
        this one: the same game and seats, the stacks the next hand would start
        with (:meth:`set_stack`'s changes made), the button where the next hand
        would put it, and the seeds' source where this one's stands, so it deals
        exactly the hands this session would have dealt next.  It holds no hands:
        its document (:meth:`to_json`) is small and resumes at once, where this
        session's grows with every hand and :meth:`from_json` replays them all.
        Keep this session's document as the record of its hands; deal on with the
        new one only (both would deal the same cards).  :attr:`hands_before`
        counts the hands before it.  The current hand must be finished.  A session
        stalled by players sitting out (:attr:`can_continue` False, not :attr:`is_over`)
        carries on too: the new one keeps who sits out, its button where the next hand
        would put it with them out.  The button is placed when ``carry_on`` is called:
        a player who sits in or out after that moves it in this session's next hand but
        not in the new one's (sit players in or out before carrying on).

        At dealer's choice (:class:`~splitpot.dealers_choice.DealersChoice`) the new
        session keeps the dealer policies and numbers its deals on from
        :attr:`hands_before`; its ``calls``, and a deal's ``calls``, start afresh (a
        dealer policy reading ``Deal.calls`` sees only this session's calls).  Its
        document replays only its own deals: ``from_json(text, dealer=...,
        ask_dealers=True)`` asks the dealer for this session's calls alone, so a
        house dealer built anew, ``house_dealer(house, seed)``, would stand where
        the first session began and be refused
        (:class:`~splitpot.errors.HistoryError`).  Save a house dealer's stream
        with :meth:`HouseDealer.to_dict <splitpot.house.HouseDealer.to_dict>` when
        carrying on and restore it with :meth:`HouseDealer.from_dict
        <splitpot.house.HouseDealer.from_dict>` to resume with ``ask_dealers=True``
        (or save it with the document, where it stands after this session's deals,
        and resume without ``ask_dealers``).

        >>> from splitpot.games import get_game
        >>> from splitpot.bots import SimpleBot
        >>> session = Session(get_game("seven-card-stud"), [100, 100, 100], seed=1)
        >>> _ = session.play(2, SimpleBot(seed=1))
        >>> fresh = session.carry_on()
        >>> fresh.stacks == session.stacks, len(fresh.hands), fresh.hands_before
        (True, 0, 2)
        >>> ahead = fresh.new_hand()
        >>> ahead.deck_order == session.new_hand().deck_order, ahead.button
        (True, 2)
        """
        if self.hands and not self.hands[-1].is_complete:
            raise IllegalActionError("Finish the current hand before carrying on in a new session.")
        if self.is_over:
            raise RuleError(self._over_reason())
        _, button = self._table_ahead()  # a stalled session carries on too, its players still out
        out = self.sitting_out
        fresh = self._fresh(self.stacks, button)
        if out:
            fresh._away[0] = out
        fresh._rng.setstate(self._rng.getstate())
        fresh._first_rng = fresh._rng.getstate()
        fresh.hands_before = self.hands_before + len(self.hands)
        return fresh

    def _fresh(self, stacks: list[int], button: int) -> Session:
        """A session of this table's kind with no hands, at ``stacks`` and ``button``."""
        return Session(self.spec, stacks, button=button)

    @property
    def can_continue(self) -> bool:
        """Whether another hand can be dealt now: enough players have chips and
        are dealt in.  While too few are dealt in because others :meth:`sit_out`,
        it is False, yet the session is not over: it is again once enough
        :meth:`sit_in` (:meth:`new_hand`'s refusal says which seats sit out).  Once
        too few have chips at all, it is over (unless :meth:`set_stack` seats more)."""
        return not self._too_few_dealt_in()

    def _too_few_dealt_in(self) -> bool:
        return len(self.dealt_in) < self._fewest_players

    def _too_few_with_chips(self) -> bool:
        return sum(1 for chips in self.stacks if chips > 0) < self._fewest_players

    @property
    def dealt_in(self) -> list[int]:
        """The seats that have chips and do not sit out, in order: between hands, the
        seats the next hand deals in; during a hand, those it was dealt to.

        >>> from splitpot.games import get_game
        >>> session = Session(get_game("lowball"), [50, 0, 50, 50], seed=2)
        >>> session.sit_out(3)
        >>> session.dealt_in, session.can_continue
        ([0, 2], True)
        """
        out = self.sitting_out
        return [seat for seat, chips in enumerate(self.stacks) if chips > 0 and seat not in out]

    @property
    def is_over(self) -> bool:
        """Whether too few players have chips at all for another hand, whoever sits
        back in (:meth:`set_stack` may seat more).  A session where only too few are
        dealt in (others :meth:`sit_out`) is stalled, not over: :attr:`can_continue`
        is False but this is False too.

        >>> from splitpot.games import get_game
        >>> session = Session(get_game("lowball"), [50, 50], seed=2)
        >>> session.sit_out(1)
        >>> session.can_continue, session.is_over
        (False, False)
        >>> session.set_stack(1, 0)
        >>> session.is_over
        True
        """
        return self._too_few_with_chips()

    def _over_reason(self) -> str:
        """Why the session is over (:attr:`is_over`), a sentence."""
        return "Too few players have chips for another hand; the session is over."

    @property
    def _fewest_players(self) -> int:
        """The fewest players with chips that another hand needs."""
        return self.spec.min_players

    @property
    def _most_players(self) -> int:
        """The most players with chips that a hand seats."""
        return self.spec.max_players

    @property
    def _name(self) -> str:
        return self.spec.name

    def new_hand(self, *, deck: HandDeck = None) -> State:
        """Start the next hand (the previous one must be complete).  ``deck``, as
        :class:`~splitpot.engine.state.State` takes it, deals the hand from the
        caller's decks (the first dealt, the next ones for re-deals and new stubs)
        instead of a seed drawn from the session's; the hand then draws no seed.
        ``deck`` may also be a function of the hand's spec giving them
        (``deck(spec)``: at dealer's choice, the spec the call names)."""
        stacks, button = self._next_table()
        return self._start(self.spec, stacks, button, deck=deck)

    def _next_table(self) -> tuple[list[int], int]:
        """The stacks the next hand is dealt with (0 for the seats sitting out) and
        its button (the previous hand must be complete); the session's own stacks
        and button are left as they are."""
        if self.hands and not self.hands[-1].is_complete:
            raise IllegalActionError("Finish the current hand before starting the next one.")
        stacks, out = self.stacks, self.sitting_out
        if any(stacks[seat] == 0 for seat in out):  # (kept so by set_stack; a document may break it)
            raise RuleError(f"seats {sorted(out)} sit out, but some have no chips.")
        if self._too_few_with_chips():  # Session's own rules (DealersChoice's is_over asks its dealer too)
            raise RuleError("Too few players have chips for another hand; the session is over.")
        if self._too_few_dealt_in():  # (DealersChoice.can_continue asks its dealer too)
            with_chips, dealt_in = len(stacks) - stacks.count(0), len(self.dealt_in)
            raise RuleError(
                f"Too few players are dealt in for another hand: {dealt_in} of the {with_chips} with chips "
                f"(seat{'s' if len(out) > 1 else ''} {', '.join(map(str, sorted(out)))} sit"
                f"{'' if len(out) > 1 else 's'} out); sit_in a player to deal on (the session is not over)."
            )
        return self._table_ahead()

    def _table_ahead(self) -> tuple[list[int], int]:
        """:meth:`_next_table` unchecked: the stacks (0 for the seats sitting out) and
        the button of a next hand, whether or not enough are dealt in for one."""
        stacks, button = self.stacks, self.button
        for seat in self.sitting_out:  # dealt no cards: the hand sees an empty seat
            stacks[seat] = 0
        if self.hands:
            button = _next_button(stacks, button)
        if stacks[button] == 0:
            button = _next_button(stacks, button)
        return stacks, button

    def _start(
        self, spec: GameSpec, stacks: list[int], button: int, *, deck: HandDeck, call: Call | None = None
    ) -> State:
        """Deal the next hand of ``spec`` at ``stacks`` and ``button``, which becomes
        the session's button once the hand is dealt (a hand refused changes nothing)."""
        # deck(spec): the decks built for the game dealt
        given = cast("DeckInput | Deck | Sequence[Deck] | None", deck(spec) if callable(deck) else deck)
        before = self._rng.getstate()
        seed = None if given is not None else self._rng.randrange(2**63)
        try:
            state = State(spec, stacks, button=button, seed=seed, deck=given, game_call=call)
        except BaseException:
            self._rng.setstate(before)  # a hand refused draws no seed: the next one gets it
            raise
        self.button = button
        self._record(state, seed)
        return state

    def _record(self, state: State, seed: int | None) -> None:
        """Add the hand just dealt (from ``seed``) at the session's button, with the
        chips its seats sitting out keep."""
        real = self.stacks
        if not self.hands:
            self._first_table = (list(real), self.button)
        held = {seat: real[seat] for seat in sorted(self.sitting_out)}
        if held:
            self._held[len(self.hands)] = held
        self.hands.append(state)
        self._seeds.append(seed)

    def play(self, hands: int, policy: Callable[[State], object]) -> list[State]:
        """Play up to ``hands`` complete hands, calling ``policy(state)`` for every
        player decision; stop early when the table breaks up.  A policy that
        returns without acting raises :class:`IllegalActionError` (it would loop
        for ever).

        >>> from splitpot.games import get_game
        >>> session = Session(get_game("seven-card-stud"), [100, 100], seed=1)
        >>> session.play(1, lambda state: None)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        splitpot.errors.IllegalActionError: Session.play: the policy returned without acting; seat ...
        """
        hands = as_int(hands, "hands", low=0)
        if not callable(policy):
            raise ArgumentTypeError(f"policy must be a callable taking the State, got {describe(policy)}.")
        if isinstance(policy, type):  # SimpleBot, not SimpleBot(): the class would be built with the State
            raise ArgumentTypeError(
                f"policy must be a bot, not the class {policy.__name__}: give {policy.__name__}(seed=...)"
            )
        played: list[State] = []
        for _ in range(hands):
            if not self.can_continue:
                break
            state = self.new_hand()
            while not state.is_complete:
                before = len(state.events)
                policy(state)
                if len(state.events) == before:
                    raise IllegalActionError(
                        f"Session.play: the policy returned without acting; {state._not_now()}: "
                        "state.legal_actions() lists what he may do."
                    )
            played.append(state)
        return played

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict from which :meth:`from_dict` resumes the session.

        It holds the game (``"game"`` and its ``"spec"``), the stacks and the
        button the session started with (its first hand's), ``"rng"``: the state
        of the seeds' source (``random.Random.getstate()``, as lists) when it
        started and now, ``"hands"``: every hand dealt so far (the current one
        too, finished or not) as its :meth:`History.to_dict
        <splitpot.engine.history.History.to_dict>`, and ``"seeds"``: the seed
        each was dealt from, drawn in turn from the seeds' source (None for a
        hand dealt from a given deck).  ``"session"`` is the document's version;
        ``"stack_changes"`` (where :meth:`set_stack` changed any) lists them as
        ``[hand, seat, chips]``: before hand ``hand`` (0: the first), ``seat``
        has ``chips``; ``"sitting_out"`` (where :meth:`sit_out` or :meth:`sit_in`
        changed who sits out) lists ``[hand, seats]``: from hand ``hand`` on (until
        the next entry), the seats ``seats`` sit out (a hand's history shows them
        with no chips; they keep theirs); ``"hands_before"`` (in a session that
        :meth:`carry_on` started) the hands the table played before it;
        ``"stakes_changes"`` (where :meth:`set_stakes` changed them) lists ``[hand,
        stakes]``: from hand ``hand`` on, the stakes (all the fields of
        :class:`~splitpot.engine.spec.Stakes`; ``"spec"`` is the session's starting
        spec, whose stakes an entry from hand 0 on may replace).  A document
        without ``"sitting_out"`` (one saved before there was sitting out) has
        nobody sitting out.

        >>> from splitpot.games import get_game
        >>> session = Session(get_game("jackpots"), [50, 50, 50], seed=4)
        >>> doc = session.to_dict()
        >>> doc["session"], doc["game"], doc["starting_stacks"], doc["button"], doc["hands"], doc["seeds"]
        (1, 'jackpots', [50, 50, 50], 0, [], [])
        >>> session.set_stakes({"ante": 2})  # before the first hand: "spec" keeps the starting ante
        >>> doc = session.to_dict()
        >>> doc["spec"]["stakes"]["ante"], [(hand, stakes["ante"]) for hand, stakes in doc["stakes_changes"]]
        (1, [(0, 2)])
        """
        if len(self._seeds) != len(self.hands):
            raise RuleError(
                f"the session holds {len(self.hands)} hands but dealt {len(self._seeds)}: its hands list "
                "was changed from outside, so it cannot be saved."
            )
        stacks, button = (self._first_table if self.hands and self._first_table
                          else (self._stacks, self.button))
        changes = [[k, seat, chips] for k, seats in sorted(self._changes.items())
                   for seat, chips in seats.items()]
        return {
            "session": SESSION_VERSION,
            **self._game_fields(),
            "starting_stacks": list(stacks),
            "button": button,
            "rng": {"start": rng_data(self._first_rng), "now": rng_data(self._rng.getstate())},
            "hands": [state.history().to_dict() for state in self.hands],
            "seeds": list(self._seeds),
            **({"stack_changes": changes} if changes else {}),
            **({"sitting_out": [[k, sorted(seats)] for k, seats in sorted(self._away.items())]}
               if self._away else {}),
            **({"hands_before": self.hands_before} if self.hands_before else {}),
            **({"stakes_changes": [[k, spec.to_dict()["stakes"]]
                                   for k, spec in sorted(self._specs_from.items())]}
               if self._specs_from else {}),
        }

    def _game_fields(self) -> dict[str, Any]:
        """The document's game: its name and its spec."""
        return {"game": self._spec.name, "spec": self._spec.to_dict()}

    def to_json(self, **kwargs: Any) -> str:
        """The session as JSON text (``kwargs`` go to :func:`json.dumps`)."""
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, data: object) -> Session:
        """Resume a session from :meth:`to_dict` output.

        Every hand is dealt again from its seed and played again action by
        action, so the session is where the saved one stood: the current hand
        (if unfinished) takes the next action as the original would, and the
        next hands get the same seeds.  A document that is malformed, whose
        hands do not replay, do not chain (a hand's starting stacks are not the
        previous hand's final stacks; the button does not move as a session
        moves it) or do not come from its seeds' source, raises
        :class:`~splitpot.errors.HistoryError` and builds nothing.

        >>> Session.from_dict({"session": 1, "game": "jackpots"})
        Traceback (most recent call last):
        ...
        splitpot.errors.HistoryError: the session: missing 'starting_stacks'.
        """
        doc, table = _frame(data, "Session.from_dict")
        if doc["game"] == _DEALERS_CHOICE:
            raise HistoryError(
                "game: a dealer's-choice session; resume it with "
                "splitpot.dealers_choice.DealersChoice.from_dict(data, dealer=...)."
            )
        if "spec" not in doc:
            raise HistoryError("the session: missing 'spec'.")
        spec = _document_spec(doc)
        try:
            session = cls(spec, table.stacks, button=table.button)
        except SplitpotError as err:
            raise HistoryError(f"the table: {err}") from None
        session._resume(doc, table)
        return session

    @classmethod
    def from_json(cls, text: str | bytes) -> Session:
        """Resume a session from :meth:`to_json` output (see :meth:`from_dict`).

        >>> Session.from_json('{"session": 1')
        Traceback (most recent call last):
        ...
        splitpot.errors.HistoryError: not a JSON document: Expecting ',' delimiter: line 1 column 14 ...
        """
        return cls.from_dict(json_data(text, "a session"))

    def _resume(self, data: Mapping[str, Any], table: _Table) -> None:
        """Deal and play the document's hands again on this fresh session."""
        self._rng.setstate(table.rng)
        self._first_rng = table.rng
        self.hands_before = data.get("hands_before", 0)
        if len(data["seeds"]) != len(data["hands"]):
            raise HistoryError(f"seeds: {len(data['seeds'])} seeds for {len(data['hands'])} hands.")
        self._changes = read_stack_changes(data, len(self._stacks))
        self._away = read_sitting_out(data, len(self._stacks))
        self._read_stakes_changes(data)
        for k, record in enumerate(data["hands"]):
            where = f"hands[{k}]"
            try:
                history = History.from_dict(record, verify=False)
            except HistoryError as err:
                raise HistoryError(f"{where}: {err}") from None
            seed = data["seeds"][k]
            if seed is not None and seed >= 2**63:
                raise HistoryError(f"seeds[{k}]: a hand's seed is below 2**63, got {seed}.")
            refuse_unfinished(self.hands[-1:], followed=True, first=k - 1)
            stacks, button = self._chained(where, k, history)
            self._check_game(where, history, stacks)
            state = self._deal_again(where, history, seed)
            self.button = button
            self._record(state, seed)
        if self._rng.getstate() != table.rng_now:
            raise HistoryError("rng: now is not where start leads once the hands' seeds are drawn: "
                               "the seeds' source was changed.")
        if len(self.hands) in self._changes:  # changes for the hand to come: set_stack's checks
            if self.hands and not self.hands[-1].is_complete:
                raise HistoryError(f"stack_changes: a change after hand {len(self.hands)}, which is not "
                                   "finished.")
            playing = sum(1 for chips in self.stacks if chips)
            if playing > self._most_players:
                raise HistoryError(f"stack_changes: {playing} players with chips for hand {len(self.hands)}; "
                                   f"{self._name} seats at most {self._most_players}.")
        if len(self.hands) in self._specs_from and self.hands and not self.hands[-1].is_complete:
            raise HistoryError(f"stakes_changes: a change after hand {len(self.hands)}, which is not "
                               "finished.")
        self._saved_out = self.sitting_out  # (a table says "as you did when the session was saved")
        # who sits out the hand to come: sit_out's checks (set_stack(seat, 0) sits a seat in)
        if self.hands and not self.hands[-1].is_complete:
            if len(self.hands) in self._away:
                raise HistoryError(f"sitting_out: a change after hand {len(self.hands)}, which is not "
                                   "finished.")
        else:
            empty = sorted(seat for seat in self.sitting_out if self.stacks[seat] == 0)
            if empty:
                raise HistoryError(f"sitting_out: seat {empty[0]} sits out from hand {len(self.hands)} on "
                                   "with no chips.")

    def _read_stakes_changes(self, data: Mapping[str, Any]) -> None:
        """The document's ``"stakes_changes"`` (:meth:`set_stakes`; its schema checked):
        HistoryError for entries out of order, a hand the session has not, or stakes
        the game refuses."""
        last = -1
        for i, (k, stakes) in enumerate(data.get("stakes_changes", ())):
            if k > len(data["hands"]) or k <= last:
                raise HistoryError(f"stakes_changes[{i}]: hand {k}: the hands are {len(data['hands'])} and "
                                   "each entry comes after the one before.")
            try:
                spec = _with_stakes(self._spec if last < 0 else self._specs_from[last], stakes)
            except SplitpotError as err:
                raise HistoryError(f"stakes_changes[{i}]: {err}") from None
            self._specs_from[k], last = spec, k

    def _chained(self, where: str, k: int, history: History) -> tuple[list[int], int]:
        """The stacks and the button of hand ``k`` as the session deals it after the
        hands so far; HistoryError unless ``history`` starts there."""
        try:
            stacks, button = self._next_table()  # (the hand before it is finished: refuse_unfinished)
        except RuleError as err:
            raise HistoryError(f"{where}: {err}") from None
        if list(history.stacks) != stacks:
            before = f"the final stacks of hands[{k - 1}]" if k else "the session's starting stacks"
            if k in self._changes:
                before += " with the stack_changes before it"
            out = self.sitting_out
            if out:
                before += f" with seats {sorted(out)} sitting out (0)"
            raise HistoryError(
                f"{where}: starting_stacks {list(history.stacks)} are not {before}, {stacks}: the hands "
                "do not chain."
            )
        if history.button != button:
            rule = "the next seat left of the last button with chips" if k else "the session's button"
            if self.sitting_out:
                rule += f", seats {sorted(self.sitting_out)} sitting out"
            raise HistoryError(
                f"{where}: button: seat {history.button}, but the button is at seat {button} ({rule})."
            )
        return stacks, button

    def _check_game(self, where: str, history: History, stacks: list[int]) -> None:
        """Refuse a hand of another game than the session's."""
        if history.spec != self.spec:
            other = "another spec of it" if history.spec.name == self.spec.name else history.spec.name
            raise HistoryError(f"{where}: spec: the session deals {self.spec.name}, the hand is {other}.")
        if history.call is not None:
            raise HistoryError(f"{where}: call: a dealer's call in a session of one game.")

    def _deal_again(self, where: str, history: History, seed: int | None) -> State:
        """The hand of ``history`` dealt from ``seed`` (drawn from the session's seeds'
        source, as when it was first dealt) and played again event by event."""
        try:
            if seed is None:
                state = history.replay()
            else:
                drawn = self._rng.randrange(2**63)
                if drawn != seed:
                    raise HistoryError(
                        f"seed: {seed} is not the seed the session's rng gives this hand ({drawn}): the "
                        "seeds or the rng were changed."
                    )
                try:
                    state = State(history.spec, history.stacks, button=history.button, seed=seed,
                                  automate=False, game_call=history.call)
                except SplitpotError as err:
                    raise HistoryError(f"the hand cannot be dealt again: {err}") from None
                if state.deck_order != history.deck:
                    raise HistoryError(f"deck: not the deck that seed {seed} deals.")
                _replay_onto(state, history.events)
            _run_on(state, rest=True)  # a session's hand rests only where a player acts, or finished
        except HistoryError as err:
            raise HistoryError(f"{where}: {err}") from None
        return state


_DEALERS_CHOICE = "dealers-choice"  # splitpot.dealers_choice.DEALERS_CHOICE (that module imports this one)


def _with_stakes(spec: GameSpec, stakes: object) -> GameSpec:
    """``spec`` played at ``stakes`` (a Stakes or a dict of its fields, the rest
    ``spec``'s), checked by the game's own builder where it is a registered game
    (RuleError where its stakes are not an option: California lowball's blinds)."""
    from splitpot.games import GAME_OPTIONS, get_game

    new = as_stakes(stakes, spec.name, spec.stakes)
    if spec.name in GAME_OPTIONS:
        if "stakes" not in GAME_OPTIONS[spec.name]:
            raise RuleError(f"{spec.name} takes no stakes: its stakes are set by its options (its blinds, "
                            "by its limit); start a new Session with get_game's options to change them.")
        get_game(spec.name, stakes=new)  # the game's own rules (no blinds in a game of antes, ...)
    if spec.opening is not None and spec.opening.then is not None:  # jacks back: its lowball alike
        then = spec.opening.then.replace(stakes=new)
        spec = spec.replace(opening=dataclasses.replace(spec.opening, then=then))
    return spec.replace(stakes=new)


def read_stack_changes(data: Mapping[str, Any], seats: int) -> dict[int, dict[int, int]]:
    """A session document's ``"stack_changes"`` (its schema checked; ``seats``: the
    table's) as before which hand which seat has how many chips; HistoryError for a
    hand or seat the session has not, or a seat changed twice before one hand.
    :meth:`Session.from_dict` and ``splitpot replay`` read it alike.

    >>> read_stack_changes({"hands": [{}], "stack_changes": [[1, 0, 80]]}, 2)
    {1: {0: 80}}
    >>> read_stack_changes({"hands": [], "stack_changes": [[0, 0, 80], [0, 0, 90]]}, 2)
    Traceback (most recent call last):
    ...
    splitpot.errors.HistoryError: stack_changes[1]: seat 0 changed twice before hand 0.
    """
    changes: dict[int, dict[int, int]] = {}
    for i, (k, seat, chips) in enumerate(data.get("stack_changes", ())):
        if k > len(data["hands"]) or seat >= seats:
            raise HistoryError(f"stack_changes[{i}]: no hand {k} or no seat {seat} in this session.")
        if seat in changes.get(k, {}):
            raise HistoryError(f"stack_changes[{i}]: seat {seat} changed twice before hand {k}.")
        changes.setdefault(k, {})[seat] = chips
    return changes


def read_sitting_out(data: Mapping[str, Any], seats: int) -> dict[int, frozenset[int]]:
    """A session document's ``"sitting_out"`` (its schema checked; ``seats``: the
    table's) as from which hand on which seats sit out; HistoryError for entries out of
    order, a hand the session has not, a seat twice or no such seat.
    :meth:`Session.from_dict` and ``splitpot replay`` read it alike.

    >>> read_sitting_out({"hands": [{}], "sitting_out": [[0, [2]], [1, []]]}, 3)
    {0: frozenset({2}), 1: frozenset()}
    >>> read_sitting_out({"hands": [{}], "sitting_out": [[1, [2]], [0, []]]}, 3)
    Traceback (most recent call last):
    ...
    splitpot.errors.HistoryError: sitting_out[1]: hand 0: the hands are 1 and each entry comes after the ...
    """
    away: dict[int, frozenset[int]] = {}
    last = -1
    for i, (k, out) in enumerate(data.get("sitting_out", ())):
        if k > len(data["hands"]) or k <= last:
            raise HistoryError(f"sitting_out[{i}]: hand {k}: the hands are {len(data['hands'])} and "
                               "each entry comes after the one before.")
        if len(set(out)) != len(out) or any(seat >= seats for seat in out):
            raise HistoryError(f"sitting_out[{i}]: seats {out}: a seat twice or no such seat "
                               f"(the session has {seats}).")
        away[k], last = frozenset(out), k
    return away


class _Table:
    """A session document's table: its starting stacks and button, its rng states."""

    __slots__ = ("button", "rng", "rng_now", "stacks")

    def __init__(
        self, stacks: list[int], button: int, rng: tuple[Any, ...], rng_now: tuple[Any, ...]
    ) -> None:
        self.stacks, self.button, self.rng, self.rng_now = stacks, button, rng, rng_now


def rng_data(state: tuple[Any, ...]) -> list[Any]:
    """``random.Random.getstate()`` as JSON lists (what a saved session, bot or
    dealer holds of its random stream)."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_state(data: object, where: str) -> tuple[Any, ...]:
    """A ``random.Random`` state from :func:`rng_data` output, checked:
    :class:`~splitpot.errors.HistoryError` naming ``where`` if it is not one.

    >>> rng = random.Random(5)
    >>> random.Random().setstate(rng_state(rng_data(rng.getstate()), "rng")) is None
    True
    >>> rng_state([3, [0] * 10, None], "bot.rng")
    Traceback (most recent call last):
    ...
    splitpot.errors.HistoryError: bot.rng: not a state of random.Random (624 32-bit words and ...
    """
    if not (isinstance(data, list) and len(data) == 3 and isinstance(data[1], list)):
        raise HistoryError(f"{where}: not a state of random.Random: a list [version, words, gauss], got "
                           f"{describe(data)}.")
    version, internal, gauss = data
    words_ok = all(type(w) is int and 0 <= w < 2**32 for w in internal)
    if len(internal) != 625 or not words_ok or internal[-1] > 624:
        raise HistoryError(
            f"{where}: not a state of random.Random (624 32-bit words and a position up to 624)."
        )
    if gauss is not None and type(gauss) is not float:
        raise HistoryError(f"{where}: its third item is a float or null, got {describe(gauss)}.")
    state = (version, tuple(internal), gauss)
    try:
        random.Random().setstate(state)
    except (ValueError, TypeError, OverflowError) as err:
        raise HistoryError(f"{where}: not a state of random.Random: {err}.") from None
    return state


def _frame(data: object, caller: str) -> tuple[Mapping[str, Any], _Table]:
    """Check a session document's frame (its schema, its rng states)."""
    if isinstance(data, Session):
        raise ArgumentTypeError(
            f"{caller} takes the dict of to_dict() (or JSON's); this is already a Session."
        )
    validate_session(data)
    assert isinstance(data, Mapping)
    rng = data["rng"]
    start, now = rng_state(rng["start"], "rng.start"), rng_state(rng["now"], "rng.now")
    return data, _Table(list(data["starting_stacks"]), data["button"], start, now)

