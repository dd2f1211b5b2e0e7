"""Seeded random play over thousands of hands per game, and Hypothesis-driven hands.

Every step checks: chips conserved, no negative stack or pot, someone can move
(never stuck), illegal actions refused with the state unchanged.  Every hand
replays from its history to the same state (one in eight through its JSON
document).  In the draw games the driver also draws at random (asking for
another number of cards where the game allows it) and the dealer now and then
exposes a card.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.history import History
from splitpot.engine.state import Phase, State
from splitpot.errors import CardError, IllegalActionError
from splitpot.games import GAMES, get_game

HANDS = int(os.environ.get("SPLITPOT_RANDOM_HANDS", "1000"))
# Every hand replays from its history; one in JSON_EVERY goes through JSON on the way (writing,
# schema-checking and reading the document took half of a hand's time; tests/engine/test_history*
# and the fuzz targets test the JSON itself).
JSON_EVERY = int(os.environ.get("SPLITPOT_RANDOM_JSON_EVERY", "8"))
OPTIONS: dict[str, list[dict[str, object]]] = {
    "seven-card-stud": [{}, {"open_pair": True, "uncapped_heads_up": True}],
    "seven-card-stud-8": [{}, {"open_pair": True}, {"declare": "in-turn", "both": True, "qualifier": 9}],
    "seven-card-stud-high-low": [{}, {"low": "ace-to-six"}, {"low": "ace-to-five"}],
    "seven-card-stud-declare": [{}, {"declare": "in-turn", "tie_keeps_half": True},
                                {"declare": "in-turn", "both": True}],
    "five-card-stud": [{}, {"turn_up": True, "open_pair": True},
                       {"low": "ace-to-six", "declare": "in-turn", "both": True},
                       {"wild": "2", "positional": "lowest_hole_card"}],
    "five-card-stud-last-down": [{}, {"low": "deuce-to-seven"}, {"joker": "wild", "penalty": "Qs"}],
    "five-card-stud-five-bets": [{}, {"turn_up": True}, {"low": "ace-to-five", "declare": "simultaneous"},
                                 {"positional": "third_card"}],
    "mexican-stud": [{}, {"low": "deuce-to-seven"}, {"low": "ace-to-six", "declare": "in-turn",
                                                      "wild_low": "best-rank"}, {"wild": "2"}],
    "aces-deuces": [{}, {"stand_is_final": False}, {"fees": (2, 0, 4)},
                    {"wild": "2", "positional": "hole_card", "penalty": "Kd"},
                    {"declare": "simultaneous", "tie_keeps_half": True}],
    "jackpots": [{}, {"pass_and_out": True, "max_draw": 3, "ace_draw": 4, "second_round": "dealer-left"},
                 {"joker": "bug", "openers": "Q"}],
    "lowball": [{}, {"joker": None, "pass_and_out": False}],
    "california-lowball": [{}, {"limit": 5, "sevens": "forfeit-pot"}, {"limit": 3, "sevens": "off"}],
    "jacks-back": [{}, {"pass_and_out": True}],
}
_METHOD = {
    Action.FOLD: "fold", Action.CHECK: "check", Action.CALL: "call", Action.BET: "bet",
    Action.RAISE: "raise_to", Action.COMPLETE: "complete", Action.BRING_IN: "bring_in",
    Action.KEEP: "keep_exposed", Action.REFUSE: "refuse_exposed",
}


def random_draw(state: State, rng: random.Random, most: int) -> None:
    """Discard a random number of random cards (where the game serves what a
    player asks for, sometimes ask for one more or one fewer)."""
    assert state.actor is not None
    held = state.cards(state.actor)
    discards = rng.sample(held, rng.randint(0, min(most, len(held))))
    rules = state.spec.draws
    if rules is not None and rules.as_asked and rng.random() < 0.1:
        asked = max(0, min(most, len(discards) + rng.choice([-1, 1])))
        state.draw(discards, asked=asked)
    elif state.can_draw(discards):
        state.draw(discards)
    else:  # an ace-draw of four that does not keep the ace
        state.draw(discards[:1])


def maybe_expose(state: State, rng: random.Random) -> None:
    """Now and then the dealer exposes a card he may still expose."""
    if state.spec.draws is None or state.is_complete or rng.random() > 0.08:
        return
    cards = [c for s in state.active for c in state.cards(s)]
    rng.shuffle(cards)
    for card in cards:
        if state.can_expose(card):
            state.expose(card)
            return


def take(state: State, rng: random.Random, pick: int | None = None) -> None:
    """Make one legal move chosen by ``rng`` (or by ``pick``)."""
    options = state.legal_actions()
    assert options, f"stuck: {state!r}"
    option = options[(pick if pick is not None else rng.randrange(len(options))) % len(options)]
    if option.action is Action.DRAW:
        random_draw(state, rng, option.amounts[0])
    elif option.action is Action.DECLARE:
        state.declare(rng.choice(option.choices), seat=state.actor)
    elif option.action is Action.TURN_UP:
        chooser = rng.choice(state.turn_up_choosers)  # simultaneous: anyone still to choose
        mine = state.turn_up_option(chooser)
        count = rng.choice(mine.amounts)
        state.turn_up(rng.sample(mine.choices, count), seat=chooser)
    elif option.action in (Action.BET, Action.RAISE, Action.COMPLETE):
        getattr(state, _METHOD[option.action])(rng.choice(option.amounts))
    else:
        getattr(state, _METHOD[option.action])()


def try_illegal(state: State, rng: random.Random) -> None:
    """Attempt one illegal move and check that nothing changed."""
    legal = {o.action: o for o in state.legal_actions()}
    attempts = []
    for action, method in _METHOD.items():
        if action not in legal:
            attempts.append(lambda m=method: getattr(state, m)())
        elif legal[action].amounts and action in (Action.BET, Action.RAISE, Action.COMPLETE):
            wrong = max(legal[action].amounts) + 1
            attempts.append(lambda m=method, w=wrong: getattr(state, m)(w))
    if Action.DECLARE not in legal:
        attempts.append(lambda: state.declare("high"))
    if state.actor is not None:
        attempts.append(state.advance)
    if Action.DRAW not in legal:
        attempts.append(lambda: state.draw())
    else:
        held = state.cards(state.actor)  # type: ignore[arg-type]
        attempts.append(lambda: state.draw([c for c in range(52) if c not in held][:1]))
        attempts.append(lambda: state.draw(held[: legal[Action.DRAW].amounts[0] + 1] if
                                           len(held) > legal[Action.DRAW].amounts[0] else ["Zz"]))
    attempts.append(lambda: state.expose(next(c for c in range(52) if not state.can_expose(c))))
    if Action.TURN_UP not in legal:
        attempts.append(lambda: state.turn_up())
    elif state.actor is not None:  # a card he does not hold down, or one too many
        held = state.turn_up_option(state.actor).choices
        wrong = next(c for c in range(53) if ev.card_text(c) not in held)
        attempts.append(lambda: state.turn_up([wrong], seat=state.actor))
        attempts.append(lambda: state.turn_up([*held, wrong][:2], seat=state.actor))
    attempt = rng.choice(attempts)
    before = state.snapshot()
    with pytest.raises((IllegalActionError, CardError)):
        attempt()
    assert state.snapshot() == before


_CAN = {
    Action.FOLD: "can_fold", Action.CHECK: "can_check", Action.CALL: "can_call", Action.BET: "can_bet",
    Action.RAISE: "can_raise_to", Action.COMPLETE: "can_complete", Action.BRING_IN: "can_bring_in",
    Action.KEEP: "can_keep_exposed", Action.REFUSE: "can_refuse_exposed",
}


def check_legal_are_accepted(state: State) -> None:
    """Every listed action and amount passes its ``can_x`` check, which changes nothing."""
    before = state.snapshot()
    for option in state.legal_actions():
        if option.action is Action.DECLARE:
            assert all(state.can_declare(c) for c in option.choices)
            assert state.can_declare("both") == ("both" in option.choices)
        elif option.action is Action.DRAW:
            assert state.can_draw()
        elif option.action is Action.TURN_UP:
            assert state.can_turn_up(option.choices[:1], seat=state.actor)
            assert state.can_turn_up((), seat=state.actor) == (0 in option.amounts)
        elif option.action in (Action.BET, Action.RAISE, Action.COMPLETE):
            assert all(getattr(state, _CAN[option.action])(a) for a in option.amounts)
        else:
            assert getattr(state, _CAN[option.action])()
    assert state.snapshot() == before


def check_invariants(state: State, total: int) -> None:
    assert sum(state.stacks) + state.pot == total
    assert min(state.stacks) >= 0 and min(state.committed) >= 0
    if not state.is_complete:
        assert state.actor is not None and state.legal_actions()
        assert state.phase not in (Phase.FORCED_BETS, Phase.DEALING, Phase.SHOWDOWN)


def play_random_hand(game: str, options: dict[str, object], seed: int) -> State:
    rng = random.Random(seed)
    spec = get_game(game, **options)
    players = rng.randint(spec.min_players, 8)
    stacks = [rng.choice([1, 2, 3, 7, 12, 25, 60, 200]) for _ in range(players)]
    if rng.random() < 0.1:
        stacks[rng.randrange(players)] = 0  # a seat sitting out
    if sum(1 for s in stacks if s) < spec.min_players:
        stacks = [max(s, 5) for s in stacks]
    state = State(spec, stacks, button=rng.randrange(players), seed=seed)
    total = sum(stacks)
    for _ in range(5000):  # passed-out jackpots deal again and again
        check_invariants(state, total)
        if state.is_complete:
            break
        maybe_expose(state, rng)
        if rng.random() < 0.15:
            try_illegal(state, rng)
            check_legal_are_accepted(state)
        take(state, rng)
    else:
        pytest.fail(f"hand did not finish: {state!r}")
    assert sum(state.stacks) == total and state.pot == 0
    history = state.history()
    if seed % JSON_EVERY == 0:
        # verify=False: from_json's own check is this same strict replay, run once here, not twice.
        history = History.from_json(history.to_json(), verify=False)
    assert history.replay().snapshot() == state.snapshot()
    return state


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.slow
def test_random_play(game: str) -> None:
    variants = OPTIONS[game]
    showdowns = 0
    for i in range(HANDS):
        state = play_random_hand(game, variants[i % len(variants)], seed=i * 7919 + len(game))
        showdowns += any(e.kind == "show" for e in state.events)
    assert showdowns > HANDS // 20  # the driver reaches showdowns, not just folds


_NEW_MECHANICS = {
    "five-card-stud": {"turn_up", "player_wild", "declare", "show"},
    "five-card-stud-last-down": {"show"},
    "five-card-stud-five-bets": {"turn_up", "player_wild", "reveal"},
    "mexican-stud": {"turn_up_secret", "turn_up_reveal", "player_wild", "declare", "reveal"},
    "aces-deuces": {"draw", "draw_fee", "player_wild"},
}
NEW_GAMES = tuple(_NEW_MECHANICS)


@pytest.mark.slow
@pytest.mark.parametrize("game", NEW_GAMES)
def test_random_play_thousands_of_hands(game: str) -> None:
    """Two thousand more hands of each game of five-card stud, Mexican stud and
    aces-deuces, every option variant in turn (test_random_play plays a thousand);
    the driver must reach each game's own mechanisms (turn-ups, a player's own
    wild card at a showdown, declarations, paid draws)."""
    variants = OPTIONS[game]
    seen: set[str] = set()
    for i in range(2 * HANDS):
        state = play_random_hand(game, variants[i % len(variants)], seed=10**6 + i * 104729 + len(game))
        seen.update(e.kind for e in state.events)
    assert _NEW_MECHANICS[game] <= seen, _NEW_MECHANICS[game] - seen


DRAW_HANDS = int(os.environ.get("SPLITPOT_RANDOM_DRAW_HANDS", "1500"))
_DRAW_MECHANICS = {
    "jackpots": {"redeal", "reshuffle", "expose", "keep", "refuse", "openers", "passers_out"},
    "lowball": {"reshuffle", "expose", "keep", "refuse"},
    "california-lowball": {"reshuffle", "expose", "blind"},
    "jacks-back": {"redeal", "play_as", "nobody_opened", "reshuffle", "expose", "openers"},
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(_DRAW_MECHANICS))
def test_random_play_draw_games_thousands(game: str) -> None:
    """Thousands more hands of each draw game; the driver must reach every draw
    mechanism (re-deals, stub reshuffles, exposed cards, passers out...)."""
    variants = OPTIONS[game]
    seen: set[str] = set()
    for i in range(DRAW_HANDS):
        state = play_random_hand(game, variants[i % len(variants)], seed=10**6 + i * 104729)
        seen.update(e.kind for e in state.events)
    assert _DRAW_MECHANICS[game] <= seen, _DRAW_MECHANICS[game] - seen


@given(
    game=st.sampled_from(sorted(GAMES)),
    stacks=st.lists(st.integers(min_value=1, max_value=80), min_size=2, max_size=8),
    picks=st.lists(st.integers(min_value=0, max_value=7), max_size=120),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_hypothesis_hands(game: str, stacks: list[int], picks: list[int], seed: int) -> None:
    state = State(get_game(game), stacks, seed=seed)
    rng = random.Random(seed)
    total = sum(stacks)
    for pick in picks:
        if state.is_complete:
            break
        take(state, rng, pick)
        check_invariants(state, total)
    while not state.is_complete:
        take(state, rng, 1)  # call/check down
        check_invariants(state, total)
    replayed = state.history().replay()
    assert replayed.snapshot() == state.snapshot()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_away_player_is_acted_for_in_every_game(name: str) -> None:
    """bots.away_action plays every decision of every game (checks, else folds, else the least
    forced action), alone or beside a bot, and the hands end with the chips conserved."""
    from splitpot.bots import SimpleBot, away_action
    from splitpot.engine.session import Session

    spec = get_game(name)
    players = min(4, spec.max_players)
    alone = Session(spec, [40] * players, seed=5)
    alone.play(6, away_action)
    bot = SimpleBot(seed=5)
    mixed = Session(spec, [40] * players, seed=6)
    kinds: set[type[ev.Event]] = set()
    for _ in range(12):
        if not mixed.can_continue:
            break
        state = mixed.new_hand()
        while not state.is_complete:
            if state.actor == 0:
                kinds.add(type(away_action(state)))
            else:
                bot(state)
    for session in (alone, mixed):
        assert session.hands and all(h.is_complete for h in session.hands)
        assert sum(session.stacks) == 40 * players
    assert kinds <= {ev.Checked, ev.Folded, ev.BringInPosted, ev.BetMade, ev.Drew, ev.ExposedKept,
                     ev.TurnedUp, ev.TurnUpChosen, ev.Declared}


VIEW_HANDS = int(os.environ.get("SPLITPOT_VIEW_HANDS", "24"))


def _follow_views(state: State, rng: random.Random, clients: dict[int | None, list[dict[str, object]]],
                  changed: list[str]) -> None:
    """Each client (a seat, or None: a spectator) asks now and then for the events it does not hold
    (view(seat, since=len(held))) and replaces its events from view["since"]; what it holds then is
    exactly the whole view's events, and the rest of the view is the whole view's."""
    for seat, held in clients.items():
        if rng.random() < 0.4 and not state.is_complete:
            continue  # this client does not ask after every action
        update = state.view(seat, since=len(held))
        start = update.pop("since")
        assert 0 <= start <= len(held)
        if start < len(held):
            changed.append(held[start]["event"])  # type: ignore[arg-type]
        held[start:] = update.pop("events")
        whole = state.view(seat)
        assert held == whole.pop("events"), (seat, state)
        assert update == whole


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_since_rebuild_the_whole_view_in_random_play(game: str) -> None:
    """For random play of every game (and its variants: simultaneous declarations among them), at
    every step, every seat and a spectator that rebuild their events from view(seat, since=k)
    hold exactly view(seat)["events"].  Where the view of an event already sent changes (the reveal
    of simultaneous declarations), the update starts at that event."""
    changed: list[str] = []
    variants = OPTIONS[game]
    for i in range(VIEW_HANDS):
        seed = i * 104729 + len(game)
        rng = random.Random(seed)
        spec = get_game(game, **variants[i % len(variants)])
        players = rng.randint(spec.min_players, min(6, spec.max_players))
        stacks = [rng.choice([3, 12, 60, 200]) for _ in range(players)]
        state = State(spec, stacks, button=rng.randrange(players), seed=seed)
        clients: dict[int | None, list[dict[str, object]]] = {s: [] for s in [None, *range(players)]}
        for _ in range(5000):
            _follow_views(state, rng, clients, changed)
            if state.is_complete:
                break
            maybe_expose(state, rng)
            if rng.random() < 0.5 and state.phase is not Phase.DRAWING:
                passive = {o.action for o in state.legal_actions()} & {Action.CHECK, Action.CALL}
                if passive:  # call down more often than at random, to reach the declarations
                    getattr(state, _METHOD[passive.pop()])()
                    continue
            take(state, rng)
        assert state.is_complete
    declares_secretly = any(get_game(game, **v).declare.value == "simultaneous" for v in variants)
    if declares_secretly:
        assert "declare" in changed  # the reveal sent the declarations again
    assert set(changed) <= {"declare", "draw"}
