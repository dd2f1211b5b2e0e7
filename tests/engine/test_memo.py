"""engine.memo.IdentityMemo: values remembered by the identity of the objects
they were made from (specs, wild cards, openings), never by equality."""

from __future__ import annotations

from splitpot.engine.memo import IdentityMemo
from splitpot.engine.spec import Wilds


def _counting() -> tuple[list[int], IdentityMemo[int]]:
    return [], IdentityMemo(limit=8)


def test_a_value_is_made_once_per_object_and_tag() -> None:
    made, memo = _counting()
    a, b = Wilds(wild=("2",)), Wilds(wild=("3",))

    def make(n: int) -> int:
        made.append(n)
        return n

    assert [memo.get(lambda: make(1), a) for _ in range(3)] == [1, 1, 1]
    assert memo.get(lambda: make(2), b) == 2
    assert memo.get(lambda: make(3), a, tag="low") == 3
    assert memo.get(lambda: make(4), a, b) == 4
    assert memo.get(lambda: make(5), a, b) == 4
    assert made == [1, 2, 3, 4]


def test_equal_objects_that_are_not_the_same_object_are_asked_again() -> None:
    made, memo = _counting()
    first, second = Wilds(wild=("2",)), Wilds(wild=("2",))
    assert first == second and first is not second
    memo.get(lambda: made.append(1) or 1, first)
    memo.get(lambda: made.append(2) or 2, second)
    assert made == [1, 2]


def test_every_owner_must_be_the_same_object() -> None:
    memo: IdentityMemo[str] = IdentityMemo(limit=8)
    a, b, c = Wilds(), Wilds(wild=("2",)), Wilds(wild=("3",))
    assert memo.get(lambda: "ab", a, b) == "ab"
    assert memo.get(lambda: "ac", a, c) == "ac"
    assert memo.get(lambda: "again", a, b) == "ab"


def test_a_full_memo_starts_again_and_stays_correct() -> None:
    made, memo = _counting()
    owners = [Wilds(wild=(r,)) for r in "23456789TJ"]  # more than the limit
    for i, owner in enumerate(owners):
        assert memo.get(lambda i=i: made.append(i) or i, owner) == i
    assert memo.get(lambda: made.append(99) or 99, owners[0]) == 99  # cleared at the limit: made again
    assert memo.get(lambda: -1, owners[-1]) == len(owners) - 1  # made after the clear: still there


def test_an_entry_left_by_another_object_with_the_same_id_is_not_used() -> None:
    """Ids are reused once an object is gone: the entry holds its owners, and an
    entry whose owners are not the objects asked about is made again."""
    memo: IdentityMemo[str] = IdentityMemo(limit=8)
    gone, asked = Wilds(wild=("2",)), Wilds(wild=("3",))
    memo._entries[(id(asked), None)] = ((gone,), "left by another object")  # as after an id is reused
    assert memo.get(lambda: "made for it", asked) == "made for it"
    assert memo.get(lambda: "again", asked) == "made for it"
