"""Options as a dealer's-choice host writes them: every accepted spelling plays
and is announced alike, and errors name the game and the option written."""

from __future__ import annotations

import pytest

from splitpot.games import get_game
from splitpot.house import HouseList

_LOW_GAMES = ("seven-card-stud-high-low", "seven-card-stud-declare", "five-card-stud", "mexican-stud")


@pytest.mark.parametrize("game", _LOW_GAMES)
@pytest.mark.parametrize("spelling", ["deuce_to_seven", "Deuce-To-Seven", "DEUCE_TO_SEVEN"])
def test_low_is_matched_ignoring_case_and_dashes(game: str, spelling: str) -> None:
    assert get_game(game, low=spelling) == get_game(game, low="deuce-to-seven")


def test_house_list_low_with_underscores() -> None:
    house = HouseList.from_toml('[[call]]\ngame = "seven-card-stud-high-low"\nlow = "ace_to_six"\n')
    assert house.entries[0].call.spec.low == "ace-to-six"
