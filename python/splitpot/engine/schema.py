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

__all__ = ["history_schema", "schema_text", "session_schema", "validate_history", "validate_session"]

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


_TYPES: dict[str, Any] = {  # (a dict or an int tested first: what JSON gives, cheaper than the ABC)
    "object": lambda v: type(v) is dict or isinstance(v, Mapping),
    "array": lambda v: isinstance(v, (list, tuple)),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: type(v) is int or (isinstance(v, int) and not isinstance(v, bool)),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


# A path into the document, built only when a fault is reported: None (the document), or
# (parent path, key) with an int key for an array item and a str key for an object field.
_Path = tuple[Any, "str | int"] | None
# A compiled schema node: checks a value found at a path, raises _Invalid.
_Checker = typing.Callable[[Any, _Path], None]
_Root = Mapping[str, Any]  # the whole schema, where "$ref" names are looked up
_Defs = dict[str, _Checker]  # its "$defs", compiled as they are first referred to


class _Invalid(Exception):
    def __init__(self, path: _Path, message: str) -> None:
        super().__init__(path, message)
        self.where, self.message = path, message

    @property
    def path(self) -> str:
        """Where the fault is, as text (built only for the fault reported)."""
        return _path_text(self.where)


def _path_text(path: _Path) -> str:
    """``events[3].to`` for (((None, "events"), 3), "to"); "" for the document."""
    keys: list[str | int] = []
    while path is not None:
        path, key = path
        keys.append(key)
    text = ""
    for key in reversed(keys):
        text = f"{text}[{key}]" if isinstance(key, int) else f"{text}.{key}" if text else key
    return text


def _compile(schema: Mapping[str, Any], root: _Root, defs: _Defs) -> _Checker:
    """The checker of one schema node: its rules in a fixed order, each test read off the
    schema once here rather than at every value (``defs`` holds the ``$ref`` targets)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        if name not in defs:
            # A reference back to this definition while it compiles (a recursive type) calls
            # the finished checker through the table.
            defs[name] = lambda value, path: defs[name](value, path)
            defs[name] = _compile(root["$defs"][name], root, defs)
        return defs[name]
    checks: list[_Checker] = []
    if "const" in schema:
        const = schema["const"]

        def check_const(value: Any, path: _Path) -> None:
            if value != const:
                raise _Invalid(path, f"must be {const!r}, got {describe(value)}")

        checks.append(check_const)
    if "enum" in schema:
        allowed, listed = frozenset(schema["enum"]), ", ".join(repr(v) for v in schema["enum"])

        def check_enum(value: Any, path: _Path) -> None:
            if not isinstance(value, str) or value not in allowed:
                raise _Invalid(path, f"must be one of {listed}; got {describe(value)}")

        checks.append(check_enum)
    kind = schema.get("type")
    if kind is not None:
        is_kind, article = _TYPES[kind], "an" if kind[0] in "aeiou" else "a"

        def check_type(value: Any, path: _Path) -> None:
            if not is_kind(value):
                raise _Invalid(path, f"must be {article} {kind}, got {describe(value)}")

        checks.append(check_type)
    if "pattern" in schema:
        pattern = re.compile(schema["pattern"].strip("^$"))

        def check_pattern(value: Any, path: _Path) -> None:
            if not pattern.fullmatch(value):
                raise _Invalid(path, f"is not a card such as 'As' or 'Jk': {value!r}")

        checks.append(check_pattern)
    if "minimum" in schema:
        minimum = schema["minimum"]

        def check_minimum(value: Any, path: _Path) -> None:
            if value < minimum:
                raise _Invalid(path, f"must be >= {minimum}, got {value}")

        checks.append(check_minimum)
    if "anyOf" in schema:
        options = [_compile(o, root, defs) for o in schema["anyOf"]]
        # Options that name a type alone (most often {"type": "null"}) are tested first, without
        # building the error a failed option raises: a value fits the whole or it does not.
        quick = tuple(_TYPES[o["type"]] for o in schema["anyOf"] if o.keys() == {"type"})

        def check_any_of(value: Any, path: _Path) -> None:
            for is_kind in quick:
                if is_kind(value):
                    return
            for option in options:
                try:
                    option(value, path)
                    return
                except _Invalid:
                    continue
            options[0](value, path)  # report against the first

        checks.append(check_any_of)
    if "oneOf" in schema:
        checks.append(_compile_one_of(schema["oneOf"], root, defs))
    if kind in ("array", "object"):
        # a node of its type and contents alone: one checker that tests the type first
        typed = len(checks) == 1
        compiled = (_compile_array if kind == "array" else _compile_object)(schema, root, defs, typed=typed)
        if typed:
            return compiled
        checks.append(compiled)
    if len(checks) == 1:
        return checks[0]
    passes = _quick_pass(schema)
    if passes is not None:  # a common value passes by one cheap test; any other gets every check
        slow = tuple(checks)

        def check_quick(value: Any, path: _Path) -> None:
            if passes(value):
                return
            for check in slow:
                check(value, path)

        _QUICK[check_quick] = passes
        return check_quick

    def check_all(value: Any, path: _Path) -> None:
        for check in checks:
            check(value, path)

    return check_all


_QUICK: dict[_Checker, typing.Callable[[Any], bool]] = {}
"""The checkers with a quick pass, and that test (an array of them tests its items by it first)."""


def _quick_pass(schema: Mapping[str, Any]) -> typing.Callable[[Any], bool] | None:
    """For the leaves checked by more than one rule — a card (a string of a
    pattern) and a count (an integer with a minimum) — a test that passes a value
    only where every rule of the node passes it (the rules then report any other
    value, with their own errors); None for other nodes.  The strings passed are
    remembered (the deck's 53 cards, a few hundred times a hand), up to a bound."""
    keys = schema.keys() - {"description"}
    if keys == {"type", "pattern"} and schema["type"] == "string":
        pattern, passed = re.compile(schema["pattern"].strip("^$")), set[str]()

        def known_text(value: Any) -> bool:
            if type(value) is not str:
                return False
            if value in passed:
                return True
            if pattern.fullmatch(value) is None or len(passed) >= 4096:
                return False
            passed.add(value)
            return True

        return known_text
    if keys == {"type", "minimum"} and schema["type"] == "integer":
        minimum = schema["minimum"]
        return lambda value: type(value) is int and value >= minimum
    return None


def _compile_array(schema: Mapping[str, Any], root: _Root, defs: _Defs, *, typed: bool = False) -> _Checker:
    """The checker of an array's items (``typed``: and first of its type, as the
    ``"type"`` rule checks it, in the same checker)."""
    prefix = [_compile(s, root, defs) for s in schema.get("prefixItems", [])]
    items_schema = schema.get("items", {})
    closed = items_schema is False
    rest = None if closed else _compile(items_schema, root, defs)
    min_items, n_prefix = schema.get("minItems", 0), len(prefix)
    passes = _QUICK.get(rest) if rest is not None and not prefix else None  # (the items' quick pass)

    def check_array(value: Any, path: _Path) -> None:
        if typed and not isinstance(value, (list, tuple)):
            raise _Invalid(path, f"must be an array, got {describe(value)}")
        if len(value) < min_items or (closed and len(value) > n_prefix):
            raise _Invalid(path, f"must hold {n_prefix} items, got {len(value)}")
        if passes is not None and all(map(passes, value)):
            return  # every item passes quickly (a deck, a hand's cards); else each is checked in turn
        for i, item in enumerate(value):
            check = prefix[i] if i < n_prefix else rest
            assert check is not None  # closed arrays hold n_prefix items at most
            check(item, (path, i))

    return check_array


def _compile_object(schema: Mapping[str, Any], root: _Root, defs: _Defs, *, typed: bool = False) -> _Checker:
    """The checker of an object's fields (``typed``: and first of its type, as the
    ``"type"`` rule checks it, in the same checker)."""
    properties = {name: _compile(s, root, defs) for name, s in schema.get("properties", {}).items()}
    required = tuple(schema.get("required", ()))
    all_required = frozenset(required)
    closed = schema.get("additionalProperties", True) is False
    fields = ", ".join(properties)

    def check_object(value: Any, path: _Path) -> None:
        if typed and type(value) is not dict and not isinstance(value, Mapping):
            raise _Invalid(path, f"must be an object, got {describe(value)}")
        if not value.keys() >= all_required:  # (one set test; the first missing named in order)
            for name in required:
                if name not in value:
                    raise _Invalid(path, f"missing {name!r}")
        for name, item in value.items():
            check = properties.get(name)
            if check is not None:
                check(item, (path, str(name)))
            elif closed:
                raise _Invalid(path, f"has no field {name!r}; its fields: {fields}")

    return check_object


def _compile_one_of(options: list[Mapping[str, Any]], root: _Root, defs: _Defs) -> _Checker:
    """An event: chosen by its ``event`` kind, then checked against that kind alone."""
    resolved = [root["$defs"][o["$ref"].rsplit("/", 1)[1]] if "$ref" in o else o for o in options]
    kinds = {s["properties"]["event"]["const"]: _compile(s, root, defs) for s in resolved}
    listed = ", ".join(sorted(kinds))

    def check_one_of(value: Any, path: _Path) -> None:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise _Invalid(path, f"must be an object, got {describe(value)}")
        kind = value.get("event")
        check = kinds.get(kind) if isinstance(kind, str) else None
        if check is None:
            raise _Invalid(path, f"unknown event {describe(kind)}; the events: {listed}")
        check(value, path)

    return check_one_of


def validate_history(data: object) -> None:
    """Check a history document against :func:`history_schema`; raise
    :class:`~splitpot.errors.HistoryError` naming the first fault (and the event)."""
    try:
        _validator()(data, None)
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


SESSION_VERSION = 1
"""The version a session document (:meth:`Session.to_dict
<splitpot.engine.session.Session.to_dict>`) carries in its ``"session"`` field."""


def session_schema() -> dict[str, Any]:
    """The JSON Schema of a session document's frame, as a new dict: its hands are
    objects here, each then read as a history (:func:`validate_history`).

    >>> sorted(session_schema()["properties"])
    ['button', 'game', 'hands', 'hands_before', 'rng', 'seeds', 'session', 'sitting_out', \
'spec', 'stack_changes', 'stakes_changes', 'starting_stacks']
    """
    defs = history_schema()["$defs"]
    word = {"type": "integer", "minimum": 0}
    rng_state = {  # random.Random.getstate(): version 3, 624 words and a position, gauss_next
        "type": "array",
        "prefixItems": [{"const": 3}, {"type": "array", "items": word}, {}],
        "items": False,
        "minItems": 3,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "splitpot session",
        "description": "A table's hands as Session.to_dict() writes it: the game (its spec; none for "
        "dealer's choice), the session's starting stacks and button, the state of its seeds' "
        "source (random.Random.getstate()) when it started and now, every hand as a history, "
        "and the seed each was dealt from (null: from a given deck), and the seats' chips changed "
        "between hands (Session.set_stack), who sits out from which hand on (Session.sit_out, "
        "Session.sit_in), the stakes changed between hands (Session.set_stakes), and the hands the table "
        "played before the session (Session.carry_on). "
        "Other top-level keys are ignored.",
        "type": "object",
        "properties": {
            "session": {"const": SESSION_VERSION},
            "game": {"type": "string"},
            "spec": {"$ref": "#/$defs/GameSpec"},
            "starting_stacks": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "button": {"type": "integer", "minimum": 0},
            "rng": {
                "type": "object",
                "properties": {"start": rng_state, "now": rng_state},
                "required": ["start", "now"],
                "additionalProperties": False,
            },
            "hands": {"type": "array", "items": {"type": "object"}},
            "seeds": {
                "type": "array",
                "items": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
            },
            "hands_before": word,  # Session.carry_on(): the hands the table played before the session
            "stack_changes": {  # Session.set_stack(): [hand, seat, chips]
                "type": "array",
                "items": {"type": "array", "prefixItems": [word, word, word], "items": False, "minItems": 3},
            },
            "sitting_out": {  # Session.sit_out()/sit_in(): [hand, seats]: from hand on, seats sit out
                "type": "array",
                "items": {"type": "array", "prefixItems": [word, {"type": "array", "items": word}],
                          "items": False, "minItems": 2},
            },
            "stakes_changes": {  # Session.set_stakes(): [hand, stakes]: from hand on, the stakes
                "type": "array",
                "items": {"type": "array", "prefixItems": [word, {"$ref": "#/$defs/Stakes"}],
                          "items": False, "minItems": 2},
            },
        },
        "required": ["session", "game", "starting_stacks", "button", "rng", "hands", "seeds"],
        "$defs": defs,
    }


def validate_session(data: object) -> None:
    """Check the frame of a session document against :func:`session_schema`; raise
    :class:`~splitpot.errors.HistoryError` naming the first fault.

    >>> validate_session({"session": 2})
    Traceback (most recent call last):
    ...
    splitpot.errors.HistoryError: session: version 2; this splitpot reads version 1.
    """
    version = data.get("session") if isinstance(data, Mapping) else None
    if isinstance(version, int) and not isinstance(version, bool) and version != SESSION_VERSION:
        raise HistoryError(f"session: version {version}; this splitpot reads version {SESSION_VERSION}.")
    try:
        _session_validator()(data, None)
    except _Invalid as bad:
        raise HistoryError(f"{bad.path or 'the session'}: {bad.message}.") from None


@lru_cache(maxsize=1)
def _session_validator() -> _Checker:
    root = session_schema()
    return _compile(root, root, {})


@lru_cache(maxsize=1)
def _validator() -> _Checker:
    """The history schema compiled into one checker, once per process."""
    root = history_schema()
    return _compile(root, root, {})

