"""equity outside the main thread: the process exits cleanly when the interpreter shuts down
while a run goes on in another thread (was: ``terminate called without an active exception``,
SIGABRT, exit 134: the run's thread, ended by Python when it took the GIL back during the
shutdown, unwound through the pool of worker threads while they were joinable), and a
``progress`` callback stops a run in any thread (Ctrl-C reaches the main thread only).

Each case is a child process that starts the run, waits for its first progress call (the
run has begun: its worker threads are running) and then lets the main thread exit.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="exit status of a child process by signal")

RUNS = {  # hands and options: a run of hours
    "sample": '["Ah 2c 3d", "Kd Kc 9s", "Qs Jh Th"], samples=2**40, seed=1',
    "enumerate": '["Ah 2c 3d 4c", "Kd Kc 9s 9c", "Qs Jh Th 8d"], method="enumerate", max_outcomes=10**12',
}

DAEMON_CHILD = r"""
import os, sys, threading, splitpot
begun = threading.Event()
def progress(done, total):
    begun.set()
def work():
    try:
        splitpot.equity("seven-card-stud-8", {run},
                        threads={threads}, progress=progress)
    except BaseException as err:
        print("the run failed:", repr(err), flush=True)
        os._exit(3)
    print("the run ended before the exit", flush=True)
threading.Thread(target=work, daemon=True).start()
if not begun.wait(60):
    sys.exit("the run never began")
print("main thread exits", flush=True)
"""

# Ctrl-C while the main thread waits in Thread.join(timeout) for a run: the main thread takes
# KeyboardInterrupt, tells the run to stop (its progress callback returns False) and joins it.
# (On Python 3.11 the interrupted join can also mark the thread finished while it runs: the
# interpreter then shuts down with the run still going, which must end cleanly too.)
INTERRUPT_CHILD = r"""
import os, signal, sys, threading, splitpot
begun, stop = threading.Event(), threading.Event()
result = []
def progress(done, total):
    begun.set()
    return not stop.is_set()
def work():
    try:
        result.append(splitpot.equity("seven-card-stud-8", {run},
                                      threads={threads}, progress=progress))
    except BaseException as err:
        print("the run failed:", repr(err), flush=True)
        os._exit(3)
th = threading.Thread(target=work)
th.start()
if not begun.wait(60):
    sys.exit("the run never began")
threading.Timer(0.05, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    while th.is_alive():
        th.join(0.05)
    print("no KeyboardInterrupt", flush=True)
except KeyboardInterrupt:
    print("KeyboardInterrupt in the main thread", flush=True)
    stop.set()
    th.join()
"""


def _run_child(code: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("run", sorted(RUNS))
def test_exit_while_a_daemon_thread_runs_equity(run: str, threads: int) -> None:
    done = _run_child(DAEMON_CHILD.replace("{run}", RUNS[run]).replace("{threads}", str(threads)))
    assert "main thread exits" in done.stdout, done.stderr
    assert "the run ended" not in done.stdout  # the run was still going at the exit
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert "terminate called" not in done.stderr and "Fatal Python error" not in done.stderr


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("run", sorted(RUNS))
def test_ctrl_c_while_joining_a_thread_that_runs_equity(run: str, threads: int) -> None:
    done = _run_child(INTERRUPT_CHILD.replace("{run}", RUNS[run]).replace("{threads}", str(threads)))
    assert "KeyboardInterrupt in the main thread" in done.stdout, (done.stdout, done.stderr)
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert "terminate called" not in done.stderr and "Fatal Python error" not in done.stderr


def test_progress_stops_a_run_in_another_thread() -> None:
    """A run in a worker thread stops when its callback says so (an exact run raises
    EquityStopped; a Monte Carlo one returns what it drew, marked stopped)."""
    import splitpot

    stop = threading.Event()
    out: dict[str, object] = {}

    def progress(done: int, total: int) -> bool:
        stop.set()  # the run has begun: ask it to stop at once
        return not stop.is_set()

    def work() -> None:
        out["sample"] = splitpot.equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], samples=2**40, seed=1,
                                        progress=progress)
        try:
            splitpot.equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], method="enumerate",
                            max_outcomes=2**62, progress=progress)
        except splitpot.EquityStopped as err:
            out["exact"] = err

    th = threading.Thread(target=work)
    th.start()
    th.join(120)
    assert not th.is_alive()
    sample = out["sample"]
    assert isinstance(sample, splitpot.EquityResult)
    assert sample.stop.value == "stopped" and 0 < sample.outcomes < 2**40
    assert isinstance(out["exact"], splitpot.EquityStopped)


@pytest.mark.parametrize("answer", [False, 0, "np.False_", ""])
def test_any_false_answer_stops_the_run(answer: object) -> None:
    import numpy as np

    import splitpot

    value = np.False_ if answer == "np.False_" else answer
    calls: list[int] = []

    def progress(done: int, total: int) -> object:
        calls.append(done)
        return value

    r = splitpot.equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], samples=2**40, seed=1,
                        progress=progress)
    assert r.stop.value == "stopped" and len(calls) == 1 and r.outcomes < 2**40


@pytest.mark.parametrize("answer", [None, True, 1, "np.True_"])
def test_none_and_true_answers_go_on(answer: object) -> None:
    import numpy as np

    import splitpot

    value = np.True_ if answer == "np.True_" else answer
    r = splitpot.equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], samples=300_000, seed=1,
                        progress=lambda done, total: value)
    assert r.stop.value == "complete" and r.outcomes == 300_000


def test_a_callback_whose_truth_fails_raises() -> None:
    import numpy as np

    import splitpot

    with pytest.raises(ValueError, match="truth value"):
        splitpot.equity("seven-card-stud-8", ["Ah 2c 3d", "Kd Kc 9s"], samples=300_000, seed=1,
                        progress=lambda done, total: np.array([True, False]))
