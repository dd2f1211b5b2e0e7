"""``python -m splitpot``: the ``splitpot`` command (:func:`splitpot.cli.main`)."""

from __future__ import annotations

import sys

from splitpot.cli import main

if __name__ == "__main__":
    sys.exit(main())
