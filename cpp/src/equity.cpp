// Equity: this file holds the choice of method (exact counting heads-up,
// exact enumeration, Monte Carlo) and the entry points of equity.hpp. The
// validation, the players' completions, the methods themselves and the worker
// pool that runs them while the calling thread polls for signals live in the
// equity_*.hpp parts it alone includes (listed below).
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
//
// The parts, each a header this file alone includes (one unit, as before the
// split): equity_spot.hpp (the request validated into a Spot),
// equity_showdown.hpp (scoring a hand, settling an outcome), equity_pool.hpp
// (the worker threads, progress and stops), equity_completions.hpp (a
// player's completions), the methods equity_enumerate.hpp, equity_count.hpp
// and equity_sample.hpp; this file keeps the choice of method and the entry
// points.
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
#include "equity_count.hpp"
#include "equity_sample.hpp"

namespace splitpot {

namespace {

// ---------------------------------------------------------------- dispatch

bool sampled(const EquityRequest& rq) { return rq.samples > 0 || rq.target_stderr > 0 || rq.seconds > 0; }

/// How run() goes (see equity_plan); throws as run() would before it starts.
EquityPlan plan_of(const Spot& s, const EquityRequest& rq) {
  if (sampled(rq)) {
    const std::uint64_t samples = rq.samples ? rq.samples : kEquityTargetCap;
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
  check_weights(s, total);  // with a card in the middle: the whole spot's (each part's is checked as it runs)
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
