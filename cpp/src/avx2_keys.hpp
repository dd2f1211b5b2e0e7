// The keys of four hands at once with AVX2, for the batch kernel
// (evaluate.cpp). Only the functions marked target("avx2") use AVX2, so the
// portable build carries this code and runs it where the CPU has AVX2
// (evaluate_batch asks the CPU once).
//
// A hand's key (tables.hpp) is the sum of its cards' keys: the rank key (the
// sum of kRankMultiplier[rank]), four 4-bit suit counters and the count of
// non-card bytes. Here each hand's K card bytes go to one 64-bit lane (four
// hands in a 256-bit register, the lane's other bytes zero), and every part of
// the key is a sum over the lane's bytes, which one instruction (vpsadbw)
// takes for all four hands:
//   rank key   the multipliers are below 2^24: their low, middle and high bytes
//              are three 16-entry tables looked up by rank (vpshufb), summed
//              apart and put together (sum0 + sum1 << 8 + sum2 << 16);
//   suits      a byte per card: 0x01 for clubs or 0x10 for diamonds in one
//              sum, the same for hearts and spades in another: each sum holds
//              two counters as nibbles (at most seven cards, no carry);
//   non-cards  bytes over 51 count one each.
// A row with a non-card gets a key whose poison count is right and whose other
// fields are garbage that stays inside the tables (at most seven multipliers,
// suit counters at most 3 + 7): the kernel answers 0 for it without reading
// the rest. For every row of cards the key equals the scalar sum (the C++
// tests compare the kernels on every hand).
#pragma once

#include <cstddef>
#include <cstdint>

#include "splitpot/tables.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SPLITPOT_AVX2_KEYS 1
#include <immintrin.h>
#else
#define SPLITPOT_AVX2_KEYS 0
#endif

#if SPLITPOT_AVX2_KEYS
namespace splitpot::detail {

template <int K>
class Avx2Keys {
 public:
  /// Bytes read from the first hand's row: two 16-byte loads, the second
  /// at the third hand (more than the four rows' 4K bytes).
  static constexpr std::size_t kReadBytes = 2 * K + 16;

  /// The keys of the four hands of K cards at `rows` into keys[0..3]; with
  /// CheckDuplicates, a hand with a repeated byte sets `repeated` nonzero.
  template <bool CheckDuplicates>
  [[gnu::always_inline]] __attribute__((target("avx2"))) static inline void four(const std::uint8_t* rows,
                                                                                  std::uint64_t* keys,
                                                                                  unsigned& repeated) noexcept {
    const __m256i cards = spread(rows);
    const __m256i zero = _mm256_setzero_si256();
    // Indices for the 16-entry tables; the lane's spare bytes read 0 (bit 7 set).
    const __m256i spare = load(kSpare);
    const __m256i rank = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(cards, 2), _mm256_set1_epi8(0x3F)), spare);
    const __m256i suit = _mm256_or_si256(_mm256_and_si256(cards, _mm256_set1_epi8(3)), spare);
    const __m256i non_card = _mm256_min_epu8(_mm256_subs_epu8(cards, _mm256_set1_epi8(kDeckSize - 1)),
                                             _mm256_set1_epi8(1));
    __m256i key = _mm256_set1_epi64x(static_cast<long long>(kKeyInit));
    key = _mm256_add_epi64(key, lane_sum(kMultiplierByte[0], rank, 0));
    key = _mm256_add_epi64(key, lane_sum(kMultiplierByte[1], rank, 8));
    key = _mm256_add_epi64(key, lane_sum(kMultiplierByte[2], rank, 16));
    key = _mm256_add_epi64(key, lane_sum(kSuitNibble[0], suit, kSuitShift));
    key = _mm256_add_epi64(key, lane_sum(kSuitNibble[1], suit, kSuitShift + 8));
    key = _mm256_add_epi64(key, _mm256_slli_epi64(_mm256_sad_epu8(non_card, zero), kPoisonShift));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(keys), key);
    if constexpr (CheckDuplicates) repeated |= repeats(cards);
  }

  /// The duplicate check alone, for rows [begin, end) of K cards: four rows
  /// at a time while kReadBytes stay inside the rows; a hand with a repeated
  /// byte sets `repeated` nonzero. Returns the first row left unchecked (at
  /// most a few at the end, for the caller's scalar check).
  __attribute__((target("avx2"))) static std::size_t check_rows(const std::uint8_t* cards, std::size_t begin,
                                                                std::size_t end, unsigned& repeated) noexcept {
    std::size_t i = begin;
    for (; (end - i) * K >= kReadBytes; i += 4) repeated |= repeats(spread(cards + i * K));
    return i;
  }

 private:
  // Lane h = hand h's cards, then zeros.
  [[gnu::always_inline]] __attribute__((target("avx2"))) static inline __m256i spread(const std::uint8_t* rows) noexcept {
    const __m128i first = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows));
    const __m128i third = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows + 2 * K));
    return _mm256_shuffle_epi8(_mm256_inserti128_si256(_mm256_castsi128_si256(first), third, 1), load(kSpread));
  }
  // Nonzero if a hand repeats a byte: each card against the cards 1 .. K/2
  // places further round its hand (every pair meets once); spare bytes don't count.
  [[gnu::always_inline]] __attribute__((target("avx2"))) static inline unsigned repeats(__m256i cards) noexcept {
    __m256i same = _mm256_setzero_si256();
    for (int r = 1; r <= K / 2; ++r)
      same = _mm256_or_si256(same, _mm256_cmpeq_epi8(cards, _mm256_shuffle_epi8(cards, load(kRotate[r - 1]))));
    return static_cast<unsigned>(_mm256_movemask_epi8(_mm256_andnot_si256(load(kSpare), same)));
  }

  struct alignas(32) Bytes {
    std::uint8_t b[32];
  };
  // A 256-bit constant, the same in both 128-bit halves: byte i (0..15) = f(i).
  template <typename F>
  static constexpr Bytes both_halves(F f) {
    Bytes out{};
    for (int i = 0; i < 16; ++i) out.b[i] = out.b[16 + i] = static_cast<std::uint8_t>(f(i));
    return out;
  }
  static constexpr Bytes kSpread =  // lane byte j of hand h (0, 1 in each half) = row byte h * K + j
      both_halves([](int i) { return i % 8 < K ? (i / 8) * K + i % 8 : 0x80; });
  static constexpr Bytes kSpare = both_halves([](int i) { return i % 8 < K ? 0 : 0x80; });
  static constexpr Bytes kMultiplierByte[3] = {
      both_halves([](int r) { return r < kRanks ? kRankMultiplier[static_cast<std::size_t>(r)] & 0xFF : 0; }),
      both_halves([](int r) { return r < kRanks ? kRankMultiplier[static_cast<std::size_t>(r)] >> 8 & 0xFF : 0; }),
      both_halves([](int r) { return r < kRanks ? kRankMultiplier[static_cast<std::size_t>(r)] >> 16 : 0; })};
  static constexpr Bytes kSuitNibble[2] = {both_halves([](int s) { return s == 0 ? 0x01 : s == 1 ? 0x10 : 0; }),
                                           both_halves([](int s) { return s == 2 ? 0x01 : s == 3 ? 0x10 : 0; })};
  static constexpr Bytes kRotate[3] = {
      both_halves([](int i) { return i % 8 < K ? (i / 8) * 8 + (i % 8 + 1) % K : 0x80; }),
      both_halves([](int i) { return i % 8 < K ? (i / 8) * 8 + (i % 8 + 2) % K : 0x80; }),
      both_halves([](int i) { return i % 8 < K ? (i / 8) * 8 + (i % 8 + 3) % K : 0x80; })};

  [[gnu::always_inline]] __attribute__((target("avx2"))) static inline __m256i load(const Bytes& x) noexcept {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(x.b));
  }
  // Per lane: the sum of table[index] over the lane's bytes, shifted left.
  [[gnu::always_inline]] __attribute__((target("avx2"))) static inline __m256i lane_sum(const Bytes& table,
                                                                                         __m256i index,
                                                                                         int shift) noexcept {
    return _mm256_slli_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(load(table), index), _mm256_setzero_si256()), shift);
  }
};

}  // namespace splitpot::detail
#endif
