"""splitpot: fast poker hand evaluation with a C++ core, and the classic stud,
draw and high-low games by the book.

>>> import splitpot
>>> str(splitpot.evaluate("As Ks Qs Js Ts"))
'royal flush'
"""

from __future__ import annotations

from splitpot.cards import JOKER, Card, Deck, parse_cards
from splitpot.equity import EquityGame, EquityResult, PlayerEquity, equity
from splitpot.errors import (
    CardError,
    CardTypeError,
    IllegalActionError,
    RankingError,
    RuleError,
    SplitpotError,
)
from splitpot.evaluate import (
    Category,
    Hand,
    HighLow,
    Ranking,
    evaluate,
    evaluate_many,
    high_low,
    strength,
)

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "Card",
    "CardError",
    "CardTypeError",
    "Category",
    "Deck",
    "EquityGame",
    "EquityResult",
    "Hand",
    "HighLow",
    "IllegalActionError",
    "PlayerEquity",
    "Ranking",
    "RankingError",
    "RuleError",
    "SplitpotError",
    "__version__",
    "equity",
    "evaluate",
    "evaluate_many",
    "high_low",
    "parse_cards",
    "strength",
]
