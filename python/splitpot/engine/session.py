"""Consecutive hands at one table: stacks carry over, the button moves left.

>>> from splitpot.games import get_game
>>> from splitpot.bots import SimpleBot
>>> session = Session(get_game("seven-card-stud"), [100, 100, 100], seed=1)
>>> hands = session.play(3, SimpleBot(seed=1))
>>> [h.button for h in hands], sum(session.stacks)
([0, 1, 2], 300)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from splitpot.engine.spec import GameSpec
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, IllegalActionError, RuleError
from splitpot.validate import as_int, as_ints, as_optional_int, describe

if TYPE_CHECKING:
    from splitpot.dealers_choice import Call

__all__ = ["Session"]


def _next_button(stacks: Sequence[int], button: int) -> int:
    """The next seat left of ``button`` that has chips (``button`` if none)."""
    seats = len(stacks)
    for i in range(1, seats + 1):
        seat = (button + i) % seats
        if stacks[seat] > 0:
            return seat
    return button


class Session:
    """A table playing hand after hand of one game.

    Each hand gets its own seed drawn from ``seed``; seats that run out of
    chips sit out; after each deal the button moves to the next seat left
    that still has chips.
    """

    def __init__(
        self, spec: GameSpec, stacks: Sequence[int], *, button: int = 0, seed: int | None = None
    ) -> None:
        if not isinstance(spec, GameSpec):
            raise ArgumentTypeError(f"spec must be a GameSpec (see get_game), got {describe(spec)}.")
        self.spec = spec
        self._setup(stacks, button=button, seed=seed)

    def _setup(self, stacks: Sequence[int], *, button: int, seed: int | None) -> None:
        """The table: stacks, the button, the hands so far, the seeds' source."""
        self.stacks: list[int] = list(as_ints(stacks, "stacks", low=0))
        self.button = as_int(button, "button", low=0, high=max(len(self.stacks) - 1, 0))
        self.hands: list[State] = []
        self._rng = random.Random(as_optional_int(seed, "seed"))

    @property
    def can_continue(self) -> bool:
        """Whether enough players have chips for another hand."""
        return sum(1 for s in self.stacks if s > 0) >= self._fewest_players

    @property
    def _fewest_players(self) -> int:
        """The fewest players with chips that another hand needs."""
        return self.spec.min_players

    def new_hand(self, *, deck: Sequence[int] | None = None) -> State:
        """Start the next hand (the previous one must be complete)."""
        self.stacks, self.button = self._next_table()
        return self._start(self.spec, deck=deck)

    def _next_table(self) -> tuple[list[int], int]:
        """The stacks and the button of the next hand (the previous one must be
        complete); the session's own stacks and button are left as they are."""
        if self.hands and not self.hands[-1].is_complete:
            raise IllegalActionError("Finish the current hand before starting the next one.")
        stacks, button = list(self.stacks), self.button
        if self.hands:
            stacks = list(self.hands[-1].stacks)
            button = _next_button(stacks, button)
        if sum(1 for s in stacks if s > 0) < self._fewest_players:
            raise RuleError("Too few players have chips for another hand; the session is over.")
        if stacks[button] == 0:
            button = _next_button(stacks, button)
        return stacks, button

    def _start(self, spec: GameSpec, *, deck: Sequence[int] | None, call: Call | None = None) -> State:
        """Deal the next hand of ``spec`` at the session's stacks and button."""
        seed = None if deck is not None else self._rng.randrange(2**63)
        state = State(spec, self.stacks, button=self.button, seed=seed, deck=deck, game_call=call)
        self.hands.append(state)
        return state

    def play(self, hands: int, policy: Callable[[State], object]) -> list[State]:
        """Play up to ``hands`` complete hands, calling ``policy(state)`` for every
        player decision; stop early when the table breaks up.  A policy that
        returns without acting raises :class:`IllegalActionError` (it would loop
        for ever).

        >>> from splitpot.games import get_game
        >>> session = Session(get_game("seven-card-stud"), [100, 100], seed=1)
        >>> session.play(1, lambda state: None)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        splitpot.errors.IllegalActionError: Session.play: the policy returned without acting; seat ...
        """
        hands = as_int(hands, "hands", low=0)
        if not callable(policy):
            raise ArgumentTypeError(f"policy must be a callable taking the State, got {describe(policy)}.")
        if isinstance(policy, type):  # SimpleBot, not SimpleBot(): the class would be built with the State
            raise ArgumentTypeError(
                f"policy must be a bot, not the class {policy.__name__}: give {policy.__name__}(seed=...)"
            )
        played: list[State] = []
        for _ in range(hands):
            if self.hands and self.hands[-1].is_complete:
                self.stacks = list(self.hands[-1].stacks)
            if not self.can_continue:
                break
            state = self.new_hand()
            while not state.is_complete:
                before = len(state.events)
                policy(state)
                if len(state.events) == before:
                    raise IllegalActionError(
                        f"Session.play: the policy returned without acting; seat {state.actor} must act "
                        f"(legal: {state._describe_legal()})."
                    )
            played.append(state)
        if self.hands:
            self.stacks = list(self.hands[-1].stacks)
        return played
