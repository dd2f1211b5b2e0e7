"""equity outside the main thread: the process exits cleanly when the interpreter shuts down
while a run goes on in another thread (was: ``terminate called without an active exception``,
SIGABRT, exit 134: the run's thread, ended by Python when it took the GIL back during the
shutdown, unwound through the pool of worker threads while they were joinable), and a
``progress`` callback stops a run in any thread (Ctrl-C reaches the main thread only).

Each case is a child process that starts the run, waits for its first progress call (the
run has begun: its worker threads are running) and then lets the main thread exit.  Short
calls looped in daemon threads (equity, evaluate_many, categories) meet the shutdown at
any point: off the GIL, or waiting to take it back (was: SIGABRT, the thread ended inside
a destructor).  A call made during the shutdown (a ``__del__`` run by the final
collection) runs and returns (was: equity hung for ever).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from child_signals import default_sigint

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


# Daemon threads looping short calls that release the GIL, the main thread exiting as they
# run: whether a call is off the GIL, or waiting to take it back, when the shutdown begins
# is a matter of timing, so each case runs many times.
LOOP_CHILD = r"""
import sys, threading
import numpy as np
import splitpot
rng = np.random.default_rng(1)
hands = np.argsort(rng.random((50_000, 52)), axis=1)[:, :7].astype(np.uint8)
strengths = splitpot.evaluate_many(hands)
calls = {
    "equity": lambda: splitpot.equity("seven-card-stud", ["AsAh", "KsKh"], samples=2000, threads=1),
    "evaluate_many": lambda: splitpot.evaluate_many(hands, check=False),
    "evaluate_many_wild": lambda: splitpot.evaluate_many(hands, wild="2", check=False),
    "categories": lambda: splitpot.categories(strengths),
}
kinds = {kinds} * {per_kind}
begun = threading.Barrier(len(kinds) + 1)
def work(call):
    call()
    begun.wait()
    while True:
        call()
for kind in kinds:
    threading.Thread(target=work, args=(calls[kind],), daemon=True).start()
begun.wait(60)
garbage = [list(range(1000)) for _ in range(3000)]  # freed at the shutdown, which takes longer
print("main exits", flush=True)
"""

KINDS = ["equity", "evaluate_many", "evaluate_many_wild", "categories"]

# A __del__ that the final collection runs, in the thread that finalizes the interpreter.
DEL_CHILD = r"""
import gc
import numpy as np
import numpy.ma  # evaluate_many reads np.ma: imported now, as no import works at the shutdown
from splitpot import equity, evaluate_many
hands = np.argsort(np.random.default_rng(1).random((20_000, 52)), axis=1)[:, :7].astype(np.uint8)
bad = hands[:2].copy()
bad[1, 3] = 60
class Late:
    def __del__(self, equity=equity, evaluate_many=evaluate_many, hands=hands, bad=bad, print=print):
        r = equity("seven-card-stud", ["AsAh", "KsKh"], samples=200_000, seed=1, threads=2,
                   progress=lambda done, total: None)
        print("equity ran:", r.outcomes, flush=True)
        print("evaluate_many ran:", len(evaluate_many(hands, threads=2)), flush=True)
        print("wild ran:", len(evaluate_many(hands, wild="2")), flush=True)
        try:
            evaluate_many(bad)
        except Exception as error:  # (was ImportError: the extension imported splitpot.errors then)
            print(f"{type(error).__module__}.{type(error).__name__}: {error}", flush=True)
late = Late()
late.cycle = late  # a cycle: left for the collection at the shutdown
gc.disable()  # (which runs all the same)
del late
print("script end", flush=True)
"""


def _run_child(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``code`` run by a child Python whose SIGINT is the default one (a test suite started
    in the background ignores it, and so would the child: the ctrl-C case then ran on)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout,
                          env=env, preexec_fn=default_sigint)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("run", sorted(RUNS))
def test_exit_while_a_daemon_thread_runs_equity(run: str, threads: int) -> None:
    done = _run_child(DAEMON_CHILD.replace("{run}", RUNS[run]).replace("{threads}", str(threads)))
    assert "main thread exits" in done.stdout, done.stderr
    assert "the run ended" not in done.stdout  # the run was still going at the exit
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert "terminate called" not in done.stderr and "Fatal Python error" not in done.stderr


def _exits_cleanly(code: str, runs: int) -> None:
    """Runs the child `runs` times, four at a time; every one exits with status 0."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    statuses: list[tuple[int, str]] = []
    for first in range(0, runs, 4):
        children = [
            subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
            for _ in range(min(4, runs - first))
        ]
        for child in children:
            out, err = child.communicate(timeout=120)
            assert "main exits" in out, err
            statuses.append((child.returncode, err[-300:]))
    assert [s for s in statuses if s[0] != 0] == []


def test_exit_while_daemon_threads_loop_short_calls() -> None:
    """equity, evaluate_many (natural and wild) and categories, two threads each."""
    code = LOOP_CHILD.replace("{kinds}", repr(KINDS)).replace("{per_kind}", "2")
    _exits_cleanly(code, runs=20)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_exit_while_daemon_threads_loop_one_call(kind: str) -> None:
    """Four threads looping the same call (equity alone: its poll and progress hooks)."""
    _exits_cleanly(LOOP_CHILD.replace("{kinds}", repr([kind])).replace("{per_kind}", "4"), runs=20)


def test_calls_in_a_del_at_the_shutdown_run() -> None:
    """equity (a pool of two, a progress callback) and evaluate_many in a __del__ that the
    interpreter's final collection runs: they run to the end and the process exits.  The
    batch is the program's first (was: ImportError, pybind11 reading numpy's C API then), and
    a bad row raises splitpot's CardError (was: ImportError, splitpot.errors imported then)."""
    done = _run_child(DEL_CHILD, timeout=60)  # (hung for ever)
    assert done.stdout.splitlines() == [
        "script end", "equity ran: 200000", "evaluate_many ran: 20000", "wild ran: 20000",
        "splitpot.errors.CardError: row 1: card 60 is out of range (0..51, 52 = joker)",
    ], (done.stdout, done.stderr)
    assert done.returncode == 0, (done.returncode, done.stderr)


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
