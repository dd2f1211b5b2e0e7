// Hand evaluation: high and every low ranking, 1..7 cards (best five of n).
//
// Contract: cards are bytes 0..51 (see cards.hpp), distinct; the result is a
// strength where higher is better in every ranking (see ranking.hpp), 0 for
// "no qualifying low". evaluate_unchecked() assumes valid input (checked by a
// debug-only assert); evaluate() checks it and throws CardError.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

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

namespace detail {

// The rare case: five or more cards of one suit where flushes count.
template <Ranking R>
std::uint16_t evaluate_flush(const Tables& t, std::uint64_t key, const std::uint8_t* cards, int n) noexcept {
  const auto counters = static_cast<unsigned>((key & kFlushBits) >> kSuitShift);
  const int suit = __builtin_ctz(counters) / 4;
  unsigned mask = 0;
  std::uint64_t suited_key = 0;
  for (int i = 0; i < n; ++i) {  // without branches: which cards are suited is random
    const auto suited = static_cast<unsigned>(suit_of(cards[i]) == suit);
    mask |= suited << rank_of(cards[i]);
    suited_key += t.card_key[cards[i]] & (std::uint64_t{0} - suited);
  }
  const auto ri = static_cast<std::size_t>(R);
  const std::uint16_t flush = t.flush[ri][mask];
  // A flush is the best high hand possible from seven cards or fewer (no quads
  // or full house fits beside it).
  if (R == Ranking::High || n == 5) return flush;
  // Lows: the best reading of the ranks, ignoring suits, is real unless it is
  // the suited five itself; then try every five with an off-suit card.
  const std::uint16_t any = t.value[ri][t.slot(key)];
  if (popcount(mask) == 5 && any != t.value[ri][t.slot(suited_key)]) return any > flush ? any : flush;
  std::uint16_t best = flush;
  const int off_suit = n - popcount(mask);  // cards of other suits
  auto is_off = [&](int i) { return suit_of(cards[i]) != suit ? 1 : 0; };
  auto consider = [&](std::uint64_t five_key) {
    const std::uint16_t v = t.value[ri][t.slot(five_key)];
    if (v > best) best = v;
  };
  if (n == 6) {
    for (int i = 0; i < 6; ++i)  // the five left when card i is out
      if (off_suit - is_off(i) > 0) consider(key - t.card_key[cards[i]]);
  } else {
    for (int i = 0; i < 7; ++i)  // the five left when cards i and j are out
      for (int j = i + 1; j < 7; ++j)
        if (off_suit - is_off(i) - is_off(j) > 0) consider(key - t.card_key[cards[i]] - t.card_key[cards[j]]);
  }
  return best;
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
    return value_[(rank_key & kHashColMask) + 2u * offsets_[rank_key >> kHashRowShift]];
  }

 private:
  const std::uint16_t* value_;
  const std::uint16_t* offsets_;
};

/// Evaluates n (1..7) valid, distinct cards given the hand's key.
template <Ranking R>
inline std::uint16_t evaluate_key(const Tables& t, std::uint64_t key, const std::uint8_t* cards, int n) noexcept {
  if constexpr (straights_and_flushes_count(R)) {
    if (key & kFlushBits) [[unlikely]]
      return detail::evaluate_flush<R>(t, key, cards, n);
  }
  return t.value[static_cast<std::size_t>(R)][t.slot(key)];
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

/// How evaluate_batch makes the hands' keys: Auto, four hands at a time with
/// AVX2 where the CPU has it (x86-64; see batch_avx2_keys), else card by card;
/// Scalar, card by card everywhere (the C++ tests compare the two).
enum class BatchKeys : std::uint8_t { Auto, Scalar };

/// True when evaluate_batch's Auto keys use AVX2 on this machine.
bool batch_avx2_keys() noexcept;

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
