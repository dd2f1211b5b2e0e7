// How kRankMultiplier (tables.hpp) was found. Built with the C++ tests, run by
// hand (a minute or two; try 83 of the default 400 gives today's multipliers):
//   cmake --build build/cpp --target find_rank_multipliers && build/cpp/find_rank_multipliers [tries]
//
// 1. The greedy smallest multipliers whose sums over every multiset of at most
//    seven ranks (each at most four times) are distinct: kGreedy below, whose
//    sums are also distinct modulo 2^24 (checked here). Their keys are small
//    (25 bits) but crowd some rows of the perfect hash and leave others
//    sparse: rows of 1,024 keys placed in 152,910 slots for 76,155 multisets.
// 2. Each multiplied by an odd A modulo 2^24: the sums stay distinct (A is
//    invertible modulo 2^24, and two equal sums would be equal modulo 2^24),
//    every multiplier stays below 2^24 (three bytes: the vector key kernels
//    sum a multiplier byte by byte), and the keys spread evenly over the rows.
//    Each A tried (a fixed pseudo-random sequence) places the rows of
//    2^kHashRowShift keys (perfect_hash.hpp), and the A whose offsets and
//    values take the fewest bytes wins.
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "perfect_hash.hpp"

using namespace splitpot;

constexpr std::array<std::uint32_t, kRanks> kGreedy = {
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520};
constexpr std::uint32_t kLow24 = (1u << 24) - 1;  // x & kLow24: x modulo 2^24

int main(int argc, char** argv) {
  const int tries = argc > 1 ? std::atoi(argv[1]) : 400;
  std::vector<detail::Multiset> sets = detail::all_multisets();
  auto keys_of = [&](const std::array<std::uint32_t, kRanks>& m, std::uint32_t mask) {
    std::vector<std::uint32_t> keys;
    for (const auto& s : sets) {
      std::uint32_t k = 0;
      for (std::size_t r = 0; r < kRanks; ++r) k += s.counts[r] * m[r];
      keys.push_back(k & mask);
    }
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) == keys.end();
  };
  if (!keys_of(kGreedy, ~0u) || !keys_of(kGreedy, kLow24)) {
    std::printf("the greedy multipliers' sums are not distinct modulo 2^24\n");
    return 1;
  }
  std::uint64_t state = 17;  // splitmix64
  auto next = [&] {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  std::size_t best_bytes = ~std::size_t{0};
  for (int i = 0; i < tries; ++i) {
    const auto a = static_cast<std::uint32_t>(next() & kLow24) | 1u;
    std::array<std::uint32_t, kRanks> m{};
    for (std::size_t r = 0; r < kRanks; ++r) m[r] = kGreedy[r] * a & kLow24;
    for (auto& s : sets) {
      s.key = 0;
      for (std::size_t r = 0; r < kRanks; ++r) s.key += s.counts[r] * m[r];
    }
    const std::uint32_t top = kMaxCards * *std::max_element(m.begin(), m.end());
    std::size_t slots = 0;
    const std::size_t rows = detail::place_rows(sets, kHashRowShift, 1, slots, top).size();
    const std::size_t bytes = rows * sizeof(std::uint32_t) + slots * sizeof(std::uint16_t);
    if (bytes >= best_bytes) continue;
    best_bytes = bytes;
    std::printf("try %d, A = %u: %zu rows of offsets, %zu slots, %zu bytes a ranking\n  {", i, a, rows, slots, bytes);
    for (std::size_t r = 0; r < kRanks; ++r) std::printf("%s%u", r ? ", " : "", m[r]);
    std::printf("}\n");
    std::fflush(stdout);
  }
  return 0;
}
