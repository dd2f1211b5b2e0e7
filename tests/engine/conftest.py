"""Make the engine test helpers importable whatever --import-mode says."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
