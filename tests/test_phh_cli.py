"""`splitpot play --phh FILE` and `splitpot replay FILE` (PHH, .phhs, JSON)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splitpot import phh
from splitpot.cli import main
from splitpot.errors import HistoryError


@pytest.mark.parametrize(("game", "hands"), [("seven-card-stud-8", 3), ("jackpots", 1)])
def test_play_writes_phh_and_replay_prints_the_same_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, hands: int
) -> None:
    path = tmp_path / "session.phhs"
    assert main(["play", game, "-n", "4", "--seed", "7", "--hands", str(hands), "--plain",
                 "--phh", str(path)]) == 0
    played = capsys.readouterr().out
    assert len(phh.loads_all(path.read_text())) == hands
    assert main(["replay", str(path), "--plain"]) == 0
    replayed = capsys.readouterr().out
    # the same header (less the seed, which the file does not hold), hands and session summary
    assert played.splitlines()[0] == replayed.splitlines()[0].replace(" players,", " players, seed 7,")
    assert replayed.splitlines()[1:] == played.splitlines()[1:]
    assert "wins" in replayed and (hands == 1) == ("after 3 hands" not in replayed)


def test_replay_reads_splitpot_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from splitpot.engine.state import State
    from splitpot.games import get_game

    state = State(get_game("lowball"), [30, 30], seed=1)
    path = tmp_path / "hand.json"
    path.write_text(state.history().to_json())
    assert main(["replay", str(path), "--plain"]) == 0
    assert capsys.readouterr().out.startswith("lowball: 2 players")


def test_replay_refuses_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.phh"
    path.write_text("variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"
                    "starting_stacks = [20, 20]\nactions = ['d dh p1 2c3c4c', 'd dh p2 2c5d6d']\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 7, actions[1] 'd dh p2 2c5d6d'" in err and "2c" in err
    assert main(["replay", str(tmp_path / "missing.phh")]) == 1  # not the input's fault (docs/cli.md)
    assert "cannot read" in capsys.readouterr().err


def test_play_phh_unwritable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "seven-card-stud", "--seed", "1", "--phh", str(tmp_path / "no" / "x.phh")]) == 2
    assert "--phh: cannot write" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["jackpots", "dealers-choice"])
def test_replay_reads_a_session_json_document(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    """`play --hands K --json` writes a session document (its hands under "hands"):
    replay prints every hand, ending with the stacks the session recorded."""
    import json

    assert main(["play", game, "-n", "3", "--seed", "5", "--hands", "3", "--json"]) == 0
    document = capsys.readouterr().out
    path = tmp_path / "session.json"
    path.write_text(document)
    assert main(["replay", str(path), "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.count("===== hand ") == 3
    final = json.loads(document)["final_stacks"]
    after = next(line for line in out.splitlines() if line.startswith("after 3 hands: "))
    assert [int(part.split()[1]) for part in after[15:].split(", ")] == final  # was: no summary
    # dealer's choice: each hand says what its dealer called (was: the game's name alone, so a
    # deuces-wild hand's showdown named stand-ins nothing had announced)
    said = [line for line in out.splitlines() if " deals: " in line]
    assert len(said) == (3 if game == "dealers-choice" else 0)
    assert all(line.split()[0] in ("P0", "P1", "P2") for line in said)


def test_replay_refuses_a_file_without_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.phhs"
    path.write_text("\n")
    assert main(["replay", str(path)]) == 2
    assert "no hands in the file" in capsys.readouterr().err


def test_replay_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`splitpot play GAME --json | splitpot replay -`; was: "cannot read -"."""
    import io

    assert main(["play", "lowball", "-n", "3", "--seed", "2", "--json"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO(capsys.readouterr().out))
    assert main(["replay", "-", "--plain"]) == 0
    assert capsys.readouterr().out.startswith("lowball: 3 players")


def test_replay_of_a_dealers_choice_run_in_phh_sums_up_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each hand is headed by the dealer's call (``_call``), as play heads it, and the run
    (each hand starting with the stacks the last ended with) is summed up."""
    path = tmp_path / "dealers.phhs"
    assert main(["play", "dealers-choice", "-n", "3", "--seed", "4", "--hands", "3", "--plain",
                 "--phh", str(path)]) == 0
    played = capsys.readouterr().out
    assert main(["replay", str(path), "--plain"]) == 0
    replayed = capsys.readouterr().out
    # the same lines as play's but its first (the seed and the house list, which the file lacks)
    assert replayed.splitlines()[0] == "dealers-choice: 3 players"
    assert replayed.splitlines()[1:] == played.splitlines()[1:]
    assert "deals passed out" in replayed and replayed.count(" deals: ") == 3


def test_replay_reads_json_with_a_byte_order_mark_and_names_a_json_array(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: 'not PHH (TOML)' for both (a JSON history saved by an editor that writes a BOM)."""
    assert main(["play", "seven-card-stud", "-n", "3", "--seed", "5", "--json"]) == 0
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + capsys.readouterr().out.encode())
    assert main(["replay", str(path), "--plain"]) == 0
    assert capsys.readouterr().out.startswith("seven-card-stud: 3 players")
    path.write_text("[1, 2, 3]\n")
    assert main(["replay", str(path)]) == 2
    assert "not a splitpot history or session: a JSON list, not an object." in capsys.readouterr().err


def test_replay_says_where_an_unfinished_hand_stops_and_checks_a_sessions_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from splitpot.engine.state import State
    from splitpot.games import get_game

    state = State(get_game("lowball"), [30, 30], seed=1)
    state.bet()
    path = tmp_path / "mid.json"
    path.write_text(state.history().to_json())
    assert main(["replay", str(path), "--plain"]) == 0
    # in the table's words (was: "the hand is in phase betting; seat 0 must act (fold, call 5, ...)")
    assert capsys.readouterr().out.rstrip().splitlines()[-1] == (
        "(the history stops here, in the middle of the hand: P0 to act before the draw: "
        "fold, call 5 or raise to 10)")
    state.call()
    path.write_text(state.history().to_json())
    assert main(["replay", str(path), "--plain"]) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1] == (
        "(the history stops here, in the middle of the hand: P1 to act at the draw: draw (up to 5))")
    assert main(["play", "lowball", "-n", "3", "--seed", "5", "--hands", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    for version, said in ((99, "session: version 99; this splitpot reads version 1."),
                          ("1", "session: must be 1, got str '1'.")):
        path.write_text(json.dumps(doc | {"session": version}))
        assert main(["replay", str(path)]) == 2  # was: read, where resume refuses it
        assert said in capsys.readouterr().err


def test_replay_of_a_dealers_choice_run_in_phh_says_the_dealers_call(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: the PHH kept ``_spec`` but not the call, and the replay lost the deal lines
    ('P1 deals: five-card stud, last card down, deuces wild'); it prints them as the
    replay of the JSON does."""
    path, json_path = tmp_path / "dealers.phhs", tmp_path / "dealers.json"
    common = ["play", "dealers-choice", "-n", "5", "--seed", "3", "--hands", "4", "--plain"]
    assert main([*common, "--phh", str(path)]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if " deals: " in line]
    assert len(said) == 4 and '_call = "{' in path.read_text()
    assert main([*common, "--json"]) == 0
    json_path.write_text(capsys.readouterr().out)
    assert main(["replay", str(path), "--plain"]) == 0
    replayed = capsys.readouterr().out
    assert [line for line in replayed.splitlines() if " deals: " in line] == said
    assert main(["replay", str(json_path), "--plain"]) == 0
    assert capsys.readouterr().out == replayed


def test_replay_of_a_session_with_a_rebuy_sums_it_up_without_counting_the_rebuy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: a session whose hands do not chain (a rebuy between them) was told hand by hand
    with no summary; and a net counted from the first stack counted the rebuy as won."""
    from splitpot.bots import SimpleBot
    from splitpot.engine.session import Session
    from splitpot.games import get_game

    session = Session(get_game("lowball"), [50, 50, 50], seed=4)
    session.play(2, SimpleBot(seed=4))
    session.set_stack(0, session.stacks[0] + 100)
    session.play(2, SimpleBot(seed=4))
    path = tmp_path / "rebuy.json"
    path.write_text(session.to_json())
    assert main(["replay", str(path), "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.count("lowball: 3 players") == 1 and "after 4 hands: " in out
    assert f"P0 {session.stacks[0]} ({session.stacks[0] - 150:+d})" in out  # 50, then 100 more


def test_replay_says_the_chips_changed_between_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from splitpot.bots import SimpleBot
    from splitpot.engine.session import Session
    from splitpot.games import get_game

    session = Session(get_game("lowball"), [50, 50, 0], seed=4)
    session.play(1, SimpleBot(seed=4))
    session.set_stack(2, 40)  # a player sits down
    session.play(1, SimpleBot(seed=4))
    path = tmp_path / "joined.json"
    path.write_text(session.to_json())
    assert main(["replay", str(path), "--plain"]) == 0
    assert "between hands: P2 0 -> 40" in capsys.readouterr().out  # was: nothing said


def test_replay_shows_a_change_after_the_last_hand_and_the_chips_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: a set_stack after the session's last hand was not shown, and the final table had
    no column for chips added or removed between hands, so start + net != end for such seats."""
    from splitpot.bots import SimpleBot
    from splitpot.engine.session import Session
    from splitpot.games import get_game

    session = Session(get_game("lowball"), [50, 50, 0], seed=4)
    session.play(2, SimpleBot(seed=4))
    session.set_stack(2, 40)  # a player sits down
    session.set_stack(0, session.stacks[0] + 30)  # a rebuy mid-session
    session.play(2, SimpleBot(seed=4))
    last = session.stacks[1]
    session.set_stack(1, last + 25)  # a rebuy after the last hand
    path = tmp_path / "rebuys.json"
    path.write_text(session.to_json())
    assert main(["replay", str(path), "--plain"]) == 0
    out = capsys.readouterr().out
    assert f"after the last hand: P1 {last} -> {last + 25}" in out
    header = next(line for line in out.splitlines() if line.startswith("seat "))
    assert header.split()[:5] == ["seat", "start", "added", "end", "net"]
    table = out[out.index(header):].splitlines()[1:]
    rows = {line.split()[0]: line.split() for line in table}
    final = session.stacks
    assert [rows[f"P{s}"][2] for s in range(3)] == ["+30", "+25", "+40"]
    for s in range(3):
        start, added, end, net = (int(x) for x in rows[f"P{s}"][1:5])
        assert start + added + net == end == final[s]
    assert f"P1 {final[1]} (" in out  # the summary's final stacks are the session's
    plain = Session(get_game("lowball"), [50, 50], seed=4)
    plain.play(2, SimpleBot(seed=4))
    path.write_text(plain.to_json())
    assert main(["replay", str(path), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "added" not in out and "after the last hand" not in out  # no change: no column


def _table_rows(text: str, first: str) -> list[str]:
    """The rows of the last table in ``text`` whose header line starts with ``first``."""
    lines = text.splitlines()
    at = max(i for i, line in enumerate(lines) if line.startswith(first))
    rows = []
    for line in lines[at + 1:]:
        if not line.strip() or line.startswith(("seat ", "after ")) or line in ("games", "stacks"):
            break  # the next table, its title, the table's summary sentence or the end
        rows.append(line.rstrip())
    return rows


@pytest.mark.parametrize(("game", "hands", "lines"), [("jackpots", 4, 10), ("dealers-choice", 5, 16)])
def test_replay_of_a_session_saved_in_the_middle_of_a_hand_sums_up_as_the_table_did(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    game: str, hands: int, lines: int
) -> None:
    """A person's table left in the middle of its last hand (here: its keys run out), saved
    with --save: was, the replay counted the unfinished hand in its summary ("after 4 hands",
    stacks less the chips in its pot, its game among the games played) where the table had
    said "hand 4 was left unfinished: it is not counted below" and summed up 3 hands. The
    replay tells the hand as far as it went, names it unfinished and sums up the finished
    hands as the table did: the same stacks, adding up to the chips the session started with."""
    import io
    import json

    path = tmp_path / "left.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("c\np\nb\n\n" * lines))
    assert main(["play", game, "--seat", "0", "--players", "4", "--hands", str(hands), "--seed", "11",
                 "--plain", "--save", str(path)]) == 0
    table = capsys.readouterr().out
    said = f"hand {hands} was left unfinished: it is not counted below."
    assert "end of input." in table and said in table  # the session stopped in its last hand
    doc = json.loads(path.read_text())
    assert len(doc["hands"]) == hands and sum(doc["starting_stacks"]) == 800
    assert main(["replay", str(path), "--plain"]) == 0
    replayed = capsys.readouterr().out
    assert f"===== hand {hands} (unfinished) =====" in replayed
    assert "(the history stops here, in the middle of the hand: " in replayed
    summary = replayed[replayed.index(said):].splitlines()
    after = summary[1]
    assert after.startswith(f"after {hands - 1} hands: ")  # was: after 4 hands (5 in dealer's choice)
    stacks = [int(part.split()[1]) for part in after.split(": ", 1)[1].split(", ")]
    assert sum(stacks) == 800  # was: 766, the unfinished pot's 34 chips missing
    rows = _table_rows(replayed, "seat  start")
    assert rows == _table_rows(table, "seat  start")  # the table's summary, seat by seat
    assert [int(row.split()[2]) for row in rows] == stacks
    told = next(line for line in table.splitlines() if line.startswith("after "))  # the table's, in words
    assert told == after.replace("P0 ", "P0 (you) ", 1)
    mine = next(line for line in table.splitlines() if line.startswith("session: "))
    assert mine.endswith(f"200 -> {stacks[0]}") and f"session: {hands - 1} hands of " in mine
    if game == "dealers-choice":  # the games called: the finished hands' (was: the unfinished one's too)
        games = _table_rows(replayed, "game  ")
        assert games == _table_rows(table, "game  ")
        assert sum(int(row.split()[1]) for row in games) == hands - 1
    # a change of chips after the unfinished hand: refused, as resume refuses it (was: read)
    path.write_text(json.dumps(doc | {"stack_changes": [[hands, 1, 300]]}))
    assert main(["replay", str(path)]) == 2
    assert (f"stack_changes: a change after hand {hands}, which is not finished."
            in capsys.readouterr().err)


def test_replay_refuses_a_session_whose_unfinished_hand_is_not_the_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: replay told "hand 1 (unfinished)", then hands 2 and 3 and a summary of 3 hands
    with an invented "added" column, where resume refuses the document."""
    import json

    path = tmp_path / "s.json"
    assert main(["play", "seven-card-stud", "--hands", "3", "--seed", "2", "--save", str(path)]) == 0
    doc = json.loads(path.read_text())
    events = doc["hands"][0]["events"]
    doc["hands"][0]["events"] = events[: len(events) // 2]
    path.write_text(json.dumps(doc))
    capsys.readouterr()
    said = "hands[1]: hand 0 is not finished, yet another follows it."
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and said in err
    assert main(["resume", str(path)]) == 2
    assert said in capsys.readouterr().err


def test_replay_says_who_sits_out_and_counts_it_as_no_chips_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: a player sitting out read as 'between hands: P2 100 -> 0' and back, and the
    summary's added column counted it as chips removed and added."""
    from splitpot.bots import SimpleBot
    from splitpot.engine.session import Session
    from splitpot.games import get_game

    session = Session(get_game("lowball"), [100, 100, 100], seed=5)
    bot = SimpleBot(seed=5)
    session.play(1, bot)
    session.sit_out(2)
    session.play(2, bot)
    session.sit_in(2)
    session.play(1, bot)
    session.sit_out(0)  # after the last hand
    path = tmp_path / "sat.json"
    path.write_text(session.to_json())
    assert main(["replay", str(path), "--plain"]) == 0
    out = capsys.readouterr().out
    hands = out.split("===== hand ")[1:]
    assert "between hands: P2 sits out" in hands[1] and "between hands" not in hands[2]
    assert "between hands: P2 sits back in" in hands[3] and " -> 0" not in out
    assert "after the last hand: P0 sits out" in out
    header = next(line for line in out.splitlines() if line.startswith("seat "))
    assert "added" not in header and header.split()[-2:] == ["sat", "out"]
    rows = {line.split()[0]: line.split() for line in out[out.index(header):].splitlines()[1:]}
    for s in range(3):
        start, end, net = (int(x) for x in rows[f"P{s}"][1:4])
        assert start == 100 and start + net == end == session.stacks[s]
    assert rows["P2"][-1] == "2" and f"P2 {session.stacks[2]} (" in out


@pytest.mark.parametrize("bad", ["out of order", "a seat twice", "a seat that played", "changed twice"])
def test_replay_refuses_the_sitting_out_and_stack_changes_resume_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    """Was: replay read a session's sitting_out with code of its own that took entries out of
    order, a seat twice and a seat sitting out a hand it played, all of which resume refuses."""
    from splitpot.bots import SimpleBot
    from splitpot.engine.session import Session
    from splitpot.games import get_game

    session = Session(get_game("lowball"), [100, 100, 100], seed=5)
    bot = SimpleBot(seed=5)
    session.play(1, bot)
    session.sit_out(2)
    session.set_stack(2, 120)
    session.play(2, bot)
    session.sit_in(2)
    session.play(1, bot)
    doc = session.to_dict()
    assert doc["sitting_out"] == [[1, [2]], [3, []]] and doc["stack_changes"] == [[1, 2, 120]]
    doc["sitting_out"], doc["stack_changes"] = {
        "out of order": ([[3, []], [1, [2]]], doc["stack_changes"]),
        "a seat twice": ([[1, [2, 2]], [3, []]], doc["stack_changes"]),
        "a seat that played": ([[0, [1]], [1, [2]], [3, []]], doc["stack_changes"]),
        "changed twice": (doc["sitting_out"], [[1, 2, 120], [1, 2, 130]]),
    }[bad]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    capsys.readouterr()
    assert main(["resume", str(path), "--hands", "1", "--plain"]) == 2
    capsys.readouterr()
    assert main(["replay", str(path), "--plain"]) == 2
    field = "stack_changes" if bad == "changed twice" else "sitting_out"
    assert f"{field}" in capsys.readouterr().err


@pytest.mark.parametrize("finishing", [True, False])
def test_replay_prints_each_phh_hand_as_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finishing: bool
) -> None:
    # Was: every hand of a .phhs read before the first was printed (a long file printed nothing for
    # minutes, and a bad last hand hid the good ones).  Without finishing_stacks the reader cannot
    # tell a session's hands before replaying them: read first, as before.
    path = tmp_path / "session.phhs"
    assert main(["play", "seven-card-stud", "-n", "3", "--seed", "7", "--hands", "3", "--plain",
                 "--phh", str(path)]) == 0
    played = capsys.readouterr().out
    text = path.read_text()
    if not finishing:
        text = "\n".join(line for line in text.splitlines() if not line.startswith("finishing_stacks"))
    path.write_text(text)
    assert main(["replay", str(path), "--plain"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == played.splitlines()[1:]
    hands = text.split("\n[3]\n")
    bad = hands[0] + "\n[3]\n" + hands[1].replace('"d dh p1 ', '"d dh p9 ', 1)
    path.write_text(bad)
    assert main(["replay", str(path), "--plain"]) == 2
    out, err = capsys.readouterr()
    assert "'p9' is not a player" in err
    # Was: hand 2 not printed (read one ahead, hand 3's error raised before hand 2 was printed).
    assert ("===== hand 1 =====" in out) == ("===== hand 2 =====" in out) == finishing
    assert "===== hand 3 =====" not in out
    streamed = phh.iter_loads(bad)
    assert streamed.count == 3 and next(streamed).replay().is_complete
    next(streamed)
    with pytest.raises(HistoryError, match=r"hand \[3\], line \d+, actions\[0\]: 'p9' is not a player"):
        next(streamed)


def test_replay_reads_splitpots_own_phh_written_before_ante_trimming_status(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Was: exit 2, "the file has no ante_trimming_status": a file splitpot wrote before the field.
    path = Path(__file__).resolve().parent / "hands" / "stud_short_of_the_ante_3cd5354.phh"
    assert main(["replay", str(path), "--plain"]) == 0
    assert "ante_trimming_status" not in capsys.readouterr().err


def test_only_save_keeps_a_player_sitting_out_as_docs_say(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # PHH has no field for a player sitting out (docs/cli.md, docs/phh.md): the --phh file's hands
    # leave him out and replay tells them as hands of their own; the --save file says he sits out.
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("f\ns\n\n"))
    phhs, saved = tmp_path / "sat.phhs", tmp_path / "sat.json"
    assert main(["play", "seven-card-stud", "--players", "3", "--seed", "4", "--seat", "1", "--hands", "3",
                 "--plain", "--phh", str(phhs), "--save", str(saved)]) == 0
    capsys.readouterr()
    assert [len(h.stacks) - h.stacks.count(0) for h in phh.loads_all(phhs.read_text())] == [3, 2, 2]
    assert main(["replay", str(saved), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "between hands: P1 sits out" in out and "sat out" in out
    assert main(["replay", str(phhs), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "sits out" not in out and "sat out" not in out and "stacks: P0 " in out
    assert "P1 0 (+0)" in out  # his chips are not in the file's later hands
