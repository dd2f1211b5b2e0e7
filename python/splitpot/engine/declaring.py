"""Declarations in a :class:`~splitpot.engine.state.State` of a high-low game that
declares: :meth:`~splitpot.engine.state.State.declare` (with ``verify_declare`` and
``can_declare``), in turn or all at once.  What a declaration is and how it splits the pot
are :mod:`splitpot.engine.declare`'s.

``Declaring``, defined here, is a base of State: State inherits these methods from it (they
are documented on :class:`~splitpot.engine.state.State`); call them on a State.

>>> from splitpot.engine.state import State
>>> from splitpot.games import get_game
>>> state = State(get_game("seven-card-stud-declare"), [40, 40], seed=1)
>>> state.can_declare("high")  # not before the last betting round ends
False
"""

from __future__ import annotations

from typing import SupportsIndex

from splitpot.engine import events as ev
from splitpot.engine.declare import MARKERS, Declaration
from splitpot.engine.phases import Phase
from splitpot.engine.spec import DeclareMode
from splitpot.engine.state_fields import StateFields
from splitpot.errors import IllegalActionError, IllegalActionTypeError
from splitpot.validate import as_int, describe

__all__: list[str] = []  # State's methods: documented there

_DECLARING = Phase.DECLARING
_SHOWDOWN = Phase.SHOWDOWN


class Declaring(StateFields):
    """Declarations in a high-low game that declares: a base of
    :class:`~splitpot.engine.state.State`, which documents its methods."""

    __slots__ = ()

    def verify_declare(
        self, choice: Declaration | str, *, seat: SupportsIndex | None = None
    ) -> tuple[int, Declaration]:
        """Raise unless ``seat`` (default: the actor) may declare ``choice``
        (``high``, ``low``, ``both``, or a marker ``red``/``white``/``blue``).
        In simultaneous mode any player who has not declared may declare."""
        if not isinstance(choice, str):
            raise IllegalActionTypeError(
                "A declaration is 'high', 'low' or 'both' (markers red, white, blue), "
                f"got {describe(choice)}."
            )
        if seat is not None:
            seat = as_int(seat, "seat", low=0, high=self.seats - 1, error=IllegalActionError,
                          type_error=IllegalActionTypeError)
        if self.phase is not _DECLARING:
            raise IllegalActionError(self._refused("declare", seat))
        text = choice.strip().lower()
        if text not in MARKERS and text not in {d.value for d in Declaration}:
            raise IllegalActionError(
                f"Unknown declaration {choice!r}; declare high, low or both (markers red, white, blue)."
            )
        decl = MARKERS.get(text) or Declaration(text)
        if decl is Declaration.BOTH and not self.spec.declare_both:
            raise IllegalActionError(
                f"{self.spec.name} declares high or low only ({self.spec.declare} without both)."
            )
        who = self.actor if seat is None else seat
        assert who is not None
        if self.spec.declare is DeclareMode.IN_TURN and who != self.actor:
            raise IllegalActionError(f"Declarations are in turn: seat {self.actor} declares next.")
        if who not in self._active or who in self.declared:
            raise IllegalActionError(
                f"Seat {who} cannot declare; undeclared players: {self._undeclared()}."
            )
        return who, decl

    def can_declare(self, choice: Declaration | str, *, seat: SupportsIndex | None = None) -> bool:
        """Whether the declaration is legal."""
        try:
            self.verify_declare(choice, seat=seat)
        except IllegalActionError:
            return False
        return True

    def declare(self, choice: Declaration | str, *, seat: SupportsIndex | None = None) -> ev.Event:
        """Declare ``high``, ``low`` or ``both`` for ``seat`` (default: the actor)."""
        who, decl = self.verify_declare(choice, seat=seat)
        self.declared[who] = decl
        event = self._log(ev.Declared(seat=who, choice=str(decl)))
        rest = self._undeclared()
        if rest:
            self.actor = rest[0]
        else:
            self.actor = None
            if self.spec.declare is DeclareMode.SIMULTANEOUS:
                choices = tuple((s, str(self.declared[s])) for s in self._active)
                self._log(ev.DeclarationsRevealed(choices=choices))
            self.phase = _SHOWDOWN
        self._after()
        return event

    @property
    def still_to_declare(self) -> list[int]:
        """Seats that may declare now, from the dealer's left: the actor when
        declarations are in turn, every player in the hand who has not declared when
        they are simultaneous (empty outside the declaring).  A server asks each of
        them at once; a declaration already made stays secret until all are in.

        >>> from splitpot.engine.state import State
        >>> from splitpot.games import get_game
        >>> state = State(get_game("seven-card-stud-declare"), [40, 40, 40], seed=1)
        >>> while str(state.phase) != "declaring":
        ...     _ = state.bring_in() if state.can_bring_in() else (
        ...         state.check() if state.can_check() else state.call())
        >>> state.still_to_declare             # the button is seat 0
        [1, 2, 0]
        >>> _ = state.declare("low", seat=2)
        >>> state.still_to_declare
        [1, 0]
        """
        if self.phase is not _DECLARING:
            return []
        if self.spec.declare is DeclareMode.IN_TURN:
            return [self.actor] if self.actor is not None else []
        return self._undeclared()

    def _undeclared(self) -> list[int]:
        return [s for s in self._active if s not in self.declared]
