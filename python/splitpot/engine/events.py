"""Events: every card dealt, chip moved and decision made in a hand, in order.

Events are frozen and JSON-ready through :func:`event_to_dict` /
:func:`event_from_dict`; cards are ints inside and card text in JSON.

>>> e = Raised(seat=2, amount=10, to=15)
>>> event_to_dict(e)
{'event': 'raise', 'seat': 2, 'amount': 10, 'to': 15}
>>> event_from_dict(event_to_dict(e)) == e
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from splitpot.cards import _CANONICAL, _CARD_TEXT, Card, card_text

__all__ = [
    "AntePosted",
    "BetMade",
    "BetReturned",
    "BlindPosted",
    "BringInPosted",
    "Called",
    "CardBurned",
    "CardExposed",
    "CardsDealt",
    "CardsShown",
    "Checked",
    "Completed",
    "DeclarationsRevealed",
    "Declared",
    "DrawFeePaid",
    "Drew",
    "Event",
    "ExposedKept",
    "ExposedRefused",
    "Folded",
    "Forfeited",
    "HandEnded",
    "NobodyOpened",
    "OpenersShown",
    "PassersOut",
    "PlayedAs",
    "PlayerWild",
    "PotAwarded",
    "Raised",
    "Redealt",
    "StreetStarted",
    "StubReshuffled",
    "TurnUpChosen",
    "TurnUpsRevealed",
    "TurnedUp",
    "card_text",
    "event_from_dict",
    "event_to_dict",
    "maker",
]

E = TypeVar("E", bound="Event")

_CARD_FIELDS = frozenset({"cards", "card", "discarded", "received"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base class; ``kind`` is the stable JSON token.  ``player_action``: a
    player's decision; ``dealer_call``: a dealer step the caller makes
    explicitly (a dealer error such as an exposed card), never automatic, so a
    replay makes it again."""

    kind: ClassVar[str] = "event"
    player_action: ClassVar[bool] = False
    dealer_call: ClassVar[bool] = False


def _fast_init(cls: type[Event]) -> None:
    """Give ``cls`` an ``__init__`` equal to the one ``dataclass`` writes (the same
    keyword-only fields, no defaults) that sets each slot through its descriptor
    rather than ``object.__setattr__``: every action and card dealt builds an
    event, and this is about a third cheaper."""
    names = [f.name for f in dataclasses.fields(cls)]
    if any(f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
           for f in dataclasses.fields(cls)) or "__post_init__" in vars(cls):
        return  # keep dataclass's own: the fast form covers plain required fields only
    scope: dict[str, Any] = {f"_set_{n}": getattr(cls, n).__set__ for n in names}
    lines = "".join(f"    _set_{n}(self, {n})\n" for n in names) or "    pass\n"
    exec(f"def __init__(self, *, {', '.join(names)}):\n{lines}" if names else f"def __init__(self):\n{lines}",
         scope)  # the technique dataclasses itself uses to write __init__
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = {**{n: cls.__annotations__.get(n, Any) for n in names}, "return": None}
    cls.__init__ = init  # type: ignore[method-assign]


_MAKERS: dict[type[Event], Callable[..., Any]] = {}


def maker(cls: type[E]) -> Callable[..., E]:
    """A positional constructor of the event class ``cls``: its fields in the order
    declared, giving the event ``cls(**fields)`` gives, built without the keyword
    call (about a third of the cost: the engine logs an event at every decision,
    ante and card dealt).  Made once per class.

    >>> maker(Raised)(2, 10, 15) == Raised(seat=2, amount=10, to=15)
    True
    """
    made = _MAKERS.get(cls)
    if made is None:
        names = [f.name for f in dataclasses.fields(cls)]
        scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
        scope.update({f"_set_{n}": getattr(cls, n).__set__ for n in names})
        sets = "".join(f"    _set_{n}(event, {n})\n" for n in names)
        exec(f"def make({', '.join(names)}):\n    event = _new(_cls)\n{sets}    return event\n", scope)
        made = _MAKERS[cls] = scope["make"]
        made.__qualname__ = f"maker({cls.__qualname__})"
    return made


def _event(kind: str, *, player: bool = False, call: bool = False) -> Any:
    def wrap(cls: type[Event]) -> type[Event]:
        cls.kind = kind
        cls.player_action = player
        cls.dealer_call = call
        _KINDS[kind] = cls
        _fast_init(cls)
        return cls

    return wrap


_KINDS: dict[str, type[Event]] = {}


@_event("ante")
@dataclass(frozen=True, slots=True, kw_only=True)
class AntePosted(Event):
    """A seat posts its ante (all in when short)."""

    seat: int
    amount: int


@_event("blind")
@dataclass(frozen=True, slots=True, kw_only=True)
class BlindPosted(Event):
    """A seat posts a live blind."""

    seat: int
    amount: int


@_event("street")
@dataclass(frozen=True, slots=True, kw_only=True)
class StreetStarted(Event):
    """A new street begins (``street`` indexes ``GameSpec.streets``)."""

    street: int
    name: str


@_event("deal")
@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDealt(Event):
    """Cards dealt to ``seat`` (``None``: a community card), face up or down."""

    seat: int | None
    cards: tuple[int, ...]
    up: bool


@_event("burn")
@dataclass(frozen=True, slots=True, kw_only=True)
class CardBurned(Event):
    """The dealer burns the top card."""

    card: int


@_event("bring_in", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class BringInPosted(Event):
    """The bring-in is posted."""

    seat: int
    amount: int


@_event("complete", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class Completed(Event):
    """The bring-in is completed to ``to`` (round total)."""

    seat: int
    amount: int
    to: int


@_event("bet", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class BetMade(Event):
    """The first bet of a round."""

    seat: int
    amount: int
    to: int


@_event("raise", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class Raised(Event):
    """A raise to ``to`` (round total); ``amount`` chips added."""

    seat: int
    amount: int
    to: int


@_event("call", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    """A call of ``amount`` chips."""

    seat: int
    amount: int


@_event("check", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class Checked(Event):
    """A check."""

    seat: int


@_event("fold", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class Folded(Event):
    """A fold."""

    seat: int


@_event("draw", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Event):
    """A draw: cards discarded and their replacements (none: stands pat)."""

    seat: int
    discarded: tuple[int, ...]
    received: tuple[int, ...]


@_event("return")
@dataclass(frozen=True, slots=True, kw_only=True)
class BetReturned(Event):
    """The uncalled part of a bet (chips no other player matched) goes back to
    ``seat`` when the betting round ends (the rules, §3)."""

    seat: int
    amount: int


@_event("declare", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(Event):
    """A declaration (secret until revealed in simultaneous mode)."""

    seat: int
    choice: str


@_event("reveal")
@dataclass(frozen=True, slots=True, kw_only=True)
class DeclarationsRevealed(Event):
    """Simultaneous declarations revealed: ``choices`` as (seat, choice) pairs."""

    choices: tuple[tuple[int, str], ...]


@_event("show")
@dataclass(frozen=True, slots=True, kw_only=True)
class CardsShown(Event):
    """A hand shown at showdown with its best high and low hands described."""

    seat: int
    cards: tuple[int, ...]
    high: str | None
    low: str | None


@_event("forfeit")
@dataclass(frozen=True, slots=True, kw_only=True)
class Forfeited(Event):
    """A both declarer who lost or tied a side forfeits pot ``pot``."""

    pot: int
    seat: int


@_event("award")
@dataclass(frozen=True, slots=True, kw_only=True)
class PotAwarded(Event):
    """Chips from pot ``pot`` (0 = main) to ``seat``; ``side`` names the share and
    ``hand`` the winning hand (empty when uncontested or split equally)."""

    pot: int
    seat: int
    amount: int
    side: str
    hand: str


@_event("nobody_opened")
@dataclass(frozen=True, slots=True, kw_only=True)
class NobodyOpened(Event):
    """Nobody opened deal number ``deal``: its hands are played as another game
    (:class:`PlayedAs`) or the deal is passed out (:class:`Redealt`); the ``pot`` carries over."""

    deal: int
    pot: int


@_event("play_as")
@dataclass(frozen=True, slots=True, kw_only=True)
class PlayedAs(Event):
    """The same hands are played again as ``game`` (jacks back: as lowball)."""

    game: str


@_event("redeal")
@dataclass(frozen=True, slots=True, kw_only=True)
class Redealt(Event):
    """The same dealer deals again: deal number ``deal`` from the deck ``cards`` (top first)."""

    deal: int
    cards: tuple[int, ...]


@_event("passers_out")
@dataclass(frozen=True, slots=True, kw_only=True)
class PassersOut(Event):
    """Pass and out: the pot is opened and the players who checked before are out."""

    seats: tuple[int, ...]


@_event("reshuffle")
@dataclass(frozen=True, slots=True, kw_only=True)
class StubReshuffled(Event):
    """The stub could not serve a draw: its last card, the burn cards and the discards
    of the players already served are the new stub ``cards`` (top first)."""

    cards: tuple[int, ...]


@_event("expose", call=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class CardExposed(Event):
    """The dealer exposed ``card`` dealt to ``seat``; ``ruling`` (``keep``, ``choose``
    or ``dead``) says what happens to it (:class:`~splitpot.engine.draws.Ruling`)."""

    seat: int
    card: int
    ruling: str


@_event("keep", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class ExposedKept(Event):
    """The player keeps the exposed ``card`` he could have refused."""

    seat: int
    card: int


@_event("refuse", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class ExposedRefused(Event):
    """The player refuses the exposed ``card``; a replacement from the top of the stub follows."""

    seat: int
    card: int


@_event("openers")
@dataclass(frozen=True, slots=True, kw_only=True)
class OpenersShown(Event):
    """The opener shows the five cards he held when he opened (the proof of openers)."""

    seat: int
    cards: tuple[int, ...]


@_event("end")
@dataclass(frozen=True, slots=True, kw_only=True)
class HandEnded(Event):
    """The hand is over; ``stacks`` are the final stacks."""

    stacks: tuple[int, ...]


@_event("turn_up", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnedUp(Event):
    """In turn: ``seat`` turns ``cards`` face up (none: he keeps his down cards down)."""

    seat: int
    cards: tuple[int, ...]


@_event("turn_up_secret", player=True)
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnUpChosen(Event):
    """Simultaneous: ``seat`` chooses in secret to turn ``cards`` up (none: keeps
    them down); the cards turn when everyone has chosen (:class:`TurnUpsRevealed`).
    The other seats' views show ``cards`` as null, whatever the choice."""

    seat: int
    cards: tuple[int, ...]


@_event("turn_up_reveal")
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnUpsRevealed(Event):
    """Simultaneous turn-ups revealed: ``seats[i]`` turned ``cards[i]`` face up
    (seats not listed kept their down cards down)."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]


@_event("player_wild")
@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerWild(Event):
    """At the showdown: ``card`` and every card of its rank are wild for ``seat``
    alone, by the game's positional rule ``rule`` (his hole card, his lowest hole
    card, his first or third card, his lowest card)."""

    seat: int
    card: int
    rule: str


@_event("draw_fee")
@dataclass(frozen=True, slots=True, kw_only=True)
class DrawFeePaid(Event):
    """``seat`` pays ``amount`` into the pot for the card he just drew (aces-deuces)."""

    seat: int
    amount: int


def _plain_field(value: Any) -> Any:
    """A field that holds no card, JSON-ready: a tuple a list, and each tuple in it a list."""
    return [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value


_TO_DICT: dict[type[Event], Callable[[Any], dict[str, Any]]] = {}


def _to_dict_of(cls: type[Event]) -> Callable[[Any], dict[str, Any]]:
    """The function :func:`event_to_dict` applies to an event of ``cls``: one dict
    display with the class's fields in order, written once per class (every
    view of a hand makes a dict of each event it shows; reading the fields
    again at every call cost about half of it)."""
    made = _TO_DICT.get(cls)
    if made is None:
        items = "".join(  # card_text inlined; a tuple field through _plain_field
            f"{f.name!r}: _texts[v] if isinstance(v := event.{f.name}, int) else [_texts[c] for c in v], "
            if f.name in _CARD_FIELDS else
            f"{f.name!r}: _plain(v) if isinstance(v := event.{f.name}, tuple) else v, "
            for f in dataclasses.fields(cls)
        )
        scope: dict[str, Any] = {"_texts": _CARD_TEXT, "_plain": _plain_field}
        exec(f"def to_dict(event):\n    return {{'event': event.kind, {items}}}\n", scope)
        made = _TO_DICT[cls] = scope["to_dict"]
        made.__qualname__ = f"event_to_dict({cls.__qualname__})"
    return made


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict with the event kind under ``"event"``."""
    to_dict = _TO_DICT.get(type(event))
    return (to_dict or _to_dict_of(type(event)))(event)


def _card_ints(values: Any) -> tuple[int, ...]:
    """``tuple(int(Card(v)) for v in values)``, the standard texts (``"As"``,
    ``"Jk"``) read by one lookup each (a history read back holds every card dealt
    as text); any other value goes through :class:`~splitpot.cards.Card`, with
    its errors.

    >>> _card_ints(["2c", "As", "Jk"]), _card_ints(("A♠", 7))
    ((0, 51, 52), (51, 7))
    """
    if type(values) is list or type(values) is tuple:
        try:
            return tuple([_CANONICAL[v] for v in values])
        except (KeyError, TypeError):  # not all standard text (or not hashable): Card reads them
            pass
    return tuple(int(Card(v)) for v in values)


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from :func:`event_to_dict` output."""
    data = dict(data)
    cls = _KINDS[data.pop("event")]
    for key, value in data.items():
        if key in _CARD_FIELDS:
            if isinstance(value, str):
                card = _CANONICAL.get(value)
                data[key] = int(Card(value)) if card is None else card
            else:
                data[key] = _card_ints(value)
        elif isinstance(value, list):
            data[key] = tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return cls(**data)
