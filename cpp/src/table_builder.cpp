// Builds the lookup tables from the rules (score_hand). Runs at build time, in
// cpp/tools/gen_tables.cpp, which writes the result as the constant arrays the
// library compiles in; the C++ tests run it again and check the compiled-in
// tables equal it, so the generated file cannot drift from this code. Nothing
// generated is checked in.
#include "table_builder.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <map>
#include <thread>
#include <utility>
#include <vector>

#include "perfect_hash.hpp"
#include "score.hpp"

namespace splitpot {
namespace {

using detail::Counts;
using detail::Multiset;

// Dense strengths: tier << 12 | (1 + position within the tier). Tiers follow
// the category order; a category of more than 4095 hands takes two tiers.
// Five-card hands are numbered first; partial hands (1-4 cards) then share
// the five-card hands' tiers (their own index within each).
class StrengthMap {
 public:
  void add(const Score& s) {
    if (s.qualifies()) scores_.push_back(s);
  }
  void finish(std::array<Category, 16>& tier_category, const StrengthMap* tiers_from = nullptr) {
    std::sort(scores_.begin(), scores_.end());
    scores_.erase(std::unique(scores_.begin(), scores_.end()), scores_.end());
    int tier = 0, index = 0, order = -1;
    for (const Score& s : scores_) {
      if (tiers_from) {
        if (s.order != order) order = s.order, index = 0, tier = tiers_from->first_tier_.at(s.order);
      } else if (s.order != order || index == 4095) {
        if (s.order != order) first_tier_[s.order] = tier + 1;
        order = s.order, index = 0, ++tier;
        tier_category[static_cast<std::size_t>(tier)] = s.category;
      }
      strength_[s] = static_cast<std::uint16_t>((tier << kTierShift) | ++index);
    }
  }
  std::uint16_t operator()(const Score& s) const { return s.qualifies() ? strength_.at(s) : kNoLow; }

 private:
  std::vector<Score> scores_;
  std::map<Score, std::uint16_t> strength_;
  std::map<int, int> first_tier_;
};

ScoreInput input_of(const Counts& counts, int zeros = 0, bool flush = false) {
  ScoreInput in;
  for (int r = 0; r < kRanks; ++r)
    for (int c = 0; c < counts[static_cast<std::size_t>(r)]; ++c) in.add(r);
  in.zeros = zeros;
  in.flush = flush;
  return in;
}

ScoreInput input_of_mask(unsigned mask, bool flush) {
  ScoreInput in;
  for (int r = 0; r < kRanks; ++r)
    if (mask >> r & 1) in.add(r);
  in.flush = flush;
  return in;
}

// The best five of n > 5 cards is the best over dropping one card, so each
// multiset of 6 or 7 reads at most 7 values of the size below it.
std::uint16_t best_after_dropping_one(const BuiltTables& t, const std::vector<std::uint16_t>& value, const Multiset& m) {
  std::uint16_t best = 0;
  for (std::size_t r = 0; r < kRanks; ++r)
    if (m.counts[r]) best = std::max(best, value[t.slot(m.key - kRankMultiplier[r])]);
  return best;
}

// ---------------------------------------------------------------------------
// Wild cards (see wild.hpp and docs/WILD_CARDS.md). For natural cards M and w
// wild cards making exactly five, fill_five() scores the best use of the
// wild cards; with more than five, the best drops a natural card or a wild
// card (at least one wild card stays: the all-natural fives are the natural
// evaluator's); fewer than five (high only) is a partial hand.

constexpr int kStraightTops[] = {12, 11, 10, 9, 8, 7, 6, 5, 4, 3};  // ace-high .. five-high (the wheel)
unsigned straight_mask(int top) { return top == 3 ? 0x100Fu : 0x1Fu << (top - 4); }

int largest_group_rank(const Counts& c) {
  int best = kAce, size = 0;
  for (int r = kRanks - 1; r >= 0; --r)
    if (c[static_cast<std::size_t>(r)] > size) size = c[static_cast<std::size_t>(r)], best = r;
  return best;
}

unsigned rank_mask(const Counts& c) {
  unsigned m = 0;
  for (int r = 0; r < kRanks; ++r)
    if (c[static_cast<std::size_t>(r)]) m |= 1u << r;
  return m;
}

// Ranks from the lowest low to the highest: aces first where they are low.
std::array<int, kRanks> low_order(Ranking r) {
  std::array<int, kRanks> order{};
  for (int i = 0; i < kRanks; ++i) order[static_cast<std::size_t>(i)] = ace_low(r) ? (i + kRanks - 1) % kRanks : i;
  return order;
}

std::uint16_t fill_five(const StrengthMap& five, Ranking ranking, WildFamily family, const Counts& m, int w) {
  ScoreInput in = input_of(m);
  if (ranking == Ranking::High) {
    // All wild cards join the largest group (aces if none; the bug is an ace)...
    ScoreInput joined = in;
    const int r = family == WildFamily::Bug ? kAce : largest_group_rank(m);
    for (int i = 0; i < w; ++i) joined.add(r);
    std::uint16_t best = five(score_hand(joined, ranking));
    // ...or complete the highest straight they can.
    const unsigned mask = rank_mask(m);
    if (bits::popcount(mask) == in.n)
      for (const int top : kStraightTops)
        if ((mask & ~straight_mask(top)) == 0) {
          best = std::max(best, five(score_hand(input_of_mask(straight_mask(top), false), ranking)));
          break;
        }
    return best;
  }
  if (family == WildFamily::Zero) {
    in.zeros = w;
    return five(score_hand(in, ranking));
  }
  // Wild cards as ranks: the lowest absent ones, or the best choice among the
  // lowest w + 3 absent ranks (a better low never needs a higher one: of three
  // lower absent ranks at most two can make a straight).
  const auto order = low_order(ranking);
  std::array<int, kRanks> absent{};
  int n_absent = 0;
  for (const int r : order)
    if (!m[static_cast<std::size_t>(r)]) absent[static_cast<std::size_t>(n_absent++)] = r;
  if (family == WildFamily::LowestAbsent || family == WildFamily::Bug) {
    for (int i = 0; i < w; ++i) in.add(absent[static_cast<std::size_t>(i)]);
    return five(score_hand(in, ranking));
  }
  const int pool = std::min(n_absent, w + 3);
  std::uint16_t best = 0;
  for (unsigned pick = 0; pick < (1u << pool); ++pick) {
    if (bits::popcount(pick) != w) continue;
    ScoreInput c = in;
    for (int i = 0; i < pool; ++i)
      if (pick >> i & 1) c.add(absent[static_cast<std::size_t>(i)]);
    best = std::max(best, five(score_hand(c, ranking)));
  }
  return best;
}

std::uint16_t fill_partial(const StrengthMap& partial, WildFamily family, const Counts& m, int w) {
  ScoreInput in = input_of(m);
  const int r = family == WildFamily::Bug ? kAce : largest_group_rank(m);
  for (int i = 0; i < w; ++i) in.add(r);
  return partial(score_hand(in, Ranking::High));
}

void build_wild_tables(BuiltTables& t, Ranking ranking, const std::vector<Multiset>& sets, const StrengthMap& five,
                       const StrengthMap& partial) {
  const auto rix = static_cast<std::size_t>(ranking);
  const std::vector<WildFamily> families =
      ranking == Ranking::High ? std::vector<WildFamily>{WildFamily::Zero, WildFamily::Bug}
                               : std::vector<WildFamily>{WildFamily::Zero, WildFamily::LowestAbsent, WildFamily::BestRank};
  for (const WildFamily family : families) {
    const auto fix = static_cast<std::size_t>(family);
    const int max_w = ranking == Ranking::High && family == WildFamily::Bug ? 1 : kMaxCards;
    std::vector<std::uint16_t> previous, best;
    for (int w = 1; w <= max_w; ++w) {
      best.assign(t.slots + kHashColMask + 1, 0);
      for (const auto& m : sets) {  // smallest first
        if (m.size + w > kMaxCards) break;
        std::uint16_t v = 0;
        if (m.size + w < 5) {
          v = ranking == Ranking::High ? fill_partial(partial, family, m.counts, w) : kNoLow;
        } else if (m.size + w == 5) {
          v = fill_five(five, ranking, family, m.counts, w);
        } else {
          for (std::size_t r = 0; r < kRanks; ++r)
            if (m.counts[r]) v = std::max(v, best[t.slot(m.key - kRankMultiplier[r])]);
          if (w >= 2) v = std::max(v, previous[t.slot(m.key)]);
        }
        best[t.slot(m.key)] = v;
      }
      auto& table = t.wild[rix][fix][static_cast<std::size_t>(w)];
      table.assign(t.dense_upto[static_cast<std::size_t>(kMaxCards - w)], 0);
      for (const auto& m : sets) {
        if (m.size + w > kMaxCards) break;
        table[t.dense[t.slot(m.key)]] = best[t.slot(m.key)];
      }
      previous.swap(best);
    }
  }
  if (ranking != Ranking::High) return;
  // Flushes with wild cards of the suit: the highest straight flush they can
  // complete, else the highest flush (without duplicates: the highest ranks
  // not held; with: aces).
  for (int dup = 0; dup < 2; ++dup)
    for (int w = 1; w <= kMaxFlushWilds; ++w) {
      auto& table = t.flush_fill[static_cast<std::size_t>(dup)][static_cast<std::size_t>(w)];
      table.assign(1u << kRanks, 0);
      for (unsigned mask = 0; mask < (1u << kRanks); ++mask) {
        const int p = bits::popcount(mask);
        if (p + w < 5 || p + w > kMaxCards) continue;
        std::uint16_t v = 0;
        for (const int top : kStraightTops)
          if (bits::popcount(straight_mask(top) & ~mask) <= w) {
            v = five(score_hand(input_of_mask(straight_mask(top), true), ranking));
            break;
          }
        ScoreInput in;
        in.flush = true;
        int fills = w;
        if (dup) {
          for (; fills > 0 && in.n < 5; --fills) in.add(kAce);
        }
        for (int r = kRanks - 1; r >= 0 && in.n < 5; --r) {
          if (mask >> r & 1) in.add(r);
          else if (fills > 0) in.add(r), --fills;
        }
        v = std::max(v, five(score_hand(in, ranking)));
        table[mask] = v;
      }
    }
}

}  // namespace

BuiltTables build_tables() {
  BuiltTables t;
  for (int b = 0; b < 256; ++b)
    t.card_key[static_cast<std::size_t>(b)] =
        b < kDeckSize ? kRankMultiplier[static_cast<std::size_t>(rank_of(b))] +
                            (std::uint64_t{1} << (kSuitShift + 4 * suit_of(b)))
                      : kPoison;
  for (int b = 0; b <= kJoker; ++b) t.card_mask[static_cast<std::size_t>(b)] = card_bit(b);
  for (int r = 0; r < kRanks; ++r)
    for (unsigned suits = 0; suits < 16; ++suits)
      for (int suit = 0; suit < kSuits; ++suit)
        if (suits >> suit & 1)
          t.rank_suits_key[static_cast<std::size_t>(r)][suits] += t.card_key[static_cast<std::size_t>(make_card(r, suit))];

  std::vector<Multiset> sets = detail::all_multisets();
  t.offsets = detail::build_perfect_hash(sets, t.slots);
  std::stable_sort(sets.begin(), sets.end(), [](const Multiset& a, const Multiset& b) { return a.size < b.size; });

  // Dense index of the multisets of at most six ranks, smallest first: the
  // wild-card tables are indexed by the natural cards' multiset.
  t.dense.assign(t.slots + kHashColMask + 1, kNoDense);
  for (const auto& m : sets) {
    if (m.size > kMaxCards - 1) break;
    t.dense[t.slot(m.key)] = static_cast<std::uint16_t>(t.dense_upto[static_cast<std::size_t>(m.size)]);
    for (int s = m.size; s < kMaxCards; ++s) ++t.dense_upto[static_cast<std::size_t>(s)];
  }

  // Each ranking's tables are its own: build them side by side.
  auto build_ranking = [&t, &sets](int ri) {
    const auto ranking = static_cast<Ranking>(ri);
    const auto rix = static_cast<std::size_t>(ri);
    auto& value = t.value[rix];
    auto& flush = t.flush[rix];
    value.assign(t.slots + kHashColMask + 1, 0);
    flush.assign(1u << kRanks, 0);

    // Every five-card hand the ranking can meet, wild cards included.
    StrengthMap five, partial;
    for (const auto& m : sets) {
      if (m.size == 0 || m.size > 5) continue;
      (m.size == 5 ? five : partial).add(score_hand(input_of(m.counts), ranking));
      if (m.size == 5 && ranking == Ranking::High) five.add(score_hand(input_of(m.counts, 0, true), ranking));
      if (is_low(ranking)) five.add(score_hand(input_of(m.counts, 5 - m.size), ranking));  // with zeros
    }
    if (is_low(ranking)) five.add(score_hand(input_of(Counts{}, 5), ranking));
    for (unsigned mask = 0; mask < (1u << kRanks); ++mask)
      if (bits::popcount(mask) == 5) five.add(score_hand(input_of_mask(mask, true), ranking));
    for (int r = 0; r < kRanks && ranking == Ranking::High; ++r) {
      ScoreInput in;
      for (int i = 0; i < 5; ++i) in.add(r);
      five.add(score_hand(in, ranking));
    }
    five.finish(t.tier_category[rix]);
    partial.finish(t.tier_category[rix], &five);

    for (const auto& m : sets) {
      if (m.size == 0) continue;
      std::uint16_t v = 0;
      if (m.size < 5)
        v = ranking == Ranking::EightOrBetter ? kNoLow : partial(score_hand(input_of(m.counts), ranking));
      else if (m.size == 5)
        v = five(score_hand(input_of(m.counts), ranking));
      else
        v = best_after_dropping_one(t, value, m);
      value[t.slot(m.key)] = v;
    }
    // Flushes: five suited ranks read as a flush; six or seven, the best
    // after dropping one (masks in increasing order visit subsets first).
    for (unsigned mask = 0; mask < (1u << kRanks); ++mask) {
      const int bits = bits::popcount(mask);
      if (bits == 5) {
        flush[mask] = five(score_hand(input_of_mask(mask, true), ranking));
      } else if (bits > 5 && bits <= kMaxCards) {
        std::uint16_t best = 0;
        for (unsigned rest = mask; rest; rest &= rest - 1) best = std::max(best, flush[mask & ~(rest & (0u - rest))]);
        flush[mask] = best;
      }
    }
    if (is_low(ranking) && straights_and_flushes_count(ranking)) {
      // The five ranks of each high-card strength, from its tier's base.
      std::vector<std::pair<std::uint16_t, unsigned>> fives;  // strength, ranks
      for (unsigned mask = 0; mask < (1u << kRanks); ++mask) {
        if (bits::popcount(mask) != 5) continue;
        const Score s = score_hand(input_of_mask(mask, false), ranking);
        if (s.category == Category::HighCard) fives.emplace_back(five(s), mask);
      }
      const auto [lo, hi] = std::minmax_element(fives.begin(), fives.end());
      const auto base = static_cast<std::uint16_t>(lo->first >> kTierShift << kTierShift);
      auto& ranks = t.high_card_ranks[rix];
      ranks.assign(static_cast<std::size_t>(hi->first - base) + 2, 0);
      for (const auto& [strength, mask] : fives) ranks[strength - base] = static_cast<std::uint16_t>(mask);
      t.high_card_base[rix] = base;
    }
    build_wild_tables(t, ranking, sets, five, partial);
  };
  std::vector<std::thread> workers;
  for (int ri = 1; ri < kRankingCount; ++ri) workers.emplace_back(build_ranking, ri);
  build_ranking(0);
  for (auto& w : workers) w.join();
  return t;
}

}  // namespace splitpot
