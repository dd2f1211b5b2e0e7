"""Declarations (the rules, §4): scripted declare hands, the modes and options and the games
that take them, and the resolution rules on plain numbers."""

from __future__ import annotations

import pytest
from engine_helpers import (
    NO_ANTE_LIMIT_10_20,
    actions,
    awards,
    awards_with_pot,
    call_down,
    passive_action,
    stud_deck,
)
from hypothesis import given
from hypothesis import strategies as st

from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.declare import Declaration, resolve_declared
from splitpot.engine.pots import Pot
from splitpot.engine.spec import DeclareMode
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError, RuleError
from splitpot.games import get_game

SWING = "2c 3d 4h 7c 5s 7d 7h"      # trip sevens and a 7-5-4-3-2 low (deuce-to-seven)
KINGS = "Kc Kd 9s 8h 6c Jd Qs"      # pair of kings, queen-jack low
NINE_LOW = "Ts Th 9d 8d 6d 4c 3c"   # pair of tens, 9-8-6-4-3 low
SAME_LOW = "2d 3c 4s 5h 7s Ts Jc"   # the same 7-5-4-3-2 low in other suits, jack high


def play(hands: list[str], choices: dict[int, str], **options: object) -> State:
    spec = get_game("seven-card-stud-declare", **options)
    state = State(spec, [100] * len(hands), deck=stud_deck(hands))
    call_down(state, declare=choices)
    return state


def test_all_declare_high_best_high_takes_the_pot() -> None:
    state = play([SWING, KINGS, NINE_LOW], {0: "high", 1: "high", 2: "high"})
    assert awards(state) == [(0, 9, "pot")]


def test_all_declare_low_best_low_takes_the_pot() -> None:
    state = play([SWING, KINGS, NINE_LOW], {0: "low", 1: "low", 2: "low"})
    assert awards(state) == [(0, 9, "pot")]


def test_a_side_left_without_declarers_gives_the_other_side_everything() -> None:
    # seat 1 is the only high declarer (as a swing); he loses low and forfeits, so no
    # high claim is left and the best low takes the whole pot
    state = play([SWING, KINGS, NINE_LOW], {0: "low", 1: "both", 2: "low"}, declare="in-turn", both=True)
    assert [e.seat for e in state.events if isinstance(e, ev.Forfeited)] == [1]
    assert awards(state) == [(0, 9, "pot")]


def test_high_and_low_declarers_split_with_the_odd_chip_to_high() -> None:
    state = play([SWING, KINGS, NINE_LOW], {0: "low", 1: "high", 2: "high"})
    assert awards(state) == [(1, 5, "high"), (0, 4, "low")]  # kings beat tens


def test_swing_who_wins_both_takes_both_halves() -> None:
    state = play([SWING, KINGS, NINE_LOW], {0: "both", 1: "high", 2: "low"})
    assert awards(state) == [(0, 5, "high"), (0, 4, "low")]
    assert not any(isinstance(e, ev.Forfeited) for e in state.events)


def test_swing_who_ties_one_side_forfeits_and_the_pot_is_resolved_without_him() -> None:
    state = play([SWING, KINGS, SAME_LOW], {0: "both", 1: "high", 2: "low"})
    assert [(e.pot, e.seat) for e in state.events if isinstance(e, ev.Forfeited)] == [(0, 0)]
    assert awards(state) == [(1, 5, "high"), (2, 4, "low")]
    assert state.stacks[0] == 100 - 3


def test_tie_keeps_half_option_keeps_the_half_won_outright() -> None:
    state = play([SWING, KINGS, SAME_LOW], {0: "both", 1: "high", 2: "low"}, tie_keeps_half=True)
    assert awards(state) == [(0, 5, "high"), (2, 4, "low")]


def test_nobody_wins_as_declared_splits_equally() -> None:
    aces = "Ac Ad 9s 8h 6c Jd Qs"  # pair of aces (better high), queen-jack low
    swing_kings = "2c 3d 4h 7c 5s Kd Kh"  # pair of kings, 7-5-4-3-2 low (better low)
    state = play([swing_kings, aces], {0: "both", 1: "both"})
    assert sorted((e.pot, e.seat) for e in state.events if isinstance(e, ev.Forfeited)) == [(0, 0), (0, 1)]
    assert awards(state) == [(1, 3, "equal"), (0, 3, "equal")]  # from the dealer's left
    assert state.stacks == [100, 100]


# ------------------------------------------------------------- the modes
def test_in_turn_declarations_go_from_the_dealers_left() -> None:
    spec = get_game("seven-card-stud-declare", declare="in-turn")
    state = State(spec, [100] * 3, button=1, deck=stud_deck([SWING, KINGS, NINE_LOW], button=1))
    call_down_to_declare(state)
    assert state.phase is Phase.DECLARING and state.actor == 2
    with pytest.raises(IllegalActionError, match="in turn"):
        state.declare("high", seat=0)
    state.declare("high")
    assert state.actor == 0
    # in-turn declarations are public at once
    assert state.view(1)["events"][-1] == {"event": "declare", "seat": 2, "choice": "high"}


def test_simultaneous_declarations_stay_secret_until_all_are_in() -> None:
    spec = get_game("seven-card-stud-declare")
    state = State(spec, [100] * 3, deck=stud_deck([SWING, KINGS, NINE_LOW]))
    call_down_to_declare(state)
    assert state.view(1)["legal_actions"] == [
        {"action": "declare", "amounts": [], "choices": ["high", "low", "both"]}]
    state.declare("blue", seat=2)  # markers: blue = both
    assert state.view(2)["legal_actions"] == []  # already declared
    assert state.view(0)["events"][-1]["choice"] is None
    assert state.view(2)["events"][-1]["choice"] == "both"
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="cannot declare"):
        state.declare("red", seat=2)
    with pytest.raises(IllegalActionError, match="Unknown declaration"):
        state.declare("green", seat=0)
    assert state.snapshot() == before
    state.declare("red", seat=0)
    state.declare("white", seat=1)
    reveal = [e for e in state.events if isinstance(e, ev.DeclarationsRevealed)]
    assert reveal and reveal[0].choices == ((1, "low"), (2, "both"), (0, "high"))
    assert state.is_complete


def call_down_to_declare(state: State) -> None:
    while state.phase is not Phase.DECLARING:
        call_down_step(state)


def call_down_step(state: State) -> None:
    options = {str(o.action) for o in state.legal_actions()}
    if "bring_in" in options:
        state.bring_in()
    elif "check" in options:
        state.check()
    else:
        state.call()


# ------------------------------------------- declarations as an option of high-low games


def test_in_turn_declarations_are_high_or_low_unless_both_is_allowed() -> None:
    """§4 declaration modes: in turn, ``high`` or ``low``, and ``both`` only where allowed."""
    hands = ["As Ad 2c 3c 4c 5d Kh", "Ah 2d 3d 4d 5c Qs Jh"]
    for both in (None, False, True):
        options = {} if both is None else {"both": both}
        spec = get_game("seven-card-stud-declare", declare="in-turn", stakes=NO_ANTE_LIMIT_10_20, **options)
        state = State(spec, [100, 100], deck=stud_deck(hands))
        while state.phase is not Phase.DECLARING:
            passive_action(state)
        choices = state.legal_actions()[0].choices
        if both:
            assert choices == ("high", "low", "both") and state.can_declare("blue")
        else:
            assert choices == ("high", "low")
            before = state.snapshot()
            for word in ("both", "blue", "BOTH"):
                with pytest.raises(IllegalActionError, match="high or low only"):
                    state.declare(word)
            assert state.snapshot() == before
    assert get_game("seven-card-stud-declare").declare_both  # simultaneous: the blue chip


@pytest.mark.parametrize("game", ["five-card-stud", "mexican-stud"])
def test_in_turn_declarations_with_both_allowed_in_the_five_card_games(game: str) -> None:
    """§4 modes: either mode "with both allowed"; five-card stud and Mexican stud
    take ``both=True`` with in-turn declarations (default: high or low only)."""
    plain = get_game(game, low="ace-to-six", declare="in-turn")
    swing = get_game(game, low="ace-to-six", declare="in-turn", both=True)
    assert (plain.declare_both, swing.declare_both) == (False, True)
    with pytest.raises(RuleError, match="both applies to declarations"):
        get_game(game, both=True)


@pytest.mark.parametrize("game", ["seven-card-stud-8", "aces-deuces"])
@pytest.mark.parametrize("option", ["both", "tie_keeps_half"])
def test_each_declaration_option_is_refused_alone_and_recorded_with_declare(game: str, option: str) -> None:
    """§4: ``both`` and ``tie_keeps_half`` are options of declarations: in either game either
    option alone is refused, not ignored; given with ``declare`` it is kept and recorded among
    the game's options."""
    with pytest.raises(RuleError, match=f"{option} needs declarations"):
        get_game(game, **{option: True})
    spec = get_game(game, declare="in-turn", **{option: True})
    recorded = dict(spec.options)
    assert recorded["declare"] == "in_turn" and recorded[option] is True
    assert (spec.declare_both if option == "both" else spec.tie_keeps_half) is True
    assert not {"declare", "both", "tie_keeps_half"} & dict(get_game(game).options).keys()


def test_seven_card_stud_high_low_takes_declarations() -> None:
    """§4: declarations are an option of any high-low game, the classic split
    included (``seven-card-stud-declare`` is this game declared simultaneously)."""
    spec = get_game("seven-card-stud-high-low", declare="in-turn", both=True)
    assert spec.declare is DeclareMode.IN_TURN and spec.declare_both is True
    assert spec.low == "deuce-to-seven" and dict(spec.options)["declare"] == "in_turn"
    assert get_game("seven-card-stud-high-low").declare is DeclareMode.NONE
    state = State(spec, [100] * 3, seed=5)
    while not state.is_complete:
        if state.phase is Phase.DECLARING:
            state.declare("high" if state.actor == 0 else "low")
        elif state.can_check():
            state.check()
        elif Action.BRING_IN in actions(state):
            state.bring_in()
        else:
            state.call()
    assert any(isinstance(e, ev.Declared) for e in state.events) and sum(state.stacks) == 300


def test_stud_8_takes_declarations_and_a_low_that_does_not_qualify_wins_nothing() -> None:
    """§4 (declarations, an option for any high-low game) with §5.2: seat 1 holds the
    better high (a straight) but declares low without an eight-or-better low; seat 0
    declares high and takes the whole pot (cards speak would give it to seat 1)."""
    hands = ["As Ac Kc 9d 9c Qc 4h", "Kd Qd Th Jh 9h 2s 3s"]
    spec = get_game("seven-card-stud-8", declare="in-turn")
    state = State(spec, [100, 100], deck=stud_deck(hands))
    call_down(state, declare={0: "high", 1: "low"})
    assert awards_with_pot(state) == [(0, 0, 6, "pot")]
    speaking = State(get_game("seven-card-stud-8"), [100, 100], deck=stud_deck(hands))
    call_down(speaking)
    assert [(seat, side) for _, seat, _, side in awards_with_pot(speaking)] == [(1, "pot")]


def test_aces_deuces_takes_declarations_and_a_swing_must_win_both() -> None:
    """§4 with §5.10: simultaneous declarations (both allowed by default); seat 0
    (A-2: the best low, ace high) declares both and loses high to the kings, so he
    forfeits and seat 1, who declared high, takes the whole pot."""
    spec = get_game("aces-deuces", declare="simultaneous")
    state = State(spec, [100, 100], deck=stud_deck(["Ac 2d", "Kc Kd"]))
    while state.phase is Phase.DRAWING:
        state.draw()
    call_down(state, declare={0: "both", 1: "high"})
    assert awards_with_pot(state) == [(0, 1, 2, "pot")]
    assert [(e.pot, e.seat) for e in state.events if isinstance(e, ev.Forfeited)] == [(0, 0)]


# ------------------------------------------------- resolution on plain numbers
def _resolve(decl: dict[int, str], high: dict[int, int], low: dict[int, int], amount: int = 10,
             keep: bool = False) -> list[tuple[int, int, str]]:
    pot = Pot(amount=amount, eligible=tuple(sorted(decl)))
    out = resolve_declared(0, pot, {s: Declaration(d) for s, d in decl.items()}, high=high, low=low,
                           priority=lambda seats, side: seats, tie_keeps_half=keep)
    return [(s.seat, s.amount, str(s.side)) for s in out.shares]


def test_swing_losing_a_side_forfeits_even_with_the_tie_option() -> None:
    got = _resolve({0: "both", 1: "high", 2: "low"}, {0: 5, 1: 9, 2: 1}, {0: 9, 1: 1, 2: 5}, keep=True)
    assert got == [(1, 5, "high"), (2, 5, "low")]


def test_two_swings_tying_high_both_forfeit() -> None:
    got = _resolve({0: "both", 1: "both", 2: "high"}, {0: 9, 1: 9, 2: 1}, {0: 9, 1: 5, 2: 1}, amount=11)
    assert got == [(2, 11, "pot")]


def test_tied_low_declarers_share_the_low_half() -> None:
    got = _resolve({0: "high", 1: "low", 2: "low"}, {0: 9, 1: 1, 2: 2}, {0: 1, 1: 7, 2: 7}, amount=11)
    assert got == [(0, 6, "high"), (1, 3, "low"), (2, 2, "low")]


def test_non_qualifying_lows_never_win_a_declared_low() -> None:
    got = _resolve({0: "high", 1: "low"}, {0: 9, 1: 1}, {0: 0, 1: 0})
    assert got == [(0, 10, "pot")]


def test_swings_that_fail_are_removed_at_once() -> None:
    """§4: Swing 0 wins high only, swing 1 low only: both forfeit in the same pass, and the
    pot goes to the high declarer 2 and the low declarer 3.  Removing one swing at a
    time would let swing 1 scoop."""
    declared = {0: Declaration.BOTH, 1: Declaration.BOTH, 2: Declaration.HIGH, 3: Declaration.LOW}
    out = resolve_declared(
        0,
        Pot(amount=20, eligible=(0, 1, 2, 3)),
        declared,
        high={0: 10, 1: 9, 2: 8, 3: 1},
        low={0: 8, 1: 10, 2: 1, 3: 9},
        priority=lambda s, side: s,
    )
    assert out.forfeited == (0, 1)
    assert [(s.seat, s.amount, str(s.side)) for s in out.shares] == [(2, 10, "high"), (3, 10, "low")]


def test_side_pots_resolved_on_their_own() -> None:
    """§4: Seat 2, all in for the main pot only, has the best low.  The swing (seat 0) fails
    the main pot's low and forfeits it, but wins both sides of the side pot against seat 1."""
    declared = {0: Declaration.BOTH, 1: Declaration.HIGH, 2: Declaration.LOW}
    high, low = {0: 10, 1: 5, 2: 1}, {0: 8, 1: 1, 2: 9}
    main = resolve_declared(
        0, Pot(amount=30, eligible=(0, 1, 2)), declared, high=high, low=low, priority=lambda s, side: s
    )
    side = resolve_declared(
        1, Pot(amount=40, eligible=(0, 1)), declared, high=high, low=low, priority=lambda s, side: s
    )
    assert main.forfeited == (0,)
    assert [(s.seat, s.amount) for s in main.shares] == [(1, 15), (2, 15)]
    assert side.forfeited == ()
    assert [(s.seat, s.amount, str(s.side)) for s in side.shares] == [(0, 20, "high"), (0, 20, "low")]


def test_nobody_wins_as_declared_equal_split_among_the_pots_eligible_only() -> None:
    """§4: if nobody wins as declared, the pot is split equally among the players eligible for it."""
    declared = {0: Declaration.BOTH, 1: Declaration.BOTH, 2: Declaration.BOTH}
    out = resolve_declared(
        1,
        Pot(amount=9, eligible=(1, 2)),
        declared,
        high={0: 9, 1: 5, 2: 5},
        low={0: 9, 1: 2, 2: 2},
        priority=lambda s, side: s,
    )
    assert out.forfeited == (1, 2)
    assert [(s.seat, s.amount, str(s.side)) for s in out.shares] == [(1, 5, "equal"), (2, 4, "equal")]


def test_everyone_declares_low_and_no_low_qualifies_splits_equally() -> None:
    """§4: a non-qualifying low never wins a declared low; when everybody declared low
    and nobody qualifies, nobody won as declared, so the pot is split equally (the
    high hand does not scoop as it would with cards speaking)."""
    pot = Pot(amount=7, eligible=(0, 1))
    out = resolve_declared(0, pot, {0: Declaration.LOW, 1: Declaration.LOW},
                           high={0: 9, 1: 3}, low={0: 0, 1: 0}, priority=lambda seats, side: seats)
    assert [(s.seat, s.amount, str(s.side)) for s in out.shares] == [(0, 4, "equal"), (1, 3, "equal")]


@given(
    decl=st.lists(st.sampled_from(["high", "low", "both"]), min_size=2, max_size=6),
    data=st.data(),
    keep=st.booleans(),
)
def test_declared_pots_always_pay_out_exactly(decl: list[str], data: st.DataObject, keep: bool) -> None:
    seats = range(len(decl))
    high = {s: data.draw(st.integers(1, 3)) for s in seats}
    low = {s: data.draw(st.integers(0, 3)) for s in seats}
    amount = data.draw(st.integers(1, 101))
    pot = Pot(amount=amount, eligible=tuple(seats))
    out = resolve_declared(0, pot, {s: Declaration(d) for s, d in enumerate(decl)}, high=high, low=low,
                           priority=lambda s, side: s, tie_keeps_half=keep)
    assert sum(s.amount for s in out.shares) == amount
    for share in out.shares:
        assert share.amount >= 0
        assert share.seat not in out.forfeited or share.side == "equal"
        if share.side in ("high", "low"):
            assert decl[share.seat] in (share.side, "both")
