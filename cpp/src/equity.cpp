// Equity: validation, the players' completions, exact counting (heads-up),
// exact enumeration (the reference), Monte Carlo, and the worker pool that
// runs them while the calling thread polls for signals (see equity.hpp).
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

namespace splitpot {

namespace {

// Only adds, multiplies, shifts and compares of these are compiled inline
// everywhere; a 128-bit division or a conversion to double is a call into
// compiler-rt (__udivti3, __floatuntidf), which clang-cl (the Windows wheel)
// does not link by default: use mul_div and to_double below for those.
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

/// floor(a * b / d) for d > 0 and a quotient below 2^64 (a < d or b <= d is
/// enough), without a 128-bit division: the product's high half is below d, so
/// a restoring division takes one quotient bit a step.
std::uint64_t mul_div(std::uint64_t a, std::uint64_t b, std::uint64_t d) noexcept {
  const u128 n = static_cast<u128>(a) * b;
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

/// v rounded to the nearest double (ties to even), as static_cast<double>(v)
/// rounds it: the top 64 bits with a sticky bit for the rest are rounded once.
double to_double(u128 v) noexcept {
  const auto high = static_cast<std::uint64_t>(v >> 64);
  if (high == 0) return static_cast<double>(static_cast<std::uint64_t>(v));
  const int shift = 64 - __builtin_clzll(high);  // 1..64: v >> shift has 64 bits
  const bool sticky = (v & ((static_cast<u128>(1) << shift) - 1)) != 0;
  const std::uint64_t top = static_cast<std::uint64_t>(v >> shift) | (sticky ? 1u : 0u);
  return std::ldexp(static_cast<double>(top), shift);
}

using Clock = std::chrono::steady_clock;

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
    throw EquityOptionError("samples must be at most 2**48, got " + std::to_string(rq.samples));
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
      if (__builtin_add_overflow(total, count_outcomes(sub), &total)) return std::numeric_limits<std::uint64_t>::max();
    }
    return total;
  }
  std::uint64_t total = 1;
  auto left = static_cast<int>(s.deck.size());
  for (const PlayerSpot& ps : s.p) {
    const std::uint64_t c = s.ranges ? completions(s, ps) : binom(left, ps.future);
    if (__builtin_mul_overflow(total, c, &total) || __builtin_mul_overflow(total, placings(ps), &total)) {
      return std::numeric_limits<std::uint64_t>::max();
    }
    left -= ps.future;
  }
  return total;
}

// ---------------------------------------------------------------- scoring

template <bool H, bool L, Ranking LR, bool D = false, bool Q = false>
struct Game {
  static constexpr bool kHigh = H;
  static constexpr bool kLow = L;
  static constexpr Ranking kLowRanking = LR;
  static constexpr bool kDeclare = D;  // settled by the declarations (high-low games only)
  static constexpr bool kQualified = Q;  // a low below Spot::low_floor reads 0 (stud 8's other qualifiers)
};

/// Wild options of a hand with its own wild rank (-1: none).
WildOptions rank_wild(const Spot& s, int rank) {
  WildOptions o = s.wild;
  if (rank >= 0) o.wild |= wild_ranks_mask(1u << rank);
  return o;
}

/// Wild options of one hand: the spot's, plus in Mexican stud the hole card's rank.
WildOptions hand_wild(const Spot& s, int hole) {
  return rank_wild(s, s.game.mexican && hole >= 0 && hole < kDeckSize ? rank_of(hole) : -1);
}

/// Scores a final hand (n cards, its key and card mask).
template <class G>
inline void score(const Tables& t, const Spot& s, const WildOptions& o, std::uint64_t wild_cards,
                  const std::uint8_t* cards, int n, std::uint64_t key, std::uint64_t mask, std::uint16_t& hi,
                  std::uint16_t& lo) noexcept {
  if (s.any_wild && (mask & wild_cards)) [[unlikely]] {
    if constexpr (G::kHigh) hi = evaluate_wild_unchecked(cards, n, Ranking::High, o);
    if constexpr (G::kLow) lo = evaluate_wild_unchecked(cards, n, G::kLowRanking, o);
  } else {
    if constexpr (G::kHigh) hi = evaluate_key<Ranking::High>(t, key, cards, n);
    if constexpr (G::kLow) lo = evaluate_key<G::kLowRanking>(t, key, cards, n);
  }
  if constexpr (G::kQualified) lo = lo >= s.low_floor ? lo : std::uint16_t{0};
}

/// Card mask of a hand including the joker (bit 52).
inline std::uint64_t mask_of(const std::uint8_t* cards, int n) noexcept {
  std::uint64_t m = 0;
  for (int i = 0; i < n; ++i) m |= card_bit(cards[i]);
  return m;
}

struct Splits {
  std::array<std::uint64_t, kEquityMaxPlayers + 1> part{};
  Splits() {
    for (int k = 1; k <= kEquityMaxPlayers; ++k) part[static_cast<std::size_t>(k)] = kShareUnits / static_cast<std::uint64_t>(k);
  }
};
const Splits kSplit;

/// The best strength among the seats in `among` (a bit set), strength 0 never
/// winning: the set of seats holding it (empty when none qualifies).
inline std::uint32_t best_of(const std::uint16_t* v, std::uint32_t among) noexcept {
  std::uint16_t top = 0;
  std::uint32_t winners = 0;
  for (std::uint32_t left = among; left; left &= left - 1) {
    const int i = __builtin_ctz(left);
    if (v[i] > top) {
      top = v[i];
      winners = 1u << i;
    } else if (v[i] == top && top > 0) {
      winners |= 1u << i;
    }
  }
  return winners;
}

// One outcome settled by the declarations, exactly as the engine's
// resolve_declared (engine/declare.py) splits a pot; the counts as the header
// says. A separate path: the cards-speak settle below pays nothing for it.
inline void settle_declared(const Spot& s, const std::uint16_t* hi, const std::uint16_t* lo, int n,
                            PlayerCounts* c, std::uint64_t w, std::uint64_t* won) noexcept {
  const std::uint32_t everyone = (1u << n) - 1u;
  std::uint32_t contenders = everyone;
  std::uint32_t highs = 0, lows = 0, kept_high = 0, kept_low = 0;
  for (;;) {
    highs = best_of(hi, contenders & s.high_side);
    lows = best_of(lo, contenders & s.low_side);
    std::uint32_t failed = 0;
    kept_high = kept_low = 0;
    for (std::uint32_t left = contenders & s.swings; left; left &= left - 1) {
      const std::uint32_t bit = left & (~left + 1u);
      const bool won_high = highs == bit, won_low = lows == bit;
      if (won_high && won_low) continue;
      if ((highs & bit) && (lows & bit) && s.tie_keeps_half && (won_high || won_low)) {
        (won_high ? kept_high : kept_low) |= bit;
      } else {
        failed |= bit;
      }
    }
    if (!failed) break;
    contenders &= ~failed;
  }
  std::array<std::uint64_t, kEquityMaxPlayers> units{};
  auto pay = [&](std::uint32_t seats, std::uint64_t amount, std::uint64_t PlayerCounts::*win,
                 std::uint64_t PlayerCounts::*tie) {
    const int k = __builtin_popcount(seats);
    const std::uint64_t each = amount / static_cast<std::uint64_t>(k);  // exact: kShareUnits / 2 = lcm(1..16)
    for (std::uint32_t left = seats; left; left &= left - 1) {
      const int i = __builtin_ctz(left);
      c[i].*(k == 1 ? win : tie) += w;
      units[static_cast<std::size_t>(i)] += each;
    }
  };
  if (!highs && !lows) {
    pay(everyone, kShareUnits, &PlayerCounts::high_tie, &PlayerCounts::high_tie);  // nobody won as declared
  } else if (!lows) {
    pay(highs, kShareUnits, &PlayerCounts::high_win, &PlayerCounts::high_tie);
  } else if (!highs) {
    pay(lows, kShareUnits, &PlayerCounts::low_win, &PlayerCounts::low_tie);
  } else {
    // A swing keeping the half he won outright leaves the tied half to the others.
    lows &= ~kept_high;
    highs &= ~kept_low;
    pay(highs, kShareUnits / 2, &PlayerCounts::high_win, &PlayerCounts::high_tie);
    pay(lows, kShareUnits / 2, &PlayerCounts::low_win, &PlayerCounts::low_tie);
  }
  if (won) std::copy(units.begin(), units.begin() + n, won);
  for (std::uint32_t left = highs | lows | (!highs && !lows ? everyone : 0u); left; left &= left - 1) {
    const int i = __builtin_ctz(left);  // the players paid
    const std::uint64_t u = units[static_cast<std::size_t>(i)];
    c[i].share += u * w;
    if (u == kShareUnits) c[i].scoop += w;
  }
}

// One outcome of weight w: who wins which side, added to the counts; won[i]
// (optional) receives player i's share units. Games with declarations
// (G::kDeclare, resolved at compile time) take settle_declared instead.
template <class G>
inline void settle(const Spot& s, const std::uint16_t* hi, const std::uint16_t* lo, int n, PlayerCounts* c,
                   std::uint64_t w, std::uint64_t* won = nullptr) noexcept {
  if constexpr (G::kDeclare) {
    settle_declared(s, hi, lo, n, c, w, won);
    return;
  }
  std::uint16_t best_hi = 0, best_lo = 0;
  int n_hi = 0, n_lo = 0, who_hi = 0, who_lo = 0;
  if constexpr (G::kHigh) {
    for (int i = 0; i < n; ++i) {
      if (hi[i] > best_hi) {
        best_hi = hi[i];
        n_hi = 1;
        who_hi = i;
      } else if (hi[i] == best_hi) {
        ++n_hi;
      }
    }
  }
  if constexpr (G::kLow) {
    for (int i = 0; i < n; ++i) {
      if (lo[i] > best_lo) {
        best_lo = lo[i];
        n_lo = 1;
        who_lo = i;
      } else if (lo[i] == best_lo) {
        ++n_lo;
      }
    }
  }
  if (won) std::fill(won, won + n, 0);
  // 0: nobody qualifies (or every hand is dead). A low-only game then splits
  // the pot among them all, as a high game does when every high is 0.
  const bool low_side = G::kLow && (best_lo > 0 || !G::kHigh);
  // Each side: its part of the pot to every best hand, a win alone or a tie.
  auto award = [&](const std::uint16_t* v, std::uint16_t best, int count, std::uint64_t PlayerCounts::*win,
                   std::uint64_t PlayerCounts::*tie, std::uint64_t part) {
    for (int i = 0; i < n; ++i) {
      if (v[i] != best) continue;
      c[i].*(count == 1 ? win : tie) += w;
      c[i].share += part * w;
      if (won) won[i] += part;
    }
  };
  if constexpr (G::kHigh) {
    const std::uint64_t whole = kSplit.part[static_cast<std::size_t>(n_hi)];
    award(hi, best_hi, n_hi, &PlayerCounts::high_win, &PlayerCounts::high_tie, low_side ? whole / 2 : whole);
  }
  if (low_side) {
    const std::uint64_t whole = kSplit.part[static_cast<std::size_t>(n_lo)];
    award(lo, best_lo, n_lo, &PlayerCounts::low_win, &PlayerCounts::low_tie, G::kHigh ? whole / 2 : whole);
  }
  if constexpr (G::kHigh) {
    if (n_hi == 1 && (!low_side || (n_lo == 1 && who_lo == who_hi))) c[who_hi].scoop += w;
  } else {
    if (n_lo == 1) c[who_lo].scoop += w;
  }
}

void add_counts(PlayerCounts& into, const PlayerCounts& from) {
  into.high_win += from.high_win;
  into.high_tie += from.high_tie;
  into.low_win += from.low_win;
  into.low_tie += from.low_tie;
  into.scoop += from.scoop;
  into.share += from.share;
}

// ---------------------------------------------------------------- the pool

// Runs work(chunk, worker) for chunks [first, last) on `threads` worker
// threads, handed out in order; the calling thread waits, calling the hooks
// about every 5 ms. Workers stop taking chunks once asked to stop, so the
// chunks done are always [first, returned).
class Monitor {
 public:
  Monitor(const EquityHooks& hooks, double seconds) : hooks_(hooks) {
    if (seconds > 0) {
      deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
      has_deadline_ = true;
    }
  }
  EquityStop stop = EquityStop::Complete;

  template <class Work, class Done>
  std::uint64_t run(int threads, std::uint64_t first, std::uint64_t last, const Work& work, const Done& done_units,
                    std::uint64_t total_units) {
    if (first >= last || stop != EquityStop::Complete) return first;
    std::atomic<std::uint64_t> next{first};
    std::atomic<std::uint64_t> finished{0};
    std::atomic<bool> halt{false};
    std::atomic<int> live{0};
    std::mutex mu;
    std::condition_variable cv;
    const auto n_threads = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(threads), last - first));
    auto loop = [&](int id) {
      for (;;) {
        if (halt.load(std::memory_order_relaxed)) break;
        const std::uint64_t chunk = next.fetch_add(1, std::memory_order_relaxed);
        if (chunk >= last) break;
        work(chunk, id, halt);
        finished.fetch_add(1, std::memory_order_relaxed);
      }
      std::lock_guard<std::mutex> lock(mu);
      live.fetch_sub(1);
      cv.notify_all();
    };
    live = n_threads;
    std::vector<std::thread> pool;
    // Halts and joins the workers however this frame is left: also when a hook
    // unwinds it (a thread ended by the interpreter's shutdown unwinds with
    // abi::__forced_unwind, which must go on; joinable threads left to
    // ~vector<thread> would call std::terminate).
    struct Joiner {
      std::vector<std::thread>& pool;
      std::atomic<bool>& halt;
      ~Joiner() {
        halt.store(true);
        for (auto& th : pool) {
          if (th.joinable()) th.join();
        }
      }
    } joiner{pool, halt};
    pool.reserve(static_cast<std::size_t>(n_threads));
    for (int i = 0; i < n_threads; ++i) pool.emplace_back(loop, i);
    {
      std::unique_lock<std::mutex> lock(mu);
      while (live.load() > 0) {
        cv.wait_for(lock, std::chrono::milliseconds(5));
        if (live.load() == 0) break;
        lock.unlock();
        const bool go = tick(done_units(finished.load(std::memory_order_relaxed)), total_units);
        lock.lock();
        if (!go) halt.store(true);
      }
    }
    for (auto& th : pool) th.join();  // (the joiner's join again finds none joinable)
    return std::min(next.load(), last);
  }

  /// Hooks between runs and at the end: false once stopped.
  bool tick(std::uint64_t done, std::uint64_t total, bool final = false) {
    if (stop != EquityStop::Complete) return false;
    if (hooks_.poll && !hooks_.poll()) {
      stop = EquityStop::Stopped;
      return false;
    }
    if (has_deadline_ && Clock::now() >= deadline_) {
      stop = EquityStop::Time;
      return false;
    }
    if (hooks_.progress && total > 0) {
      const std::uint64_t step = static_cast<std::uint64_t>(static_cast<long double>(done) * 16 / total);
      const auto now = Clock::now();
      // At each sixteenth of the work (not closer than 20 ms), every quarter
      // second once more work is done (a long run's progress bar keeps moving;
      // any call means some work is done), and at the end.
      const auto since = now - last_;
      if (final || (done > done_ && since >= std::chrono::milliseconds(250)) ||
          (step > step_ && since >= std::chrono::milliseconds(20))) {
        step_ = step;
        done_ = done;
        last_ = now;
        if (!hooks_.progress(std::min(done, total), total)) {
          stop = EquityStop::Stopped;
          return false;
        }
      }
    }
    return true;
  }

 private:
  const EquityHooks& hooks_;
  Clock::time_point deadline_{};
  bool has_deadline_ = false;
  std::uint64_t step_ = 0;
  std::uint64_t done_ = 0;
  Clock::time_point last_ = Clock::now();
};

constexpr int kMaxThreads = 256;  // more would only add start-up cost

int workers(int threads, std::uint64_t work) {
  return work < 200'000 ? 1 : std::min(threads, kMaxThreads);  // small runs: thread start-up would dominate
}

// ---------------------------------------------------------------- completions

constexpr int kMaxUnknown = kMaxCards;
constexpr std::size_t kMaxEntries = std::size_t{1} << 22;  // per player (32 bytes each)
constexpr std::uint64_t kMaxLevelItems = 32'000'000;       // counting: a side's items at one level (4 bytes each)

struct Entry {
  std::uint64_t mask;    // card mask of the hidden and future cards
  std::uint64_t weight;  // the member's weight
  std::uint16_t hi;
  std::uint16_t lo;
  std::uint8_t count;                       // unknown cards
  std::array<std::uint8_t, kMaxUnknown> idx;  // their deck indices, ascending
};

bool next_combination(int* idx, int m, int k) {
  int i = k - 1;
  while (i >= 0 && idx[i] == m - k + i) --i;
  if (i < 0) return false;
  ++idx[i];
  for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  return true;
}

/// A player's completions; throws when there are more than an exact run lists.
std::uint64_t check_entries(const Spot& s, int player) {
  const std::uint64_t count = completions(s, s.p[static_cast<std::size_t>(player)]);
  if (count > kMaxEntries) {
    throw EquityOptionError("hands[" + std::to_string(player) + "] has " + with_commas(count) +
                            " possible completions, more than an exact run lists (" + with_commas(kMaxEntries) +
                            "); pass samples= for a Monte Carlo estimate, e.g. samples=1_000_000");
  }
  return count;
}

template <class G>
std::vector<Entry> list_completions(const Spot& s, int player) {
  const Tables& t = tables();
  const PlayerSpot& ps = s.p[static_cast<std::size_t>(player)];
  const std::uint64_t count = check_entries(s, player);
  std::vector<Entry> out;
  out.reserve(static_cast<std::size_t>(count));
  const int m = static_cast<int>(s.deck.size());
  const int members = members_of(ps);
  const auto hid = static_cast<std::size_t>(ps.hidden);
  std::array<std::uint8_t, kMaxCards> cards = ps.known;
  std::vector<int> free_idx;
  free_idx.reserve(static_cast<std::size_t>(m));
  for (int j = 0; j < members; ++j) {
    const auto uj = static_cast<std::size_t>(j);
    std::uint64_t member_mask = 0;
    std::array<std::uint8_t, kMaxUnknown> member_idx{};
    for (std::size_t h = 0; h < hid; ++h) {
      const std::uint8_t c = ps.members[uj * hid + h];
      cards[static_cast<std::size_t>(ps.n_known) + h] = c;
      member_mask |= card_bit(c);
      member_idx[h] = static_cast<std::uint8_t>(s.deck_index[c]);
    }
    const int hole = ps.hole_in_member ? ps.members[uj * hid] : (ps.n_known > 0 ? ps.known[0] : -1);
    const WildOptions o = hand_wild(s, hole);
    const std::uint64_t wild_cards = o.wild | s.path_cards;
    free_idx.clear();
    for (int d = 0; d < m; ++d)
      if (!(member_mask & card_bit(s.deck[static_cast<std::size_t>(d)]))) free_idx.push_back(d);
    const int f = ps.future;
    const auto nf = static_cast<int>(free_idx.size());
    int idx[kMaxCards];
    for (int q = 0; q < f; ++q) idx[q] = q;
    const int base = ps.n_known + ps.hidden;
    const std::uint64_t known_mask = mask_of(ps.known.data(), ps.n_known);
    do {
      Entry e{};
      e.mask = member_mask;
      e.weight = hid ? ps.weights[uj] : 1;
      e.count = static_cast<std::uint8_t>(ps.hidden + f);
      std::array<std::uint8_t, kMaxUnknown> all = member_idx;
      for (int q = 0; q < f; ++q) {
        const int d = free_idx[static_cast<std::size_t>(idx[q])];
        const std::uint8_t c = s.deck[static_cast<std::size_t>(d)];
        cards[static_cast<std::size_t>(base + q)] = c;
        e.mask |= card_bit(c);
        all[hid + static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(d);
      }
      for (int x = 1; x < e.count; ++x) {  // insertion sort (at most 7)
        const std::uint8_t v = all[static_cast<std::size_t>(x)];
        int y = x - 1;
        for (; y >= 0 && all[static_cast<std::size_t>(y)] > v; --y) all[static_cast<std::size_t>(y + 1)] = all[static_cast<std::size_t>(y)];
        all[static_cast<std::size_t>(y + 1)] = v;
      }
      e.idx = all;
      const std::uint64_t key = hand_key(t, cards.data(), s.game.size);
      if (s.positional == PositionalRule::None) {
        score<G>(t, s, o, wild_cards, cards.data(), s.game.size, key, e.mask | known_mask, e.hi, e.lo);
        out.push_back(e);
        continue;
      }
      // Positional wild cards: every placing of the hidden cards and the
      // cards to come on the places the rule reads among them (their order
      // is unknown), an entry per rank the placings make wild, weighted by
      // how many make it (a completion's weights add up to placings(): the
      // same for every completion).
      std::array<std::uint64_t, 14> ways{};  // by rank + 1 (0: no wild rank)
      std::array<std::uint8_t, kMaxCards> placed = cards;
      // `used`: the cards already placed, by index into the hand's cards.
      auto place = [&](auto& self, int j, unsigned used) -> void {
        if (j == ps.n_named || ps.order_free) {  // (order_free: the cards as they lie name the rank)
          ++ways[static_cast<std::size_t>(positional_rank(s, ps, placed.data()) + 1)];
          return;
        }
        const int at = ps.named[static_cast<std::size_t>(j)];
        if (at < ps.n_known) return self(self, j + 1, used);  // a known card
        // The pool it comes from: the hidden cards, or the cards to come.
        const int first = at >= base ? base : ps.n_known, last = at >= base ? base + f : base;
        for (int x = first; x < last; ++x) {
          if ((used >> x) & 1u) continue;
          placed[static_cast<std::size_t>(at)] = cards[static_cast<std::size_t>(x)];
          self(self, j + 1, used | 1u << x);
        }
      };
      place(place, 0, 0u);
      for (std::size_t r = 0; r < ways.size(); ++r) {
        if (!ways[r]) continue;
        const WildOptions own = rank_wild(s, static_cast<int>(r) - 1);
        Entry er = e;
        er.weight = e.weight * ways[r];
        score<G>(t, s, own, own.wild | s.path_cards, cards.data(), s.game.size, key, e.mask | known_mask, er.hi, er.lo);
        out.push_back(er);
      }
    } while (f > 0 && next_combination(idx, nf, f));
  }
  return out;
}

// ---------------------------------------------------------------- exact: enumeration

/// The start of part k of `parts` contiguous slices of `units` (k = parts: the end).
std::uint64_t part_bound(std::uint64_t units, std::uint64_t k, std::uint64_t parts) {
  return mul_div(units, k, parts);  // k <= parts
}

/// Throws unless every weighted count of an enumeration fits its 64-bit counter.
void check_weights(const Spot& s, std::uint64_t work) {
  long double bound = static_cast<long double>(work) * kShareUnits;
  for (const PlayerSpot& ps : s.p)
    if (ps.hidden) bound *= static_cast<long double>(*std::max_element(ps.weights.begin(), ps.weights.end()));
  if (bound >= 9.2e18L) {
    throw EquityOptionError(
        "the range weights are too fine for an exact enumeration (the weighted counts would overflow); "
        "use rounder weights or pass samples=");
  }
}

template <class G>
EquityResult run_enumerate(const Spot& s, const EquityRequest& rq, Monitor& mon) {
  check_weights(s, count_outcomes(s));
  const int n = s.n;
  std::vector<std::vector<Entry>> lists(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) lists[static_cast<std::size_t>(i)] = list_completions<G>(s, i);
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return lists[static_cast<std::size_t>(a)].size() > lists[static_cast<std::size_t>(b)].size();
  });
  const auto& outer = lists[static_cast<std::size_t>(order[0])];
  // This request's part: outer completions [row0, row1).
  const std::uint64_t row0 = part_bound(outer.size(), rq.part, rq.parts);
  const std::uint64_t row1 = part_bound(outer.size(), rq.part + 1, rq.parts);
  const std::uint64_t n_outer = row1 - row0;
  const std::uint64_t work = count_outcomes(s) / rq.parts;  // about this part's share
  const int threads = workers(rq.threads, work);
  // Chunks small enough to stop promptly: about 2 M leaves each.
  const std::uint64_t per_outer = std::max<std::uint64_t>(1, work / std::max<std::uint64_t>(1, n_outer));
  const std::uint64_t chunk_size = std::max<std::uint64_t>(1, std::min<std::uint64_t>(n_outer, 2'000'000 / per_outer));
  const std::uint64_t chunks = (n_outer + chunk_size - 1) / chunk_size;
  std::vector<std::vector<PlayerCounts>> local(static_cast<std::size_t>(threads),
                                               std::vector<PlayerCounts>(static_cast<std::size_t>(n)));
  auto job = [&](std::uint64_t chunk, int id, const std::atomic<bool>& halt) {
    PlayerCounts* counts = local[static_cast<std::size_t>(id)].data();
    std::array<std::uint16_t, kEquityMaxPlayers> hi{}, lo{};
    auto inner = [&](auto& self, int level, std::uint64_t used, std::uint64_t w) -> void {
      const auto up = static_cast<std::size_t>(order[static_cast<std::size_t>(level)]);
      const auto& list = lists[up];
      if (level == n - 1) {
        for (const Entry& e : list) {
          if (e.mask & used) continue;
          hi[up] = e.hi;
          lo[up] = e.lo;
          settle<G>(s, hi.data(), lo.data(), n, counts, w * e.weight);
        }
      } else {
        for (const Entry& e : list) {
          if (e.mask & used) continue;
          hi[up] = e.hi;
          lo[up] = e.lo;
          self(self, level + 1, used | e.mask, w * e.weight);
        }
      }
    };
    const std::uint64_t first = row0 + chunk * chunk_size;
    const std::uint64_t last = std::min(row1, first + chunk_size);
    const auto uo = static_cast<std::size_t>(order[0]);
    for (std::uint64_t r = first; r < last; ++r) {
      if (halt.load(std::memory_order_relaxed)) return;
      const Entry& e = outer[static_cast<std::size_t>(r)];
      hi[uo] = e.hi;
      lo[uo] = e.lo;
      if (n == 1) {
        settle<G>(s, hi.data(), lo.data(), n, counts, e.weight);
      } else {
        inner(inner, 1, e.mask, e.weight);
      }
    }
  };
  auto done_units = [&](std::uint64_t d) { return d * chunk_size * per_outer; };
  const std::uint64_t claimed = mon.run(threads, 0, chunks, job, done_units, work);
  EquityResult result;
  result.exact = true;
  result.method = EquityMethod::Enumerate;
  result.players.assign(static_cast<std::size_t>(n), PlayerCounts{});
  for (const auto& l : local)
    for (int i = 0; i < n; ++i) add_counts(result.players[static_cast<std::size_t>(i)], l[static_cast<std::size_t>(i)]);
  if (claimed < chunks || !mon.tick(work, work, true)) {
    if (mon.stop == EquityStop::Complete) mon.stop = EquityStop::Stopped;
  }
  result.stop = mon.stop;
  // Outcomes: the weights of every leaf (a player's scoop, win and tie counts partition them per side).
  std::uint64_t total = 0;
  for (const PlayerCounts& c : result.players) total += c.share;
  result.outcomes = total / kShareUnits;
  return result;
}

// ---------------------------------------------------------------- exact: counting (two players)

/// A pair's class on one side (its high, or its low), from A's strength a and
/// B's b (0: no such hand, as no qualifying low or a dead hand): B has none
/// and A has; 0 < b < a; b = a > 0; b > a > 0; neither has; A has none and B
/// has. A class settles that side the same way in every pair of it, cards
/// speak or declared, so the pot of a pair is settled by its two classes.
constexpr int kSideClasses = 6;
/// A representative (a, b) of each class.
constexpr std::array<std::array<std::uint16_t, 2>, kSideClasses> kClassPair = {
    {{2, 0}, {2, 1}, {2, 2}, {2, 3}, {0, 0}, {0, 1}}};
/// The class of a pair where b is (0) zero with a > 0, (1) below a, (2) equal, (3) above: by whether a is 0.
constexpr std::array<std::array<std::size_t, 4>, 2> kClassOf = {{{0, 1, 2, 3}, {4, 4, 4, 5}}};
/// Weighted pairs by class: [high class][low class].
using Grid = std::array<std::array<i128, kSideClasses>, kSideClasses>;
/// The sweep's weighted pairs, [A's high is 0][A's low is 0][B's primary
/// cell][B's secondary cell], each cell (0) 0 with A's not, (1) below A's,
/// (2) equal, (3) above; read into a Grid once counted.
using Tally = std::array<i128, 2 * 2 * 4 * 4>;
constexpr std::size_t tally_at(bool hi0, bool lo0, std::size_t r, std::size_t c) noexcept {
  return ((static_cast<std::size_t>(hi0) * 2 + static_cast<std::size_t>(lo0)) * 4 + r) * 4 + c;
}

class Fenwick {
 public:
  explicit Fenwick(std::size_t n) : t_(n + 1, 0) {}
  void add(std::size_t i, std::int64_t w) noexcept {
    for (; i < t_.size(); i += i & (~i + 1)) t_[i] += w;
  }
  std::int64_t prefix(std::size_t i) const noexcept {  // sum over 1..i
    std::int64_t s = 0;
    for (; i > 0; i -= i & (~i + 1)) s += t_[i];
    return s;
  }

 private:
  std::vector<std::int64_t> t_;
};

/// Colex rank of a sorted subset: dense in [0, C(m, s)).
inline std::uint32_t colex(const std::uint8_t* sub, int s) noexcept {
  std::uint64_t r = 0;
  for (int i = 0; i < s; ++i) r += binom(sub[i], i + 1);
  return static_cast<std::uint32_t>(r);
}

/// Every s-subset of positions 0..k-1, as position lists.
std::vector<std::array<std::uint8_t, kMaxUnknown>> subsets(int k, int s) {
  std::vector<std::array<std::uint8_t, kMaxUnknown>> out;
  int idx[kMaxCards];
  for (int q = 0; q < s; ++q) idx[q] = q;
  do {
    std::array<std::uint8_t, kMaxUnknown> a{};
    for (int q = 0; q < s; ++q) a[static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(idx[q]);
    out.push_back(a);
  } while (s > 0 && next_combination(idx, k, s));
  return out;
}

/// Whether counting applies and its work (items handled), for the method choice.
std::uint64_t counting_work(const Spot& s) {
  if (s.n != 2 || s.community) return 0;
  const PlayerSpot& a = s.p[0];
  const PlayerSpot& b = s.p[1];
  const int ka = a.hidden + a.future, kb = b.hidden + b.future;
  if (ka > 5 || kb > 5) return 0;
  const std::uint64_t na = completions(s, a), nb = completions(s, b);
  if (na > kMaxEntries || nb > kMaxEntries) return 0;
  std::uint64_t work = 0;
  for (int q = 0; q <= std::min(ka, kb); ++q) {
    if (na * binom(ka, q) > kMaxLevelItems || nb * binom(kb, q) > kMaxLevelItems) return 0;
    work += na * binom(ka, q) + nb * binom(kb, q);
  }
  return work;
}

/// Each class of pairs settles the pot one way, cards speak or declared (the
/// enumerator's settle): a representative outcome of each class is settled
/// with the class's weight into `result`.
template <class G>
void settle_classes(const Spot& s, const Grid& grid, EquityResult& result) {
  u128 total = 0;
  for (std::size_t h = 0; h < kSideClasses; ++h) {
    for (std::size_t l = 0; l < kSideClasses; ++l) {
      const i128 w = grid[h][l];
      if (w == 0) continue;
      if (w < 0 || w > static_cast<i128>(std::numeric_limits<std::uint64_t>::max() / kShareUnits)) {
        throw EquityOptionError("the weighted outcomes overflow the counters; use smaller range weights");
      }
      settle<G>(s, kClassPair[h].data(), kClassPair[l].data(), 2, result.players.data(), static_cast<std::uint64_t>(w));
      total += static_cast<u128>(w);
    }
  }
  result.outcomes = static_cast<std::uint64_t>(total);
}

template <class G>
EquityResult run_count(const Spot& s, const EquityRequest& rq, Monitor& mon) {
  std::vector<Entry> A = list_completions<G>(s, 0);
  std::vector<Entry> B = list_completions<G>(s, 1);
  const int ka = s.p[0].hidden + s.p[0].future, kb = s.p[1].hidden + s.p[1].future;
  const int m = static_cast<int>(s.deck.size());
  // The sweep runs over the primary strength with a Fenwick tree over the
  // secondary (the one with fewer distinct values in B); one-sided games need
  // no tree.
  constexpr bool kTwo = G::kHigh && G::kLow;
  auto distinct = [&](bool high) {
    std::vector<std::uint16_t> v;
    v.reserve(B.size());
    for (const Entry& e : B) v.push_back(high ? e.hi : e.lo);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  bool primary_high = G::kHigh;
  std::vector<std::uint16_t> qv;
  if constexpr (kTwo) {
    std::vector<std::uint16_t> dh = distinct(true), dl = distinct(false);
    primary_high = dl.size() <= dh.size();
    qv = primary_high ? dl : dh;
  }
  auto P = [&](const Entry& e) { return primary_high ? e.hi : e.lo; };
  auto Q = [&](const Entry& e) { return primary_high ? e.lo : e.hi; };
  auto by_primary = [&](std::vector<Entry>& v) {
    std::stable_sort(v.begin(), v.end(), [&](const Entry& x, const Entry& y) { return P(x) < P(y); });
  };
  by_primary(A);
  by_primary(B);
  // The classes of a pair are read from A's side, on each axis: B's strength
  // 0 with A's not, below A's, equal, above (kClassOf by whether A's is 0).
  // Cards speak tells no zero apart (a 0 is only the lowest strength there):
  // it counts B's zeros below A's (class 1). The declared settle needs them
  // apart (a 0 never wins a side, whoever declared it): it cuts each axis once
  // more, at 0.
  constexpr bool kZeros = G::kDeclare;
  // The cuts of an axis: (0) at most 0, (1) below A's, (2) at most A's, (3) all.
  constexpr std::size_t kFrom = kZeros ? 0 : 1;  // the first cut made
  constexpr std::size_t kCuts = 4 - kFrom;
  // Secondary ranks: B's (1-based) and A's cuts (at most 0, below, at most).
  std::vector<std::uint32_t> qb(B.size()), qlt(A.size()), qle(A.size());
  std::vector<std::uint8_t> qz(kZeros ? A.size() : 0);
  if constexpr (kTwo) {
    for (std::size_t i = 0; i < B.size(); ++i)
      qb[i] = static_cast<std::uint32_t>(std::lower_bound(qv.begin(), qv.end(), Q(B[i])) - qv.begin()) + 1;
    for (std::size_t i = 0; i < A.size(); ++i) {
      qlt[i] = static_cast<std::uint32_t>(std::lower_bound(qv.begin(), qv.end(), Q(A[i])) - qv.begin());
      qle[i] = static_cast<std::uint32_t>(std::upper_bound(qv.begin(), qv.end(), Q(A[i])) - qv.begin());
      if constexpr (kZeros) qz[i] = Q(A[i]) > 0 && !qv.empty() && qv[0] == 0 ? 1 : 0;
    }
  }
  const int threads = std::min(rq.threads, kMaxThreads);
  std::vector<Tally> tallies(static_cast<std::size_t>(threads), Tally{});
  std::vector<Fenwick> trees;
  for (int i = 0; i < threads; ++i) trees.emplace_back(qv.size());
  // Per A completion of a bucket: B's weight at or below each primary cut
  // (rows) and each secondary cut (columns).
  using Cuts = std::array<std::array<std::int64_t, kCuts>, kCuts>;
  std::vector<std::vector<Cuts>> scratch(static_cast<std::size_t>(threads));

  const int top = std::min(ka, kb);
  std::uint64_t units_before = 0;
  std::uint64_t total_units = 0;
  for (int q = 0; q <= top; ++q) total_units += A.size() * binom(ka, q) + B.size() * binom(kb, q);
  for (int level = 0; level <= top && mon.stop == EquityStop::Complete; ++level) {
    const std::uint64_t n_buckets = binom(m, level);
    const auto subs_a = subsets(ka, level);
    const auto subs_b = subsets(kb, level);
    auto fill = [&](const std::vector<Entry>& v, const std::vector<std::array<std::uint8_t, kMaxUnknown>>& subs,
                    std::vector<std::uint32_t>& start, std::vector<std::uint32_t>& items) {
      start.assign(static_cast<std::size_t>(n_buckets) + 1, 0);
      std::uint8_t sub[kMaxUnknown];
      for (const Entry& e : v) {
        for (const auto& pos : subs) {
          for (int j = 0; j < level; ++j) sub[j] = e.idx[pos[static_cast<std::size_t>(j)]];
          ++start[colex(sub, level) + 1];
        }
      }
      for (std::size_t b = 0; b < n_buckets; ++b) start[b + 1] += start[b];
      items.assign(start.back(), 0);
      std::vector<std::uint32_t> at(start.begin(), start.end() - 1);
      for (std::size_t i = 0; i < v.size(); ++i) {
        for (const auto& pos : subs) {
          for (int j = 0; j < level; ++j) sub[j] = v[i].idx[pos[static_cast<std::size_t>(j)]];
          items[at[colex(sub, level)]++] = static_cast<std::uint32_t>(i);
        }
      }
    };
    std::vector<std::uint32_t> start_a, items_a, start_b, items_b;
    fill(A, subs_a, start_a, items_a);
    fill(B, subs_b, start_b, items_b);
    const i128 sign = (level % 2 == 0) ? 1 : -1;
    const std::uint64_t per_chunk = std::max<std::uint64_t>(1, n_buckets / std::max<std::uint64_t>(1, 64 * static_cast<std::uint64_t>(threads)));
    const std::uint64_t chunks = (n_buckets + per_chunk - 1) / per_chunk;
    auto job = [&](std::uint64_t chunk, int id, const std::atomic<bool>& halt) {
      Tally& tally = tallies[static_cast<std::size_t>(id)];
      Fenwick& tree = trees[static_cast<std::size_t>(id)];
      auto& tmp = scratch[static_cast<std::size_t>(id)];
      const std::uint64_t b_first = chunk * per_chunk;
      const std::uint64_t b_last = std::min(n_buckets, b_first + per_chunk);
      for (std::uint64_t bucket = b_first; bucket < b_last; ++bucket) {
        if ((bucket & 1023) == 0 && halt.load(std::memory_order_relaxed)) return;
        const std::uint32_t a0 = start_a[bucket], a1 = start_a[bucket + 1];
        const std::uint32_t b0 = start_b[bucket], b1 = start_b[bucket + 1];
        if (a0 == a1 || b0 == b1) continue;
        std::int64_t total_b = 0;
        for (std::uint32_t j = b0; j < b1; ++j) total_b += static_cast<std::int64_t>(B[items_b[j]].weight);
        std::uint32_t j = b0;
        std::int64_t below = 0, upto = 0;  // B weight with primary below / at most the current value
        if constexpr (!kTwo) {
          for (std::uint32_t i = a0; i < a1;) {
            const std::uint16_t v = P(A[items_a[i]]);
            while (j < b1 && P(B[items_b[j]]) < v) below += static_cast<std::int64_t>(B[items_b[j++]].weight);
            upto = below;
            while (j < b1 && P(B[items_b[j]]) == v) upto += static_cast<std::int64_t>(B[items_b[j++]].weight);
            // One side only (no declarations): the other is 0 in every hand (equal, A's 0).
            const std::size_t base = G::kHigh ? tally_at(v == 0, true, 0, 2) : tally_at(true, v == 0, 0, 2);
            for (; i < a1 && P(A[items_a[i]]) == v; ++i) {
              const i128 wa = sign * static_cast<i128>(A[items_a[i]].weight);
              tally[base + 4] += wa * below;  // primary cells 1, 2, 3
              tally[base + 8] += wa * (upto - below);
              tally[base + 12] += wa * (total_b - upto);
            }
            below = upto;
          }
        } else {
          tmp.resize(a1 - a0);
          // B's completions enter the tree while `keep` holds of their primary strength.
          auto insert_while = [&](auto keep, std::int64_t& inserted) {
            for (; j < b1 && keep(P(B[items_b[j]])); ++j) {
              const auto w = static_cast<std::int64_t>(B[items_b[j]].weight);
              tree.add(qb[items_b[j]], w);
              inserted += w;
            }
          };
          // The tree read at A's secondary cuts, the last the weight inserted.
          auto read = [&](std::uint32_t x, std::array<std::int64_t, kCuts>& row, std::int64_t inserted) {
            if constexpr (kZeros) row[0] = tree.prefix(qz[x]);
            row[1 - kFrom] = tree.prefix(qlt[x]);
            row[2 - kFrom] = tree.prefix(qle[x]);
            row[3 - kFrom] = inserted;
          };
          // A's completions [from, to) read the tree at primary cut `cut`.
          auto snapshot = [&](std::uint32_t from, std::uint32_t to, std::size_t cut, std::int64_t inserted) {
            for (std::uint32_t k = from; k < to; ++k) read(items_a[k], tmp[k - a0][cut - kFrom], inserted);
          };
          // Declared: B's primary zeros go in first; every A above 0 reads the
          // cut at 0 (unless there are none: then it is 0).
          bool zeros_done = false, zero_cut = false;
          for (std::uint32_t i = a0; i < a1;) {
            const std::uint16_t v = P(A[items_a[i]]);
            if constexpr (kZeros) {
              if (v > 0 && !zeros_done) {
                insert_while([](std::uint16_t p) { return p == 0; }, below);
                zeros_done = true;
                zero_cut = below > 0;  // only zeros are in the tree yet
                if (zero_cut) snapshot(i, a1, 0, below);
              }
            }
            insert_while([v](std::uint16_t p) { return p < v; }, below);
            std::uint32_t i_end = i;
            while (i_end < a1 && P(A[items_a[i_end]]) == v) ++i_end;
            snapshot(i, i_end, 1, below);
            upto = below;
            insert_while([v](std::uint16_t p) { return p == v; }, upto);
            snapshot(i, i_end, 2, upto);
            below = upto;
            i = i_end;
          }
          insert_while([](std::uint16_t) { return true; }, upto);
          for (std::uint32_t k = a0; k < a1; ++k) {
            const std::uint32_t x = items_a[k];
            const Entry& a = A[x];
            // A class is a cell's difference to the rows and columns before.
            Cuts& at = tmp[k - a0];
            if constexpr (kZeros) {
              if (!zero_cut || P(a) == 0) at[0] = {};  // not read (an A of 0 has no B below it)
            }
            read(x, at[kCuts - 1], total_b);
            const i128 wa = sign * static_cast<i128>(a.weight);
            for (std::size_t r = 0; r < kCuts; ++r) {
              for (std::size_t c = 0; c < kCuts; ++c) {
                const std::int64_t cell = at[r][c] - (r ? at[r - 1][c] : 0) - (c ? at[r][c - 1] : 0) +
                                          (r && c ? at[r - 1][c - 1] : 0);
                if (cell) tally[tally_at(a.hi == 0, a.lo == 0, r + kFrom, c + kFrom)] += wa * cell;
              }
            }
          }
          for (std::uint32_t k = b0; k < b1; ++k)
            tree.add(qb[items_b[k]], -static_cast<std::int64_t>(B[items_b[k]].weight));
        }
      }
    };
    const std::uint64_t level_units = A.size() * binom(ka, level) + B.size() * binom(kb, level);
    auto done_units = [&](std::uint64_t d) { return units_before + level_units * d / chunks; };
    const std::uint64_t claimed = mon.run(workers(threads, level_units * 8), 0, chunks, job, done_units, total_units);
    if (claimed < chunks && mon.stop == EquityStop::Complete) mon.stop = EquityStop::Stopped;
    units_before += level_units;
  }
  EquityResult result;
  result.exact = true;
  result.method = EquityMethod::Count;
  result.players.assign(2, PlayerCounts{});
  if (mon.stop == EquityStop::Complete) mon.tick(total_units, total_units, true);
  result.stop = mon.stop;
  if (result.stop != EquityStop::Complete) return result;
  // The tallies by class, primary and secondary to high and low.
  Grid grid{};
  for (const Tally& t : tallies) {
    for (std::size_t hi0 = 0; hi0 < 2; ++hi0) {
      for (std::size_t lo0 = 0; lo0 < 2; ++lo0) {
        const std::size_t p0 = primary_high ? hi0 : lo0, q0 = primary_high ? lo0 : hi0;
        for (std::size_t r = 0; r < 4; ++r) {
          for (std::size_t c = 0; c < 4; ++c) {
            const std::size_t cp = kClassOf[p0][r], cs = kClassOf[q0][c];
            (primary_high ? grid[cp][cs] : grid[cs][cp]) += t[tally_at(hi0 != 0, lo0 != 0, r, c)];
          }
        }
      }
    }
  }
  settle_classes<G>(s, grid, result);
  return result;
}

// ---------------------------------------------------------------- Monte Carlo

std::uint64_t splitmix(std::uint64_t& x) noexcept {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// xoshiro256**, one generator per block, seeded from (seed, block).
class Rng {
 public:
  Rng(std::uint64_t seed, std::uint64_t block) noexcept {
    std::uint64_t x = seed;
    const std::uint64_t mixed = splitmix(x) ^ (block * 0xD1B54A32D192ED03ull);
    x = mixed;
    for (auto& w : s_) w = splitmix(x);
  }
  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// Uniform in [0, bound) (bias below bound / 2^32).
  std::uint32_t below(std::uint32_t bound) noexcept {
    return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32);
  }
  /// Uniform in [0, bound) for a 64-bit bound (bias below bound / 2^64).
  std::uint64_t below64(std::uint64_t bound) noexcept {
    return static_cast<std::uint64_t>((static_cast<u128>(next()) * bound) >> 64);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

constexpr std::uint64_t kMaxRejections = 1'000'000;  // in a row: the ranges (almost) never fit together

template <class G>
EquityResult run_sampled(const Spot& s, const EquityRequest& rq, Monitor& mon) {
  const Tables& t = tables();
  const int n = s.n;
  const auto m = static_cast<std::uint32_t>(s.deck.size());
  std::array<std::uint64_t, kEquityMaxPlayers> base{}, known_mask{};
  std::array<int, kEquityMaxPlayers + 1> offset{};  // player i's future cards: deck[u + offset[i] .. u + offset[i+1])
  std::vector<std::vector<std::uint64_t>> cumulative(static_cast<std::size_t>(n));
  std::array<WildOptions, kEquityMaxPlayers> fixed_wild{};
  for (int i = 0; i < n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    const PlayerSpot& ps = s.p[ui];
    base[ui] = hand_key(t, ps.known.data(), ps.n_known);
    known_mask[ui] = mask_of(ps.known.data(), ps.n_known);
    offset[ui + 1] = offset[ui] + ps.future;
    if (ps.hidden) {
      std::uint64_t acc = 0;
      for (const std::uint64_t w : ps.weights) cumulative[ui].push_back(acc += w);
    }
    fixed_wild[ui] = hand_wild(s, ps.n_known > 0 && !ps.hole_in_member ? ps.known[0] : -1);
  }
  const auto future_cards = static_cast<std::uint32_t>(offset[static_cast<std::size_t>(n)]);
  const bool target = rq.target_stderr > 0 || rq.seconds > 0;
  const std::uint64_t samples = rq.samples ? rq.samples : (target ? std::uint64_t{1'000'000'000} : 0);
  const std::uint64_t blocks = (samples + kEquityBlock - 1) / kEquityBlock;
  const int threads = std::min(rq.threads, kMaxThreads);
  // Samples in blocks [b0, b1) (the last block may be short).
  auto samples_in = [&](std::uint64_t b0, std::uint64_t b1) {
    return std::min(samples, b1 * kEquityBlock) - std::min(samples, b0 * kEquityBlock);
  };
  // This request's part: blocks [first, last) (all of them unless split).
  const std::uint64_t first = part_bound(blocks, rq.part, rq.parts);
  const std::uint64_t last = part_bound(blocks, rq.part + 1, rq.parts);
  const std::uint64_t part_samples = samples_in(first, last);

  struct Local {
    std::vector<PlayerCounts> counts;
    std::vector<u128> share_sq;
    std::uint64_t rejected = 0;
    bool impossible = false;
  };
  std::vector<Local> local(static_cast<std::size_t>(threads));
  for (Local& l : local) {
    l.counts.assign(static_cast<std::size_t>(n), PlayerCounts{});
    l.share_sq.assign(static_cast<std::size_t>(n), 0);
  }
  auto job = [&](std::uint64_t block, int id, const std::atomic<bool>&) {
    Local& L = local[static_cast<std::size_t>(id)];
    Rng rng(rq.seed, block);
    std::vector<std::uint8_t> deck = s.deck;  // every block starts from the same order
    std::array<std::uint8_t, kDeckSize + 1> pos{};
    for (std::uint32_t d = 0; d < m; ++d) pos[deck[d]] = static_cast<std::uint8_t>(d);
    auto swap_cards = [&](std::uint32_t x, std::uint32_t y) {  // deck positions, keeping pos[] in step
      const std::uint8_t a = deck[x], b = deck[y];
      deck[x] = b;
      deck[y] = a;
      pos[b] = static_cast<std::uint8_t>(x);
      pos[a] = static_cast<std::uint8_t>(y);
    };
    std::array<std::array<std::uint8_t, kMaxCards>, kEquityMaxPlayers> cards{};
    for (int i = 0; i < n; ++i) cards[static_cast<std::size_t>(i)] = s.p[static_cast<std::size_t>(i)].known;
    std::array<std::uint16_t, kEquityMaxPlayers> hi{}, lo{};
    std::array<std::uint64_t, kEquityMaxPlayers> won{}, mask{}, key{};
    std::array<int, kEquityMaxPlayers> member{};
    const std::uint64_t count = std::min(kEquityBlock, samples - block * kEquityBlock);
    for (std::uint64_t r = 0; r < count; ++r) {
      std::uint32_t u = 0;  // member cards moved to the front of the deck
      if (s.ranges) {
        std::uint64_t tries = 0;
        for (;;) {
          std::uint64_t used = 0;
          bool clash = false;
          for (int i = 0; i < n && !clash; ++i) {
            const auto ui = static_cast<std::size_t>(i);
            const PlayerSpot& ps = s.p[ui];
            if (!ps.hidden) continue;
            const auto& cum = cumulative[ui];
            const std::uint64_t x = rng.below64(cum.back());
            const auto j = static_cast<int>(std::upper_bound(cum.begin(), cum.end(), x) - cum.begin());
            member[ui] = j;
            std::uint64_t mm = 0;
            for (int h = 0; h < ps.hidden; ++h)
              mm |= card_bit(ps.members[static_cast<std::size_t>(j * ps.hidden + h)]);
            clash = (mm & used) != 0;
            used |= mm;
          }
          if (!clash) break;
          ++L.rejected;
          if (++tries >= kMaxRejections) {
            L.impossible = true;
            return;
          }
        }
        for (int i = 0; i < n; ++i) {
          const auto ui = static_cast<std::size_t>(i);
          const PlayerSpot& ps = s.p[ui];
          for (int h = 0; h < ps.hidden; ++h) {
            const std::uint8_t c = ps.members[static_cast<std::size_t>(member[ui] * ps.hidden + h)];
            cards[ui][static_cast<std::size_t>(ps.n_known + h)] = c;
            swap_cards(u++, pos[c]);  // c to the front
          }
        }
      }
      std::uint8_t middle = 0;
      if (s.community) {  // the card in the middle, dealt before the rest
        swap_cards(u, u + rng.below(m - u));
        middle = deck[u++];
      }
      if (s.ranges || s.community) {
        for (std::uint32_t j = u; j < u + future_cards; ++j) swap_cards(j, j + rng.below(m - j));  // Fisher-Yates
      } else {
        for (std::uint32_t j = 0; j < future_cards; ++j) std::swap(deck[j], deck[j + rng.below(m - j)]);
      }
      for (int i = 0; i < n; ++i) {
        const auto ui = static_cast<std::size_t>(i);
        const PlayerSpot& ps = s.p[ui];
        auto& hand = cards[ui];
        std::uint64_t k = base[ui], mk = known_mask[ui];
        for (int h = 0; h < ps.hidden; ++h) {
          const std::uint8_t c = hand[static_cast<std::size_t>(ps.n_known + h)];
          k += t.card_key[c];
          mk |= card_bit(c);
        }
        int at = ps.n_known + ps.hidden;
        for (int j = offset[ui]; j < offset[ui + 1]; ++j) {
          const std::uint8_t c = deck[u + static_cast<std::uint32_t>(j)];
          hand[static_cast<std::size_t>(at++)] = c;
          k += t.card_key[c];
          mk |= card_bit(c);
        }
        if (s.community) {
          hand[static_cast<std::size_t>(at++)] = middle;
          k += t.card_key[middle];
          mk |= card_bit(middle);
        }
        key[ui] = k;
        mask[ui] = mk;
        WildOptions own;  // a wild rank of the hand's own, where it depends on the deal
        const WildOptions* o = &fixed_wild[ui];
        if (ps.hole_in_member) [[unlikely]] {
          own = hand_wild(s, hand[static_cast<std::size_t>(ps.n_known)]);  // the member's first card
          o = &own;
        } else if (s.positional != PositionalRule::None) {
          // The cards to come arrive in random order; a member's hidden cards too.
          for (int h = ps.hidden - 1; h > 0; --h) {
            std::swap(hand[static_cast<std::size_t>(ps.n_known + h)],
                      hand[static_cast<std::size_t>(ps.n_known) + rng.below(static_cast<std::uint32_t>(h + 1))]);
          }
          own = rank_wild(s, positional_rank(s, ps, hand.data()));
          o = &own;
        }
        score<G>(t, s, *o, o->wild | s.path_cards, hand.data(), s.game.size, k, mk, hi[ui], lo[ui]);
      }
      settle<G>(s, hi.data(), lo.data(), n, L.counts.data(), 1, won.data());
      for (int i = 0; i < n; ++i) L.share_sq[static_cast<std::size_t>(i)] += static_cast<u128>(won[static_cast<std::size_t>(i)]) * won[static_cast<std::size_t>(i)];
    }
  };
  auto sum_prefix = [&](std::uint64_t done_blocks, EquityResult& out) {
    out.players.assign(static_cast<std::size_t>(n), PlayerCounts{});
    std::vector<u128> sq(static_cast<std::size_t>(n), 0);
    out.rejected = 0;
    for (const Local& l : local) {
      for (int i = 0; i < n; ++i) {
        add_counts(out.players[static_cast<std::size_t>(i)], l.counts[static_cast<std::size_t>(i)]);
        sq[static_cast<std::size_t>(i)] += l.share_sq[static_cast<std::size_t>(i)];
      }
      out.rejected += l.rejected;
    }
    for (int i = 0; i < n; ++i) {
      PlayerCounts& c = out.players[static_cast<std::size_t>(i)];
      const u128 v = sq[static_cast<std::size_t>(i)];
      c.share_sq = to_double(v);
      c.share_sq_high = static_cast<std::uint64_t>(v >> 64);
      c.share_sq_low = static_cast<std::uint64_t>(v);
    }
    out.outcomes = samples_in(first, done_blocks);
  };
  auto worst_stderr = [&](const EquityResult& r) {
    double worst = 0;
    const auto nn = static_cast<double>(r.outcomes);
    if (r.outcomes < 2) return std::numeric_limits<double>::infinity();
    for (const PlayerCounts& c : r.players) {
      const double mean = static_cast<double>(c.share) / kShareUnits / nn;
      const double sq = c.share_sq / (static_cast<double>(kShareUnits) * kShareUnits) / nn;
      const double var = std::max(0.0, (sq - mean * mean) * nn / (nn - 1));
      worst = std::max(worst, std::sqrt(var / nn));
    }
    return worst;
  };
  EquityResult result;
  result.exact = false;
  std::uint64_t done = first;
  const int n_threads = workers(threads, part_samples * static_cast<std::uint64_t>(n) * 4);
  auto done_units = [&](std::uint64_t d) { return samples_in(first, done + d); };
  while (done < last) {
    std::uint64_t next = last;
    if (rq.target_stderr > 0) next = std::min(blocks, std::max(done + 1, done + done / 4));  // checkpoints 1, 2, .., 8, 10, 12, 15, ..
    const std::uint64_t claimed = mon.run(n_threads, done, next, job, done_units, part_samples);
    done = claimed;
    for (const Local& l : local) {
      if (l.impossible) {
        throw EquityOptionError(
            "the ranges almost never fit together (a million deals in a row had two members sharing a card); "
            "check that they leave the players distinct cards");
      }
    }
    if (mon.stop != EquityStop::Complete || claimed < next) break;
    if (rq.target_stderr > 0) {
      sum_prefix(done, result);
      if (worst_stderr(result) <= rq.target_stderr) {
        mon.stop = EquityStop::Target;
        break;
      }
    }
  }
  sum_prefix(done, result);
  if (mon.stop == EquityStop::Complete && done < last) mon.stop = EquityStop::Stopped;
  if (mon.stop == EquityStop::Complete || mon.stop == EquityStop::Target) mon.tick(result.outcomes, part_samples, true);
  result.stop = mon.stop;
  return result;
}

// ---------------------------------------------------------------- dispatch

bool sampled(const EquityRequest& rq) { return rq.samples > 0 || rq.target_stderr > 0 || rq.seconds > 0; }

/// How run() goes (see equity_plan); throws as run() would before it starts.
EquityPlan plan_of(const Spot& s, const EquityRequest& rq) {
  if (sampled(rq)) {
    const std::uint64_t samples = rq.samples ? rq.samples : std::uint64_t{1'000'000'000};
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
  if (!s.community) check_weights(s, total);
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
