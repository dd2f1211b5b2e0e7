// Equity benchmark: heads-up seven-card-stud-8.
//   third street exact by counting, beside the enumerator (the previous exact
//   method) on the same spot in the same run: the enumerator runs for a few
//   seconds and its time for the whole spot is its measured rate times the
//   outcomes (pass --full to run it to the end, about 200 s);
//   fifth street exact, counted and enumerated;
//   the same two streets declared (both against high, the rules section 4),
//   counted beside the enumerator as above;
//   third street Monte Carlo, 1 M samples.
// Prints the best of several runs and a checksum (player 0's share units).
// Usage: bench_equity [threads, default 2] [--full]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "card_text.hpp"
#include "splitpot/equity.hpp"
#include "splitpot/evaluate.hpp"

using namespace splitpot;
using Clock = std::chrono::steady_clock;

namespace {

using testing::cards;

double bench(const char* label, const EquityRequest& rq, int reps) {
  double best = 1e9;
  EquityResult r;
  for (int i = 0; i < reps; ++i) {
    const auto t = Clock::now();
    r = equity(rq);
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t).count());
  }
  std::printf("%-46s %2d thr  %14llu outcomes  %10.2f ms  share %llu\n", label, rq.threads,
              static_cast<unsigned long long>(r.outcomes), best * 1e3, static_cast<unsigned long long>(r.players[0].share));
  return best;
}

// The enumerator on a spot for `budget` seconds (or to the end): its time for
// the whole spot, measured or its rate times the outcomes.
double enumerate_for(const char* label, EquityRequest rq, double budget) {
  rq.method = EquityMethod::Enumerate;
  rq.max_outcomes = ~std::uint64_t{0};
  std::uint64_t done = 0, total = 0;
  const auto start = Clock::now();
  EquityHooks hooks;
  hooks.poll = [&] { return std::chrono::duration<double>(Clock::now() - start).count() < budget; };
  hooks.progress = [&](std::uint64_t d, std::uint64_t t) {
    done = d;
    total = t;
    return true;
  };
  const EquityResult r = equity(rq, hooks);
  const double spent = std::chrono::duration<double>(Clock::now() - start).count();
  const double whole = r.stop == EquityStop::Complete ? spent : spent * static_cast<double>(total) / static_cast<double>(std::max<std::uint64_t>(done, 1));
  std::printf("%-46s %2d thr  %14llu outcomes  %10.2f ms  %s\n", label, rq.threads,
              static_cast<unsigned long long>(total), whole * 1e3,
              r.stop == EquityStop::Complete ? "(whole run)" : ("(" + std::to_string(done) + " outcomes in " + std::to_string(spent) + " s, extrapolated)").c_str());
  return whole;
}

}  // namespace

int main(int argc, char** argv) {
  int threads = 2;
  bool full = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--full") == 0) {
      full = true;
    } else {
      threads = std::atoi(argv[i]);
    }
  }
  tables();
  EquityRequest third;
  third.game = EquityGame::SevenCardStud8;
  third.hands = {cards("Ah 2c 3d"), cards("Kd Kc 9s")};
  third.threads = 1;
  const double counted = bench("stud-8 third street, exact, counting", third, 3);

  // The enumerator on the same spot: a few seconds (or the whole run).
  const double budget = full ? 1e9 : 8.0;
  const double whole = enumerate_for("stud-8 third street, exact, enumerator", third, budget);
  std::printf("counting / enumerator, third street, one thread: x%.0f\n", whole / counted);

  EquityRequest fifth = third;
  fifth.hands = {cards("Ah 2c 3d 8s 8c"), cards("Kd Kc 9s 9h 4c")};
  const double fc = bench("stud-8 fifth street, exact, counting", fifth, 20);
  fifth.method = EquityMethod::Enumerate;
  const double fe = bench("stud-8 fifth street, exact, enumerator", fifth, 20);
  std::printf("counting / enumerator, fifth street: x%.1f\n", fe / fc);

  // Declared (both against high): counted as cards speak is, beside the enumerator.
  EquityRequest declared = third;
  declared.declarations = {Declaration::Both, Declaration::High};
  const double dc = bench("stud-8 third street declared, counting", declared, 3);
  const double de = enumerate_for("stud-8 third street declared, enumerator", declared, budget);
  std::printf("counting / enumerator, third street declared, one thread: x%.0f; declared / cards speak, counting: x%.2f\n",
              de / dc, dc / counted);
  declared.hands = fifth.hands;
  const double dfc = bench("stud-8 fifth street declared, counting", declared, 20);
  declared.method = EquityMethod::Enumerate;
  const double dfe = bench("stud-8 fifth street declared, enumerator", declared, 20);
  std::printf("counting / enumerator, fifth street declared: x%.1f\n", dfe / dfc);

  EquityRequest mc = third;
  mc.samples = 1'000'000;
  mc.seed = 1;
  for (const int th : {1, threads}) {
    mc.threads = th;
    const double t = bench("stud-8 third street, Monte Carlo 1 M", mc, 5);
    std::printf("%-46s %.1f M samples/s\n", "", 1.0 / t);
    if (threads == 1) break;
  }
  return 0;
}
