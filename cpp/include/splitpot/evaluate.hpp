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
  for (int i = 0; i < n; ++i)
    if (suit_of(cards[i]) == suit) mask |= 1u << rank_of(cards[i]);
  const auto ri = static_cast<std::size_t>(R);
  std::uint16_t best = t.flush[ri][mask];
  // A flush is the best high hand possible from seven cards or fewer (no quads
  // or full house fits beside it). For the lows, any five with an off-suit
  // card may be better: try them all (at most 20 subsets).
  if (R == Ranking::High || n == 5) return best;
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      for (int c = b + 1; c < n; ++c)
        for (int d = c + 1; d < n; ++d)
          for (int e = d + 1; e < n; ++e) {
            const std::uint8_t five[5] = {cards[a], cards[b], cards[c], cards[d], cards[e]};
            bool off_suit = false;
            for (const std::uint8_t card : five) off_suit |= suit_of(card) != suit;
            if (off_suit) {
              const std::uint16_t v = t.value[ri][t.slot(hand_key(t, five, 5))];
              if (v > best) best = v;
            }
          }
  return best;
}

}  // namespace detail

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

/// Evaluates `rows` hands of k (5..7) cards stored row-major in `cards`,
/// writing strengths to `out`. Every byte is range-checked (a non-card poisons
/// the key); with check_duplicates each row is also checked for repeated
/// cards. Returns the index of the first bad row, or -1 if all were valid
/// (rows after a bad one are still written). Splits across `threads`.
std::ptrdiff_t evaluate_batch(const std::uint8_t* cards, std::size_t rows, int k, Ranking r, std::uint32_t* out,
                              bool check_duplicates, int threads);

/// The text of a card ("As", "Td", "Jk"), for messages.
std::string card_text(int card);

}  // namespace splitpot
