// Shared by the benchmark programs (bench_core, benchmarks/peers/bench_peers.cpp):
// chunked side-by-side timing, random hands and the full enumeration of
// seven-card hands with HandSum.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "splitpot/hand.hpp"

namespace splitpot::bench {

/// Contenders timed side by side, so that a busy machine does not distort the
/// ratio: the work is cut into chunks, each contender runs each chunk
/// `repeats` times in turn, and its time is the sum over chunks of its fastest
/// run. body(contender index, chunk) runs one and returns a checksum.
/// With `warm`, each timed run follows an untimed run of the same contender on
/// the same chunk, so that every contender is timed with its own tables in
/// cache rather than the previous contender's: for chunks of a millisecond,
/// where without it the contender after OMPEval ran 20-30 % slower than the
/// same code placed later in the race.
struct Race {
  std::vector<std::string> names;
  std::vector<double> seconds;
  bool warm = false;
  void run(int chunks, int repeats, const std::function<std::uint64_t(std::size_t, int)>& body) {
    using Clock = std::chrono::steady_clock;
    seconds.assign(names.size(), 0);
    for (int c = 0; c < chunks; ++c) {
      std::vector<double> best(names.size(), 1e30);
      for (int r = 0; r < repeats; ++r)
        for (std::size_t i = 0; i < names.size(); ++i) {
          if (warm) sink = sink + body(i, c);
          const auto t = Clock::now();
          sink = sink + body(i, c);
          best[i] = std::min(best[i], std::chrono::duration<double>(Clock::now() - t).count());
        }
      for (std::size_t i = 0; i < names.size(); ++i) seconds[i] += best[i];
    }
  }
  /// One line per contender: seconds, M hands/s and the ratio to contender `peer`.
  void print(const char* title, double hands, std::size_t peer) const {
    std::printf("%s\n", title);
    for (std::size_t i = 0; i < names.size(); ++i)
      std::printf("  %-34s %8.3f s %8.1f M hands/s  %5.2fx %s\n", names[i].c_str(), seconds[i],
                  hands / seconds[i] / 1e6, seconds[peer] / seconds[i], names[peer].c_str());
  }
  volatile std::uint64_t sink = 0;  // every timed run's checksum ends here
};

/// A contender's speed over its peer's in one race (benchmarks/peers: OMPEval), its range over
/// repeated runs.
struct RatioRanges {
  std::vector<std::string> lines;  // "race: contender"
  std::vector<double> lo, hi;
  void add(const std::string& title, const Race& race, std::size_t peer, std::size_t i) {
    const std::string line = title + ": " + race.names[i];
    const double ratio = race.seconds[peer] / race.seconds[i];
    const auto at = std::find(lines.begin(), lines.end(), line);
    if (at == lines.end()) {
      lines.push_back(line), lo.push_back(ratio), hi.push_back(ratio);
    } else {
      const auto k = static_cast<std::size_t>(at - lines.begin());
      lo[k] = std::min(lo[k], ratio), hi[k] = std::max(hi[k], ratio);
    }
  }
  void print(int runs, const char* peer) const {
    std::printf("ratios to %s over %d runs (lowest - highest):\n", peer, runs);
    for (std::size_t k = 0; k < lines.size(); ++k) std::printf("  %-62s %5.2fx - %5.2fx\n", lines[k].c_str(), lo[k], hi[k]);
  }
};

inline std::uint64_t splitmix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// n random hands of k distinct cards, row-major.
inline std::vector<std::uint8_t> random_hands(std::size_t n, int k, std::uint64_t seed) {
  std::vector<std::uint8_t> out(n * static_cast<std::size_t>(k));
  std::uint8_t deck[52];
  for (int i = 0; i < 52; ++i) deck[i] = static_cast<std::uint8_t>(i);
  for (std::size_t h = 0; h < n; ++h) {
    for (int j = 0; j < k; ++j) {  // partial Fisher-Yates
      const auto pick = static_cast<int>(j + static_cast<int>(splitmix(seed) % static_cast<std::uint64_t>(52 - j)));
      std::swap(deck[j], deck[pick]);
      out[h * static_cast<std::size_t>(k) + static_cast<std::size_t>(j)] = deck[j];
    }
  }
  return out;
}

/// The suit of which a partial hand holds four cards (and none five).
inline int suit_of_four(const HandSum& h) {
  return static_cast<int>(flush_suit_of(h.key() + (std::uint64_t{0x1111} << kSuitShift)));
}
/// The first card of suit s after card f.
inline int first_above(int f, int s) {
  const int g = (f & ~3) + s;
  return g > f ? g : g + 4;
}

/// The suit of which a partial hand holds three cards or more (-1: none).
inline int suit_of_three(const HandSum& h) {
  const std::uint64_t three = (h.key() + (std::uint64_t{0x2222} << kSuitShift)) & kFlushBits;
  return three ? static_cast<int>(flush_suit_of(three)) : -1;
}
/// How many cards of rank r lie above card e (0 below e's rank).
inline int cards_above(int e, int r) { return r > (e >> 2) ? 4 : r == (e >> 2) ? 3 - (e & 3) : 0; }

/// The sum over every two cards above e of the strength of h and those two,
/// where h (five cards) holds no three of a suit (three < 0) or three of
/// suit `three` and no four: one lookup per pair of ranks, weighted by the
/// number of card pairs that have them and make no flush; with three of a
/// suit, the pairs of that suit (a flush) are read one by one.
template <Ranking R>
std::uint64_t rank_pairs(const Tables& t, const HandSum& h, int e, int three = -1) {
  std::uint64_t sum = 0;
  // Cards standing for a rank: none of the suit of three (so no flush).
  const int other = three < 0 ? 0 : (three + 1) & 3;
  for (int r1 = e >> 2; r1 < kRanks; ++r1) {
    const int n1 = cards_above(e, r1);
    if (n1 == 0) continue;
    const int c1 = r1 == (e >> 2) ? e + 1 : 4 * r1 + other;  // a card of rank r1 above e
    const HandSum h1 = h + HandSum::card(c1);
    if (n1 >= 2) {  // two cards of one rank: never both of one suit
      const int c1b = r1 == (e >> 2) ? e + 2 : 4 * r1 + ((other + 1) & 3);
      sum += static_cast<unsigned>(n1 * (n1 - 1) / 2) * (h1 + HandSum::card(c1b)).evaluate_no_flush<R>(t);
    }
    // The card of suit three of rank r1 above e pairs with one of each higher rank to make a flush.
    const int suited = three >= 0 && 4 * r1 + three > e ? 1 : 0;
    for (int r2 = r1 + 1; r2 < kRanks; ++r2)
      sum += static_cast<unsigned>(n1 * 4 - suited) * (h1 + HandSum::card(4 * r2 + other)).evaluate_no_flush<R>(t);
  }
  if (three >= 0)  // the pairs of suit three: five suited cards
    for (int c1 = first_above(e, three); c1 < 52; c1 += 4)
      for (int c2 = c1 + 4; c2 < 52; c2 += 4) sum += (h + HandSum::card(c1) + HandSum::card(c2)).evaluate<R>(t);
  return sum;
}

/// The sum of the strengths in ranking R of every seven-card hand whose
/// lowest card is a, in nested loops of HandSum (the partial hand reused at
/// each level, the flush test skipped for the innermost loop where no flush is
/// possible, and always where suits don't count). Every hand is counted; the
/// cards that cannot make a flush share lookups. Group 0: a lookup a hand.
/// Group 1: in the innermost loop, one lookup per rank for those cards.
/// Group 2: as 1, and where five cards hold no four of a suit, one lookup per
/// pair of ranks for the last two (where they hold three of a suit, the pairs
/// of that suit read one by one).
template <Ranking R, int Group>
SPLITPOT_NOINLINE std::uint64_t enumerate_seven_from(const Tables& t, int a) {
  std::uint64_t sum = 0;
  const HandSum ha = HandSum::card(a);
  for (int b = a + 1; b < 52; ++b) {
    const HandSum hb = ha + HandSum::card(b);
    for (int c = b + 1; c < 52; ++c) {
      const HandSum hc = hb + HandSum::card(c);
      for (int d = c + 1; d < 52; ++d) {
        const HandSum hd = hc + HandSum::card(d);
        for (int e = d + 1; e < 52; ++e) {
          const HandSum he = hd + HandSum::card(e);
          if (Group >= 2 && (!straights_and_flushes_count(R) || !he.flush_possible_with_one_more())) {  // no four of a suit
            sum += rank_pairs<R>(t, he, e, straights_and_flushes_count(R) ? suit_of_three(he) : -1);
            continue;
          }
          for (int f = e + 1; f < 52; ++f) {
            const HandSum hf = he + HandSum::card(f);
            if (straights_and_flushes_count(R) && hf.flush_possible_with_one_more()) {
              if (Group == 0 || (hf.key() & kFlushBits)) {
                for (int g = f + 1; g < 52; ++g) sum += (hf + HandSum::card(g)).evaluate<R>(t);
              } else {
                // Four cards of suit s: a card of s makes a flush, the other
                // cards of one rank give one value.
                const int s = suit_of_four(hf);
                for (int g = first_above(f, s); g < 52; g += 4) sum += (hf + HandSum::card(g)).evaluate<R>(t);
                const int same = 3 - (f & 3) - ((f & 3) < s);  // off-suit cards of f's rank after it
                if (same) {
                  const int g = ((f + 1) & 3) == s ? f + 2 : f + 1;
                  sum += static_cast<unsigned>(same) * (hf + HandSum::card(g)).evaluate_no_flush<R>(t);
                }
                for (int g = (f | 3) + 1 + (s == 0); g < 52; g += 4)
                  sum += 3u * (hf + HandSum::card(g)).evaluate_no_flush<R>(t);
              }
            } else if constexpr (Group >= 1) {
              const int same = 3 - (f & 3);  // the cards of f's rank after it
              if (same) sum += static_cast<unsigned>(same) * (hf + HandSum::card(f + 1)).evaluate_no_flush<R>(t);
              for (int g = (f | 3) + 1; g < 52; g += 4) sum += 4u * (hf + HandSum::card(g)).evaluate_no_flush<R>(t);
            } else {
              for (int g = f + 1; g < 52; ++g) sum += (hf + HandSum::card(g)).evaluate_no_flush<R>(t);
            }
          }
        }
      }
    }
  }
  return sum;
}

}  // namespace splitpot::bench
