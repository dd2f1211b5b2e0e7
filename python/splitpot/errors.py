"""Exception classes raised by splitpot.

Every error subclasses :class:`SplitpotError` and also :class:`ValueError` or
:class:`TypeError` (:class:`ImportError` for a missing optional extra,
:class:`RuntimeError` for a stopped exact equity run), so callers can catch
either the splitpot class or the built-in one.

Which class a bad input raises (one rule, applied at every public entry point
through :mod:`splitpot.validate`):

============================================  ==================================================
the input                                     the class
============================================  ==================================================
a value of the wrong type (a float, a bool    :class:`ArgumentTypeError` (a ``TypeError``)
or a str where an int is meant, a number
where a name is meant)
cards of the wrong type (a float card, a      :class:`CardTypeError` (an ``ArgumentTypeError``)
float array)
a card out of range, unknown card text, a     :class:`CardError` (a ``ValueError``)
duplicate, a batch of the wrong shape
an unknown ranking or evaluator option, a     :class:`RankingError` (a ``ValueError``)
value out of 0..65535 or whose category
field (bits 12..15) no category of the
ranking has (``categories``)
a bad game spec, game option, stakes, seat,   :class:`RuleError` (a ``ValueError``)
stack or thread count
an action not legal now (wrong amount,        :class:`IllegalActionError` (a ``ValueError``)
seat out of turn, unknown declaration)
an action's amount, seat or count of the      :class:`IllegalActionTypeError`: both an
wrong type (``complete(5.0)``,                ``IllegalActionError`` and an ``ArgumentTypeError``
``seat=True``)
an action asked for on a view of the hand     :class:`StaleActionError` (an ``IllegalActionError``)
that is out of date (``act``'s ``seen=``)
a view's ``since=k`` beyond the hand's        :class:`StaleViewError` (a ``StaleActionError`` and
events (a count from another hand)            a ``RuleError``)
a history document that does not match its    :class:`HistoryError` (a ``ValueError``)
schema or does not replay
a house list (dealer's choice) that is not     :class:`HouseListError` (a ``RuleError``)
TOML or names a bad call
a dealer's-choice session pickled with a       :class:`PolicyPickleError`: both an
dealer policy that does not pickle (a          ``ArgumentTypeError`` and a
lambda, a nested function)                     ``pickle.PicklingError``
an exact equity run stopped by its            :class:`EquityStopped` (a ``RuntimeError``)
``progress`` callback before it finished
============================================  ==================================================

Ctrl-C during an equity run raises :class:`EquityInterrupted`, a
``KeyboardInterrupt`` (not a ``SplitpotError``: ``except Exception`` lets it
through, as any Ctrl-C), which carries the partial Monte Carlo result.

So a game loop that catches :class:`IllegalActionError` also catches an
amount of the wrong type, and code that catches ``TypeError`` catches every
wrong type.  Whatever the class, a refused action leaves the state unchanged.

>>> from splitpot.errors import CardError, IllegalActionTypeError
>>> issubclass(CardError, ValueError)
True
>>> issubclass(IllegalActionTypeError, IllegalActionError), issubclass(IllegalActionTypeError, TypeError)
(True, True)
"""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from splitpot.equity import EquityResult

__all__ = [
    "ArgumentTypeError",
    "CardError",
    "CardTypeError",
    "EquityInterrupted",
    "EquityStopped",
    "ExtraMissingError",
    "HistoryError",
    "HouseListError",
    "IllegalActionError",
    "IllegalActionTypeError",
    "PolicyPickleError",
    "RankingError",
    "RuleError",
    "SplitpotError",
    "StaleActionError",
    "StaleViewError",
]


class SplitpotError(Exception):
    """Base class of every error raised by splitpot."""


class ArgumentTypeError(SplitpotError, TypeError):
    """An argument has the wrong type: a float or a bool where an int is meant, a
    number where a name is meant (the message names the argument and the value)."""


class CardError(SplitpotError, ValueError):
    """A card or a set of cards is invalid: unknown text, out of range, duplicated,
    the wrong number of cards, or a batch of the wrong shape."""


class CardTypeError(ArgumentTypeError):
    """Cards were given as the wrong type (e.g. a float, or a batch of float dtype)."""


class RankingError(SplitpotError, ValueError):
    """An unknown ranking name, an option that the ranking does not support, or a value
    that :func:`~splitpot.categories` cannot read under the ranking (out of 0..65535, or
    its category field, bits 12..15, one no category of the ranking has; the field
    alone is checked, so another ranking's strength may pass)."""


class RuleError(SplitpotError, ValueError):
    """A game specification, game option or table setup is invalid."""


class IllegalActionError(SplitpotError, ValueError):
    """A player or dealer action is not legal in the current state; the state is unchanged."""


class ExtraMissingError(SplitpotError, ImportError):
    """A feature needs an optional extra that is not installed (the message names
    the ``pip install`` that brings it, e.g. ``splitpot[plot]`` for pictures)."""


class EquityStopped(SplitpotError, RuntimeError):
    """An exact equity run was stopped (``progress`` returned False) before it finished:
    there is no partial exact answer (a Monte Carlo run returns the samples it drew)."""


class EquityInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped an equity run (:func:`splitpot.equity.equity`).

    A ``KeyboardInterrupt``, so a loop over many spots stops as Python code
    stops on Ctrl-C, and ``except Exception`` does not swallow it; not a
    :class:`SplitpotError` (it is no error of the input). ``result``: the
    Monte Carlo samples drawn before it, an ``EquityResult`` with ``stop`` =
    ``interrupted`` and ``partial`` True (a prefix of the full run), or None
    (an exact run, which has no partial answer, or no sample drawn yet).

    >>> error = EquityInterrupted(None)
    >>> isinstance(error, KeyboardInterrupt), error.result
    (True, None)
    """

    def __init__(self, result: EquityResult | None, message: str | None = None) -> None:
        if message is None:
            message = (
                "the equity run was interrupted (Ctrl-C)"
                if result is None
                else f"the equity run was interrupted (Ctrl-C) after {result.outcomes:,} samples"
            )
        super().__init__(message)
        self.result = result

    def __reduce__(self) -> tuple[type[EquityInterrupted], tuple[EquityResult | None, str]]:
        return type(self), (self.result, str(self))


class IllegalActionTypeError(IllegalActionError, ArgumentTypeError):
    """An action's amount, seat, cards or choice has the wrong type (``complete(5.0)``,
    ``declare("high", seat=True)``); the state is unchanged.  Both an
    :class:`IllegalActionError` and a ``TypeError``."""


class StaleActionError(IllegalActionError):
    """An action was asked for on a view of the hand that is out of date: the
    request said how many events it had seen (``State.act(..., seen=n)``) and
    the hand has logged more since (another player acted, a card was dealt, a
    request sent twice was already made); the state is unchanged.  The client
    refreshes its view (``view(seat, since=n)``) and asks again."""


class StaleViewError(StaleActionError, RuleError):
    """A view was asked for with ``State.view(seat, since=k)`` where ``k`` is more than
    the hand's events: the client's count is from another hand (or a bug).  A
    :class:`StaleActionError`, as ``act(..., seen=n)`` raises for ``n`` beyond the
    hand's events, so one handler serves both; also a :class:`RuleError`, which this
    case raised before."""


class HistoryError(SplitpotError, ValueError):
    """A hand history is malformed (it does not match the schema) or does not replay
    (a tampered deck, a card dealt twice, an action illegal at its point); the
    message names the event."""


class HouseListError(RuleError):
    """A dealer's-choice house list cannot be read (not TOML, a missing file) or
    names a call that is refused (an unknown game, an option that does not fit
    it, a bad weight); the message starts with the file and line (``house.toml:12:``)."""


class PolicyPickleError(ArgumentTypeError, pickle.PicklingError):
    """A dealer's-choice session is pickled, and one of its dealer policies cannot
    be: pickle stores a function by its module and name, so a lambda or a function
    defined inside another is not found again.  The message names the seat and the
    policy; a function defined at a module's top level, or an object of a class
    defined there, pickles.  Also a ``pickle.PicklingError``, which pickle raises
    for a lambda."""
