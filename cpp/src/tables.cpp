// Builds the lookup tables once. Every table is derived here from the rules
// (score_hand), so nothing generated is checked in; the C++ tests compare the
// result against a brute-force evaluator over every seven-card hand.
#include "splitpot/tables.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "score.hpp"

namespace splitpot {
namespace {

using Counts = std::array<std::uint8_t, kRanks>;

struct Multiset {
  Counts counts;
  int size;
  std::uint32_t key;
};

void enumerate_multisets(std::vector<Multiset>& out, Counts& counts, int rank, int size,
                         std::uint32_t key) {
  if (rank == kRanks) {
    out.push_back({counts, size, key});
    return;
  }
  for (int c = 0; c <= 4 && size + c <= kMaxCards; ++c) {
    counts[static_cast<std::size_t>(rank)] = static_cast<std::uint8_t>(c);
    enumerate_multisets(out, counts, rank + 1, size + c,
                        key + static_cast<std::uint32_t>(c) * kRankMultiplier[static_cast<std::size_t>(rank)]);
  }
  counts[static_cast<std::size_t>(rank)] = 0;
}

// First-fit-decreasing displacement: each row (keys sharing key >> 8) is placed
// at the lowest even offset where all of its columns land on free slots. The
// free-slot search tests 64 candidate offsets at once with bit masks.
std::vector<std::uint16_t> build_perfect_hash(const std::vector<Multiset>& sets, std::size_t& slots) {
  // Rows up to the largest sum of any seven cards, so that even a row of
  // repeated cards (unchecked batch input) reads inside the tables.
  const std::size_t rows = (kMaxCards * kRankMultiplier[kRanks - 1] >> kHashRowShift) + 1;
  std::vector<std::vector<std::uint32_t>> cols(rows);
  for (const auto& m : sets) cols[m.key >> kHashRowShift].push_back(m.key & kHashColMask);
  std::vector<std::uint32_t> order;
  for (std::uint32_t r = 0; r < rows; ++r)
    if (!cols[r].empty()) order.push_back(r);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return cols[a].size() > cols[b].size(); });

  const std::size_t words = (sets.size() * 4 + (1u << kHashRowShift)) / 64 + 4;
  std::vector<std::uint64_t> used(words, 0);
  auto bits_at = [&](std::size_t i) -> std::uint64_t {  // bits i .. i+63
    const std::size_t w = i >> 6, b = i & 63;
    return b ? (used[w] >> b) | (used[w + 1] << (64 - b)) : used[w];
  };
  std::vector<std::uint16_t> offsets(rows, 0);
  std::size_t lowest_free = 0;
  slots = 0;
  for (const std::uint32_t r : order) {
    const auto& cs = cols[r];
    const std::uint32_t cmin = *std::min_element(cs.begin(), cs.end());
    std::size_t base = lowest_free > cmin ? (lowest_free - cmin) & ~std::size_t{63} : 0;
    std::size_t offset = 0;
    for (;; base += 64) {
      std::uint64_t fits = 0x5555555555555555ull;  // even offsets only
      for (const std::uint32_t c : cs) {
        fits &= ~bits_at(base + c);
        if (!fits) break;
      }
      if (fits) {
        offset = base + static_cast<std::size_t>(__builtin_ctzll(fits));
        break;
      }
    }
    offsets[r] = static_cast<std::uint16_t>(offset / 2);
    for (const std::uint32_t c : cs) {
      const std::size_t s = offset + c;
      used[s >> 6] |= std::uint64_t{1} << (s & 63);
      slots = std::max(slots, s + 1);
    }
    while ((used[lowest_free >> 6] >> (lowest_free & 63)) & 1) ++lowest_free;
  }
  return offsets;
}

// Dense strengths: tier << 12 | (1 + position of the score within its tier).
// Five-card hands and partial hands (1-4 cards) are numbered separately.
class StrengthMap {
 public:
  void add(Score s) {
    if (s.qualifies()) scores_.push_back(s);
  }
  void finish() {
    std::sort(scores_.begin(), scores_.end());
    scores_.erase(std::unique(scores_.begin(), scores_.end()), scores_.end());
    int tier = -1, index = 0;
    for (const Score& s : scores_) {
      if (s.tier != tier) tier = s.tier, index = 0;
      strength_[s] = static_cast<std::uint16_t>((tier << kTierShift) | ++index);
    }
  }
  std::uint16_t operator()(const Score& s) const { return s.qualifies() ? strength_.at(s) : kNoLow; }
  int distinct() const { return static_cast<int>(scores_.size()); }

 private:
  std::vector<Score> scores_;
  std::map<Score, std::uint16_t> strength_;
};

std::vector<int> ranks_of(const Counts& counts) {
  std::vector<int> ranks;
  for (int r = 0; r < kRanks; ++r)
    for (int c = 0; c < counts[static_cast<std::size_t>(r)]; ++c) ranks.push_back(r);
  return ranks;
}

// The best five of n > 5 cards is the best over dropping one card, so each
// multiset of 6 or 7 reads at most 7 values of the size below it.
std::uint16_t best_after_dropping_one(const Tables& t, const std::vector<std::uint16_t>& value, const Multiset& m) {
  std::uint16_t best = 0;
  for (std::size_t r = 0; r < kRanks; ++r)
    if (m.counts[r]) best = std::max(best, value[t.slot(m.key - kRankMultiplier[r])]);
  return best;
}

Tables build() {
  Tables t;
  for (int b = 0; b < 256; ++b)
    t.card_key[static_cast<std::size_t>(b)] =
        b < kDeckSize ? kRankMultiplier[static_cast<std::size_t>(rank_of(b))] +
                            (std::uint64_t{1} << (kSuitShift + 4 * suit_of(b)))
                      : kPoison;
  for (int b = 0; b < kDeckSize; ++b) t.card_mask[static_cast<std::size_t>(b)] = card_bit(b);

  std::vector<Multiset> sets;
  Counts counts{};
  enumerate_multisets(sets, counts, 0, 0, 0);
  t.offsets = build_perfect_hash(sets, t.slots);
  std::stable_sort(sets.begin(), sets.end(), [](const Multiset& a, const Multiset& b) { return a.size < b.size; });

  for (int ri = 0; ri < kRankingCount; ++ri) {
    const auto ranking = static_cast<Ranking>(ri);
    auto& value = t.value[static_cast<std::size_t>(ri)];
    auto& flush = t.flush[static_cast<std::size_t>(ri)];
    value.assign(t.slots + kHashColMask + 1, 0);
    flush.assign(1u << kRanks, 0);

    StrengthMap five, partial;
    for (const auto& m : sets) {
      if (m.size == 0 || m.size > 5) continue;
      (m.size == 5 ? five : partial).add(score_hand(ranks_of(m.counts), false, ranking));
    }
    for (unsigned mask = 0; mask < (1u << kRanks); ++mask) {
      if (__builtin_popcount(mask) != 5) continue;
      std::vector<int> ranks;
      for (int r = 0; r < kRanks; ++r)
        if (mask >> r & 1) ranks.push_back(r);
      five.add(score_hand(ranks, true, ranking));
    }
    five.finish();
    partial.finish();
    t.five_card_classes[static_cast<std::size_t>(ri)] = five.distinct();

    for (const auto& m : sets) {
      if (m.size == 0) continue;
      std::uint16_t v = 0;
      if (m.size < 5)
        v = ranking == Ranking::EightOrBetter ? kNoLow : partial(score_hand(ranks_of(m.counts), false, ranking));
      else if (m.size == 5)
        v = five(score_hand(ranks_of(m.counts), false, ranking));
      else
        v = best_after_dropping_one(t, value, m);
      value[t.slot(m.key)] = v;
    }
    // Flushes: five suited ranks read as a flush; six or seven, the best
    // after dropping one (masks in increasing order visit subsets first).
    for (unsigned mask = 0; mask < (1u << kRanks); ++mask) {
      const int bits = __builtin_popcount(mask);
      if (bits == 5) {
        std::vector<int> ranks;
        for (int r = 0; r < kRanks; ++r)
          if (mask >> r & 1) ranks.push_back(r);
        flush[mask] = five(score_hand(ranks, true, ranking));
      } else if (bits > 5 && bits <= kMaxCards) {
        std::uint16_t best = 0;
        for (unsigned rest = mask; rest; rest &= rest - 1) best = std::max(best, flush[mask & ~(rest & -rest)]);
        flush[mask] = best;
      }
    }
  }
  return t;
}

}  // namespace

const Tables& tables() {
  static const Tables instance = build();
  return instance;
}

std::size_t shared_table_bytes() {
  return tables().offsets.size() * sizeof(std::uint16_t) + sizeof(Tables::card_key);
}

std::size_t ranking_table_bytes(Ranking r) {
  const Tables& t = tables();
  const auto i = static_cast<std::size_t>(r);
  return t.value[i].size() * sizeof(std::uint16_t) + t.flush[i].size() * sizeof(std::uint16_t);
}

}  // namespace splitpot
