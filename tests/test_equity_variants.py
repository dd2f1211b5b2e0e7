"""equity() and the registry's game names: a variant whose showdown is an equity game's is computed
as that game (the same answer as asking for the game), the others are refused saying why, and
every name `get_game` knows is one or the other.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from splitpot import RuleError, equity
from splitpot.cli import main
from splitpot.equity import EquityGame, prepare_equity
from splitpot.games import GAMES, get_game

# The answers expected for each registry game, written apart from equity.py's tables so that
# they check them: a new game goes in one of VARIANTS, DECLARED and REFUSED.
VARIANTS = {
    "five-card-stud-last-down": "five-card-stud",
    "five-card-stud-five-bets": "five-card-stud",
    "california-lowball": "lowball",
}
DECLARED = {"seven-card-stud-declare": "seven-card-stud-high-low"}
"""Variants whose pot goes as the players declare: equity requires declare= for them."""
REFUSED = {
    "jacks-back": "the betting decides",
    "aces-deuces": "two-card hands with paid draws",
}

# Spots of each base game, with the options that game takes (exact, Monte Carlo, high-low,
# wild and penalty cards, draws), each asked for as the variant and as the base game.
SPOTS: list[tuple[str, list[str], dict[str, Any]]] = [
    ("five-card-stud-last-down", ["Ah Kd 3c", "Qs Qd 2h"], {}),
    ("five-card-stud-last-down", ["Ah 2d 3c 5h", "Qs Qd 2h", "7c 6c 4d"], {"low": "ace-to-six"}),
    ("five-card-stud-five-bets", ["Ah Kd", "Qs Qd"], {"dead": "As Kc", "wild": "2"}),
    ("five-card-stud-five-bets", ["Ah Kd", "Qs Qd"], {"samples": 20_000, "seed": 5, "threads": 1}),
    ("five-card-stud-five-bets", ["Ah Kd 4c", "Qs Qd"], {"penalty": "3", "low": "deuce-to-seven"}),
    ("california-lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"], {}),
    ("california-lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"], {"joker": None}),
    ("california-lowball", ["Ah 2c 3d", "8c 6d 5h 3c"], {"draws": [2, 1], "dead": "4h"}),
]


@pytest.mark.parametrize(("variant", "hands", "options"), SPOTS)
def test_a_variant_gives_its_base_games_answer(
    variant: str, hands: list[str], options: dict[str, Any]
) -> None:
    base = VARIANTS[variant]
    got = equity(variant, hands, **options)
    assert replace(got, variant=None) == equity(base, hands, **options)
    assert got.game is EquityGame(base) and got.variant == variant
    run = prepare_equity(variant, hands, **options)  # the split behind splitpot.dask.equity
    assert run.result(run.counts()) == got


def test_california_lowball_deals_lowballs_joker_by_default() -> None:
    """The joker (the bug) is in California lowball's deck as in lowball's: the default run differs
    from the 52-card one, as lowball's does."""
    hands = ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"]
    with_joker, without = equity("california-lowball", hands), equity("california-lowball", hands, joker=None)
    assert (with_joker.outcomes, without.outcomes) == (44, 43)
    assert with_joker[0].low_win == 10 / 44 and without[0].low_win == 9 / 43


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_variant_shows_down_as_its_base_game_in_the_registry(variant: str) -> None:
    """What equity computes from (the rankings, the deck, the hand size, no declaration or
    qualifier) is the same in the variant's game and its base game, as the registry plays them."""
    a, b = get_game(variant), get_game(VARIANTS[variant])
    fields = ("high", "low", "low_qualifier", "declare", "hand_size", "wilds")
    assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]


def test_the_declare_game_shows_down_as_the_classic_game_declared() -> None:
    """Everything equity computes from is the classic high-low game's, but for the declarations; its
    answer is the classic game's with the same declarations, and without them it is refused."""
    for variant, base in DECLARED.items():
        a, b = get_game(variant), get_game(base)
        fields = ("high", "low", "low_qualifier", "hand_size", "wilds")
        assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]
        assert a.declare.value != "none" and b.declare.value == "none"
        hands = ["Ah 2d 3c 5h 9s", "Qs Qd 2h Kc Kd"]
        got = equity(variant, hands, declare=["both", "high"])
        assert replace(got, variant=None) == equity(base, hands, declare=["both", "high"])
        assert got.game is EquityGame(base) and got.variant == variant
        with pytest.raises(RuleError, match=f"{variant} is won as the players declare: pass declare="):
            equity(variant, hands)


@pytest.mark.parametrize(("game", "reason"), sorted(REFUSED.items()))
def test_a_game_equity_cannot_model_is_refused_saying_why(game: str, reason: str) -> None:
    with pytest.raises(RuleError, match=f"equity does not model {game}: .*{reason}") as caught:
        equity(game, ["Ah Kd", "Qs Qd"])
    for name in [*(g.value for g in EquityGame), *VARIANTS, *DECLARED]:
        assert name in str(caught.value)


def test_every_registry_game_is_taken_or_refused_with_a_reason() -> None:
    for name in GAMES:
        if name in REFUSED:
            with pytest.raises(RuleError, match="equity does not model"):
                equity(name, ["Ah Kd", "Qs Qd"])
        elif name in DECLARED:
            equity(name, ["Ah Kd 3c 4d 5h", "Qs Qd 2h 8c 9d"], declare=["high", "low"])
        else:
            assert name in VARIANTS or name in set(EquityGame), (
                f"{name}: a new game goes in this file's VARIANTS, DECLARED or REFUSED "
                "(docs/development.md, Registering a game)")
            equity(name, ["Ah Kd 3c 4d 5h", "Qs Qd 2h 8c 9d"])


def test_unknown_game_lists_the_variants_too() -> None:
    with pytest.raises(RuleError, match=r"unknown game 'holdem'.*california-lowball"):
        equity("holdem", ["Ah Kd", "Qs Qd"])


def test_cli_takes_a_variant_and_refuses_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "--game", "five-card-stud-last-down", "Ah Kd 3c", "Qs Qd 2h"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("five-card-stud-last-down, computed as five-card-stud, exact")
    assert main(["equity", "--game", "jacks-back", "Ah Kd", "Qs Qd"]) == 2
    assert "equity does not model jacks-back" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["equity", "--help"])
    assert "california-lowball         as lowball (the same showdown)" in capsys.readouterr().out


def test_a_result_names_the_variant_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: the result of five-card-stud-last-down (whose positional wild cards the core reads
    from the first and fifth cards, not as five-card stud's) named plain five-card stud, and so
    did its printed table outside the command line; only `splitpot equity` said which was asked."""
    hands = ["As 9d Kc", "Qs Qd 3c"]
    got = equity("five-card-stud-last-down", hands, positional="hole_card")
    assert got.variant == "five-card-stud-last-down" and got.game is EquityGame.FIVE_CARD_STUD
    assert str(got).startswith("five-card-stud-last-down, computed as five-card-stud, exact")
    assert got != equity("five-card-stud", hands, positional="hole_card")
    assert equity("five-card-stud", hands).variant is None
    run = prepare_equity("five-card-stud-last-down", hands, positional="hole_card")
    assert run.result(run.counts()) == got  # the split behind splitpot.dask.equity keeps it
    assert main(["equity", "-g", "five-card-stud-last-down", "--json", *hands]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["game"], doc["variant"]) == ("five-card-stud", "five-card-stud-last-down")
