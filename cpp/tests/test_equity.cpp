// Equity tests: exact results equal a brute force written here (every deal,
// each hand evaluated from its cards with the checked evaluate()); Monte Carlo
// is identical at any thread count and near the exact answer; bad input
// throws. Usage: test_equity [--quick]   (--quick: fewer spots, for sanitizers)
// The last line is "N passed, N failed".
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "card_text.hpp"
#include "int128.hpp"  // u128
#include "splitpot/equity.hpp"
#include "splitpot/evaluate.hpp"
#include "splitpot/wild.hpp"
#include <utility>

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

// The 128-bit integers the counters use (int128.hpp): the compiler's, or in a
// build with SPLITPOT_PORTABLE_INT128 the two-halves fallback, which must read
// as the built-in type does.
void test_int128() {
  const u128 two64 = static_cast<u128>(1) << 64;
  check(static_cast<bool>(two64) && !static_cast<bool>(two64 - two64) && static_cast<bool>(two64 - 1),
        "u128 reads as true when either half is nonzero (was: the low half only, 2^64 false)");
  check(static_cast<std::uint64_t>(two64 + 5) == 5 && static_cast<std::uint64_t>((two64 + 5) >> 64) == 1,
        "u128 converts to its low 64 bits, its high half by a shift");
  const u128 big = static_cast<u128>(~std::uint64_t{0}) * ~std::uint64_t{0};  // (2^64 - 1)^2
  check(static_cast<std::uint64_t>(big >> 64) == ~std::uint64_t{1} && static_cast<std::uint64_t>(big) == 1,
        "u128: the full product of two 64-bit numbers");
  const i128 minus = -static_cast<i128>(two64);
  check(minus < 0 && static_cast<bool>(minus) && (minus >> 64) == -1 && -minus == static_cast<i128>(two64),
        "i128: negatives compare, shift and negate as the built-in type");
}

struct Sides {
  bool high;
  bool low;
  Ranking low_ranking;
  int size;
};

Sides sides_of(const EquityRequest& rq) {
  switch (rq.game) {
    case EquityGame::SevenCardStud: return {true, false, Ranking::High, 7};
    case EquityGame::SevenCardStud8:  // another qualifier: an ace-to-five low that must qualify (low_qualifies)
      return {true, true, rq.qualifier == 8 ? Ranking::EightOrBetter : Ranking::AceToFive, 7};
    case EquityGame::SevenCardStudHighLow:
      return {true, true, rq.low == Ranking::High ? Ranking::DeuceToSeven : rq.low, 7};
    case EquityGame::Lowball: return {false, true, Ranking::AceToFive, 5};
    case EquityGame::DeuceToSevenDraw: return {false, true, Ranking::DeuceToSeven, 5};
    case EquityGame::Jackpots: return {true, false, Ranking::High, 5};
    case EquityGame::FiveCardStud:
    case EquityGame::MexicanStud: return {true, rq.low != Ranking::High, rq.low, 5};  // High: high only
  }
  return {};
}

// A final hand's strength with the request's wild options (Mexican stud: the
// first card is the hole card, its rank wild), through the checked evaluators.
// With `middle`, the hand's seventh card is the card in the middle, no hole card.
int strength_of(const EquityRequest& rq, const std::vector<std::uint8_t>& hand, Ranking r, bool middle = false) {
  WildOptions o;
  o.wild = rq.wild;
  o.joker = rq.joker_rule;
  o.wild_low = rq.wild_low;
  o.duplicate = rq.duplicate;
  if (rq.game == EquityGame::MexicanStud && hand[0] < kDeckSize) o.wild |= wild_ranks_mask(1u << rank_of(hand[0]));
  if (rq.positional != PositionalRule::None) {  // the hand in the order dealt (the brute force deals in order)
    // Five-card stud deals the first card down, and the fifth too in the last-down variant.
    const std::vector<std::size_t> down = hand.size() != 7 ? (rq.last_card_down ? std::vector<std::size_t>{0, 4}
                                                                                : std::vector<std::size_t>{0})
                                          : middle        ? std::vector<std::size_t>{0, 1}
                                                          : std::vector<std::size_t>{0, 1, 6};
    int named = -1;  // the card naming the player's wild rank
    switch (rq.positional) {
      case PositionalRule::FirstCard: named = hand[0]; break;
      case PositionalRule::ThirdCard: named = hand[2]; break;
      case PositionalRule::HoleCard:
        for (const std::size_t d : down)
          if (hand[d] != kJoker) named = hand[d];  // the last natural one
        break;
      case PositionalRule::LowestHoleCard:
        for (const std::size_t d : down)
          if (hand[d] != kJoker && (named < 0 || hand[d] / 4 < named / 4)) named = hand[d];
        break;
      case PositionalRule::LowestCard:  // every card of his own, up and down (not the one in the middle)
        for (std::size_t d = 0; d < hand.size() - (middle ? 1 : 0); ++d)
          if (hand[d] != kJoker && (named < 0 || hand[d] / 4 < named / 4)) named = hand[d];
        break;
      case PositionalRule::None: break;
    }
    if (named >= 0 && named != kJoker) o.wild |= wild_ranks_mask(1u << rank_of(named));
  }
  bool wild = false;
  for (auto c : hand) wild = wild || c == kJoker || ((o.wild >> c) & 1);
  if (wild) return evaluate_wild(hand.data(), static_cast<int>(hand.size()), r, o);
  return evaluate(hand.data(), static_cast<int>(hand.size()), r);
}

// Stud 8 with another qualifier q, read plainly: a low qualifies when the
// hand can make five different values of q or less (the ace 1), each wild
// card (or the joker as the bug) one more value: a zero, or a rank of its
// own (some rank up to q is absent while fewer than five are held, q >= 5).
bool low_qualifies(const EquityRequest& rq, const std::vector<std::uint8_t>& hand) {
  std::uint64_t wild = rq.wild;
  if (rq.joker_rule == JokerRule::Wild) wild |= card_bit(kJoker);
  unsigned values = 0;
  int wilds = 0;
  for (const std::uint8_t c : hand) {
    if (c == kJoker || (wild >> c & 1)) {
      ++wilds;
      continue;
    }
    const int value = rank_of(c) == kAce ? 1 : rank_of(c) + 2;
    if (value <= rq.qualifier) values |= 1u << value;
  }
  return bits::popcount(values) + wilds >= 5;
}

// Seven-card stud where the deck cannot give every player a seventh card.
bool short_deck(const EquityRequest& rq) {
  const Sides sd = sides_of(rq);
  std::vector<bool> out(53, false);
  for (const auto& h : rq.hands)
    for (auto c : h) out[c] = true;
  for (auto c : rq.dead) out[c] = true;
  int needed = 0, left = 0;
  for (const auto& h : rq.hands) needed += sd.size - static_cast<int>(h.size());
  for (int c = 0; c < (rq.joker ? 53 : 52); ++c) left += !out[static_cast<std::size_t>(c)];
  return sd.size == 7 && needed > left;
}

// Brute force: deal each player's missing cards in turn from the cards left,
// in every way; settle each outcome with fractions of a pot (as doubles).
struct Brute {
  std::vector<double> high_win, high_tie, low_win, low_tie, scoop, share;
  std::uint64_t outcomes = 0;
};

// Every deal of the players' missing cards, in turn from the cards left (one
// player's cards in increasing order, the next player starting over): per
// outcome the hands' strengths, and split(hi, lo, b) adds its win and tie
// counts to b and returns each player's fraction of the pot.
// With positional wild cards each player's cards are dealt in every order
// (the named places decide the wild rank). Seven-card stud where the deck
// cannot give everyone a seventh card: every card in the middle first, then
// each player's own six.
using Split = std::function<std::vector<double>(const std::vector<int>& hi, const std::vector<int>& lo, Brute& b)>;
Brute brute_force(const EquityRequest& rq, const Split& split) {
  const bool ordered = rq.positional != PositionalRule::None;
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
  const bool community = short_deck(rq);
  const int own = community ? sd.size - 1 : sd.size;
  int middle = -1;
  std::function<void(std::size_t, int)> deal = [&](std::size_t p, int from) {
    if (p == n) {
      ++b.outcomes;
      std::vector<int> hi(n, 0), lo(n, 0);
      for (std::size_t i = 0; i < n; ++i) {
        std::vector<std::uint8_t> hand = hands[i];
        if (community) hand.push_back(static_cast<std::uint8_t>(middle));
        if (sd.high) hi[i] = strength_of(rq, hand, Ranking::High, community);
        if (sd.low) lo[i] = strength_of(rq, hand, sd.low_ranking, community);
        if (sd.low && rq.qualifier != 8 && !low_qualifies(rq, hand)) lo[i] = 0;
      }
      const std::vector<double> got = split(hi, lo, b);
      for (std::size_t i = 0; i < n; ++i) {
        b.share[i] += got[i];
        if (got[i] == 1.0) b.scoop[i] += 1;
      }
      return;
    }
    if (static_cast<int>(hands[p].size()) == own) {
      deal(p + 1, 0);
      return;
    }
    for (int c = from; c < deck; ++c) {
      if (out[static_cast<std::size_t>(c)]) continue;
      out[static_cast<std::size_t>(c)] = true;
      hands[p].push_back(static_cast<std::uint8_t>(c));
      if (static_cast<int>(hands[p].size()) == own) {
        deal(p + 1, 0);
      } else {
        deal(p, ordered ? 0 : c + 1);
      }
      hands[p].pop_back();
      out[static_cast<std::size_t>(c)] = false;
    }
  };
  if (!community) {
    deal(0, 0);
    return b;
  }
  for (middle = 0; middle < deck; ++middle) {
    if (out[static_cast<std::size_t>(middle)]) continue;
    out[static_cast<std::size_t>(middle)] = true;
    deal(0, 0);
    out[static_cast<std::size_t>(middle)] = false;
  }
  return b;
}

// Cards speak: each half to its best hands, the low qualifying; with no low
// the high takes the whole pot.
Brute brute(const EquityRequest& rq) {
  const Sides sd = sides_of(rq);
  return brute_force(rq, [&](const std::vector<int>& hi, const std::vector<int>& lo, Brute& b) {
    const std::size_t n = hi.size();
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
    std::vector<double> got(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
      const bool wh = nh && hi[i] == best_hi, wl = nl && lo[i] == best_lo;
      if (wh) (nh == 1 ? b.high_win : b.high_tie)[i] += 1;
      if (wl) (nl == 1 ? b.low_win : b.low_tie)[i] += 1;
      if (wh) got[i] += half / nh;
      if (wl) got[i] += half / nl;
    }
    return got;
  });
}

void compare_exact(const char* label, const EquityRequest& rq) {
  const Brute b = brute(rq);
  const EquityResult r = equity(rq);
  bool ok = r.exact && r.stop == EquityStop::Complete && r.outcomes == b.outcomes && r.players.size() == rq.hands.size();
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

// Declarations, the rules' section 4 written out plainly over seat lists (the
// oracle of the declared settle): every deal of the missing cards, each pot
// resolved with fractions of a pot as doubles. The counts as the header says.
Brute brute_declared(const EquityRequest& rq) {
  auto best = [](const std::vector<int>& seats, const std::vector<int>& v) {
    std::vector<int> w;
    int top = 0;
    for (int s : seats) {
      if (v[static_cast<std::size_t>(s)] > top) {
        top = v[static_cast<std::size_t>(s)];
        w = {s};
      } else if (top > 0 && v[static_cast<std::size_t>(s)] == top) {
        w.push_back(s);
      }
    }
    return w;
  };
  auto has = [](const std::vector<int>& v, int s) { return std::find(v.begin(), v.end(), s) != v.end(); };
  return brute_force(rq, [&](const std::vector<int>& hi, const std::vector<int>& lo, Brute& b) {
    const std::size_t n = hi.size();
    std::vector<int> contenders(n);
    for (std::size_t i = 0; i < n; ++i) contenders[i] = static_cast<int>(i);
    std::vector<int> highs, lows, kept_high, kept_low;
    for (;;) {
      std::vector<int> hs, ls, failed;
      for (int s : contenders) {
        if (rq.declarations[static_cast<std::size_t>(s)] != Declaration::Low) hs.push_back(s);
        if (rq.declarations[static_cast<std::size_t>(s)] != Declaration::High) ls.push_back(s);
      }
      highs = best(hs, hi);
      lows = best(ls, lo);
      kept_high.clear();
      kept_low.clear();
      for (int s : contenders) {
        if (rq.declarations[static_cast<std::size_t>(s)] != Declaration::Both) continue;
        const bool wh = highs == std::vector<int>{s}, wl = lows == std::vector<int>{s};
        if (wh && wl) continue;
        if (rq.tie_keeps_half && has(highs, s) && has(lows, s) && (wh || wl)) {
          (wh ? kept_high : kept_low).push_back(s);
        } else {
          failed.push_back(s);
        }
      }
      if (failed.empty()) break;
      std::vector<int> left;
      for (int s : contenders)
        if (!has(failed, s)) left.push_back(s);
      contenders = left;
    }
    std::vector<double> got(n, 0.0);
    auto pay = [&](const std::vector<int>& seats, double amount, std::vector<double>& win, std::vector<double>& tie) {
      for (int s : seats) {
        (seats.size() == 1 ? win : tie)[static_cast<std::size_t>(s)] += 1;
        got[static_cast<std::size_t>(s)] += amount / static_cast<double>(seats.size());
      }
    };
    if (highs.empty() && lows.empty()) {
      std::vector<int> all(n);
      for (std::size_t i = 0; i < n; ++i) all[i] = static_cast<int>(i);
      pay(all, 1.0, b.high_tie, b.high_tie);
    } else if (lows.empty() || highs.empty()) {
      if (lows.empty()) pay(highs, 1.0, b.high_win, b.high_tie);
      else pay(lows, 1.0, b.low_win, b.low_tie);
    } else {
      std::vector<int> h2, l2;
      for (int s : highs)
        if (!has(kept_low, s)) h2.push_back(s);
      for (int s : lows)
        if (!has(kept_high, s)) l2.push_back(s);
      pay(h2, 0.5, b.high_win, b.high_tie);
      pay(l2, 0.5, b.low_win, b.low_tie);
    }
    return got;
  });
}

bool equals_brute(const Brute& b, const EquityResult& r) {
  bool ok = r.outcomes == b.outcomes;
  std::uint64_t share_sum = 0;
  for (std::size_t i = 0; ok && i < r.players.size(); ++i) {
    const PlayerCounts& c = r.players[i];
    ok = c.high_win == static_cast<std::uint64_t>(b.high_win[i]) && c.high_tie == static_cast<std::uint64_t>(b.high_tie[i]) &&
         c.low_win == static_cast<std::uint64_t>(b.low_win[i]) && c.low_tie == static_cast<std::uint64_t>(b.low_tie[i]) &&
         c.scoop == static_cast<std::uint64_t>(b.scoop[i]) &&
         std::fabs(static_cast<double>(c.share) / kShareUnits - b.share[i]) < 1e-6;
    share_sum += c.share;
  }
  return ok && share_sum == r.outcomes * kShareUnits;
}

// Every combination of declarations of a spot, with and without tie_keeps_half:
// f(rq) for each, counting the sets where it returns false.
template <class F>
int every_declaration(EquityRequest rq, int& total, const F& f) {
  const std::size_t n = rq.hands.size();
  std::size_t combos = 1;
  for (std::size_t i = 0; i < n; ++i) combos *= 3;
  int bad = 0;
  for (int keeps = 0; keeps < 2; ++keeps) {
    for (std::size_t k = 0; k < combos; ++k) {
      rq.declarations.clear();
      for (std::size_t i = 0, x = k; i < n; ++i, x /= 3) rq.declarations.push_back(static_cast<Declaration>(x % 3));
      rq.tie_keeps_half = keeps == 1;
      ++total;
      if (!f(rq)) ++bad;
    }
  }
  return bad;
}

// Declared exact = the brute force for every set of declarations, by the
// automatic method (heads-up: counting) and by enumeration.
void compare_declared(const char* label, const EquityRequest& spot) {
  int total = 0;
  const int bad = every_declaration(spot, total, [](EquityRequest rq) {
    const Brute b = brute_declared(rq);
    const EquityMethod expected = rq.hands.size() == 2 ? EquityMethod::Count : EquityMethod::Enumerate;
    const EquityResult r = equity(rq);
    rq.method = EquityMethod::Enumerate;
    const EquityResult e = equity(rq);
    return r.exact && r.method == expected && equals_brute(b, r) && e.method == EquityMethod::Enumerate &&
           equals_brute(b, e);
  });
  check(bad == 0, std::string("declared exact = brute force: ") + label + " (" + std::to_string(bad) + " of " +
                      std::to_string(total) + " declaration sets differ)");
}

}  // namespace


bool same_counts(const EquityResult& a, const EquityResult& b) {
  if (a.outcomes != b.outcomes || a.players.size() != b.players.size()) return false;
  for (std::size_t i = 0; i < a.players.size(); ++i) {
    const PlayerCounts &x = a.players[i], &y = b.players[i];
    if (x.high_win != y.high_win || x.high_tie != y.high_tie || x.low_win != y.low_win || x.low_tie != y.low_tie ||
        x.scoop != y.scoop || x.share != y.share || x.share_high != y.share_high || x.share_sq != y.share_sq)
      return false;
  }
  return true;
}

// Counting equals enumeration, count for count.
void compare_methods(const std::string& label, EquityRequest rq) {
  rq.method = EquityMethod::Count;
  const EquityResult c = equity(rq);
  rq.method = EquityMethod::Enumerate;
  rq.max_outcomes = ~std::uint64_t{0};
  const EquityResult e = equity(rq);
  check(c.method == EquityMethod::Count && e.method == EquityMethod::Enumerate && same_counts(c, e),
        "counting = enumeration: " + label + " (" + std::to_string(e.outcomes) + " outcomes)");
}

// Positional wild cards: exact = the brute force dealt in every order, as
// fractions (an exact run weights each completion by its placings on the
// named places, the brute force by every order of all the cards to come);
// counting = enumeration, count for count.
void compare_positional(const std::string& label, EquityRequest rq) {
  const Brute b = brute(rq);
  const EquityResult r = equity(rq);
  bool ok = r.exact && r.stop == EquityStop::Complete && r.players.size() == rq.hands.size() && b.outcomes > 0;
  auto same = [&](std::uint64_t count, double brute_count) {  // count / r.outcomes == brute_count / b.outcomes
    return static_cast<u128>(count) * b.outcomes ==
           static_cast<u128>(static_cast<std::uint64_t>(brute_count)) * r.outcomes;
  };
  for (std::size_t i = 0; ok && i < r.players.size(); ++i) {
    const PlayerCounts& c = r.players[i];
    ok = same(c.high_win, b.high_win[i]) && same(c.high_tie, b.high_tie[i]) && same(c.low_win, b.low_win[i]) &&
         same(c.low_tie, b.low_tie[i]) && same(c.scoop, b.scoop[i]) &&
         std::fabs(static_cast<double>(c.share) / kShareUnits / static_cast<double>(r.outcomes) -
                   b.share[i] / static_cast<double>(b.outcomes)) < 1e-12;
  }
  check(ok, "positional exact = brute force in every order: " + label + " (" + std::to_string(b.outcomes) +
                " ordered outcomes, " + std::to_string(r.outcomes) + " weighted)");
  const int size = sides_of(rq).size;  // counting: heads-up, at most five cards to come each, no card in the middle
  if (rq.hands.size() == 2 && !short_deck(rq) && size - static_cast<int>(rq.hands[0].size()) <= 5 &&
      size - static_cast<int>(rq.hands[1].size()) <= 5) {
    compare_methods("positional: " + label, rq);
  }
}

// Declared counting equals declared enumeration, count for count, for every
// set of declarations with and without tie_keeps_half.
void compare_methods_declared(const std::string& label, const EquityRequest& spot) {
  int total = 0;
  const int bad = every_declaration(spot, total, [](EquityRequest rq) {
    rq.method = EquityMethod::Count;
    const EquityResult c = equity(rq);
    rq.method = EquityMethod::Enumerate;
    rq.max_outcomes = ~std::uint64_t{0};
    const EquityResult e = equity(rq);
    return c.method == EquityMethod::Count && e.method == EquityMethod::Enumerate && same_counts(c, e);
  });
  check(bad == 0, "declared counting = enumeration: " + label + " (" + std::to_string(bad) + " of " +
                      std::to_string(total) + " declaration sets differ)");
}

std::uint64_t lcg(std::uint64_t& x) {
  x = x * 6364136223846793005ull + 1442695040888963407ull;
  return x >> 33;
}

// A random heads-up spot: `known` cards each (and `dead` dead cards).
EquityRequest random_spot(EquityGame g, int known_a, int known_b, int dead, std::uint64_t& seed) {
  std::vector<std::uint8_t> deck(52);
  for (int i = 0; i < 52; ++i) deck[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  for (int i = 51; i > 0; --i) std::swap(deck[static_cast<std::size_t>(i)], deck[lcg(seed) % static_cast<std::uint64_t>(i + 1)]);
  EquityRequest rq;
  rq.game = g;
  std::size_t at = 0;
  for (int k : {known_a, known_b}) {
    rq.hands.emplace_back(deck.begin() + static_cast<std::ptrdiff_t>(at), deck.begin() + static_cast<std::ptrdiff_t>(at + static_cast<std::size_t>(k)));
    at += static_cast<std::size_t>(k);
  }
  rq.dead.assign(deck.begin() + static_cast<std::ptrdiff_t>(at), deck.begin() + static_cast<std::ptrdiff_t>(at + static_cast<std::size_t>(dead)));
  return rq;
}

std::string spot_text(const EquityRequest& rq) {
  std::string out;
  for (const auto& h : rq.hands) {
    out += out.empty() ? "" : " | ";
    for (auto c : h) out += card_text(c);
  }
  return out;
}

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  using G = EquityGame;
  test_int128();
  // Exact = brute force (heads-up spots are counted, the others enumerated),
  // and the enumerator alone on the same spots.
  std::vector<std::pair<const char*, EquityRequest>> spots = {
      {"stud high, 6+6 known", request(G::SevenCardStud, {"As Ad 7c 7d 2h 9s", "Kc Kd Ks 3c 4c 5c"}, "Qh Jh")},
      {"stud 8, 6+6 known", request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c"})},
      {"stud 8, 3 players 6 known", request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c", "6d 7d 2d 3h Td Jd"})},
      {"lowball, draw 1 vs pat", request(G::Lowball, {"Ah 2c 3d 4s", "7c 6d 5h 3c 2d"})},
      {"lowball, draw 1 vs draw 1", request(G::Lowball, {"Ah 2c 3d 4s", "7c 6d 5h 3c"})},
      {"deuce-to-seven, draw 1 vs pat", request(G::DeuceToSevenDraw, {"7h 5h 4h 3h", "8c 6d 5d 4c 2s"})},
      {"stud 8 locked scoop", request(G::SevenCardStud8, {"Ac 2c 3c 4c 5c Kd", "Kc Kh 9s 9h 8c 8h"})},
      {"five-card stud, 3+3 known", request(G::FiveCardStud, {"As Kd 7c", "Qs Qd 2h"}, "Ac Kc 9s 9h")},
      {"five-card stud, 3 players", request(G::FiveCardStud, {"As Kd 7c 2c", "Qs Qd 2h 3h", "Jc Tc 9c"})},
      {"jackpots, draw 3 vs draw 1", request(G::Jackpots, {"Jh Jd", "Ts 9s 8s 7s"}, "2c 3c 4c 5d 6d 7d 8d 9d Qc Kc Ac 2h 3h 4h 5h 6h 7h 8h 9h")},
      {"mexican stud, hole first", request(G::MexicanStud, {"5c Ad Kd 9h", "9c Qs Qh 2d"})},
      {"mexican stud, 3 players", request(G::MexicanStud, {"5c Ad Kd 9h", "9c Qs Qh 2d", "Td 3s 3c 4s"})},
  };
  for (Ranking low : {Ranking::DeuceToSeven, Ranking::AceToSix, Ranking::AceToFive}) {
    EquityRequest rq = request(G::SevenCardStudHighLow, {"7h 5c 4d 3s Ks Kh", "As 2s 3c 4c 6s 9d"}, "2c 2d");
    rq.low = low;
    spots.emplace_back("stud high-low, 6+6 known", rq);
    rq = request(G::FiveCardStud, {"As 2d 7c", "Qs 3d 4h"}, "Ac Kc 9s 9h");
    rq.low = low;
    spots.emplace_back("five-card stud high-low, 3+3 known", rq);
    rq = request(G::MexicanStud, {"5c Ad Kd 9h", "9c Qs 2h 3d"});
    rq.low = low;
    spots.emplace_back("mexican stud high-low, hole first", rq);
    rq.wild_low = WildLow::BestRank;
    spots.emplace_back("mexican stud high-low, wild cards the best rank", rq);
  }
  {
    EquityRequest rq = request(G::SevenCardStudHighLow, {"7h 5c 4d 3s Ks Kh", "As 2s 3c 4c 6s 9d"}, "2c 2d");
    rq.low = Ranking::High;  // the default: deuce-to-seven
    spots.emplace_back("stud high-low, the default low", rq);
  }
  {
    EquityRequest rq = request(G::SevenCardStud, {"2c Ad 7c 7d 9s", "Kc Kd 3s 3c 4c"});
    rq.wild = wild_ranks_mask(1);  // deuces wild
    spots.emplace_back("stud, deuces wild, 5+5 known", rq);
    rq = request(G::SevenCardStud8, {"2c Ad 7c 7d 9s 3h", "Kc Kd 3s 3c 4c 6d"});
    rq.wild = wild_ranks_mask(1);
    spots.emplace_back("stud 8, deuces wild, 6+6 known", rq);
    rq = request(G::SevenCardStud, {"Jk Ad 7c 7d 9s 3h", "Kc Kd 3s 3c 4c 6d"});
    rq.joker = true;
    spots.emplace_back("stud with the bug, 6+6 known", rq);
    rq.joker_rule = JokerRule::Wild;
    spots.emplace_back("stud with a wild joker, 6+6 known", rq);
    rq = request(G::Jackpots, {"Ah Ad", "Ks Kd Kc 5h"}, "2c 3c 4c 5d 6d 7d 8d 9d Qc Jc Tc 2h 3h 4h 5s 6h 7h 8h 9h");
    rq.joker = true;
    spots.emplace_back("jackpots with the bug, draw 3 vs draw 1", rq);
  }
  for (const char* first : {"Ah 2c 3d 4s", "Jk 2c 3d 4s", "Jk 2c 3d"}) {
    EquityRequest rq = request(G::Lowball, {first, "7c 6d 5h 3c 2d"});
    rq.joker = true;
    spots.emplace_back("lowball with the bug", rq);
  }
  // Stud 8 with other qualifiers: nine (the spot's lows 9-high and 8-high
  // both qualify), five, the king; with the joker as the bug and deuces wild
  // (zeros, and the best rank); three players.
  static std::deque<std::string> labels;  // the spots' labels live to the end
  auto label_of = [&](const std::string& text) { return labels.emplace_back(text).c_str(); };
  for (const int q : {9, 5, 13, 7}) {
    const std::string label = "stud 8, qualifier " + std::to_string(q);
    EquityRequest rq = request(G::SevenCardStud8, {"Ah 2c 3d 9s 8c Kh", "Kd Kc 6s 9h 4c 5c"});
    rq.qualifier = q;
    spots.emplace_back(label_of(label + ", 6+6 known"), rq);
    rq = request(G::SevenCardStud8, {"Ah 2c 3d 9s 8c Kh", "Kd Kc 6s 9h 4c 5c", "Th Js 7d 6d 5d"});
    rq.qualifier = q;
    spots.emplace_back(label_of(label + ", 3 players"), rq);
    rq = request(G::SevenCardStud8, {"Ah 3c 9d Ts 8c Kh", "Kd Kc 6s Jh 4c 5c"});
    rq.qualifier = q;
    rq.joker = true;
    spots.emplace_back(label_of(label + ", the joker as the bug"), rq);
    rq.joker = false;
    rq.wild = wild_ranks_mask(1);  // deuces wild, zeros in the low
    spots.emplace_back(label_of(label + ", deuces wild"), rq);
    rq.wild_low = WildLow::BestRank;
    spots.emplace_back(label_of(label + ", deuces wild as the best rank"), rq);
  }
  if (!quick) {
    spots.emplace_back("stud 8, 5+6 known", request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c 5c"}, "Qd"));
    spots.emplace_back("lowball, draw 2 vs draw 1", request(G::Lowball, {"Ah 2c 3d", "7c 6d 5h 3c"}));
    spots.emplace_back("deuce-to-seven, draw 1 vs draw 2", request(G::DeuceToSevenDraw, {"7h 5h 4h 3h", "8c 6d 5d"}));
    spots.emplace_back("stud high, 3 players 6 known", request(G::SevenCardStud, {"As Ad 7c 7d 2h 9s", "Kc Kd Ks 3c 4c 5c", "8h 9h Th Jh 2s 3s"}));
    spots.emplace_back("five-card stud, 2+2 known", request(G::FiveCardStud, {"As Kd", "Qs Qd"}, "Ac Kc 9s 9h 8c 8d 7h 7s 6c 6d 5h 5s 4c 4d 3h 3s 2c 2d Jh Js"));
  }
  for (auto& [label, rq] : spots) {
    compare_exact(label, rq);
    rq.method = EquityMethod::Enumerate;
    compare_exact((std::string(label) + ", enumerated").c_str(), rq);
  }

  // Counting = enumeration on random heads-up spots of every game and street.
  {
    std::uint64_t seed = 2026;
    struct Street {
      G game;
      int known;
      int dead;
    };
    std::vector<Street> streets = {
        {G::SevenCardStud8, 6, 4}, {G::SevenCardStud8, 5, 8}, {G::SevenCardStud, 6, 2}, {G::SevenCardStud, 5, 10},
        {G::SevenCardStudHighLow, 6, 0}, {G::SevenCardStudHighLow, 5, 12}, {G::Lowball, 4, 0}, {G::Lowball, 3, 10},
        {G::DeuceToSevenDraw, 4, 3}, {G::DeuceToSevenDraw, 3, 12}, {G::Jackpots, 4, 0}, {G::Jackpots, 3, 14},
        {G::FiveCardStud, 4, 0}, {G::FiveCardStud, 3, 16}, {G::MexicanStud, 4, 2}, {G::MexicanStud, 3, 20},
    };
    if (!quick) {
      streets.push_back({G::SevenCardStud8, 4, 0});   // fourth street: 81 M outcomes
      streets.push_back({G::Lowball, 2, 20});
    }
    for (const Street& st : streets) {
      for (int rep = 0; rep < (quick ? 1 : 3); ++rep) {
        EquityRequest rq = random_spot(st.game, st.known, st.known - (rep % 2), st.dead, seed);
        if (st.game == G::SevenCardStudHighLow) rq.low = rep == 0 ? Ranking::DeuceToSeven : rep == 1 ? Ranking::AceToSix : Ranking::AceToFive;
        if (st.game == G::FiveCardStud || st.game == G::MexicanStud)  // high only, then high-low
          rq.low = rep == 0 ? Ranking::High : rep == 1 ? Ranking::AceToSix : Ranking::DeuceToSeven;
        if (rep == 2 && st.game != G::MexicanStud) rq.wild = wild_ranks_mask(1);
        rq.threads = 2;
        compare_methods(std::string(sides_of(rq).high ? "" : "") + spot_text(rq), rq);
      }
    }
  }

  // Declared counting = enumeration on random heads-up spots of every
  // high-low game: plain, with dead hands (penalty cards: a high of 0 too)
  // and with wild cards.
  {
    std::uint64_t seed = 4242;
    struct Street {
      G game;
      Ranking low;
      int known;
      int dead;
    };
    std::vector<Street> streets = {
        {G::SevenCardStud8, Ranking::High, 6, 4},
        {G::SevenCardStud8, Ranking::High, 5, 12},
        {G::SevenCardStudHighLow, Ranking::DeuceToSeven, 6, 0},
        {G::SevenCardStudHighLow, Ranking::AceToSix, 5, 14},
        {G::SevenCardStudHighLow, Ranking::AceToFive, 6, 8},
        {G::FiveCardStud, Ranking::AceToSix, 4, 0},
        {G::FiveCardStud, Ranking::DeuceToSeven, 3, 18},
        {G::FiveCardStud, Ranking::AceToFive, 3, 24},
        {G::MexicanStud, Ranking::AceToSix, 4, 2},
        {G::MexicanStud, Ranking::AceToFive, 3, 24},
    };
    if (!quick) {
      streets.push_back({G::SevenCardStud8, Ranking::High, 5, 4});
      streets.push_back({G::SevenCardStudHighLow, Ranking::DeuceToSeven, 5, 6});
      streets.push_back({G::FiveCardStud, Ranking::AceToFive, 2, 20});
    }
    for (const Street& st : streets) {
      for (int rep = 0; rep < (quick ? 2 : 4); ++rep) {
        EquityRequest rq = random_spot(st.game, st.known, st.known - (rep % 2), st.dead, seed);
        rq.low = st.low;
        std::string what;
        if (rep == 1) {
          rq.penalty = card_bit(cards("7c")[0]) | card_bit(cards("7d")[0]) | card_bit(cards("7h")[0]) |
                       card_bit(cards("7s")[0]) | card_bit(cards("Kh")[0]);
          what = ", dead hands";
        } else if (rep == 2) {
          rq.penalty = card_bit(cards("7c")[0]) | card_bit(cards("7d")[0]) | card_bit(cards("Kh")[0]);
          rq.penalty_rule = PenaltyRule::VoidCard;
          what = ", void cards";
        } else if (rep == 3 && st.game != G::MexicanStud) {
          rq.wild = wild_ranks_mask(1);
          what = ", deuces wild";
        }
        rq.threads = 2;
        compare_methods_declared(spot_text(rq) + what, rq);
      }
    }
  }

  // Ranges: counting = enumeration with weighted members; a one-member range
  // equals the same cards given as known.
  {
    EquityRequest rq = request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c", "Kd 9s 9h"});
    EquityRange r;
    r.hidden = 2;
    r.cards = cards("Kc Ks Qc Qs 5c 6c 2h 2d");  // the two down cards of hand 2
    r.weights = {3, 1, 2, 1};
    rq.ranges = {EquityRange{}, r};
    rq.threads = 2;
    compare_methods("stud 8 fifth street, weighted hole cards", rq);
    compare_methods_declared("stud 8 fifth street, weighted hole cards", rq);
    // Fine weights (seven decimals, as Python scales 0.3333333 and 0.1): the pot's units pass
    // 2^64 and are counted in 128 bits (was: an overflow error); they add up to every outcome's.
    {
      EquityRequest fine = request(G::SevenCardStud, {"Ah 2c 3d 4d 5d", "Ks Kd Kh"});
      EquityRange qj;
      qj.hidden = 2;
      qj.cards = cards("Qc Qd Qc Qh Qc Qs Qd Qh Qd Qs Qh Qs Jc Jd Jc Jh Jc Js Jd Jh Jd Js Jh Js");
      qj.weights = {3333333, 3333333, 3333333, 3333333, 3333333, 3333333, 1000000, 1000000, 1000000, 1000000, 1000000, 1000000};
      fine.ranges = {EquityRange{}, qj};
      const EquityResult r = equity(fine);
      const u128 units = (static_cast<u128>(r.players[0].share_high) << 64) + r.players[0].share +
                         (static_cast<u128>(r.players[1].share_high) << 64) + r.players[1].share;
      check(r.method == EquityMethod::Count && r.players[0].share_high + r.players[1].share_high > 0 &&
                units == static_cast<u128>(r.outcomes) * kShareUnits,
            "counting with fine range weights keeps the pot's units in 128 bits");
    }
    // Enumeration too (three players): the weights times 2^30 make the pot's units pass 2^64,
    // banked in 128 bits (was: refused as too fine); every count is 2^30 times the plain weights'.
    {
      EquityRequest three = request(G::SevenCardStud, {"As Ad 7c 7d 2h 9s", "Kc Kd Ks 3c 4c 5c", "Qh Jh Th 9h"});
      EquityRange pairs;
      pairs.hidden = 2;
      pairs.cards = cards("2d 2s 8s 8h");
      pairs.weights = {3, 1};
      three.ranges = {EquityRange{}, EquityRange{}, pairs};
      three.threads = 2;
      const EquityResult plain = equity(three);
      const std::uint64_t k = std::uint64_t{1} << 30;
      three.ranges[2].weights = {3 * k, k};
      const EquityResult heavy = equity(three);
      bool scaled = plain.method == EquityMethod::Enumerate && heavy.outcomes == plain.outcomes * k;
      std::uint64_t high = 0;
      for (std::size_t i = 0; i < 3; ++i) {
        const PlayerCounts &a = plain.players[i], &b = heavy.players[i];
        scaled = scaled && b.high_win == a.high_win * k && b.high_tie == a.high_tie * k && b.scoop == a.scoop * k &&
                 (static_cast<u128>(b.share_high) << 64) + b.share == static_cast<u128>(a.share) * k;
        high += b.share_high;
      }
      check(scaled && high > 0, "enumeration with heavy range weights keeps the pot's units in 128 bits");
      // Eight players, a card in the middle: each middle card's run stays below 2^64 units, their
      // sum passes it (the royal flush's scoops): adding the runs carries into the high half.
      EquityRequest eight = request(G::SevenCardStud, {"As Ks Qs Js Ts 9s", "Ah Kd Qc Jh Td 9c", "Ad Kc Qh Jd Tc 9h",
                                                        "Ac Kh Qd Jc Th 9d", "8s 7s 6s 5s 4s 3s", "8h 7h 6h 5h 4h 3h",
                                                        "8d 7d 6d 5d 4d 3d", "8c 7c"});
      EquityRange any_two;
      any_two.hidden = 2;
      const char* rest[] = {"6c", "5c", "4c", "3c", "2s", "2h", "2d", "2c"};
      for (int a = 0; a < 8; ++a) {
        for (int b = a + 1; b < 8; ++b) {
          for (const char* c : {rest[a], rest[b]}) any_two.cards.push_back(cards(c)[0]);
          any_two.weights.push_back(1);
        }
      }
      eight.ranges.assign(8, EquityRange{});
      eight.ranges[7] = any_two;
      const EquityResult once = equity(eight);
      const std::uint64_t w = std::uint64_t{1} << 34;
      for (std::uint64_t& x : eight.ranges[7].weights) x = w;
      const EquityResult many = equity(eight);
      const PlayerCounts &one = once.players[0], &all = many.players[0];
      check(once.outcomes == 1680 && one.scoop == 1680 && many.outcomes == 1680 * w && all.share_high > 0 &&
                (static_cast<u128>(all.share_high) << 64) + all.share == static_cast<u128>(one.share) * w,
            "a card in the middle: the runs' 128-bit pot units add up with their carry");
    }
    EquityRange one;
    one.hidden = 2;
    one.cards = cards("Kc Ks");
    one.weights = {1};
    rq.ranges = {EquityRange{}, one};
    const EquityResult via_range = equity(rq);
    const EquityResult via_known = equity(request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c", "Kd 9s 9h Kc Ks"}));
    check(same_counts(via_range, via_known), "a one-member range = its cards known");
    // Mexican stud: a range hides the hole card; its known cards are upcards, so a one-member
    // range is the hand with the member first (it was read with the first upcard as the hole).
    EquityRequest mex = request(G::MexicanStud, {"Kc Kd Ks Ah", "2d 2h 2s"});
    EquityRange hole;
    hole.hidden = 1;
    hole.cards = cards("9c");
    hole.weights = {1};
    mex.ranges = {EquityRange{}, hole};
    check(same_counts(equity(mex), equity(request(G::MexicanStud, {"Kc Kd Ks Ah", "9c 2d 2h 2s"}))),
          "mexican stud: a one-member range = the hand with its hole card first");
    check(!same_counts(equity(mex), equity(request(G::MexicanStud, {"Kc Kd Ks Ah", "2d 2h 2s 9c"}))),
          "mexican stud: a range's first upcard is not its hole card");
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
    check(same_counts(one, three) && !one.exact, "Monte Carlo: same seed, same counts on 1 and 3 threads");
    const double p = static_cast<double>(exact.players[0].scoop) / static_cast<double>(exact.outcomes);
    const double q = static_cast<double>(one.players[0].scoop) / static_cast<double>(one.outcomes);
    const double se = std::sqrt(p * (1 - p) / static_cast<double>(one.outcomes));
    check(std::fabs(p - q) < 4 * se, "Monte Carlo scoop within 4 standard errors of exact");
    rq.seed = 8;
    const EquityResult other = equity(rq);
    check(other.players[0].share != one.players[0].share, "Monte Carlo: another seed, other counts");
  }

  // Stopping: the progress callback and the poll stop a run; a stopped Monte
  // Carlo run is the prefix of the full one; a standard-error target stops.
  {
    EquityRequest rq = request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c"});
    int calls = 0;
    std::uint64_t last = 0, last_total = 1;
    EquityHooks hooks;
    hooks.progress = [&](std::uint64_t done, std::uint64_t total) {
      ++calls;
      last = done;
      last_total = total;
      return true;
    };
    const auto started = std::chrono::steady_clock::now();
    const EquityResult r = equity(rq, hooks);
    const auto quarters = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count() / 250;
    // Each sixteenth, each quarter second, the end: no more.
    check(r.stop == EquityStop::Complete && calls >= 1 && calls <= 17 + quarters + 1 && last == last_total,
          "progress called, ends at total");
    rq = request(G::SevenCardStud8, {"Ah 2c 3d", "Kd Kc 9s"});
    rq.samples = 40'000'000;
    rq.seed = 3;
    EquityHooks stop_soon;
    int polls = 0;
    stop_soon.poll = [&] { return ++polls < 4; };
    const EquityResult stopped = equity(rq, stop_soon);
    check(stopped.stop == EquityStop::Stopped && stopped.outcomes > 0 && stopped.outcomes < rq.samples &&
              stopped.outcomes % kEquityBlock == 0,
          "poll returning false stops Monte Carlo with whole blocks (" + std::to_string(stopped.outcomes) + ")");
    EquityRequest prefix = rq;
    prefix.samples = stopped.outcomes;
    prefix.threads = 2;
    check(same_counts(equity(prefix), stopped), "a stopped run equals the full run of its sample count");
    EquityRequest exact = request(G::SevenCardStud8, {"Ah 2c 3d 8s", "Kd Kc 9s 9h"});
    exact.method = EquityMethod::Enumerate;
    polls = 0;
    check(equity(exact, stop_soon).stop == EquityStop::Stopped, "poll returning false stops an enumeration");
    // A hook that throws while the workers run: the pool halts and joins them, and the
    // exception reaches the caller (was: ~vector<thread> over joinable threads, std::terminate;
    // Python ends a thread so, with a forced unwind, at the interpreter's shutdown).
    for (const bool sampled : {true, false}) {
      EquityRequest long_run = sampled ? rq : exact;
      if (sampled) long_run.samples = 40'000'000;
      long_run.target_stderr = 0;
      long_run.threads = 2;
      EquityHooks throwing;
      int throwing_polls = 0;
      throwing.poll = [&]() -> bool {
        if (++throwing_polls == 3) throw std::runtime_error("a hook's error");
        return true;
      };
      bool reached = false;
      try {
        equity(long_run, throwing);
      } catch (const std::runtime_error& e) {
        reached = std::strcmp(e.what(), "a hook's error") == 0;
      }
      check(reached, std::string("a hook's exception unwinds the pool and reaches the caller (") +
                         (sampled ? "Monte Carlo" : "enumeration") + ")");
    }
    rq.samples = 0;
    rq.target_stderr = 0.002;
    const EquityResult target = equity(rq);
    const double n = static_cast<double>(target.outcomes);
    const double mean = static_cast<double>(target.players[0].share) / kShareUnits / n;
    const double sq = target.players[0].share_sq / (static_cast<double>(kShareUnits) * kShareUnits) / n;
    const double se = std::sqrt((sq - mean * mean) / (n - 1));
    check(target.stop == EquityStop::Target && se <= 0.002 && se > 0.0015,
          "a standard-error target stops near it (" + std::to_string(se) + ", " + std::to_string(target.outcomes) + " samples)");
    // A target the samples run out before: stop Samples, not Complete; the progress hook is
    // called at the end (was: Complete, and no call at the end of a run the time stopped).
    EquityRequest capped = rq;
    capped.target_stderr = 1e-6;
    capped.samples = 40'000;
    std::uint64_t at_end = 0;
    EquityHooks watch;
    watch.progress = [&](std::uint64_t done, std::uint64_t) {
      at_end = done;
      return true;
    };
    const EquityResult ran_out = equity(capped, watch);
    check(ran_out.stop == EquityStop::Samples && ran_out.outcomes == 40'000 && at_end == 40'000,
          "a standard-error target the samples run out before ends with stop Samples, progress at the end");
    EquityRequest timed = rq;
    timed.target_stderr = 0;
    timed.samples = 0;
    timed.seconds = 0.05;
    at_end = 0;
    const EquityResult time_up = equity(timed, watch);
    check(time_up.stop == EquityStop::Time && time_up.outcomes > 0 && at_end == time_up.outcomes,
          "a run the time limit stops calls progress at the end with its samples");
  }

  // A time limit that is up before a worker thread runs still draws the first block (was: with
  // the CPUs busy, about one run in four here ended with no sample). Busy threads, two per core,
  // make the worker wait for a core while the limit passes.
  {
    std::atomic<bool> busy{true};
    std::vector<std::thread> spinners;
    for (unsigned i = 0; i < 2 * std::max(1u, std::thread::hardware_concurrency()); ++i) {
      spinners.emplace_back([&busy] {
        volatile std::uint64_t spins = 0;
        while (busy.load(std::memory_order_relaxed)) spins = spins + 1;
      });
    }
    EquityRequest rq = request(G::SevenCardStud, {"As Kd", "Qs Qd"});
    rq.seconds = 1e-9;
    const int runs = quick ? 100 : 300;
    int empty = 0;
    for (int i = 0; i < runs; ++i) {
      const EquityResult r = equity(rq);
      empty += r.outcomes == 0 || r.stop != EquityStop::Time ? 1 : 0;
    }
    busy = false;
    for (auto& spinner : spinners) spinner.join();
    check(empty == 0, "a time limit of a nanosecond draws a block of samples: " + std::to_string(empty) + " of " +
                          std::to_string(runs) + " runs drew none (or did not stop on time)");
  }

  // Bad input.
  {
    EquityRequest rq = request(G::SevenCardStud, {"As Kd", "Qs Qd"});
    rq.qualifier = 9;
    expect_throw("a qualifier in seven-card stud", [&] { equity(rq); }, "seven-card-stud-8 only");
    rq = request(G::SevenCardStud8, {"As Kd", "Qs Qd"});
    rq.qualifier = 14;
    expect_throw("a qualifier over the king", [&] { equity(rq); }, "5 to 13");
    rq.qualifier = 4;
    expect_throw("a qualifier under five", [&] { equity(rq); }, "5 to 13");
  }
  expect_throw("duplicate across hands", [&] { equity(request(G::SevenCardStud, {"As Kd", "As Qd"})); }, "duplicate card As");
  expect_throw("duplicate with dead", [&] { equity(request(G::SevenCardStud, {"As Kd", "Qs Qd"}, "Kd")); }, "dead");
  expect_throw("too many cards", [&] { equity(request(G::Lowball, {"As 2d 3c 4h 5s 6s", "Kd"})); }, "at most 5");
  expect_throw("deck too small", [&] {
    equity(request(G::SevenCardStud, {"", "", "", "", "", "", "", "", ""}));  // 9 x 6 + 1 > 52
  }, "only 52");
  // Eight-handed stud, sixth street: 48 cards out, one card in the middle for everyone (the rules, 5.1).
  {
    EquityRequest rq = request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c 4d", "Kd Kc 9s 9h 4c 5c", "As Ad 7c 7d 2h 9c",
                                                   "Qc Qd Qs 3c 6c Tc", "2d 3h 4h 5d 6h Jc", "Jd Js Th Td 5s 6s",
                                                   "2s 3s 4s 7s 8d 9d", "5h 6d 7h 8h Jh Qh"});
    const EquityResult exact = equity(rq);
    std::uint64_t share = 0;
    for (const auto& c : exact.players) share += c.share;
    check(exact.exact && exact.outcomes == 4 && share == 4 * kShareUnits, "eight-handed stud: the community card, 4 outcomes");
    rq.samples = 40'000;
    rq.seed = 1;
    const EquityResult mc = equity(rq);
    const double p = static_cast<double>(exact.players[4].share) / static_cast<double>(4 * kShareUnits);
    const double q = static_cast<double>(mc.players[4].share) / static_cast<double>(40'000 * kShareUnits);
    check(std::fabs(p - q) < 0.02, "eight-handed stud, Monte Carlo near exact");
  }
  expect_throw("one hand", [&] { equity(request(G::SevenCardStud, {"As"})); }, "2 to 16");
  expect_throw("too many outcomes", [&] { equity(request(G::SevenCardStud8, {"As 2d 3c", "Kd Kc 9s", "Qs Qh 4d"})); }, "samples=");
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
  expect_throw("joker not in a 52-card deck", [&] { equity(request(G::Lowball, {"Jk 2d 3c", "Kd 2c 3d 4d"})); },
               "not in the deck");
  expect_throw("threads", [&] {
    auto rq = request(G::Lowball, {"As 2d 3c", "Kd 2c 3d 4d"});
    rq.threads = 0;
    equity(rq);
  }, "threads");
  expect_throw("samples", [&] {
    auto rq = request(G::Lowball, {"As 2d 3c", "Kd 2c 3d 4d"});
    rq.samples = ~std::uint64_t{0};
    equity(rq);
  }, "2**43");
  expect_throw("empty range", [&] {
    auto rq = request(G::SevenCardStud, {"As 2d 3c", "Kd"});
    EquityRange r;
    r.hidden = 2;
    r.cards = cards("As Ad");
    r.weights = {1};
    rq.ranges = {EquityRange{}, r};
    equity(rq);
  }, "empty");
  expect_throw("weights that would overflow", [&] {
    auto rq = request(G::SevenCardStud, {"As Ks Qs Js 2c 3c", "Kd 9s 9h 4c 5c", "Qd 8s 8h 4d 5d"});
    EquityRange r;
    r.hidden = 1;
    r.cards = cards("2h 3h");
    r.weights = {std::uint64_t{1} << 40, 1};
    rq.ranges = {EquityRange{}, r, r};
    rq.method = EquityMethod::Enumerate;
    equity(rq);
  }, "too fine");
  {
    auto rq = request(G::SevenCardStud8, {"As 2d 3c", "Kd Kc 9s"});
    check(equity_outcomes(rq) == 163185ull * 111930ull, "outcome count, third street heads-up");
  }
  // Every card out but `live`: the rest are dead.
  auto dead_but = [](const char* live) {
    std::uint64_t in = 0;
    for (const std::uint8_t c : cards(live)) in |= std::uint64_t{1} << c;
    std::vector<std::uint8_t> out;
    for (int c = 0; c < 52; ++c)
      if (!((in >> c) & 1)) out.push_back(static_cast<std::uint8_t>(c));
    return out;
  };
  {  // Positional wild cards multiply a member's weight by its placings: a leaf loop's pot units
     // passed 2^64 while the check (range weights only) let it run, and the enumeration came out
     // 2^64 units off the count (was: silently). Now enumeration equals counting or refuses.
    EquityRequest rq = request(G::SevenCardStud, {"As Ad", "2c 7d"});
    rq.dead = dead_but("As Ad Ah Ac 2c 7d 3h 9s 5s 5h 5d Kc Kd Qh Jc Td 8c 6h 4d 4s");
    rq.positional = PositionalRule::HoleCard;
    EquityRange a, b;
    a.hidden = b.hidden = 2;
    a.cards = cards("Ah Ac");
    b.cards = cards("3h 9s");
    a.weights = b.weights = {76543};
    rq.ranges = {a, b};
    rq.method = EquityMethod::Count;
    const EquityResult c = equity(rq);
    rq.method = EquityMethod::Enumerate;
    std::string refused;
    bool same = false;
    try {
      same = same_counts(c, equity(rq));
    } catch (const EquityOptionError& e) {
      refused = e.what();
    }
    const u128 units = (static_cast<u128>(c.players[0].share_high) << 64) + c.players[0].share +
                       (static_cast<u128>(c.players[1].share_high) << 64) + c.players[1].share;
    check(units == static_cast<u128>(c.outcomes) * kShareUnits && c.players[0].share_high > 0 &&
              (same || refused.find("too fine") != std::string::npos),
          "positional wild cards, heavy weights: enumeration = counting, or refused as too fine ('" + refused + "')");
  }
  {  // Counting adds B's weights in 64 bits (signed): weights of 2^62 + 1 (the C++ API takes any)
     // passed 2^63 and came out wrong (was: silently); refused now, 2^60 + 1 counted exactly.
    auto spot = [&](std::uint64_t w) {
      EquityRequest rq = request(G::SevenCardStud, {"As Ks Qs Js Ts 2d 3d", "2c 7d"});  // a royal flush, complete
      rq.dead = dead_but("As Ks Qs Js Ts 2d 3d 2c 7d 3h 9s 4c 5c 6c 8c");  // B's three to come of four: 4 ways
      EquityRange r;
      r.hidden = 2;
      r.cards = cards("3h 9s");
      r.weights = {w};
      rq.ranges = {EquityRange{}, r};
      rq.method = EquityMethod::Count;
      return rq;
    };
    expect_throw("counting, weights whose sum passes 2^63", [&] { equity(spot((std::uint64_t{1} << 62) + 1)); },
                 "too fine");
    const std::uint64_t w = (std::uint64_t{1} << 60) + 1;
    const EquityResult r = equity(spot(w));
    check(r.outcomes == 4 * w && r.players[0].high_win == 4 * w && r.players[1].high_win == 0 &&
              r.players[0].scoop == 4 * w,
          "counting, weights of 2^60 + 1: every outcome A's, counted exactly");
  }

  // Positional wild cards: exact (counted heads-up, else enumerated) = the
  // brute force dealt in every order, on decks cut down by dead cards (a
  // fixed random choice, the joker kept where it is in the deck).
  {
    auto cut = [](EquityRequest rq, int left, std::uint64_t seed, const char* keep = "") {
      std::vector<bool> out(52, false);
      for (const auto& h : rq.hands)
        for (auto c : h)
          if (c < 52) out[c] = true;
      for (auto c : cards(keep)) out[c] = true;  // (kept in the deck: not counted as taken below)
      left -= static_cast<int>(cards(keep).size());
      int in_deck = 0;
      for (int c = 0; c < 52; ++c) in_deck += !out[static_cast<std::size_t>(c)];
      in_deck += rq.joker;
      while (in_deck > left) {
        const auto c = static_cast<std::size_t>(lcg(seed) % 52);
        if (out[c]) continue;
        out[c] = true;
        rq.dead.push_back(static_cast<std::uint8_t>(c));
        --in_deck;
      }
      return rq;
    };
    using P = PositionalRule;
    const std::pair<P, const char*> rules[] = {
        {P::HoleCard, "hole card"}, {P::LowestHoleCard, "lowest hole card"}, {P::FirstCard, "first card"},
        {P::ThirdCard, "third card"}, {P::LowestCard, "lowest card"}};
    std::uint64_t seed = 11;
    for (const auto& [rule, name] : rules) {
      EquityRequest rq = cut(request(G::SevenCardStud, {"9s 4h Kd 7c 7d", "Qc 3s Qd 8h 2c"}), 14, seed);
      rq.positional = rule;
      compare_positional(std::string("stud high, 5+5 known, ") + name, rq);
      EquityRequest hl = cut(request(G::SevenCardStud8, {"Ah 6s 3d 8s Kc", "5d Kd 9s 4c 5c"}), 12, seed);
      hl.positional = rule;
      compare_positional(std::string("stud 8, 5+5 known, ") + name, hl);
      EquityRequest five = cut(request(G::FiveCardStud, {"Js 4d", "8c Th"}), 9, seed);
      five.positional = rule;
      five.low = Ranking::AceToSix;
      if (rule != P::LowestHoleCard) compare_positional(std::string("five-card stud high-low, 2+2 known, ") + name, five);
    }
    // Five-card stud, last card down (last_card_down): the first and fifth cards are the down
    // cards, the hole card the fifth, the lowest hole card the lower of the two.
    for (const auto& [rule, name] : rules) {
      EquityRequest rq = cut(request(G::FiveCardStud, {"Js 4d", "8c Th"}), 9, seed);
      rq.positional = rule;
      rq.last_card_down = true;
      compare_positional(std::string("five-card stud, last card down, 2+2 known, ") + name, rq);
      EquityRequest four = cut(request(G::FiveCardStud, {"As 9d Kc 7h", "Qs Qd 3c 4h", "2h 6c Tc"}), 9, seed);
      four.positional = rule;
      four.last_card_down = true;
      four.low = Ranking::AceToFive;
      compare_positional(std::string("five-card stud high-low, last card down, three players, ") + name, four);
    }
    {  // The spot of an outside check: each hand's fifth card (to come, face down) names his wild
       // rank; 6 cards live, A and B split evenly (an independent brute force: 0.5 each), where
       // reading the first card as the hole card gave A 1/15.
      for (const P rule : {P::HoleCard, P::LowestHoleCard}) {
        EquityRequest rq = request(G::FiveCardStud, {"As 9d Kc 7h", "Qs Qd 3c 4h"});
        const auto live = cards("2c 5d 7s 9h Jc Kd");
        for (std::uint8_t c = 0; c < 52; ++c) {
          bool keep = std::find(live.begin(), live.end(), c) != live.end();
          for (const auto& h : rq.hands) keep = keep || std::find(h.begin(), h.end(), c) != h.end();
          if (!keep) rq.dead.push_back(c);
        }
        rq.positional = rule;
        rq.last_card_down = true;
        const EquityResult r = equity(rq);
        check(r.outcomes == 30 && r.players[0].share * 2 == r.outcomes * kShareUnits &&
                  r.players[1].share * 2 == r.outcomes * kShareUnits,
              std::string("five-card stud, last card down, the outside check's spot: half each, ") +
                  (rule == P::HoleCard ? "hole card" : "lowest hole card"));
        rq.last_card_down = false;
        const EquityResult first = equity(rq);
        check(first.players[0].share * 15 == first.outcomes * kShareUnits,
              "five-card stud, first card down only, the same spot: 1/15 to A");
      }
    }
    {  // A range's hidden cards are the first and fifth cards: a one-member range of two hidden
       // cards is its two orders dealt, and Monte Carlo (which deals them in random order) agrees.
      EquityRequest rq = cut(request(G::FiveCardStud, {"Js 4d 9c", "8c Th 7d"}), 12, seed, "Qc 3s");
      rq.positional = P::HoleCard;
      rq.last_card_down = true;
      EquityRange r;
      r.hidden = 2;
      r.cards = cards("Qc 3s");
      r.weights = {1};
      rq.ranges = {EquityRange{}, r};
      const EquityResult got = equity(rq);
      auto share0 = [](const EquityResult& e) {
        return static_cast<double>(e.players[0].share) / kShareUnits / static_cast<double>(e.outcomes);
      };
      EquityRequest a = rq, b = rq;
      a.ranges.clear();
      b.ranges.clear();
      a.hands[1] = cards("Qc 8c Th 7d 3s");  // Qc first, 3s fifth: the hole card a trey
      b.hands[1] = cards("3s 8c Th 7d Qc");  // the hole card a queen
      const double want = (share0(equity(a)) + share0(equity(b))) / 2;
      check(std::fabs(share0(got) - want) < 1e-12, "positional, last card down, a range of two down cards = its two orders");
      rq.samples = 400'000;
      rq.seed = 9;
      const double q = share0(equity(rq));
      check(std::fabs(q - want) < 5 * std::sqrt(want * (1 - want) / 400'000.0) + 1e-9,
            "positional, last card down, Monte Carlo within five standard errors of exact (" + std::to_string(q) +
                " vs " + std::to_string(want) + ")");
    }
    expect_throw("last_card_down in seven-card stud", [&] {
      EquityRequest rq = request(G::SevenCardStud, {"As Ks Qs", "Kd Kc 9s"});
      rq.positional = P::HoleCard;
      rq.last_card_down = true;
      equity(rq);
    }, "five-card-stud only");
    {  // The lowest hole card with two and three of its places still to come.
      EquityRequest rq = cut(request(G::SevenCardStud, {"Td", "Qc 3s Qd 8h 2c 9d"}), 8, seed);
      rq.positional = P::LowestHoleCard;
      compare_positional("stud high, 1+6 known, lowest hole card", rq);
      // (Contested: with Qc 3s Qd 8h 2c 9d against him, the hand of seven wild-card-rich cards won
      // every deal, and the check could not fail.)
      EquityRequest none = cut(request(G::SevenCardStud, {"", "9c 9s 9d 8h 8c 2d"}), 8, seed);
      none.positional = P::HoleCard;
      compare_positional("stud high, 0+6 known, hole card", none);
    }
    {  // Three players (enumerated); the joker (the bug) in the deck, naming no rank.
      EquityRequest rq = cut(request(G::SevenCardStudHighLow, {"7h 5c 4d 3s Ks Kh", "As 2s 3c 4c 6s 9d", "Jh Jc 2d 8d 8c"}), 10, seed);
      rq.positional = P::HoleCard;
      rq.low = Ranking::AceToFive;
      compare_positional("stud high-low, 3 players, hole card", rq);
      EquityRequest jk = cut(request(G::SevenCardStud, {"Jk 9c 4h 4d 6s", "Ts 8c 5h Qd 2h"}), 12, seed);
      jk.joker = true;
      jk.positional = P::LowestHoleCard;
      compare_positional("stud high, the bug as a hole card, lowest hole card", jk);
      EquityRequest jk2 = cut(request(G::SevenCardStud, {"9c Jk 4h 4d 6s", "Ts 8c 5h Qd 2h"}), 12, seed);
      jk2.joker = true;
      jk2.positional = P::HoleCard;
      compare_positional("stud high, the bug as a hole card, hole card", jk2);
      EquityRequest jk3 = cut(request(G::SevenCardStud, {"9c 8h Jk 4d 6s", "Ts 8c 5h Qd 2h"}), 12, seed);
      jk3.joker = true;
      jk3.positional = P::LowestCard;
      compare_positional("stud high, the bug as an upcard, lowest card", jk3);
    }
    {  // The lowest card reads the upcards too: Kd down, 2c 2h 9s 9d up makes the deuces wild
       // (four nines) and beats 5c down with three eights up (four eights); with the lowest hole
       // card the king is wild (a full house) and the eights win. Complete hands: one outcome.
      EquityRequest rq = request(G::FiveCardStud, {"Kd 2c 2h 9s 9d", "5c 8c 8d 8h Qs"});
      rq.positional = P::LowestCard;
      const EquityResult low = equity(rq);
      check(low.outcomes == 1 && low.players[0].share == kShareUnits && low.players[1].share == 0,
            "lowest card: the upcards count (the deuces up are wild)");
      rq.positional = P::LowestHoleCard;
      const EquityResult hole = equity(rq);
      check(hole.outcomes == 1 && hole.players[1].share == kShareUnits, "lowest hole card: the upcards do not");
      // The ace high: 2c names deuces wild (A-A-K-9-7 beats K-K-Q-7-5, the trey wild); were the ace
      // read low, the ace would be wild instead (K-K-9-7-2) and lose.
      rq.hands = {cards("2c Ad 7s 9c Ks"), cards("Kc Qd 7h 5d 3s")};
      rq.positional = P::LowestCard;
      const EquityResult ace = equity(rq);
      check(ace.players[0].share == kShareUnits, "lowest card, the ace high: the deuce names the wild rank");
    }
    // The deck short (seven cards to come, six left): one card in the middle for everyone, no
    // player's hole card; the first hand's third card still to come (its place moves where the
    // exact count puts the middle card among the known cards). Every rule, and a low.
    for (const auto& [rule, name] : rules) {
      EquityRequest rq = cut(request(G::SevenCardStud, {"7h 9s", "Qc 3s Qd 8h 5c"}), 6, seed);
      rq.positional = rule;
      compare_positional(std::string("stud high, the card in the middle, ") + name, rq);
      EquityRequest hl = cut(request(G::SevenCardStud8, {"Ah 6s", "5d Kd 9s 4c 5c", "2h 3h Kc 9c"}), 10, seed);
      hl.positional = rule;
      compare_positional(std::string("stud 8, three players, the card in the middle, ") + name, hl);
    }
    // Monte Carlo agrees with the exact answer (the cards to come dealt in random order).
    for (const auto& [rule, mc_seed, what] : {std::tuple{P::LowestHoleCard, 5, "positional"},
                                             std::tuple{P::LowestCard, 7, "lowest card:"}}) {
      EquityRequest rq = cut(request(G::SevenCardStud, {"9s 4h Kd", "Qc 3s Qd"}), 16, seed);
      rq.positional = rule;
      const EquityResult exact = equity(rq);
      rq.samples = 400'000;
      rq.seed = static_cast<std::uint64_t>(mc_seed);
      const EquityResult mc = equity(rq);
      const double p = static_cast<double>(exact.players[0].share) / kShareUnits / static_cast<double>(exact.outcomes);
      const double q = static_cast<double>(mc.players[0].share) / kShareUnits / static_cast<double>(mc.outcomes);
      check(std::fabs(p - q) < 5 * std::sqrt(p * (1 - p) / 400'000.0) + 1e-9,
            std::string(what) + " Monte Carlo within five standard errors of exact (" + std::to_string(q) +
                " vs " + std::to_string(p) + ")");
    }
    expect_throw("positional in a draw game", [&] {
      EquityRequest rq = request(G::Lowball, {"Ah 2c 3d 4s", "7c 6d 5h 3c 2d"});
      rq.positional = P::FirstCard;
      equity(rq);
    }, "stud games but Mexican stud");
    expect_throw("positional in Mexican stud", [&] {
      EquityRequest rq = request(G::MexicanStud, {"5c Ad Kd 9h", "9c Qs Qh 2d"});
      rq.positional = P::HoleCard;
      equity(rq);
    }, "stud games but Mexican stud");
    {  // Ranges: the hidden cards are the down cards, in an unknown order.
      auto fractions = [](const EquityResult& r) {
        std::vector<long double> f;
        const auto out = static_cast<long double>(r.outcomes);
        for (const PlayerCounts& c : r.players) {
          for (const std::uint64_t x : {c.high_win, c.high_tie, c.low_win, c.low_tie, c.scoop})
            f.push_back(static_cast<long double>(x) / out);
          f.push_back(static_cast<long double>(c.share) / kShareUnits / out);
        }
        return f;
      };
      auto close = [](const std::vector<long double>& a, const std::vector<long double>& b) {
        bool ok = a.size() == b.size();
        for (std::size_t i = 0; ok && i < a.size(); ++i) ok = std::fabs(a[i] - b[i]) < 1e-12L;
        return ok;
      };
      // The weighted average of runs, fraction by fraction.
      auto average = [](const std::vector<std::vector<long double>>& runs, const std::vector<long double>& w) {
        std::vector<long double> avg(runs[0].size(), 0);
        long double total = 0;
        for (std::size_t k = 0; k < runs.size(); ++k) {
          total += w[k];
          for (std::size_t i = 0; i < avg.size(); ++i) avg[i] += w[k] * runs[k][i];
        }
        for (long double& x : avg) x /= total;
        return avg;
      };
      auto ranged = [&](EquityRequest rq, int hand, const char* members, std::vector<std::uint64_t> weights) {
        EquityRange r;
        r.cards = cards(members);
        r.weights = std::move(weights);
        r.hidden = static_cast<int>(r.cards.size() / r.weights.size());
        rq.ranges.assign(rq.hands.size(), EquityRange{});
        rq.ranges[static_cast<std::size_t>(hand)] = r;
        return rq;
      };
      const char* up = "Qd 8h 5c";  // B's upcards; his down cards Qc 3s (fifth street)
      const EquityRequest base = cut(request(G::SevenCardStud8, {"9s 4h Kd 7c 7d", up}), 14, seed, "Qc 3s 2s 2d Ah 6c");
      auto plain = [&](const char* dealt, P rule) {
        EquityRequest rq = base;
        rq.hands[1] = cards(dealt);
        rq.positional = rule;
        return fractions(equity(rq));
      };
      for (const auto& [rule, name] : rules) {
        EquityRequest rq = ranged(base, 1, "Qc 3s", {1});
        rq.positional = rule;
        const auto got = fractions(equity(rq));
        // Either down card may have been dealt first: the two plain deals, equally likely.
        const auto want = average({plain("Qc 3s Qd 8h 5c", rule), plain("3s Qc Qd 8h 5c", rule)}, {1, 1});
        check(close(got, want), std::string("positional, a one-member range = its two orders dealt: ") + name);
        rq.method = EquityMethod::Enumerate;
        check(close(fractions(equity(rq)), want), std::string("positional, a one-member range, enumerated: ") + name);
      }
      {  // A weighted range: the weighted average of its members (none clashes with a known card).
        EquityRequest rq = ranged(base, 1, "Qc 3s 2s 2d Ah 6c", {3, 1, 2});
        rq.positional = P::LowestHoleCard;
        const auto want = average({plain("Qc 3s Qd 8h 5c", P::LowestHoleCard), plain("2s 2d Qd 8h 5c", P::LowestHoleCard),
                                   plain("Ah 6c Qd 8h 5c", P::LowestHoleCard)},
                                  {3, 1, 2});
        check(close(fractions(equity(rq)), want), "positional, a weighted range = the weighted average of its members");
      }
      {  // Monte Carlo deals the down cards in random order too: his first card is the queen or the trey.
        EquityRequest rq = ranged(base, 1, "Qc 3s", {1});
        rq.positional = P::FirstCard;
        const long double p = fractions(equity(rq))[11], queen = plain("Qc 3s Qd 8h 5c", P::FirstCard)[11];
        rq.samples = 400'000;
        rq.seed = 3;
        const long double q = fractions(equity(rq))[11];
        const long double se = std::sqrt(p * (1 - p) / 400'000.0L);
        check(std::fabs(p - q) < 5 * se && std::fabs(queen - p) > 20 * se,
              "positional Monte Carlo with a range within five standard errors of exact (" + std::to_string(static_cast<double>(q)) +
                  " vs " + std::to_string(static_cast<double>(p)) + "; the queen always first: " +
                  std::to_string(static_cast<double>(queen)) + ")");
      }
      {  // Seventh street: three down cards, the hole card the one dealt last.
        const EquityRequest seventh =
            cut(request(G::SevenCardStud, {"9s 4h Kd 7c 7d 2c", "Qd 8h 5c 6s"}), 12, seed, "Qc 3s 9d");
        EquityRequest rq = ranged(seventh, 1, "Qc 3s 9d", {1});
        rq.positional = P::HoleCard;
        auto dealt = [&](const char* text) {
          EquityRequest one = seventh;
          one.hands[1] = cards(text);
          one.positional = P::HoleCard;
          return fractions(equity(one));
        };
        const auto want = average({dealt("3s 9d Qd 8h 5c 6s Qc"), dealt("Qc 9d Qd 8h 5c 6s 3s"), dealt("Qc 3s Qd 8h 5c 6s 9d")},
                                  {1, 1, 1});
        check(close(fractions(equity(rq)), want), "positional, seventh street: each down card the hole card in turn");
      }
      expect_throw("positional, a range of too many down cards", [&] {
        EquityRequest rq = ranged(request(G::FiveCardStud, {"As Ks", "Qd"}), 1, "Qc 3s", {1});
        rq.positional = P::HoleCard;
        equity(rq);
      }, "hidden cards are the down cards");
    }
    expect_throw("unknown positional rule", [&] {
      EquityRequest rq = request(G::SevenCardStud, {"As Ks Qs", "Kd Kc 9s"});
      rq.positional = static_cast<PositionalRule>(9);
      equity(rq);
    }, "unknown positional rule id 9");
  }

  // Declarations: every set of declarations equals the plain brute force.
  compare_declared("stud 8, 6+6 known", request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c"}));
  {
    EquityRequest rq = request(G::SevenCardStud8, {"Ah 2c 3d 9s 8c Kh", "Kd Kc 6s 9h 4c 5c"});
    rq.qualifier = 9;
    compare_declared("stud 8 qualifier 9, 6+6 known", rq);
  }
  compare_declared("stud 8, 3 players 6+6+7 known",
                   request(G::SevenCardStud8, {"As 2s 3s 4s 5d 9c", "Ad 2d 3d 4d 5h 9h", "Kd Kc Qs Qh Jc Jd 6s"},
                           "Tc Th Ts 7d 7h 8c 8h 6c 6h 2h 3h"));
  {
    EquityRequest rq = request(G::SevenCardStudHighLow, {"7h 5c 4d 3s Ks Kh", "As 2s 3c 4c 6s 9d"}, "2c 2d");
    compare_declared("stud high-low, 6+6 known", rq);
    rq = request(G::SevenCardStudHighLow, {"2c 3c 4c 5c 7d Kd", "2d 3d 4d 5d 7h Ks", "Ah Ac Qh Jh 9h 8h 6h"},
                 "As Ad Qs Qd Js Jd Ts Td 9s 9d");
    compare_declared("stud high-low, tied lows, 3 players", rq);
    rq = request(G::FiveCardStud, {"As 2d 7c 3h", "Qs 3d 4h 5c"}, "Ac Kc 9s 9h");
    rq.low = Ranking::AceToFive;
    compare_declared("five-card stud high-low, 4+4 known", rq);
    rq = request(G::MexicanStud, {"5c Ad Kd 9h", "9c Qs 2h 3d"});
    rq.low = Ranking::AceToSix;
    compare_declared("mexican stud high-low, 4+4 known", rq);
  }
  {
    // Heads-up high against low in the classic game: half each in every outcome.
    EquityRequest rq = request(G::SevenCardStudHighLow, {"Ah 2c 3d 8s 8c", "Kd Kc 7s 5h 4c"});
    rq.declarations = {Declaration::High, Declaration::Low};
    const EquityResult r = equity(rq);
    check(r.method == EquityMethod::Count && r.players[0].share == r.outcomes * kShareUnits / 2 &&
              r.players[1].share == r.players[0].share && r.players[0].high_win == r.outcomes &&
              r.players[1].low_win == r.outcomes && r.players[0].scoop == 0 && r.players[1].scoop == 0,
          "declared high against low: half each in every outcome");
    // Monte Carlo: near the exact answer, identical at any thread count.
    rq = request(G::SevenCardStud8, {"As 2d 3c 8s 9d Qh", "Kd Kc 9s 5h Jd", "7h 6h 5c 4h Tc"});
    rq.declarations = {Declaration::Both, Declaration::High, Declaration::Low};
    rq.method = EquityMethod::Enumerate;
    const EquityResult exact = equity(rq);
    rq.method = EquityMethod::Auto;
    rq.samples = 200'000;
    rq.seed = 5;
    const EquityResult one = equity(rq);
    rq.threads = 2;
    const EquityResult two = equity(rq);
    bool near = same_counts(one, two) && !one.exact;
    for (std::size_t i = 0; i < 3; ++i) {
      const double p = static_cast<double>(exact.players[i].share) / kShareUnits / static_cast<double>(exact.outcomes);
      const double q = static_cast<double>(one.players[i].share) / kShareUnits / static_cast<double>(one.outcomes);
      const double sq = one.players[i].share_sq / (static_cast<double>(kShareUnits) * kShareUnits) / 200'000.0;
      const double se = std::sqrt(std::max(0.0, sq - q * q) / 200'000.0);
      near = near && std::fabs(p - q) <= 4 * se + 1e-9;
    }
    check(near, "declared Monte Carlo: within 4 standard errors of exact, the same on 1 and 2 threads");
  }
  expect_throw("declarations in a high game", [&] {
    auto rq = request(G::SevenCardStud, {"As Kd", "Qs Qd"});
    rq.declarations = {Declaration::High, Declaration::Low};
    equity(rq);
  }, "high-low games only");
  expect_throw("declarations in five-card stud high only", [&] {
    auto rq = request(G::FiveCardStud, {"As Kd", "Qs Qd"});
    rq.declarations = {Declaration::High, Declaration::Low};
    equity(rq);
  }, "give it a low");
  expect_throw("declarations in lowball", [&] {
    auto rq = request(G::Lowball, {"Ah 2c 3d 4s", "7c 6d 5h 3c 2d"});
    rq.declarations = {Declaration::High, Declaration::Low};
    equity(rq);
  }, "not to lowball");
  expect_throw("declarations, one missing", [&] {
    auto rq = request(G::SevenCardStud8, {"As Kd", "Qs Qd"});
    rq.declarations = {Declaration::High};
    equity(rq);
  }, "2 hands, 1 declarations");
  expect_throw("declaration out of range", [&] {
    auto rq = request(G::SevenCardStud8, {"As Kd", "Qs Qd"});
    rq.declarations = {Declaration::High, static_cast<Declaration>(7)};
    equity(rq);
  }, "unknown id 7");
  {
    auto rq = request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c"});
    rq.declarations = {Declaration::High, Declaration::Both};
    check(equity_plan(rq).method == EquityMethod::Count, "declared heads-up: counted by default");
    rq.hands.push_back(cards("Qs Qh Jc Jd 2s 3s"));
    rq.declarations.push_back(Declaration::Low);
    rq.method = EquityMethod::Count;
    expect_throw("declared three-handed, counted", [&] { equity_plan(rq); }, "exact counting takes two hands");
  }
  expect_throw("tie_keeps_half alone", [&] {
    auto rq = request(G::SevenCardStud8, {"Ah 2c 3d 8s 8c Kh", "Kd Kc 9s 9h 4c 5c"});
    rq.tie_keeps_half = true;
    equity(rq);
  }, "declarations only");

  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
