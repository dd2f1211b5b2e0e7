// Wild cards, the joker as the bug, and penalty cards (docs/rules.md, section 2;
// the exact meaning is docs/WILD_CARDS.md).
//
// Evaluation goes through tables: the natural cards' rank multiset and the
// number of wild cards index the best hand they make together, and per-suit
// rank masks with the number of wild cards the best (straight) flush; no
// search over substitutions. Strengths are on the same scale as natural
// hands of the ranking (higher is better; 0 = no qualifying low or a dead hand).
#pragma once

#include <cstddef>
#include <cstdint>

#include "splitpot/evaluate.hpp"
#include "splitpot/select.hpp"

namespace splitpot {

enum class JokerRule : std::uint8_t { Bug = 0, Wild = 1 };
enum class WildLow : std::uint8_t { Zero = 0, LowestAbsent = 1, BestRank = 2 };
enum class PenaltyRule : std::uint8_t { DeadHand = 0, VoidCard = 1 };

struct WildOptions {
  std::uint64_t wild = 0;  ///< card mask (bit = card 0..51) of fully wild cards
  JokerRule joker = JokerRule::Bug;
  WildLow wild_low = WildLow::Zero;
  bool duplicate = false;      ///< high: a wild card may repeat a held card in a flush
  std::uint64_t penalty = 0;   ///< card mask (bit 52 = the joker) of penalty cards
  PenaltyRule penalty_rule = PenaltyRule::DeadHand;
};

/// The wild-card mask of every card of the ranks set in a 13-bit mask: each
/// bit spread to its rank's four cards, without branches (suit_ranks inverted).
constexpr std::uint64_t wild_ranks_mask(unsigned ranks) noexcept {
  std::uint64_t y = ranks & 0x1FFFu;
  y = (y | (y << 24)) & 0x000000FF000000FFull;
  y = (y | (y << 12)) & 0x000F000F000F000Full;
  y = (y | (y << 6)) & 0x0303030303030303ull;
  y = (y | (y << 3)) & 0x1111111111111111ull;
  return y * 0xF;
}
static_assert(wild_ranks_mask(1) == 0xF, "deuces");
static_assert(wild_ranks_mask(1u << 12) == std::uint64_t{0xF} << 48, "aces");
static_assert(wild_ranks_mask(0x1FFF) == (std::uint64_t{1} << 52) - 1, "every rank");

/// No input check (cards 0..52 distinct; 1..7 of them; lows need 5..7 when
/// wild cards or the bug are present, else they score 0).
std::uint16_t evaluate_wild_unchecked(const std::uint8_t* cards, int n, Ranking r, const WildOptions& o) noexcept;

/// Checked: throws CardError (count, range, duplicates, a low of fewer than
/// five cards with wild cards).
std::uint16_t evaluate_wild(const std::uint8_t* cards, int n, Ranking r, const WildOptions& o);

/// The best hand and the five cards (wild cards included) that make it.
Played best_five_wild(const std::uint8_t* cards, int n, Ranking r, const WildOptions& o);

/// Batch: like evaluate_batch, with the joker (52) a card that plays as the
/// bug (no wild options): the natural pass gives its rows 0, and then only
/// those rows are evaluated again, a group at a time, with evaluate_wild's rule
/// (the same strength as evaluate_wild(row, k, r, WildOptions{})). A batch with
/// jokers costs the natural pass and its joker rows, not a wild-card pass.
/// Bad rows: a byte over 52, or (checked) a repeated card, the joker included.
std::ptrdiff_t evaluate_batch_bug(const std::uint8_t* cards, std::size_t rows, int k, Ranking r, std::uint32_t* out,
                                  bool check_duplicates, int threads, BatchKeys keys = BatchKeys::Auto);

/// Batch: like evaluate_batch, with wild options; `row_wild_ranks` (may be
/// null) gives each row its own 13-bit mask of wild ranks, added to o.wild.
/// `keys`: Auto checks for repeated cards eight rows at a time where the CPU
/// has AVX-512 (F/BW/VBMI); Scalar (or Avx2) checks them card by card, as
/// CPUs without it do (the C++ tests run both).
std::ptrdiff_t evaluate_batch_wild(const std::uint8_t* cards, std::size_t rows, int k, Ranking r, const WildOptions& o,
                                   const std::uint16_t* row_wild_ranks, std::uint32_t* out, bool check_duplicates,
                                   int threads, BatchKeys keys = BatchKeys::Auto);

}  // namespace splitpot
