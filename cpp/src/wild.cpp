#include "splitpot/wild.hpp"

#include "batch_keys.hpp"  // the duplicate checks
#include "bug_rows.hpp"
#include "splitpot/hand.hpp"  // kLaneBits, kLaneRanks: per-suit rank lanes

#include <algorithm>
#include <array>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace splitpot {
namespace {

constexpr int kByteValues = 256;  // the values a card byte can take

// The cards a call makes wild in every hand: its mask, and the joker (bit
// kJoker) where the joker is wild.
constexpr std::uint64_t call_wild_cards(const WildOptions& o) noexcept {
  return o.wild | (o.joker == JokerRule::Wild ? card_bit(kJoker) : 0);
}

constexpr int kStraightTops[] = {12, 11, 10, 9, 8, 7, 6, 5, 4, 3};
constexpr unsigned straight_mask(int top) { return top == 3 ? 0x100Fu : 0x1Fu << (top - 4); }

int suit_count(std::uint64_t key, int suit) {
  return static_cast<int>((key >> (kSuitShift + 4 * suit)) & 0xF) - 3;
}

struct Split {
  std::uint8_t nat[kMaxCards];
  int nn = 0;
  int wilds = 0;
  bool bug = false;
  std::uint64_t key = kKeyInit;  // the natural cards' key
};

// Separates natural cards, fully wild cards and the bug, without branches:
// `wild` has bit 52 set when the joker is fully wild.
Split split(const Tables& t, const std::uint8_t* cards, int n, std::uint64_t wild) {
  Split s;
  for (int i = 0; i < n; ++i) {
    const std::uint8_t c = cards[i];
    const auto is_wild = static_cast<int>(wild >> (c & 63) & 1);  // (a shift within the mask for any byte)
    const int is_bug = (c == kJoker) & (is_wild ^ 1);
    const int natural = (is_wild | is_bug) ^ 1;
    s.nat[s.nn] = c;
    s.nn += natural;
    s.wilds += is_wild;
    s.bug |= is_bug != 0;
    s.key += t.card_key[c] & (std::uint64_t{0} - static_cast<std::uint64_t>(natural));
  }
  return s;
}

std::uint16_t natural_value(const Tables& t, const Split& s, Ranking r) {
  return with_ranking(r, [&](auto R) { return evaluate_key<R.value>(t, s.key, s.nat, s.nn); });
}

std::uint16_t wild_table(const Tables& t, Ranking r, WildFamily f, int w, std::uint64_t key) {
  const auto& table = t.wild[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)][static_cast<std::size_t>(w)];
  const std::uint16_t d = t.dense[t.slot(key)];
  return d < table.size() ? table[d] : 0;  // out of range only for unchecked repeated cards
}

// The best flush (or straight flush) of the natural cards of one suit with w
// wild cards of that suit, over the suits where one is possible.
std::uint16_t flush_with_wilds(const Tables& t, const Split& s, int w, bool duplicate) {
  if (w > kMaxFlushWilds) return 0;  // five of a kind beats it anyway
  std::uint16_t best = 0;
  for (int suit = 0; suit < kSuits; ++suit) {
    if (suit_count(s.key, suit) + w < 5) continue;
    unsigned mask = 0;
    for (int i = 0; i < s.nn; ++i)
      if (suit_of(s.nat[i]) == suit) mask |= 1u << rank_of(s.nat[i]);
    best = std::max(best, t.flush_fill[duplicate ? 1 : 0][static_cast<std::size_t>(w)][mask]);
  }
  return best;
}

std::uint16_t high_wild(const Tables& t, const Split& s, int n, const WildOptions& o) {
  // Five natural cards can beat every five with the bug (K-K-9-9-x against
  // K-K-9-A-Jk), never one with a fully wild card (it can copy any card).
  std::uint16_t v = s.bug && s.nn >= 5 && n > 5 ? natural_value(t, s, Ranking::High) : 0;
  if (s.bug && s.wilds) {
    // The bug as an ace, beside the other wild cards...
    int aces = 0;
    for (int i = 0; i < s.nn; ++i) aces += rank_of(s.nat[i]) == kAce;
    if (aces < 4) v = std::max(v, wild_table(t, Ranking::High, WildFamily::Zero, s.wilds, s.key + kRankMultiplier[kAce]));
    else v = std::max(v, wild_table(t, Ranking::High, WildFamily::Zero, s.wilds + 1, s.key));
    // ...or fully wild, where it completes a straight, flush or straight flush.
    if (n >= 5) {
      unsigned mask = 0;
      for (int i = 0; i < s.nn; ++i) mask |= 1u << rank_of(s.nat[i]);
      for (const int top : kStraightTops)
        if (popcount(straight_mask(top) & ~mask) <= s.wilds + 1) {
          std::uint64_t k = 0;
          for (int r = 0; r < kRanks; ++r)
            if (straight_mask(top) >> r & 1) k += kRankMultiplier[static_cast<std::size_t>(r)];
          v = std::max(v, t.value[0][t.slot(k)]);
          break;
        }
      v = std::max(v, flush_with_wilds(t, s, s.wilds + 1, o.duplicate));
    }
    return v;
  }
  const int w = s.bug ? 1 : s.wilds;
  v = std::max(v, wild_table(t, Ranking::High, s.bug ? WildFamily::Bug : WildFamily::Zero, w, s.key));
  if (n >= 5) v = std::max(v, flush_with_wilds(t, s, w, o.duplicate));
  return v;
}

// Zero wild cards and the bug together in a low: all the zeros play (a zero
// beats any card it replaces), and the bug takes the lowest rank absent from
// the natural cards beside it; try every choice of those natural cards.
std::uint16_t zeros_and_bug(const Tables& t, Ranking r, const Split& s) {
  const int zeros = std::min(s.wilds, 5);
  std::uint16_t best = wild_table(t, r, WildFamily::Zero, s.wilds, s.key);  // the bug not played
  const int k = 5 - zeros - 1;                                                // natural cards beside the bug
  if (k < 0) return best;
  std::uint8_t low_first[kRanks];
  for (int i = 0; i < kRanks; ++i)
    low_first[i] = static_cast<std::uint8_t>(ace_low(r) ? (i + kRanks - 1) % kRanks : i);
  for (unsigned pick = 0; pick < (1u << s.nn); ++pick) {
    if (popcount(pick) != k) continue;
    std::uint64_t key = 0;
    unsigned ranks = 0;
    for (int i = 0; i < s.nn; ++i)
      if (pick >> i & 1) key += t.card_key[s.nat[i]], ranks |= 1u << rank_of(s.nat[i]);
    int bug_rank = 0;
    for (const std::uint8_t rr : low_first)
      if (!(ranks >> rr & 1)) {
        bug_rank = rr;
        break;
      }
    key += kRankMultiplier[static_cast<std::size_t>(bug_rank)];
    best = std::max(best, wild_table(t, r, WildFamily::Zero, zeros, key));
  }
  return best;
}

std::uint16_t low_wild(const Tables& t, Ranking r, const Split& s, int n, const WildOptions& o) {
  if (n < 5) return kNoLow;
  // Five natural cards can beat every five with a wild card only where a rank
  // given to it can make a straight: the bug or lowest-absent, where straights
  // count. (A zero, or the best rank, always betters the card it replaces.)
  const bool natural_may_win = straights_and_flushes_count(r) && (s.bug || o.wild_low == WildLow::LowestAbsent);
  std::uint16_t v = natural_may_win && s.nn >= 5 ? natural_value(t, s, r) : 0;
  std::uint16_t w;
  if (!s.wilds) {
    w = wild_table(t, r, WildFamily::LowestAbsent, 1, s.key);  // the bug alone
  } else if (!s.bug) {
    w = wild_table(t, r, static_cast<WildFamily>(o.wild_low), s.wilds, s.key);
  } else if (o.wild_low == WildLow::Zero) {
    w = zeros_and_bug(t, r, s);
  } else {
    w = wild_table(t, r, static_cast<WildFamily>(o.wild_low), s.wilds + 1, s.key);
  }
  return std::max(v, w);
}

}  // namespace

std::uint16_t evaluate_wild_unchecked(const std::uint8_t* cards, int n, Ranking r, const WildOptions& o) noexcept {
  const Tables& t = tables();
  std::uint8_t kept[kMaxCards];
  if (o.penalty) {
    int m = 0;
    for (int i = 0; i < n; ++i) {
      if (o.penalty >> cards[i] & 1) {
        if (o.penalty_rule == PenaltyRule::DeadHand) return 0;
      } else {
        kept[m++] = cards[i];
      }
    }
    if (m < n) {
      if (m < 5) return 0;
      cards = kept, n = m;
    }
  }
  const Split s = split(t, cards, n, call_wild_cards(o));
  if (!s.wilds && !s.bug) return natural_value(t, s, r);
  return r == Ranking::High ? high_wild(t, s, n, o) : low_wild(t, r, s, n, o);
}

namespace {

// The rank lane of the lowest suit in su, flush bits as (key & kFlushBits) >>
// kSuitShift holds them (bit 4 * suit + 3, su nonzero): its shift in the
// lanes, kLaneBits * suit. (Written as a multiple of ctz - 3, not as
// kLaneBits * (ctz / 4), so that it compiles to one lea, as the 4 * ctz - 12
// it replaced did: the compiler can't know ctz is 3 modulo 4 here.)
constexpr int flush_lane_shift(unsigned su) noexcept { return kLaneBits / 4 * (bits::ctz(su) - 3); }

// For every su that can be there (nonzero, flush bits only), kLaneBits times
// the suit as flush_suit_of reads it.
constexpr bool flush_lane_shift_reads_the_suit() noexcept {
  constexpr auto flush_bits = static_cast<unsigned>(kFlushBits >> kSuitShift);
  for (unsigned su = 1; su <= flush_bits; ++su)
    if ((su & ~flush_bits) == 0 && flush_lane_shift(su) != kLaneBits * (bits::ctz(su) / 4)) return false;
  return true;
}
static_assert(kLaneBits % 4 == 0 && flush_lane_shift_reads_the_suit(),
              "flush bit 4 * suit + 3 of su: rank lane shift kLaneBits * suit");

// evaluate_bug_rows for a ranking and a number of cards known at compile time.
// Each row goes through the steps evaluate_wild_unchecked takes for a row
// whose only non-natural card is the bug (high_wild, low_wild with no wild
// card), in stages over the group, so that the rows' table reads overlap
// rather than wait on each other, and without the branches a row alone takes
// on its suits: (1) the natural cards' key (every byte but the joker's, as
// split() reads them), their count and their per-suit rank lanes; (2) the
// hash slot, the reading of the ranks there and the dense index; (3) the bug's
// wild table at that index; (4) the flushes: in high the natural five's flush
// (six or seven cards) and the flush the bug completes (flush_with_wilds with
// one wild card, from the lanes); in deuce-to-seven and ace-to-six a natural
// hand's rare path. The values are evaluate_wild_unchecked's for any bytes
// 0..52 (its reads, in the same tables, with the same bounds).
template <Ranking R, int K>
void bug_rows_staged(const Tables& t, const std::uint8_t* copies, const std::size_t* rows, std::size_t n,
                     std::uint32_t* out) noexcept {
  constexpr auto ri = static_cast<std::size_t>(R);
  constexpr auto family = static_cast<std::size_t>(R == Ranking::High ? WildFamily::Bug : WildFamily::LowestAbsent);
  // Where the natural five can win, its reading of the ranks is read too:
  // six or seven cards (every row holds the joker, so five cards leave four
  // natural ones at most) in the rankings that count straights and flushes
  // (high, deuce-to-seven, ace-to-six; high_wild's and low_wild's tests).
  constexpr bool kNaturalFive = K > 5 && straights_and_flushes_count(R);
  constexpr std::size_t kGroup = 16;
  const auto& table = t.wild[ri][family][1];
  const auto& value = t.value[ri];  // (by slot, as t.dense: one size)
  for (std::size_t g0 = 0; g0 < n; g0 += kGroup) {
    const std::size_t m = std::min(kGroup, n - g0);
    std::uint64_t key[kGroup], lanes[kGroup];
    std::uint32_t slot[kGroup], dense[kGroup];
    std::uint16_t ranks_value[kGroup], wild[kGroup];
    int naturals[kGroup];
    for (std::size_t g = 0; g < m; ++g) {
      const std::uint8_t* row = copies + (g0 + g) * K;
      std::uint64_t k = kKeyInit, l = 0;
      int nn = 0;
      for (int x = 0; x < K; ++x) {
        const std::uint8_t c = row[x];
        const auto natural = static_cast<std::uint64_t>(c != kJoker);
        k += t.card_key[c] & (std::uint64_t{0} - natural);
        l |= (std::uint64_t{1} << (kLaneBits * suit_of(c) + rank_of(c))) & (std::uint64_t{0} - natural);
        nn += static_cast<int>(natural);
      }
      key[g] = k, lanes[g] = l, naturals[g] = nn;
    }
    for (std::size_t g = 0; g < m; ++g) {
      slot[g] = t.slot(key[g]);
      if constexpr (kNaturalFive) ranks_value[g] = value[slot[g]];
      dense[g] = t.dense[slot[g]];
    }
    for (std::size_t g = 0; g < m; ++g) wild[g] = dense[g] < table.size() ? table[dense[g]] : std::uint16_t{0};
    for (std::size_t g = 0; g < m; ++g) {
      const std::uint64_t k = key[g];
      std::uint16_t v = 0;
      if constexpr (R == Ranking::High) {
        // The natural five (six or seven cards: five natural cards or more).
        if constexpr (kNaturalFive) {
          if (naturals[g] >= 5) {
            v = ranks_value[g];
            if (k & kFlushBits) SPLITPOT_UNLIKELY
              v = t.flush[0][static_cast<std::uint32_t>(lanes[g] >> (kLaneBits * flush_suit_of(k))) & kLaneRanks];
          }
        }
        v = std::max(v, wild[g]);
        // The bug completing a flush: each suit holding four natural cards or more.
        const std::uint64_t four = (k + (std::uint64_t{0x1111} << kSuitShift)) & kFlushBits;
        for (auto su = static_cast<unsigned>(four >> kSuitShift); su; su &= su - 1) {
          const auto mask = static_cast<std::uint32_t>(lanes[g] >> flush_lane_shift(su)) & kLaneRanks;
          v = std::max(v, t.flush_fill[0][1][mask]);
        }
      } else {
        if constexpr (kNaturalFive) {
          if (naturals[g] >= 5) {
            v = ranks_value[g];
            if (k & kFlushBits) SPLITPOT_UNLIKELY
              v = static_cast<std::uint16_t>(detail::evaluate_low_flush<R>(t, k, lanes[g], v));
          }
        }
        v = std::max(v, wild[g]);
      }
      out[rows[g0 + g]] = v;
    }
  }
}

}  // namespace

void detail::evaluate_bug_rows(const std::uint8_t* copies, const std::size_t* rows, std::size_t n, int k, Ranking r,
                               std::uint32_t* out) noexcept {
  const Tables& t = tables();
  with_ranking(r, [&](auto R) {
    if (k == 5) bug_rows_staged<R.value, 5>(t, copies, rows, n, out);
    else if (k == 6) bug_rows_staged<R.value, 6>(t, copies, rows, n, out);
    else bug_rows_staged<R.value, 7>(t, copies, rows, n, out);
  });
}

std::uint16_t evaluate_wild(const std::uint8_t* cards, int n, Ranking r, const WildOptions& o) {
  if (n < min_cards(r) || n > kMaxCards) {
    throw CardError("expected " + std::to_string(min_cards(r)) + " to " + std::to_string(kMaxCards) +
                    " cards for this ranking, got " + std::to_string(n));
  }
  std::uint64_t seen = 0;
  bool wild_present = false;
  for (int i = 0; i < n; ++i) {
    const int c = cards[i];
    if (c > kJoker) throw CardError("card " + std::to_string(c) + " is out of range (0..51, 52 = joker)");
    if (seen >> c & 1) throw CardError("duplicate card " + card_text(c));
    seen |= std::uint64_t{1} << c;
    wild_present |= c == kJoker || (o.wild >> c & 1);
  }
  if (wild_present && is_low(r) && n < 5)
    throw CardError("a low hand with wild cards needs 5 to 7 cards, got " + std::to_string(n));
  return evaluate_wild_unchecked(cards, n, r, o);
}

Played best_five_wild(const std::uint8_t* cards, int n, Ranking r, const WildOptions& o) {
  Played p;
  p.strength = evaluate_wild(cards, n, r, o);
  if (p.strength == kNoLow) return p;
  auto is_wild = [&](std::uint8_t c) { return c == kJoker || (o.wild >> c & 1); };
  std::uint8_t kept[kMaxCards];
  int m = 0;
  for (int i = 0; i < n; ++i)
    if (!(o.penalty >> cards[i] & 1)) kept[m++] = cards[i];
  if (m <= 5) {
    p.count = static_cast<std::uint8_t>(m);
    std::copy(kept, kept + m, p.cards);
  } else {
    // Leave out one card (six) or two (seven): of the fives that make the
    // hand, the first with the fewest wild cards (a card held is played as
    // itself, not stood in for by a wild card).
    int fewest = 6;
    for (int a = 0; a < m && fewest; ++a)
      for (int b = m == 6 ? m : a + 1; b <= m && fewest; ++b) {
        if (m == 7 && b == m) continue;
        std::uint8_t five[5];
        int f = 0, wilds = 0;
        for (int i = 0; i < m; ++i)
          if (i != a && i != b) wilds += is_wild(five[f++] = kept[i]);
        if (wilds < fewest && evaluate_wild_unchecked(five, 5, r, o) == p.strength) {
          std::copy(five, five + 5, p.cards);
          p.count = 5;
          fewest = wilds;
        }
      }
  }
  // A natural five (say a joker held and not played) in reading order;
  // read_played orders the others as it names their stand-ins.
  if (std::none_of(p.cards, p.cards + p.count, is_wild)) order_cards(p, r);
  return p;
}

namespace {

// A row's key as the batch loop reads it: its natural cards' key (bits
// 0-47, tables.hpp) with each fully wild card counted once more in every
// suit's counter (so that bit 3 of a counter says the wild cards can complete
// a flush in that suit; a row with no wild card reads its natural counters),
// the number of fully wild cards in bits 48-51, the bug's in 52-55; bits
// 56-63 nonzero for a bad row (a byte that is not a card; repeated cards are
// checked before, one flag for the call). (The counters start at 3 and a row
// holds at most 7 cards: they never carry.) kWildCountShift, kBugShift and
// kWildCardKey: tables.hpp.
static_assert(kLaneBits == 16 && kSuitShift == 32, "a flush bit 4 * suit + 3 reads rank lane kLaneBits * suit");

// The batch loop. Most rows are one or two table reads away: natural cards
// where no flush is possible, fully wild cards where the natural fives can't
// win (the wild table by the natural cards' dense index). Every row is read
// so, in groups of eight and three stages, each a group behind the one
// before (software pipelining: the keys and hash slots of group q, the dense
// indexes of group q - 1, the values of group q - 2), so that each table read
// has a group's work to hide behind. A row is "hard" where that value may not
// be the answer: a bad row, the bug, penalty cards, a possible flush (high:
// with the wild cards; a low that counts flushes: natural cards only), or in
// a low where the natural cards can beat the wild ones, any wild card. Hard
// rows (one in nine with one wild card among seven, a third with two) are
// finished after the group's values, from a bit mask: in high with 1..4 wild
// cards by the flush fill of each suit that can make one (with none, by the
// natural flush), a natural flush in a low by a natural hand's rare path,
// else by the general path. key_of(i) gives the row's key,
// lanes_of(i) its natural cards as per-suit rank lanes (read for the flush
// fills only), general(i) the general path's value.
//
// Under callgrind, high with one deuce wild among seven cards: 113
// instructions a row with passes and per-row flags (two deuces: 124), 78 (97)
// with these stages, 64 (80) since the wild cards count in the suit counters
// and the duplicate check is made apart; a wild rank per row 162
// -> 127 since a natural flush in high reads the flush table here and the
// rows' lanes are summed from a table, -> 78-81 since a row's key is summed from
// a key table of its wild rank (docs/performance.md). With AVX2 the keys of
// a block are made first, four rows at a time (batch_wild_keys_first): more
// instructions (a wild rank per row 70, deuces wild 64 with 0-4 deuces among
// seven cards), but a key is no longer seven table reads, and on a Zen 3
// core a wild rank per row runs 1.3-1.5 times as fast, deuces wild up to
// 1.2 times.
template <Ranking R, typename KeyOf, typename LanesOf, typename General>
bool batch_wild_loop(const Tables& t, std::size_t begin, std::size_t end, const WildOptions& o, std::uint32_t* out,
                     KeyOf key_of, LanesOf lanes_of, General general) {
  constexpr std::size_t kGroup = 8;
  constexpr auto ri = static_cast<std::size_t>(R);
  // (In high a wild card is any card: wild_low is the lows' option alone.)
  const auto family = static_cast<std::size_t>(R == Ranking::High ? WildFamily::Zero : static_cast<WildFamily>(o.wild_low));
  const bool natural_may_win =
      R != Ranking::High && straights_and_flushes_count(R) && o.wild_low == WildLow::LowestAbsent;
  const std::uint16_t* dense = t.dense.data();
  // By number of wild cards: the table (0: the natural values, by slot; else
  // by dense index), its size, and in high the flush fills (read only for
  // 1..kMaxFlushWilds wild cards).
  const std::uint16_t* table[kMaxCards + 1];
  std::size_t size[kMaxCards + 1];
  const std::uint16_t* fill[kMaxCards + 1];
  for (std::size_t w = 0; w <= kMaxCards; ++w) {
    const auto& tw = w ? t.wild[ri][family][w] : t.value[ri];
    table[w] = tw.data(), size[w] = tw.size();
    // (0: a natural flush, read from high's flush table: in at most seven
    // cards five of one suit beat any reading of the ranks without one.)
    fill[w] = w ? t.flush_fill[o.duplicate ? 1 : 0][std::min<std::size_t>(w, kMaxFlushWilds)].data() : t.flush[0].data();
  }
  const std::uint64_t wilds_hard = natural_may_win ? 0xF : 0;
  // The key bits that make a row hard whatever its wild cards: the bug and a
  // bad byte; in high, a flush of natural and wild cards; with penalty cards,
  // any (every row).
  const std::uint64_t hard_bits =
      o.penalty ? ~std::uint64_t{0} : (~std::uint64_t{0} << kBugShift) | (R == Ranking::High ? kFlushBits : 0);
  auto hard = [&](std::uint64_t key) {
    if constexpr (R == Ranking::High || !straights_and_flushes_count(R)) {
      return (key & hard_bits) != 0;  // one test
    } else {  // and a natural flush (a wild card beats it), or any wild card where the natural cards may win
      const std::uint64_t w = key >> kWildCountShift & 0xF;
      const std::uint64_t flush = key & kFlushBits & (std::uint64_t{0} - static_cast<std::uint64_t>(w == 0));
      return ((key & hard_bits) | flush | (w & wilds_hard)) != 0;
    }
  };
  struct Stage {
    std::size_t g = 0, m = 0;
    std::uint64_t key[kGroup];
    std::uint32_t slot[kGroup], index[kGroup];
    unsigned hard = 0;  // bit j: row g + j is hard
  };
  auto read_keys = [&](Stage& s, std::size_t m) {
    s.hard = 0;
    SPLITPOT_UNROLL(8)
    for (std::size_t j = 0; j < m; ++j) {
      const std::uint64_t key = key_of(s.g + j);
      s.hard |= static_cast<unsigned>(hard(key)) << j;
      s.key[j] = key;
      s.slot[j] = t.slot(key);
    }
  };
  auto read_dense = [&](Stage& s, std::size_t m) {
    SPLITPOT_UNROLL(8)
    for (std::size_t j = 0; j < m; ++j) {
      // Selected with a mask: rows of a batch mix natural and wild hands,
      // and GCC made `w ? d : slot` a branch.
      const std::uint32_t d = dense[s.slot[j]];
      const std::uint32_t wild_row = 0u - static_cast<std::uint32_t>((s.key[j] >> kWildCountShift & 0xF) != 0);
      s.index[j] = (d & wild_row) | (s.slot[j] & ~wild_row);
    }
  };
  bool bad = false;
  auto write_values = [&](const Stage& s, std::size_t m) {
    SPLITPOT_UNROLL(8)
    for (std::size_t j = 0; j < m; ++j) {  // out of range only for unchecked repeated cards (or a hard row)
      const std::uint64_t w = s.key[j] >> kWildCountShift & 7;
      out[s.g + j] = s.index[j] < size[w] ? table[w][s.index[j]] : 0;
    }
    for (unsigned rest = s.hard; rest; rest &= rest - 1) {
      const auto j = static_cast<std::size_t>(bits::ctz(rest));
      const std::size_t i = s.g + j;
      const std::uint64_t key = s.key[j], w = key >> kWildCountShift & 0xF;
      if constexpr (R != Ranking::High && straights_and_flushes_count(R)) {
        if (!o.penalty && (key >> kWildCountShift) == 0) {
          // A natural flush in deuce-to-seven or ace-to-six (no wild card,
          // no bug, no bad byte): a natural hand's rare path, from the
          // reading of the ranks just read.
          out[i] = detail::evaluate_low_flush<R>(t, key, lanes_of(i), static_cast<std::uint16_t>(out[i]));
          continue;
        }
      }
      // (One test for w <= kMaxFlushWilds, no bug, no bad byte.)
      if (R == Ranking::High && !o.penalty && (key >> kBugShift) == 0 && w <= kMaxFlushWilds) {
        // The best (straight) flush the wild cards complete, in the suit
        // where one is possible (with three or four wild cards, in each),
        // or with none, the natural flush.
        const std::uint64_t lanes = lanes_of(i);
        auto su = static_cast<unsigned>((key & kFlushBits) >> kSuitShift);
        auto fill_of = [&](unsigned bits) {  // the rank lane of the lowest suit in bits
          return fill[w][static_cast<std::uint32_t>(lanes >> flush_lane_shift(bits)) & kLaneRanks];
        };
        auto v = std::max(static_cast<std::uint16_t>(out[i]), fill_of(su));
        for (su &= su - 1; su; su &= su - 1) v = std::max(v, fill_of(su));
        out[i] = v;
      } else if ((key >> kPoisonShift) != 0) {
        bad = true;
        out[i] = 0;
      } else {
        out[i] = general(i);
      }
    }
  };
  Stage stages[3];
  Stage *first = &stages[0], *second = &stages[1], *third = &stages[2];
  const std::size_t groups = (end - begin + kGroup - 1) / kGroup;
  for (std::size_t q = 0; q < groups + 2; ++q) {
    if (q < groups) {
      first->g = begin + q * kGroup;
      first->m = std::min(kGroup, end - first->g);
      if (first->m == kGroup) read_keys(*first, kGroup);
      else read_keys(*first, first->m);
    }
    if (q >= 1 && q <= groups) {
      if (second->m == kGroup) read_dense(*second, kGroup);
      else read_dense(*second, second->m);
    }
    if (q >= 2) {
      if (third->m == kGroup) write_values(*third, kGroup);
      else write_values(*third, third->m);
    }
    Stage* const done = third;  // rotate: the keys just read go to the dense stage next
    third = second, second = first, first = done;
  }
  return bad;
}

// The batch loop over rows [begin, end), block by block, with the block's
// keys made first: four rows at a time with AVX2 where `avx2` (Avx2Keys::
// wild_rows: a row's wild cards are those of the call's mask call_wild, bit
// kJoker the joker, and with Ranks those of its wild ranks rank_wild[i]),
// by key_of(i) for the rest and for every row without AVX2.
template <Ranking R, int K, bool Ranks, typename KeyOf, typename LanesOf, typename General>
bool batch_wild_keys_first(const Tables& t, const std::uint8_t* cards, std::size_t begin, std::size_t end,
                           const WildOptions& o, bool avx2, const std::uint16_t* rank_wild, std::uint64_t call_wild,
                           std::uint32_t* out, KeyOf key_of, LanesOf lanes_of, General general) {
  constexpr std::size_t kKeyBlock = 512;
  std::uint64_t keys[kKeyBlock];
  bool bad = false;
  for (std::size_t b = begin; b < end; b += kKeyBlock) {
    const std::size_t e = std::min(end, b + kKeyBlock);
    std::size_t i = b;
#if SPLITPOT_AVX2_KEYS
    if (avx2) i = detail::Avx2Keys<K>::template wild_rows<Ranks>(cards, b, e, end, rank_wild, call_wild, keys);
#else
    (void)avx2, (void)rank_wild, (void)call_wild;
#endif
    for (; i < e; ++i) keys[i - b] = key_of(i);
    bad |= batch_wild_loop<R>(t, b, e, o, out, [&](std::size_t r) { return keys[r - b]; }, lanes_of, general);
  }
  return bad;
}

// A hard row of a batch read on the general path, from a copy: its bytes were
// checked (or keyed) before, but another thread may have written them since,
// so a byte that is no card now reads 0 rather than index the tables.
inline std::uint16_t general_row(const std::uint8_t* row, int k, Ranking r, const WildOptions& o) {
  std::uint8_t copy[kMaxCards];
  std::uint8_t worst = 0;
  for (int x = 0; x < k; ++x) worst = std::max(worst, copy[x] = row[x]);
  return worst > kJoker ? 0 : evaluate_wild_unchecked(copy, k, r, o);
}

// The same wild cards in every row (and no penalty cards): a key table made
// for the call folds the wild cards into the key as counters (bits 48-51:
// fully wild cards, each also counted in every suit; 52-55: the bug), so a
// row costs one key sum, as a natural hand does (with AVX2 the same sum is
// made four rows at a time). (Repeated cards are checked before, block by
// block: see evaluate_batch_wild.)
template <Ranking R, int k>
SPLITPOT_FLATTEN bool batch_same_wilds(const Tables& t, const std::uint8_t* cards, std::size_t begin, std::size_t end,
                                       const WildOptions& o, const std::uint64_t* key_of_byte,
                                       const std::uint64_t* lane_of_byte, bool avx2, std::uint32_t* out) {
  auto row_of = [&](std::size_t i) { return cards + i * static_cast<std::size_t>(k); };
  auto key_of = [&](std::size_t i) {
    const std::uint8_t* row = row_of(i);
    std::uint64_t key = kKeyInit;
    for (int x = 0; x < k; ++x) key += key_of_byte[row[x]];
    return key;
  };
  auto lanes_of = [&](std::size_t i) {
    std::uint64_t lanes = 0;
    for (int x = 0; x < k; ++x) lanes |= lane_of_byte[row_of(i)[x]];  // or: a repeated card (unchecked) must not carry
    return lanes;
  };
  auto general = [&](std::size_t i) { return general_row(row_of(i), k, R, o); };
  return batch_wild_keys_first<R, k, false>(t, cards, begin, end, o, avx2, nullptr, call_wild_cards(o), out, key_of,
                                            lanes_of, general);
}

// Each row its own wild ranks (Mexican stud), or penalty cards: each card's
// key counts unless the row's wild mask holds it. lane_of_byte: each natural
// card's rank lane (0 for the call's wild cards and the joker).
// key_of_rank_byte (per-row ranks without penalty cards, else null): per wild
// rank r that some row has alone, batch_same_wilds's key_of_byte with rank
// r's cards wild too, and at kRanks (no wild rank) key_of_byte itself, so
// that a row with one wild rank or none, as in Mexican stud, costs one key
// sum; rows with more take their ranks out one by one.
template <Ranking R, int k>
SPLITPOT_FLATTEN bool batch_row_wilds(const Tables& t, const std::uint8_t* cards, std::size_t begin, std::size_t end,
                                      const WildOptions& o, const std::uint16_t* row_wild_ranks,
                                      const std::uint64_t* const* key_of_rank_byte, const std::uint64_t* lane_of_byte,
                                      bool avx2, std::uint32_t* out) {
  const std::uint64_t joker_wild = o.joker == JokerRule::Wild ? card_bit(kJoker) : 0;
  const std::uint64_t call_wild = call_wild_cards(o);
  auto row_of = [&](std::size_t i) { return cards + i * static_cast<std::size_t>(k); };
  auto wild_of = [&](std::size_t i) {  // (no per-row ranks: penalty cards brought us here)
    return call_wild | (row_wild_ranks ? wild_ranks_mask(row_wild_ranks[i]) : 0);
  };
  // (Not inlined: where key_of_table below falls back to it, GCC otherwise
  // computed part of it for every row.)
  auto key_of = [&](std::size_t i) SPLITPOT_NOINLINE_LAMBDA {
    // The key of all the cards, then each wild rank's cards taken out in one
    // step (its four suits' bits index the sum of their keys).
    std::uint64_t key = kKeyInit, any = 0;
    for (int x = 0; x < k; ++x) {
      const std::uint8_t c = row_of(i)[x];
      key += t.card_key[c];
      any |= t.card_mask[c];
    }
    const auto joker = static_cast<std::uint64_t>(any >> kJoker & 1);
    if ((key >> kPoisonShift) != joker) return kPoison;  // a non-card byte
    const bool bug = joker && !joker_wild;
    std::uint64_t nat_key = key - (bug ? kPoison : 0), wilds = 0;
    for (unsigned ranks = row_wild_ranks ? row_wild_ranks[i] & 0x1FFFu : 0; ranks; ranks &= ranks - 1) {
      const auto r = static_cast<std::size_t>(bits::ctz(ranks));
      const auto suits = static_cast<unsigned>(any >> (4 * r) & 0xF);
      nat_key -= t.rank_suits_key[r][suits];
      wilds += 0x4332322132212110ull >> (4 * suits) & 0xF;  // the suits' count
    }
    // Wild cards named by the call (and a wild joker), not already taken out
    // (the same test for every row: predicted).
    if (call_wild) {
      const std::uint64_t rest_wild = any & call_wild & ~(row_wild_ranks ? wild_ranks_mask(row_wild_ranks[i]) : 0);
      for (std::uint64_t rest = rest_wild; rest; rest &= rest - 1, ++wilds)
        nat_key -= t.card_key[static_cast<std::size_t>(bits::ctz64(rest))];
    }
    return (nat_key + wilds * kWildCardKey) | static_cast<std::uint64_t>(bug) << kBugShift;
  };
  auto lanes_of = [&](std::size_t i) {  // the natural cards, suit by suit: the row's wild ranks cleared in each lane
    std::uint64_t lanes = 0;
    for (int x = 0; x < k; ++x) lanes |= lane_of_byte[row_of(i)[x]];  // or: a repeated card (unchecked) must not carry
    const std::uint64_t ranks = row_wild_ranks ? row_wild_ranks[i] & kLaneRanks : 0;
    return lanes & ~(ranks * 0x0001000100010001ull);
  };
  WildOptions one_row = o;
  auto general = [&](std::size_t i) {
    one_row.wild = wild_of(i) & ~card_bit(kJoker);
    return general_row(row_of(i), k, R, one_row);
  };
  if (key_of_rank_byte) {
    auto key_of_table = [&](std::size_t i) {
      const unsigned ranks = row_wild_ranks[i] & 0x1FFFu;
      if ((ranks & (ranks - 1)) != 0) SPLITPOT_UNLIKELY return key_of(i);  // two wild ranks or more
      // The row's wild rank, or with none kRanks: its table (none made for a rank
      // another thread wrote into wild_ranks after the tables were chosen).
      const std::uint64_t* key_of_byte = key_of_rank_byte[bits::ctz(ranks | 1u << kRanks)];
      if (key_of_byte == nullptr) SPLITPOT_UNLIKELY return key_of(i);
      const std::uint8_t* row = row_of(i);
      std::uint64_t key = kKeyInit;
      for (int x = 0; x < k; ++x) key += key_of_byte[row[x]];
      return key;
    };
    return batch_wild_keys_first<R, k, true>(t, cards, begin, end, o, avx2, row_wild_ranks, call_wild, out, key_of_table,
                                             lanes_of, general);
  }
  return batch_wild_loop<R>(t, begin, end, o, out, key_of, lanes_of, general);  // (penalty cards: every row hard)
}

}  // namespace

std::ptrdiff_t evaluate_batch_wild(const std::uint8_t* cards, std::size_t rows, int k, Ranking r, const WildOptions& o,
                                   const std::uint16_t* row_wild_ranks, std::uint32_t* out, bool check_duplicates,
                                   int threads, BatchKeys keys) {
  if (k < 5 || k > kMaxCards) throw CardError("batch rows must hold 5 to 7 cards, got " + std::to_string(k));
  const Tables& t = tables();
  // The same wild cards in every row: fold them into a key table for this call.
  const bool fixed = row_wild_ranks == nullptr && o.penalty == 0;
  std::array<std::uint64_t, kByteValues> key_of_byte{}, lane_of_byte{};
  for (int b = 0; b < kByteValues; ++b) {
    const auto ub = static_cast<std::size_t>(b);
    if (b < kDeckSize && !(o.wild >> b & 1))
      lane_of_byte[ub] = std::uint64_t{1} << (kLaneBits * suit_of(b) + rank_of(b));
    if (b < kDeckSize) key_of_byte[ub] = (o.wild >> b & 1) ? kWildCardKey : t.card_key[ub];
    else if (b == kJoker) key_of_byte[ub] = o.joker == JokerRule::Wild ? kWildCardKey : std::uint64_t{1} << kBugShift;
    else key_of_byte[ub] = kPoison;
  }
  // Per-row wild ranks: key_of_byte again for each rank some row names (see
  // batch_row_wilds; 2 KB a rank, made only for those ranks, so that a call
  // of a few rows makes one or two).
  std::array<const std::uint64_t*, kRanks + 1> rank_table{};
  std::vector<std::uint64_t> rank_keys;
  if (row_wild_ranks && o.penalty == 0) {
    unsigned present = 0;  // every rank some row names (a superset of the ranks rows name alone)
    for (std::size_t i = 0; i < rows; ++i) present |= row_wild_ranks[i];
    present &= (1u << kRanks) - 1;
    rank_keys.resize(static_cast<std::size_t>(kByteValues) * static_cast<std::size_t>(popcount(present)));
    std::uint64_t* next = rank_keys.data();
    for (unsigned rest = present; rest; rest &= rest - 1, next += kByteValues) {
      const int w = bits::ctz(rest);
      std::copy(key_of_byte.begin(), key_of_byte.end(), next);
      for (int suit = 0; suit < kSuits; ++suit) next[make_card(w, suit)] = kWildCardKey;
      rank_table[static_cast<std::size_t>(w)] = next;
    }
    rank_table[kRanks] = key_of_byte.data();
  }
  const std::uint64_t* const* rank_keys_of = rank_table[kRanks] ? rank_table.data() : nullptr;
  const detail::KeysIsa isa = detail::keys_isa(keys);
  auto batch_wild_kernel = [&](const std::uint8_t* c, std::size_t begin, std::size_t end, int kk, Ranking rr,
                               const WildOptions& oo, const std::uint16_t* rows_w, std::uint32_t* dst, bool check) {
    return with_ranking(rr, [&](auto R) {
      auto run = [&](auto K) {  // the number of cards as a compile-time constant: unrolled loops
        auto evaluate_rows = [&](std::size_t b, std::size_t e) {
          const bool avx2 = isa != detail::KeysIsa::Scalar;
          if (fixed)
            return batch_same_wilds<R.value, K.value>(t, c, b, e, oo, key_of_byte.data(), lane_of_byte.data(), avx2,
                                                      dst);
          return batch_row_wilds<R.value, K.value>(t, c, b, e, oo, rows_w, rank_keys_of, lane_of_byte.data(), avx2,
                                                   dst);
        };
        if (!check) return evaluate_rows(begin, end);
        // Blocks of rows: each checked for repeated cards (with the widest
        // vectors the call may use: batch_keys.hpp), then evaluated while its
        // bytes are still in cache. A repeated card anywhere fails the call,
        // and the bad rows are then found below: one flag for the rows, as in
        // the natural batch.
        constexpr std::size_t kBlock = 2048;
        bool bad = false;
        for (std::size_t b = begin; b < end; b += kBlock) {
          const std::size_t e = std::min(end, b + kBlock);
          bad |= detail::rows_repeat<K.value>(t, c, b, e, isa);
          bad |= evaluate_rows(b, e);
        }
        return bad;
      };
      if (kk == 5) return run(std::integral_constant<int, 5>{});
      if (kk == 6) return run(std::integral_constant<int, 6>{});
      return run(std::integral_constant<int, 7>{});
    });
  };
  constexpr std::size_t kMinRowsPerThread = 1 << 14;
  const std::size_t parts =
      std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)),
                                                      rows / kMinRowsPerThread));
  std::vector<char> part_bad(parts, 0);
  std::vector<std::thread> pool;
  for (std::size_t p = 0; p < parts; ++p) {
    const std::size_t begin = rows * p / parts, end = rows * (p + 1) / parts;
    if (parts == 1) {
      part_bad[0] = batch_wild_kernel(cards, begin, end, k, r, o, row_wild_ranks, out, check_duplicates);
    } else {
      pool.emplace_back([&, p, begin, end] {
        part_bad[p] = batch_wild_kernel(cards, begin, end, k, r, o, row_wild_ranks, out, check_duplicates);
      });
    }
  }
  for (auto& th : pool) th.join();
  if (std::find(part_bad.begin(), part_bad.end(), 1) == part_bad.end()) return -1;
  // Some row is bad: each bad row reads 0 (a repeated card is found by a
  // flag for the whole call, not row by row), and the first is returned.
  std::ptrdiff_t first = -1;
  for (std::size_t i = 0; i < rows; ++i) {
    const std::uint8_t* row = cards + i * static_cast<std::size_t>(k);
    std::uint64_t seen = 0;
    for (int j = 0; j < k; ++j) {
      if (row[j] > kJoker || (check_duplicates && (seen >> row[j] & 1))) {
        out[i] = 0;
        if (first < 0) first = static_cast<std::ptrdiff_t>(i);
        break;
      }
      seen |= std::uint64_t{1} << row[j];
    }
  }
  return first;
}

}  // namespace splitpot
