// Pre-built hands: HandSum's per-hand loop beside the variants tried to beat
// it, and OMPEval's Hand, in one program (issue 17: HandSum >= 1.2x OMPEval's
// pre-built Hand in every run and ranking). Two variants paid on an Intel
// core (2026-12-03): the hash in OMPEval's form (32-bit row bases), then rows
// of 1,024 keys instead of 512, since then the tables' own (the control
// below; the older layouts raced beside it). The rest did not; this program
// keeps them measurable. Built and run by run.sh:
//
//   SPLITPOT_PEERS_PROGRAM=prebuilt_variants benchmarks/peers/run.sh both 4 5 3
//
// The race is bench_peers's (chunked, each timed run after a warm one, every
// loop a function of its own). Every exact variant's checksum over all hands
// is checked equal to the per-hand loop's before timing (exit 1 otherwise);
// the "bound" lines ignore flushes and are wrong on 3 % of the hands.
//
// Variants, in high and deuce-to-seven (ace-to-six behaves as deuce-to-seven):
//   batch, side list: the plain reading of every hand without a branch, the
//     flushed hands' indices collected in a side list, fixed in a second pass;
//     the hash row of the hand 16 ahead prefetched (0, 8, 32 ran no better)
//   batch, AVX2 flags: the flush flags of 8 hands at once with AVX2, the plain
//     readings without a branch, the flagged hands listed without branches
//     (four positions written per 64-hand word) and fixed up
//   layouts: the perfect hash rebuilt here with rows of 512 keys and 32-bit
//     row bases (the layout until later on 2026-12-03) or 16-bit offsets in
//     units of 2 slots (before that: slot = column + 2 x offset), rows of 2048
//     keys with offsets in units of 8 slots (23 KB of offsets, in L1) or 32-bit
//     bases (46 KB), and rows of 4096 with 32-bit bases; beside them, as the
//     control, today's layout rebuilt the same way (rows of 1024, 32-bit
//     offsets, slot = rank key + offset, OMPEval's form: the same loop as
//     HandSum's, its tables on the heap)
//   the flush test's order and count (2026-12-04; since then HandSum's high
//     tests first and reads the ranks only without a flush, where the layout
//     variants above read the ranks first): high reading the ranks first, as
//     HandSum did until then; one test for a pair or a group of four hands, a
//     group with a flush read both ways without a branch; the lows with the
//     test first, their rare path out of line, or inline with the key made
//     opaque there (later that day: the common path as high's, 11 instructions)
//   one load instead of two (2026-12-04, later): high read from a direct
//     table indexed by a seven-card rank key of the greedy smallest
//     multipliers for exactly seven cards (max key 7,825,759: 15.7 MB), no
//     perfect hash; its hands carry that key in place of the rank key
//   bounds: the plain reading alone (no flush test), summed in a register,
//     written to an array, written and summed
// The batch variants write their values to an array of 1024 and sum it, as a
// user of a batch call reads its output; the per-hand loops sum in a register.
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "HandEvaluator.h"
#include "bench_common.hpp"
#include "peers_common.hpp"
#include "perfect_hash.hpp"
#include "splitpot/hand.hpp"

using namespace splitpot;

namespace {

constexpr std::size_t kOut = 1024;  // the batch variants' output array

[[gnu::noinline]] std::uint64_t omp_sum(const omp::HandEvaluator& e, const omp::Hand* b, const omp::Hand* end) {
  std::uint64_t sum = 0;
  for (; b != end; ++b) sum += e.evaluate(*b);
  return sum;
}

template <Ranking R>
[[gnu::noinline]] std::uint64_t per_hand(const Tables& t, const HandSum* b, const HandSum* e) {
  std::uint64_t sum = 0;
  for (; b != e; ++b) sum += b->evaluate<R>(t);
  return sum;
}

// The rare path of a flushed hand given its plain reading, as HandSum's (and
// as there 32 bits where the paths join: see detail::evaluate_low_flush).
template <Ranking R>
inline std::uint32_t with_flush(const Tables& t, const HandSum& h, std::uint16_t plain) {
  if constexpr (R == Ranking::High) {
    (void)plain;
    return t.flush[0][(h.lanes() >> (kLaneBits * flush_suit_of(h.key()))) & kLaneRanks];
  } else {
    return detail::evaluate_low_flush<R>(t, h.key(), h.lanes(), plain);
  }
}

inline std::uint16_t plain_of(const std::uint32_t* offsets, const std::uint16_t* value, const HandSum& h) {
  return value[hash_slot(offsets, static_cast<std::uint32_t>(h.key()))];
}

// Ways of ordering the flush test (2026-12-04). High reading the ranks first,
// for every hand, then testing for a flush: HandSum until then (since, the
// test first, one instruction fewer a hand).
[[gnu::noinline]] std::uint64_t ranks_first_high(const Tables& t, const HandSum* b, const HandSum* e) {
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[0].data();
  std::uint64_t sum = 0;
  for (; b != e; ++b) {
    std::uint32_t v = plain_of(offsets, value, *b);
    if (b->key() & kFlushBits) [[unlikely]]
      v = with_flush<Ranking::High>(t, *b, static_cast<std::uint16_t>(v));
    sum += v;
  }
  return sum;
}
// High without a branch: both tables read, the answer chosen by a cmov (for no
// flush the shift is 0 and the flush table's read harmless).
inline std::uint32_t high_either(const Tables& t, const HandSum& h) {
  const std::uint32_t plain = plain_of(t.offsets.data(), t.value[0].data(), h);
  const auto f = static_cast<unsigned>((h.key() & kFlushBits) >> kSuitShift);
  const unsigned shift = (static_cast<unsigned>(__builtin_ctz(f | 0x10000u)) / 4 * kLaneBits) & 63;
  const std::uint32_t flushed = t.flush[0][(h.lanes() >> shift) & kLaneRanks];
  return f ? flushed : plain;
}
// High with one flush test for a group of K hands: without a flush in the group
// its K ranks' readings, with one every hand of it read both ways.
template <int K>
[[gnu::noinline]] std::uint64_t group_test_high(const Tables& t, const HandSum* b, const HandSum* e) {
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[0].data();
  std::uint64_t sum = 0;
  for (; b + K <= e; b += K) {
    std::uint64_t any = 0;
    for (int i = 0; i < K; ++i) any |= b[i].key();
    if (any & kFlushBits) [[unlikely]] {
      for (int i = 0; i < K; ++i) sum += high_either(t, b[i]);
    } else {
      for (int i = 0; i < K; ++i) sum += plain_of(offsets, value, b[i]);
    }
  }
  for (; b != e; ++b) sum += b->evaluate<Ranking::High>(t);
  return sum;
}
// The lows with the test first: the rare path out of line reads the ranks itself
// (inline, GCC merges the two readings back before the branch).
template <Ranking R>
[[gnu::noinline, gnu::cold]] std::uint32_t low_rare(const Tables& t, const HandSum& h) {
  return with_flush<R>(t, h, plain_of(t.offsets.data(), t.value[static_cast<std::size_t>(R)].data(), h));
}
template <Ranking R>
[[gnu::noinline]] std::uint64_t test_first_low(const Tables& t, const HandSum* b, const HandSum* e) {
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  std::uint64_t sum = 0;
  for (; b != e; ++b) sum += (b->key() & kFlushBits) ? low_rare<R>(t, *b) : plain_of(offsets, value, *b);
  return sum;
}

// The lows with the test first and the rare path inline: the key made opaque
// on the rare path (an empty asm), so that GCC cannot hoist the two readings
// into one before the branch; the common path as high's (11 instructions).
template <Ranking R>
[[gnu::noinline]] std::uint64_t test_first_inline_low(const Tables& t, const HandSum* b, const HandSum* e) {
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  std::uint64_t sum = 0;
  for (; b != e; ++b) {
    std::uint64_t key = b->key();
    if (key & kFlushBits) [[unlikely]] {
      __asm__("" : "+r"(key));
      const std::uint16_t plain = value[hash_slot(offsets, static_cast<std::uint32_t>(key))];
      sum += detail::evaluate_low_flush<R>(t, key, b->lanes(), plain);
    } else {
      sum += value[hash_slot(offsets, static_cast<std::uint32_t>(key))];
    }
  }
  return sum;
}

// Sums the values a batch variant writes, kOut hands at a time.
template <typename Batch>
std::uint64_t sum_batches(const HandSum* b, const HandSum* e, std::uint16_t* out, Batch batch) {
  std::uint64_t sum = 0;
  while (b != e) {
    const auto n = static_cast<std::size_t>(std::min<std::ptrdiff_t>(e - b, kOut));
    batch(b, n);
    for (std::size_t i = 0; i < n; ++i) sum += out[i];
    b += n;
  }
  return sum;
}

template <Ranking R>
[[gnu::noinline]] std::uint64_t side_list(const Tables& t, const HandSum* b, const HandSum* e, std::uint16_t* out) {
  constexpr std::size_t kAhead = 16;
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  return sum_batches(b, e, out, [&](const HandSum* h, std::size_t n) {
    std::uint16_t rare[kOut];
    std::size_t m = 0, i = 0;
    for (; i + kAhead < n; ++i) {
      __builtin_prefetch(&offsets[static_cast<std::uint32_t>(h[i + kAhead].key()) >> kHashRowShift]);
      out[i] = plain_of(offsets, value, h[i]);
      rare[m] = static_cast<std::uint16_t>(i);
      m += (h[i].key() & kFlushBits) != 0;
    }
    for (; i < n; ++i) {
      out[i] = plain_of(offsets, value, h[i]);
      rare[m] = static_cast<std::uint16_t>(i);
      m += (h[i].key() & kFlushBits) != 0;
    }
    for (std::size_t k = 0; k < m; ++k) out[rare[k]] = static_cast<std::uint16_t>(with_flush<R>(t, h[rare[k]], out[rare[k]]));
  });
}

// One batch of n hands (a lambda would not inherit the target attribute).
template <Ranking R>
__attribute__((target("avx2,bmi,popcnt"))) void avx2_flags_batch(const Tables& t, const HandSum* h, std::size_t n,
                                                                 std::uint16_t* out) {
  static_assert(sizeof(HandSum) == 16, "two hands a 32-byte load");
  constexpr std::size_t kBlock = 256;
  // The shuffles leave the 8 hands' flags in this order.
  static constexpr std::uint8_t kOrder[8] = {0, 2, 4, 6, 1, 3, 5, 7};
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  const __m256i flush_bits = _mm256_set1_epi32(static_cast<int>(kFlushBits >> 32));
  std::size_t at = 0;
  for (; at + kBlock <= n; at += kBlock) {
    std::uint64_t words[kBlock / 64];
    for (std::size_t w = 0; w < kBlock / 64; ++w) {
      std::uint64_t m = 0;
      for (std::size_t k = 0; k < 8; ++k) {
        const auto* p = reinterpret_cast<const __m256*>(h + at + w * 64 + k * 8);
        const __m256 x = _mm256_shuffle_ps(_mm256_loadu_ps(reinterpret_cast<const float*>(p)),
                                           _mm256_loadu_ps(reinterpret_cast<const float*>(p + 1)), _MM_SHUFFLE(1, 1, 1, 1));
        const __m256 y = _mm256_shuffle_ps(_mm256_loadu_ps(reinterpret_cast<const float*>(p + 2)),
                                           _mm256_loadu_ps(reinterpret_cast<const float*>(p + 3)), _MM_SHUFFLE(1, 1, 1, 1));
        const __m256i high_halves = _mm256_castps_si256(_mm256_shuffle_ps(x, y, _MM_SHUFFLE(2, 0, 2, 0)));
        const __m256i none = _mm256_cmpeq_epi32(_mm256_and_si256(high_halves, flush_bits), _mm256_setzero_si256());
        m |= static_cast<std::uint64_t>(~_mm256_movemask_ps(_mm256_castsi256_ps(none)) & 0xFF) << (8 * k);
      }
      words[w] = m;
    }
    for (std::size_t i = at; i < at + kBlock; ++i) out[i] = plain_of(offsets, value, h[i]);
    std::uint16_t list[kBlock + 4];
    std::size_t count = 0;
    for (std::size_t w = 0; w < kBlock / 64; ++w) {
      std::uint64_t m = words[w];
      const auto cnt = static_cast<std::size_t>(_mm_popcnt_u64(m));
      std::uint16_t* p = list + count;
      const auto base = static_cast<std::uint16_t>(w * 64);
      // Four positions written whether set or not (past the count: never
      // read), again only past four in a word (4 % of words): no branch to
      // mispredict on the count.
      std::size_t k = 0;
      do {
        for (std::size_t j = 0; j < 4; ++j, ++k) {
          p[k] = static_cast<std::uint16_t>(base + _tzcnt_u64(m));
          m = _blsr_u64(m);
        }
      } while (k < cnt && count + k < kBlock);
      count += cnt;
    }
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t j = list[k], i = at + (j & ~std::size_t{7}) + kOrder[j & 7];
      out[i] = static_cast<std::uint16_t>(with_flush<R>(t, h[i], out[i]));
    }
  }
  for (; at < n; ++at) out[at] = h[at].evaluate<R>(t);
}
template <Ranking R>
[[gnu::noinline]] std::uint64_t avx2_flags(const Tables& t, const HandSum* b, const HandSum* e, std::uint16_t* out) {
  return sum_batches(b, e, out, [&](const HandSum* h, std::size_t n) { avx2_flags_batch<R>(t, h, n, out); });
}

// The perfect hash over the same rank keys (cpp/src/perfect_hash.hpp), placed
// with rows of 2^shift keys: offsets in units of `unit` slots (16 bits), or
// unit 1: 32-bit row bases (slot = rank key + base).
struct Layout {
  std::vector<std::uint16_t> offsets;
  std::vector<std::uint32_t> bases;
  std::array<std::vector<std::uint16_t>, kRankingCount> value;
  std::size_t slots = 0;
};

Layout rebuild(const Tables& t, int shift, unsigned unit) {
  const std::vector<detail::Multiset> sets = detail::all_multisets();
  Layout L;
  const std::vector<std::size_t> at = detail::place_rows(sets, shift, unit, L.slots);
  for (std::size_t r = 0; r < at.size(); ++r) {
    if (unit > 1 && at[r] / unit > 0xFFFF) {
      std::printf("rows of %d keys: an offset past 16 bits\n", 1 << shift);
      std::exit(2);
    }
    if (unit > 1) L.offsets.push_back(static_cast<std::uint16_t>(at[r] / unit));
    else L.bases.push_back(static_cast<std::uint32_t>(at[r]) - static_cast<std::uint32_t>(r << shift));
  }
  const std::uint32_t col_mask = (1u << shift) - 1;
  for (std::size_t ri = 0; ri < kRankingCount; ++ri) {
    L.value[ri].assign(L.slots + col_mask + 1, 0);
    for (const auto& m : sets) {
      const std::uint32_t slot =
          unit > 1 ? (m.key & col_mask) + unit * L.offsets[m.key >> shift] : m.key + L.bases[m.key >> shift];
      L.value[ri][slot] = t.value[ri][t.slot(m.key)];
    }
  }
  std::printf("perfect hash, rows of %d keys, %s: %zu slots, %zu KB of row offsets\n", 1 << shift,
              unit > 1 ? ("offsets in units of " + std::to_string(unit) + " slots").c_str() : "32-bit row bases", L.slots,
              (L.offsets.size() * 2 + L.bases.size() * 4) / 1024);
  return L;
}

// The same hash over the rank keys modulo 2^24 (distinct: the multipliers are
// odd multiples of the greedy sequence modulo 2^24), rows of 2^shift keys.
Layout rebuild24(const Tables& t, int shift) {
  std::vector<detail::Multiset> sets = detail::all_multisets();
  for (auto& m : sets) m.key &= 0xFFFFFFu;
  Layout L;
  const std::vector<std::size_t> at = detail::place_rows(sets, shift, 1, L.slots, 0xFFFFFFu);
  for (std::size_t r = 0; r < at.size(); ++r)
    L.bases.push_back(static_cast<std::uint32_t>(at[r]) - static_cast<std::uint32_t>(r << shift));
  const std::uint32_t col_mask = (1u << shift) - 1;
  const std::vector<detail::Multiset> raw = detail::all_multisets();
  for (std::size_t ri = 0; ri < kRankingCount; ++ri) {
    L.value[ri].assign(L.slots + col_mask + 1, 0);
    for (const auto& m : raw) {
      const std::uint32_t k = m.key & 0xFFFFFFu;
      L.value[ri][k + L.bases[k >> shift]] = t.value[ri][t.slot(m.key)];
    }
  }
  std::printf("perfect hash mod 2^24, rows of %d keys: %zu slots, %zu KB of row bases\n", 1 << shift, L.slots,
              L.bases.size() * 4 / 1024);
  return L;
}
template <Ranking R, int Shift>
[[gnu::noinline]] std::uint64_t layout24_per_hand(const Tables& t, const Layout& L, const HandSum* b, const HandSum* e) {
  std::uint64_t sum = 0;
  const std::uint16_t* value = L.value[static_cast<std::size_t>(R)].data();
  const std::uint32_t* bases = L.bases.data();
  for (; b != e; ++b) {
    const auto rk = static_cast<std::uint32_t>(b->key()) & 0xFFFFFFu;
    std::uint32_t v = value[rk + bases[rk >> Shift]];
    if (b->key() & kFlushBits) [[unlikely]]
      v = with_flush<R>(t, *b, v);
    sum += v;
  }
  return sum;
}

template <Ranking R, int Shift, unsigned Unit>
[[gnu::noinline]] std::uint64_t layout_per_hand(const Tables& t, const Layout& L, const HandSum* b, const HandSum* e) {
  std::uint64_t sum = 0;
  const std::uint16_t* value = L.value[static_cast<std::size_t>(R)].data();
  const std::uint16_t* offsets = L.offsets.data();
  const std::uint32_t* bases = L.bases.data();
  for (; b != e; ++b) {
    const auto rk = static_cast<std::uint32_t>(b->key());
    const std::uint32_t slot = Unit > 1 ? (rk & ((1u << Shift) - 1)) + Unit * offsets[rk >> Shift] : rk + bases[rk >> Shift];
    std::uint32_t v = value[slot];
    if (b->key() & kFlushBits) [[unlikely]]
      v = with_flush<R>(t, *b, v);
    sum += v;
  }
  return sum;
}

// High's values with its flush table appended (81,563 + 8,192 entries): a
// flushed hand's index is chosen without a branch and one load reads either.
struct Combined {
  std::vector<std::uint16_t> value;
  std::vector<std::uint32_t> offsets;
  std::uint32_t flush_base = 0;
  explicit Combined(const Tables& t)
      : value(t.value[0].begin(), t.value[0].end()), offsets(t.offsets.begin(), t.offsets.end()) {
    flush_base = static_cast<std::uint32_t>(value.size());
    value.insert(value.end(), t.flush[0].begin(), t.flush[0].end());
  }
};
[[gnu::noinline]] std::uint64_t combined_branch(const Tables& t, const Combined& c, const HandSum* b, const HandSum* e) {
  std::uint64_t sum = 0;
  const std::uint16_t* value = c.value.data();
  const std::uint32_t* offsets = c.offsets.data();
  for (; b != e; ++b) {
    std::uint32_t v = value[hash_slot(offsets, static_cast<std::uint32_t>(b->key()))];
    if (b->key() & kFlushBits) [[unlikely]]
      v = value[c.flush_base + ((b->lanes() >> (kLaneBits * flush_suit_of(b->key()))) & kLaneRanks)];
    sum += v;
  }
  (void)t;
  return sum;
}
[[gnu::noinline]] std::uint64_t combined_cmov(const Tables& t, const Combined& c, const HandSum* b, const HandSum* e) {
  std::uint64_t sum = 0;
  const std::uint16_t* value = c.value.data();
  const std::uint32_t* offsets = c.offsets.data();
  const std::uint32_t fb = c.flush_base;
  for (; b != e; ++b) {
    const std::uint64_t key = b->key();
    const std::uint32_t slot = hash_slot(offsets, static_cast<std::uint32_t>(key));
    const auto f = static_cast<std::uint32_t>(key >> 32) & 0x8888u;
    // Bit 3 + 4s of the counters: the lane of suit s starts at 16s = 4 * (bit - 3).
    const unsigned shift = 4u * static_cast<unsigned>(__builtin_ctz(f | 0x10000u)) - 12u;
    const std::uint32_t fi = fb + (static_cast<std::uint32_t>(b->lanes() >> shift) & kLaneRanks);
    std::uint32_t idx = slot;
    __asm__("test %[f], %[f]\n\tcmovnz %[fi], %[idx]" : [idx] "+r"(idx) : [f] "r"(f), [fi] "r"(fi) : "cc");
    sum += value[idx];
  }
  (void)t;
  return sum;
}

// One load instead of two: a direct table of high's values over a rank key
// small enough to index (the greedy smallest multipliers whose sums over
// exactly seven cards, each rank at most four times, are distinct). Its hands
// are HandSums with that key in place of the rank key (suit counters and
// lanes as HandSum's), in an array beside the race's; only 49,205 of its
// 7,825,760 entries are read.
struct Direct {
  static constexpr std::array<std::uint32_t, kRanks> kSeven = {0,     1,     5,      22,     98,     453,    2031,
                                                               8698,  22854, 83661, 262349, 636345, 1479181};
  std::vector<std::uint16_t> value;
  std::vector<std::uint64_t> keys;  // per hand: the direct key | the suit counters
  const HandSum* first = nullptr;   // the race's hand 0
  Direct(const Tables& t, const peers::Hands& h) : value(4 * kSeven[12] + 3 * kSeven[11] + 1, 0), first(h.sums.data()) {
    for (const auto& m : detail::all_multisets()) {
      std::uint32_t k = 0, n = 0;
      for (std::size_t r = 0; r < kRanks; ++r) k += m.counts[r] * kSeven[r], n += m.counts[r];
      if (n != 7) continue;
      if (value[k]) {
        std::printf("direct table: two multisets share key %u\n", k);
        std::exit(2);
      }
      value[k] = t.value[0][t.slot(m.key)];
    }
    for (std::size_t i = 0; i < h.sums.size(); ++i) {
      std::uint64_t k = h.sums[i].key() & ~kRankKeyMask;
      for (int j = 0; j < 7; ++j) k += kSeven[static_cast<std::size_t>(rank_of(h.bytes[i * 7 + j]))];
      keys.push_back(k);
    }
  }
};
[[gnu::noinline]] std::uint64_t direct_high(const Tables& t, const Direct& d, const HandSum* b, const HandSum* e) {
  std::uint64_t sum = 0;
  const std::uint16_t* value = d.value.data();
  const std::uint64_t* key = d.keys.data() + (b - d.first);
  for (; b != e; ++b, ++key) {
    if (*key & kFlushBits) [[unlikely]]
      sum += with_flush<Ranking::High>(t, *b, 0);
    else
      sum += value[static_cast<std::uint32_t>(*key)];
  }
  return sum;
}

template <Ranking R>
[[gnu::noinline]] std::uint64_t bound_register(const Tables& t, const HandSum* b, const HandSum* e) {
  std::uint64_t sum = 0;
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  for (; b != e; ++b) sum += plain_of(offsets, value, *b);
  return sum;
}
template <Ranking R, bool Sum>
[[gnu::noinline]] std::uint64_t bound_array(const Tables& t, const HandSum* b, const HandSum* e, std::uint16_t* out) {
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  std::uint64_t sum = 0;
  for (; b != e; b += std::min<std::ptrdiff_t>(e - b, kOut)) {
    const auto n = static_cast<std::size_t>(std::min<std::ptrdiff_t>(e - b, kOut));
    for (std::size_t i = 0; i < n; ++i) out[i] = plain_of(offsets, value, b[i]);
    if constexpr (Sum)
      for (std::size_t i = 0; i < n; ++i) sum += out[i];
    else
      sum += out[0];
  }
  return sum;
}

}  // namespace

int main(int argc, char** argv) {
  const peers::Args args(argc, argv);
  const peers::Hands hands(args.n);
  const omp::HandEvaluator omp_eval;
  const Tables& t = tables();
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
  const Layout rows1024 = rebuild(t, 10, 1), rows512 = rebuild(t, 9, 1), rows512_16 = rebuild(t, 9, 2),
               rows2048_16 = rebuild(t, 11, 8), rows2048 = rebuild(t, 11, 1), rows4096 = rebuild(t, 12, 1);
  const Layout m24_8192 = rebuild24(t, 13), m24_4096 = rebuild24(t, 12), m24_2048 = rebuild24(t, 11);
  const Layout* const layouts[] = {&rows1024, &rows512, &rows512_16, &rows2048_16, &rows2048, &rows4096,
                                   &m24_8192, &m24_4096, &m24_2048};
  std::vector<std::uint16_t> out(kOut);
  static const Combined* combined = new Combined(t);
  static const Direct* direct = new Direct(t, hands);
  std::printf("direct table for seven cards: %zu KB\n", direct->value.size() * 2 / 1024);

  using Body = std::uint64_t (*)(const Tables&, const Layout* const*, const HandSum*, const HandSum*, std::uint16_t*);
  struct Contender {
    std::string name;
    Body body;
    bool exact;  // its checksum must equal the per-hand loop's
  };
  std::vector<Contender> contenders;
  auto add = [&](auto R, const char* rname) {
    constexpr Ranking Rv = decltype(R)::value;
    const std::string s = std::string(" (") + rname + ")";
    contenders.push_back({"HandSum per hand" + s, [](const Tables& tb, const Layout* const*, const HandSum* b,
                                                     const HandSum* e, std::uint16_t*) { return per_hand<Rv>(tb, b, e); },
                          true});
    contenders.push_back({"batch, side list" + s, [](const Tables& tb, const Layout* const*, const HandSum* b,
                                                     const HandSum* e, std::uint16_t* o) { return side_list<Rv>(tb, b, e, o); },
                          true});
    if (avx2)
      contenders.push_back({"batch, AVX2 flags" + s, [](const Tables& tb, const Layout* const*, const HandSum* b,
                                                        const HandSum* e, std::uint16_t* o) { return avx2_flags<Rv>(tb, b, e, o); },
                            true});
    contenders.push_back({"rows of 1024, 32-bit bases (control)" + s,
                          [](const Tables& tb, const Layout* const* l, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return layout_per_hand<Rv, 10, 1>(tb, *l[0], b, e); },
                          true});
    contenders.push_back({"rows of 512, 32-bit bases (until 12-03, later)" + s,
                          [](const Tables& tb, const Layout* const* l, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return layout_per_hand<Rv, 9, 1>(tb, *l[1], b, e); },
                          true});
    contenders.push_back({"rows of 512, 16-bit offsets (until 12-03)" + s,
                          [](const Tables& tb, const Layout* const* l, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return layout_per_hand<Rv, 9, 2>(tb, *l[2], b, e); },
                          true});
    contenders.push_back({"rows of 2048, 16-bit offsets" + s,
                          [](const Tables& tb, const Layout* const* l, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return layout_per_hand<Rv, 11, 8>(tb, *l[3], b, e); },
                          true});
    contenders.push_back({"rows of 2048, 32-bit bases" + s,
                          [](const Tables& tb, const Layout* const* l, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return layout_per_hand<Rv, 11, 1>(tb, *l[4], b, e); },
                          true});
    contenders.push_back({"rows of 4096, 32-bit bases" + s,
                          [](const Tables& tb, const Layout* const* l, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return layout_per_hand<Rv, 12, 1>(tb, *l[5], b, e); },
                          true});
    contenders.push_back({"mod 2^24, rows of 8192" + s,
                          [](const Tables& tb, const Layout* const* l, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return layout24_per_hand<Rv, 13>(tb, *l[6], b, e); },
                          true});
    contenders.push_back({"mod 2^24, rows of 4096" + s,
                          [](const Tables& tb, const Layout* const* l, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return layout24_per_hand<Rv, 12>(tb, *l[7], b, e); },
                          true});
    contenders.push_back({"mod 2^24, rows of 2048" + s,
                          [](const Tables& tb, const Layout* const* l, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return layout24_per_hand<Rv, 11>(tb, *l[8], b, e); },
                          true});
    if constexpr (Rv == Ranking::High) {
      contenders.push_back({"ranks first, then the flush test (until 12-04)" + s,
                            [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                               std::uint16_t*) { return ranks_first_high(tb, b, e); },
                            true});
      contenders.push_back({"one flush test a pair of hands" + s,
                            [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                               std::uint16_t*) { return group_test_high<2>(tb, b, e); },
                            true});
      contenders.push_back({"one flush test a group of four" + s,
                            [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                               std::uint16_t*) { return group_test_high<4>(tb, b, e); },
                            true});
      contenders.push_back({"heap copy, flush table appended, branch (control)" + s,
                            [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                               std::uint16_t*) { return combined_branch(tb, *combined, b, e); },
                            true});
      contenders.push_back({"direct table, one load (15.7 MB)" + s,
                            [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                               std::uint16_t*) { return direct_high(tb, *direct, b, e); },
                            true});
      contenders.push_back({"heap copy, flush table appended, cmov" + s,
                            [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                               std::uint16_t*) { return combined_cmov(tb, *combined, b, e); },
                            true});
    } else {
      contenders.push_back({"flush test first, rare path inline" + s,
                            [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                               std::uint16_t*) { return test_first_inline_low<Rv>(tb, b, e); },
                            true});
      contenders.push_back({"flush test first, rare path out of line" + s,
                            [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                               std::uint16_t*) { return test_first_low<Rv>(tb, b, e); },
                            true});
    }
    contenders.push_back({"bound: plain reading, register" + s,
                          [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                             std::uint16_t*) { return bound_register<Rv>(tb, b, e); },
                          false});
  };
  add(std::integral_constant<Ranking, Ranking::High>{}, "high");
  add(std::integral_constant<Ranking, Ranking::DeuceToSeven>{}, "deuce-to-seven");
  contenders.push_back({"bound: plain reading, array (high)",
                        [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                           std::uint16_t* o) { return bound_array<Ranking::High, false>(tb, b, e, o); },
                        false});
  contenders.push_back({"bound: plain reading, array summed (high)",
                        [](const Tables& tb, const Layout* const*, const HandSum* b, const HandSum* e,
                           std::uint16_t* o) { return bound_array<Ranking::High, true>(tb, b, e, o); },
                        false});

  // Every exact variant's checksum equals its ranking's per-hand loop's.
  int wrong = 0;
  std::uint64_t want = 0;
  for (const Contender& c : contenders) {
    const std::uint64_t got = c.body(t, layouts, hands.sums.data(), hands.sums.data() + args.n, out.data());
    if (c.name.rfind("HandSum per hand", 0) == 0) want = got;
    if (c.exact && got != want) {
      std::printf("WRONG: %s: checksum %llu, per hand %llu\n", c.name.c_str(), static_cast<unsigned long long>(got),
                  static_cast<unsigned long long>(want));
      ++wrong;
    }
  }
  std::printf("random 7-card hands: %zu; exact variants whose checksum differs from the per-hand loop's: %d\n", args.n, wrong);

  bench::RatioRanges ranges;
  for (int run = 1; run <= args.runs; ++run) {
    if (args.runs > 1) std::printf("-- run %d of %d\n", run, args.runs);
    bench::Race race{{"OMPEval Hand (high)"}, {}, true};
    for (const Contender& c : contenders) race.names.push_back(c.name);
    race.run(args.chunks, args.repeats, [&](std::size_t who, int c) -> std::uint64_t {
      const std::size_t begin = static_cast<std::size_t>(c) * args.per, end = begin + args.per;
      if (who == 0) return omp_sum(omp_eval, hands.omp.data() + begin, hands.omp.data() + end);
      return contenders[who - 1].body(t, layouts, hands.sums.data() + begin, hands.sums.data() + end, out.data());
    });
    race.print("pre-built 7-card hands:", static_cast<double>(args.n), 0);
    for (std::size_t i = 1; i < race.names.size(); ++i) ranges.add("pre-built", race, 0, i);
  }
  if (args.runs > 1) ranges.print(args.runs, "OMPEval");
  return wrong == 0 ? 0 : 1;
}
