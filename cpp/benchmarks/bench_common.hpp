// Shared by the benchmark programs (bench_core, benchmarks/peers/bench_peers.cpp):
// random hands and the full enumeration of seven-card hands with HandSum.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "splitpot/hand.hpp"

namespace splitpot::bench {

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

/// The sum of the high strengths of every seven-card hand whose lowest card
/// is a, in nested loops of HandSum (the partial hand reused at each level,
/// the flush test skipped for the innermost loop where no flush is
/// possible). PerRank: in that loop the cards of one rank share one lookup
/// (every hand still counted).
template <bool PerRank>
[[gnu::noinline]] std::uint64_t enumerate_seven_from(const Tables& t, int a) {
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
          for (int f = e + 1; f < 52; ++f) {
            const HandSum hf = he + HandSum::card(f);
            if (hf.flush_possible_with_one_more()) {
              for (int g = f + 1; g < 52; ++g) sum += (hf + HandSum::card(g)).evaluate<Ranking::High>(t);
            } else if constexpr (PerRank) {
              const int same = 3 - (f & 3);  // the cards of f's rank after it
              if (same) sum += static_cast<unsigned>(same) * (hf + HandSum::card(f + 1)).evaluate_no_flush<Ranking::High>(t);
              for (int g = (f | 3) + 1; g < 52; g += 4)
                sum += 4u * (hf + HandSum::card(g)).evaluate_no_flush<Ranking::High>(t);
            } else {
              for (int g = f + 1; g < 52; ++g) sum += (hf + HandSum::card(g)).evaluate_no_flush<Ranking::High>(t);
            }
          }
        }
      }
    }
  }
  return sum;
}

}  // namespace splitpot::bench
