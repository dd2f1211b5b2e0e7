"""``splitpot play ... --save FILE`` and ``splitpot resume FILE``: a session stopped and
played on is the session that never stopped (the table's own test plays a person
who leaves in the middle of a hand: tests/test_table.py)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from splitpot.bots import SimpleBot
from splitpot.cli import main
from splitpot.engine.history import History


def cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def hands_of(doc: dict[str, object]) -> list[object]:
    hands = doc["hands"]
    assert isinstance(hands, list)
    return [hand["events"] for hand in hands]


@pytest.mark.parametrize("game", [
    "seven-card-stud-8", "jackpots", "california-lowball", "mexican-stud", "aces-deuces", "dealers-choice",
])
def test_a_session_saved_and_resumed_deals_and_plays_as_one_that_never_stopped(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(["play", game, "--players", "4", "--seed", "8", "--hands", "5", "--json"], capsys)
    whole = json.loads(out)
    saved = tmp_path / "s.json"
    code, out, _ = cli(["play", game, "--players", "4", "--seed", "8", "--hands", "2", "--save", str(saved),
                        "--plain"], capsys)
    assert code == 0 and "after 2 hands:" in out
    doc = json.loads(saved.read_text())
    assert doc["planned"] == 2 and doc["seat"] is None and len(doc["hands"]) == 2
    code, out, _ = cli(["resume", str(saved), "--hands", "3", "--json"], capsys)
    resumed = json.loads(out)
    assert code == 0 and hands_of(resumed) == hands_of(whole)
    assert resumed["final_stacks"] == whole["final_stacks"] and sum(resumed["final_stacks"]) == 800
    assert resumed["bot"] == whole["bot"] and resumed["planned"] == 5
    if game == "dealers-choice":
        assert resumed["dealer"] == whole["dealer"] and resumed["games"] == whole["games"]


def test_resume_prints_the_hands_it_plays_numbered_on_and_the_whole_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "s.json"
    cli(["play", "lowball", "--players", "3", "--seed", "2", "--hands", "4", "--save", str(saved)], capsys)
    doc = json.loads(saved.read_text())
    doc["planned"] = 6  # as if the run had been stopped after four of six hands
    saved.write_text(json.dumps(doc))
    code, out, _ = cli(["resume", str(saved), "--plain", "--save", str(saved)], capsys)
    assert code == 0
    assert out.startswith("lowball: 3 players, seed 2, ante 1, limits 5/10; resumed after hand 4\n")
    assert "===== hand 5 =====" in out and "===== hand 6 =====" in out and "===== hand 4 =====" not in out
    assert "after 6 hands:" in out  # the summary covers the whole session
    again = json.loads(saved.read_text())  # saved over the file it was resumed from
    assert again["planned"] == 6 and len(again["hands"]) == 6 and again["hands"][:4] == doc["hands"]
    code, _, err = cli(["resume", str(saved)], capsys)
    assert code == 2 and "the saved session played all its 6 planned hands; say how many more" in err


def test_a_person_who_leaves_mid_hand_is_seated_again_where_he_sat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "s.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("c\n" * 3))  # three answers, then end of input
    code, out, _ = cli(["play", "seven-card-stud", "--players", "3", "--seat", "1", "--hands", "3",
                        "--seed", "4", "--plain", "--save", str(saved)], capsys)
    assert code == 0 and "end of input." in out
    doc = json.loads(saved.read_text())
    assert doc["seat"] == 1 and doc["planned"] == 3 and len(doc["hands"]) == 1
    assert History.from_dict(doc["hands"][0]).replay().is_complete is False  # left in the middle of hand 1
    monkeypatch.setattr("sys.stdin", io.StringIO("c\nb\n" * 300))  # call or check, else bring in
    code, out, _ = cli(["resume", str(saved), "--plain"], capsys)
    assert code == 0
    assert "seven-card-stud: you are P1, against 2 computer players" in out
    assert "resumed in the middle of hand 1" in out and "===== hand 3 of 3" in out
    assert "session: 3 hands of seven-card-stud" in out
    code, out, _ = cli(["resume", str(saved), "--bots", "--plain"], capsys)  # or the computer players alone
    assert code == 0 and "; resumed in the middle of hand 1\n" in out and "after 3 hands:" in out


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: "not json", "not a JSON document"),
    (lambda d: {"game": "lowball"}, "not a saved session"),
    (lambda d: {**d, "bot": {**d["bot"], "aggression": "high"}}, "bot: 'aggression' is a number 0..1"),
    (lambda d: {**d, "rng": {**d["rng"], "now": d["rng"]["start"]}}, "rng: now is not where start leads"),
    (lambda d: {**d, "seat": 7}, "seat must be in 0..2 (P0 to P2), got 7"),
    (lambda d: {**d, "seat": "1"}, "seat must be in 0..2 (P0 to P2), got str '1'"),
])
def test_a_document_that_cannot_be_resumed_is_refused_with_the_reason(
    change: object, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "s.json"
    cli(["play", "jackpots", "--players", "3", "--seed", "1", "--hands", "2", "--save", str(saved)], capsys)
    changed = change(json.loads(saved.read_text()))  # type: ignore[operator]
    saved.write_text(changed if isinstance(changed, str) else json.dumps(changed))
    code, out, err = cli(["resume", str(saved), "--hands", "1"], capsys)
    assert code == 2 and out == "" and err.startswith(f"splitpot resume: error: {saved}: ")
    assert message in err


def test_resume_refuses_what_it_cannot_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(["resume", str(tmp_path / "none.json")], capsys)
    assert code == 1 and "cannot read" in err
    saved = tmp_path / "s.json"
    cli(["play", "jackpots", "--players", "3", "--seed", "1", "--save", str(saved)], capsys)
    code, _, err = cli(["resume", str(saved), "--hands", "1", "--seat", "3"], capsys)
    assert code == 2 and "--seat must be in 0..2" in err
    code, _, err = cli(["resume", str(saved), "--hands", "1", "--me", "--json"], capsys)
    assert code == 2 and "--json prints a computer-only session" in err
    code, _, err = cli(["play", "jackpots", "--save", str(tmp_path / "no" / "such.json")], capsys)
    assert code == 2 and "--save: cannot write" in err
    with pytest.raises(SystemExit):
        main(["resume", str(saved), "--hands", "0"])
    assert "argument --hands: must be >= 1, got 0" in capsys.readouterr().err


def test_a_file_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: --save wrote over the file in place, so ctrl-C while ``resume FILE --save
    FILE`` wrote a large session left half a document and the session was lost."""
    from splitpot import play

    saved = tmp_path / "s.json"
    saved.write_text('{"old": true}\n')

    def interrupted(source: str, target: str) -> None:  # ctrl-C before the new file is in place
        raise KeyboardInterrupt

    monkeypatch.setattr(play.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        play.save_session(str(saved), {"new": True})
    monkeypatch.undo()
    assert saved.read_text() == '{"old": true}\n' and [p.name for p in tmp_path.iterdir()] == ["s.json"]
    assert play.save_session(str(saved), {"new": True})
    assert json.loads(saved.read_text()) == {"new": True}
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]  # no temporary file left


@pytest.mark.skipif(not hasattr(__import__("os"), "getuid"), reason="POSIX file modes")
def test_a_file_written_has_the_mode_open_would_give_it_or_keeps_its_own(tmp_path: Path) -> None:
    """Was: the temporary file's mode, 0600 whatever the umask, even over a 0644 save."""
    import os
    import stat

    from splitpot import play

    def mode(path: Path) -> int:
        return stat.S_IMODE(path.stat().st_mode)

    before = os.umask(0o022)
    try:
        new, kept = tmp_path / "new.json", tmp_path / "kept.json"
        assert play.save_session(str(new), {"new": True})
        kept.write_text("{}\n")
        kept.chmod(0o640)
        assert play.save_session(str(kept), {"new": True})
        assert (mode(new), mode(kept)) == (0o644, 0o640)
        os.umask(0o077)
        assert play.save_session(str(new), {"again": True}) and mode(new) == 0o644  # its own kept
        private = tmp_path / "private.json"
        assert play.save_session(str(private), {}) and mode(private) == 0o600
    finally:
        os.umask(before)
    assert json.loads(new.read_text()) == {"again": True}


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="POSIX named pipes and links")
def test_a_link_or_a_pipe_is_written_through_not_replaced(tmp_path: Path) -> None:
    """Was: the temporary file renamed over the path itself: a symbolic link became a
    file, and /dev/stdout, /dev/null or a named pipe was replaced by one (as root) or
    refused, where open() wrote to them."""
    import os
    import stat

    from splitpot import play

    real, link, pipe = tmp_path / "real.json", tmp_path / "link.json", tmp_path / "pipe"
    real.write_text("{}\n")
    link.symlink_to(real)
    assert play.save_session(str(link), {"new": True})
    assert link.is_symlink() and json.loads(real.read_text()) == {"new": True}
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        assert play.save_session(str(pipe), {"piped": True})
        assert json.loads(os.read(reader, 1000)) == {"piped": True}
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "pipe", "real.json"]


def test_ctrl_c_as_the_temporary_file_is_made_leaves_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second ctrl-C at once lands anywhere: just after the temporary file is made
    too (was: before its name was kept, so it was left behind)."""
    import os

    from splitpot import play

    made = os.open

    def interrupted(*args: object) -> int:
        made(*args)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    monkeypatch.setattr(play.os, "open", interrupted)
    with pytest.raises(KeyboardInterrupt):
        play.save_session(str(tmp_path / "s.json"), {"new": True})
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["play", "resume"])
def test_a_phh_that_cannot_be_written_leaves_the_save_and_the_text_as_play_does(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One end for play and resume (was: resume stopped at the --phh it could not
    write: no --save, no text, where play wrote the save and printed the hands)."""
    import errno

    from splitpot import play

    saved = tmp_path / "s.json"
    cli(["play", "seven-card-stud", "--players", "3", "--seed", "4", "--hands", "1", "--save", str(saved)],
        capsys)
    replace = play.os.replace

    def full(source: str, target: str) -> None:  # the disk fills as the PHH is written
        if target.endswith(".phhs"):
            raise OSError(errno.ENOSPC, "No space left on device")
        replace(source, target)

    monkeypatch.setattr(play.os, "replace", full)
    again = tmp_path / "again.json"
    argv = (["resume", str(saved), "--hands", "2"] if command == "resume"
            else ["play", "seven-card-stud", "--players", "3", "--seed", "4", "--hands", "3"])
    code, out, err = cli([*argv, "--plain", "--phh", str(tmp_path / "h.phhs"), "--save", str(again)], capsys)
    assert code == 1 and "--phh: cannot write " in err and "No space left on device" in err
    assert "after 3 hands:" in out and json.loads(again.read_text())["planned"] == 3
    assert not (tmp_path / "h.phhs").exists()


@pytest.mark.parametrize("argv", [
    ["play", "seven-card-stud", "--hands", "3"],
    ["play", "dealers-choice", "--hands", "3"],
    ["play", "seven-card-stud", "--me", "--hands", "3"],
])
def test_a_file_that_cannot_be_written_is_refused_before_anything_is_played(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: the whole session played (at the table too), then 'cannot write' and lost."""
    monkeypatch.setattr("sys.stdin", io.StringIO("c\nb\n" * 100))
    for flag in ("--save", "--phh"):
        code, out, err = cli([*argv, "--seed", "2", flag, str(tmp_path / "no" / "such.json")], capsys)
        assert code == 2 and out == "" and f"{flag}: cannot write " in err and "there is no folder" in err
    code, _, err = cli([*argv, "--seed", "2", "--save", str(tmp_path)], capsys)
    assert code == 2 and "is a folder: give a file's name" in err


class _Interrupting(SimpleBot):
    """Computer players during whose ``at``-th move ctrl-C is pressed."""

    at = 20

    def __call__(self, state: object) -> object:
        import signal

        self.moves = getattr(self, "moves", 0) + 1
        if self.moves == self.at:
            signal.raise_signal(signal.SIGINT)
        return super().__call__(state)  # type: ignore[arg-type]


def test_ctrl_c_in_a_computer_only_run_that_saves_stops_after_the_hand_and_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: 'splitpot: interrupted' and no file, however long the run had played."""
    from splitpot import play

    monkeypatch.setattr(play, "SimpleBot", _Interrupting)  # ctrl-C during the third hand
    saved = tmp_path / "s.json"
    code, out, err = cli(["play", "seven-card-stud", "--players", "3", "--seed", "4", "--hands", "50",
                          "--save", str(saved)], capsys)
    doc = json.loads(saved.read_text())
    done = len(doc["hands"])
    assert code == 130 and 1 <= done < 50 and f"\nafter {done} hands: " in out
    assert f"stopped (ctrl-C) after {done} hand" in err and f"splitpot resume {saved}" in err
    assert all(History.from_dict(hand).replay().is_complete for hand in doc["hands"])  # whole hands
    monkeypatch.undo()
    code, out, _ = cli(["resume", str(saved), "--hands", "1", "--plain"], capsys)
    assert code == 0 and f"resumed after hand {done}\n" in out


@pytest.mark.parametrize("command", ["play", "dealers-choice", "resume", "json"])
def test_ctrl_c_in_a_computer_only_run_prints_the_hands_played(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: without --save, 'splitpot: interrupted' and nothing else, the output of every
    hand played lost (it is written when the run ends)."""
    from splitpot import play, play_dealers_choice, resume

    argv = ["play", "seven-card-stud", "--players", "3", "--seed", "4", "--hands", "50"]
    if command == "dealers-choice":
        argv[1] = "dealers-choice"
    if command == "resume":
        saved = tmp_path / "s.json"
        assert cli([*argv[:-1], "2", "--save", str(saved)], capsys)[0] == 0
        argv = ["resume", str(saved), "--hands", "48"]
    if command == "json":
        argv.append("--json")
    for module in (play, play_dealers_choice, resume):
        monkeypatch.setattr(module, "SimpleBot", _Interrupting, raising=False)
    monkeypatch.setattr(resume, "saved_bot", lambda doc: _Interrupting(seed=1))
    code, out, err = cli(argv, capsys)
    said = "resume" if command == "resume" else "play"
    match = re.search(rf"splitpot {said}: stopped \(ctrl-C\) after (\d+) hands?\.\n", err)
    assert code == 130 and match is not None, err
    done = int(match.group(1))
    assert 1 <= done < 48
    if command == "json":
        assert len(json.loads(out)["hands"]) == done
    else:
        last = done + 2 if command == "resume" else done
        assert f"===== hand {last} =====" in out and f"===== hand {last + 1} =====" not in out
        assert f"\nafter {last} hands: " in out


def test_a_session_left_before_its_first_hand_is_saved_and_resumed_from_the_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: leaving at dealer's choice when the person deals the first hand wrote no file."""
    saved = tmp_path / "s.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # end of input at the first call
    code, out, _ = cli(["play", "dealers-choice", "--players", "3", "--me", "--seed", "6", "--hands", "2",
                        "--plain", "--save", str(saved)], capsys)
    doc = json.loads(saved.read_text())
    assert code == 0 and "no hand was completed" in out and doc["hands"] == [] and doc["planned"] == 2
    code, out, _ = cli(["resume", str(saved), "--bots", "--plain"], capsys)
    assert code == 0 and "resumed before hand 1" in out and "after 2 hands:" in out


def test_a_session_that_is_over_or_a_seat_without_chips_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: exit 0 with 'no hand was played' (or 'you have no chips left')."""
    saved = tmp_path / "s.json"
    cli(["play", "seven-card-stud", "--players", "2", "--stack", "12", "--seed", "1", "--hands", "40",
         "--save", str(saved)], capsys)
    doc = json.loads(saved.read_text())
    assert 0 in doc["final_stacks"]
    code, out, err = cli(["resume", str(saved), "--hands", "1"], capsys)
    assert code == 2 and out == "" and err.endswith(f"{saved}: the session is over: too few players have "
                                                    "chips for another hand.\n")
    cli(["play", "seven-card-stud", "--players", "3", "--stack", "12", "--seed", "7", "--hands", "3",
         "--save", str(saved)], capsys)
    doc = json.loads(saved.read_text())
    assert doc["final_stacks"].count(0) == 1  # one seat out of chips, two to play on
    broke = doc["final_stacks"].index(0)
    code, _, err = cli(["resume", str(saved), "--hands", "1", "--seat", str(broke)], capsys)
    assert code == 2 and err == (f"splitpot resume: error: seat {broke} (P{broke}) has no chips left: "
                                 "resume with --bots, or sit in another seat with --seat K.\n")
    assert cli(["resume", str(saved), "--hands", "1", "--bots"], capsys)[0] == 0
    for planned in (0, "5", 2.5):
        doc["planned"] = planned
        saved.write_text(json.dumps(doc))
        code, _, err = cli(["resume", str(saved)], capsys)
        assert code == 2 and "planned: the number of the last hand the run meant to play" in err


def test_an_evening_the_house_list_ended_is_refused_as_one_the_chips_ended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: 'resumed after hand 16', no hand played, exit 0, when the house list had no call
    for the players left; the saved document says why the evening ended."""
    house = tmp_path / "cal3.toml"
    house.write_text('[house]\nname = "three-blind"\n[[call]]\ngame = "california-lowball"\nlimit = 3\n')
    saved = tmp_path / "cal3s.json"
    code, out, _ = cli(["play", "dealers-choice", "--house", str(house), "--players", "3", "--hands", "200",
                        "--seed", "1", "--stack", "15", "--save", str(saved)], capsys)
    reason = f"{house} has no call for 2 players; add a game that seats them."
    assert code == 0 and f"the session is over: {reason}" in out
    doc = json.loads(saved.read_text())
    assert doc["over"] == reason and len(doc["hands"]) < 200
    for flags in ([], ["--bots"], ["--seat", str(doc["final_stacks"].index(max(doc["final_stacks"])))]):
        code, out, err = cli(["resume", str(saved), "--hands", "3", *flags], capsys)
        assert (code, out) == (2, "")
        assert err == f"splitpot resume: error: {saved}: the session is over: {reason}\n"
    del doc["over"]  # saved before the document said why: the house list still says so
    saved.write_text(json.dumps(doc))
    assert cli(["resume", str(saved), "--hands", "3"], capsys)[2].endswith(f"the session is over: {reason}\n")


_ONE_CALL_HOUSE = """[house]
name = "One call"

[[call]]
game = "seven-card-stud"
"""
"""A house of its own for the dealer's-choice save below: the person calls seven-card stud, in
which seed 1 makes P0 the bring-in (the example house's calls change with every game added)."""


@pytest.mark.parametrize("argv", [
    ["dealers-choice", "--players", "3", "--hands", "3", "--me", "--seed", "1"],
    ["seven-card-stud", "--players", "3", "--hands", "3", "--me", "--seed", "1"],
])
def test_a_document_saved_mid_hand_conserves_the_chips_and_counts_finished_hands(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: final_stacks [197, 199, 197] (the pot's 7 chips missing) and the unfinished hand
    counted in games, though the printed summary does not count it."""
    saved, house = tmp_path / "s.json", tmp_path / "house.toml"
    house.write_text(_ONE_CALL_HOUSE, encoding="utf-8")
    table = ["--house", str(house)] if argv[0] == "dealers-choice" else []
    answers = "1\n" if argv[0] == "dealers-choice" else ""  # the person's call: the house's one
    monkeypatch.setattr("sys.stdin", io.StringIO(answers + "b\nq\ny\n"))  # bring in, leave
    code, out, _ = cli(["play", *argv, *table, "--plain", "--save", str(saved)], capsys)
    assert code == 0 and "P0 (you) brings in for 2" in out and "no hand was completed." in out
    doc = json.loads(saved.read_text())
    assert len(doc["hands"]) == 1 and History.from_dict(doc["hands"][0]).replay().is_complete is False
    assert doc["final_stacks"] == doc["starting_stacks"] == [200, 200, 200]  # as no finished hand left them
    assert "final_stacks" not in doc["hands"][0]  # the unfinished hand has none
    if argv[0] == "dealers-choice":
        assert doc["games"] == {}
    code, out, _ = cli(["resume", str(saved), "--bots", "--hands", "2", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and sum(doc["final_stacks"]) == 600 and all("final_stacks" in h for h in doc["hands"])
    if argv[0] == "dealers-choice":
        assert sum(doc["games"].values()) == 2


@pytest.mark.parametrize("name", ["s.phhs", "s.txt"])
def test_a_phh_file_is_not_resumed_and_replay_is_named(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: "not a JSON document: Extra data: line 2 column 1" (by its name, or by its content)."""
    phh_file = tmp_path / "s.phhs"
    assert main(["play", "lowball", "--hands", "2", "--seed", "1", "--phh", str(phh_file)]) == 0
    path = tmp_path / name
    path.write_text(phh_file.read_text())
    capsys.readouterr()
    assert main(["resume", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"error: {path} is a PHH hand history: " in err
    assert f"cannot be resumed; `splitpot replay {path}` prints its hands." in err
