// Equity: Monte Carlo. Each block of samples has a generator of its own,
// seeded from (seed, block): a run's figures do not depend on its threads.
// A part of equity.cpp, included by it alone (private: not installed): the
// parts compile as one unit, as before the split, so the compiler inlines
// the same calls into the inner loops (compiled apart, GCC's per-file limit
// on inline growth left settle() out of line in the enumerator's leaf loop).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "equity_pool.hpp"
#include "equity_showdown.hpp"
#include "equity_spot.hpp"
#include "splitpot/equity.hpp"
#include "splitpot/evaluate.hpp"

namespace splitpot {
namespace {

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
  const std::uint64_t samples = rq.samples ? rq.samples : (target ? kEquityTargetCap : 0);
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
        if (ps.hole_in_member) SPLITPOT_UNLIKELY {
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
  // A target (standard error, time) that the samples ran out before: not
  // "complete", which would read as the target met or the time used.
  if (mon.stop == EquityStop::Complete && target) mon.stop = EquityStop::Samples;
  mon.finish(result.outcomes, part_samples);  // at the end, however the run ended
  result.stop = mon.stop;
  return result;
}

}  // namespace
}  // namespace splitpot
