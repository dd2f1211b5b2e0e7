"""Hand histories at the boundary: ``History.from_json`` checks the whole
document against the schema derived from the dataclasses before building
anything, then replays only what is consistent; every fault is a HistoryError
naming the event.  The shipped ``docs/history.schema.json`` is the generated one."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from history_mutations import mutate, replays_as
from splitpot.bots import SimpleBot
from splitpot.engine import events as ev
from splitpot.engine.history import History
from splitpot.engine.schema import history_schema, schema_text
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, HistoryError, IllegalActionError, SplitpotError
from splitpot.games import GAMES, get_game

SHIPPED = Path(__file__).resolve().parents[2] / "docs" / "history.schema.json"


def played(game: str, seed: int, players: int = 3, **options: Any) -> State:
    state = State(
        get_game(game, **options), [40 + 7 * i for i in range(players)], seed=seed, button=seed % players
    )
    bot = SimpleBot(seed=seed)
    while not state.is_complete:
        bot(state)
    return state


def document(game: str = "seven-card-stud", seed: int = 1, **options: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(played(game, seed, **options).history().to_json())
    return result


def index_of(doc: dict[str, Any], kind: str, nth: int = 0) -> int:
    return [i for i, e in enumerate(doc["events"]) if e["event"] == kind][nth]


# ------------------------------------------------------------------ the schema


def test_shipped_schema_is_the_generated_one() -> None:
    """docs/history.schema.json is generated from the dataclasses; regenerate it with
    SPLITPOT_WRITE_SCHEMA=1 python -m pytest tests/engine/test_history_boundary.py."""
    if os.environ.get("SPLITPOT_WRITE_SCHEMA"):
        SHIPPED.write_text(schema_text())
    assert SHIPPED.read_text() == schema_text()


def test_schema_is_json_schema_2020_12_and_covers_every_event_kind() -> None:
    schema = history_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    kinds = {d["properties"]["event"]["const"] for n, d in schema["$defs"].items() if n.startswith("event_")}
    assert kinds == set(ev._KINDS)
    assert set(schema["$defs"]["GameSpec"]["properties"]) == set(get_game("seven-card-stud").to_dict())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_played_history_conforms_to_the_shipped_schema(game: str) -> None:
    validator = jsonschema.Draft202012Validator(json.loads(SHIPPED.read_text()))
    for seed in range(5):
        doc = document(game, seed)
        validator.validate(doc)
        assert json.loads(History.from_dict(doc).replay().history().to_json()) == doc


# ------------------------------------------------- malformed input (was KeyError ...)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a JSON document"),
        ("[1, 2", "not a JSON document"),
        ("[" * 100_000, "not a JSON document"),  # was RecursionError
        ("[]", "the history: must be an object, got list"),
        ("{}", "the history: missing 'game'"),
        (b"\xff\xfe", "not a JSON document"),
        ('{"game": "x", "spec": 5}', "the history: missing 'starting_stacks'"),
    ],
)
def test_malformed_documents_are_history_errors(text: Any, message: str) -> None:
    with pytest.raises(HistoryError, match=message):
        History.from_json(text)


def test_a_history_is_text() -> None:
    with pytest.raises(ArgumentTypeError, match="a history is JSON text"):
        History.from_json({"game": "x"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("events"), "the history: missing 'events'"),
        (lambda d: d["events"][0].pop("amount"), r"event 0 \(ante\): missing 'amount'"),
        (
            lambda d: d["events"][0].update(amount="1"),
            r"event 0 \(ante\): amount: must be an integer, got str",
        ),
        (
            lambda d: d["events"][0].update(amount=1.0),
            r"event 0 \(ante\): amount: must be an integer, got float",
        ),
        (lambda d: d["events"][0].update(amount=True), "must be an integer, got bool"),
        (
            lambda d: d["events"][0].update(event="shout"),
            r"event 0: unknown event str 'shout'; the events: ante",
        ),
        (lambda d: d["events"][0].update(colour=1), r"event 0 \(ante\): has no field 'colour'"),
        (lambda d: d["deck"].__setitem__(3, "1x"), r"deck\[3\]: is not a card"),
        (lambda d: d["spec"].update(max_raises=None), "spec.max_raises: must be an integer"),
        (lambda d: d["spec"]["stakes"].update(ante=-1), "spec: Stakes: ante must be >= 0"),
        (lambda d: d["spec"].update(declare="loud"), "spec.declare: must be one of 'none', 'in_turn'"),
        (lambda d: d.update(button=-1), "button: must be >= 0"),
        (lambda d: d.update(game="seven-card-stud-8"), "game: 'seven-card-stud-8' is not the spec's game"),
    ],
)
def test_malformed_fields_are_history_errors_naming_the_field_and_event(change: Any, message: str) -> None:
    doc = document()
    change(doc)
    with pytest.raises(HistoryError, match=message):
        History.from_json(json.dumps(doc))


# ------------------------------------------------------------ tampered hands


def test_a_tampered_deck_is_refused_naming_the_deal() -> None:
    doc = document()
    doc["deck"][0], doc["deck"][1] = doc["deck"][1], doc["deck"][0]
    deal = index_of(doc, "deal")
    with pytest.raises(HistoryError, match=rf"event {deal} \(deal\) is not what the hand gives"):
        History.from_json(json.dumps(doc))


def test_a_deck_holding_a_card_twice_is_refused() -> None:
    doc = document()
    doc["deck"][5] = doc["deck"][9]
    with pytest.raises(HistoryError, match=f"deck: card {doc['deck'][9]} appears more than once"):
        History.from_json(json.dumps(doc))


def test_a_card_dealt_twice_is_refused_naming_the_event() -> None:
    doc = document()
    first, second = index_of(doc, "deal", 0), index_of(doc, "deal", 1)
    doc["events"][second]["cards"] = list(doc["events"][first]["cards"])
    with pytest.raises(HistoryError, match=rf"event {second} \(deal\)"):
        History.from_json(json.dumps(doc))


def test_an_action_illegal_at_its_point_is_refused_naming_the_event() -> None:
    doc = document("seven-card-stud", 3)
    i = index_of(doc, "bring_in")
    doc["events"][i] = {"event": "raise", "seat": doc["events"][i]["seat"], "amount": 7, "to": 7}
    with pytest.raises(
        HistoryError, match=rf"event {i} \(raise seat=\d, amount=7, to=7\): Seat \d cannot raise"
    ):
        History.from_json(json.dumps(doc))


def test_an_action_out_of_turn_is_refused_naming_the_event() -> None:
    doc = document("seven-card-stud", 3)
    i = index_of(doc, "bring_in")
    doc["events"][i]["seat"] = (doc["events"][i]["seat"] + 1) % 3
    with pytest.raises(HistoryError, match=rf"event {i} \(bring_in .*\): Logged bring_in by seat"):
        History.from_json(json.dumps(doc))


@pytest.mark.parametrize("kind", ["award", "end", "ante"])
def test_stacks_that_do_not_add_up_are_refused_naming_the_event(kind: str) -> None:
    doc = document()
    i = index_of(doc, kind)
    event = doc["events"][i]
    if kind == "end":
        event["stacks"][0] += 1
    else:
        event["amount"] += 1
    with pytest.raises(HistoryError, match=rf"event {i} \({kind}\) is not what the hand gives"):
        History.from_json(json.dumps(doc))


def test_events_after_the_end_and_a_log_cut_short() -> None:
    doc = document()
    longer = copy.deepcopy(doc)
    longer["events"].append(longer["events"][-1])
    with pytest.raises(HistoryError, match="logged after the hand ended"):
        History.from_json(json.dumps(longer))
    shorter = copy.deepcopy(doc)
    del shorter["events"][-1]
    with pytest.raises(HistoryError, match="the log stops at"):
        History.from_json(json.dumps(shorter))


def test_a_hand_in_progress_replays_manual_or_automated() -> None:
    state = State(get_game("seven-card-stud"), [50, 50], seed=4, automate=False)
    state.advance()  # the antes: the deal is due, a dealer step (so the state was manual)
    again = History.from_json(state.history().to_json()).replay()
    assert again.snapshot() == state.snapshot() and again.automate is False
    auto = State(get_game("seven-card-stud"), [50, 50], seed=4)
    auto.bring_in()
    again = History.from_json(auto.history().to_json()).replay()
    assert again.snapshot() == auto.snapshot() and again.automate is True


# ------------------------------------------------------ the tampered-history suite


BASES = [
    ("seven-card-stud", {}),
    ("seven-card-stud-8", {}),
    ("seven-card-stud-high-low", {"low": "ace-to-six"}),
    ("seven-card-stud-declare", {}),
    ("seven-card-stud-declare", {"declare": "in-turn", "both": True}),
]


@pytest.mark.slow
def test_tampered_histories_are_refused_or_replay_to_a_legal_hand() -> None:
    """3,000 mutations of played hands (a value changed, a key dropped, events
    swapped, dropped or repeated, deck cards swapped): each is refused with a
    HistoryError, or loads and replays to exactly the hand it describes."""
    rng = random.Random(20261130)
    bases = [document(game, seed, **options) for game, options in BASES for seed in range(4)]
    refused = accepted = 0
    for n in range(3_000):
        doc = mutate(rng.choice(bases), rng)
        text = json.dumps(doc)
        try:
            history = History.from_json(text)
        except HistoryError as err:
            assert str(err) and "Traceback" not in str(err)
            refused += 1
            continue
        except SplitpotError as err:  # pragma: no cover - the wrong class
            raise AssertionError(f"mutation {n}: {type(err).__name__} {err}") from err
        accepted += 1
        state = history.replay()
        assert replays_as(state.history(), history), f"mutation {n}"
        assert sum(state.stacks) + state.pot == sum(history.stacks)
        assert History.from_json(history.to_json()) == history
    assert refused > 2_000 and accepted + refused == 3_000


def test_from_dict_of_a_history_object_says_to_replay_it() -> None:
    """Was: HistoryError "the history: must be an object, got History History(spec=..."."""
    history = State(get_game("seven-card-stud"), [50, 50], seed=3).history()
    with pytest.raises(ArgumentTypeError, match=r"already a History: call its replay\(\)"):
        History.from_dict(history)
    assert History.from_dict(history.to_dict()) == history


def test_a_simple_bot_with_nobody_to_act_says_so() -> None:
    state = State(get_game("lowball"), [50, 50, 50], seed=3)
    bot = SimpleBot(seed=3)
    with pytest.raises(IllegalActionError, match="SimpleBot: nobody is to act"):  # was an AssertionError
        while True:
            bot(state)
    assert state.is_complete


def test_the_spec_cache_keeps_no_large_document() -> None:
    """Documents' specs are remembered (a table's hands share one), but not one past
    ``_KEY_SIZE``: was, a spec with a huge option value stayed cached."""
    from splitpot.engine import history as module

    data = played("seven-card-stud", 1, 2).history().to_dict()
    module._SPECS.clear()
    first, again = History.from_dict(data), History.from_dict(copy.deepcopy(data))
    assert first.spec is again.spec and len(module._SPECS) == 1  # the cache works
    big = copy.deepcopy(data)
    big["spec"]["options"].append(["junk", "x" * 5_000_000])
    History.from_dict(big)
    assert len(module._SPECS) == 1  # read, and not remembered
    big["spec"]["options"][-1] = ["junk", list(range(module._KEY_SIZE))]  # many small values
    History.from_dict(big)
    assert len(module._SPECS) == 1
    small = copy.deepcopy(data)
    small["spec"]["options"].append(["junk", "x"])
    History.from_dict(small)
    assert len(module._SPECS) == 2
