// Equity: the request validated into a Spot (each game's deal: ranges, draws,
// the card in the middle, positional wild cards) and the size of its work
// (completions, outcomes); first the integers and binomials every part counts
// with.
// A part of equity.cpp, included by it alone (private: not installed): the
// parts compile as one unit, as before the split, so the compiler inlines
// the same calls into the inner loops (compiled apart, GCC's per-file limit
// on inline growth left settle() out of line in the enumerator's leaf loop).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "int128.hpp"  // i128, u128
#include "splitpot/equity.hpp"
#include "splitpot/evaluate.hpp"

namespace splitpot {
namespace {

/// floor(n / d) for d > 0 and a quotient below 2^64 (n's high half below d),
/// without a 128-bit division: a restoring division takes one quotient bit a step.
std::uint64_t div_128(u128 n, std::uint64_t d) noexcept {
  std::uint64_t rem = static_cast<std::uint64_t>(n >> 64), low = static_cast<std::uint64_t>(n), q = 0;
  for (int i = 0; i < 64; ++i) {
    const bool carry = (rem >> 63) != 0;  // the remainder's 65th bit, shifted out
    rem = rem << 1 | low >> 63;
    low <<= 1;
    q <<= 1;
    if (carry || rem >= d) rem -= d, q |= 1;  // modulo 2^64: the true remainder is below d
  }
  return q;
}

/// floor(a * b / d) for d > 0 and a quotient below 2^64 (a < d or b <= d is enough).
std::uint64_t mul_div(std::uint64_t a, std::uint64_t b, std::uint64_t d) noexcept {
  return div_128(static_cast<u128>(a) * b, d);
}

/// 2^64 - 1: where the saturating sat_add and sat_mul stop.
constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

/// a + b, or kSaturated where it would pass it (exact integers: no long
/// double, which is double on MSVC and some ARM targets).
std::uint64_t sat_add(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t r = 0;
  return bits::add_overflow(a, b, &r) ? kSaturated : r;
}

/// a * b, or kSaturated where it would pass it.
std::uint64_t sat_mul(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t r = 0;
  return bits::mul_overflow(a, b, &r) ? kSaturated : r;
}

/// The error of weighted counts that would pass their counters.
[[noreturn]] void too_fine(const char* method) {
  throw EquityOptionError(std::string("the range weights are too fine for an exact ") + method +
                          " (the weighted counts would pass 2^64); use rounder weights or pass samples=");
}

/// v rounded to the nearest double (ties to even), as static_cast<double>(v)
/// rounds it: the top 64 bits with a sticky bit for the rest are rounded once.
double to_double(u128 v) noexcept {
  const auto high = static_cast<std::uint64_t>(v >> 64);
  if (high == 0) return static_cast<double>(static_cast<std::uint64_t>(v));
  const int shift = 64 - bits::clz64(high);  // 1..64: v >> shift has 64 bits
  const bool sticky = (v & ((static_cast<u128>(1) << shift) - 1)) != 0;
  const std::uint64_t top = static_cast<std::uint64_t>(v >> shift) | (sticky ? 1u : 0u);
  return std::ldexp(static_cast<double>(top), shift);
}

constexpr int kBinomN = 54;
constexpr int kBinomK = 8;

struct Binomials {
  std::array<std::array<std::uint64_t, kBinomK>, kBinomN> c{};
  constexpr Binomials() {
    for (int n = 0; n < kBinomN; ++n) {
      c[static_cast<std::size_t>(n)][0] = 1;
      for (int k = 1; k < kBinomK && k <= n; ++k) {
        const auto un = static_cast<std::size_t>(n);
        const auto uk = static_cast<std::size_t>(k);
        c[un][uk] = c[un - 1][uk - 1] + (k < n ? c[un - 1][uk] : 0);
      }
    }
  }
};

/// Built at compile time: counting reads it once per card of every completion
/// (a function-local table cost a guard check and a call each time).
constexpr Binomials kBinomials{};

constexpr std::uint64_t binom(int n, int k) noexcept {
  if (k < 0 || n < 0 || k > n) return 0;
  return kBinomials.c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

std::string with_commas(std::uint64_t v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

// ---------------------------------------------------------------- games

struct GameInfo {
  const char* name;
  int size;          // cards in a final hand
  bool high;         // a high side
  bool low;          // a low side
  Ranking low_ranking;
  bool draw;         // a draw game (draws=)
  bool mexican;      // the hole card's rank is wild for its owner
};

GameInfo game_info(EquityGame g, Ranking low) {
  switch (g) {
    case EquityGame::SevenCardStud: return {"seven-card-stud", 7, true, false, Ranking::High, false, false};
    case EquityGame::SevenCardStud8:
      return {"seven-card-stud-8", 7, true, true, Ranking::EightOrBetter, false, false};
    case EquityGame::SevenCardStudHighLow:
      return {"seven-card-stud-high-low", 7, true, true, low, false, false};
    case EquityGame::Lowball: return {"lowball", 5, false, true, Ranking::AceToFive, true, false};
    case EquityGame::DeuceToSevenDraw: return {"deuce-to-seven", 5, false, true, Ranking::DeuceToSeven, true, false};
    case EquityGame::Jackpots: return {"jackpots", 5, true, false, Ranking::High, true, false};
    case EquityGame::FiveCardStud:  // high-low with a classic low (`low`), else high only
      return {"five-card-stud", 5, true, low != Ranking::High, low, false, false};
    case EquityGame::MexicanStud: return {"mexican-stud", 5, true, low != Ranking::High, low, false, true};
  }
  throw EquityOptionError("unknown game id " + std::to_string(static_cast<int>(g)));
}

// ---------------------------------------------------------------- the validated spot

struct PlayerSpot {
  std::array<std::uint8_t, kMaxCards> known{};
  int n_known = 0;
  int hidden = 0;                      // cards per range member
  std::vector<std::uint8_t> members;   // hidden cards (empty: one empty member)
  std::vector<std::uint64_t> weights;  // one per member
  int future = 0;                      // cards to come
  bool hole_in_member = false;         // Mexican stud: the hole card is the member's first card (a range's)
  // Positional wild cards: the places the rule reads, in the order dealt, as
  // indices into the hand's cards (known, then hidden, then the cards to
  // come). Known cards are the upcards of a hand with a range (its hidden
  // cards the down cards), else every card in the order dealt.
  // LowestCard names every one of his own places (at most seven); the order of
  // the cards on them does not matter there (order_free: one placing).
  std::array<std::uint8_t, kMaxCards> named{};
  int n_named = 0;
  bool order_free = false;
};

struct Spot {
  GameInfo game{};
  // Stud 8 with a qualifier other than eight: the ace-to-five strength of the
  // worst qualifying low (lower lows read 0); 0 otherwise.
  std::uint16_t low_floor = 0;
  int n = 0;
  std::vector<PlayerSpot> p;
  std::vector<std::uint8_t> deck;  // the cards left, ascending (member cards included)
  std::array<int, kDeckSize + 1> deck_index{};  // card -> its index in deck, or -1
  WildOptions wild{};              // the evaluator's options for every hand
  std::uint64_t path_cards = 0;    // beside a hand's own wild cards: the joker and penalty cards (the wild path)
  bool any_wild = false;
  bool ranges = false;
  bool community = false;          // seven-card stud short of cards: one card in the middle for everyone
  PositionalRule positional = PositionalRule::None;  // each player's own wild card (PositionalRule)
  bool declare = false;            // declarations (the declared settle)
  bool tie_keeps_half = false;
  std::array<Declaration, kEquityMaxPlayers> declared{};
  std::uint32_t high_side = 0;  // seats who declared High or Both (bit i: player i)
  std::uint32_t low_side = 0;   // Low or Both
  std::uint32_t swings = 0;     // Both
};

int members_of(const PlayerSpot& ps) {
  return ps.hidden == 0 ? 1 : static_cast<int>(ps.weights.size());
}

// Positional wild cards: where each hand's cards sit in the order dealt (a
// hand with a range: its hidden cards are its down cards, its known cards
// its upcards), the places a rule reads (validated), and the rank a hand's
// cards make wild (-1: none).
void set_positional(Spot& s, PositionalRule rule, bool last_card_down) {
  const auto id = static_cast<int>(rule);
  if (id < 0 || id > static_cast<int>(PositionalRule::LowestCard)) {
    throw EquityOptionError("unknown positional rule id " + std::to_string(id));
  }
  if (rule == PositionalRule::None) return;
  const GameInfo& g = s.game;
  if (g.draw || g.mexican) {
    throw EquityOptionError(std::string("positional wild cards apply to the stud games but Mexican stud (which makes "
                                        "each hand's first card its own wild card), not to ") + g.name);
  }
  s.positional = rule;
  s.any_wild = true;
  // Seven-card stud deals the first two cards and the seventh down, five-card stud the first
  // (and the fifth in the last-down variant: last_card_down).
  // A hand's own places: all of them, or with a card in the middle (community) the first six:
  // the seventh card is that one, face up and everyone's, so his down cards are the first two
  // (as the engine reads them: the cards dealt to him face down).
  const int own = s.community ? g.size - 1 : g.size;
  std::vector<int> down = g.size == 7       ? std::vector<int>{0, 1, 6}
                          : last_card_down ? std::vector<int>{0, 4}
                                           : std::vector<int>{0};
  if (s.community) down.pop_back();  // the seventh card is the one in the middle
  std::vector<int> rule_places;  // the places the rule reads, in the order dealt
  if (rule == PositionalRule::FirstCard) {
    rule_places = {0};
  } else if (rule == PositionalRule::ThirdCard) {
    rule_places = {2};
  } else if (rule == PositionalRule::LowestCard) {
    for (int p = 0; p < own; ++p) rule_places.push_back(p);  // every card of his own, up and down
  } else {
    rule_places = down;
  }
  for (int i = 0; i < s.n; ++i) {
    PlayerSpot& ps = s.p[static_cast<std::size_t>(i)];
    std::array<int, kMaxCards> index{};  // place in the order dealt -> index into the hand's cards
    if (ps.hidden == 0) {
      for (int p = 0; p < own; ++p) index[static_cast<std::size_t>(p)] = p;
    } else {
      const int ups = own - static_cast<int>(down.size());
      if (ps.hidden > static_cast<int>(down.size()) || ps.n_known > ups) {
        throw EquityOptionError("hands[" + std::to_string(i) + "]: with positional wild cards a range's hidden "
                                "cards are the down cards and its known cards the upcards (at most " +
                                std::to_string(down.size()) + " down and " + std::to_string(ups) + " up in " + g.name +
                                (last_card_down ? " with the fifth card down" : "") + ")");
      }
      int up_seen = 0, next_to_come = ps.n_known + ps.hidden;
      for (int p = 0; p < own; ++p) {
        const auto at = std::find(down.begin(), down.end(), p);
        int& slot = index[static_cast<std::size_t>(p)];
        if (at != down.end()) {
          const auto d = static_cast<int>(at - down.begin());
          slot = d < ps.hidden ? ps.n_known + d : next_to_come++;
        } else {
          slot = up_seen < ps.n_known ? up_seen : next_to_come++;
          ++up_seen;
        }
      }
    }
    ps.n_named = static_cast<int>(rule_places.size());
    ps.order_free = rule == PositionalRule::LowestCard;
    for (int j = 0; j < ps.n_named; ++j) {
      ps.named[static_cast<std::size_t>(j)] =
          static_cast<std::uint8_t>(index[static_cast<std::size_t>(rule_places[static_cast<std::size_t>(j)])]);
    }
  }
}

int positional_rank(const Spot& s, const PlayerSpot& ps, const std::uint8_t* hand) noexcept {
  switch (s.positional) {
    case PositionalRule::None: return -1;
    case PositionalRule::HoleCard:  // the last natural card down
      for (int j = ps.n_named - 1; j >= 0; --j) {
        const std::uint8_t c = hand[ps.named[static_cast<std::size_t>(j)]];
        if (c != kJoker) return rank_of(c);
      }
      return -1;
    case PositionalRule::LowestHoleCard:
    case PositionalRule::LowestCard: {  // the lowest natural card on the named places, the ace high
      int rank = -1;
      for (int j = 0; j < ps.n_named; ++j) {
        const std::uint8_t c = hand[ps.named[static_cast<std::size_t>(j)]];
        if (c != kJoker && (rank < 0 || rank_of(c) < rank)) rank = rank_of(c);
      }
      return rank;
    }
    default: {
      const std::uint8_t c = hand[ps.named[0]];
      return c == kJoker ? -1 : rank_of(c);
    }
  }
}

/// How many ways a player's hidden cards and his cards to come fill the
/// places the rule reads among them (their order is unknown): h! / (h - k)!
/// times f! / (f - k')!. The weights of each exact completion add up to this.
std::uint64_t placings(const PlayerSpot& ps) {
  std::uint64_t ways = 1;
  if (ps.order_free) return ways;  // the lowest of all his cards: every order names the same rank
  int hidden_named = 0, to_come_named = 0;
  for (int j = 0; j < ps.n_named; ++j) {
    const int at = ps.named[static_cast<std::size_t>(j)];
    if (at >= ps.n_known + ps.hidden) {
      ways *= static_cast<std::uint64_t>(ps.future - to_come_named++);
    } else if (at >= ps.n_known) {
      ways *= static_cast<std::uint64_t>(ps.hidden - hidden_named++);
    }
  }
  return ways;  // (no rule: no places named, 1)
}

/// The ace-to-five strength of the worst low that qualifies under `qualifier`
/// (5..13): the five ranks qualifier .. qualifier - 4, the ace counting 1. A low
/// qualifies (unpaired, every card at most the qualifier) exactly where its
/// ace-to-five strength reaches this one (the C++ and Python tests check it on
/// every five-card hand, and with wild cards).
std::uint16_t qualifying_floor(int qualifier) {
  std::uint8_t five[5];
  for (int i = 0; i < 5; ++i) {
    const int value = qualifier - i;  // 1 = the ace
    five[i] = static_cast<std::uint8_t>(make_card(value == 1 ? kAce : value - 2, i % kSuits));
  }
  return evaluate_unchecked(five, 5, Ranking::AceToFive);
}

Spot validate(const EquityRequest& rq) {
  const int game = static_cast<int>(rq.game);
  if (game < 0 || game >= kEquityGameCount) throw EquityOptionError("unknown game id " + std::to_string(game));
  if (rq.last_card_down && rq.game != EquityGame::FiveCardStud) {
    throw EquityOptionError(std::string("last_card_down (the fifth card dealt face down) applies to five-card-stud "
                                        "only, not to ") + game_info(rq.game, rq.low).name);
  }
  // High is the game's default: the classic high-low game's is deuce-to-seven.
  const Ranking low =
      rq.game == EquityGame::SevenCardStudHighLow && rq.low == Ranking::High ? Ranking::DeuceToSeven : rq.low;
  const bool classic_low = low == Ranking::DeuceToSeven || low == Ranking::AceToSix || low == Ranking::AceToFive;
  if (rq.game == EquityGame::SevenCardStudHighLow && !classic_low) {
    throw EquityOptionError("the low of seven-card-stud-high-low is deuce-to-seven, ace-to-six or ace-to-five");
  }
  if ((rq.game == EquityGame::FiveCardStud || rq.game == EquityGame::MexicanStud) && !classic_low &&
      low != Ranking::High) {
    throw EquityOptionError(
        "the low of five-card-stud and mexican-stud is deuce-to-seven, ace-to-six or ace-to-five (or none: high "
        "only)");
  }
  if (rq.qualifier != 8 && rq.game != EquityGame::SevenCardStud8) {
    throw EquityOptionError(std::string("a low qualifier applies to seven-card-stud-8 only (its eight-or-better "
                                        "low), not to ") + game_info(rq.game, low).name);
  }
  if (rq.qualifier < 5 || rq.qualifier > 13) {
    throw EquityOptionError("the low qualifier must be a rank from 5 to 13 (the king), got " +
                            std::to_string(rq.qualifier));
  }
  Spot s;
  s.game = game_info(rq.game, low);
  if (rq.qualifier != 8) {
    s.game.low_ranking = Ranking::AceToFive;
    s.low_floor = qualifying_floor(rq.qualifier);
  }
  const GameInfo& g = s.game;
  const std::string name = g.name;
  const auto n = static_cast<int>(rq.hands.size());
  if (n < 2 || n > kEquityMaxPlayers) {
    throw EquityOptionError("equity needs 2 to " + std::to_string(kEquityMaxPlayers) + " hands, got " +
                            std::to_string(n));
  }
  if (rq.threads < 1) throw EquityOptionError("threads must be at least 1, got " + std::to_string(rq.threads));
  if (rq.parts < 1 || rq.part >= rq.parts) {
    if (rq.parts < 1) throw EquityOptionError("parts must be at least 1, got 0");
    throw EquityOptionError("part must be in 0.." + std::to_string(rq.parts - 1) + " (parts=" +
                            std::to_string(rq.parts) + "), got " + std::to_string(rq.part));
  }
  if (rq.parts > 1 && (rq.target_stderr > 0 || rq.seconds > 0)) {
    throw EquityOptionError("a run split in parts takes a fixed sample count (samples=), not a stderr or time target");
  }
  if (rq.samples > kEquityMaxSamples) {
    throw EquityOptionError("samples must be at most 2**43, got " + std::to_string(rq.samples));
  }
  if (!(rq.target_stderr >= 0) || !(rq.seconds >= 0) || std::isinf(rq.target_stderr) || std::isinf(rq.seconds)) {
    throw EquityOptionError("the standard-error target and the time limit must be finite and positive");
  }
  if (static_cast<int>(rq.joker_rule) > 1 || static_cast<int>(rq.wild_low) > 2 || static_cast<int>(rq.penalty_rule) > 1) {
    throw EquityOptionError("unknown joker rule, wild_low or penalty rule id");  // (the C++ API's casts)
  }
  if ((rq.wild >> kDeckSize) != 0) throw EquityOptionError("wild cards are natural cards 0..51 (the joker is joker=)");
  if ((rq.penalty >> (kDeckSize + 1)) != 0) throw EquityOptionError("penalty cards are cards 0..52 (52: the joker)");
  if (!rq.ranges.empty() && static_cast<int>(rq.ranges.size()) != n) {
    throw EquityOptionError("ranges needs one entry per hand: " + std::to_string(n) + " hands, " +
                            std::to_string(rq.ranges.size()) + " ranges");
  }
  s.n = n;
  s.p.assign(static_cast<std::size_t>(n), PlayerSpot{});
  s.wild.wild = rq.wild;
  s.wild.joker = rq.joker_rule;
  s.wild.wild_low = rq.wild_low;
  s.wild.duplicate = rq.duplicate;
  s.wild.penalty = rq.penalty;
  s.wild.penalty_rule = rq.penalty_rule;
  s.path_cards = (rq.joker ? card_bit(kJoker) : 0) | rq.penalty;
  s.any_wild = rq.wild != 0 || s.path_cards != 0 || g.mexican;

  const int deck_size = rq.joker ? kDeckSize + 1 : kDeckSize;
  std::array<int, kDeckSize + 1> owner;  // -1 free, i = hand i, n = dead
  owner.fill(-1);
  auto where = [&](int o) { return o == n ? std::string("the dead cards") : "hands[" + std::to_string(o) + "]"; };
  // o: where the card is (a hand, n the dead cards); in_range: a member of hand o's range
  auto check_card = [&](int card, int o, bool in_range = false) {
    if (card >= deck_size) {
      const std::string in = where(o) + (in_range ? "'s range: " : ": ");
      if (card == kJoker) {
        throw CardError(in + "the joker (Jk) is not in the deck of " + name + " here (pass joker= to add it)");
      }
      throw CardError(in + "card " + std::to_string(card) + " is out of range (0..51, 52 = joker)");
    }
  };
  auto take = [&](int card, int o) {
    check_card(card, o);
    const int prev = owner[static_cast<std::size_t>(card)];
    if (prev >= 0) {
      throw CardError("duplicate card " + card_text(card) +
                      (prev == o ? " in " + where(o) : ": in " + where(prev) + " and in " + where(o)));
    }
    owner[static_cast<std::size_t>(card)] = o;
  };
  for (int i = 0; i < n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    const auto& h = rq.hands[ui];
    const auto k = static_cast<int>(h.size());
    if (k > g.size) {
      throw CardError("hands[" + std::to_string(i) + "] has " + std::to_string(k) + " cards; a " + name +
                      " hand holds at most " + std::to_string(g.size));
    }
    for (int j = 0; j < k; ++j) {
      take(h[static_cast<std::size_t>(j)], i);
      s.p[ui].known[static_cast<std::size_t>(j)] = h[static_cast<std::size_t>(j)];
    }
    s.p[ui].n_known = k;
  }
  for (const std::uint8_t c : rq.dead) take(c, n);

  // Ranges: members that hold a known or dead card are impossible and dropped.
  for (int i = 0; i < n && !rq.ranges.empty(); ++i) {
    const auto ui = static_cast<std::size_t>(i);
    const EquityRange& r = rq.ranges[ui];
    PlayerSpot& ps = s.p[ui];
    if (r.hidden == 0) {
      if (!r.cards.empty() || !r.weights.empty()) {
        throw EquityOptionError("hands[" + std::to_string(i) + "]'s range: hidden = 0 takes no members");
      }
      continue;
    }
    if (r.hidden < 0 || r.hidden + ps.n_known > g.size) {
      throw EquityOptionError("hands[" + std::to_string(i) + "]'s range: " + std::to_string(r.hidden) +
                              " hidden cards beside " + std::to_string(ps.n_known) + " known; a " + name +
                              " hand holds at most " + std::to_string(g.size));
    }
    const auto hid = static_cast<std::size_t>(r.hidden);
    if (r.weights.empty() || r.cards.size() != r.weights.size() * hid) {
      throw EquityOptionError("hands[" + std::to_string(i) + "]'s range: " + std::to_string(r.weights.size()) +
                              " weights for " + std::to_string(r.cards.size()) + " cards of " +
                              std::to_string(r.hidden) + " a member (an empty range)");
    }
    ps.hidden = r.hidden;
    for (std::size_t m = 0; m < r.weights.size(); ++m) {
      if (r.weights[m] == 0) {
        throw EquityOptionError("hands[" + std::to_string(i) + "]'s range: weights must be at least 1");
      }
      std::uint64_t seen = 0;
      bool possible = true;
      for (std::size_t j = 0; j < hid; ++j) {
        const int c = r.cards[m * hid + j];
        check_card(c, i, true);
        if (seen & card_bit(c)) {
          throw CardError("hands[" + std::to_string(i) + "]'s range: member " + std::to_string(m) +
                          " repeats " + card_text(c));
        }
        seen |= card_bit(c);
        if (owner[static_cast<std::size_t>(c)] >= 0) possible = false;
      }
      if (!possible) continue;
      ps.members.insert(ps.members.end(), r.cards.begin() + static_cast<std::ptrdiff_t>(m * hid),
                        r.cards.begin() + static_cast<std::ptrdiff_t>((m + 1) * hid));
      ps.weights.push_back(r.weights[m]);
    }
    if (ps.weights.empty()) {
      throw EquityOptionError("hands[" + std::to_string(i) + "]'s range" +
                              " is empty: every member holds a card that is known or dead");
    }
    s.ranges = true;
  }

  if (!g.draw && !rq.draws.empty()) throw EquityOptionError("draws apply to draw games only, not to " + name);
  if (!rq.declarations.empty()) {
    if (!(g.high && g.low)) {
      throw EquityOptionError("declarations apply to high-low games only (a high and a low half), not to " + name +
                              (rq.game == EquityGame::FiveCardStud || rq.game == EquityGame::MexicanStud
                                   ? " played high only (give it a low)"
                                   : ""));
    }
    if (static_cast<int>(rq.declarations.size()) != n) {
      throw EquityOptionError("declarations needs one per hand: " + std::to_string(n) + " hands, " +
                              std::to_string(rq.declarations.size()) + " declarations");
    }
    for (int i = 0; i < n; ++i) {
      const auto d = static_cast<int>(rq.declarations[static_cast<std::size_t>(i)]);
      if (d < 0 || d > 2) {
        throw EquityOptionError("declare[" + std::to_string(i) + "]: unknown id " + std::to_string(d) +
                                " (0 high, 1 low, 2 both)");
      }
      const Declaration decl = rq.declarations[static_cast<std::size_t>(i)];
      s.declared[static_cast<std::size_t>(i)] = decl;
      if (decl != Declaration::Low) s.high_side |= 1u << i;
      if (decl != Declaration::High) s.low_side |= 1u << i;
      if (decl == Declaration::Both) s.swings |= 1u << i;
    }
    s.declare = true;
    s.tie_keeps_half = rq.tie_keeps_half;
  } else if (rq.tie_keeps_half) {
    throw EquityOptionError("tie_keeps_half applies with declarations only");
  }
  if (g.draw && !rq.draws.empty() && static_cast<int>(rq.draws.size()) != n) {
    throw EquityOptionError("draws needs one number per hand: " + std::to_string(n) + " hands, " +
                            std::to_string(rq.draws.size()) + " draws");
  }
  for (int i = 0; i < n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    PlayerSpot& ps = s.p[ui];
    const int kept = ps.n_known + ps.hidden;
    ps.future = g.size - kept;
    if (g.draw && !rq.draws.empty()) {
      const int d = rq.draws[ui];
      if (d != ps.future) {
        throw EquityOptionError("hands[" + std::to_string(i) + "] keeps " + std::to_string(kept) +
                                " cards and draws " + std::to_string(d) +
                                "; kept and drawn cards must make five (draw " + std::to_string(ps.future) + ")");
      }
    }
  }
  s.deck_index.fill(-1);
  for (int c = 0; c < deck_size; ++c) {
    if (owner[static_cast<std::size_t>(c)] < 0) {
      s.deck_index[static_cast<std::size_t>(c)] = static_cast<int>(s.deck.size());
      s.deck.push_back(static_cast<std::uint8_t>(c));
    }
  }
  // Mexican stud: the hole card is the first hidden card of a range (its known
  // cards are upcards), else the first known card; a hand with neither gets the
  // range "any one card".
  if (g.mexican) {
    for (int i = 0; i < n; ++i) {
      PlayerSpot& ps = s.p[static_cast<std::size_t>(i)];
      if (ps.n_known > 0 && ps.hidden == 0) continue;
      if (ps.hidden == 0) {
        ps.hidden = 1;
        ps.members = s.deck;
        ps.weights.assign(s.deck.size(), 1);
        ps.future = g.size - 1;
        s.ranges = true;
      }
      ps.hole_in_member = true;
    }
  }
  int needed = 0;
  bool all_short = true;  // every hand still waits for its seventh card
  for (const PlayerSpot& ps : s.p) {
    needed += ps.hidden + ps.future;
    all_short = all_short && ps.future >= 1;
  }
  const auto left = static_cast<int>(s.deck.size());
  if (needed > left) {
    // The rules, section 5.1: when the deck cannot give every player a seventh
    // card, one card is turned up in the middle and used by everyone.
    const bool shared = g.size == 7 && all_short;  // a seventh card shared by all would do
    const int short_of = shared ? needed - n + 1 : needed;
    if (shared && short_of <= left) {
      s.community = true;
      for (PlayerSpot& ps : s.p) --ps.future;
    } else {
      throw CardError("the hands need " + std::to_string(short_of) +
                      (short_of == 1 ? " more card" : " more cards") +
                      (shared ? " (one seventh card shared by all)" : "") + " but only " +
                      std::to_string(left) + (left == 1 ? " is" : " are") + " left in the deck");
    }
  }
  set_positional(s, rq.positional, rq.last_card_down);
  return s;
}

/// The spot once the community card is `card`: a known card of every hand.
/// Returns false when a range has no member left beside it.
bool with_community(const Spot& s, std::uint8_t card, Spot& out) {
  out = s;
  out.community = false;
  for (PlayerSpot& ps : out.p) {
    // The card goes in after the known cards: the places a positional rule
    // reads among the hidden cards and the cards to come move up by one.
    for (int j = 0; j < ps.n_named; ++j) {
      auto& at = ps.named[static_cast<std::size_t>(j)];
      if (at >= ps.n_known) ++at;
    }
    ps.known[static_cast<std::size_t>(ps.n_known++)] = card;
    if (!ps.hidden) continue;
    std::vector<std::uint8_t> members;
    std::vector<std::uint64_t> weights;
    const auto hid = static_cast<std::size_t>(ps.hidden);
    for (std::size_t m = 0; m < ps.weights.size(); ++m) {
      bool clash = false;
      for (std::size_t h = 0; h < hid; ++h) clash = clash || ps.members[m * hid + h] == card;
      if (clash) continue;
      members.insert(members.end(), ps.members.begin() + static_cast<std::ptrdiff_t>(m * hid),
                     ps.members.begin() + static_cast<std::ptrdiff_t>((m + 1) * hid));
      weights.push_back(ps.weights[m]);
    }
    if (weights.empty()) return false;
    ps.members = std::move(members);
    ps.weights = std::move(weights);
  }
  out.deck.clear();
  out.deck_index.fill(-1);
  for (const std::uint8_t c : s.deck) {
    if (c == card) continue;
    out.deck_index[c] = static_cast<int>(out.deck.size());
    out.deck.push_back(c);
  }
  return true;
}

/// Completions of one player (the work of listing them).
std::uint64_t completions(const Spot& s, const PlayerSpot& ps) {
  const auto m = static_cast<int>(s.deck.size());
  // Positional wild cards: an entry per rank the placings make wild (at most 14).
  return static_cast<std::uint64_t>(members_of(ps)) * binom(m - ps.hidden, ps.future) *
         std::min<std::uint64_t>(placings(ps), 14);
}

/// Outcomes of a spot without ranges (exact), or the product of the players'
/// completions (an upper bound of the enumeration's leaves) with ranges.
std::uint64_t count_outcomes(const Spot& s) {
  if (s.community) {
    Spot sub;
    std::uint64_t total = 0;
    for (const std::uint8_t c : s.deck) {
      if (!with_community(s, c, sub)) continue;
      if (bits::add_overflow(total, count_outcomes(sub), &total)) return std::numeric_limits<std::uint64_t>::max();
    }
    return total;
  }
  std::uint64_t total = 1;
  auto left = static_cast<int>(s.deck.size());
  for (const PlayerSpot& ps : s.p) {
    const std::uint64_t c = s.ranges ? completions(s, ps) : binom(left, ps.future);
    if (bits::mul_overflow(total, c, &total) || bits::mul_overflow(total, placings(ps), &total)) {
      return std::numeric_limits<std::uint64_t>::max();
    }
    left -= ps.future;
  }
  return total;
}

}  // namespace
}  // namespace splitpot
