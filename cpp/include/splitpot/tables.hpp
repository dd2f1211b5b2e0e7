// Lookup tables: generated at build time by the same code that defines them
// (cpp/tools/gen_tables.cpp runs cpp/src/table_builder.cpp) and compiled in as
// constant arrays, so nothing is built at run time; immutable, shared by every
// thread and every process that maps the library.
//
// A hand is summarised by a 64-bit key built by ADDITION of per-card keys, so a
// partial hand can be extended one card at a time:
//   bits  0..31  rank key: the sum of kRankMultiplier[rank] over the cards;
//                unique for every multiset of at most 7 ranks (no rank > 4 times)
//   bits 32..47  four 4-bit suit counters, each starting at 3: bit 3 of a
//                counter is set once that suit holds five cards (a flush)
//   bits 56..63  a poison counter: +1 for every byte that is not a card
// The rank key is mapped to a table slot by a displacement perfect hash:
//   slot = rank_key + offsets[rank_key >> 13]   (32-bit, wrapping).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "splitpot/cards.hpp"
#include "splitpot/ranking.hpp"

namespace splitpot {

/// Rank multipliers: the greedy smallest sequence whose sums over all
/// multisets of at most seven ranks (each at most four times) are distinct,
/// each multiplied by an odd number modulo 2^24 (the sums stay distinct; all
/// below 2^24) chosen so that the perfect hash packs its keys densely
/// (cpp/tools/find_rank_multipliers.cpp; the C++ tests re-check it).
constexpr std::array<std::uint32_t, kRanks> kRankMultiplier = {
    14356829, 4675281, 9019576, 14129328, 14046789, 13985611, 6748716,
    4691051,  818162,  3458626, 341545,   13813915, 7083792};
/// The largest sum of any seven cards' multipliers (repeated cards too).
constexpr std::uint32_t kTopRankKey = [] {
  std::uint32_t top = 0;
  for (const std::uint32_t m : kRankMultiplier) top = m > top ? m : top;
  return kMaxCards * top;
}();

/// The rank key: a key's low 32 bits (at most 27 bits for seven cards, and
/// below 2^32 for the whole deck: a HandSum may hold it).
constexpr std::uint64_t kRankKeyMask = 0xFFFFFFFFu;
constexpr int kSuitShift = 32;
constexpr std::uint64_t kKeyInit = std::uint64_t{0x3333} << kSuitShift;
constexpr std::uint64_t kFlushBits = std::uint64_t{0x8888} << kSuitShift;
constexpr int kPoisonShift = 56;
constexpr std::uint64_t kPoison = std::uint64_t{1} << kPoisonShift;
/// In the wild-card batch's keys (wild.cpp): the number of fully wild cards
/// (bits 48-51; each wild card also counts once in every suit's counter) and
/// of the bug (52-55). Natural keys hold zero there.
constexpr int kWildCountShift = 48;
constexpr int kBugShift = 52;
constexpr std::uint64_t kWildCardKey = std::uint64_t{1} << kWildCountShift | std::uint64_t{0x1111} << kSuitShift;
constexpr std::uint64_t kRareBits = kFlushBits | (std::uint64_t{0xFF} << kPoisonShift);
// Rows of 8,192 keys: 48 KB of offsets and 81,563 slots (159 KB of values a
// ranking) for the 76,155 multisets; the multipliers were chosen for it.
// Each row's offset is its displacement minus its first key, 32 bits, so
// that a slot is one load added to the rank key. With the greedy multipliers
// alone (keys of 25 bits, crowded in some rows), rows of 1,024 keys took
// 92 KB of offsets and 152,910 slots (298 KB of values), and no row width
// did better (docs/performance.md).
constexpr int kHashRowShift = 13;
constexpr std::uint32_t kHashColMask = (1u << kHashRowShift) - 1;

/// The perfect hash's slot of a rank key (the low 32 bits of a key).
constexpr std::uint32_t hash_slot(const std::uint32_t* offsets, std::uint32_t rank_key) noexcept {
  return rank_key + offsets[rank_key >> kHashRowShift];
}

/// Which wild-card table: in `high` Zero means fully wild cards and Bug the
/// joker as the bug; in the lows each wild_low rule (Bug: the bug alone, read
/// with the LowestAbsent table).
enum class WildFamily : std::uint8_t { Zero = 0, LowestAbsent = 1, BestRank = 2, Bug = 1 };
constexpr int kWildFamilies = 3;
/// Flush fills are tabled up to four wild cards (with five, five of a kind wins).
constexpr int kMaxFlushWilds = 4;
constexpr std::uint16_t kNoDense = 0xFFFF;

/// A read-only view of one compiled-in table (the runtime form of a table the
/// builder holds as a std::vector).
template <typename T>
class TableView {
 public:
  constexpr TableView() noexcept = default;
  constexpr TableView(const T* data, std::size_t size) noexcept : data_(data), size_(size) {}
  constexpr const T* data() const noexcept { return data_; }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  constexpr const T* begin() const noexcept { return data_; }
  constexpr const T* end() const noexcept { return data_ + size_; }

 private:
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

/// The tables' layout. `Vec` is std::vector in the builder (BuiltTables, used
/// only at build time and by the tests) and TableView at run time (Tables).
template <template <typename> class Vec>
struct BasicTables {
  /// Per byte value: the key of that card; non-cards (52..255) carry kPoison.
  std::array<std::uint64_t, 256> card_key{};
  /// Per byte value: the card's bit (card_bit; the joker's is bit 52), 0 for non-cards.
  std::array<std::uint64_t, 256> card_mask{};
  /// Perfect-hash row offsets: slot = rank key + offsets[rank key >> kHashRowShift].
  Vec<std::uint32_t> offsets;
  std::size_t slots = 0;
  /// Per rank and 4-bit set of suits: the sum of those cards' keys (to take a
  /// rank's wild cards out of a hand's key in one step).
  std::array<std::array<std::uint64_t, 16>, kRanks> rank_suits_key{};
  /// Per ranking, by slot: the best strength of the rank multiset read as a
  /// hand with no flush (best five of n for n >= 5; the partial hand below).
  std::array<Vec<std::uint16_t>, kRankingCount> value;
  /// Per ranking, by 13-bit rank mask of one suit (5..7 bits set): the best
  /// strength of a flush made from those cards (read only where flushes count).
  std::array<Vec<std::uint16_t>, kRankingCount> flush;
  /// In the lows that count flushes (deuce-to-seven, ace-to-six; empty in the
  /// others), by strength minus high_card_base: the five ranks (a 13-bit
  /// mask) of a high-card hand (no pair, no straight) of that strength, then
  /// one 0 that every other strength reads (clamped). The lows' flush path
  /// asks whether the best five read without a flush is one that only suited
  /// cards make.
  std::array<Vec<std::uint16_t>, kRankingCount> high_card_ranks;
  std::array<std::uint16_t, kRankingCount> high_card_base{};
  /// Per ranking, the category of each tier (strength >> 12).
  std::array<std::array<Category, 16>, kRankingCount> tier_category{};

  // Wild cards. dense: by slot, the index of a multiset of at most six ranks
  // (kNoDense for bigger ones), smallest multisets first; dense_upto[s]: how
  // many have at most s ranks.
  Vec<std::uint16_t> dense;
  std::array<std::uint32_t, kMaxCards + 1> dense_upto{};
  /// [ranking][family][w] by dense index of the natural cards: the best hand
  /// using at least one of the w (1..7) wild cards (see WildFamily).
  std::array<std::array<std::array<Vec<std::uint16_t>, kMaxCards + 1>, kWildFamilies>, kRankingCount> wild;
  /// high: [duplicate][w] by 13-bit rank mask of one suit: the best straight
  /// flush or flush those cards and w wild cards of the suit make.
  std::array<std::array<Vec<std::uint16_t>, kMaxFlushWilds + 1>, 2> flush_fill;

  std::uint32_t slot(std::uint64_t key) const noexcept {
    return hash_slot(offsets.data(), static_cast<std::uint32_t>(key & kRankKeyMask));
  }
};

/// The compiled-in tables (views onto constant arrays; no work at run time).
using Tables = BasicTables<TableView>;
const Tables& tables();

/// The category of a strength in a ranking (None for 0).
inline Category category_of(std::uint32_t strength, Ranking r) {
  return tables().tier_category[static_cast<std::size_t>(r)][(strength >> kTierShift) & 15];
}

/// Bytes used by one ranking's tables (value + flush) and by the shared hash.
std::size_t ranking_table_bytes(Ranking r);
std::size_t shared_table_bytes();

}  // namespace splitpot
