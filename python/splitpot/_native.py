"""The compiled core, imported in one place: where it is missing (the package imported
from a source tree that was never built) the error says how to build it.

Every module that calls the core imports ``_core`` from here.

>>> from splitpot._native import _core
>>> _core.__name__
'splitpot._core'
>>> print(MISSING)  # doctest: +ELLIPSIS
splitpot's compiled core (splitpot._core) is missing: ... 'pip install .' ... editable install ...
"""

from __future__ import annotations

__all__ = ["MISSING", "_core"]

MISSING = (
    "splitpot's compiled core (splitpot._core) is missing: install the package with "
    "'pip install .' (it builds the C++ extension), or from a clone the editable install of "
    "README.md's Development section, 'pip install --no-build-isolation -e \".[dev]\"' "
    "(after its build requirements), rather than importing it from the source tree"
)
"""The message of the ImportError raised when the compiled core cannot be imported."""

try:
    from splitpot import _core
except ImportError as err:  # pragma: no cover - only without a built extension
    raise ImportError(MISSING) from err
