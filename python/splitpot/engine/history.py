"""The hand history: a JSON-ready log that replays to the same state, and the
per-player view that hides what a player may not see.

>>> from splitpot.games import get_game
>>> from splitpot.engine.state import State
>>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
>>> _ = state.bring_in(); _ = state.fold()
>>> history = History.of(state)
>>> replayed = History.from_json(history.to_json()).replay()
>>> replayed.snapshot() == state.snapshot()
True
>>> [c is None for c in player_view(state, 0)["players"][1]["down"]]
[True, True]
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Final, Literal

from splitpot.cards import _CARD_TEXT
from splitpot.engine import events as ev
from splitpot.engine.schema import validate_history
from splitpot.engine.spec import DeclareMode, GameSpec
from splitpot.errors import ArgumentTypeError, HistoryError, RuleError, SplitpotError
from splitpot.validate import as_int, as_text, describe

if TYPE_CHECKING:
    from splitpot.dealers_choice import Call
    from splitpot.engine.state import State

__all__ = ["ALL", "History", "Viewer", "apply_event", "json_data", "player_view"]


class _Everything(Enum):
    ALL = "all"

    def __repr__(self) -> str:
        return "ALL"


ALL: Final = _Everything.ALL
"""``viewer=ALL``: every card, every seat's down cards and the deck included (the
server's record, a replay, a test); never for a player's eyes.  The same object as
:data:`splitpot.narrate.ALL`."""

Viewer = int | Literal[_Everything.ALL] | None
"""Whose eyes see a hand: a seat, a spectator (None), or :data:`ALL`."""


def json_data(text: object, what: str) -> object:
    """The data of the JSON ``text`` of a history, session or saved run (``what``
    names it when ``text`` is no text): :class:`~splitpot.errors.HistoryError` if
    it is not JSON.

    >>> json_data("[1, 2", "a history")
    Traceback (most recent call last):
    ...
    splitpot.errors.HistoryError: not a JSON document: Expecting ',' delimiter: line 1 column 6 (char 5).
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise ArgumentTypeError(f"{what} is JSON text, got {describe(text)}.")
    # (a file's bytes or text as every file is read: UTF-8 or UTF-16, a byte order mark let go)
    text = as_text(text, what, error=HistoryError)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as err:  # JSONDecodeError, nesting too deep
        raise HistoryError(f"not a JSON document: {err}.") from None


@dataclass(frozen=True, slots=True, kw_only=True)
class History:
    """Everything needed to rebuild a hand: spec, stacks, button, deck order, events.

    ``deck`` is the first deck; the deck of every re-deal and every new stub of
    a draw are in the events (``redeal``, ``reshuffle``), and the replay deals
    them in the same order.  ``call`` is the dealer's call that named the game
    in a dealer's-choice session (:class:`splitpot.dealers_choice.Call`; None
    otherwise); it is written as ``"call"`` and checked, when read, to deal the
    recorded spec.

    ``viewer`` is :data:`ALL` for a record (every history the engine makes).  A
    seat's view read back (:func:`splitpot.phh.loads` with ``view=True``) holds
    that seat (None: a spectator): the cards he did not see were made up to
    read it, so it writes only his view (:meth:`to_dict` gives it with
    ``"viewer"``, which :meth:`from_dict` refuses) and does not replay.

    >>> from splitpot import State, get_game
    >>> from splitpot.bots import SimpleBot
    >>> state = State(get_game("mexican-stud"), [100, 100, 100], seed=2)
    >>> while not state.is_complete:
    ...     _ = SimpleBot(seed=2)(state)
    >>> text = state.history().to_json()       # one JSON document
    >>> replayed = History.from_json(text).replay()
    >>> replayed.snapshot() == state.snapshot(), replayed.stacks
    (True, [99, 102, 99])
    """

    spec: GameSpec
    stacks: tuple[int, ...]
    button: int
    deck: tuple[int, ...]
    events: tuple[ev.Event, ...]
    call: Call | None = None
    viewer: Viewer = ALL

    @classmethod
    def of(cls, state: State) -> History:
        """The history of ``state`` so far."""
        return cls(
            spec=state.game,
            stacks=state.starting_stacks,
            button=state.button,
            deck=state.deck_order,
            events=tuple(state.events),
            call=state.game_call,
        )

    def to_dict(self, *, viewer: Viewer = ALL) -> dict[str, Any]:
        """A JSON-ready dict: by default (``viewer=ALL``) the whole record, every
        card and the deck's order, which :meth:`from_dict` replays.

        ``viewer`` a seat (or None: a spectator) gives instead what that seat saw
        of the hand: a player's download of the hands he played.  Its events are
        those of :meth:`State.view(viewer) <splitpot.engine.state.State.view>`
        (the same rules hide the same cards: the other seats' down cards unless
        shown at the showdown, folded and mucked hands, their draws, burns,
        declarations still secret; a card hidden is null), it has no ``"deck"``
        and holds ``"viewer"``: the seat, or null.  A view is no record: it
        cannot replay, and :meth:`from_dict` refuses it.

        >>> from splitpot import State, get_game
        >>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
        >>> _ = state.bring_in(); _ = state.fold()
        >>> mine = state.history().to_dict(viewer=0)
        >>> mine["viewer"], "deck" in mine, [e["cards"] for e in mine["events"] if e["event"] == "deal"]
        (0, False, [[None, None], ['9d'], ['9c', '6s'], ['8h']])
        >>> History.from_dict(mine)
        Traceback (most recent call last):
        ...
        splitpot.errors.HistoryError: this is seat 0's view of a hand (it has "viewer"), not a record: \
its hidden cards and the deck are not in it, so it cannot be replayed.
        """
        seat = self._seat(viewer)
        if seat is ALL:
            return {
                "game": self.spec.name,
                "spec": self.spec.to_dict(),
                "starting_stacks": list(self.stacks),
                "button": self.button,
                "deck": [ev.card_text(c) for c in self.deck],
                "events": [ev.event_to_dict(e) for e in self.events],
                **({"call": self.call.to_dict()} if self.call is not None else {}),
            }
        return {
            "game": self.spec.name,
            "spec": self.spec.to_dict(),
            "viewer": seat,
            "starting_stacks": list(self.stacks),
            "button": self.button,
            "events": self.seen_by(seat),
            **({"call": self.call.to_dict()} if self.call is not None else {}),
        }

    def to_json(self, *, viewer: Viewer = ALL, **kwargs: Any) -> str:
        """The history as JSON text (``viewer`` as :meth:`to_dict` takes it: by
        default the whole record; a seat, or None for a spectator: what he saw);
        the other keywords are :func:`json.dumps`'s.

        >>> from splitpot import State, get_game
        >>> state = State(get_game("lowball"), [50, 50], seed=1)
        >>> text = state.history().to_json(viewer=None)   # a spectator: no card dealt face down
        >>> '"viewer": null' in text, '"deck"' in text, text.count('"cards": [null, null, null, null, null]')
        (True, False, 2)
        """
        return json.dumps(self.to_dict(viewer=viewer), **kwargs)

    def _seat(self, viewer: object) -> int | _Everything | None:
        """``viewer`` checked: :data:`ALL`, a seat of the hand, or None.  A view read
        back shows no more than its own seat saw: ALL is that seat, another viewer is
        refused (HistoryError)."""
        if viewer is ALL:
            return self.viewer
        seat = None if viewer is None else as_int(
            viewer, "viewer (a seat, None for a spectator, or ALL)", low=0, high=len(self.stacks) - 1)
        if self.viewer is not ALL and seat != self.viewer:
            raise HistoryError(f"this History is {_whose(self.viewer)} view of a hand (read from a view): it "
                               f"shows only what he saw, not {_whose(seat)} view.")
        return seat

    def seen_by(self, viewer: Viewer) -> list[dict[str, Any]]:
        """The events as ``viewer`` (a seat; None: a spectator; :data:`ALL`: every
        card, as the record shows them) saw them by the end of the log, JSON-ready:
        what :meth:`State.view(viewer)["events"] <splitpot.engine.state.State.view>`
        holds for the hand, a card he did not see null (see :meth:`to_dict`).

        >>> from splitpot import State, get_game
        >>> state = State(get_game("seven-card-stud"), [50, 50], seed=3)
        >>> state.history().seen_by(1) == state.view(1)["events"]
        True
        >>> state.history().seen_by(ALL) == state.history().to_dict()["events"]
        True
        """
        seat = self._seat(viewer)
        if seat is ALL:
            return [ev.event_to_dict(e) for e in self.events]
        secret = self.spec.declare is DeclareMode.SIMULTANEOUS
        return _events_seen(self.events, seat, secret)

    @classmethod
    def from_dict(cls, data: object, *, verify: bool = True) -> History:
        """Rebuild from :meth:`to_dict` output.

        The whole document is first checked against the history schema
        (:mod:`splitpot.engine.schema`; ``docs/history.schema.json``), so nothing is
        built from a malformed one; with ``verify`` (the default) the hand is then
        replayed, so a history that is not a legal hand — a tampered deck, a card
        dealt twice, an action illegal at its point, stacks that do not add up — is
        refused.  Every fault is a :class:`~splitpot.errors.HistoryError` naming
        the event.

        >>> History.from_dict({"game": "seven-card-stud"})
        Traceback (most recent call last):
        ...
        splitpot.errors.HistoryError: the history: missing 'spec'.
        """
        if isinstance(data, History):
            raise ArgumentTypeError(
                "History.from_dict takes the dict of to_dict() (or JSON's); this is already a History: "
                "call its replay()."
            )
        _refuse_view(data)
        validate_history(data)
        assert isinstance(data, Mapping)
        spec = _document_spec(data)
        call = _read_call(data.get("call"), spec)
        deck = ev._card_ints(data["deck"])
        if len(set(deck)) != len(deck):
            twice = next(c for c in deck if deck.count(c) > 1)
            raise HistoryError(f"deck: card {ev.card_text(twice)} appears more than once.")
        history = cls(
            spec=spec,
            stacks=tuple(data["starting_stacks"]),
            button=data["button"],
            deck=deck,
            events=tuple(ev.event_from_dict(e) for e in data["events"]),
            call=call,
        )
        if verify:
            history.replay()
        return history

    @classmethod
    def from_json(cls, text: str | bytes, *, verify: bool = True) -> History:
        """Rebuild from :meth:`to_json` output (see :meth:`from_dict`).

        >>> History.from_json("[1, 2")
        Traceback (most recent call last):
        ...
        splitpot.errors.HistoryError: not a JSON document: Expecting ',' delimiter: line 1 column 6 (char 5).
        """
        return cls.from_dict(json_data(text, "a history"), verify=verify)

    def replay(self, *, strict: bool = True) -> State:
        """Play the hand again on a fresh state and return it, where the logged
        hand reached: a finished hand comes back finished.

        With ``strict`` (the default) every dealer step and every player action is
        taken in the order logged and must produce the logged event exactly (the
        cards from the deck, the chips moved, the pots and the final stacks); the
        first that does not, or an action illegal at its point, raises
        :class:`~splitpot.errors.HistoryError` naming the event.  Otherwise only
        the logged player actions are played again, the dealer's steps taken
        between them unchecked.  Either way the dealer steps that log nothing
        after the last event (the start of the turn-ups in five-card stud with
        turn-ups) are taken, as the hand that was logged took them.

        >>> from splitpot.games import get_game
        >>> from splitpot.engine.state import Phase, State
        >>> state = State(get_game("five-card-stud", turn_up=True), [50, 50], seed=1)
        >>> while state.phase is not Phase.TURNING_UP:
        ...     _ = state.call() if state.can_call() else state.check() if state.can_check() else state.bet()
        >>> state.history().replay().snapshot() == state.snapshot()
        True
        """
        from splitpot.engine.state import State

        if self.viewer is not ALL:  # its hidden cards were made up: its replay would pass for the record
            raise HistoryError(f"this History is {_whose(self.viewer)} view of a hand, not a record: the "
                               "cards he did not see were made up to read it, so it cannot be replayed.")
        later = [e.cards for e in self.events if isinstance(e, (ev.Redealt, ev.StubReshuffled))]
        decks = [self.deck, *later] if later else self.deck
        try:
            state = State(self.spec, self.stacks, button=self.button, deck=decks,
                          automate=False, game_call=self.call, _recorded=True)  # dealt as recorded
        except SplitpotError as err:
            raise HistoryError(f"the hand cannot be dealt again: {err}") from None
        if strict:
            _replay_onto(state, self.events)
        else:
            _replay_actions(state, self.events)
        return state


def _whose(seat: object) -> str:
    """Whose view ``seat`` (a document's viewer) is: ``"seat 2's"``, ``"a spectator's"``
    (None), ``"a"`` (anything else: no seat).

    >>> _whose(2), _whose(None), _whose(True)
    ("seat 2's", "a spectator's", 'a')
    """
    return "a spectator's" if seat is None else f"seat {seat}'s" if type(seat) is int else "a"


def _refuse_view(data: object) -> None:
    """HistoryError if ``data`` is a seat's view (:meth:`History.to_dict` with a
    ``viewer``), which holds no hidden card and no deck: no record to replay."""
    if isinstance(data, Mapping) and "viewer" in data:
        whose = _whose(data["viewer"])
        raise HistoryError(f"this is {whose} view of a hand (it has \"viewer\"), not a record: its hidden "
                           "cards and the deck are not in it, so it cannot be replayed.")


_SPECS: dict[tuple[Any, ...], GameSpec] = {}
"""The specs read from documents, by :func:`_plain_key` of their ``"spec"``: a
session's hands, or a server's saved hands of one table, hold the same spec, and
reading it costs more than the rest of a hand without its replay.  At most 64,
none larger than :data:`_KEY_SIZE`."""

_KEY_SIZE = 10_000
"""The largest spec :func:`_read_spec` remembers: its values (each string counted by
its characters too, each int by its 64-bit words) past this are a spec read afresh
(a spec of the package's games is some 2,600 characters of JSON; a document with a
huge option value is not kept alive by the cache)."""


class _NotPlain(Exception):
    """A value :func:`_plain_key` gives no key for."""


_PLAIN = frozenset({str, int, bool, type(None)})


def _plain_key(value: Any, room: list[int] | None = None) -> tuple[Any, ...]:
    """A key equal for two JSON values only where they are the same, types and all
    (``1``, ``1.0`` and ``True`` differ, as do ``0.0`` and ``-0.0``; dict order
    counts): :class:`_NotPlain` for any other type, a subclass too, and for a value
    larger than :data:`_KEY_SIZE` (``room``: what is left of it, counted down).

    >>> _plain_key({"a": [1, None]}) == _plain_key({"a": [1, None]}) != _plain_key({"a": [True, None]})
    True
    >>> _plain_key(["junk", "x" * _KEY_SIZE])
    Traceback (most recent call last):
    ...
    splitpot.engine.history._NotPlain
    """
    if room is None:
        room = [_KEY_SIZE]
    kind = type(value)
    room[0] -= 1 + (len(value) if kind is str else value.bit_length() // 64 if kind is int else 0)
    if room[0] < 0:
        raise _NotPlain
    if kind in _PLAIN:
        return (kind, value)
    if kind is dict:
        return (dict, *[(_plain_key(k, room), _plain_key(v, room)) for k, v in value.items()])
    if kind is list:
        return (list, *[_plain_key(v, room) for v in value])
    if kind is float:
        return (float, repr(value))
    raise _NotPlain


def _read_spec(data: Any) -> GameSpec:
    """``GameSpec.from_dict(dict(data))``, remembered for plain JSON values whose
    spec is immutable all through (hashable; a spec holding a dict option is read
    afresh each time, so no two histories share a mutable value) and no larger
    than :data:`_KEY_SIZE`."""
    try:
        key = _plain_key(data)
    except _NotPlain:
        return GameSpec.from_dict(dict(data))
    spec = _SPECS.get(key)
    if spec is None:
        spec = GameSpec.from_dict(dict(data))
        try:
            hash(spec)
        except TypeError:
            return spec
        if len(_SPECS) >= 64:
            _SPECS.clear()
        _SPECS[key] = spec
    return spec


def _document_spec(data: Mapping[str, Any]) -> GameSpec:
    """The spec of a saved hand or session: its ``"spec"``, which must be its
    ``"game"``'s; HistoryError naming the field if not."""
    try:
        spec = _read_spec(data["spec"])
    except RuleError as err:  # well formed, and refused by a rule (one made since the file was written?)
        raise HistoryError(f"spec: {str(err).rstrip('.')} (the file's spec is refused by this rule, which "
                           f"may be newer than the file: to replay it, edit its \"spec\" as the rule "
                           f"says).") from None
    except SplitpotError as err:
        raise HistoryError(f"spec: {err}") from None
    if data["game"] != spec.name:
        raise HistoryError(f"game: {data['game']!r} is not the spec's game {spec.name!r}.")
    return spec


def _replay_onto(state: State, log: Sequence[ev.Event]) -> None:
    """Play ``log`` on ``state``, a fresh hand built with ``automate=False``, as
    :meth:`History.replay` does with ``strict``: every dealer step and player action
    in the order logged, each giving the logged event exactly, or
    :class:`~splitpot.errors.HistoryError` naming the first that does not.  (A
    session uses it to rebuild a hand from its seed, so later re-deals and new
    stubs come from the same shuffle as the original's.)"""
    from splitpot.engine.state import _DEALER_PHASES

    i = 0
    while i < len(log):
        if len(state.events) > i:
            if state.events[i] != log[i]:
                end = _shown_in_another_order(state, log, i)
                if end is not None:  # an older file's showdown, shown from the dealer's left
                    i = end
                    continue
                raise HistoryError(
                    f"event {i} ({log[i].kind}) is not what the hand gives: logged "
                    f"{ev.event_to_dict(log[i])}, the replay {ev.event_to_dict(state.events[i])}."
                )
            i += 1
        elif state.is_complete:
            raise HistoryError(f"event {i} ({log[i].kind}): logged after the hand ended.")
        elif state.phase in _DEALER_PHASES:
            try:
                state.advance()
            except SplitpotError as err:
                raise HistoryError(f"event {i} ({log[i].kind}): the deal cannot go on: {err}") from None
        else:  # a player acts (or the dealer calls): the next such event logged
            j = next((k for k in range(i, len(log)) if log[k].player_action or log[k].dealer_call), None)
            if j is None:
                raise HistoryError(
                    f"event {i} ({log[i].kind}): seat {state.actor} must act now, but the log has no "
                    "action left."
                )
            _apply(state, j, log[j])
    if len(state.events) != len(log):
        extra = ev.event_to_dict(state.events[len(log)])
        raise HistoryError(f"the log stops at {len(log)} events; the hand goes on with {extra}.")
    _run_on(state)


_SHOWN = (ev.CardsShown, ev.PlayerWild)


def _shown_in_another_order(state: State, log: Sequence[ev.Event], i: int) -> int | None:
    """Where the log shows the hands at the showdown around event ``i`` from the
    dealer's left, and the replay shows the same events in the rules' order (the
    last bettor of the final round first), the index past them, else None.
    Histories written before the engine showed hands in the rules' order log them
    from the dealer's left: they replay, with the hands shown in the rules' order
    (the replayed history differs from the file there only)."""
    replayed = state.events
    if not (isinstance(log[i], _SHOWN) and isinstance(replayed[i], _SHOWN)):
        return None
    start = i
    while start > 0 and isinstance(log[start - 1], _SHOWN):
        start -= 1
    end = i
    while end < len(log) and isinstance(log[end], _SHOWN):
        end += 1
    block = replayed[start:end]
    seats = [e.seat for e in log[start:end] if isinstance(e, ev.CardsShown)]
    left = [(s - state.button - 1) % state.seats for s in seats]
    if left != sorted(left) or not all(isinstance(e, _SHOWN) for e in block):
        return None
    return end if Counter(block) == Counter(log[start:end]) else None


def _replay_actions(state: State, log: Sequence[ev.Event]) -> None:
    """Play ``log`` on ``state`` (built with ``automate=False``) as
    :meth:`History.replay` does without ``strict``: the logged player actions (and
    dealer's calls) in order, the dealer's steps before each taken unchecked, then
    the dealer's steps as far as the log goes."""
    for i, event in enumerate(log):
        if event.player_action or event.dealer_call:
            _deal_while(state, i)
            _apply(state, i, event)
    _deal_while(state, len(log), lambda: len(state.events) < len(log))
    _run_on(state)


def _deal_while(state: State, index: int, more: Callable[[], bool] = lambda: True) -> None:
    """Take dealer steps while one is due (and ``more()``); HistoryError naming event
    ``index`` if the deal cannot go on."""
    from splitpot.engine.state import _DEALER_PHASES

    while state.phase in _DEALER_PHASES and more():
        try:
            state.advance()
        except SplitpotError as err:
            raise HistoryError(f"event {index}: the deal cannot go on: {err}") from None


def _run_on(state: State, *, rest: bool = False) -> None:
    """Take the dealer steps that log nothing after the last event replayed (the
    start of the turn-ups): the hand that was logged took them if it went on at
    all, and its log cannot tell.  So a replay stands where the logged hand
    reached (a hand dealt by hand that stopped before such a step comes back
    after it).  A step that logs something is left waiting, as a hand dealt by
    hand leaves it; with ``rest`` (a session's hand, whose dealer never waits)
    that is a log cut short: :class:`~splitpot.errors.HistoryError`.

    :meth:`History.replay` and :meth:`splitpot.engine.session.Session.from_dict`
    both end a replay here."""
    from splitpot.engine.state import _DEALER_PHASES

    logged = len(state.events)
    try:
        while state.phase in _DEALER_PHASES and state._silent_step():
            state.advance()
        if rest and state.phase in _DEALER_PHASES:
            state.advance()  # only to name the step: the hand is refused
            raise HistoryError(f"the log stops before a dealer step ({state.events[logged].kind}), where "
                               "a session's hand never rests.")
    except HistoryError:
        raise
    except SplitpotError as err:
        raise HistoryError(f"the log stops at {logged} events, and the deal cannot go on: {err}") from None
    state.automate = state.phase not in _DEALER_PHASES


def _read_call(data: object, spec: GameSpec) -> Call | None:
    """The recorded dealer's call, checked to deal ``spec`` (None when there is none)."""
    if data is None:
        return None
    from splitpot.dealers_choice import Call

    try:
        call = Call.recorded(data, spec)
    except SplitpotError as err:
        raise HistoryError(f"call: {err}") from None
    if call.spec != spec:
        raise HistoryError(f"call: the call ({call.text()}) does not deal the recorded spec.")
    return call


def _apply(state: State, index: int, event: ev.Event) -> None:
    try:
        apply_event(state, event)
    except SplitpotError as err:
        fields = ", ".join(f"{k}={v}" for k, v in ev.event_to_dict(event).items() if k != "event")
        raise HistoryError(f"event {index} ({event.kind} {fields}): {err}") from None


_APPLY: dict[type[ev.Event], Callable[[State, Any], object]] = {
    ev.BringInPosted: lambda s, e: s.bring_in(),
    ev.Completed: lambda s, e: s.complete(e.to),
    ev.BetMade: lambda s, e: s.bet(e.to),
    ev.Raised: lambda s, e: s.raise_to(e.to),
    ev.Called: lambda s, e: s.call(),
    ev.Checked: lambda s, e: s.check(),
    ev.Folded: lambda s, e: s.fold(),
    ev.Drew: lambda s, e: s.draw(e.discarded, asked=len(e.received)),
    ev.Declared: lambda s, e: s.declare(e.choice, seat=e.seat),
    ev.TurnedUp: lambda s, e: s.turn_up(e.cards, seat=e.seat),
    ev.TurnUpChosen: lambda s, e: s.turn_up(e.cards, seat=e.seat),
    ev.ExposedKept: lambda s, e: s.keep_exposed(),
    ev.ExposedRefused: lambda s, e: s.refuse_exposed(),
    ev.CardExposed: lambda s, e: s.expose(e.card),
}


def apply_event(state: State, event: ev.Event) -> None:
    """Perform the player action that ``event`` records on ``state``."""
    seat = getattr(event, "seat", None)
    anyone = isinstance(event, (ev.Declared, ev.TurnUpChosen))  # may come from any seat still to choose
    if not anyone and not event.dealer_call and seat != state.actor:
        raise RuleError(f"Logged {event.kind} by seat {seat}, but seat {state.actor} is to act.")
    _APPLY[type(event)](state, event)


_TURNED_UP = (ev.TurnedUp, ev.TurnUpsRevealed)
"""The events that turn a player's cards face up (see :func:`_public_cards`)."""


def _public_cards(events: Sequence[ev.Event]) -> frozenset[int]:
    """Cards everyone has seen face up: dealt or turned up, or drawn to an up card."""
    up: set[int] = set()
    for event in events:
        if (isinstance(event, ev.CardsDealt) and event.up) or isinstance(event, _TURNED_UP):
            up.update(event.cards)
        elif isinstance(event, ev.Drew):
            up.update(new for old, new in zip(event.discarded, event.received, strict=False) if old in up)
    return frozenset(up)


_HIDING = (ev.CardsDealt, ev.Drew, ev.Declared, ev.TurnUpChosen, ev.Redealt, ev.StubReshuffled, ev.CardBurned)
"""The events whose view :func:`_hide` may change."""
_NEVER_HIDDEN = frozenset(kind for kind in ev._KINDS.values() if not issubclass(kind, _HIDING))
"""The event classes :func:`_hide` shows as they are (most of a hand's events)."""


def _hide(
    event: ev.Event, viewer: int | None, secret_declarations: bool, public: frozenset[int] = frozenset()
) -> dict[str, Any]:
    data = ev.event_to_dict(event)
    if type(event) in _NEVER_HIDDEN:
        return data
    if isinstance(event, ev.CardsDealt) and not event.up and event.seat != viewer:
        data["cards"] = [None] * len(event.cards)
    elif isinstance(event, ev.Drew) and event.seat != viewer:
        # an up card replaced by an up card (aces-deuces) is seen by everyone
        data["discarded"] = [ev.card_text(c) if c in public else None for c in event.discarded]
        data["received"] = [ev.card_text(c) if c in public else None for c in event.received]
    elif isinstance(event, ev.Declared) and secret_declarations and event.seat != viewer:
        data["choice"] = None
    elif isinstance(event, ev.TurnUpChosen) and event.seat != viewer:
        # null, not a null per card: where the turn-up is optional, the count would tell
        # whether he turned a card up before the reveal, which shows the cards to everyone
        data["cards"] = None
    elif isinstance(event, (ev.Redealt, ev.StubReshuffled)):
        data["cards"] = [None] * len(event.cards)  # the order of cards still to come
    elif isinstance(event, ev.CardBurned):
        data["card"] = None  # burned face down: nobody sees it
    return data


def _makes_public(event: ev.Event) -> bool:
    """Whether ``event`` may make a card public (see :func:`_public_cards`)."""
    if type(event) is ev.CardsDealt:
        return event.up
    return type(event) in _TURNED_UP or type(event) is ev.Drew


def _first_draw_showing(events: list[ev.Event], seat: int | None, cards: frozenset[int], default: int) -> int:
    """The index of the first draw by another seat than ``seat`` that moved one of ``cards``."""
    return next((i for i, e in enumerate(events) if type(e) is ev.Drew and e.seat != seat
                 and not cards.isdisjoint(e.discarded + e.received)), default)


def _events_seen(
    events: Sequence[ev.Event], seat: int | None, simultaneous: bool,
    kinds: set[type[ev.Event]] | None = None,
) -> list[dict[str, Any]]:
    """The view of each of ``events`` (a hand's, from its start) as ``seat`` sees
    them once they have happened (``simultaneous``: the game's declarations are
    simultaneous, secret until revealed); ``kinds`` is the set of their classes
    (None: taken here).  :func:`player_view` and :meth:`History.seen_by` both
    give these."""
    if kinds is None:
        kinds = set(map(type, events))
    secret = simultaneous and ev.DeclarationsRevealed not in kinds
    public = _public_cards(events) if ev.Drew in kinds else frozenset()
    return [_hide(e, seat, secret, public) for e in events]


def _events_since(
    events: list[ev.Event], seat: int | None, since: int, simultaneous: bool, revealed: bool,
    kinds: set[type[ev.Event]] | None = None,
) -> tuple[int, list[dict[str, Any]]]:
    """The index from which ``seat``'s view of the events must be sent to a client
    that holds the first ``since`` as the view showed them when the hand had
    ``since`` events, and those events' views.

    What the view of an event shows depends on the viewer and on two things the
    events after it may change: whether simultaneous declarations are still
    secret, and which cards are public (a card drawn to an up card in
    aces-deuces, which an earlier draw may have discarded face down).  The
    first event the client holds whose view has changed is the first sent.
    ``kinds`` is the set of the classes of ``events`` (None: taken here).
    """
    if kinds is None:
        kinds = set(map(type, events))
    first = since  # (the events before and after `since` sliced only where a question needs them)
    if revealed and ev.DeclarationsRevealed in set(map(type, events[since:])) and not any(
        type(e) is ev.DeclarationsRevealed for e in events[:since]
    ):  # the declarations were secret when the hand had `since` events; they show now
        first = next((i for i, e in enumerate(events[:since]) if type(e) is ev.Declared and e.seat != seat),
                     first)
    public: frozenset[int] = frozenset()
    if ev.Drew in kinds:
        if any(_makes_public(e) for e in events[since:]):
            head = events[:since]
            then, public = _public_cards(head), _public_cards(events)
            if public != then:
                first = min(first, _first_draw_showing(head, seat, public - then, first))
        elif any(type(e) is ev.Drew for e in events[first:]):
            public = _public_cards(events)
    secret = simultaneous and not revealed
    return first, [_hide(e, seat, secret, public) for e in events[first:]]


def player_view(state: State, seat: int | None, since: int | None = None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: a spectator): own down cards, everyone's
    upcards, cards shown at showdown, public events; JSON-ready.

    With ``since`` (a client's count of the events it holds, taken from the
    view when the hand had that many), ``"events"`` holds only the events from
    index ``"since"`` on: ``since`` itself, or earlier where the view of an
    event the client holds has changed (the reveal of simultaneous
    declarations); the client replaces its events from there.

    >>> from splitpot import State, get_game
    >>> state = State(get_game("seven-card-stud"), [100] * 3, seed=2)
    >>> view = player_view(state, 0)
    >>> view["players"][0]["down"], view["players"][1]["down"], view["players"][1]["up"]
    (['4d', '3h'], [None, None], ['As'])
    >>> player_view(state, None)["players"][0]["down"]  # a spectator sees no down card
    [None, None]
    >>> update = player_view(state, 1, since=len(state.events) - 1)  # the client holds all but one
    >>> update["since"], update["events"]
    (9, [{'event': 'deal', 'seat': 0, 'cards': ['7h'], 'up': True}])
    """
    events = state.events
    kinds = set(map(type, events))  # one pass in C, not a scan of the events per question
    shown = {e.seat for e in events if type(e) is ev.CardsShown} if ev.CardsShown in kinds else set()
    simultaneous = state.spec.declare is DeclareMode.SIMULTANEOUS
    revealed = simultaneous and ev.DeclarationsRevealed in kinds
    secret = simultaneous and not revealed
    texts, down, up = _CARD_TEXT, state.down, state.up  # (card_text inlined: a view names every card held)
    players = [
        {
            "seat": s,
            "stack": stack,
            "committed": committed,
            "bet": bet,
            "in_hand": in_hand,
            "folded": folded,
            "down": [texts[c] for c in down[s]] if s == seat or s in shown else [None] * len(down[s]),
            "up": [texts[c] for c in up[s]],
        }
        for s, stack, committed, bet, in_hand, folded in zip(
            range(state.seats), state.stacks, state.committed, state.bets, state.in_hand, state.folded,
            strict=True,
        )
    ]
    declaring = secret and str(state.phase) == "declaring"
    may_act = seat is not None and (
        seat == state.actor or (declaring and seat in state.active and seat not in state.declared)
    )
    legal = [o.to_dict() for o in state.legal_actions()] if may_act else []
    if seat is not None and seat in state.turn_up_choosers:  # turn-ups: each chooses his own
        legal = [state.turn_up_option(seat).to_dict()]
    view: dict[str, Any] = {
        "game": state.spec.name,
        "seat": seat,
        "phase": str(state.phase),
        "street": state.street,
        "button": state.button,
        "actor": state.actor,
        "pot": state.pot,
        "community": [ev.card_text(c) for c in state.community],
        "players": players,
        "legal_actions": legal,
    }
    if since is None:
        view["events"] = _events_seen(events, seat, simultaneous, kinds)
    else:
        view["since"], view["events"] = _events_since(events, seat, since, simultaneous, revealed, kinds)
    return view
