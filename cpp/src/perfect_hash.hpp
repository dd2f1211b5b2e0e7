// Rank multisets and the displacement perfect hash over their keys, for the
// table builder (table_builder.cpp, run at build time).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "splitpot/tables.hpp"

namespace splitpot::detail {

using Counts = std::array<std::uint8_t, kRanks>;

struct Multiset {
  Counts counts;
  int size;
  std::uint32_t key;
};

inline void enumerate_multisets(std::vector<Multiset>& out, Counts& counts, int rank, int size,
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

// First-fit-decreasing displacement: each row (keys sharing key >> shift) is
// placed at the lowest displacement, a multiple of `unit` (1, 2, 4 or 8),
// where all of its columns land on free slots. The free-slot search tests 64
// candidate displacements at once with bit masks. Returns each row's
// displacement; `slots` receives one past the last slot used. (Rows of 2^shift
// keys; the tables use kHashRowShift and a unit of 1, benchmarks/peers tries
// others.)
inline std::vector<std::size_t> place_rows(const std::vector<Multiset>& sets, int shift, unsigned unit,
                                           std::size_t& slots, std::uint32_t top_key = kTopRankKey) {
  const std::uint32_t col_mask = (1u << shift) - 1;
  // Rows up to top_key, the largest sum of any seven cards' multipliers, so
  // that even a row of repeated cards (unchecked batch input) reads inside
  // the tables.
  const std::size_t rows = (top_key >> shift) + 1;
  std::vector<std::vector<std::uint32_t>> cols(rows);
  for (const auto& m : sets) cols[m.key >> shift].push_back(m.key & col_mask);
  std::vector<std::uint32_t> order;
  for (std::uint32_t r = 0; r < rows; ++r)
    if (!cols[r].empty()) order.push_back(r);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return cols[a].size() > cols[b].size(); });

  const std::size_t words = (sets.size() * 2 * unit + (std::size_t{1} << shift)) / 64 + 4;
  std::vector<std::uint64_t> used(words, 0);
  auto bits_at = [&](std::size_t i) -> std::uint64_t {  // bits i .. i+63
    const std::size_t w = i >> 6, b = i & 63;
    if (w + 1 >= used.size()) used.resize(w + 2, 0);  // past the estimate: free
    return b ? (used[w] >> b) | (used[w + 1] << (64 - b)) : used[w];
  };
  // Bit k set where k is a multiple of the unit.
  const std::uint64_t multiples = ~std::uint64_t{0} / ((std::uint64_t{1} << unit) - 1);
  std::vector<std::size_t> displacement(rows, 0);
  std::size_t lowest_free = 0;
  slots = 0;
  for (const std::uint32_t r : order) {
    const auto& cs = cols[r];
    const std::uint32_t cmin = *std::min_element(cs.begin(), cs.end());
    std::size_t base = lowest_free > cmin ? (lowest_free - cmin) & ~std::size_t{63} : 0;
    std::size_t offset = 0;
    for (;; base += 64) {
      std::uint64_t fits = multiples;
      for (const std::uint32_t c : cs) {
        fits &= ~bits_at(base + c);
        if (!fits) break;
      }
      if (fits) {
        offset = base + static_cast<std::size_t>(bits::ctz64(fits));
        break;
      }
    }
    displacement[r] = offset;
    for (const std::uint32_t c : cs) {
      const std::size_t s = offset + c;
      used[s >> 6] |= std::uint64_t{1} << (s & 63);
      slots = std::max(slots, s + 1);
    }
    while ((used[lowest_free >> 6] >> (lowest_free & 63)) & 1) ++lowest_free;
  }
  return displacement;
}

// The tables' perfect hash: rows of 2^kHashRowShift keys placed at any slot,
// each row's offset its displacement minus its first key (mod 2^32: see
// hash_slot).
inline std::vector<std::uint32_t> build_perfect_hash(const std::vector<Multiset>& sets, std::size_t& slots) {
  const std::vector<std::size_t> displacement = place_rows(sets, kHashRowShift, 1, slots);
  std::vector<std::uint32_t> offsets;
  for (std::size_t r = 0; r < displacement.size(); ++r)
    offsets.push_back(static_cast<std::uint32_t>(displacement[r]) - static_cast<std::uint32_t>(r << kHashRowShift));
  return offsets;
}

/// Every multiset of at most seven ranks (each at most four times).
inline std::vector<Multiset> all_multisets() {
  std::vector<Multiset> sets;
  Counts counts{};
  enumerate_multisets(sets, counts, 0, 0, 0);
  return sets;
}

}  // namespace splitpot::detail
