"""Cards, parsing and the deck (docs/API.md, splitpot.cards)."""

from __future__ import annotations

import pytest

import reference as ref
import splitpot
import splitpot.cards
from splitpot import JOKER, Card, Deck, parse_cards


def test_public_names_at_top_level_and_in_module() -> None:
    for name in ("Card", "JOKER", "parse_cards", "Deck"):
        assert getattr(splitpot, name) is getattr(splitpot.cards, name)


@pytest.mark.parametrize("i", range(52))
def test_encoding_is_four_rank_plus_suit(i: int) -> None:
    card = Card(i)
    assert int(card) == i
    assert card.rank == i // 4
    assert card.suit == i % 4
    assert not card.is_joker
    assert str(card) == ref.card_text(i)
    assert repr(card) == f"Card('{ref.card_text(i)}')"
    assert Card(str(card)) == card
    assert Card(ref.card_text(i)) == card


def test_contract_examples() -> None:
    assert Card("As") == Card(51)
    assert str(Card(51)) == "As"
    assert repr(Card(51)) == "Card('As')"
    assert int(Card("2c")) == 0
    assert int(Card("2d")) == 1
    assert int(Card("3c")) == 4
    assert Card("10d") == Card("Td")
    assert int(Card("10d")) == 4 * 8 + 1


@pytest.mark.parametrize("text", ["as", "AS", "aS", "As"])
def test_card_text_is_case_insensitive(text: str) -> None:
    assert Card(text) == Card(51)


@pytest.mark.parametrize("text", ["td", "TD", "10d", "10D"])
def test_ten_spellings(text: str) -> None:
    assert Card(text) == Card("Td")
    assert str(Card(text)) == "Td"


@pytest.mark.parametrize("text", ["jk", "JK", "Jk"])
def test_joker(text: str) -> None:
    joker = Card(text)
    assert joker == JOKER == Card(52)
    assert int(joker) == 52
    assert joker.is_joker
    assert joker.rank is None
    assert joker.suit is None
    assert Card(str(joker)) == joker


def test_cards_hash_like_their_equality() -> None:
    assert hash(Card("As")) == hash(Card(51))
    assert len({Card("As"), Card(51), Card("as"), Card("Td"), Card("10d")}) == 2


@pytest.mark.parametrize(
    "text",
    ["As Kd 7h", "AsKd7h", "As,Kd,7h", "As, Kd, 7h", "as kd 7H", "  As   Kd 7h "],
)
def test_parse_cards_text_forms(text: str) -> None:
    assert parse_cards(text) == [Card("As"), Card("Kd"), Card("7h")]


def test_parse_cards_ten_and_joker_in_text() -> None:
    assert parse_cards("10d As jk") == [Card("Td"), Card("As"), JOKER]


def test_card_text_with_suit_symbols_reads_back() -> None:
    """What `splitpot play` and `eval` print on a terminal (``Card.pretty``: A♠) pasted
    back as input; was: "unknown card 'A♠'"."""
    for i in range(52):
        card = Card(i)
        assert Card(card.pretty) == card
    outline = dict(zip("♧♢♡♤", "cdhs", strict=True))
    assert [Card(f"Q{symbol}") for symbol in outline] == [Card(f"Q{suit}") for suit in outline.values()]
    assert parse_cards("A♠K♥, 10♦ 2♣") == parse_cards("As Kh Td 2c")
    assert splitpot.strength("A♠ K♠ Q♠ J♠ T♠") == splitpot.strength("As Ks Qs Js Ts")
    with pytest.raises(splitpot.CardError, match="a suit c, d, h, s \\(or ♣ ♦ ♥ ♠"):
        Card("A*")


@pytest.mark.parametrize("selector", ["\ufe0f", "\ufe0e"], ids=["emoji", "text"])
def test_suit_symbols_with_a_variation_selector_read(selector: str) -> None:
    """Phones and web pages write a suit as the symbol then U+FE0F (``"A♠\\ufe0f"``);
    was: "unknown card '\\ufe0f'", quoting the invisible selector alone, unescaped."""
    assert parse_cards(f"A♠{selector} K♥{selector}, 10♦{selector}2♣{selector}") == parse_cards("As Kh Td 2c")
    assert Card(f"Q♤{selector}") == Card("Qs")
    with pytest.raises(splitpot.CardError):  # only after a suit symbol
        Card(f"As{selector}")


@pytest.mark.parametrize("text", ["As\ufe0f", "\ufe0f", "A\u034f"])
def test_unknown_card_text_never_quotes_an_invisible_character(text: str) -> None:
    with pytest.raises(splitpot.CardError, match="unknown card") as info:
        parse_cards(f"Kd {text}")
    message = str(info.value)
    assert not any(ch in message for ch in "\ufe0f\u034f")
    assert f"{ord(text[-1]):04x}" in message  # escaped, as \ufe0f


def test_parse_cards_iterables() -> None:
    expected = [Card("As"), Card("Kd"), Card("7h")]
    assert parse_cards([51, 45, 22]) == expected
    assert parse_cards(["As", "Kd", "7h"]) == expected
    assert parse_cards([Card("As"), "Kd", 22]) == expected
    assert parse_cards(c for c in (51, 45, 22)) == expected
    assert all(isinstance(c, Card) for c in parse_cards([51, "Kd", Card("7h")]))


def test_parse_cards_keeps_order() -> None:
    cards = parse_cards("2c Ah 7d 3s")
    assert [str(c) for c in cards] == ["2c", "Ah", "7d", "3s"]


def test_parse_cards_all_52_round_trip() -> None:
    text = " ".join(str(Card(i)) for i in range(52))
    assert [int(c) for c in parse_cards(text)] == list(range(52))
    assert [int(c) for c in parse_cards(text.replace(" ", ""))] == list(range(52))


# ---------------------------------------------------------------------------- Deck


def test_deck_is_a_full_shuffled_deck() -> None:
    deck = Deck(seed=1)
    assert len(deck) == 52
    assert isinstance(deck.cards, tuple)
    assert sorted(int(c) for c in deck.cards) == list(range(52))
    assert [int(c) for c in deck.cards] != list(range(52))  # shuffled


def test_deck_seed_is_reproducible() -> None:
    assert Deck(seed=7).cards == Deck(seed=7).cards
    assert Deck(seed=7).cards != Deck(seed=8).cards


def test_deck_with_joker() -> None:
    deck = Deck(seed=3, joker=True)
    assert len(deck) == 53
    assert JOKER in deck.cards
    assert sorted(int(c) for c in deck.cards) == list(range(53))


def test_deck_deals_from_the_top() -> None:
    deck = Deck(seed=11)
    top = deck.cards
    dealt = deck.deal(5)
    assert dealt == list(top[:5])
    assert len(deck) == 47
    assert deck.cards == top[5:]
    one = deck.deal_one()
    assert isinstance(one, Card)
    assert one == top[5]
    assert deck.deal() == [top[6]]
    assert len(deck) == 45


def test_deck_explicit_order_is_not_shuffled() -> None:
    deck = Deck(order="As Kd 7h")
    assert deck.cards == (Card("As"), Card("Kd"), Card("7h"))
    assert deck.deal_one() == Card("As")
    assert deck.deal(2) == [Card("Kd"), Card("7h")]
    assert len(deck) == 0


def test_deck_order_with_joker_true_is_refused() -> None:
    """Was: joker=True silently ignored beside order= (a 52-card order stayed 52 cards)."""
    with pytest.raises(splitpot.CardError, match="with order=, put 'Jk' in it"):
        Deck(joker=True, order="As Kd 7h")
    assert Deck(order="As Jk").cards[1].is_joker
    with pytest.raises(splitpot.ArgumentTypeError, match="joker must be True or False"):
        Deck(joker="yes")  # type: ignore[arg-type]


def test_deck_order_accepts_ints() -> None:
    deck = Deck(order=[0, 51, 4])
    assert [int(c) for c in deck.cards] == [0, 51, 4]


def test_deck_remove() -> None:
    deck = Deck(seed=5)
    deck.remove("As Kd")
    assert len(deck) == 50
    assert Card("As") not in deck.cards
    assert Card("Kd") not in deck.cards
    deck.remove([Card("2c"), 4])
    assert len(deck) == 48
    assert Card("2c") not in deck.cards
    assert Card("3c") not in deck.cards


def test_deck_shuffle_keeps_the_cards() -> None:
    deck = Deck(seed=9)
    deck.deal(10)
    before = deck.cards
    deck.shuffle()
    assert len(deck) == 42
    assert sorted(map(int, deck.cards)) == sorted(map(int, before))


def test_deck_deal_everything() -> None:
    deck = Deck(seed=2)
    cards = deck.deal(52)
    assert len(cards) == 52
    assert len(set(map(int, cards))) == 52
    assert len(deck) == 0


def test_cards_and_hands_format_as_their_text() -> None:
    """A format spec aligns the text, as for a str (was: int's, so `f"{card:3}"` gave
    ' 51', `f"{card:s}"` and `format(hand, ">20")` raised); an int type keeps the number."""
    card = Card("As")
    assert (f"{card:3}|", f"{card:>3}|", f"{card:s}", f"{card:^6}|") == ("As |", " As|", "As", "  As  |")
    assert (f"{card:d}", f"{card:02x}", f"{Card(0):03d}", f"{card}") == ("51", "33", "000", "As")
    # the float types format the number too, as for an int (was: ValueError, str's format)
    assert (format(card, ".1f"), f"{card:e}", f"{card:G}", f"{Card(1):.0%}") == (
        "51.0", "5.100000e+01", "51", "100%")
    hand = splitpot.evaluate("As Ks Qs Js Ts")
    assert format(hand, ">14") == "   royal flush" and f"{hand}" == "royal flush"
    two = splitpot.evaluate_two("As 2d", "low")
    assert format(two, "<16") + "|" == f"{two!s:<16}|"
