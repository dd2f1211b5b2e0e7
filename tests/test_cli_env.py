"""The command line in unusual environments: closed or failing standard streams,
``COLUMNS=0``, non-UTF-8 locales and keys, files in other encodings, file names that
need quoting, and the exit statuses (2 bad input, 1 a failure that is not the
input's: a file that cannot be read or written, output that cannot be written).

Each test runs ``python -m splitpot`` as a user would (a shell for the
redirections), so that the streams are the ones Python makes for them."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from splitpot import History, Session, phh
from splitpot.errors import HistoryError, HouseListError
from splitpot.house import load_house
from splitpot.render import style_text

HOUSE = Path(__file__).resolve().parents[1] / "python" / "splitpot" / "data" / "house.toml"


def splitpot(args: str, *, cwd: Path | None = None, env: dict[str, str] | None = None,
             stdin: bytes | None = b"", redirect: str = "") -> subprocess.CompletedProcess[bytes]:
    """``python -m splitpot ARGS REDIRECT`` run by sh (``redirect``: ``<&-``, ``>/dev/full``...)."""
    dropped = ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "PYTHONUTF8", "PYTHONIOENCODING", "LANG")
    environment = {k: v for k, v in os.environ.items()  # the caller's locale is not the test's
                   if k not in dropped and not k.startswith("LC_")}
    environment.update({"LC_ALL": "C.UTF-8", **(env or {})})
    command = f"{shlex.quote(sys.executable)} -m splitpot {args} {redirect}"
    return subprocess.run([b"sh", b"-c", command.encode("utf-8", "surrogateescape")], input=stdin,
                          capture_output=True, cwd=cwd, env=environment, timeout=120)


def said(done: subprocess.CompletedProcess[bytes]) -> str:
    return done.stderr.decode("utf-8", "replace")


def no_traceback(done: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in done.stderr + done.stdout, said(done)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A saved session of one computer-only hand."""
    done = splitpot("play seven-card-stud --seed 1 --hands 1 --save s.json", cwd=tmp_path)
    assert done.returncode == 0, said(done)
    return tmp_path / "s.json"


# --- 1. standard input closed: the end of input, as </dev/null ----------------------------------

@pytest.mark.parametrize("args", ["play seven-card-stud --me --seed 1", "resume s.json --me --hands 1"])
def test_closed_stdin_at_the_table_is_the_end_of_input(saved: Path, args: str) -> None:
    """Was: AttributeError: 'NoneType' object has no attribute 'readline'."""
    done = splitpot(args, cwd=saved.parent, redirect="<&-")
    no_traceback(done)
    assert done.returncode == 0 and b"end of input" in done.stdout


def test_closed_stdin_to_replay_is_an_empty_input(tmp_path: Path) -> None:
    """Was: AttributeError: 'NoneType' object has no attribute 'read'."""
    done = splitpot("replay -", redirect="<&-")
    no_traceback(done)
    assert done.returncode == 2 and "-: no hands in the file." in said(done)


# --- 2. keys that are no text in stdin's encoding ------------------------------------------------

@pytest.mark.parametrize(("keys", "encoding"), [(b"\xe9\n", "utf-8:strict"), ("é\n".encode(), "ascii")])
def test_keys_not_in_stdin_encoding_are_refused_as_keys(keys: bytes, encoding: str) -> None:
    """Was: UnicodeDecodeError traceback."""
    done = splitpot("play seven-card-stud --me --seed 1", stdin=keys, env={"PYTHONIOENCODING": encoding})
    no_traceback(done)
    assert done.returncode == 0 and b"is not a choice here" in done.stdout


def test_caps_lock_keys_are_the_keys() -> None:
    """Was: 'F' is not a choice here."""
    done = splitpot("play seven-card-stud --me --seed 1", stdin=b"F\n")
    assert b"is not a choice here" not in done.stdout
    assert b"your move: f fold" in done.stdout and b"P0 (you) folds" in done.stdout


# --- 3. COLUMNS=0 on a terminal ------------------------------------------------------------------

@pytest.mark.parametrize("args", [["eval", "As", "Kd", "Qh", "Jc", "Tc", "9s", "8s"],
                                  ["play", "seven-card-stud", "--seed", "1"]])
def test_columns_zero_on_a_terminal_is_an_unknown_width(args: list[str]) -> None:
    """Was: ValueError: range() arg 3 must not be zero (rich wrapping at width 0)."""
    pexpect = pytest.importorskip("pexpect")
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    environment.update({"TERM": "xterm-256color", "COLUMNS": "0"})
    child = pexpect.spawn(sys.executable, ["-m", "splitpot", *args], env=environment, dimensions=(50, 0),
                          timeout=60, encoding="utf-8")
    text = child.read()
    child.close()
    assert "Traceback" not in text and child.exitstatus == 0, text


# --- 4, 5. output that cannot be written; closed streams -----------------------------------------

@pytest.mark.parametrize("buffered", [True, False])
@pytest.mark.parametrize("args", ["eval As Kd", "play seven-card-stud --seed 1 --json", "--help",
                                  "play --help", "replay -"])
def test_a_full_disk_is_said_with_exit_status_1(args: str, buffered: bool) -> None:
    """Was: an OSError traceback (exit 1), or for --help nothing and exit 0."""
    env = {} if buffered else {"PYTHONUNBUFFERED": "1"}
    stdin = b"" if args != "replay -" else splitpot("play seven-card-stud --seed 1 --json").stdout
    done = splitpot(args, stdin=stdin, env=env, redirect=">/dev/full")
    no_traceback(done)
    assert done.returncode == 1
    assert said(done).rstrip().endswith("error: cannot write the output: No space left on device.")


def test_only_standard_output_failing_is_said_as_the_output_not_written(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: any OSError reaching main (one of a file, or a bug's) was said as 'cannot write the
    output' or 'cannot use FILE'; only an error writing or flushing standard output is, and
    another is said with its file's name (exit 1)."""
    import errno
    import io

    from splitpot import cli

    def fails(args: object) -> int:
        raise PermissionError(errno.EACCES, "Permission denied", "elsewhere.txt")

    monkeypatch.setattr(cli, "_eval", fails)
    assert cli.main(["eval", "As", "Kd"]) == 1  # said, with the file's name, no traceback
    err = capsys.readouterr().err
    assert "cannot write the output" not in err
    assert err.strip() == "splitpot eval: error: elsewhere.txt: Permission denied."

    class Full(io.RawIOBase):
        def writable(self) -> bool:
            return True

        def write(self, data: object) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.undo()
    full = io.TextIOWrapper(Full(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", full)
    assert cli.main(["eval", "As", "Kd", "Qh", "Jc", "Ts"]) == 1
    monkeypatch.undo()
    assert capsys.readouterr().err.rstrip().endswith("cannot write the output: No space left on device.")


def test_a_card_split_over_two_writes_keeps_its_suit_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: where standard output cannot show suit symbols, a suit written at the start of one
    write, its rank in the write before, came out '?': the codec handler sees one write at a time."""
    import io

    from splitpot import cli

    raw = io.BytesIO()
    ascii_out = io.TextIOWrapper(raw, encoding="ascii", errors="splitpot-suits", write_through=True)

    def parts(args: object) -> int:
        for part in ("hand: A", "♠ K", "♥, Café ♠", "\n"):
            sys.stdout.write(part)
        return 0

    monkeypatch.setattr(cli, "_eval", parts)
    monkeypatch.setattr(sys, "stdout", ascii_out)
    assert cli.main(["eval", "As", "Kd"]) == 0
    assert raw.getvalue() == b"hand: As Kh, Caf? ?\n"


@pytest.mark.parametrize("args", ["eval As", "play seven-card-stud --seed 1",
                                  "play seven-card-stud --seed 1 --json"])
def test_closed_stdout_is_refused(args: str) -> None:
    """Was: nothing printed, exit 0."""
    done = splitpot(args, redirect=">&-")
    assert done.returncode == 1 and "standard output is closed" in said(done)


def test_closed_stderr_never_sends_errors_to_stdout() -> None:
    """Was: the error printed on standard output (print's fallback), where --json output goes."""
    done = splitpot("eval Zz --json", redirect="2>&-")
    assert done.returncode == 2 and done.stdout == b""


# --- 7-10. files in other encodings: one reader --------------------------------------------------

def test_resume_reads_past_a_utf8_bom(saved: Path) -> None:
    """Was: Unexpected UTF-8 BOM (decode using utf-8-sig)."""
    (saved.parent / "bom.json").write_bytes(b"\xef\xbb\xbf" + saved.read_bytes())
    done = splitpot("resume bom.json --hands 1", cwd=saved.parent)
    assert done.returncode == 0, said(done)


def test_the_api_reads_past_a_bom_in_str_and_bytes(saved: Path) -> None:
    """Was: History.from_json, Session.from_json (str) and phh.loads/loads_all (str, bytes) refused a BOM."""
    session = Session.from_json(saved.read_text()).to_json()
    assert Session.from_json("\ufeff" + session).to_json() == session
    state = Session.from_json(session).hands[0]
    history = state.history().to_json()
    assert History.from_json("\ufeff" + history) == History.from_json(history)
    text = phh.dumps(state)
    for bom in ("\ufeff" + text, b"\xef\xbb\xbf" + text.encode()):
        assert phh.loads(bom) == phh.loads(text)
        assert phh.loads_all(bom) == phh.loads_all(text)


@pytest.mark.parametrize("command", ["resume s16.json --hands 1", "replay s16.json"])
def test_utf16_files_with_a_bom_are_read(saved: Path, command: str) -> None:
    """Was: a codec message (Windows PowerShell 5 writes UTF-16 with a BOM)."""
    (saved.parent / "s16.json").write_text(saved.read_text(), encoding="utf-16")
    done = splitpot(command, cwd=saved.parent)
    assert done.returncode == 0, said(done)
    assert done.stdout == splitpot(command.replace("s16", "s"), cwd=saved.parent).stdout


def test_utf16_house_list_is_read(tmp_path: Path) -> None:
    (tmp_path / "h16.toml").write_text(HOUSE.read_text(encoding="utf-8"), encoding="utf-16")
    done = splitpot("play dealers-choice --seed 1 --hands 1 --house h16.toml", cwd=tmp_path)
    assert done.returncode == 0, said(done)


def test_utf16_without_a_bom_is_said(saved: Path) -> None:
    (saved.parent / "le.json").write_bytes(saved.read_text().encode("utf-16-le"))
    done = splitpot("resume le.json", cwd=saved.parent)
    assert done.returncode == 2
    assert "le.json: UTF-16 text without a byte order mark: save it as UTF-8." in said(done)


@pytest.mark.parametrize(("command", "name"), [("replay c.phh", "c.phh"),
                                               ("play dealers-choice --house c.toml", "--house: c.toml")])
def test_latin1_bytes_are_named_by_byte_and_line(tmp_path: Path, command: str, name: str) -> None:
    """Was: 'utf-8' codec can't decode byte 0xe9 in position 5: invalid continuation byte."""
    for file in ("c.phh", "c.toml"):
        (tmp_path / file).write_bytes(b"# ok\n# caf\xe9\n")
    done = splitpot(command, cwd=tmp_path)
    assert done.returncode == 2
    assert said(done).endswith(f"error: {name}: not UTF-8 text (byte 0xe9 on line 2).\n")


def test_replay_stdin_is_read_as_files_are_whatever_the_locale(saved: Path) -> None:
    """Was: stdin decoded by the locale: PYTHONIOENCODING=ascii failed on UTF-8 text."""
    text = phh.dumps(Session.from_json(saved.read_text()).hands[0])
    data = ("# café\n" + text).encode()
    done = splitpot("replay -", stdin=data, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, said(done)
    assert done.stdout == splitpot("replay -", stdin=text.encode(), env={"PYTHONIOENCODING": "ascii"}).stdout


# --- 11, 12. files that cannot be read: one message, exit status 1 -------------------------------

@pytest.mark.parametrize("command", ["replay", "resume"])
def test_missing_files_are_said_alike_with_exit_status_1(tmp_path: Path, command: str) -> None:
    """Was: replay printed Python's [Errno 2] text; both exited 2."""
    done = splitpot(f"{command} nosuch.json", cwd=tmp_path)
    assert done.returncode == 1
    assert said(done) == f"splitpot {command}: error: cannot read nosuch.json: No such file or directory.\n"


def test_undecodable_names_are_shown_as_they_can_be_typed(tmp_path: Path) -> None:
    """Was: '\\udcc3\\udcb1.phh' (Python's escapes) under LC_ALL=C PYTHONUTF8=0."""
    done = splitpot("replay ñ.phh", cwd=tmp_path, env={"LC_ALL": "C", "PYTHONUTF8": "0"})
    assert done.returncode == 1
    assert said(done) == "splitpot replay: error: cannot read $'\\xc3\\xb1.phh': No such file or directory.\n"


def test_house_with_no_name_asks_for_a_name(tmp_path: Path) -> None:
    """Was: cannot read the house list: Is a directory."""
    done = splitpot('play dealers-choice --house ""', cwd=tmp_path)
    assert done.returncode == 2 and "--house: give a file's name, got ''." in said(done)
    with pytest.raises(HouseListError, match="give a house list file's name"):
        load_house("")


def test_house_that_cannot_be_read_exits_1(tmp_path: Path) -> None:
    done = splitpot("play dealers-choice --house nosuch.toml", cwd=tmp_path)
    assert done.returncode == 1
    assert said(done).endswith("error: --house: cannot read nosuch.toml: No such file or directory.\n")


def test_a_file_that_cannot_be_written_at_the_end_exits_1(tmp_path: Path) -> None:
    """Checked before the run, then not written (a full device): exit 1, not 2."""
    done = splitpot("play seven-card-stud --seed 1 --save /dev/full", cwd=tmp_path)
    assert done.returncode == 1 and "--save: cannot write /dev/full: No space left on device." in said(done)


# --- 13, 14. file names as they can be typed back ------------------------------------------------

# The tests that make files with non-ASCII names need this process to name them (not so under
# LC_ALL=C with PYTHONUTF8=0, where the file system's encoding is ASCII).
_UTF8_NAMES = pytest.mark.skipif(sys.getfilesystemencoding().lower().replace("-", "") != "utf8",
                                 reason="this test process cannot name non-ASCII files")

@pytest.mark.parametrize("name", ["my save.json", "-dash2.json",
                                  pytest.param("é ♠.json", marks=_UTF8_NAMES)])
def test_the_resume_hint_can_be_typed_back(tmp_path: Path, name: str) -> None:
    """Was: `splitpot resume my save.json` (two words), `splitpot resume -dash2.json` (a flag)."""
    done = splitpot(f"play seven-card-stud --me --seed 1 --save={shlex.quote(name)}", cwd=tmp_path,
                    stdin=b"q\ny\n")
    assert done.returncode == 0, said(done)
    hint = said(done).split("`")[1]
    words = shlex.split(hint)
    assert words[:2] == ["splitpot", "resume"] and len(words) == 3 and not words[2].startswith("-")
    assert (tmp_path / words[2]).resolve() == (tmp_path / name).resolve()


def test_the_resume_hint_under_ascii_output_names_the_bytes(tmp_path: Path) -> None:
    """Was: `splitpot resume sauv? s.json` (a wrong name)."""
    done = splitpot("play seven-card-stud --me --seed 1 --save='sauvé ♠.json'", cwd=tmp_path, stdin=b"q\ny\n",
                    env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, said(done)
    assert "`splitpot resume $'sauv\\xc3\\xa9 \\xe2\\x99\\xa0.json'`" in said(done)


@_UTF8_NAMES
def test_plot_names_keep_their_symbols(tmp_path: Path) -> None:
    """Was: plot: é s plot.png."""
    pytest.importorskip("matplotlib")
    done = splitpot("play seven-card-stud --seed 1 --hands 2 --plain --plot 'é ♠ plot.png'", cwd=tmp_path)
    assert done.returncode == 0, said(done)
    assert done.stdout.decode().rstrip().endswith("plot: 'é ♠ plot.png'")
    assert (tmp_path / "é ♠ plot.png").exists()


def test_only_cards_suit_symbols_become_letters() -> None:
    assert style_text("Café ♠ deals (2c as A♥)", plain=True).plain == "Café ♠ deals (2c as Ah)"
    assert style_text("Café ♠ A♠", plain=False, symbols=False).plain == "Café ♠ As"


# --- 17-19. files written ------------------------------------------------------------------------

@pytest.mark.parametrize("flags", ["--save a.json --phh ./a.json", "--save a.json --plot a.json"])
def test_one_file_named_twice_is_refused(tmp_path: Path, flags: str) -> None:
    """Was: exit 0, and only the last written survived."""
    done = splitpot(f"play seven-card-stud --seed 1 {flags}", cwd=tmp_path)
    assert done.returncode == 2 and "name the same file" in said(done)
    assert not (tmp_path / "a.json").exists()


def test_a_read_only_file_is_not_written_over(tmp_path: Path) -> None:
    """Was: replaced (renamed over) without a word."""
    target = tmp_path / "ro.json"
    target.write_text("kept")
    target.chmod(0o444)
    done = splitpot("play seven-card-stud --seed 1 --save ro.json", cwd=tmp_path)
    assert done.returncode == 2 and "the file is read-only" in said(done)
    assert target.read_text() == "kept"


def test_a_name_ending_with_a_slash_is_refused(tmp_path: Path) -> None:
    """Was: x.json/ written as x.json."""
    done = splitpot("play seven-card-stud --seed 1 --save x.json/", cwd=tmp_path)
    assert done.returncode == 2 and "give a file's name" in said(done)
    assert not (tmp_path / "x.json").exists()


def test_bad_bytes_in_the_api_are_named() -> None:
    with pytest.raises(HistoryError, match=r"not UTF-8 text \(byte 0xe9 on line 1\)"):
        History.from_json(b'{"caf\xe9": 1}')


# --- 15, 16. non-UTF-8 locales and ASCII output --------------------------------------------------

def _terminal(args: list[str], env: dict[str, str]) -> bytes:
    pexpect = pytest.importorskip("pexpect")
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("NO_COLOR", "FORCE_COLOR", "PYTHONUTF8", "PYTHONIOENCODING", "LANG")
                   and not k.startswith("LC_")}
    environment.update({"TERM": "xterm-256color", **env})
    child = pexpect.spawn(sys.executable, ["-m", "splitpot", *args], env=environment, timeout=60)
    out: bytes = child.read()
    child.close()
    return out


def test_a_c_locale_terminal_is_written_in_ascii() -> None:
    """Was: suit symbols sent as UTF-8 to an ASCII terminal (Python's UTF-8 mode under LC_ALL=C)."""
    out = _terminal(["eval", "As", "Kd"], {"LC_ALL": "C"})
    assert out.isascii() and b"As" in out and b"Traceback" not in out, out
    assert "A♠".encode() in _terminal(["eval", "As", "Kd"], {"LC_ALL": "C", "PYTHONUTF8": "1"})
    assert "A♠".encode() in _terminal(["eval", "As", "Kd"], {"LC_ALL": "C.UTF-8"})


def test_ascii_output_reads_as_words() -> None:
    """Was: 'a suit c, d, h, s (or c d h s; ...' and '(?5.1)' in play --help."""
    done = splitpot("eval Zz", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 2 and "a suit c, d, h, s (e.g. 'As', 'Td')" in said(done)
    done = splitpot("play --help", env={"PYTHONIOENCODING": "ascii"})
    assert b"(section 5.1)" in done.stdout and b"?5.1" not in done.stdout


def test_cards_typed_in_utf8_under_an_undecoded_locale() -> None:
    """Was: unknown card 'A\\udce2\\udc99\\udca0' (LC_ALL=C PYTHONUTF8=0)."""
    done = splitpot("eval 'A♠ K♦'", env={"LC_ALL": "C", "PYTHONUTF8": "0"})
    assert done.returncode == 0, said(done)
    assert done.stdout.splitlines()[0] == b"cards: As Kd"
