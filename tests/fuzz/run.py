"""Run the fuzz targets of ``targets.py`` for a time budget.

    python tests/fuzz/run.py                       # every target, 60 s in all
    python tests/fuzz/run.py --seconds 600 engine  # one target, ten minutes
    python tests/fuzz/run.py --replay fuzz-failure-engine.bin engine

Each run feeds random bytes to the target's ``fuzz_one_input`` (Hypothesis turns
them into a structured example).  A failure prints the exception, saves the
bytes as ``fuzz-failure-<target>.bin`` (``--replay`` runs them again) and makes
the exit status 1.  Under the ASan build, run it with the sanitizer runtime
preloaded (see ``.ci/run``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from targets import TARGETS


def fuzz(name: str, seconds: float, rng: random.Random, out: Path) -> tuple[int, bool]:
    """Run one target until ``seconds`` pass; return (runs, failed)."""
    target = TARGETS[name].hypothesis.fuzz_one_input  # type: ignore[attr-defined]
    runs, stop = 0, time.monotonic() + seconds
    while time.monotonic() < stop:
        data = rng.randbytes(rng.choice((16, 64, 256, 1024, 4096)))
        try:
            target(data)
        except Exception:
            path = out / f"fuzz-failure-{name}.bin"
            path.write_bytes(data)
            print(f"{name}: FAILED after {runs:,} runs; input saved to {path}", flush=True)
            traceback.print_exc()
            return runs, True
        runs += 1
    return runs, False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument(
        "targets",
        nargs="*",
        choices=[[], *TARGETS],
        metavar="TARGET",
        help=f"targets to run (default all): {', '.join(TARGETS)}",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="time budget shared by the targets")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random inputs (default: fresh)")
    parser.add_argument("--replay", type=Path, default=None, help="run one saved failing input again")
    parser.add_argument("--out", type=Path, default=Path("."), help="where failing inputs are saved")
    args = parser.parse_args(argv)
    names = args.targets or list(TARGETS)
    if args.replay is not None:
        for name in names:
            TARGETS[name].hypothesis.fuzz_one_input(args.replay.read_bytes())  # type: ignore[attr-defined]
        print("replayed without failure")
        return 0
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"fuzzing {', '.join(names)} for {args.seconds:g} s, seed {seed}", flush=True)
    rng = random.Random(seed)
    failed = False
    total = 0
    for name in names:
        runs, bad = fuzz(name, args.seconds / len(names), rng, args.out)
        total += runs
        failed |= bad
        print(f"{name:<12} {runs:>9,} runs{'  FAILED' if bad else ''}", flush=True)
    print(f"{total:,} runs in all; {'a target failed' if failed else 'no failure'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
