#include "splitpot/stand_ins.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "splitpot/evaluate.hpp"

namespace splitpot {
namespace {

// The first suit from spades down whose card of `rank` is not held, marked
// held; kNoSuit when all four are.
int suit_for(int rank, std::uint64_t& held) {
  for (int suit = kSuits - 1; suit >= 0; --suit) {
    const int c = make_card(rank, suit);
    if (!(held >> c & 1)) {
      held |= card_bit(c);
      return suit;
    }
  }
  return kNoSuit;
}

// Five cards of one suit, the last `nw` of them stand-ins: the last stand-in
// takes another suit not held. A wild card is any suit, so a low is never
// forced into a flush; without this, trials of stand-ins alone (five wild
// cards) or of stand-ins matching the naturals' suit read as flushes.
void avoid_flush(std::uint8_t* trial, int nn, int nw, std::uint64_t& held) {
  const int n = nn + nw;
  if (n != 5 || nw == 0) return;
  for (int i = 1; i < n; ++i)
    if (suit_of(trial[i]) != suit_of(trial[0])) return;
  const int rank = rank_of(trial[n - 1]);
  for (int suit = kSuits - 1; suit >= 0; --suit) {
    const int c = make_card(rank, suit);
    if (suit != suit_of(trial[0]) && !(held >> c & 1)) {
      held &= ~card_bit(trial[n - 1]);
      held |= card_bit(c);
      trial[n - 1] = static_cast<std::uint8_t>(c);
      return;
    }
  }
}

unsigned straight_ranks(int top) { return top == 3 ? 0x100Fu : 0x1Fu << (top - 4); }

struct Resolved {
  std::int8_t values[5] = {};  // the naturals' ranks, then each stand-in's, in the order named
  int nv = 0;
  StandIn subs[5] = {};
  int ns = 0;
  void fill(std::uint8_t card, int rank, int suit) {
    if (nv >= 5 || ns >= 5) throw std::logic_error("more than five cards read");
    values[nv++] = static_cast<std::int8_t>(rank);
    subs[ns++] = StandIn{card, static_cast<std::int8_t>(rank), static_cast<std::int8_t>(suit)};
  }
  bool holds_value(int rank) const { return std::find(values, values + nv, rank) != values + nv; }
};

// What each wild card stands for in high.
void resolve_high(Resolved& out, const std::uint8_t* nat, int nn, const std::uint8_t* wild, int nw,
                  Category cat, const WildOptions& o, std::uint64_t held) {
  unsigned present = 0;
  unsigned suits = 0;
  int counts[kRanks] = {};
  for (int i = 0; i < nn; ++i) {
    present |= 1u << rank_of(nat[i]);
    suits |= 1u << suit_of(nat[i]);
    ++counts[rank_of(nat[i])];
  }
  const bool straight = cat == Category::Straight || cat == Category::StraightFlush;
  // The suits matter in straights and flushes only: the naturals' one suit.
  const int one_suit = (straight || cat == Category::Flush) && popcount(suits) == 1 ? bits::ctz(suits) : kNoSuit;
  if (straight) {
    for (int top = kAce; top >= 3; --top) {
      const unsigned ranks = straight_ranks(top);
      if (present & ~ranks) continue;
      int w = 0;
      for (int rank = kAce; rank >= 0 && w < nw; --rank)  // the missing ranks from the top
        if ((ranks >> rank & 1) && !(present >> rank & 1)) {
          const int suit = cat == Category::StraightFlush ? one_suit : suit_for(rank, held);
          out.fill(wild[w++], rank, suit);
        }
      break;
    }
    return;
  }
  if (cat == Category::Flush && one_suit != kNoSuit) {
    int next = kAce;  // the highest ranks absent from the naturals, in turn
    for (int w = 0; w < nw; ++w) {
      int rank = kAce;
      if (!o.duplicate) {
        while (next >= 0 && (present >> next & 1)) --next;
        if (next < 0) throw std::logic_error("no absent rank left for a flush");
        rank = next--;
      }
      out.fill(wild[w], rank, one_suit);
    }
    return;
  }
  // The bug is an ace; the other wild cards join the biggest group of the
  // naturals and the bug's aces (the highest among equals; none: aces).
  const bool bug_joker = o.joker == JokerRule::Bug;
  int bugs = 0;
  for (int w = 0; w < nw; ++w) bugs += bug_joker && wild[w] == kJoker;
  counts[kAce] += bugs;
  int group = kAce;
  int most = 0;
  for (int rank = kAce; rank >= 0; --rank)
    if (counts[rank] > most) most = counts[rank], group = rank;
  for (int w = 0; w < nw; ++w)
    if (bug_joker && wild[w] == kJoker) out.fill(wild[w], kAce, suit_for(kAce, held));
  for (int w = 0; w < nw; ++w)
    if (!(bug_joker && wild[w] == kJoker)) out.fill(wild[w], group, suit_for(group, held));
}

// What each wild card stands for in a low.
void resolve_low(Resolved& out, const std::uint8_t* nat, int nn, const std::uint8_t* wild, int nw, Ranking r,
                 std::uint16_t strength, const WildOptions& o) {
  int order[kRanks];  // the ranks from the lowest
  for (int i = 0; i < kRanks; ++i) order[i] = ace_low(r) ? (i + kRanks - 1) % kRanks : i;
  unsigned present = 0;
  for (int i = 0; i < nn; ++i) present |= 1u << rank_of(nat[i]);
  std::uint8_t lowest[5];  // the wild cards given the lowest absent rank, in turn
  int nl = 0;
  if (o.wild_low == WildLow::Zero) {
    for (int w = 0; w < nw; ++w) {
      if (wild[w] == kJoker && o.joker == JokerRule::Bug) lowest[nl++] = wild[w];  // the bug
      else out.fill(wild[w], kZeroRank, kNoSuit);
    }
  } else {
    if (o.wild_low == WildLow::BestRank) {
      // The first choice of absent ranks (from the lowest, among the first
      // nw + 2: a best low skips at most two absent ranks, to break a straight;
      // test_core reads every five-card hand with wild cards and checks that the
      // ranks as read make the strength, and nw + 1 fails it) whose natural hand
      // has the strength.
      int absent[kRanks];
      int na = 0;
      for (const int rank : order)
        if (!(present >> rank & 1) && na < nw + 2) absent[na++] = rank;
      int pick[5];
      for (int i = 0; i < nw; ++i) pick[i] = i;
      while (nw <= na) {
        std::uint8_t trial[kMaxCards];
        std::copy(nat, nat + nn, trial);
        std::uint64_t held = 0;
        for (int i = 0; i < nn; ++i) held |= card_bit(nat[i]);
        for (int i = 0; i < nw; ++i) {
          const int suit = suit_for(absent[pick[i]], held);
          trial[nn + i] = static_cast<std::uint8_t>(make_card(absent[pick[i]], suit == kNoSuit ? 0 : suit));
        }
        avoid_flush(trial, nn, nw, held);
        if (evaluate(trial, nn + nw, r) == strength) {
          for (int i = 0; i < nw; ++i) out.fill(wild[i], absent[pick[i]], kNoSuit);
          return;
        }
        int i = nw - 1;  // the next combination, in lexicographic order
        while (i >= 0 && pick[i] == na - nw + i) --i;
        if (i < 0) break;
        ++pick[i];
        for (int j = i + 1; j < nw; ++j) pick[j] = pick[j - 1] + 1;
      }
    }
    for (int w = 0; w < nw; ++w) lowest[nl++] = wild[w];
  }
  for (int i = 0; i < nl; ++i) {
    int rank = order[0];
    for (const int candidate : order)
      if (!out.holds_value(candidate)) {
        rank = candidate;
        break;
      }
    out.fill(lowest[i], rank, kNoSuit);
  }
}

}  // namespace

ReadHand read_played(const Played& played, Ranking r, const WildOptions& o) {
  ReadHand h;
  h.strength = played.strength;
  if (played.strength == kNoLow) return h;
  const int n = std::min<int>(played.count, 5);  // five at most (also tells the optimiser so)
  std::uint8_t nat[5] = {}, wild[5] = {};
  int nn = 0, nw = 0;
  std::uint64_t held = 0;
  Resolved res;
  for (int i = 0; i < n; ++i) {
    const std::uint8_t c = played.cards[i];
    if (c != kJoker && !(o.wild >> c & 1)) {
      nat[nn++] = c;
      held |= card_bit(c);
      res.values[res.nv++] = static_cast<std::int8_t>(rank_of(c));
    } else {
      wild[nw++] = c;
    }
  }
  if (nw) {
    if (r == Ranking::High) resolve_high(res, nat, nn, wild, nw, category_of(played.strength, r), o, held);
    else resolve_low(res, nat, nn, wild, nw, r, played.strength, o);
    if (res.ns != nw) throw std::logic_error("a wild card was not named");
  }
  // Reading order: bigger groups first (zeros count as none), then from the
  // top (the ace low where it is low, or where it makes the five-high
  // straight, as order_cards reads natural hands; zeros last), then by card.
  int value_of[kJoker + 1] = {};
  for (int i = 0; i < nn; ++i) value_of[nat[i]] = rank_of(nat[i]);
  for (int i = 0; i < res.ns; ++i) value_of[res.subs[i].card] = res.subs[i].rank;
  const bool wheel = reads_as_wheel(played.strength, r, std::count(res.values, res.values + res.nv, kAce) > 0,
                                    std::count(res.values, res.values + res.nv, 0) > 0);
  auto sort_key = [&](std::uint8_t c) {
    const int v = value_of[c];
    const int group = v == kZeroRank ? 0 : static_cast<int>(std::count(res.values, res.values + res.nv, v));
    const int place = v == kZeroRank ? (ace_low(r) ? -2 : -1)
                      : ace_low(r)   ? (v + 1) % kRanks
                      : wheel && v == kAce ? -1
                                           : v;
    return std::make_tuple(group, place, static_cast<int>(c));
  };
  std::uint8_t ordered[5];
  for (int i = 0; i < n; ++i) {  // insertion, by key descending (five cards at most)
    const std::uint8_t c = played.cards[i];
    int j = i;
    for (; j > 0 && sort_key(ordered[j - 1]) < sort_key(c); --j) ordered[j] = ordered[j - 1];
    ordered[j] = c;
  }
  h.count = static_cast<std::uint8_t>(n);
  for (int i = 0; i < n; ++i) {
    h.cards[i] = ordered[i];
    h.values[i] = static_cast<std::int8_t>(value_of[ordered[i]]);
  }
  h.stand_in_count = static_cast<std::uint8_t>(res.ns);
  std::copy(res.subs, res.subs + res.ns, h.stand_ins);
  return h;
}

ReadHand read_best_five_wild(const std::uint8_t* cards, int n, Ranking r, const WildOptions& o) {
  return read_played(best_five_wild(cards, n, r, o), r, o);
}

}  // namespace splitpot
