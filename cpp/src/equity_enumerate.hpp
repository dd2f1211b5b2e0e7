// Equity: exact enumeration, any number of players (the method: the top of
// equity.cpp).
// A part of equity.cpp, included by it alone (private: not installed): the
// parts compile as one unit, as before the split, so the compiler inlines
// the same calls into the inner loops (compiled apart, GCC's per-file limit
// on inline growth left settle() out of line in the enumerator's leaf loop).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "equity_completions.hpp"
#include "equity_pool.hpp"
#include "equity_showdown.hpp"
#include "equity_spot.hpp"
#include "splitpot/equity.hpp"

namespace splitpot {
namespace {

// ---------------------------------------------------------------- exact: enumeration

/// Throws unless an enumeration's weighted outcomes fit 64 bits (work leaves
/// at most, each of the heaviest weight at most; a player's win, tie and scoop
/// counts are at most these), and, as a first check before the lists are
/// built, unless a leaf loop's pot units plainly pass 64 bits (the bound that
/// holds is check_leaf_units', on the lists). Exact integers, saturating.
void check_weights(const Spot& s, std::uint64_t work) {
  std::uint64_t heaviest = 1;  // a leaf's range weight at most
  std::uint64_t widest = 1;    // a leaf loop's length at most
  for (const PlayerSpot& ps : s.p) {
    if (ps.hidden) heaviest = sat_mul(heaviest, *std::max_element(ps.weights.begin(), ps.weights.end()));
    widest = std::max(widest, completions(s, ps));
  }
  // A saturated count_outcomes (2^64 - 1) is refused too.
  if (sat_mul(work, heaviest) < kSaturated && sat_mul(sat_mul(widest, kShareUnits), heaviest) < kSaturated) return;
  if (heaviest == 1) {  // no weights: the outcomes themselves
    throw EquityOptionError(
        "exact enumeration would visit more than 18 billion billion outcomes (2^64 - 1, the most its "
        "counters hold); pass samples= for a Monte Carlo estimate, e.g. samples=1_000_000");
  }
  too_fine("enumeration");
}

/// Throws unless every leaf loop's pot units fit the 64 bits it adds them in
/// (PlayerCounts::share, banked after the loop): kShareUnits times the sum of
/// the leaf list's weights times the heaviest entry of each list above it,
/// read from the entries themselves (a positional wild card's placings
/// multiply a member's weight). One player: each leaf is banked alone.
void check_leaf_units(const std::vector<std::vector<Entry>>& lists, const std::vector<int>& order) {
  const std::size_t n = order.size();
  std::uint64_t bound = kShareUnits;
  for (std::size_t level = 0; level < n; ++level) {
    const bool leaf = level + 1 == n && n > 1;
    std::uint64_t w = 0;
    for (const Entry& e : lists[static_cast<std::size_t>(order[level])]) w = leaf ? sat_add(w, e.weight) : std::max(w, e.weight);
    bound = sat_mul(bound, w);
  }
  if (bound == kSaturated) too_fine("enumeration");
}

/// Moves the pot units a leaf loop added in 64 bits (PlayerCounts::share) to
/// their 128-bit sums. Out of line: the leaf loop keeps its registers (inlined,
/// it spilled one around the declared games' settle).
SPLITPOT_NOINLINE void bank_units(PlayerCounts* counts, u128* banked, int n) noexcept {
  for (int i = 0; i < n; ++i) {
    banked[i] += counts[i].share;
    counts[i].share = 0;
  }
}

template <class G>
EquityResult run_enumerate(const Spot& s, const EquityRequest& rq, Monitor& mon) {
  check_weights(s, count_outcomes(s));
  const int n = s.n;
  std::vector<std::vector<Entry>> lists(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) lists[static_cast<std::size_t>(i)] = list_completions<G>(s, i);
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return lists[static_cast<std::size_t>(a)].size() > lists[static_cast<std::size_t>(b)].size();
  });
  check_leaf_units(lists, order);
  const auto& outer = lists[static_cast<std::size_t>(order[0])];
  // This request's part: outer completions [row0, row1).
  const std::uint64_t row0 = part_bound(outer.size(), rq.part, rq.parts);
  const std::uint64_t row1 = part_bound(outer.size(), rq.part + 1, rq.parts);
  const std::uint64_t n_outer = row1 - row0;
  const std::uint64_t work = count_outcomes(s) / rq.parts;  // about this part's share
  const int threads = workers(rq.threads, work);
  // Chunks small enough to stop promptly: about 2 M leaves each.
  const std::uint64_t per_outer = std::max<std::uint64_t>(1, work / std::max<std::uint64_t>(1, n_outer));
  const std::uint64_t chunk_size = std::max<std::uint64_t>(1, std::min<std::uint64_t>(n_outer, 2'000'000 / per_outer));
  const std::uint64_t chunks = (n_outer + chunk_size - 1) / chunk_size;
  std::vector<std::vector<PlayerCounts>> local(static_cast<std::size_t>(threads),
                                               std::vector<PlayerCounts>(static_cast<std::size_t>(n)));
  // The pot's units in 128 bits: a leaf loop adds them in PlayerCounts::share
  // (64 bits, which check_leaf_units makes enough for one loop), banked here after it.
  std::vector<std::vector<u128>> units(static_cast<std::size_t>(threads),
                                       std::vector<u128>(static_cast<std::size_t>(n), 0));
  auto job = [&](std::uint64_t chunk, int id, const std::atomic<bool>& halt) {
    PlayerCounts* counts = local[static_cast<std::size_t>(id)].data();
    u128* banked = units[static_cast<std::size_t>(id)].data();
    auto bank = [&] { bank_units(counts, banked, n); };
    std::array<std::uint16_t, kEquityMaxPlayers> hi{}, lo{};
    auto inner = [&](auto& self, int level, std::uint64_t used, std::uint64_t w) -> void {
      const auto up = static_cast<std::size_t>(order[static_cast<std::size_t>(level)]);
      const auto& list = lists[up];
      if (level == n - 1) {
        for (const Entry& e : list) {
          if (e.mask & used) continue;
          hi[up] = e.hi;
          lo[up] = e.lo;
          settle<G>(s, hi.data(), lo.data(), n, counts, w * e.weight);
        }
        bank();
      } else {
        for (const Entry& e : list) {
          if (e.mask & used) continue;
          hi[up] = e.hi;
          lo[up] = e.lo;
          self(self, level + 1, used | e.mask, w * e.weight);
        }
      }
    };
    const std::uint64_t first = row0 + chunk * chunk_size;
    const std::uint64_t last = std::min(row1, first + chunk_size);
    const auto uo = static_cast<std::size_t>(order[0]);
    for (std::uint64_t r = first; r < last; ++r) {
      if (halt.load(std::memory_order_relaxed)) return;
      const Entry& e = outer[static_cast<std::size_t>(r)];
      hi[uo] = e.hi;
      lo[uo] = e.lo;
      if (n == 1) {
        settle<G>(s, hi.data(), lo.data(), n, counts, e.weight);
        bank();
      } else {
        inner(inner, 1, e.mask, e.weight);
      }
    }
  };
  auto done_units = [&](std::uint64_t d) { return d * chunk_size * per_outer; };
  const std::uint64_t claimed = mon.run(threads, 0, chunks, job, done_units, work);
  EquityResult result;
  result.exact = true;
  result.method = EquityMethod::Enumerate;
  result.players.assign(static_cast<std::size_t>(n), PlayerCounts{});
  std::vector<u128> pot(static_cast<std::size_t>(n), 0);
  for (int t = 0; t < threads; ++t) {
    for (int i = 0; i < n; ++i) {
      const auto ut = static_cast<std::size_t>(t), ui = static_cast<std::size_t>(i);
      add_counts(result.players[ui], local[ut][ui]);  // the shares all banked: 0
      pot[ui] += units[ut][ui];
    }
  }
  u128 total = 0;
  for (int i = 0; i < n; ++i) {
    PlayerCounts& c = result.players[static_cast<std::size_t>(i)];
    const u128 v = pot[static_cast<std::size_t>(i)];
    c.share = static_cast<std::uint64_t>(v);
    c.share_high = static_cast<std::uint64_t>(v >> 64);
    total += v;
  }
  if (claimed < chunks || !mon.tick(work, work, true)) {
    if (mon.stop == EquityStop::Complete) mon.stop = EquityStop::Stopped;
  }
  result.stop = mon.stop;
  // Outcomes: the weights of every leaf, each paying kShareUnits (below 2^64: check_weights).
  result.outcomes = div_128(total, kShareUnits);
  return result;
}

}  // namespace
}  // namespace splitpot
