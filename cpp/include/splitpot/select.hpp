// Best-five selection: which cards make the hand, in a natural reading order.
#pragma once

#include <cstdint>

#include "splitpot/ranking.hpp"

namespace splitpot {

struct Played {
  std::uint16_t strength = 0;  // 0: no qualifying low
  std::uint8_t count = 0;      // cards in `cards`: 5, fewer for short hands, 0 for no low
  std::uint8_t cards[5] = {};  // natural order: groups by size, then from the top
};

/// Whether a hand of this strength that plays an ace and a deuce is the wheel,
/// its ace read last (below the deuce): a straight where the ace is high.
bool reads_as_wheel(std::uint16_t strength, Ranking r, bool ace, bool deuce);

/// Puts the cards of a natural hand played (no wild card) in reading order:
/// bigger groups first, then by rank from the top as r reads it (the ace low
/// where it is low, or where it makes the five-high straight).
void order_cards(Played& p, Ranking r);

/// The best hand in ranking r from 1..7 cards, with the five cards played.
/// Checks the cards (throws CardError).
Played best_five(const std::uint8_t* cards, int n, Ranking r);

struct HighLow {
  Played high;
  Played low;
};

/// From one call, the best high and the best low (low ranking `low`), each
/// with its own five cards (they may share cards). 5..7 cards.
HighLow high_low(const std::uint8_t* cards, int n, Ranking low);

}  // namespace splitpot
