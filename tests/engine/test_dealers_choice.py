"""Dealer's choice (the rules, §5.11): calls checked before the deal, each game
reachable by a call, each option kind honoured at the showdown when called,
unequal antes refused, a passed-out jackpot (and jacks back) dealt again by the same dealer,
every hand replaying from its own history, and a randomized driver over long
sessions of random calls from the example house."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence

import pytest
from engine_helpers import draw_deck, ints, passive_action, stud_deck

from splitpot.bots import SimpleBot
from splitpot.dealers_choice import Call, Deal, DealersChoice
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.history import History
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, HistoryError, RuleError
from splitpot.games import GAMES
from splitpot.house import HouseDealer, example_house, house_session
from splitpot.narrate import ALL, describe_hand


def scripted(calls: Sequence[Call], log: list[Deal] | None = None) -> Callable[[Deal], Call]:
    """A dealer policy that makes ``calls`` in order (and logs the deals it is asked about)."""
    it: Iterator[Call] = iter(calls)

    def dealer(deal: Deal) -> Call:
        if log is not None:
            log.append(deal)
        return next(it)

    return dealer


def checker(state: State) -> None:
    """Stands pat, opens or bets where it may, else checks or calls: every hand
    goes to a showdown, and a jackpots player with openers opens."""
    actions = {o.action for o in state.legal_actions()}
    if Action.DRAW in actions:
        state.draw([])
    elif Action.BET in actions and state.spec.opening is not None and state.street == 0:
        state.bet()
    else:
        passive_action(state)


def play_out(state: State, policy: Callable[[State], None] = checker) -> State:
    while not state.is_complete:
        policy(state)
    return state


def winners(state: State, side: str | None = None) -> set[int]:
    return {e.seat for e in state.events if isinstance(e, ev.PotAwarded) and side in (None, e.side)}


# ----------------------------------------------------------------- the call


def test_a_call_is_checked_before_the_deal() -> None:
    with pytest.raises(RuleError, match="Unknown game 'texas'"):
        Call(game="texas")
    with pytest.raises(RuleError, match="seven-card-stud has no option 'openers'; its options: duplicate, "):
        Call(game="seven-card-stud", options={"openers": "Q"})  # a jackpots option
    with pytest.raises(RuleError, match="has no option 'stakes'"):
        Call(game="california-lowball", stakes={"ante": 1})  # blinds and a limit, no stakes
    with pytest.raises(RuleError, match="positional third_card needs 3 cards"):
        Call(game="aces-deuces", options={"positional": "third_card"})
    with pytest.raises(RuleError, match="not 'dealers-choice'"):
        Call(game="dealers-choice")
    with pytest.raises(ArgumentTypeError, match="game must be a str"):
        Call(game=7)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match=r"as Call\(stakes=\.\.\.\)"):
        Call(game="jackpots", options={"stakes": {"ante": 1}})


def test_unequal_antes_are_refused() -> None:
    with pytest.raises(RuleError, match=r"unequal antes \[1, 2, 1\].*no player may be made to ante more"):
        Call(game="jackpots", stakes={"ante": [1, 2, 1], "small_bet": 5, "big_bet": 10})
    call = Call(game="jackpots", stakes={"ante": [2, 2, 2], "small_bet": 5, "big_bet": 10})
    assert call.stakes is not None and call.stakes.ante == 2
    session = DealersChoice([100, 100, 100], dealer=scripted([call]), seed=3)
    state = session.new_hand()
    assert [e.amount for e in state.events if isinstance(e, ev.AntePosted)] == [2, 2, 2]


def test_a_call_that_does_not_seat_the_table_is_refused_before_the_deal() -> None:
    three_blinds = Call(game="california-lowball", options={"limit": 3})
    session = DealersChoice([100, 100], dealer=scripted([three_blinds]))
    with pytest.raises(RuleError, match="seats 3 to 8 players; 2 are dealt in"):
        session.new_hand()
    assert session.hands == [] and session.calls == []
    # Was "2 have chips" where three had chips and one sat out: it counts the players dealt in.
    session = DealersChoice([100, 100, 100], dealer=scripted([three_blinds]))
    session.sit_out(1)
    with pytest.raises(RuleError, match="seats 3 to 8 players; 2 are dealt in"):
        session.new_hand(call=three_blinds)


def test_a_policy_must_return_a_call() -> None:
    session = DealersChoice([100, 100], dealer=lambda deal: "jackpots")  # type: ignore[arg-type,return-value]
    with pytest.raises(ArgumentTypeError, match="seat 0 must return a Call, got str 'jackpots'"):
        session.new_hand()


def test_the_call_is_said_as_a_dealer_says_it() -> None:
    call = Call(game="five-card-stud-last-down", options={"wild": "2"})
    assert call.text() == "five-card stud, last card down, deuces wild"
    call = Call(game="seven-card-stud", options={"penalty": ["Qs"], "penalty_rule": "void-card",
                                                  "positional": "lowest_hole_card", "joker": "wild"})
    assert call.text() == ("seven-card stud, the joker wild, each player's lowest hole card wild, "
                           "penalty card Qs (void card)")
    call = Call(game="lowball", options={"penalty": ["7", "Kd"], "wild": [51]})
    assert call.text() == "lowball, As wild, sevens and Kd penalty cards (dead hand)"


# ----------------------------------------------------------- the session


def test_every_game_is_reachable_by_a_call_and_the_button_moves_left() -> None:
    calls = [Call(game=name) for name in GAMES]
    deals: list[Deal] = []
    session = DealersChoice([10_000] * 3, dealer=scripted(calls, deals), seed=5)
    hands = session.play(len(calls), SimpleBot(seed=5))
    assert [h.spec.name for h in hands] == list(GAMES)
    assert [h.game_call for h in hands] == calls == session.calls
    assert [h.button for h in hands] == [i % 3 for i in range(len(calls))]
    assert [d.dealer for d in deals] == [h.button for h in hands]
    assert [d.number for d in deals] == list(range(1, len(calls) + 1))
    assert sum(session.stacks) == 30_000


def test_each_seat_calls_through_its_own_policy() -> None:
    games = ["jackpots", "mexican-stud", "aces-deuces"]
    policies = [scripted([Call(game=g)] * 5) for g in games]
    session = DealersChoice([500] * 3, dealer=policies, seed=2)
    hands = session.play(6, SimpleBot(seed=2))
    assert [h.spec.name for h in hands] == [games[h.button] for h in hands]
    assert [h.button for h in hands] == [0, 1, 2, 0, 1, 2]


SEVEN = "seven-card-stud"


def showdown(call: Call, hands: list[str], *, joker: bool = False) -> State:
    """One stacked hand, called by the dealer of a session, checked down."""
    deck = stud_deck(hands)
    if joker and 52 not in deck:
        deck.append(52)
    session = DealersChoice([100] * len(hands), dealer=scripted([call]))
    state = session.new_hand(deck=deck)
    assert state.game_call == call
    return play_out(state)


ACES_AND_DEUCES = "2c 2d As Ah Ad Kc Qc"  # deuces wild: five aces
KING_HIGH_SF = "9h Th Jh Qh Kh 3c 4c"  # a natural king-high straight flush


def test_called_wild_rank_is_honoured() -> None:
    assert winners(showdown(Call(game=SEVEN), [ACES_AND_DEUCES, KING_HIGH_SF])) == {1}
    assert winners(showdown(Call(game=SEVEN, options={"wild": "2"}), [ACES_AND_DEUCES, KING_HIGH_SF])) == {0}


def test_called_joker_is_honoured_wild_or_as_the_bug() -> None:
    hands = ["Jk Kd Ks Qh Qc 3d 8s", "2h 5h 7h 9h Jh 4c 6d"]  # kings and queens with the joker; a flush
    wild = showdown(Call(game=SEVEN, options={"joker": "wild"}), hands, joker=True)
    bug = showdown(Call(game=SEVEN, options={"joker": "bug"}), hands, joker=True)
    assert winners(wild) == {0}  # a full house
    assert winners(bug) == {1}  # the bug makes an ace: two pair lose to the flush


def test_called_positional_wild_card_is_honoured_and_shown() -> None:
    hands = ["9c 4h As Ad 4s 2c Kd", "Qc Qd Qs 4d 4c 8c Jd"]
    assert winners(showdown(Call(game=SEVEN), hands)) == {1}  # queens full
    state = showdown(Call(game=SEVEN, options={"positional": "lowest_hole_card"}), hands)
    assert winners(state) == {0}  # A-A-4-4 with his fours wild: four aces; his jacks give Bo four queens
    lines = describe_hand(state, ["Ann", "Bo"], viewer=ALL)
    assert "  4h is wild for Ann: his lowest hole card (with all his fours)" in lines
    assert "  Jd is wild for Bo: his lowest hole card (with all his jacks)" in lines


@pytest.mark.parametrize(("rule", "winner"), [("dead-hand", 0), ("void-card", 1)])
def test_called_penalty_card_is_honoured_under_both_rules(rule: str, winner: int) -> None:
    # The straight flush holds the penalty 3c but does not play it: dead under dead-hand,
    # still the best five under void-card.
    hands = ["As Ah Ad 7c 8d Kc Qc", KING_HIGH_SF]
    assert winners(showdown(Call(game=SEVEN), hands)) == {1}
    call = Call(game=SEVEN, options={"penalty": "3c", "penalty_rule": rule})
    state = showdown(call, hands)
    assert winners(state) == {winner}
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert (shown[1] == "dead hand (penalty card 3c)") == (rule == "dead-hand")


def test_called_low_ranking_is_honoured() -> None:
    hands = ["Ah 2c 3d 4s 6h Kc Kd", "8c 7d 5s 4h 2s Qc Js"]
    classic = showdown(Call(game="seven-card-stud-high-low"), hands)  # deuce-to-seven: the ace is high
    ace_low = showdown(Call(game="seven-card-stud-high-low", options={"low": "ace-to-six"}), hands)
    assert winners(classic, "low") == {1}  # 8-7-5-4-2 beats K-6-4-3-2
    assert winners(ace_low, "low") == {0}  # 6-4-3-2-A is the best ace-to-six low


def test_a_passed_out_jackpot_is_dealt_again_by_the_same_dealer() -> None:
    """The dealer is seat 1 (not seat 0, where a reset button would sit): the re-deal is his,
    the antes again from his left; the next hand is seat 2's call."""
    nobody = ["2c 5d 8h Tc Ks", "3c 6d 9h Js Ah", "4c 7d Th Qs 2h"]  # no pair: nobody can open
    opener = ["2c 5d 8h Tc Ks", "Jc Jd 4s 5s 7h", "4c 7d Th Qs 2h"]
    decks = [draw_deck(nobody, button=1), draw_deck(opener, button=1)]
    deals: list[Deal] = []
    calls = [Call(game="jackpots"), Call(game="lowball")]
    session = DealersChoice([100] * 3, dealer=scripted(calls, deals), button=1, seed=1)
    first = play_out(session.new_hand(deck=decks))  # type: ignore[arg-type]
    redeals = [e for e in first.events if isinstance(e, ev.Redealt)]
    assert len(redeals) == 1 and first.button == 1 and first.deal == 2
    assert [e.seat for e in first.events if isinstance(e, ev.AntePosted)] == [2, 0, 1, 2, 0, 1]  # antes twice
    assert winners(first) == {1}  # the jacks opened on the second deal
    assert len(deals) == 1  # the dealer did not call again for the re-deal
    second = play_out(session.new_hand())
    assert second.button == 2 and second.spec.name == "lowball" and [d.dealer for d in deals] == [1, 2]
    replayed = History.from_json(first.history().to_json()).replay()
    assert replayed.snapshot() == first.snapshot()


def test_a_passed_out_jacks_back_is_dealt_again_by_the_same_dealer() -> None:
    """§5.11 with §5.7: a jacks-back call nobody opens for jacks nor for low is dealt again by
    the same dealer (seat 1: not seat 0, where a reset button would sit), everyone anteing
    again from his left, without a new call."""
    nobody = ["Ah Kd 7c 4s 2d", "Tc Td 8h 5s 3c", "9c 9d Qh 6s 4c"]  # no jacks; nobody opens low
    opener = ["2c 5d 8h Tc Ks", "Jc Jd 4s 5s 7h", "4c 7d Th Qs 2h"]
    deals: list[Deal] = []
    session = DealersChoice([100] * 3, dealer=scripted([Call(game="jacks-back")], deals), button=1, seed=1)
    state = session.new_hand(deck=[draw_deck(nobody, button=1), draw_deck(opener, button=1)])
    for _ in range(6):  # three checks for jacks, three for low
        state.check()
    assert state.deal == 2 and state.button == 1 and len(deals) == 1 and deals[0].dealer == 1
    assert [e.seat for e in state.events if isinstance(e, ev.AntePosted)] == [2, 0, 1, 2, 0, 1]
    assert state.spec.name == "jacks-back" and state.cards(1) == ints(opener[1])


# -------------------------------------------------------------- histories


def test_each_hand_replays_from_its_own_history_with_its_call() -> None:
    session = house_session(example_house(), [300] * 4, seed=8)
    hands = session.play(12, SimpleBot(seed=8))
    for state in hands:
        data = json.loads(state.history().to_json())
        assert Call.from_dict(data["call"]) == state.game_call
        history = History.from_dict(data)  # this hand alone: no session around it
        assert history.call == state.game_call
        replayed = history.replay()
        assert replayed.snapshot() == state.snapshot()
        assert replayed.game_call == state.game_call


def test_a_history_whose_call_does_not_deal_its_spec_is_refused() -> None:
    session = DealersChoice([100, 100], dealer=scripted([Call(game=SEVEN, options={"wild": "2"})]), seed=4)
    state = play_out(session.new_hand())
    data = state.history().to_dict()
    data["call"]["options"] = {"wild": "3"}
    with pytest.raises(HistoryError, match="call: the call \\(seven-card stud, threes wild\\) does not deal"):
        History.from_dict(data)
    data["call"] = {"game": SEVEN, "options": {"wild": "Z"}}
    with pytest.raises(HistoryError, match="call: seven-card-stud: unknown wild rank"):
        History.from_dict(data)
    with pytest.raises(RuleError, match="game_call: the call deals"):
        State(Call(game=SEVEN).spec, [100, 100], game_call=Call(game=SEVEN, options={"wild": "2"}))


# ------------------------------------------------------- randomized driver


def drive(sessions: int, deals: int, seed: int) -> int:
    """Sessions of random table sizes where the computer dealer calls at random
    from the example house: chips conserved after every hand, every hand ends
    (the session refuses a policy that stalls), every hand replays identically
    from its JSON history.  Returns the hands played."""
    rng = random.Random(seed)
    house = example_house()
    played = 0
    for _ in range(sessions):
        players = rng.randint(2, 8)
        stacks = [rng.randint(20, 400) for _ in range(players)]
        s = rng.randrange(2**32)
        session = DealersChoice(stacks, dealer=HouseDealer(house, seed=s), seed=s)
        bot = SimpleBot(seed=s)
        total = sum(stacks)
        for _ in range(deals):
            hands = session.play(1, bot)
            if not hands:
                break
            state = hands[0]
            assert state.is_complete and sum(state.stacks) == total
            assert state.game_call is not None and state.game == state.game_call.spec
            # verify=False: from_json's own check is this same strict replay, run once here.
            replayed = History.from_json(state.history().to_json(), verify=False).replay()
            assert replayed.snapshot() == state.snapshot()
            played += 1
        assert sum(session.stacks) == total
    return played


def test_random_sessions_short() -> None:
    assert drive(sessions=3, deals=40, seed=1) > 60


@pytest.mark.slow
def test_random_sessions_of_hundreds_of_deals() -> None:
    assert drive(sessions=8, deals=400, seed=2) > 1500


@pytest.mark.parametrize(
    ("game", "options", "said"),
    [
        ("mexican-stud", {"low": "ace-to-six"}, "Mexican stud, high-low, declare with chips, ace-to-six low"),
        ("five-card-stud", {"low": "ace-to-six"}, "five-card stud, high-low, ace-to-six low"),
        ("seven-card-stud-high-low", {"low": "ace-to-six"}, "seven-card stud high-low, ace-to-six low"),
        ("seven-card-stud", {"wild": ["2"]}, "seven-card stud, deuces wild"),  # a repeat: refused
        ("seven-card-stud", {"wild": []}, "seven-card stud"),  # was an IndexError
        ("seven-card-stud", {"penalty": []}, "seven-card stud"),
    ],
)
def test_the_call_says_what_its_options_make_of_the_game(
    game: str, options: dict[str, object], said: str
) -> None:
    """Was: a low made a high game high-low (and Mexican stud declared) without a word."""
    assert Call(game=game, options=options).text() == said


def test_a_call_turning_californias_no_check_raise_off_says_so() -> None:
    """California lowball's no check-raise after the draw, turned off in a call, is off in the
    game dealt and said aloud."""
    off = Call(game="california-lowball", options={"no_check_raise": False})
    assert not off.spec.streets[1].no_check_raise and off.text().endswith("check-raise allowed")


@pytest.mark.parametrize(
    ("options", "lack"),
    [
        ({"wild_low": "zero"}, "no low"),
        ({"duplicate": True}, "no wild cards"),
        ({"penalty_rule": "void-card"}, "no penalty cards"),
    ],
)
def test_a_call_with_an_option_that_does_nothing_is_refused(options: dict[str, object], lack: str) -> None:
    """As the command line refuses them (a house list announced "wild cards low as zeros")."""
    (option, value), = options.items()
    said = f"{option}={value!r} does nothing in seven-card-stud, which has {lack}"
    with pytest.raises(RuleError, match=said):
        Call(game="seven-card-stud", options=options)
    assert Call(game="seven-card-stud-8", options={"wild": "2", "wild_low": "zero"}).spec.wilds.wild == ("2",)


def test_the_qualifier_is_a_rank_or_its_number_in_a_call_too() -> None:
    """Was: qualifier = "9" or "T" refused in a house list ("low_qualifier must be an int")."""
    from splitpot.games import get_game

    assert Call(game="seven-card-stud-8", options={"qualifier": "T"}).text() == (
        "seven-card stud, eight or better, low qualifier ten")
    given = ("9", 9, "K", "13")
    assert [get_game("seven-card-stud-8", qualifier=q).low_qualifier for q in given] == [9, 9, 13, 13]
    said = r"qualifier must be a rank 5-9, T, J, Q or K \(or a number 5..13\), got 'A'"
    with pytest.raises(RuleError, match=said):
        get_game("seven-card-stud-8", qualifier="A")
    with pytest.raises(ArgumentTypeError, match=r"qualifier must be an int, got float 8\.5"):
        get_game("seven-card-stud-8", qualifier=8.5)


def test_a_call_takes_its_options_as_a_set_of_pairs() -> None:
    """The pairs are sorted, so their order does not matter. Was: "Call: options must be a
    sequence of (name, value) pairs (a list or tuple), got set ...: a set has no order"."""
    call = Call(game="lowball", options={("max_draw", 3)})
    assert call == Call(game="lowball", options={"max_draw": 3})
    assert Call(game="lowball", options={("max_draw", 3), ("pass_and_out", False)}) == Call(
        game="lowball", options=[("pass_and_out", False), ("max_draw", 3)])
    with pytest.raises(ArgumentTypeError, match="options must be a dict or"):
        Call(game="lowball", options={"max_draw"})


def test_can_continue_is_false_where_no_hand_can_be_dealt() -> None:
    """Was: can_continue stayed True where the house list had no call for the players dealt
    in (stalled, or over), so ``while s.can_continue: s.play(1, bot)`` never ended; and one
    player dealt in (the others sitting out) stopped play with neither stalled nor over."""
    from splitpot.house import HouseList

    three = HouseList.from_toml('[[call]]\ngame = "california-lowball"\nlimit = 3\n')  # seats 3 or more
    bot = SimpleBot(seed=4)
    session = house_session(three, [100, 100, 100, 0], seed=4)
    assert session.can_continue and not session.is_over
    session.sit_out(1)
    assert not session.can_continue and not session.is_over  # stalled: 2 dealt in, no call for 2
    assert session.play(3, bot) == [] and session.stalled and "no call for 2 players" in session.stalled
    assert session.over is None
    session.sit_in(1)
    session.set_stack(2, 0)  # two players with chips, nobody out: over
    assert not session.can_continue and session.is_over
    assert session.play(3, bot) == [] and session.over and "no call for 2 players" in session.over
    with pytest.raises(RuleError, match="session is over: <house list> has no call for 2 players"):
        session.carry_on()
    loops = 0
    while session.can_continue and loops < 3:
        session.play(1, bot)
        loops += 1
    assert loops == 0
    session.set_stack(2, 100)  # a third player: a call seats them again
    assert session.over is None and session.can_continue and len(session.play(1, bot)) == 1

    any_game = house_session(example_house(), [100, 100, 100], seed=4)
    any_game.sit_out(0)
    any_game.sit_out(1)  # one player dealt in
    assert not any_game.can_continue and not any_game.is_over
    assert any_game.play(2, bot) == [] and any_game.over is None
    assert any_game.stalled == "too few players are dealt in (1 of 3 with chips)"
    assert sum(any_game.stacks) == 300


def test_the_repr_counts_the_hands_played_not_the_one_in_progress() -> None:
    """Was: '1 hands played' while the first hand was still being played."""
    from splitpot.engine.session import Session
    from splitpot.games import get_game

    bot = SimpleBot(seed=1)
    for session in (house_session(example_house(), [100] * 3, seed=1),
                    Session(get_game("seven-card-stud"), [100] * 3, seed=1)):
        assert "0 hands played" in repr(session) and "in progress" not in repr(session)
        state = session.new_hand()
        assert "0 hands played, 1 in progress" in repr(session)
        while not state.is_complete:
            bot(state)
        assert "1 hand played" in repr(session) and "in progress" not in repr(session)
        state = session.new_hand()
        assert "1 hand played, 1 in progress" in repr(session)
        while not state.is_complete:
            bot(state)
        assert "2 hands played" in repr(session)
