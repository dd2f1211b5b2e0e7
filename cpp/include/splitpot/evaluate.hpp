// Hand evaluation: high and every low ranking, 1..7 cards (best five of n).
//
// Contract: cards are bytes 0..51 (see cards.hpp), distinct; the result is a
// strength where higher is better in every ranking (see ranking.hpp), 0 for
// "no qualifying low". evaluate_unchecked() assumes valid input (checked by a
// debug-only assert); evaluate() checks it and throws CardError.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "splitpot/bits.hpp"
#include "splitpot/cards.hpp"
#include "splitpot/ranking.hpp"
#include "splitpot/tables.hpp"

namespace splitpot {

/// Invalid cards: unknown byte, duplicate, wrong count. Arrives in Python as
/// splitpot.errors.CardError.
class CardError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// The key of a hand (see tables.hpp): the sum of its cards' keys.
inline std::uint64_t hand_key(const Tables& t, const std::uint8_t* cards, int n) noexcept {
  std::uint64_t key = kKeyInit;
  for (int i = 0; i < n; ++i) key += t.card_key[cards[i]];
  return key;
}

/// A hand's cards as lanes (HandSum, the lows' rare path): per suit s, bits
/// kLaneBits * s + rank.
constexpr int kLaneBits = 16;
constexpr unsigned kLaneRanks = (1u << kRanks) - 1;

/// The suit a key's counters hold five or more of (the key has a flush bit set).
inline unsigned flush_suit_of(std::uint64_t key) noexcept {
  return static_cast<unsigned>(bits::ctz(static_cast<unsigned>((key & kFlushBits) >> kSuitShift))) / 4;
}

namespace detail {

// The lows' rare case (deuce-to-seven, ace-to-six), for a hand of 5..7 cards
// with five or more of one suit, given its key, its cards as lanes and `any`,
// the reading of its ranks ignoring suits (value[slot(key)]). A flush only
// makes a low worse, so `any` is the answer unless its five can only be
// played as a flush. high_card_ranks gives the five ranks of `any` (none
// where it is not a high-card hand): unless the suit holds all five and no
// other suit any of them, `any` is the answer (96 % of random seven-card
// hands with a flush; a best five that holds a pair holds two suits).
// Otherwise, and where `any` is not a high-card hand (the hand's five ranks
// make a straight: rare), the answer is the better of the best flush and the
// best five holding an off-suit card: the fives missing a suited card (one
// lookup each), or two. The common case is inline, the rest a call.
template <Ranking R>
SPLITPOT_NOINLINE std::uint16_t evaluate_low_flush_only(const Tables& t, std::uint64_t key, std::uint64_t lanes,
                                                        unsigned lane_shift) noexcept {
  constexpr auto ri = static_cast<std::size_t>(R);
  const auto suited = static_cast<unsigned>(lanes >> lane_shift) & kLaneRanks;
  std::uint16_t best = t.flush[ri][suited];
  if ((lanes & ~(std::uint64_t{kLaneRanks} << lane_shift)) == 0) return best;  // every five is suited
  const auto k = static_cast<int>((key >> (kSuitShift + 4 * (lane_shift / kLaneBits))) & 0xF) - 3;  // suited cards
  // Read with bounds: where the lanes do not agree with the key (cards repeated
  // in an unchecked HandSum, or a batch's row written by another thread while
  // it was read), a rank taken out may not be in the key, which then leaves
  // the tables; such a hand's value is not defined, but nothing is read outside.
  const auto& values = t.value[ri];
  auto value_of = [&](std::uint64_t k5) -> std::uint16_t {
    const auto rk = static_cast<std::uint32_t>(k5 & kRankKeyMask);
    if ((rk >> kHashRowShift) >= t.offsets.size()) return 0;
    const std::size_t slot = hash_slot(t.offsets.data(), rk);
    return slot < values.size() ? values[slot] : std::uint16_t{0};
  };
  for (unsigned a = suited; a; a &= a - 1) {
    const std::uint64_t without_a = key - kRankMultiplier[static_cast<std::size_t>(bits::ctz(a))];
    if (k == 5) {
      best = std::max(best, value_of(without_a));
    } else {  // six suited of seven
      for (unsigned b = a & (a - 1); b; b &= b - 1)
        best = std::max(best, value_of(without_a - kRankMultiplier[static_cast<std::size_t>(bits::ctz(b))]));
    }
  }
  return best;
}

// The strength comes back as 32 bits, zero-extended inside the rare path:
// returned as 16, GCC 12 zero-extends it where the paths join, in the hot
// loop of every caller that sums strengths (one instruction of 15 a hand on
// pre-built hands).
template <Ranking R>
inline std::uint32_t evaluate_low_flush(const Tables& t, std::uint64_t key, std::uint64_t lanes,
                                        std::uint16_t any) noexcept {
  static_assert(is_low(R) && straights_and_flushes_count(R));
  constexpr auto ri = static_cast<std::size_t>(R);
  constexpr std::uint64_t kEveryLane = 0x0001000100010001;
  // The suit from its counter, not a popcount (a library call or a dozen
  // instructions in the portable build).
  const unsigned lane_shift = flush_suit_of(key) * kLaneBits;
  const auto& ranks = t.high_card_ranks[ri];
  const std::uint64_t five =
      ranks[std::min<std::size_t>(static_cast<unsigned>(any - t.high_card_base[ri]), ranks.size() - 1)];
  if ((lanes & five * kEveryLane) != five << lane_shift) SPLITPOT_LIKELY return any;
  return std::uint32_t{evaluate_low_flush_only<R>(t, key, lanes, lane_shift)};
}

// The rare case: five or more cards of one suit where flushes count. Masked: the
// cards' ranks kept within the tables whatever the bytes (a batch's rows, which
// another thread may write while they are read; the value is then not defined).
template <Ranking R, bool Masked = false>
std::uint16_t evaluate_flush(const Tables& t, std::uint64_t key, const std::uint8_t* cards, int n) noexcept {
  constexpr int kRankMask = Masked ? 15 : -1;  // (-1: every bit, the rank as it is)
  if constexpr (R == Ranking::High) {
    // A flush is the best high hand possible from seven cards or fewer (no
    // quads or full house fits beside it): the suit's ranks, one lookup.
    const int suit = static_cast<int>(flush_suit_of(key));
    unsigned mask = 0;
    for (int i = 0; i < n; ++i)  // without branches: which cards are suited is random
      mask |= static_cast<unsigned>(suit_of(cards[i]) == suit) << (rank_of(cards[i]) & kRankMask);
    return t.flush[0][Masked ? mask & kLaneRanks : mask];
  } else if constexpr (!straights_and_flushes_count(R)) {
    return t.value[static_cast<std::size_t>(R)][t.slot(key)];  // suits never count
  } else {
    std::uint64_t lanes = 0;
    for (int i = 0; i < n; ++i)
      lanes |= std::uint64_t{1} << (kLaneBits * suit_of(cards[i]) + (rank_of(cards[i]) & kRankMask));
    return static_cast<std::uint16_t>(evaluate_low_flush<R>(t, key, lanes, t.value[static_cast<std::size_t>(R)][t.slot(key)]));
  }
}

}  // namespace detail

/// True when a partial hand's key could make a flush with one more card:
/// enumerations use it to skip the flush test for a whole innermost loop.
constexpr bool flush_possible_with_one_more(std::uint64_t key) noexcept {
  return ((key + (std::uint64_t{0x1111} << kSuitShift)) & kFlushBits) != 0;
}

/// The value of a key known to hold no flush (or in a ranking where flushes
/// don't count): one perfect-hash lookup.
template <Ranking R>
inline std::uint16_t evaluate_key_no_flush(const Tables& t, std::uint64_t key) noexcept {
  return t.value[static_cast<std::size_t>(R)][t.slot(key)];
}

/// The same for the rank key alone (the low 32 bits of a key), which an
/// enumeration can carry in a 32-bit register; holds the two table pointers so
/// that a loop keeps them in registers.
class RankKeyValues {
 public:
  RankKeyValues(const Tables& t, Ranking r) noexcept
      : value_(t.value[static_cast<std::size_t>(r)].data()), offsets_(t.offsets.data()) {}
  std::uint16_t operator()(std::uint32_t rank_key) const noexcept {
    return value_[hash_slot(offsets_, rank_key)];
  }

 private:
  const std::uint16_t* value_;
  const std::uint32_t* offsets_;
};

namespace detail {
// The rare case out of line, for evaluate_key. Inline, it kept every card
// byte of a caller's loop in a register for it (six moves a hand) and shared
// its table read with the ranks' one, so that the tables' addresses were
// reloaded for every hand; `pure` (it writes nothing) lets a caller's loop
// keep them in registers across the call.
template <Ranking R>
SPLITPOT_COLD_PURE_NOINLINE std::uint16_t evaluate_flush_out_of_line(const Tables& t, std::uint64_t key,
                                                                                 const std::uint8_t* cards,
                                                                                 int n) noexcept {
  return evaluate_flush<R>(t, key, cards, n);
}
}  // namespace detail

/// Evaluates n (1..7) valid, distinct cards given the hand's key.
template <Ranking R>
inline std::uint16_t evaluate_key(const Tables& t, std::uint64_t key, const std::uint8_t* cards, int n) noexcept {
  const RankKeyValues ranks(t, R);  // the tables' addresses read before the branch
  if constexpr (straights_and_flushes_count(R)) {
    if (key & kFlushBits) SPLITPOT_UNLIKELY
      return detail::evaluate_flush_out_of_line<R>(t, key, cards, n);
  }
  return ranks(static_cast<std::uint32_t>(key & kRankKeyMask));
}

template <Ranking R>
inline std::uint16_t evaluate_unchecked(const Tables& t, const std::uint8_t* cards, int n) noexcept {
#ifndef NDEBUG
  std::uint64_t seen = 0;
  for (int i = 0; i < n; ++i) {
    assert(cards[i] < kDeckSize && !(seen & card_bit(cards[i])));
    seen |= card_bit(cards[i]);
  }
  assert(n >= 1 && n <= kMaxCards);
#endif
  return evaluate_key<R>(t, hand_key(t, cards, n), cards, n);
}

/// Runtime dispatch on the ranking, no input check.
std::uint16_t evaluate_unchecked(const std::uint8_t* cards, int n, Ranking r) noexcept;

/// Throws CardError naming the problem: card count for the ranking, a byte
/// that is not a card (the joker needs a wild-card rule), a duplicate.
void check_cards(const std::uint8_t* cards, int n, Ranking r);

/// Checked single-hand evaluation.
std::uint16_t evaluate(const std::uint8_t* cards, int n, Ranking r);

/// How evaluate_batch makes the hands' keys: Auto, the widest way this CPU
/// has (x86-64: eight hands at a time with AVX-512 F/BW/VBMI, else four with
/// AVX2), else card by card; Scalar, card by card everywhere; Avx2, AVX2 at
/// most (AVX-512 machines' way to run the AVX2 path). The C++ tests compare
/// them on every hand.
enum class BatchKeys : std::uint8_t { Auto, Scalar, Avx2 };

/// What evaluate_batch uses for `keys` on this machine: "AVX-512", "AVX2" or "scalar".
const char* batch_keys_used(BatchKeys keys = BatchKeys::Auto) noexcept;

/// Evaluates `rows` hands of k (5..7) cards stored row-major in `cards`,
/// writing strengths to `out`. Every byte is range-checked (a non-card poisons
/// the key); with check_duplicates each row is also checked for repeated
/// cards. Returns the index of the first bad row, or -1 if all were valid
/// (rows after a bad one are still written, 0 for a row with a non-card).
/// Splits across `threads`.
std::ptrdiff_t evaluate_batch(const std::uint8_t* cards, std::size_t rows, int k, Ranking r, std::uint32_t* out,
                              bool check_duplicates, int threads, BatchKeys keys = BatchKeys::Auto);

/// The text of a card ("As", "Td", "Jk"), for messages.
std::string card_text(int card);

}  // namespace splitpot
