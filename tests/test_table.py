"""The person-at-the-table front end in-process: keys from a script (line mode),
the choices it offers for any engine Option, and the actions it performs."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from splitpot.bots import SimpleBot
from splitpot.dealers_choice import Deal, DealersChoice
from splitpot.engine import events as ev
from splitpot.engine.betting import Action, Option
from splitpot.engine.history import player_view
from splitpot.engine.session import Session
from splitpot.engine.spec import GameSpec
from splitpot.engine.state import State
from splitpot.errors import ArgumentTypeError, HistoryError, IllegalActionError, RuleError
from splitpot.games import GAMES, get_game
from splitpot.house import HouseDealer, example_house, house_dealer
from splitpot.narrate import ALL, describe_hand, narrate
from splitpot.play import resumed_line
from splitpot.play_dealers_choice import dealers_choice_table
from splitpot.render import Output
from splitpot.table import RESERVED_KEYS, Choice, Keys, Table, _why_not, choices_for, method_name, perform
from table_helpers import DRAW_GAME, MENU, calling_station, key_for, menu_keys, same_session


class AutoKeys(Keys):
    """Keys typed by ``answer(menu, prompt)`` after reading the screen so far, as a
    person would: ``menu`` is the last menu shown, ``prompt`` the open prompt line."""

    def __init__(self, screen: io.StringIO, answer: Callable[[str, str], str | None]) -> None:
        super().__init__(io.StringIO(""))
        self.screen = screen
        self.answer = answer
        self.queue: list[str] = []
        self.menu = ""
        self.read_to = 0

    def read(self) -> str:
        if not self.queue:
            self.answers = getattr(self, "answers", 0) + 1
            assert self.answers < 2000, "the person keeps answering: a prompt the policy cannot answer"
            text = self.screen.getvalue()
            menus = MENU.findall(text, self.read_to)  # only what is new on the screen
            self.menu = menus[-1] if menus else self.menu
            self.read_to = max(self.read_to, text.rfind("\n") + 1)
            keys = self.answer(self.menu, text.rstrip("\n").rsplit("\n", 1)[-1])
            if keys is None:
                return ""
            self.queue = list(keys)
        return self.queue.pop(0)


def calls(menu: str, prompt: str) -> str:
    """The tests' person at a prompt: stands pat at a draw, any key ("n") between hands."""
    if prompt == "your move: ":
        return key_for(menu)
    return "p" if prompt == "discard: " else "n"


def auto_table(
    spec: GameSpec,
    answer: str | Callable[[str, str], str | None],
    *,
    seat: int,
    players: int = 3,
    seed: int = 1,
    hands: int = 1,
    plot: str | None = None,
) -> tuple[int, str, Table]:
    """Run a Table with keys from a script (a string: line mode) or typed by ``answer``."""
    out = io.StringIO()
    keys = Keys(io.StringIO(answer)) if isinstance(answer, str) else AutoKeys(out, answer)
    table = Table(
        spec,
        [200] * players,
        seat=seat,
        hands=hands,
        seed=seed,
        out=Output(stream=out),
        keys=keys,
        plot=plot,
    )
    status = table.run()
    return status, out.getvalue(), table


# ------------------------------------------------------------------ choices
def test_betting_choices_read_as_keys_labels_and_amounts() -> None:
    options = [Option(Action.FOLD), Option(Action.CALL, (4,)), Option(Action.RAISE, (8,))]
    assert [(c.key, c.label, c.value) for c in choices_for(options)] == [
        ("f", "fold", None),
        ("c", "call 4", 4),
        ("r", "raise to 8", 8),
    ]
    bring = choices_for([Option(Action.BRING_IN, (2,)), Option(Action.COMPLETE, (5,))])
    assert [(c.key, c.label) for c in bring] == [("b", "bring in 2"), ("r", "complete to 5")]


def test_declarations_draws_and_two_amounts_are_keys_too() -> None:
    declare = choices_for([Option(Action.DECLARE, choices=("high", "low", "both"))])
    assert [(c.key, c.value) for c in declare] == [("h", "high"), ("l", "low"), ("b", "both")]
    draw = choices_for([Option(Action.DRAW, (3,))])
    assert [(c.key, c.label, c.discards) for c in draw] == [("d", "draw (up to 3)", 3)]
    two = choices_for([Option(Action.CHECK), Option(Action.BET, (5, 10))])
    assert [(c.key, c.label) for c in two] == [("c", "check"), ("b", "bet 5"), ("B", "bet 10")]


options_strategy = st.lists(
    st.builds(
        Option,
        st.sampled_from(list(Action)),
        st.lists(st.integers(1, 500), max_size=3, unique=True).map(tuple),
        st.lists(
            st.sampled_from(["high", "low", "both", "Kh", "7c", "2d", "up", "pat"]), max_size=4, unique=True
        ).map(tuple),
    ),
    max_size=6,
)


@given(options_strategy)
def test_every_amount_and_choice_gets_its_own_key(options: list[Option]) -> None:
    choices = choices_for(options)
    keys = [c.key for c in choices]
    assert len(keys) == len(set(keys)) and not set(keys) & RESERVED_KEYS
    expected = sum(
        len(o.choices) or (1 if o.action is Action.DRAW else max(1, len(o.amounts))) for o in options
    )
    assert len(choices) == expected


def test_choice_keys_are_single_and_not_reserved() -> None:
    with pytest.raises(ValueError, match="one character other than"):
        Choice(key="q", label="quit", action=Action.FOLD)


def test_every_action_has_a_state_method() -> None:
    """A new Action must come with its State method, or the front end cannot make it."""
    for action in Action:
        assert callable(getattr(State, method_name(action), None)), action


def test_perform_passes_amounts_choices_and_seats_only_where_taken() -> None:
    state = State(get_game("seven-card-stud-declare"), [100, 100], seed=2)
    assert isinstance(perform(state, Action.BRING_IN, 2), ev.BringInPosted)  # bring_in() takes no amount
    assert isinstance(perform(state, Action.COMPLETE, 5), ev.Completed)
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="legal"):
        perform(state, Action.RAISE, 999)
    assert state.snapshot() == before


# ---------------------------------------------------------------- sessions
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_session_by_keys_matches_the_api(game: str) -> None:
    """Every game: the person reads each menu and presses a key (key_for); the
    same decisions made through the API give the same hands."""
    spec = get_game(game)
    expected = same_session(spec, 3, 1, 3, 2, calling_station(1))
    status, text, table = auto_table(spec, calls, seat=1, seed=3, hands=2)
    assert status == 0
    assert [p.state.events for p in table.played] == [s.events for s in expected]
    assert f"you (P1) {expected[-1].stacks[1] - 200:+d}, 200 -> {expected[-1].stacks[1]}" in text
    assert "\x1b" not in text  # not a terminal: plain


def test_a_scripted_session_in_line_mode() -> None:
    """Keys from a file, a line an answer: 'b' to bring in, 'c' to check or call."""
    spec = get_game("seven-card-stud")
    expected = same_session(spec, 3, 1, 3, 2, calling_station(1))
    answers = []
    for state in expected:
        for event in state.events:
            if getattr(event, "seat", None) == 1 and event.player_action:
                answers.append("b" if isinstance(event, ev.BringInPosted) else "c")
        answers.append("")  # any key: the next hand
    status, _, table = auto_table(spec, "\n".join(answers) + "\n", seat=1, seed=3, hands=2)
    assert status == 0
    assert [p.state.stacks for p in table.played] == [s.stacks for s in expected]


def test_the_screen_hides_the_other_down_cards_and_says_what_happened() -> None:
    _, text, table = auto_table(get_game("seven-card-stud"), calls, seat=1, seed=5)
    state = table.played[0].state
    first_screen = text[: text.index("your move: ")]
    mine = " ".join(ev.card_text(c) for c in state.down[1][:2])
    assert f"your cards: [{mine}]" in first_screen
    for seat in (0, 2):
        assert f"P{seat}: [?? ??] {ev.card_text(state.up[seat][0])}" in first_screen
        for card in state.down[seat][:2]:
            assert not re.search(rf"\b{ev.card_text(card)}\b", first_screen)
    assert re.search(r"(?m)^P1 \(you\): stack \d+, in the pot \d+, cards \[", first_screen)  # (a line a seat)
    bring_in = next(e for e in state.events if isinstance(e, ev.BringInPosted))
    if bring_in.seat != 1:
        assert re.search(rf"(?m)^P{bring_in.seat}\b.*brings in for {bring_in.amount}$", first_screen)
    assert re.search(r"(?m)^hand 1: result$", text) and re.search(r"(?m)^P1 \(you\) ", text)


def test_plain_text_says_each_seat_as_a_line_of_labelled_figures() -> None:
    """Was (--plain, NO_COLOR, TERM=dumb: a screen reader's text): the seats' table, read a
    line at a time, was numbers without their names ("P1 192 8 [?? ??] Ac 4s bets 5"); plain
    text says each seat as a line ("P1: stack 192, in the pot 8, cards ...; bets 5"), whose
    chips in the pot add up to the title's pot; a terminal in colour keeps the table."""
    status, text, _ = auto_table(get_game("seven-card-stud-8"), "c\nc\nq\ny\n", seat=2, seed=4)
    assert status == 0 and "since your last turn" not in text and "in pot" not in text
    screens = re.findall(r"(?m)^seven-card-stud-8 - \w+ street - pot (\d+) - .*\n((?:P\d.*\n)+)your cards: ",
                         text)
    assert len(screens) == 3  # third, fourth and fifth street (q there)
    for pot, seats in screens:
        said = [re.fullmatch(r"P(\d)( \((you|button|you, button)\))?: stack (\d+), in the pot (\d+)"
                             r"(, cards \[[^]]*\][^;]*)?(; .+)?", line) for line in seats.splitlines()]
        assert all(said) and [int(m.group(1)) for m in said if m] == [0, 1, 2], seats
        assert sum(int(m.group(5)) for m in said if m) == int(pot)
        assert [m.group(3) for m in said if m] == ["button", None, "you"]
    assert "P1: stack 192, in the pot 8, cards [?? ??] Ac 4s; bets 5" in text.splitlines()
    assert "P0 (button): stack 197, in the pot 3; folded" in text.splitlines()
    coloured = narrow_table(get_game("seven-card-stud-8"), "c\nq\ny\n", width=100, seat=2, players=3, seed=4)
    assert re.search(r"seat\s+stack\s+in pot\s+cards\s+since your last turn", coloured)
    assert "in the pot" not in coloured


def test_a_bad_key_is_refused_with_a_hint_and_changes_nothing() -> None:
    typed: list[str] = []

    def fumbles(menu: str, prompt: str) -> str:
        typed.append(prompt)
        return "x" if len(typed) == 1 else calls(menu, prompt)

    _, text, table = auto_table(get_game("seven-card-stud"), fumbles, seat=1, seed=5)
    # the keys always there, as the opening line lists them (was: "? help, ctrl-C stop", no q)
    refusal = re.search(r"'x' is not a choice here: press (.+?) \((.*)\); \? help, \. repeat, q leave, "
                        r"ctrl-C stop\n", text)
    assert refusal is not None
    first_menu = MENU.findall(text)[0]
    keys = [item[0] for item in first_menu.split("   ")]
    assert refusal.group(1) == ", ".join(keys[:-1]) + " or " + keys[-1]
    assert refusal.group(2) == ", ".join(first_menu.split("   "))
    assert text.count(first_menu + "   ? help") == 1  # the menu stands; the same prompt again
    expected = same_session(get_game("seven-card-stud"), 5, 1, 3, 1, calling_station(1))
    assert table.played[0].state.stacks == expected[0].stacks


def test_the_repeat_key_says_the_decision_again_after_help_and_a_refusal() -> None:
    """Was: once ? help or a refused key had scrolled them away, nothing brought back the pot,
    the bet to call, the seats and his cards (Space, Tab and Enter are let go, as they still are);
    "." says the decision's title line, seats, cards with what they make, and menu again."""
    status, text, table = auto_table(get_game("seven-card-stud-8"), "?\n.\nx\n .\n\nc\nq\ny\n", seat=2,
                                     seed=4)
    assert status == 0
    before, after = text.split("your move: .\n", 1)
    shown = before[before.index("\nseven-card-stud-8 - third street - pot 7 - to call 2\n") + 1:]
    shown = shown[: shown.index("   ? help\n") + len("   ? help\n")]
    assert shown.splitlines()[-2].startswith("your cards: [2s Qs] Kd  (")  # what they make
    assert after.startswith("\n" + shown + "your move: ")
    again = after.split("your move: .\n", 1)[1]  # after the refusal (and a space let go): again
    assert again.startswith("\n" + shown + "your move: c call 2\n")
    assert "  .  repeat: the pot and the bet to call, the seats, your cards and what they make" in before
    assert "; ? help, . repeat, q leave, ctrl-C stop" in text  # the refusal's hint lists it
    assert text.startswith("seven-card-stud-8: you are P2, against 2 computer players; keys: ? help, "
                           ". repeat, q leave, ctrl-C stop")
    mine = [e for e in table.session.hands[-1].events if e.player_action and getattr(e, "seat", None) == 2]
    assert [type(e) for e in mine] == [ev.Called]  # the repeats made no move: the one call was "c"


def test_the_repeat_key_between_hands_says_the_last_result_and_deals_nothing() -> None:
    """Was: "." (repeat, in the keys line) between hands dealt the next hand, as any key did."""
    status, text, table = auto_table(get_game("seven-card-stud"), "f\n.\nq\ny\n", seat=1, seed=4, hands=2)
    assert status == 0 and len(table.session.hands) == 1  # the second hand never dealt
    first, again = text.split("\n.\n", 1)
    result = first[first.index("\nhand 1: result") + 1:]
    result = result[: result.index(" in all\n") + len(" in all\n")]
    assert again.startswith("\n" + result)  # the same table and line, word for word
    assert "any key but ?, ., s and q deals hand 2" not in text  # (? not pressed)
    status, text, _ = auto_table(get_game("seven-card-stud"), "f\n?\nq\ny\n", seat=1, seed=4, hands=2)
    assert "keys: any key but ?, ., s and q deals hand 2 of 2; now:" in text
    assert "  .  repeat: the last hand's result" in text


def test_plain_seat_lines_of_a_draw_game_end_with_their_words() -> None:
    """Was: "cards [?? ?? ?? ?? ??] ; opens for 5" and a trailing space: the cards' gap for
    upcards a draw game has not."""
    status, text, _ = auto_table(get_game("jackpots"), "c\nq\ny\n", seat=1, seed=4)
    assert status == 0
    seats = [line for line in text.splitlines() if re.match(r"P\d( \(.*\))?: stack ", line)]
    assert seats and all(line == line.rstrip() and " ;" not in line for line in seats), seats
    assert any(re.fullmatch(r"P1 \(you\): stack \d+, in the pot \d+, cards \[(\w\w ){4}\w\w\]", line)
               for line in seats), seats


def test_the_narrative_names_the_person_s_seat_as_his() -> None:
    """Was: "P2 calls 2", "P2 wins ...": heard (a screen reader, or colour not seen), nothing
    said which lines were the person's own; his seat is "P2 (you)" in every line of the hand's
    narrative, as the narrative through the API tells it given that name."""
    status, text, table = auto_table(get_game("seven-card-stud-8"), "c\n" * 10, seat=2, seed=4)
    assert status == 0
    hand = text[text.index("===== hand 1") : text.index("\nhand 1: result")]
    assert "  P2 (you) calls 2\n" in hand and "  P2 (you): [2s Qs] Kd\n" in hand
    assert not re.search(r"(?<![A-Za-z0-9])P2(?! \(you\))", hand), hand
    state = table.played[0].state
    for line in describe_hand(state, ["P0", "P1", "P2 (you)"], viewer=2):
        assert line in hand
    assert "(you)" not in " ".join(describe_hand(state, ["P0", "P1", "P2"], viewer=2))  # the API's own names


def test_help_and_leaving_the_table() -> None:
    status, text, table = auto_table(
        get_game("seven-card-stud-8"), "?\nq\nn\nq\ny\n", seat=0, seed=2, hands=3
    )
    assert status == 0 and "keys: press the key before a choice to make it; now:" in text
    assert text.count("leave the table? y: yes") == 2
    assert "you left the table." in text and "no hand was completed." in text and table.played == []


@pytest.mark.parametrize(("game", "options", "seed", "said"), [
    ("seven-card-stud", {}, 0, ["  f  fold: give up the hand",
                                "  c  call 2: put in 2 to match the bet",
                                "  r  complete to 5: bet the full small bet over the bring-in"]),
    ("five-card-stud", {"turn_up": True}, 3, [
        "  1  turn up ", ": show your hole card now: your last card then comes face down",
        "  k  keep your hole card down: "]),
    ("mexican-stud", {}, 0, [": show this card; the other stays down",
                             "  the card you keep down, with every card of its rank, is wild for you"]),
    ("seven-card-stud-declare", {}, 2, ["  h  high: you play for the high half of the pot",
                                        "  b  both: you play for both halves: you must win both outright"]),
    ("aces-deuces", {}, 6, ["keys: you are drawing (draw (up to 1), costs 1: throw away up to 1 card and get "
                            "as many new ones); now:", "  1-2  mark or unmark that card to throw away"]),
])
def test_help_lists_the_choices_on_the_screen_and_what_each_does(
    game: str, options: dict[str, object], seed: int, said: list[str]
) -> None:
    """Was: '?' said only "the letter or digit before a choice makes it; upper case is a
    second amount", the same in every game, at every decision."""
    asked: list[str] = []

    def helps(menu: str, prompt: str) -> str:
        wanted = {"seven-card-stud-declare": "h", "five-card-stud": "k", "mexican-stud": "1",
                  "aces-deuces": "p"}.get(game)
        if prompt in ("your move: ", "discard: ") and not asked and (
            wanted is None or wanted in menu_keys(menu) or prompt == "discard: "
        ):
            asked.append(menu)
            return "?"
        return calls(menu, prompt)

    for seed_tried in range(seed, seed + 30):
        asked.clear()
        _, text, _ = auto_table(get_game(game, **options), helps, seat=0, seed=seed_tried)
        if asked and all(any(line.startswith(s) or s in line for line in text.splitlines()) for s in said):
            break
    else:
        pytest.fail(f"no help said {said}: {text}")
    assert "upper case is a second amount" not in text


def test_help_says_why_an_open_pair_allows_the_big_bet() -> None:
    spec = get_game("five-card-stud", open_pair=True)
    asked: list[str] = []

    def helps(menu: str, prompt: str) -> str:
        if prompt == "your move: " and "B" in menu_keys(menu) and not asked:
            asked.append(menu)
            return "?"
        return calls(menu, prompt)

    for seed in range(60):
        _, text, _ = auto_table(spec, helps, seat=0, seed=seed, players=4)
        if asked:
            big = r"(?m)^  B  (bet|raise to) \d+: .* by the big bet: an open pair showing allows it"
            assert re.search(big, text)
            return
    pytest.fail("no seed offered the big bet on an open pair")


def test_end_of_input_stops_after_the_hands_played() -> None:
    status, text, table = auto_table(
        get_game("seven-card-stud"),
        lambda m, p: None if p.startswith("any key") else calls(m, p),
        seat=2,
        seed=1,
        hands=5,
    )
    assert status == 0 and "end of input." in text
    assert len(table.played) == 1 and "session: 1 hand of seven-card-stud" in text


def _throwing_the_first_and_third(draw_keys: str) -> tuple[State, int, str, Table]:
    """The draw game, seed 4, seat 0 calling and throwing the first and the third card dealt:
    the hand through the API, and the table's run (status, text, table) with ``draw_keys``
    typed at the draw and "c" at every other decision of the seat."""
    seed, seat = 4, 0
    expected = same_session(
        DRAW_GAME, seed, seat, 3, 1, calling_station(seat, draw=lambda s: [s.down[seat][0], s.down[seat][2]])
    )[0]
    answers = [draw_keys if isinstance(event, ev.Drew) else "c\n" for event in expected.events
               if getattr(event, "seat", None) == seat and event.player_action]
    status, text, table = auto_table(DRAW_GAME, "".join(answers), seat=seat, seed=seed)
    return expected, status, text, table


def test_draw_marks_discards_by_number() -> None:
    """The draw: digits mark and unmark cards, too many is refused, Enter draws."""
    # Enter with nothing marked (refused: p stands pat), mark 1, 2 and 4, 3 (refused: three at
    # most), unmark 2 and 4, mark 3, then draw: thrown = cards 1 and 3
    expected, status, text, table = _throwing_the_first_and_third("\n" + "124" + "3" + "24" + "3\n")
    draws = [e for e in expected.events if isinstance(e, ev.Drew) and e.seat == 0]
    assert draws and len(draws[0].discarded) == 2
    thrown = list(draws[0].discarded)  # the first and the third card dealt
    assert status == 0
    assert "nothing is marked: press p to stand pat" in text
    assert "you may throw away at most 3 cards: unmark one first" in text
    said = " ".join(ev.card_text(c) for c in thrown)
    assert f"marked: {said} (Enter draws 2)" in text and f"throws {said}" in text
    assert table.played[0].state.stacks == expected.stacks
    assert table.played[0].state.events == expected.events


def test_session_plot_holds_the_stacks(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from splitpot.plots import plot_data

    path = str(tmp_path / "me.png")
    status, text, table = auto_table(get_game("seven-card-stud"), calls, seat=0, seed=7, hands=2, plot=path)
    assert status == 0 and f"plot: {path}" in text
    states = [p.state for p in table.played]
    series = plot_data(path)["series"]
    assert list(series) == ["P0 (you)", "P1", "P2"]
    assert [list(v) for v in zip(*series.values(), strict=True)] == [[200] * 3] + [s.stacks for s in states]


def test_bad_seats_and_hands_are_refused_with_the_range() -> None:
    spec = get_game("seven-card-stud")
    with pytest.raises(RuleError, match=r"seat must be .*0.*2, got 3"):
        Table(spec, [200] * 3, seat=3)
    with pytest.raises(RuleError, match="hands must be >= 1, got 0"):
        Table(spec, [200] * 3, seat=0, hands=0)
    with pytest.raises(ArgumentTypeError, match="seat must be an int"):
        Table(spec, [200] * 3, seat=True)  # type: ignore[arg-type]


def test_the_command_line_names_a_bad_seat(capsys: pytest.CaptureFixture[str]) -> None:
    from splitpot.cli import main

    assert main(["play", "seven-card-stud", "--players", "3", "--seat", "5"]) == 2
    assert "seat must be" in capsys.readouterr().err
    assert main(["play", "seven-card-stud", "--me", "--json"]) == 2
    assert "--json" in capsys.readouterr().err


CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs]|Jk)(?![A-Za-z0-9])")


def _card_texts(value: object) -> set[str]:
    if isinstance(value, str):
        return set(CARD_TOKEN.findall(value))
    if isinstance(value, dict):
        return set().union(*map(_card_texts, value.values()))
    if isinstance(value, list):
        return set().union(*map(_card_texts, value))
    return set()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_narrative_from_a_seat_tells_no_more_than_its_view(game: str) -> None:
    """Each line a seat reads names only cards that the seat's view of the events
    (``player_view``) has shown by then: never another seat's hidden cards (every
    game, every viewer, the showdown included)."""
    hands = Session(get_game(game), [200] * 5, seed=8).play(6, SimpleBot(seed=8))
    for state in hands:
        names = [f"P{s}" for s in range(state.seats)]
        for viewer in range(state.seats):
            seen = [_card_texts(e) for e in player_view(state, viewer)["events"]]
            known: set[str] = set()
            known_by = []
            for cards in seen:
                known |= cards
                known_by.append(set(known))
            for index, line in narrate(state, names, viewer=viewer):
                told = _card_texts(line) - (known_by[index] if index >= 0 else set())
                assert not told, f"{game}: P{viewer} reads {told} in {line!r}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_narrative_so_far_begins_the_whole_hands_and_says_who_acts_first_before_he_acts(
    game: str,
) -> None:
    """A front end prints the new lines as play goes on, so the lines of a hand so far
    must begin the finished hand's. Was: why a round's first player acts first ("P2
    has the lowest upcard") was told only after his action, so the person who acted
    first read it after his own move."""
    state = State(get_game(game), [200] * 4, seed=5)
    bot = SimpleBot(seed=5)
    names = [f"P{s}" for s in range(4)]
    so_far = []
    while not state.is_complete:
        so_far.append((state.actor, [line for _, line in narrate(state, names, viewer=ALL)]))
        bot(state)
    whole = [line for _, line in narrate(state, names, viewer=ALL)]
    for _, lines in so_far:
        assert whole[: len(lines)] == lines
    first = [(actor, lines[-1]) for actor, lines in so_far
             if re.match(r"  P\d (has the (lowest|highest) upcard|acts first with the best hand)", lines[-1])]
    if get_game(game).streets[0].opener.value in ("bring_in", "best_showing", "high_card_bets",
                                                     "low_card_bets"):
        assert first and all(line.startswith(f"  P{actor} ") for actor, line in first)


# ----------------------------------------------------------- dealer's choice
def dealers_choice_run(
    answer: Callable[[str, str], str | None], *, seat: int = 0, hands: int = 2, seed: int = 3
) -> tuple[int, str, Table]:
    """A person in ``seat`` of a 3-handed dealer's-choice session of the example house."""
    out = io.StringIO()
    table = dealers_choice_table(
        example_house(), [200] * 3, seat=seat, hands=hands, seed=seed,
        out=Output(stream=out), keys=AutoKeys(out, answer),
    )
    return table.run(), out.getvalue(), table


def calling(*typed: str) -> Callable[[str, str], str | None]:
    """At the dealer's call prompt, type ``typed`` one after the other; elsewhere ``calls``."""
    left = list(typed)

    def answer(menu: str, prompt: str) -> str | None:
        if prompt.startswith("your call") or prompt == "":
            return left.pop(0)
        return calls(menu, prompt)

    return answer


def first_deal(stacks: tuple[int, ...] = (200, 200, 200)) -> Deal:
    return Deal(dealer=0, number=1, stacks=stacks)


def test_the_person_calls_the_game_when_he_deals() -> None:
    fitting = [e.call for e in example_house().entries if e.call.fits(3)]
    status, text, table = dealers_choice_run(calling("2\n"))
    assert status == 0 and len(table.played) == 2
    first, second = (p.state for p in table.played)
    assert first.button == 0 and first.game_call == fitting[1]
    assert f"P0 (you) deals: {fitting[1].text()}" in text.splitlines()
    assert f"  2  {fitting[1].text()}" in text.splitlines()
    # each decision's header names the game as called (was its base name alone: no "high-low",
    # no wild cards)
    headers = [line for line in text.splitlines() if " - pot " in line]
    assert headers and " ".join(text.split()).count(f"{fitting[1].text()} - ") >= 1
    # the computer dealer calls the next hand from the house list as in a computer-only session
    deal = Deal(dealer=1, number=2, stacks=tuple(first.stacks))
    assert second.button == 1 and second.game_call == house_dealer(example_house(), 3)(deal)
    assert f"P1 deals: {second.game_call.text()}" in text.splitlines()
    assert "session: 2 hands of dealers-choice" in text
    assert sum(second.stacks) == 600


def test_enter_alone_lets_the_house_call_for_the_person() -> None:
    _, text, table = dealers_choice_run(calling("\n"), hands=1)
    assert "your call (1-" in text
    assert table.played[0].state.game_call == house_dealer(example_house(), 3)(first_deal())


def test_a_bad_call_is_refused_with_a_hint_and_asked_again() -> None:
    fitting = [e.call for e in example_house().entries if e.call.fits(3)]
    _, text, table = dealers_choice_run(calling("x", "99\n", "1\n"), hands=1)
    assert f"'x' is not a choice here: type a number 1-{len(fitting)}, then Enter" in text
    assert f"99 is not on the list: type 1-{len(fitting)}, then Enter" in text
    assert table.played[0].state.game_call == fitting[0]
    assert text.count("you deal hand 1: call the game") == 1


def test_a_bad_scripted_line_at_the_call_is_one_refusal_not_the_house_calling() -> None:
    """Was: from a pipe, ``abc`` was three refused keys and then its Enter, which
    let the house call for the person."""
    fitting = [e.call for e in example_house().entries if e.call.fits(3)]
    out = io.StringIO()
    table = dealers_choice_table(example_house(), [200] * 3, seat=0, hands=1, seed=3, out=Output(stream=out),
                                 keys=Keys(io.StringIO("abc\n2\n" + "c\nb\n" * 200)))
    assert table.run() == 0
    assert out.getvalue().count("is not a choice here: type a number") == 1
    assert table.played[0].state.game_call == fitting[1]


class TypedKeys(Keys):
    """Keys pressed at a terminal one after the other, each come after the last was read
    (so none is typed ahead to be flushed); then the scripted ``rest`` in line mode."""

    def __init__(self, typed: str, rest: str) -> None:
        super().__init__(io.StringIO(rest))
        self.typed = list(typed)
        self.terminal = True

    def __enter__(self) -> Keys:
        return self  # (no terminal's mode to set)

    def read(self) -> str:
        if self.typed:
            return self.typed.pop(0)
        self.terminal = False
        return super().read()


def test_a_refused_entry_at_the_call_typed_at_a_terminal_never_lets_the_house_call() -> None:
    """Was (keys abc, then Enter, at a terminal): 'a' refused, 'b' and 'c' dropped, and the
    Enter counted as Enter alone: the house called for the person, who had not asked."""
    fitting = [e.call for e in example_house().entries if e.call.fits(3)]
    out = io.StringIO()
    table = dealers_choice_table(example_house(), [200] * 3, seat=0, hands=1, seed=3, out=Output(stream=out),
                                 keys=TypedKeys("abc\n", "2\n" + "c\nb\n" * 200))
    assert table.run() == 0
    text = out.getvalue()
    assert text.count("is not a choice here: type a number") == 1
    assert table.played[0].state.game_call == fitting[1]  # asked again, and he called 2
    assert text.count("your call (1-") == 2


def test_a_table_takes_a_spec_with_stacks_or_a_fresh_session_alone() -> None:
    spec = get_game("lowball")
    with pytest.raises(RuleError, match="give the chips each seat sits down with"):
        Table(spec, seat=0)
    session = Session(spec, [100, 100])
    with pytest.raises(RuleError, match="leave stacks out"):
        Table(session, [100, 100], seat=0)
    session.play(1, SimpleBot(seed=1))
    table = Table(session, seat=0, hands=2)  # a session that has dealt plays on, numbered on
    assert [p.number for p in table.played] == [1] and table.last == 3
    with pytest.raises(ArgumentTypeError, match="game must be a GameSpec or a Session"):
        Table("lowball", [100, 100], seat=0)  # type: ignore[arg-type]


def test_the_command_line_seats_a_person_at_dealers_choice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from splitpot.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("\n" + "c\n" * 200))
    assert main(["play", "dealers-choice", "--me", "--players", "3", "--seed", "8", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "dealers-choice (The example house): you are P0" in out and "you deal hand 1: call the game" in out
    assert re.search(r"(?m)^P0 \(you\) deals: ", out) and "session: 1 hand of dealers-choice" in out


@pytest.mark.parametrize("game", ["seven-card-stud", "dealers-choice"])
def test_play_at_the_table_writes_phh_of_the_hands_played(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`play GAME --seat K --phh FILE`: was silently no file (one game) or refused
    (dealer's choice); the hands played at the table replay to the stacks shown."""
    from splitpot import phh
    from splitpot.cli import main

    path = tmp_path / "table.phhs"
    # the empty line is Enter alone at the dealer's call (the house calls): the Enter
    # that ends the line answering "any key" is no longer taken for it
    monkeypatch.setattr("sys.stdin", io.StringIO("c\np\nb\n\n" * 300))
    assert main(["play", game, "--players", "3", "--seat", "1", "--hands", "2", "--seed", "3",
                 "--plain", "--phh", str(path)]) == 0
    out = capsys.readouterr().out
    hands = phh.loads_all(path.read_text())
    assert out.count("hand 1: result") == out.count("hand 2: result") == len(hands) // 2 == 1
    final = hands[-1].replay().stacks
    stacks_row = [line.split() for line in out.splitlines() if line.startswith("P1 ")][-1]
    assert int(stacks_row[2]) == final[1]  # the summary's "end" column for the person's seat


# ------------------------------------------------------------ save and resume
def leaving_at(move: int, answer: Callable[[str, str], str | None]) -> Callable[[str, str], str | None]:
    """``answer``, except that the person's ``move``-th decision gets end of input (he leaves)."""
    moves = 0

    def leave(menu: str, prompt: str) -> str | None:
        nonlocal moves
        if prompt == "your move: ":
            moves += 1
            if moves == move:
                return None
        return answer(menu, prompt)

    return leave


def house_calls(menu: str, prompt: str) -> str | None:
    """``calls``, and Enter at the dealer's call: the house calls for the person."""
    return "\n" if prompt.startswith("your call") else calls(menu, prompt)


@pytest.mark.parametrize(("game", "seat", "move"), [
    ("seven-card-stud-8", 1, 4), ("lowball", 0, 3), ("aces-deuces", 2, 5), ("dealers-choice", 0, 6),
])
def test_a_table_left_in_the_middle_of_a_hand_plays_on_from_its_saved_document(
    game: str, seat: int, move: int
) -> None:
    """Left mid-hand (end of input), saved as `--save` saves it, resumed with its
    bot (and computer dealer): the same hands as a session that never stopped."""
    from splitpot.play import session_document
    from splitpot.play_dealers_choice import dealers_choice_document

    def run(answer: Callable[[str, str], str | None], saved: dict[str, object] | None = None,
            hands: int = 4) -> tuple[str, Table]:
        out = io.StringIO()
        keys = AutoKeys(out, answer)
        if game == "dealers-choice":
            house, stacks = (example_house(), [200] * 3) if saved is None else (None, None)
            table = dealers_choice_table(house, stacks, seat=seat, hands=hands, seed=6,
                                         out=Output(stream=out), keys=keys, saved=saved)
        elif saved is None:
            table = Table(get_game(game), [200] * 3, seat=seat, hands=hands, seed=6, out=Output(stream=out),
                          keys=keys)
        else:
            table = Table(Session.from_dict(saved), seat=seat, hands=hands, out=Output(stream=out), keys=keys,
                          bot=SimpleBot.from_dict(saved["bot"]))
        assert table.run() == 0
        return out.getvalue(), table

    _, whole = run(house_calls)
    text, left = run(leaving_at(move, house_calls))
    assert "end of input." in text and not left.session.hands[-1].is_complete
    if game == "dealers-choice":
        assert isinstance(left.session, DealersChoice)
        dealer = next(d for d in left.session.dealers if isinstance(d, HouseDealer))
        doc = dealers_choice_document(left.session, dealer=dealer, seed=6, bot=left.bot, seat=seat,
                                      planned=left.last)
    else:
        doc = session_document(left.session, seed=6, bot=left.bot, seat=seat, planned=left.last)
    doc = json.loads(json.dumps(doc))
    done = len(left.played)
    text, resumed = run(house_calls, doc, hands=4 - done)
    assert resumed_line(done, True) in text  # "resumed after hand 1, in the middle of hand 2"
    assert f"===== hand {done + 1} of 4" in text
    assert [p.number for p in resumed.played] == [1, 2, 3, 4]
    assert [p.state.events for p in resumed.played] == [p.state.events for p in whole.played]
    assert f"session: 4 hands of {left.title}" in text


def test_a_saved_bot_and_dealer_refuse_documents_that_are_not_theirs() -> None:
    bot = SimpleBot(seed=2).to_dict()
    with pytest.raises(HistoryError, match="bot: missing 'rng'"):
        SimpleBot.from_dict({k: v for k, v in bot.items() if k != "rng"})
    with pytest.raises(HistoryError, match=r"'aggression' is a number 0\.\.1"):
        SimpleBot.from_dict({**bot, "aggression": 2})
    with pytest.raises(HistoryError, match=r"bot\.rng: not a state of random\.Random"):
        SimpleBot.from_dict({**bot, "rng": [3, [1] * 624, None]})
    with pytest.raises(HistoryError, match="unknown key 'seed'"):
        SimpleBot.from_dict({**bot, "seed": 2})
    dealer = house_dealer(example_house(), 2).to_dict()
    with pytest.raises(HistoryError, match=r"dealer\.house: .*unknown table 'calls'"):
        HouseDealer.from_dict({**dealer, "house": {"calls": []}})
    with pytest.raises(HistoryError, match=r"a dict of HouseDealer\.to_dict"):
        HouseDealer.from_dict({**dealer, "source": 3})


@pytest.mark.parametrize(
    ("kwargs", "error", "said"),
    [
        ({"aggression": "x"}, ArgumentTypeError, "SimpleBot: aggression must be a number, got str 'x'"),
        ({"aggression": 2}, RuleError, r"SimpleBot: aggression must be in 0\.\.1, got 2\.0"),
        ({"aggression": -5}, RuleError, "must be in 0..1"),
        ({"seed": 1.5}, ArgumentTypeError, "SimpleBot: seed must be an int"),
    ],
)
def test_a_bot_refuses_bad_arguments_when_made(
    kwargs: dict[str, object], error: type[Exception], said: str
) -> None:
    """Was: aggression="x" taken, then a bare TypeError mid-hand; 2 or -5 taken though 0..1 is documented."""
    with pytest.raises(error, match=said):
        SimpleBot(**kwargs)  # type: ignore[arg-type]
    assert SimpleBot(aggression=1).aggression == 1.0


def _answering(first: Callable[[str], str | None]) -> Callable[[str, str], str | None]:
    """A person who answers a menu with ``first(menu)`` where it gives a key, else as ``calls``."""
    def answer(menu: str, prompt: str) -> str | None:
        if prompt == "your move: ":
            return first(menu) or key_for(menu)
        return calls(menu, prompt)
    return answer


def test_the_person_may_keep_his_hole_card_down_where_turning_up_is_his_choice() -> None:
    """Was: five-card stud with turn_up offered only the turn-up (the engine allows either)."""
    spec = get_game("five-card-stud", turn_up=True)
    keep = _answering(lambda menu: "k" if "keep your hole card down" in menu else None)
    for seed in range(20):
        status, text, table = auto_table(spec, keep, seat=0, seed=seed)
        if "k keep your hole card down" in text:
            state = table.session.hands[0]
            turned = [e.cards for e in state.events if isinstance(e, ev.TurnedUp) and e.seat == 0]
            assert status == 0 and turned == [()]  # he kept it down
            return
    pytest.fail("no seed reached the person's turn-up")


def test_a_draw_says_its_fee_and_a_call_that_puts_him_all_in_says_so() -> None:
    status, text, _ = auto_table(get_game("aces-deuces"), calls, seat=0, seed=2)
    fees = re.findall(r"draw \(up to \d\), costs (\d): press", text)
    assert status == 0 and fees and set(fees) <= {"1", "3"}
    for seed in range(30):
        out = io.StringIO()
        table = Table(get_game("seven-card-stud"), [4, 200, 200], seat=0, seed=seed, out=Output(stream=out),
                      keys=AutoKeys(out, calls))
        assert table.run() == 0
        said = re.search(r"c call (\d+) \(all in\)", out.getvalue())
        if said:
            assert int(said.group(1)) <= 3  # what he had left after the ante
            return
    pytest.fail("no seed put the short stack to an all-in call")


def test_a_hand_left_unfinished_is_said_to_be_left_out_of_the_summary() -> None:
    """Was: the summary's stacks were those before it, without a word."""
    out = io.StringIO()

    def person(menu: str, prompt: str) -> str | None:  # calls along, and leaves in hand 2
        if prompt == "your move: " and "===== hand 2" in out.getvalue():
            return "qy"
        return calls(menu, prompt)

    table = Table(get_game("seven-card-stud"), [200] * 3, seat=0, hands=3, seed=4, out=Output(stream=out),
                  keys=AutoKeys(out, person))
    assert table.run() == 0
    text = out.getvalue()
    assert "you left the table." in text and "hand 2 was left unfinished: it is not counted below." in text
    assert "session: 1 hand of" in text


def test_his_own_draw_is_told_with_its_cards_and_the_betting_after_it_is_headed_so() -> None:
    """Was: only "P0 discards 1, draws 1", and the round after the draw headed "the draw"."""
    def throws_one(menu: str, prompt: str) -> str | None:
        return "1\n" if prompt == "discard: " else calls(menu, prompt)

    for seed in range(10):
        status, text, table = auto_table(get_game("lowball"), throws_one, seat=0, seed=seed)
        events = table.session.hands[0].events
        drawn = [i for i, e in enumerate(events) if isinstance(e, ev.Drew) and e.seat == 0 and e.received]
        later = events[drawn[0] + 1 :] if drawn else []
        if any(e.player_action and getattr(e, "seat", None) == 0 for e in later):
            drew = events[drawn[0]]
            assert isinstance(drew, ev.Drew)
            threw, got = ev.card_text(drew.discarded[0]), ev.card_text(drew.received[0])
            assert status == 0 and f"P0 (you) discards 1, draws 1 (throws {threw}, gets {got})" in text
            assert "lowball - after the draw - pot " in text
            assert "\n*** after the draw *** (pot " in text  # the log heads the round too
            return
    pytest.fail("the person never drew and bet after it")


def test_dealers_choice_ends_where_no_call_seats_the_players_left(tmp_path: Path) -> None:
    """Was: an error, and the hands played lost, where players busted and the house list
    had no game for the rest (computer-only, at the table and resumed)."""
    import contextlib

    from splitpot.cli import main
    from splitpot.dealers_choice import DealersChoice
    from splitpot.house import house_dealer, load_house

    house_file = tmp_path / "cal3.toml"
    house_file.write_text('[[call]]\ngame = "california-lowball"\nlimit = 3\n')
    house = load_house(str(house_file))
    session = DealersChoice([20] * 3, dealer=house_dealer(house, 1), seed=1)
    hands = session.play(300, SimpleBot(seed=1))
    assert 0 < len(hands) < 300 and session.over is not None and "has no call for 2 players" in session.over
    assert sum(1 for s in session.stacks if s) == 2 and sum(session.stacks) == 60
    assert session.play(5, SimpleBot(seed=1)) == []  # still over
    saved = tmp_path / "s.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        argv = ["dealers-choice", "--house", str(house_file), "-n", "3", "--hands", "300", "--stack", "20"]
        code = main(["play", *argv, "--seed", "1", "--save", str(saved), "--plain"])
    assert code == 0 and "the session is over: " in out.getvalue() and saved.exists()
    resumed, refused = io.StringIO(), io.StringIO()  # refused, as an evening the chips ended is
    with contextlib.redirect_stdout(resumed), contextlib.redirect_stderr(refused):
        assert main(["resume", str(saved), "--hands", "5", "--plain"]) == 2
    assert resumed.getvalue() == "" and "the session is over: " in refused.getvalue()
    def folds(menu: str, prompt: str) -> str | None:  # outlasts the others; the house calls for him
        if "your call" in prompt:
            return "\n"
        return "f" if prompt == "your move: " and "f fold" in menu else calls(menu, prompt)

    screen = io.StringIO()
    table = dealers_choice_table(house, [200, 10, 10], seat=0, hands=300, seed=1, out=Output(stream=screen),
                                 keys=AutoKeys(screen, folds))
    assert table.run() == 0
    assert "the session is over: " in screen.getvalue() and "has no call for 2 players" in screen.getvalue()


def test_a_dealers_choice_table_summary_lists_the_games_called() -> None:
    """Was: the person's summary had hands and stacks but not the games (the computer-only
    run's has them)."""
    screen = io.StringIO()
    keys = AutoKeys(screen, lambda menu, prompt: "\n" if "your call" in prompt else calls(menu, prompt))
    table = dealers_choice_table(example_house(), [200] * 3, seat=0, hands=3, seed=4,
                                 out=Output(stream=screen), keys=keys)
    assert table.run() == 0
    # was: no house name
    assert screen.getvalue().startswith("dealers-choice (The example house): you are P0")
    summary = screen.getvalue().split("session: 3 hands of dealers-choice (The example house)")[1]
    assert re.search(r"game\s+hands\s+deals passed out", summary)
    for played in table.played:
        assert played.state.game.name in summary


def narrow_table(spec: GameSpec, keys: str, *, width: int, seat: int, players: int, seed: int,
                 hands: int = 1) -> str:
    """A Table drawn on a terminal ``width`` columns wide (cards as symbols), keys from a script."""
    from rich.console import Console

    screen = io.StringIO()
    out = Output(stream=screen)
    out.console = Console(file=screen, width=width, force_terminal=True, color_system=None)
    out.plain, out.symbols = False, True
    table = Table(spec, [200] * players, seat=seat, hands=hands, seed=seed, out=out,
                  keys=Keys(io.StringIO(keys)))
    assert table.run() == 0
    return screen.getvalue()


def test_at_60_columns_headers_and_what_they_did_wrap_and_no_number_is_cut() -> None:
    """Was (an outside check at 60 columns): the header read 'to call 1' for 10, 'since
    your last turn' lost its amounts ('raises to'), and the result table with its
    'declared' column lost the hand, 'stack' and the amounts."""
    spec = get_game("seven-card-stud-declare", declare="in-turn")
    text = narrow_table(spec, "r\nr\nc\nb\nr\nc\nc\nc\nh\n", width=60, seat=3, players=4, seed=31)
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 60
    flat = " ".join(text.split())
    assert "sixth street - pot 109 - to call 10 since your" in flat and "last turn" in text
    raised = [line.rstrip().rsplit("raises to", 1)[1].strip() for line in lines
              if line.startswith("P0 D") and "raises to" in line]
    assert raised == ["20", "40"]  # the amounts stay with what he did (his cards wrap first)
    assert re.search(r"(?m)^seat +cards +hand +declared +won +net +stack$", text)
    assert re.search(r"(?m)^P0 .*139 +\+73 +273$", text) and re.search(r"(?m)^P3 \(you\) .*-66 +134$", text)
    for card in ("Q♥", "8♠", "4♥", "Q♣", "J♣", "T♠", "9♦"):  # the cards wrap whole
        assert card in text
    assert "jack-seven" in text and "straight," in text


def test_long_lines_wrap_at_word_boundaries_on_a_terminal() -> None:
    """Was: the terminal cut long lines anywhere ('E' / 'sc goes back' in the help at
    100 columns, '1:' / 'K♥' at the draw, ', P4 265 (+65)' starting a line at 60)."""
    text = narrow_table(DRAW_GAME, "?\nc\n1\nc\nc\nc\n", width=60, seat=0, players=5, seed=4)
    words = set(" ".join(text.split()).split(" "))
    assert {"stop", "results", "printed"} <= words
    assert all(not line.startswith((",", "sc ")) for line in text.splitlines())
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 60
    assert re.search(r"\b1:[2-9TJQKA][♣♦♥♠]", text)  # a card's number stays with its card


def test_a_refused_key_drops_the_rest_of_its_scripted_line() -> None:
    """A refused entry is thrown away whole: 'xf' is one refusal, not a refusal and a fold."""
    status, text, table = auto_table(get_game("seven-card-stud"), "xf\n" + "c\nb\n" * 50, seat=1, seed=5)
    assert status == 0 and text.count("'x' is not a choice here") == 1
    assert not table.played[0].state.folded[1] and "P1 folds" not in text


def test_since_your_last_turn_tells_what_each_did_and_not_the_tables_notes() -> None:
    """Was (aces-deuces, hand 2): P1's row read 'draws to his up card (Tc out): [??] 8s;
    P0 acts first with the best hand showing (Qs)' and lost his 'stands'."""
    status, text, _ = auto_table(get_game("aces-deuces"), calls, seat=0, seed=4, hands=3)
    assert status == 0
    rows = [line for line in text.splitlines() if re.match(r"P\d", line)]
    assert not [row for row in rows if "acts first" in row]
    assert any(row.endswith("replaces his up card Tc with 8s and pays 1; stands: [??] 8s") for row in rows)
    assert any(row.startswith("P2 (button): ") and row.endswith("stands: [??] Ad; bets 5") for row in rows)


def pushes(menu: str, prompt: str) -> str:
    """The person raises, else bets, else checks or calls; stands pat; any key between hands."""
    if prompt == "your move: ":
        keys = {item[0] for item in menu.split("   ") if len(item) > 2}
        return next(k for k in ("r", "b", "c", *sorted(keys)) if k in keys)
    return "p" if prompt == "discard: " else "n"


@pytest.mark.parametrize(("stack", "seed", "said"), [
    (10, 6, ("r raise to 9 (all in)", "P0 (you) raises to 9 (all in)")),
    (9, 2, ("b bet 3 (all in)", "P0 (you) bets 3 (all in)")),  # less than the bet size
])
def test_a_bet_or_raise_of_his_whole_stack_is_labelled_all_in(
    stack: int, seed: int, said: tuple[str, ...]
) -> None:
    """Was: 'r raise to 19' and 'P2 raises to 19' for a whole stack; only a call said 'all in'."""
    out = io.StringIO()
    table = Table(get_game("seven-card-stud"), [stack, 200, 200], seat=0, seed=seed, out=Output(stream=out),
                  keys=AutoKeys(out, pushes))
    assert table.run() == 0
    text = out.getvalue()
    for line in said:
        assert line in text
    assert "(all in); all in" not in text
    narrated = [line for _, line in narrate(table.played[0].state, ["P0 (you)", "P1", "P2"], viewer=ALL)]
    assert said[1] in [line.strip() for line in narrated]


@pytest.mark.parametrize(("game", "seat", "seed", "key", "why"), [
    ("jackpots", 0, 1, "b", "opening needs a pair of jacks or better (the game's openers)"),
    ("lowball", 1, 0, "c", "checking is not allowed before the draw (pass and out)"),
    # the blinds are in, and still no check before the draw (was: no reason given)
    ("california-lowball", 0, 11, "c", "checking is not allowed before the draw (pass and out)"),
    ("seven-card-stud", 0, 0, "f", "the lowest upcard must bring in or complete (no fold)"),
    ("five-card-stud", 0, 7, "c", "the highest upcard must bet (no check or fold)"),
])
def test_a_refused_bet_or_check_says_the_rule_that_keeps_it_out(
    game: str, seat: int, seed: int, key: str, why: str
) -> None:
    """Was: "'b' is not a choice here: press c (c check)" and no word of the openers."""
    pressed: list[str] = []

    def tries(menu: str, prompt: str) -> str:
        if prompt == "your move: " and not pressed:
            pressed.append(menu)
            return key
        return calls(menu, prompt)

    status, text, _ = auto_table(get_game(game), tries, seat=seat, seed=seed)
    assert status == 0 and f"'{key}' is not a choice here: {why}: press " in text


@pytest.mark.parametrize(("game", "seat", "seed", "key", "why"), [
    ("jackpots", 0, 1, "b", "opening needs a pair of jacks or better (the game's openers)"),
    ("lowball", 1, 0, "c", "checking is not allowed before the draw (pass and out)"),
    ("seven-card-stud", 0, 0, "f", "the lowest upcard must bring in or complete (no fold)"),
])
def test_help_says_the_rule_that_keeps_a_usual_key_out(
    game: str, seat: int, seed: int, key: str, why: str
) -> None:
    """Was (pass and out): ? listed "f fold, b bet 10" and no word of why there was no check,
    which only pressing c told."""
    asked: list[str] = []

    def helps(menu: str, prompt: str) -> str:
        if prompt == "your move: " and not asked:
            asked.append(menu)
            return "?"
        return calls(menu, prompt)

    status, text, _ = auto_table(get_game(game), helps, seat=seat, seed=seed)
    helped = text.split("keys: press the key before a choice to make it; now:\n", 1)[1].split("your move")[0]
    assert status == 0 and f"  {key}  not here: {why}\n" in helped, helped


@pytest.mark.parametrize(("game", "seed", "key", "why", "menu"), [
    ("five-card-stud-five-bets", 2, "f", "the lowest upcard must bet (no check or fold)", ["b"]),
    ("seven-card-stud", 0, "f", "you can check for free (no fold)", ["c", "b"]),
])
def test_a_refused_fold_says_why_a_forced_bet_or_a_free_check(
    game: str, seed: int, key: str, why: str, menu: list[str]
) -> None:
    """Was: "'f' is not a choice here: press b (b bet 5)" at five-card stud's forced bet,
    and "press c or b" where a check was free, with no word of why."""
    pressed: list[str] = []

    def tries(menu_line: str, prompt: str) -> str:
        if prompt == "your move: " and not pressed and list(menu_keys(menu_line)) == menu:
            pressed.append(menu_line)
            return key
        return calls(menu_line, prompt)

    status, text, _ = auto_table(get_game(game), tries, seat=0, seed=seed)
    assert status == 0 and pressed and f"'{key}' is not a choice here: {why}: press " in text


def test_a_penalty_card_held_is_a_dead_hand_from_the_moment_it_is_held() -> None:
    """Was: "your cards: [Q♦ 3♥] 8♠" said nothing on third and fourth street, then
    "dead hand (penalty card Q♦ Q♣); no low yet", and the showdown added "no qualifying
    low" (stud high-low has no qualifier)."""
    spec = get_game("seven-card-stud-high-low", positional="lowest-hole-card", penalty=("Q",))
    status, text, _ = auto_table(spec, "c\n" * 40, seat=2, players=3, seed=31)
    mine = [line for line in text.splitlines() if line.startswith("your cards:")]
    assert status == 0 and len(mine) >= 5
    assert mine[0] == "your cards: [Qd 3h] 8s  (dead hand (penalty card Qd))"
    assert mine[1].endswith("(dead hand (penalty card Qd))")
    assert all(line.endswith("(dead hand (penalty cards Qd Qc))") for line in mine[2:])
    shown = next(line for line in text.splitlines() if line.startswith("  P2 (you) shows"))
    assert shown.endswith("(high: dead hand (penalty cards Qd Qc))")
    assert "qualifying" not in text


def test_a_low_without_a_qualifier_is_said_no_low() -> None:
    from splitpot.narrate import no_low

    assert no_low(get_game("seven-card-stud-high-low")) == "no low"
    assert no_low(get_game("seven-card-stud-8")) == "no qualifying low"
    assert no_low(get_game("seven-card-stud-8", qualifier=9)) == "no qualifying low"


def test_the_draw_prompt_says_how_to_stand_pat_and_that_esc_has_nowhere_to_go() -> None:
    status, text, _ = auto_table(DRAW_GAME, "c\n1\x1b\n\n" + "c\n" * 20, seat=0, seed=4, players=5)
    assert status == 0
    assert ("Esc is not a choice here (no other choice to go back to): press 1-5 to mark or unmark "
            "a card, Enter to draw; to stand pat, unmark them and press p") in text


def test_a_paid_draw_alone_is_asked_once_and_says_what_its_keys_do() -> None:
    """Was (aces-deuces): a menu "d draw (up to 1), costs 1" above the marking prompt already
    open, 'd' answered by another "discard:" alone, and "marked: nothing (Enter draws 0)"
    after unmarking, an Enter then refused."""
    status, text, _ = auto_table(get_game("aces-deuces"), "d\n11\np\n" + "c\n" * 20, seat=0, seed=6,
                                 players=4)
    assert status == 0
    assert not MENU.findall(text.split("discard:")[0].rsplit("your cards:", 1)[1])  # no menu for it
    assert "draw (up to 1), costs 1: press 1-2 to mark or unmark a card to throw away" in text
    drawing = "'d': you are drawing now: press 1-2 to mark or unmark a card, Enter to draw, p to stand pat"
    assert drawing in text
    assert "marked: nothing (p stands pat)" in text and "Enter draws 0" not in text


def test_the_community_card_is_shown_with_each_hand_at_the_showdown() -> None:
    """Was (eight players, the stub short on seventh street): "P0 shows 8♠ 2♠ A♥ 2♥ 5♠ K♥
    (high: two pair, eights and deuces)", the eights' community 8♦ left out, here and in
    the result table."""
    status, text, table = auto_table(get_game("seven-card-stud"), calls, seat=0, players=8, seed=7)
    state = table.played[0].state
    assert status == 0 and len(state.community) == 1
    shared = ev.card_text(state.community[0])
    shows = [line for line in text.splitlines() if line.startswith("  P") and " shows " in line]
    assert shows and all(f" + {shared} community (" in line for line in shows)
    result = text.split("hand 1: result")[1]
    mine = next(line for line in result.splitlines() if line.startswith("P0 (you) "))
    assert f" + {shared} " in mine


def test_a_declared_pot_taken_whole_says_why_and_no_line_doubles_its_parentheses() -> None:
    """Was (stud-8, in-turn declarations, P2 high, the person low with no qualifying low):
    "P2 wins all of the pot (49) with full house, aces full of tens" and no word of why;
    "P2 wins all of the pot (72) (everyone else folded)"."""

    def declares_low(menu: str, prompt: str) -> str:
        return key_for(menu, "l") if prompt == "your move: " else calls(menu, prompt)

    spec = get_game("seven-card-stud-8", declare="in-turn")
    status, text, _ = auto_table(spec, declares_low, seat=0, players=3, seed=21, hands=3)
    assert status == 0
    assert ("P2 wins all of the pot (49) with full house, aces full of tens "
            "(P0 (you) declared low with no qualifying low: scoops)") in text.splitlines()
    for seed in range(20):
        state = same_session(get_game("seven-card-stud"), seed, 0, 4, 1, SimpleBot(seed=seed))[0]
        lines = describe_hand(state, ["P0", "P1", "P2", "P3"], viewer=ALL)
        assert not [line for line in lines if ") (" in line]
        if any(line.endswith("(everyone else folded)") or line.endswith(": everyone else folded")
               for line in lines):
            assert any(re.fullmatch(r"P\d wins all of the pot \(\d+\): everyone else folded", line)
                       for line in lines)
            return
    pytest.fail("no hand was won by a fold")


@pytest.mark.parametrize(("game", "options", "said"), [
    ("mexican-stud", {"low": "ace-to-five"}, "high-low, declare with chips, ace-to-five low"),
    ("five-card-stud", {"low": "ace-to-five", "declare": "in-turn"},
     "high-low, declare in turn, ace-to-five low"),
])
def test_a_high_game_made_high_low_says_so_in_its_headers(
    game: str, options: dict[str, str], said: str
) -> None:
    """Was: 'mexican-stud - second street - ...' with --low: nothing said the game was high-low
    (with declarations) until the last street's h/l/b."""
    status, text, _ = auto_table(get_game(game, **options), calls, seat=0, seed=1)
    lines = text.splitlines()
    assert status == 0 and lines[0].startswith(f"{game} ({said}): you are P0")
    headers = [line for line in lines if " - pot " in line]
    assert headers and all(line.startswith(f"{game} ({said}) - ") for line in headers)  # was unparenthesised
    _, high_only, _ = auto_table(get_game(game), calls, seat=0, seed=1)
    plain = [line for line in high_only.splitlines() if " - pot " in line]
    assert plain and all(line.startswith(f"{game} - ") for line in plain)


def test_mexican_stud_says_the_card_kept_down_is_his_wild_card() -> None:
    status, text, _ = auto_table(get_game("mexican-stud"), calls, seat=0, seed=0)
    note = "the card you keep down, with every card of its rank, will be wild for you"
    assert status == 0 and note in text
    assert text.index(note) < text.index("\n1 turn up ")  # said with the turn-up's choices (its menu)


def test_a_resumed_hand_shows_what_was_done_since_his_last_turn_before_the_save() -> None:
    """Was: after resuming, 'since your last turn' told again every action of the hand
    from before the save; the resumed screen is now the one the whole session showed."""
    from splitpot.play import session_document

    def run(answer: Callable[[str, str], str | None],
            saved: dict[str, object] | None = None) -> tuple[str, Table]:
        out = io.StringIO()
        game: GameSpec | Session = get_game("seven-card-stud") if saved is None else Session.from_dict(saved)
        table = Table(game, [200] * 3 if saved is None else None, seat=1, hands=1, seed=6,
                      out=Output(stream=out), keys=AutoKeys(out, answer),
                      bot=None if saved is None else SimpleBot.from_dict(saved["bot"]))  # type: ignore[arg-type]
        assert table.run() == 0
        return out.getvalue(), table

    screens = re.compile(r"(?ms)^seven-card-stud - .*?^your cards: .*?$")
    whole, _ = run(calls)
    move = 3
    _, left = run(leaving_at(move, calls))
    doc = json.loads(json.dumps(session_document(left.session, seed=6, bot=left.bot, seat=1, planned=1)))
    resumed, _ = run(calls, doc)
    assert screens.findall(resumed)[0] == screens.findall(whole)[move - 1]


def test_counts_of_one_read_in_the_singular() -> None:
    status, text, _ = auto_table(get_game("seven-card-stud"), calls, seat=0, players=2)
    assert status == 0 and "you are P0, against 1 computer player;" in text
    status, text, _ = auto_table(get_game("aces-deuces"), "12\n" + "p\nc\n" * 20, seat=0, seed=4)
    assert "you may throw away at most 1 card: unmark one first" in text


def test_resume_without_save_says_that_progress_is_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from splitpot.cli import main

    path = tmp_path / "session.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("c\nq\ny\n"))
    assert main(["play", "seven-card-stud-8", "--players", "3", "--seed", "4", "--seat", "2", "--hands", "3",
                 "--plain", "--save", str(path)]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("q\ny\n"))
    assert main(["resume", str(path), "--plain"]) == 0  # at the table: before the hand, on standard error
    out, err = capsys.readouterr()  # (was: on standard output, no "splitpot resume: ")
    assert "progress is not saved" not in out
    assert err == "splitpot resume: progress is not saved: add --save FILE to save the session when it ends\n"
    # the computer players alone: a note on standard error, which standard output's record of the
    # hands leaves out (was: on standard output, among the hands)
    assert main(["resume", str(path), "--plain", "--bots"]) == 0
    out, err = capsys.readouterr()
    assert "progress is not saved" not in out
    assert err.endswith("splitpot resume: progress is not saved: add --save FILE to save the session when it "
                        "ends\n")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\ny\n"))
    assert main(["resume", str(path), "--plain", "--save", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "progress is not saved" not in out + err


@pytest.mark.parametrize("command", ["play", "resume"])
def test_leaving_the_table_says_where_the_session_is_saved(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """q and y with --save: a note on standard error, as a computer-only run's (was: nothing)."""
    from splitpot.cli import main

    path = tmp_path / "session.json"
    play = ["play", "seven-card-stud-8", "--players", "3", "--seed", "4", "--seat", "2", "--hands", "3"]
    if command == "resume":
        monkeypatch.setattr("sys.stdin", io.StringIO("c\nq\ny\n"))
        assert main([*play, "--plain", "--save", str(path)]) == 0
        capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("c\nq\ny\n"))
    argv = play if command == "play" else ["resume", str(path)]
    assert main([*argv, "--plain", "--save", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "you left the table." in out
    assert err == (f"splitpot {command}: left the table after 0 hands; the session is saved in {path} "
                   f"(`splitpot resume {path}` plays on).\n")
    monkeypatch.setattr("sys.stdin", io.StringIO("c\nq\ny\n"))
    assert main([*play, "--plain"]) == 0
    assert capsys.readouterr().err == ""  # nothing saved: nothing to say


def test_a_script_may_separate_its_keys_with_spaces() -> None:
    """Was: "' ' is not a choice here", and the rest of the line dropped with it ("c c c c c"
    played one call, then the end of input)."""
    spaced, lined = (auto_table(get_game("seven-card-stud-8"), script, seat=2, seed=4)
                     for script in ("c c c c c c\n", "c\nc\nc\nc\nc\nc\n"))
    assert spaced[0] == lined[0] == 0 and "is not a choice" not in spaced[1]
    assert [p.state.stacks for p in spaced[2].played] == [p.state.stacks for p in lined[2].played]
    assert len(spaced[2].played) == 1 and spaced[2].played[0].state.is_complete


def test_a_table_title_is_a_line_of_its_own_not_wrapped_in_plain(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: the title wrapped at the table's width (a long dealer's call over three lines of
    piped output, and at 200 columns a narrow column of text)."""
    out = Output(plain=True)
    out.console.width = 40
    long = "seven-card stud high-low with declarations, declare in turn - third street - pot 5"
    out.table(["seat", "stack"], [["P0", "200"]], title=long)
    assert capsys.readouterr().out.splitlines()[0] == long


def test_backspace_takes_back_a_digit_of_the_call() -> None:
    """Was: Backspace refused at the call prompt, the digit typed thrown away with it."""
    fitting = [e.call for e in example_house().entries if e.call.fits(3)]
    status, text, table = dealers_choice_run(calling("1\x7f3\n"), hands=1)
    assert status == 0 and table.played[0].state.game_call == fitting[2]
    assert "not a choice here" not in text
    assert "the house calls): 3\n" in text, "from a script the number kept is echoed (was: 13)"


def test_backspace_at_the_call_typed_at_a_terminal_erases_the_digit_echoed() -> None:
    """Was (1 3 Backspace 2 Enter at a terminal): 12 called, "13 2" on the screen: the
    console stripped the backspace of its erasing echo."""
    fitting = [e.call for e in example_house().entries if e.call.fits(3)]
    out = io.StringIO()
    table = dealers_choice_table(example_house(), [200] * 3, seat=0, hands=1, seed=3, out=Output(stream=out),
                                 keys=TypedKeys("13\x7f2\n", "c\nb\n" * 200))
    assert table.run() == 0
    assert table.session.hands[0].game_call == fitting[11]
    assert "the house calls): 13\b \b2\n" in out.getvalue()


def test_chips_the_sevens_rule_gives_back_are_not_counted_as_won() -> None:
    """Was (California lowball, hand 5): the refunds read as winnings: 'P3 30 (five-four low
    (wheel); returned), P0 10 (returned)' under 'won by', 30 in his 'won' column, and P0 a
    hand won with a best pot of 10."""
    keys = "b\n345\nb\n\n\nb\n34\nc\n\nb\n134\nb\n\nb\n24\nc\nc\n\nf\n"
    status, text, _ = auto_table(get_game("california-lowball", limit=5), keys, seat=3, players=4,
                                     seed=21, hands=6)
    assert status == 0 and "P0 takes back the 10" in text
    assert re.search(r"(?m)^P3 \(you\) .*five-four low \(wheel\) +20 +\+15 +216$", text)
    assert re.search(r"(?m)^P0 .*eight-six low +-5 +184$", text)  # no 'won' for a refund
    assert re.search(r"(?m)^ +5 +20 +P3 20 \(five-four low \(wheel\)\); returned: P0 10, P3 10 +\+15$", text)
    assert re.search(r"(?m)^P0 +200 +179 +-21 +0$", text)
    assert re.search(r"(?m)^P3 +200 +214 +\+14 +4 +20$", text)


def test_jacks_back_called_at_dealers_choice_says_its_lowball_round() -> None:
    """Was: the header kept 'jacks back - before the draw' once nobody opened and the
    hands were played again as lowball ('jacks-back (lowball)' when played alone)."""
    out = io.StringIO()
    table = dealers_choice_table(example_house(), [200] * 3, seat=0, hands=2, seed=5,
                                 out=Output(stream=out), keys=Keys(io.StringIO("17\nc\n")))
    table.run()
    text = out.getvalue()
    assert "P0 (you) deals: jacks back" in text and "played again as lowball" in text
    headers = [line for line in text.splitlines() if " - pot " in line]
    assert headers[0].startswith("jacks back - before the draw")
    assert headers[1].startswith("jacks back (lowball) - before the draw")


def test_since_your_last_turn_starts_afresh_when_the_deal_is_dealt_again() -> None:
    """Was (jackpots): after 'nobody opens ... deals again (deal 2)' P1 and P2 showed the
    'checks' they made in the dead deal."""
    _, text, _ = auto_table(get_game("jackpots"), "c\n3\n4\n5\n\nf\n \nf\n \nc\n", seat=0, players=4,
                                 seed=11, hands=6)
    after = text.split("deals again (deal 2")[1]
    rows = [line.rstrip() for line in after.split("your move")[0].splitlines() if re.match(r"P\d", line)]
    assert "  P3 checks" in after.split("your move")[0] and "  P1 checks" not in after.split("your move")[0]
    assert [row.endswith("checks") for row in rows] == [False, False, False, True]  # P0 (you), P1, P2, P3


def test_a_raise_refused_at_the_cap_or_after_his_check_says_the_rule() -> None:
    """Was: "'r' is not a choice here: press f or c" with no word of the raise cap, nor of
    California lowball's no check-raise after the draw."""
    pressed: list[str] = []

    def raises(menu: str, prompt: str) -> str:
        if prompt == "your move: ":
            keys = set(menu_keys(menu))
            if not keys & {"r", "b"} and {"f", "c"} <= keys and not pressed:
                pressed.append(menu)
                return "r"
            return next(k for k in ("r", "b", "c", *sorted(keys)) if k in keys)
        return "p" if prompt == "discard: " else "n"

    status, text, _ = auto_table(get_game("jackpots"), raises, seat=0, seed=23)
    assert status == 0
    assert "'r' is not a choice here: the betting is capped at a bet and three raises (the raise cap): " \
           "press f or c" in text
    # California lowball: he checked after the draw and a bet followed (through the API)
    state = State(get_game("california-lowball"), [200] * 3, seed=1)
    checker = None
    while True:
        seat = state.actor
        options = [Option(Action(o["action"]), tuple(o["amounts"]), tuple(o.get("choices", ())))
                   for o in player_view(state, seat)["legal_actions"]]
        legal = {o.action: o for o in options}
        after = state.street == 1 and str(state.phase) == "betting"
        if after and seat == checker:
            choices = choices_for(options)
            assert [c.key for c in choices] == ["f", "c"]
            assert _why_not(state, "r", choices) == \
                "raising after your check is not allowed after the draw (no check-raise)"
            break
        if after and checker is None and Action.CHECK in legal:
            checker = seat
            perform(state, Action.CHECK, None, seat=seat)
        elif Action.DRAW in legal:
            perform(state, Action.DRAW, [], seat=seat)
        elif Action.CALL in legal:
            perform(state, Action.CALL, legal[Action.CALL].amounts[0], seat=seat)
        elif Action.CHECK in legal and not after:
            perform(state, Action.CHECK, None, seat=seat)
        else:
            perform(state, Action.BET, legal[Action.BET].amounts[0], seat=seat)


@pytest.mark.parametrize(("options", "said"), [
    ({}, "a player who checks a seven-high or better after the draw should have bet it: if he wins, "
         "the bets made after his check go back"),
    ({"sevens": "forfeit-pot"}, "should have bet it: he forfeits the pot to the best of the other hands"),
    ({"sevens": "off"}, None),
])
def test_help_in_california_lowball_tells_the_sevens_rule_when_it_is_on(
    options: dict[str, str], said: str | None
) -> None:
    _, text, _ = auto_table(get_game("california-lowball", **options), "?\nq\ny\n", seat=0)
    flat = " ".join(text.split())
    assert ("the sevens rule:" in flat) is (said is not None)
    assert said is None or said in flat


def test_a_bet_or_raise_over_his_live_blind_says_what_it_costs() -> None:
    """Was (California lowball): 'b bet 5' with his blind of 2 in (it costs 3 more), while
    the call beside it said what it adds ('c call 4', not 'call 5')."""
    _, text, _ = auto_table(get_game("california-lowball", limit=5), "b\nq\ny\n", seat=1, seed=1)
    assert "f fold   b bet 5 (3 more)   ? help" in text
    _, text, _ = auto_table(get_game("california-lowball", limit=5), "q\ny\n", seat=0, players=5, seed=1)
    assert "f fold   c call 4   r raise to 10 (9 more)   ? help" in text
    # once he has acted, his chips in front are his own bet: no note
    _, text, _ = auto_table(get_game("seven-card-stud"), calls, seat=0, seed=5)
    assert " more)" not in text


def test_marking_cards_knows_the_ace_draw() -> None:
    """Was (jackpots, --max-draw 3 --ace-draw 4): four marks were taken with the ace among
    them, then Enter was refused: 'Seat 0 may draw at most 3 cards (4 keeping an ace), not 4.'"""
    spec = get_game("jackpots", max_draw=3, ace_draw=4)
    _, text, table = auto_table(spec, "c\nc\nc\nc\n5 1 2 3\n", seat=0, seed=1)
    assert "draw (up to 4)" in text and "1:2h  2:5c  3:8c  4:9s  5:Ad" in text
    assert "you may throw away at most 3 cards, or 4 keeping an ace: unmark the Ad first" in text
    assert "refused:" not in text
    _, text, table = auto_table(spec, "c\nc\nc\nc\n1 2 3 5 4\n", seat=0, seed=1)
    assert "you may throw away at most 3 cards, or 4 keeping an ace: not the Ad as well" in text
    assert "refused:" not in text and "P0 (you) discards 4, draws 4" in text
    assert "Ad" in " ".join(ev.card_text(c) for c in table.session.hands[-1].cards(0))


def test_at_60_columns_the_dealers_own_hand_stays_on_one_line() -> None:
    """Was (jackpots, the person the dealer: 'D' widens the seat column): '[6♥ 6♦ 2♣ 3♥' / 'T♣]'."""
    text = narrow_table(get_game("jackpots"), "c\nc\nc\n", width=60, seat=0, players=3, seed=1)
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 60
    assert re.search(r"(?m)^P0 \(you\) D +199 +1 +\[6♥ 6♦ 2♣ 3♥ T♣\]", text)


def test_narrow_screens_keep_numbers_with_their_words_and_wrap_lists_under_their_text() -> None:
    """Was (an outside check): at 60 columns '... - pot 37 - to call' / '10' and 'nothing' /
    'to call'; the dealer's list wrapped to column 1; at 80 columns the opening line broke
    'keys: ? help, q' / 'leave, ctrl-C stop'."""
    from rich.console import Console

    spec = get_game("seven-card-stud-declare", declare="in-turn")
    text = narrow_table(spec, "c\n" * 60, width=60, seat=0, players=4, seed=31)
    headers = text.split("\n")
    assert not re.search(r"[A-Za-z]\n\d", text)  # no number alone at the start of a line
    assert not [line for line in headers if line.rstrip().endswith(("nothing", " pot"))]
    assert any(line.startswith("nothing to call") for line in headers)  # the part wrapped whole
    wide = narrow_table(spec, "c\n" * 60, width=80, seat=0, players=5, seed=3)
    assert "keys: ? help, . repeat, q leave, ctrl-C stop" in wide.splitlines()[1]
    screen = io.StringIO()
    out = Output(stream=screen)
    out.console = Console(file=screen, width=60, force_terminal=True, color_system=None)
    out.plain, out.symbols = False, True
    table = dealers_choice_table(example_house(), [200] * 3, seat=0, hands=1, seed=3, out=out,
                                 keys=Keys(io.StringIO("2\n" + "c\n" * 100)))
    table.run()
    listed = screen.getvalue().split("call the game\n")[1].split("your call")[0].splitlines()
    assert len(listed) > len([e for e in example_house().entries if e.call.fits(3)])  # some wrap
    assert all(re.match(r"^ *\d+  \S", line) or line.startswith("     ") for line in listed)
    assert "\u00a0" not in screen.getvalue() + text + wide


def test_marked_cards_are_listed_in_the_hands_order() -> None:
    """Was: in the order they were marked ('marked: Ad 2h')."""
    spec = get_game("jackpots", max_draw=3, ace_draw=4)
    _, text, _ = auto_table(spec, "c\nc\nc\nc\n5 1 2\n", seat=0, seed=1)
    assert "1:2h  2:5c  3:8c  4:9s  5:Ad" in text
    assert "marked: 2h Ad (Enter draws 2)" in text and "marked: 2h 5c Ad (Enter draws 3)" in text
    assert "throws 2h 5c Ad" in text


def test_help_at_the_dealers_call_tells_the_call_keys() -> None:
    """Was: '?' at 'your call' told the betting keys ('the letter or digit before a choice
    makes it', the draw's marks); a scripted '?' line's Enter then let the house call."""
    fitting = [e.call for e in example_house().entries if e.call.fits(3)]
    out = io.StringIO()
    table = dealers_choice_table(example_house(), [200] * 3, seat=0, hands=1, seed=3,
                                 out=Output(stream=out), keys=Keys(io.StringIO("?\n2\n")))
    table.run()
    text = out.getvalue()
    helped = text.split("your call (1-")[1].split("your call (1-")[0]
    assert "type the number of a game on the list, then Enter" in helped
    assert "Enter alone lets the house call" in helped and "letter or digit" not in helped
    assert f"P0 (you) deals: {fitting[1].text()}" in text.splitlines()


def test_mexican_stud_turn_up_says_what_each_card_turned_up_makes() -> None:
    """Was: "your cards: [8d Ks]" and nothing more at a turn-up, where every betting decision
    says what the hand makes; now what it makes with each card turned up (the other, kept down,
    wild), as the betting decision after it then says it."""
    status, text, _ = auto_table(get_game("mexican-stud"), "1\nc\n" * 8, seat=1, seed=0)
    assert status == 0
    lines = text.splitlines()
    turn_ups = [i for i, line in enumerate(lines) if line.startswith("1 turn up ")]
    assert turn_ups
    for at in turn_ups:
        said = lines[at - 2] if lines[at - 1].startswith("the card you keep down") else lines[at - 1]
        held = re.fullmatch(r"your cards: \[(\S\S) (\S\S)\](.*?)  \((.*)\)", said)
        assert held is not None, said
        first, second, up, made = held.groups()
        parts = dict(re.findall(r"turn up (\S\S): (.+?)(?=; turn up |$)", made))
        assert list(parts) == [first, second], made
        after = next(line for line in lines[at:] if line.startswith("your cards: "))
        assert after == f"your cards: [{second}] {(up.strip() + ' ' + first).strip()}  ({parts[first]})"


def test_mexican_stud_turn_up_tells_a_penalty_card_held() -> None:
    """Was: while he chose his turn-up, a player holding a penalty card was told
    nothing (the hand text was empty before the dead-hand check)."""
    from splitpot.bots import SimpleBot
    from splitpot.engine.state import Phase, State
    from splitpot.table import _hand_text

    for seed in range(40):
        state = State(get_game("mexican-stud", penalty="Q"), [100, 100], seed=seed)
        bot = SimpleBot(seed=seed)
        while not state.is_complete:
            if state.phase is Phase.TURNING_UP:
                for seat in range(2):
                    held = state.cards(seat)
                    text = _hand_text(state, seat)
                    if any(c >> 2 == 10 for c in held):
                        assert text.startswith("dead hand (penalty card"), (seed, text)
                        return
                    assert text == ""
            bot(state)
    pytest.fail("no queen held during a turn-up")


def test_pass_and_out_help_says_a_check_puts_him_out_and_the_log_says_so_after_the_opening() -> None:
    """Was: the help said "check: bet nothing and stay in" under pass and out, and the
    log told "P1, P2 checked before the opening: out" before "P3 opens for 5"."""
    spec = get_game("jackpots", pass_and_out=True)
    status, text, _ = auto_table(spec, "c\n?\nc\n", seat=1, players=5, seed=52)
    assert status == 0
    assert ("  c  check: bet nothing; under pass and out, if anyone then opens you are out of this "
            "deal") in text
    assert "  P3 opens for 5\n  P1 (you), P2 checked before the opening: out\n" in text
    _, plain, _ = auto_table(get_game("jackpots"), "c\n?\nc\n", seat=1, players=5, seed=52)
    assert "  c  check: bet nothing and stay in" in plain and "under pass and out" not in plain


def test_each_call_on_the_menu_reads_as_the_dealer_announces_it() -> None:
    """Reported: entry 16 read "California lowball, limit 4, blinds 1/3, no sevens rule"
    and was announced "California lowball, check-raise allowed, limit 4, ..."; the menu
    and the announcement are one text (:meth:`Call.text`), every option said."""
    fitting = [e.call for e in example_house().entries if e.call.fits(3)]
    number = next(i for i, c in enumerate(fitting, 1) if ("no_check_raise", False) in c.options)
    _, text, table = dealers_choice_run(calling(f"{number}\n"), hands=1)
    said = fitting[number - 1].text()
    assert "check-raise allowed" in said and "no sevens rule" in said
    assert f"{number:>3}  {said}" in text.splitlines() and f"P0 (you) deals: {said}" in text.splitlines()
    assert table.played[0].state.game_call == fitting[number - 1]


def test_backspace_at_the_draw_unmarks_the_card_marked_last() -> None:
    """Was: Backspace at the draw prompt was "that key is not a choice here"."""
    # mark 3, then 2, Backspace (unmarks 2), Backspace (unmarks 3), Backspace (nothing to unmark),
    # mark 1 and 3, draw
    expected, status, text, table = _throwing_the_first_and_third("32\x7f\x7f\x7f13\n")
    assert status == 0 and "not a choice here" not in text
    dealt = [c for e in expected.events if isinstance(e, ev.CardsDealt) and e.seat == 0 for c in e.cards]
    one, two, three = (ev.card_text(c) for c in dealt[:3])
    assert f"unmarks {two}; marked: {three} (Enter draws 1)" in text
    assert f"unmarks {three}; marked: nothing (p stands pat)" in text
    assert "nothing is marked: press 1-5 to mark a card, p to stand pat" in text
    assert f"throws {one} {three}" in text
    assert table.played[0].state.events == expected.events


def test_the_repeat_key_at_the_draw_says_the_table_the_marking_and_the_cards_marked() -> None:
    """"." while marking discards says the decision's table and cards again, then the marking's
    keys and what is marked so far; the marks stay (here: card 1 marked, ".", card 3, Enter)."""
    expected, status, text, table = _throwing_the_first_and_third("1.\n3\n")
    assert status == 0 and table.played[0].state.events == expected.events
    before, after = text.split("discard: .\n", 1)
    shown = before[before.index("\ntest-draw-low - the draw - pot 3 - drawing\n") + 1:]
    shown = shown[: shown.index("\ndiscard: ") + 1]
    assert shown.splitlines()[-1].startswith("draw (up to 3): press 1-5 to mark or unmark a card")
    first = ev.card_text(expected.events[[isinstance(e, ev.Drew) and e.seat == 0
                                          for e in expected.events].index(True)].discarded[0])
    assert after.startswith("\n" + shown + f"marked: {first} (Enter draws 1)\ndiscard: ")


def test_help_at_the_draw_prompt_lists_only_the_keys_that_work_there() -> None:
    """Was (aces-deuces): '?' at the marking prompt listed "d  draw (up to 1), costs 1", a key
    that is refused there ("you are drawing now")."""
    status, text, _ = auto_table(get_game("aces-deuces"), "d\n?\n\x7f\n1\n\n" + "c\n" * 20, seat=0, seed=6,
                                 players=4)
    assert status == 0
    helped = text.split("discard: ?\n", 1)[1].split("discard: ", 1)[0].splitlines()
    assert helped[0].startswith("keys: you are drawing (draw (up to 1), costs 1: ")
    keys = [line.split()[0] for line in helped[1:]]
    assert keys == ["1-2", "Backspace", "Enter", "p", ".", "?"], helped
    assert "not a choice here" not in text.split("throws ", 1)[0]  # each key of the script worked
    assert "nothing is marked: press 1-2 to mark a card, p to stand pat" in text  # its Backspace


def test_q_between_hands_asks_first_as_it_does_in_a_hand() -> None:
    """Was: q between hands left at once, while q in a hand asked "leave the table?"."""
    def plays_then(after: str) -> Callable[[str, str], str | None]:
        def answer(menu: str, prompt: str) -> str | None:
            if prompt.startswith("any key: hand"):
                return after
            return calls(menu, prompt)
        return answer

    status, text, table = auto_table(get_game("lowball"), plays_then("qn"), seat=0, seed=1, hands=2)
    assert status == 0 and "any key: hand 2 of 2; s: sit out; q: leave the table (asks first); ? help" in text
    assert "leave the table? y: yes, any other key: no (hand 2 is dealt)" in text
    assert len(table.played) == 2, "n: he stays, and hand 2 is dealt"
    status, text, table = auto_table(get_game("lowball"), plays_then("qy"), seat=0, seed=1, hands=2)
    assert status == 0 and "you left the table." in text and len(table.played) == 1


def test_question_mark_between_hands_is_help_and_deals_nothing() -> None:
    """Was: "?" at "any key: hand 2 of 2" dealt hand 2, where everywhere else ? is help."""
    between: list[str] = []

    def helps_then_deals(menu: str, prompt: str) -> str | None:
        if prompt.startswith("any key: hand"):
            between.append(prompt)
            return "?" if len(between) == 1 else "n"
        return calls(menu, prompt)

    status, text, table = auto_table(get_game("lowball"), helps_then_deals, seat=0, seed=1, hands=2)
    assert status == 0 and len(between) == 2 and len(table.played) == 2
    assert between == ["any key: hand 2 of 2; s: sit out; q: leave the table (asks first); ? help"] * 2
    helped = text.split(between[0] + "\n?\n", 1)[1].split("\n")[:4]
    assert helped[0] == "keys: any key but ?, ., s and q deals hand 2 of 2; now:"
    assert helped[1].startswith("  s  sit out the hands to come, keeping your chips")
    assert helped[2] == "  .  repeat: the last hand's result"
    assert helped[3].startswith("  ? this help, q leave the table (asks first), ctrl-C stop at once")


@pytest.mark.parametrize("width", [60, 120])
def test_the_draw_prompts_numbered_cards_wrap_whole(width: int) -> None:
    """Was (lowball at 120 columns): '... p to stand pat   1:6♥  2:6♦  3:2♣  4:3♥' / '5:Jk'."""
    text = narrow_table(get_game("lowball"), "c\np\n" + "c\n" * 10, width=width, seat=0, players=3, seed=1)
    lines = text.splitlines()
    assert "1:6♥  2:6♦  3:2♣  4:3♥  5:Jk" in lines, [line for line in lines if "stand pat" in line]
    assert max(len(line.rstrip()) for line in lines) <= width and "\u00a0" not in text


def test_a_high_low_stud_hand_shows_its_low_so_far_as_its_high() -> None:
    """Was (five-card stud, --low ace-to-five): "(high card, eight)" and no low until the fifth card."""
    _, text, _ = auto_table(get_game("five-card-stud", low="ace-to-five"), calls, seat=0, seed=2)
    assert "your cards: [8d] 7c  (high card, eight; low: eight-seven low)" in text
    assert "your cards: [8d] 7c Js Kd  (high card, king; low: king-jack low)" in text
    # eight or better: a low so far qualifies or is "no low yet"; the high is still said
    _, text, _ = auto_table(get_game("seven-card-stud-8"), calls, seat=0, seed=2)
    assert "your cards: [8d 7c] Js  (high card, jack; no low yet)" in text
    from splitpot.cards import parse_cards
    from splitpot.table import _low_so_far

    spec = get_game("seven-card-stud-8")
    cards = [int(c) for c in parse_cards("8c 5d 3h Ac")]
    assert _low_so_far(spec, cards, spec.wilds) == "eight-five low"
    assert _low_so_far(spec, [int(c) for c in parse_cards("8c 8d 3h")], spec.wilds) == ""


# ------------------------------------------------------------------ sitting out
def _between(keys: dict[int, str]) -> Callable[[str, str], str | None]:
    """The tests' person: ``keys[n]`` at the n-th between-hands prompt (any key elsewhere),
    folding where he may, else as :func:`calls`."""
    seen = [0]

    def answer(menu: str, prompt: str) -> str | None:
        if prompt.startswith(("any key: hand", "no hand can be dealt")):
            seen[0] += 1
            return keys.get(seen[0], "n")
        if "your call" in prompt:  # dealer's choice: the house calls for him
            return "\n"
        return "f" if prompt == "your move: " and "f fold" in menu else calls(menu, prompt)

    return answer


def test_the_person_sits_out_keeping_his_chips_and_sits_back_in() -> None:
    """s between hands: the next hands are dealt without him (the others play on, each hand
    shown as it ends), his chips untouched; i deals him in again; the summary and the saved
    document say so, and sitting out is no chips added or removed."""
    from splitpot.play import session_document

    status, text, table = auto_table(get_game("seven-card-stud"), _between({1: "s", 3: "i"}), seat=1,
                                     seed=4, hands=5)
    assert status == 0 and len(table.played) == 5
    dealt = [p.state.in_hand[1] for p in table.played]
    assert dealt == [True, False, False, True, True]
    chips = table.played[0].state.stacks[1]
    assert [p.state.starting_stacks[1] for p in table.played[1:4]] == [0, 0, chips]  # kept while out
    assert "any key: hand 2 of 5; s: sit out; q: leave the table (asks first); ? help\ns\n" in text
    assert f"you sit out from hand 2 on, keeping your {chips} chips" in text
    assert text.count(f"you sit out this hand (your {chips} chips are kept)") == 2
    assert text.count(f"you sat out this hand, keeping your {chips} chips; ") == 2  # (its stacks line: P1 0)
    assert "any key: hand 3 of 5 without you; i: sit back in;" in text
    assert "i\nyou sit back in: you are dealt hand 4" in text
    summary = text[text.index("session: 5 hands"):].splitlines()
    assert [line.split()[-1] for line in summary if line.split()[0] in ("2", "3")] == ["out", "out"]
    header = next(line for line in summary if line.startswith("seat  start"))
    assert header.split() == ["seat", "start", "end", "net", "hands", "won", "best", "pot", "sat", "out"]
    p1 = next(line.split() for line in summary if line.startswith("P1 "))
    assert p1[1] == "200" and int(p1[2]) == table.session.stacks[1] and p1[-1] == "2"
    # the tables in words after them (was: none; read a line at a time, "0 2" under "best pot")
    stacks = table.session.stacks
    assert summary[-1] == (f"after 5 hands: P0 {stacks[0]} ({stacks[0] - 200:+d}), P1 (you) {stacks[1]} "
                           f"({stacks[1] - 200:+d}, sat out 2 hands), P2 {stacks[2]} ({stacks[2] - 200:+d})")
    assert sum(table.session.stacks) == 600
    doc = session_document(table.session, seed=4, bot=table.bot, seat=1, planned=table.last)
    assert doc["sitting_out"] == [[1, [1]], [3, []]] and sum(doc["final_stacks"]) == 600


def test_sitting_out_is_refused_where_too_few_would_be_dealt_in() -> None:
    """Heads up, or a house list with no game for the players left without him: s says why
    and he stays in (the next hand is dealt to him).  Was: 'no hand can be dealt while P0
    sits out', though he was refused and never sat out; ? listed s as a key to use, and at
    dealer's choice the refusal advised adding a game to the house list."""
    status, text, table = auto_table(get_game("seven-card-stud"), _between({1: "s?"}), seat=0, players=2,
                                     seed=4, hands=2)
    assert status == 0 and all(p.state.in_hand[0] for p in table.played) and len(table.played) == 2
    assert "you cannot sit out now: P1 alone would be dealt in (2 players are needed)" in text
    assert "sits out" not in text and table.session.sitting_out == frozenset()
    assert "  s  sit out: not now, P1 alone would be dealt in (2 players are needed)" in text
    from splitpot.house import HouseList

    three = HouseList.from_toml('[[call]]\ngame = "california-lowball"\nlimit = 3\n')
    screen = io.StringIO()
    table = dealers_choice_table(three, [200] * 3, seat=0, hands=2, seed=1, out=Output(stream=screen),
                                 keys=AutoKeys(screen, _between({1: "s"})))
    assert table.run() == 0 and all(p.state.in_hand[0] for p in table.played) and len(table.played) == 2
    assert ("you cannot sit out now: no game on the house list seats the 2 players who would be dealt in "
            "(P1 and P2)") in screen.getvalue()
    assert "add a game" not in screen.getvalue()


def test_a_table_resumed_between_hands_asks_before_dealing() -> None:
    """Was: resumed after hand 1 (q or ctrl-C at the between-hands prompt), the table dealt
    hand 2 at once, so he could not sit it out; now it asks first.  A new session's first
    hand is dealt at once (no s before it)."""
    from splitpot.play import session_document

    _, text, _ = auto_table(get_game("mexican-stud"), _between({}), seat=1, players=4, seed=21, hands=2)
    assert text.index("===== hand 1 of 2") < text.index("any key: hand 2 of 2; s: sit out")
    session = Session(get_game("mexican-stud"), [200] * 4, seed=21)
    bot = SimpleBot(seed=21)
    session.play(1, bot)
    doc = json.loads(json.dumps(session_document(session, seed=21, bot=bot, seat=1, planned=3)))
    out = io.StringIO()
    resumed = Table(Session.from_dict(doc), seat=1, hands=2, out=Output(stream=out),
                    keys=AutoKeys(out, _between({1: "s"})), bot=SimpleBot.from_dict(doc["bot"]))
    assert resumed.run() == 0
    text = out.getvalue()
    assert "any key: hand 2 of 3; s: sit out;" in text.split("\n===== hand", 1)[0]
    assert [p.state.in_hand[1] for p in resumed.played[1:]] == [False, False]


def test_sitting_out_in_python_is_not_said_to_be_saved() -> None:
    """Was: 'you sit out, as you did when the session was saved' for a session made in
    Python where the seat called sit_out (nothing saved); a document's seat still says so."""
    session = Session(get_game("seven-card-stud"), [100] * 3, seed=4)
    session.sit_out(1)
    doc = session.to_dict()
    out = io.StringIO()
    table = Table(session, seat=1, hands=1, out=Output(stream=out), keys=AutoKeys(out, _between({1: "i"})))
    assert table.run() == 0
    assert "you sit out (your 100 chips are kept)" in out.getvalue()
    assert "when the session was saved" not in out.getvalue()
    out = io.StringIO()
    table = Table(Session.from_dict(doc), seat=1, hands=1, out=Output(stream=out),
                  keys=AutoKeys(out, _between({1: "i"})))
    assert table.run() == 0
    assert "you sit out, as you did when the session was saved (your 100 chips are kept)" in out.getvalue()


def test_a_resumed_table_where_he_sits_out_asks_him_first() -> None:
    """Was: the command line could not sit him back in. Resumed sitting out, he is asked
    before any hand is dealt; where the others alone are too few, only i and q do."""
    from splitpot.play import session_document

    _, _, table = auto_table(get_game("seven-card-stud"), _between({1: "s", 2: "qy"}), seat=1, seed=4,
                             hands=5)
    assert table.left and table.session.sitting_out == {1}
    doc = json.loads(json.dumps(session_document(table.session, seed=4, bot=table.bot, seat=1, planned=5)))
    assert doc["final_stacks"] == table.session.stacks and doc["final_stacks"][1] > 0  # was: 0 while out

    def resume(answer: Callable[[str, str], str | None], doc: dict[str, object]) -> tuple[str, Table]:
        out = io.StringIO()
        resumed = Table(Session.from_dict(doc), seat=1, hands=2, out=Output(stream=out),
                        keys=AutoKeys(out, answer), bot=SimpleBot.from_dict(doc["bot"]))
        assert resumed.run() == 0
        return out.getvalue(), resumed

    text, resumed = resume(_between({1: "i"}), doc)
    opening = text.split("\n===== hand", 1)[0]
    assert "you sit out, as you did when the session was saved" in opening
    assert "any key: hand 3 of 4 without you; i: sit back in;" in opening
    assert [p.state.in_hand[1] for p in resumed.played[2:]] == [True, True]
    session = Session.from_dict(doc)
    session.sit_out(2)  # P2 sits out too: P0 alone is dealt in without him
    text, resumed = resume(_between({1: "x", 2: "i"}), {**doc, **session.to_dict()})
    assert ("'x' is not a choice here: no hand can be dealt while P1 and P2 sit out: too few players are "
            "dealt in (1 of 3 with chips); press i to sit back in or q to leave the table") in text
    assert [p.state.in_hand for p in resumed.played[2:]] == [[True, True, False]] * 2


def test_a_dealers_choice_table_stalled_while_he_sits_out_asks_him_back() -> None:
    """Was: 'the session is over' where a player busted while the person sat out and the house
    list had no game for the two left dealt in; now the prompt says why and i deals him in."""
    from splitpot.house import HouseList

    three = HouseList.from_toml('[[call]]\ngame = "california-lowball"\nlimit = 3\n')  # seats 3 or more
    screen = io.StringIO()
    answers = _between({1: "s"})

    def back_in_when_stalled(menu: str, prompt: str) -> str | None:
        return "i" if prompt.startswith("no hand can be dealt") else answers(menu, prompt)

    table = dealers_choice_table(three, [200, 200, 4, 4, 200], seat=0, hands=40, seed=2,
                                 out=Output(stream=screen), keys=AutoKeys(screen, back_in_when_stalled))
    assert table.run() == 0
    text = screen.getvalue()
    prompt = ("no hand can be dealt while P0 sits out: <house list> has no call for 2 players; "
              "i: sit back in; q: leave the table (asks first); ? help\ni\n")  # (no advice to add a game)
    assert prompt in text and "the session is over" not in text.split(prompt)[0]
    assert "you sit out from hand 2 on" in text
    assert "you sit back in: you are dealt hand" in text.split(prompt)[1]
    assert len(table.played) == 40 and sum(table.session.stacks) == 608


def test_the_screen_shows_a_seat_sitting_out_with_its_chips_and_an_empty_seat_as_no_chips() -> None:
    """Was: both read 'sitting out' with a stack of 0."""
    session = Session(get_game("seven-card-stud"), [200, 200, 150, 0], seed=3)
    session.sit_out(2)  # (through the API: the computer players never sit out at the command line)
    out = io.StringIO()
    table = Table(session, seat=0, out=Output(stream=out), keys=AutoKeys(out, calls))
    assert table.run() == 0
    lines = out.getvalue().splitlines()
    assert "P2: stack 150, in the pot 0; sitting out" in lines
    assert "P3: stack 0, in the pot 0; no chips" in lines
    assert session.stacks[2] == 150 and sum(session.stacks) == 550


@pytest.mark.parametrize("command", ["play", "resume"])
def test_the_seat_option_help_names_the_sitting_out_keys(command: str) -> None:
    """Was: --seat's help did not mention s and i, nor (resume) that --seat K at a seat
    that sits out lets you sit back in there."""
    import contextlib

    from splitpot.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main([command, "--help"])
    seat = " ".join(out.getvalue().split("--seat K", 2)[-1].split("--me")[0].split())
    assert "s sits you out" in seat and "i sits you back in" in seat
    if command == "resume":
        assert "at a seat that sits out, K lets you sit back in there" in seat


def test_the_table_and_the_bots_ask_the_state_only_its_public_questions() -> None:
    """Was: table.py read State's private ``_dealt_cards`` and ``_not_now``, bots.py its
    ``_not_now`` and ``_undeclared``: an engine refactor could break the table unseen. They
    use the public ``dealt_cards``, ``waiting_for``, ``active`` and ``declared``."""
    import ast

    import splitpot.bots
    import splitpot.table

    for module in (splitpot.table, splitpot.bots):
        assert module.__file__ is not None
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        private = [f"state.{node.attr} (line {node.lineno})" for node in ast.walk(tree)
                   if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                   and node.value.id == "state" and node.attr.startswith("_")]
        assert private == [], (module.__name__, private)
    state = State(get_game("seven-card-stud"), [50, 50], seed=1)
    while not state.is_complete:
        SimpleBot(seed=1)(state)
    with pytest.raises(IllegalActionError, match=r"^SimpleBot: nobody is to act: the hand is complete; "):
        SimpleBot(seed=1)(state)


def test_the_deal_line_names_the_persons_seat_as_his_and_the_saved_call_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: at dealer's choice the table said "P0 deals: ..." where every other line of the
    hand says "P0 (you) ...". Now the deal line names his seat as his too; the "(you)" is the
    table's alone: the saved document's "said" and its replay name the seat plainly, the
    replay's deal lines the table's word for word but for it."""
    from splitpot.cli import main

    path = tmp_path / "dealt.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" + "c\np\nb\n\n" * 40))
    assert main(["play", "dealers-choice", "--seat", "0", "--players", "3", "--hands", "4", "--seed", "3",
                 "--plain", "--save", str(path)]) == 0
    table = [line for line in capsys.readouterr().out.splitlines() if " deals: " in line]
    assert [line.split(" deals: ")[0] for line in table] == ["P0 (you)", "P1", "P2", "P0 (you)"]
    said = [record["said"] for record in json.loads(path.read_text())["hands"]]
    assert main(["replay", str(path), "--plain"]) == 0
    replayed = [line for line in capsys.readouterr().out.splitlines() if " deals: " in line]
    assert replayed == said and "(you)" not in " ".join(said)
    assert table == [line.replace("P0 deals: ", "P0 (you) deals: ", 1) for line in replayed]


def test_a_card_exposed_to_the_person_is_his_not_p1_yous() -> None:
    """Was: "the dealer exposes P1 (you)'s As: P1 (you) may refuse it", the table's name for
    his seat given an "'s". A possessive of his seat reads "your"; another seat's "P0's"."""
    from splitpot.narrate import possessive

    out = io.StringIO()
    table = Table(get_game("jackpots"), [30, 30], seat=1, out=Output(stream=out, plain=True),
                  keys=Keys(io.StringIO("")))
    state = State(get_game("jackpots"), [30, 30], seed=2)
    state.expose("As")  # dealt to seat 1, the person's
    table._tell(state)
    told = out.getvalue().splitlines()
    assert "  the dealer exposes your As: P1 (you) may refuse it" in told
    assert not [line for line in told if "(you)'s" in line]
    assert describe_hand(state, ["P0", "P1"])[-1] == "  the dealer exposes P1's As: P1 may refuse it"
    assert (possessive("P0"), possessive("P1 (you)"), possessive("Bo")) == ("P0's", "your", "Bo's")


@pytest.mark.parametrize("positional", ["hole_card", "lowest_card"])
def test_five_card_stud_turn_up_with_a_positional_wild_says_what_the_hand_makes(positional: str) -> None:
    """Was: "your cards: [9s] Qs 8c 8h  (turn up 9s: pair of eights)" at five-card stud's
    turn-up under a positional wild rule: the choice to turn up alone, nothing of the hand he
    holds and keeps if he keeps his hole card down (as Mexican stud's turn-up says each
    choice). Now each choice's hand, or the hand alone where both make the same."""
    spec = get_game("five-card-stud", turn_up=True, positional=positional)

    def answer(menu: str, prompt: str) -> str:
        return "k" if "keep your hole card down" in menu else calls(menu, prompt)

    status, text, _ = auto_table(spec, answer, seat=1, seed=0)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("1 turn up ") and "k keep your" in line)
    said = next(line for line in reversed(lines[:at]) if line.startswith("your cards: "))
    assert status == 0
    if positional == "hole_card":  # the choice moves his wild card: what each makes
        assert said == ("your cards: [9s] Qs 8c 8h  (turn up 9s: pair of eights; "
                        "keep 9s down: three of a kind, eights (9s as 8s))")
    else:  # his lowest card is wild either way
        assert said == "your cards: [9s] Qs 8c 8h  (three of a kind, queens (8c as Qh, 8h as Qd))"


def test_a_wrapped_header_ends_a_line_with_its_dash_never_starts_one() -> None:
    """Was: at some widths the header broke before a dash ("... limits 5/10 - fourth street"
    / "- pot 118 - to call 20"), a line starting with a dash as a list's item does. The
    dash now stays with the part before it."""
    spec = get_game("seven-card-stud-declare", declare="in-turn")
    wrapped = 0
    for width in range(40, 72, 4):
        text = narrow_table(spec, "c\n" * 60, width=width, seat=0, players=4, seed=31)
        lines = text.splitlines()
        assert not [line for line in lines if line.startswith("- ")], width
        wrapped += sum(line.endswith(" -") for line in lines)
    assert wrapped  # (some header did wrap at a dash)


def test_the_persons_own_wild_card_is_told_as_his_own_at_the_showdown() -> None:
    """Was: "7♦ is wild for P1 (you): his hole card (with all his sevens)" where the line
    speaks of the person; now "your hole card (with all your sevens)", another seat's "his"."""
    status, text, _ = auto_table(get_game("mexican-stud"), calls, seat=1, seed=0)
    wild = [line for line in text.splitlines() if " is wild for " in line]
    assert status == 0 and len(wild) >= 2
    for line in wild:
        mine = " is wild for P1 (you): " in line
        told = r"  \S\S is wild for P\d( \(you\))?: (his|your) hole card \(with all (his|your) \w+\)"
        assert re.fullmatch(told, line), line
        assert ("your hole card (with all your " in line) == mine and ("his" in line) != mine, line
