#include "splitpot/evaluate.hpp"

#include "batch_keys.hpp"  // the keys' instruction sets, avx2_keys.hpp, avx512_keys.hpp
#include "bug_rows.hpp"  // the joker rows of evaluate_batch_bug
#include "cpu_features.hpp"  // the vendor, for prefetch_hash_rows

#include <algorithm>
#include <cstring>
#include <thread>
#include <type_traits>
#include <vector>

namespace splitpot {

std::string card_text(int card) {
  static constexpr char kRankText[] = "23456789TJQKA";
  static constexpr char kSuitText[] = "cdhs";
  if (card == kJoker) return "Jk";
  if (card < 0 || card >= kDeckSize) return std::to_string(card);
  return std::string{kRankText[rank_of(card)], kSuitText[suit_of(card)]};
}

std::uint16_t evaluate_unchecked(const std::uint8_t* cards, int n, Ranking r) noexcept {
  const Tables& t = tables();
  return with_ranking(r, [&](auto R) { return evaluate_unchecked<R.value>(t, cards, n); });
}

void check_cards(const std::uint8_t* cards, int n, Ranking r) {
  if (n < min_cards(r) || n > kMaxCards) {
    throw CardError("expected " + std::to_string(min_cards(r)) + " to " + std::to_string(kMaxCards) +
                    " cards for this ranking, got " + std::to_string(n));
  }
  // Non-cards first, then repeats: a batch row with the joker is told so (and
  // read on the wild path) wherever a repeated card sits, checked or not.
  for (int i = 0; i < n; ++i) {
    const int c = cards[i];
    if (c == kJoker) throw CardError("the joker (Jk) needs a wild-card rule; this evaluation has none");
    if (c > kJoker) throw CardError("card " + std::to_string(c) + " is out of range (0..51, 52 = joker)");
  }
  std::uint64_t seen = 0;
  for (int i = 0; i < n; ++i) {
    const int c = cards[i];
    if (seen & card_bit(c)) throw CardError("duplicate card " + card_text(c));
    seen |= card_bit(c);
  }
}

std::uint16_t evaluate(const std::uint8_t* cards, int n, Ranking r) {
  check_cards(cards, n, r);
  return evaluate_unchecked(cards, n, r);
}

namespace {

using detail::KeysIsa;
using detail::keys_isa;

// How many hands ahead of its lookup a hand's key is made. The value and
// offsets tables are L2-sized and the keys of random hands land anywhere in
// them: making each key this far ahead and prefetching its perfect-hash row
// then lets those loads overlap the next hands' key sums instead of waiting
// at the end of the hand's own chain (key -> offsets -> value). On random
// seven-card hands, OMPEval timed in the same process (an experiment program
// like benchmarks/peers, both builds): 4 ahead ran 1.27-1.34x OMPEval's
// speed, 8 ahead 1.33-1.41x, 16 and 32 no more; the kernel before (four hands
// at a time, no prefetch) 1.18-1.24x; prefetching the value slot too, in a
// second stage, 1.14-1.24x; blocks of 8 or 16 hands (all keys, then all
// lookups) 1.10-1.21x.
// That prefetch is a loss on the Intel core of 2026-12-02 (a Xeon of family 6,
// model 167): in the AVX2 kernel, raced against OMPEval in one process
// (benchmarks/peers), the same loop without it ran about 10 % faster. The
// kernels are built both ways and evaluate_batch asks the CPU's vendor once
// (prefetch_hash_rows below).
constexpr std::size_t kKeysAhead = 8;

// What a batch kernel found: a row with a non-card byte (the joker included),
// a repeated card (checked calls). The joker is never a repeated card alone:
// its byte has a bit of its own (card_mask, the vector checks).
constexpr unsigned kNonCard = 1, kRepeated = 2;

// The strength of the hand of K cards at `row` given its key: the rank-only
// lookup (in bounds even for rare keys), replaced on the rare path (a flush
// where flushes count; 0 for a row with a non-card).
template <Ranking R, int K>
SPLITPOT_ALWAYS_INLINE std::uint32_t row_value(const Tables& t, const std::uint32_t* offsets,
                                                      const std::uint16_t* value, const std::uint8_t* row,
                                                      std::uint64_t key) noexcept {
  constexpr std::uint64_t rare =
      straights_and_flushes_count(R) ? kRareBits : (std::uint64_t{0xFF} << kPoisonShift);
  const auto rk = static_cast<std::uint32_t>(key);  // the low half is the rank key alone
  const std::uint16_t plain = value[hash_slot(offsets, rk)];
  if (key & rare) SPLITPOT_UNLIKELY {
    if (key >> kPoisonShift) return 0;
    // The row is read again, its ranks masked: the caller's array may have been written
    // by another thread since its key was made (a data race: no defined value, but no
    // read outside the tables).
    return detail::evaluate_flush<R, true>(t, key, row, K);
  }
  return plain;
}

// Evaluates hands [begin, end) into out; returns kNonCard if any row had a
// non-card byte (it reads 0), with kRepeated when checked and a row repeated a card. Each hand's key is made
// kKeysAhead hands before its lookup (see above); a hand with a flush (where
// flushes count) or a bad byte takes the rare path. Prefetch: each key's
// perfect-hash row is prefetched when the key is made.
template <Ranking R, int K, bool CheckDuplicates, bool Prefetch>
unsigned batch_kernel(const Tables& t, const std::uint8_t* cards, std::size_t begin, std::size_t end,
                  std::uint32_t* out) noexcept {
  // Raw pointers, hoisted: the stores to `out` must not make the compiler
  // reload them every hand.
  const std::uint64_t* card_key = t.card_key.data();
  const std::uint64_t* card_mask = t.card_mask.data();
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  std::uint64_t poison = 0;
  std::uint64_t repeated = 0;
  // The key of hand i (with Prefetch, its perfect-hash row prefetched).
  auto key_of = [&](std::size_t i) {
    const std::uint8_t* c = cards + i * K;
    std::uint64_t key = kKeyInit;
    for (int j = 0; j < K; ++j) key += card_key[c[j]];
    if constexpr (CheckDuplicates) repeated |= detail::row_repeats<K>(card_mask, c);
    poison |= key;
    // The row of the rank key, the key's low half (in the tables even for a
    // row of repeated cards; a prefetch never faults anyway).
    if constexpr (Prefetch) bits::prefetch(&offsets[static_cast<std::uint32_t>(key) >> kHashRowShift]);
    return key;
  };
  auto evaluate_row = [&](std::size_t i, std::uint64_t key) {
    return row_value<R, K>(t, offsets, value, cards + i * K, key);
  };
  // keys[i % kKeysAhead]: the key of hand i, made kKeysAhead hands before its
  // lookup. (Unrolled eight times to keep the keys in registers, the loop ran
  // out of registers and spilled: no faster.)
  std::uint64_t keys[kKeysAhead];
  for (std::size_t i = begin; i < std::min(end, begin + kKeysAhead); ++i) keys[i % kKeysAhead] = key_of(i);
  std::size_t i = begin;
  for (; i + kKeysAhead < end; ++i) {
    const std::uint64_t key = keys[i % kKeysAhead];
    keys[i % kKeysAhead] = key_of(i + kKeysAhead);
    out[i] = evaluate_row(i, key);
  }
  for (; i < end; ++i) out[i] = evaluate_row(i, keys[i % kKeysAhead]);
  return ((poison >> kPoisonShift) != 0 ? kNonCard : 0u) | (repeated != 0 ? kRepeated : 0u);
}

#if SPLITPOT_AVX2_KEYS
// The keys of the four hands of K cards at `rows` (Avx2Keys); with Prefetch,
// their rows prefetched.
template <int K, bool CheckDuplicates, bool Prefetch>
[[gnu::always_inline]] __attribute__((target("avx2"))) inline void make_four_keys(
    const std::uint8_t* rows, const std::uint32_t* offsets, std::uint64_t* keys, unsigned& repeated) noexcept {
  detail::Avx2Keys<K>::template four<CheckDuplicates>(rows, keys, repeated);
  if constexpr (Prefetch)
    for (int h = 0; h < 4; ++h) __builtin_prefetch(&offsets[static_cast<std::uint32_t>(keys[h]) >> kHashRowShift]);
}

// batch_kernel with the keys made four at a time with AVX2 (avx2_keys.hpp):
// groups of four hands, each group's keys made kKeysAhead hands before its
// lookups, as above; the last rows, where the 16-byte loads would read past
// the batch, by batch_kernel. On random seven-card hands 1.4-1.5x as fast as
// batch_kernel (benchmarks/peers, both builds).
template <Ranking R, int K, bool CheckDuplicates, bool Prefetch>
__attribute__((target("avx2"))) unsigned batch_kernel_avx2(const Tables& t, const std::uint8_t* cards, std::size_t begin,
                                                       std::size_t end, std::uint32_t* out) noexcept {
  constexpr std::size_t kGroup = 4, kGroupsAhead = kKeysAhead / kGroup, kRing = 4;
  static_assert(kGroupsAhead < kRing, "a group's keys are made while the groups before it wait");
  constexpr std::size_t reads = detail::Avx2Keys<K>::kReadBytes;
  const std::size_t hands = end - begin;
  // Groups whose reads stay inside rows [begin, end).
  const std::size_t groups =
      hands * K >= reads ? std::min(hands / kGroup, (hands * K - reads) / (kGroup * K) + 1) : 0;
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  const std::uint8_t* rows = cards + begin * K;
  std::uint64_t poison = 0;
  unsigned repeated = 0;
  // keys[g % kRing]: the keys of group g (hands begin + 4g ..).
  alignas(32) std::uint64_t keys[kRing][kGroup];
  for (std::size_t g = 0; g < std::min(groups, kGroupsAhead); ++g)
    make_four_keys<K, CheckDuplicates, Prefetch>(rows + g * kGroup * K, offsets, keys[g], repeated);
  for (std::size_t g = 0; g < groups; ++g) {
    if (g + kGroupsAhead < groups) {
      const std::size_t next = g + kGroupsAhead;
      make_four_keys<K, CheckDuplicates, Prefetch>(rows + next * kGroup * K, offsets, keys[next % kRing], repeated);
    }
    const std::uint64_t* k = keys[g % kRing];
    const std::size_t i = begin + g * kGroup;
    poison |= k[0] | k[1] | k[2] | k[3];
    for (std::size_t h = 0; h < kGroup; ++h) out[i + h] = row_value<R, K>(t, offsets, value, cards + (i + h) * K, k[h]);
  }
  const unsigned bad = ((poison >> kPoisonShift) != 0 ? kNonCard : 0u) | (repeated != 0 ? kRepeated : 0u);
  return batch_kernel<R, K, CheckDuplicates, Prefetch>(t, cards, begin + groups * kGroup, end, out) | bad;
}

// The keys of the eight hands of K cards at `rows` (Avx512Keys); with
// Prefetch, their rows prefetched.
template <int K, bool CheckDuplicates, bool Prefetch>
[[gnu::always_inline]] SPLITPOT_AVX512_TARGET inline void make_eight_keys(const std::uint8_t* rows,
                                                                          const std::uint32_t* offsets,
                                                                          std::uint64_t* keys,
                                                                          unsigned& repeated) noexcept {
  detail::Avx512Keys<K>::template eight<CheckDuplicates>(rows, keys, repeated);
  if constexpr (Prefetch)
    for (int h = 0; h < 8; ++h) __builtin_prefetch(&offsets[static_cast<std::uint32_t>(keys[h]) >> kHashRowShift]);
}

// The same with the keys made eight at a time with AVX-512 (avx512_keys.hpp),
// each group's two groups (16 hands) ahead of its lookups; the masked loads
// read no byte past the group, so only the last rows short of a group go to
// batch_kernel. On the Intel core of 2026-12-02, random seven-card hands, in
// an experiment program racing them in one process: 1.27-1.30x the AVX2
// kernel with its prefetch (8 ahead 1.22-1.25x, 32 ahead 1.28-1.29x); in
// benchmarks/peers, 1.13-1.25x the AVX2 kernel without it.
template <Ranking R, int K, bool CheckDuplicates, bool Prefetch>
SPLITPOT_AVX512_TARGET unsigned batch_kernel_avx512(const Tables& t, const std::uint8_t* cards, std::size_t begin,
                                                std::size_t end, std::uint32_t* out) noexcept {
  constexpr std::size_t kGroup = 8, kGroupsAhead = 2, kRing = 4;
  static_assert(kGroupsAhead < kRing, "a group's keys are made while the groups before it wait");
  const std::size_t groups = (end - begin) / kGroup;
  const std::uint32_t* offsets = t.offsets.data();
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  const std::uint8_t* rows = cards + begin * K;
  std::uint64_t poison = 0;
  unsigned repeated = 0;
  alignas(64) std::uint64_t keys[kRing][kGroup];  // keys[g % kRing]: the keys of group g
  for (std::size_t g = 0; g < std::min(groups, kGroupsAhead); ++g)
    make_eight_keys<K, CheckDuplicates, Prefetch>(rows + g * kGroup * K, offsets, keys[g], repeated);
  for (std::size_t g = 0; g < groups; ++g) {
    if (g + kGroupsAhead < groups) {
      const std::size_t next = g + kGroupsAhead;
      make_eight_keys<K, CheckDuplicates, Prefetch>(rows + next * kGroup * K, offsets, keys[next % kRing], repeated);
    }
    const std::uint64_t* k = keys[g % kRing];
    const std::size_t i = begin + g * kGroup;
    for (std::size_t h = 0; h < kGroup; ++h) {
      poison |= k[h];
      out[i + h] = row_value<R, K>(t, offsets, value, cards + (i + h) * K, k[h]);
    }
  }
  const unsigned bad = ((poison >> kPoisonShift) != 0 ? kNonCard : 0u) | (repeated != 0 ? kRepeated : 0u);
  return batch_kernel<R, K, CheckDuplicates, Prefetch>(t, cards, begin + groups * kGroup, end, out) | bad;
}
#endif

// True where the batch kernels prefetch each key's hash row: everywhere but on
// Intel's x86 cores (see kKeysAhead), asked once.
bool prefetch_hash_rows() noexcept {
  static const bool prefetch = !detail::cpu_features().intel;  // never Intel off x86-64
  return prefetch;
}

using Kernel = unsigned (*)(const Tables&, const std::uint8_t*, std::size_t, std::size_t, std::uint32_t*);

// One kernel of a family by the number of cards: pick(std::integral_constant<int, K>) for K = k.
template <typename Pick>
Kernel by_cards(int k, Pick pick) {
  switch (k) {
    case 5: return pick(std::integral_constant<int, 5>{});
    case 6: return pick(std::integral_constant<int, 6>{});
    default: return pick(std::integral_constant<int, 7>{});
  }
}

template <bool D, bool P>
Kernel kernel_for(Ranking r, int k, KeysIsa isa) {
  return with_ranking(r, [k, isa](auto R) -> Kernel {
    using RC = decltype(R);  // the ranking as a type: the kernels' lambdas capture nothing
#if SPLITPOT_AVX2_KEYS
    if (isa == KeysIsa::Avx512)
      return by_cards(k, [](auto K) -> Kernel { return &batch_kernel_avx512<RC::value, K.value, D, P>; });
    if (isa == KeysIsa::Avx2)
      return by_cards(k, [](auto K) -> Kernel { return &batch_kernel_avx2<RC::value, K.value, D, P>; });
#else
    (void)isa;
#endif
    return by_cards(k, [](auto K) -> Kernel { return &batch_kernel<RC::value, K.value, D, P>; });
  });
}

Kernel kernel_for(Ranking r, int k, KeysIsa isa, bool check_duplicates, bool prefetch) {
  if (check_duplicates) return prefetch ? kernel_for<true, true>(r, k, isa) : kernel_for<true, false>(r, k, isa);
  return prefetch ? kernel_for<false, true>(r, k, isa) : kernel_for<false, false>(r, k, isa);
}

}  // namespace

const char* batch_keys_used(BatchKeys keys) noexcept {
  switch (keys_isa(keys)) {
    case KeysIsa::Avx512: return "AVX-512";
    case KeysIsa::Avx2: return "AVX2";
    default: return "scalar";
  }
}

namespace {

// The joker rows of a natural batch, a group at a time: each row is copied
// (checked again: another thread may have written it since its key was made)
// and the group read by detail::evaluate_bug_rows (wild.cpp: the bug's steps
// in stages over the group), each row's value evaluate_wild_unchecked's with
// no options. (One row at a time, evaluate_wild_unchecked itself, these rows
// took about 20 ns each at five cards in high, 40 at seven: docs/performance.md.)
class BugGroup {
 public:
  static constexpr std::size_t kRows = 64;

  BugGroup(const std::uint8_t* cards, int k, Ranking r, std::uint32_t* out) noexcept
      : cards_(cards), k_(static_cast<std::size_t>(k)), r_(r), out_(out) {}
  BugGroup(const BugGroup&) = delete;  // (a copy would read the entries not yet written)
  BugGroup& operator=(const BugGroup&) = delete;

  // Row i, which may hold the joker; false if it holds a byte over 52. A
  // joker row joins the group (read when the group is full, or by finish()).
  bool add(std::size_t i) noexcept {
    std::uint8_t* copy = copies_ + n_ * k_;
    std::uint8_t top = 0;
    bool joker = false;
    for (std::size_t j = 0; j < k_; ++j) {
      copy[j] = cards_[i * k_ + j];
      top = std::max(top, copy[j]);
      joker |= copy[j] == kJoker;
    }
    if (top > kJoker) return false;
    if (!joker) return true;
    rows_[n_] = i;
    if (++n_ == kRows) finish();
    return true;
  }

  // Reads the rows of the group.
  void finish() noexcept {
    detail::evaluate_bug_rows(copies_, rows_, n_, static_cast<int>(k_), r_, out_);
    n_ = 0;
  }

 private:
  const std::uint8_t* cards_;
  std::size_t k_;
  Ranking r_;
  std::uint32_t* out_;
  std::size_t n_ = 0;
  // Not zeroed (about 1 KB a call): only the entries below n_ are read, each
  // written first (add() writes a row's k_ bytes, then reads them, before n_
  // counts it; evaluate_bug_rows reads rows and copies below its n).
  std::size_t rows_[kRows];
  std::uint8_t copies_[kRows * kMaxCards];
};

// The rows of [begin, end) holding the joker, after a kernel found non-card
// bytes and no repeated card: each is evaluated again with the joker as the
// bug (BugGroup). Returns true if a byte over 52 (a bad row) is there. A
// poisoned row reads 0, and in every ranking but eight-or-better no row of
// cards does: there the rows reading 0 are looked at (noted without a branch,
// one store and one add a row: a branch a row mispredicted at each joker). In
// eight-or-better most rows read 0 (no qualifying low), and the joker's bytes
// are found with memchr instead (vector code in the C library), beside one
// pass for a byte over 52. (On 5-card rows of the 53-card deck, memchr
// everywhere ran 0.85-0.9 times as fast in high and ace-to-five; the rows
// reading 0 in eight-or-better, on 7-card rows about 0.65 times.)
bool bug_rows(const std::uint8_t* cards, std::size_t begin, std::size_t end, int k, Ranking r,
              std::uint32_t* out) noexcept {
  const auto ku = static_cast<std::size_t>(k);
  BugGroup group(cards, k, r, out);
  if (r != Ranking::EightOrBetter) {
    // The rows reading 0 noted (which rows hold the joker is random), then
    // looked at 64 at a time.
    constexpr std::size_t kNoted = 64;
    std::size_t noted[kNoted];
    std::size_t count = 0;
    bool bad = false;
    for (std::size_t i = begin; i < end; ++i) {
      noted[count] = i;
      count += out[i] == 0;
      if (count == kNoted) SPLITPOT_UNLIKELY {
        for (const std::size_t row : noted) bad |= !group.add(row);
        count = 0;
      }
    }
    for (std::size_t c = 0; c < count; ++c) bad |= !group.add(noted[c]);
    group.finish();
    return bad;
  }
  const std::uint8_t* first = cards + begin * ku;
  const std::size_t bytes = (end - begin) * ku;
  std::uint8_t worst = 0;
  for (std::size_t i = 0; i < bytes; ++i) worst = std::max(worst, first[i]);  // (vectorized)
  for (std::size_t at = 0; at < bytes;) {
    const void* hit = std::memchr(first + at, kJoker, bytes - at);
    if (hit == nullptr) break;
    const std::size_t row = static_cast<std::size_t>(static_cast<const std::uint8_t*>(hit) - first) / ku;
    group.add(begin + row);
    at = (row + 1) * ku;
  }
  group.finish();
  return worst > kJoker;
}

std::ptrdiff_t batch(const std::uint8_t* cards, std::size_t rows, int k, Ranking r, std::uint32_t* out,
                     bool check_duplicates, int threads, BatchKeys keys, bool bug) {
  if (k < 5 || k > kMaxCards) throw CardError("batch rows must hold 5 to 7 cards, got " + std::to_string(k));
  const Tables& t = tables();
  const Kernel kernel = kernel_for(r, k, keys_isa(keys), check_duplicates, prefetch_hash_rows());
  // One part of the rows: the natural pass, then (with the bug, no repeated
  // card) the joker rows it left at 0.
  auto part = [&](std::size_t begin, std::size_t end) -> unsigned {
    const unsigned found = kernel(t, cards, begin, end, out);
    if (bug && found == kNonCard) return bug_rows(cards, begin, end, k, r, out) ? kNonCard : 0u;
    return found;
  };
  constexpr std::size_t kMinRowsPerThread = 1 << 16;
  const std::size_t parts =
      std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)),
                                                      rows / kMinRowsPerThread));
  bool bad = false;
  if (parts == 1) {
    bad = part(0, rows) != 0;
  } else {
    std::vector<unsigned> part_found(parts, 0);
    std::vector<std::thread> pool;
    for (std::size_t p = 0; p < parts; ++p) {
      const std::size_t begin = rows * p / parts, end = rows * (p + 1) / parts;
      pool.emplace_back([&, p, begin, end] { part_found[p] = part(begin, end); });
    }
    for (auto& th : pool) th.join();
    bad = std::any_of(part_found.begin(), part_found.end(), [](unsigned f) { return f != 0; });
  }
  if (!bad) return -1;
  // The error path: find the first bad row, slowly (with the bug, the joker is a card).
  const int last_card = bug ? kJoker : kDeckSize - 1;
  for (std::size_t i = 0; i < rows; ++i) {
    const std::uint8_t* row = cards + i * static_cast<std::size_t>(k);
    std::uint64_t seen = 0;
    for (int j = 0; j < k; ++j) {
      if (row[j] > last_card || (check_duplicates && (seen & card_bit(row[j])))) return static_cast<std::ptrdiff_t>(i);
      seen |= card_bit(row[j]);
    }
  }
  return -1;
}

}  // namespace

std::ptrdiff_t evaluate_batch(const std::uint8_t* cards, std::size_t rows, int k, Ranking r, std::uint32_t* out,
                              bool check_duplicates, int threads, BatchKeys keys) {
  return batch(cards, rows, k, r, out, check_duplicates, threads, keys, false);
}

std::ptrdiff_t evaluate_batch_bug(const std::uint8_t* cards, std::size_t rows, int k, Ranking r, std::uint32_t* out,
                                  bool check_duplicates, int threads, BatchKeys keys) {
  return batch(cards, rows, k, r, out, check_duplicates, threads, keys, true);
}

}  // namespace splitpot
