"""splitpot: fast poker hand evaluation with a C++ core, and the classic stud,
draw and high-low games by the book.

>>> import splitpot
>>> str(splitpot.evaluate("As Ks Qs Js Ts"))
'royal flush'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from splitpot.cards import JOKER, Card, Deck, cards_text_many, parse_cards, parse_cards_many
from splitpot.errors import (
    ArgumentTypeError,
    CardError,
    CardTypeError,
    EquityInterrupted,
    EquityStopped,
    HistoryError,
    IllegalActionError,
    IllegalActionTypeError,
    RankingError,
    RuleError,
    SplitpotError,
    StaleActionError,
)
from splitpot.evaluate import (
    MAX_THREADS,
    Category,
    Hand,
    HighLow,
    Ranking,
    categories,
    evaluate,
    evaluate_many,
    high_low,
    strength,
)
from splitpot.two_card import TwoCardHand, evaluate_two, strength_two
from splitpot.wild import JokerRule, PenaltyRule, WildLow

if TYPE_CHECKING:
    from splitpot.engine import ALL, GameSpec, History, Session, State, Street, Viewer
    from splitpot.equity import EquityGame, EquityResult, PlayerEquity, equity
    from splitpot.games import GAMES, OptionInfo, get_game, option_info
    from splitpot.ranges import Range, parse_range

__version__ = "0.1.0"

# The equity API, the ranges, the game engine and the game registry load on first use: a
# program that only evaluates hands does not pay for them at import. (The evaluator loads at
# once: `splitpot.evaluate` is also a submodule name, and binding the function now keeps a
# later `import splitpot.evaluate` from shadowing it. `splitpot.equity` is the equity module,
# made callable: `splitpot.equity(...)` calls `splitpot.equity.equity(...)`, and `import
# splitpot.equity as e` gives the module; loaded on first use too. Type checkers see the
# function.)
_LAZY = {
    "equity": "splitpot",
    "EquityGame": "splitpot.equity",
    "EquityResult": "splitpot.equity",
    "PlayerEquity": "splitpot.equity",
    "Range": "splitpot.ranges",
    "parse_range": "splitpot.ranges",
    "ALL": "splitpot.engine",
    "GameSpec": "splitpot.engine",
    "History": "splitpot.engine",
    "Session": "splitpot.engine",
    "State": "splitpot.engine",
    "Street": "splitpot.engine",
    "Viewer": "splitpot.engine",
    "GAMES": "splitpot.games",
    "get_game": "splitpot.games",
    "OptionInfo": "splitpot.games",
    "option_info": "splitpot.games",
}


if not TYPE_CHECKING:  # checkers see the names above: a module __getattr__ would make any name pass

    def __getattr__(name: str) -> object:
        """Load a lazily exported name (PEP 562) and keep it in the module."""
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'splitpot' has no attribute {name!r}")
        if module == "splitpot":  # `equity`: the submodule itself (the import binds it here too)
            value: object = import_module(f"splitpot.{name}")
        else:
            value = getattr(import_module(module), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The public names and the public submodules (not the helpers this module imports)."""
    from pkgutil import iter_modules

    submodules = {m.name for m in iter_modules(__path__) if not m.name.startswith("_")}
    return sorted({*__all__, *submodules})


__all__ = [
    "ALL",
    "GAMES",
    "JOKER",
    "MAX_THREADS",
    "ArgumentTypeError",
    "Card",
    "CardError",
    "CardTypeError",
    "Category",
    "Deck",
    "EquityGame",
    "EquityInterrupted",
    "EquityResult",
    "EquityStopped",
    "GameSpec",
    "Hand",
    "HighLow",
    "History",
    "HistoryError",
    "IllegalActionError",
    "IllegalActionTypeError",
    "JokerRule",
    "OptionInfo",
    "PenaltyRule",
    "PlayerEquity",
    "Range",
    "Ranking",
    "RankingError",
    "RuleError",
    "Session",
    "SplitpotError",
    "StaleActionError",
    "State",
    "Street",
    "TwoCardHand",
    "Viewer",
    "WildLow",
    "__version__",
    "cards_text_many",
    "categories",
    "equity",
    "evaluate",
    "evaluate_many",
    "evaluate_two",
    "get_game",
    "high_low",
    "option_info",
    "parse_cards",
    "parse_cards_many",
    "parse_range",
    "strength",
    "strength_two",
]
