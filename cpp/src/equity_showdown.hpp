// Equity: scoring a final hand and settling an outcome, for every game run
// (Game): the inner loops call them once a hand and once an outcome.
// A part of equity.cpp, included by it alone (private: not installed): the
// parts compile as one unit, as before the split, so the compiler inlines
// the same calls into the inner loops (compiled apart, GCC's per-file limit
// on inline growth left settle() out of line in the enumerator's leaf loop).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "equity_spot.hpp"
#include "splitpot/equity.hpp"
#include "splitpot/evaluate.hpp"

namespace splitpot {
namespace {

// ---------------------------------------------------------------- scoring

template <bool H, bool L, Ranking LR, bool D = false, bool Q = false>
struct Game {
  static constexpr bool kHigh = H;
  static constexpr bool kLow = L;
  static constexpr Ranking kLowRanking = LR;
  static constexpr bool kDeclare = D;  // settled by the declarations (high-low games only)
  static constexpr bool kQualified = Q;  // a low below Spot::low_floor reads 0 (stud 8's other qualifiers)
};

/// Wild options of a hand with its own wild rank (-1: none).
WildOptions rank_wild(const Spot& s, int rank) {
  WildOptions o = s.wild;
  if (rank >= 0) o.wild |= wild_ranks_mask(1u << rank);
  return o;
}

/// Wild options of one hand: the spot's, plus in Mexican stud the hole card's rank.
WildOptions hand_wild(const Spot& s, int hole) {
  return rank_wild(s, s.game.mexican && hole >= 0 && hole < kDeckSize ? rank_of(hole) : -1);
}

/// Scores a final hand (n cards, its key and card mask).
template <class G>
inline void score(const Tables& t, const Spot& s, const WildOptions& o, std::uint64_t wild_cards,
                  const std::uint8_t* cards, int n, std::uint64_t key, std::uint64_t mask, std::uint16_t& hi,
                  std::uint16_t& lo) noexcept {
  if (s.any_wild && (mask & wild_cards)) SPLITPOT_UNLIKELY {
    if constexpr (G::kHigh) hi = evaluate_wild_unchecked(cards, n, Ranking::High, o);
    if constexpr (G::kLow) lo = evaluate_wild_unchecked(cards, n, G::kLowRanking, o);
  } else {
    if constexpr (G::kHigh) hi = evaluate_key<Ranking::High>(t, key, cards, n);
    if constexpr (G::kLow) lo = evaluate_key<G::kLowRanking>(t, key, cards, n);
  }
  if constexpr (G::kQualified) lo = lo >= s.low_floor ? lo : std::uint16_t{0};
}

/// Card mask of a hand including the joker (bit 52).
inline std::uint64_t mask_of(const std::uint8_t* cards, int n) noexcept {
  std::uint64_t m = 0;
  for (int i = 0; i < n; ++i) m |= card_bit(cards[i]);
  return m;
}

struct Splits {
  std::array<std::uint64_t, kEquityMaxPlayers + 1> part{};
  Splits() {
    for (int k = 1; k <= kEquityMaxPlayers; ++k) part[static_cast<std::size_t>(k)] = kShareUnits / static_cast<std::uint64_t>(k);
  }
};
const Splits kSplit;

/// The best strength among the seats in `among` (a bit set), strength 0 never
/// winning: the set of seats holding it (empty when none qualifies).
inline std::uint32_t best_of(const std::uint16_t* v, std::uint32_t among) noexcept {
  std::uint16_t top = 0;
  std::uint32_t winners = 0;
  for (std::uint32_t left = among; left; left &= left - 1) {
    const int i = bits::ctz(left);
    if (v[i] > top) {
      top = v[i];
      winners = 1u << i;
    } else if (v[i] == top && top > 0) {
      winners |= 1u << i;
    }
  }
  return winners;
}

// One outcome settled by the declarations, exactly as the engine's
// resolve_declared (engine/declare.py) splits a pot; the counts as the header
// says. A separate path: the cards-speak settle below pays nothing for it.
inline void settle_declared(const Spot& s, const std::uint16_t* hi, const std::uint16_t* lo, int n,
                            PlayerCounts* c, std::uint64_t w, std::uint64_t* won) noexcept {
  const std::uint32_t everyone = (1u << n) - 1u;
  std::uint32_t contenders = everyone;
  std::uint32_t highs = 0, lows = 0, kept_high = 0, kept_low = 0;
  for (;;) {
    highs = best_of(hi, contenders & s.high_side);
    lows = best_of(lo, contenders & s.low_side);
    std::uint32_t failed = 0;
    kept_high = kept_low = 0;
    for (std::uint32_t left = contenders & s.swings; left; left &= left - 1) {
      const std::uint32_t bit = left & (~left + 1u);
      const bool won_high = highs == bit, won_low = lows == bit;
      if (won_high && won_low) continue;
      if ((highs & bit) && (lows & bit) && s.tie_keeps_half && (won_high || won_low)) {
        (won_high ? kept_high : kept_low) |= bit;
      } else {
        failed |= bit;
      }
    }
    if (!failed) break;
    contenders &= ~failed;
  }
  std::array<std::uint64_t, kEquityMaxPlayers> units{};
  auto pay = [&](std::uint32_t seats, std::uint64_t amount, std::uint64_t PlayerCounts::*win,
                 std::uint64_t PlayerCounts::*tie) {
    const int k = bits::popcount(seats);
    const std::uint64_t each = amount / static_cast<std::uint64_t>(k);  // exact: kShareUnits / 2 = lcm(1..16)
    for (std::uint32_t left = seats; left; left &= left - 1) {
      const int i = bits::ctz(left);
      c[i].*(k == 1 ? win : tie) += w;
      units[static_cast<std::size_t>(i)] += each;
    }
  };
  if (!highs && !lows) {
    pay(everyone, kShareUnits, &PlayerCounts::high_tie, &PlayerCounts::high_tie);  // nobody won as declared
  } else if (!lows) {
    pay(highs, kShareUnits, &PlayerCounts::high_win, &PlayerCounts::high_tie);
  } else if (!highs) {
    pay(lows, kShareUnits, &PlayerCounts::low_win, &PlayerCounts::low_tie);
  } else {
    // A swing keeping the half he won outright leaves the tied half to the others.
    lows &= ~kept_high;
    highs &= ~kept_low;
    pay(highs, kShareUnits / 2, &PlayerCounts::high_win, &PlayerCounts::high_tie);
    pay(lows, kShareUnits / 2, &PlayerCounts::low_win, &PlayerCounts::low_tie);
  }
  if (won) std::copy(units.begin(), units.begin() + n, won);
  for (std::uint32_t left = highs | lows | (!highs && !lows ? everyone : 0u); left; left &= left - 1) {
    const int i = bits::ctz(left);  // the players paid
    const std::uint64_t u = units[static_cast<std::size_t>(i)];
    c[i].share += u * w;
    if (u == kShareUnits) c[i].scoop += w;
  }
}

// One outcome of weight w: who wins which side, added to the counts; won[i]
// (optional) receives player i's share units. Games with declarations
// (G::kDeclare, resolved at compile time) take settle_declared instead.
template <class G>
inline void settle(const Spot& s, const std::uint16_t* hi, const std::uint16_t* lo, int n, PlayerCounts* c,
                   std::uint64_t w, std::uint64_t* won = nullptr) noexcept {
  if constexpr (G::kDeclare) {
    settle_declared(s, hi, lo, n, c, w, won);
    return;
  }
  std::uint16_t best_hi = 0, best_lo = 0;
  int n_hi = 0, n_lo = 0, who_hi = 0, who_lo = 0;
  if constexpr (G::kHigh) {
    for (int i = 0; i < n; ++i) {
      if (hi[i] > best_hi) {
        best_hi = hi[i];
        n_hi = 1;
        who_hi = i;
      } else if (hi[i] == best_hi) {
        ++n_hi;
      }
    }
  }
  if constexpr (G::kLow) {
    for (int i = 0; i < n; ++i) {
      if (lo[i] > best_lo) {
        best_lo = lo[i];
        n_lo = 1;
        who_lo = i;
      } else if (lo[i] == best_lo) {
        ++n_lo;
      }
    }
  }
  if (won) std::fill(won, won + n, 0);
  // 0: nobody qualifies (or every hand is dead). A low-only game then splits
  // the pot among them all, as a high game does when every high is 0.
  const bool low_side = G::kLow && (best_lo > 0 || !G::kHigh);
  // Each side: its part of the pot to every best hand, a win alone or a tie.
  auto award = [&](const std::uint16_t* v, std::uint16_t best, int count, std::uint64_t PlayerCounts::*win,
                   std::uint64_t PlayerCounts::*tie, std::uint64_t part) {
    for (int i = 0; i < n; ++i) {
      if (v[i] != best) continue;
      c[i].*(count == 1 ? win : tie) += w;
      c[i].share += part * w;
      if (won) won[i] += part;
    }
  };
  if constexpr (G::kHigh) {
    const std::uint64_t whole = kSplit.part[static_cast<std::size_t>(n_hi)];
    award(hi, best_hi, n_hi, &PlayerCounts::high_win, &PlayerCounts::high_tie, low_side ? whole / 2 : whole);
  }
  if (low_side) {
    const std::uint64_t whole = kSplit.part[static_cast<std::size_t>(n_lo)];
    award(lo, best_lo, n_lo, &PlayerCounts::low_win, &PlayerCounts::low_tie, G::kHigh ? whole / 2 : whole);
  }
  if constexpr (G::kHigh) {
    if (n_hi == 1 && (!low_side || (n_lo == 1 && who_lo == who_hi))) c[who_hi].scoop += w;
  } else {
    if (n_lo == 1) c[who_lo].scoop += w;
  }
}

void add_counts(PlayerCounts& into, const PlayerCounts& from) {
  into.high_win += from.high_win;
  into.high_tie += from.high_tie;
  into.low_win += from.low_win;
  into.low_tie += from.low_tie;
  into.scoop += from.scoop;
  into.share += from.share;  // the pot's units: 128 bits in two halves, the carry too
  into.share_high += from.share_high + (into.share < from.share ? 1u : 0u);
}

}  // namespace
}  // namespace splitpot
