// Lookup tables: built once by code (tables()), immutable afterwards, shared
// by every thread.
//
// A hand is summarised by a 64-bit key built by ADDITION of per-card keys, so a
// partial hand can be extended one card at a time:
//   bits  0..24  rank key: the sum of kRankMultiplier[rank] over the cards;
//                unique for every multiset of at most 7 ranks (no rank > 4 times)
//   bits 32..47  four 4-bit suit counters, each starting at 3: bit 3 of a
//                counter is set once that suit holds five cards (a flush)
//   bits 56..63  a poison counter: +1 for every byte that is not a card
// The rank key is mapped to a table slot by a displacement perfect hash:
//   slot = (rank_key & 0xFF) + 2 * offsets[rank_key >> 8].
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "splitpot/cards.hpp"
#include "splitpot/ranking.hpp"

namespace splitpot {

/// Rank multipliers: the greedy smallest sequence whose sums over all
/// multisets of at most seven ranks (each at most four times) are distinct
/// (found by cpp/tools/find_rank_multipliers.cpp; the C++ tests re-check it).
constexpr std::array<std::uint32_t, kRanks> kRankMultiplier = {
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520};

constexpr std::uint64_t kRankKeyMask = (std::uint64_t{1} << 25) - 1;
constexpr int kSuitShift = 32;
constexpr std::uint64_t kKeyInit = std::uint64_t{0x3333} << kSuitShift;
constexpr std::uint64_t kFlushBits = std::uint64_t{0x8888} << kSuitShift;
constexpr int kPoisonShift = 56;
constexpr std::uint64_t kPoison = std::uint64_t{1} << kPoisonShift;
constexpr std::uint64_t kRareBits = kFlushBits | (std::uint64_t{0xFF} << kPoisonShift);
constexpr int kHashRowShift = 8;
constexpr std::uint32_t kHashColMask = (1u << kHashRowShift) - 1;

struct Tables {
  /// Per byte value: the key of that card; non-cards (52..255) carry kPoison.
  std::array<std::uint64_t, 256> card_key{};
  /// Per byte value: the card's bit (card_bit), 0 for non-cards.
  std::array<std::uint64_t, 256> card_mask{};
  /// Perfect-hash row offsets, in units of two slots.
  std::vector<std::uint16_t> offsets;
  std::size_t slots = 0;
  /// Per ranking, by slot: the best strength of the rank multiset read as a
  /// hand with no flush (best five of n for n >= 5; the partial hand below).
  std::array<std::vector<std::uint16_t>, kRankingCount> value;
  /// Per ranking, by 13-bit rank mask of one suit (5..7 bits set): the best
  /// strength of a flush made from those cards (0 where flushes don't count).
  std::array<std::vector<std::uint16_t>, kRankingCount> flush;
  /// Per ranking, how many distinct strengths five-card hands have.
  std::array<int, kRankingCount> five_card_classes{};

  std::uint32_t slot(std::uint64_t key) const noexcept {
    const auto rk = static_cast<std::uint32_t>(key & kRankKeyMask);
    return (rk & kHashColMask) + 2u * offsets[rk >> kHashRowShift];
  }
};

/// The tables, built on first use (thread-safe), immutable afterwards.
const Tables& tables();

/// Bytes used by one ranking's tables (value + flush) and by the shared hash.
std::size_t ranking_table_bytes(Ranking r);
std::size_t shared_table_bytes();

}  // namespace splitpot
