// The core's benchmark program: one thread, the portable build.
//   random 7-card and 5-card hands read from a uint8 array larger than the
//   caches, every ranking; hands with wild cards beside natural ones; and the
//   enumeration of all 133,784,560 seven-card hands in every ranking with
//   HandSum, reusing the partial hand at each level.
// Prints M hands/s (best of several runs) and a checksum so the work can't be
// optimised away. Usage: bench_core [million hands, default 16] [section: all
// (default), batch, wild or enumerate]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
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
  const std::string section = argc > 2 ? argv[2] : "all";
  auto want = [&](const char* name) { return section == "all" || section == name; };
  auto t0 = Clock::now();
  const Tables& t = tables();
  std::printf("tables ready in %.1f ms; shared %zu KB; per ranking", seconds_since(t0) * 1e3,
              shared_table_bytes() / 1024);
  for (int r = 0; r < kRankingCount; ++r) std::printf(" %s %zu KB", kNames[r], ranking_table_bytes(static_cast<Ranking>(r)) / 1024);
  std::printf("\n");

  std::uint64_t checksum = 0;
  std::vector<std::uint32_t> out(n);
  for (const int k : {7, 5}) {
    if (!want("batch")) break;
    const auto hands = random_hands(n, k, 42);
    std::printf("random %d-card hands (%zu M, %zu MB input), one thread, M hands/s:\n", k, millions,
                hands.size() >> 20);
    for (int r = 0; r < kRankingCount; ++r) {
      const double fast = bench_batch(hands, n, k, static_cast<Ranking>(r), false, out, checksum);
      const double checked = bench_batch(hands, n, k, static_cast<Ranking>(r), true, out, checksum);
      std::printf("  %-16s %7.1f   (with duplicate check %7.1f)\n", kNames[r], fast, checked);
    }
  }
  if (want("wild")) {  // Wild cards beside natural hands of the same ranking, chunked (bench::Race).
    WildOptions deuces;
    deuces.wild = wild_ranks_mask(1);
    const std::size_t m = n / 4, chunks = 8, per = m / chunks;
    const auto natural = random_hands(m, 7, 11);
    const std::vector<std::uint8_t> wild[2] = {hands_with_deuces(m, 7, 1, 7), hands_with_deuces(m, 7, 2, 7)};
    std::vector<std::uint16_t> row_rank(m);  // Mexican stud: each row a random wild rank of its own
    std::uint64_t seed = 3;
    for (auto& w : row_rank) w = static_cast<std::uint16_t>(1u << (splitmix(seed) % 13));
    std::printf("random 7-card hands, deuces wild, one thread, beside natural hands (%zu M each, %zu chunks):\n", m / 1000000,
                chunks);
    for (int r = 0; r < kRankingCount; ++r) {
      const auto ranking = static_cast<Ranking>(r);
      bench::Race race{{"natural hands", "1 wild card", "2 wild cards", "a wild rank per row (natural hands)",
                        "deuces wild (natural hands, 0-4 deuces)"}, {}};
      race.run(static_cast<int>(chunks), 3, [&](std::size_t who, int c) -> std::uint64_t {
        const std::size_t begin = static_cast<std::size_t>(c) * per;
        if (who == 0) evaluate_batch(&natural[begin * 7], per, 7, ranking, out.data(), false, 1);
        else if (who == 3)
          evaluate_batch_wild(&natural[begin * 7], per, 7, ranking, WildOptions{}, &row_rank[begin], out.data(), false, 1);
        else if (who == 4)  // wild and natural rows mixed at random, as in a real deal
          evaluate_batch_wild(&natural[begin * 7], per, 7, ranking, deuces, nullptr, out.data(), false, 1);
        else evaluate_batch_wild(&wild[who - 1][begin * 7], per, 7, ranking, deuces, nullptr, out.data(), false, 1);
        std::uint64_t sum = 0;
        for (std::size_t i = 0; i < per; ++i) sum += out[i];
        return sum;
      });
      race.print(kNames[r], static_cast<double>(per * chunks), 0);
    }
    // The duplicate check (evaluate_many's default) beside the unchecked
    // batch: high, 0-4 deuces a row, each way of checking this CPU has.
    std::vector<BatchKeys> kinds{BatchKeys::Auto};
    if (std::strcmp(batch_keys_used(BatchKeys::Avx2), batch_keys_used(BatchKeys::Auto)) != 0)
      kinds.push_back(BatchKeys::Avx2);
    if (std::strcmp(batch_keys_used(BatchKeys::Scalar), batch_keys_used(BatchKeys::Auto)) != 0)
      kinds.push_back(BatchKeys::Scalar);
    bench::Race race{{"unchecked"}, {}};
    for (const BatchKeys keys : kinds) race.names.push_back(std::string("checked, ") + batch_keys_used(keys));
    race.run(static_cast<int>(chunks), 3, [&](std::size_t who, int c) -> std::uint64_t {
      const std::size_t begin = static_cast<std::size_t>(c) * per;
      evaluate_batch_wild(&natural[begin * 7], per, 7, Ranking::High, deuces, nullptr, out.data(), who > 0, 1,
                          who > 0 ? kinds[who - 1] : BatchKeys::Auto);
      std::uint64_t sum = 0;
      for (std::size_t i = 0; i < per; ++i) sum += out[i];
      return sum;
    });
    race.print("high, deuces wild (natural hands): the duplicate check", static_cast<double>(per * chunks), 0);
  }
  std::uint64_t sum = 0;
  if (want("enumerate")) {  // Every seven-card hand in every ranking, chunked by the lowest card.
    // The grouped loops first checked against a lookup a hand, on two chunks.
    for (int r = 0; r < kRankingCount; ++r)
      for (const int a : {20, 30})
        if (with_ranking(static_cast<Ranking>(r), [&](auto R) {
              const std::uint64_t each = bench::enumerate_seven_from<R.value, 0>(t, a);
              return bench::enumerate_seven_from<R.value, 1>(t, a) != each ||
                     bench::enumerate_seven_from<R.value, 2>(t, a) != each;
            })) {
          std::printf("%s: the grouped loops' sum differs from a lookup a hand's (lowest card %d)\n", kNames[r], a);
          return 1;
        }
    // The rankings side by side, by a lookup per rank (Group 1), then also per pair of ranks (2).
    auto race_rankings = [&](auto group, const char* title) {
      bench::Race race{{}, {}};
      for (const char* name : kNames) race.names.push_back(name);
      race.run(46, 2, [&](std::size_t who, int a) -> std::uint64_t {
        return with_ranking(static_cast<Ranking>(who),
                            [&](auto R) { return bench::enumerate_seven_from<R.value, decltype(group)::value>(t, a); });
      });
      race.print(title, 133784560.0, 0);
      sum += race.sink;
    };
    race_rankings(std::integral_constant<int, 1>{},
                  "enumerate all 133,784,560 seven-card hands (HandSum nested loops; one lookup per rank for the cards "
                  "that cannot make a flush):");
    race_rankings(std::integral_constant<int, 2>{},
                  "... and one lookup per pair of ranks for the last two cards where five hold no four of a suit:");
  }
  std::printf("checksum %llu %llu\n", static_cast<unsigned long long>(checksum), static_cast<unsigned long long>(sum));
  return 0;
}
