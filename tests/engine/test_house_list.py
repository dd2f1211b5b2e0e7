"""House lists (dealer's choice): the TOML format, its errors naming file and
line, the example house shipped with the package, the computer dealer, and
``splitpot play dealers-choice``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from engine_helpers import run_play_cli

import splitpot
from splitpot.bots import SimpleBot
from splitpot.dealers_choice import Call, Deal, DealersChoice
from splitpot.engine.history import History
from splitpot.errors import HouseListError, RuleError
from splitpot.house import HouseDealer, HouseEntry, HouseList, example_house, load_house
from splitpot.wild import JokerRule, PenaltyRule, WildLow

EVERY_OPTION = {  # every option any game takes, wild-card options included
    "wild", "joker", "wild_low", "duplicate", "penalty", "penalty_rule", "positional",
    "open_pair", "uncapped_heads_up", "qualifier", "low", "declare", "both", "tie_keeps_half",
    "max_draw", "ace_draw", "pass_and_out", "no_check_raise", "second_round", "openers", "limit", "blinds",
    "sevens", "turn_up", "stand_is_final", "fees",
}


def test_the_example_house_uses_every_game_and_every_option_kind() -> None:
    house = example_house()
    calls = [e.call for e in house.entries]
    assert {c.game for c in calls} == set(splitpot.GAMES)
    used: dict[str, set[str]] = {}
    for call in calls:
        for name, value in call.options:
            used.setdefault(name, set()).add(str(value))
    assert set(used) == EVERY_OPTION
    assert any(c.stakes is not None for c in calls)
    assert used["positional"] == {"hole_card", "lowest_hole_card", "first_card", "third_card"}
    assert used["penalty_rule"] == {str(r) for r in PenaltyRule}
    assert {str(r) for r in JokerRule} | {"none"} == used["joker"]
    assert used["wild_low"] == {str(w) for w in WildLow} - {"zero"}
    assert any(len(c.spec.wilds.wild) > 1 for c in calls)  # ranks and single cards wild
    assert {c.spec.low for c in calls} >= {"ace-to-six", "ace-to-five", "deuce-to-seven"}
    assert any(c.spec.low_qualifier == 9 for c in calls)  # nine or better


@pytest.mark.parametrize("index", range(len(example_house().entries)))
def test_every_call_of_the_example_house_plays(index: int) -> None:
    entry = example_house().entries[index]
    session = DealersChoice([200] * 4, dealer=lambda deal: entry.call, seed=index)
    hands = session.play(4, SimpleBot(seed=index))
    assert len(hands) == 4 and all(h.game == entry.call.spec for h in hands)
    assert sum(session.stacks) == 800


def test_the_computer_dealer_picks_by_weight_among_the_calls_that_seat_the_table() -> None:
    heavy, light = Call(game="jackpots"), Call(game="mexican-stud")
    three = Call(game="california-lowball", options={"limit": 3})
    house = HouseList(entries=(HouseEntry(call=heavy, weight=3), HouseEntry(call=light),
                               HouseEntry(call=three, weight=100)))
    dealer = HouseDealer(house, seed=1)
    picks = Counter(dealer(Deal(dealer=0, number=1, stacks=(50, 50, 0))).game for _ in range(4000))
    assert set(picks) == {"jackpots", "mexican-stud"}  # two players with chips: no three blinds
    assert 2.6 < picks["jackpots"] / picks["mexican-stud"] < 3.4
    only_three = HouseList(entries=(HouseEntry(call=three),), source="three.toml")
    with pytest.raises(RuleError, match=r"three\.toml has no call for 2 players"):
        HouseDealer(only_three)(Deal(dealer=0, number=1, stacks=(50, 50)))


def test_the_computer_dealer_is_reproducible() -> None:
    deal = Deal(dealer=0, number=1, stacks=(50, 50, 50))
    first = HouseDealer(example_house(), seed=9)
    second = HouseDealer(example_house(), seed=9)
    picks = [first(deal) for _ in range(30)]
    assert picks == [second(deal) for _ in range(30)]
    assert len({c.text() for c in picks}) > 5


GOOD = """\
[house]
name = "test"

[[call]]
game = "jackpots"
weight = 2

[[call]]
game = "seven-card-stud"
wild = "2"
"""


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (GOOD.replace('game = "jackpots"', 'game = "texas"'), 5, "call 1 (texas): Unknown game 'texas'"),
        (GOOD.replace('wild = "2"', 'wild = "Z"'), 10, "call 2 (seven-card-stud): unknown wild rank"),
        (GOOD.replace('wild = "2"', 'openers = "Q"'), 10, "seven-card-stud has no option 'openers'"),
        (GOOD.replace("weight = 2", "weight = 0"), 6, "call 1 (jackpots): weight must be a number > 0"),
        (GOOD.replace("weight = 2", "weight = -1.5"), 6, "weight must be a number > 0"),
        (GOOD.replace("weight = 2", 'weight = "often"'), 6, "weight must be a number, got str 'often'"),
        (GOOD.replace("weight = 2", "weight = true"), 6, "weight must be a number, got bool True"),
        (GOOD.replace("weight = 2", "stakes = { ante = [1, 2] }"), 6, "unequal antes [1, 2]"),
        (GOOD.replace('game = "jackpots"\n', ""), 4, 'call 1: missing game = "..."'),
        (GOOD.replace("weight = 2", "weight = = 2"), 6, "not TOML: Invalid value"),
    ],
)
def test_house_file_errors_name_the_file_and_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HouseListError) as caught:
        load_house(path)
    assert str(caught.value).startswith(f"{path}:{line}: ")
    assert message in str(caught.value)
    assert isinstance(caught.value, RuleError) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a house list needs at least one [[call]]"),
        ('[house]\nname = "x"\n', "a house list needs at least one [[call]]"),
        ('[tables]\n[[call]]\ngame = "jackpots"\n', "unknown table 'tables'"),
        ('[house]\nowner = "x"\n[[call]]\ngame = "jackpots"\n', "[house] holds name (a string) and stakes"),
    ],
)
def test_house_file_structure_errors(text: str, message: str) -> None:
    with pytest.raises(HouseListError) as caught:
        HouseList.from_toml(text, source="h.toml")
    assert str(caught.value).startswith("h.toml: ") and message in str(caught.value)


def test_a_good_house_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(GOOD, encoding="utf-8")
    house = load_house(path)
    assert house.name == "test" and house.source == str(path)
    assert [(e.call.game, e.weight, e.line) for e in house.entries] == [
        ("jackpots", 2.0, 4), ("seven-card-stud", 1.0, 8)]


def test_a_house_file_takes_the_no_check_raise_option() -> None:
    """A draw game's no_check_raise is a house list's TOML key, and the call says it aloud."""
    house = HouseList.from_toml('[[call]]\ngame = "lowball"\nno_check_raise = true\n', source="h.toml")
    call = house.entries[0].call
    assert call.spec.streets[1].no_check_raise and call.text() == "lowball, no check-raise after the draw"


# ------------------------------------------------------------------- the CLI


run = run_play_cli


def test_cli_prints_each_call_then_the_hand_then_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["dealers-choice", "--players", "4", "--hands", "8", "--seed", "3", "--plain"],
                         capsys)
    assert code == 0 and "Traceback" not in err
    lines = out.splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("===== hand ")]
    assert len(heads) == 8
    dealers = []
    for i in heads:
        dealer, said = lines[i + 1].split(" deals: ")
        dealers.append(dealer)
        assert said and lines[i + 2].startswith(f"button: {dealer};")
    assert dealers == ["P0", "P1", "P2", "P3", "P0", "P1", "P2", "P3"]
    games = lines.index(next(line for line in lines if line.startswith("game ") and "hands" in line))
    counted = 0
    for line in lines[games + 1:]:
        if line.startswith("seat"):
            break
        counted += int(line.split()[1])
    assert counted == 8
    nets = [int(line.split()[3]) for line in lines if line.startswith("P") and len(line.split()) >= 5
            and line.split()[3][0] in "+-0"]
    assert len(nets) == 4 and sum(nets) == 0


def test_cli_is_reproducible_and_its_json_replays(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["dealers-choice", "--players", "3", "--hands", "6", "--seed", "12", "--json"]
    code, out, _ = run(argv, capsys)
    assert code == 0
    assert run(argv, capsys)[1] == out
    doc = json.loads(out)
    assert doc["format"] == "dealers-choice" and sum(doc["games"].values()) == len(doc["hands"]) == 6
    assert sum(doc["final_stacks"]) == 600
    for record in doc["hands"]:
        state = History.from_dict(record).replay()
        assert state.game_call is not None and state.game_call.to_dict() == record["call"]
        assert list(state.stacks) == record["final_stacks"]
        assert record["said"].startswith(f"P{record['dealer']} deals: ")


def test_cli_reads_a_house_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[[call]]\ngame = "five-card-stud-last-down"\nwild = "2"\n', encoding="utf-8")
    code, out, _ = run(["dealers-choice", "--players", "2", "--hands", "2", "--seed", "1", "--plain",
                        "--house", str(path)], capsys)
    assert code == 0
    assert "P0 deals: five-card stud, last card down, deuces wild" in out.splitlines()
    assert f"({path})" in out.splitlines()[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["dealers-choice", "--wild", "2"], "--wild: dealers-choice takes its games"),
        (["dealers-choice", "--ante", "2", "--open-pair"], "--ante, --open-pair: dealers-choice takes"),
        (["dealers-choice", "--players", "11"], "--players: no call of splitpot/data/house.toml seats 11"),
        (["jackpots", "--house", "h.toml"], "--house: the house list is for dealers-choice"),
        (["dealers-choice", "--seat", "3", "--players", "3"], "seat must be"),
        (["dealers-choice", "--me", "--json"], "--json prints a computer-only session"),
    ],
)
def test_cli_bad_flags_are_reported(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(argv, capsys)
    assert code == 2 and message in err and "Traceback" not in err


def test_cli_unreadable_house_file_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    """A file that cannot be read is not the input's fault: exit status 1 (docs/cli.md, "Exit status")."""
    code, _, err = run(["dealers-choice", "--house", "/no/such.toml"], capsys)
    assert code == 1
    assert err == "splitpot play: error: --house: cannot read /no/such.toml: No such file or directory.\n"


def test_cli_bad_house_file_names_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[[call]]\ngame = "jackpots"\nopeners = "Z"\n', encoding="utf-8")
    code, _, err = run(["dealers-choice", "--house", str(path)], capsys)
    assert code == 2 and err.startswith(f"splitpot play: error: {path}:3: call 1 (jackpots): ")


def test_cli_hands_flag_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        run(["dealers-choice", "--hands", "0"], capsys)
    assert caught.value.code == 2 and "--hands" in capsys.readouterr().err


def test_a_house_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Was: 'bom.toml:1: not TOML: Invalid statement.' (some editors save UTF-8 with a BOM)."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + '[house]\nname = "Böm"\n[[call]]\ngame = "lowball"\n'.encode())
    house = load_house(path)
    assert house.name == "Böm" and [e.call.game for e in house.entries] == ["lowball"]


_HOUSE_STAKES = ('[house]\nname = "Thursday"\n'
                 'stakes = { ante = 2, bring_in = 3, small_bet = 10, big_bet = 20 }\n')


def test_house_stakes_are_laid_into_every_call_that_takes_stakes() -> None:
    house = HouseList.from_toml(
        _HOUSE_STAKES + '[[call]]\ngame = "seven-card-stud"\n[[call]]\ngame = "five-card-stud"\n'
        '[[call]]\ngame = "jackpots"\nstakes = { ante = 5 }\n[[call]]\ngame = "california-lowball"\n'
        'limit = 5\n[[call]]\ngame = "aces-deuces"\n', source="t.toml")
    stakes = [e.call.spec.stakes for e in house.entries]
    assert (stakes[0].ante, stakes[0].bring_in, stakes[0].small_bet, stakes[0].big_bet) == (2, 3, 10, 20)
    assert (stakes[1].ante, stakes[1].bring_in, stakes[1].small_bet) == (2, 0, 10)  # no bring-in there
    assert (stakes[2].ante, stakes[2].small_bet, stakes[2].big_bet) == (5, 10, 20)  # the call's first
    assert stakes[3].blinds == (1, 2, 2) and stakes[3].small_bet == 5  # California: its limit and blinds
    assert (stakes[4].ante, stakes[4].small_bet) == (2, 10)
    again = HouseList.from_dict(house.to_dict(), source="t.toml")  # what a saved dealer writes
    assert [e.call for e in again.entries] == [e.call for e in house.entries]
    assert again.stakes == house.stakes == (("ante", 2), ("bring_in", 3), ("small_bet", 10), ("big_bet", 20))
    table = HouseList.from_toml('[house.stakes]\nante = 3\n[[call]]\ngame = "lowball"\n')  # a subtable alike
    assert table.entries[0].call.spec.stakes.ante == 3


@pytest.mark.parametrize(("text", "message"), [
    ('[house]\nstakes = { blinds = [1, 2] }\n[[call]]\ngame = "jackpots"\n',
     "t.toml: [house] stakes: no field 'blinds'; the house's stakes are ante, bring_in, small_bet and "),
    ('[house]\nstakes = 5\n[[call]]\ngame = "jackpots"\n', "t.toml: [house] stakes is a table"),
    ('[house]\nstakes = { ante = -1 }\n[[call]]\ngame = "jackpots"\n', "[house] stakes: ante must be >= 0"),
    ('[house]\nstakes = { ante = 2 }\n[[call]]\ngame = "california-lowball"\n',
     "t.toml: [house] stakes do nothing: no call's game takes stakes"),
    ('[house]\nstakes = { bring_in = 2 }\n[[call]]\ngame = "jackpots"\n',
     "t.toml: [house] stakes: bring_in does nothing: no call's game has a bring-in (seven-card-stud, "
     "seven-card-stud-8, seven-card-stud-high-low, seven-card-stud-declare do); leave it out."),
    # a call with no stakes of its own: the fault is the [house] stakes', on their line (was: the call's)
    ('[house]\nstakes = { bring_in = 7 }\n[[call]]\ngame = "seven-card-stud"\n',
     "t.toml:2: [house] stakes: bring_in (7) must be <= small_bet (5). (as call 1 (seven-card-stud) on "
     "line 3 takes them)"),
    ('[house]\nname = "t"\n\n[house.stakes]\nbring_in = 30\nsmall_bet = 10\n\n[[call]]\ngame = "jackpots"\n'
     '[[call]]\ngame = "seven-card-stud"\n',
     "t.toml:4: [house] stakes: bring_in (30) must be <= small_bet (10). (as call 2 (seven-card-stud) on "
     "line 10 takes them)"),
    ('[house]\nstakes = { bring_in = 7 }\n[[call]]\ngame = "seven-card-stud"\nstakes = { ante = 1 }\n',
     "t.toml:5: call 1 (seven-card-stud): stakes: bring_in (7) must be <= small_bet (5). (the call's "
     "stakes laid over the [house] stakes)"),
    ('[house]\ncolour = "red"\n[[call]]\ngame = "jackpots"\n', "[house] holds name (a string) and stakes"),
])
def test_house_stakes_that_cannot_apply_are_refused(text: str, message: str) -> None:
    with pytest.raises(HouseListError) as info:
        HouseList.from_toml(text, source="t.toml")
    assert message in str(info.value)


def test_the_stakes_flags_at_dealers_choice_point_to_the_house_stakes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from splitpot.cli import main

    assert main(["play", "dealers-choice", "--ante", "2"]) == 2
    assert "stakes for every call: a stakes table in [house]" in capsys.readouterr().err
