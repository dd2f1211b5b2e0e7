"""Fuzz targets: each a Hypothesis test of one boundary that either returns a
correct answer or raises a :class:`splitpot.errors.SplitpotError` — never another
exception, a crash, or a sanitizer report.  ``tests/fuzz/run.py`` drives them
for a time budget (``fuzz_one_input`` on random bytes); pytest never collects
them (no ``test_`` names).

Why Hypothesis rather than atheris: the engine and history targets need
structured inputs (a game, legal and illegal action sequences, a recorded hand
mutated at one JSON path) that Hypothesis builds directly and shrinks to a
minimal failing case; it is already a test dependency, needs no instrumented
interpreter, and the C++ side is watched by the ASan/UBSan build instead of
coverage feedback.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import random
import sys
import tempfile
import tomllib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import splitpot
from splitpot.bots import SimpleBot

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the shared history mutations
from history_mutations import mutate, replays_as
from splitpot import phh
from splitpot.cards import card_text
from splitpot.cli import main
from splitpot.dealers_choice import DEALERS_CHOICE, DealersChoice
from splitpot.engine.session import Session
from splitpot.errors import HistoryError, SplitpotError
from splitpot.house import HouseDealer, example_house, house_dealer, house_session
from splitpot.ranges import parse_range

__all__ = ["TARGETS"]

FUZZ = settings(
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
    max_examples=50,
)

RANKINGS = [r.value for r in splitpot.Ranking]

# Anything a caller might pass where a number, a name or cards are meant.
ODD_VALUES = st.one_of(
    st.integers(-(2**70), 2**70),
    st.integers(-3, 60),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=8),
    st.binary(max_size=4),
    st.decimals(allow_nan=False, allow_infinity=False, places=1),
    st.complex_numbers(allow_nan=False, allow_infinity=False, max_magnitude=100),
    st.just(np.int64(5)),
    st.just(np.float64(5.0)),
    st.just(np.bool_(True)),
)
CARD_INTS = st.one_of(st.integers(0, 52), st.integers(-5, 60), st.integers(-(2**70), 2**70))
CARD_TEXT = st.text(alphabet="23456789TJQKAtjqkacdhsx10 ,k", max_size=24)
WILD_SPEC = st.one_of(
    st.none(),
    st.sampled_from(["2", "10", "A", "Jd 4h", "Z", "2c 2c", ""]),
    st.lists(st.one_of(st.sampled_from(["2", "3", "Q"]), st.integers(-2, 54)), max_size=3),
    ODD_VALUES,
)
WILD_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "wild": WILD_SPEC,
        "joker": st.one_of(st.sampled_from(["bug", "wild", "Wild", "loud"]), ODD_VALUES),
        "wild_low": st.one_of(st.sampled_from(["zero", "lowest-absent", "best-rank", "x"]), ODD_VALUES),
        "duplicate": st.one_of(st.booleans(), ODD_VALUES),
        "penalty": WILD_SPEC,
        "penalty_rule": st.one_of(st.sampled_from(["dead-hand", "void-card", "dead"]), ODD_VALUES),
    },
)


def refused_cleanly(call: Callable[[], Any]) -> tuple[bool, Any]:
    """(True, result) or (False, error) for a SplitpotError; anything else propagates."""
    try:
        return True, call()
    except SplitpotError as err:
        assert str(err), "an error without a message"
        return False, err


@FUZZ
@given(st.one_of(CARD_TEXT, st.text(max_size=24)))
def fuzz_card_text(text: str) -> None:
    """Card text: a parse gives distinct cards that print back to an equal parse."""
    ok, cards = refused_cleanly(lambda: splitpot.parse_cards(text))
    if ok:
        assert len(set(cards)) == len(cards)
        assert splitpot.parse_cards(" ".join(map(str, cards))) == cards


@FUZZ
@given(st.one_of(ODD_VALUES, CARD_TEXT))
def fuzz_card_value(value: Any) -> None:
    """Card(value): an int 0..52 (the value itself for ints) or a refusal."""
    ok, card = refused_cleanly(lambda: splitpot.Card(value))
    if ok:
        assert 0 <= int(card) <= 52
        if isinstance(value, int) and not isinstance(value, bool):
            assert int(card) == value


@FUZZ
@given(
    st.lists(CARD_INTS, min_size=0, max_size=8),
    st.one_of(st.sampled_from(RANKINGS), ODD_VALUES),
    WILD_OPTIONS,
)
def fuzz_evaluate(cards: list[int], ranking: Any, options: dict[str, Any]) -> None:
    """strength/evaluate/high_low on any list and options: evaluate agrees with strength."""
    ok, s = refused_cleanly(lambda: splitpot.strength(cards, ranking, **options))
    ok2, hand = refused_cleanly(lambda: splitpot.evaluate(cards, ranking, **options))
    assert ok == ok2, (s, hand)
    if ok:
        assert isinstance(s, int) and s >= 0
        assert (hand.strength if hand is not None else 0) == s
        if hand is not None:
            assert set(map(int, hand.cards)) <= set(cards)
    refused_cleanly(lambda: splitpot.high_low(cards, ranking, **options))


ARRAYS = st.one_of(
    st.lists(st.lists(st.integers(0, 52), min_size=5, max_size=7), min_size=0, max_size=6).map(
        lambda rows: np.array(rows, dtype=np.uint8) if rows and len({len(r) for r in rows}) == 1 else rows
    ),
    st.builds(
        lambda n, k, dtype, low, high, seed: (
            np.random.default_rng(seed).integers(low, high, (n, k)).astype(dtype)
        ),
        st.integers(0, 5),
        st.integers(0, 9),
        st.sampled_from(["uint8", "int8", "int64", "uint16", "float64", "bool", "int32"]),
        st.integers(-3, 0),
        st.integers(1, 70),
        st.integers(0, 2**32),
    ),
    ODD_VALUES,
)


@FUZZ
@given(
    ARRAYS,
    st.one_of(st.sampled_from(RANKINGS), ODD_VALUES),
    st.one_of(st.integers(-1, 4), st.none(), ODD_VALUES),
    st.one_of(st.booleans(), ODD_VALUES),
    WILD_OPTIONS,
    st.one_of(st.none(), st.lists(st.integers(-1, 9000), max_size=6).map(np.array), ODD_VALUES),
)
def fuzz_batch(
    cards: Any, ranking: Any, threads: Any, check: Any, options: dict[str, Any], wild_ranks: Any
) -> None:
    """evaluate_many on any array: row for row what strength gives."""
    ok, out = refused_cleanly(
        lambda: splitpot.evaluate_many(
            cards, ranking, threads=threads, check=check, wild_ranks=wild_ranks, **options
        )
    )
    if ok:
        rows = np.asarray(cards)
        assert out.shape == (rows.shape[0],)
        if check is True and wild_ranks is None:
            for row, s in zip(rows.tolist(), out.tolist(), strict=True):
                assert splitpot.strength(row, ranking, **options) == s


GAMES = sorted(splitpot.GAMES)
ACTIONS = ("fold", "check", "call", "bet", "raise_to", "complete", "bring_in", "draw", "declare", "advance")


def _act(state: splitpot.State, name: str, value: Any, seat: Any) -> object:
    """One call of the engine's public API, fed the fuzzed value and seat."""
    if name == "declare":
        return state.declare(value if isinstance(value, str) else "high", seat=seat)
    if name in ("bet", "raise_to", "complete"):
        return getattr(state, name)(value)
    if name == "draw":
        return state.draw(() if value is None else [value])
    return getattr(state, name)()


@FUZZ
@given(
    st.sampled_from(GAMES),
    st.lists(st.one_of(st.integers(0, 80), ODD_VALUES), min_size=2, max_size=9),
    st.integers(0, 2**32),
    st.booleans(),
    st.lists(
        st.tuples(
            st.sampled_from(ACTIONS),
            st.one_of(st.none(), st.integers(-2, 30), ODD_VALUES),
            st.one_of(st.none(), st.integers(-1, 9), ODD_VALUES),
        ),
        max_size=60,
    ),
)
def fuzz_engine(game: str, stacks: list[Any], seed: int, automate: bool, moves: list[Any]) -> None:
    """Any table and any sequence of calls: each call acts or is refused with the state
    unchanged; chips are conserved; the history replays to the same state."""
    ok, state = refused_cleanly(
        lambda: splitpot.State(splitpot.get_game(game), stacks, seed=seed, automate=automate)
    )
    if not ok:
        return
    total = sum(state.starting_stacks)
    for name, value, seat in moves:
        if state.is_complete:
            break
        before = state.snapshot()
        call = functools.partial(_act, state, name, value, seat)
        done, _ = refused_cleanly(call)
        if not done:
            assert state.snapshot() == before
        assert sum(state.stacks) + state.pot == total
    replayed = splitpot.History.from_json(state.history().to_json()).replay()
    assert replayed.snapshot() == state.snapshot()


JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**66), 2**66),
        st.floats(allow_nan=False),
        st.text(max_size=4),
        st.sampled_from(["As", "Jk", "high", "both", "raise", "deal"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


# One to three changes to a JSON document: a near miss, or a value put somewhere.
JSON_EDITS = st.lists(
    st.tuples(st.integers(0, 2**32), st.one_of(st.just("near"), JSON_VALUES)), min_size=1, max_size=3
)


def _edited(doc: dict[str, Any], edits: list[tuple[int, Any]], **names: str) -> dict[str, Any]:
    """``doc`` with ``edits`` made (``names``: mutate's names of its lists)."""
    for mutation_seed, value in edits:
        rng = random.Random(mutation_seed)
        doc = mutate(doc, rng, **names) if value == "near" else mutate(doc, rng, value, **names)
    return doc


@lru_cache(maxsize=64)
def _played(game: str, seed: int) -> str:
    state = splitpot.State(splitpot.get_game(game), [30, 45, 60], seed=seed)
    bot = SimpleBot(seed=seed)
    while not state.is_complete:
        bot(state)
    return state.history().to_json()


@FUZZ
@given(st.sampled_from(GAMES), st.integers(0, 15), JSON_EDITS)
def fuzz_history(game: str, seed: int, edits: list[tuple[int, Any]]) -> None:
    """A played hand's JSON changed (events swapped, dropped or repeated, deck cards
    swapped, any value replaced by a near miss or an arbitrary JSON value, keys
    dropped): refused with a HistoryError, or loaded and replayed to exactly the
    hand it describes."""
    doc = _edited(json.loads(_played(game, seed)), edits)
    try:
        history = splitpot.History.from_json(json.dumps(doc))
    except HistoryError:
        return
    state = history.replay()
    assert replays_as(state.history(), history)
    assert sum(state.stacks) + state.pot == sum(history.stacks)


def _toml_value(value: Any) -> str:
    """A value as TOML (a PHH document's), whatever a mutation made of it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return {"inf": "inf", "-inf": "-inf", "nan": "nan"}.get(repr(value), repr(value))
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(v)}" for k, v in value.items()
                               if v is not None) + "}"
    return json.dumps(str(value))


def _toml(doc: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(str(k))} = {_toml_value(v)}\n" for k, v in doc.items() if v is not None)


def _near_action(action: str, rng: random.Random) -> str:
    """A PHH action with one word changed: a card, a number, a player, a verb."""
    words = action.split()
    if not words:
        return "p1 f"
    i = rng.randrange(len(words))
    word = words[i]
    if word.isdigit():
        words[i] = str(int(word) + rng.choice((-1, 1, 100)))
    else:
        near = ("p9", "p0", "AsAs", "????", "Jk", "cbr", "cc", "sd", "sm", "f", "pb", word[:-1])
        words[i] = rng.choice(near)
    return " ".join(words)


@lru_cache(maxsize=64)
def _played_phh(game: str, seed: int) -> str:
    return phh.dumps(splitpot.History.from_json(_played(game, seed)))


@FUZZ
@given(
    st.sampled_from(GAMES),
    st.integers(0, 15),
    st.lists(
        st.tuples(st.integers(0, 2**32), st.sampled_from(["near", "action", "value"]), JSON_VALUES),
        min_size=1, max_size=3,
    ),
)
def fuzz_phh(game: str, seed: int, edits: list[tuple[int, str, Any]]) -> None:
    """A played hand's PHH changed (actions swapped, dropped, repeated or with one word
    changed, any value replaced by a near miss or an arbitrary value, keys dropped):
    refused with a HistoryError, or loaded and replayed with the chips conserved to a
    hand that writes back to PHH and loads again as the same hand."""
    doc = tomllib.loads(_played_phh(game, seed))
    for mutation_seed, how, value in edits:
        rng = random.Random(mutation_seed)
        actions = doc.get("actions")
        if how == "action" and isinstance(actions, list) and actions and isinstance(actions[0], str):
            i = rng.randrange(len(actions))
            actions[i] = _near_action(str(actions[i]), rng)
        else:
            args = {} if how == "near" else {"value": value}
            doc = mutate(doc, rng, **args, events_key="actions")
    try:
        history = phh.loads(_toml(doc))
    except HistoryError:
        return
    state = history.replay()
    assert sum(state.stacks) + state.pot == sum(history.stacks)
    again = phh.loads(phh.dumps(history))
    assert again.replay().snapshot() == state.snapshot()


RANGE_TOKENS = st.sampled_from([
    "Kd", "As", "Ad", "2c", "Jk", "7h", "+", "1", "2", "3", "5", "8", "down", ":", ",", "pair", "pair+",
    "two-pair+", "trips+", "jacks+", "8-low", "7-low", "kept", "drew", "pat", "AA", "KK", "As Ad:2", "0",
    "1/2", "-1", ":3", "x", "9-low", "10", "A", "down:", "+2",
])
RANGE_TEXT = st.one_of(
    st.lists(RANGE_TOKENS, max_size=9).map(" ".join),
    st.text(alphabet="AKQJT98765432cdhsx+:,/-0123456789 pairdownkeptdrewlowjacks", max_size=30),
)


@FUZZ
@given(RANGE_TEXT)
def fuzz_range(text: str) -> None:
    """Range text: a Range whose text reads back as the same range, whose members
    hold as many distinct cards as it hides, none of them known, and which expands
    (three hidden cards or fewer) to such sets with positive weights; or a
    SplitpotError."""
    ok, r = refused_cleanly(lambda: parse_range(text))
    if not ok:
        return
    assert parse_range(r.text) == r, (text, r.text)
    known = {int(c) for c in r.known}
    for m in r.members:
        cards = {int(c) for c in m.cards}
        assert len(cards) == r.hidden and not cards & known and m.weight > 0
    if r.hidden <= 3:
        ok, expanded = refused_cleanly(lambda: r.expand([]))
        if ok:
            rows, weights = expanded
            assert rows.shape[1] == r.hidden and len(rows) == len(weights) and (weights > 0).all()
            assert all(len(set(row)) == r.hidden and not set(row.tolist()) & known for row in rows[:500])


def _resume(game: str, seed: int, text: str, ask: bool) -> Session:
    """The session ``text`` resumed: a dealer's-choice session with its house dealer."""
    if game == DEALERS_CHOICE:
        dealer = house_dealer(example_house(), seed)
        return DealersChoice.from_json(text, dealer=dealer, ask_dealers=ask)
    return Session.from_json(text)


@lru_cache(maxsize=32)
def _session(game: str, seed: int) -> str:
    """A session of three hands, the third left unfinished, as JSON (dealer's choice:
    the example house list's computer dealer calls the deals)."""
    stacks = [30, 45, 60]
    session = (house_session(example_house(), stacks, seed=seed) if game == DEALERS_CHOICE
               else Session(splitpot.get_game(game), stacks, seed=seed))
    bot = SimpleBot(seed=seed)
    session.play(2, bot)
    if not session.can_continue:
        return session.to_json()
    state = session.new_hand()
    for _ in range(seed % 5):
        if not state.is_complete:
            bot(state)
    return session.to_json()


@FUZZ
@given(
    st.sampled_from([*GAMES, DEALERS_CHOICE]),
    st.integers(0, 7),
    st.one_of(st.just([]), JSON_EDITS, JSON_EDITS),
    st.booleans(),
)
def fuzz_session(game: str, seed: int, edits: list[tuple[int, Any]], ask: bool) -> None:
    """A saved session's JSON changed (hands swapped, dropped or repeated, two hands'
    seeds swapped, any value replaced by a near miss or an arbitrary JSON value, keys
    dropped): refused with a HistoryError, or resumed with every chip where it was,
    saved again to the same document, and able to play on. Dealer's choice too, its
    house dealer asked again for each saved call or not. One document in three is
    left as saved (so that resuming and playing on are reached in every game)."""
    doc = _edited(json.loads(_session(game, seed)), edits, events_key="hands", deck_key="seeds")
    try:
        session = _resume(game, seed, json.dumps(doc), ask)
    except HistoryError:
        return
    start = sum(session.hands[0].starting_stacks) if session.hands else sum(session.stacks)
    current = session.hands[-1] if session.hands else None
    assert (sum(current.stacks) + current.pot if current else sum(session.stacks)) == start
    assert _resume(game, seed, session.to_json(), False).to_json() == session.to_json()
    if current is None or current.is_complete:
        refused_cleanly(lambda: session.play(1, SimpleBot(seed=seed)))
        if session.hands:
            last = session.hands[-1]
            assert sum(last.stacks) + last.pot == start


def _command(argv: list[str], saved: str | None = None) -> tuple[int, str, str, str]:
    """``splitpot ARGV`` with ``{file}`` in it a file in a new folder (holding ``saved``):
    the exit status, standard output and error, and the file's text after the run."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "saved.json")
        if saved is not None:
            path.write_text(saved)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(path) if word == "{file}" else word for word in argv])
        return code, out.getvalue(), err.getvalue(), path.read_text() if path.exists() else ""


@lru_cache(maxsize=32)
def _saved(game: str, seed: int) -> str:
    """What ``splitpot play GAME --hands 2 --save FILE`` writes (dealer's choice: with
    its computer dealer)."""
    code, _, _, text = _command(["play", game, "--players", "3", "--hands", "2", "--seed", str(seed),
                                 "--stack", "40", "--save", "{file}"])
    assert code == 0
    return text


@FUZZ
@given(
    st.sampled_from([*GAMES, DEALERS_CHOICE]),
    st.integers(0, 7),
    st.one_of(st.just([]), JSON_EDITS, JSON_EDITS),
    st.sampled_from([[], ["--bots"], ["--hands", "1"], ["--hands", "2", "--bots"]]),
)
def fuzz_resume(game: str, seed: int, edits: list[tuple[int, Any]], flags: list[str]) -> None:
    """``splitpot resume FILE --json`` on a saved session's document changed as in
    ``session`` (its bot, seat, planned hands and dealer too): exit status 2 with
    one line naming the file, or 0 with a document that resumes to a session of
    every chip it started with, whose bot and dealer load again."""
    doc = _edited(json.loads(_saved(game, seed)), edits, events_key="hands", deck_key="seeds")
    code, out, err, _ = _command(["resume", "{file}", "--json", *flags], json.dumps(doc))
    if code != 0:
        assert code == 2 and out == "", (code, err)
        assert err.startswith("splitpot resume: error: ") and err.count("\n") == 1
        return
    played = json.loads(out)
    SimpleBot.from_dict(played["bot"])
    if played["game"] == DEALERS_CHOICE:
        session: Session = DealersChoice.from_dict(played, dealer=HouseDealer.from_dict(played["dealer"]))
    else:
        session = Session.from_dict(played)
    assert sum(played["final_stacks"]) == sum(played["starting_stacks"]) == sum(session.stacks)


EQUITY_GAMES = [g.value for g in splitpot.EquityGame] + ["california-lowball", "five-card-stud-last-down"]
DRAW_GAMES = {"lowball", "deuce-to-seven", "jackpots", "california-lowball"}
RULES_OF_POSITION = ("hole_card", "lowest_hole_card", "first_card", "third_card", "lowest_card")
WILD_CHOICES = st.fixed_dictionaries(
    {},
    optional={
        "wild": st.sampled_from(["2", "A", "Jd 4h", ("2", "3")]),
        "joker": st.sampled_from(["bug", "wild", None]),
        "wild_low": st.sampled_from(["zero", "lowest-absent", "best-rank"]),
        "duplicate": st.booleans(),
        "penalty": st.sampled_from(["9", "Qs", ("3", "4")]),
        "penalty_rule": st.sampled_from(["dead-hand", "void-card"]),
        "threads": st.integers(1, 2),
    },
)
EQUITY_KEYS = ["game", "hands", "dead", "positional", "low", "draws", "declare", "tie_keeps_half", "wild",
               "joker", "wild_low", "duplicate", "penalty", "penalty_rule", "threads", "samples", "method"]


@FUZZ
@given(
    st.sampled_from(EQUITY_GAMES),
    st.permutations(range(52)),
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 3)), min_size=2, max_size=5),
    st.integers(0, 44),
    st.one_of(st.none(), st.integers(1, 3000)),
    st.integers(0, 2**32),
    WILD_CHOICES,
    st.data(),
    st.one_of(st.none(), st.none(), st.none(),
              st.tuples(st.sampled_from(EQUITY_KEYS), st.one_of(ODD_VALUES, CARD_TEXT))),
)
def fuzz_equity(
    game: str,
    deck: list[int],
    shapes: list[tuple[int, int]],
    dead: int,
    samples: int | None,
    seed: int,
    options: dict[str, Any],
    data: st.DataObject,
    junk: tuple[str, Any] | None,
) -> None:
    """equity() on any spot: hands dealt from one shuffled deck (the joker in play
    where ``joker`` puts it in the deck), each its known cards and perhaps hidden
    cards (``+ k down``, sometimes a range of one member); dead cards; the game's own
    options (draws, a low, declarations, a player's own wild card); wild or penalty
    cards; perhaps one argument replaced by an odd value. An answer whose chances are
    probabilities, whose shares add up to the pot (to at most the pot with penalty
    cards, which can leave every hand dead), and which the counting method (where it
    applies) and 20,000 samples give again; or a SplitpotError. Exact runs stay small
    (the reference enumeration, at most 20,000 outcomes) and samples few:
    milliseconds an input."""
    size = 5 if game in DRAW_GAMES or game.startswith(("five", "mexican")) else 7
    lowball = game in ("lowball", "california-lowball")  # the bug in the deck by default
    if options.get("joker") in ("bug", "wild") or (lowball and "joker" not in options):
        deck = list(deck)
        deck.insert(data.draw(st.integers(0, 52)), 52)
    hands: list[Any] = []
    kept: list[int] = []  # the known cards of each hand
    at = 0
    for known, hidden in shapes:
        known = min(known, size - min(hidden, size))
        kept.append(known)
        text = " ".join(card_text(c) for c in deck[at:at + known])
        at += known
        if hidden:
            text += f" + {hidden} down"
            if hidden % 2:  # a range of one member: the next cards of the deck
                text += ": " + " ".join(card_text(c) for c in deck[at:at + hidden])
                at += hidden
        hands.append(text.strip())
    dead_cards = " ".join(map(card_text, deck[at : at + dead]))
    args: dict[str, Any] = {"game": game, "hands": hands, "dead": dead_cards}
    args |= options
    n = len(hands)
    high_low = game in ("seven-card-stud-8", "seven-card-stud-high-low") or (
        game in ("five-card-stud", "five-card-stud-last-down", "mexican-stud") and data.draw(st.booleans()))
    if game in DRAW_GAMES:
        args["draws"] = data.draw(st.one_of(  # what each hand draws to five, or anything
            st.just([5 - k for k in kept]), st.lists(st.integers(0, 5), min_size=n, max_size=n)))
    elif game != "mexican-stud" and data.draw(st.booleans()):
        args["positional"] = data.draw(st.sampled_from(RULES_OF_POSITION))
    if high_low and game != "seven-card-stud-8":
        args["low"] = data.draw(st.sampled_from(["deuce-to-seven", "ace-to-six", "ace-to-five"]))
    if high_low and data.draw(st.booleans()):
        sides = st.sampled_from(("high", "low", "both"))
        args["declare"] = data.draw(st.lists(sides, min_size=n, max_size=n))
        args["tie_keeps_half"] = data.draw(st.booleans())
    if junk is not None:
        args[junk[0]] = junk[1]
    exact = {"method": "enumerate", "max_outcomes": 20_000}
    limits: dict[str, Any] = exact if samples is None else {"samples": samples, "seed": seed}
    ok, result = refused_cleanly(lambda: splitpot.equity(**(limits | args)))
    if not ok:
        return
    assert len(result.players) == len(args["hands"]) and result.outcomes > 0
    for p in result:
        for chance in (p.high_win, p.high_tie, p.low_win, p.low_tie, p.scoop, p.share):
            assert -1e-12 <= chance <= 1 + 1e-12, (p, chance)
    total = sum(p.share for p in result)
    assert total <= 1 + 1e-9
    if "penalty" not in args:  # no dead hand: every outcome's pot goes to someone
        assert abs(total - 1) < 1e-9, total
    if result.exact and junk is None:  # the other ways to the same answer
        ok, counted = refused_cleanly(lambda: splitpot.equity(**(args | {"method": "count"})))
        if ok:  # heads-up spots the counting method takes: the same fractions
            assert all(abs(p.share - q.share) <= 1e-12 for p, q in zip(result, counted, strict=True))
        sampled = splitpot.equity(**(args | {"samples": 20_000, "seed": seed}))
        for p, q in zip(result, sampled, strict=True):
            assert q.stderr is not None and abs(p.share - q.share) < 6 * q.stderr.share + 0.01, (p, q)


TARGETS: dict[str, Callable[..., None]] = {
    "card_text": fuzz_card_text,
    "card_value": fuzz_card_value,
    "evaluate": fuzz_evaluate,
    "batch": fuzz_batch,
    "engine": fuzz_engine,
    "history": fuzz_history,
    "equity": fuzz_equity,
    "phh": fuzz_phh,
    "range": fuzz_range,
    "session": fuzz_session,
    "resume": fuzz_resume,
}
"""Every fuzz target by name."""
