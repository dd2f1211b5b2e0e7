"""The draws of a :class:`~splitpot.engine.state.State`: the draw itself
(:meth:`~splitpot.engine.state.State.draw`, with ``verify_draw`` and ``can_draw``; cards
served as asked, or named with ``served=``), paid draws (aces-deuces: one card a turn for a
fee), serving from the stub and the new stub made when it runs short, the cards owed for
cards exposed in the draw, and dead hands.  The rules themselves (how many cards, the ace
draw, the stub's capacity, exposed-card rulings) are :mod:`splitpot.engine.draws`' and
:mod:`splitpot.engine.paid_draws`'.

``DrawActions``, defined here, is a base of State: State inherits these methods from it (they
are documented on :class:`~splitpot.engine.state.State`); call them on a State.

>>> from splitpot.engine.state import State
>>> from splitpot.games import get_game
>>> state = State(get_game("jackpots"), [30, 30], seed=2)
>>> _ = state.check(), state.check()  # nobody opens: the deal is passed out and dealt again
>>> state.deal, state.can_draw()
(2, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, SupportsIndex, cast

from splitpot.cards import Card, parse_cards
from splitpot.engine import dealing, draws
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.paid_draws import DrawTurns, PaidDraws
from splitpot.engine.phases import Phase
from splitpot.engine.state_fields import StateFields
from splitpot.errors import CardError, CardTypeError, IllegalActionError, IllegalActionTypeError
from splitpot.validate import as_int, counted, describe

if TYPE_CHECKING:
    from splitpot.engine.state import State  # the only class built on these mixins

__all__: list[str] = []  # State's methods: documented there

_DRAWING = Phase.DRAWING
_A_DRAW = Action.DRAW
_DREW = ev.maker(ev.Drew)  # every draw's event, built positionally (ev.maker: no keyword call)


def _discards(discards: object) -> list[int]:
    """Discards as ints: card text or an iterable of cards; a card problem is an
    illegal draw (IllegalActionError), a wrong type an IllegalActionTypeError."""
    if type(discards) is list and (not discards or (  # standing pat, the commonest draw, first
        all(type(c) is int and 0 <= c <= 52 for c in discards) and len(set(discards)) == len(discards)
    )):
        return list(discards)  # ints, no duplicate: nothing to parse
    if not isinstance(discards, str) and (
        isinstance(discards, (bytes, bytearray)) or not isinstance(discards, Iterable)
    ):
        raise IllegalActionTypeError(f"Discards must be cards (text or a list), got {describe(discards)}.")
    try:
        return [int(c) for c in parse_cards(discards)]
    except CardTypeError as err:
        raise IllegalActionTypeError(f"Cannot draw: {err}.") from None
    except CardError as err:
        raise IllegalActionError(f"Cannot draw: {err}.") from None


class DrawActions(StateFields):
    """The draws of a State: the draw, paid draws, serving from the stub, dead hands: a base of
    :class:`~splitpot.engine.state.State`, which documents its methods."""

    __slots__ = ()

    def verify_draw(
        self, discards: Iterable[Card | int | str] | str = (), *, asked: SupportsIndex | None = None,
        served: dealing.CardsInput | None = None,
    ) -> tuple[int, list[int]]:
        """Raise unless the actor may discard ``discards`` (cards he holds, at
        most the street's draw, or the draw rules' ``ace_draw`` when he keeps an
        ace) and be served ``asked`` cards (default: as many as he discards; a
        different number only where the game serves what a player asks for),
        and, if ``served`` names them, be served those cards (see :meth:`draw`);
        return (actor, discards as ints)."""
        if served is not None:
            return self._plan_served(discards, asked, served)[:2]
        cards = _discards(discards)
        seat, offered = self._verify(_A_DRAW)  # offered: the most this draw may take (legal_actions)
        down, up = self.down[seat], self.up[seat]
        missing = [ev.card_text(c) for c in cards if c not in down and c not in up]
        if missing:
            held = " ".join(ev.card_text(c) for c in (*down, *up))
            raise IllegalActionError(f"Seat {seat} does not hold {', '.join(missing)}; he holds {held} "
                                     "(discards name cards, not their positions).")
        rules = self.spec.draws
        count = len(cards) if asked is None else as_int(
            asked, "asked", low=0, error=IllegalActionError, type_error=IllegalActionTypeError
        )
        if count != len(cards) and (rules is None or not rules.as_asked):
            raise IllegalActionError(
                f"Seat {seat} is served as many cards as he discards ({len(cards)}), not {count}: "
                f"{self.spec.name} serves a different number only with DrawRules(as_asked=True)."
            )
        limit = self.spec.streets[self.street].draw
        wanted = count if count > len(cards) else len(cards)  # not max(): every draw
        # The offer is min(limit or more keeping an ace, the stub's room): a draw within it and
        # within the street's own limit passes both checks below, so they are skipped.
        if wanted > limit or wanted > offered:
            if rules is not None and rules.ace_draw is not None:
                limit = rules.most(limit, [c for c in down + up if c not in cards])
            if wanted > limit:
                more = f" ({rules.ace_draw} keeping an ace)" if rules is not None and rules.ace_draw else ""
                raise IllegalActionError(
                    f"Seat {seat} may draw at most {counted(limit, 'card')}{more}, not {wanted}."
                )
            most = self._stub_room(seat)
            if count > most:
                raise IllegalActionError(
                    f"The stub cannot serve {counted(count, 'card')} now, at most {most} (a "
                    "stub's last card is never "
                    f"dealt); draw fewer."
                )
        if self._paying is not None:  # paid draws: one card a turn, the fee affordable
            self._paying.verify(seat, cards, self.stacks[seat])
        return seat, cards

    def can_draw(
        self, discards: Iterable[Card | int | str] | str = (), *, asked: SupportsIndex | None = None,
        served: dealing.CardsInput | None = None,
    ) -> bool:
        """Whether the actor may make this draw."""
        try:
            self.verify_draw(discards, asked=asked, served=served)
        except IllegalActionError:
            return False
        return True

    def draw(
        self, discards: Iterable[Card | int | str] | str = (), *, asked: SupportsIndex | None = None,
        served: dealing.CardsInput | None = None,
    ) -> ev.Event:
        """The actor discards ``discards`` and receives as many cards (a down card
        for a down card, an up card for an up card), or ``asked`` cards where the
        game serves what a player asks for; no cards: stands pat.  Served from the
        stub, never its last card (the stub is reshuffled when it runs short).

        ``served`` names the cards he receives, in order (a recorded hand, a live
        table): each must still be in the stub, or, once it runs short, in the new
        stub (see :func:`splitpot.engine.dealing.plan_serves`); refused with
        :class:`IllegalActionError`, nothing changed.

        >>> from splitpot.engine.state import State
        >>> from splitpot.games import get_game
        >>> state = State(get_game("jackpots"), [30, 30], seed=2, automate=False)
        >>> state.can_draw(served="Ah")  # not now: the deal comes first
        False
        """
        if served is not None:
            seat, cards, plan = self._plan_served(discards, asked, served)
            dealing.stack(cast("State", self), plan)
        else:
            seat, cards = self.verify_draw(discards, asked=asked)
        count = len(cards) if asked is None else int(asked)
        received = self._serve(count, seat) if count else []
        down, up = self.down[seat], self.up[seat]
        if count == len(cards):
            for old, new in zip(cards, received, strict=True):
                pile = down if old in down else up
                pile[pile.index(old)] = new
        else:  # served as asked: a hand of another size than five is dead at showdown
            for old in cards:
                (down if old in down else up).remove(old)
            down.extend(received)
        event = self._log(_DREW(seat, tuple(cards), tuple(received)))
        self._pool.extend(cards)  # his discards may make a later stub, never his own
        for card in cards:
            self._mucked_by[card] = seat
        if self._exposable:
            self._exposable = set()  # the draw has begun: the deal's exposures are settled
        if received:
            self._exposable_drawn.update(received)
        if self._paying is not None:  # paid draws: the fee, then the next turn round and round
            return self._paid_draw_made(seat, bool(received), event)
        self.drawn.add(seat)
        rest = [s for s in self._active if s not in self.drawn]
        if rest:  # drawing goes on: no dealer step, and _log has dropped the legal actions
            self.actor = rest[0]
            return event
        self.actor = None
        if self._owed:
            self._serve_owed()
        self._start_betting()
        self._after()
        return event

    def _plan_served(
        self, discards: Iterable[Card | int | str] | str, asked: SupportsIndex | None,
        served: dealing.CardsInput,
    ) -> tuple[int, list[int], dealing.ServePlan]:
        """verify_draw, then the plan serving him the named cards."""
        seat, cards = self.verify_draw(discards, asked=asked)
        count = len(cards) if asked is None else int(asked)
        named = dealing.as_cards(served, "the cards served")
        if len(named) != count:
            raise IllegalActionError(
                f"Seat {seat} is served {counted(count, 'card')} here, not {len(named)} "
                f"({' '.join(ev.card_text(c) for c in named) or 'none'})."
            )
        plan = dealing.plan_serves(cast("State", self), [(named, cards)], pool=self._pool_for(seat))
        return seat, cards, plan

    # ------------------------------------------------------------ paid draws
    def _begin_paid_draws(self, rule: PaidDraws) -> None:
        self._paying = DrawTurns.start(rule, self._active, stacks=self.stacks)
        self.phase = _DRAWING
        self.actor = self._paying.next_seat(None)
        if self.actor is None:  # nobody can pay a fee
            self._start_betting()

    def _paid_draw_made(self, seat: int, drew: bool, event: ev.Event) -> ev.Event:
        paying = self._paying
        assert paying is not None
        if drew:
            fee = paying.pay(seat, self.stacks[seat])
            self._move(seat, fee)
            self._log(ev.DrawFeePaid(seat=seat, amount=fee))
        else:
            paying.stand(seat)
        self.actor = paying.next_seat(seat)
        if self.actor is None:
            self._start_betting()
            self._after()
        # else drawing goes on: no dealer step, and _log has dropped the legal actions
        return event

    def draw_fee(self, seat: int) -> int | None:
        """What ``seat``'s next card would cost in a game of paid draws (None: no
        paid draws, or he may draw no more)."""
        seat = self._seat(seat)
        paying = self._paying
        if paying is None or seat not in paying.drawn or paying.drawn[seat] >= paying.rule.most:
            return None
        return paying.fee(seat)

    @property
    def draw_fees(self) -> list[int]:
        """Chips each seat paid for cards drawn this hand (dead money in the main pot)."""
        return list(self._paying.fees_paid) if self._paying is not None else [0] * self.seats

    def _draw_limit(self, seat: int) -> int:
        most = self.spec.streets[self.street].draw
        rules = self.spec.draws
        if rules is not None and rules.ace_draw is not None:
            most = rules.most(most, self._held(seat))
        if most < len(self._deck) - self._next:  # the stub alone serves them, its last card kept
            return most
        room = self._stub_room(seat)
        return most if most < room else room

    def _stub_room(self, seat: int) -> int:
        """The most cards one draw can be served to ``seat`` now."""
        return draws.capacity(cards_left=len(self._deck) - self._next, pool=len(self._pool_for(seat)))

    def _pool_for(self, seat: int) -> list[int]:
        """The cards a new stub made while serving ``seat`` takes: the burn cards
        and every discard or dead card but his own (the rules, §5.4)."""
        mucked_by = self._mucked_by
        return [c for c in self._pool if mucked_by.get(c) != seat]

    def _serve(self, count: int, seat: int) -> list[int]:
        """``count`` cards for ``seat``'s draw: never the last card of the stub;
        when it runs short, that last card, the burn cards and the discards of the
        other players become a new stub (the rules, §5.4); his own stay out of it
        (a later stub may take them)."""
        left = len(self._deck) - self._next
        if count < left:  # the common case: the stub serves them all and keeps its last card
            start = self._next
            self._next = start + count
            return self._deck[start : start + count]
        first = min(count, max(0, left - 1))
        cards = self._take(first)
        if first < count:
            stub = self._decks.next_stub(self._deck[self._next :] + self._pool_for(seat))
            self._deck = self._deck[: self._next] + stub
            self._pool = [c for c in self._pool if self._mucked_by.get(c) == seat]
            self._mucked_by = {c: seat for c in self._pool}
            self._log(ev.StubReshuffled(cards=tuple(stub)))
            cards += self._take(count - first)
        return cards

    def _serve_owed(self) -> None:
        """Replace the cards exposed in the draw, once the others are served."""
        for seat in [s for s in self._order if self._owed.get(s)]:
            cards = tuple(self._serve(self._owed.pop(seat), seat))
            self.down[seat].extend(cards)
            self._exposable_drawn.update(cards)
            self._log(ev.CardsDealt(seat=seat, cards=cards, up=False))

    def dead_hand(self, seat: int) -> str | None:
        """Why ``seat``'s hand is dead at showdown, or None: where a player is
        served what he asks for, a hand of more or fewer than five cards."""
        seat = self._seat(seat)
        rules = self.spec.draws
        if rules is not None and rules.as_asked:
            count = len(self.down[seat]) + len(self.up[seat])
            if count != 5:
                return f"dead hand ({count} cards)"
        return None
