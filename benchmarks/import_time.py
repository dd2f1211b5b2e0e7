"""Start-up cost of splitpot beside numpy's own, in fresh interpreters, interleaved.

Run: ``python benchmarks/import_time.py [RUNS]`` (default 12). Each run starts new Python
processes that time, in CPU and wall milliseconds: ``import numpy``; ``import splitpot`` on top
of it; the first evaluation; the first use of the game engine (``splitpot.State``, loaded on first
use); and the whole ``splitpot eval As Ks Qs Js Ts`` command. The best of the runs is printed:
the machine is shared, and the best run is the one least disturbed by other work. Byte-code is
written to a private cache first (a project installed from a wheel has it compiled), so that
compiling the sources is not what is measured.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time

_STEPS = """
import time
def now(): return time.process_time(), time.perf_counter()
t = [now()]
import numpy; t.append(now())
import splitpot; t.append(now())
splitpot.strength("As Ks Qs Js Ts"); t.append(now())
splitpot.State; t.append(now())
print(*(f"{(b[0] - a[0]) * 1e3:.2f} {(b[1] - a[1]) * 1e3:.2f}" for a, b in zip(t, t[1:])))
"""
_NAMES = ("import numpy", "import splitpot (on top)", "first strength()", "splitpot.State (engine)")


def main(runs: int) -> None:
    cli = shutil.which("splitpot", path=os.path.dirname(sys.executable)) or "splitpot"
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        warm = "import splitpot, splitpot.engine, splitpot.games, splitpot.cli"
        subprocess.run([sys.executable, "-c", warm], env=env, check=True)
        steps: list[list[tuple[float, float]]] = []
        command: list[float] = []
        for _ in range(runs):
            out = subprocess.run(
                [sys.executable, "-c", _STEPS], env=env, check=True, capture_output=True, text=True
            ).stdout.split()
            steps.append([(float(c), float(w)) for c, w in zip(out[::2], out[1::2], strict=True)])
            start = time.perf_counter()
            subprocess.run([cli, "eval", "As Ks Qs Js Ts"], env=env, check=True, capture_output=True)
            command.append((time.perf_counter() - start) * 1e3)
    print(f"best of {runs} runs, milliseconds (CPU / wall):")
    for i, name in enumerate(_NAMES):
        cpu = min(run[i][0] for run in steps)
        wall = min(run[i][1] for run in steps)
        print(f"  {name:<26} {cpu:7.1f} / {wall:7.1f}")
    print(f"  {'splitpot eval (command)':<26} {'':>7}   {min(command):7.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
