"""The ``splitpot play`` command."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest
from engine_helpers import draw_deck, run_play_cli, sevens_rule_deal

from splitpot.bots import SimpleBot
from splitpot.dealers_choice import DealersChoice
from splitpot.engine.history import History
from splitpot.engine.session import Session
from splitpot.engine.state import State
from splitpot.errors import RuleError
from splitpot.games import GAME_OPTIONS, GAMES, get_game
from splitpot.house import example_house, house_dealer, house_session
from splitpot.narrate import ALL, describe_hand
from splitpot.play import add_play_parser

STUD = sorted(g for g in GAMES if g.startswith("seven-card"))
DRAW = ["jackpots", "lowball", "california-lowball", "jacks-back"]
FIVE = ["five-card-stud", "five-card-stud-last-down", "five-card-stud-five-bets", "mexican-stud",
        "aces-deuces"]

OPENING = {  # what the first round of each game prints
    "five-card-stud": "has the highest upcard", "five-card-stud-last-down": "has the highest upcard",
    "five-card-stud-five-bets": "has the lowest upcard", "mexican-stud": "turns up",
    "aces-deuces": "acts first with the best hand showing",
}
FIRST_STREET = {"aces-deuces": "*** deal ***"}
OPENING |= {game: "has the lowest upcard" for game in GAMES if game.startswith("seven")}


run = run_play_cli


@pytest.mark.parametrize("game", STUD + FIVE)
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
    assert doc["events"][0]["event"] in ("ante", "blind") and doc["events"][-1]["event"] == "end"
    replayed = History.from_dict(doc).replay()
    assert replayed.stacks == doc["final_stacks"] and replayed.history().to_dict()["events"] == doc["events"]


@pytest.mark.parametrize(("game", "hands"), [("jackpots", 3), ("seven-card-stud", 1), ("aces-deuces", 2)])
def test_the_json_document_resumes_as_the_session_it_printed(
    game: str, hands: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """`play --hands K --json` prints the session's own document: Session.from_json
    resumes it, and the resumed session deals on as one that played K + 2 hands."""
    code, out, _ = run([game, "--players", "3", "--seed", "6", "--hands", str(hands), "--json"], capsys)
    assert code == 0
    resumed = Session.from_json(out)
    session = Session(get_game(game), [200] * 3, seed=6)
    session.play(hands, SimpleBot(seed=6))
    assert [h.events for h in resumed.hands] == [h.events for h in session.hands]
    assert resumed.stacks == json.loads(out)["final_stacks"]
    ours, theirs = session.play(2, SimpleBot(seed=1)), resumed.play(2, SimpleBot(seed=1))
    assert [h.events for h in ours] == [h.events for h in theirs]


def test_the_dealers_choice_json_document_resumes_with_the_house_dealer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["dealers-choice", "--players", "3", "--seed", "5", "--hands", "4", "--json"], capsys)
    assert code == 0
    resumed = DealersChoice.from_json(out, dealer=house_dealer(example_house(), 5), ask_dealers=True)
    session = house_session(example_house(), [200] * 3, seed=5)
    session.play(4, SimpleBot(seed=5))
    assert resumed.calls == session.calls and resumed.stacks == json.loads(out)["final_stacks"]
    ours, theirs = session.play(3, SimpleBot(seed=2)), resumed.play(3, SimpleBot(seed=2))
    assert [(h.game_call, h.events) for h in ours] == [(h.game_call, h.events) for h in theirs]


@pytest.mark.parametrize("game", DRAW)
def test_draw_games_read_like_a_hand(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([game, "--players", "5", "--seed", "3", "--hands", "12"], capsys)
    assert code == 0 and out.startswith(f"{game}: 5 players, seed 3")
    assert "*** before the draw ***" in out and "*** the draw ***" in out and "  (burn)" in out
    assert re.search(r"  P\d discards [1-5], draws [1-5]\n", out) and "stands pat" in out
    assert " wins " in out and "after 12 hands:" in out
    assert [line for line in out.splitlines() if "discards" in line and "[" in line] == []  # discards hidden
    if game in ("jackpots", "jacks-back"):
        assert re.search(r"  P\d opens for 5\n", out) and "shows his openers: " in out
        assert "nobody opens" in out and "deals again (deal 2; the pot of" in out
    if game == "jacks-back":
        assert "*** nobody opened: the same hands are played again as lowball ***" in out
    if game == "california-lowball":
        assert "P0 posts a blind of 1" in out and "blinds 1/1, limits 2/4" in out


def test_draw_game_options_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["california-lowball", "--limit", "5", "--sevens", "off", "--players", "4",
                        "--seed", "1", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["spec"]["stakes"]["blinds"] == [1, 2, 2] and doc["spec"]["sevens"] == "off"
    code, out, _ = run(["california-lowball", "--limit", "4", "--blinds", "1,1,2", "--players", "3",
                        "--seed", "1", "--json"], capsys)
    assert code == 0 and json.loads(out)["spec"]["stakes"]["blinds"] == [1, 1, 2]
    code, out, _ = run(["jackpots", "--pass-and-out", "--max-draw", "3", "--ace-draw", "4",
                        "--second-round", "dealer-left", "--openers", "Q", "--seed", "2", "--json"], capsys)
    spec = json.loads(out)["spec"]
    assert code == 0 and spec["opening"] == {"minimum": "Q", "pass_and_out": True, "then": None}
    assert spec["streets"][1]["draw"] == 3 and spec["draws"]["ace_draw"] == 4
    code, out, _ = run(["lowball", "--joker", "none", "--seed", "2", "--json"], capsys)
    assert code == 0 and len(json.loads(out)["deck"]) == 52
    code, out, _ = run(["lowball", "--no-pass-and-out", "--seed", "2", "--json"], capsys)
    assert code == 0 and json.loads(out)["spec"]["streets"][0]["pass_and_out"] is False
    code, out, _ = run(["lowball", "--no-check-raise", "--seed", "2", "--json"], capsys)
    assert code == 0 and json.loads(out)["spec"]["streets"][1]["no_check_raise"] is True
    code, out, _ = run(["california-lowball", "--check-raise", "--seed", "2", "--json"], capsys)
    assert code == 0 and json.loads(out)["spec"]["streets"][1]["no_check_raise"] is False


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["jackpots", "--sevens", "off"], "jackpots has no option '--sevens'; its options: --ace-draw"),
        (["california-lowball", "--limit", "4"], "covers limits 2, 3 and 5, not 4"),
        # was: 'e.g. --blinds(1, 1, 2)', not a command line
        (["california-lowball", "--limit", "4"], "e.g. --blinds 1,1,2."),
        # was: 'totalling the limit 2' with no word of --limit
        (["california-lowball", "--blinds", "1,3"], "without --limit: give --limit 4 --blinds 1,3"),
        (["california-lowball", "--limit", "4", "--blinds", "1,2"], "totalling the limit 4; got [1, 2]"),
        (["california-lowball", "--small-bet", "3"], "use --limit (and --blinds), not --small-bet"),
        (["lowball", "--bring-in", "2"], "lowball has no bring-in"),
        (["california-lowball", "--blinds", "1,x"], "--blinds takes amounts separated by commas"),
    ],
)
def test_bad_draw_game_options_are_reported(argv: list[str], message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(argv, capsys)
    assert code == 2 and message in err


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


_SMALL_HOUSE = """[house]
name = "A small house"

[[call]]
game = "seven-card-stud"
weight = 2

[[call]]
game = "jackpots"

[[call]]
game = "five-card-stud"
"""
"""A house of its own for the seeded dealer's-choice run below (the example house changes with
every game added)."""


@pytest.mark.parametrize(("game", "played"), [("seven-card-stud", 11), ("dealers-choice", 12)])
def test_a_run_that_ends_early_says_why(game: str, played: int, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A run that stops before the hands asked for (one player has every chip after a dozen of
    500) says why it stopped; one that plays them all says nothing of it."""
    house = tmp_path / "house.toml"
    house.write_text(_SMALL_HOUSE, encoding="utf-8")
    table = ["--house", str(house)] if game == "dealers-choice" else []
    argv = [game, *table, "--players", "2", "--stack", "20", "--hands", "500", "--seed", "1"]
    code, text, _ = run(argv, capsys)
    assert code == 0 and f"after {played} hands:" in text
    assert text.rstrip().endswith("the session is over: too few players have chips for another hand "
                                  "(1 has chips)")
    code, text, _ = run([*argv[:-3], "3", "--seed", "1"], capsys)  # all the hands asked for: no note
    assert code == 0 and "after 3 hands:" in text and "the session is over" not in text


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
    listed = "its options: --both, --declare, --open-pair, --qualifier, --tie-keeps-half; also"
    assert code == 2 and "stud-8 has no option '--low'; " + listed in err
    code, _, err = run(["seven-card-stud", "--players", "9"], capsys)
    assert code == 2 and "seats 2 to 8 players" in err


@pytest.mark.parametrize(("game", "also"), [
    # two-card hands: no --wild-low, --duplicate or --penalty-rule (get_game refuses them there)
    ("aces-deuces", "--no-cap-heads-up, --wild, --joker, --penalty, --positional."),
    # no low, nor a --low to give one: no --wild-low
    ("seven-card-stud", "--no-cap-heads-up, --wild, --joker, --duplicate, --penalty, --penalty-rule, "
                        "--positional."),
    ("five-card-stud", "--no-cap-heads-up, --wild, --joker, --wild-low, --duplicate, --penalty, "
                       "--penalty-rule, --positional."),  # --low gives it a low
])
def test_the_options_every_game_has_are_listed_as_the_game_takes_them(
    capsys: pytest.CaptureFixture[str], game: str, also: str
) -> None:
    """Was: a fixed list, "every game takes ... --wild-low, --duplicate, --penalty-rule",
    though aces-deuces refuses those three and seven-card-stud --wild-low."""
    code, _, err = run([game, "--max-draw", "2"], capsys)
    assert code == 2 and err.rstrip().endswith("; also " + also)
    listed = err.rstrip().rstrip(".").split("; also ")[1].split(", ")
    for flag in {"--wild-low", "--duplicate", "--penalty-rule"} & set(listed):  # each taken, given cards
        value = {"--wild-low": ["zero"], "--penalty-rule": ["void-card"]}.get(flag, [])
        low = ["--low", "ace-to-five"] if game == "five-card-stud" and flag == "--wild-low" else []
        cards = ["--wild", "2", "--penalty", "3"]
        code, _, err = run([game, "--hands", "1", "--seed", "1", flag, *value, *cards, *low], capsys)
        assert code == 0, (flag, err)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["california-lowball", "--ante", "2"], "use --limit (and --blinds), not --ante."),
        (["five-card-stud", "--qualifier", "9"], "five-card-stud has no option '--qualifier'; its options:"),
        (["jackpots", "--openers", "X"], "error: jackpots: --openers must be a rank (2-9, T, J, Q, K, A"),
        (["seven-card-stud", "--wild", "1"], "error: seven-card-stud: unknown wild rank or card '1'"),
        (["five-card-stud", "--declare", "in-turn"], "high-low game; give --low as well."),
        (["seven-card-stud-8", "--tie-keeps-half"], "declarations (--declare in-turn or simultaneous)."),
        (["seven-card-stud-8", "--both"],
         "error: seven-card-stud-8: --both needs declarations (--declare in-turn"),
        # options with no flag (fees, stakes) are left out of the list
        (["aces-deuces", "--open-pair"],
         "its options: --both, --declare, --stand-is-final, --tie-keeps-half; also "
         "--no-cap-heads-up, --wild, --joker,"),
        # was: --check-raise missing from the list, --no-cap-heads-up the one every-game option in it
        (["california-lowball", "--no-pass-and-out"],
         "its options: --blinds, --limit, --max-draw, --check-raise/--no-check-raise, --sevens; also"),
    ],
)
def test_bad_options_are_named_by_their_flag(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    """Each flag once, as typed: no '----ante', no engine class names ('Opening: minimum', 'Wilds:')."""
    code, _, err = run(argv, capsys)
    assert code == 2 and expected in err, err
    assert "----" not in err and "Opening" not in err and "Wilds" not in err and "None" not in err


def test_max_draw_flag_takes_the_range_the_games_take(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: --max-draw 0 passed the flag (0..5), then the game refused it in other words."""
    from splitpot.cli import main

    with pytest.raises(SystemExit):
        main(["play", "lowball", "--max-draw", "0"])
    assert "argument --max-draw: must be in 1..5, got 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "jackpots", "--max-draw", "3", "--ace-draw", "1"])
    assert "argument --ace-draw: must be in 2..4, got 1" in capsys.readouterr().err


def test_help_lists_games_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="splitpot")
    add_play_parser(parser.add_subparsers(dest="command"))
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--help"])
    out = capsys.readouterr().out
    assert all(game in out for game in GAMES) and "--open-pair" in out and "--declare" in out
    assert "--sevens" in out and "--pass-and-out" in out and "jacks or better to open" in out


def _help_rows() -> tuple[str, dict[str, str]]:
    """``play --help``'s text and its options by game: each row's flags to its text."""
    parser = argparse.ArgumentParser(prog="splitpot")
    add_play_parser(parser.add_subparsers(dest="command"))
    play = parser._subparsers._group_actions[0].choices["play"]  # type: ignore[union-attr]
    text = play.format_help()
    rows: dict[str, str] = {}
    flags = ""
    for line in text.split("options by game:\n")[1].split("\n\n")[0].splitlines():
        if line.startswith("  --"):
            flags, rest = re.fullmatch(r"  (--.*?)(?: {2,}(.*))?", line).groups()  # type: ignore[union-attr]
            rows[flags] = (rest or "").strip()
        else:
            rows[flags] = f"{rows[flags]} {line.strip()}".strip()
    return text, rows


def _lists(row: str, game: str) -> bool:
    """Whether a row's games (before its notes) take ``game``: named, in a NAME* family, or every game."""
    games = row.split(" (")[0].split(", ")
    return "every game" in games or game in games or any(
        g.endswith("*") and (game == g[:-1] or game.startswith(g[:-1] + "-")) for g in games)


# The flag of each game keyword that has one (stakes: --ante, ...; fees: none).
_FLAG_OF = {"uncapped_heads_up": "--no-cap-heads-up", "stakes": "--ante", "qualifier": "--qualifier",
            "open_pair": "--open-pair", "low": "--low", "declare": "--declare", "both": "--both",
            "tie_keeps_half": "--tie-keeps-half", "max_draw": "--max-draw", "pass_and_out": "--pass-and-out",
            "no_check_raise": "--no-check-raise", "ace_draw": "--ace-draw", "second_round": "--second-round",
            "openers": "--openers", "limit": "--limit", "blinds": "--blinds", "sevens": "--sevens",
            "turn_up": "--turn-up", "stand_is_final": "--stand-is-final"}


def test_help_names_every_game_under_each_option_it_takes() -> None:
    from splitpot.games import GAME_OPTIONS
    _, rows = _help_rows()
    for game, options in GAME_OPTIONS.items():
        for keyword in options - {"fees"}:
            flag = _FLAG_OF[keyword]
            [row] = [text for flags, text in rows.items() if flag in flags.split(", ")]
            if f"(not {game}," in row:  # listed, and refused on its own: the help says so
                with pytest.raises(RuleError):
                    get_game(game, **{keyword: True})
            else:
                assert _lists(row, game), (game, flag, row)
        for flags, row in rows.items():  # and no option it does not take
            keywords = [k for k, f in _FLAG_OF.items() if f in flags.split(", ")]
            if keywords and _lists(row, game):
                assert set(keywords) <= options, (game, flags)
    bring_in = [g for g in GAMES if _lists(rows["--bring-in"], g)]
    assert bring_in == [g for g in GAMES if get_game(g).stakes.bring_in]


def test_help_lists_a_new_game_without_an_entry_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # A game registered in GAMES and GAME_OPTIONS alone: the help reads it from there.
    import splitpot.games
    import splitpot.play
    from splitpot.engine.spec import DeclareMode, Street
    from splitpot.games.five_stud import _OPTIONS, five_card_game, five_stud_streets

    def six_card_stud(**options: object) -> object:
        """``six-card-stud``: five-card stud with a sixth card down."""
        def streets(open_pair: bool) -> tuple[Street, ...]:
            sixth = Street(name="sixth street", down=1, big_bet=True)
            return (*five_stud_streets(open_pair=open_pair), sixth)
        spec = five_card_game("six-card-stud", dict(options), streets, known=_OPTIONS - {"turn_up"},
                              declare=DeclareMode.NONE)
        return spec.replace(max_players=8)

    games = {**splitpot.games.GAMES, "six-card-stud": six_card_stud}
    options = {**splitpot.games.GAME_OPTIONS, "six-card-stud": _OPTIONS - {"turn_up"}}
    for module in (splitpot.games, splitpot.play):
        monkeypatch.setattr(module, "GAMES", games)
        monkeypatch.setattr(module, "GAME_OPTIONS", options)
    text, rows = _help_rows()
    assert "six-card-stud              five-card stud with a sixth card down" in text
    for flag in ("--open-pair", "--low", "--declare, --both, --tie-keeps-half",
                 "--ante, --small-bet, --big-bet"):
        assert _lists(rows[flag], "six-card-stud"), (flag, rows[flag])
    assert not _lists(rows["--turn-up"], "six-card-stud")
    assert not _lists(rows["--bring-in"], "six-card-stud")


def test_the_splitpot_command_runs_play(capsys: pytest.CaptureFixture[str]) -> None:
    cli = pytest.importorskip("splitpot.cli")
    assert cli.main(["play", "seven-card-stud", "--players", "3", "--seed", "5"]) == 0
    assert "seven-card-stud: 3 players" in capsys.readouterr().out


NEW_GAME_RUNS = [
    ["five-card-stud", "--turn-up", "--players", "5"],
    ["five-card-stud", "--low", "ace-to-six", "--declare", "in-turn"],
    ["five-card-stud-five-bets", "--open-pair", "--wild", "2", "--positional", "lowest-hole-card"],
    ["mexican-stud", "--low", "deuce-to-seven", "--wild-low", "best-rank"],
    ["aces-deuces", "--no-stand-is-final", "--players", "6"],
    ["aces-deuces", "--joker", "wild", "--penalty", "Kd"],
]


@pytest.mark.parametrize("argv", NEW_GAME_RUNS, ids=lambda a: "_".join(a).replace("--", ""))
def test_new_games_json_replays_to_the_same_hands(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run([*argv, "--seed", "4", "--hands", "3", "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    for record in doc["hands"]:
        history = History.from_dict(record)
        replayed = history.replay()  # strict: the rebuilt log equals the printed one, event for event
        assert replayed.stacks == record["final_stacks"]
        assert json.loads(History.of(replayed).to_json()) == {
            k: v for k, v in record.items() if k != "final_stacks"}


def test_new_games_read_as_a_player_reads_them(capsys: pytest.CaptureFixture[str]) -> None:
    texts = {}
    for argv in (["mexican-stud", "--players", "3"],
                 ["five-card-stud", "--turn-up", "--players", "5"],
                 ["aces-deuces", "--players", "4"],
                 ["seven-card-stud", "--positional", "lowest-hole-card", "--players", "3"]):
        code, out, err = run([*argv, "--seed", "1", "--hands", "6"], capsys)
        assert code == 0, err
        texts[argv[0]] = out
    assert " turns up " in texts["mexican-stud"] and " is wild for P" in texts["mexican-stud"]
    assert "his hole card (with all his" in texts["mexican-stud"]
    assert "turns up his hole card" in texts["five-card-stud"] or "keeps his hole card down" in texts[
        "five-card-stud"]
    assert "has the highest upcard" in texts["five-card-stud"] and "and must bet" in texts["five-card-stud"]
    assert " replaces his " in texts["aces-deuces"] and " and pays 1" in texts["aces-deuces"]
    assert ": his lowest hole card (with all his " in texts["seven-card-stud"]


def test_new_game_options_are_refused_where_they_do_not_fit(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["five-card-stud-last-down", "--turn-up"], capsys)
    assert code == 2 and "--turn-up applies to five-card-stud" in err
    code, _, err = run(["aces-deuces", "--positional", "third-card"], capsys)
    assert code == 2 and "third-card needs 3 cards dealt" in err
    code, _, err = run(["seven-card-stud", "--stand-is-final"], capsys)
    assert code == 2 and "--stand-is-final" in err


def test_draw_game_events_read_like_a_hand() -> None:
    """Dealer errors, passers out and the sevens rule as describe_hand prints them."""
    names = ["Al", "Bo", "Cy"]
    state = State(get_game("lowball"), [100] * 3,
                  deck=draw_deck(["Ah Kd 7c 4s 2d", "Tc Td 8h 5s 3c", "9c 9d Qh 6s 4c"], then="3h Js 2h",
                                 joker=True))
    state.expose("Td")
    state.refuse_exposed()
    state.bet()
    state.call()
    state.call()
    state.draw("Tc")
    state.expose("2h")
    lines = describe_hand(state, names, viewer=ALL)
    assert "  the dealer exposes Bo's Td: Bo may refuse it" in lines
    assert "  Bo refuses the Td" in lines and "  Bo receives a card for the exposed one" in lines
    assert "  Bo discards 1, draws 1" in lines
    assert "  the dealer exposes Bo's 2h: it is dead; Bo gets another once the others are served" in lines

    jackpots = State(get_game("jackpots", pass_and_out=True), [100] * 3,
                     deck=draw_deck(["Ah Kd 7c 4s 2d", "Tc Td 8h 5s 3c", "Jc Jd 9h 6s 4c"]))
    jackpots.check()
    jackpots.bet()
    lines = describe_hand(jackpots, names, viewer=ALL)
    assert "  Bo checked before the opening: out" in lines and "  Cy opens for 5" in lines
    assert lines.index("  Bo checked before the opening: out") == lines.index("  Cy opens for 5") + 1, \
        "those who checked go out when the pot is opened: told after the opening"

    sevens = sevens_rule_deal()
    sevens.check()
    sevens.bet()
    sevens.call()
    lines = describe_hand(sevens, ["Al", "Bo"], viewer=ALL)
    # Bo checked his seven-five, Al bet, Bo called and won: the bets after the check go back, Bo's
    # call to Bo, Al's bet to Al; Bo wins the pot as it stood when he checked (was: "the main
    # pot" with no side pot, and both told alike "after a seven or better was checked")
    assert ("Bo wins all of the pot (4) with seven-five low (the pot as it stood when he checked a "
            "seven or better: the sevens rule)") in lines
    assert ("Al takes back the 4 he put in after Bo checked a seven or better: Bo wins, but not the "
            "bets made after his check (the sevens rule)") in lines
    assert "Bo takes back the 4 he put in after checking a seven or better (the sevens rule)" in lines
    assert not any("no qualifying low" in line for line in lines)


@pytest.mark.parametrize(("given", "qualifier"), [("9", 9), ("t", 10), ("10", 10), ("K", 13), (" 5 ", 5)])
def test_the_qualifier_is_a_rank_or_its_number(
    given: str, qualifier: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--qualifier RANK``: the help says a rank, and T, J, Q, K were refused ("must be a
    whole number")."""
    code, out, _ = run(["seven-card-stud-8", "--qualifier", given, "--seed", "1", "--json"], capsys)
    assert code == 0 and json.loads(out)["spec"]["low_qualifier"] == qualifier


@pytest.mark.parametrize("given", ["A", "4", "14", "", "8.5"])
def test_a_qualifier_outside_five_to_king_is_refused(given: str, capsys: pytest.CaptureFixture[str]) -> None:
    from splitpot.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["play", "seven-card-stud-8", "--qualifier", given, "--seed", "1"])
    expected = f"--qualifier: must be a rank 5-9, T, J, Q or K (or a number 5..13), got {given!r}"
    assert exit_.value.code == 2 and expected in capsys.readouterr().err


def test_the_best_hand_showing_is_named_where_wild_cards_count(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: "P0 acts first with the best hand showing (K♦ 7♦ 8♣ 2♣)" with deuces wild, which
    reads as wrong beside another's natural pair of fours: now the hand the upcards make."""
    from splitpot import evaluate

    named = []
    for seed in (1, 2, 3):
        argv = ["seven-card-stud", "--wild", "2", "--players", "6", "--seed", str(seed), "--plain"]
        code, out, _ = run(argv, capsys)
        assert code == 0
        named += re.findall(r"acts first with the best hand showing \(([^:)]+): (.+)\)$", out, re.MULTILINE)
    assert any("2" in cards for cards, _ in named)
    plain = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})  # --plain writes suits as letters
    assert all(said == str(evaluate(cards, wild="2")).translate(plain) for cards, said in named)
    code, out, _ = run(["seven-card-stud", "--players", "6", "--seed", "1", "--plain"], capsys)
    assert "best hand showing (" in out and not re.search(r"best hand showing \([^)]*:", out)


@pytest.mark.parametrize(("game", "said"), [
    ("seven-card-stud", "wins a share of the pot (2) with straight, king high"),
    ("seven-card-stud-8", "wins a share of the pot (2) with straight, king high (no qualifying low)"),
])
def test_a_tied_pot_is_told_as_shares(game: str, said: str) -> None:
    """Was: each of two tied hands "wins all of the pot" (and, in stud-8, "scoops")."""
    from engine_helpers import call_down, stud_deck

    from splitpot.engine.spec import Stakes

    stakes = Stakes(ante=1, bring_in=1, small_bet=2, big_bet=4)
    state = State(get_game(game, stakes=stakes), [100, 100], button=0,
                  deck=stud_deck(["9c Td Jh Qs Kc 2d 4d", "9d Th Js Qc Kd 2h 4s"]))
    call_down(state)
    lines = describe_hand(state, ["P0", "P1"], viewer=ALL)
    assert sorted(line.split(" ", 1)[1] for line in lines if " wins " in line) == [said, said]
    assert not any("all of" in line or "scoops" in line for line in lines)


def _shown_order(state: State) -> list[int]:
    lines = describe_hand(state, ["P0", "P1", "P2", "P3"], viewer=ALL)
    told = [line.strip() for line in lines if " shows " in line]
    return [int(line[1]) for line in told]


def test_hands_are_shown_from_the_last_bettor_of_the_final_round_then_clockwise() -> None:
    """Was: shown by seat from P0 (five-card stud: P1 bet on the last street, P0 called and
    showed first). The common rule: the last to bet or raise in the final round first, then
    to his left; with no bet there, the player who acted first in it."""
    from splitpot.engine import events as ev
    from splitpot.engine.betting import Action

    spec = get_game("seven-card-stud")
    for seed in range(6):
        checked = State(spec, [100] * 4, seed=seed)
        while not checked.is_complete:  # bring in, then check or call: no bet on the last street
            options = {o.action for o in checked.legal_actions()}
            checked.bring_in() if Action.BRING_IN in options else (
                checked.check() if Action.CHECK in options else checked.call())
        last = max(i for i, e in enumerate(checked.events) if isinstance(e, ev.StreetStarted))
        first = next(e.seat for e in checked.events[last:] if isinstance(e, ev.Checked))
        assert _shown_order(checked) == [(first + k) % 4 for k in range(4)], seed
        bet = State(spec, [100] * 4, seed=seed)
        bettor = None
        while not bet.is_complete:  # the last street: the second to act bets, the others call
            options = {o.action for o in bet.legal_actions()}
            final = bet.street == len(spec.streets) - 1
            if Action.BRING_IN in options:
                bet.bring_in()
            elif final and bettor is None and Action.BET in options and isinstance(
                bet.events[-1], ev.Checked
            ):
                bettor = bet.actor
                bet.bet()
            elif Action.CHECK in options:
                bet.check()
            else:
                bet.call()
        assert bettor is not None and bettor != first
        assert _shown_order(bet) == [(bettor + k) % 4 for k in range(4)], seed


def test_check_raise_and_no_check_raise_are_one_or_the_other(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: both accepted (the last one typed won), as --both/--no-both are not."""
    from splitpot.cli import main

    with pytest.raises(SystemExit):
        main(["play", "lowball", "--check-raise", "--no-check-raise"])
    assert "--no-check-raise: not allowed with argument --check-raise" in capsys.readouterr().err


def test_bring_in_refused_names_the_games_that_have_one(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: "--bring-in is for the seven-card stud games", written out by hand; the games
    are read from their specs (a bring-in in their stakes), as play --help's row is."""
    from splitpot.play import _options_epilog

    taking = [name for name in GAMES if get_game(name).stakes.bring_in]
    assert taking and len(taking) < len(GAMES)
    for game in [name for name in GAMES if name not in taking and "stakes" in GAME_OPTIONS[name]]:
        code, _, err = run([game, "--bring-in", "2"], capsys)
        assert code == 2, game
        said = f"{game} has no bring-in; --bring-in is for the games that have one: {', '.join(taking)}."
        assert said in err
    row = next(line for line in _options_epilog().splitlines() if line.strip().startswith("--bring-in"))
    assert all(name.startswith(tuple(w.rstrip("*,") for w in row.split()[1:])) for name in taking)
