// Shared by the programs of benchmarks/peers (bench_peers.cpp,
// prebuilt_variants.cpp): their arguments and the random hands they race on.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "HandEvaluator.h"
#include "bench_common.hpp"
#include "splitpot/hand.hpp"

namespace splitpot::peers {

/// [million random hands, default 4] [repeats per chunk, default 5] [runs, default 1]; the hands
/// are cut into 16 chunks of `per`.
struct Args {
  std::size_t n;
  int repeats;
  int runs;
  int chunks = 16;
  std::size_t per;
  Args(int argc, char** argv)
      : n((argc > 1 ? static_cast<std::size_t>(std::atol(argv[1])) : 4) * 1000000),
        repeats(argc > 2 ? std::atoi(argv[2]) : 5),
        runs(argc > 3 ? std::max(1, std::atoi(argv[3])) : 1),
        per(n / static_cast<std::size_t>(chunks)) {}
};

/// n random seven-card hands (seed 42): as card bytes, and pre-built as HandSum and as OMPEval's Hand.
struct Hands {
  std::vector<std::uint8_t> bytes;
  std::vector<HandSum> sums;
  std::vector<omp::Hand> omp;
  explicit Hands(std::size_t n) : bytes(bench::random_hands(n, 7, 42)), sums(n), omp(n) {
    for (std::size_t h = 0; h < n; ++h) {
      const std::uint8_t* c = &bytes[h * 7];
      sums[h] = HandSum::of(c, 7);
      omp::Hand o = omp::Hand::empty();
      for (int j = 0; j < 7; ++j) o += omp::Hand(c[j]);
      omp[h] = o;
    }
  }
};

}  // namespace splitpot::peers
