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
// tests compare the kernels on every hand). four_wild makes the wild-card
// batch's keys (wild.cpp) the same way, with a bit test a card for wild ones.
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
    const __m256i key =
        _mm256_add_epi64(ranks_and_suits(rank, suit), _mm256_slli_epi64(_mm256_sad_epu8(non_card, zero), kPoisonShift));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(keys), key);
    if constexpr (CheckDuplicates) repeated |= repeats(cards);
  }

  /// The wild-card batch's keys (wild.cpp) of the four hands of K card bytes
  /// (0..51, 52 the joker) at `rows` into keys[0..3]: as four(), except that
  /// a card is wild where `call_wild` (bits 0..52 of each 64-bit lane: the
  /// same cards and the joker for every hand) holds it, or the hand's lane of
  /// `rank_wild` (a mask of ranks, bits 0..12) holds its rank. A wild card
  /// adds kWildCardKey (one to the wild count and to every suit's counter),
  /// a joker not wild one to the bug's count, a byte over 52 one to the
  /// poison count; the natural cards add their keys. The same sum, card by
  /// card, as the scalar key tables of wild.cpp (the C++ tests compare the
  /// batch with single hands).
  template <bool Ranks>
  [[gnu::always_inline]] __attribute__((target("avx2"))) static inline void four_wild(const std::uint8_t* rows,
                                                                                       __m256i rank_wild,
                                                                                       __m256i call_wild,
                                                                                       std::uint64_t* keys) noexcept {
    const __m256i cards = spread(rows);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i in_hand = _mm256_cmpeq_epi8(load(kSpare), zero);  // not a spare byte
    // Card bytes (not the spare ones), the joker, and bytes over 52.
    const __m256i real =
        _mm256_and_si256(in_hand, _mm256_cmpeq_epi8(_mm256_min_epu8(cards, _mm256_set1_epi8(kDeckSize - 1)), cards));
    const __m256i joker = _mm256_cmpeq_epi8(cards, _mm256_set1_epi8(kJoker));
    const __m256i non_card = _mm256_min_epu8(_mm256_subs_epu8(cards, _mm256_set1_epi8(kJoker)), _mm256_set1_epi8(1));
    // Wild by the call: bit card of call_wild.
    const __m256i by_call =
        bit_set(call_wild, _mm256_and_si256(_mm256_srli_epi16(cards, 3), _mm256_set1_epi8(0x0F)), cards);
    const __m256i rank = _mm256_and_si256(_mm256_srli_epi16(cards, 2), _mm256_set1_epi8(0x3F));
    __m256i wild = _mm256_and_si256(by_call, _mm256_or_si256(real, joker));
    if constexpr (Ranks) {
      // Wild by the hand's ranks: bit rank of its lane (at byte 0 or 8 of its half).
      const __m256i by_rank = bit_set(
          rank_wild, _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(rank, 3), _mm256_set1_epi8(1)), load(kLaneBase)),
          rank);
      wild = _mm256_or_si256(wild, _mm256_and_si256(by_rank, real));
    } else {
      (void)rank_wild;
    }
    const __m256i natural = _mm256_andnot_si256(wild, real);
    const __m256i one = _mm256_set1_epi8(1);
    // Table indices: a natural card's rank and suit; a wild card no rank
    // (bit 7 set: 0) and suit index 4 (one in each suit's counter); others none.
    const __m256i none = _mm256_set1_epi8(static_cast<char>(0x80));
    const __m256i rank_index = _mm256_or_si256(rank, _mm256_andnot_si256(natural, none));
    const __m256i suit_index = _mm256_or_si256(
        _mm256_or_si256(_mm256_and_si256(natural, _mm256_and_si256(cards, _mm256_set1_epi8(3))),
                        _mm256_and_si256(wild, _mm256_set1_epi8(4))),
        _mm256_andnot_si256(_mm256_or_si256(natural, wild), none));
    __m256i key = ranks_and_suits(rank_index, suit_index);
    key = _mm256_add_epi64(key, _mm256_slli_epi64(_mm256_sad_epu8(_mm256_and_si256(wild, one), zero), kWildCountShift));
    key = _mm256_add_epi64(
        key, _mm256_slli_epi64(_mm256_sad_epu8(_mm256_and_si256(_mm256_andnot_si256(wild, joker), one), zero), kBugShift));
    key = _mm256_add_epi64(key, _mm256_slli_epi64(_mm256_sad_epu8(non_card, zero), kPoisonShift));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(keys), key);
  }

  /// four_wild over rows [begin, end) of K cards while the reads stay before
  /// row `limit`: keys[i - begin] for row i, rank_wild[i] its mask of wild
  /// ranks (with Ranks). Returns the first row not done (the caller's scalar
  /// sums make the rest).
  template <bool Ranks>
  __attribute__((target("avx2"))) static std::size_t wild_rows(const std::uint8_t* cards, std::size_t begin,
                                                               std::size_t end, std::size_t limit,
                                                               const std::uint16_t* rank_wild, std::uint64_t call_wild,
                                                               std::uint64_t* keys) noexcept {
    const __m256i call = _mm256_set1_epi64x(static_cast<long long>(call_wild));
    std::size_t i = begin;
    for (; i + 4 <= end && (limit - i) * K >= kReadBytes; i += 4) {
      __m256i ranks = _mm256_setzero_si256();
      if constexpr (Ranks)
        ranks = _mm256_and_si256(_mm256_cvtepu16_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(rank_wild + i))),
                                 _mm256_set1_epi64x(0x1FFF));
      four_wild<Ranks>(cards + i * K, ranks, call, keys + (i - begin));
    }
    return i;
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
  // By suit index (4: a wild card, one in each suit): two suits' counters a table.
  static constexpr Bytes kSuitNibble[2] = {
      both_halves([](int s) { return s == 0 ? 0x01 : s == 1 ? 0x10 : s == 4 ? 0x11 : 0; }),
      both_halves([](int s) { return s == 2 ? 0x01 : s == 3 ? 0x10 : s == 4 ? 0x11 : 0; })};
  static constexpr Bytes kBitOf = both_halves([](int i) { return i < 8 ? 1 << i : 0; });
  static constexpr Bytes kLaneBase = both_halves([](int i) { return i < 8 ? 0 : 8; });  // a lane's first byte in its half
  static constexpr Bytes kRotate[3] = {
      both_halves([](int i) { return i % 8 < K ? (i / 8) * 8 + (i % 8 + 1) % K : 0x80; }),
      both_halves([](int i) { return i % 8 < K ? (i / 8) * 8 + (i % 8 + 2) % K : 0x80; }),
      both_halves([](int i) { return i % 8 < K ? (i / 8) * 8 + (i % 8 + 3) % K : 0x80; })};

  [[gnu::always_inline]] __attribute__((target("avx2"))) static inline __m256i load(const Bytes& x) noexcept {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(x.b));
  }
  // Per lane: kKeyInit plus the rank key and suit counters of the lane's
  // bytes, by rank and suit index (an index with bit 7 set adds nothing).
  [[gnu::always_inline]] __attribute__((target("avx2"))) static inline __m256i ranks_and_suits(__m256i rank,
                                                                                                __m256i suit) noexcept {
    __m256i key = _mm256_set1_epi64x(static_cast<long long>(kKeyInit));
    key = _mm256_add_epi64(key, lane_sum(kMultiplierByte[0], rank, 0));
    key = _mm256_add_epi64(key, lane_sum(kMultiplierByte[1], rank, 8));
    key = _mm256_add_epi64(key, lane_sum(kMultiplierByte[2], rank, 16));
    key = _mm256_add_epi64(key, lane_sum(kSuitNibble[0], suit, kSuitShift));
    return _mm256_add_epi64(key, lane_sum(kSuitNibble[1], suit, kSuitShift + 8));
  }
  // Per byte: 0xFF where bit (bit & 7) of byte `byte` (its half's) of mask is
  // set, else 0: a bit test of a mask of up to 128 bits, each half its own.
  [[gnu::always_inline]] __attribute__((target("avx2"))) static inline __m256i bit_set(__m256i mask, __m256i byte,
                                                                                        __m256i bit) noexcept {
    const __m256i want = _mm256_shuffle_epi8(load(kBitOf), _mm256_and_si256(bit, _mm256_set1_epi8(7)));
    return _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(mask, byte), want), want);
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
