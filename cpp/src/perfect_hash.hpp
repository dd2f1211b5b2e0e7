// Rank multisets and the displacement perfect hash over their keys, for the
// table builder (table_builder.cpp, run at build time).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
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

// First-fit-decreasing displacement: each row (keys sharing key >> 8) is placed
// at the lowest even offset where all of its columns land on free slots. The
// free-slot search tests 64 candidate offsets at once with bit masks.
inline std::vector<std::uint16_t> build_perfect_hash(const std::vector<Multiset>& sets, std::size_t& slots) {
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
    if (offset / 2 > 0xFFFF) throw std::length_error("perfect hash: an offset past 16 bits (rows too wide)");
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


/// Every multiset of at most seven ranks (each at most four times).
inline std::vector<Multiset> all_multisets() {
  std::vector<Multiset> sets;
  Counts counts{};
  enumerate_multisets(sets, counts, 0, 0, 0);
  return sets;
}

}  // namespace splitpot::detail
