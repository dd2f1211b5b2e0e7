// Equity tests: exact results equal a brute force written here (every deal,
// each hand evaluated from its cards with the checked evaluate()); Monte Carlo
// is identical at any thread count and near the exact answer; bad input
// throws. Usage: test_equity [--quick]   (--quick: fewer spots, for sanitizers)
// The last line is "N passed, N failed".
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "card_text.hpp"
#include "splitpot/equity.hpp"
#include "splitpot/evaluate.hpp"
#include "splitpot/wild.hpp"

using namespace splitpot;

namespace {

int passed = 0, failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) {
    ++passed;
  } else {
    ++failed;
    std::printf("FAIL: %s\n", what.c_str());
  }
}

using testing::cards;

struct Sides {
  bool high;
  bool low;
  Ranking low_ranking;
  int size;
};

Sides sides_of(const EquityRequest& rq) {
  switch (rq.game) {
    case EquityGame::SevenCardStud: return {true, false, Ranking::High, 7};
    case EquityGame::SevenCardStud8: return {true, true, Ranking::EightOrBetter, 7};
    case EquityGame::SevenCardStudHighLow: return {true, true, rq.low, 7};
    case EquityGame::Lowball: return {false, true, Ranking::AceToFive, 5};
    case EquityGame::DeuceToSevenDraw: return {false, true, Ranking::DeuceToSeven, 5};
  }
  return {};
}

int low_strength(const std::vector<std::uint8_t>& hand, Ranking r) {
  for (auto c : hand) {
    if (c == kJoker) {
      return evaluate_wild(hand.data(), static_cast<int>(hand.size()), r, WildOptions{});
    }
  }
  return evaluate(hand.data(), static_cast<int>(hand.size()), r);
}

// Brute force: deal each player's missing cards in turn from the cards left,
// in every way; settle each outcome with fractions of a pot (as doubles).
struct Brute {
  std::vector<double> high_win, high_tie, low_win, low_tie, scoop, share;
  std::uint64_t outcomes = 0;
};

Brute brute(const EquityRequest& rq) {
  const Sides sd = sides_of(rq);
  const std::size_t n = rq.hands.size();
  Brute b;
  for (auto* v : {&b.high_win, &b.high_tie, &b.low_win, &b.low_tie, &b.scoop, &b.share}) v->assign(n, 0.0);
  const int deck = rq.joker ? 53 : 52;
  std::vector<bool> out(53, false);
  for (const auto& h : rq.hands)
    for (auto c : h) out[c] = true;
  for (auto c : rq.dead) out[c] = true;
  std::vector<std::vector<std::uint8_t>> hands = rq.hands;
  std::function<void(std::size_t, int)> deal = [&](std::size_t p, int from) {
    if (p == n) {
      ++b.outcomes;
      std::vector<int> hi(n, 0), lo(n, 0);
      for (std::size_t i = 0; i < n; ++i) {
        if (sd.high) hi[i] = evaluate(hands[i].data(), sd.size, Ranking::High);
        if (sd.low) lo[i] = low_strength(hands[i], sd.low_ranking);
      }
      int best_hi = 0, best_lo = 0;
      for (std::size_t i = 0; i < n; ++i) {
        best_hi = std::max(best_hi, hi[i]);
        best_lo = std::max(best_lo, lo[i]);
      }
      int nh = 0, nl = 0;
      for (std::size_t i = 0; i < n; ++i) {
        nh += sd.high && hi[i] == best_hi;
        nl += sd.low && best_lo > 0 && lo[i] == best_lo;
      }
      const double half = (nh && nl) ? 0.5 : 1.0;
      for (std::size_t i = 0; i < n; ++i) {
        const bool wh = nh && hi[i] == best_hi, wl = nl && lo[i] == best_lo;
        if (wh) (nh == 1 ? b.high_win : b.high_tie)[i] += 1;
        if (wl) (nl == 1 ? b.low_win : b.low_tie)[i] += 1;
        double s = 0;
        if (wh) s += half / nh;
        if (wl) s += half / nl;
        b.share[i] += s;
        if (s == 1.0) b.scoop[i] += 1;
      }
      return;
    }
    if (static_cast<int>(hands[p].size()) == sd.size) {
      deal(p + 1, 0);
      return;
    }
    for (int c = from; c < deck; ++c) {
      if (out[static_cast<std::size_t>(c)]) continue;
      out[static_cast<std::size_t>(c)] = true;
      hands[p].push_back(static_cast<std::uint8_t>(c));
      // cards of one player come in increasing order; the next player starts over
      if (static_cast<int>(hands[p].size()) == sd.size) {
        deal(p + 1, 0);
      } else {
        deal(p, c + 1);
      }
      hands[p].pop_back();
      out[static_cast<std::size_t>(c)] = false;
    }
  };
  deal(0, 0);
  return b;
}

void compare_exact(const char* label, const EquityRequest& rq) {
  const Brute b = brute(rq);
  const EquityResult r = equity(rq);
  bool ok = r.exact && r.complete && r.outcomes == b.outcomes && r.players.size() == rq.hands.size();
  std::uint64_t share_sum = 0;
  for (std::size_t i = 0; ok && i < r.players.size(); ++i) {
    const PlayerCounts& c = r.players[i];
    ok = ok && c.high_win == static_cast<std::uint64_t>(b.high_win[i]) &&
         c.high_tie == static_cast<std::uint64_t>(b.high_tie[i]) &&
         c.low_win == static_cast<std::uint64_t>(b.low_win[i]) && c.low_tie == static_cast<std::uint64_t>(b.low_tie[i]) &&
         c.scoop == static_cast<std::uint64_t>(b.scoop[i]) &&
         std::fabs(static_cast<double>(c.share) / kShareUnits - b.share[i]) < 1e-6;
    share_sum += c.share;
  }
  ok = ok && share_sum == r.outcomes * kShareUnits;
  check(ok, std::string("exact = brute force: ") + label + " (" + std::to_string(b.outcomes) + " outcomes)");
}

EquityRequest request(EquityGame g, std::vector<const char*> hands, const char* dead = "") {
  EquityRequest rq;
  rq.game = g;
  for (const char* h : hands) rq.hands.push_back(cards(h));
  rq.dead = cards(dead);
  return rq;
}

template <class F>
void expect_throw(const char* label, F f, const char* needle) {
  try {
    f();
    check(false, std::string("no error: ") + label);
  } catch (const std::invalid_argument& e) {
    check(std::strstr(e.what(), needle) != nullptr, std::string(label) + ": message '" + e.what() + "'");
  }
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  using G = EquityGame;
  // Seventh street minus one: one card to come each (cheap), then sixth street.
  compare_exact("stud high, 6+6 known", request(G::SevenCardStud, {"As Ad 7c 7d 2h 9s", "Kc Kd Ks 3c 4c 5c"}, "Qh Jh"));
  compare_exact("stud 8, 6+6 known", request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c"}));
  compare_exact("stud 8, 3 players 6 known", request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c", "6d 7d 2d 3h Td Jd"}));
  for (Ranking low : {Ranking::DeuceToSeven, Ranking::AceToSix, Ranking::AceToFive}) {
    EquityRequest rq = request(G::SevenCardStudHighLow, {"7h 5c 4d 3s Ks Kh", "As 2s 3c 4c 6s 9d"}, "2c 2d");
    rq.low = low;
    compare_exact("stud high-low, 6+6 known", rq);
  }
  compare_exact("lowball, draw 1 vs pat", request(G::Lowball, {"Ah 2c 3d 4s", "7c 6d 5h 3c 2d"}));
  compare_exact("lowball, draw 1 vs draw 1", request(G::Lowball, {"Ah 2c 3d 4s", "7c 6d 5h 3c"}));
  compare_exact("deuce-to-seven, draw 1 vs pat", request(G::DeuceToSevenDraw, {"7h 5h 4h 3h", "8c 6d 5d 4c 2s"}));
  compare_exact("stud 8 locked scoop", request(G::SevenCardStud8, {"Ac 2c 3c 4c 5c Kd", "Kc Kh 9s 9h 8c 8h"}));
  if (!quick) {
    compare_exact("stud 8, 5+6 known", request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c 5c"}, "Qd"));
    compare_exact("lowball, draw 2 vs draw 1", request(G::Lowball, {"Ah 2c 3d", "7c 6d 5h 3c"}));
    compare_exact("deuce-to-seven, draw 1 vs draw 2", request(G::DeuceToSevenDraw, {"7h 5h 4h 3h", "8c 6d 5d"}));
    compare_exact("stud high, 3 players 6 known", request(G::SevenCardStud, {"As Ad 7c 7d 2h 9s", "Kc Kd Ks 3c 4c 5c", "8h 9h Th Jh 2s 3s"}));
  }

  // Locked scoop: steel wheel in clubs against a hand that can make neither.
  {
    const EquityResult r = equity(request(G::SevenCardStud8, {"Ac 2c 3c 4c 5c Kd", "Kc Kh 9s 9h 8c 8h"}));
    check(r.players[0].scoop == r.outcomes && r.players[0].share == r.outcomes * kShareUnits, "locked scoop");
  }

  // Monte Carlo: same seed, same counts at any thread count; near the exact answer.
  {
    EquityRequest rq = request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"});
    const EquityResult exact = equity(rq);
    rq.samples = quick ? 20'000 : 200'000;
    rq.seed = 7;
    rq.threads = 1;
    const EquityResult one = equity(rq);
    rq.threads = 3;
    const EquityResult three = equity(rq);
    bool same = one.outcomes == three.outcomes;
    for (std::size_t i = 0; i < 2; ++i) {
      same = same && one.players[i].share == three.players[i].share && one.players[i].scoop == three.players[i].scoop &&
             one.players[i].low_tie == three.players[i].low_tie;
    }
    check(same && !one.exact, "Monte Carlo: same seed, same counts on 1 and 3 threads");
    const double p = static_cast<double>(exact.players[0].scoop) / static_cast<double>(exact.outcomes);
    const double q = static_cast<double>(one.players[0].scoop) / static_cast<double>(one.outcomes);
    const double se = std::sqrt(p * (1 - p) / static_cast<double>(one.outcomes));
    check(std::fabs(p - q) < 4 * se, "Monte Carlo scoop within 4 standard errors of exact");
    rq.seed = 8;
    const EquityResult other = equity(rq);
    check(other.players[0].share != one.players[0].share, "Monte Carlo: another seed, other counts");
  }

  // Progress: called, ends at total, and may stop the run.
  {
    EquityRequest rq = request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"});
    int calls = 0;
    std::uint64_t last = 0;
    const EquityResult r = equity(rq, [&](std::uint64_t done, std::uint64_t total) {
      ++calls;
      last = done;
      return total > 0;
    });
    check(r.complete && calls >= 2 && calls <= 20 && last == r.outcomes, "progress called 2..20 times, ends at total");
    const EquityResult stopped = equity(rq, [](std::uint64_t, std::uint64_t) { return false; });
    check(!stopped.complete, "progress returning false stops the run");
  }

  // Bad input.
  expect_throw("duplicate across hands", [&] { equity(request(G::SevenCardStud, {"As Kd", "As Qd"})); }, "duplicate card As");
  expect_throw("duplicate with dead", [&] { equity(request(G::SevenCardStud, {"As Kd", "Qs Qd"}, "Kd")); }, "dead");
  expect_throw("too many cards", [&] { equity(request(G::Lowball, {"As 2d 3c 4h 5s 6s", "Kd"})); }, "at most 5");
  expect_throw("deck too small", [&] {
    equity(request(G::SevenCardStud, {"", "", "", "", "", "", "", ""}));
  }, "only 52");
  expect_throw("one hand", [&] { equity(request(G::SevenCardStud, {"As"})); }, "2 to 10");
  expect_throw("too many outcomes", [&] { equity(request(G::SevenCardStud8, {"As 2d 3c", "Kd Kc 9s"})); }, "samples=");
  expect_throw("draws in stud", [&] {
    auto rq = request(G::SevenCardStud, {"As", "Kd"});
    rq.draws = {1, 1};
    equity(rq);
  }, "draw games only");
  expect_throw("draws wrong", [&] {
    auto rq = request(G::Lowball, {"As 2d 3c", "Kd 2c 3d 4d"});
    rq.draws = {1, 1};
    equity(rq);
  }, "draw 2");
  for (const char* first : {"Ah 2c 3d 4s", "Jk 2c 3d 4s", "Jk 2c 3d"}) {
    EquityRequest rq = request(G::Lowball, {first, "7c 6d 5h 3c 2d"});
    rq.joker = true;
    compare_exact((std::string("lowball with the bug: ") + first + " vs 7c 6d 5h 3c 2d").c_str(), rq);
  }
  {
    EquityRequest rq = request(G::Lowball, {"Ah 2c 3d 4s", "7c 6d 5h 3c"});
    rq.joker = true;
    compare_exact("lowball with the bug: draw 1 vs draw 1", rq);
  }
  expect_throw("joker not in a 52-card deck", [&] { equity(request(G::Lowball, {"Jk 2d 3c", "Kd 2c 3d 4d"})); },
               "not in the deck");
  expect_throw("threads", [&] {
    auto rq = request(G::Lowball, {"As 2d 3c", "Kd 2c 3d 4d"});
    rq.threads = 0;
    equity(rq);
  }, "threads");
  {
    auto rq = request(G::SevenCardStud8, {"As 2d 3c", "Kd Kc 9s"});
    check(equity_outcomes(rq) == 163185ull * 111930ull, "outcome count, third street heads-up");
  }

  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
