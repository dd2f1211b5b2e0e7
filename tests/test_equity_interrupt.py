"""Ctrl-C stops a long equity run promptly: the API raises EquityInterrupted (a
KeyboardInterrupt, so a loop over spots stops) carrying the Monte Carlo samples drawn
(marked interrupted), an exact run raises it with no result, and
``splitpot equity`` exits 130 without a traceback. Each run is a child process
sent SIGINT once it says the work has begun (its first progress call, or the
progress bar on a terminal), so a slow start on a busy machine cannot put the
signal before the run; the time bound (10 s, against 80-127 s before the runs
could be stopped) is generous, not a benchmark.
"""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time

import pytest

from child_signals import default_sigint

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")

API_CHILD = r"""
import sys, splitpot
begun = []
def progress(done, total):
    if not begun:
        begun.append(done)
        print("started", flush=True)
try:
    splitpot.equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], samples=2**43, seed=1,
                    threads={threads}, progress=progress)
except splitpot.EquityInterrupted as interrupt:
    r = interrupt.result
    print(isinstance(interrupt, KeyboardInterrupt), r.stop.value, r.partial, r.outcomes,
          round(sum(p.share for p in r), 9), flush=True)
    sys.exit(0)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
    sys.exit(0)
print("returned", flush=True)  # (was: the partial result returned, a loop over spots not stopped)
"""

EXACT_CHILD = r"""
import sys, splitpot
begun = []
def progress(done, total):
    if not begun:
        begun.append(done)
        print("started", flush=True)
try:
    splitpot.equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], method="enumerate", max_outcomes=2**62,
                    threads=1, progress=progress)
except splitpot.EquityInterrupted as interrupt:
    print("EquityInterrupted", interrupt.result, flush=True)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""


def interrupt(argv: list[str], wait: float = 0.5) -> tuple[subprocess.CompletedProcess[str], float]:
    """Start ``argv``, wait for its first line (the run has begun) and ``wait`` s more, send
    SIGINT, return the result and the seconds from the signal to the exit."""
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=default_sigint) as child:
        try:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "started"
            time.sleep(wait)
            sent = time.monotonic()
            child.send_signal(signal.SIGINT)
            out, err = child.communicate(timeout=30)
            took = time.monotonic() - sent
        finally:
            if child.poll() is None:
                child.kill()
                child.communicate()
    return subprocess.CompletedProcess(argv, child.returncode, out, err), took


def test_ctrl_c_keeps_the_monte_carlo_samples() -> None:
    result, took = interrupt([sys.executable, "-c", API_CHILD.format(threads=1)])
    assert took < 10.0, took
    assert result.returncode == 0, result.stderr
    keyboard, stop, partial, outcomes, shares = result.stdout.split()
    assert (keyboard, stop, partial, shares) == ("True", "interrupted", "True", "1.0")
    assert 0 < int(outcomes) < 2**43 and int(outcomes) % 4096 == 0


def test_ctrl_c_stops_an_exact_run() -> None:
    result, took = interrupt([sys.executable, "-c", EXACT_CHILD])
    assert took < 10.0, took
    assert result.stdout.strip() == "EquityInterrupted None", result.stderr


def test_ctrl_c_stops_a_multithreaded_run() -> None:
    result, took = interrupt([sys.executable, "-c", API_CHILD.format(threads=2)])
    assert took < 10.0, took
    assert result.stdout.split()[:2] == ["True", "interrupted"], result.stderr


def test_cli_exits_130_without_a_traceback() -> None:
    """Standard error is a terminal (a pseudo-terminal), standard output a pipe, as
    in ``splitpot equity ... > out.txt``: the signal goes once the progress bar shows
    that the sampling has begun; the partial table goes to the pipe, the note to the
    terminal."""
    argv = [sys.executable, "-m", "splitpot.cli", "equity", "-g", "seven-card-stud-8", "Ah 2c 3d",
            "Kd Kc 9s", "--samples", "100000000000", "--seed", "1", "--threads", "1"]
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update({"TERM": "xterm-256color", "COLUMNS": "100"})
    master, slave = pty.openpty()
    screen = b""

    def read_screen(until: bytes | None) -> None:
        nonlocal screen
        deadline = time.monotonic() + 60
        while until is None or until not in screen:
            if time.monotonic() > deadline:
                raise AssertionError(f"still running after 60 s: {screen[-300:]!r}")
            if not select.select([master], [], [], 30)[0]:
                raise AssertionError(f"nothing on the terminal for 30 s: {screen!r}")
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the child closed the terminal
                chunk = b""
            if not chunk:
                if until is None:
                    return
                raise AssertionError(f"no {until!r} before the end: {screen!r}")
            screen += chunk

    try:
        with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave, env=env,
                              preexec_fn=default_sigint) as child:
            os.close(slave)
            slave = -1
            try:
                read_screen(b"equity")  # the bar, drawn once the run has lasted 0.5 s
                sent = time.monotonic()
                child.send_signal(signal.SIGINT)
                read_screen(None)
                assert child.stdout is not None
                out = child.stdout.read().decode()
                status = child.wait(timeout=30)
                took = time.monotonic() - sent
            finally:
                if child.poll() is None:
                    child.kill()
                    child.wait()
    finally:
        os.close(master)
        if slave != -1:
            os.close(slave)
    err = screen.decode(errors="replace")
    assert took < 10.0, took
    assert status == 130, err
    assert "Traceback" not in err
    assert "interrupted after" in err
    assert out.startswith("seven-card-stud-8, Monte Carlo, seed 1, interrupted:"), out
