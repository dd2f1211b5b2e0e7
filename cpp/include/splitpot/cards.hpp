// Card encoding shared by every part of the core.
//
// A card is an integer 0..51 = 4 * rank + suit, rank 0 = deuce .. 12 = ace,
// suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades; 52 is the joker.
#pragma once

#include <cstdint>

#include "splitpot/bits.hpp"  // the bit operations and compiler attributes every part uses

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

/// Bits set in x. Portable builds target baseline x86-64, where
/// __builtin_popcount is a library call; this is a few inline instructions.
/// (bits::portable::popcount64 is the same; this copy keeps the instructions
/// the hot loops were measured with.)
constexpr int popcount(std::uint64_t x) noexcept {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

/// The 13-bit rank mask of one suit's cards in a card mask (bit = card):
/// every fourth bit from `suit`, packed, without branches.
constexpr unsigned suit_ranks(std::uint64_t cards, int suit) noexcept {
  std::uint64_t y = (cards >> suit) & 0x0001111111111111ull;
  y = (y | (y >> 3)) & 0x0003030303030303ull;
  y = (y | (y >> 6)) & 0x000F000F000F000Full;
  y = (y | (y >> 12)) & 0x000000FF000000FFull;
  y = (y | (y >> 24)) & 0x1FFFull;
  return static_cast<unsigned>(y);
}
static_assert(suit_ranks(0x0001000000000001ull, 0) == 0x1001u, "deuce and ace of clubs");
static_assert(suit_ranks(std::uint64_t{1} << 51, 3) == 0x1000u, "ace of spades");

/// The card's bit in a 64-bit card mask (bit = card).
constexpr std::uint64_t card_bit(int card) noexcept { return std::uint64_t{1} << card; }

}  // namespace splitpot
