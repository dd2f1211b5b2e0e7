"""Every event's ``__init__`` (written by ``events._fast_init`` to set the slots
through their descriptors) behaves as the one ``dataclass`` writes: the same
keyword-only fields, all required, nothing else accepted, the values kept, the
event frozen, equal and hashable as before."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

from splitpot.engine import events as ev

KINDS = sorted(ev._KINDS.values(), key=lambda cls: cls.__name__)


def _reference(cls: type[ev.Event], values: dict[str, Any]) -> ev.Event:
    """The event built as dataclass's own __init__ does: object.__setattr__ per field."""
    event = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(event, name, value)
    return event


@pytest.mark.parametrize("cls", KINDS, ids=lambda cls: cls.__name__)
def test_event_init_matches_the_dataclass_one(cls: type[ev.Event]) -> None:
    names = [f.name for f in dataclasses.fields(cls)]
    params = inspect.signature(cls).parameters
    assert list(params) == names
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is p.empty for p in params.values())
    values = {name: (i, f"v{i}") for i, name in enumerate(names)}  # distinct values per field
    event = cls(**values)
    assert {name: getattr(event, name) for name in names} == values
    assert event == _reference(cls, values) and hash(event) == hash(_reference(cls, values))
    assert dataclasses.replace(event) == event
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(event, names[0], None)
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument"):
        cls(**{n: v for n, v in values.items() if n != names[-1]})
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        cls(**values, bogus=1)
    with pytest.raises(TypeError, match="positional argument"):
        cls(*values.values())
