"""Engine rules beyond stud: blinds, pass and out, no check-raise, caps, all-ins,
draws, manual dealer steps, sessions and the per-player view."""

from __future__ import annotations

import itertools

import pytest
from engine_helpers import stud_deck

from splitpot.bots import SimpleBot
from splitpot.cards import Card
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.history import _events_since
from splitpot.engine.session import Session
from splitpot.engine.spec import GameSpec, OddChip, Opener, Stakes, Street
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError, RuleError
from splitpot.games import get_game

DRAW = GameSpec(
    name="test-draw",
    streets=(
        Street(name="deal", down=5, opener=Opener.DEALER_LEFT, pass_and_out=True),
        Street(name="draw", draw=5, burn=True, opener=Opener.DEALER_LEFT, no_check_raise=True),
    ),
    stakes=Stakes(ante=1, small_bet=2, big_bet=4),
    odd_chip=OddChip.BY_POSITION,
    max_players=6,
)
BLINDS = GameSpec(
    name="test-blinds",
    streets=(Street(name="deal", down=5, opener=Opener.LEFT_OF_BLINDS),),
    stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
    max_players=6,
)


def kinds(state: State) -> dict[Action, tuple[int, ...]]:
    return {o.action: o.amounts for o in state.legal_actions()}


def test_pass_and_out_forbids_checking_before_a_bet() -> None:
    state = State(DRAW, [50] * 3, seed=1)
    assert state.actor == 1 and kinds(state) == {Action.FOLD: (), Action.BET: (2,)}
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="legal: fold, bet to 2"):
        state.check()
    assert state.snapshot() == before


def test_draw_replaces_cards_after_a_burn_and_no_check_raise_applies() -> None:
    state = State(DRAW, [50] * 3, seed=2)
    state.bet()
    state.call()
    state.call()
    assert state.phase is Phase.DRAWING and state.actor == 1
    assert any(isinstance(e, ev.CardBurned) for e in state.events)
    old = list(state.down[1])
    held = " ".join(str(Card(c)) for c in old)
    with pytest.raises(IllegalActionError, match=f"does not hold .*; he holds {held} \\(discards name cards"):
        state.draw([c for c in range(52) if c not in old][:1])
    state.draw(old[:2])
    assert state.down[1][2:] == old[2:] and not set(state.down[1][:2]) & set(old)
    state.draw()  # stands pat
    state.draw(state.down[0][:5])
    assert state.phase is Phase.BETTING and state.actor == 1
    state.check()
    state.bet()
    state.call()
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (2,)}  # seat 1 checked: no raise
    state.call()
    assert state.is_complete and sum(state.stacks) == 150


def test_live_blinds_and_the_big_blinds_option() -> None:
    state = State(BLINDS, [50] * 4, button=0, seed=3)
    assert [(e.seat, e.amount) for e in state.events if isinstance(e, ev.BlindPosted)] == [(1, 1), (2, 2)]
    assert state.actor == 3 and kinds(state)[Action.CALL] == (2,) and kinds(state)[Action.RAISE] == (4,)
    state.call()
    state.call()  # seat 0
    state.call()  # seat 1 completes his blind
    assert state.actor == 2 and Action.CHECK in kinds(state)  # the big blind's option
    state.check()
    assert state.is_complete and state.pot == 0 and sum(state.stacks) == 200


@pytest.mark.parametrize("game", ["seven-card-stud", "seven-card-stud-8", "five-card-stud", "mexican-stud",
                                  "aces-deuces", "jackpots"])
def test_blinds_belong_to_california_lowball_alone(game: str) -> None:
    """Was: the stud games and aces-deuces took blinds, and a bring-in then replaced
    the big blind in the round's bets (8 chips in the pot, 2 to call), and a dealer's
    call could make one player post more than another (the rules, §3 and §5.11)."""
    stakes = {"ante": 1, "small_bet": 5, "big_bet": 10, "blinds": [1, 5]}
    with pytest.raises(RuleError, match=r"is played with antes: stakes may not have .*blinds"):
        get_game(game, stakes=stakes)
    with pytest.raises(RuleError, match=r"blinds and a first bet forced by the cards \(bring_in\)"):
        get_game("seven-card-stud").replace(stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10,
                                                          blinds=(1, 5)))
    assert get_game("california-lowball", limit=3).stakes.blinds == (1, 1, 1)  # the blinds table, §5.6


def test_uncapped_heads_up_option() -> None:
    deck = stud_deck(["Kd Kh 9h", "Qd Qh 2c"])
    capped = State(get_game("seven-card-stud"), [500, 500], deck=deck)
    free = State(get_game("seven-card-stud", uncapped_heads_up=True), [500, 500], deck=deck)
    for state in (capped, free):
        state.complete()
        for _ in range(3):
            state.raise_to()
    assert Action.RAISE not in kinds(capped)
    assert kinds(free)[Action.RAISE] == (25,)


def test_short_all_in_raise_does_not_reopen_the_betting() -> None:
    deck = stud_deck(["Kd Kh 9h", "Qd Qh 2c", "Jd Jh 8s"])
    state = State(get_game("seven-card-stud"), [100, 100, 12], deck=deck)
    state.bring_in()  # seat 1
    state.complete()  # seat 2 to 5 (6 chips left)
    state.raise_to(10)  # seat 0
    state.call()  # seat 1
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (5,), Action.RAISE: (11,)}  # all in for less
    state.raise_to(11)
    assert state.actor == 0 and kinds(state) == {Action.FOLD: (), Action.CALL: (1,)}
    state.call()
    assert kinds(state) == {Action.FOLD: (), Action.CALL: (1,)}
    state.call()
    assert state.street == 1 and state.pot == 3 + 33


def test_all_in_for_less_than_a_full_raise_is_offered() -> None:
    deck = stud_deck(["Kd Kh 9h", "Qd Qh 2c", "Jd Jh 8s"])
    state = State(get_game("seven-card-stud"), [100, 100, 8], deck=deck)
    state.bring_in()
    assert kinds(state)[Action.COMPLETE] == (5,)
    state.complete()
    state.raise_to(10)  # seat 0
    state.call()  # seat 1
    assert state.actor == 2 and kinds(state) == {Action.FOLD: (), Action.CALL: (2,)}


def test_antes_short_stack_is_all_in_and_still_dealt() -> None:
    state = State(get_game("seven-card-stud"), [1, 100, 100], seed=4)
    assert state.stacks[0] == 0 and len(state.cards(0)) == 3
    while not state.is_complete:
        state.call() if state.can_call() else (state.bring_in() if state.can_bring_in() else state.check())
    assert len(state.cards(0)) == 7 and sum(state.stacks) == 201


def test_manual_dealer_steps() -> None:
    state = State(get_game("seven-card-stud"), [100, 100], seed=5, automate=False)
    assert state.phase is Phase.FORCED_BETS and state.actor is None and state.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="advance"):
        state.call()
    assert isinstance(state.advance(), ev.AntePosted)
    state.advance()
    assert state.phase is Phase.BRING_IN
    with pytest.raises(IllegalActionError, match="must act"):
        state.advance()
    state.bring_in()
    state.fold()
    assert state.phase is Phase.SHOWDOWN
    assert isinstance(state.advance(), ev.HandEnded) and state.is_complete


def test_bad_setups_are_refused() -> None:
    with pytest.raises(RuleError, match="needs 2 to 8 players"):
        State(get_game("seven-card-stud"), [100] * 9)
    with pytest.raises(RuleError, match="deck has 15 cards; this deal needs 19"):
        State(get_game("seven-card-stud"), [100] * 3, deck=list(range(15)))
    with pytest.raises(RuleError, match="stud-8 has no option 'low'; its options: both, declare, dup"):
        get_game("seven-card-stud-8", low="ace-to-five")
    with pytest.raises(RuleError, match="bring-in needs"):
        GameSpec(name="x", streets=(Street(name="s", down=2, opener=Opener.BRING_IN),),
                 stakes=Stakes(bring_in=1))


def test_view_hides_other_down_cards_until_shown() -> None:
    deck = stud_deck(["Kd Kh 9h 2c 3c 4c 5d", "Qd Qh 2d 6c 7c 8c 9d"])
    state = State(get_game("seven-card-stud"), [100, 100], deck=deck)
    view = state.view(0)
    assert view["players"][0]["down"] == ["Kd", "Kh"] and view["players"][1]["down"] == [None, None]
    assert view["players"][1]["up"] == ["2d"] and view["legal_actions"] == []
    assert state.view(1)["legal_actions"][0] == {"action": "bring_in", "amounts": [2]}
    dealt = [e for e in view["events"] if e["event"] == "deal" and e["seat"] == 1 and not e["up"]]
    assert dealt[0]["cards"] == [None, None]
    while not state.is_complete:
        state.call() if state.can_call() else (state.bring_in() if state.can_bring_in() else state.check())
    assert state.view(0)["players"][1]["down"] == ["Qd", "Qh", "9d"]


def test_a_card_made_public_later_sends_the_earlier_draw_again() -> None:
    """A view shows a card another seat drew or discarded once the card is public (dealt up later,
    say from a reshuffled stub); random play does not reach it, so the log is built by hand: the
    update for a client holding the draw starts at the draw."""
    events: list[ev.Event] = [
        ev.CardsDealt(seat=0, cards=(0,), up=False),
        ev.Drew(seat=0, discarded=(0,), received=(1,)),
        ev.CardsDealt(seat=1, cards=(0,), up=True),  # the card seat 0 discarded, now face up
    ]
    first, sent = _events_since(events, seat=1, since=2, simultaneous=False, revealed=False)
    assert first == 1 and sent[0]["discarded"] == ["2c"] and sent[0]["received"] == [None]
    # seat 0 saw his own draw already
    assert _events_since(events, seat=0, since=2, simultaneous=False, revealed=False)[0] == 2
    # nothing public since: no change
    assert _events_since(events[:2], seat=1, since=1, simultaneous=False, revealed=False)[0] == 1


def test_session_moves_the_button_and_carries_stacks() -> None:
    session = Session(get_game("seven-card-stud-8"), [60, 60, 60, 60], seed=9)
    hands = session.play(6, SimpleBot(seed=9))
    assert [h.button for h in hands[:4]] == [0, 1, 2, 3]
    for before, after in itertools.pairwise(hands):
        assert list(after.starting_stacks) == before.stacks
    assert sum(session.stacks) == 240
