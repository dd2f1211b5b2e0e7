// Equity: exact counting, two players, by inclusion-exclusion over the cards
// they share (the method: the top of equity.cpp).
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
#include <vector>

#include "equity_completions.hpp"
#include "equity_pool.hpp"
#include "equity_showdown.hpp"
#include "equity_spot.hpp"
#include "splitpot/equity.hpp"

namespace splitpot {
namespace {

// ---------------------------------------------------------------- exact: counting (two players)

/// A pair's class on one side (its high, or its low), from A's strength a and
/// B's b (0: no such hand, as no qualifying low or a dead hand): B has none
/// and A has; 0 < b < a; b = a > 0; b > a > 0; neither has; A has none and B
/// has. A class settles that side the same way in every pair of it, cards
/// speak or declared, so the pot of a pair is settled by its two classes.
constexpr int kSideClasses = 6;
/// A representative (a, b) of each class.
constexpr std::array<std::array<std::uint16_t, 2>, kSideClasses> kClassPair = {
    {{2, 0}, {2, 1}, {2, 2}, {2, 3}, {0, 0}, {0, 1}}};
/// The class of a pair where b is (0) zero with a > 0, (1) below a, (2) equal, (3) above: by whether a is 0.
constexpr std::array<std::array<std::size_t, 4>, 2> kClassOf = {{{0, 1, 2, 3}, {4, 4, 4, 5}}};
/// Weighted pairs by class: [high class][low class].
using Grid = std::array<std::array<i128, kSideClasses>, kSideClasses>;
/// The sweep's weighted pairs, [A's high is 0][A's low is 0][B's primary
/// cell][B's secondary cell], each cell (0) 0 with A's not, (1) below A's,
/// (2) equal, (3) above; read into a Grid once counted.
using Tally = std::array<i128, 2 * 2 * 4 * 4>;
constexpr std::size_t tally_at(bool hi0, bool lo0, std::size_t r, std::size_t c) noexcept {
  return ((static_cast<std::size_t>(hi0) * 2 + static_cast<std::size_t>(lo0)) * 4 + r) * 4 + c;
}

class Fenwick {
 public:
  explicit Fenwick(std::size_t n) : t_(n + 1, 0) {}
  void add(std::size_t i, std::int64_t w) noexcept {
    for (; i < t_.size(); i += i & (~i + 1)) t_[i] += w;
  }
  std::int64_t prefix(std::size_t i) const noexcept {  // sum over 1..i
    std::int64_t s = 0;
    for (; i > 0; i -= i & (~i + 1)) s += t_[i];
    return s;
  }

 private:
  std::vector<std::int64_t> t_;
};

/// Colex rank of a sorted subset: dense in [0, C(m, s)).
inline std::uint32_t colex(const std::uint8_t* sub, int s) noexcept {
  std::uint64_t r = 0;
  for (int i = 0; i < s; ++i) r += binom(sub[i], i + 1);
  return static_cast<std::uint32_t>(r);
}

/// Every s-subset of positions 0..k-1, as position lists.
std::vector<std::array<std::uint8_t, kMaxUnknown>> subsets(int k, int s) {
  std::vector<std::array<std::uint8_t, kMaxUnknown>> out;
  int idx[kMaxCards];
  for (int q = 0; q < s; ++q) idx[q] = q;
  do {
    std::array<std::uint8_t, kMaxUnknown> a{};
    for (int q = 0; q < s; ++q) a[static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(idx[q]);
    out.push_back(a);
  } while (s > 0 && next_combination(idx, k, s));
  return out;
}

/// Whether counting applies and its work (items handled), for the method choice.
std::uint64_t counting_work(const Spot& s) {
  if (s.n != 2 || s.community) return 0;
  const PlayerSpot& a = s.p[0];
  const PlayerSpot& b = s.p[1];
  const int ka = a.hidden + a.future, kb = b.hidden + b.future;
  if (ka > 5 || kb > 5) return 0;
  const std::uint64_t na = completions(s, a), nb = completions(s, b);
  if (na > kMaxEntries || nb > kMaxEntries) return 0;
  std::uint64_t work = 0;
  for (int q = 0; q <= std::min(ka, kb); ++q) {
    if (na * binom(ka, q) > kMaxLevelItems || nb * binom(kb, q) > kMaxLevelItems) return 0;
    work += na * binom(ka, q) + nb * binom(kb, q);
  }
  return work;
}

/// Each class of pairs settles the pot one way, cards speak or declared (the
/// enumerator's settle): a representative outcome of each class is settled
/// with the class's weight into `result`.
template <class G>
void settle_classes(const Spot& s, const Grid& grid, EquityResult& result) {
  // Each class settled with weight 1, scaled by its weight in 128 bits: the
  // weighted outcomes must each fit 64 bits, their pot units (times
  // kShareUnits) may pass it (share_high), as fine range weights make them.
  constexpr std::size_t kFields = 6;
  std::array<std::array<u128, kFields>, 2> wide{};
  u128 total = 0;
  const u128 most = static_cast<u128>(std::numeric_limits<std::uint64_t>::max());
  for (std::size_t h = 0; h < kSideClasses; ++h) {
    for (std::size_t l = 0; l < kSideClasses; ++l) {
      const i128 w = grid[h][l];
      if (w == 0) continue;
      if (w < 0) throw EquityOptionError("internal error: a class of pairs counted below zero");
      std::array<PlayerCounts, 2> one{};
      settle<G>(s, kClassPair[h].data(), kClassPair[l].data(), 2, one.data(), 1);
      const auto uw = static_cast<u128>(w);
      for (std::size_t i = 0; i < 2; ++i) {
        const PlayerCounts& c = one[i];
        const std::array<std::uint64_t, kFields> f = {c.high_win, c.high_tie, c.low_win, c.low_tie, c.scoop, c.share};
        for (std::size_t k = 0; k < kFields; ++k) wide[i][k] += static_cast<u128>(f[k]) * uw;
      }
      total += uw;
      if (total > most) {
        throw EquityOptionError(
            "the weighted outcomes pass 2^64 (the range weights' ratios times the deals): round the range "
            "weights to fewer digits, or pass samples= for an estimate");
      }
    }
  }
  for (std::size_t i = 0; i < 2; ++i) {
    PlayerCounts& c = result.players[i];
    c.high_win = static_cast<std::uint64_t>(wide[i][0]);
    c.high_tie = static_cast<std::uint64_t>(wide[i][1]);
    c.low_win = static_cast<std::uint64_t>(wide[i][2]);
    c.low_tie = static_cast<std::uint64_t>(wide[i][3]);
    c.scoop = static_cast<std::uint64_t>(wide[i][4]);
    c.share = static_cast<std::uint64_t>(wide[i][5]);
    c.share_high = static_cast<std::uint64_t>(wide[i][5] >> 64);
  }
  result.outcomes = static_cast<std::uint64_t>(total);
}

/// Throws unless the sweep's sums fit their counters: a bucket's B weights
/// are added in 64 bits (signed), the pairs' weights in 128 (signed, over
/// every level): A's and B's weights each sum below 2^63, and their product
/// times the buckets an (a, b) pair meets, the sum over q of C(ka, q) * C(kb, q),
/// below 2^126 (a level's pairs weigh at most sum_a * C(ka, q) * sum_b * C(kb, q)).
void check_count_weights(const std::vector<Entry>& A, const std::vector<Entry>& B, int ka, int kb) {
  std::uint64_t sum_a = 0, sum_b = 0;
  for (const Entry& e : A) sum_a = sat_add(sum_a, e.weight);
  for (const Entry& e : B) sum_b = sat_add(sum_b, e.weight);
  constexpr std::uint64_t kHalf = std::uint64_t{1} << 63;
  if (sum_a >= kHalf || sum_b >= kHalf) too_fine("count");
  std::uint64_t meets = 0;  // at most 252 (ka = kb = 5)
  for (int q = 0; q <= std::min(ka, kb); ++q) meets += binom(ka, q) * binom(kb, q);
  // sum_a * sum_b * meets < 2^126, in two halves: the product's high half below 2^62.
  const u128 p = static_cast<u128>(sum_a) * static_cast<u128>(sum_b);  // below 2^126
  const u128 low = static_cast<u128>(static_cast<std::uint64_t>(p)) * static_cast<u128>(meets);
  const u128 high = static_cast<u128>(static_cast<std::uint64_t>(p >> 64)) * static_cast<u128>(meets) + (low >> 64);
  if (high >> 62) too_fine("count");
}

template <class G>
EquityResult run_count(const Spot& s, const EquityRequest& rq, Monitor& mon) {
  std::vector<Entry> A = list_completions<G>(s, 0);
  std::vector<Entry> B = list_completions<G>(s, 1);
  const int ka = s.p[0].hidden + s.p[0].future, kb = s.p[1].hidden + s.p[1].future;
  check_count_weights(A, B, ka, kb);
  const int m = static_cast<int>(s.deck.size());
  // The sweep runs over the primary strength with a Fenwick tree over the
  // secondary (the one with fewer distinct values in B); one-sided games need
  // no tree.
  constexpr bool kTwo = G::kHigh && G::kLow;
  auto distinct = [&](bool high) {
    std::vector<std::uint16_t> v;
    v.reserve(B.size());
    for (const Entry& e : B) v.push_back(high ? e.hi : e.lo);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  bool primary_high = G::kHigh;
  std::vector<std::uint16_t> qv;
  if constexpr (kTwo) {
    std::vector<std::uint16_t> dh = distinct(true), dl = distinct(false);
    primary_high = dl.size() <= dh.size();
    qv = primary_high ? dl : dh;
  }
  auto P = [&](const Entry& e) { return primary_high ? e.hi : e.lo; };
  auto Q = [&](const Entry& e) { return primary_high ? e.lo : e.hi; };
  auto by_primary = [&](std::vector<Entry>& v) {
    std::stable_sort(v.begin(), v.end(), [&](const Entry& x, const Entry& y) { return P(x) < P(y); });
  };
  by_primary(A);
  by_primary(B);
  // The classes of a pair are read from A's side, on each axis: B's strength
  // 0 with A's not, below A's, equal, above (kClassOf by whether A's is 0).
  // Cards speak tells no zero apart (a 0 is only the lowest strength there):
  // it counts B's zeros below A's (class 1). The declared settle needs them
  // apart (a 0 never wins a side, whoever declared it): it cuts each axis once
  // more, at 0.
  constexpr bool kZeros = G::kDeclare;
  // The cuts of an axis: (0) at most 0, (1) below A's, (2) at most A's, (3) all.
  constexpr std::size_t kFrom = kZeros ? 0 : 1;  // the first cut made
  constexpr std::size_t kCuts = 4 - kFrom;
  // Secondary ranks: B's (1-based) and A's cuts (at most 0, below, at most).
  std::vector<std::uint32_t> qb(B.size()), qlt(A.size()), qle(A.size());
  std::vector<std::uint8_t> qz(kZeros ? A.size() : 0);
  if constexpr (kTwo) {
    for (std::size_t i = 0; i < B.size(); ++i)
      qb[i] = static_cast<std::uint32_t>(std::lower_bound(qv.begin(), qv.end(), Q(B[i])) - qv.begin()) + 1;
    for (std::size_t i = 0; i < A.size(); ++i) {
      qlt[i] = static_cast<std::uint32_t>(std::lower_bound(qv.begin(), qv.end(), Q(A[i])) - qv.begin());
      qle[i] = static_cast<std::uint32_t>(std::upper_bound(qv.begin(), qv.end(), Q(A[i])) - qv.begin());
      if constexpr (kZeros) qz[i] = Q(A[i]) > 0 && !qv.empty() && qv[0] == 0 ? 1 : 0;
    }
  }
  const int threads = std::min(rq.threads, kMaxThreads);
  std::vector<Tally> tallies(static_cast<std::size_t>(threads), Tally{});
  std::vector<Fenwick> trees;
  for (int i = 0; i < threads; ++i) trees.emplace_back(qv.size());
  // Per A completion of a bucket: B's weight at or below each primary cut
  // (rows) and each secondary cut (columns).
  using Cuts = std::array<std::array<std::int64_t, kCuts>, kCuts>;
  std::vector<std::vector<Cuts>> scratch(static_cast<std::size_t>(threads));

  const int top = std::min(ka, kb);
  std::uint64_t units_before = 0;
  std::uint64_t total_units = 0;
  for (int q = 0; q <= top; ++q) total_units += A.size() * binom(ka, q) + B.size() * binom(kb, q);
  for (int level = 0; level <= top && mon.stop == EquityStop::Complete; ++level) {
    const std::uint64_t n_buckets = binom(m, level);
    const auto subs_a = subsets(ka, level);
    const auto subs_b = subsets(kb, level);
    auto fill = [&](const std::vector<Entry>& v, const std::vector<std::array<std::uint8_t, kMaxUnknown>>& subs,
                    std::vector<std::uint32_t>& start, std::vector<std::uint32_t>& items) {
      start.assign(static_cast<std::size_t>(n_buckets) + 1, 0);
      std::uint8_t sub[kMaxUnknown];
      for (const Entry& e : v) {
        for (const auto& pos : subs) {
          for (int j = 0; j < level; ++j) sub[j] = e.idx[pos[static_cast<std::size_t>(j)]];
          ++start[colex(sub, level) + 1];
        }
      }
      for (std::size_t b = 0; b < n_buckets; ++b) start[b + 1] += start[b];
      items.assign(start.back(), 0);
      std::vector<std::uint32_t> at(start.begin(), start.end() - 1);
      for (std::size_t i = 0; i < v.size(); ++i) {
        for (const auto& pos : subs) {
          for (int j = 0; j < level; ++j) sub[j] = v[i].idx[pos[static_cast<std::size_t>(j)]];
          items[at[colex(sub, level)]++] = static_cast<std::uint32_t>(i);
        }
      }
    };
    std::vector<std::uint32_t> start_a, items_a, start_b, items_b;
    fill(A, subs_a, start_a, items_a);
    fill(B, subs_b, start_b, items_b);
    const i128 sign = (level % 2 == 0) ? 1 : -1;
    const std::uint64_t per_chunk = std::max<std::uint64_t>(1, n_buckets / std::max<std::uint64_t>(1, 64 * static_cast<std::uint64_t>(threads)));
    const std::uint64_t chunks = (n_buckets + per_chunk - 1) / per_chunk;
    auto job = [&](std::uint64_t chunk, int id, const std::atomic<bool>& halt) {
      Tally& tally = tallies[static_cast<std::size_t>(id)];
      Fenwick& tree = trees[static_cast<std::size_t>(id)];
      auto& tmp = scratch[static_cast<std::size_t>(id)];
      const std::uint64_t b_first = chunk * per_chunk;
      const std::uint64_t b_last = std::min(n_buckets, b_first + per_chunk);
      for (std::uint64_t bucket = b_first; bucket < b_last; ++bucket) {
        if ((bucket & 1023) == 0 && halt.load(std::memory_order_relaxed)) return;
        const std::uint32_t a0 = start_a[bucket], a1 = start_a[bucket + 1];
        const std::uint32_t b0 = start_b[bucket], b1 = start_b[bucket + 1];
        if (a0 == a1 || b0 == b1) continue;
        std::int64_t total_b = 0;
        for (std::uint32_t j = b0; j < b1; ++j) total_b += static_cast<std::int64_t>(B[items_b[j]].weight);
        std::uint32_t j = b0;
        std::int64_t below = 0, upto = 0;  // B weight with primary below / at most the current value
        if constexpr (!kTwo) {
          for (std::uint32_t i = a0; i < a1;) {
            const std::uint16_t v = P(A[items_a[i]]);
            while (j < b1 && P(B[items_b[j]]) < v) below += static_cast<std::int64_t>(B[items_b[j++]].weight);
            upto = below;
            while (j < b1 && P(B[items_b[j]]) == v) upto += static_cast<std::int64_t>(B[items_b[j++]].weight);
            // One side only (no declarations): the other is 0 in every hand (equal, A's 0).
            const std::size_t base = G::kHigh ? tally_at(v == 0, true, 0, 2) : tally_at(true, v == 0, 0, 2);
            for (; i < a1 && P(A[items_a[i]]) == v; ++i) {
              const i128 wa = sign * static_cast<i128>(A[items_a[i]].weight);
              tally[base + 4] += wa * below;  // primary cells 1, 2, 3
              tally[base + 8] += wa * (upto - below);
              tally[base + 12] += wa * (total_b - upto);
            }
            below = upto;
          }
        } else {
          tmp.resize(a1 - a0);
          // B's completions enter the tree while `keep` holds of their primary strength.
          auto insert_while = [&](auto keep, std::int64_t& inserted) {
            for (; j < b1 && keep(P(B[items_b[j]])); ++j) {
              const auto w = static_cast<std::int64_t>(B[items_b[j]].weight);
              tree.add(qb[items_b[j]], w);
              inserted += w;
            }
          };
          // The tree read at A's secondary cuts, the last the weight inserted.
          auto read = [&](std::uint32_t x, std::array<std::int64_t, kCuts>& row, std::int64_t inserted) {
            if constexpr (kZeros) row[0] = tree.prefix(qz[x]);
            row[1 - kFrom] = tree.prefix(qlt[x]);
            row[2 - kFrom] = tree.prefix(qle[x]);
            row[3 - kFrom] = inserted;
          };
          // A's completions [from, to) read the tree at primary cut `cut`.
          auto snapshot = [&](std::uint32_t from, std::uint32_t to, std::size_t cut, std::int64_t inserted) {
            for (std::uint32_t k = from; k < to; ++k) read(items_a[k], tmp[k - a0][cut - kFrom], inserted);
          };
          // Declared: B's primary zeros go in first; every A above 0 reads the
          // cut at 0 (unless there are none: then it is 0).
          bool zeros_done = false, zero_cut = false;
          for (std::uint32_t i = a0; i < a1;) {
            const std::uint16_t v = P(A[items_a[i]]);
            if constexpr (kZeros) {
              if (v > 0 && !zeros_done) {
                insert_while([](std::uint16_t p) { return p == 0; }, below);
                zeros_done = true;
                zero_cut = below > 0;  // only zeros are in the tree yet
                if (zero_cut) snapshot(i, a1, 0, below);
              }
            }
            insert_while([v](std::uint16_t p) { return p < v; }, below);
            std::uint32_t i_end = i;
            while (i_end < a1 && P(A[items_a[i_end]]) == v) ++i_end;
            snapshot(i, i_end, 1, below);
            upto = below;
            insert_while([v](std::uint16_t p) { return p == v; }, upto);
            snapshot(i, i_end, 2, upto);
            below = upto;
            i = i_end;
          }
          insert_while([](std::uint16_t) { return true; }, upto);
          for (std::uint32_t k = a0; k < a1; ++k) {
            const std::uint32_t x = items_a[k];
            const Entry& a = A[x];
            // A class is a cell's difference to the rows and columns before.
            Cuts& at = tmp[k - a0];
            if constexpr (kZeros) {
              if (!zero_cut || P(a) == 0) at[0] = {};  // not read (an A of 0 has no B below it)
            }
            read(x, at[kCuts - 1], total_b);
            const i128 wa = sign * static_cast<i128>(a.weight);
            for (std::size_t r = 0; r < kCuts; ++r) {
              for (std::size_t c = 0; c < kCuts; ++c) {
                const std::int64_t cell = at[r][c] - (r ? at[r - 1][c] : 0) - (c ? at[r][c - 1] : 0) +
                                          (r && c ? at[r - 1][c - 1] : 0);
                if (cell) tally[tally_at(a.hi == 0, a.lo == 0, r + kFrom, c + kFrom)] += wa * cell;
              }
            }
          }
          for (std::uint32_t k = b0; k < b1; ++k)
            tree.add(qb[items_b[k]], -static_cast<std::int64_t>(B[items_b[k]].weight));
        }
      }
    };
    const std::uint64_t level_units = A.size() * binom(ka, level) + B.size() * binom(kb, level);
    auto done_units = [&](std::uint64_t d) { return units_before + level_units * d / chunks; };
    const std::uint64_t claimed = mon.run(workers(threads, level_units * 8), 0, chunks, job, done_units, total_units);
    if (claimed < chunks && mon.stop == EquityStop::Complete) mon.stop = EquityStop::Stopped;
    units_before += level_units;
  }
  EquityResult result;
  result.exact = true;
  result.method = EquityMethod::Count;
  result.players.assign(2, PlayerCounts{});
  if (mon.stop == EquityStop::Complete) mon.tick(total_units, total_units, true);
  result.stop = mon.stop;
  if (result.stop != EquityStop::Complete) return result;
  // The tallies by class, primary and secondary to high and low.
  Grid grid{};
  for (const Tally& t : tallies) {
    for (std::size_t hi0 = 0; hi0 < 2; ++hi0) {
      for (std::size_t lo0 = 0; lo0 < 2; ++lo0) {
        const std::size_t p0 = primary_high ? hi0 : lo0, q0 = primary_high ? lo0 : hi0;
        for (std::size_t r = 0; r < 4; ++r) {
          for (std::size_t c = 0; c < 4; ++c) {
            const std::size_t cp = kClassOf[p0][r], cs = kClassOf[q0][c];
            (primary_high ? grid[cp][cs] : grid[cs][cp]) += t[tally_at(hi0 != 0, lo0 != 0, r, c)];
          }
        }
      }
    }
  }
  settle_classes<G>(s, grid, result);
  return result;
}

}  // namespace
}  // namespace splitpot
