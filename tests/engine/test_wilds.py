"""Wild cards, the joker and penalty cards as game options (the rules, §2), honoured at the
showdown, and the options refused where they would do nothing or contradict each other.
Positional wild cards are in test_positional_wilds.py."""

from __future__ import annotations

import pytest

import splitpot
from splitpot.cards import Card
from splitpot.dealers_choice import Call
from splitpot.engine import events as ev
from splitpot.engine.history import History
from splitpot.engine.spec import Wilds
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, CardTypeError, RankingError, RuleError
from splitpot.games import get_game

from .engine_helpers import awards, call_down, stud_deck
from .engine_helpers import winners as _winners

ACES_AND_DEUCES = "2c 2d As Ah Ad Kc Qc"  # deuces wild: five aces
KING_HIGH_SF = "9h Th Jh Qh Kh 3c 4c"  # a natural king-high straight flush


def _play(spec_options: dict[str, object], hands: list[str]) -> State:
    state = State(get_game("seven-card-stud", **spec_options), [100] * len(hands), deck=stud_deck(hands))
    call_down(state)
    return state


def test_natural_straight_flush_beats_trip_aces() -> None:
    state = _play({}, [ACES_AND_DEUCES, KING_HIGH_SF])
    assert set(_winners(state)) == {1}


def test_deuces_wild_five_aces_beat_a_straight_flush() -> None:
    state = _play({"wild": "2"}, [ACES_AND_DEUCES, KING_HIGH_SF])
    assert set(_winners(state)) == {0}
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[0] is not None and shown[0].startswith("five of a kind, aces")
    award = next(e for e in state.events if isinstance(e, ev.PotAwarded))
    assert award.hand.startswith("five of a kind")


@pytest.mark.parametrize(("duplicate", "winner"), [(False, 1), (True, 0)])
def test_duplicate_option_decides_a_stud_showdown(duplicate: bool, winner: int) -> None:
    """§2: with ``duplicate`` a wild card may be a card the player holds — the double-ace
    flush (A♥ and a wild deuce as A♥) beats A-K-Q of diamonds; without it the deuce is
    the K♥ at best, and A-K-9 loses to A-K-Q."""
    hands = ["Ah 9h 2c 7h 5h Td 3s", "Ad Kd 8c Qd 4d 3d Jc"]
    state = State(get_game("seven-card-stud", wild="2", duplicate=duplicate), [100, 100],
                  deck=stud_deck(hands))
    call_down(state)
    assert [seat for seat, _, _ in awards(state)] == [winner]
    assert state.stacks[winner] > 100 and sum(state.stacks) == 200


def test_penalty_card_dead_hand_wins_nothing() -> None:
    state = _play({"penalty": "Kh"}, [ACES_AND_DEUCES, KING_HIGH_SF])
    assert set(_winners(state)) == {0}  # the straight flush holds the penalty king
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[1] == "dead hand (penalty card Kh)"


def test_penalty_void_card_plays_the_other_cards() -> None:
    # Void: the Kh may not be played, so 9h Th Jh Qh 3c 4c make queen high, and trip aces win.
    state = _play({"penalty": "Kh", "penalty_rule": "void-card"}, [ACES_AND_DEUCES, KING_HIGH_SF])
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    assert shown[1] is not None and not shown[1].startswith("dead")
    assert set(_winners(state)) == {0}


def test_penalty_void_card_in_five_card_stud_leaves_fewer_than_five_a_dead_hand() -> None:
    """§2: Under `void-card` a hand left with fewer than five playable cards is dead: in
    five-card stud the pair of aces holding the penalty card loses to king high."""
    hands = ["Qs Ad Ah 9c 5d", "Kc 2d 8h 7c 4s"]
    spec = get_game("five-card-stud", penalty="Qs", penalty_rule="void-card")
    state = State(spec, [100] * 2, deck=stud_deck(hands))
    call_down(state)
    assert [seat for seat, amount, _ in awards(state) if amount] == [1]


@pytest.mark.parametrize(("rule", "expected"), [
    ("dead-hand", {1: 5, 2: 4}),  # seat 0's best low is dead with the K♦: no part of the pot
    ("void-card", {1: 5, 0: 4}),  # the K♦ is just not played: his 6-4-3-2-A low wins
])
def test_penalty_card_in_a_high_low_game_counts_for_the_low_too(rule: str, expected: dict[int, int]) -> None:
    """§2: dead-hand — a hand holding a penalty card cannot win any part of the pot (so not
    the low half either); void-card — the card may not be one of the five played, the
    others still make his low."""
    hands = [
        "Ac 2d 3h 4s 6c Kd Qh",  # ace high; 6-4-3-2-A low; holds the penalty K♦
        "Kc Kh Ks 9d 9h Jc Tc",  # kings full; no low
        "Qs Qd 7c 8d 5h 3c 2h",  # pair of queens; 8-7-5-3-2 low
    ]
    spec = get_game("seven-card-stud-8", penalty="Kd", penalty_rule=rule)
    state = State(spec, [100] * 3, deck=stud_deck(hands))
    call_down(state)
    assert _winners(state) == expected


def test_joker_game_deals_from_53_cards_and_plays_the_bug() -> None:
    spec = get_game("seven-card-stud", joker="bug")
    assert spec.wilds.deck_size == 53
    state = State(spec, [100] * 2, seed=5)
    assert len(state.deck_order) == 53 and 52 in state.deck_order
    hands = ["Jk Ac As Ad Ah 3c 4d", "9h Th Jh Qh Kh 3s 4s"]
    state = State(spec, [100] * 2, deck=stud_deck(hands))
    call_down(state)
    assert set(_winners(state)) == {0}  # five aces with the bug beat the straight flush


def test_a_joker_in_a_game_without_one_is_refused() -> None:
    with pytest.raises(RuleError, match="without the joker"):
        State(get_game("seven-card-stud"), [100] * 2, deck=[52, *range(51)])


def test_history_records_and_replays_the_wild_options() -> None:
    options = {"wild": "2", "penalty": "Kh", "penalty_rule": "void-card"}
    state = _play(options, [ACES_AND_DEUCES, KING_HIGH_SF])
    history = History.from_json(state.history().to_json())
    assert history.spec.wilds == Wilds(wild=("2",), penalty=("Kh",), penalty_rule="void-card")
    assert history.replay().snapshot() == state.snapshot()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"wild": "Z"}, "unknown wild rank"),
        ({"joker": "sometimes"}, "joker must be one of"),
        ({"wild_low": "high"}, "wild_low must be one of"),
        ({"penalty": "Jk"}, "joker cannot be a penalty"),
    ],
)
def test_bad_wild_options_are_refused_clearly(options: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        get_game("seven-card-stud", **options)


@pytest.mark.parametrize(
    ("game", "options", "lack"),
    [
        ("seven-card-stud", {"wild": "2", "wild_low": "zero"}, "no low"),
        ("seven-card-stud-8", {"wild_low": "best-rank"}, "no wild cards"),
        ("seven-card-stud", {"duplicate": True}, "no wild cards"),
        ("lowball", {"duplicate": True}, "no high hand"),
        ("jackpots", {"penalty_rule": "void-card"}, "no penalty cards"),
    ],
)
def test_an_option_that_would_do_nothing_is_refused(game: str, options: dict[str, object], lack: str) -> None:
    """Was taken and silently ignored by get_game (the command line and dealer's calls refused it)."""
    option, value = list(options.items())[-1]
    said = f"{option}={value!r} does nothing in {game}, which has {lack}; leave it out"
    with pytest.raises(RuleError, match=said):
        get_game(game, **options)
    assert get_game("seven-card-stud-8", wild="2", wild_low="zero").wilds.wild == ("2",)
    assert get_game("seven-card-stud", joker="bug", duplicate=True).wilds.duplicate  # the bug's flush


def test_a_penalty_rank_kills_every_card_of_it() -> None:
    """``penalty="3"`` is every three, as the evaluator reads it; ranks and cards mix."""
    named_as = (("3", "card 3c"), (["3"], "card 3c"), (["3", "Kh"], "cards Kh 3c"), (["K"], "card Kh"))
    for penalty, named in named_as:
        state = _play({"penalty": penalty}, [ACES_AND_DEUCES, KING_HIGH_SF])
        shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
        assert shown[1] == f"dead hand (penalty {named})", penalty
        both_dead = penalty == ["K"]  # the aces hold Kc
        assert shown[0].startswith("dead hand") == both_dead, penalty
        assert set(_winners(state)) == ({0, 1} if both_dead else {0}), penalty
    history = History.from_json(state.history().to_json())
    assert history.spec.wilds.penalty == ("K",) and history.replay().snapshot() == state.snapshot()


def test_wild_and_penalty_cards_take_the_evaluators_forms() -> None:
    """Ints (and Cards) are cards, as in ``evaluate(wild=...)``; None is none."""
    assert get_game("seven-card-stud", wild=[2, 51]).wilds.wild == ("2h", "As")
    assert get_game("seven-card-stud", wild=None).wilds == Wilds()
    assert get_game("seven-card-stud", penalty=[Card(47)]).wilds.penalty == ("Ks",)


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"wild": 2}, ArgumentTypeError, r"seven-card-stud: wild must be a rank \('2'\), .* got int 2"),
        ({"wild": 2.0}, ArgumentTypeError, "got float 2.0"),
        ({"penalty": 51}, ArgumentTypeError,
         r"seven-card-stud: penalty must be a rank \('2'\), .* got int 51"),
        ({"wild": [2.5]}, CardTypeError, "seven-card-stud: wild: "),
        ({"wild": [51, "Z"]}, RuleError, "unknown wild rank or card 'Z'"),
        ({"penalty": [52]}, RuleError, "joker cannot be a penalty"),
    ],
)
def test_wild_and_penalty_values_of_the_wrong_type_are_refused_clearly(
    options: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        get_game("seven-card-stud", **options)


# ------------------------------------------- §2 a card both wild and a penalty card does nothing wild


@pytest.mark.parametrize("rule", ["dead-hand", "void-card"])
@pytest.mark.parametrize(("wild", "penalty"), [("2", "2"), ("2", "2s"), ("Qs", "Q"), (("2", "Qs"), "Qs")])
def test_a_card_both_wild_and_penalty_is_refused(wild: object, penalty: str, rule: str) -> None:
    """§2: Was accepted, though such a card never plays as wild (with dead-hand it kills the hand,
    with void-card it may not be played): one check (splitpot.wild.check_wild_penalty) refuses
    it in the game spec, dealer's choice, equity and the evaluator."""
    with pytest.raises(RuleError, match="wild and penalty both name"):
        get_game("five-card-stud", wild=wild, penalty=penalty, penalty_rule=rule)
    with pytest.raises(RuleError, match="wild and penalty both name"):
        Call(game="five-card-stud", options={"wild": wild, "penalty": penalty, "penalty_rule": rule})
    with pytest.raises(RuleError, match="wild and penalty both name"):
        Wilds(wild=(wild,) if isinstance(wild, str) else wild, penalty=(penalty,), penalty_rule=rule)
    with pytest.raises(RuleError, match="wild and penalty both name"):
        splitpot.equity("seven-card-stud", ["As Ks Qs", "2c 2d 3h"], wild=wild, penalty=penalty,
                        penalty_rule=rule, samples=10, seed=1)
    with pytest.raises(RankingError, match="wild and penalty both name"):
        splitpot.evaluate("As Ks Qs Js 2c", wild=wild, penalty=penalty, penalty_rule=rule)


def test_the_joker_both_wild_and_penalty_is_refused_by_the_evaluator() -> None:
    """§2: The games and equity refuse the joker as a penalty card at all; the evaluator takes it,
    and refuses it where the joker is wild too (the bug is not fully wild: accepted)."""
    with pytest.raises(RankingError, match="joker='wild' and penalty both name Jk"):
        splitpot.evaluate("As Ks Qs Js Jk", joker="wild", penalty="Jk")
    assert splitpot.evaluate("As Ks Qs Js Jk", joker="bug", penalty="Jk") is None  # a dead hand


def test_the_message_says_what_to_do_and_the_disjoint_cards_pass() -> None:
    """§2: the refusal says what to do, and wild and penalty cards that do not overlap pass."""
    with pytest.raises(RuleError, match=r"name the wild cards without them \(wild='2c 2d 2h'\)"):
        get_game("seven-card-stud", wild="2", penalty="2s")
    spec = get_game("seven-card-stud", wild="2c 2d 2h", penalty="2s")
    assert spec.wilds.wild == ("2c 2d 2h",) and spec.wilds.penalty == ("2s",)
    assert Call(game="five-card-stud", options={"wild": "2", "penalty": "Qs"}).spec.wilds.penalty == ("Qs",)
