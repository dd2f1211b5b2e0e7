"""What a type checker makes of splitpot's public API: checked by mypy (the project's
configuration, strict) from ``tests/test_package_api.py::test_a_type_checker_sees_the_api_as_typed``,
never run or collected by pytest (its name is not ``test_*.py``).

``assert_type`` lines hold the types checkers infer; a call ending in ``# type:
ignore[code]`` must be refused with that code (strict mypy's ``warn_unused_ignores``
makes an ignore that is not needed an error, so a refusal that stopped is caught too).
"""

from __future__ import annotations

from typing import assert_type

import numpy as np

import splitpot
from splitpot import Card, Deck, EquityResult, Hand, PlayerEquity, Session, State, equity, get_game
from splitpot.two_card import TwoCardHand, evaluate_two, strength_two

# numpy ints are taken wherever Python ints are (SupportsIndex), a float is not
deck = Deck(seed=np.int64(3))
assert_type(deck.deal(np.int32(2)), list[Card])
deck.deal(2.5)  # type: ignore[arg-type]
State(get_game("lowball"), np.array([100, 100, 100]), button=np.int64(1), seed=np.uint64(7))
Session(get_game("lowball"), [np.int64(100), np.int64(100)], seed=np.int16(1))
california = State(get_game("california-lowball"), [100, 100], seed=np.int64(1))
california.act(np.int64(0), "draw", [], asked=np.int64(2), seen=np.int64(3))
california.verify_draw([], asked=np.int8(1))
assert_type(california.can_draw([], asked=np.int64(2)), bool)
california.draw([], asked=2.0)  # type: ignore[arg-type]
assert_type(splitpot.option_info("lowball"), tuple[splitpot.OptionInfo, ...])  # a server's forms
result = equity("seven-card-stud", ["As Ks Qs", "2c 3c 4c"], samples=np.int64(100), seed=np.int64(1),
                threads=np.int8(1))

# a misspelt keyword is an error to checkers too (Unpack[NoOtherKeyword])
equity("seven-card-stud", ["As Ks Qs", "2c 3c 4c"], sample=100)  # type: ignore[call-arg]
evaluate_two("As Ks", "high", wilds="2")  # type: ignore[call-arg]
strength_two("As Ks", "low", jocker="wild")  # type: ignore[call-arg]
assert_type(evaluate_two("As Ks", kind="low"), TwoCardHand)  # the old keyword, still taken

# only real names: no module __getattr__ lets a misspelt one pass
splitpot.evaluat  # type: ignore[attr-defined]  # noqa: B018


def _imported() -> None:
    from splitpot import NoSuchThing  # type: ignore[attr-defined]  # noqa: F401


# an EquityResult indexes to a player and slices to a tuple of them
assert_type(result, EquityResult)
assert_type(result[0], PlayerEquity)
assert_type(result[np.int64(1)], PlayerEquity)
assert_type(result[1:], tuple[PlayerEquity, ...])
result["first"]  # type: ignore[call-overload]

# cards and hands format as text (a format spec is a str: Card.__format__ is typed as object's)
card = Card("As")
assert_type(card.__format__(">3"), str)
card.__format__(3)  # type: ignore[arg-type]
hand = splitpot.evaluate("As Ks Qs Js Ts")
assert_type(hand, Hand | None)
assert hand is not None
assert_type(hand.__format__(">20"), str)
