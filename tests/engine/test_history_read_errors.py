"""Reading a history or a session back refuses every malformed document as it did:
the same error class and the same message, against fingerprints recorded before
the reading was sped up (the schema check's quick passes, the card lookups).

The fingerprints were computed by this same file's ``_outcomes`` run against the
tree before that work (commit d30d93c): for each kind of document below, ``MUTATIONS``
documents made by ``history_mutations.mutate`` with ``random.Random(seed)`` from
bot-played hands (and a few edits made by hand, ``EDGES``: values that pass or
fail only by the types' finer points) are read, and each outcome is written
``"ok"`` or ``"<error class>: <message>"``; the fingerprint is the first 16 hex
digits of the SHA-256 of the outcomes, one a line.  ``python
tests/engine/test_history_read_errors.py`` prints them, and the counts.
"""

from __future__ import annotations

import copy
import enum
import hashlib
import random
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # history_mutations, run as a script too

from history_mutations import mutate
from splitpot.bots import SimpleBot
from splitpot.engine.history import History
from splitpot.engine.session import Session
from splitpot.engine.state import State
from splitpot.games import get_game

MUTATIONS = 400
GAMES: list[tuple[str, dict[str, Any]]] = [("seven-card-stud-8", {}), ("jackpots", {}), ("mexican-stud", {}),
    ("seven-card-stud", {"wild": "2"}), ("aces-deuces", {}), ("five-card-stud", {"turn_up": True})]


class _Seat(enum.IntEnum):
    ONE = 1


class _Frozen(Mapping[str, Any]):
    """A mapping that is not a dict (the schema's objects are any Mapping)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


class _Text(str):
    pass


def _history_doc(game: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    state = State(get_game(game, **options), [40, 47, 54], seed=seed, button=seed % 3)
    bot = SimpleBot(seed=seed)
    while not state.is_complete:
        bot(state)
    return state.history().to_dict()


def _session_doc(seed: int) -> dict[str, Any]:
    session = Session(get_game("seven-card-stud"), [60, 60, 60], seed=seed)
    session.play(2, SimpleBot(seed=seed))
    return session.to_dict()


def _edges(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Values the schema's quick passes must treat as its rules do."""
    out = []
    for path, value in [
        (("button",), True), (("button",), _Seat.ONE), (("button",), -1), (("button",), 1.0),
        (("starting_stacks", 0), False), (("starting_stacks", 0), _Seat.ONE), (("starting_stacks", 1), -3),
        (("deck", 0), 51), (("deck", 0), "as"), (("deck", 0), _Text("As")), (("deck", 0), " As"),
        (("deck", 0), ["As"]), (("deck", 1), "A\u2660"), (("events", 0), []), (("events", 0), None),
        (("events", 1, "seat"), True), (("events", 1, "seat"), _Seat.ONE), (("spec",), _Frozen(doc["spec"])),
        (("events", 0), _Frozen(doc["events"][0])), (("events",), tuple(doc["events"])), (("deck",), "As"),
        (("spec", "streets"), {}), (("spec", "streets", 0), []),
    ]:
        edited = copy.deepcopy(doc)
        parent: Any = edited
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
        out.append(edited)
    for key in ("game", "events", "deck"):
        edited = copy.deepcopy(doc)
        del edited[key]
        out.append(edited)
    return out


def _outcome(read: Callable[[Any], object], doc: Any) -> str:
    try:
        read(doc)
    except Exception as err:  # (any class: the class is part of the outcome)
        return f"{type(err).__name__}: {err}"
    return "ok"


def _outcomes(kind: str) -> list[str]:
    rng = random.Random(5)
    if kind == "session":
        bases = [_session_doc(seed) for seed in (1, 2)]
        read: Callable[[Any], object] = Session.from_dict
        names = {"events_key": "hands", "deck_key": "seeds"}
    else:
        game, options = GAMES[int(kind)]
        bases = [_history_doc(game, options, seed) for seed in (1, 2)]
        read, names = History.from_dict, {}
    docs = [mutate(rng.choice(bases), rng, **names) for _ in range(MUTATIONS)]
    if kind != "session":
        docs += _edges(bases[0])
    return [_outcome(read, doc) for doc in docs]


def _fingerprint(kind: str) -> str:
    return hashlib.sha256("\n".join(_outcomes(kind)).encode()).hexdigest()[:16]


KINDS = [*map(str, range(len(GAMES))), "session"]
RECORDED: dict[str, str] = {  # printed by this file run as a script at d30d93c
    '0': '97ae6f2f9b020c67',  # 426 read, 391 refused
    '1': '98fb726bd66712b6',  # 426 read, 382 refused
    '2': '502393249ec6f90e',  # 426 read, 380 refused
    '3': '9d38b827945745e4',  # 426 read, 388 refused
    '4': '6261d77987241ce7',  # 426 read, 380 refused
    '5': '00babf8bd39955d2',  # 426 read, 369 refused
    'session': '924fb29892e6272e',  # 400 read, 398 refused
}


def test_malformed_documents_are_refused_as_before() -> None:
    assert {kind: _fingerprint(kind) for kind in KINDS} == RECORDED


if __name__ == "__main__":
    for kind in KINDS:
        outcomes = _outcomes(kind)
        refused = sum(o != "ok" for o in outcomes)
        print(f"    {kind!r}: {_fingerprint(kind)!r},  # {len(outcomes)} read, {refused} refused")
