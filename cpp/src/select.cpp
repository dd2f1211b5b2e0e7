#include "splitpot/select.hpp"

#include <algorithm>
#include <functional>
#include <array>

#include "splitpot/evaluate.hpp"

namespace splitpot {
namespace {

// Insertion sort for at most seven cards (std::sort on tiny arrays trips a
// GCC 12 -Warray-bounds false positive).
template <typename Before>
void sort_cards(std::uint8_t* a, int n, Before before) {
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && before(a[j], a[j - 1]); --j) std::swap(a[j], a[j - 1]);
}

std::uint16_t value_of_five(const Tables& t, std::uint64_t key, const std::uint8_t* five, Ranking r) {
  return with_ranking(r, [&](auto R) { return evaluate_key<R.value>(t, key, five, 5); });
}

// Finds five of the n cards whose value is `target` (the hand's strength): the
// fives are visited by the cards left out, their keys by subtraction.
Played select(const std::uint8_t* cards, int n, Ranking r, std::uint16_t target) {
  Played p;
  p.strength = target;
  if (target == kNoLow) return p;
  if (n <= 5) {
    p.count = static_cast<std::uint8_t>(n);
    std::copy(cards, cards + n, p.cards);
    order_cards(p, r);
    return p;
  }
  // Sorted high to low, fives that leave out the lowest cards come first: among
  // equal fives the one of higher cards (by suit) is played, whatever the input order.
  std::uint8_t sorted[kMaxCards];
  std::copy(cards, cards + n, sorted);
  sort_cards(sorted, n, std::greater<>());
  cards = sorted;
  const Tables& t = tables();
  const std::uint64_t key = hand_key(t, cards, n);
  auto take = [&](int out1, int out2) {
    std::uint8_t five[5];
    int m = 0;
    for (int i = 0; i < n; ++i)
      if (i != out1 && i != out2) five[m++] = cards[i];
    const std::uint64_t k = key - t.card_key[cards[out1]] - (out2 >= 0 ? t.card_key[cards[out2]] : 0);
    if (value_of_five(t, k, five, r) != target) return false;
    std::copy(five, five + 5, p.cards);
    p.count = 5;
    return true;
  };
  bool found = false;
  for (int i = n - 1; i >= 0 && !found; --i) {
    if (n == 6) found = take(i, -1);
    for (int j = i - 1; n == 7 && j >= 0 && !found; --j) found = take(i, j);
  }
  order_cards(p, r);
  return p;
}

}  // namespace

bool reads_as_wheel(std::uint16_t strength, Ranking r, bool ace, bool deuce) {
  const Category cat = category_of(strength, r);
  return ace && deuce && !ace_low(r) && (cat == Category::Straight || cat == Category::StraightFlush);
}

// Puts the played cards in reading order: bigger groups first, then by rank
// from the top as the ranking reads it (aces low where they are low); a
// straight's ace plays low when it makes the five-high straight.
void order_cards(Played& p, Ranking r) {
  const int n = p.count;
  auto value = [&](int card) { return ace_low(r) ? (rank_of(card) + 1) % kRanks : rank_of(card); };
  std::array<int, kRanks> count{};
  for (int i = 0; i < n; ++i) ++count[static_cast<std::size_t>(value(p.cards[i]))];
  bool has_ace = false, has_deuce = false;
  for (int i = 0; i < n; ++i) has_ace |= rank_of(p.cards[i]) == kAce, has_deuce |= rank_of(p.cards[i]) == 0;
  const bool wheel = reads_as_wheel(p.strength, r, has_ace, has_deuce);
  auto sort_value = [&](int card) { return wheel && rank_of(card) == kAce ? -1 : value(card); };
  auto before = [&](std::uint8_t a, std::uint8_t b) {
    const int ca = count[static_cast<std::size_t>(value(a))], cb = count[static_cast<std::size_t>(value(b))];
    if (ca != cb) return ca > cb;
    if (sort_value(a) != sort_value(b)) return sort_value(a) > sort_value(b);
    return a > b;
  };
  sort_cards(p.cards, n, before);
}

Played best_five(const std::uint8_t* cards, int n, Ranking r) {
  return select(cards, n, r, evaluate(cards, n, r));
}

HighLow high_low(const std::uint8_t* cards, int n, Ranking low) {
  if (n < 5) throw CardError("a high-low hand needs 5 to 7 cards, got " + std::to_string(n));
  if (low == Ranking::High) throw std::invalid_argument("the low ranking of high_low must be a low ranking");
  return {best_five(cards, n, Ranking::High), best_five(cards, n, low)};
}

}  // namespace splitpot
