"""splitpot.dask against a real LocalCluster (two worker processes, one thread each).

Every distributed answer is compared with the single-process one exactly;
a worker process killed while tasks run must not change the answer; bad
input is refused before anything reaches the scheduler.
"""

from __future__ import annotations

import functools
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import dask.array as da
import numpy as np
import pytest
from distributed import Client, LocalCluster

import splitpot.dask as sd
from splitpot.bots import SimpleBot
from splitpot.engine.session import Session
from splitpot.engine.state import State
from splitpot.equity import EquityStop, equity
from splitpot.errors import (
    ArgumentTypeError,
    CardError,
    CardTypeError,
    EquityInterrupted,
    RankingError,
    RuleError,
)
from splitpot.evaluate import evaluate_many
from splitpot.games import get_game

MULTIWAY = ("seven-card-stud-8", ["As 2s 3s 3c 8d", "Kd Kc 9s 4h 5h 6c", "2h 2d 7c Jd Jh"])


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    cluster = LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0", silence_logs=50
    )
    with cluster, Client(cluster) as c:
        yield c


@pytest.fixture
def no_submit(client: Client, monkeypatch: pytest.MonkeyPatch) -> Client:
    """The client, made to fail the test if anything is submitted to it."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a task was submitted")

    for name in ("submit", "map", "compute", "gather"):
        monkeypatch.setattr(client, name, refuse)
    return client


def test_importing_splitpot_does_not_load_dask() -> None:
    # Every module of the package but splitpot.dask itself, in a fresh interpreter.
    code = (
        "import importlib, pkgutil, sys, splitpot\n"
        "for m in pkgutil.walk_packages(splitpot.__path__, 'splitpot.'):\n"
        "    if m.name != 'splitpot.dask':\n"
        "        importlib.import_module(m.name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------- evaluation


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("ranking", ["high", "ace-to-five", "eight-or-better"])
def test_evaluate_many_equals_the_batch_path(client: Client, ranking: str) -> None:
    cards = random_hands(20_000, 7, seed=1)
    lazy = sd.evaluate_many(da.from_array(cards, chunks=(3_000, 7)), ranking)
    assert lazy.numblocks == (7,)
    got = client.compute(lazy).result()
    np.testing.assert_array_equal(got, evaluate_many(cards, ranking))


def test_evaluate_many_with_wild_ranks_and_column_chunks(client: Client) -> None:
    cards = random_hands(5_000, 5, seed=2)
    masks = np.random.default_rng(3).integers(0, 1 << 13, size=5_000).astype(np.uint16)
    lazy = sd.evaluate_many(
        da.from_array(cards, chunks=(1_000, 2)), wild_ranks=da.from_array(masks, chunks=700), joker="wild"
    )
    expected = evaluate_many(cards, wild_ranks=masks, joker="wild")
    np.testing.assert_array_equal(client.compute(lazy).result(), expected)


@pytest.mark.parametrize(
    ("cards", "kwargs", "error", "match"),
    [
        (np.zeros((10, 4), np.uint8), {}, CardError, "k in 5..7"),
        (np.zeros((10, 5), np.float64), {}, ArgumentTypeError, "integer array"),
        (np.zeros((10, 5), np.uint8), {"ranking": "razz"}, RankingError, "razz"),
        (np.zeros((10, 5), np.uint8), {"wild_ranks": np.zeros(9, np.uint16)}, RankingError,
         re.escape("wild_ranks must have shape (N,) = (10,), one 13-bit mask per row of cards, got")),
        (np.zeros((15, 8), np.uint8), {}, CardError, r"got shape \(15, 8\)$"),
        (np.zeros((7, 15), np.uint8), {}, CardError, r"got shape \(7, 15\); hands in columns: pass cards\.T"),
        (np.zeros((10, 5), np.uint8), {"wild": "11"}, ValueError, "11"),
    ],
)
def test_evaluate_many_refuses_bad_input_before_computing(
    no_submit: Client, cards: np.ndarray, kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        sd.evaluate_many(da.from_array(cards, chunks=4), **kwargs)


# ---------------------------------------------------------------- equity


def test_exact_multiway_equals_one_process(client: Client) -> None:
    single = equity(*MULTIWAY)
    assert single.method == "enumerate" and single.outcomes > 100_000
    for tasks in (None, 1, 5, 37):
        assert sd.equity(*MULTIWAY, client=client, tasks=tasks) == single


def test_counted_heads_up_spot_is_one_task(client: Client) -> None:
    spot = ("seven-card-stud-8", ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"])
    assert sd.equity(*spot, client=client) == equity(*spot)


def test_last_card_down_reaches_the_workers(client: Client) -> None:
    """five-card-stud-last-down with positional wild cards: the workers read its fifth card as
    the hole card too (the prepared run's last_card_down), enumerated and sampled."""
    spot = ("five-card-stud-last-down", ["As 9d Kc 7s", "Qs Qd 3c 4h", "7h 7c 2d 5s"])
    sampled = {"positional": "lowest_hole_card", "samples": 50_000, "seed": 3}
    for kwargs in ({"positional": "hole_card"}, sampled):
        single = equity(*spot, **kwargs)
        assert sd.equity(*spot, client=client, tasks=4, **kwargs) == single
        plain = equity("five-card-stud", spot[1], **kwargs)
        assert [p.share for p in plain] != [p.share for p in single]


@pytest.mark.parametrize("tasks", [None, 3, 16])
def test_seeded_monte_carlo_equals_one_process(client: Client, tasks: int | None) -> None:
    kwargs = {"samples": 123_457, "seed": 42}
    single = equity(*MULTIWAY, **kwargs, threads=1)
    got = sd.equity(*MULTIWAY, client=client, tasks=tasks, **kwargs)
    assert got == single  # counts, and standard errors from the exact sums of squares
    assert got.stderr is not None and got.seed == 42


@pytest.mark.parametrize(("target", "tasks"), [(0.01, None), (0.003, 3), (0.002, 1)])
def test_a_stderr_target_stops_where_one_process_stops(
    client: Client, target: float, tasks: int | None
) -> None:
    single = equity(*MULTIWAY, stderr=target, seed=5)
    got = sd.equity(*MULTIWAY, client=client, tasks=tasks, stderr=target, seed=5)
    assert got == single and got.stop == "target"
    assert got.stderr is not None and got.stderr <= target


def test_a_stderr_target_with_a_sample_cap_stops_at_the_cap(client: Client) -> None:
    single = equity(*MULTIWAY, stderr=1e-5, samples=50_000, seed=2)
    got = sd.equity(*MULTIWAY, client=client, stderr=1e-5, samples=50_000, seed=2)
    assert got == single and got.outcomes == 50_000 and got.stop == "samples"  # (was: "complete")


def test_a_seconds_target_stops_after_the_time(client: Client) -> None:
    start = time.monotonic()
    got = sd.equity(*MULTIWAY, client=client, seconds=0.5, seed=4)
    assert time.monotonic() - start >= 0.5 and got.stop == "time"
    # the samples drawn are the first blocks of one machine's run: the same figures
    assert got.outcomes % 4096 == 0
    assert got.players == equity(*MULTIWAY, samples=got.outcomes, seed=4).players


def test_a_scheduler_address_works_too(client: Client) -> None:
    address = client.scheduler.address
    assert sd.equity(*MULTIWAY, client=address, samples=10_000, seed=1) == equity(
        *MULTIWAY, samples=10_000, seed=1
    )


def test_a_worker_killed_mid_run_gives_the_same_answer(client: Client) -> None:
    kwargs = {"samples": 2_000_000, "seed": 9}
    expected = equity(*MULTIWAY, **kwargs)
    pids = client.run(os.getpid)
    result: dict[str, Any] = {}

    def run() -> None:
        result["got"] = sd.equity(*MULTIWAY, client=client, tasks=24, **kwargs)

    thread = threading.Thread(target=run)
    thread.start()
    # Wait until a worker is busy with a task, then kill its process outright.
    victim = None
    deadline = time.monotonic() + 20
    while victim is None and time.monotonic() < deadline:
        busy = [w for w, tasks in client.processing().items() if tasks]
        victim = busy[0] if busy else None
        time.sleep(0.01)
    assert victim is not None, "no task ever started"
    os.kill(pids[victim], signal.SIGKILL)
    thread.join(timeout=120)
    assert not thread.is_alive()
    assert result["got"] == expected
    client.wait_for_workers(2, timeout=120)  # the nanny brought a new worker up (slow when loaded)
    assert victim not in client.run(os.getpid) or client.run(os.getpid)[victim] != pids[victim]


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        (("razz", ["As 2s 3s"] * 2), {}, RuleError, "unknown game"),
        (("seven-card-stud", ["As As", "Kd Kc"]), {}, CardError, "duplicate"),
        (("seven-card-stud-8", ["As 2d 3c", "Kd Kc 9s", "Qs Qh 4d"]), {}, RuleError, "exact enumeration"),
        (MULTIWAY, {"samples": 0}, ValueError, "samples"),
        (MULTIWAY, {"stderr": 0.0}, RuleError, "stderr must be in"),
        (MULTIWAY, {"seconds": -1}, RuleError, "seconds must be in"),
        (MULTIWAY, {"tasks": 0}, ValueError, "tasks"),
        (MULTIWAY, {"progress": print}, RuleError, "progress"),
        (MULTIWAY, {"colour": "red"}, TypeError, "colour"),
    ],
)
def test_equity_refuses_bad_input_before_submitting(
    no_submit: Client, args: tuple[Any, ...], kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        sd.equity(*args, client=no_submit, **kwargs)


def test_no_client_is_a_clear_error() -> None:
    code = (
        "import splitpot.dask as sd\n"
        "try:\n    sd.equity('seven-card-stud', ['As Ks', 'Qd Qc'], samples=10)\n"
        "except Exception as e:\n    print(type(e).__name__, e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("RuleError no Dask client")


# ---------------------------------------------------------------- simulations

BOTS = [SimpleBot, functools.partial(SimpleBot, aggression=0.9), SimpleBot]


def test_simulate_equals_one_process(client: Client) -> None:
    spec = get_game("seven-card-stud")
    got = sd.simulate(spec, sessions=12, hands=6, bots=BOTS, client=client, seed=5, stacks=[100, 100, 60])
    assert got.net.shape == (12, 3) and got.hands.shape == (12,)
    net, hands = sd.play_sessions(spec, BOTS, stacks=[100, 100, 60], hands=6, seed=5, first=0, count=12)
    np.testing.assert_array_equal(got.net, net)
    np.testing.assert_array_equal(got.hands, hands)
    assert (got.net.sum(axis=1) == 0).all()  # chips are conserved at every table
    again = sd.simulate("seven-card-stud", sessions=12, hands=6, bots=BOTS, client=client, seed=5,
                        stacks=[100, 100, 60], tasks=5)
    np.testing.assert_array_equal(again.net, got.net)
    other = sd.simulate(spec, sessions=12, hands=6, bots=BOTS, client=client, seed=6, stacks=[100, 100, 60])
    assert not np.array_equal(other.net, got.net)


def test_sessions_follow_the_documented_seeds() -> None:
    # An independent replay of session 3 from the seeds the module docstring names.
    spec = get_game("seven-card-stud-8")
    words = np.random.SeedSequence(77, spawn_key=(3,)).generate_state(3, np.uint64)
    table, *bot_seeds = (int(w) >> 1 for w in words)
    bots = [SimpleBot(seed=s) for s in bot_seeds]
    session = Session(spec, [50, 50], button=3 % 2, seed=table)
    played = session.play(8, lambda state: bots[state.actor](state))
    net, hands = sd.play_sessions(spec, [SimpleBot] * 2, stacks=[50, 50], hands=8, seed=77, first=3, count=1)
    assert hands.tolist() == [len(played)]
    assert net.tolist() == [[s - 50 for s in session.stacks]]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"game": "no-such-game"}, RuleError, "Unknown game"),
        ({"sessions": 0}, ValueError, "sessions"),
        ({"bots": [SimpleBot]}, RuleError, "seats 2 to"),
        ({"bots": [SimpleBot, 3]}, ArgumentTypeError, r"bots\[1\]"),
        # bots instead of their factories: were a bare TypeError "unexpected keyword argument 'seed'"
        ({"bots": [SimpleBot(), SimpleBot()]}, ArgumentTypeError, r"bots\[0\] .*\(the class, not"),
        ({"bots": [SimpleBot, lambda state: None]}, ArgumentTypeError, r"bots\[1\] must make a policy"),
        ({"stacks": [100]}, RuleError, "one stack per seat"),
        ({"stacks": 0}, ValueError, "stacks"),
        ({"seed": -1}, ValueError, "seed"),
    ],
)
def test_simulate_refuses_bad_input_before_submitting(
    no_submit: Client, kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    args: dict[str, Any] = {"game": "seven-card-stud", "sessions": 4, "hands": 2, "bots": [SimpleBot] * 2}
    with pytest.raises(error, match=match):
        sd.simulate(**(args | kwargs), client=no_submit)


def test_simulation_figures() -> None:
    sim = sd.Simulation(game="g", seed=0, net=np.array([[4, -4], [2, -2], [0, 0]]), hands=np.array([2, 2, 2]))
    assert sim.total.tolist() == [6, -6]
    assert sim.per_hand.tolist() == [1.0, -1.0]
    # residuals 2, 0, -2 per session: var 4, se = sqrt(4 * 3) / 6
    np.testing.assert_allclose(sim.per_hand_stderr, [np.sqrt(12) / 6] * 2)


@pytest.mark.parametrize("wild", [{}, {"wild": "2"}, {"wild_ranks": np.ones(20, np.uint16)}])
def test_a_bad_card_is_named_by_its_row_in_the_whole_array(wild: dict[str, Any]) -> None:
    """Was: its row within the chunk ("row 1" for row 13 in chunks of 4)."""
    cards = np.tile(np.array([[0, 5, 10, 15, 20, 25, 30]], np.uint8), (20, 1))
    cards[13, 2] = 99
    with pytest.raises(CardError, match=r"^row 13: card 99 is out of range"):
        sd.evaluate_many(da.from_array(cards, chunks=(4, 7)), **wild).compute(scheduler="sync")
    cards[13, 2], cards[17, 3] = 10, 0
    with pytest.raises(CardError, match=r"^row 17: duplicate card 2c"):
        sd.evaluate_many(da.from_array(cards, chunks=(4, 7)), **wild).compute(scheduler="sync")
    cards[17, 3] = 15
    got = sd.evaluate_many(da.from_array(cards, chunks=(3, 7)), **wild).compute(scheduler="sync")
    assert got.tolist() == evaluate_many(cards, **wild).tolist()


def test_a_bad_row_of_chunks_of_unknown_size_is_named_by_its_chunk() -> None:
    """Was: "row -9223372036853319019" (the chunks' NaN sizes summed), and a RuntimeWarning."""
    cards = np.tile(np.array([[0, 5, 10, 15, 20, 25, 30]], np.uint8), (20, 1))
    cards[13, 2] = 99
    rows = da.from_array(cards, chunks=(4, 7))
    filtered = rows[rows[:, 0] < 255]  # every row kept, the chunk sizes unknown
    with pytest.raises(CardError, match=r"^row 1 of chunk 3 \(the chunk sizes are unknown: "):
        sd.evaluate_many(filtered).compute(scheduler="sync")
    with pytest.raises(CardError, match=r"^row 13: card 99"):
        sd.evaluate_many(filtered.compute_chunk_sizes()).compute(scheduler="sync")


def test_a_wild_rank_holding_a_penalty_card_is_named_by_its_row_in_the_whole_array() -> None:
    cards = np.tile(np.array([[4, 9, 14, 19, 24, 29, 34]], np.uint8), (20, 1))  # no deuce held
    rows = np.zeros(20, np.uint16)
    rows[13] = 1  # deuces wild in row 13, and 2c is a penalty card
    with pytest.raises(RankingError, match=r"^wild_ranks row 13 makes 2 wild and penalty names 2c"):
        sd.evaluate_many(da.from_array(cards, chunks=(4, 7)), wild_ranks=rows, penalty="2c").compute(
            scheduler="sync"
        )


def test_gather_cancels_the_tasks_when_it_is_interrupted() -> None:
    """Was: Ctrl-C left equity's and simulate's tasks running (queued, in a notebook)."""

    class Cluster:
        cancelled: object = None

        def gather(self, futures: object) -> None:
            raise KeyboardInterrupt

        def cancel(self, futures: object) -> None:
            self.cancelled = futures

    cluster, futures = Cluster(), [object()]
    with pytest.raises(KeyboardInterrupt):
        sd._gather(cluster, futures)  # type: ignore[arg-type]
    assert cluster.cancelled is futures


def test_ctrl_c_raises_equity_interrupted_with_the_checkpoints_done(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: a plain KeyboardInterrupt, though the docs say the cluster answers as equity does.
    Ctrl-C at the third checkpoint of a stderr run: the two done (2 blocks) are kept, the
    first blocks of one machine's run."""
    real, calls = sd._gather, []

    def ctrl_c_at_the_third(c: Client, futures: list[Any]) -> Any:
        calls.append(len(futures))
        if len(calls) == 3:
            c.cancel(futures)
            raise KeyboardInterrupt
        return real(c, futures)

    monkeypatch.setattr(sd, "_gather", ctrl_c_at_the_third)
    with pytest.raises(EquityInterrupted) as raised:
        sd.equity(*MULTIWAY, client=client, stderr=1e-6, seed=5)
    r = raised.value.result
    assert type(raised.value.__cause__) is KeyboardInterrupt and len(calls) == 3
    assert r is not None and r.stop == "interrupted" and r.partial and r.outcomes == 2 * 4096
    assert r.players == equity(*MULTIWAY, samples=r.outcomes, seed=5).players


@pytest.mark.parametrize("kwargs", [{}, {"samples": 100_000, "seed": 3}, {"stderr": 1e-6, "seed": 3}])
def test_ctrl_c_before_a_result_raises_equity_interrupted_without_one(
    client: Client, monkeypatch: pytest.MonkeyPatch, kwargs: dict[str, Any]
) -> None:
    """An exact run, a fixed-sample run (its tasks end in any order: no prefix to keep) and a
    target's run before its first checkpoint; a KeyboardInterrupt subclass is raised as it is."""

    class Own(KeyboardInterrupt):
        pass

    for error, expected in ((KeyboardInterrupt, EquityInterrupted), (Own, Own)):

        def interrupted(c: Client, futures: list[Any], error: type[BaseException] = error) -> Any:
            c.cancel(futures)
            raise error

        monkeypatch.setattr(sd, "_gather", interrupted)
        with pytest.raises(expected) as raised:
            sd.equity(*MULTIWAY, client=client, **kwargs)
        assert type(raised.value) is expected
        if isinstance(raised.value, EquityInterrupted):
            assert raised.value.result is None


def test_the_stop_ids_are_the_cores() -> None:
    from splitpot.equity import _STOPS

    assert [sd._STOP_ID[s] for s in _STOPS] == list(range(6))
    assert sd._STOP_ID[EquityStop.SAMPLES] == 4 and sd._STOP_ID[EquityStop.INTERRUPTED] == 5


def test_an_object_array_is_a_card_type_error() -> None:
    """Was: dask's own NotImplementedError ("Can not use auto rechunking with object dtype")."""
    with pytest.raises(CardTypeError, match="cards must be an integer array"):
        sd.evaluate_many(np.array([[0, 1, 2, 3, 4]], dtype=object))


@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
def test_evaluate_many_of_one_hand_names_its_shape_and_the_fix(dtype: type) -> None:
    """Was: "got shape (0,)" (the shape of the no-row probe, not the caller's)."""
    with pytest.raises(CardError, match=r"got shape \(7,\); one hand is a batch of one row"):
        sd.evaluate_many(np.arange(7, dtype=dtype))
    with pytest.raises(CardError, match=r"got shape \(2, 3, 7\)$"):
        sd.evaluate_many(da.zeros((2, 3, 7), dtype=dtype))


def _hands_played(session: object) -> int:
    return len(session.hands)  # type: ignore[attr-defined]


def test_a_dealers_choice_session_with_a_lambda_dealer_goes_to_a_worker(client: Client) -> None:
    """Was: PolicyPickleError on the worker, and a result that never came (the task hung)."""
    from splitpot.dealers_choice import Call, DealersChoice

    session = DealersChoice([100] * 3, dealer=lambda deal: Call(game="lowball"), seed=4)
    session.play(2, SimpleBot(seed=1))
    assert client.submit(_hands_played, session, pure=False).result(timeout=60) == 2


class _Crashing:
    """A bot that fails on its third decision."""

    def __init__(self, *, seed: int) -> None:
        self.moves = 0

    def __call__(self, state: State) -> object:
        self.moves += 1
        if self.moves == 3:
            raise ValueError("bot crashed")
        return SimpleBot(seed=1)(state)


def test_a_bot_error_names_the_session_to_replay() -> None:
    """Was: a bare "ValueError: bot crashed", no session, seed or way to replay it."""
    with pytest.raises(ValueError, match="bot crashed") as info:
        sd.play_sessions(get_game("lowball"), [_Crashing, SimpleBot], stacks=[50, 50], hands=5, seed=11,
                         first=4, count=2)
    assert any("in session 4 of seed 11" in note and "first=4, count=1" in note
               for note in getattr(info.value, "__notes__", []))


def test_an_unknown_equity_keyword_is_named_as_the_cluster_call_and_a_near_one_offered() -> None:
    """Was: "prepare_equity() got an unexpected keyword 'sample'"."""
    said = r"^splitpot\.dask\.equity\(\) got an unexpected keyword 'sample' \(did you mean samples=\?\)"
    with pytest.raises(ArgumentTypeError, match=said):
        sd.equity("seven-card-stud", ["As", "Kd"], sample=10)


class _Unpicklable:
    """A bot factory holding a lock: no pickler can send it to a worker."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def __call__(self, seed: int) -> SimpleBot:
        return SimpleBot(seed=seed)


def test_an_unpicklable_bot_factory_is_named_by_its_seat(client: Client) -> None:
    """Was: Dask's own "Could not serialize object of type _MapExpr" with every task's arguments."""
    bots = [SimpleBot, _Unpicklable()]
    with pytest.raises(ArgumentTypeError, match=r"bots\[1\] .* cannot be sent to the Dask workers: "
                       r"cannot pickle '_thread.lock' object; a bot factory must pickle") as info:
        sd.simulate("five-card-stud", sessions=2, hands=2, bots=bots, seed=1, client=client)
    assert isinstance(info.value.__cause__, TypeError)
