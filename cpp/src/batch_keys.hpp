// How the batch kernels (evaluate.cpp, wild.cpp) read rows of cards on this
// CPU: the widest way to make keys (asked once, cpu_features.hpp; the portable
// build carries every kernel) and the duplicate checks. The vector checks live beside the
// keys they share a spread of the cards with (avx2_keys.hpp, avx512_keys.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "avx2_keys.hpp"  // SPLITPOT_AVX2_KEYS: x86-64 with GCC or Clang
#include "avx512_keys.hpp"
#include "cpu_features.hpp"  // CPUID and XGETBV
#include "splitpot/evaluate.hpp"  // BatchKeys
#include "splitpot/tables.hpp"

namespace splitpot::detail {

/// The widest way a batch can make keys on this CPU.
enum class KeysIsa : std::uint8_t { Scalar, Avx2, Avx512 };

inline KeysIsa widest_keys() noexcept {
#if SPLITPOT_AVX2_KEYS
  static const KeysIsa isa = [] {
    const CpuFeatures& cpu = cpu_features();
    return cpu.avx512f && cpu.avx512bw && cpu.avx512vbmi ? KeysIsa::Avx512
           : cpu.avx2                                    ? KeysIsa::Avx2
                                                         : KeysIsa::Scalar;
  }();
  return isa;
#else
  return KeysIsa::Scalar;
#endif
}

/// What a call asking for `keys` uses here (BatchKeys::Avx2: AVX2 at most).
inline KeysIsa keys_isa(BatchKeys keys) noexcept {
  const KeysIsa widest = widest_keys();
  switch (keys) {
    case BatchKeys::Scalar: return KeysIsa::Scalar;
    case BatchKeys::Avx2: return widest == KeysIsa::Avx512 ? KeysIsa::Avx2 : widest;
    default: return widest;
  }
}

/// Nonzero if the K cards at `row` repeat one (or hold a non-card byte, whose
/// bit is 0: the key flags those rows anyway). Distinct cards' bits add
/// without carries, so the sum of their bits equals their union, and a carry
/// (a repeated card) loses a bit. With a popcount instruction the sum alone
/// is enough; without, the union beside it is cheaper than a popcount in software.
template <int K>
SPLITPOT_ALWAYS_INLINE std::uint64_t row_repeats(const std::uint64_t* card_mask, const std::uint8_t* row) noexcept {
  std::uint64_t sum = 0;
#ifdef __POPCNT__
  for (int j = 0; j < K; ++j) sum += card_mask[row[j]];
  return static_cast<std::uint64_t>(bits::popcount64(sum) ^ K);
#else
  std::uint64_t any = 0;
  for (int j = 0; j < K; ++j) {
    const std::uint64_t bit = card_mask[row[j]];
    any |= bit, sum += bit;
  }
  return any ^ sum;
#endif
}

/// True if some row of [begin, end) (K cards each) repeats a card: as many
/// rows as fit checked four or eight at a time with `isa`, the rest card by card.
template <int K>
bool rows_repeat(const Tables& t, const std::uint8_t* cards, std::size_t begin, std::size_t end, KeysIsa isa) noexcept {
  unsigned repeated = 0;
  std::size_t i = begin;
#if SPLITPOT_AVX2_KEYS
  if (isa == KeysIsa::Avx512) i = Avx512Keys<K>::check_rows(cards, begin, end, repeated);
  else if (isa == KeysIsa::Avx2) i = Avx2Keys<K>::check_rows(cards, begin, end, repeated);
#else
  (void)isa;
#endif
  std::uint64_t differ = 0;
  for (; i < end; ++i) differ |= row_repeats<K>(t.card_mask.data(), cards + i * static_cast<std::size_t>(K));
  return repeated != 0 || differ != 0;
}

}  // namespace splitpot::detail
