"""Options as a dealer's-choice host writes them: every accepted spelling plays
and is announced alike, and errors name the game and the option written."""

from __future__ import annotations

import re

import pytest

from splitpot.dealers_choice import Call
from splitpot.errors import ArgumentTypeError, RuleError
from splitpot.games import GAME_OPTIONS, GAMES, WILD_OPTIONS, get_game
from splitpot.house import HouseList

_LOW_GAMES = ("seven-card-stud-high-low", "seven-card-stud-declare", "five-card-stud", "mexican-stud")


@pytest.mark.parametrize("game", _LOW_GAMES)
@pytest.mark.parametrize("spelling", ["deuce_to_seven", "Deuce-To-Seven", "DEUCE_TO_SEVEN"])
def test_low_is_matched_ignoring_case_and_dashes(game: str, spelling: str) -> None:
    assert get_game(game, low=spelling) == get_game(game, low="deuce-to-seven")


def test_house_list_low_with_underscores() -> None:
    house = HouseList.from_toml('[[call]]\ngame = "seven-card-stud-high-low"\nlow = "ace_to_six"\n')
    assert house.entries[0].call.spec.low == "ace-to-six"


def _spellings(value: str) -> list[str]:
    """Other spellings of an option value the games accept: case, - and _ alike."""
    swapped = value.replace("-", "_") if "-" in value else value.replace("_", "-")
    return [value.upper(), value.title(), swapped, swapped.upper(), swapped.capitalize()]


# (game, other options, option, canonical values)
_TEXT_CASES: list[tuple[str, dict[str, object], str, tuple[str, ...]]] = [
    ("lowball", {}, "joker", ("wild", "bug", "none")),
    ("seven-card-stud", {}, "joker", ("wild", "bug")),
    ("five-card-stud", {}, "positional",
     ("hole_card", "lowest_hole_card", "first_card", "third_card", "lowest_card")),
    ("mexican-stud", {}, "positional", ("none",)),
    ("seven-card-stud-8", {"wild": "2"}, "wild_low", ("zero", "best-rank", "lowest-absent")),
    ("seven-card-stud", {"penalty": "Qs"}, "penalty_rule", ("dead-hand", "void-card")),
    ("seven-card-stud-declare", {}, "declare", ("in-turn", "simultaneous")),
    ("seven-card-stud-8", {}, "declare", ("none", "in-turn", "simultaneous")),
    ("mexican-stud", {"low": "ace-to-five"}, "declare", ("in-turn", "simultaneous")),
    ("seven-card-stud-high-low", {}, "low", ("deuce-to-seven", "ace-to-six", "ace-to-five")),
    ("five-card-stud", {}, "low", ("deuce-to-seven", "ace-to-six", "ace-to-five")),
    ("mexican-stud", {}, "low", ("ace-to-six",)),
    ("jackpots", {}, "second_round", ("opener", "dealer-left")),
    ("jacks-back", {}, "second_round", ("dealer-left",)),
    ("california-lowball", {}, "sevens", ("off", "lose-all", "forfeit-pot")),
    ("jackpots", {}, "openers", ("q", "k")),
    ("seven-card-stud-8", {}, "qualifier", ("t", "k", "9")),
]


@pytest.mark.parametrize(("game", "others", "option", "values"), _TEXT_CASES,
                         ids=[f"{c[0]}-{c[2]}" for c in _TEXT_CASES])
def test_every_accepted_spelling_is_said_as_the_canonical_one(
    game: str, others: dict[str, object], option: str, values: tuple[str, ...]
) -> None:
    without = Call(game=game, options=others)
    for value in values:
        canonical = Call(game=game, options={**others, option: value})
        said = canonical.text()
        if canonical.spec.replace(options=()) != without.spec.replace(options=()):
            assert said != without.text(), value  # a value that changes the game is announced
        for spelling in _spellings(value):
            call = Call(game=game, options={**others, option: spelling})
            # the spec records openers as given (old recordings replay by it): the rest is equal
            assert call.spec.replace(options=()) == canonical.spec.replace(options=()), spelling
            assert call.text() == said, spelling


@pytest.mark.parametrize(("game", "option", "alike", "canonical"), [
    ("lowball", "joker", None, "none"),
    ("lowball", "joker", False, "none"),
    ("mexican-stud", "positional", None, "none"),
    ("seven-card-stud", "wild", ["2"], "2"),
    ("seven-card-stud", "penalty", ["qs"], "Qs"),
    ("jackpots", "openers", "Q", "q"),
    ("seven-card-stud-8", "qualifier", 9, "9"),
    ("seven-card-stud-8", "qualifier", 10, "T"),
])
def test_values_the_game_reads_alike_are_said_alike(
    game: str, option: str, alike: object, canonical: str
) -> None:
    said = Call(game=game, options={option: canonical}).text()
    assert Call(game=game, options={option: alike}).text() == said


@pytest.mark.parametrize("game", ["seven-card-stud-8", "seven-card-stud-high-low", "seven-card-stud-declare",
                                  "five-card-stud", "mexican-stud", "aces-deuces"])
def test_declare_none_is_the_games_own(game: str) -> None:
    """declare=None plays and is said as leaving declare out, in every game that takes it."""
    for others in ({}, {"low": "ace-to-six"}) if game in ("five-card-stud", "mexican-stud") else ({},):
        call = Call(game=game, options={**others, "declare": None})
        plain = Call(game=game, options=others)
        assert call.spec == plain.spec
        assert call.text() == plain.text()
        assert "None" not in call.text()


def test_the_joker_in_any_case_is_announced() -> None:
    assert Call(game="lowball", options={"joker": "WILD"}).text() == "lowball, the joker wild"
    said = Call(game="seven-card-stud", options={"joker": "Bug"}).text()
    assert said == "seven-card stud, the joker as the bug"


def test_openers_none_is_said_as_anything_opens() -> None:
    call = Call(game="jackpots", options={"openers": None})
    assert call.spec.opening is not None and call.spec.opening.minimum is None
    assert call.text() == "jackpots, anything opens"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_its_options_lists_every_option_the_game_takes(game: str) -> None:
    """The refusal lists the wild-card options too (every game takes them), and the
    list is the builder's own keywords with them."""
    with pytest.raises(RuleError, match="has no option 'bogus'") as info:
        get_game(game, bogus=1)
    listed = set(str(info.value).split("its options: ")[1].split(".")[0].split(", "))
    assert listed == GAME_OPTIONS[game] | set(WILD_OPTIONS)
    with pytest.raises(RuleError, match="its options: ") as own:
        GAMES[game](bogus=1)  # the builder alone: its own keywords
    assert set(str(own.value).split("its options: ")[1].rstrip(".").split(", ")) == GAME_OPTIONS[game]


@pytest.mark.parametrize(("game", "options", "stakes", "error", "message"), [
    ("seven-card-stud", {"open_pair": 1}, None, ArgumentTypeError,
     "seven-card-stud: open_pair must be True or False, got int 1."),
    ("five-card-stud", {"open_pair": "yes"}, None, ArgumentTypeError,
     "five-card-stud: open_pair must be True"),
    ("jackpots", {"openers": "Z"}, None, RuleError, "jackpots: openers must be a rank"),
    ("jacks-back", {"openers": "Z"}, None, RuleError, "jacks-back: openers must be a rank"),
    ("seven-card-stud", {}, {"bring_in": 7, "small_bet": 5}, RuleError,
     "seven-card-stud: stakes: bring_in (7) must be <= small_bet (5)."),
    ("seven-card-stud", {}, {"colour": 1}, RuleError, "seven-card-stud: stakes has no option 'colour'"),
    ("seven-card-stud", {"wild": "2", "penalty": "2"}, None, RuleError,
     "seven-card-stud: wild and penalty both name 2"),
    ("aces-deuces", {"fees": [-1, 1, 3]}, None, RuleError, "aces-deuces: fees: a fee must be >= 0, got -1."),
    ("seven-card-stud-high-low", {"low": "ace-to-seven"}, None, RuleError,
     "seven-card-stud-high-low: low must be one of"),
    ("lowball", {"joker": "loud"}, None, RuleError, "lowball: joker must be one of 'bug', 'wild'"),
    ("california-lowball", {"sevens": "maybe"}, None, RuleError, "california-lowball: sevens must be one of"),
])
def test_option_errors_name_the_game_and_the_option_written(
    game: str, options: dict[str, object], stakes: dict[str, int] | None, error: type[Exception],
    message: str,
) -> None:
    with pytest.raises(error) as info:
        Call(game=game, options=options, stakes=stakes)
    text = str(info.value)
    assert text.startswith(message), text
    for engine in ("Street '", "Opening:", "Stakes:", "Wilds:", "PaidDraws:", "big_bet_on_open", "minimum"):
        assert engine not in text
    if stakes is None:  # get_game says the same
        with pytest.raises(error, match=re.escape(message)):
            get_game(game, **options)


def test_california_stakes_point_to_limit_and_blinds() -> None:
    with pytest.raises(RuleError, match=r"lowball has no option 'stakes'.*give limit= .* or blinds="):
        Call(game="california-lowball", stakes={"ante": 1})
    with pytest.raises(RuleError, match=r"give limit="):
        get_game("california-lowball", stakes={"small_bet": 3, "big_bet": 6})


@pytest.mark.parametrize(("game", "stakes"), [
    ("seven-card-stud", {"blind_bet": False}),
    ("seven-card-stud-8", {"blinds_from": 3}),
    ("five-card-stud", {"blinds_from": 0}),
    ("mexican-stud", {"blind_bet": False}),
    ("aces-deuces", {"blinds_from": 2}),
    ("jackpots", {"blind_bet": False}),
    ("lowball", {"blinds_from": 0}),
])
def test_blind_fields_are_refused_in_games_without_blinds(game: str, stakes: dict[str, object]) -> None:
    field = next(iter(stakes))
    with pytest.raises(RuleError, match=rf"{game} has no blinds, so stakes {field}=.* would do nothing"):
        Call(game=game, stakes=stakes)
    with pytest.raises(RuleError, match="has no blinds"):
        get_game(game, stakes=stakes)
    assert Call(game=game, stakes={"ante": 2}).spec.stakes.ante == 2  # the other fields still apply


def test_penalty_rule_is_refused_in_two_card_hands() -> None:
    """A penalty card kills an aces-deuces hand whatever the rule (the game's readings)."""
    for rule in ("void-card", "dead-hand"):
        with pytest.raises(RuleError, match=r"penalty_rule='.*' does nothing in aces-deuces, which has two-"):
            Call(game="aces-deuces", options={"penalty": "Qs", "penalty_rule": rule})
    said = Call(game="aces-deuces", options={"penalty": "Qs"}).text()
    assert said == "aces-deuces, penalty card Qs (dead hand)"


@pytest.mark.parametrize(("option", "value", "message"), [
    ("wild", ["2", "2"], "wild names 2 twice"),
    ("wild", ["2", "2s"], r"wild names 2s twice \(2 names it already\)"),
    ("wild", ["Jd", "jd"], "wild names jd twice"),
    ("penalty", ["Qs", "Q"], r"penalty names Q twice \(Qs names it already\)"),
    ("penalty", ["Qs", "Jd Qs"], "penalty names Qs twice"),
])
def test_a_wild_or_penalty_card_named_twice_is_refused(option: str, value: object, message: str) -> None:
    with pytest.raises(RuleError, match=rf"seven-card-stud: {message}; name each {option} rank or card once"):
        Call(game="seven-card-stud", options={option: value})
    with pytest.raises(RuleError, match=message):
        get_game("lowball", **{option: value})
    wilds = get_game("seven-card-stud", **{option: ["2", "3", "Ks"]}).wilds  # distinct: accepted
    assert getattr(wilds, option) == ("2", "3", "Ks")


def test_a_recorded_call_naming_a_wild_rank_twice_still_replays() -> None:
    """Recorded before the repeat was refused: the call comes back dealing its recorded spec."""
    spec = get_game("seven-card-stud", _recorded=True, wild=["2", "2"])
    call = Call.recorded({"game": "seven-card-stud", "options": {"wild": ["2", "2"]}}, spec)
    assert call.spec == spec and call.text() == "seven-card stud, deuces wild"
