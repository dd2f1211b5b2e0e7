"""The narration of a hand's end (splitpot.narrate)."""

from __future__ import annotations

import tomllib

import pytest

from engine.engine_helpers import (
    call_down,
    draw_deck,
    passive_action,
    sevens_rule_deal,
    stand_pat_and_check_down,
    three_tied_ten_high_straights,
    tied_lowball_hand,
)
from leak_helpers import named, secrets_from, text
from splitpot.bots import SimpleBot
from splitpot.engine import events as ev
from splitpot.engine.session import Session
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, RuleError
from splitpot.games import GAMES, get_game
from splitpot.narrate import ALL, _one_side_why, describe_hand, narrate

NAMES = ["P0", "P1", "P2", "P3"]


def test_one_side_why_reads_the_declarations_not_the_hand_texts() -> None:
    """Five-card stud high-low, ace-to-five: "pair of queens" is the high and the low.
    Was: the winner was taken to have played low, so everyone declaring high read
    "P0 declared high with no high hand"."""
    spec = get_game("five-card-stud", low="ace-to-five", declare="simultaneous")
    shown = {1: ev.CardsShown(seat=1, cards=(0, 1, 2, 3, 4), high="pair of queens", low="pair of queens"),
             0: ev.CardsShown(seat=0, cards=(5, 6, 7, 8, 9), high="pair of sixes", low="pair of sixes")}
    award = ev.PotAwarded(pot=0, seat=1, amount=53, side="pot", hand="pair of queens")
    names = ["P0", "P1"]
    assert _one_side_why(award, names, {0: "high", 1: "high"}, shown, spec) == "nobody declared low"
    assert _one_side_why(award, names, {0: "low", 1: "low"}, shown, spec) == "nobody declared high"
    assert _one_side_why(award, names, {0: "low", 1: "high"}, shown, spec) == "P0 declared low with no low"
    # was "nobody declared low" where P0 had declared both (and forfeited)
    both = _one_side_why(award, ["P0 (you)", "P1"], {0: "both", 1: "high"}, shown, spec)
    assert both == "P0 (you) forfeits and nobody else declared low"


def test_everyone_declaring_high_scoops_as_nobody_declared_low() -> None:
    spec = get_game("five-card-stud", low="ace-to-five", declare="simultaneous")
    state = Session(spec, [100, 100, 100], seed=6).play(1, SimpleBot(seed=6))[-1]
    declared = {e.seat: e.choice for e in state.events if isinstance(e, ev.Declared)}
    scoops = [t for _, t in narrate(state, ["P0", "P1", "P2"], viewer=ALL) if "scoops" in t]
    assert scoops
    if set(declared.values()) == {"high"}:
        assert all("nobody declared low" in t and "no high hand" not in t for t in scoops), scoops


def _session_hand():  # type: ignore[no-untyped-def]
    return Session(get_game("jacks-back"), [30, 60, 100, 45], seed=4).play(1, SimpleBot(seed=4))[-1]


def test_the_engine_shows_hands_in_the_rules_order_and_phh_and_narration_agree() -> None:
    """Was: the narration told the showdown from the last bettor of the final round
    (P0 here), while CardsShown, the JSON history and PHH's ``sm`` lines went from the
    dealer's left, so ``splitpot replay x.phh`` told an order the file contradicts."""
    from splitpot import phh

    state = _session_hand()
    shown = [e.seat for e in state.events if isinstance(e, ev.CardsShown)]
    assert shown == [0, 1, 3]  # P0 bet last on the final round
    told = [t.split()[0] for _, t in narrate(state, ["P0", "P1", "P2", "P3"], viewer=ALL) if " shows " in t
            and "openers" not in t]
    assert told == ["P0", "P1", "P3"]
    text = phh.dumps(state)
    players = {seat: f"p{k + 1}" for k, seat in enumerate([1, 2, 3, 0])}  # from the dealer's left (button 0)
    sm = [a.split()[0] for a in tomllib.loads(text)["actions"] if " sm " in a]
    assert sm == [players[s] for s in shown]
    back = phh.loads(text).replay()
    assert [e.seat for e in back.events if isinstance(e, ev.CardsShown)] == shown


def test_an_older_history_showing_hands_from_the_dealers_left_still_replays() -> None:
    """JSON histories written before: the showdown logged from the dealer's left
    replays (the replay shows the hands in the rules' order); another order is refused;
    the PHH reader does not read ``sm`` lines in order."""
    import json

    import pytest

    from splitpot import phh
    from splitpot.engine.history import History
    from splitpot.errors import HistoryError

    state = _session_hand()
    data = json.loads(state.history().to_json())
    events = data["events"]
    where = [i for i, e in enumerate(events) if e["event"] == "show"]
    by_seat = {events[i]["seat"]: events[i] for i in where}
    for i, seat in zip(where, sorted(by_seat, key=lambda s: (s - 1) % 4), strict=True):  # dealer's left
        events[i] = by_seat[seat]
    back = History.from_dict(data).replay()
    assert back.stacks == state.stacks and back.events == state.events
    events[where[0]], events[where[1]] = events[where[1]], events[where[0]]  # neither order
    with pytest.raises(HistoryError, match="is not what the hand gives"):
        History.from_dict(data)
    text = phh.dumps(state)
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("actions = "))
    actions = json.loads(lines[k].split(" = ", 1)[1])
    shows = [a for a in actions if " sm " in a]
    lines[k] = "actions = " + json.dumps([a for a in actions if " sm " not in a] + shows[::-1])
    assert phh.loads("\n".join(lines)).replay().snapshot() == state.snapshot()


# ------------------------------------------- ties, wild cards and the draw as the log tells them

def test_a_tie_says_who_takes_the_odd_chip_and_why() -> None:
    """Was: "P1 wins a share of the pot (7)" / "P0 wins a share of the pot (6)" and no word of
    the odd chip.  Draw games: the first tied seat left of the dealer; stud: the highest card.
    The hands are test_rules_showdown.py's (the tied lows, the three tied straights)."""
    lines = describe_hand(tied_lowball_hand(), ["P0", "P1", "P2"], viewer=ALL)
    assert ("P1 wins a share of the pot (7) with seven-five low (the odd chip: first tied seat left "
            "of the dealer)") in lines
    assert "P0 wins a share of the pot (6) with seven-five low" in lines

    lines = describe_hand(three_tied_ten_high_straights(), ["P0", "P1", "P2", "P3"], viewer=ALL)
    awarded = [line for line in lines if " wins " in line]
    assert any(line.startswith("P3 wins a share of the pot (5)") and line.endswith(
        "(an odd chip: the highest card, Ts)") for line in awarded), awarded
    assert any(line.startswith("P2 wins a share of the pot (5)") and line.endswith(
        "(an odd chip: the highest card, Th)") for line in awarded), awarded
    assert any(line.startswith("P1 wins a share of the pot (4)") and "odd chip" not in line
               for line in awarded), awarded


def test_a_front_ends_own_seat_name_and_its_possessive_are_public() -> None:
    """``YOU`` and ``possessive`` (what a front end names the person's seat with, and how a
    line says its possessive) are in ``narrate.__all__``, so the API reference documents them."""
    import splitpot.narrate

    assert {"YOU", "possessive"} <= set(splitpot.narrate.__all__)
    assert splitpot.narrate.possessive("P1" + splitpot.narrate.YOU) == "your"
    assert splitpot.narrate.possessive("P1") == "P1's"


def test_a_hand_name_and_its_wild_cards_share_one_bracket() -> None:
    """Was: "five-four low (wheel) (Jk as 2)"."""
    hands = ["Jk 5d 4h 3s Ac", "Kc Kd Qh Js 9d"]
    state = State(get_game("lowball"), [100] * 2, button=0, deck=draw_deck(hands, joker=True))
    state.bet()
    state.call()
    stand_pat_and_check_down(state)
    lines = describe_hand(state, ["P0", "P1"], viewer=ALL)
    assert not [line for line in lines if ") (" in line], lines
    assert any("five-four low (wheel, Jk as 2)" in line for line in lines), lines


def test_the_betting_after_the_draw_is_headed_in_the_log() -> None:
    """Was: the bets after the draw followed straight on under "*** the draw ***".  The hand
    is the sevens rule's script of test_draw_scripted.py."""
    state = sevens_rule_deal()
    so_far = describe_hand(state, ["Al", "Bo"], viewer=ALL)
    assert so_far[-3:] == ["  Bo stands pat", "  Al stands pat", "*** after the draw *** (pot 4)"]
    state.check()
    state.bet()
    state.call()
    lines = describe_hand(state, ["Al", "Bo"], viewer=ALL)
    assert lines[: len(so_far)] == so_far, "the lines so far begin the whole hand's"
    assert lines[len(so_far) - 3 : len(so_far) + 2] == [
        "  Bo stands pat", "  Al stands pat", "*** after the draw *** (pot 4)", "  Bo checks", "  Al bets 4"]
    assert lines.count("*** after the draw *** (pot 4)") == 1


# ------------------------------------------- whose eyes: a seat's, a spectator's (the default), ALL


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_narration_tells_a_seat_or_a_spectator_no_secret_card(name: str) -> None:
    """At every step of random hands, the narration for a seat names none of the other
    seats' down cards nor the stub (until shown), and so for the default viewer, a
    spectator. Was: viewer=None told every card, while state.view(None) is a spectator's."""
    for hand in range(2):
        state = State(get_game(name), [60, 200, 30, 200][: 2 + hand * 2], seed=hand + 7, button=hand)
        bot = SimpleBot(seed=hand)
        while True:
            for viewer in [None, *range(state.seats)]:
                secrets = {text(c) for c in secrets_from(state, viewer)}
                told = " ".join(line for _, line in narrate(state, NAMES, viewer=viewer))
                assert not named(told) & secrets, (name, viewer, named(told) & secrets, told)
            if state.is_complete:
                break
            bot(state)
        every = describe_hand(state, NAMES, viewer=ALL)
        down = {text(c) for held in state.down for c in held}
        assert down <= named(" ".join(every))  # ALL tells every down card


def test_a_viewer_that_is_no_seat_is_refused() -> None:
    state = State(get_game("jackpots"), [50, 50], seed=1)
    with pytest.raises(RuleError, match="viewer"):
        narrate(state, NAMES, viewer=5)
    with pytest.raises(ArgumentTypeError, match="viewer"):
        narrate(state, NAMES, viewer=True)  # type: ignore[arg-type]


# ------------------------------------------- the odd chip of a whole pot won on the low


def test_the_odd_chip_of_a_whole_pot_won_on_the_low_goes_by_the_lowest_card() -> None:
    """Both players declare low and tie on a wheel: the engine gives the whole pot (side
    "pot") by the low and the odd chip by the lowest card (Ac below Ad). Was: "the odd chip:
    the highest card, Ac" (a "pot" read as the high wherever the game has a high)."""
    from splitpot.cards import parse_cards
    from splitpot.engine.betting import Action

    deck = [int(c) for c in parse_cards("Ac Ad 9h 2d 2c 9d 3h 3s Tc 4s 4h Js 5c 5d Jh Kd Ks 8c Qh Qc 7c")]
    state = State(get_game("seven-card-stud-8", declare="in-turn"), [100] * 3, deck=deck)
    while not state.folded[0]:  # seat 0 folds at his first turn; the others play on and declare low
        if state.actor == 0 and any(o.action is Action.FOLD for o in state.legal_actions()):
            state.fold()
        else:
            passive_action(state)
    call_down(state, declare={1: "low", 2: "low"})
    awards = [(e.seat, e.amount, e.side) for e in state.events if isinstance(e, ev.PotAwarded)]
    assert awards == [(1, 4, "pot"), (2, 3, "pot")]
    lines = describe_hand(state, NAMES[:3], viewer=ALL)
    assert any(line.startswith(f"{NAMES[1]} wins a share of the pot (4)")
               and line.endswith("the odd chip: the lowest card, Ac)") for line in lines), lines
