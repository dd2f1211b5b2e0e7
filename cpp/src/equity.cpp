// Equity: validation, the players' completions, exact counting (heads-up),
// exact enumeration (the reference), Monte Carlo, and the worker pool that
// runs them while the calling thread polls for signals (see equity.hpp).
//
// A player's *completions* are every way his hidden and future cards can
// fall: for each member of his range (one empty member without a range),
// every set of future cards from the deck left. Each is scored once into an
// Entry (its cards, weight and strengths).
//
// Enumeration: the player with the most completions is the outer loop (split
// across workers in chunks); the inner loops walk the other players' lists,
// skipping completions that share a card with those already dealt. A leaf is
// a mask test and a comparison of strengths.
//
// Counting (two players A and B): the pairs (a, b) that share no card are
//   sum over card sets S of (-1)^|S| * #{(a, b) : S is in a and in b}
// (inclusion-exclusion over the shared cards; S up to the smaller number of
// unknown cards). For each S the completions holding S form a bucket; within
// a bucket the pairs are classified (B's high below, equal to or above A's,
// and the same for the low; with declarations also whether each strength is
// 0, no such hand) by sweeping both sides in order of one strength with a
// Fenwick tree over the other. Each class of pairs settles the pot the same
// way, cards speak or declared, so a weighted count per class (at most 36)
// gives every player's figures.

#include "splitpot/equity.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <numeric>
#include <string>
#include <thread>

#include "splitpot/evaluate.hpp"

// The parts of this unit, in the order each builds on the ones before.
#include "equity_spot.hpp"
#include "equity_showdown.hpp"
#include "equity_pool.hpp"
#include "equity_completions.hpp"
#include "equity_enumerate.hpp"

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
  u128 total = 0;
  for (std::size_t h = 0; h < kSideClasses; ++h) {
    for (std::size_t l = 0; l < kSideClasses; ++l) {
      const i128 w = grid[h][l];
      if (w == 0) continue;
      if (w < 0 || w > static_cast<i128>(std::numeric_limits<std::uint64_t>::max() / kShareUnits)) {
        throw EquityOptionError("the weighted outcomes overflow the counters; use smaller range weights");
      }
      settle<G>(s, kClassPair[h].data(), kClassPair[l].data(), 2, result.players.data(), static_cast<std::uint64_t>(w));
      total += static_cast<u128>(w);
    }
  }
  result.outcomes = static_cast<std::uint64_t>(total);
}

template <class G>
EquityResult run_count(const Spot& s, const EquityRequest& rq, Monitor& mon) {
  std::vector<Entry> A = list_completions<G>(s, 0);
  std::vector<Entry> B = list_completions<G>(s, 1);
  const int ka = s.p[0].hidden + s.p[0].future, kb = s.p[1].hidden + s.p[1].future;
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

// ---------------------------------------------------------------- Monte Carlo

std::uint64_t splitmix(std::uint64_t& x) noexcept {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// xoshiro256**, one generator per block, seeded from (seed, block).
class Rng {
 public:
  Rng(std::uint64_t seed, std::uint64_t block) noexcept {
    std::uint64_t x = seed;
    const std::uint64_t mixed = splitmix(x) ^ (block * 0xD1B54A32D192ED03ull);
    x = mixed;
    for (auto& w : s_) w = splitmix(x);
  }
  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// Uniform in [0, bound) (bias below bound / 2^32).
  std::uint32_t below(std::uint32_t bound) noexcept {
    return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32);
  }
  /// Uniform in [0, bound) for a 64-bit bound (bias below bound / 2^64).
  std::uint64_t below64(std::uint64_t bound) noexcept {
    return static_cast<std::uint64_t>((static_cast<u128>(next()) * bound) >> 64);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

constexpr std::uint64_t kMaxRejections = 1'000'000;  // in a row: the ranges (almost) never fit together

template <class G>
EquityResult run_sampled(const Spot& s, const EquityRequest& rq, Monitor& mon) {
  const Tables& t = tables();
  const int n = s.n;
  const auto m = static_cast<std::uint32_t>(s.deck.size());
  std::array<std::uint64_t, kEquityMaxPlayers> base{}, known_mask{};
  std::array<int, kEquityMaxPlayers + 1> offset{};  // player i's future cards: deck[u + offset[i] .. u + offset[i+1])
  std::vector<std::vector<std::uint64_t>> cumulative(static_cast<std::size_t>(n));
  std::array<WildOptions, kEquityMaxPlayers> fixed_wild{};
  for (int i = 0; i < n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    const PlayerSpot& ps = s.p[ui];
    base[ui] = hand_key(t, ps.known.data(), ps.n_known);
    known_mask[ui] = mask_of(ps.known.data(), ps.n_known);
    offset[ui + 1] = offset[ui] + ps.future;
    if (ps.hidden) {
      std::uint64_t acc = 0;
      for (const std::uint64_t w : ps.weights) cumulative[ui].push_back(acc += w);
    }
    fixed_wild[ui] = hand_wild(s, ps.n_known > 0 && !ps.hole_in_member ? ps.known[0] : -1);
  }
  const auto future_cards = static_cast<std::uint32_t>(offset[static_cast<std::size_t>(n)]);
  const bool target = rq.target_stderr > 0 || rq.seconds > 0;
  const std::uint64_t samples = rq.samples ? rq.samples : (target ? std::uint64_t{1'000'000'000} : 0);
  const std::uint64_t blocks = (samples + kEquityBlock - 1) / kEquityBlock;
  const int threads = std::min(rq.threads, kMaxThreads);
  // Samples in blocks [b0, b1) (the last block may be short).
  auto samples_in = [&](std::uint64_t b0, std::uint64_t b1) {
    return std::min(samples, b1 * kEquityBlock) - std::min(samples, b0 * kEquityBlock);
  };
  // This request's part: blocks [first, last) (all of them unless split).
  const std::uint64_t first = part_bound(blocks, rq.part, rq.parts);
  const std::uint64_t last = part_bound(blocks, rq.part + 1, rq.parts);
  const std::uint64_t part_samples = samples_in(first, last);

  struct Local {
    std::vector<PlayerCounts> counts;
    std::vector<u128> share_sq;
    std::uint64_t rejected = 0;
    bool impossible = false;
  };
  std::vector<Local> local(static_cast<std::size_t>(threads));
  for (Local& l : local) {
    l.counts.assign(static_cast<std::size_t>(n), PlayerCounts{});
    l.share_sq.assign(static_cast<std::size_t>(n), 0);
  }
  auto job = [&](std::uint64_t block, int id, const std::atomic<bool>&) {
    Local& L = local[static_cast<std::size_t>(id)];
    Rng rng(rq.seed, block);
    std::vector<std::uint8_t> deck = s.deck;  // every block starts from the same order
    std::array<std::uint8_t, kDeckSize + 1> pos{};
    for (std::uint32_t d = 0; d < m; ++d) pos[deck[d]] = static_cast<std::uint8_t>(d);
    auto swap_cards = [&](std::uint32_t x, std::uint32_t y) {  // deck positions, keeping pos[] in step
      const std::uint8_t a = deck[x], b = deck[y];
      deck[x] = b;
      deck[y] = a;
      pos[b] = static_cast<std::uint8_t>(x);
      pos[a] = static_cast<std::uint8_t>(y);
    };
    std::array<std::array<std::uint8_t, kMaxCards>, kEquityMaxPlayers> cards{};
    for (int i = 0; i < n; ++i) cards[static_cast<std::size_t>(i)] = s.p[static_cast<std::size_t>(i)].known;
    std::array<std::uint16_t, kEquityMaxPlayers> hi{}, lo{};
    std::array<std::uint64_t, kEquityMaxPlayers> won{}, mask{}, key{};
    std::array<int, kEquityMaxPlayers> member{};
    const std::uint64_t count = std::min(kEquityBlock, samples - block * kEquityBlock);
    for (std::uint64_t r = 0; r < count; ++r) {
      std::uint32_t u = 0;  // member cards moved to the front of the deck
      if (s.ranges) {
        std::uint64_t tries = 0;
        for (;;) {
          std::uint64_t used = 0;
          bool clash = false;
          for (int i = 0; i < n && !clash; ++i) {
            const auto ui = static_cast<std::size_t>(i);
            const PlayerSpot& ps = s.p[ui];
            if (!ps.hidden) continue;
            const auto& cum = cumulative[ui];
            const std::uint64_t x = rng.below64(cum.back());
            const auto j = static_cast<int>(std::upper_bound(cum.begin(), cum.end(), x) - cum.begin());
            member[ui] = j;
            std::uint64_t mm = 0;
            for (int h = 0; h < ps.hidden; ++h)
              mm |= card_bit(ps.members[static_cast<std::size_t>(j * ps.hidden + h)]);
            clash = (mm & used) != 0;
            used |= mm;
          }
          if (!clash) break;
          ++L.rejected;
          if (++tries >= kMaxRejections) {
            L.impossible = true;
            return;
          }
        }
        for (int i = 0; i < n; ++i) {
          const auto ui = static_cast<std::size_t>(i);
          const PlayerSpot& ps = s.p[ui];
          for (int h = 0; h < ps.hidden; ++h) {
            const std::uint8_t c = ps.members[static_cast<std::size_t>(member[ui] * ps.hidden + h)];
            cards[ui][static_cast<std::size_t>(ps.n_known + h)] = c;
            swap_cards(u++, pos[c]);  // c to the front
          }
        }
      }
      std::uint8_t middle = 0;
      if (s.community) {  // the card in the middle, dealt before the rest
        swap_cards(u, u + rng.below(m - u));
        middle = deck[u++];
      }
      if (s.ranges || s.community) {
        for (std::uint32_t j = u; j < u + future_cards; ++j) swap_cards(j, j + rng.below(m - j));  // Fisher-Yates
      } else {
        for (std::uint32_t j = 0; j < future_cards; ++j) std::swap(deck[j], deck[j + rng.below(m - j)]);
      }
      for (int i = 0; i < n; ++i) {
        const auto ui = static_cast<std::size_t>(i);
        const PlayerSpot& ps = s.p[ui];
        auto& hand = cards[ui];
        std::uint64_t k = base[ui], mk = known_mask[ui];
        for (int h = 0; h < ps.hidden; ++h) {
          const std::uint8_t c = hand[static_cast<std::size_t>(ps.n_known + h)];
          k += t.card_key[c];
          mk |= card_bit(c);
        }
        int at = ps.n_known + ps.hidden;
        for (int j = offset[ui]; j < offset[ui + 1]; ++j) {
          const std::uint8_t c = deck[u + static_cast<std::uint32_t>(j)];
          hand[static_cast<std::size_t>(at++)] = c;
          k += t.card_key[c];
          mk |= card_bit(c);
        }
        if (s.community) {
          hand[static_cast<std::size_t>(at++)] = middle;
          k += t.card_key[middle];
          mk |= card_bit(middle);
        }
        key[ui] = k;
        mask[ui] = mk;
        WildOptions own;  // a wild rank of the hand's own, where it depends on the deal
        const WildOptions* o = &fixed_wild[ui];
        if (ps.hole_in_member) [[unlikely]] {
          own = hand_wild(s, hand[static_cast<std::size_t>(ps.n_known)]);  // the member's first card
          o = &own;
        } else if (s.positional != PositionalRule::None) {
          // The cards to come arrive in random order; a member's hidden cards too.
          for (int h = ps.hidden - 1; h > 0; --h) {
            std::swap(hand[static_cast<std::size_t>(ps.n_known + h)],
                      hand[static_cast<std::size_t>(ps.n_known) + rng.below(static_cast<std::uint32_t>(h + 1))]);
          }
          own = rank_wild(s, positional_rank(s, ps, hand.data()));
          o = &own;
        }
        score<G>(t, s, *o, o->wild | s.path_cards, hand.data(), s.game.size, k, mk, hi[ui], lo[ui]);
      }
      settle<G>(s, hi.data(), lo.data(), n, L.counts.data(), 1, won.data());
      for (int i = 0; i < n; ++i) L.share_sq[static_cast<std::size_t>(i)] += static_cast<u128>(won[static_cast<std::size_t>(i)]) * won[static_cast<std::size_t>(i)];
    }
  };
  auto sum_prefix = [&](std::uint64_t done_blocks, EquityResult& out) {
    out.players.assign(static_cast<std::size_t>(n), PlayerCounts{});
    std::vector<u128> sq(static_cast<std::size_t>(n), 0);
    out.rejected = 0;
    for (const Local& l : local) {
      for (int i = 0; i < n; ++i) {
        add_counts(out.players[static_cast<std::size_t>(i)], l.counts[static_cast<std::size_t>(i)]);
        sq[static_cast<std::size_t>(i)] += l.share_sq[static_cast<std::size_t>(i)];
      }
      out.rejected += l.rejected;
    }
    for (int i = 0; i < n; ++i) {
      PlayerCounts& c = out.players[static_cast<std::size_t>(i)];
      const u128 v = sq[static_cast<std::size_t>(i)];
      c.share_sq = to_double(v);
      c.share_sq_high = static_cast<std::uint64_t>(v >> 64);
      c.share_sq_low = static_cast<std::uint64_t>(v);
    }
    out.outcomes = samples_in(first, done_blocks);
  };
  auto worst_stderr = [&](const EquityResult& r) {
    double worst = 0;
    const auto nn = static_cast<double>(r.outcomes);
    if (r.outcomes < 2) return std::numeric_limits<double>::infinity();
    for (const PlayerCounts& c : r.players) {
      const double mean = static_cast<double>(c.share) / kShareUnits / nn;
      const double sq = c.share_sq / (static_cast<double>(kShareUnits) * kShareUnits) / nn;
      const double var = std::max(0.0, (sq - mean * mean) * nn / (nn - 1));
      worst = std::max(worst, std::sqrt(var / nn));
    }
    return worst;
  };
  EquityResult result;
  result.exact = false;
  std::uint64_t done = first;
  const int n_threads = workers(threads, part_samples * static_cast<std::uint64_t>(n) * 4);
  auto done_units = [&](std::uint64_t d) { return samples_in(first, done + d); };
  while (done < last) {
    std::uint64_t next = last;
    if (rq.target_stderr > 0) next = std::min(blocks, std::max(done + 1, done + done / 4));  // checkpoints 1, 2, .., 8, 10, 12, 15, ..
    const std::uint64_t claimed = mon.run(n_threads, done, next, job, done_units, part_samples);
    done = claimed;
    for (const Local& l : local) {
      if (l.impossible) {
        throw EquityOptionError(
            "the ranges almost never fit together (a million deals in a row had two members sharing a card); "
            "check that they leave the players distinct cards");
      }
    }
    if (mon.stop != EquityStop::Complete || claimed < next) break;
    if (rq.target_stderr > 0) {
      sum_prefix(done, result);
      if (worst_stderr(result) <= rq.target_stderr) {
        mon.stop = EquityStop::Target;
        break;
      }
    }
  }
  sum_prefix(done, result);
  if (mon.stop == EquityStop::Complete && done < last) mon.stop = EquityStop::Stopped;
  if (mon.stop == EquityStop::Complete || mon.stop == EquityStop::Target) mon.tick(result.outcomes, part_samples, true);
  result.stop = mon.stop;
  return result;
}

// ---------------------------------------------------------------- dispatch

bool sampled(const EquityRequest& rq) { return rq.samples > 0 || rq.target_stderr > 0 || rq.seconds > 0; }

/// How run() goes (see equity_plan); throws as run() would before it starts.
EquityPlan plan_of(const Spot& s, const EquityRequest& rq) {
  if (sampled(rq)) {
    const std::uint64_t samples = rq.samples ? rq.samples : std::uint64_t{1'000'000'000};
    return {EquityMethod::Auto, (samples + kEquityBlock - 1) / kEquityBlock};
  }
  const std::uint64_t counting = counting_work(s);
  if (rq.method == EquityMethod::Count && counting == 0) {
    throw EquityOptionError("exact counting takes two hands with at most five unknown cards each");
  }
  if (rq.method == EquityMethod::Count || (rq.method == EquityMethod::Auto && counting > 0)) {
    return {EquityMethod::Count, 1};
  }
  const std::uint64_t total = count_outcomes(s);
  if (total > rq.max_outcomes) {
    throw EquityOptionError(
        "exact enumeration would visit " +
        (total == std::numeric_limits<std::uint64_t>::max() ? std::string("more than 18 billion billion")
                                                            : with_commas(total)) +
        " outcomes (the limit is " + with_commas(rq.max_outcomes) +
        "); pass samples= for a Monte Carlo estimate, e.g. samples=1_000_000");
  }
  std::uint64_t outer = 1;  // the most completions of a player: the outer loop (with a card in the middle, about)
  for (int i = 0; i < s.n; ++i) {
    outer = std::max(outer, s.community ? completions(s, s.p[static_cast<std::size_t>(i)]) : check_entries(s, i));
  }
  if (!s.community) check_weights(s, total);
  return {EquityMethod::Enumerate, outer};
}

template <class G>
EquityResult run(const Spot& s, const EquityRequest& rq, Monitor& mon) {
  const EquityPlan plan = plan_of(s, rq);
  if (sampled(rq)) return run_sampled<G>(s, rq, mon);
  if (plan.method == EquityMethod::Count) {
    if (rq.part > 0) {  // counting is not split: part 0 counts the whole spot
      EquityResult none;
      none.exact = true;
      none.method = EquityMethod::Count;
      none.players.assign(static_cast<std::size_t>(s.n), PlayerCounts{});
      return none;
    }
    return run_count<G>(s, rq, mon);
  }
  if (s.community) {  // every card in the middle in turn, each enumerated
    EquityResult sum;
    sum.exact = true;
    sum.method = EquityMethod::Enumerate;
    sum.players.assign(static_cast<std::size_t>(s.n), PlayerCounts{});
    Spot sub;
    for (const std::uint8_t c : s.deck) {
      if (!with_community(s, c, sub)) continue;
      const EquityResult r = run_enumerate<G>(sub, rq, mon);
      for (int i = 0; i < s.n; ++i) add_counts(sum.players[static_cast<std::size_t>(i)], r.players[static_cast<std::size_t>(i)]);
      sum.outcomes += r.outcomes;
      sum.stop = r.stop;
      if (r.stop != EquityStop::Complete) break;
    }
    return sum;
  }
  return run_enumerate<G>(s, rq, mon);
}

}  // namespace

std::uint64_t equity_outcomes(const EquityRequest& request) { return count_outcomes(validate(request)); }

EquityPlan equity_plan(const EquityRequest& request) { return plan_of(validate(request), request); }

EquityResult equity(const EquityRequest& rq, const EquityHooks& hooks) {
  const Spot s = validate(rq);
  Monitor mon(hooks, rq.seconds);
  if (s.declare) {  // high-low games only (validated); a settle of its own
    switch (s.game.low_ranking) {
      case Ranking::EightOrBetter: return run<Game<true, true, Ranking::EightOrBetter, true>>(s, rq, mon);
      case Ranking::AceToSix: return run<Game<true, true, Ranking::AceToSix, true>>(s, rq, mon);
      case Ranking::AceToFive:
        if (s.low_floor) return run<Game<true, true, Ranking::AceToFive, true, true>>(s, rq, mon);
        return run<Game<true, true, Ranking::AceToFive, true>>(s, rq, mon);
      default: return run<Game<true, true, Ranking::DeuceToSeven, true>>(s, rq, mon);
    }
  }
  switch (rq.game) {
    case EquityGame::SevenCardStud:
    case EquityGame::Jackpots: return run<Game<true, false, Ranking::High>>(s, rq, mon);
    case EquityGame::SevenCardStud8:
      if (s.low_floor) return run<Game<true, true, Ranking::AceToFive, false, true>>(s, rq, mon);
      return run<Game<true, true, Ranking::EightOrBetter>>(s, rq, mon);
    case EquityGame::FiveCardStud:
    case EquityGame::MexicanStud:
      if (!s.game.low) return run<Game<true, false, Ranking::High>>(s, rq, mon);
      [[fallthrough]];
    case EquityGame::SevenCardStudHighLow:
      switch (s.game.low_ranking) {  // the low validated, the default applied
        case Ranking::AceToSix: return run<Game<true, true, Ranking::AceToSix>>(s, rq, mon);
        case Ranking::AceToFive: return run<Game<true, true, Ranking::AceToFive>>(s, rq, mon);
        default: return run<Game<true, true, Ranking::DeuceToSeven>>(s, rq, mon);
      }
    case EquityGame::Lowball: return run<Game<false, true, Ranking::AceToFive>>(s, rq, mon);
    case EquityGame::DeuceToSevenDraw: return run<Game<false, true, Ranking::DeuceToSeven>>(s, rq, mon);
  }
  throw EquityOptionError("unknown game");
}

}  // namespace splitpot
