// Equity benchmark: heads-up seven-card-stud-8 from fifth street, exact
// (671,580 outcomes), and from third street by Monte Carlo (1 M samples), on
// one thread and on every thread asked for. Prints the best of several runs,
// outcomes and hand evaluations per second (2 players x 2 rankings an outcome;
// the exact run scores each player's deals once and compares strengths per
// outcome, so its figure is an equivalent), and a checksum (shares).
// Usage: bench_equity [threads, default 2]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "card_text.hpp"
#include "splitpot/equity.hpp"
#include "splitpot/evaluate.hpp"

using namespace splitpot;
using Clock = std::chrono::steady_clock;

namespace {

using testing::cards;

void bench(const char* label, EquityRequest rq, int reps) {
  double best = 1e9;
  EquityResult r;
  for (int i = 0; i < reps; ++i) {
    const auto t = Clock::now();
    r = equity(rq);
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t).count());
  }
  const double evals = static_cast<double>(r.outcomes) * 2 * 2;  // 2 players x (high + low)
  std::printf("%-44s %2d thr  %11llu outcomes  %8.2f ms  %7.1f M outcomes/s  %7.1f M evals/s  shares %llu %llu\n",
              label, rq.threads, static_cast<unsigned long long>(r.outcomes), best * 1e3,
              static_cast<double>(r.outcomes) / best / 1e6, evals / best / 1e6,
              static_cast<unsigned long long>(r.players[0].share), static_cast<unsigned long long>(r.players[1].share));
}

}  // namespace

int main(int argc, char** argv) {
  const int threads = argc > 1 ? std::atoi(argv[1]) : 2;
  tables();
  EquityRequest fifth;
  fifth.game = EquityGame::SevenCardStud8;
  fifth.hands = {cards("Ah 2c 3d 8s 8c"), cards("Kd Kc 9s 9h 4c")};
  EquityRequest third = fifth;
  third.hands = {cards("Ah 2c 3d"), cards("Kd Kc 9s")};
  third.samples = 1'000'000;
  third.seed = 1;
  for (const int th : {1, threads}) {
    fifth.threads = third.threads = th;
    bench("stud-8 fifth street, exact", fifth, 20);
    bench("stud-8 third street, Monte Carlo 1 M", third, 5);
    if (threads == 1) break;
  }
  return 0;
}
