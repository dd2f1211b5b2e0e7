// Equity: a player's completions, every way his hidden and future cards can
// fall, each scored once into an Entry: the lists the exact methods walk.
// A part of equity.cpp, included by it alone (private: not installed): the
// parts compile as one unit, as before the split, so the compiler inlines
// the same calls into the inner loops (compiled apart, GCC's per-file limit
// on inline growth left settle() out of line in the enumerator's leaf loop).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "equity_showdown.hpp"
#include "equity_spot.hpp"
#include "splitpot/evaluate.hpp"

namespace splitpot {
namespace {

// ---------------------------------------------------------------- completions

constexpr int kMaxUnknown = kMaxCards;
constexpr std::size_t kMaxEntries = std::size_t{1} << 22;  // per player (32 bytes each)
constexpr std::uint64_t kMaxLevelItems = 32'000'000;       // counting: a side's items at one level (4 bytes each)

struct Entry {
  std::uint64_t mask;    // card mask of the hidden and future cards
  std::uint64_t weight;  // the member's weight
  std::uint16_t hi;
  std::uint16_t lo;
  std::uint8_t count;                       // unknown cards
  std::array<std::uint8_t, kMaxUnknown> idx;  // their deck indices, ascending
};

bool next_combination(int* idx, int m, int k) {
  int i = k - 1;
  while (i >= 0 && idx[i] == m - k + i) --i;
  if (i < 0) return false;
  ++idx[i];
  for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  return true;
}

/// A player's completions; throws when there are more than an exact run lists.
std::uint64_t check_entries(const Spot& s, int player) {
  const std::uint64_t count = completions(s, s.p[static_cast<std::size_t>(player)]);
  if (count > kMaxEntries) {
    throw EquityOptionError("hands[" + std::to_string(player) + "] has " + with_commas(count) +
                            " possible completions, more than an exact run lists (" + with_commas(kMaxEntries) +
                            "); pass samples= for a Monte Carlo estimate, e.g. samples=1_000_000");
  }
  return count;
}

template <class G>
std::vector<Entry> list_completions(const Spot& s, int player) {
  const Tables& t = tables();
  const PlayerSpot& ps = s.p[static_cast<std::size_t>(player)];
  const std::uint64_t count = check_entries(s, player);
  std::vector<Entry> out;
  out.reserve(static_cast<std::size_t>(count));
  const int m = static_cast<int>(s.deck.size());
  const int members = members_of(ps);
  const auto hid = static_cast<std::size_t>(ps.hidden);
  std::array<std::uint8_t, kMaxCards> cards = ps.known;
  std::vector<int> free_idx;
  free_idx.reserve(static_cast<std::size_t>(m));
  for (int j = 0; j < members; ++j) {
    const auto uj = static_cast<std::size_t>(j);
    std::uint64_t member_mask = 0;
    std::array<std::uint8_t, kMaxUnknown> member_idx{};
    for (std::size_t h = 0; h < hid; ++h) {
      const std::uint8_t c = ps.members[uj * hid + h];
      cards[static_cast<std::size_t>(ps.n_known) + h] = c;
      member_mask |= card_bit(c);
      member_idx[h] = static_cast<std::uint8_t>(s.deck_index[c]);
    }
    const int hole = ps.hole_in_member ? ps.members[uj * hid] : (ps.n_known > 0 ? ps.known[0] : -1);
    const WildOptions o = hand_wild(s, hole);
    const std::uint64_t wild_cards = o.wild | s.path_cards;
    free_idx.clear();
    for (int d = 0; d < m; ++d)
      if (!(member_mask & card_bit(s.deck[static_cast<std::size_t>(d)]))) free_idx.push_back(d);
    const int f = ps.future;
    const auto nf = static_cast<int>(free_idx.size());
    int idx[kMaxCards];
    for (int q = 0; q < f; ++q) idx[q] = q;
    const int base = ps.n_known + ps.hidden;
    const std::uint64_t known_mask = mask_of(ps.known.data(), ps.n_known);
    do {
      Entry e{};
      e.mask = member_mask;
      e.weight = hid ? ps.weights[uj] : 1;
      e.count = static_cast<std::uint8_t>(ps.hidden + f);
      std::array<std::uint8_t, kMaxUnknown> all = member_idx;
      for (int q = 0; q < f; ++q) {
        const int d = free_idx[static_cast<std::size_t>(idx[q])];
        const std::uint8_t c = s.deck[static_cast<std::size_t>(d)];
        cards[static_cast<std::size_t>(base + q)] = c;
        e.mask |= card_bit(c);
        all[hid + static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(d);
      }
      for (int x = 1; x < e.count; ++x) {  // insertion sort (at most 7)
        const std::uint8_t v = all[static_cast<std::size_t>(x)];
        int y = x - 1;
        for (; y >= 0 && all[static_cast<std::size_t>(y)] > v; --y) all[static_cast<std::size_t>(y + 1)] = all[static_cast<std::size_t>(y)];
        all[static_cast<std::size_t>(y + 1)] = v;
      }
      e.idx = all;
      const std::uint64_t key = hand_key(t, cards.data(), s.game.size);
      if (s.positional == PositionalRule::None) {
        score<G>(t, s, o, wild_cards, cards.data(), s.game.size, key, e.mask | known_mask, e.hi, e.lo);
        out.push_back(e);
        continue;
      }
      // Positional wild cards: every placing of the hidden cards and the
      // cards to come on the places the rule reads among them (their order
      // is unknown), an entry per rank the placings make wild, weighted by
      // how many make it (a completion's weights add up to placings(): the
      // same for every completion).
      std::array<std::uint64_t, 14> ways{};  // by rank + 1 (0: no wild rank)
      std::array<std::uint8_t, kMaxCards> placed = cards;
      // `used`: the cards already placed, by index into the hand's cards.
      auto place = [&](auto& self, int j, unsigned used) -> void {
        if (j == ps.n_named || ps.order_free) {  // (order_free: the cards as they lie name the rank)
          ++ways[static_cast<std::size_t>(positional_rank(s, ps, placed.data()) + 1)];
          return;
        }
        const int at = ps.named[static_cast<std::size_t>(j)];
        if (at < ps.n_known) return self(self, j + 1, used);  // a known card
        // The pool it comes from: the hidden cards, or the cards to come.
        const int first = at >= base ? base : ps.n_known, last = at >= base ? base + f : base;
        for (int x = first; x < last; ++x) {
          if ((used >> x) & 1u) continue;
          placed[static_cast<std::size_t>(at)] = cards[static_cast<std::size_t>(x)];
          self(self, j + 1, used | 1u << x);
        }
      };
      place(place, 0, 0u);
      for (std::size_t r = 0; r < ways.size(); ++r) {
        if (!ways[r]) continue;
        const WildOptions own = rank_wild(s, static_cast<int>(r) - 1);
        Entry er = e;
        if (bits::mul_overflow(e.weight, ways[r], &er.weight)) too_fine("run");  // (C++ weights near 2^64)
        score<G>(t, s, own, own.wild | s.path_cards, cards.data(), s.game.size, key, e.mask | known_mask, er.hi, er.lo);
        out.push_back(er);
      }
    } while (f > 0 && next_combination(idx, nf, f));
  }
  return out;
}

}  // namespace
}  // namespace splitpot
