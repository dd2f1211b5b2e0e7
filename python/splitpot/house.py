"""House lists: the calls a card room allows in dealer's choice, written once
as a TOML file, and the computer dealer that picks from them.

A house list is a ``[house]`` table (its ``name`` and the house's ``stakes``,
both optional; the house's stakes are laid under each call's own ``stakes``, in
every game that takes stakes, ``bring_in`` only in a game with a bring-in) and
one ``[[call]]`` table per call:
``game`` (a name of :data:`~splitpot.games.GAMES`),
``weight`` (how often the computer dealer picks it, relative to the others;
a number > 0, default 1), ``stakes`` (optional: a table of
:class:`~splitpot.engine.spec.Stakes` fields; the game's own stakes
otherwise), and any option the game takes, as
:func:`~splitpot.games.get_game`'s keyword (``wild = "2"``, ``positional =
"lowest_hole_card"``, ``penalty = ["Qs"]``, ``low = "ace-to-six"``, ...).
Every call is checked when the file is read; an error names the file and the
line (:class:`~splitpot.errors.HouseListError`).  The package ships an example,
:func:`example_house`, that uses every game and every kind of option.

>>> house = HouseList.from_toml('''
... [house]
... name = "Thursday night"
...
... [[call]]
... game = "five-card-stud-last-down"
... weight = 3
... wild = "2"
... ''', source="thursday.toml")
>>> house.name, [entry.call.text() for entry in house.entries]
('Thursday night', ['five-card stud, last card down, deuces wild'])
>>> HouseList.from_toml('[[call]]\\ngame = "texas"', source="bad.toml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
splitpot.errors.HouseListError: bad.toml:2: call 1 (texas): Unknown game 'texas'; known games: ...
"""

from __future__ import annotations

import hashlib
import random
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from splitpot.dealers_choice import Call, Deal, DealersChoice, NoCallError
from splitpot.engine.session import rng_data, rng_state
from splitpot.errors import ArgumentTypeError, HistoryError, HouseListError, RuleError, SplitpotError
from splitpot.games import GAME_OPTIONS, GAMES, get_game
from splitpot.validate import as_float, as_int, as_optional_int, as_text, describe

__all__ = ["HouseDealer", "HouseEntry", "HouseList", "example_house", "house_dealer",
    "house_session", "load_house"]

_CALL_KEYS = frozenset({"game", "weight", "stakes"})  # the rest of a [[call]] table are options
_TOP_KEYS = frozenset({"house", "call"})
_HEADER = re.compile(r"^\s*\[\[\s*call\s*\]\]")
_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseEntry:
    """One call of a house list, its ``weight`` and the ``line`` it starts on (None: not from a file)."""

    call: Call
    weight: float = 1.0
    line: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.call, Call):
            raise ArgumentTypeError(f"HouseEntry: call must be a Call, got {describe(self.call)}.")
        object.__setattr__(self, "weight", _weight(self.weight, "HouseEntry: weight"))
        object.__setattr__(self, "line", as_optional_int(self.line, "HouseEntry: line"))


def _weight(value: object, name: str) -> float:
    weight = as_float(value, name)
    if weight <= 0:
        raise RuleError(f"{name} must be a number > 0 (how often, relative to the other calls; leave a "
                        f"call out of the house list never to call it), got {value!r}.")
    return weight


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseList:
    """The calls a house allows, with their weights; ``name`` and ``source`` (the
    file it was read from) are for messages and summaries.

    >>> HouseList(entries=())
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: HouseList: no calls; a house list needs at least one [[call]].
    """

    entries: tuple[HouseEntry, ...]
    name: str = ""
    source: str = ""
    stakes: tuple[tuple[str, int], ...] = ()
    """The ``[house]`` stakes (as ``(field, chips)`` pairs), already laid into the
    entries' calls; kept to write the list out again."""

    def __post_init__(self) -> None:
        entries = tuple(self.entries)
        for entry in entries:
            if not isinstance(entry, HouseEntry):
                raise ArgumentTypeError(f"HouseList: entries must be HouseEntry objects, "
                                        f"got {describe(entry)}.")
        if not entries:
            raise RuleError("HouseList: no calls; a house list needs at least one [[call]].")
        object.__setattr__(self, "entries", entries)
        for name in ("name", "source"):
            value = getattr(self, name)
            if not isinstance(value, str):
                raise ArgumentTypeError(f"HouseList: {name} must be a str, got {describe(value)}.")

    @classmethod
    def from_toml(cls, text: str, *, source: str = "<house list>") -> HouseList:
        """Read a house list from TOML ``text``; errors name ``source`` and the line."""
        if not isinstance(text, str):
            raise ArgumentTypeError(f"a house list is TOML text, got {describe(text)}.")
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            found = _TOML_LINE.search(str(err))
            where = f"{source}:{found.group(1)}" if found else source
            raise HouseListError(f"{where}: not TOML: {_TOML_LINE.sub('', str(err)).strip()}.") from None
        return cls.from_dict(data, source=source, lines=text.splitlines())

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], *, source: str = "<house list>", lines: Sequence[str] = ()
    ) -> HouseList:
        """A house list from the parsed TOML document ``data`` (``lines``: its text,
        to name lines in errors).

        >>> HouseList.from_dict({"call": {"game": "jackpots"}})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        splitpot.errors.HouseListError: <house list>: call must be an array of tables ([[call]], one per ...
        """
        if not isinstance(data, Mapping):
            raise HouseListError(f"{source}: a house list is a table of [house] and [[call]] tables (a "
                                 f"dict), got {describe(data)}.")
        unknown = sorted(set(data) - _TOP_KEYS)
        if unknown:
            raise HouseListError(f"{source}: unknown table {unknown[0]!r}; a house list has [house] "
                                 "(name) and [[call]] tables.")
        house = data.get("house", {})
        named = isinstance(house, Mapping) and set(house) <= {"name", "stakes"}
        if not (named and isinstance(house.get("name", ""), str)):
            raise HouseListError(f"{source}: [house] holds name (a string) and stakes (a table), got "
                                 f"{house!r}.")
        stakes = _house_stakes(house.get("stakes", {}), source)
        calls = data.get("call", [])
        if not isinstance(calls, list) or not all(isinstance(c, Mapping) for c in calls):
            given = calls if not isinstance(calls, list) else next(
                c for c in calls if not isinstance(c, Mapping))
            single = (" (a single [call] table: write [[call]], double brackets)"
                      if isinstance(calls, Mapping) else "")
            raise HouseListError(f"{source}: call must be an array of tables ([[call]], one per call: a game "
                                 f"and its options), got {describe(given)}{single}.")
        if not calls:
            raise HouseListError(f"{source}: a house list needs at least one [[call]] table (a game and its "
                                 "options).")
        starts = [i + 1 for i, line in enumerate(lines) if _HEADER.match(line)]
        entries = []
        for number, table in enumerate(calls, 1):
            start = starts[number - 1] if len(starts) == len(calls) else None
            entries.append(_entry(table, number, start, lines, source, stakes))
        _refuse_idle_stakes(stakes, [table["game"] for table in calls], source)
        return cls(entries=tuple(entries), name=house.get("name", ""), source=source,
                   stakes=tuple(stakes.items()))

    def to_dict(self) -> dict[str, Any]:
        """The house list as the parsed TOML document that :meth:`from_dict` reads
        (a ``[house]`` table and one ``[[call]]`` table per call, weights included).

        >>> house = example_house()
        >>> again = HouseList.from_dict(house.to_dict())
        >>> [(e.call, e.weight) for e in again.entries] == [(e.call, e.weight) for e in house.entries]
        True
        """
        calls = []
        for entry in self.entries:
            call = entry.call.to_dict()
            table = {"game": call["game"], **call["options"], "weight": entry.weight}
            if "stakes" in call:
                table["stakes"] = call["stakes"]
            calls.append(table)
        house: dict[str, Any] = {"name": self.name}
        if self.stakes:
            house["stakes"] = dict(self.stakes)
        return {"house": house, "call": calls}

    def fitting(self, players: int) -> tuple[HouseEntry, ...]:
        """The entries whose game seats ``players`` players."""
        return tuple(e for e in self.entries if e.call.fits(players))

    @property
    def games(self) -> frozenset[str]:
        """The games the list calls."""
        return frozenset(e.call.game for e in self.entries)


_HOUSE_STAKES = ("ante", "bring_in", "small_bet", "big_bet")


def _house_stakes(value: object, source: str) -> dict[str, int]:
    """The ``[house]`` stakes table, checked: amounts of :data:`_HOUSE_STAKES` only."""
    if not isinstance(value, Mapping):
        raise HouseListError(f"{source}: [house] stakes is a table (ante, bring_in, small_bet, big_bet), "
                             f"got {describe(value)}.")
    unknown = sorted(set(value) - set(_HOUSE_STAKES))
    if unknown:
        raise HouseListError(
            f"{source}: [house] stakes: no field {unknown[0]!r}; the house's stakes are ante, bring_in, "
            "small_bet and big_bet (blinds are California lowball's: its call's limit= or blinds=).")
    try:
        return {k: as_int(value[k], f"[house] stakes: {k}", low=0) for k in _HOUSE_STAKES if k in value}
    except SplitpotError as err:
        raise HouseListError(f"{source}: {err}") from None


def _laid_stakes(game: str, house: Mapping[str, int], own: Any) -> Any:
    """The stakes of a call of ``game`` in a house list whose ``[house]`` stakes are
    ``house``: the call's own ``stakes`` table laid over the house's (over the game's
    own); ``bring_in`` only in a game with a bring-in.  A game that takes no stakes
    (California lowball: its limit and blinds) keeps its own, as does a call whose
    stakes are a :class:`~splitpot.engine.spec.Stakes` (whole).

    >>> house = {"ante": 2, "bring_in": 3, "small_bet": 10, "big_bet": 20}
    >>> _laid_stakes("jackpots", house, {"ante": 5})
    {'ante': 5, 'small_bet': 10, 'big_bet': 20}
    >>> _laid_stakes("seven-card-stud", house, None)
    {'ante': 2, 'bring_in': 3, 'small_bet': 10, 'big_bet': 20}
    >>> _laid_stakes("california-lowball", house, None) is None
    True
    """
    if not house or game not in GAMES or "stakes" not in GAME_OPTIONS[game] or not (
            own is None or isinstance(own, Mapping)):
        return own
    laid = {k: v for k, v in house.items() if k != "bring_in" or get_game(game).stakes.bring_in}
    return {**laid, **own} if isinstance(own, Mapping) else laid


def _refuse_idle_stakes(stakes: Mapping[str, int], games: Sequence[object], source: str) -> None:
    """Refuse ``[house]`` stakes (or their bring-in) that no call of the list plays."""
    known = [g for g in games if isinstance(g, str) and g in GAMES]
    if stakes and not any("stakes" in GAME_OPTIONS[g] for g in known):
        raise HouseListError(f"{source}: [house] stakes do nothing: no call's game takes stakes "
                             "(California lowball's are its limit and blinds); leave them out.")
    if "bring_in" in stakes and not any(get_game(g).stakes.bring_in for g in known):
        having = ", ".join(g for g in GAMES if get_game(g).stakes.bring_in)  # (read from the specs)
        raise HouseListError(f"{source}: [house] stakes: bring_in does nothing: no call's game has a "
                             f"bring-in ({having} do); leave it out.")


def _entry(
    table: Mapping[str, Any], number: int, start: int | None, lines: Sequence[str], source: str,
    stakes: Mapping[str, int],
) -> HouseEntry:
    """The ``number``-th call of the file, read from its table; errors name the line."""
    game: Any = table.get("game")
    label = f"call {number}" + (f" ({game})" if isinstance(game, str) else "")

    def fail(message: str, key: str | None = None) -> HouseListError:
        message = message.removeprefix(f"{game}: ") if isinstance(game, str) else message  # in the label
        line = _key_line(lines, start, key) if start is not None else None
        where = f"{source}:{line}" if line is not None else source
        return HouseListError(f"{where}: {label}: {message}")

    if "game" not in table:
        raise fail('missing game = "..." (a name of splitpot.GAMES).')
    try:
        weight = _weight(table.get("weight", 1), "weight")
    except SplitpotError as err:
        raise fail(str(err), "weight") from None
    options = {k: v for k, v in table.items() if k not in _CALL_KEYS}
    laid = _laid_stakes(game, stakes, table.get("stakes")) if isinstance(game, str) else table.get("stakes")
    try:
        call = Call(game=game, options=tuple(options.items()), stakes=laid)
    except SplitpotError as err:
        said = str(err)
        if laid is not table.get("stakes") and re.search(r"\bstakes\b", said):
            if table.get("stakes") is None:  # the [house] stakes alone: the fault is on their line
                said = said.removeprefix(f"{game}: ")
                line = _house_stakes_line(lines)
                at = f" on line {start}" if start is not None else ""
                where = f"{source}:{line}" if line is not None else source
                raise HouseListError(f"{where}: [house] {said} (as {label}{at} takes them)") from None
            said += " (the call's stakes laid over the [house] stakes)"
        raise fail(said, _culprit(table, options, str(err))) from None
    return HouseEntry(call=call, weight=weight, line=start)


def _house_stakes_line(lines: Sequence[str]) -> int | None:
    """The line of the ``[house]`` stakes (``stakes = ...`` in ``[house]``, or the
    ``[house.stakes]`` header); None where the text does not show it."""
    for number, text in enumerate(lines, 1):
        if re.match(r"^\s*\[\s*house\s*\.\s*stakes\s*\]", text):
            return number
        if re.match(r"^\s*\[\s*house\s*\]", text):
            line = _key_line(lines, number, "stakes")
            if line != number:
                return line
    return None


def _culprit(table: Mapping[str, Any], options: dict[str, Any], message: str) -> str:
    """The key of a refused call to point at: the one the message names, else the
    one without which the call is accepted, else ``game``."""
    keys = ["stakes", *options] if "stakes" in table else list(options)
    named = [k for k in keys if re.search(rf"\b{re.escape(k)}\b", message)]
    if named:
        return named[0]
    for key in keys:
        rest = tuple((k, v) for k, v in options.items() if k != key)
        stakes = None if key == "stakes" else table.get("stakes")
        try:
            Call(game=table["game"], options=rest, stakes=stakes)
        except SplitpotError:
            continue
        return key
    return "game"


def _key_line(lines: Sequence[str], start: int, key: str | None) -> int:
    """The line of ``key = ...`` in the table that starts on line ``start`` (the start if not found)."""
    if key is None:
        return start
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*[=.]")
    for number in range(start + 1, len(lines) + 1):
        text = lines[number - 1]
        if _HEADER.match(text) or re.match(r"^\s*\[", text):
            break
        if pattern.match(text):
            return number
    return start


def load_house(path: str | Path) -> HouseList:
    """Read the house list file at ``path`` (TOML); errors name the file and line.

    >>> load_house("no/such/house.toml")
    Traceback (most recent call last):
    ...
    splitpot.errors.HouseListError: no/such/house.toml: cannot read the house list: No such file or directory.
    """
    if not isinstance(path, (str, Path)):
        raise ArgumentTypeError(f"path must be a str or a Path, got {describe(path)}.")
    if not str(path).strip():
        raise HouseListError(f"give a house list file's name, got {str(path)!r}.")
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise HouseListError(f"{path}: cannot read the house list: {err.strerror or err}.") from None
    try:  # (read as every file is: UTF-8 or UTF-16, a byte order mark let go)
        text = as_text(data, "the house list", error=HouseListError)
    except HouseListError as err:
        raise HouseListError(f"{path}: cannot read the house list: {err}") from None
    return HouseList.from_toml(text, source=str(path))


def example_house() -> HouseList:
    """The example house list shipped with the package (``splitpot/data/house.toml``):
    every game, and every kind of option, at least once.

    >>> house = example_house()
    >>> import splitpot
    >>> house.games == set(splitpot.GAMES)
    True
    """
    text = resources.files("splitpot").joinpath("data/house.toml").read_text(encoding="utf-8")
    return HouseList.from_toml(text, source="splitpot/data/house.toml")


class HouseDealer:
    """The computer dealer: calls at random from ``house``, each entry as often as
    its weight says, among the calls whose game seats the players with chips;
    reproducible with ``seed``.

    >>> from splitpot.dealers_choice import Deal
    >>> dealer = HouseDealer(example_house(), seed=7)
    >>> deal = Deal(dealer=0, number=1, stacks=(100, 100, 100))
    >>> call = dealer(deal)
    >>> call.fits(3), call == HouseDealer(example_house(), seed=7)(deal)
    (True, True)
    """

    def __init__(self, house: HouseList, *, seed: int | None = None) -> None:
        if not isinstance(house, HouseList):
            raise ArgumentTypeError(f"house must be a HouseList (see load_house), got {describe(house)}.")
        self.house = house
        self._rng = random.Random(as_optional_int(seed, "seed", low=0))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict from which :meth:`from_dict` makes a dealer that calls
        on exactly as this one would: its house list and where its random stream stands.

        >>> from splitpot.dealers_choice import Deal
        >>> dealer = HouseDealer(example_house(), seed=7)
        >>> again = HouseDealer.from_dict(dealer.to_dict())
        >>> deal = Deal(dealer=0, number=1, stacks=(100, 100, 100))
        >>> [again(deal) for _ in range(5)] == [dealer(deal) for _ in range(5)]
        True
        """
        return {"house": self.house.to_dict(), "source": self.house.source,
                "rng": rng_data(self._rng.getstate())}

    @classmethod
    def from_dict(cls, data: object) -> HouseDealer:
        """The dealer of :meth:`to_dict` output; :class:`~splitpot.errors.HistoryError`
        if ``data`` is not one."""
        if not (isinstance(data, dict) and set(data) == {"house", "source", "rng"}
                and isinstance(data["house"], dict) and isinstance(data["source"], str)):
            raise HistoryError(f"dealer: a dict of HouseDealer.to_dict() ('house', 'source' and 'rng'), got "
                               f"{describe(data)}.")
        try:
            house = HouseList.from_dict(data["house"], source=data["source"])
        except SplitpotError as err:
            raise HistoryError(f"dealer.house: {err}") from None
        dealer = cls(house)
        dealer._rng.setstate(rng_state(data["rng"], "dealer.rng"))
        return dealer

    def no_call(self, players: int) -> str | None:
        """Why this dealer has nothing to call for ``players`` players (None: it has).

        >>> HouseDealer(example_house()).no_call(11)
        'splitpot/data/house.toml has no call for 11 players; add a game that seats them.'
        """
        if self.house.fitting(players):
            return None
        name = self.house.source or self.house.name or "the house list"
        return f"{name} has no call for {players} players; add a game that seats them."

    def __call__(self, deal: Deal) -> Call:
        """The call for ``deal``."""
        entries = self.house.fitting(deal.players)
        if not entries:
            raise NoCallError(self.no_call(deal.players))
        entry = self._rng.choices(entries, weights=[e.weight for e in entries])[0]
        return entry.call


def house_session(
    house: HouseList, stacks: Sequence[int], *, button: int = 0, seed: int | None = None
) -> DealersChoice:
    """A dealer's-choice session where every dealer is the computer dealer of
    ``house``; with ``seed`` the calls and the cards are both reproducible (the
    dealer draws from its own stream, derived from ``seed``).

    >>> from splitpot.bots import SimpleBot
    >>> def games(seed):
    ...     session = house_session(example_house(), [100] * 4, seed=seed)
    ...     return [h.spec.name for h in session.play(5, SimpleBot(seed=seed))]
    >>> games(11) == games(11)
    True
    """
    seed = as_optional_int(seed, "seed", low=0)
    return DealersChoice(stacks, dealer=house_dealer(house, seed), button=button, seed=seed)


def house_dealer(house: HouseList, seed: int | None) -> HouseDealer:
    """The computer dealer of ``house`` for a session seeded with ``seed``: it draws
    from its own stream, derived from ``seed``, so that the calls do not move the cards.

    >>> from splitpot.dealers_choice import Deal
    >>> deal = Deal(dealer=0, number=1, stacks=(100, 100, 100))
    >>> house_dealer(example_house(), 5)(deal) == house_dealer(example_house(), 5)(deal)
    True
    """
    seed = as_optional_int(seed, "seed", low=0)
    dealer_seed = None
    if seed is not None:
        digest = hashlib.sha256(f"splitpot house dealer {seed}".encode()).digest()
        dealer_seed = int.from_bytes(digest[:8], "big")
    return HouseDealer(house, seed=dealer_seed)
