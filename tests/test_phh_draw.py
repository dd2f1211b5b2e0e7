"""Draw games in PHH without the deck order: the cards each draw serves are dealt
by name from the file's ``d dh pN CARDS`` lines (``State.draw(served=)``,
``dealing.plan_serves``), new stubs, exposed and owed cards and ``??`` included."""

from __future__ import annotations

import tomllib
from collections import Counter

import pytest

from engine.test_random_play import OPTIONS, play_random_hand
from phh_pokerkit import phh_order
from splitpot import phh
from splitpot.bots import SimpleBot
from splitpot.engine import dealing
from splitpot.engine import events as ev
from splitpot.engine.state import Phase, State
from splitpot.errors import HistoryError, IllegalActionError
from splitpot.games import GAMES, get_game

DRAW_GAMES = sorted(name for name in GAMES if any(street.draw for street in get_game(name).streets))
_OUTCOME = (ev.Drew, ev.CardsDealt, ev.CardExposed, ev.CardsShown, ev.PotAwarded, ev.HandEnded)


def _outcome(state: State) -> tuple[object, ...]:
    """What the hand gives: stacks, every card served or shown, the pots."""
    return (state.stacks, [e for e in state.events if isinstance(e, _OUTCOME)])


def _bot_hand(game: str, players: int, seed: int) -> State:
    state = State(get_game(game), [100] * players, button=seed % players, seed=seed)
    bot = SimpleBot(seed=seed)
    while not state.is_complete:
        bot(state)
    return state


def test_every_draw_game_is_covered() -> None:
    assert {"jackpots", "lowball", "california-lowball", "jacks-back", "aces-deuces"} <= set(DRAW_GAMES)


def test_the_reported_jacks_back_hand_round_trips() -> None:
    state = State(get_game("jacks-back"), [100] * 4, seed=1)
    bot = SimpleBot(seed=1)
    while not state.is_complete:
        bot(state)
    back = phh.loads(phh.dumps(state, deck=False)).replay()
    assert _outcome(back) == _outcome(state)


@pytest.mark.slow
@pytest.mark.parametrize("game", DRAW_GAMES)
def test_random_hands_round_trip_without_the_deck(game: str) -> None:
    """Random play (exposed cards, served-as-asked draws, paid draws, short stubs)
    written without ``_deck`` replays to the same cards, stacks and pots."""
    seen: Counter[object] = Counter()
    for option in OPTIONS[game]:
        for seed in range(40):
            state = play_random_hand(game, option, seed)
            text = phh.dumps(state, deck=False)
            assert "_deck" not in text
            back = phh.loads(text).replay()
            assert _outcome(back) == _outcome(state), text
            seen.update({type(e) for e in state.events})
            seen.update({"dead"} if any(getattr(e, "ruling", "") == "dead" for e in state.events) else set())
            asked = any(isinstance(e, ev.Drew) and len(e.received) != len(e.discarded) for e in state.events)
            seen.update({"asked"} if asked else set())
    assert seen[ev.Drew] > 0
    if game == "aces-deuces":  # paid draws, one card a turn
        assert seen[ev.DrawFeePaid] > 0
    else:  # up to eight players drawing five: new stubs, cards exposed in the deal and in the draw
        assert seen[ev.StubReshuffled] > 0 and seen[ev.CardExposed] > 0 and seen["dead"] > 0
    if game == "california-lowball":
        assert seen["asked"] > 0
    if game in ("jackpots", "california-lowball", "jacks-back"):
        assert seen[ev.ExposedRefused] > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", DRAW_GAMES)
@pytest.mark.parametrize("players", [2, 5, 8])
def test_bot_hands_round_trip_without_the_deck(game: str, players: int) -> None:
    spec = get_game(game)
    if players > spec.max_players:
        pytest.skip(f"{game} seats at most {spec.max_players}")
    for seed in range(15):
        state = _bot_hand(game, players, seed)
        back = phh.loads(phh.dumps(state, deck=False)).replay()
        assert _outcome(back) == _outcome(state)


def _short_stub_hand() -> State:
    """Eight players of jackpots each drawing five: the stub runs short."""
    state = State(get_game("jackpots", openers=None), [100] * 8, seed=3)
    while state.phase is not Phase.DRAWING:
        state.call() if state.can_call() else state.bet() if state.can_bet() else state.check()
    while state.phase is Phase.DRAWING:
        state.draw(state.cards(state.actor)) if state.can_draw(state.cards(state.actor)) else state.draw(
            state.cards(state.actor)[:3])
    return state


def test_a_short_stub_round_trips_and_names_the_new_stubs_cards() -> None:
    state = _short_stub_hand()
    assert any(isinstance(e, ev.StubReshuffled) for e in state.events)
    while not state.is_complete:
        state.check() if state.can_check() else state.call()
    text = phh.dumps(state, deck=False)
    back = phh.loads(text).replay()
    assert _outcome(back) == _outcome(state)
    reshuffled = next(e for e in back.events if isinstance(e, ev.StubReshuffled))
    original = next(e for e in state.events if isinstance(e, ev.StubReshuffled))
    assert set(reshuffled.cards) == set(original.cards)  # the same new stub, its named cards first


def _draw_lines(text: str) -> list[tuple[int, str]]:
    """(index, text) of each ``d dh`` line that follows a ``pN sd`` line."""
    actions = tomllib.loads(text)["actions"]
    return [(i, a) for i, a in enumerate(actions)
            if a.startswith("d dh") and i and actions[i - 1].split()[:2] == [a.split()[2], "sd"]]


def _edit(text: str, index: int, new: str) -> str:
    doc = tomllib.loads(text)
    actions = list(doc["actions"])
    actions[index] = new
    lines = [line for line in text.splitlines() if not line.startswith("actions =")]
    return "\n".join([*lines, "actions = [" + ", ".join(repr(a) for a in actions) + "]"])


def _drawn_hand(game: str = "jackpots") -> tuple[State, str]:
    for seed in range(50):
        state = _bot_hand(game, 4, seed)
        text = phh.dumps(state, deck=False)
        if len(_draw_lines(text)) >= 2:
            return state, text
    raise AssertionError("no hand with two draws")  # pragma: no cover


def test_replacement_cards_written_unknown_replay() -> None:
    """``??`` replacement cards: a player who shows has his shown cards; one who
    does not is served cards the file never names; the stacks are the same."""
    checked = 0
    for game in ("jackpots", "lowball", "california-lowball", "jacks-back"):
        for seed in range(12):
            state = _bot_hand(game, 5, seed)
            text = phh.dumps(state, deck=False)
            hidden = text
            for index, line in _draw_lines(text):
                words = line.split()
                hidden = _edit(hidden, index, f"d dh {words[2]} {'??' * (len(words[3]) // 2)}")
            if hidden == text:
                continue
            back = phh.loads(hidden).replay()
            assert back.stacks == state.stacks, hidden
            named = {c for a in tomllib.loads(hidden)["actions"] for c in _cards_of(a)}
            for seat in range(state.seats):
                shows = any(isinstance(e, ev.CardsShown) and e.seat == seat for e in state.events)
                if shows:
                    assert sorted(back.cards(seat)) == sorted(state.cards(seat))
            served = [c for e in back.events if isinstance(e, ev.Drew) for c in e.received]
            shown = {c for e in back.events if isinstance(e, ev.CardsShown) for c in e.cards}
            if not any(isinstance(e, (ev.Redealt, ev.StubReshuffled)) for e in back.events):
                assert all(c not in named or c in shown for c in served)  # one deck: never a named card
            checked += 1
    assert checked >= 20


def _cards_of(action: str) -> list[int]:
    words = action.split()
    text = words[-1] if words[:2] == ["d", "dh"] or words[1:2] in (["sd"], ["sm"]) else ""
    if len(words) < 3:
        return []
    pairs = [text[i : i + 2] for i in range(0, len(text), 2)]
    return [phh._CARD[p] for p in pairs if p != "??"]


def test_a_hand_written_file_with_unknown_replacements() -> None:
    """Two players of lowball: p1 draws two unknown cards and folds; p2 draws one
    named card and wins."""
    text = "\n".join([
        "variant = 'splitpot:lowball'", "antes = [1, 1]", "small_bet = 5", "big_bet = 10",
        "starting_stacks = [50, 50]",
        "actions = ['d dh p1 Kc9d7h4s2c', 'd dh p2 8s6d5h3c2d', 'p1 cbr 5', 'p2 cc',",
        "  'p1 sd Kc9d', 'd dh p1 ????', 'p2 sd 8s', 'd dh p2 Ah', 'p1 cc', 'p2 cbr 10', 'p1 f']",
        "finishing_stacks = [44, 56]",
    ])
    state = phh.loads(text).replay()
    assert state.stacks == [44, 56]
    named = {phh._CARD[c] for c in ("Kc", "9d", "7h", "4s", "2c", "8s", "6d", "5h", "3c", "2d", "Ah")}
    drew = [e for e in state.events if isinstance(e, ev.Drew)]
    assert len(drew[0].received) == 2 and not named & set(drew[0].received)
    assert drew[1].received == (phh._CARD["Ah"],)


@pytest.mark.parametrize("fault", ["out", "short", "long", "no-draw"])
def test_bad_replacement_cards_name_the_line(fault: str) -> None:
    state, text = _drawn_hand()
    order = phh_order(state)
    index, line = next((i, a) for i, a in _draw_lines(text) if len(a.split()[3]) >= 4)
    words = line.split()
    seat = order[int(words[2][1:]) - 1]
    if fault == "out":  # a card dealt to another player
        other = next(s for s in order if s != seat)
        taken = ev.card_text(state.dealt_cards(other)[0])
        bad = f"d dh {words[2]} {taken}{words[3][2:]}"
        message = f"{taken} cannot be served: it is already out"
        where = rf"line \d+, actions\[{index}\] '{bad}'"
    elif fault == "short":
        bad, message = f"d dh {words[2]} {words[3][2:]}", "is served as many cards as he discards"
        where = rf"line \d+, actions\[{index - 1}\] '{words[2]} sd"
    elif fault == "long":
        extra = ev.card_text(next(c for c in range(52) if all(c not in state.dealt_cards(s) for s in order)
                                  and not any(ev.card_text(c) in a for a in tomllib.loads(text)["actions"])))
        bad, message = f"d dh {words[2]} {words[3]}{extra}", "is served as many cards as he discards"
        where = rf"line \d+, actions\[{index - 1}\] '{words[2]} sd"
    else:  # a player who stands pat is dealt cards
        sd = tomllib.loads(text)["actions"][index - 1]
        text = _edit(text, index - 1, sd.split()[0] + " sd")
        bad, message = line, "is served as many cards as he discards \\(0\\)"
        where = rf"line \d+, actions\[{index - 1}\] '{words[2]} sd'"
    with pytest.raises(HistoryError, match=f"{where}.*{message}"):
        phh.loads(_edit(text, index, bad))


def test_cards_dealt_after_the_hand_are_refused() -> None:
    _, text = _drawn_hand()
    free = next(c for c in range(52) if not any(ev.card_text(c) in a for a in tomllib.loads(text)["actions"]))
    doc = tomllib.loads(text)
    stray = f"d dh p1 {ev.card_text(free)}"
    bad = _edit(text, len(doc["actions"]) - 1, doc["actions"][-1])[:-1] + f", {stray!r}]"
    where = rf"actions\[{len(doc['actions'])}\] '{stray}'"
    with pytest.raises(HistoryError, match=rf"{where}: the hand never deals"):
        phh.loads(bad)


# ------------------------------------------------------------ the engine hook
def _at_draw(game: str = "jackpots", players: int = 4, seed: int = 2) -> State:
    state = State(get_game(game, **({"openers": None} if game == "jackpots" else {})), [60] * players,
                  seed=seed)
    while state.phase is not Phase.DRAWING:
        state.call() if state.can_call() else state.bet() if state.can_bet() else state.check()
    return state


def test_draw_serves_the_named_cards() -> None:
    state = _at_draw()
    seat = state.actor
    held = state.cards(seat)
    stub = state._deck[state._next :]
    wanted = [stub[-1], stub[5]]  # even the stub's last card may be named: the order is unknown
    event = state.draw(held[:2], served=wanted)
    assert isinstance(event, ev.Drew) and list(event.received) == wanted
    assert sorted(state.cards(seat)) == sorted(held[2:] + wanted)
    assert state.history().replay().snapshot() == state.snapshot()  # the deck order recorded is the one dealt


@pytest.mark.parametrize(
    ("served", "message"),
    [
        ("held", "cannot be served: it is already out"),
        ("one", "is served 2 cards here, not 1"),
        ("twice", "named twice|duplicate card"),
        ("Xx", "Cannot parse card|is not a card|card"),
    ],
)
def test_draw_refuses_bad_named_cards_and_changes_nothing(served: str, message: str) -> None:
    state = _at_draw()
    held = state.cards(state.actor)
    stub = state._deck[state._next :]
    choices = {"held": [held[4], stub[0]], "one": [stub[0]], "twice": [stub[0], stub[0]], "Xx": "Xx Yy"}
    cards: object = choices[served]
    before = state.snapshot()
    assert not state.can_draw(held[:2], served=cards)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=message):
        state.draw(held[:2], served=cards)  # type: ignore[arg-type]
    assert state.snapshot() == before


def test_named_draws_agree_with_the_plain_serve() -> None:
    """The named path serving the cards the plain path served gives the same hand:
    the same cards received, the same outcome (hands with exposed cards are left
    to the PHH round trips: the cards owed for them are named there)."""
    checked, reshuffled = 0, 0
    for seed in range(60):
        plain = play_random_hand("jackpots", {}, seed)
        if any(isinstance(e, ev.CardExposed) for e in plain.events):
            continue
        redeals = [e.cards for e in plain.events if isinstance(e, ev.Redealt)]
        named = State(plain.spec, plain.starting_stacks, button=plain.button,
                      deck=[plain.history().deck, *redeals])
        for event in plain.events:
            if isinstance(event, ev.Drew):
                asked = len(event.received) if len(event.received) != len(event.discarded) else None
                named.draw(event.discarded, served=event.received, asked=asked)
            elif isinstance(event, (ev.Called, ev.Checked, ev.Folded, ev.BetMade, ev.Raised, ev.Completed)):
                _replay_bet(named, event)
        assert _outcome(named) == _outcome(plain)
        checked += 1
        reshuffled += any(isinstance(e, ev.StubReshuffled) for e in plain.events)
    assert checked >= 30 and reshuffled >= 3


def _replay_bet(state: State, event: ev.Event) -> None:
    kind = type(event)
    if kind is ev.Called:
        state.call()
    elif kind is ev.Checked:
        state.check()
    elif kind is ev.Folded:
        state.fold()
    elif kind is ev.BetMade:
        state.bet(event.to)  # type: ignore[attr-defined]
    elif kind is ev.Completed:
        state.complete(event.to)  # type: ignore[attr-defined]
    else:
        state.raise_to(event.to)  # type: ignore[attr-defined]


def test_serves_across_a_new_stub_must_come_from_it() -> None:
    """Past the stub's end the named cards must be among the new stub's: its last
    card and the muck; a card still held, or a later player's, is refused."""
    state = _at_draw("jackpots", players=8, seed=3)
    assert state.cards_left == 11  # 8 x 5 dealt and a burn
    for count in (3, 3, 1):
        state.draw(state.cards(state.actor)[:count])
    seat = state.actor
    held = state.cards(seat)
    count = state.cards_left + 1  # more than the stub serves: a new stub
    assert count <= 5
    plan_ok = dealing.plan_serves(state, [([None] * count, held[:count])])
    assert len(plan_ok.front) == 2 and len(plan_ok.moves) == count - 2
    mucked = next(c for c in state._pool)
    other = next(s for s in state.active if s != seat)
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="cards of the new stub"):
        state.draw(held[:count], served=[*plan_ok.served[0][:-1], state.cards(other)[0]])
    assert state.snapshot() == before
    stub = state._deck[state._next :]
    wanted = [*stub[: count - 2], mucked, stub[-1]]
    event = state.draw(held[:count], served=wanted)
    assert list(event.received) == wanted  # type: ignore[attr-defined]
    reshuffled = next(e for e in reversed(state.events) if isinstance(e, ev.StubReshuffled))
    assert list(reshuffled.cards[:2]) == [mucked, stub[-1]]


@pytest.mark.parametrize("game", ["lowball", "california-lowball"])
def test_every_card_dealt_unknown_replays_by_discards_and_shown_cards(game: str) -> None:
    """A room that sees no card but the discards and the showdown writes every ``d dh``
    as ``??``: the hole cards are the discards, then the cards shown; the stacks are
    the same (a game with openers needs the opener's cards named: they are checked
    when he opens)."""
    for seed in range(15):
        state = _bot_hand(game, 5, seed)
        text = hidden = phh.dumps(state, deck=False)
        for index, action in enumerate(tomllib.loads(text)["actions"]):
            words = action.split()
            if words[:2] == ["d", "dh"]:
                hidden = _edit(hidden, index, f"d dh {words[2]} {'??' * (len(words[3]) // 2)}")
        assert phh.loads(hidden).replay().stacks == state.stacks, hidden
