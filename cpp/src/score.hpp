// The rules of docs/rules.md, sections 1-2, as a slow, plain scoring function. Used
// only to build the tables; the hot path never calls it.
#pragma once

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>

#include "splitpot/cards.hpp"
#include "splitpot/ranking.hpp"

namespace splitpot {

/// A hand's place in its ranking: `order` ranks the categories (higher =
/// better; -1 = no qualifying low), `goodness` orders hands within one.
struct Score {
  int order = -1;
  long goodness = 0;
  Category category = Category::None;
  bool qualifies() const { return order >= 0; }
  bool operator<(const Score& o) const { return std::tie(order, goodness) < std::tie(o.order, o.goodness); }
  bool operator==(const Score& o) const { return order == o.order && goodness == o.goodness; }
};

/// Up to five cards to score: natural ranks (0 = deuce .. 12 = ace, repeats
/// allowed up to five of a kind), `zeros` wild cards counted as zeros (low
/// rankings), and whether the five share a suit.
struct ScoreInput {
  std::array<int, 5> ranks{};
  int n = 0;
  int zeros = 0;
  bool flush = false;
  void add(int rank) { ranks[static_cast<std::size_t>(n++)] = rank; }
};

inline Score score_hand(const ScoreInput& in, Ranking ranking) {
  const bool aces_low = ace_low(ranking);
  std::array<int, kRanks> count{};
  for (int i = 0; i < in.n; ++i) {
    const int r = in.ranks[static_cast<std::size_t>(i)];
    ++count[static_cast<std::size_t>(aces_low ? (r + 1) % kRanks : r)];  // aces low -> value 0
  }
  // Groups by size, then value, both descending; zeros come last, alone.
  std::array<std::pair<int, int>, 5> groups{};
  int g = 0;
  for (int v = kRanks - 1; v >= 0; --v)
    if (count[static_cast<std::size_t>(v)]) groups[static_cast<std::size_t>(g++)] = {count[static_cast<std::size_t>(v)], v};
  std::stable_sort(groups.begin(), groups.begin() + g, [](auto a, auto b) { return a.first > b.first; });
  const int total = in.n + in.zeros;

  Category cat = Category::HighCard;
  const int top = g ? groups[0].first : 1;
  const int second = g > 1 ? groups[1].first : 0;
  if (top == 5) cat = Category::FiveOfAKind;
  else if (top == 4) cat = Category::Quads;
  else if (top == 3 && second == 2) cat = Category::FullHouse;
  else if (top == 3) cat = Category::Trips;
  else if (top == 2 && second == 2) cat = Category::TwoPair;
  else if (top == 2) cat = Category::Pair;

  std::array<int, 5> digits{};  // value + 1 of each group, zeros 0
  int nd = 0;
  for (int i = 0; i < g; ++i) digits[static_cast<std::size_t>(nd++)] = groups[static_cast<std::size_t>(i)].second + 1;
  for (int z = 0; z < in.zeros; ++z) digits[static_cast<std::size_t>(nd++)] = 0;

  if (total == 5 && in.zeros == 0 && straights_and_flushes_count(ranking) && cat != Category::FiveOfAKind) {
    bool straight = false;
    if (g == 5) {
      const int hi = groups[0].second, lo = groups[4].second;
      straight = hi - lo == 4;
      if (ranking == Ranking::High && !straight && hi == kAce && groups[1].second == 3) {
        straight = true;  // the wheel, five high
        digits = {4, 0, 0, 0, 0};
        nd = 1;
      } else if (straight) {
        digits = {hi + 1, 0, 0, 0, 0};
        nd = 1;
      }
    }
    if (straight) {
      cat = in.flush ? Category::StraightFlush : Category::Straight;
    } else if (in.flush && cat < Category::Flush) {
      // A flush (repeated ranks only with wild cards that may duplicate):
      // compared card by card from the top.
      cat = Category::Flush;
      std::array<int, 5> v{};
      for (int i = 0; i < 5; ++i) {
        const int r = in.ranks[static_cast<std::size_t>(i)];
        v[static_cast<std::size_t>(i)] = (aces_low ? (r + 1) % kRanks : r) + 1;
      }
      std::sort(v.begin(), v.end(), std::greater<int>());
      digits = v;
      nd = 5;
    }
  }

  if (ranking == Ranking::EightOrBetter) {
    const bool eight_low = total == 5 && top == 1 && (g == 0 || groups[0].second <= 7);
    if (!eight_low) return Score{};
  }

  long tiebreak = 0;  // the digits in base 14, padded to five
  for (std::size_t i = 0; i < 5; ++i) tiebreak = tiebreak * 14 + (static_cast<int>(i) < nd ? digits[i] : 0);
  const int cat_index = static_cast<int>(cat);
  if (!is_low(ranking)) return Score{cat_index, tiebreak, cat};
  return Score{10 - cat_index, 537823 - tiebreak, cat};  // 14^5 - 1: lower ranks are better
}

}  // namespace splitpot
