"""Reading a history, a session or a PHH hand back refuses every malformed
document as it did: the same error class and the same message, against
fingerprints recorded before the reading was sped up (the schema check's quick
passes, the card lookups, the PHH reader's cards dealt kept between lines).

The fingerprints were computed by this same file's ``_outcomes`` run against the
tree before that work (commit d30d93c): for each kind of document below,
``MUTATIONS`` documents made by ``history_mutations.mutate`` with
``random.Random(5)`` from bot-played hands (for histories, also the edits of
:func:`_edges`: values that pass or fail only by the types' finer points), or
PHH hands changed by :func:`_phh_mutant`, are read, and each outcome is written
``"ok"`` or ``"<error class>: <message>"``; the fingerprint is the first 16 hex
digits of the SHA-256 of the outcomes, one a line.  ``python
tests/engine/test_history_read_errors.py`` prints them, and the counts.
"""

from __future__ import annotations

import copy
import enum
import hashlib
import json
import random
import sys
import tomllib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # history_mutations, run as a script too

from history_mutations import mutate
from splitpot import phh
from splitpot.bots import SimpleBot
from splitpot.engine.history import History
from splitpot.engine.session import Session
from splitpot.engine.spec import GameSpec
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


def _phh_text(game: str, seed: int) -> str:
    session = Session(get_game(game), [60, 60, 60], seed=seed)
    session.play(1, SimpleBot(seed=seed))
    return phh.dumps(session.hands[0].history())


def _phh_mutant(text: str, rng: random.Random) -> str:
    """``text`` (a PHH hand) with one change to its actions (a line swapped with the
    next, dropped or repeated, a card, an amount or a verb changed) or another field
    (a stack changed, a field dropped)."""
    doc = tomllib.loads(text)
    actions: list[str] = doc["actions"]
    i = rng.randrange(len(actions))
    roll = rng.random()
    if roll < 0.15 and i + 1 < len(actions):
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    elif roll < 0.25:
        del actions[i]
    elif roll < 0.33:
        actions.insert(i, actions[rng.randrange(len(actions))])
    elif roll < 0.85:
        words = actions[i].split()
        k = rng.randrange(len(words))
        word = words[k]
        if word.isdigit():
            words[k] = rng.choice([str(int(word) + 1), "0", "-5", "5.5", "x"])
        elif len(word) >= 4 and len(word) % 2 == 0 and k == len(words) - 1:
            j = 2 * rng.randrange(len(word) // 2)
            words[k] = word[:j] + rng.choice(["As", "??", "2c", "Zz", "jk", "aS", "Jk"]) + word[j + 2:]
        else:
            words[k] = rng.choice(["cc", "f", "cbr", "sd", "sm", "p9", "d", "dh", "db", "x"])
        actions[i] = " ".join(words)
    elif roll < 0.93:
        doc["starting_stacks"][rng.randrange(3)] = rng.choice([0, 1, 1000])
    else:
        del doc[rng.choice(sorted(doc))]
    return "".join(f"{key} = {json.dumps(value)}\n" for key, value in doc.items())


def _outcome(read: Callable[[Any], object], doc: Any) -> str:
    try:
        read(doc)
    except Exception as err:  # (any class: the class is part of the outcome)
        return f"{type(err).__name__}: {err}"
    return "ok"


def _outcomes(kind: str) -> list[str]:
    rng = random.Random(5)
    if kind == "phh":
        games = ("jackpots", "seven-card-stud", "lowball")
        texts = [_phh_text(game, seed) for game in games for seed in (1, 2)]
        return [_outcome(phh.loads, _phh_mutant(rng.choice(texts), rng)) for _ in range(MUTATIONS)]
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


KINDS = [*map(str, range(len(GAMES))), "session", "phh"]
RECORDED: dict[str, str] = {  # printed by this file run as a script at d30d93c
    '0': '97ae6f2f9b020c67',  # 426 read, 391 refused
    '1': '98fb726bd66712b6',  # 426 read, 382 refused
    '2': '502393249ec6f90e',  # 426 read, 380 refused
    '3': '9d38b827945745e4',  # 426 read, 388 refused
    '4': '6261d77987241ce7',  # 426 read, 380 refused
    '5': '00babf8bd39955d2',  # 426 read, 369 refused
    'session': '924fb29892e6272e',  # 400 read, 398 refused
    'phh': '1f8b8d02fac7661f',  # 400 read, 353 refused
}


def test_malformed_documents_are_refused_as_before() -> None:
    assert {kind: _fingerprint(kind) for kind in KINDS} == RECORDED


if __name__ == "__main__":
    for kind in KINDS:
        outcomes = _outcomes(kind)
        refused = sum(o != "ok" for o in outcomes)
        print(f"    {kind!r}: {_fingerprint(kind)!r},  # {len(outcomes)} read, {refused} refused")


def _with_options(doc: dict[str, Any], options: list[Any]) -> dict[str, Any]:
    edited = copy.deepcopy(doc)
    edited["spec"]["options"] = options
    return edited


def test_a_spec_read_again_is_the_spec_first_read() -> None:
    """The spec of a document read before is not read again: the same (immutable) spec."""
    doc = _history_doc("jackpots", {}, 1)
    first, again = History.from_dict(doc, verify=False), History.from_dict(copy.deepcopy(doc), verify=False)
    assert again.spec is first.spec and first.spec == GameSpec.from_dict(doc["spec"])


def test_specs_differing_only_in_types_are_read_each_as_it_is() -> None:
    """An option of 1, of True and of 1.0 are equal values, and three specs."""
    doc = _history_doc("jackpots", {}, 1)
    read = [History.from_dict(_with_options(doc, [["house", value]]), verify=False).spec
            for value in (1, True, 1.0, 1)]
    assert [type(spec.options[0][1]) for spec in read] == [int, bool, float, int]
    assert read[3] is read[0] and read[1] is not read[0]


def test_a_spec_holding_a_dict_is_not_shared() -> None:
    """A spec holding a mutable value (an option's dict) is read afresh for each document."""
    doc = _with_options(_history_doc("jackpots", {}, 1), [["house", {"a": 1}]])
    first, again = (History.from_dict(copy.deepcopy(doc), verify=False).spec for _ in range(2))
    assert first == again and first is not again and first.options[0][1] is not again.options[0][1]
