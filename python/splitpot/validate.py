"""One way in: how every public entry point checks its arguments.

Each function returns the validated value — a real ``int``, ``float`` or
``bool``, an enum member — never the caller's object, or raises a
:mod:`splitpot.errors` class naming the argument, the value and what is
accepted.  A value of the wrong type raises :class:`~splitpot.errors.ArgumentTypeError`
(a ``TypeError``) unless the caller names another class; a value out of range
raises the caller's ``error`` class (a ``ValueError``; :class:`~splitpot.errors.RuleError`
by default).

Ints are ints by :func:`operator.index` (so numpy integers are accepted and
converted) and never bools: ``True`` is not a count, a seat or an amount.

>>> import numpy as np
>>> as_int(np.int64(5), "amount"), type(as_int(np.int64(5), "amount")).__name__
(5, 'int')
>>> as_int(5.0, "amount")
Traceback (most recent call last):
...
splitpot.errors.ArgumentTypeError: amount must be an int, got float 5.0.
>>> as_int(True, "seat")
Traceback (most recent call last):
...
splitpot.errors.ArgumentTypeError: seat must be an int, got bool True.
>>> as_int(9, "button", low=0, high=5)
Traceback (most recent call last):
...
splitpot.errors.RuleError: button must be in 0..5, got 9.
>>> from splitpot.wild import JokerRule
>>> as_choice("Wild", JokerRule, "joker")
<JokerRule.WILD: 'wild'>
>>> as_choice("loud", JokerRule, "joker")
Traceback (most recent call last):
...
splitpot.errors.RuleError: joker must be one of 'bug', 'wild'; got 'loud'.
"""

from __future__ import annotations

import codecs
import math
import numbers
import operator
import os
from collections.abc import Iterable, Mapping, Sequence, Set
from enum import Enum
from typing import TYPE_CHECKING, Any, SupportsIndex, TypeAlias, TypedDict, TypeVar

from splitpot.errors import ArgumentTypeError, RuleError, SplitpotError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "MAX_THREADS",
    "IntsLike",
    "as_bool",
    "as_choice",
    "as_float",
    "as_int",
    "as_ints",
    "as_optional_int",
    "as_sequence",
    "as_text",
    "as_threads",
    "check_keywords",
    "counted",
    "describe",
    "folded",
    "low_qualifier",
    "qualifier_value",
    "usable_cores",
]

MAX_THREADS = 1024
"""The most threads any call takes (a larger count is a typo, not a machine)."""

E = TypeVar("E", bound=Enum)


class _NoOtherKeyword(TypedDict, total=False):
    """No keyword beyond those named: a function's ``**unknown: Unpack[_NoOtherKeyword]``
    is there only to refuse a misspelt one with a message naming the likely one (``did you
    mean samples=?``), and type checkers refuse it as they would without it."""


IntsLike: TypeAlias = "Sequence[SupportsIndex] | NDArray[np.integer[Any]]"
"""Ints as :func:`as_ints` reads them: a list or tuple of ints (numpy ints too), or a 1-D integer array."""


def describe(value: object) -> str:
    """A short ``type value`` text for messages (long values cut).

    >>> describe(2.5), describe("x" * 100)[:12]
    ('float 2.5', "str 'xxxxxxx")
    """
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{type(value).__name__} {text}"


# A byte order mark and the codec that reads past it (UTF-32's before UTF-16's, which begin it).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
)


def as_text(data: object, what: str, *, error: type[SplitpotError] = RuleError) -> str:
    """The text of ``data``, a ``str`` or the bytes of a file: UTF-8 with or without a
    byte order mark, or UTF-16 (or UTF-32) with one; a ``str``'s leading byte order mark
    (an editor's) is dropped.  Other bytes raise ``error`` naming the first bad byte and
    its line; what is neither raises :class:`~splitpot.errors.ArgumentTypeError`
    (``what`` names it).  Every file the package reads is read this way.

    >>> as_text(b"\\xef\\xbb\\xbfcaf\\xc3\\xa9", "a file"), as_text("\\ufeffcafé", "a file")
    ('café', 'café')
    >>> as_text("café".encode("utf-16"), "a file")
    'café'
    >>> as_text(b"# ok\\n# caf\\xe9\\n", "a file")
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: not UTF-8 text (byte 0xe9 on line 2).
    >>> as_text(b"\\xef\\xbb\\xbfab\\n\\n\\xe9", "a file")        # after a byte order mark too
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: not UTF-8 text (byte 0xe9 on line 3).
    >>> as_text(1, "a file")
    Traceback (most recent call last):
    ...
    splitpot.errors.ArgumentTypeError: a file is text (str or bytes), got int 1.
    """
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    if not isinstance(data, (bytes, bytearray)):
        raise ArgumentTypeError(f"{what} is text (str or bytes), got {describe(data)}.")
    raw = bytes(data)
    codec = next((codec for bom, codec in _BOMS if raw.startswith(bom)), "utf-8")
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError as err:
        if codec != "utf-8-sig" and codec != "utf-8":
            raise error(f"not {codec.upper()} text (it begins with the {codec.upper()} byte order mark, and "
                        f"byte {err.start} does not follow).") from None
        start = err.start + (len(codecs.BOM_UTF8) if codec == "utf-8-sig" else 0)  # counted after the mark
        line = raw.count(b"\n", 0, start) + 1
        raise error(f"not UTF-8 text (byte 0x{raw[start]:02x} on line {line}).") from None
    if "\x00" in text[:2] and len(raw) > 1 and (raw[0] == 0) != (raw[1] == 0):
        raise error("UTF-16 text without a byte order mark: save it as UTF-8.")
    return text.removeprefix("\ufeff")


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, the noun plural unless the count is one.

    >>> counted(1, "card"), counted(3, "hand"), counted(0, "computer player")
    ('1 card', '3 hands', '0 computer players')
    """
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _is_bool(value: object) -> bool:
    """True for ``True``/``False`` and numpy's bools (``bool_``; ``bool`` in numpy 2)."""
    kind = type(value)
    return kind is bool or (kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool"))


def _range_text(low: int | float | None, high: int | float | None) -> str:
    if low is not None and high is not None:
        return f"in {low}..{high}"
    if low is not None:
        return f">= {low}"
    return f"<= {high}"


def as_int(
    value: object,
    name: str,
    *,
    low: int | None = None,
    high: int | None = None,
    error: type[SplitpotError] = RuleError,
    type_error: type[SplitpotError] = ArgumentTypeError,
) -> int:
    """``value`` as an ``int`` in ``low..high`` (either bound may be None).

    >>> as_int(3, "players", low=2)
    3
    >>> as_int(-1, "samples", low=1)
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: samples must be >= 1, got -1.
    """
    if type(value) is int:  # the common case first: a plain int (never a bool) needs no conversion
        number = value
    elif isinstance(value, bool) or _is_bool(value):
        raise type_error(f"{name} must be an int, got {describe(value)}.")
    else:
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise type_error(f"{name} must be an int, got {describe(value)}.") from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise error(f"{name} must be {_range_text(low, high)}, got {number}.")
    return int(number)


def as_optional_int(
    value: object,
    name: str,
    *,
    low: int | None = None,
    high: int | None = None,
    error: type[SplitpotError] = RuleError,
) -> int | None:
    """``None`` or :func:`as_int`.

    >>> as_optional_int(None, "seed") is None
    True
    """
    return None if value is None else as_int(value, name, low=low, high=high, error=error)


def as_float(
    value: object,
    name: str,
    *,
    low: float | None = None,
    high: float | None = None,
    error: type[SplitpotError] = RuleError,
) -> float:
    """``value`` (an int or a float, not a bool) as a finite ``float`` in ``low..high``.

    >>> as_float(2, "seconds", low=0)
    2.0
    >>> as_float(float("nan"), "stderr")
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: stderr must be a finite number, got nan.
    """
    if isinstance(value, bool) or _is_bool(value) or not isinstance(value, numbers.Real):
        raise ArgumentTypeError(f"{name} must be a number, got {describe(value)}.")
    number = float(value)
    if not math.isfinite(number):
        raise error(f"{name} must be a finite number, got {number}.")
    if (low is not None and number < low) or (high is not None and number > high):
        raise error(f"{name} must be {_range_text(low, high)}, got {number}.")
    return number


def as_sequence(value: object, name: str, what: str = "values") -> tuple[Any, ...]:
    """``value`` (a list, tuple or other iterable, not text) as a tuple.

    >>> as_sequence([1, 2], "stacks")
    (1, 2)
    >>> as_sequence("12", "stacks", "ints")
    Traceback (most recent call last):
    ...
    splitpot.errors.ArgumentTypeError: stacks must be a sequence of ints, got str '12'.

    A mapping or a set is refused: it is iterable, but its order (a set's) or
    what it iterates (a dict's keys) is not a sequence of values.

    >>> as_sequence({0: 100, 1: 100}, "stacks", "ints")
    Traceback (most recent call last):
    ...
    splitpot.errors.ArgumentTypeError: stacks must be a sequence of ints (a list or tuple), got dict \
{0: 100, 1: 100}: a mapping iterates its keys, not its values.
    """
    if isinstance(value, (Mapping, Set)):
        mapping = isinstance(value, Mapping)
        kind = "a mapping iterates its keys, not its values" if mapping else "a set has no order"
        raise ArgumentTypeError(
            f"{name} must be a sequence of {what} (a list or tuple), got {describe(value)}: {kind}."
        )
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{name} must be a sequence of {what}, got {describe(value)}.")
    return tuple(value)


def as_ints(value: object, name: str, *, low: int | None = None) -> tuple[int, ...]:
    """A sequence of ints (each by :func:`as_int`, named by its index) as a tuple.

    >>> as_ints([100, 50], "stacks", low=0)
    (100, 50)
    >>> as_ints([100, True], "stacks", low=0)
    Traceback (most recent call last):
    ...
    splitpot.errors.ArgumentTypeError: stacks[1] must be an int, got bool True.
    """
    if (type(value) is list or type(value) is tuple) and all(  # the common case: plain ints in range
        type(v) is int and (low is None or v >= low) for v in value
    ):
        return tuple(value)
    return tuple(as_int(v, f"{name}[{i}]", low=low) for i, v in enumerate(as_sequence(value, name, "ints")))


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, as ``taskset`` or a
    container's limit sets it), not every core of the machine.

    >>> 1 <= usable_cores() <= (os.cpu_count() or 1)
    True
    """
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return int(counted() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def as_threads(value: object, name: str = "threads") -> int:
    """A thread count: ``None`` for every core this process may use, else an int in ``1..MAX_THREADS``.

    >>> as_threads(2), as_threads(None) >= 1
    (2, True)
    >>> as_threads(2**40)
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: threads must be in 1..1024, got 1099511627776; None uses every core.
    """
    if value is None:
        return usable_cores()
    try:
        return as_int(value, name, low=1, high=MAX_THREADS)
    except RuleError as err:  # 0 or -1 meaning "all cores" elsewhere: name the value that means it here
        raise RuleError(f"{str(err).rstrip('.')}; None uses every core.") from None


def as_bool(value: object, name: str) -> bool:
    """``value`` as a ``bool``: only ``True``/``False`` (numpy bools too), never 0, 1 or "yes".

    >>> as_bool(False, "duplicate")
    False
    >>> as_bool(1, "duplicate")
    Traceback (most recent call last):
    ...
    splitpot.errors.ArgumentTypeError: duplicate must be True or False, got int 1.
    """
    if isinstance(value, bool):
        return value
    if _is_bool(value):
        return bool(value)
    raise ArgumentTypeError(f"{name} must be True or False, got {describe(value)}.")


def folded(text: str) -> str:
    """A name as names are matched: ignoring case and the spaces around it, ``_`` as ``-``.

    >>> folded(" Ace_To_Five "), folded("Seven_Card_Stud")
    ('ace-to-five', 'seven-card-stud')
    """
    return text.strip().lower().replace("_", "-")


def as_choice(
    value: object,
    choices: type[E],
    name: str,
    *,
    error: type[SplitpotError] = RuleError,
) -> E:
    """An enum member of ``choices`` from the member or its value; text is
    matched ignoring case, with ``-`` and ``_`` alike.  The error lists the choices."""
    if isinstance(value, choices):
        return value
    if isinstance(value, str):
        key = folded(value)
        for member in choices:
            if folded(str(member.value)) == key:
                return member
        listed = ", ".join(repr(m.value) for m in choices)
        raise error(f"{name} must be one of {listed}; got {value!r}.")
    listed = ", ".join(repr(m.value) for m in choices)
    raise ArgumentTypeError(f"{name} must be one of {listed} (a str), got {describe(value)}.")


_QUALIFIER_RANKS = {**{str(n): n for n in range(5, 10)}, "T": 10, "J": 11, "Q": 12, "K": 13}
"""The ranks a low qualifier may name (what :func:`splitpot.cards._rank_index` reads for
them; ``"10"`` and ``"13"`` are numbers)."""


def qualifier_value(value: object, name: str = "qualifier", *, error: type[SplitpotError] = RuleError) -> int:
    """A low qualifier, the highest rank a qualifying low may hold: a rank (``"9"``,
    ``"T"``, ``"K"``) or its number (9, 10, 13: the king), five to king.  A value out
    of range raises ``error`` (the game engine's and equity's :class:`RuleError` by
    default; the evaluator passes :class:`RankingError`), one of the wrong type
    :class:`ArgumentTypeError`.  The engine's ``seven_card_stud_8(qualifier=)``, equity
    and the evaluator read it here (it imports nothing of the engine).

    >>> qualifier_value("T"), qualifier_value(9), qualifier_value("13"), qualifier_value(" q ")
    (10, 9, 13, 12)
    >>> from splitpot.errors import RankingError
    >>> qualifier_value("A", error=RankingError)
    Traceback (most recent call last):
    ...
    splitpot.errors.RankingError: qualifier must be a rank 5-9, T, J, Q or K (or a number 5..13), got 'A'.
    """
    if isinstance(value, str):
        text = value.strip().upper()
        number = _QUALIFIER_RANKS.get(text) or (int(text) if text.isdecimal() else 0)
        if not 5 <= number <= 13:
            raise error(f"{name} must be a rank 5-9, T, J, Q or K (or a number 5..13), got {value!r}.")
        return number
    return as_int(value, name, low=5, high=13, error=error)


def low_qualifier(value: object, *, error: type[SplitpotError] = RuleError) -> int:
    """The ``qualifier=`` keyword of the evaluator and of equity: 8 at once for the
    default (a plain int 8), else :func:`qualifier_value` (``error`` for a value out of
    range).  The one reading both share; each then says where another than 8 applies.

    >>> low_qualifier(8), low_qualifier("9"), low_qualifier(13)
    (8, 9, 13)
    """
    if value == 8 and type(value) is int:
        return 8
    return qualifier_value(value, error=error)


def check_keywords(given: dict[str, Any], known: frozenset[str] | set[str], what: str) -> None:
    """Refuse keyword options that ``what`` does not take, listing the ones it does.

    >>> check_keywords({"colour": 1}, {"low", "stakes"}, "seven-card-stud")
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: seven-card-stud has no option 'colour'; its options: low, stakes.
    """
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(repr(u) for u in unknown)
        plural = "options" if len(unknown) > 1 else "option"
        raise RuleError(f"{what} has no {plural} {names}; its options: {', '.join(sorted(known))}.")
