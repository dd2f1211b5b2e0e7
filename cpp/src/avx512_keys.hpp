// The keys of eight hands at once with AVX-512 (F, BW and VBMI: Ice Lake and
// later Intel cores, Zen 4 and later), for the batch kernel (evaluate.cpp).
// The same sums as avx2_keys.hpp, which explains the key's parts, over twice
// the hands: each hand's K card bytes go to one 64-bit lane of a 512-bit
// register (a masked load of the eight rows' 8K bytes, spread by one byte
// permute), and vpsadbw sums each part over the lane. The masked load reads
// the eight rows and nothing past them, so every whole group of eight rows
// can take this path. Only functions marked with kTarget use AVX-512;
// evaluate_batch asks the CPU once.
#pragma once

#include <cstddef>
#include <cstdint>

#include "avx2_keys.hpp"  // SPLITPOT_AVX2_KEYS: x86-64 with GCC or Clang, <immintrin.h>
#include "splitpot/tables.hpp"

#if SPLITPOT_AVX2_KEYS
#define SPLITPOT_AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi")))
namespace splitpot::detail {

template <int K>
class Avx512Keys {
 public:
  /// The keys of the eight hands of K cards at `rows` into keys[0..7]; with
  /// CheckDuplicates, a hand with a repeated byte sets `repeated` nonzero.
  template <bool CheckDuplicates>
  [[gnu::always_inline]] SPLITPOT_AVX512_TARGET static inline void eight(const std::uint8_t* rows,
                                                                          std::uint64_t* keys,
                                                                          unsigned& repeated) noexcept {
    const __m512i cards = spread(rows);
    // Indices for the 16-entry tables; the spare bytes read 0 (bit 7 set).
    const __m512i spare = _mm512_movm_epi8(kSpare);
    const __m512i rank = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi16(cards, 2), _mm512_set1_epi8(0x3F)), spare);
    const __m512i suit = _mm512_or_si512(_mm512_and_si512(cards, _mm512_set1_epi8(3)), spare);
    const __m512i non_card = _mm512_min_epu8(_mm512_subs_epu8(cards, _mm512_set1_epi8(kDeckSize - 1)),
                                             _mm512_set1_epi8(1));
    __m512i key = _mm512_set1_epi64(static_cast<long long>(kKeyInit));
    key = _mm512_add_epi64(key, lane_sum(kMultiplierByte[0], rank, 0));
    key = _mm512_add_epi64(key, lane_sum(kMultiplierByte[1], rank, 8));
    key = _mm512_add_epi64(key, lane_sum(kMultiplierByte[2], rank, 16));
    key = _mm512_add_epi64(key, lane_sum(kSuitNibble[0], suit, kSuitShift));
    key = _mm512_add_epi64(key, lane_sum(kSuitNibble[1], suit, kSuitShift + 8));
    key = _mm512_add_epi64(key, shift_left(_mm512_sad_epu8(non_card, _mm512_setzero_si512()), kPoisonShift));
    _mm512_storeu_si512(keys, key);
    if constexpr (CheckDuplicates) repeated |= repeats(cards);
  }

  /// The duplicate check alone, for rows [begin, end) of K cards, eight rows
  /// at a time (the masked load reads nothing past them); a hand with a
  /// repeated byte sets `repeated` nonzero. Returns the first row left
  /// unchecked (fewer than eight, for the caller's scalar check).
  SPLITPOT_AVX512_TARGET static std::size_t check_rows(const std::uint8_t* cards, std::size_t begin, std::size_t end,
                                                       unsigned& repeated) noexcept {
    std::size_t i = begin;
    for (; end - i >= 8; i += 8) repeated |= repeats(spread(cards + i * K));
    return i;
  }

 private:
  // Lane h = hand h's cards, then zeros (spare bytes).
  [[gnu::always_inline]] SPLITPOT_AVX512_TARGET static inline __m512i spread(const std::uint8_t* rows) noexcept {
    const __m512i packed = _mm512_maskz_loadu_epi8((std::uint64_t{1} << (8 * K)) - 1, rows);
    return _mm512_maskz_permutexvar_epi8(~kSpare, load(kSpread), packed);
  }
  // Nonzero if a hand repeats a byte: each card against the cards 1 .. K/2
  // places further round its hand (every pair meets once); spare bytes don't count.
  [[gnu::always_inline]] SPLITPOT_AVX512_TARGET static inline unsigned repeats(__m512i cards) noexcept {
    __mmask64 same = 0;
    for (int r = 1; r <= K / 2; ++r)
      same |= _mm512_cmpeq_epi8_mask(cards, _mm512_shuffle_epi8(cards, load(kRotate[r - 1])));
    return static_cast<unsigned>((same & ~kSpare) != 0);
  }

  struct alignas(64) Bytes {
    std::uint8_t b[64];
  };
  // A 512-bit constant: byte i (0..63) = f(i).
  template <typename F>
  static constexpr Bytes bytes(F f) {
    Bytes out{};
    for (int i = 0; i < 64; ++i) out.b[i] = static_cast<std::uint8_t>(f(i));
    return out;
  }
  // The bytes of the lanes past each hand's K cards.
  static constexpr std::uint64_t kSpare = [] {
    std::uint64_t m = 0;
    for (int i = 0; i < 64; ++i)
      if (i % 8 >= K) m |= std::uint64_t{1} << i;
    return m;
  }();
  static constexpr Bytes kSpread =  // lane byte j of hand h = row byte h * K + j
      bytes([](int i) { return i % 8 < K ? (i / 8) * K + i % 8 : 0; });
  // 16-entry tables for vpshufb, the same in each 128-bit quarter.
  static constexpr Bytes kMultiplierByte[3] = {
      bytes([](int i) { return i % 16 < kRanks ? kRankMultiplier[static_cast<std::size_t>(i % 16)] & 0xFF : 0; }),
      bytes([](int i) { return i % 16 < kRanks ? kRankMultiplier[static_cast<std::size_t>(i % 16)] >> 8 & 0xFF : 0; }),
      bytes([](int i) { return i % 16 < kRanks ? kRankMultiplier[static_cast<std::size_t>(i % 16)] >> 16 : 0; })};
  static constexpr Bytes kSuitNibble[2] = {bytes([](int i) { return i % 16 == 0 ? 0x01 : i % 16 == 1 ? 0x10 : 0; }),
                                           bytes([](int i) { return i % 16 == 2 ? 0x01 : i % 16 == 3 ? 0x10 : 0; })};
  // Within each 128-bit quarter (two lanes): byte j of a lane -> byte (j + r) % K of the same lane.
  static constexpr Bytes kRotate[3] = {
      bytes([](int i) { return i % 8 < K ? (i % 16 / 8) * 8 + (i % 8 + 1) % K : 0x80; }),
      bytes([](int i) { return i % 8 < K ? (i % 16 / 8) * 8 + (i % 8 + 2) % K : 0x80; }),
      bytes([](int i) { return i % 8 < K ? (i % 16 / 8) * 8 + (i % 8 + 3) % K : 0x80; })};

  [[gnu::always_inline]] SPLITPOT_AVX512_TARGET static inline __m512i load(const Bytes& x) noexcept {
    return _mm512_load_si512(x.b);
  }
  // Per lane: the sum of table[index] over the lane's bytes, shifted left.
  [[gnu::always_inline]] SPLITPOT_AVX512_TARGET static inline __m512i lane_sum(const Bytes& table, __m512i index,
                                                                                int shift) noexcept {
    return shift_left(_mm512_sad_epu8(_mm512_shuffle_epi8(load(table), index), _mm512_setzero_si512()), shift);
  }
  // Each 64-bit lane shifted left. The zero-masked form: GCC 12's plain
  // _mm512_slli_epi64 merges into an undefined vector, which
  // -Wmaybe-uninitialized reports (GCC bug 105593).
  [[gnu::always_inline]] SPLITPOT_AVX512_TARGET static inline __m512i shift_left(__m512i x, int shift) noexcept {
    return _mm512_maskz_slli_epi64(0xFF, x, static_cast<unsigned>(shift));
  }
};

}  // namespace splitpot::detail
#endif
