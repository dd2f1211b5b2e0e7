// Rankings, categories and the layout of a strength.
//
// Contract: every evaluator returns a strength where HIGHER IS BETTER, in every
// ranking, lows included. Two hands of one ranking with equal strength tie.
// A strength is  tier << 12 | index, where the tier orders the categories of
// the ranking (best category = highest tier) and index (1..4095) orders hands
// within a category. 0 means "no qualifying low" (eight-or-better only).
#pragma once

#include <cstdint>

namespace splitpot {

enum class Ranking : std::uint8_t {
  High = 0,
  DeuceToSeven = 1,
  AceToSix = 2,
  AceToFive = 3,
  EightOrBetter = 4,
};
constexpr int kRankingCount = 5;

/// Poker categories, in high-hand order (index 1 = high card .. 10 = five of a kind).
enum class Category : std::uint8_t {
  None = 0,  // no qualifying low
  HighCard = 1,
  Pair = 2,
  TwoPair = 3,
  Trips = 4,
  Straight = 5,
  Flush = 6,
  FullHouse = 7,
  Quads = 8,
  StraightFlush = 9,
  FiveOfAKind = 10,
};

constexpr int kTierShift = 12;
constexpr std::uint16_t kNoLow = 0;

constexpr bool is_low(Ranking r) noexcept { return r != Ranking::High; }
constexpr bool ace_low(Ranking r) noexcept {
  return r == Ranking::AceToSix || r == Ranking::AceToFive || r == Ranking::EightOrBetter;
}
constexpr bool straights_and_flushes_count(Ranking r) noexcept {
  return r == Ranking::High || r == Ranking::DeuceToSeven || r == Ranking::AceToSix;
}

/// The tier a category has in a ranking: high hands rank categories upwards,
/// lows downwards (no pair is the best low).
constexpr int tier_of(Category c, Ranking r) noexcept {
  return is_low(r) ? 10 - static_cast<int>(c) : static_cast<int>(c);
}

/// The category of a strength in a ranking.
constexpr Category category_of(std::uint32_t strength, Ranking r) noexcept {
  if (strength == 0) return Category::None;
  const int tier = static_cast<int>(strength >> kTierShift);
  return static_cast<Category>(is_low(r) ? 10 - tier : tier);
}

/// Fewest and most cards a ranking evaluates.
constexpr int min_cards(Ranking r) noexcept { return r == Ranking::EightOrBetter ? 5 : 1; }

}  // namespace splitpot
