"""The children that the Ctrl-C tests interrupt start with SIGINT's default action.

A shell that starts the test suite in the background (``pytest &`` in a script) makes it
ignore SIGINT; its children inherit that, and Python then never turns the signal into
KeyboardInterrupt, so the child would run on. ``preexec_fn=default_sigint`` undoes it.
"""

from __future__ import annotations

import signal


def default_sigint() -> None:
    """In the child, before it starts: SIGINT interrupts again."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
