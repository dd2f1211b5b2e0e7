"""Scripted Mexican stud hands (the rules, §5.9): simultaneous turn-ups, each
player's hole card wild for him alone, betting order from natural upcards.

Hands list each player's cards in the order dealt; unless a script says
otherwise, each player turns up his newest card and keeps his first card down.
"""

from __future__ import annotations

import pytest
from engine_helpers import bet_down, call_down, kinds, passive_action, stud_deck, winners

from splitpot.cards import parse_cards
from splitpot.dealers_choice import Call
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.history import History, player_view
from splitpot.engine.spec import Stakes
from splitpot.engine.state import Phase, State
from splitpot.errors import HouseListError, IllegalActionError, RuleError
from splitpot.games import get_game
from splitpot.house import HouseList, example_house

MEXICAN = get_game("mexican-stud")


def card(text: str) -> int:
    return int(parse_cards(text)[0])


def texts(cards: list[int]) -> list[str]:
    return [ev.card_text(c) for c in cards]


def test_turn_ups_are_simultaneous_no_player_sees_another_choice_first() -> None:
    deck = stud_deck(["Kc 7d 2h 9s 4c", "Qh 3s 8c Jd 6h", "As 5c Td 2d 3c"])
    state = State(MEXICAN, [100] * 3, deck=deck)
    assert state.phase is Phase.TURNING_UP and state.turn_up_choosers == [1, 2, 0]
    assert state.turn_up_option(0).choices == ("Kc", "7d")
    state.turn_up(["As"], seat=2)  # the last in order chooses first: allowed
    # nothing of seat 2's choice shows before everyone has chosen
    assert state.up[2] == [] and state.down[2] == [card("As"), card("5c")]
    view = player_view(state, 0)
    assert view["events"][-1] == {"event": "turn_up_secret", "seat": 2, "cards": None}
    assert view["players"][2]["up"] == []
    assert view["legal_actions"] == [{"action": "turn_up", "amounts": [1], "choices": ["Kc", "7d"]}]
    assert player_view(state, 2)["events"][-1]["cards"] == ["As"]
    before = state.snapshot()
    for bad, message in [
        (lambda: state.turn_up(["5c"], seat=2), "cannot turn up a card now"),  # chose already
        (lambda: state.turn_up(["As"], seat=1), "does not hold As face down"),
        (lambda: state.turn_up([], seat=1), "must turn up one of his down cards"),
        (lambda: state.turn_up(["Qh", "3s"], seat=1), "must turn up one of his down cards"),
        (lambda: state.check(), "legal: turn up one of Qh 3s"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            bad()
        assert state.snapshot() == before
    state.turn_up("7d", seat=0)
    state.turn_up(["Qh"], seat=1)
    revealed = [e for e in state.events if isinstance(e, ev.TurnUpsRevealed)]
    assert [(r.seats, texts(list(r.cards))) for r in revealed] == [((1, 2, 0), ["Qh", "As", "7d"])]
    assert texts(state.up[0]) == ["7d"] and texts(state.down[0]) == ["Kc"]
    assert state.phase is Phase.BETTING and state.actor == 2  # the ace shows highest
    replayed = History.from_json(state.history().to_json()).replay()
    assert replayed.snapshot() == state.snapshot()


def test_each_later_street_turns_up_the_new_card_or_the_old_hole_card() -> None:
    deck = stud_deck(["Kc 7d 2h 9s 4c", "Qh 3s 8c Jd 6h"])
    state = State(MEXICAN, [100] * 2, deck=deck)
    call_down(state, turn_ups={(1, 0): "Kc", (2, 0): "2h"})  # seat 0 turns up his old hole card twice
    assert texts(state.down[0]) == ["9s"] and texts(state.up[0]) == ["7d", "Kc", "2h", "4c"]
    assert {e.seat: ev.card_text(e.card) for e in state.events if isinstance(e, ev.PlayerWild)}[0] == "9s"
    assert [len(state.up[s]) for s in (0, 1)] == [4, 4] and [len(state.down[s]) for s in (0, 1)] == [1, 1]


def test_hole_card_and_its_rank_are_wild_for_him_alone_at_showdown() -> None:
    # seat 0 keeps 7d down: 7d 7h wild with K K: four kings.  Seat 1 keeps 9c down:
    # queens and his 9c make four queens; his 7c is a natural seven, not wild for him.
    deck = stud_deck(["7d Kc 7h Ks 2c", "9c Qd 7c Qs Qh"])
    state = State(MEXICAN, [100] * 2, deck=deck)
    call_down(state)
    named = [(e.seat, ev.card_text(e.card), e.rule) for e in state.events if isinstance(e, ev.PlayerWild)]
    assert named == [(1, "9c", "hole_card"), (0, "7d", "hole_card")]
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[0] is not None and shown[0].startswith("four of a kind, kings (7")
    assert shown[1] is not None and shown[1].startswith("four of a kind, queens (9c as Q")
    assert "7c" not in shown[1]
    assert winners(state) == {0: 2}
    natural = State(get_game("mexican-stud", positional=None), [100] * 2, deck=deck)
    call_down(natural)  # the control: without the hole-card rule, trip queens beat two pair
    assert winners(natural) == {1: 2} and not any(isinstance(e, ev.PlayerWild) for e in natural.events)


def test_betting_order_reads_upcards_as_natural_cards() -> None:
    # seat 0 shows 9c 5h with 5d down (his fives wild: a pair of nines to him); seat 1
    # shows As 3h.  Read naturally, A-3 beats 9-5: seat 1 acts first although seat 0
    # sits at the dealer's left.
    deck = stud_deck(["5d 9c 5h 8s 2c", "2d As 3h 4c Td"], button=1)
    state = State(MEXICAN, [100] * 2, button=1, deck=deck)
    while state.street < 1 or state.phase is not Phase.BETTING:
        passive_action(state)
    assert texts(state.up[0]) == ["9c", "5h"] and state.actor == 1
    assert Action.CHECK in {o.action for o in state.legal_actions()}


# ------------------------------------------------------- §5.9 the betting: five-card stud's
def test_first_round_has_no_forced_bet_the_best_upcard_acts_first_and_may_check() -> None:
    """§5.9: Reading: no bring-in and no forced opening bet: on the first round too the best
    hand showing (the As) acts first and may check."""
    deck = stud_deck(["Kc 7d 2h 9s 4c", "Qh 3s 8c Jd 6h", "5c As Td 2d 3c"])
    state = State(MEXICAN, [100] * 3, deck=deck)
    state.turn_up(["7d"], seat=0)
    state.turn_up(["3s"], seat=1)
    state.turn_up(["As"], seat=2)
    assert state.phase is Phase.BETTING and state.street == 0 and state.actor == 2
    assert kinds(state) == {Action.CHECK: (), Action.BET: (5,)}


def test_showing_ties_go_to_the_seat_nearest_the_dealers_left() -> None:
    """§5.9: Reading: ties of the best hand showing go to the seat nearest the dealer's left:
    seat 2 (the dealer's left, button 1) shows the Kc, seat 0 the Ks, which a suit order
    would pick."""
    deck = stud_deck(["Ks 7d 2h 9s 4c", "Qh 3s 8c Jd 6h", "5c Kc Td 2d 3c"], button=1)
    state = State(MEXICAN, [100] * 3, button=1, deck=deck)
    state.turn_up(["Ks"], seat=0)
    state.turn_up(["3s"], seat=1)
    state.turn_up(["Kc"], seat=2)
    assert state.actor == 2


def test_small_bets_on_the_first_two_rounds_big_on_the_last_two() -> None:
    """§5.9: Reading: five-card stud's structure (§5.8): small, small, big, big."""
    state = State(MEXICAN, [500] * 2, deck=stud_deck(["Kc 7d 2h 9s 4c", "Qh 3s 8c Jd 6h"]))
    assert bet_down(state) == [(5,), (5,), (10,), (10,)]


# ------------------------------------------------------------------ §5.9 high-low
def test_high_low_with_declarations_and_wild_cards_low() -> None:
    # seat 0: 8d down (wild), 2c 3d 4h 6s up: a six-four low with the 8d as a zero
    # seat 1: Kc down (wild), Qd Qs Jh 9c up: three queens
    deck = stud_deck(["8d 2c 3d 4h 6s", "Kc Qd Qs Jh 9c"])
    state = State(get_game("mexican-stud", low="ace-to-six"), [100] * 2, deck=deck)
    call_down(state, declare={0: "low", 1: "high"})
    shown = {e.seat: (e.high, e.low) for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[0][1] == "six-four low (8d as zero)"
    assert shown[1][0] is not None and shown[1][0].startswith("three of a kind, queens (Kc as Q")
    assert winners(state) == {0: 1, 1: 1}


def test_high_low_is_played_with_declarations() -> None:
    assert get_game("mexican-stud", low="deuce-to-seven").declare.value == "simultaneous"
    with pytest.raises(RuleError, match="played with declarations"):
        get_game("mexican-stud", low="deuce-to-seven", declare="none")
    with pytest.raises(RuleError, match="has no bring-in"):
        get_game("mexican-stud", stakes=Stakes(ante=1, bring_in=1, small_bet=5, big_bet=10))


# ------------------------------------------- §5.9 Mexican stud holds one positional rule: its own


@pytest.mark.parametrize("rule", ["first_card", "third_card", "lowest_hole_card", "lowest_card"])
def test_mexican_stud_refuses_a_positional_rule_that_would_replace_its_hole_card(rule: str) -> None:
    """Was: ``positional="first_card"`` silently replaced Mexican stud's own wild card (each
    player's hole card, §5.9), though the call said "each player's first card wild" and
    nothing of the hole card.  The game, and a dealer's call of it, refuse it, saying why
    and what to do; nothing is built."""
    with pytest.raises(RuleError, match=r"would replace mexican-stud's own wild card.*positional=None"):
        get_game("mexican-stud", positional=rule)
    with pytest.raises(RuleError, match="would replace mexican-stud's own wild card"):
        Call(game="mexican-stud", options={"positional": rule})
    with pytest.raises(RuleError, match="would replace"):
        Call(game="mexican-stud", options={"positional": rule, "low": "ace-to-six"})


def test_mexican_stud_keeps_its_own_rule_and_none_turns_it_off() -> None:
    """§5.9: the hole card is Mexican stud's own positional rule; ``positional=None`` turns it off."""
    assert get_game("mexican-stud").wilds.positional == "hole_card"
    assert get_game("mexican-stud", positional="hole_card").wilds.positional == "hole_card"
    assert get_game("mexican-stud", positional=None).wilds.positional is None
    assert Call(game="mexican-stud", options={"positional": None}).text() == "Mexican stud, no hole card wild"
    # other games take any rule
    assert get_game("five-card-stud", positional="first_card").wilds.positional == "first_card"


def test_no_house_list_call_replaces_mexican_studs_hole_card() -> None:
    """§5.9: The house list (the computer dealer's calls, and a person's choices) never holds such a
    call: the shipped one has none, and a file naming one is refused at its line."""
    for entry in example_house().entries:
        if entry.call.game == "mexican-stud":
            assert entry.call.spec.wilds.positional in (None, "hole_card")
    text = '[[call]]\ngame = "mexican-stud"\npositional = "first_card"\n'
    where = r"house\.toml:3: call 1 \(mexican-stud\): positional='first_card'"
    with pytest.raises(HouseListError, match=where):
        HouseList.from_toml(text, source="house.toml")
