"""The per-decision fast paths agree with the plain computations they stand for.

- The option lists handed out again (``betting._MADE``, ``choices._MADE``) equal
  lists built afresh with empty memos, at every step of random play of every
  game, refused actions and ``can_x`` questions included.
- A betting round offers a bet, raise or completion exactly when
  ``Round.may_reraise`` allows one (the stack beyond the call, someone to call
  it), named as ``Round.raise_action`` names it: ``Round.options`` inlines both.
- Before the opening a player without openers is offered the full options
  with the bet taken out (the engine asks the round for no raise at all).
- A draw is accepted or refused exactly as the full checks decide (held cards,
  the limit with the ace draw, the stub's room, paid draws), with the same
  exception and message; a draw is served the stub's next cards, never its last.
- The turn-up seats still to choose (``TurnUps.left``) are the seats in order
  that have not chosen; paid draws pass the turn as a plain walk round the
  table does.  A turn-up naming one card as text is judged as the full checks
  judge it (``verify_turn_up``'s quick accept).
- Card text and ints are read by ``_card_ints`` exactly as ``parse_cards`` reads
  them, or refused with the same exception class.
- The showing key remembered by the ranks showing (``order.natural_showing_key``)
  is ``showing_key``, and the best showing hand is found as a plain walk round
  the table finds it, at every step of random play and for every set of ranks.
- Two natural cards shown as remembered (``showdown._TWO_CARD``) show as computed
  in full, for every ordered pair and at every step of random aces-deuces.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_random_play import OPTIONS, check_legal_are_accepted, maybe_expose, take, try_illegal

from splitpot.cards import Card, parse_cards
from splitpot.engine import betting, choices, draws, order, showdown
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.paid_draws import DrawTurns, PaidDraws
from splitpot.engine.state import Phase, State
from splitpot.engine.turning_up import _card_ints
from splitpot.errors import IllegalActionError, IllegalActionTypeError
from splitpot.games import GAMES, get_game

DRAWING = ("jackpots", "lowball", "california-lowball", "jacks-back", "aces-deuces")


def random_hands(
    game: str, hands: int, *, players: int | None = None
) -> Iterator[tuple[State, random.Random]]:
    """Every step of ``hands`` random hands of ``game`` (all its option variants),
    with refused actions, ``can_x`` questions and exposed cards along the way."""
    variants = OPTIONS[game]
    for i in range(hands):
        rng = random.Random(i * 7877 + len(game))
        spec = get_game(game, **variants[i % len(variants)])
        count = players or rng.randint(spec.min_players, min(8, spec.max_players))
        stacks = [rng.choice([2, 7, 25, 60, 200]) for _ in range(count)]
        state = State(spec, stacks, button=rng.randrange(count), seed=i)
        for step in itertools.count():
            assert step < 10_000, f"hand did not finish: {state!r}"
            yield state, rng  # the caller may act: then the hand goes on from there
            if state.is_complete:
                break
            maybe_expose(state, rng)
            if rng.random() < 0.3:  # a refused action and can_x questions, then this step again
                try_illegal(state, rng)
                check_legal_are_accepted(state)
            elif not state.is_complete:
                take(state, rng)
            if state.is_complete:
                break


def fresh_legal(state: State) -> tuple[betting.Option, ...]:
    """The legal actions computed with empty option memos (then the memos restored)."""
    kept = betting._MADE, choices._MADE
    betting._MADE, choices._MADE = {}, {}
    try:
        return state._compute_legal()
    finally:
        betting._MADE, choices._MADE = kept


@pytest.mark.parametrize("game", sorted(GAMES))
def test_remembered_option_lists_equal_fresh_ones(game: str) -> None:
    steps = 0
    for state, _ in random_hands(game, 30):
        assert state.legal_actions() == fresh_legal(state)
        steps += 1
    assert steps > 100


_RAISES = (Action.BET, Action.RAISE, Action.COMPLETE)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_raise_is_offered_as_may_reraise_and_raise_action_decide(game: str) -> None:
    asked = 0
    for state, _ in random_hands(game, 30):
        r, seat = state.round, state.actor
        if state.phase is not Phase.BETTING or r is None or seat is None:
            continue
        owed = r.to_call(seat)
        for stack, active, callable_ in itertools.product(
            {state.stacks[seat], owed, owed + 1, 1000}, {2, len(state.active)}, (True, False)
        ):
            if stack <= 0:
                continue
            offered = [o.action for o in r.options(seat, stack=stack, active=active, raise_callable=callable_)
                       if o.action in _RAISES]
            may = callable_ and stack > owed and r.may_reraise(seat, active)
            assert offered == ([r.raise_action()] if may else []), (game, seat, stack, active, callable_)
            asked += 1
    assert asked > 100


def plain_betting_options(state: State) -> tuple[betting.Option, ...]:
    """The betting options computed in full, then the opening bet taken out
    where the actor has no openers."""
    r, seat = state.round, state.actor
    assert r is not None and seat is not None
    options = r.options(seat, stack=state.stacks[seat], active=len(state.active),
                        raise_callable=state._callable(seat))
    if state.street == 0 and state.spec.opening is not None and not state.may_open(seat):
        options = tuple(o for o in options if o.action is not Action.BET)
    return options


@pytest.mark.parametrize("game", ["jackpots", "jacks-back", "lowball", "california-lowball"])
def test_options_before_the_opening_equal_the_full_ones_without_the_bet(game: str) -> None:
    without_openers = 0
    for state, _ in random_hands(game, 60):
        if state.phase is not Phase.BETTING or state.actor is None:
            continue
        assert state.legal_actions() == plain_betting_options(state), (game, state.actor)
        assert fresh_legal(state) == plain_betting_options(state)
        if state.street == 0 and state.spec.opening is not None and not state.may_open(state.actor):
            without_openers += 1
    assert without_openers > 50 or game in ("lowball", "california-lowball")


# ---------------------------------------------------------------------------- draws
def slow_verify_draw(state: State, cards: list[int], asked: int | None) -> None:
    """The draw checks in full, one after the other (the engine skips the limit
    and stub checks when the legal actions' offer already settles them)."""
    option = next((o for o in state.legal_actions() if o.action is Action.DRAW), None)
    if option is None:
        raise IllegalActionError("no draw now")
    seat = state.actor
    assert seat is not None
    held = state.cards(seat)
    missing = [ev.card_text(c) for c in cards if c not in held]
    if missing:
        holding = " ".join(ev.card_text(c) for c in held)
        raise IllegalActionError(f"Seat {seat} does not hold {', '.join(missing)}; he holds {holding} "
                                 "(discards name cards, not their positions).")
    rules = state.spec.draws
    count = len(cards) if asked is None else asked
    if count != len(cards) and (rules is None or not rules.as_asked):
        raise IllegalActionError(
            f"Seat {seat} is served as many cards as he discards ({len(cards)}), not {count}: "
            f"{state.spec.name} serves a different number only with DrawRules(as_asked=True)."
        )
    limit = state.spec.streets[state.street].draw
    if rules is not None and rules.ace_draw is not None:
        limit = rules.most(limit, [c for c in held if c not in cards])
    if max(len(cards), count) > limit:
        more = f" ({rules.ace_draw} keeping an ace)" if rules is not None and rules.ace_draw else ""
        raise IllegalActionError(
            f"Seat {seat} may draw at most {limit} card{'s' if limit != 1 else ''}{more}, "
            f"not {max(len(cards), count)}."
        )
    most = draws.capacity(cards_left=state.cards_left, pool=len(state._pool))
    if count > most:
        raise IllegalActionError(
            f"The stub cannot serve {count} card{'s' if count != 1 else ''} now, at most {most} (a stub's "
            "last card is never dealt); draw fewer."
        )
    if state._paying is not None:
        state._paying.verify(seat, cards, state.stacks[seat])


def outcome(check: Callable[[], object]) -> tuple[type[BaseException], str] | None:
    try:
        check()
    except IllegalActionError as err:
        return type(err), str(err)
    return None


def candidate_draws(state: State, rng: random.Random) -> list[tuple[list[int], int | None]]:
    """Discards of every size (and, where a game serves what is asked, other counts);
    a card he does not hold."""
    assert state.actor is not None
    held = state.cards(state.actor)
    out: list[tuple[list[int], int | None]] = [(rng.sample(held, k), None) for k in range(len(held) + 1)]
    rules = state.spec.draws
    if rules is not None and rules.as_asked:
        out += [(rng.sample(held, rng.randint(0, len(held))), asked) for asked in range(7)]
    out.append(([next(c for c in range(52) if c not in held)], None))
    return out


def compare_draws(state: State, rng: random.Random) -> list[tuple[type[BaseException], str] | None]:
    """Each candidate draw is judged by ``verify_draw`` as the full checks judge it; the verdicts.
    The draw offered is the street's limit (more keeping an ace) within the stub's room."""
    seat = state.actor
    assert seat is not None
    limit, rules = state.spec.streets[state.street].draw, state.spec.draws
    if rules is not None:
        limit = rules.most(limit, state.cards(seat))
    room = draws.capacity(cards_left=state.cards_left, pool=len(state._pool))
    assert [o.amounts for o in state.legal_actions() if o.action is Action.DRAW] == [(min(limit, room),)]
    verdicts = []
    for cards, asked in candidate_draws(state, rng):
        expected = outcome(lambda c=cards, a=asked: slow_verify_draw(state, c, a))
        assert outcome(lambda c=cards, a=asked: state.verify_draw(c, asked=a)) == expected
        verdicts.append(expected)
    return verdicts


@pytest.mark.parametrize("players", [None, 8])
@pytest.mark.parametrize("game", DRAWING)
def test_draws_accepted_and_refused_as_the_full_checks_decide(game: str, players: int | None) -> None:
    refused = accepted = stub_short = 0
    for state, rng in random_hands(game, 25, players=players):
        if not any(o.action is Action.DRAW for o in state.legal_actions()):
            continue
        before = state.snapshot()
        verdicts = compare_draws(state, rng)
        refused += sum(v is not None for v in verdicts)
        accepted += sum(v is None for v in verdicts)
        assert state.snapshot() == before
        for left in (1, 2, 3, 5):  # the same decision with a short stub and an empty muck
            short = copy.deepcopy(state)
            short._next, short._pool, short._legal = len(short._deck) - left, [], None
            verdicts = compare_draws(short, rng)
            stub_short += sum(v is not None and "stub cannot serve" in v[1] for v in verdicts)
    assert refused and accepted and (stub_short or game == "aces-deuces")


@pytest.mark.parametrize("game", DRAWING)
def test_a_draw_is_served_the_stubs_next_cards(game: str) -> None:
    """Never the stub's last card: when it runs short, that card joins the mucked
    cards in a new stub that serves the rest (8 players drawing)."""
    reshuffles = 0
    for state, rng in random_hands(game, 25, players=8):
        if not any(o.action is Action.DRAW for o in state.legal_actions()):
            continue
        deck, start, logged = list(state._deck), state._next, len(state.events)
        seat = state.actor
        assert seat is not None
        held = state.cards(seat)
        discards = rng.sample(held, rng.randint(0, state.legal_actions()[0].amounts[0]))
        state.draw(discards if state.can_draw(discards) else discards[:1])  # an ace draw keeps the ace
        new = state.events[logged:]
        received = next(e for e in new if type(e) is ev.Drew).received
        stub = next((e.cards for e in new if type(e) is ev.StubReshuffled), None)
        left = len(deck) - start
        if stub is None:
            assert len(received) < left and list(received) == deck[start : start + len(received)]
        else:
            reshuffles += 1
            first = max(0, left - 1)
            assert list(received) == deck[start : start + first] + list(stub[: len(received) - first])
    assert reshuffles or game == "aces-deuces"  # two-card hands never run the stub short


# ------------------------------------------------------------------------- turn-ups
@pytest.mark.parametrize("game", ["mexican-stud", "five-card-stud", "five-card-stud-five-bets"])
def test_turn_up_seats_still_to_choose(game: str) -> None:
    seen = 0
    for state, _ in random_hands(game, 60):  # five-card stud: the variants with the turn-up option
        turning = state._turning
        if turning is None:
            continue
        plain = [s for s in turning.order if s not in turning.chosen]
        assert turning.left == turning.pending == plain
        assert turning.next_seat == (plain[0] if plain else None)
        assert turning.done is (not plain)
        assert state.actor == turning.next_seat  # verify_turn_up's quick accept reads the actor
        seen += 1
    assert seen > 20


@pytest.mark.parametrize("game", ["mexican-stud", "five-card-stud", "five-card-stud-five-bets"])
def test_turn_up_events_name_the_seat_the_cards_and_the_next_chooser(game: str) -> None:
    """The turn-up events (built positionally) name the seat that chose and his card;
    a reveal names every card chosen, each now face up in its seat's hand; after a
    choice the next chooser's options (set by ``turn_up`` itself) are his down cards'."""
    checked = reveals = 0
    for state, rng in random_hands(game, 90):  # five-card stud: the variants with the turn-up option
        if state.phase is not Phase.TURNING_UP or state.actor is None:
            continue
        seat, logged = state.actor, len(state.events)
        turning = state._turning
        assert turning is not None
        option = state.legal_actions()[0]
        picked = rng.sample(option.choices, rng.choice(option.amounts))
        state.turn_up(picked)
        chosen = tuple(int(c) for c in parse_cards(" ".join(picked)))
        first, *rest = state.events[logged:]
        assert type(first) in (ev.TurnUpChosen, ev.TurnedUp)
        assert (first.seat, first.cards) == (seat, chosen)
        for event in rest:
            if isinstance(event, ev.TurnUpsRevealed):
                assert [(s, (c,)) for s, c in zip(event.seats, event.cards, strict=True)] == [
                    (s, turning.chosen[s]) for s in turning.order if turning.chosen[s]
                ]
                assert all(c in state.up[s] and c not in state.down[s]
                           for s, c in zip(event.seats, event.cards, strict=True))
                reveals += 1
        if state.phase is Phase.TURNING_UP and state.actor is not None:
            assert state.actor != seat and state.legal_actions() == fresh_legal(state)
            assert state.legal_actions()[0].choices == tuple(map(ev.card_text, state.down[state.actor]))
        checked += 1
    assert checked > 12 and (reveals > 20 or game != "mexican-stud")


def _turn_up_verdict(state: State, cards: object, seat: int | None = None) -> object:
    try:
        return state.verify_turn_up(cards, seat=seat)  # type: ignore[arg-type]
    except (IllegalActionError, IllegalActionTypeError) as err:
        return type(err), str(err)


@pytest.mark.parametrize("game", ["mexican-stud", "five-card-stud", "five-card-stud-five-bets"])
def test_one_card_named_as_text_is_judged_as_the_full_checks_judge_it(game: str) -> None:
    """``verify_turn_up([text])`` (the actor naming one card: a quick accept) answers
    as the full checks do (the card named in a tuple), at every step of random
    play, turn-ups or not, for each of the actor's cards, a card he does not hold
    and a card of another player's."""
    checked = 0
    for state, rng in random_hands(game, 40):
        actor = state.actor
        names = {ev.card_text(c) for seat in range(state.seats) for c in state.down[seat] + state.up[seat]}
        names |= {ev.card_text(c) for c in rng.sample(range(52), 2)}
        for text in sorted(names):
            before = state.snapshot()
            quick = _turn_up_verdict(state, [text])
            assert quick == _turn_up_verdict(state, (text,))
            if actor is not None:
                assert quick == _turn_up_verdict(state, (text,), actor)
            assert state.snapshot() == before
            checked += isinstance(quick, tuple) and type(quick[0]) is int
    assert checked > (100 if game == "mexican-stud" else 10)  # five-card stud: the turn-up variants


@given(
    seats=st.integers(min_value=2, max_value=8).flatmap(
        lambda n: st.permutations(range(n)).map(lambda p: p[: max(2, len(p) - 1)])
    ),
    done=st.sets(st.integers(min_value=0, max_value=7)),
    last=st.integers(min_value=-1, max_value=7),
    quiet=st.integers(min_value=0, max_value=8),
    final=st.booleans(),
)
def test_paid_draws_pass_the_turn_round_the_table(
    seats: list[int], done: set[int], last: int, quiet: int, final: bool
) -> None:
    turns = DrawTurns.start(PaidDraws(stand_is_final=final), seats, stacks=[10] * 8)
    turns.done, turns.quiet = done & set(seats), quiet
    after = None if last not in seats else last
    able = len(seats) - len(turns.done)
    start = 0 if after is None else seats.index(after) + 1
    walk = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    expected = None if not able or (not final and quiet >= able) else next(
        s for s in walk if s not in turns.done
    )
    assert turns.next_seat(after) == expected


# -------------------------------------------------------------------------- card text
_TEXTS = [ev.card_text(c) for c in range(53)]
_INPUTS: list[object] = [
    *_TEXTS, *range(-1, 54), *[[t] for t in _TEXTS], *[[c] for c in range(-1, 54)],
    *[(c,) for c in range(53)],
    *[Card(c) for c in range(53)], *[[Card(c)] for c in range(0, 53, 5)],
    "as", "AS", "10s", "Ts", "As Kd", "AsKd", "As,Kd", "As As", "", " ", "Zz", "A", "Jk", "jk",
    [], (), ["As", "Kd"], ["As", "As"], [51, 51], [51, "As"], ["as"], ["As Kd"], ["Zz"], [""], [None], None,
    [True], True, 1.0, [1.0], [[51]], b"As", [b"As"], {51}, iter([51, 3]), [51, 3, 7], (3, "2c", Card(51)),
]


def parsed(value: object) -> tuple[int, ...] | type[BaseException]:
    try:
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        return tuple(map(int, parse_cards(value)))  # type: ignore[arg-type]
    except (ValueError, TypeError) as err:
        return type(err)


def fast(value: object) -> tuple[int, ...] | type[BaseException]:
    try:
        return _card_ints(value)  # type: ignore[arg-type]
    except (ValueError, TypeError) as err:
        return type(err)


def _input_id(value: object) -> str:
    """The input's repr, an iterator's without its address (the same id every run)."""
    return "iter([51, 3])" if type(value).__name__ == "list_iterator" else repr(value)


@pytest.mark.parametrize("value", _INPUTS, ids=_input_id)
def test_card_ints_reads_cards_as_parse_cards_does(value: object) -> None:
    if type(value).__name__ == "list_iterator":
        value = iter([51, 3])  # parametrize shares the object: a fresh iterator
        assert fast(value) == parsed(iter([51, 3]))
        return
    assert fast(value) == parsed(value)


@pytest.mark.parametrize("cards", [["As"], "As", [51], 51, (51,), Card(51)])
def test_turn_up_refuses_a_card_not_held_whatever_its_form(cards: object) -> None:
    state = State(get_game("mexican-stud"), [50, 50, 50], seed=1)
    assert state.actor is not None
    assert 51 not in state.down[state.actor]  # seed 1: he does not hold the As
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="does not hold As face down"):
        state.turn_up(cards)  # type: ignore[arg-type]
    assert state.snapshot() == before
    with pytest.raises(IllegalActionTypeError):
        state.turn_up([1.5])  # type: ignore[list-item]
    assert state.snapshot() == before


# ------------------------------------------------------------------ best showing hand
def plain_best_showing_seat(state: State) -> int:
    """The best showing hand computed afresh: every seat from the dealer's left, by
    the plain ``showing_key`` (or the shared wild cards' key), ties to the earlier."""
    wilds, natural = state.spec.wilds, state.spec.natural_upcards
    key = order.showing_key if order._shared(wilds, natural) is None else order.showing_key_for(wilds)
    best, best_key = -1, None
    for i in range(1, state.seats + 1):
        seat = (state.button + i) % state.seats
        if seat in state.active:
            value = key(state.up[seat])
            if best_key is None or value > best_key:
                best, best_key = seat, value
    return best


@pytest.mark.parametrize("game", sorted(GAMES))
def test_remembered_showing_keys_equal_plain_ones(game: str) -> None:
    """At every step of random play: each player's upcards read by the remembered
    key as by ``showing_key``, and the best showing hand found as a plain walk
    round the table finds it."""
    asked = 0
    for state, _ in random_hands(game, 20):
        for seat in range(state.seats):
            up = state.up[seat]
            if up:
                assert order.natural_showing_key(up) == order.showing_key(up), (game, up)
                asked += 1
        if any(state.up[s] for s in state.active):
            found = order.best_showing_seat(
                {s: state.up[s] for s in state.active}, state.button, state.seats,
                order.showing_key_for(state.spec.wilds, natural=state.spec.natural_upcards),
            )
            assert found == plain_best_showing_seat(state), game
    assert asked > 100 or not any(s.up for s in get_game(game).streets)


def test_remembered_showing_keys_cover_every_set_of_ranks() -> None:
    """Every set of one to five ranks (the joker among them), in random suits and
    order, twice: the remembered key is the plain one, whatever the suits."""
    rng = random.Random(5)
    for size in range(1, 6):
        for ranks in itertools.combinations_with_replacement(range(14), size):
            if ranks.count(13) > 1 or max(ranks.count(r) for r in ranks) > 4:  # one joker, four suits
                continue
            for _ in range(2):
                suits = rng.sample(range(4), 4) * 2  # distinct suits within a rank
                cards = [52 if r == 13 else 4 * r + s for r, s in zip(ranks, suits[:size], strict=True)]
                if len(set(cards)) < len(cards):
                    continue
                rng.shuffle(cards)
                assert order.natural_showing_key(cards) == order.showing_key(cards), cards


# ------------------------------------------------------------------ two-card showdown
def test_remembered_two_card_showings_equal_fresh_ones() -> None:
    """Every ordered pair of natural cards under each pair of rankings in turn,
    twice (the second time remembered): the showing handed out is the one
    computed in full, never one remembered for other rankings."""
    base = get_game("aces-deuces")
    pairs = (("high", "low"), ("high", None), (None, "low"))
    specs = [base.replace(high=high, low=low) for high, low in pairs]
    showdown._TWO_CARD.clear()
    for _ in range(2):
        for a, b in itertools.permutations(range(52), 2):
            for spec in specs:
                assert showdown._evaluate_two_card(spec, [a, b], spec.wilds) == showdown._show_two_card(
                    spec, [a, b], spec.wilds
                ), (spec.high, spec.low, a, b)
    assert len(showdown._TWO_CARD) == 3 * 52 * 51


def test_two_card_showings_at_every_step_of_random_play() -> None:
    """Every hand held at every step of random aces-deuces (its wild-card variant
    included, which is never remembered) shows as computed in full."""
    shown = 0
    for state, _ in random_hands("aces-deuces", 40):
        for seat in state.active:
            cards, wilds = state.cards(seat), state.wilds_for(seat)
            got = showdown.evaluate_hands(state.spec, cards, wilds)
            assert got == showdown._show_two_card(state.spec, cards, wilds), (cards, wilds)
            shown += 1
    assert shown > 1000
