"""The command line refuses bad input by flag, stops cleanly on ctrl-C and a
closed pipe, and prints on any terminal."""

from __future__ import annotations

import io
import json
import os
import pathlib
import platform
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from child_signals import default_sigint
from splitpot import _core, cli
from splitpot.engine.history import History

SPLITPOT = [sys.executable, "-c", "import sys; from splitpot.cli import main; sys.exit(main())"]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = cli.main(args)
    except SystemExit as stop:  # argparse refusing a flag
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("players", ["1", "0", "-2", "x", "2.5"])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_play_bad_players_refused_by_flag(
    players: str, json_flag: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: exit 0 printing only a header, or IndexError under --json."""
    code, out, err = run(["play", "seven-card-stud", "--players", players, *json_flag], capsys)
    assert code == 2 and out == ""
    assert "--players" in err and "Traceback" not in err


def test_play_more_players_than_the_game_seats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["play", "seven-card-stud", "--players", "9"], capsys)
    assert code == 2 and out == ""
    assert "--players: seven-card-stud seats 2 to 8 players, got 9" in err


@pytest.mark.parametrize("stack", ["0", "-5", "1.5"])
def test_play_bad_stack_refused(stack: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["play", "seven-card-stud", "--stack", stack, "--json"], capsys)
    assert code == 2 and out == "" and "--stack" in err


@pytest.mark.parametrize("hands", ["0", "-3"])
def test_play_hands_zero_or_negative_refused_not_one_hand(
    hands: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["play", "seven-card-stud", "--hands", hands], capsys)
    assert code == 2 and out == "" and "argument --hands: must be >= 1" in err


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--bring-in", "7"], ["--bring-in (7) must be <= --small-bet (5)"]),
        (["--small-bet", "10", "--big-bet", "5"], ["--big-bet (5) must be >= --small-bet (10)"]),
        (["--qualifier", "9"], ["--qualifier"]),
    ],
)
def test_play_errors_name_flags_not_keywords(
    flags: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["play", "seven-card-stud", *flags], capsys)
    assert code == 2
    for word in words:
        assert word in err
    for keyword in ("bring_in", "small_bet", "big_bet", "low_qualifier", "Stakes", "GameSpec"):
        assert keyword not in err


def test_play_prints_the_seed_it_used_and_it_repeats_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: 'seed None'. The fresh seed is printed, and giving it back plays the same hand."""
    code, out, _ = run(["play", "seven-card-stud", "--players", "3"], capsys)
    assert code == 0
    header = out.splitlines()[0]
    seed = header.split("seed ")[1].split(",")[0]
    assert seed.isdigit()
    code, again, _ = run(["play", "seven-card-stud", "--players", "3", "--seed", seed], capsys)
    assert code == 0 and again == out
    code, doc, _ = run(["play", "seven-card-stud", "--players", "3", "--json"], capsys)
    assert isinstance(json.loads(doc)["seed"], int)


@pytest.mark.parametrize(
    ("flags", "text"),
    [
        (["--hands", "-5"], "argument --hands: must be in 1..200000000, got -5"),
        (["--hands", "0"], "argument --hands: must be in 1..200000000, got 0"),
        (["--hands", "99999999999999999999"], "argument --hands: must be in 1..200000000"),
        (["--threads", "0"], "argument --threads: must be in 1..1024, got 0"),
        (["--threads", "100000000000"], "argument --threads: must be in 1..1024"),
        (["--seed", "-1"], "argument --seed: must be in 0..18446744073709551615, got -1"),
    ],
)
def test_bench_bad_flags_refused_without_traceback(
    flags: list[str], text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["bench", *flags], capsys)
    assert code == 2 and out == "" and text in err and "Traceback" not in err


def test_bench_names_the_machine_it_measured(capsys: pytest.CaptureFixture[str]) -> None:
    """The figures depend on the CPU (the README's are a Zen 4's): bench says which it ran on."""
    code, out, _ = run(["bench", "--hands", "2000", "--plain"], capsys)
    assert code == 0
    second = out.splitlines()[1]
    assert second == f"on {cli._machine()}"
    assert f"{os.cpu_count()} CPUs" in second and f"splitpot {cli.__version__}," in second


def test_bench_prints_its_figures_in_columns(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: the check=False and threads rows' figures out of line with the rankings'."""
    code, out, _ = run(["bench", "--hands", "2000", "--plain"], capsys)
    assert code == 0
    rows = [line for line in out.splitlines() if "7 cards" in line]
    assert len(rows) == 7 and len({line.index("7 cards") for line in rows}) == 1
    calls = [line for line in out.splitlines() if "calls/s" in line]
    assert len(calls) == 2 and len({line.index(" M calls/s") for line in calls}) == 1


def test_bench_names_the_batch_keys_the_cpu_flags_allow(capsys: pytest.CaptureFixture[str]) -> None:
    """The third line names the batch's key path; on Linux it agrees with the CPU's flags."""
    code, out, _ = run(["bench", "--hands", "2000", "--plain"], capsys)
    assert code == 0
    keys = _core.batch_keys()
    assert out.splitlines()[2] == f"batch keys: {keys} (the widest way this CPU has)"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            flags = next((set(line.split(":", 1)[1].split()) for line in f if line.startswith("flags")), None)
    except OSError:
        flags = None
    if flags is None or platform.machine() not in ("x86_64", "AMD64"):
        assert keys in ("AVX-512", "AVX2", "scalar")
    elif {"avx512f", "avx512bw", "avx512vbmi"} <= flags:
        assert keys == "AVX-512"
    else:
        assert keys == ("AVX2" if "avx2" in flags else "scalar")


def test_machine_reads_the_cpu_name_or_falls_back(tmp_path: pathlib.Path) -> None:
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nmodel name\t: Test CPU 9000 @ 3.0GHz\nflags\t: avx2\n")
    assert cli._machine(str(info)).startswith("Test CPU 9000 @ 3.0GHz, ")
    info.write_text("processor\t: 0\n")  # no name given (some ARM kernels): the architecture
    assert cli._machine(str(info)).startswith(f"{platform.processor() or platform.machine()}, ")
    assert cli._machine(str(tmp_path / "missing")) == cli._machine(str(info))


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONIOENCODING", "LC_", "LANG"))}
    env.update(extra)
    return env


def test_eval_wild_on_a_non_utf8_stdout_prints_suit_letters() -> None:
    """Was: UnicodeEncodeError for 'A♥' on an ASCII terminal."""
    done = subprocess.run(
        [*SPLITPOT, "eval", "--wild", "2", "2c", "As", "Kd", "7h", "5c"],
        env=_env(PYTHONIOENCODING="ascii", LC_ALL="C"),
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("ascii")
    assert "pair of aces (2c as Ah)" in text


def _long_play(hands: int, game: tuple[str, ...] = ("seven-card-stud",)) -> subprocess.Popen[bytes]:
    """``splitpot play`` of many hands in a child process, its output piped to us."""
    return subprocess.Popen(
        [*SPLITPOT, "play", *game, "--hands", str(hands), "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
        preexec_fn=default_sigint,
    )


def _read_until(proc: subprocess.Popen[bytes], marker: bytes, seconds: float = 60.0) -> list[bytes]:
    """The child's output lines up to (at least) the one holding ``marker``; fails the test
    if the output ends first (EOF: the child exited) or nothing brings it within ``seconds``."""
    assert proc.stdout is not None
    fd, data = proc.stdout.fileno(), b""
    deadline = time.monotonic() + seconds
    while marker not in data:
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(f"no {marker!r} within {seconds:g} s; the output so far ends: {data[-2000:]!r}")
        if not select.select([fd], [], [], left)[0]:
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            pytest.fail(f"the output ended (exit {proc.wait(timeout=60)}) before {marker!r}; it ends: "
                        f"{data[-2000:]!r}; stderr: {proc.stderr.read() if proc.stderr else b''!r}")
        data += chunk
    return data.splitlines(keepends=True)


@pytest.mark.skipif(os.name != "posix", reason="preexec_fn and SIGPIPE: POSIX only")
def test_broken_pipe_is_quiet() -> None:
    """``splitpot play ... | head -1``: no traceback, exit 141 (128 + SIGPIPE)."""
    with _long_play(200) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()  # the reader goes away
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 141
    assert err == ""


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_ctrl_c_exits_130_without_traceback() -> None:
    with _long_play(100_000) as proc:
        # the run's ctrl-C handler is in place before its header is printed (a ctrl-C right
        # after the header stops the run before hand 1: test_a_ctrl_c_before_the_first_hand_...);
        # waiting for a hand keeps this test about a run stopped after the hand in play
        _read_until(proc, b"===== hand 1 =====")
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    # (the run prints its hands as they end: ctrl-C stops it after the hand in play)
    assert b"Traceback" not in err and b"stopped (ctrl-C) after" in err


def _interrupted_run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``splitpot ARGS`` in a child whose ``code`` arranges its ctrl-C (SIGINT sent to itself
    where the code says), with SIGINT's default action (as a background shell may not give)."""
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=_env(),
                          timeout=120, preexec_fn=default_sigint)


def _resumed_two_more(done: subprocess.CompletedProcess[str], save: pathlib.Path) -> None:
    """A resume of two saved hands for two more, stopped by ctrl-C after them: both saved and told."""
    assert done.returncode == 130, done.stderr
    assert len(json.loads(save.read_text())["hands"]) == 4
    assert "===== hand 4 =====" in done.stdout and "after 4 hands" in done.stdout
    assert "splitpot resume: stopped (ctrl-C) after 2 hands; the session is saved in" in done.stderr


# ctrl-C once every hand is played, as the save is being written (the signal sent from
# inside the child, at that point exactly)
_INTERRUPTED_WRITE = (
    "import os, signal, sys\n"
    "import splitpot.play as play\n"
    "write = play.write_file\n"
    "def interrupted(*args, **kwargs):\n"
    "    os.kill(os.getpid(), signal.SIGINT)\n"
    "    return write(*args, **kwargs)\n"
    "play.write_file = interrupted\n"
    "from splitpot.cli import main\n"
    "sys.exit(main())\n"
)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
@pytest.mark.parametrize("game", ["seven-card-stud", "dealers-choice"])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_ctrl_c_while_writing_keeps_the_save_and_the_text(
    json_flag: list[str], game: str, tmp_path: pathlib.Path
) -> None:
    """Was: ctrl-C after the hands were played, while the save and the text were written:
    exit 130, nothing printed, no --save file, "splitpot: interrupted" (dealers-choice: until
    its run shared play's)."""
    save = tmp_path / "w.json"
    done = _interrupted_run(_INTERRUPTED_WRITE, "play", game, "--seed", "2", "--hands", "3",
         "--save", str(save), *json_flag)
    assert done.returncode == 130, done.stderr
    assert len(json.loads(save.read_text())["hands"]) == 3
    if json_flag:
        assert len(json.loads(done.stdout)["hands"]) == 3
    else:
        assert "===== hand 3 =====" in done.stdout and "after 3 hands" in done.stdout
    assert "stopped (ctrl-C) after 3 hands; the session is saved in" in done.stderr
    assert "interrupted" not in done.stderr


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
@pytest.mark.parametrize(
    ("game", "header"),
    [(("seven-card-stud",), b"seven-card-stud: 5 players, seed 1"),
     (("dealers-choice", "--stack", "10000"), b"dealers-choice: 5 players, seed 1, house list: ")],
    ids=["seven-card-stud", "dealers-choice"],
)
def test_hands_are_printed_as_they_end_into_a_pipe(game: tuple[str, ...], header: bytes) -> None:
    """Was: into a pipe or a file nothing came out until every hand was played (a long
    run's `| tee log` showed nothing; dealers-choice's until its run shared play's); ctrl-C
    then ends it with the hands played and their summary."""
    with _long_play(100_000, game) as proc:
        seen = _read_until(proc, b"===== hand 2 =====")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert seen[0].startswith(header)
    assert b"===== hand 1 =====" in b"".join(seen)
    played = int(err.decode().split("after ")[1].split(" hand")[0])
    assert f"after {played} hands: ".encode() in out and b"Traceback" not in err


def test_version_flag_and_python_m_splitpot(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: `splitpot --version` refused, `python -m splitpot` "cannot be directly executed"."""
    import splitpot

    assert run(["--version"], capsys) == (0, f"splitpot {splitpot.__version__}\n", "")
    done = subprocess.run([sys.executable, "-m", "splitpot", "eval", "As", "Ks", "Qs", "Js", "Ts", "--plain"],
                          env=_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.splitlines()[1].split()[:3] == ["high", "royal", "flush"]


def test_help_names_every_command_in_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: the description showed the docstring's ``markup`` and left out replay."""
    code, out, _ = run(["--help"], capsys)
    description = " ".join(out.split("\n\n")[1].split())
    assert code == 0 and "``" not in out
    commands = cli._parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert all(f" {name} " in f" {description} " for name in commands), description


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["seven-card-stud", "--players", "3", "--seat", "9"],
            "--seat must be in 0..2 (P0 to P2 with --players 3), got 9.",
        ),
        (
            ["seven-card-stud", "--players", "3", "--seat", "-1"],
            "--seat must be in 0..2 (P0 to P2 with --players 3), got -1.",
        ),
        (["lowball", "--seat", "5"], "--seat must be in 0..4 (P0 to P4 with --players 5), got 5."),
        (
            ["dealers-choice", "--players", "4", "--seat", "4"],
            "--seat must be in 0..3 (P0 to P3 with --players 4), got 4.",
        ),
    ],
)
def test_play_bad_seat_names_the_flag(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: "seat must be in 0..2, got 9", not saying which flag or why 2."""
    code, out, err = run(["play", *argv], capsys)
    assert code == 2 and out == ""
    assert err == f"splitpot play: error: {message}\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "seven-card-stud", "--penalty-rule", "void-card", "--json"],
        ["play", "aces-deuces", "--penalty-rule", "dead-hand", "--json"],
        ["eval", "As", "Ks", "Qs", "Js", "Ts", "--penalty-rule", "void-card"],
        ["equity", "-g", "seven-card-stud", "As Ks", "Qd Qc", "--penalty-rule", "void-card"],
    ],
)
def test_penalty_rule_without_penalty_cards_is_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: accepted and ignored (a rule for penalty cards, with none named)."""
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert "--penalty-rule" in err and "no --penalty names one" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "five-card-stud", "--penalty", "Kd", "--penalty-rule", "void-card", "--seed", "1", "--json"],
        ["eval", "As", "Ks", "Qs", "Js", "Ts", "4c", "--penalty", "4c", "--penalty-rule", "void-card"],
        [
            "equity",
            "-g",
            "lowball",
            "As 2d 3c 4d",
            "Kd 3s 5h 6d",
            "--penalty",
            "6",
            "--penalty-rule",
            "void-card",
        ],
    ],
)
def test_penalty_rule_with_penalty_cards_still_runs(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 0 and out and err == ""


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--ante", "500", "--stack", "100"], "--ante (500) must be less than --stack (100)"),
        (["--ante", "100", "--stack", "100"], "--ante (100) must be less than --stack (100)"),
        (["--stack", "1"], "--ante (1, the default) must be less than --stack (1)"),
    ],
)
@pytest.mark.parametrize("game", ["seven-card-stud", "lowball", "five-card-stud"])
def test_play_ante_of_a_whole_stack_is_refused(
    game: str, flags: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: played, every player all in on the ante before a card was dealt."""
    code, out, err = run(["play", game, *flags, "--players", "2", "--json"], capsys)
    assert code == 2 and out == ""
    assert f"error: {message}: every player would be all in before a card is dealt" in err


def test_play_ante_below_the_stack_plays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["play", "seven-card-stud", "--ante", "2", "--stack", "3", "--players", "2", "--seed", "1", "--json"],
        capsys,
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["starting_stacks"] == [3, 3] and sum(doc["final_stacks"]) == 6


@pytest.mark.parametrize(
    "command", [["eval", "As"], ["play", "lowball"], ["replay", "x.phh"], ["resume", "x.json"]]
)
def test_an_unknown_flag_is_refused_with_the_commands_own_usage(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: the top-level usage, listing one command (``{eval}``), above the error."""
    code, out, err = run([*command, "--bogus"], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"usage: splitpot {command[0]} ")
    assert err.rstrip().endswith(f"splitpot {command[0]}: error: unrecognized arguments: --bogus")


def test_eval_says_why_a_short_hand_has_no_low_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: the low rankings left out without a word (two cards with a wild card)."""
    code, out, _ = run(["eval", "2c", "3d", "--wild", "2", "--plain"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[1].startswith("high              pair of threes (2c as 3s)")
    said = [line.split(None, 1)[1] for line in lines[2:]]
    assert said[0] == said[3] == "needs 5 cards with wild cards"  # (the ace lows: two cards' own)
    code, out, _ = run(["eval", "2c", "3d", "--plain"], capsys)
    assert out.splitlines()[-1] == "eight-or-better   needs 5 cards"
    code, out, _ = run(["eval", "2c", "3d", "--json"], capsys)
    assert [row["hand"] for row in json.loads(out)["hands"]][-1] == "needs 5 cards"


@pytest.mark.parametrize("argv", [["eval", "As", "Kd"], ["play", "seven-card-stud"]])
@pytest.mark.parametrize("flag", ["--wild", "--penalty"])
def test_a_blank_wild_or_penalty_card_is_refused(
    argv: list[str], flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: ``--wild ""`` taken as no wild cards at all, silently."""
    code, _, err = run([*argv, flag, " "], capsys)
    assert code == 2 and f"argument {flag}: give a rank (2) or cards (Jd 4h), got ' '" in err


def test_plain_output_writes_a_wild_cards_stand_in_in_letters(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: ``--plain`` (and NO_COLOR) printed ``2c as A♥``."""
    code, out, _ = run(["eval", "As", "Kd", "2c", "--wild", "2", "--plain"], capsys)
    assert code == 0 and "pair of aces (2c as Ah)" in out and not set(out) & set("♣♦♥♠")


@pytest.mark.parametrize(("argv", "message"), [
    (["seven-card-stud", "--wild-low", "best-rank"], "and seven-card-stud has no low: leave it out."),
    (["seven-card-stud-8", "--wild-low", "zero"], "and seven-card-stud-8 has no wild cards: add --wild"),
    (["lowball", "--duplicate"], "and lowball has no high hand: leave it out."),
    (["seven-card-stud", "--duplicate"], "and seven-card-stud has no wild cards: add --wild"),
    (["seven-card-stud", "--ante", "0", "--bring-in", "0"], "a bring-in street needs --bring-in > 0."),
])
def test_play_refuses_options_that_would_do_nothing_in_its_own_words(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: --wild-low and --duplicate taken silently where no wild card plays; the
    bring-in's refusal said 'stakes.--bring-in'."""
    code, out, err = run(["play", *argv, "--seed", "1"], capsys)
    assert code == 2 and out == "" and message in err
    wild_low = ["play", "seven-card-stud-8", "--wild", "2", "--wild-low", "best-rank", "--seed", "1"]
    assert run(wild_low, capsys)[0] == 0
    assert run(["play", "jackpots", "--duplicate", "--joker", "bug", "--seed", "1"], capsys)[0] == 0


@pytest.mark.parametrize("flag", ["--no-pass-and-out", "--no-both", "--no-stand-is-final", "--check-raise",
                                  "--no-check-raise", "--pass-and-out", "--open-pair"])
def test_dealers_choice_refuses_every_game_flag_as_typed(
    flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: a flag storing False (--no-pass-and-out, --no-both) ran with rc 0 and was ignored."""
    code, out, err = run(["play", "dealers-choice", "--hands", "1", flag], capsys)
    assert code == 2 and out == "", (code, out)
    assert f"{flag}: dealers-choice takes its games" in err, err


@pytest.mark.parametrize("flag", ["--check-raise", "--no-check-raise", "--no-pass-and-out", "--pass-and-out"])
def test_a_game_without_the_option_names_the_flag_as_typed(
    flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: "seven-card-stud has no option '--no-check-raise'" for --check-raise (the flag named from its
    dest), and '--pass-and-out' for --no-pass-and-out."""
    code, _, err = run(["play", "seven-card-stud", "--hands", "1", flag], capsys)
    assert code == 2
    assert f"seven-card-stud has no option '{flag}';" in err, err


def test_every_flag_storing_false_is_named_as_typed() -> None:
    """Each BooleanOptionalAction of ``play`` (and --check-raise) has its --no- flag in the map
    that names a flag as typed."""
    import argparse

    from splitpot.play import _FALSE_FLAGS, add_play_parser

    parser = argparse.ArgumentParser(prog="splitpot")
    add_play_parser(parser.add_subparsers(dest="command"))
    play = parser._subparsers._group_actions[0].choices["play"]  # type: ignore[union-attr]
    negated = {a.dest: f"--no-{a.option_strings[0][2:]}" for a in play._actions
               if isinstance(a, argparse.BooleanOptionalAction)}
    assert {**negated, "no_check_raise": "--check-raise"} == _FALSE_FLAGS


def test_every_command_prefixes_its_errors_and_interrupts_with_its_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: "splitpot: error: duplicate card As" (eval) and "splitpot: interrupted" (play,
    bench, replay) where argparse and equity say "splitpot COMMAND: ..."."""
    assert run(["eval", "As", "As", "Ks", "Qs", "Js"], capsys) == (
        2, "", "splitpot eval: error: duplicate card As\n")

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_bench", interrupted)
    assert run(["bench", "--hands", "10"], capsys) == (130, "", "splitpot bench: interrupted\n")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["eval", "As", "Ks", "Qs", "Js", "Ts", "--wild", "2 3"],
         "eval: error: unknown wild rank or card '2 3': use a rank (2-9, T or 10, J, Q, K, A) or "
         "cards such as 'Jd 4h'; for more, repeat --wild\n"),
        (["eval", "As", "Ks", "Qs", "Jk", "--wild", "Jk"],
         "its treatment is --joker bug (default) or wild\n"),
        (["play", "seven-card-stud", "--wild", "Jk"], "its treatment is --joker bug (default) or wild\n"),
        (["equity", "-g", "seven-card-stud", "As Ks Qs", "2c 3c 4c", "--qualifier", "7"],  # (no --low)
         "equity: error: --qualifier applies to seven-card-stud-8 only, not to seven-card-stud\n"),
        (["play", "mexican-stud", "--positional", "lowest-card"],
         "call a game without one of its own (five-card-stud, say) for lowest-card.\n"),
        (["equity", "-g", "seven-card-stud", "As Ks Qs", "2c 3c 4c", "--threads", "0"],
         "equity: error: --threads must be in 1..1024, got 0.\n"),
    ],
)
def test_messages_are_in_the_command_lines_words(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: Python's syntax (joker='bug', 'None uses every core', a list of ranks the command
    line has no syntax for) and a --low the game refuses."""
    code, _, err = run(argv, capsys)
    assert code == 2 and err.endswith(said), err


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "seven-card-stud", "--save", ""],
        ["play", "seven-card-stud", "--phh", ""],
        ["play", "seven-card-stud", "--plot", ""],
        ["equity", "-g", "seven-card-stud", "As Ks Qs", "2c 3c 4c", "--plot", ""],
    ],
)
def test_an_empty_file_name_is_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Was: taken as no file at all, silently."""
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and f"{argv[-2]}: give a file's name, got ''." in err


def test_equity_checks_the_plot_file_before_computing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: the path checked only after the whole computation (as play checks it first)."""
    import splitpot.equity_cli as module

    def computed(*args: object, **kwargs: object) -> None:
        raise AssertionError("computed before the plot's file was checked")

    monkeypatch.setattr(module, "equity", computed)
    code, out, err = run(["equity", "-g", "seven-card-stud", "As Ks Qs", "2c 3c 4c", "--plot",
                          "/no/such/folder/x.png"], capsys)
    assert code == 2 and out == ""
    assert err == "splitpot equity: error: --plot: cannot write /no/such/folder/x.png: there is no folder " \
                  "/no/such/folder.\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "seven-card-stud"],
        ["bench", "--hands", "10"],
        ["equity", "-g", "seven-card-stud", "As Ks Qs", "2c 3c 4c", "--samples", "10"],
    ],
)
def test_every_command_takes_the_same_seeds(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Was: --seed 99999999999999999999999999 taken by play and bench, refused by equity."""
    code, _, err = run([*argv, "--seed", str(2**64)], capsys)
    assert code == 2 and f"argument --seed: must be in 0..{2**64 - 1}, got {2**64}" in err
    if argv[0] != "bench":  # (bench's run is a benchmark: the largest seed is checked by the others)
        assert run([*argv, "--seed", str(2**64 - 1), "--plain"], capsys)[0] == 0


def test_negative_blinds_reach_their_own_check(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: argparse's "--blinds: expected one argument" (it took -1,3 for a flag)."""
    code, _, err = run(["play", "california-lowball", "--blinds", "-1,3"], capsys)
    assert code == 2
    assert err == "splitpot play: error: california-lowball: --blinds: a blind must be >= 1, got -1.\n"


def test_bench_of_one_hand_says_one_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: "1 random hands per batch" (equity's singulars are in test_equity.py)."""
    code, out, _ = run(["bench", "--hands", "1", "--plain"], capsys)
    assert code == 0 and out.startswith("splitpot bench: 1 random hand per batch,")


def test_bench_json_gives_the_machine_and_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: no --json (the figures only as text)."""
    code, out, _ = run(["bench", "--hands", "2000", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["hands"] == 2000 and doc["machine"] and doc["batch_keys"] == _core.batch_keys()
    measured = {row["measured"]: row for row in doc["per_second"]}
    assert measured["evaluate_many high"]["7 cards"] > 0 and measured["evaluate_many high"]["5 cards"] > 0
    assert measured["strength, one hand a call"]["calls"] > 0 and len(measured) == 9


def test_help_gives_the_defaults_it_lacked(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli.md promises every option with its default (was: none for these)."""
    helps = {}  # read from --help (an option's entry starts "  -"), not from argparse's insides
    for command in ("play", "equity"):
        code, out, _ = run([command, "--help"], capsys)
        for entry in re.split(r"\n(?=  -)", out.split("\noptions:\n")[1].split("\n\n")[0])[1:]:
            head = re.split(r"\s{2,}", entry.strip(), maxsplit=1)[0]
            helps |= {f"{command} {option}": entry for option in re.findall(r"(?<![\w-])--?[\w-]+", head)}
        assert code == 0 and f"{command} --seed" in helps
    for option in ("play --hands", "play --ace-draw", "play --blinds", "play --pass-and-out",
                   "equity --draws"):
        assert "default" in helps[option], option


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_replay_prints_hands_as_they_are_replayed_and_stops_on_ctrl_c(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: nothing printed until the whole file was replayed (3.8 s for 3,503 hands), and
    ctrl-C printed nothing."""
    path = tmp_path / "s.json"  # 250 hands replay to ~160 KB, more than a pipe holds (~64 KB): replay
    # is still writing (blocked on the full pipe) when the ctrl-C lands
    assert cli.main(["play", "lowball", "--hands", "250", "--seed", "1", "--stack", "100000", "--json",
                     "--save", str(path)]) == 0
    capsys.readouterr()
    with subprocess.Popen([*SPLITPOT, "replay", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=_env(), preexec_fn=default_sigint) as proc:
        seen = _read_until(proc, b"===== hand 2 =====")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert seen[0].startswith(b"lowball: 5 players, ante 1")
    shown = int(err.decode().split("stopped (ctrl-C) after ")[1].split(" hand")[0])
    assert 2 <= shown < 250 and err.decode().endswith("hands of 250.\n")
    assert f"\nafter {shown} hands: ".encode() in out and b"Traceback" not in err


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
@pytest.mark.parametrize("game", ["seven-card-stud", "dealers-choice"])
def test_ctrl_c_while_resume_writes_keeps_the_save_and_the_text(
    game: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: as play's (a ctrl-C while the save was written lost it and the text)."""
    save = tmp_path / "w.json"
    _saved_two_hands(save, capsys, game)
    done = _interrupted_run(_INTERRUPTED_WRITE, "resume", str(save), "--hands", "2", "--save", str(save))
    _resumed_two_more(done, save)


def _interrupted_around(module: str, function: str, *, before: bool = False) -> str:
    """A child's code: ``splitpot.MODULE.FUNCTION`` sends ctrl-C (SIGINT to itself) just
    after it returns (``before``: just before it is called), then the CLI runs."""
    kill = "    os.kill(os.getpid(), signal.SIGINT)\n"
    return (
        "import os, signal, sys\n"
        f"import splitpot.{module} as module\n"
        f"called = module.{function}\n"
        "def interrupted(*args, **kwargs):\n"
        + (kill if before else "")
        + "    result = called(*args, **kwargs)\n"
        + ("" if before else kill)
        + "    return result\n"
        f"module.{function} = interrupted\n"
        "from splitpot.cli import main\n"
        "sys.exit(main())\n"
    )


def _saved_two_hands(
    save: pathlib.Path, capsys: pytest.CaptureFixture[str], game: str = "seven-card-stud"
) -> None:
    """Two computer-only hands of ``game`` (seed 2) saved in ``save``, their output read away."""
    assert cli.main(["play", game, "--seed", "2", "--hands", "2", "--save", str(save)]) == 0
    capsys.readouterr()


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
@pytest.mark.parametrize("game", ["seven-card-stud", "dealers-choice"])
def test_ctrl_c_as_the_hands_end_keeps_the_save_and_the_text(game: str, tmp_path: pathlib.Path) -> None:
    """Was: a ctrl-C after the last hand, before the files were begun, fell between play's
    two interrupt scopes: exit 130, "splitpot play: interrupted", no --save file, no summary."""
    save = tmp_path / "gap.json"
    code = _interrupted_around("play", "played_until_stopped")
    done = _interrupted_run(code, "play", game, "--seed", "2", "--hands", "3", "--save", str(save))
    assert done.returncode == 130, done.stderr
    assert len(json.loads(save.read_text())["hands"]) == 3
    assert "===== hand 3 =====" in done.stdout and "after 3 hands" in done.stdout
    assert "stopped (ctrl-C) after 3 hands; the session is saved in" in done.stderr
    assert "interrupted" not in done.stderr


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_ctrl_c_as_resumed_hands_end_keeps_the_save_and_the_text(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: as play's (a save of complete hands; one with a hand in progress:
    test_ctrl_c_as_resume_finishes_the_saved_hand_in_progress_keeps_it)."""
    save = tmp_path / "gap.json"
    _saved_two_hands(save, capsys)
    code = _interrupted_around("resume", "_play_on")
    done = _interrupted_run(code, "resume", str(save), "--hands", "2", "--save", str(save))
    _resumed_two_more(done, save)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_a_ctrl_c_before_the_first_hand_stops_with_none_played_and_saves(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: a ctrl-C noted before a hand (the run's scope opens before its header) still
    let that hand be played: "after 1 hand"."""
    save = tmp_path / "none.json"
    code = _interrupted_around("play", "play_with_progress", before=True)
    done = _interrupted_run(code, "play", "seven-card-stud", "--seed", "2", "--hands", "3",
                            "--save", str(save))
    assert done.returncode == 130, done.stderr
    assert done.stdout.startswith("seven-card-stud: 5 players, seed 2")
    assert "*** third street" not in done.stdout
    assert "stopped (ctrl-C) after 0 hands; the session is saved in" in done.stderr
    assert "interrupted" not in done.stderr and "Traceback" not in done.stderr
    doc = json.loads(save.read_text())
    assert doc["hands"] == [] and doc["planned"] == 3
    # the save plays on as the run that was never stopped: hand 1 of seed 2
    assert cli.main(["play", "seven-card-stud", "--seed", "2", "--hands", "1", "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert cli.main(["resume", str(save), "--hands", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == whole["hands"]


# A session left in the middle of hand 1 by the person at seat 1 (three answers, then the end
# of input), saved: resume --bots finishes that hand first.
def _saved_mid_hand(
    save: pathlib.Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("c\n" * 3))
    assert cli.main(["play", "seven-card-stud", "--players", "3", "--seat", "1", "--hands", "3",
                     "--seed", "4", "--plain", "--save", str(save)]) == 0
    capsys.readouterr()
    hands = json.loads(save.read_text())["hands"]
    assert len(hands) == 1 and not History.from_dict(hands[0]).replay().is_complete


# A ctrl-C at the first computer move of a resumed run: the one finishing the hand in progress.
_INTERRUPTED_FIRST_MOVE = (
    "import os, signal, sys\n"
    "from splitpot.bots import SimpleBot\n"
    "moved = SimpleBot.__call__\n"
    "def interrupted(self, *args, **kwargs):\n"
    "    SimpleBot.__call__ = moved\n"
    "    os.kill(os.getpid(), signal.SIGINT)\n"
    "    return moved(self, *args, **kwargs)\n"
    "SimpleBot.__call__ = interrupted\n"
    "from splitpot.cli import main\n"
    "sys.exit(main())\n"
)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
@pytest.mark.parametrize("when", ["during the hand in progress", "as the hands end"])
def test_ctrl_c_as_resume_finishes_the_saved_hand_in_progress_keeps_it(
    when: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: a ctrl-C while resume finished the saved hand in progress ended it with nothing
    written ("interrupted", the save as it was); now the hand is finished, no other begun,
    and the save and the text written."""
    save = tmp_path / "mid.json"
    _saved_mid_hand(save, capsys, monkeypatch)
    if when == "as the hands end":
        code = _interrupted_around("resume", "_play_on")
        played, stopped = 3, "3 hands"
    else:  # the hand in progress is finished, the next not begun
        code, played, stopped = _INTERRUPTED_FIRST_MOVE, 1, "1 hand"
    done = _interrupted_run(code, "resume", str(save), "--bots", "--hands", "3", "--save", str(save))
    assert done.returncode == 130, done.stderr
    assert done.stdout.startswith("seven-card-stud: 3 players, seed 4")
    assert "; resumed in the middle of hand 1\n" in done.stdout
    hands = json.loads(save.read_text())["hands"]
    assert len(hands) == played and all(History.from_dict(hand).replay().is_complete for hand in hands)
    assert f"splitpot resume: stopped (ctrl-C) after {stopped}; the session is saved in" in done.stderr
    assert "interrupted" not in done.stderr


# ctrl-C after the second hand (the run stops after it), then again as the save is written.
_INTERRUPTED_TWICE = (
    "import os, signal, sys\n"
    "import splitpot.play as play\n"
    "from splitpot.engine.session import Session\n"
    "hands = [0]\n"
    "real_play = Session.play\n"
    "def play_one(self, *args, **kwargs):\n"
    "    played = real_play(self, *args, **kwargs)\n"
    "    hands[0] += 1\n"
    "    if hands[0] == 2:\n"
    "        os.kill(os.getpid(), signal.SIGINT)\n"
    "    return played\n"
    "Session.play = play_one\n"
    "real_save = play.save_session\n"
    "def save(*args, **kwargs):\n"
    "    os.kill(os.getpid(), signal.SIGINT)\n"
    "    return real_save(*args, **kwargs)\n"
    "play.save_session = save\n"
    "from splitpot.cli import main\n"
    "sys.exit(main())\n"
)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
@pytest.mark.parametrize("command", ["play", "resume"])
def test_a_second_ctrl_c_while_the_files_are_written_keeps_them_whole(
    command: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was (for a moment, with one interrupt scope over the hands and the files): the
    ctrl-C that stopped the run counted as the first of the writing's, so another while
    the save was written stopped at once: "interrupted", the save lost."""
    save = tmp_path / "twice.json"
    if command == "play":
        args = ["play", "seven-card-stud", "--seed", "2", "--hands", "50", "--save", str(save)]
        before = 0
    else:
        _saved_two_hands(save, capsys)
        args = ["resume", str(save), "--hands", "20", "--save", str(save)]
        before = 2
    done = _interrupted_run(_INTERRUPTED_TWICE, *args)
    assert done.returncode == 130, done.stderr
    assert len(json.loads(save.read_text())["hands"]) == before + 2
    assert f"splitpot {command}: stopped (ctrl-C) after 2 hands; the session is saved in" in done.stderr
    assert "interrupted" not in done.stderr
