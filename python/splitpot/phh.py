"""Hand histories in PHH, the open Poker Hand History format (TOML).

:func:`dumps` writes one hand (a :class:`~splitpot.engine.state.State` or a
:class:`~splitpot.engine.history.History`), :func:`dumps_all` many as a
``.phhs`` document; :func:`loads` reads one hand back into a
:class:`~splitpot.engine.history.History` (``.replay()`` gives the
:class:`~splitpot.engine.state.State`), :func:`loads_all` one or many.

Seven-card stud and stud eight-or-better are written as standard PHH (variant
``F7S`` and ``F7S/8``: ``antes``, ``bring_in``, ``small_bet``, ``big_bet``,
``starting_stacks``, ``ante_trimming_status = true`` and the actions ``d dh``,
``d db``, ``pN pb``, ``pN cbr``, ``pN cc``, ``pN f``, ``pN sm``), so any PHH reader (pokerkit's
``HandHistory``) replays them; and such files written by another tool load
here, the cards dealt by name (:meth:`State.deal_street
<splitpot.engine.state.State.deal_street>`).  Every other game is written with
a namespaced variant (``splitpot:<game>``), the standard fields that apply
(draws as ``pN sd`` and ``d dh``, blinds as ``blinds_or_straddles``) and
underscore-prefixed user-defined fields for what PHH lacks: ``_spec`` (the
game, wild cards included), ``_declarations``, ``_turn_ups``,
``_exposures``, ``_burns``, ``_deck`` and ``_decks``, ``_plays_on`` (a hand
that ends where nobody opened in jacks back: whether it went on as lowball, the
step that deals nothing), and a dealer's-choice hand's ``_call`` (see the PHH
page of the documentation).

Players ``p1``..``pN`` are the seats dealt in, from the dealer's left
clockwise (the order stud deals in); the standard optional fields ``seats``
(1-based seat numbers) and ``seat_count`` place them at the table.

Readings: a ``pN cbr`` by the bring-in seat for exactly the bring-in he can
post (all in for no more) is the bring-in; PHH's ``pN sm`` lines are checked against the cards the hand shows
(cards speak: a muck line does not forfeit a hand, and a muck over ``??`` cards,
``pN sm``, ``pN sm -`` or a show of ``??`` only, is refused); hole cards written as
``??`` are the cards the player shows later (``pN sm CARDS``), or else dealt
from the cards the file never names (upcards chosen so that the players the
file has bring in and bet first do: :meth:`_Reader._choose_upcards`); a file's
``finishing_stacks``, when present, must be what the hand gives.

Draw games without ``_deck``: a draw (``pN sd CARDS``) is served the cards of
the ``d dh pN CARDS`` line that follows it (none: no card; a number other than
his discards: served as asked, where the game allows it), by
:meth:`State.draw(served=) <splitpot.engine.state.State.draw>`.  When the stub
runs short the file has no ``_decks``: the cards served past the stub's end
must be among the new stub's cards (the old stub's last card, the burns, the
discards of the players already served, dead exposed cards), and the new
stub's other cards follow them in the order they were mucked.  The cards owed
for a card exposed in the draw are the ``d dh`` lines after the last draw, a
refused exposed card's replacement the ``d dh`` line after the exposure.  A
replacement card written ``??`` is one the player shows later and does not
keep, else a card the file names nowhere (dealt, discarded, shown or burned);
a hole card written ``??`` in a draw game is, in order, one of his discards,
then one he shows (an opener's cards must be named: openers are checked when
he opens).

>>> from splitpot.games import get_game
>>> from splitpot.engine.state import State
>>> state = State(get_game("seven-card-stud"), [50, 50], seed=4)
>>> _ = state.bring_in(); _ = state.fold()
>>> text = dumps(state, deck=False)
>>> print(text)  # doctest: +ELLIPSIS
variant = "F7S"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [50, 50]
actions = ["d dh p1 ...", "d dh p2 ...", "p... pb", "p... f"]
seats = [2, 1]
seat_count = 2
finishing_stacks = [...]
ante_trimming_status = true
_game = "seven-card-stud"
>>> loads(text).replay().stacks == state.stacks
True
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from splitpot.engine import events as ev
from splitpot.engine.history import ALL, History, Viewer
from splitpot.engine.order import FIRST_TO_ACT, best_showing_seat, natural_showing_key
from splitpot.engine.spec import GameSpec, Stakes, Street
from splitpot.engine.state import Phase, State
from splitpot.errors import ArgumentTypeError, HistoryError, SplitpotError
from splitpot.games import GAMES
from splitpot.validate import as_bool, as_text, describe

if TYPE_CHECKING:
    from splitpot.dealers_choice import Call

__all__ = ["STANDARD_VARIANTS", "Hands", "dumps", "dumps_all", "iter_loads", "loads", "loads_all"]

# The most seats a table read from PHH may have (its seats are a list; a file asking for
# millions would only exhaust memory).
_MOST_SEATS = 100

STANDARD_VARIANTS = {"seven-card-stud": "F7S", "seven-card-stud-8": "F7S/8"}
"""splitpot games that PHH names, by game name: written as standard PHH."""

_GAME_OF_VARIANT = {code: name for name, code in STANDARD_VARIANTS.items()}
_PREFIX = "splitpot:"
_CARD = {ev.card_text(c): c for c in range(53)}
_Hand = State | History


# ------------------------------------------------------------------ writing
def _history(hand: object) -> History:
    if isinstance(hand, State):
        return hand.history()
    if isinstance(hand, History):
        return hand
    raise ArgumentTypeError(f"a hand is a State or a History, got {describe(hand)}.")


@functools.lru_cache(maxsize=256)
def _plain(spec: GameSpec) -> bool:
    """Whether the registry rebuilds ``spec`` from its name and stakes alone."""
    builder = GAMES.get(spec.name)
    try:
        return builder is not None and spec == builder(stakes=spec.stakes)
    except (SplitpotError, TypeError):
        return False


def _standard(spec: GameSpec) -> str | None:
    """The PHH variant code of ``spec`` when it is exactly the standard game."""
    code = STANDARD_VARIANTS.get(spec.name)
    return code if code is not None and _plain(spec) else None


def _cards(cards: Iterable[int]) -> str:
    return "".join(ev.card_text(c) for c in cards)


_TOML_INT = 2**63 - 1
"""TOML's integers are 64-bit: its readers refuse larger ones."""


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not -_TOML_INT - 1 <= value <= _TOML_INT:
            raise HistoryError(f"PHH is TOML, whose integers stop at {_TOML_INT:,}: the hand's {value:,} "
                               "chips cannot be written (JSON histories have no such bound).")
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise TypeError(f"no TOML for {describe(value)}")  # pragma: no cover - internal


def _fields(history: History, *, deck: bool, seen: list[dict[str, Any]] | None = None) -> dict[str, object]:
    """The PHH fields of ``history``; with ``seen`` (:meth:`History.seen_by`'s events: a
    seat's view), each card as the view shows it, a hidden one ``??`` (nothing hidden written
    where there is no card to write: a burn, a secret declaration or turn-up)."""
    spec = history.spec
    seats = len(history.stacks)
    order = [(history.button + 1 + i) % seats for i in range(seats)]
    order = [s for s in order if history.stacks[s] > 0]
    player = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    actions: list[str] = []
    extra: dict[str, list[str]] = {"_declarations": [], "_turn_ups": [], "_exposures": [], "_burns": []}
    decks: list[str] = []
    dealing: dict[int | None, list[str]] = {}

    def texts(index: int, key: str, cards: Iterable[int]) -> str:
        if seen is None:
            return _cards(cards)
        return "".join("??" if c is None else c for c in seen[index][key])

    def hidden(index: int, key: str) -> bool:
        return seen is not None and seen[index][key] is None

    blinds = [0] * len(order)
    final: tuple[int, ...] | None = None

    def flush() -> None:
        for who, cards in dealing.items():
            text = "".join(cards)
            actions.append(f"d db {text}" if who is None else f"d dh {player[who]} {text}")
        dealing.clear()

    for i, event in enumerate(history.events):
        kind = type(event)
        if kind is ev.CardsDealt:
            dealing.setdefault(event.seat, []).append(texts(i, "cards", event.cards))  # type: ignore[attr-defined]
            continue
        flush()
        if kind is ev.BringInPosted:
            actions.append(f"{player[event.seat]} pb")  # type: ignore[attr-defined]
        elif kind in (ev.Completed, ev.BetMade, ev.Raised):
            actions.append(f"{player[event.seat]} cbr {event.to}")  # type: ignore[attr-defined]
        elif kind in (ev.Called, ev.Checked):
            actions.append(f"{player[event.seat]} cc")  # type: ignore[attr-defined]
        elif kind is ev.Folded:
            actions.append(f"{player[event.seat]} f")  # type: ignore[attr-defined]
        elif kind is ev.Drew:
            assert isinstance(event, ev.Drew)
            actions.append(f"{player[event.seat]} sd {texts(i, 'discarded', event.discarded)}".rstrip())
            if event.received:
                actions.append(f"d dh {player[event.seat]} {texts(i, 'received', event.received)}")
        elif kind is ev.CardsShown:
            assert isinstance(event, ev.CardsShown)
            actions.append(f"{player[event.seat]} sm {_cards(event.cards)}")
        elif kind is ev.CardBurned and not hidden(i, "card"):
            extra["_burns"].append(ev.card_text(event.card))  # type: ignore[attr-defined]
        elif kind is ev.BlindPosted:
            assert isinstance(event, ev.BlindPosted)
            blinds[order.index(event.seat)] += event.amount
        elif kind is ev.Declared and not hidden(i, "choice"):
            assert isinstance(event, ev.Declared)
            extra["_declarations"].append(f"{player[event.seat]} {event.choice}")
        elif kind in (ev.TurnedUp, ev.TurnUpChosen):
            assert isinstance(event, (ev.TurnedUp, ev.TurnUpChosen))
            # (hidden: only a TurnUpChosen of another seat is, TurnedUp being public; _revealed asserts it)
            cards = _revealed(history.events, i) if hidden(i, "cards") else event.cards
            if cards is not None:  # (a secret choice of another seat not revealed yet: left out)
                extra["_turn_ups"].append(f"{player[event.seat]} {_cards(cards) or '-'}")
        elif kind is ev.CardExposed:
            extra["_exposures"].append(f"{len(actions)} {ev.card_text(event.card)}")  # type: ignore[attr-defined]
        elif kind in (ev.ExposedKept, ev.ExposedRefused):
            extra["_exposures"][-1] += " keep" if kind is ev.ExposedKept else " refuse"
        elif kind in (ev.Redealt, ev.StubReshuffled):
            decks.append(_cards(event.cards))  # type: ignore[attr-defined]
        elif kind is ev.HandEnded:
            final = event.stacks  # type: ignore[attr-defined]
    flush()
    code = _standard(spec)
    stakes = spec.stakes
    out: dict[str, object] = {"variant": code or f"{_PREFIX}{spec.name}"}
    out["antes"] = [stakes.ante] * len(order)
    if any(blinds):
        out["blinds_or_straddles"] = blinds
    if stakes.bring_in:
        out["bring_in"] = stakes.bring_in
    out["small_bet"] = stakes.small_bet
    out["big_bet"] = stakes.big_bet
    out["starting_stacks"] = [history.stacks[s] for s in order]
    out["actions"] = actions
    out["seats"] = [s + 1 for s in order]
    out["seat_count"] = seats
    if final is not None:
        out["finishing_stacks"] = [final[s] for s in order]
    if code is not None:  # PHH's default is false (not trimmed); splitpot returns the unmatched part
        out["ante_trimming_status"] = True
    out["_game"] = spec.name
    if history.button != (order[0] - 1) % seats:  # the button on an empty seat: PHH cannot tell which
        out["_button"] = history.button
    if not _plain(spec):
        out["_spec"] = json.dumps(spec.to_dict(), separators=(",", ":"))
    if history.call is not None:  # dealer's choice: the call that named the game
        out["_call"] = json.dumps(history.call.to_dict(), separators=(",", ":"))
    for key, values in extra.items():
        if values:
            out[key] = values
    last = history.events[-1] if history.events else None
    if type(last) is ev.PlayedAs or (type(last) is ev.NobodyOpened and spec.opening is not None
                                     and spec.opening.then is not None):
        out["_plays_on"] = type(last) is ev.PlayedAs  # the step PHH has no line for, taken or not
    if deck:
        out["_deck"] = _cards(history.deck)
        if decks:
            out["_decks"] = decks
    return out


def _revealed(events: tuple[ev.Event, ...], index: int) -> tuple[int, ...] | None:
    """The cards that the secret turn-up ``events[index]`` turned, as the reveal after it
    shows them to everyone (None: not revealed yet)."""
    chosen = events[index]
    assert isinstance(chosen, ev.TurnUpChosen)  # (a TurnedUp is seen by everyone: never hidden)
    reveal = next((e for e in events[index + 1:] if type(e) is ev.TurnUpsRevealed), None)
    if reveal is None:
        return None
    assert isinstance(reveal, ev.TurnUpsRevealed)
    return tuple(c for s, c in zip(reveal.seats, reveal.cards, strict=True) if s == chosen.seat)


def dumps(hand: _Hand, *, deck: bool | None = None, viewer: Viewer = ALL) -> str:
    """One hand as PHH text.  ``deck`` (default True) also writes the whole deck
    order (``_deck``, and ``_decks`` for re-deals and new stubs), so the
    cards never dealt come back too; without it a reader deals by name.

    The text holds every player's hole cards, folded hands' included (and,
    with ``deck``, the cards still to come): it is the server's record, or
    for after the hand, never for a player during it (give a player his own
    view: ``State.view(seat)``).

    ``viewer`` a seat (None: a spectator) writes instead what he saw of the
    hand, as :meth:`History.to_dict(viewer=) <splitpot.engine.history.History.to_dict>`
    shows it: each card he did not see written ``????``-style (``??`` a card, as
    PHH writes unknown cards), the burns and any declaration or turn-up still
    secret left out, never the deck (``deck=True`` is refused), and a field
    ``_viewer`` (his 0-based seat, or ``"spectator"``) marking the text as a view.
    A view is no record: :func:`loads` refuses it, and ``loads(text, view=True)``
    reads it as his view (the cards he did not see made up to read it, as for
    any PHH with unknown cards), a History marked with his seat as its
    ``viewer``, which writes only his view again and does not replay.  The stud
    games' views read back so; a view where another seat drew (PHH's reader
    needs the discards by name), opened (jackpots: his openers are checked when
    he opens) or turned up a card he chose in secret (Mexican stud: the card
    must be among those dealt him by name) is refused with a
    :class:`~splitpot.errors.HistoryError`.  A History read as a view is written
    as that view (``viewer`` ALL, the default, is its seat).

    >>> from splitpot.games import get_game
    >>> state = State(get_game("jackpots"), [40, 40, 40], seed=1)
    >>> dumps(state).splitlines()[0]
    'variant = "splitpot:jackpots"'
    >>> from splitpot.engine import events as ev
    >>> hole = [ev.card_text(c) for c in state.down[0]]
    >>> all(card in dumps(state, deck=False) for card in hole)  # seat 0's cards, though he has not shown them
    True
    >>> mine = dumps(state, viewer=1)   # seat 1's download: seat 0's cards are not in it
    >>> any(card in mine for card in hole), "_deck" in mine, mine.splitlines()[-1]
    (False, False, '_viewer = 1')
    >>> stud = State(get_game("seven-card-stud"), [40, 40], seed=4)
    >>> print(dumps(stud, viewer=0).splitlines()[6])   # seat 0 is p2; p1's upcard is seen
    actions = ["d dh p1 ????6c", "d dh p2 7h7dAs"]
    """
    history = _history(hand)
    seat = history._seat(viewer)  # (a view read back writes its own view: ALL is that seat)
    if seat is ALL:
        deck = True if deck is None else as_bool(deck, "deck")
        data = _fields(history, deck=deck)
    else:
        if deck is not None and as_bool(deck, "deck"):
            raise ArgumentTypeError("a seat's view never holds the deck: dumps(hand, viewer=...) takes no "
                                    "deck=True.")
        data = _fields(history, deck=False, seen=history.seen_by(seat))
        data["_viewer"] = "spectator" if seat is None else seat
    return "\n".join(f"{key} = {_toml(value)}" for key, value in data.items()) + "\n"


def dumps_all(hands: Iterable[_Hand], *, deck: bool | None = None, viewer: Viewer = ALL) -> str:
    """Many hands as one ``.phhs`` document: each under a table ``[1]``, ``[2]``, ...
    (``deck`` and ``viewer`` as :func:`dumps` takes them: a player's download of the
    hands of a session, ``viewer=`` his seat).

    >>> from splitpot.games import get_game
    >>> hands = [State(get_game("seven-card-stud"), [20, 20], seed=s) for s in (1, 2)]
    >>> len(loads_all(dumps_all(hands)))
    2
    >>> dumps_all(hands, viewer=0).count("_viewer = 0")
    2
    """
    if isinstance(hands, (State, History)) or not isinstance(hands, Iterable):
        raise ArgumentTypeError(f"dumps_all takes an iterable of hands, got {describe(hands)}.")
    return "\n".join(f"[{i}]\n{dumps(hand, deck=deck, viewer=viewer)}" for i, hand in enumerate(hands, 1))


# ------------------------------------------------------------------ reading
@dataclass(slots=True)
class _Line:
    """One action of the file: its index, text and words."""

    index: int
    text: str
    words: list[str] = field(default_factory=list)


class _Source:
    """The document's text, split into lines once (for the places errors name): the
    lines of each table (``[KEY]``) found on the first error that needs them."""

    def __init__(self, text: str | bytes) -> None:
        self.text = text  # decoded (as _document decodes it) only for an error's place
        self._lines: list[str] | None = None
        self._tables: dict[str, int] | None = None

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = as_text(self.text, "PHH", error=HistoryError).splitlines()
        return self._lines

    def table(self, key: str) -> int:
        """The line index of table ``[key]``'s header (0 if none is found)."""
        if self._tables is None:
            header = re.compile(r"^\s*\[\s*(?:'([^']*)'|\"((?:[^\"\\]|\\.)*)\"|([^\]\s]+))\s*\]")
            self._tables = {}
            for i, line in enumerate(self.lines):
                match = header.match(line)
                if match and not line.lstrip().startswith("[["):
                    name = next(g for g in match.groups() if g is not None)
                    self._tables.setdefault(name, i)
        return self._tables.get(key, 0)


_QUOTED_OR_COMMENT = re.compile(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"|#")


class _Place:
    """The place of action ``index`` in an error message, found only when one is written."""

    __slots__ = ("index", "where")

    def __init__(self, where: _Where, index: int) -> None:
        self.where = where
        self.index = index

    def __str__(self) -> str:
        return self.where.action(self.index)


class _Where:
    """Names a place in the document: the hand, the field, the line (worked out only
    when an error names it)."""

    def __init__(self, source: _Source | str | bytes, hand: str | None) -> None:
        self.source = source if isinstance(source, _Source) else _Source(source)
        self.hand = hand

    @property
    def lines(self) -> list[str]:
        return self.source.lines

    @property
    def start(self) -> int:
        return self.source.table(self.hand) if self.hand is not None else 0

    def key_line(self, key: str) -> int | None:
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        lines = self.lines
        start = self.start
        for i in range(start + (1 if self.hand else 0), len(lines)):
            line = lines[i].lstrip()
            next_table = line.startswith("[") and not line.startswith("[[")
            if self.hand is not None and i > start and next_table:
                break
            if pattern.match(lines[i]):
                return i + 1
        return None

    def place(self, index: int) -> _Place:
        """:meth:`action`, worked out when an error message is written."""
        return _Place(self, index)

    def action(self, index: int) -> str:
        """The line of action ``index``: the quoted strings of ``actions`` counted (not
        those of a comment)."""
        first = self.key_line("actions")
        if first is None:
            return f"actions[{index}]"
        seen = 0
        for i in range(first - 1, len(self.lines)):
            text = self.lines[i] if i != first - 1 else self.lines[i].split("=", 1)[1]
            count = 0
            for match in _QUOTED_OR_COMMENT.finditer(text):
                if match.group() == "#":
                    break
                count += 1
            if seen + count > index:
                return f"line {i + 1}, actions[{index}]"
            seen += count
        return f"actions[{index}]"

    def fail(self, where: str | _Place, message: str) -> HistoryError:
        hand = f"hand [{self.hand}], " if self.hand is not None else ""
        return HistoryError(f"{hand}{where}: {message}")


def _parse_cards(text: str, where: str | _Place, error: _Where) -> list[int | None]:
    """PHH card text (``AsKd``, ``????``) as cards; None for an unknown card."""
    if len(text) % 2:
        raise error.fail(where, f"{text!r} is not PHH cards (two characters a card, e.g. AsKd, ?? unknown).")
    out: list[int | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        if token == "??":
            out.append(None)
            continue
        card = _CARD.get(token)  # (standard text; else with the rank and suit read in either case)
        if card is None:
            card = _CARD.get(token[0].upper() + token[1].lower())
        if card is None:
            raise error.fail(where, f"{token!r} is not a card (ranks 2-9 T J Q K A, suits c d h s).")
        out.append(card)
    return out


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], error: _Where,
         *, required: bool = True) -> Any:
    if key not in data:
        if required:
            raise error.fail(key, f"the field is missing (a {data.get('variant', 'PHH')} hand needs it).")
        return None
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        line = error.key_line(key)
        at = f"line {line}, {key}" if line else key
        raise error.fail(at, f"expected {getattr(kind, '__name__', 'a value')}, got {describe(value)}.")
    return value


def _ints(data: Mapping[str, Any], key: str, error: _Where, *, required: bool = True) -> list[int] | None:
    values = _get(data, key, list, error, required=required)
    if values is None:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        line = error.key_line(key)
        raise error.fail(f"line {line}, {key}" if line else key,
                         f"expected whole numbers of chips, got {values!r} (splitpot plays integer chips).")
    return list(values)


def _spec_of(data: Mapping[str, Any], players: int, error: _Where) -> GameSpec:
    variant = _get(data, "variant", str, error)
    name = _GAME_OF_VARIANT.get(variant)
    if name is None and variant.startswith(_PREFIX):
        name = variant[len(_PREFIX) :]
    if name is None or (name not in GAMES and "_spec" not in data):
        known = ", ".join(sorted(_GAME_OF_VARIANT))
        raise error.fail("variant", f"{variant!r} is not a game splitpot reads (PHH variants read: {known}; "
                                    f"splitpot's own: {_PREFIX}<game>).")
    game = data.get("_game", name)
    if game != name:
        raise error.fail("_game", f"{game!r} is not the variant's game {name!r}.")
    if "_spec" in data:
        raw = _get(data, "_spec", str, error)
        try:
            spec = GameSpec.from_dict(json.loads(raw))
        except (ValueError, SplitpotError, TypeError) as err:
            raise error.fail("_spec", f"not a splitpot game spec: {err}") from None
        if spec.name != name:
            raise error.fail("_spec", f"the spec is of {spec.name!r}, not the variant's game {name!r}.")
        _agree_with_spec(data, spec, error)
        return spec
    antes = _ints(data, "antes", error) or []
    if len(set(antes)) > 1 or (antes and len(antes) != players):
        raise error.fail("antes", f"splitpot plays one ante for every player, got {antes}.")
    stakes = dict(ante=antes[0] if antes else 0, small_bet=_get(data, "small_bet", int, error),
                  big_bet=_get(data, "big_bet", int, error))
    bring_in = _get(data, "bring_in", int, error, required=name in STANDARD_VARIANTS)
    if bring_in is not None:
        stakes["bring_in"] = bring_in
    try:
        return GAMES[name](stakes=Stakes(**stakes))
    except (SplitpotError, TypeError) as err:
        raise error.fail("stakes", f"{err}") from None


def _agree_with_spec(data: Mapping[str, Any], spec: GameSpec, error: _Where) -> None:
    """The PHH stakes fields of a file with ``_spec`` say what its spec says (the spec is
    what plays; a field that says otherwise was changed, or belongs to another hand)."""
    stakes = spec.stakes
    antes = _ints(data, "antes", error, required=False)
    if antes is not None and any(a != stakes.ante for a in antes):
        raise error.fail("antes", f"the _spec's ante is {stakes.ante}, not {antes}.")
    for key, value in (("small_bet", stakes.small_bet), ("big_bet", stakes.big_bet),
                       ("bring_in", stakes.bring_in)):
        given = _get(data, key, int, error, required=False)
        if given is not None and given != value:
            raise error.fail(key, f"the _spec's {key} is {value}, not {given}.")
    _ints(data, "blinds_or_straddles", error, required=False)  # the blinds posted: a short stack posts less


def _call_of(data: Mapping[str, Any], spec: GameSpec, error: _Where) -> Call | None:
    """The dealer's call of a dealer's-choice hand (``_call``: ``Call.to_dict()`` as JSON),
    which must deal the game the file plays (its variant and ``_spec``)."""
    if "_call" not in data:
        return None
    from splitpot.dealers_choice import Call

    raw = _get(data, "_call", str, error)
    try:
        call = Call.from_dict(json.loads(raw))
        called = call.spec
    except (ValueError, SplitpotError, TypeError) as err:
        raise error.fail("_call", f"not a dealer's call: {err}") from None
    if called != spec:
        where = "_spec" if "_spec" in data else "the variant and stakes"
        raise error.fail("_call", f"the call ({call.text()}) does not deal the game of {where} "
                                  f"({spec.name}).")
    return call


class _NoChoice(Exception):
    """No card for the hidden upcards (``??``) agrees with who the file says acts first."""

    def __init__(self, street: int, error: HistoryError) -> None:
        super().__init__(str(error))
        self.street = street
        self.error = error


_CHOICES = 6
"""The choices of hidden upcards tried on a street before an earlier street's are changed."""
_REPLAYS = 64
"""The replays of a file with hidden upcards tried before it is refused."""


_CHOSEN_FOR = frozenset(opener for opener, rule in FIRST_TO_ACT.items() if rule.by_upcards)
"""The streets whose first actor the upcards decide: their hidden upcards are chosen to agree."""


class _Reader:
    """Replays one PHH hand on a fresh State.  ``plan`` picks, by street (the index of
    its first deal line), which of the choices of hidden upcards agreeing with the file
    is taken (the first by default)."""

    def __init__(self, data: Mapping[str, Any], error: _Where, plan: Mapping[int, int] | None = None) -> None:
        self.error = error
        self.plan = plan or {}
        self._dealt_so_far: tuple[list[ev.Event], int, dict[int | None, list[int]]] | None = None
        self.visited: list[int] = []  # the streets where hidden upcards were chosen, in order
        self.hidden_up: dict[int, list[int]] = {}  # seat: the action indexes dealing him ?? upcards
        stacks = _ints(data, "starting_stacks", error)
        assert stacks is not None
        if not stacks or min(stacks) <= 0:
            raise error.fail("starting_stacks", f"every player needs a positive stack, got {stacks}.")
        players = len(stacks)
        seats = _ints(data, "seats", error, required=False) or list(range(1, players + 1))
        count = _get(data, "seat_count", int, error, required=False) or max(seats)
        if count > _MOST_SEATS:  # the table is a list of seats: a bound before it is made
            raise error.fail("seat_count" if "seat_count" in data else "seats",
                             f"a table of {count} seats; splitpot reads tables of at most {_MOST_SEATS}.")
        if "seats" in data and len(seats) != players:
            raise error.fail("starting_stacks", f"{players} stacks for the {len(seats)} players of seats "
                                                f"{seats}: one stack and one seat for each player p1..pN.")
        if len(seats) != players or len(set(seats)) != players or min(seats) < 1 or max(seats) > count:
            raise error.fail("seats", f"{seats} are not {players} distinct seats numbered 1 to {count}.")
        self.order = [s - 1 for s in seats]
        first = self.order[0]
        clockwise = sorted(self.order, key=lambda s: (s - first) % count)
        if clockwise != self.order:
            raise error.fail("seats", f"players p1..p{players} sit at seats {seats}, not clockwise from p1.")
        button = _get(data, "_button", int, error, required=False)
        self.button = (first - 1) % count if button is None else button
        self.spec = _spec_of(data, players, error)
        self.call = _call_of(data, self.spec, error)
        table = [0] * count
        for seat, stack in zip(self.order, stacks, strict=True):
            table[seat] = stack
        self.stacks = table
        self._check_trimming(data, stacks)
        self.finishing = _ints(data, "finishing_stacks", error, required=False)
        if self.finishing is not None and len(self.finishing) != players:
            raise error.fail("finishing_stacks", f"{len(self.finishing)} stacks for {players} players "
                                                 f"(starting_stacks has {players}).")
        self.invented: set[int] = set()  # the seats dealt cards the file does not name (??)
        self.undealt: str | None = None  # the street the file stops before dealing (at the end)
        self.actions = [_Line(i, a) for i, a in enumerate(_get(data, "actions", list, error))]
        for line in self.actions:
            if not isinstance(line.text, str):
                raise error.fail(f"actions[{line.index}]",
                                 f"an action is a string, got {describe(line.text)}.")
            line.words = line.text.split("#", 1)[0].split()
        self.decks: list[list[int]] | None = None
        if "_deck" in data:
            later = _get(data, "_decks", list, error, required=False) or []
            decks = [_get(data, "_deck", str, error), *later]
            self.decks = []
            for k, text in enumerate(decks):
                cards = _parse_cards(text, "_deck" if k == 0 else f"_decks[{k - 1}]", error) \
                    if isinstance(text, str) else [None]
                if None in cards:
                    raise error.fail("_decks", "a deck order names every card (no ??).")
                self.decks.append([c for c in cards if c is not None])
        self.queues = {key: self._texts(data, key) for key in ("_declarations", "_turn_ups", "_burns")}
        self.plays_on: bool | None = data.get("_plays_on")
        if self.plays_on is not None and not isinstance(self.plays_on, bool):
            raise error.fail("_plays_on", f"expected true or false, got {describe(self.plays_on)}.")
        self.exposures: dict[int, list[list[str]]] = {}
        for text in self._texts(data, "_exposures"):
            parts = text.split()
            if len(parts) not in (2, 3) or not parts[0].isdigit():
                raise error.fail("_exposures", f"{text!r} is not 'INDEX CARD [keep|refuse]'.")
            self.exposures.setdefault(int(parts[0]), []).append(parts[1:])
        self.exposed_at = set(self.exposures)  # where a replacement may be dealt (see _refuse_early_deal)
        self.announced: dict[int | None, list[tuple[int | None, int]]] = {}  # cards, action index
        self.shown: list[tuple[int, _Line, list[int | None]]] = []
        self.show_cards: dict[str, list[int]] = {}  # each player's cards shown (his last pN sm)
        self.deal_starts: list[int] = []  # the first lines of the deals after one passed out
        self._reveal()
        first_deal = self.actions[: self.deal_starts[0]] if self.deal_starts else self.actions
        self.known = {c for line in first_deal for c in self._known(line)}  # see _new_deal
        for burn in self.queues["_burns"]:  # a burn card is named too: never an unknown card
            self.known.update(c for c in _parse_cards(burn, "_burns", error) if c is not None)

    def _check_trimming(self, data: Mapping[str, Any], stacks: list[int]) -> None:
        """PHH's ``ante_trimming_status`` (default false): whether the part of an ante that
        a player all in from the ante cannot match goes back to its owners, as splitpot
        plays it.  Untrimmed antes stay in the pot, which the engine does not play: a file
        that says false (or, another tool's standard variant, says nothing) is refused where
        that changes the hand, a player starting with less than the ante.  A file that says
        nothing is splitpot's when it has ``_game`` (which :func:`dumps` has always written,
        and ``ante_trimming_status`` only since 2026-12-05): read as trimmed."""
        trimmed = data.get("ante_trimming_status")
        if trimmed is not None and not isinstance(trimmed, bool):
            line = self.error.key_line("ante_trimming_status")
            raise self.error.fail(f"line {line}, ante_trimming_status" if line else "ante_trimming_status",
                                  f"expected true or false, got {describe(trimmed)}.")
        if trimmed is None and (not _standard(self.spec) or "_game" in data):
            return  # splitpot's own variants, and the files splitpot wrote: its antes are trimmed
        ante = self.spec.stakes.ante
        short = [f"p{k + 1}" for k, stack in enumerate(stacks) if stack < ante]
        if trimmed or not short:
            return
        said = "says ante_trimming_status = false" if trimmed is not None else \
            "has no ante_trimming_status (PHH's default: false)"
        raise self.error.fail(
            "ante_trimming_status",
            f"the file {said}: the antes are not trimmed, and {', '.join(short)} "
            f"{'has' if len(short) == 1 else 'have'} less than the ante of {ante}, so the part of the "
            f"other antes nobody matches would stay in the pot; splitpot returns it (as an uncalled "
            f"bet) and cannot replay the hand as written (a file saying "
            f"ante_trimming_status = true can be read).")

    def _reveal(self) -> None:
        """Cards dealt unknown (``??``) are, in the order dealt, the player's
        discards (``pN sd CARDS``) and then the cards he shows later (``pN sm
        CARDS``) that his deal lines do not name (which down card was which
        changes no stud hand (hidden upcards are chosen: :meth:`_choose_upcards`); nor a draw
        game's: the discards and the hand shown are the same).  A draw's unknown
        cards are bound when it is served (:meth:`_draw_by_name`)."""
        deals: dict[str, list[_Line]] = {}
        later: dict[tuple[str, str], list[int | None]] = {}  # (player, sd or sm): cards
        served: dict[str, set[int | None]] = {}  # cards named by the lines after a draw
        previous: list[str] = []
        redeals = self.spec.opening is not None  # a player dealt again: a new deal (a stud street is not)
        for line in self.actions:
            words = line.words
            if len(words) == 4 and words[:2] == ["d", "dh"]:
                if previous[:2] == [words[2], "sd"]:  # a draw's cards: bound when it is served
                    cards = _parse_cards(words[3], self.error.place(line.index), self.error)
                    served.setdefault(words[2], set()).update(cards)
                else:
                    if (redeals and words[2] in deals and previous[:1] != ["d"]
                            and line.index not in self.exposed_at):
                        deals.clear()  # a deal passed out, dealt again: draws and shows are the last one's
                        self.deal_starts.append(line.index)
                    deals.setdefault(words[2], []).append(line)
            elif len(words) == 3 and words[1] in ("sd", "sm") and words[2] != "-":
                cards = _parse_cards(words[2], self.error.place(line.index), self.error)
                later.setdefault((words[0], words[1]), []).extend(cards)
                if words[1] == "sm":
                    self.show_cards[words[0]] = [c for c in cards if c is not None]
            previous = words
        for who, lines in deals.items():
            dealt = [(deal, _parse_cards(deal.words[3], self.error.place(deal.index), self.error))
                     for deal in lines]
            named = {c for _, cards in dealt for c in cards} | served.get(who, set())
            fresh: list[int] = []
            for c in later.get((who, "sd"), []) + later.get((who, "sm"), []):
                if c is not None and c not in named and c not in fresh:
                    fresh.append(c)
            for deal, cards in dealt:
                if fresh and None in cards:
                    filled = [c if c is not None or not fresh else fresh.pop(0) for c in cards]
                    deal.words[3] = "".join("??" if c is None else ev.card_text(c) for c in filled)

    def _texts(self, data: Mapping[str, Any], key: str) -> list[str]:
        values = _get(data, key, list, self.error, required=False) or []
        if not all(isinstance(v, str) for v in values):
            raise self.error.fail(key, f"expected a list of strings, got {values!r}.")
        return list(values)

    def _known(self, line: _Line) -> list[int]:
        """The cards ``line`` names: dealt, discarded or shown."""
        words = line.words
        dealt = (len(words) == 4 and words[:2] == ["d", "dh"]) or (
            len(words) == 3 and words[:2] == ["d", "db"])
        if dealt or (len(words) == 3 and words[1] in ("sd", "sm") and words[2] != "-"):
            cards = _parse_cards(words[-1], self.error.place(line.index), self.error)
            return [c for c in cards if c is not None]
        return []

    def _seat(self, label: str, line: _Line) -> int:
        if not re.fullmatch(r"p[1-9][0-9]*", label) or int(label[1:]) > len(self.order):
            raise self.error.fail(self.error.action(line.index),
                                  f"{label!r} is not a player (p1 to p{len(self.order)}) in {line.text!r}.")
        return self.order[int(label[1:]) - 1]

    def _who(self, seat: int) -> str:
        """A player as the file names him (``p1``..), and his seat in splitpot (0-based, as
        the engine's messages and ``splitpot replay``'s P0, P1, ... count)."""
        label = f"p{self.order.index(seat) + 1}" if seat in self.order else "a seat not dealt in"
        return f"{label} (splitpot's seat {seat})"

    # -- the replay ----------------------------------------------------------
    def run(self) -> History:
        try:
            self.state = State(self.spec, self.stacks, button=self.button, automate=False,
                               game_call=self.call, **({"deck": self.decks} if self.decks else {"seed": 0}))
        except SplitpotError as err:
            raise self.error.fail("starting_stacks", f"the hand cannot be dealt: {err}") from None
        for line in self.actions:
            self._exposures(line.index)
            self._line(line)
        self._exposures(len(self.actions))
        self._settle(at_end=True)
        self._check_end()
        return self.state.history()

    def _fail(self, line: _Line | None, message: str) -> HistoryError:
        where = self.error.action(line.index) if line is not None else "the end of actions"
        text = f" {line.text!r}" if line is not None else ""
        return self.error.fail(f"{where}{text}", message)

    def _line(self, line: _Line) -> None:
        words = line.words
        if not words:
            return  # a commentary
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                seat: int | None = self._seat(words[2], line)
            elif len(words) == 3 and words[1] == "db":
                seat = None
            else:
                raise self._fail(line, "a dealer action is 'd dh pN CARDS' or 'd db CARDS'.")
            cards = _parse_cards(words[-1], self.error.place(line.index), self.error)
            self._refuse_early_deal(line)
            self.announced.setdefault(seat, []).extend((c, line.index) for c in cards)
            return
        seat = self._seat(words[0], line)
        verb, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
        if verb == "sm":
            shown = args and args[0] != "-"
            cards = _parse_cards(args[0], self.error.place(line.index), self.error) if shown else []
            self.shown.append((seat, line, cards))
            return
        self._settle(line=line)
        state = self.state
        if state.actor != seat and not (verb == "sd" and state.actor == seat):
            if state.is_complete:
                raise self._fail(line, f"{self._who(seat)} acts, but the hand is over.")
            to_act = "nobody" if state.actor is None else self._who(state.actor)
            raise self._fail(line, f"{self._who(seat)} acts, but {to_act} is to act "
                                   f"(the hand is in phase {state.phase!s}).")
        try:
            if verb == "f" and not args:
                state.fold()
            elif verb == "cc" and not args:
                state.call() if state.can_call() else state.check()
            elif verb == "pb" and not args:
                state.bring_in()
            elif verb == "cbr" and len(args) == 1:
                self._cbr(line, args[0])
            elif verb == "sd" and len(args) <= 1:
                discards = _parse_cards(args[0], self.error.place(line.index), self.error) if args else []
                if None in discards:
                    raise self._fail(line, "discards must be known cards (a file written from one player's "
                                           "view, another's discards as ??, cannot be replayed).")
                known = [c for c in discards if c is not None]
                after = self.actions[line.index + 1] if line.index + 1 < len(self.actions) else None
                named = self._dealt_next(after, seat) or []
                asked = len(named) if len(named) != len(known) else None  # served as asked: as he is dealt
                if self.decks is None:
                    self._draw_by_name(line, after if named else None, seat, known, asked, named)
                else:
                    state.draw(known, asked=asked)
            else:
                raise self._fail(line, "not a PHH action (pN pb, pN cbr AMOUNT, pN cc, pN f, pN sd [CARDS], "
                                       "pN sm [CARDS], d dh pN CARDS, d db CARDS).")
        except HistoryError:
            raise
        except SplitpotError as err:
            raise self._fail(line, str(err)) from None
        self._check_cards(line)

    def _refuse_early_deal(self, line: _Line) -> None:
        """A street's cards come when its betting round is over: a deal line while a
        player is still to bet (the file lost an action, or moved the deal) is refused,
        where it was held back and the hand replayed as another.  The cards a draw
        serves (and the replacements of cards exposed in it) follow the ``sd`` lines,
        before the next round's first action; a card exposed on the deal is replaced
        where ``_exposures`` says."""
        state = self.state
        if state.phase not in (Phase.BETTING, Phase.BRING_IN) or state.actor is None:
            return
        if line.index in self.exposed_at:  # the replacement of a card the dealer exposed
            return
        index = line.index - 1
        while index >= 0 and self.actions[index].words[:1] == ["d"]:  # the deal lines just before
            index -= 1
        if index >= 0 and self.actions[index].words[1:2] == ["sd"]:
            return
        player = f"p{self.order.index(state.actor) + 1}" if state.actor in self.order else str(state.actor)
        street = state.current_street.name if state.current_street is not None else "the hand"
        raise self._fail(line, f"cards are dealt while {player} is still to act in the betting of {street}.")

    def _cbr(self, line: _Line, amount_text: str) -> None:
        state = self.state
        try:
            amount = int(amount_text)
        except ValueError:
            raise self._fail(line, f"{amount_text!r} is not a whole number of chips.") from None
        if state.can_complete(amount):
            state.complete(amount)
        elif state.can_bring_in() and amount == state.verify_bring_in()[1]:
            state.bring_in()  # all in for no more than the bring-in: another tool's "completion"
        elif state.can_bet(amount):
            state.bet(amount)
        else:
            state.raise_to(amount)  # raises naming what is legal

    def _dealt_next(self, line: _Line | None, seat: int) -> list[int | None] | None:
        """The cards of ``line`` when it deals ``seat`` (``d dh pN CARDS``), else None."""
        if line is None or len(line.words) != 4 or line.words[:2] != ["d", "dh"]:
            return None
        if self._seat(line.words[2], line) != seat:
            return None
        return _parse_cards(line.words[3], self.error.place(line.index), self.error)

    def _draw_by_name(self, line: _Line, dealt: _Line | None, seat: int, discards: list[int],
                      asked: int | None, named: list[int | None]) -> None:
        """A draw served the cards the file names (the next line, ``d dh pN CARDS``),
        and, after the last player's draw, the cards owed for exposed ones (the
        ``d dh`` lines that follow)."""
        state = self.state
        state.verify_draw(discards, asked=asked)  # an illegal draw names the draw's own line
        if None in named:  # unknown cards: those he shows later and does not keep, if he shows
            kept = [c for c in state.cards(seat) if c not in discards]
            label = f"p{self.order.index(seat) + 1}"
            fresh = [c for c in self.show_cards.get(label, []) if c not in kept and c not in named]
            named = [c if c is not None or not fresh else fresh.pop(0) for c in named]
        serves: list[tuple[list[int | None], list[int]]] = [(named, discards)]
        last = state._paying is None and all(s == seat or s in state.drawn for s in state.active)
        if last and state._owed:
            later: dict[int, list[int | None]] = {}
            for after in self.actions[line.index + (2 if dealt else 1):]:
                if len(after.words) != 4 or after.words[:2] != ["d", "dh"]:
                    break
                who = self._seat(after.words[2], after)
                later.setdefault(who, []).extend(self._dealt_next(after, who) or [])
            for owed in [s for s in state._order if state._owed.get(s)]:
                cards = later.get(owed, [])[: state._owed[owed]]
                serves.append((cards + [None] * (state._owed[owed] - len(cards)), []))
        self._serve_by_name(dealt or line, serves)
        state.draw(discards, asked=asked)

    def _serve_by_name(self, line: _Line | None, serves: list[tuple[list[int | None], list[int]]]) -> None:
        """Stack the stub so that its next serves give these cards (``None``: a card
        the file never names, if one is left)."""
        from splitpot.engine import dealing

        try:
            plan = dealing.plan_serves(self.state, serves, spare=self.known)
        except SplitpotError as err:
            raise self._fail(line, str(err)) from None
        self.known.update(c for cards in plan.served for c in cards)
        dealing.stack(self.state, plan)

    def _exposures(self, index: int) -> None:
        from splitpot.engine.draws import Ruling

        for card, *decision in self.exposures.pop(index, []):
            self._settle()
            try:
                seat, value, ruling = self.state.verify_expose(card)
                after = self.actions[index] if index < len(self.actions) else None
                replacement = (self._dealt_next(after, seat) or [None])[:1]
                by_name = self.decks is None
                if by_name and ruling is Ruling.DEAD and self.state.phase is not Phase.DRAWING:
                    self._serve_by_name(after, [([], [value]), (replacement, [])])
                self.state.expose(card)
                if decision == ["keep"]:
                    self.state.keep_exposed()
                elif decision == ["refuse"]:
                    if by_name:
                        self._serve_by_name(after, [(replacement, [])])
                    self.state.refuse_exposed()
                elif decision:
                    raise self.error.fail("_exposures", f"{decision[0]!r} is not keep or refuse.")
            except SplitpotError as err:
                if isinstance(err, HistoryError):
                    raise
                raise self.error.fail("_exposures", f"{index} {card}: {err}") from None

    def _pending(self, seat: int | None) -> list[tuple[int | None, int]]:
        """Cards announced for ``seat`` (None: the board) and not yet dealt."""
        dealt = self._dealt().get(seat, [])
        return self.announced.get(seat, [])[len(dealt) :]

    def _dealt(self) -> dict[int | None, list[int]]:
        """The cards dealt so far to each seat (None: the board), in order; the caller
        only reads it.  Kept from one call to the next, the events logged since read
        (the reader asks at every line, and the log only grows: the engine rewrites
        only a re-deal's event in place); a new state, or a log that is shorter, is
        read from its start."""
        events = self.state.events
        known = self._dealt_so_far
        if known is None or known[0] is not events or known[1] > len(events):
            known = self._dealt_so_far = (events, 0, {})
        _, start, out = known
        for event in events[start:]:
            if type(event) is ev.CardsDealt:
                out.setdefault(event.seat, []).extend(event.cards)
            elif type(event) is ev.Drew:
                out.setdefault(event.seat, []).extend(event.received)
        self._dealt_so_far = (events, len(events), out)
        return out

    def _settle(self, *, line: _Line | None = None, at_end: bool = False) -> None:
        """Run the dealer steps (and the declarations and turn-ups the file lists)
        until a player must act; at the end, only as far as the file goes."""
        state = self.state
        for _ in range(1000):
            phase = state.phase
            try:
                if phase is Phase.DEALING:
                    if not self._deal(at_end=at_end, line=line):
                        return
                elif phase in (Phase.FORCED_BETS, Phase.SHOWDOWN, Phase.PASSED_OUT):
                    more = any(self._pending(s) for s in self.announced)
                    if at_end and phase is Phase.PASSED_OUT and not more and not self._plays_on():
                        return
                    redeals = self._redeals()
                    state.advance()
                    if self._redeals() > redeals:
                        self._new_deal(line)
                elif phase is Phase.DECLARING and self.queues["_declarations"]:
                    who, choice = self._choice("_declarations")
                    state.declare(choice, seat=who)
                elif phase is Phase.TURNING_UP and self.queues["_turn_ups"]:
                    who, text = self._choice("_turn_ups")
                    cards = [] if text == "-" else _parse_cards(text, "_turn_ups", self.error)
                    state.turn_up([c for c in cards if c is not None], seat=who)
                else:
                    return
            except HistoryError:
                raise
            except SplitpotError as err:
                raise self._fail(line, f"the dealer cannot go on: {err}") from None
            self._check_cards(line)
        raise self._fail(line, "the hand does not move on.")  # pragma: no cover - defensive

    def _redeals(self) -> int:
        return sum(1 for e in self.state.events if type(e) is ev.Redealt)

    def _new_deal(self, line: _Line | None) -> None:
        """The deal passed out is dealt again: its cards are back in the deck, so the
        cards an unknown card (``??``) may be are those the new deal does not name (its
        lines read and not yet dealt, and those after, up to the next deal's)."""
        pending = [index for seat in self.announced for _, index in self._pending(seat)]
        start = min(pending) if pending else (line.index if line is not None else len(self.actions))
        end = min((d for d in self.deal_starts if d > start), default=len(self.actions))
        self.known = {c for later in self.actions[start:end] for c in self._known(later)}
        for burn in self.queues["_burns"]:
            self.known.update(c for c in _parse_cards(burn, "_burns", self.error) if c is not None)

    def _plays_on(self) -> bool:
        """Whether the deal passed out is played on as another game with the same
        cards (jacks back: as lowball).  The step deals nothing and PHH has no line
        for it: a file that ends right after nobody opened took it, as the
        hand's dealer does at once, unless the file says ``_plays_on = false`` (a
        dealer driven by hand who stopped before it); a passed-out deal dealt
        again has its new cards."""
        if self.plays_on is not None:
            return self.plays_on
        opening = self.state.spec.opening
        return opening is not None and opening.then is not None

    def _choice(self, key: str) -> tuple[int, str]:
        text = self.queues[key].pop(0)
        parts = text.split()
        if len(parts) != 2:
            raise self.error.fail(key, f"{text!r} is not 'pN CHOICE'.")
        return self._seat(parts[0], _Line(-1, text)), parts[1]

    def _deal(self, *, at_end: bool, line: _Line | None) -> bool:
        """One street's deal; False when the file has no cards for it (at the end)."""
        state = self.state
        street = state.spec.streets[state.street]
        per = street.cards_per_player
        receivers = state.active
        due = {s: self._pending(s) for s in receivers}
        have_cards = any(due.values()) or bool(self._pending(None))
        if state._silent_step():  # the turn-ups come first: a step that logs nothing, at the end too
            state.advance()
            return True
        if at_end and per and not have_cards:  # no cards are invented for a street the file never deals
            self.undealt = street.name
            return False
        if self.decks is not None:
            state.advance()  # the deck is known (the file's cards checked after)
            return True
        burn = None
        if street.burn and self.queues["_burns"]:
            burn = self.queues["_burns"].pop(0)
        named: dict[int | None, list[int]] = {}
        left = state.cards_left - int(street.burn)
        community = street.community_fallback and per and left < per * len(receivers)
        if community:
            board = self._pending(None)[:1]
            if board:
                named[None] = self._fill([c for c, _ in board], self.actions[board[0][1]])
        else:
            mines: dict[int, list[tuple[int | None, int]]] = {}
            for seat in receivers:
                mine = due[seat][:per]
                if mine:
                    if len(mine) < per:
                        raise self._fail(line, f"{self._who(seat)} is dealt {len(mine)} of the {per} "
                                               f"cards of {street.name}.")
                    mines[seat] = mine
            chosen = self._choose_upcards(street, mines)
            for seat, mine in mines.items():
                cards = [chosen[seat][k - street.down] if seat in chosen and k >= street.down else c
                         for k, (c, _) in enumerate(mine)]
                named[seat] = self._fill(cards, self.actions[mine[0][1]])
        stub, seen = set(state._deck[state._next :]), set()
        for who in named:
            for card, index in (self._pending(who)[:1] if who is None else due[who][:per]):
                if card is not None and (card in seen or card not in stub):
                    raise self.error.fail(f"{self.error.action(index)} {self.actions[index].text!r}",
                                          f"{ev.card_text(card)} is dealt twice (it is already out).")
                seen.add(card)
        where = line
        firsts = [i for s in named for _, i in self._pending(s)[:1]]
        if firsts:
            where = self.actions[min(firsts)]
        try:
            state.deal_street(named, burn=burn)
        except SplitpotError as err:
            raise self._fail(where, f"these cards cannot be dealt: {err}") from None
        return True

    def _choose_upcards(self, street: Street, mines: dict[int, list[tuple[int | None, int]]],
                        ) -> dict[int, tuple[int, ...]]:
        """The cards of the upcards written ``??`` on this street, chosen so that the
        player the file has act first does: the bring-in is the lowest upcard, a later
        street's first bet the best hand showing.  Hidden upcards are not dealt from
        the stub's order, as hidden down cards are (which down card is which changes
        no stud hand, which upcard is which does).  Among the choices that agree, a
        player who acts first on a later street gets high cards, another low ones; a
        later street no choice satisfies tries the next choice here (see :func:`_read`).
        Files with every upcard named take none of this."""
        state = self.state
        hidden = {seat: len(mine) - street.down for seat, mine in mines.items()
                  if any(c is None for c, _ in mine[street.down :])}
        for seat in hidden:
            self.hidden_up.setdefault(seat, []).append(mines[seat][street.down][1])
        active = list(state._active)
        opener = street.opener
        if (not self.hidden_up.keys() & set(active) or opener not in _CHOSEN_FOR
                or state._face_down or set(mines) != set(state.active) or street.up != 1):
            return {}  # (a street of several upcards, a spec's own: dealt in order, a named card kept)
        actors = state._actors()
        last = max(i for mine in mines.values() for _, i in mine)
        first = min(i for mine in mines.values() for _, i in mine)
        logged, at = self._first_actor(last)
        starts = street.bet and len(active) >= 2 and len(actors) >= 2
        target = logged if starts and logged in actors else None
        up: dict[int, list[int | None]] = {s: [*state.up[s], *(c for c, _ in mines[s][street.down :])]
                                           for s in active}
        pool = [c for c in state._deck[state._next :] if c not in self.known]
        index = self.plan.get(first, 0)
        choices = list(itertools.islice(self._upcard_choices(street, up, hidden, pool, actors, target, last),
                                        index + 1))
        self.visited.append(first)
        if len(choices) <= index:
            where = self.actions[at] if at is not None else None
            raise _NoChoice(first, self._fail(where, self._no_choice(street, logged, active)))
        chosen = choices[index]
        for seat, cards in chosen.items():
            self.known.update(cards)
            self.invented.add(seat)
        return chosen

    def _no_choice(self, street: Street, logged: int | None, active: list[int]) -> str:
        """Why no hidden upcards agree with the file: who acts, the rule, the ``??`` upcards."""
        label = f"p{self.order.index(logged) + 1}" if logged is not None else "nobody"
        seats = sorted((s for s in self.hidden_up if s in active), key=lambda s: self.hidden_up[s][0])
        which = "; ".join(f"p{self.order.index(s) + 1}'s in actions[{', '.join(map(str, self.hidden_up[s]))}]"
                          for s in seats)
        rule = FIRST_TO_ACT[street.opener].rule  # (a street in _CHOSEN_FOR: the upcards decide)
        return (f"{label} acts first on {street.name}, but no cards for the hidden upcards (??) let him: "
                f"{rule}; the hidden upcards are {which}, dealt from the cards the file never names.")

    def _first_actor(self, last: int) -> tuple[int | None, int | None]:
        """The seat of the first player action after action ``last`` (a deal line), and its index."""
        for line in self.actions[last + 1 :]:
            words = line.words
            if not words or words[0] == "d" or words[1:2] == ["sm"]:
                continue
            label = words[0]
            if re.fullmatch(r"p[1-9][0-9]*", label) and int(label[1:]) <= len(self.order):
                return self.order[int(label[1:]) - 1], line.index
            return None, line.index
        return None, None

    def _leads_after(self, last: int) -> set[int]:
        """The seats the file has act first on a street dealt after action ``last``."""
        out: set[int] = set()
        for line in self.actions[last + 1 :]:
            if line.words[:2] == ["d", "dh"]:
                seat, _ = self._first_actor(line.index)
                if seat is not None:
                    out.add(seat)
        return out

    def _upcard_choices(self, street: Street, up: dict[int, list[int | None]], hidden: dict[int, int],
                        pool: list[int], actors: list[int], target: int | None,
                        last: int) -> Iterator[dict[int, tuple[int, ...]]]:
        """The choices of cards for the hidden upcards (``hidden``: seat, how many this
        street) that make ``target`` act first (None: any), the likeliest first."""
        state = self.state
        rule = FIRST_TO_ACT[street.opener]
        by_card = rule.card is not None  # one upcard decides: lowest or highest; else the hand showing
        lowest = rule.card == "lowest"
        spec = state.spec
        key = natural_showing_key if rule.key is None else rule.key(spec.wilds, spec.natural_upcards)
        ring = state._rings[state.button % state.seats + 1]
        position = {s: ring.index(s) for s in up}
        by_rank: dict[int, list[int]] = {}
        for card in sorted(pool):
            by_rank.setdefault(card >> 2, []).append(card)
        reps = sorted({c for cards in by_rank.values() for c in (cards[0], cards[-1])})
        leads = self._leads_after(last)

        def board(seat: int, cards: tuple[int, ...]) -> list[int]:
            known = [c for c in up[seat] if c is not None]
            return known + list(cards)

        def value(seat: int, cards: tuple[int, ...]) -> tuple[int, ...]:
            return (board(seat, cards)[-1],) if by_card else key(board(seat, cards))

        def options(seat: int, high: bool) -> list[tuple[int, ...]]:
            k = hidden[seat]
            combos = list(itertools.islice(itertools.permutations(reps, k), 400))
            return sorted(combos, key=lambda cards: value(seat, cards), reverse=high)

        def first_acts(boards: dict[int, list[int]]) -> int | None:  # as State._start_round finds him
            if by_card:
                return rule.card_seat({s: boards[s] for s in actors})
            best = best_showing_seat(boards, state.button, state.seats, key)
            return next(s for s in state._rings[best] if s in actors)

        def beaten(seat: int, mine: tuple[int, ...], top: int, theirs: tuple[int, ...]) -> bool:
            if by_card:
                a, b = value(seat, mine), value(top, theirs)
                return seat not in actors or (a > b if lowest else a < b)
            a, b = value(seat, mine), value(top, theirs)
            return a < b or (a == b and position[seat] > position[top])

        if target is None:
            tops: list[int | None] = [None]
        elif by_card:
            tops = [target]
        else:
            tops = [s for s in up if next(t for t in state._rings[s] if t in actors) == target]
            tops.sort(key=lambda s: s != target)
        seen: set[tuple[tuple[int, tuple[int, ...]], ...]] = set()
        modes: list[Callable[[int], bool]] = [leads.__contains__, lambda seat: False, lambda seat: True]
        for top in tops:
            for top_cards in options(top, False) if top in hidden else [()]:
                for high in modes:
                    chosen = {top: top_cards} if top is not None and top in hidden else {}
                    used = set(top_cards)
                    for seat in hidden:
                        if seat == top:
                            continue
                        pick = next((cards for cards in options(seat, high(seat)) if not used & set(cards)
                                     and (top is None or beaten(seat, cards, top, top_cards))), None)
                        if pick is None:
                            break
                        chosen[seat] = pick
                        used.update(pick)
                    else:
                        boards = {s: board(s, chosen.get(s, ())) for s in up}
                        if target is not None and first_acts(boards) != target:
                            continue
                        label = tuple(sorted(chosen.items()))
                        if label not in seen:
                            seen.add(label)
                            yield chosen

    def _fill(self, cards: list[int | None], line: _Line) -> list[int]:
        """Unknown cards (``??``) dealt from the cards the file never names."""
        if None not in cards:
            return [c for c in cards if c is not None]
        stub = [c for c in self.state._deck[self.state._next :] if c not in self.known]
        out = []
        for card in cards:
            if card is None:
                if not stub:
                    raise self._fail(line, "no card is left for an unknown card (??): the file names every "
                                           "card the deck holds elsewhere.")
                card = stub.pop(0)
                self.known.add(card)
                if line.words[:2] == ["d", "dh"]:
                    self.invented.add(self._seat(line.words[2], line))
            out.append(card)
        return out

    def _check_cards(self, line: _Line | None) -> None:
        """The cards the hand has dealt agree with those the file announces."""
        for seat, dealt in self._dealt().items():
            announced = self.announced.get(seat, [])
            for k, (card, index) in enumerate(announced[: len(dealt)]):
                if card is not None and card != dealt[k]:
                    whom = "the board" if seat is None else self._who(seat)
                    raise self.error.fail(
                        f"{self.error.action(index)} {self.actions[index].text!r}",
                        f"{whom} is dealt {ev.card_text(dealt[k])} here, not {ev.card_text(card)}.",
                    )

    def _check_end(self) -> None:
        state = self.state
        self._check_cards(None)
        for seat in self.announced:
            left = self._pending(seat)
            if left:
                _, index = left[0]
                whom = "the board" if seat is None else self._who(seat)
                raise self.error.fail(f"{self.error.action(index)} {self.actions[index].text!r}",
                                      f"the hand never deals {whom} these cards.")
        if self.decks is not None:  # the deck order burned them: the same cards?
            burned = [ev.card_text(e.card) for e in state.events if type(e) is ev.CardBurned]
            if self.queues["_burns"] and self.queues["_burns"] != burned:
                raise self.error.fail("_burns", f"{self.queues['_burns']} are not the cards the deck burns "
                                                f"({burned}).")
            self.queues["_burns"] = []
        for key, left_over in self.queues.items():
            if left_over:
                raise self.error.fail(key, f"{left_over[0]!r} is never used: the hand has no such step.")
        if self.exposures:
            raise self.error.fail("_exposures", f"action index {min(self.exposures)} is past the hand.")
        showdown = {e.seat for e in state.events if type(e) is ev.CardsShown}
        for seat, line, cards in self.shown:
            if all(c is None for c in cards) and seat in self.invented and seat in showdown:
                # (pN sm, pN sm - or pN sm ????..: no card shown; a muck either way)
                raise self._fail(line, f"{self._who(seat)} mucks at the showdown "
                                       f"holding cards the file does not name (??): splitpot's showdown "
                                       f"is cards speak, so who wins depends on the unknown cards, and a "
                                       f"muck that forfeits the pot is not played; name his cards (pN sm "
                                       f"CARDS) to read the hand.")
            held = state.cards(seat)
            wrong = [ev.card_text(c) for c in cards if c is not None and c not in held]
            if wrong:
                raise self._fail(line, f"{self._who(seat)} does not hold {' '.join(wrong)}.")
        if self.finishing is not None:
            got = [state.stacks[s] for s in self.order]
            if not state.is_complete:
                why = f"no cards for {self.undealt}" if self.undealt else f"phase {state.phase!s}"
                raise self.error.fail("finishing_stacks", f"the actions stop before the hand ends ({why}).")
            if got != self.finishing:
                raise self.error.fail("finishing_stacks", f"{self.finishing} does not add up: the hand "
                                                          f"gives {got}.")


def _document(text: object) -> dict[str, Any]:
    try:  # (read as every file is: UTF-8, or UTF-16 or UTF-32 with a byte order mark)
        text = as_text(text, "PHH", error=HistoryError)
    except HistoryError as err:
        raise HistoryError(f"not PHH: {err}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise HistoryError(f"not PHH (TOML): {_toml_where(str(err), text)}.") from None
    _refuse_big_ints(data)
    return data


def _toml_where(message: str, text: str) -> str:
    """The TOML reader's message with the line named: it says ``(at line 3, column 7)``
    mostly, but only ``(at end of document)`` for a file cut short (an unterminated
    string or table): that is its last line.

    >>> _toml_where("Unterminated string (at end of document)", 'a = 1\\nb = "x')
    'Unterminated string (at end of document, line 2)'
    >>> _toml_where("Invalid value (at line 1, column 5)", "a = ?")
    'Invalid value (at line 1, column 5)'
    """
    last = max(1, len(text.splitlines()))
    return message.replace("(at end of document)", f"(at end of document, line {last})")


def _refuse_big_ints(value: object) -> None:
    """TOML's integers are 64-bit (Python's reader takes any): a larger one is no PHH,
    as :func:`dumps` refuses to write one.

    >>> _refuse_big_ints({"starting_stacks": [2**64, 5]})
    Traceback (most recent call last):
    ...
    splitpot.errors.HistoryError: not PHH (TOML): 18446744073709551616 is beyond TOML's 64-bit integers.
    """
    if isinstance(value, int) and not -_TOML_INT - 1 <= value <= _TOML_INT:
        raise HistoryError(f"not PHH (TOML): {value} is beyond TOML's 64-bit integers.")
    if isinstance(value, dict):
        for item in value.values():
            _refuse_big_ints(item)
    elif isinstance(value, list):
        for item in value:
            _refuse_big_ints(item)


def loads(text: str | bytes, *, view: bool = False) -> History:
    """One PHH hand as a verified :class:`~splitpot.engine.history.History`:
    the hand is replayed as it goes, and an action illegal at its point, a card
    dealt twice or to the wrong seat, or stacks that do not add up raise
    :class:`~splitpot.errors.HistoryError` naming the line; nothing is returned
    half-built.

    A seat's view (:func:`dumps` with ``viewer``: a file with ``_viewer``) is no
    record: it is refused unless ``view`` is true.  Then it is read as a view:
    the cards he did not see are made up to read it, and the History holds his
    seat as its ``viewer`` (None: a spectator), so it writes only his view
    (``to_dict()`` with ``"viewer"``, :func:`dumps` with ``_viewer``) and does
    not replay.

    >>> loads('variant = "F7S"')
    Traceback (most recent call last):
    ...
    splitpot.errors.HistoryError: starting_stacks: the field is missing (a F7S hand needs it).
    >>> from splitpot.games import get_game
    >>> stud = State(get_game("seven-card-stud"), [40, 40], seed=4)
    >>> mine = dumps(stud, viewer=0)
    >>> loads(mine)
    Traceback (most recent call last):
    ...
    splitpot.errors.HistoryError: _viewer: this is seat 0's view of a hand, not a record: the cards he did \
not see are not in it, so it cannot be read as the hand's record (loads(text, view=True): as his view).
    >>> seen = loads(mine, view=True)
    >>> seen.viewer, dumps(seen) == mine, seen.to_dict()["viewer"]
    (0, True, 0)
    """
    view = as_bool(view, "view")
    data = _document(text)
    if "actions" not in data and "variant" not in data and data and all(isinstance(v, Mapping)
                                                                        for v in data.values()):
        first = next(iter(data))
        if len(data) == 1:  # (a .phh under one table header: a stray [meta] above its fields)
            raise HistoryError(f"the document's fields are all under one table, [{first}], as a .phhs "
                               f"document holds its hands: read it with loads_all or iter_loads, or "
                               f"drop the [{first}] header of a single hand.")
        raise HistoryError(f"this is a .phhs document ({len(data)} hands as tables [{first}], ...): read it "
                           "with loads_all or iter_loads.")
    return _read(data, _Where(_Source(text), None), view=view)


def _read(data: Mapping[str, Any], where: _Where, *, view: bool) -> History:
    """The hand, a view (``_viewer``) only with ``view`` (marked as the seat's view)."""
    if "_viewer" not in data:
        return _replayed(data, where)
    seat = data["_viewer"]
    if type(seat) is not int and seat != "spectator":
        raise where.fail("_viewer", f"a seat's view names his 0-based seat or \"spectator\", got "
                                    f"{describe(seat)}.")
    whose = "a spectator's" if seat == "spectator" else f"seat {seat}'s"
    if not view:
        raise where.fail("_viewer", f"this is {whose} view of a hand, not a record: the cards he did not "
                                    "see are not in it, so it cannot be read as the hand's record "
                                    "(loads(text, view=True): as his view).")
    history = _replayed(data, where)
    if seat != "spectator" and not 0 <= seat < len(history.stacks):
        raise where.fail("_viewer", f"seat {seat} is not a seat of the hand's table (0 to "
                                    f"{len(history.stacks) - 1}).")
    return dataclasses.replace(history, viewer=None if seat == "spectator" else seat)


def _replayed(data: Mapping[str, Any], where: _Where) -> History:
    """Replay the hand.  Where upcards are written ``??``, each street takes the first
    choice of them that lets the file's first actor act first; when a later street has
    none, the latest earlier street with hidden upcards takes its next choice (a bounded
    search: at most ``_CHOICES`` a street, ``_REPLAYS`` replays)."""
    plan: dict[int, int] = {}
    first: HistoryError | None = None
    for _ in range(_REPLAYS):
        reader = _Reader(data, where, plan)
        try:
            return reader.run()
        except _NoChoice as no:
            first = first or no.error
            earlier = sorted({s for s in reader.visited if s < no.street})
            while earlier:
                street = earlier.pop()
                plan = {s: k for s, k in plan.items() if s < street} | {street: plan.get(street, 0) + 1}
                if plan[street] < _CHOICES:
                    break
            else:
                raise first from None
    assert first is not None
    raise first


def loads_all(text: str | bytes, *, view: bool = False) -> list[History]:
    """Every hand of a ``.phhs`` document (tables ``[1]``, ``[2]``, ...), or the
    one hand of a ``.phh`` document, in order (see :func:`loads`; ``view`` too); the
    first bad hand raises, and nothing is returned (:func:`iter_loads` gives each
    hand as it is read).

    >>> loads_all("")
    []
    """
    return list(iter_loads(text, view=view))


def iter_loads(text: str | bytes, *, view: bool = False) -> Hands:
    """The hands of :func:`loads_all`, each as soon as it is replayed: a long ``.phhs``
    document's first hands come before its last are read.  The document is parsed
    (TOML) and its shape checked first; a bad hand raises
    :class:`~splitpot.errors.HistoryError` when it is reached, after the hands
    before it were given.  The iterator (:class:`Hands`) is not spent by the error:
    the next ``next()`` reads the hand after the bad one, so a caller may skip bad
    hands (a ``for`` loop stops at the error; :func:`loads_all` raises it).

    >>> from splitpot.games import get_game
    >>> hands = iter_loads(dumps_all(State(get_game("lowball"), [20, 30], seed=s) for s in (1, 2)))
    >>> hands.count, [hand.stacks for hand in hands]
    (2, [(20, 30), (20, 30)])
    >>> good = dumps(State(get_game("lowball"), [20, 30], seed=1))
    >>> bad = good.replace('"d dh p1 ', '"d dh p9 ', 1)
    >>> hands = iter_loads("".join(f"[{k}]\\n{t}\\n" for k, t in enumerate([good, bad, good], 1)))
    >>> read = []
    >>> for _ in range(hands.count):
    ...     try:
    ...         read.append(next(hands).stacks)
    ...     except HistoryError as err:
    ...         read.append(str(err)[:35])
    >>> read
    [(20, 30), "hand [2], line 19, actions[0]: 'p9'", (20, 30)]
    """
    view = as_bool(view, "view")
    data = _document(text)
    return Hands(data, _Source(text), view=view)


class Hands(Iterator[History]):
    """The hands of a PHH or ``.phhs`` document (:func:`iter_loads`), replayed one at a
    time as they are iterated; what the document says of them before any is replayed:
    ``count``, ``games`` (each hand's game name, by its variant), ``calls`` (whether
    each is a dealer's-choice hand, with ``_call``) and ``chained``.  A hand that
    raises is passed: the next one is read on the next ``next()``.  A seat's view
    (``_viewer``) raises unless ``view`` (see :func:`loads`)."""

    def __init__(self, data: Mapping[str, Any], source: _Source, *, view: bool = False) -> None:
        if "actions" in data or "variant" in data:
            self.records: list[tuple[str | None, Mapping[str, Any]]] = [(None, data)]
        else:
            for key, hand in data.items():
                if not isinstance(hand, Mapping):
                    raise HistoryError(f"[{key}]: a .phhs document holds hands as tables, got "
                                       f"{describe(hand)}.")
            self.records = list(data.items())
        self.count = len(self.records)
        self.games = [_game_name(record) for _, record in self.records]
        self.calls = [isinstance(record.get("_call"), str) for _, record in self.records]
        self._source = source
        self._view = view
        self._next = 0

    @property
    def chained(self) -> bool | None:
        """Whether each hand starts at the table (``seats``, ``seat_count``) with the
        stacks the one before finished with (its ``finishing_stacks``); None when a hand
        before the last does not say how it finished (only a replay can tell)."""
        tables = [_table(record) for _, record in self.records]
        if any(t is None for t in tables) or any(t[1] is None for t in tables[:-1]):  # type: ignore[index]
            return None
        return all(before[1] == after[0] for before, after in itertools.pairwise(tables))  # type: ignore[index]

    def __next__(self) -> History:
        if self._next >= self.count:
            raise StopIteration
        key, record = self.records[self._next]
        self._next += 1
        return _read(record, _Where(self._source, key), view=self._view)


def _game_name(record: Mapping[str, Any]) -> str | None:
    """The game a hand's variant names (None: not one splitpot reads)."""
    variant = record.get("variant")
    if not isinstance(variant, str):
        return None
    return _GAME_OF_VARIANT.get(variant) or (variant[len(_PREFIX) :] if variant.startswith(_PREFIX) else None)


def _table(record: Mapping[str, Any]) -> tuple[list[int], list[int] | None] | None:
    """A hand's stacks at the table, at the start and (``finishing_stacks``) at the end,
    as the reader seats them; None for fields it would refuse."""
    def ints(key: str) -> list[int] | None:
        value = record.get(key)
        ok = isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        return list(value) if ok else None  # type: ignore[arg-type]

    start, end = ints("starting_stacks"), ints("finishing_stacks")
    seats = ints("seats") if "seats" in record else list(range(1, len(start or []) + 1))
    count = record.get("seat_count", max(seats or [0]))
    if (start is None or seats is None or len(seats) != len(start) or type(count) is not int
            or not 0 < count <= _MOST_SEATS or not all(0 < s <= count for s in seats)
            or (end is not None and len(end) != len(start))
            or ("finishing_stacks" in record and end is None)):
        return None

    def lay(stacks: list[int]) -> list[int]:
        table = [0] * count
        for seat, stack in zip(seats, stacks, strict=True):
            table[seat - 1] = stack
        return table

    return lay(start), (lay(end) if end is not None else None)
