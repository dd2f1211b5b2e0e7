"""Exception classes raised by splitpot.

Every error subclasses :class:`SplitpotError` and also :class:`ValueError` or
:class:`TypeError`, so callers can catch either the splitpot class or the
built-in one.

>>> from splitpot.errors import CardError
>>> issubclass(CardError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "ArgumentTypeError",
    "CardError",
    "CardTypeError",
    "IllegalActionError",
    "RankingError",
    "RuleError",
    "SplitpotError",
]


class SplitpotError(Exception):
    """Base class of every error raised by splitpot."""


class CardError(SplitpotError, ValueError):
    """A card or a set of cards is invalid: unknown text, out of range, duplicated,
    the wrong number of cards, or a batch of the wrong shape."""


class CardTypeError(SplitpotError, TypeError):
    """Cards were given as the wrong type (e.g. a float, or a batch of float dtype)."""


class RankingError(SplitpotError, ValueError):
    """An unknown ranking name or an option that the ranking does not support."""


class RuleError(SplitpotError, ValueError):
    """A game specification or game option is invalid."""


class IllegalActionError(SplitpotError, ValueError):
    """A player or dealer action is not legal in the current state; the state is unchanged."""


class ArgumentTypeError(SplitpotError, TypeError):
    """An argument has the wrong type: a float or a bool where an int is meant, a
    number where a name is meant (the message names the argument and the value)."""
