"""Output for people: suit symbols and colours on a terminal, plain text otherwise."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

from splitpot.render import Output, ProgressBar, action_label, card_label, style_text

ESCAPE = "\x1b"


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def terminal_output(monkeypatch: pytest.MonkeyPatch) -> tuple[Output, FakeTerminal]:
    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = FakeTerminal()
    return Output(stream=stream), stream


def test_plain_lines_are_the_text_itself() -> None:
    line = "  P1: [Kh ??] 7c 7d (high: pair of sevens)"
    assert style_text(line, plain=True).plain == line
    stream = io.StringIO()
    Output(stream=stream).line(line)
    assert stream.getvalue() == line + "\n"


def test_a_terminal_gets_suit_symbols_and_red_hearts_and_diamonds(monkeypatch: pytest.MonkeyPatch) -> None:
    out, stream = terminal_output(monkeypatch)
    assert not out.plain
    out.line("P1 shows Kh Td As 2c Jk (Khaki Ascot 2clubs)")
    text = stream.getvalue()
    visible = re.sub(r"\x1b\[[0-9;]*m", "", text)
    assert visible == "P1 shows K♥ T♦ A♠ 2♣ Jk (Khaki Ascot 2clubs)\n"  # only whole tokens are cards
    assert re.search(r"\x1b\[1;31mK♥", text) and re.search(r"\x1b\[1;31mT♦", text)
    assert not re.search(r"31mA♠|31m2♣", text)


def test_cards_keep_their_width_so_columns_stay_aligned() -> None:
    for card in range(53):
        assert len(card_label(card, plain=False).plain) == len(card_label(card, plain=True).plain) == 2
    assert card_label(None, plain=True).plain == "??"


def test_no_color_means_plain_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    stream = FakeTerminal()
    out = Output(stream=stream)
    out.line("As Kh")
    out.table(["a", "b"], [["Qd", "1"]])
    assert out.plain and ESCAPE not in stream.getvalue() and "As Kh" in stream.getvalue()
    monkeypatch.setenv("NO_COLOR", "")  # no-color.org: an empty value does not count
    assert not Output(stream=FakeTerminal()).plain
    assert Output(stream=FakeTerminal(), plain=True).plain


def test_term_dumb_means_plain_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: TERM=dumb (a screen reader's terminal) lost the colours but kept the suit
    symbols, the ▒▒ of an unseen card and the tables' ─ rules: not plain text."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "dumb")
    stream = FakeTerminal()
    out = Output(stream=stream)
    out.line("As Kh [?? ??] 2c")
    out.table(["a", "b"], [["Qd", "1"]])
    assert out.plain and not out.symbols
    assert stream.getvalue().isascii() and ESCAPE not in stream.getvalue()
    assert "As Kh [?? ??] 2c" in stream.getvalue()
    monkeypatch.setenv("TERM", "xterm-256color")
    assert not Output(stream=FakeTerminal()).plain


def test_tables_align_columns_and_trim_trailing_spaces() -> None:
    stream = io.StringIO()
    Output(stream=stream).table(
        ["seat", "stack", "note"], [["P0", "5", ""], ["P10", "1250", "all in"]], align="lrl"
    )
    assert stream.getvalue().splitlines() == [
        "seat  stack  note",
        "P0        5",
        "P10    1250  all in",
    ]


def test_action_labels() -> None:
    assert [
        action_label(a, v)
        for a, v in [
            ("fold", None),
            ("call", 4),
            ("raise", 8),
            ("complete", 5),
            ("bring_in", 2),
            ("bet", 10),
            ("draw", 3),
            ("declare", "low"),
        ]
    ] == ["fold", "call 4", "raise to 8", "complete to 5", "bring in 2", "bet 10", "draw (up to 3)", "low"]


def test_progress_bar_is_silent_off_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    with ProgressBar("work", total=10, delay=0) as bar:
        for done in range(10):
            bar(done + 1, 10)
    assert not bar.enabled and not bar.shown and bar.done == 10
    captured = capsys.readouterr()
    assert captured.out == captured.err == ""


COMMANDS = [
    ["play", "seven-card-stud-8", "--players", "4", "--seed", "3"],
    ["play", "seven-card-stud", "--players", "3", "--seed", "3", "--hands", "3"],
    ["eval", "Kh", "Kd", "Ks", "Th", "Tc", "2d", "3c"],
    ["equity", "--game", "seven-card-stud-8", "Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"],
    ["bench", "--hands", "2000"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_output_off_a_terminal_has_no_escape_codes(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from splitpot.cli import main

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.out and ESCAPE not in captured.out + captured.err
    assert not re.search("[♠♥♦♣]", captured.out)


def test_piped_output_has_no_escape_codes() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm-256color"
    result = subprocess.run(
        [sys.executable, "-m", "splitpot.cli", *COMMANDS[1]],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    assert "after 3 hands" in result.stdout and ESCAPE not in result.stdout + result.stderr


def test_a_piped_person_plays_by_lines_without_escape_codes() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    keys = "b\nc\n" * 12  # bring in or check/call, whichever is offered; the others are refused
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "splitpot.cli",
            "play",
            "seven-card-stud",
            "--players",
            "3",
            "--seed",
            "2",
            "--seat",
            "0",
        ],
        input=keys,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert ESCAPE not in result.stdout and "session: 1 hand of seven-card-stud" in result.stdout
    assert "Traceback" not in result.stderr


def test_on_a_terminal_eval_draws_cards_unless_no_color() -> None:
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm-256color"
    text = pexpect.run(
        f"{sys.executable} -m splitpot.cli eval Kh Kd Ks Th Tc 2d 3c",
        env=env,
        encoding="utf-8",
        dimensions=(40, 160),
        timeout=120,  # (pexpect.run's own is 30 s: a hang guard, generous on a loaded machine)
    )
    assert "\x1b[1;31mK♥" in text and "full house, kings full of tens" in text
    text = pexpect.run(
        f"{sys.executable} -m splitpot.cli eval Kh Kd Ks Th Tc 2d 3c",
        env={**env, "NO_COLOR": "1"},
        encoding="utf-8",
        dimensions=(40, 160),
        timeout=120,  # (pexpect.run's own is 30 s: a hang guard, generous on a loaded machine)
    )
    assert ESCAPE not in text and "cards: Kh Kd Ks Th Tc 2d 3c" in text


def test_a_terminal_without_utf8_gets_coloured_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)

    class AsciiTerminal(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    raw = io.BytesIO()
    stream = AsciiTerminal(raw, encoding="ascii")
    out = Output(stream=stream)
    out.line("P1 shows Kh ?? 2c")
    out.table(["seat", "cards"], [["P1", "Kh ??"]])
    stream.flush()
    text = raw.getvalue().decode("ascii")  # nothing the stream could not encode
    assert not out.plain and not out.symbols
    assert re.search(r"\x1b\[1;31mKh", text) and "2c" in text


def test_progress_bar_draws_on_a_terminal_and_follows_equity(monkeypatch: pytest.MonkeyPatch) -> None:
    from splitpot.equity import equity

    monkeypatch.delenv("NO_COLOR", raising=False)
    err = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", err)
    with ProgressBar("equity", delay=0, counts=False) as bar:
        result = equity("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s"], samples=200_000, seed=1, progress=bar)
    assert bar.enabled and bar.shown
    assert bar.done == bar.total == result.outcomes  # the last call reports the whole run
    assert "equity" in err.getvalue() and "100%" in err.getvalue()


def test_a_table_wider_than_the_screen_wraps_its_free_text_and_keeps_the_rest_whole() -> None:
    """Was: every column cut ("w…  …  sta…") where a hand's long name made the table too
    wide, at 100 columns in a declare game's result table."""
    import io

    from rich.console import Console

    from splitpot.render import Output

    for width in (80, 100):
        screen = io.StringIO()
        out = Output(stream=screen)
        out.console = Console(file=screen, width=width, force_terminal=True, color_system=None)
        p0 = ["P0 (you)", "5s Ah 4h Kd 4c Tc 2d", "pair of fours; low: king-ten low", "low", "26", "+13"]
        p1 = ["P1", "7s 7h 9d 9c Qd 3s 2c", "two pair, nines and sevens; low: no low", "high", "0", "-13"]
        rows = [[*p0, "213"], [*p1, "187"]]
        out.table(["seat", "cards", "hand", "declared", "won", "net", "stack"], rows, align="llllrrr")
        text = screen.getvalue()
        assert "…" not in text and max(map(len, text.splitlines())) <= width
        for whole in ("P0 (you)", "5s Ah 4h Kd 4c Tc 2d", "declared", "+13", "213", "-13", "187", "stack"):
            assert whole in text, (width, whole)
        assert "nines" in text and "king-ten" in text


def test_a_wrapped_indented_line_keeps_its_indent_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: only the first line of an indented line (help, menus, showdown lines) was indented."""
    out, stream = terminal_output(monkeypatch)
    out.console.width = 40
    out.line("  when drawing: a card's number marks or unmarks it to throw away, Enter draws them")
    out.line("flush left: a card's number marks or unmarks it to throw away, Enter draws them")
    lines = re.sub(r"\x1b\[[0-9;]*m", "", stream.getvalue()).splitlines()
    assert lines[:3] == ["  when drawing: a card's number marks or",
                         "  unmarks it to throw away, Enter draws", "  them"]
    assert lines[3:] == ["flush left: a card's number marks or",
                         "unmarks it to throw away, Enter draws", "them"]
    assert all(len(line) <= 40 for line in lines)


def test_a_hand_in_brackets_stays_on_one_line_where_free_text_can_give_way() -> None:
    """Was (a draw game at 60 columns, the person the dealer): '[8♥ 3♠ 3♣ A♥' / '9♦]' while
    the column of what they did had room to wrap; cards without brackets still wrap by the card."""
    import io

    from rich.console import Console

    from splitpot.render import Output

    screen = io.StringIO()
    out = Output(stream=screen)
    out.console = Console(file=screen, width=60, force_terminal=True, color_system=None)
    out.plain, out.symbols = False, True  # the table's terminal: rules between columns
    rows = [["P0 (you) D", "199", "1", "[8h 3s 3c Ah 9d]", ""],
            ["P1", "199", "1", "[?? ?? ?? ?? ??]", "checks"]]
    out.table(["seat", "stack", "in pot", "cards", "since your last turn"], rows, align="lrrll", wrap="nnncw")
    text = screen.getvalue()
    assert max(map(len, text.splitlines())) <= 60
    assert "[8♥ 3♠ 3♣ A♥ 9♦]" in text and re.search(r"\[▒▒ ▒▒ ▒▒ ▒▒ ▒▒\] +checks", text)


def test_each_line_of_a_text_keeps_its_own_indent_when_wrapped(monkeypatch: pytest.MonkeyPatch) -> None:
    out, stream = terminal_output(monkeypatch)
    out.console.width = 40
    out.line("  showdown:\nP1 shows a hand whose description runs on past the width")
    lines = re.sub(r"\x1b\[[0-9;]*m", "", stream.getvalue()).splitlines()
    assert lines == ["  showdown:", "P1 shows a hand whose description runs", "on past the width"]
