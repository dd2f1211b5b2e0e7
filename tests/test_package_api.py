"""The top-level package: every public name resolves, and importing it stays light.

`import splitpot` loads the evaluator and the equity API at once and the game engine, the
game registry and the terminal output (rich) only when first used; these tests pin both.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import splitpot


def _fresh(code: str) -> str:
    """Run ``code`` in a fresh interpreter and return what it printed."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


def test_a_missing_core_says_how_to_build_it() -> None:
    """Imported from a source tree never built, the package says how to build the core: with
    pip, or the editable install of the README's Development section (one message, in
    splitpot._native, for the evaluator and equity alike)."""
    printed = _fresh(
        "import sys\n"
        "sys.modules['splitpot._core'] = None  # as if it was never built\n"
        "for name in ('splitpot.evaluate', 'splitpot.equity'):\n"
        "    try:\n"
        "        __import__(name)\n"
        "    except ImportError as err:\n"
        "        print(err)\n"
    )
    lines = printed.splitlines()
    assert len(lines) == 2 and lines[0] == lines[1], printed
    assert "'pip install .'" in lines[0] and "editable install" in lines[0]
    assert 'pip install --no-build-isolation -e ".[dev]"' in lines[0]


@pytest.mark.parametrize("name", splitpot.__all__)
def test_every_public_name_resolves_and_is_listed_by_dir(name: str) -> None:
    assert getattr(splitpot, name) is not None
    assert name in dir(splitpot)


def test_lazy_names_are_the_objects_of_their_modules() -> None:
    from splitpot import engine, games

    assert splitpot.State is engine.State and splitpot.Session is engine.Session
    assert splitpot.GameSpec is engine.GameSpec and splitpot.History is engine.History
    assert splitpot.Street is engine.Street
    assert splitpot.GAMES is games.GAMES and splitpot.get_game is games.get_game
    assert splitpot.option_info is games.option_info and splitpot.OptionInfo is games.OptionInfo


def test_the_viewer_names_are_exported_where_viewers_are_taken() -> None:
    """``ALL`` and ``Viewer`` (what ``History.to_dict(viewer=)``, ``phh.dumps(viewer=)`` and
    the narration take) from ``splitpot``, ``splitpot.engine`` and ``splitpot.narrate``: one
    object each (were only in ``splitpot.engine.history`` and, unlisted, ``splitpot.narrate``)."""
    from splitpot import engine, narrate
    from splitpot.engine import history

    for name in ("ALL", "Viewer"):
        assert name in splitpot.__all__ and name in engine.__all__ and name in narrate.__all__
        value = getattr(history, name)
        assert getattr(splitpot, name) is getattr(engine, name) is getattr(narrate, name) is value


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Stat'"):
        splitpot.Stat  # noqa: B018  (the misspelling is the point)
    assert not hasattr(splitpot, "_nothing_here")


_LOADED = (
    "import sys\n"
    "heavy = ('splitpot.engine', 'splitpot.games', 'splitpot.equity', 'splitpot.ranges', "
    "'splitpot.play', 'rich', 'jsonschema')\n"
    "def loaded(): return sorted({m.split('.')[0] if m.startswith(('rich', 'jsonschema')) "
    "else '.'.join(m.split('.')[:2]) for m in sys.modules if m.startswith(heavy)})\n"
)


def test_the_engine_equity_and_rich_load_on_first_use_only() -> None:
    printed = _fresh(
        f"{_LOADED}import splitpot\n"
        "print(loaded())\n"
        "assert str(splitpot.evaluate('As Ks Qs Js Ts')) == 'royal flush'\n"
        "print(loaded())\n"
        "range_ = splitpot.Range\n"
        "print(loaded())\n"
        "result = splitpot.EquityResult\n"
        "print(loaded())\n"
        "state = splitpot.State\n"
        "print(loaded())\n"
    )
    before, after_evaluate, after_range, after_equity, after_state = printed.splitlines()
    assert before == after_evaluate == "[]"
    assert after_range == "['splitpot.ranges']"
    assert after_equity == "['splitpot.equity', 'splitpot.ranges']"
    assert "'splitpot.engine'" in after_state


@pytest.mark.parametrize(
    ("command", "loads"),
    [
        (["eval", "As", "Ks", "Qs", "Js", "Ts"], []),
        (["bench", "--hands", "1000", "--plain"], []),
        (["equity", "-g", "seven-card-stud", "As Ks Qs", "Kd Kc 9s", "--samples", "99"],
         ["splitpot.equity"]),
        (["play", "seven-card-stud", "--players", "2"], ["splitpot.engine", "splitpot.play"]),
    ],
)
def test_a_command_loads_what_it_runs(command: list[str], loads: list[str]) -> None:
    """`splitpot eval` and `bench` load neither the game engine nor the equity API; each
    other command loads its own module."""
    printed = _fresh(
        f"{_LOADED}import contextlib, io\nfrom splitpot.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    status = main({command!r})\n"
        "print(status, [m for m in loaded() if m.startswith('splitpot.')])"
    )
    status, _, modules = printed.partition(" ")
    assert status == "0"
    for module in ("splitpot.engine", "splitpot.equity", "splitpot.play"):
        assert (f"'{module}'" in modules) == (module in loads), (command, modules)


def test_star_import_gives_every_public_name() -> None:
    names = _fresh(
        "ns = {}\nexec('from splitpot import *', ns)\n"
        "print(' '.join(sorted(k for k in ns if k != '__builtins__')))"
    ).split()
    assert names == sorted(splitpot.__all__)


@pytest.mark.parametrize(
    "first", ["import splitpot.evaluate", "import splitpot.equity", "import splitpot.engine"]
)
def test_names_shared_with_submodules_stay_callable(first: str) -> None:
    """`splitpot.evaluate` is the function and `splitpot.equity` the callable equity module,
    whatever is imported first."""
    printed = _fresh(
        f"{first}\nimport splitpot\n"
        "print(type(splitpot.evaluate).__name__, callable(splitpot.equity), splitpot.equity.__name__)"
    )
    assert printed == "function True splitpot.equity"


@pytest.mark.parametrize(
    "first", ["import splitpot", "import splitpot.equity as e", "from splitpot.equity import equity"]
)
def test_import_splitpot_equity_as_gives_the_module(first: str) -> None:
    """`import splitpot.equity as e` gives the module with its names, in any import order."""
    printed = _fresh(
        f"{first}\nimport splitpot.equity as e\nfrom splitpot.equity import EquityResult, equity\n"
        "import splitpot, sys\n"
        "print(e is sys.modules['splitpot.equity'] is splitpot.equity,"
        " e.EquityResult is EquityResult is splitpot.EquityResult, e.equity is equity,"
        " sorted(set(e.__all__) - set(dir(e))))"
    )
    assert printed == "True True True []"


def test_calling_the_equity_module_calls_the_function() -> None:
    """`splitpot.equity(...)` (the README's call) is `splitpot.equity.equity(...)`: same answer,
    same signature, same errors."""
    import inspect

    from splitpot.equity import equity

    hands = ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"]
    assert splitpot.equity("seven-card-stud-8", hands) == equity("seven-card-stud-8", hands)
    assert splitpot.equity("seven-card-stud-8", hands).outcomes == 671580
    assert inspect.signature(splitpot.equity) == inspect.signature(equity)
    with pytest.raises(splitpot.RuleError, match="unknown game 'holdem'"):
        splitpot.equity("holdem", hands)


def test_dir_lists_public_names_and_submodules_not_helpers() -> None:
    """`dir(splitpot)` (and completion) offers the public names and submodules, not the
    names the package itself imports to work (`TYPE_CHECKING`, `import_module`)."""
    names = dir(splitpot)
    assert not {"TYPE_CHECKING", "annotations", "import_module"} & set(names)
    assert {"equity", "evaluate", "engine", "errors", "ranges", "State"} <= set(names)
    assert not [n for n in names if n.startswith("_") and n != "__version__"]


def test_equity_stopped_lives_with_the_other_errors() -> None:
    from splitpot import equity as equity_module
    from splitpot import errors

    assert splitpot.EquityStopped is errors.EquityStopped is equity_module.EquityStopped
    assert "EquityStopped" in errors.__all__ and "EquityStopped" in splitpot.__all__
    assert issubclass(errors.EquityStopped, (errors.SplitpotError, RuntimeError))


def test_the_callable_equity_module_pickles_and_shows_the_function() -> None:
    """`splitpot.equity` pickles by name (plain, in a partial, through a process pool),
    and `inspect` and `help()` show the function it calls."""
    import copy
    import functools
    import inspect
    import multiprocessing
    import pickle
    import pydoc
    from concurrent.futures import ProcessPoolExecutor

    from splitpot.equity import equity

    assert pickle.loads(pickle.dumps(splitpot.equity)) is splitpot.equity
    assert copy.deepcopy(splitpot.equity) is splitpot.equity
    hands = ["As Ad Kc Kd 2h 3s", "Qs Qd Qc 2c 3c 4d"]
    stud = pickle.loads(pickle.dumps(functools.partial(splitpot.equity, "seven-card-stud")))
    assert stud(hands, dead="Ah Ac").outcomes == 1406
    # spawn, not fork: a fresh interpreter finds splitpot.equity by name (a truer test of the
    # pickling) and no thread of this process (a Dask offload thread, say) is copied half-held
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        result = pool.submit(splitpot.equity, "seven-card-stud", hands, dead="Ah Ac", threads=1).result()
    assert result == equity("seven-card-stud", hands, dead="Ah Ac", threads=1)
    assert inspect.unwrap(splitpot.equity) is equity
    assert inspect.signature(splitpot.equity) == inspect.signature(equity)
    page = pydoc.render_doc(splitpot.equity, renderer=pydoc.plaintext)
    assert "This module is callable" in page and "equity(game: 'EquityGame | str'" in page


def test_import_splitpot_evaluate_as_gives_the_function() -> None:
    """`splitpot.evaluate` stays a plain function (the per-hand call pays nothing): `import
    splitpot.evaluate as ev` gives it, and the module's names come by `from ... import`."""
    printed = _fresh(
        "import splitpot.evaluate as ev\nfrom splitpot.evaluate import Hand, evaluate\n"
        "print(ev is evaluate, isinstance(ev('As Ks Qs Js Ts'), Hand), hasattr(ev, 'Hand'))"
    )
    assert printed == "True True False"


def test_games_is_a_read_only_view_of_the_registry() -> None:
    """`splitpot.GAMES.pop("lowball")` broke get_game for the whole process."""
    from collections.abc import Mapping

    assert isinstance(splitpot.GAMES, Mapping) and "lowball" in splitpot.GAMES
    with pytest.raises((TypeError, AttributeError)):
        splitpot.GAMES["lowball"] = splitpot.GAMES["jackpots"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        splitpot.GAMES.pop("lowball")  # type: ignore[attr-defined]
    assert splitpot.get_game("lowball").name == "lowball"


def test_game_options_is_a_read_only_view() -> None:
    """`GAME_OPTIONS.pop("lowball")` then `get_game("lowball")` raised a bare KeyError
    for the whole process: a read-only view, as GAMES is."""
    from collections.abc import Mapping

    from splitpot.games import GAME_OPTIONS

    assert isinstance(GAME_OPTIONS, Mapping) and "stakes" in GAME_OPTIONS["lowball"]
    with pytest.raises(TypeError):
        GAME_OPTIONS["lowball"] = frozenset()  # type: ignore[index]
    with pytest.raises(AttributeError):
        GAME_OPTIONS.pop("lowball")  # type: ignore[attr-defined]
    assert splitpot.get_game("lowball").name == "lowball"


def test_names_are_matched_ignoring_case_with_dash_and_underscore_alike() -> None:
    """As API.md says of option values: game names and lows too (were RuleError)."""
    hands = ["As Ad Kc Kd 2h 3s", "Qs Qd Qc 2c 3c 4d"]
    assert splitpot.get_game("Seven_Card_Stud").name == "seven-card-stud"
    folded = splitpot.equity("Seven_Card_Stud_High_Low", hands, low="Ace_To_Five", dead="Ah Ac")
    plain = splitpot.equity("seven-card-stud-high-low", hands, low="ace-to-five", dead="Ah Ac")
    assert folded == plain and folded.low is splitpot.Ranking.ACE_TO_FIVE
    assert splitpot.equity("Five_Card_Stud_Last_Down", ["As Ad", "Ks Kd"], samples=10).variant == (
        "five-card-stud-last-down"
    )
    with pytest.raises(splitpot.RuleError, match="Unknown game 'Seven Stud'"):
        splitpot.get_game("Seven Stud")


def test_keyword_typos_keep_their_message_and_get_game_hides_its_private_keyword() -> None:
    """`**unknown` is typed as no keyword at all (checkers refuse a typo); at run time the
    message still names the likely keyword."""
    import inspect

    with pytest.raises(splitpot.ArgumentTypeError, match=r"did you mean samples=\?"):
        splitpot.equity("seven-card-stud", ["As Ad", "Ks Kd"], sample=10)  # type: ignore[call-arg]
    assert list(inspect.signature(splitpot.get_game).parameters) == ["name", "options"]


def test_a_type_checker_sees_the_api_as_typed(tmp_path: Path) -> None:
    """mypy, with the project's configuration (strict: an unneeded ``type: ignore`` is an
    error), on ``typecheck/api_types.py``: numpy ints taken, misspelt keywords and names
    refused, ``EquityResult`` indexed and sliced, cards and hands formatted. Was: the typing
    fixes were tested by no checker."""
    pytest.importorskip("mypy")
    root = Path(__file__).resolve().parents[1]
    source = root / "python"  # the package checked is the one tested (or, without a source tree, installed)
    env = {**os.environ, "MYPYPATH": str(source)} if source.is_dir() else dict(os.environ)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(root / "pyproject.toml"),
         "--cache-dir", str(tmp_path / "mypy"), str(Path(__file__).parent / "typecheck" / "api_types.py")],
        capture_output=True, text=True, timeout=300, cwd=root, env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
