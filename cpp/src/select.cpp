#include "splitpot/select.hpp"

#include <algorithm>
#include <array>

#include "splitpot/evaluate.hpp"

namespace splitpot {
namespace {

// Puts the played cards in reading order: bigger groups first, then by rank
// from the top as the ranking reads it (aces low where they are low); a
// straight's ace plays low when it makes the five-high straight.
void order_cards(Played& p, Ranking r) {
  const int n = p.count;
  auto value = [&](int card) { return ace_low(r) ? (rank_of(card) + 1) % kRanks : rank_of(card); };
  std::array<int, kRanks> count{};
  for (int i = 0; i < n; ++i) ++count[static_cast<std::size_t>(value(p.cards[i]))];
  const Category cat = category_of(p.strength, r);
  bool wheel = false;
  if (!ace_low(r) && (cat == Category::Straight || cat == Category::StraightFlush)) {
    bool has_ace = false, has_deuce = false;
    for (int i = 0; i < n; ++i) has_ace |= rank_of(p.cards[i]) == kAce, has_deuce |= rank_of(p.cards[i]) == 0;
    wheel = has_ace && has_deuce;
  }
  auto sort_value = [&](int card) { return wheel && rank_of(card) == kAce ? -1 : value(card); };
  auto before = [&](std::uint8_t a, std::uint8_t b) {
    const int ca = count[static_cast<std::size_t>(value(a))], cb = count[static_cast<std::size_t>(value(b))];
    if (ca != cb) return ca > cb;
    if (sort_value(a) != sort_value(b)) return sort_value(a) > sort_value(b);
    return a > b;
  };
  for (int i = 1; i < n; ++i)  // insertion sort: at most five cards
    for (int j = i; j > 0 && before(p.cards[j], p.cards[j - 1]); --j) std::swap(p.cards[j], p.cards[j - 1]);
}

Played select(const std::uint8_t* cards, int n, Ranking r, std::uint16_t target) {
  Played p;
  p.strength = target;
  if (target == kNoLow) return p;
  if (n <= 5) {
    p.count = static_cast<std::uint8_t>(n);
    std::copy(cards, cards + n, p.cards);
  } else {
    bool found = false;
    for (int a = 0; a < n && !found; ++a)
      for (int b = a + 1; b < n && !found; ++b)
        for (int c = b + 1; c < n && !found; ++c)
          for (int d = c + 1; d < n && !found; ++d)
            for (int e = d + 1; e < n && !found; ++e) {
              const std::uint8_t five[5] = {cards[a], cards[b], cards[c], cards[d], cards[e]};
              if (evaluate_unchecked(five, 5, r) == target) {
                std::copy(five, five + 5, p.cards);
                p.count = 5;
                found = true;
              }
            }
  }
  order_cards(p, r);
  return p;
}

}  // namespace

Played best_five(const std::uint8_t* cards, int n, Ranking r) {
  return select(cards, n, r, evaluate(cards, n, r));
}

HighLow high_low(const std::uint8_t* cards, int n, Ranking low) {
  if (n < 5) throw CardError("a high-low hand needs 5 to 7 cards, got " + std::to_string(n));
  if (low == Ranking::High) throw std::invalid_argument("the low ranking of high_low must be a low ranking");
  return {best_five(cards, n, Ranking::High), best_five(cards, n, low)};
}

}  // namespace splitpot
