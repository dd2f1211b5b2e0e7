// The rules of RULES.md section 1 as a slow, plain scoring function. Used only
// to build the tables; the hot path never calls it.
#pragma once

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>
#include <vector>

#include "splitpot/cards.hpp"
#include "splitpot/ranking.hpp"

namespace splitpot {

/// A hand's place in its ranking: tier (see ranking.hpp) then goodness, both
/// higher = better. tier < 0 means no qualifying low.
struct Score {
  int tier = -1;
  long goodness = 0;
  bool qualifies() const { return tier >= 0; }
  bool operator<(const Score& o) const { return std::tie(tier, goodness) < std::tie(o.tier, o.goodness); }
  bool operator==(const Score& o) const { return tier == o.tier && goodness == o.goodness; }
};

/// Scores 1..5 cards given by rank (0 = deuce .. 12 = ace); `flush` says the
/// five share a suit. Below five cards there are no straights or flushes.
inline Score score_hand(const std::vector<int>& ranks, bool flush, Ranking ranking) {
  const bool aces_low = ace_low(ranking);
  std::array<int, kRanks> count{};
  std::vector<int> values;  // rank value in this ranking: aces low map to 0
  for (const int r : ranks) {
    const int v = aces_low ? (r + 1) % kRanks : r;
    values.push_back(v);
    ++count[static_cast<std::size_t>(v)];
  }
  // Groups ordered by size, then by value, both descending.
  std::vector<std::pair<int, int>> groups;
  for (int v = kRanks - 1; v >= 0; --v)
    if (count[static_cast<std::size_t>(v)]) groups.emplace_back(count[static_cast<std::size_t>(v)], v);
  std::stable_sort(groups.begin(), groups.end(), [](auto a, auto b) { return a.first > b.first; });

  Category cat = Category::HighCard;
  const int top = groups[0].first;
  const int second = groups.size() > 1 ? groups[1].first : 0;
  if (top == 4) cat = Category::Quads;
  else if (top == 3 && second == 2) cat = Category::FullHouse;
  else if (top == 3) cat = Category::Trips;
  else if (top == 2 && second == 2) cat = Category::TwoPair;
  else if (top == 2) cat = Category::Pair;

  std::vector<int> digits;
  for (const auto& g : groups) digits.push_back(g.second);

  if (ranks.size() == 5 && groups.size() == 5 && straights_and_flushes_count(ranking)) {
    const int hi = groups.front().second, lo = groups.back().second;
    bool straight = hi - lo == 4;
    if (ranking == Ranking::High && !straight && hi == kAce && groups[1].second == 3) {
      straight = true;  // the wheel, five high
      digits = {3};
    } else if (straight) {
      digits = {hi};
    }
    if (straight) cat = flush ? Category::StraightFlush : Category::Straight;
    else if (flush) cat = Category::Flush;
  }

  if (ranking == Ranking::EightOrBetter &&
      (ranks.size() != 5 || groups.size() != 5 || groups.front().second > 7))
    return Score{};

  long tiebreak = 0;  // the digits (value + 1) in base 14, padded to five
  for (std::size_t i = 0; i < 5; ++i) tiebreak = tiebreak * 14 + (i < digits.size() ? digits[i] + 1 : 0);
  if (!is_low(ranking)) return Score{tier_of(cat, ranking), tiebreak};
  return Score{tier_of(cat, ranking), 537823 - tiebreak};  // 14^5 - 1: lower ranks are better
}

}  // namespace splitpot
