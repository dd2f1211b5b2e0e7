// What each wild card of a played hand stands for, and the hand's cards in
// reading order: the display side of wild cards (docs/WILD_CARDS.md). The
// evaluator (wild.hpp) gives the strength and the five cards; this names them.
#pragma once

#include <cstdint>

#include "splitpot/select.hpp"
#include "splitpot/wild.hpp"

namespace splitpot {

constexpr int kZeroRank = -1;  ///< a wild card counted as a zero (below the ace, in a low)
constexpr int kNoSuit = -1;    ///< a stand-in named by its rank alone

/// One wild card (or the joker) and the card it stands for.
struct StandIn {
  std::uint8_t card = 0;
  std::int8_t rank = 0;        ///< 0 deuce .. 12 ace, or kZeroRank
  std::int8_t suit = kNoSuit;  ///< 0 clubs .. 3 spades, or kNoSuit
};

/// A played hand read for display.
struct ReadHand {
  std::uint16_t strength = 0;   ///< 0: no qualifying low or a dead hand (nothing else is set)
  std::uint8_t count = 0;       ///< cards played
  std::uint8_t cards[5] = {};   ///< reading order: bigger groups first, then from the top, zeros last
  std::int8_t values[5] = {};   ///< the rank each card plays as (wild cards resolved; kZeroRank)
  std::uint8_t stand_in_count = 0;
  StandIn stand_ins[5] = {};    ///< one per wild card played, in the order they are named
};

/// The cards `played` (best_five_wild's five, or fewer, making `strength`)
/// read: each wild card's stand-in (the rules of docs/WILD_CARDS.md: in a
/// straight the missing ranks from the top, in a flush the highest absent
/// ranks of the suit, otherwise the bug an ace and the other wild cards the
/// biggest group, from the top; in a low a zero, the lowest absent rank or the
/// first best rank) and the cards in reading order. A stand-in's suit is the
/// flush's where one is made, else the highest suit not held.
ReadHand read_played(const Played& played, Ranking r, const WildOptions& o);

/// best_five_wild(cards, n, r, o), read (checked like it: throws CardError).
ReadHand read_best_five_wild(const std::uint8_t* cards, int n, Ranking r, const WildOptions& o);

}  // namespace splitpot
