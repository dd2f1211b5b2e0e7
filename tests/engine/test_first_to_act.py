"""Who acts first, by opener: one table (engine.order.FIRST_TO_ACT) that the engine,
the narration and the PHH reader all read, with an entry for every Opener."""

from __future__ import annotations

import pytest

from splitpot import narrate, phh
from splitpot.engine.order import FIRST_TO_ACT, FirstToAct
from splitpot.engine.spec import Opener
from splitpot.games import get_game


def test_every_opener_has_one_rule() -> None:
    assert set(FIRST_TO_ACT) == set(Opener)
    for opener, rule in FIRST_TO_ACT.items():
        kinds = [rule.card is not None, rule.key is not None, rule.position is not None]
        assert kinds.count(True) == 1, opener
        assert (rule.why is not None) == rule.by_upcards == (rule.rule is not None), opener


def test_the_narration_says_why_exactly_where_the_upcards_decide() -> None:
    spec = get_game("seven-card-stud")
    up = [4 * 12 + 1, 4 * 12 + 2]  # Ad Ah
    for opener, rule in FIRST_TO_ACT.items():
        why = narrate._why_first(opener, "P0", up, spec)
        assert (why is not None) == rule.by_upcards, opener
    assert narrate._why_first(None, "P0", up, spec) is None
    assert narrate._why_first(Opener.BEST_SHOWING, "P0", up, spec) == (
        "  P0 acts first with the best hand showing (Ad Ah)")
    assert narrate.FORCED_OPENERS == {Opener.HIGH_CARD_BETS: "highest", Opener.LOW_CARD_BETS: "lowest"}


def test_the_phh_reader_chooses_hidden_upcards_where_the_upcards_decide() -> None:
    assert {o for o, rule in FIRST_TO_ACT.items() if rule.by_upcards} == phh._CHOSEN_FOR


@pytest.mark.parametrize("kinds", [{}, {"card": "lowest", "position": lambda at: None}])
def test_a_rule_is_one_kind(kinds: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="exactly one"):
        FirstToAct(**kinds)  # type: ignore[arg-type]


def test_a_rule_the_upcards_decide_says_why() -> None:
    with pytest.raises(ValueError, match="why"):
        FirstToAct(card="highest")
