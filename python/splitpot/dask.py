"""Evaluation, equity and simulations on a Dask cluster (the ``splitpot[dask]`` extra).

Three entry points spread splitpot's work over ``dask.distributed`` workers —
a ``LocalCluster`` on one machine or any scheduler address — and give the
answer one process gives:

- :func:`evaluate_many`: a lazy dask array of strengths from a dask array of
  cards, chunk by chunk on the C++ batch path (the GIL released);
- :func:`equity`: an exact spot split into tasks by slices of its outer
  completions, a Monte Carlo run by slices of its seeded sample blocks; the
  tasks' integer counts are added, so the answer is exactly
  :func:`splitpot.equity.equity`'s, whatever the number of workers or tasks;
- :func:`simulate`: many independent seeded sessions of bots, per-seat
  results as numpy arrays.

Arguments are checked in this process before any task is submitted; a worker
lost mid-run only costs its tasks, which the scheduler runs again elsewhere.

>>> import numpy as np, dask.array as da
>>> from splitpot.evaluate import strength
>>> rows = [[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]]
>>> lazy = evaluate_many(da.from_array(np.array(rows, dtype=np.uint8), chunks=1))
>>> lazy.chunks, lazy.compute(scheduler="sync").tolist() == [strength(r) for r in rows]
(((1, 1),), True)

Readings: :func:`simulate` deals session ``i`` from
``numpy.random.SeedSequence(seed, spawn_key=(i,))`` (the table's seed, then
one per bot), starts its button at seat ``i % seats`` so every seat has the
button first equally often, and counts a seat's result as its final stack
minus its starting stack.
"""

from __future__ import annotations

import math
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, SupportsIndex, TypeAlias, Unpack

import numpy as np
from numpy.typing import ArrayLike, NDArray

from splitpot._native import _core
from splitpot.engine.session import Session
from splitpot.engine.spec import GameSpec
from splitpot.engine.state import State
from splitpot.equity import (
    _KEYWORDS,
    _STOPS,
    EquityCounts,
    EquityResult,
    EquityRun,
    EquityStop,
    _refuse_unknown,
    prepare_equity,
)
from splitpot.errors import (
    ArgumentTypeError,
    CardError,
    CardTypeError,
    EquityInterrupted,
    ExtraMissingError,
    RankingError,
    RuleError,
)
from splitpot.evaluate import Ranking, WildOptions, _batch_shape_error
from splitpot.evaluate import evaluate_many as _evaluate_many
from splitpot.games import get_game
from splitpot.validate import as_int, as_ints, as_optional_int, describe

try:
    import dask.array as da
    from distributed import Client, Future, get_client
except ImportError as error:  # pragma: no cover - only without the extra
    raise ExtraMissingError(
        "splitpot.dask needs Dask, which is not installed: pip install 'splitpot[dask]'"
    ) from error

__all__ = ["BotFactory", "ClientLike", "Simulation", "equity", "evaluate_many", "play_sessions", "simulate"]

ClientLike: TypeAlias = "Client | str | None"
"""A ``distributed.Client``, a scheduler address (``"tcp://host:8786"``) or None for the current client."""


_TARGET_CAP = _core.EQUITY_TARGET_CAP
"""The most samples a ``stderr`` or ``seconds`` run draws without ``samples=`` (as on one machine)."""
_STOP_ID = {stop: i for i, stop in enumerate(_STOPS)}
"""The core's id of each stop (its place in ``splitpot.equity._STOPS``)."""

# ---------------------------------------------------------------- clients


def _client(client: object) -> tuple[Client, bool]:
    """The client to use and whether this call opened it (and must close it)."""
    if isinstance(client, Client):
        return client, False
    if isinstance(client, str):
        return Client(client), True
    if client is None:
        try:
            return get_client(), False
        except ValueError:
            raise RuleError(
                "no Dask client: pass client= (a distributed.Client or a scheduler address), "
                "or create a Client first, e.g. Client(LocalCluster(n_workers=2))"
            ) from None
    raise ArgumentTypeError(
        f"client must be a distributed.Client, a scheduler address or None, got {describe(client)}"
    )


def _workers(client: Client) -> int:
    return max(1, len(client.scheduler_info(n_workers=-1).get("workers", {})))


def _tasks(tasks: object, units: int, client: Client) -> int:
    """Tasks for ``units`` of divisible work: ``tasks`` if given, else four per worker (at most ``units``)."""
    if tasks is None:
        return max(1, min(units, 4 * _workers(client)))
    return min(as_int(tasks, "tasks", low=1, high=1_000_000), units)


# ---------------------------------------------------------------- evaluation


def _evaluate_block(
    block: NDArray[Any], start: NDArray[Any], *rows: NDArray[Any], **kwargs: Any
) -> NDArray[np.uint32]:
    """A chunk's strengths; ``start``: its first row's number in the whole array,
    which a CardError's "row N" (and a RankingError's "wild_ranks row N") is made to count from."""
    try:
        return _evaluate_many(block, wild_ranks=rows[0] if rows else None, **kwargs)
    except (CardError, RankingError) as err:
        first = int(start[0])
        row = r"^((?:wild_ranks )?row) (\d+)"
        if first >= 0:
            said = re.sub(row, lambda m: f"{m[1]} {int(m[2]) + first}", str(err))
        else:
            where = (f"of chunk {-1 - first} (the chunk sizes are unknown: cards.compute_chunk_sizes() "
                     "numbers the rows in the whole array)")
            said = re.sub(row, lambda m: f"{m[1]} {m[2]} {where}", str(err))
        raise type(err)(said) from None


def evaluate_many(
    cards: ArrayLike | da.Array,
    ranking: Ranking | str = "high",
    *,
    wild_ranks: ArrayLike | da.Array | None = None,
    threads: SupportsIndex | None = 1,
    check: bool = True,
    qualifier: SupportsIndex | str = 8,
    **options: Unpack[WildOptions],
) -> da.Array:
    """Strengths of an (N, k) dask array of cards, k in 5..7: a lazy uint32 dask array of N.

    Each chunk of rows goes through :func:`splitpot.evaluate.evaluate_many`
    (same ``ranking``, ``check``, ``qualifier``, wild ``options`` and per-row ``wild_ranks``,
    a 1-d array of 13-bit masks), with ``threads`` C++ threads per chunk (1:
    Dask's workers are the parallelism). A numpy array is wrapped with Dask's
    automatic chunks; column chunks are joined. The arguments, the shape and
    the dtype are checked now; the cards' values when a chunk is computed
    (CardError from that chunk).

    >>> import numpy as np, dask.array as da
    >>> rows = da.from_array(np.array([[0, 1, 2, 3, 4, 5, 6]] * 4, dtype=np.uint8), chunks=(2, 7))
    >>> s = evaluate_many(rows, "ace-to-five", wild_ranks=np.array([0, 1, 0, 1]))
    >>> s.numblocks, s.dtype, s.compute(scheduler="sync").shape
    ((2,), dtype('uint32'), (4,))
    """
    if isinstance(cards, str | bytes):
        raise ArgumentTypeError(f"cards must be an (N, k) integer array, got {describe(cards)}")
    arr = _dask_array(cards, "cards")
    kwargs: dict[str, Any] = {
        "ranking": ranking, "threads": threads, "check": check, "qualifier": qualifier, **options
    }
    rows = None
    if wild_ranks is not None:
        rows = _dask_array(wild_ranks, "wild_ranks")
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:  # the probe below has no rows: it would say (0, ...)
        raise _batch_shape_error(arr.shape)
    # Every argument checked now, on no rows: the ranking, options and dtype.
    probe_rows = None if rows is None else np.zeros((0,), dtype=rows.dtype)
    _evaluate_many(np.zeros((0, *arr.shape[1:]), dtype=arr.dtype), wild_ranks=probe_rows, **kwargs)
    if rows is not None and (rows.ndim != 1 or rows.shape[0] != arr.shape[0]):
        raise RankingError(  # as the numpy batch says it
            f"wild_ranks must have shape (N,) = ({arr.shape[0]},), one 13-bit mask per row of cards, "
            f"got shape {rows.shape}"
        )
    if arr.numblocks[1] != 1:
        arr = arr.rechunk({1: -1})
    meta = np.zeros((0,), dtype=np.uint32)
    # Each chunk's first row, one a block, so that an error names the row in the whole array;
    # where the chunk sizes are unknown (NaN, after a filter), -1 - the chunk's number.
    sizes = arr.chunks[0]
    known = not any(math.isnan(size) for size in sizes)
    firsts = np.cumsum((0, *sizes[:-1]), dtype=np.int64) if known else -1 - np.arange(len(sizes))
    starts = da.from_array(firsts, chunks=1)
    more: tuple[Any, ...] = () if rows is None else (rows.rechunk((arr.chunks[0],)), "i")
    return da.blockwise(
        _evaluate_block, "i", arr, "ij", starts, "i", *more, dtype=np.uint32, meta=meta, concatenate=True,
        align_arrays=False, adjust_chunks={"i": arr.chunks[0]}, **kwargs
    )


def _dask_array(value: object, name: str) -> da.Array:
    """``value`` as a dask array (a numpy array or array-like wrapped with automatic chunks)."""
    if isinstance(value, da.Array):
        return value
    try:
        return da.asarray(value)
    except NotImplementedError:  # object dtype: dask cannot chunk it automatically
        error = CardTypeError if name == "cards" else ArgumentTypeError  # wild_ranks: an option
        raise error(f"{name} must be an integer array, got {describe(value)}") from None


# ---------------------------------------------------------------- equity


def _equity_part(run: EquityRun, part: int, parts: int) -> EquityCounts:
    return run.counts(part=part, parts=parts)


def _equity_blocks(run: EquityRun, first: int, last: int) -> EquityCounts:
    """Monte Carlo sample blocks ``[first, last)`` of ``run`` (a fixed-count run whose
    blocks are one part each: block ``k`` is part ``k``, seeded from ``(seed, k)``)."""
    blocks = -(-run.samples // _core.EQUITY_BLOCK)
    return run.combine([run.counts(part=k, parts=blocks) for k in range(first, last)])


def _name_unsendable(bots: list[BotFactory], error: TypeError) -> None:
    """Raise an error naming the first bot factory Dask's pickle cannot send, if one cannot."""
    from distributed.protocol import pickle

    for i, make in enumerate(bots):
        try:
            pickle.dumps(make)
        except Exception as reason:  # any failure to pickle is the answer
            raise ArgumentTypeError(
                f"bots[{i}] ({describe(make)}) cannot be sent to the Dask workers: {reason}; a bot "
                "factory must pickle (a class or function defined at a module's top level does, as "
                "SimpleBot)"
            ) from error


def _gather(client: Client, futures: list[Future]) -> Any:
    """The futures' results; on any exception (Ctrl-C, a task's error) the tasks still
    queued or running are cancelled first (they ran on to their end, and while a
    traceback kept them alive, as in a notebook, stayed queued)."""
    try:
        return client.gather(futures)
    except BaseException:
        client.cancel(futures)
        raise


def _until_target(run: EquityRun, client: Client, tasks: int | None) -> EquityCounts:
    """A ``stderr`` or ``seconds`` run: the blocks of one machine's run, checkpoint by
    checkpoint (1, 2, .., 8, 10, 12, 15, .. blocks: a quarter more each time), each
    checkpoint's new blocks spread over the workers; it stops at the first checkpoint
    where every share's standard error is at most ``stderr`` (the same test, so the same
    answer as one machine), or once ``seconds`` are up."""
    cap = run.samples or _TARGET_CAP
    most = -(-cap // _core.EQUITY_BLOCK)
    start = time.monotonic()
    done, parts, stop = 0, [], EquityStop.SAMPLES  # unless the target or the time comes first
    try:
        while done < most:
            upto = min(most, max(done + 1, done + done // 4))
            fixed = replace(run, samples=min(cap, upto * _core.EQUITY_BLOCK), stderr=0.0, seconds=0.0)
            n = _tasks(tasks, upto - done, client)
            bounds = [done + (upto - done) * k // n for k in range(n + 1)]
            futures: list[Future] = client.map(
                _equity_blocks, [fixed] * n, bounds[:-1], bounds[1:], pure=False
            )
            parts.append(run.combine(_gather(client, futures)))
            done = upto
            worst = run.result(run.combine(parts)).stderr
            if run.stderr and worst is not None and worst <= run.stderr:
                stop = EquityStop.TARGET
                break
            if run.seconds and time.monotonic() - start >= run.seconds:
                stop = EquityStop.TIME
                break
    except KeyboardInterrupt as interrupt:
        if type(interrupt) is not KeyboardInterrupt or not parts:
            raise
        # Ctrl-C: the checkpoints done are one machine's first blocks, kept as equity keeps its samples
        counts = run.combine(parts)
        partial = run.result((*counts[:4], _STOP_ID[EquityStop.INTERRUPTED], counts[5]))
        raise EquityInterrupted(partial) from interrupt
    counts = run.combine(parts)
    return (*counts[:4], _STOP_ID[stop], counts[5])


def equity(
    game: str,
    hands: Sequence[Any],
    *,
    client: ClientLike = None,
    tasks: int | None = None,
    **options: Any,
) -> EquityResult:
    """:func:`splitpot.equity.equity` on a Dask cluster: its arguments (but ``progress``), its answer.

    ``client``: a ``distributed.Client``, a scheduler address, or None for the
    current client. ``tasks``: how many tasks (default: four per worker, at
    most one per unit of the split). An exact enumeration is split by slices
    of its outer player's completions, a Monte Carlo run (``samples=``; a
    ``stderr`` or ``seconds`` target, see below) by slices of its
    4,096-sample blocks, each block seeded from ``(seed, block)`` as on one
    machine; heads-up spots that are *counted* run as one task. The tasks'
    integer counts are added: the result equals the single-process one
    exactly. A ``stderr`` target runs one machine's checkpoints (a quarter
    more blocks each time), each spread over the workers, and stops where one
    machine stops: the same answer too; a ``seconds`` target stops at the
    first checkpoint past the time. ``threads`` is per task (default 1). Every argument and the spot
    are checked here before a task is submitted. Ctrl-C cancels the tasks and raises
    :class:`~splitpot.errors.EquityInterrupted`, as :func:`~splitpot.equity.equity` does: a
    ``stderr`` or ``seconds`` run's carries the checkpoints done (``partial``, the first blocks
    of one machine's run), any other run's None.

    On a cluster (not run as a doctest: it needs a ``distributed.Client``; this is
    the output of a one-worker ``LocalCluster``)::

        import splitpot
        from distributed import Client
        client = Client("tcp://scheduler:8786")
        r = equity("seven-card-stud", ["As Ad 5c", "Kh Kd 9s"], client=client)
        r.method, r.outcomes, [round(p.share, 4) for p in r]
        # ('count', 18265297050, [0.6599, 0.3401])
        r == splitpot.equity("seven-card-stud", ["As Ad 5c", "Kh Kd 9s"])
        # True
    """
    if "progress" in options:
        raise RuleError("progress= is not available on a cluster; watch the tasks on the Dask dashboard")
    _refuse_unknown({k: v for k, v in options.items() if k not in _KEYWORDS}, "splitpot.dask.equity")
    options.setdefault("threads", 1)
    run = prepare_equity(game, hands, **options)
    _, units = run.plan()  # the spot checked by the C++ core, as the run will be
    if tasks is not None:
        as_int(tasks, "tasks", low=1, high=1_000_000)
    c, opened = _client(client)
    try:
        if run.stderr or run.seconds:
            return run.result(_until_target(run, c, tasks))
        n = _tasks(tasks, units, c)
        futures: list[Future] = c.map(_equity_part, [run] * n, range(n), [n] * n, pure=False)
        parts: list[EquityCounts] = _gather(c, futures)
    except KeyboardInterrupt as interrupt:
        if type(interrupt) is not KeyboardInterrupt:  # EquityInterrupted (a target's partial result) too
            raise
        raise EquityInterrupted(None) from interrupt  # no partial answer: the tasks end in any order
    finally:
        if opened:
            c.close()
    return run.result(run.combine(parts))


# ---------------------------------------------------------------- simulations


class BotFactory(Protocol):
    """Makes one seat's policy for one session from its seed: ``SimpleBot`` itself, or
    ``functools.partial(SimpleBot, aggression=0.8)``."""

    def __call__(self, *, seed: int) -> Callable[[State], object]: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Simulation:
    """The results of :func:`simulate`: one row per session, one column per seat.

    >>> import numpy as np
    >>> net, hands = np.array([[5, -5], [-1, 1]]), np.array([10, 10])
    >>> sim = Simulation(game="seven-card-stud", seed=1, net=net, hands=hands)
    >>> sim.total.tolist(), sim.per_hand.tolist()
    ([4, -4], [0.2, -0.2])
    """

    game: str
    """The game's name."""
    seed: int
    """The seed the sessions were dealt from."""
    net: NDArray[np.int64]
    """Chips won (+) or lost (-) per session and seat: final minus starting stack, shape (sessions, seats)."""
    hands: NDArray[np.int64]
    """Hands played per session (fewer than asked when the table broke up), shape (sessions,)."""

    @property
    def total(self) -> NDArray[np.int64]:
        """Chips won per seat over every session."""
        return np.asarray(self.net.sum(axis=0), dtype=np.int64)

    @property
    def per_hand(self) -> NDArray[np.float64]:
        """Chips won per hand played, per seat."""
        return np.asarray(self.total / max(int(self.hands.sum()), 1), dtype=np.float64)

    @property
    def per_hand_stderr(self) -> NDArray[np.float64]:
        """Standard errors of :attr:`per_hand`, the sessions taken as independent (a ratio estimate)."""
        sessions, played = len(self.hands), float(self.hands.sum())
        if sessions < 2 or played == 0:
            return np.full(self.net.shape[1], math.inf)
        residual = self.net - np.outer(self.hands, self.per_hand)
        var = (residual**2).sum(axis=0) / (sessions - 1)
        return np.asarray(np.sqrt(var * sessions) / played, dtype=np.float64)


def _session_seeds(seed: int, index: int, seats: int) -> list[int]:
    """Session ``index``'s seeds: the table's, then one per seat's bot (63-bit ints)."""
    words = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(1 + seats, np.uint64)
    return [int(w) >> 1 for w in words]


def play_sessions(
    spec: GameSpec,
    bots: Sequence[BotFactory],
    *,
    stacks: Sequence[int],
    hands: int,
    seed: int,
    first: int,
    count: int,
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Sessions ``first .. first + count - 1`` of a :func:`simulate` run, in this process:
    (net chips per session and seat, hands played per session). What each task does.

    >>> from splitpot.bots import SimpleBot
    >>> net, played = play_sessions(get_game("seven-card-stud"), [SimpleBot] * 3, stacks=[100] * 3,
    ...                             hands=5, seed=7, first=0, count=2)
    >>> net.shape, net.sum(axis=1).tolist(), played.tolist()
    ((2, 3), [0, 0], [5, 5])
    """
    seats = len(bots)
    net = np.zeros((count, seats), dtype=np.int64)
    played = np.zeros(count, dtype=np.int64)
    for row in range(count):
        index = first + row
        table_seed, *bot_seeds = _session_seeds(seed, index, seats)
        policies = [make(seed=s) for make, s in zip(bots, bot_seeds, strict=True)]
        session = Session(spec, stacks, button=index % seats, seed=table_seed)

        def policy(state: State, policies: list[Callable[[State], object]] = policies) -> object:
            if state.actor is None:
                raise RuleError(f"no seat to act in phase {state.phase}")
            return policies[state.actor](state)

        try:
            played[row] = len(session.play(hands, policy))
        except Exception as err:  # a bot's error, raised on a worker: say which session to replay
            again = (f"play_sessions(spec, bots, stacks=..., hands={hands}, seed={seed}, first={index}, "
                     "count=1)")
            err.add_note(f"splitpot.dask: in session {index} of seed {seed}; {again} plays it again here")
            raise
        net[row] = np.asarray(session.stacks, dtype=np.int64) - np.asarray(stacks, dtype=np.int64)
    return net, played


def _play_task(args: dict[str, Any]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    return play_sessions(**args)


def simulate(
    game: str | GameSpec,
    *,
    sessions: int,
    hands: int,
    bots: Sequence[BotFactory],
    client: ClientLike = None,
    seed: int | None = None,
    stacks: int | Sequence[int] = 100,
    tasks: int | None = None,
) -> Simulation:
    """Play ``sessions`` independent sessions of up to ``hands`` hands each across the cluster.

    ``game``: a name for :func:`splitpot.games.get_game` or a ``GameSpec``.
    ``bots``: one :class:`BotFactory` per seat (``[SimpleBot, SimpleBot]``);
    each session calls every factory with its own seed. ``stacks``: each
    seat's chips at the start of every session (an int for all). ``seed``:
    the same seed gives the same arrays on any cluster and any number of
    ``tasks`` (None: a random seed, reported). Sessions are dealt as
    :func:`play_sessions` says (see the module's Readings).

    On a cluster (not run as a doctest: it needs a ``distributed.Client``; this is
    the output of a one-worker ``LocalCluster``)::

        from distributed import Client
        from splitpot.bots import SimpleBot
        client = Client("tcp://scheduler:8786")
        sim = simulate("five-card-stud", sessions=8, hands=20, bots=[SimpleBot] * 3, seed=1, client=client)
        sim.net.shape, sim.total.tolist(), sim.per_hand.round(2).tolist()
        # ((8, 3), [-268, 200, 68], [-1.84, 1.37, 0.47])

    Each task runs :func:`play_sessions`, whose example runs here without a cluster.
    """
    spec = get_game(game) if isinstance(game, str) else game
    if not isinstance(spec, GameSpec):
        raise ArgumentTypeError(f"game must be a game's name or a GameSpec, got {describe(game)}")
    n_sessions = as_int(sessions, "sessions", low=1, high=1 << 40)
    n_hands = as_int(hands, "hands", low=1, high=1 << 40)
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise ArgumentTypeError(
            f"bots must be a sequence of bot factories, one per seat, got {describe(bots)}"
        )
    seats = len(bots)
    if not spec.min_players <= seats <= spec.max_players:
        raise RuleError(
            f"{spec.name} seats {spec.min_players} to {spec.max_players} players; got {seats} bots"
        )
    for i, make in enumerate(bots):
        try:  # a bot (SimpleBot()) or a policy in place of its factory: TypeError on seed=
            made = make(seed=0) if callable(make) else None
        except TypeError:
            made = None
        if not callable(made):
            raise ArgumentTypeError(
                f"bots[{i}] must make a policy from a seed (make(seed=n) -> callable), e.g. SimpleBot "
                f"(the class, not SimpleBot()); got {describe(make)}"
            )
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        start = [as_int(stacks, "stacks", low=1)] * seats
    else:
        start = list(as_ints(stacks, "stacks", low=1))
    if len(start) != seats:
        raise RuleError(f"stacks needs one stack per seat: {seats} bots, {len(start)} stacks")
    used_seed = secrets.randbits(63) if seed is None else as_optional_int(seed, "seed", low=0)
    assert used_seed is not None
    if tasks is not None:
        as_int(tasks, "tasks", low=1, high=1_000_000)
    c, opened = _client(client)
    try:
        n = _tasks(tasks, n_sessions, c)
        bounds = [n_sessions * k // n for k in range(n + 1)]
        common = {"spec": spec, "bots": list(bots), "stacks": start, "hands": n_hands, "seed": used_seed}
        jobs = [common | {"first": bounds[k], "count": bounds[k + 1] - bounds[k]} for k in range(n)]
        try:
            futures: list[Future] = c.map(_play_task, jobs, pure=False)
        except TypeError as error:  # Dask could not serialize the tasks: name the bot at fault
            _name_unsendable(list(bots), error)
            raise
        pieces: list[tuple[NDArray[np.int64], NDArray[np.int64]]] = _gather(c, futures)
    finally:
        if opened:
            c.close()
    return Simulation(
        game=spec.name,
        seed=used_seed,
        net=np.concatenate([p[0] for p in pieces]),
        hands=np.concatenate([p[1] for p in pieces]),
    )
