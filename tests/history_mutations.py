"""Mutations of hand-history documents, shared by the tampered-history suite
(tests/engine/test_history_boundary.py) and the history, PHH and session fuzz targets,
and the one way a loaded history may replay to other events (:func:`replays_as`)."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from splitpot.engine import events as ev
from splitpot.engine.history import History

__all__ = ["leaves", "mutate", "replays_as"]

_NO_VALUE = object()


def leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += leaves(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += leaves(value, (*path, i))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _replacement(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return rng.choice([not value, 0, None, "true"])
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -1, 0, 2**64, float(value), str(value), [value], None, True])
    if isinstance(value, str):
        return rng.choice(["", "As", "Jk", value.upper(), value + "x", "2c", "both", "high", 5, None])
    if isinstance(value, list):
        return rng.choice([[], value[:-1], [*value, *value[:1]], list(reversed(value)), {}, None])
    if isinstance(value, dict):
        return rng.choice([{}, [], None, {**value, "extra": 1}])
    return rng.choice([0, "x", [], {}])


def mutate(
    doc: dict[str, Any], rng: random.Random, value: Any = _NO_VALUE, *, events_key: str = "events",
    deck_key: str = "deck",
) -> dict[str, Any]:
    """A copy of a history document with one change: adjacent events swapped, an event
    dropped or repeated, two deck cards swapped, or a value anywhere replaced by a
    near miss of it (or by ``value`` when given) or its key dropped. ``events_key`` and
    ``deck_key`` name the lists of events and deck cards (PHH: ``actions``; a saved
    session: ``hands``, and ``seeds`` for the list whose two entries are swapped)."""
    out = copy.deepcopy(doc)
    # Earlier mutations may have replaced the lists themselves: each change needs its target.
    events = out.get(events_key) if isinstance(out, dict) else None
    events = events if isinstance(events, list) and events else None
    deck = out.get(deck_key) if isinstance(out, dict) else None
    deck = deck if isinstance(deck, list) and len(deck) > 1 else None
    roll = rng.random()
    if roll < 0.15 and events is not None and len(events) > 1:
        i = rng.randrange(len(events) - 1)
        events[i], events[i + 1] = events[i + 1], events[i]
    elif roll < 0.25 and events is not None:
        del events[rng.randrange(len(events))]
    elif roll < 0.33 and events is not None:
        i = rng.randrange(len(events))
        events.insert(i, copy.deepcopy(events[rng.randrange(len(events))]))
    elif roll < 0.4 and deck is not None:
        i, j = rng.sample(range(len(deck)), 2)
        deck[i], deck[j] = deck[j], deck[i]
    elif len(paths := leaves(out)) > 1:
        path = rng.choice(paths[1:])
        parent = _get(out, path[:-1])
        if isinstance(parent, dict) and rng.random() < 0.15:
            del parent[path[-1]]
        else:
            old = parent[path[-1]]
            parent[path[-1]] = _replacement(old, rng) if value is _NO_VALUE else value
    return out


def replays_as(replayed: History, logged: History) -> bool:
    """``replayed`` (a loaded history's replay, ``state.history()``) is the hand
    ``logged`` describes: the same history, or the same but for the order of the
    hands shown at the showdown, where ``logged`` shows them from the dealer's left
    (as histories did before the engine showed them in the rules' order; such a file
    replays with them shown in the rules' order: ``History.replay``).  Any other
    order logged is no older file's: it must not replay."""
    if replayed == logged:
        return True
    new, old = replayed.events, logged.events
    if dataclasses.replace(logged, events=new) != replayed or len(new) != len(old):
        return False
    shown = (ev.CardsShown, ev.PlayerWild)
    diff = [i for i, (a, b) in enumerate(zip(new, old, strict=True)) if a != b]
    if not (all(isinstance(new[i], shown) and isinstance(old[i], shown) for i in diff)
            and sorted(repr(new[i]) for i in diff) == sorted(repr(old[i]) for i in diff)):
        return False
    seats = len(logged.stacks)
    for i in diff:  # the logged run of shown events around each difference: from the dealer's left
        start, end = i, i
        while start > 0 and isinstance(old[start - 1], shown):
            start -= 1
        while end < len(old) and isinstance(old[end], shown):
            end += 1
        left = [(e.seat - logged.button - 1) % seats for e in old[start:end] if isinstance(e, ev.CardsShown)]
        if left != sorted(left):
            return False
    return True
