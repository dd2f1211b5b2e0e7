"""Where a hand stands: the :class:`Phase` of a :class:`~splitpot.engine.state.State`.

Dealer phases have no actor (:meth:`State.advance <splitpot.engine.state.State.advance>`
performs their step); in every other phase a player acts.  Also importable from
:mod:`splitpot.engine.state` and :mod:`splitpot.engine`.

>>> Phase("bring_in"), str(Phase.TURNING_UP)
(<Phase.BRING_IN: 'bring_in'>, 'turning_up')
"""

from __future__ import annotations

from enum import StrEnum, unique

__all__ = ["Phase"]


@unique
class Phase(StrEnum):
    """Where a hand stands; dealer phases have no actor."""

    FORCED_BETS = "forced_bets"
    """Dealer: antes and blinds are posted."""
    DEALING = "dealing"
    """Dealer: the current street's cards are dealt (burn first if the street says so)."""
    BRING_IN = "bring_in"
    """Player: the lowest upcard posts the bring-in or completes."""
    BETTING = "betting"
    """Player: a betting round is under way."""
    DRAWING = "drawing"
    """Player: each player in turn discards and draws."""
    DECLARING = "declaring"
    """Player: each player still in declares high, low or both."""
    SHOWDOWN = "showdown"
    """Dealer: hands are shown and the pots awarded."""
    COMPLETE = "complete"
    """The hand is over; chips are back in the stacks."""
    TURNING_UP = "turning_up"
    """Player: each player still in turns one of his down cards face up (or, where
    the game allows, keeps them down); in turn or all at once."""
    PASSED_OUT = "passed_out"
    """Dealer: nobody opened; the same hands are played as the next game (jacks
    back), or everyone antes again and the same dealer deals again."""
    EXPOSED = "exposed"
    """Player: a player keeps or refuses a card the dealer exposed before the draw."""
