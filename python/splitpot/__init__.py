"""splitpot: fast poker hand evaluation with a C++ core, and the classic stud,
draw and high-low games by the book.

>>> import splitpot
>>> str(splitpot.evaluate("As Ks Qs Js Ts"))
'royal flush'
"""

from __future__ import annotations

from splitpot.cards import JOKER, Card, Deck, parse_cards
from splitpot.engine import GameSpec, History, Session, State, Street
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
from splitpot.games import GAMES, get_game
from splitpot.ranges import Range, parse_range
from splitpot.two_card import TwoCardHand, evaluate_two, strength_two
from splitpot.wild import JokerRule, PenaltyRule, WildLow

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "JOKER",
    "Card",
    "CardError",
    "CardTypeError",
    "Category",
    "Deck",
    "EquityGame",
    "EquityResult",
    "GameSpec",
    "Hand",
    "HighLow",
    "History",
    "IllegalActionError",
    "JokerRule",
    "PenaltyRule",
    "PlayerEquity",
    "Range",
    "Ranking",
    "RankingError",
    "RuleError",
    "Session",
    "SplitpotError",
    "State",
    "Street",
    "TwoCardHand",
    "WildLow",
    "__version__",
    "equity",
    "evaluate",
    "evaluate_many",
    "evaluate_two",
    "get_game",
    "high_low",
    "parse_cards",
    "parse_range",
    "strength",
    "strength_two",
]
