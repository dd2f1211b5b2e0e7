"""Property: an illegal action leaves the state exactly as it was, in every game.

Hypothesis plays random hands of every registered game; before each legal move
it tries a batch of illegal ones of every kind the engine has (fold, check,
call, bet, raise, complete, bring-in, draw / stand pat / draw as asked / draw
with named cards, declare, turn up, the dealer's expose and the player's keep or
refuse, the dealer steps) and checks that each raises a specific splitpot error
(a ``ValueError`` or ``TypeError`` subclass, never the bare base) and leaves
*every* attribute of the state as it was, recursively: not just
:meth:`State.snapshot` but the deck scripts, the generator behind future
shuffles, the seating rings, the caches.  ``can_x`` agrees (False) and changes
nothing either.  Chips are conserved after every move.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from dataclasses import is_dataclass
from enum import Enum
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, IllegalActionError, SplitpotError
from splitpot.games import GAMES, get_game

from .test_random_play import OPTIONS, take

_ATOMS = (int, str, float, bool, type(None), Enum, bytes)
MEMOS = frozenset({"_legal", "_may_open", "_deck_fits"})
"""State's memos of values computed from the rest (the legal actions, who holds
openers, a deck length known to suffice): filled by any question, as the public
``legal_actions()`` and ``may_open()`` fill them, so left out of the comparison."""


def full_state(obj: object, _seen: frozenset[int] = frozenset()) -> object:
    """Every attribute of ``obj``, recursively, as comparable plain values."""
    if isinstance(obj, _ATOMS) or (is_dataclass(obj) and obj.__dataclass_params__.frozen):  # type: ignore[union-attr]
        return obj  # events, specs: frozen, compared by value
    if id(obj) in _seen:
        return ("<cycle>", type(obj).__name__)
    seen = _seen | {id(obj)}
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, tuple(full_state(x, seen) for x in obj))
    if isinstance(obj, (set, frozenset)):
        return (type(obj).__name__, tuple(sorted((full_state(x, seen) for x in obj), key=repr)))
    if isinstance(obj, dict):
        return ("dict", tuple((full_state(k, seen), full_state(v, seen)) for k, v in obj.items()))
    if isinstance(obj, bytearray):
        return ("bytearray", bytes(obj))
    if isinstance(obj, random.Random):
        return ("Random", obj.getstate())
    if isinstance(obj, partial):
        return ("partial", obj.func, full_state(obj.args, seen), full_state(obj.keywords, seen))
    if callable(obj) and not hasattr(obj, "__slots__") and not hasattr(obj, "__dict__"):
        return obj  # a builtin function: compared by identity
    names: list[str] = []
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else [s for s in slots if s != "__weakref__"]
    fields = {n: getattr(obj, n) for n in names if hasattr(obj, n) and n not in MEMOS}
    fields.update(getattr(obj, "__dict__", {}))
    return (type(obj).__name__, tuple((n, full_state(v, seen)) for n, v in sorted(fields.items())))


def _no_arg(state: State, name: str) -> Callable[[], object]:
    return getattr(state, name)  # type: ignore[no-any-return]


def illegal_attempts(
    state: State, rng: random.Random
) -> list[tuple[str, Callable[[], object], Callable[[], bool]]]:
    """(label, attempt, can-check) for moves that must be refused now: for each
    kind of action, the call itself where it is not legal, or a wrong amount,
    card, choice or seat where it is."""
    legal = {o.action: o for o in state.legal_actions()}
    out: list[tuple[str, Callable[[], object], Callable[[], bool]]] = []
    for action, name in (
        (Action.FOLD, "fold"),
        (Action.CHECK, "check"),
        (Action.CALL, "call"),
        (Action.BRING_IN, "bring_in"),
        (Action.KEEP, "keep_exposed"),
        (Action.REFUSE, "refuse_exposed"),
    ):
        if action not in legal:
            out.append((name, _no_arg(state, name), getattr(state, f"can_{name}")))
    for action, name in ((Action.BET, "bet"), (Action.RAISE, "raise_to"), (Action.COMPLETE, "complete")):
        do, can = getattr(state, name), getattr(state, f"can_{name}")
        if action not in legal:
            out.append((name, do, can))
            amount = rng.choice([1, 2, 5, 10, 100])
            out.append((f"{name}({amount})", partial(do, amount), partial(can, amount)))
            continue
        amounts = legal[action].amounts
        for wrong in {min(amounts) - 1, max(amounts) + 1, 0, -3, 10**30}:
            if wrong not in amounts:
                out.append((f"{name}({wrong})", partial(do, wrong), partial(can, wrong)))
    # draw: stand pat, a draw, a draw as asked, a draw with named cards
    actor = state.actor
    held = state.cards(actor) if actor is not None else []
    everyone = {c for s in range(state.seats) for c in state.cards(s)}
    not_held = [c for c in range(52) if c not in held]
    if Action.DRAW not in legal:
        out.append(("stand pat", state.draw, state.can_draw))
        if held:
            out.append(("draw", partial(state.draw, held[:1]), partial(state.can_draw, held[:1])))
    else:
        most = legal[Action.DRAW].amounts[0]
        out.append(
            ("draw a card not held", partial(state.draw, not_held[:1]), partial(state.can_draw, not_held[:1]))
        )
        out.append(
            ("draw a card twice", partial(state.draw, held[:1] * 2), partial(state.can_draw, held[:1] * 2))
        )
        out.append(("draw text", partial(state.draw, ["Zz"]), partial(state.can_draw, ["Zz"])))
        if len(held) > most:
            many = held[: most + 1]
            out.append((f"draw {len(many)}", partial(state.draw, many), partial(state.can_draw, many)))
        for asked in (-1, most + 1, 60):
            out.append(
                (
                    f"draw asked={asked}",
                    partial(state.draw, (), asked=asked),
                    partial(state.can_draw, (), asked=asked),
                )
            )
        if held:  # named cards: one already in someone's hand, or one too many
            taken = sorted(everyone)[:1]
            out.append(
                (
                    "draw served a held card",
                    partial(state.draw, held[:1], served=taken),
                    partial(state.can_draw, held[:1], served=taken),
                )
            )
            two = [c for c in range(52) if c not in everyone][:2]
            out.append(
                (
                    "draw served too many",
                    partial(state.draw, held[:1], served=two),
                    partial(state.can_draw, held[:1], served=two),
                )
            )
    # declare
    if Action.DECLARE not in legal:
        for choice in ("high", "low", "both"):
            out.append(
                (f"declare {choice}", partial(state.declare, choice), partial(state.can_declare, choice))
            )
    else:
        choices = legal[Action.DECLARE].choices
        for choice in ("sideways", *(c for c in ("high", "low", "both") if c not in choices)):
            out.append(
                (f"declare {choice}", partial(state.declare, choice), partial(state.can_declare, choice))
            )
        for seat in (
            state.seats,
            -1,
            *(s for s in range(state.seats) if state.folded[s] or s in state.declared),
        ):
            out.append(
                (
                    f"declare seat {seat}",
                    partial(state.declare, choices[0], seat=seat),
                    partial(state.can_declare, choices[0], seat=seat),
                )
            )
    # turn up
    if Action.TURN_UP not in legal:
        out.append(("turn up", state.turn_up, state.can_turn_up))
    else:
        choosers = state.turn_up_choosers
        seat = choosers[0]
        down = state.turn_up_option(seat).choices
        wrong = next(c for c in range(52) if ev.card_text(c) not in down)
        out.append(
            (
                "turn up a card not down",
                partial(state.turn_up, [wrong], seat=seat),
                partial(state.can_turn_up, [wrong], seat=seat),
            )
        )
        out.append(
            (
                "turn up two",
                partial(state.turn_up, [*down[:2], wrong], seat=seat),
                partial(state.can_turn_up, [*down[:2], wrong], seat=seat),
            )
        )
        for other in range(state.seats):
            if other not in choosers:
                out.append(
                    (
                        f"turn up seat {other}",
                        partial(state.turn_up, (), seat=other),
                        partial(state.can_turn_up, (), seat=other),
                    )
                )
                break
    # the dealer: expose a card he may not, step the deal while a player is to act
    refused = next((c for c in rng.sample(range(53), 53) if not state.can_expose(c)), None)
    if refused is not None:
        out.append((f"expose {refused}", partial(state.expose, refused), partial(state.can_expose, refused)))
    if state.actor is not None:
        out.append(("advance", state.advance, lambda: False))
    out.append(("deal street", state.deal_street, state.can_deal_street))
    return out


def check_refused(state: State, attempts: list[tuple[str, Callable[[], object], Callable[[], bool]]]) -> None:
    """Each attempt: ``can_x`` says no, the call raises a specific splitpot error, and
    nothing in the state changed, not even its pickle's bytes (the memos stay out of it)."""
    before = full_state(state)
    pickled = pickle.dumps(state)
    for label, attempt, can in attempts:
        assert not can(), f"{label}: can_x said yes"
        assert full_state(state) == before, f"{label}: can_x changed the state"
        with pytest.raises(SplitpotError) as info:
            attempt()
        assert type(info.value) is not SplitpotError, f"{label}: the bare base class"
        assert isinstance(info.value, (ValueError, TypeError)), f"{label}: {type(info.value)}"
        if isinstance(info.value, TypeError):
            assert isinstance(info.value, ArgumentTypeError)
        assert full_state(state) == before, f"{label} ({info.value}) changed the state"
        assert pickle.dumps(state) == pickled, f"{label} ({info.value}) changed the pickle"


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.integers(0, 3), seats=st.integers(2, 8))
def test_illegal_actions_change_nothing(game: str, seed: int, variant: int, seats: int) -> None:
    """Before every move of a random hand, every illegal attempt of every kind."""
    options = OPTIONS[game][variant % len(OPTIONS[game])]
    spec = get_game(game, **options)
    seats = min(max(seats, spec.min_players), spec.max_players)
    rng = random.Random(seed)
    stacks = [rng.choice([3, 12, 40, 200]) for _ in range(seats)]
    state = State(spec, stacks, button=seed % seats, seed=seed)
    total = sum(stacks)
    for _ in range(2000):  # passed-out jackpots deal again
        if state.is_complete:
            break
        check_refused(state, illegal_attempts(state, rng))
        take(state, rng)
        assert sum(state.stacks) + state.pot == total
        assert min(state.stacks) >= 0
    check_refused(state, illegal_attempts(state, rng))  # after the end: everything refused
    assert state.is_complete and sum(state.stacks) == total


def test_a_refused_opening_bet_leaves_the_pickle_as_it_was() -> None:
    """Was: a bet refused in jackpots noted who holds openers in the deal's memo
    (``State._may_open``), so the pickle before and after differed though nothing
    else did.  The memos a question fills are left out of the pickle."""
    state = State(get_game("jackpots"), [50] * 6, seed=0)
    while not state.can_bet():
        state.check()
    state.bet()  # seat 5 opens; seat 0, without openers, is next
    assert state.actor == 0 and not state.may_open(0)
    state._may_open.clear()  # as a state restored from a pickle has it
    state.legal_actions()
    before = pickle.dumps(state)
    with pytest.raises(IllegalActionError, match="cannot bet now"):
        state.bet()
    assert pickle.dumps(state) == before
    restored = pickle.loads(before)
    assert restored.legal_actions() == state.legal_actions() and restored.may_open(0) == state.may_open(0)
