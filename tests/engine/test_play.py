"""The ``splitpot play`` command."""

from __future__ import annotations

import argparse
import json

import pytest

from splitpot.games import GAMES
from splitpot.play import add_play_parser, run_play

OPENING = {  # what the first round of each game prints
    "five-card-stud": "has the highest upcard", "five-card-stud-last-down": "has the highest upcard",
    "five-card-stud-five-bets": "has the lowest upcard", "mexican-stud": "turns up",
    "aces-deuces": "acts first with the best hand showing",
}
FIRST_STREET = {"aces-deuces": "*** deal ***"}
OPENING |= {game: "has the lowest upcard" for game in GAMES if game.startswith("seven")}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="splitpot")
    add_play_parser(parser.add_subparsers(dest="command"))
    code = run_play(parser.parse_args(["play", *argv]))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("game", sorted(GAMES))
def test_text_output_reads_like_a_hand(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([game, "--players", "6", "--seed", "3"], capsys)
    assert code == 0
    assert out.startswith(f"{game}: 6 players, seed 3")
    first = FIRST_STREET.get(game, "*** third street ***")
    assert first in out and OPENING[game] in out and " wins " in out
    assert out.rstrip().splitlines()[-1].startswith("stacks: P0 ")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_json_document(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([game, "--players", "4", "--seed", "1", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["game"] == game and doc["players"] == 4
    assert doc["starting_stacks"] == [200] * 4 and sum(doc["final_stacks"]) == 800
    assert doc["events"][0]["event"] == "ante" and doc["events"][-1]["event"] == "end"


def test_same_seed_same_hand(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(["seven-card-stud-8", "--seed", "11", "--json"], capsys)[1]
    assert run(["seven-card-stud-8", "--seed", "11", "--json"], capsys)[1] == first


def test_session_of_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["seven-card-stud-declare", "--hands", "3", "--seed", "2", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and len(doc["hands"]) == 3
    assert [h["button"] for h in doc["hands"]] == [0, 1, 2]
    assert doc["final_stacks"] == doc["hands"][-1]["final_stacks"]
    code, text, _ = run(["seven-card-stud-declare", "--hands", "3", "--seed", "2"], capsys)
    assert "===== hand 3 =====" in text and "after 3 hands:" in text


def test_eight_players_may_need_the_community_card(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(40):
        code, out, _ = run(["seven-card-stud", "--players", "8", "--seed", str(seed), "--stack", "1000",
                            "--small-bet", "2", "--big-bet", "2", "--bring-in", "1"], capsys)
        assert code == 0
        if "community card" in out:
            return
    pytest.skip("no seed in range reached the community card")


def test_bad_options_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["seven-card-stud-8", "--low", "ace-to-five"], capsys)
    assert code == 2 and "unknown options ['low']" in err
    code, _, err = run(["seven-card-stud", "--players", "9"], capsys)
    assert code == 2 and "needs 2 to 8 players" in err


def test_help_lists_games_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="splitpot")
    add_play_parser(parser.add_subparsers(dest="command"))
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--help"])
    out = capsys.readouterr().out
    assert all(game in out for game in GAMES) and "--open-pair" in out and "--declare" in out


def test_the_splitpot_command_runs_play(capsys: pytest.CaptureFixture[str]) -> None:
    cli = pytest.importorskip("splitpot.cli")
    assert cli.main(["play", "seven-card-stud", "--players", "3", "--seed", "5"]) == 0
    assert "seven-card-stud: 3 players" in capsys.readouterr().out
