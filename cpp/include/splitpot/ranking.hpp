// Rankings, categories and the layout of a strength.
//
// Contract: every evaluator returns a strength where HIGHER IS BETTER, in every
// ranking, lows included. Two hands of one ranking with equal strength tie.
// A strength is  tier << 12 | index: the tier orders the categories of the
// ranking (best category = highest tier; a category with more than 4095 hands
// spans two tiers) and index (1..4095) orders hands within a tier; see
// category_of() in tables.hpp. 0 means "no qualifying low" or a dead hand.
#pragma once

#include <cstdint>
#include <type_traits>

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

/// Calls f(std::integral_constant<Ranking, R>{}) for the runtime ranking r: the
/// one place where a runtime ranking becomes a template argument.
template <typename F>
decltype(auto) with_ranking(Ranking r, F&& f) {
  switch (r) {
    case Ranking::DeuceToSeven: return f(std::integral_constant<Ranking, Ranking::DeuceToSeven>{});
    case Ranking::AceToSix: return f(std::integral_constant<Ranking, Ranking::AceToSix>{});
    case Ranking::AceToFive: return f(std::integral_constant<Ranking, Ranking::AceToFive>{});
    case Ranking::EightOrBetter: return f(std::integral_constant<Ranking, Ranking::EightOrBetter>{});
    case Ranking::High: break;
  }
  return f(std::integral_constant<Ranking, Ranking::High>{});
}

/// Fewest and most cards a ranking evaluates.
constexpr int min_cards(Ranking r) noexcept { return r == Ranking::EightOrBetter ? 5 : 1; }

}  // namespace splitpot
