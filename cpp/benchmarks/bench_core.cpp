// The core's benchmark program: one thread, the portable build.
//   random 7-card and 5-card hands read from a uint8 array larger than the
//   caches, every ranking; and the enumeration of all 133,784,560 seven-card
//   hands (high) with HandSum, reusing the partial hand at each level.
// Prints M hands/s (best of several runs) and a checksum so the work can't be
// optimised away. Usage: bench_core [million hands, default 16]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "splitpot/evaluate.hpp"
#include "splitpot/wild.hpp"
#include "bench_common.hpp"

using namespace splitpot;
using bench::random_hands;
using bench::splitmix;
using Clock = std::chrono::steady_clock;

namespace {

const char* kNames[] = {"high", "deuce-to-seven", "ace-to-six", "ace-to-five", "eight-or-better"};

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double bench_batch(const std::vector<std::uint8_t>& hands, std::size_t n, int k, Ranking r, bool check,
                   std::vector<std::uint32_t>& out, std::uint64_t& checksum) {
  double best = 1e9;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t = Clock::now();
    evaluate_batch(hands.data(), n, k, r, out.data(), check, 1);
    best = std::min(best, seconds_since(t));
  }
  for (const std::uint32_t v : out) checksum += v;
  return static_cast<double>(n) / best / 1e6;
}

// Every seven-card hand (high), one lookup per rank where no flush is possible.
std::uint64_t enumerate_all_seven(const Tables& t) {
  std::uint64_t sum = 0;
  for (int a = 0; a < 52; ++a) sum += bench::enumerate_seven_from<true>(t, a);
  return sum;
}

// Random k-card hands with exactly `wilds` deuces (deuces wild) and the rest
// from the other 48 cards.
std::vector<std::uint8_t> hands_with_deuces(std::size_t n, int k, int wilds, std::uint64_t seed) {
  std::vector<std::uint8_t> out(n * static_cast<std::size_t>(k));
  std::uint8_t deck[48], deuces[4] = {0, 1, 2, 3};
  for (int i = 0; i < 48; ++i) deck[i] = static_cast<std::uint8_t>(i + 4);
  for (std::size_t h = 0; h < n; ++h) {
    std::uint8_t* row = &out[h * static_cast<std::size_t>(k)];
    for (int j = 0; j < wilds; ++j) {
      const auto pick = static_cast<int>(j + static_cast<int>(splitmix(seed) % static_cast<std::uint64_t>(4 - j)));
      std::swap(deuces[j], deuces[pick]);
      row[j] = deuces[j];
    }
    for (int j = 0; j < k - wilds; ++j) {
      const auto pick = static_cast<int>(j + static_cast<int>(splitmix(seed) % static_cast<std::uint64_t>(48 - j)));
      std::swap(deck[j], deck[pick]);
      row[wilds + j] = deck[j];
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t millions = argc > 1 ? static_cast<std::size_t>(std::atol(argv[1])) : 16;
  const std::size_t n = millions * 1000000;
  auto t0 = Clock::now();
  const Tables& t = tables();
  std::printf("tables ready in %.1f ms; shared %zu KB; per ranking", seconds_since(t0) * 1e3,
              shared_table_bytes() / 1024);
  for (int r = 0; r < kRankingCount; ++r) std::printf(" %s %zu KB", kNames[r], ranking_table_bytes(static_cast<Ranking>(r)) / 1024);
  std::printf("\n");

  std::uint64_t checksum = 0;
  std::vector<std::uint32_t> out(n);
  for (const int k : {7, 5}) {
    const auto hands = random_hands(n, k, 42);
    std::printf("random %d-card hands (%zu M, %zu MB input), one thread, M hands/s:\n", k, millions,
                hands.size() >> 20);
    for (int r = 0; r < kRankingCount; ++r) {
      const double fast = bench_batch(hands, n, k, static_cast<Ranking>(r), false, out, checksum);
      const double checked = bench_batch(hands, n, k, static_cast<Ranking>(r), true, out, checksum);
      std::printf("  %-16s %7.1f   (with duplicate check %7.1f)\n", kNames[r], fast, checked);
    }
  }
  {
    WildOptions deuces;
    deuces.wild = wild_ranks_mask(1);
    const std::size_t m = n / 4;
    std::printf("random 7-card hands, deuces wild, one thread, M hands/s (natural hands: above):\n");
    for (const int wilds : {1, 2}) {
      const auto hands = hands_with_deuces(m, 7, wilds, 7);
      std::printf("  %d wild card%s:", wilds, wilds == 1 ? " " : "s");
      for (int r = 0; r < kRankingCount; ++r) {
        double best_w = 1e9;
        for (int rep = 0; rep < 3; ++rep) {
          const auto t1 = Clock::now();
          evaluate_batch_wild(hands.data(), m, 7, static_cast<Ranking>(r), deuces, nullptr, out.data(), false, 1);
          best_w = std::min(best_w, seconds_since(t1));
        }
        for (std::size_t i = 0; i < m; ++i) checksum += out[i];
        std::printf("  %s %.1f", kNames[r], static_cast<double>(m) / best_w / 1e6);
      }
      std::printf("\n");
    }
  }
  double best = 1e9;
  std::uint64_t sum = 0;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t1 = Clock::now();
    sum = enumerate_all_seven(t);
    best = std::min(best, seconds_since(t1));
  }
  std::printf("enumerate all 133,784,560 seven-card hands (high): %.3f s, %.0f M hands/s\n", best,
              133784560.0 / best / 1e6);
  std::printf("checksum %llu %llu\n", static_cast<unsigned long long>(checksum), static_cast<unsigned long long>(sum));
  return 0;
}
