"""State is assembled from one module per concern (dealer steps, betting, draws, exposed
cards, opening, declarations, turn-ups), each a mixin of its methods; these tests hold the
assembly together: each method lives in one module, the mixins add no attribute of their own,
the declarations the type checker reads (engine/state_fields.py) agree with State's slots,
and a pickle that names ``splitpot.engine.state.Phase`` (written before Phase had a module
of its own) still loads."""

from __future__ import annotations

import ast
import inspect
import pickle
from pathlib import Path

import pytest

from splitpot.engine import state_fields
from splitpot.engine.phases import Phase
from splitpot.engine.state import Phase as StatePhase
from splitpot.engine.state import State, method_name
from splitpot.engine.state_fields import StateFields
from splitpot.games import get_game

MIXINS = [base for base in State.__mro__[1:] if base not in (StateFields, object)]


def _fields_source() -> tuple[list[str], list[str], list[str]]:
    """The names that engine/state_fields.py declares for the type checker: its slots, its
    annotated attributes and its methods."""
    tree = ast.parse(Path(state_fields.__file__).read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "StateFields")
    slots: list[str] = []
    annotated: list[str] = []
    methods: list[str] = []
    for node in ast.walk(cls):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets
        ) and isinstance(node.value, ast.Tuple) and node.value.elts:
            slots = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            annotated.append(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            methods.append(node.name)
    return slots, annotated, methods


def test_the_mixins_are_the_engine_modules_of_the_actions() -> None:
    assert [m.__module__.rsplit(".", 1)[1] for m in MIXINS] == [
        "dealer_steps", "betting_actions", "draw_actions", "exposed_cards", "opening", "declaring",
        "turning_up",
    ]


def test_each_method_lives_in_one_module() -> None:
    """No name is defined by two of State's parts (one would hide the other)."""
    homes: dict[str, list[str]] = {}
    for cls in (State, *MIXINS):
        for name in vars(cls):
            if not name.startswith("__"):
                homes.setdefault(name, []).append(cls.__name__)
    assert {n: h for n, h in homes.items() if len(h) > 1} == {}


@pytest.mark.parametrize("cls", [*MIXINS, StateFields], ids=lambda c: c.__name__)
def test_the_mixins_add_no_attribute(cls: type) -> None:
    assert cls.__dict__["__slots__"] == ()
    assert not any(name for name, value in vars(cls).items()
                   if not name.startswith("__") and not callable(value) and not isinstance(value, property))


def test_a_state_has_only_its_slots() -> None:
    state = State(get_game("jackpots"), [20, 20], seed=1)
    assert not hasattr(state, "__dict__")
    with pytest.raises(AttributeError):
        state.no_such_attribute = 1  # type: ignore[attr-defined]


def test_the_type_checkers_declarations_agree_with_the_slots() -> None:
    slots, annotated, methods = _fields_source()
    assert slots == list(State.__slots__), "engine/state_fields.py's __slots__ must be State's"
    assert sorted(annotated) == sorted(s for s in State.__slots__ if s != "__weakref__")
    missing = [m for m in methods if not hasattr(State, m)]
    assert methods and missing == []
    assert not any(hasattr(StateFields, m) for m in methods), "the declarations are the type checker's only"


def test_every_action_has_its_method_on_state() -> None:
    from splitpot.engine.betting import Action

    for action in Action:
        name = method_name(action)
        method = getattr(State, name)
        assert inspect.isfunction(method), name
        assert hasattr(State, f"verify_{name}") and hasattr(State, f"can_{name}"), name


def test_phase_is_one_class_under_both_names() -> None:
    assert StatePhase is Phase


def test_a_pickle_naming_the_old_home_of_phase_loads() -> None:
    old = pickle.dumps(Phase.BETTING, protocol=2).replace(b"splitpot.engine.phases", b"splitpot.engine.state")
    assert b"splitpot.engine.state\nPhase" in old
    assert pickle.loads(old) is Phase.BETTING
