"""The draw games' per-decision and per-deal fast paths agree with the plain
computations they stand for, at every step of random play.

- Openers are read by :func:`openers.holds_openers` exactly as
  :meth:`Opening.opens` reads them (the threshold and the wild options prepared
  once), for every seat at every step before the opening, and for random hands
  under every kind of wild cards.
- ``verify_bet`` skips the openers refusal when the options just computed hold
  a bet: a bet is then never refused for want of openers, and every bet is
  accepted or refused with the same exception and message as the full checks.
- A betting decision passes the turn to the next seat clockwise still to act.
- A re-deal skips the deck check only for a deck as long as one that served the
  same streets: a shorter scripted deck is still refused, the state unchanged.
- The events built positionally (``ev.maker``) equal those built with keywords,
  and say what happened: the seat that acted, the chips moved, the street dealt.
- A seat named by the caller is read as ``as_int`` reads it; every re-deal
  starts from the seats the first deal dealt in.
- Seeded decks are shuffled in the core (``_core.twister``/``shuffled``) exactly
  as ``random.Random(seed).shuffle`` shuffles them, deal after deal, for any seed.
- The seats that can still act are read from the seats still in (``_active``): the
  seats of the deal's order not folded, with chips behind, at every step of every game.
- A State keeps its attributes in slots (no dict of its own: CPython shares the
  keys of at most 30 attributes, and a State has more), every slot set from the
  start, so none is read unset, whatever the game and automation; it may still
  be referred to weakly.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import weakref
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_fast_paths import outcome, random_hands
from test_random_play import take

from splitpot.engine import draws, openers
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.openers import Opening
from splitpot.engine.spec import Wilds
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError, RuleError
from splitpot.games import get_game
from splitpot.validate import as_int

OPENING_GAMES = ("jackpots", "jacks-back")


@pytest.mark.parametrize("game", OPENING_GAMES)
def test_openers_are_read_as_the_opening_reads_them(game: str) -> None:
    asked = 0
    for state, _ in random_hands(game, 60):
        opening = state.spec.opening
        if opening is None or state.street != 0 or state.is_complete:
            continue
        for seat in state.active:
            cards, wilds = state.cards(seat), state.wilds_for(seat)
            assert openers.holds_openers(opening, cards, wilds) == opening.opens(cards, wilds)
            asked += 1
    assert asked > 1000


_WILDS = [Wilds(), Wilds(joker="bug"), Wilds(joker="wild"), Wilds(wild=("2",)), Wilds(penalty=("Qs",))]


@given(
    seed=st.integers(0, 2**32),
    minimum=st.sampled_from([None, "2", "9", "J", "Q", "K", "A"]),
    which=st.integers(0, len(_WILDS) - 1),
)
def test_openers_test_equals_the_plain_one_for_any_hand_and_wilds(seed: int, minimum: str | None,
                                                                    which: int) -> None:
    rng = random.Random(seed)
    opening, wilds = Opening(minimum=minimum), _WILDS[which]
    for _ in range(20):
        cards = rng.sample(range(wilds.deck_size), 5)
        assert openers.holds_openers(opening, cards, wilds) == opening.opens(cards, wilds), cards


def test_openers_test_at_the_threshold_itself() -> None:
    """The hands at the border: a pair of the minimum rank or the rank below it
    with the lowest kickers, in every suit; random hands seldom hit the weakest
    opening hand itself."""
    ranks = "23456789TJQKA"
    checked = 0
    for minimum in range(1, 13):
        opening = Opening(minimum=ranks[minimum])
        for pair in (minimum - 1, minimum):
            kickers = [r for r in range(13) if r != pair][:4]
            for first, second in ((0, 1), (2, 3), (0, 3)):
                for low in itertools.combinations(kickers, 3):
                    for suits in itertools.product(range(4), repeat=3):
                        kicks = [4 * r + s for r, s in zip(low, suits, strict=True)]
                        cards = [4 * pair + first, 4 * pair + second, *kicks]
                        for wilds in _WILDS[:2]:
                            assert openers.holds_openers(opening, cards, wilds) == opening.opens(cards, wilds)
                            checked += 1
                        assert opening.opens(cards) == (pair >= minimum)
    assert checked > 10_000


def plain_verify_bet(state: State, amount: int | None) -> Callable[[], object]:
    """``verify_bet`` as it reads without the fast path: the openers refusal
    asked first whenever a player bets in a betting round."""

    def check() -> object:
        value = state._amount(Action.BET, amount)
        if state.actor is not None and state.phase is Phase.BETTING:
            why = openers.refusal(state, state.actor)
            if why is not None:
                raise IllegalActionError(f"{why}; legal: {state._describe_legal()}.")
        return state._verify(Action.BET, value)

    return check


@pytest.mark.parametrize("game", [*OPENING_GAMES, "lowball"])
def test_a_bet_is_refused_or_accepted_as_the_full_checks_decide(game: str) -> None:
    refused = offered = 0
    for state, _ in random_hands(game, 60):
        if state.actor is None:
            continue
        legal = state.legal_actions()
        if legal and legal[-1].action is Action.BET:
            assert openers.refusal(state, state.actor) is None
            offered += 1
        for amount in (None, 5, 10, 11):
            before = state.snapshot()
            fast = outcome(lambda s=state, a=amount: s.verify_bet(a))
            assert fast == outcome(plain_verify_bet(state, amount)), (game, amount)
            assert state.snapshot() == before
            refused += fast is not None and "cannot open" in fast[1]
    assert offered > 100
    assert refused > 100 or game == "lowball"


@pytest.mark.parametrize("game", [*OPENING_GAMES, "lowball", "california-lowball"])
def test_a_betting_decision_passes_the_turn_to_the_next_seat_to_act(game: str) -> None:
    passed = 0
    for state, _ in random_hands(game, 40):
        if state.phase is not Phase.BETTING or state.actor is None:
            continue
        seat, deal, street = state.actor, state.deal, state.street
        state.call() if state.can_call() else state.check() if state.can_check() else state.fold()
        r = state.round
        if r is None or state.deal != deal or state.street != street or state.phase is not Phase.BETTING:
            continue
        clockwise = [(seat + i) % state.seats for i in range(1, state.seats + 1)]
        assert state.actor == next(s for s in clockwise if s in r.pending)
        passed += 1
    assert passed > 100


def test_a_redeal_with_a_shorter_deck_is_still_refused() -> None:
    spec = get_game("jackpots")
    full = list(range(52))
    short = list(range(20))  # 4 players need 20 + the burn, the draw served from the stub
    state = State(spec, [50] * 4, deck=[full, full, short], automate=False)
    for _ in range(2):  # the first deal and its re-deal
        state.advance()
        state.advance()
        while state.actor is not None:
            state.check()
        assert state.phase is Phase.PASSED_OUT
        if state.deal == 2:
            break
        state.advance()
    before = state.snapshot()
    with pytest.raises(RuleError, match="deck has 20 cards; this deal needs 21"):
        state.advance()
    assert state.snapshot() == before


# ------------------------------------------------------------------ seeded decks
_SEEDS = [0, 1, 7, -7, 2**31, 2**32 - 1, 2**32, 2**63 - 1, -(2**63), 2**64 - 1, 2**64, 2**200 + 17]


@pytest.mark.parametrize("seed", _SEEDS)
def test_the_core_shuffles_decks_as_random_does_deal_after_deal(seed: int) -> None:
    """A seeded Decks' shuffles (the core's generator) are random.Random(seed)'s
    shuffles in turn: full decks, with the joker, and stubs of every size."""
    rng, shuffle = random.Random(seed), draws.shuffler(seed)
    for size in (52, 53, *range(0, 40), 52, 1, 0, 2):
        cards = random.Random(size).sample(range(53), size) if size <= 53 else []
        expected = list(cards)
        rng.shuffle(expected)
        assert shuffle(list(cards)) == expected, (seed, size)


@given(seed=st.integers(-(2**80), 2**80), sizes=st.lists(st.integers(0, 53), max_size=12))
def test_the_core_shuffles_as_random_does_for_any_seed(seed: int, sizes: list[int]) -> None:
    rng, shuffle = random.Random(seed), draws.shuffler(seed)
    for size in sizes:
        expected = list(range(size))
        rng.shuffle(expected)
        assert shuffle(list(range(size))) == expected
    assert draws.Decks(None, seed=seed, size=52).first == draws.shuffled(random.Random(seed), list(range(52)))


def test_the_core_shuffle_refuses_what_it_cannot_read() -> None:
    from splitpot import _core

    state = _core.twister([5])
    with pytest.raises(ValueError, match="bytearray twister"):
        _core.shuffled(bytearray(10), [1, 2])
    with pytest.raises(ValueError, match=r"ints 0\.\.255"):
        _core.shuffled(state, [1, 256])
    with pytest.raises(ValueError, match=r"ints 0\.\.255"):
        _core.shuffled(state, [1, "2"])  # type: ignore[list-item]
    assert _core.shuffled(state, []) == []


# ------------------------------------------------------------ events built positionally
def test_a_maker_builds_the_event_the_keywords_build() -> None:
    """``ev.maker(cls)(*values)`` equals ``cls(**fields)`` for every event of random
    hands of every draw game and the turn-up games (each class, each field in its place)."""
    seen: set[type[ev.Event]] = set()
    for game in ("jackpots", "jacks-back", "lowball", "california-lowball", "mexican-stud", "five-card-stud"):
        states = {id(state): state for state, _ in random_hands(game, 10)}  # each played to its end
        for state in states.values():
            assert state.is_complete
            for event in state.events:
                values = [getattr(event, f.name) for f in dataclasses.fields(event)]
                made = ev.maker(type(event))(*values)
                assert type(made) is type(event) and made == event
                assert made == type(event)(**{f.name: v for f, v in zip(dataclasses.fields(event), values,
                                                                             strict=True)})
                seen.add(type(event))
    assert len(seen) >= 15
    assert {ev.TurnedUp, ev.TurnUpChosen, ev.TurnUpsRevealed} <= seen


@pytest.mark.parametrize("game", ["jackpots", "jacks-back", "lowball", "california-lowball"])
def test_the_events_logged_positionally_say_what_happened(game: str) -> None:
    """The events the engine builds positionally name the seat that acted, the chips
    that moved, the street dealt, the cards drawn and the deal passed out."""
    checked = 0
    for state, rng in random_hands(game, 40):
        if state.is_complete or state.actor is None or state.phase is Phase.EXPOSED:
            continue
        seat, stacks, logged = state.actor, list(state.stacks), len(state.events)
        held = state.cards(seat)
        before_bet = state.round.bets[seat] if state.round is not None else 0
        take(state, rng)
        new = state.events[logged:]
        first = new[0]
        assert getattr(first, "seat", seat) == seat, first
        if isinstance(first, (ev.Called, ev.BetMade, ev.Raised)):
            assert first.amount == stacks[seat] - state.stacks[seat] or isinstance(new[-1], ev.HandEnded)
        if isinstance(first, (ev.BetMade, ev.Raised)):
            assert first.to == before_bet + first.amount
        if isinstance(first, ev.Drew):
            now = set(state.cards(seat))
            assert set(first.discarded) <= set(held) and not set(first.discarded) & now
            assert set(first.received) <= now
        for event in new:
            if isinstance(event, ev.StreetStarted):
                assert event.name == state.game.streets[event.street].name
            elif isinstance(event, ev.AntePosted):
                assert 0 <= event.amount <= state.spec.stakes.ante and state.in_hand[event.seat]
            elif isinstance(event, ev.CardsDealt) and event.seat is not None:
                assert type(event.up) is bool and all(type(c) is int for c in event.cards)
            elif isinstance(event, ev.NobodyOpened):
                assert event.deal >= 1 and event.pot >= state.seats - state.starting_stacks.count(0)
            elif isinstance(event, ev.Redealt):
                assert event.deal == state.deal and sorted(event.cards) == list(range(len(event.cards)))
            elif isinstance(event, ev.CardBurned):
                assert 0 <= event.card <= 52
        checked += 1
    assert checked > 200


# ------------------------------------------------------------------ seats and re-deals
@pytest.mark.parametrize("value", [0, 3, 5, 6, -1, 99, True, False, 2.0, "1", None, np.int64(2), np.int64(9)])
def test_a_seat_is_read_as_as_int_reads_it(value: object) -> None:
    state = State(get_game("jackpots"), [50] * 6, seed=1)

    def plain() -> object:
        return as_int(value, "seat", low=0, high=5)

    def result(read: Callable[[], object]) -> object:
        try:
            return read()
        except Exception as err:  # the exception itself is the answer compared
            return type(err), str(err)

    assert result(lambda: state._seat(value)) == result(plain)
    assert type(result(lambda: state._seat(value))) in (int, tuple)


@pytest.mark.parametrize("game", OPENING_GAMES)
def test_every_deal_starts_with_the_seats_dealt_in(game: str) -> None:
    """A re-deal starts from the seats the first deal dealt in (a seat without
    chips sits out every deal), as the plain computation from ``in_hand`` says."""
    redeals = 0
    for hand in range(60):
        rng = random.Random(hand)
        stacks = [rng.choice([0, 3, 40]) for _ in range(6)]
        stacks[hand % 6] = stacks[(hand + 1) % 6] = 40
        state = State(get_game(game), stacks, button=hand % 6, seed=hand)
        deal = 1
        while not state.is_complete:
            if state.deal != deal and state.phase is not Phase.PASSED_OUT:  # the first decision of a new deal
                deal = state.deal
                assert state.folded == [not dealt for dealt in state.in_hand]
                order = [(state.button + 1 + i) % 6 for i in range(6)]
                assert state.active == [s for s in order if not state.folded[s]]
                redeals += 1
            state.check() if state.can_check() else take(state, rng)
    assert redeals > 30


@pytest.mark.parametrize("game", ["jackpots", "jacks-back", "seven-card-stud", "aces-deuces"])
@pytest.mark.parametrize("automate", [True, False])
def test_a_state_keeps_its_attributes_in_slots_all_set_from_the_start(game: str, automate: bool) -> None:
    state = State(get_game(game), [100] * 4, seed=5, automate=automate)
    assert not hasattr(state, "__dict__")
    assert [name for name in State.__slots__ if name != "__weakref__" and not hasattr(state, name)] == []
    assert weakref.ref(state)() is state  # a State may still be referred to weakly
    with pytest.raises(AttributeError):
        state.openr = 1  # type: ignore[attr-defined]  # a misspelt attribute is refused, not kept aside


@pytest.mark.parametrize("game", ["jackpots", "jacks-back", "california-lowball", "seven-card-stud-8",
                                  "aces-deuces", "mexican-stud"])
def test_the_seats_to_act_are_the_plain_ones(game: str) -> None:
    """``_actors`` reads ``_active``; the plain reading walks the deal's order for seats not
    folded with chips behind; ``_active`` is exactly the seats not folded, in that order."""
    steps = 0
    for state, _ in random_hands(game, 30):
        order, folded, stacks = state._order, state.folded, state.stacks
        assert state._active == [s for s in order if not folded[s]]
        assert state._actors() == [s for s in order if not folded[s] and stacks[s] > 0]
        steps += 1
    assert steps > 300
