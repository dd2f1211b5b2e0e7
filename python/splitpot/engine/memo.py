"""Values made once from objects the engine keeps (a spec, its wild cards, an
opening requirement) and remembered by those objects' identity.

Specs and wild cards are frozen but costly to hash, and the engine asks the same
question of the same objects at every betting round or showdown: a memo keyed by
``id()`` answers in a dict lookup.  Each entry holds the objects themselves, so
an id is never reused by another object while its entry lives; the memo is
cleared when it reaches its limit.

>>> memo: IdentityMemo[int] = IdentityMemo(limit=4)
>>> spec = ("a", "spec")
>>> memo.get(lambda: len(spec), spec), memo.get(lambda: 99, spec)  # made once
(2, 2)
>>> memo.get(lambda: 7, spec, tag="another question")
7
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["IdentityMemo"]

V = TypeVar("V")


class IdentityMemo(Generic[V]):
    """A bounded memo of values keyed by the identity of one or more objects
    (and an optional hashable ``tag``: which question is asked of them)."""

    __slots__ = ("_entries", "_limit")

    def __init__(self, *, limit: int) -> None:
        self._entries: dict[tuple[Hashable, ...], tuple[tuple[object, ...], V]] = {}
        self._limit = limit

    def get(self, make: Callable[[], V], *owners: object, tag: Hashable = None) -> V:
        """The value remembered for ``owners`` (and ``tag``), made by ``make()`` the first time."""
        key = (*map(id, owners), tag)
        made = self._entries.get(key)
        if made is not None:
            held = made[0]
            for i, owner in enumerate(owners):  # a loop, not all() over a generator: asked often
                if held[i] is not owner:
                    break
            else:
                return made[1]
        value = make()
        if len(self._entries) >= self._limit:
            self._entries.clear()
        self._entries[key] = (owners, value)
        return value
