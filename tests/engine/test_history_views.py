"""A player's own hand histories: ``History.to_dict(viewer=)`` / ``to_json`` and
``phh.dumps(hand, viewer=)`` give what a seat saw, and nothing more.

For every shipped game (and options that bring in simultaneous declarations,
turn-ups, positional wild cards, draws of upcards), hands played by the package's
bot with random folds: each seat's document holds no card the seat did not see by
the end of the hand (his own cards, upcards, cards exposed, turned up or shown at
the showdown; never a folded or mucked hand, another's draw, a burn or the deck),
every card of his own is there, and a spectator's holds only public cards.  A
view is refused by ``History.from_dict`` and by ``phh.loads``; a PHH view reads
back through ``phh.loads(text, view=True)`` as a History marked with its viewer
where PHH's reader can (the stud games, and the others' hands where no other
seat drew, opened or turned up a card in secret), else a HistoryError; what it
reads writes the same view and never a record.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from leak_helpers import public_cards, seen_by
from splitpot import State, get_game, phh
from splitpot.bots import SimpleBot
from splitpot.engine import events as ev
from splitpot.engine.history import ALL, History
from splitpot.errors import ArgumentTypeError, HistoryError, RuleError
from splitpot.games import GAMES
from splitpot.narrate import ALL as NARRATE_ALL

SEEDS = 30
OPTIONS: dict[str, list[dict[str, object]]] = {
    "seven-card-stud-8": [{"declare": "simultaneous"}],
    "seven-card-stud-declare": [{}],
    "five-card-stud": [{"turn_up": True}, {"wild": "2", "positional": "lowest_hole_card"}],
    "five-card-stud-five-bets": [{"low": "ace-to-five", "declare": "simultaneous"}],
    "aces-deuces": [{"declare": "simultaneous"}],
    "jackpots": [{"pass_and_out": True}],
}
CASES: list[tuple[str, dict[str, object]]] = [(game, {}) for game in sorted(GAMES)] + [
    (game, options) for game, more in OPTIONS.items() for options in more
]
CARD = re.compile(r"(?:[2-9TJQKA][cdhs]|Jk)")
PHH_CARDS = re.compile(r"(?:(?:[2-9TJQKA][cdhs]|Jk|\?\?))+")
STUD = {"seven-card-stud", "seven-card-stud-8", "seven-card-stud-high-low", "seven-card-stud-declare",
        "five-card-stud", "five-card-stud-five-bets", "five-card-stud-last-down"}


def _play(game: str, options: dict[str, object], seed: int) -> State:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    state = State(get_game(game, **options), [rng.choice([25, 60, 200])] * players, seed=seed)
    bot = SimpleBot(seed=seed)
    while not state.is_complete:
        if state.can_fold() and rng.random() < 0.1:
            state.fold()
        else:
            bot(state)
    return state


def _public(state: State) -> set[int]:
    """Cards everyone saw: leak_helpers' public cards, and those drawn to an upcard
    (aces-deuces), dealt face up."""
    public: set[int] = set(public_cards(state))
    for event in state.events:
        if isinstance(event, ev.Drew):
            pairs = zip(event.discarded, event.received, strict=False)
            public.update(new for old, new in pairs if old in public)
    return public


def _seen(state: State, seat: int | None) -> set[int]:
    """Every card ``seat`` saw by the end of the hand (None: a spectator), from the
    state and the events, not from the views under test."""
    seen: set[int] = _public(state) | set(seen_by(state, seat))
    view = state.view(seat)
    for player in view["players"]:
        seen.update(int(get_card(c)) for c in player["down"] + player["up"] if c is not None)
    return seen


def get_card(text: str) -> int:
    from splitpot.cards import Card

    return int(Card(text))


def _cards_in(data: Any) -> set[int]:
    """The cards a JSON document names (every string that is a card)."""
    if isinstance(data, str):
        return {get_card(data)} if CARD.fullmatch(data) else set()
    if isinstance(data, dict):
        return set().union(*map(_cards_in, data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*map(_cards_in, data)) if data else set()
    return set()


def _phh_cards(text: str) -> set[int]:
    """The cards a PHH text names (its ``_spec`` and ``_call`` left out: a game's
    wild or penalty card is no card of the hand)."""
    cards: set[int] = set()
    for line in text.splitlines():
        if line.startswith(("_spec", "_call")):
            continue
        for token in re.split(r"[\s\",\[\]=]+", line):
            if PHH_CARDS.fullmatch(token):
                pieces = (token[i:i + 2] for i in range(0, len(token), 2))
                cards.update(get_card(piece) for piece in pieces if piece != "??")
    return cards


def _own(state: State, seat: int) -> set[int]:
    return set(seen_by(state, seat))


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_a_seat_s_documents_hold_what_he_saw(game: str, options: dict[str, object]) -> None:
    shown_any = folded_any = False
    for seed in range(SEEDS):
        state = _play(game, options, seed)
        history = state.history()
        record = _cards_in(history.to_dict()["events"])
        shown_any |= any(isinstance(e, ev.CardsShown) for e in state.events)
        folded_any |= any(state.folded)
        for seat in [None, *range(state.seats)]:
            allowed = _seen(state, seat)
            data = history.to_dict(viewer=seat)
            assert data["viewer"] == seat and "deck" not in data
            assert json.loads(history.to_json(viewer=seat)) == data
            assert data["events"] == state.view(seat)["events"] == history.seen_by(seat)
            cards = _cards_in(data)
            assert cards <= allowed, (seed, seat, sorted(cards - allowed))
            text = phh.dumps(state, viewer=seat)
            marked = '"spectator"' if seat is None else str(seat)
            assert "_deck" not in text and text.endswith(f"_viewer = {marked}\n")
            in_phh = _phh_cards(text)
            assert in_phh <= allowed, (seed, seat, sorted(in_phh - allowed))
            if seat is None:
                assert cards <= _public(state) and in_phh <= _public(state)
            else:  # every card of his own is there, and only his hole cards of the record are
                own = _own(state, seat)
                assert own <= cards and own <= in_phh, (seed, seat, sorted(own - cards))
                others = {c for s in range(state.seats) if s != seat for c in state.down[s]}
                unseen = others - allowed
                assert record & unseen == unseen or not unseen  # the record holds them ...
                assert not cards & unseen and not in_phh & unseen  # ... the view does not
    assert folded_any  # the hands tested hide folded hands
    assert shown_any or game in ("jackpots",)  # and show hands at the showdown


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_phh_view_reads_back_where_phh_can(game: str) -> None:
    """A stud game's view is a PHH file with unknown cards: read as a view, it is
    marked with its viewer, ends with the same stacks, and writes the same text
    (and the same JSON view); it never passes for a record.  A draw game's
    view where another seat drew or opened (and Mexican stud's where a seat
    turned up a card in secret) is refused with a HistoryError: PHH's reader
    needs those cards by name."""
    read = 0
    for seed in range(6):
        state = _play(game, {}, seed)
        for seat in [None, *range(state.seats)]:
            text = phh.dumps(state, viewer=seat)
            with pytest.raises(HistoryError, match=r"_viewer: this is .* view of a hand, not a record"):
                phh.loads(text)
            try:
                history = phh.loads(text, view=True)
            except HistoryError as err:
                assert game not in STUD, err
                drew = any(isinstance(e, ev.Drew) and e.seat != seat for e in state.events)
                turned = any(isinstance(e, ev.TurnUpChosen) and e.seat != seat for e in state.events)
                opened = state.spec.opening is not None and any(
                    isinstance(e, ev.BetMade) and e.seat != seat for e in state.events)
                assert drew or turned or opened, err
                continue
            read += 1
            assert history.viewer == seat and history.viewer is not ALL
            assert history.events[-1] == state.events[-1]  # the hand's end: the same stacks
            assert phh.dumps(history) == phh.dumps(history, viewer=seat) == text
            data = history.to_dict()
            assert data["viewer"] == seat and "deck" not in data
            assert data == state.history().to_dict(viewer=seat)
            with pytest.raises(HistoryError, match="not a record"):
                History.from_dict(data)
            with pytest.raises(HistoryError, match="not a record"):
                history.replay()
    assert read > 0


def test_from_dict_refuses_a_view() -> None:
    state = _play("seven-card-stud", {}, 1)
    for seat, whose in ((2, "seat 2's"), (None, "a spectator's")):
        data = state.history().to_dict(viewer=seat)
        with pytest.raises(HistoryError, match=f"this is {whose} view of a hand .*not a record"):
            History.from_dict(data)
        with pytest.raises(HistoryError, match="not a record"):
            History.from_json(json.dumps(data))
    record = state.history().to_dict()
    assert "viewer" not in record and record == state.history().to_dict(viewer=ALL)
    assert History.from_dict(record).replay().snapshot() == state.snapshot()


def test_bad_viewers_are_refused() -> None:
    history = _play("lowball", {}, 2).history()
    with pytest.raises(RuleError, match="viewer"):
        history.to_dict(viewer=len(history.stacks))
    with pytest.raises(ArgumentTypeError, match="viewer"):
        history.to_json(viewer="1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="never holds the deck"):
        phh.dumps(history, viewer=0, deck=True)
    assert phh.dumps(history, viewer=0, deck=False) == phh.dumps(history, viewer=0)
    assert phh.dumps(history) == phh.dumps(history, deck=True, viewer=ALL)
    assert ALL is NARRATE_ALL  # one "every card" for narrations and documents


def test_a_seat_s_phh_view_of_a_stud_hand() -> None:
    """The known example: a fold on third street, from each side."""
    state = State(get_game("seven-card-stud"), [40, 40], seed=4)
    state.bring_in()
    state.fold()
    record = phh.dumps(state, deck=False)
    mine = phh.dumps(state, viewer=0)
    theirs = phh.dumps(state, viewer=1)
    assert 'actions = ["d dh p1 ????6c", "d dh p2 7h7dAs"' in mine
    assert 'actions = ["d dh p1 ' in theirs and '"d dh p2 ????As"' in theirs
    assert record.replace("_viewer", "") != mine
    assert phh.dumps(state, viewer=None).count("????") == 2


def test_a_phh_view_never_reads_back_as_a_record() -> None:
    """Was: ``phh.loads`` of a view returned a History with its hidden cards made up,
    whose ``to_dict()`` had no "viewer" and replayed as a record."""
    state = State(get_game("seven-card-stud"), [40, 40, 40], seed=4)
    state.bring_in()
    state.fold()
    mine, spectator = phh.dumps(state, viewer=1), phh.dumps(state, viewer=None)
    for text, whose in ((mine, "seat 1's"), (spectator, "a spectator's")):
        with pytest.raises(HistoryError, match=f"^_viewer: this is {whose} view of a hand, not a record: "
                                               r".*loads\(text, view=True\)"):
            phh.loads(text)
        with pytest.raises(HistoryError, match=rf"^hand \[1\], _viewer: this is {whose} view"):
            phh.loads_all(f"[1]\n{text}")
    read = phh.loads(mine, view=True)
    assert read.viewer == 1 and phh.loads(spectator, view=True).viewer is None
    assert phh.loads(phh.dumps(state), view=True).viewer is ALL  # a record stays a record
    assert [h.viewer for h in phh.iter_loads(phh.dumps_all([state, state], viewer=2), view=True)] == [2, 2]
    data = json.loads(read.to_json())
    assert data == state.history().to_dict(viewer=1) and read.seen_by(ALL) == data["events"]
    with pytest.raises(HistoryError, match=r"this is seat 1's view of a hand .*not a record"):
        History.from_dict(data)
    with pytest.raises(HistoryError, match="this History is seat 1's view of a hand, not a record"):
        read.replay()
    for other in (0, None):  # a view shows no other seat's view: his made-up cards are no one's
        with pytest.raises(HistoryError, match="shows only what he saw"):
            read.to_dict(viewer=other)
        with pytest.raises(HistoryError, match="shows only what he saw"):
            phh.dumps(read, viewer=other)
    with pytest.raises(ArgumentTypeError, match="never holds the deck"):
        phh.dumps(read, deck=True)
    with pytest.raises(ArgumentTypeError, match="view"):
        phh.loads(mine, view="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize(("value", "message"), [
    ("true", 'names his 0-based seat or "spectator", got'), ('"1"', "got"), ("3", "seat 3 is not a seat"),
    ("-1", "seat -1 is not a seat"),
])
def test_a_bad_phh_viewer_is_refused(value: str, message: str) -> None:
    text = phh.dumps(State(get_game("seven-card-stud"), [40, 40, 40], seed=4), viewer=1)
    bad = text.replace("_viewer = 1", f"_viewer = {value}")
    with pytest.raises(HistoryError, match=f"^_viewer: .*{message}"):
        phh.loads(bad, view=True)


def test_a_view_with_viewer_true_is_no_seat_s() -> None:
    """Was: "this is seat True's view" (True is an int to isinstance)."""
    data = _play("seven-card-stud", {}, 1).history().to_dict(viewer=0)
    with pytest.raises(HistoryError, match=r"^this is a view of a hand"):
        History.from_dict({**data, "viewer": True})


def test_seen_by_all_is_the_record_s_events() -> None:
    """Was: ``seen_by(ALL)`` refused with a message saying ALL is allowed."""
    history = _play("seven-card-stud", {}, 3).history()
    every = [ev.event_to_dict(e) for e in history.events]
    assert history.seen_by(ALL) == history.to_dict()["events"] == every
    with pytest.raises(ArgumentTypeError, match=r"viewer \(a seat, None for a spectator, or ALL\)"):
        history.seen_by("ALL")  # type: ignore[arg-type]
