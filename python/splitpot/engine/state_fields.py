"""What every module of :class:`~splitpot.engine.state.State`'s actions may read: the
attributes of a State and the steps that one module calls in another, declared once for the
type checker in :class:`StateFields`, the base of the mixins that hold the actions
(:mod:`~splitpot.engine.dealer_steps`, :mod:`~splitpot.engine.betting_actions`,
:mod:`~splitpot.engine.draw_actions`, :mod:`~splitpot.engine.exposed_cards`,
:mod:`~splitpot.engine.opening`, :mod:`~splitpot.engine.declaring`,
:mod:`~splitpot.engine.turning_up`).  At run time it holds nothing: State (state.py)
defines every attribute in its ``__slots__`` and every step.

>>> from splitpot.engine.state import State
>>> StateFields.__slots__, issubclass(State, StateFields), "fold" in dir(StateFields)
((), True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, SupportsIndex

if TYPE_CHECKING:
    from splitpot.dealers_choice import Call
    from splitpot.engine import events as ev
    from splitpot.engine.betting import Action, Option, Round
    from splitpot.engine.choices import TurnUp, TurnUps
    from splitpot.engine.declare import Declaration
    from splitpot.engine.draws import Decks
    from splitpot.engine.paid_draws import DrawTurns, PaidDraws
    from splitpot.engine.phases import Phase
    from splitpot.engine.spec import GameSpec, Street, Wilds

__all__: list[str] = []


class StateFields:
    """The base of State's mixins: for the type checker, State's attributes (its slots,
    with their types) and the steps the mixins call across modules; nothing at run time."""

    if TYPE_CHECKING:
        # The type checker checks every assignment in the mixins against these slots; at run
        # time the slots are State's own (state.py); tests/engine/test_state_modules.py checks that
        # the two lists agree.
        __slots__ = (
            "__weakref__", "_active", "_blinds", "_dealt_active", "_dealt_folded", "_deck", "_deck_fits",
            "_decks", "_exposable", "_exposable_drawn", "_face_down", "_legal", "_may_open", "_mucked_by",
            "_next", "_order", "_owed", "_paying", "_pool", "_resume", "_rings", "_turning", "actor",
            "automate", "button", "committed", "community", "deal", "deck_order", "declared", "down", "drawn",
            "events", "folded",
            "game", "game_call", "in_hand", "opener", "opening_hand", "phase", "round", "seats", "spec",
            "stacks", "starting_stacks", "street", "up",
        )
    else:
        __slots__ = ()

    if TYPE_CHECKING:
        spec: GameSpec
        game_call: Call | None
        seats: int
        button: int
        automate: bool
        starting_stacks: tuple[int, ...]
        stacks: list[int]
        committed: list[int]
        in_hand: list[bool]
        folded: list[bool]
        down: list[list[int]]
        up: list[list[int]]
        community: list[int]
        deck_order: tuple[int, ...]
        street: int
        phase: Phase
        actor: int | None
        round: Round | None
        declared: dict[int, Declaration]
        drawn: set[int]
        events: list[ev.Event]
        game: GameSpec
        deal: int
        opener: int | None
        opening_hand: tuple[int, ...]
        _decks: Decks
        _deck: list[int]
        _next: int
        _blinds: list[tuple[int, int]]
        _rings: tuple[tuple[int, ...], ...]
        _order: list[int]
        _active: list[int]
        _dealt_folded: tuple[bool, ...]
        _dealt_active: tuple[int, ...]
        _legal: tuple[Option, ...] | None
        _turning: TurnUps | None
        _face_down: frozenset[int] | None
        _paying: DrawTurns | None
        _may_open: dict[int, bool]
        _pool: list[int]
        _mucked_by: dict[int, int]
        _exposable: set[int]
        _exposable_drawn: set[int]
        _owed: dict[int, int]
        _resume: tuple[Phase, int | None, int] | None
        _deck_fits: tuple[int, tuple[Street, ...]] | None

        def _actors(self) -> list[int]: ...

        def _after(self) -> None: ...

        def _after_passed_out(self) -> ev.Event: ...

        @staticmethod
        def _amount(action: Action, amount: object) -> int | None: ...

        def _begin_paid_draws(self, rule: PaidDraws) -> None: ...

        def _begin_turn_up(self, rule: TurnUp) -> None: ...

        def _can(self, action: Action, amount: SupportsIndex | None = None) -> bool: ...

        def _check_deck(self) -> None: ...

        def _describe_legal(self) -> str: ...

        def _end_round(self) -> None: ...

        def _held(self, seat: int) -> list[int]: ...

        def _log(self, event: ev.Event) -> ev.Event: ...

        def _move(self, seat: int, amount: int) -> None: ...

        def _not_now(self, options: bool = False) -> str: ...

        def _open(self, seat: int) -> None: ...

        def _passes_out(self) -> bool: ...

        def _refused(self, doing: str, seat: int | None) -> str: ...

        def _seat(self, seat: object) -> int: ...

        def _serve(self, count: int, seat: int) -> list[int]: ...

        def _serve_owed(self) -> None: ...

        def _showdown(self) -> ev.Event: ...

        def _start_betting(self) -> None: ...

        def _take(self, count: int) -> list[int]: ...

        def _verify(self, action: Action, amount: object = None) -> tuple[int, int]: ...

        def _wilds_for(self, seat: int) -> Wilds: ...

        @property
        def cards_left(self) -> int: ...

        @property
        def is_complete(self) -> bool: ...

        @property
        def pot(self) -> int: ...
