// Card encoding shared by every part of the core.
//
// A card is an integer 0..51 = 4 * rank + suit, rank 0 = deuce .. 12 = ace,
// suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades; 52 is the joker.
#pragma once

#include <cstdint>

namespace splitpot {

constexpr int kRanks = 13;
constexpr int kSuits = 4;
constexpr int kDeckSize = 52;
constexpr int kJoker = 52;
constexpr int kMaxCards = 7;
constexpr int kAce = 12;

constexpr int rank_of(int card) noexcept { return card >> 2; }
constexpr int suit_of(int card) noexcept { return card & 3; }
constexpr int make_card(int rank, int suit) noexcept { return rank * 4 + suit; }

/// The card's bit in a 64-bit card mask (bit = card).
constexpr std::uint64_t card_bit(int card) noexcept { return std::uint64_t{1} << card; }

}  // namespace splitpot
