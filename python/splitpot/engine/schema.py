"""The JSON Schema of a hand history, derived from the dataclasses themselves, and
the validator :meth:`History.from_json <splitpot.engine.history.History.from_json>`
runs before it builds anything.

The schema is generated from :class:`~splitpot.engine.spec.GameSpec` (with its
``Street``, ``Stakes`` and ``Wilds``) and from every event class registered in
:mod:`splitpot.engine.events`, field by field from their type hints, so an event
or spec field added later is covered without a hand-kept list.  The repository
ships the same schema as ``docs/history.schema.json`` (JSON Schema 2020-12) for
other tools; :func:`schema_text` gives it (a test keeps the file equal to it).

The validator here reads the subset of JSON Schema that the generator writes
(``type``, ``enum``, ``const``, ``pattern``, ``minimum``, ``items``,
``prefixItems``, ``properties``/``required``/``additionalProperties``,
``anyOf``, ``oneOf`` and ``$ref``), one rule stricter than the standard: an
``integer`` is a JSON integer, never ``5.0``.  Errors are
:class:`~splitpot.errors.HistoryError` naming the path, and the event's number
and kind when the fault is inside an event.

>>> schema = history_schema()
>>> sorted(schema["properties"])
['button', 'call', 'deck', 'events', 'game', 'spec', 'starting_stacks']
>>> validate_history({"game": "x", "spec": {}, "starting_stacks": [], "button": 0, "deck": [],
...                   "events": [{"event": "raise", "seat": 1, "amount": 5, "to": "10"}]})
Traceback (most recent call last):
...
splitpot.errors.HistoryError: spec: missing 'name'.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import lru_cache
from typing import Any

from splitpot.engine import events as ev
from splitpot.engine.spec import GameSpec
from splitpot.errors import HistoryError
from splitpot.validate import describe

__all__ = ["history_schema", "schema_text", "validate_history"]

_CARD = {"type": "string", "pattern": "^(?:[2-9TJQKA][cdhs]|Jk)$"}
_CALL = {
    "description": "Dealer's choice: the call that named the game (splitpot.dealers_choice.Call), "
    "its options as get_game takes them; optional.",
    "type": "object",
    "properties": {
        "game": {"type": "string"},
        "options": {"type": "object"},
        "stakes": {"$ref": "#/$defs/Stakes"},
    },
    "required": ["game", "options"],
    "additionalProperties": False,
}


def _field_schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The schema of one type hint."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_field_schema(arg, defs) for arg in typing.get_args(tp)]}
    if tp is type(None):
        return {"type": "null"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is str:
        return {"type": "string"}
    if tp is Any:
        return {}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return {"enum": [m.value for m in tp]}
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _field_schema(args[0], defs)}
        return {
            "type": "array",
            "prefixItems": [_field_schema(a, defs) for a in args],
            "items": False,
            "minItems": len(args),
        }
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # placeholder: recursion stops here
            defs[name] = _object_schema(tp, defs, all_required=False)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no schema for the type hint {tp!r}")  # pragma: no cover - a new kind of field


def _object_schema(cls: Any, defs: dict[str, Any], *, all_required: bool) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, localns={"GameSpec": GameSpec})  # forward refs to the spec
    properties: dict[str, Any] = {}
    required: list[str] = []
    for f in dataclasses.fields(cls):
        properties[f.name] = _field_schema(hints[f.name], defs)
        no_default = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if all_required or no_default:
            required.append(f.name)
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if cls.__doc__:
        out["description"] = " ".join(cls.__doc__.split()).split(". ")[0].rstrip(".") + "."
    out["required"] = required
    out["additionalProperties"] = False
    return out


def _event_schema(cls: type[ev.Event], defs: dict[str, Any]) -> dict[str, Any]:
    schema = _object_schema(cls, defs, all_required=True)
    for name in list(schema["properties"]):
        if name in ev._CARD_FIELDS:
            single = schema["properties"][name].get("type") == "integer"
            schema["properties"][name] = {"$ref": "#/$defs/card"} if single else {
                "type": "array", "items": {"$ref": "#/$defs/card"}}
    schema["properties"] = {"event": {"const": cls.kind}, **schema["properties"]}
    schema["required"] = ["event", *schema["required"]]
    return schema


@lru_cache(maxsize=1)
def schema_text() -> str:
    """The schema as the JSON text shipped in ``docs/history.schema.json``."""
    defs: dict[str, Any] = {"card": _CARD}
    spec_ref = _field_schema(GameSpec, defs)
    kinds = []
    for kind, cls in sorted(ev._KINDS.items()):
        defs[f"event_{kind}"] = _event_schema(cls, defs)
        kinds.append({"$ref": f"#/$defs/event_{kind}"})
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "splitpot hand history",
        "description": "A hand as History.to_dict() writes it: the game spec, starting stacks, button, "
        "deck order (first card dealt first) and every event in order. Other top-level keys "
        "are ignored. Generated from the splitpot dataclasses by splitpot.engine.schema.",
        "type": "object",
        "properties": {
            "game": {"type": "string"},
            "spec": spec_ref,
            "starting_stacks": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "button": {"type": "integer", "minimum": 0},
            "deck": {"type": "array", "items": {"$ref": "#/$defs/card"}},
            "events": {"type": "array", "items": {"oneOf": kinds}},
            "call": _CALL,
        },
        "required": ["game", "spec", "starting_stacks", "button", "deck", "events"],
        "$defs": dict(sorted(defs.items())),
    }
    return json.dumps(schema, indent=2, sort_keys=False) + "\n"


def history_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of :meth:`History.to_dict` output, as a new dict."""
    result: dict[str, Any] = json.loads(schema_text())
    return result


# ------------------------------------------------------------------ validator

_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, Mapping),
    "array": lambda v: isinstance(v, (list, tuple)),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


class _Invalid(Exception):
    def __init__(self, path: str, message: str) -> None:
        super().__init__(path, message)
        self.path, self.message = path, message


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _check(value: Any, schema: Mapping[str, Any], path: str, root: Mapping[str, Any]) -> None:
    if "$ref" in schema:
        schema = root["$defs"][schema["$ref"].rsplit("/", 1)[1]]
    if "const" in schema and value != schema["const"]:
        raise _Invalid(path, f"must be {schema['const']!r}, got {describe(value)}")
    if "enum" in schema and (not isinstance(value, str) or value not in schema["enum"]):
        listed = ", ".join(repr(v) for v in schema["enum"])
        raise _Invalid(path, f"must be one of {listed}; got {describe(value)}")
    kind = schema.get("type")
    if kind is not None and not _TYPES[kind](value):
        article = "an" if kind[0] in "aeiou" else "a"
        raise _Invalid(path, f"must be {article} {kind}, got {describe(value)}")
    if "pattern" in schema and not re.fullmatch(schema["pattern"].strip("^$"), value):
        raise _Invalid(path, f"is not a card such as 'As' or 'Jk': {value!r}")
    if "minimum" in schema and value < schema["minimum"]:
        raise _Invalid(path, f"must be >= {schema['minimum']}, got {value}")
    if "anyOf" in schema:
        for option in schema["anyOf"]:
            try:
                _check(value, option, path, root)
                break
            except _Invalid:
                continue
        else:
            _check(value, schema["anyOf"][0], path, root)  # report against the first
    if "oneOf" in schema:
        _one_of(value, schema["oneOf"], path, root)
    if kind == "array":
        prefix = schema.get("prefixItems", [])
        closed = schema.get("items") is False
        if len(value) < schema.get("minItems", 0) or (closed and len(value) > len(prefix)):
            raise _Invalid(path, f"must hold {len(prefix)} items, got {len(value)}")
        for i, item in enumerate(value):
            sub = prefix[i] if i < len(prefix) else schema.get("items", {})
            _check(item, sub, _join(path, i), root)
    if kind == "object":
        properties = schema.get("properties", {})
        for name in schema.get("required", ()):
            if name not in value:
                raise _Invalid(path, f"missing {name!r}")
        for name, item in value.items():
            if name in properties:
                _check(item, properties[name], _join(path, str(name)), root)
            elif schema.get("additionalProperties", True) is False:
                raise _Invalid(path, f"has no field {name!r}; its fields: {', '.join(properties)}")


# The event kinds of a ``oneOf`` list, by the list's id: the lists belong to the cached schema
# (:func:`_root`), which lives as long as the process, so an id is never reused for another.
_KINDS: dict[int, tuple[list[Mapping[str, Any]], dict[str, Mapping[str, Any]]]] = {}


def _one_of(value: Any, options: list[Mapping[str, Any]], path: str, root: Mapping[str, Any]) -> None:
    """An event: chosen by its ``event`` kind, then checked against that kind alone."""
    cached = _KINDS.get(id(options))
    if cached is None or cached[0] is not options:
        resolved = [root["$defs"][o["$ref"].rsplit("/", 1)[1]] if "$ref" in o else o for o in options]
        cached = _KINDS[id(options)] = (options, {s["properties"]["event"]["const"]: s for s in resolved})
    kinds = cached[1]
    if not isinstance(value, Mapping):
        raise _Invalid(path, f"must be an object, got {describe(value)}")
    kind = value.get("event")
    if not isinstance(kind, str) or kind not in kinds:
        raise _Invalid(path, f"unknown event {describe(kind)}; the events: {', '.join(sorted(kinds))}")
    _check(value, kinds[kind], path, root)


def validate_history(data: object) -> None:
    """Check a history document against :func:`history_schema`; raise
    :class:`~splitpot.errors.HistoryError` naming the first fault (and the event)."""
    root = _root()
    try:
        _check(data, root, "", root)
    except _Invalid as bad:
        where = bad.path or "the history"
        match = re.match(r"events\[(\d+)\]", bad.path)
        if match and isinstance(data, Mapping):
            event = data["events"][int(match.group(1))]
            kind = event.get("event") if isinstance(event, Mapping) else None
            if isinstance(kind, str) and kind in ev._KINDS:
                rest = bad.path[match.end():].lstrip(".")
                where = f"event {match.group(1)} ({kind})" + (f": {rest}" if rest else "")
            else:
                where = f"event {match.group(1)}"
        raise HistoryError(f"{where}: {bad.message}.") from None


@lru_cache(maxsize=1)
def _root() -> dict[str, Any]:
    return history_schema()

