"""Ctrl-C stops a long equity run promptly: the API returns the Monte Carlo
samples drawn (marked interrupted), an exact run raises KeyboardInterrupt, and
``splitpot equity`` exits 130 without a traceback. Each run is a child process
sent SIGINT; the time bound (2 s, against 80-127 s before) is generous, not a
benchmark.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")

API_CHILD = r"""
import sys, splitpot
print("started", flush=True)
try:
    r = splitpot.equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], samples=2**44, seed=1,
                        threads={threads})
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
    sys.exit(0)
print(r.stop.value, r.partial, r.outcomes, round(sum(p.share for p in r), 9), flush=True)
"""

EXACT_CHILD = r"""
import sys, splitpot
print("started", flush=True)
try:
    splitpot.equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], method="enumerate", max_outcomes=2**62,
                    threads=1)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""


def interrupt(argv: list[str], wait: float = 0.5) -> tuple[subprocess.CompletedProcess[str], float]:
    """Start ``argv``, wait for its first line (or ``wait`` s), send SIGINT, return the result and the
    seconds from the signal to the exit."""
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        try:
            assert child.stdout is not None
            if argv[1] == "-c":
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
    assert took < 2.0, took
    assert result.returncode == 0, result.stderr
    stop, partial, outcomes, shares = result.stdout.split()
    assert (stop, partial, shares) == ("interrupted", "True", "1.0")
    assert 0 < int(outcomes) < 2**44 and int(outcomes) % 4096 == 0


def test_ctrl_c_stops_an_exact_run() -> None:
    result, took = interrupt([sys.executable, "-c", EXACT_CHILD])
    assert took < 2.0, took
    assert result.stdout.strip() == "KeyboardInterrupt", result.stderr


def test_ctrl_c_stops_a_multithreaded_run() -> None:
    result, took = interrupt([sys.executable, "-c", API_CHILD.format(threads=2)])
    assert took < 2.0, took
    assert result.stdout.split()[0] == "interrupted", result.stderr


def test_cli_exits_130_without_a_traceback() -> None:
    argv = [
        sys.executable,
        "-m",
        "splitpot.cli",
        "equity",
        "-g",
        "seven-card-stud-8",
        "Ah 2c 3d",
        "Kd Kc 9s",
        "--samples",
        "100000000000",
        "--seed",
        "1",
        "--threads",
        "1",
    ]
    result, took = interrupt(argv, wait=1.5)
    assert took < 2.0, took
    assert result.returncode == 130
    assert "Traceback" not in result.stderr
    assert "interrupted after" in result.stderr
    assert result.stdout.startswith("seven-card-stud-8, Monte Carlo, seed 1, interrupted:")
