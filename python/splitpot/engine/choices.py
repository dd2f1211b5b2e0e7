"""Turn-up decisions: a player turns one of his down cards face up (the rules, §5.8, §5.9).

Two games use them.  In Mexican stud, after each deal every player turns up
one of his down cards, all at once: like simultaneous declarations, each
choice is made in secret and the cards are turned together, so no player sees
another's choice before making his own.  In five-card stud's turn-up option,
before the last card each player in turn may turn up his hole card, and a
player who did gets his last card face down.  A street describes its decision
as data (:class:`TurnUp`); :class:`TurnUps` holds the choices of the street in
progress, and the engine's state moves the cards.

Readings: "in turn" starts at the dealer's left, as in-turn declarations do;
every player still in chooses, all-in players included (turning a card up is
not a bet).

>>> rule = TurnUp()  # Mexican stud: one of his down cards, all at once
>>> turns = TurnUps.start(rule, [2, 0, 1])
>>> turns.next_seat, turns.pending
(2, [2, 0, 1])
>>> turns.option([51, 6]).choices
('As', '3h')
>>> turns.record(0, (6,)); turns.pending
[2, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum, unique

from splitpot.cards import card_text
from splitpot.engine.betting import Action, Option
from splitpot.errors import IllegalActionError
from splitpot.validate import as_bool, as_choice

__all__ = ["ChoiceMode", "TurnUp", "TurnUps"]


@unique
class ChoiceMode(StrEnum):
    """How the players of a street make a decision."""

    IN_TURN = "in_turn"
    """One at a time from the dealer's left; each choice is seen at once."""
    SIMULTANEOUS = "simultaneous"
    """Each in secret; the choices are revealed together once everyone has chosen."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnUp:
    """A street's turn-up decision: each player still in turns one of his down
    cards face up.

    ``optional``: he may keep them all down (five-card stud's turn-up option);
    otherwise he must turn one up (Mexican stud).  ``before_deal``: the decision
    comes before the street's cards, and a player who turned a card up receives
    the street's upcards face down instead; otherwise it follows the street's
    cards (the new card is among those he may turn up).  ``mode``: in turn or
    simultaneous.

    >>> TurnUp(optional=True, before_deal=True, mode="in-turn").mode
    <ChoiceMode.IN_TURN: 'in_turn'>
    """

    optional: bool = False
    before_deal: bool = False
    mode: ChoiceMode = ChoiceMode.SIMULTANEOUS

    def __post_init__(self) -> None:
        object.__setattr__(self, "optional", as_bool(self.optional, "TurnUp: optional"))
        object.__setattr__(self, "before_deal", as_bool(self.before_deal, "TurnUp: before_deal"))
        object.__setattr__(self, "mode", as_choice(self.mode, ChoiceMode, "TurnUp: mode"))


_IN_TURN = ChoiceMode.IN_TURN  # an Enum member as a constant: attribute access on the class is slow
_MADE: dict[tuple[int, ...], tuple[Option]] = {}
"""Turn-up option lists already made, keyed by (optional, down cards...): options
are frozen values, handed out again rather than built at every decision of every hand."""


@dataclass(slots=True)
class TurnUps:
    """The turn-up choices of one street in progress: who still chooses and what
    each chose (secret until :meth:`done` in simultaneous mode)."""

    rule: TurnUp
    order: tuple[int, ...]
    chosen: dict[int, tuple[int, ...]] = field(default_factory=dict)
    left: list[int] = field(init=False)
    """The seats still to choose, in order (kept beside ``chosen``: asked at every choice)."""

    def __post_init__(self) -> None:
        chosen = self.chosen
        self.left = [s for s in self.order if s not in chosen] if chosen else list(self.order)

    @classmethod
    def start(cls, rule: TurnUp, seats: Sequence[int]) -> TurnUps:
        """Choices for ``seats`` (the players still in, dealer's left first)."""
        return cls(rule, tuple(seats))

    @property
    def pending(self) -> list[int]:
        """Seats that have not chosen yet, in order."""
        return list(self.left)

    @property
    def next_seat(self) -> int | None:
        """The first seat still to choose (the one to act in turn)."""
        left = self.left
        return left[0] if left else None

    @property
    def done(self) -> bool:
        """True once every seat has chosen."""
        return not self.left

    def option(self, down: Sequence[int]) -> Option:
        """The legal choice of a player holding ``down``: ``choices`` the cards he
        may turn up, ``amounts`` how many (0 where he may keep them down, or 1)."""
        return self.options(down)[0]

    def options(self, down: Sequence[int]) -> tuple[Option]:
        """:meth:`option` as the list of legal actions (the tuple itself remembered)."""
        key = (self.rule.optional, *down)
        options = _MADE.get(key)
        if options is None:
            if len(_MADE) > 4096:
                _MADE.clear()
            amounts = (0, 1) if self.rule.optional else (1,)
            options = _MADE[key] = (Option(Action.TURN_UP, amounts, tuple(map(card_text, down))),)
        return options

    def verify(self, seat: int, actor: int | None, down: Sequence[int], cards: Sequence[int]) -> None:
        """Raise :class:`IllegalActionError` unless ``seat`` may turn up ``cards``."""
        if seat not in self.left:
            raise IllegalActionError(
                f"Seat {seat} cannot turn up a card now; still to choose: {self.pending}."
            )
        if seat != actor and self.rule.mode is _IN_TURN:
            raise IllegalActionError(f"Turn-ups are in turn: seat {actor} chooses next.")
        if len(cards) > 1 or (not cards and not self.rule.optional):
            held = " or ".join(card_text(c) for c in down)
            what = f"turn up one of his down cards ({held})"
            if self.rule.optional:
                what = f"turn up one of his down cards ({held}) or none"
            raise IllegalActionError(f"Seat {seat} must {what}, not {len(cards)}.")
        if cards and cards[0] not in down:
            held = " or ".join(card_text(c) for c in down)
            raise IllegalActionError(
                f"Seat {seat} does not hold {card_text(cards[0])} face down; his down cards: {held}."
            )

    def record(self, seat: int, cards: tuple[int, ...]) -> None:
        """Keep ``seat``'s (verified) choice."""
        self.chosen[seat] = cards
        self.left.remove(seat)

    def turned(self) -> list[tuple[int, int]]:
        """(seat, card) for every card turned up, in seat order."""
        return [(s, self.chosen[s][0]) for s in self.order if self.chosen.get(s)]

    def snapshot(self) -> tuple[object, ...]:
        """A value that changes whenever a choice is made."""
        return (self.rule, self.order, tuple(sorted(self.chosen.items())))
