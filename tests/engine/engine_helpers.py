"""Helpers for scripted hands: stacked stud decks and simple action scripts."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator, Mapping, Sequence

import pytest

from splitpot.cards import parse_cards
from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.spec import GameSpec, Stakes
from splitpot.engine.state import Phase, State
from splitpot.games import get_game
from splitpot.play import add_play_parser, run_play

__all__ = [
    "ANTE_1_LIMIT_5_10",
    "NO_ANTE_LIMIT_10_20",
    "actions",
    "awards",
    "awards_with_pot",
    "bet_down",
    "call_down",
    "draw_deck",
    "ints",
    "kinds",
    "legal",
    "of",
    "passive_action",
    "run_play_cli",
    "sevens_rule_deal",
    "stand_pat_and_check_down",
    "stud_deck",
    "three_tied_ten_high_straights",
    "tied_lowball_hand",
    "turn_up",
    "winners",
]

ANTE_1_LIMIT_5_10 = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
"""Stud stakes with an ante of 1: bring-in 2, limit 5/10."""

NO_ANTE_LIMIT_10_20 = Stakes(ante=0, bring_in=2, small_bet=10, big_bet=20)
"""Stud stakes without an ante: bring-in 2, limit 10/20."""


def stud_deck(hands: Sequence[str], *, button: int = 0, community: str = "") -> list[int]:
    """A 52-card order that deals ``hands[seat]`` (cards in stud order: down,
    down, up, 4th, 5th, 6th, 7th) to each seat; a seat given fewer cards
    receives no more (he folds).  Dealing is round by round from the dealer's
    left.  ``community`` follows; the rest of the deck comes after in order.
    """
    seats = len(hands)
    cards = [[int(c) for c in parse_cards(h)] for h in hands]
    order = [(button + 1 + i) % seats for i in range(seats)]
    deck: list[int] = []
    for k in range(3):
        deck += [cards[s][k] for s in order if len(cards[s]) > k]
    for k in range(3, 7):
        deck += [cards[s][k] for s in order if len(cards[s]) > k]
    deck += [int(c) for c in parse_cards(community)] if community else []
    used = set(deck)
    assert len(used) == len(deck), "duplicate card in the script"
    return deck + [c for c in range(52) if c not in used]


def draw_deck(hands: Sequence[str], *, button: int = 0, then: str = "", joker: bool = False) -> list[int]:
    """A deck order that deals ``hands[seat]`` (five cards; ``""`` for a seat
    sitting out) one card a round from the dealer's left, then ``then`` (the
    burn card, then the cards the draw serves, in order); the rest of the deck
    (with the joker when ``joker``) follows in order.
    """
    seats = len(hands)
    cards = [[int(c) for c in parse_cards(h)] if h else [] for h in hands]
    order = [(button + 1 + i) % seats for i in range(seats)]
    deck = [cards[s][k] for k in range(5) for s in order if cards[s]]
    deck += [int(c) for c in parse_cards(then)] if then else []
    used = set(deck)
    assert len(used) == len(deck), "duplicate card in the script"
    return deck + [c for c in range(53 if joker else 52) if c not in used]


TurnUps = Mapping[tuple[int, int], str]
"""Scripted turn-ups: (street index, seat) to the card text turned up ("" keeps it down)."""


def turn_up(state: State, script: TurnUps | None = None) -> None:
    """The actor turns up what ``script`` says for this street, else keeps his
    cards down where he may, else turns up his newest down card."""
    seat = state.actor
    assert seat is not None and state.phase is Phase.TURNING_UP
    option = state.turn_up_option(seat)
    default = "" if 0 in option.amounts else option.choices[-1]
    card = (script or {}).get((state.street, seat), default)
    state.turn_up([card] if card else [], seat=seat)


def passive_action(state: State, script: TurnUps | None = None) -> None:
    """The actor brings in, checks or calls, whichever is legal (in that order);
    turn-ups as :func:`turn_up`."""
    actions = {o.action for o in state.legal_actions()}
    if Action.TURN_UP in actions:
        turn_up(state, script)
    elif Action.BRING_IN in actions:
        state.bring_in()
    elif Action.CHECK in actions:
        state.check()
    elif Action.CALL in actions:
        state.call()
    else:
        state.bet()  # a forced opening bet (five-card stud)


def call_down(
    state: State, *, declare: dict[int, str] | None = None, turn_ups: TurnUps | None = None
) -> None:
    """Everyone brings in / checks / calls to the end; declarations from ``declare``,
    turn-ups from ``turn_ups`` (see :func:`turn_up`)."""
    while not state.is_complete:
        if state.phase is Phase.DECLARING:
            assert declare is not None and state.actor is not None
            state.declare(declare[state.actor], seat=state.actor)
            continue
        passive_action(state, turn_ups)


def bet_down(state: State) -> list[tuple[int, ...]]:
    """The first player able to bet each round bets (or completes), the others call
    (turn-ups as :func:`passive_action`); the bet sizes offered where it bet, in order."""
    sizes = []
    while not state.is_complete:
        options = {o.action: o.amounts for o in state.legal_actions()}
        if Action.BRING_IN in options:
            state.bring_in()
        elif Action.BET in options:
            sizes.append(options[Action.BET])
            state.bet()
        elif Action.COMPLETE in options and state.round is not None and state.round.last_full == 0:
            state.complete()
        elif Action.CALL in options:
            state.call()
        else:
            passive_action(state)
    return sizes


def ints(text: str) -> list[int]:
    """Card text (``"Jc Jd 4s"``) as the engine's card ints."""
    return [int(c) for c in parse_cards(text)]


def kinds(state: State) -> dict[Action, tuple[int, ...]]:
    """The legal actions and their amounts, keyed by :class:`Action` (:func:`legal` keys them by name)."""
    return {o.action: o.amounts for o in state.legal_actions()}


def of(state: State, kind: type[ev.Event]) -> list[ev.Event]:
    """The hand's events of one kind, in order."""
    return [e for e in state.events if isinstance(e, kind)]


def legal(state: State) -> dict[str, tuple[int, ...]]:
    """The legal actions by name (``"call"``, ``"raise"``, ...) and their amounts."""
    return {str(o.action): o.amounts for o in state.legal_actions()}


def actions(state: State) -> set[Action]:
    """The kinds of action legal now."""
    return {o.action for o in state.legal_actions()}


def awards(state: State) -> list[tuple[int, int, str]]:
    """Every pot award as (seat, amount, side), in the order awarded (which pot it came from is
    left out: :func:`awards_with_pot` keeps it)."""
    return [(e.seat, e.amount, e.side) for e in state.events if isinstance(e, ev.PotAwarded)]


def awards_with_pot(state: State) -> list[tuple[int, int, int, str]]:
    """Every pot award as (pot, seat, amount, side), in the order awarded; pot 0 is the main pot."""
    return [(e.pot, e.seat, e.amount, e.side) for e in state.events if isinstance(e, ev.PotAwarded)]


def winners(state: State) -> dict[int, int]:
    """Chips won by each seat that won any (all pots and halves together)."""
    won: dict[int, int] = {}
    for e in state.events:
        if isinstance(e, ev.PotAwarded):
            won[e.seat] = won.get(e.seat, 0) + e.amount
    return won


def stand_pat_and_check_down(state: State) -> None:
    """Every draw stands pat; every betting decision checks, else calls."""
    while not state.is_complete:
        if state.phase is Phase.DRAWING:
            state.draw()
        elif state.can_check():
            state.check()
        else:
            state.call()


def run_play_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``splitpot play ARGV``: the exit status, standard output and standard error."""
    parser = argparse.ArgumentParser(prog="splitpot")
    add_play_parser(parser.add_subparsers(dest="command"))
    code = run_play(parser.parse_args(["play", *argv]))
    out = capsys.readouterr()
    return code, out.out, out.err


def heads_up_showdowns(
    spec: GameSpec, seeds: Iterable[int], stack: int = 10_000
) -> Iterator[tuple[list[str], list[int]]]:
    """Heads-up hands of ``spec`` dealt by each seed and called down (:func:`call_down`) to a
    showdown: each seat's cards dealt, as text in the order dealt, and each seat's net."""
    for seed in seeds:
        state = State(spec, [stack, stack], seed=seed)
        call_down(state)
        if any(state.folded):
            continue
        hands = [" ".join(ev.card_text(c) for c in state.dealt_cards(s)) for s in range(2)]
        yield hands, [state.stacks[s] - stack for s in range(2)]


# ------------------------------------------------------------ hands the rules tests and the narration's share

def tied_lowball_hand() -> State:
    """Lowball, three seats, button 0, played out: the dealer (seat 0) and seat 1 tie with
    seven-five lows (seat 1 bets, seat 2 folds, seat 0 calls; both stand pat and check down):
    the pot of 13 splits 7 to seat 1, the first tied seat left of the dealer, and 6 to seat 0."""
    hands = ["7c 5d 4h 3s 2c", "7d 5h 4s 3c 2d", "Kc Kd Qh Js 9d"]
    state = State(get_game("lowball"), [100] * 3, button=0, deck=draw_deck(hands, joker=True))
    state.bet()  # seat 1
    state.fold()  # seat 2
    state.call()  # seat 0, the dealer
    stand_pat_and_check_down(state)
    return state


def three_tied_ten_high_straights() -> State:
    """Seven-card stud, four seats (ante 2, bring-in 2, limit 4/8), button 0, played out: three
    ten-high straights tie, the T♦ on seat 1, the T♥ on seat 2 and the T♠ on seat 3 (who brings
    in with the 2c); seat 0, the dealer, folds on third street and the others check or call to
    the end.  The pot of 14 (4 antes of 2, three bring-ins of 2) splits 5, 5, 4: the odd chips
    go by the highest card, to seat 3 then seat 2."""
    stakes = Stakes(ante=2, bring_in=2, small_bet=4, big_bet=8)
    hands = [
        "As Ks Qs",  # folds on third street
        "Td 9h 3c 8s 7d 6h 4d",  # T-high straight, ten of diamonds
        "Th 9d 2d 8h 7c 6d 4c",  # T-high straight, ten of hearts
        "Ts 9c 2c 8d 7h 6s 3d",  # T-high straight, ten of spades; 2c up: brings in
    ]
    state = State(get_game("seven-card-stud", stakes=stakes), [100] * 4, deck=stud_deck(hands))
    assert state.actor == 3
    state.bring_in()
    while state.street == 0:
        if state.actor == 0:
            state.fold()
        else:
            passive_action(state)
    call_down(state)
    return state


def sevens_rule_deal(*, checker_wins: bool = True, **options: object) -> State:
    """California lowball heads-up (limit 2, ``options`` given to the game: ``sevens=...``) to
    the betting after the draw: the dealer (seat 0) opens, seat 1 calls, both stand pat; seat 1
    is to act.  Seat 1 holds 7-5-4-3-2 against seat 0's 9-6-4-3-2, or (``checker_wins=False``)
    7-6-5-4-3 against 6-4-3-2-A: the sevens rule's hand when seat 1 checks."""
    seat1 = "7d 5h 4c 3d 2h" if checker_wins else "7d 6h 5c 4d 3h"
    seat0 = "9c 6d 4h 3s 2c" if checker_wins else "6c 4s 3s 2s Ac"
    state = State(get_game("california-lowball", **options), [100, 100],
                  deck=draw_deck([seat0, seat1], joker=True))
    state.bet()  # the dealer opens (he is left of the last blind)
    state.call()
    state.draw()
    state.draw()
    return state
