#include "splitpot/evaluate.hpp"

#include <algorithm>
#include <thread>
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
  switch (r) {
    case Ranking::High: return evaluate_unchecked<Ranking::High>(t, cards, n);
    case Ranking::DeuceToSeven: return evaluate_unchecked<Ranking::DeuceToSeven>(t, cards, n);
    case Ranking::AceToSix: return evaluate_unchecked<Ranking::AceToSix>(t, cards, n);
    case Ranking::AceToFive: return evaluate_unchecked<Ranking::AceToFive>(t, cards, n);
    case Ranking::EightOrBetter: return evaluate_unchecked<Ranking::EightOrBetter>(t, cards, n);
  }
  return 0;
}

void check_cards(const std::uint8_t* cards, int n, Ranking r) {
  if (n < min_cards(r) || n > kMaxCards) {
    throw CardError("expected " + std::to_string(min_cards(r)) + " to " + std::to_string(kMaxCards) +
                    " cards for this ranking, got " + std::to_string(n));
  }
  std::uint64_t seen = 0;
  for (int i = 0; i < n; ++i) {
    const int c = cards[i];
    if (c == kJoker) throw CardError("the joker (Jk) needs a wild-card rule; this evaluation has none");
    if (c > kJoker) throw CardError("card " + std::to_string(c) + " is out of range (0..51, 52 = joker)");
    if (seen & card_bit(c)) throw CardError("duplicate card " + card_text(c));
    seen |= card_bit(c);
  }
}

std::uint16_t evaluate(const std::uint8_t* cards, int n, Ranking r) {
  check_cards(cards, n, r);
  return evaluate_unchecked(cards, n, r);
}

namespace {

template <Ranking R, int K, bool CheckDuplicates>
std::ptrdiff_t batch_kernel(const Tables& t, const std::uint8_t* cards, std::size_t begin, std::size_t end,
                            std::uint32_t* out) noexcept {
  constexpr std::uint64_t rare =
      straights_and_flushes_count(R) ? kRareBits : (std::uint64_t{0xFF} << kPoisonShift);
  const std::uint16_t* value = t.value[static_cast<std::size_t>(R)].data();
  std::ptrdiff_t bad = -1;
  for (std::size_t i = begin; i < end; ++i) {
    const std::uint8_t* c = cards + i * K;
    std::uint64_t key = kKeyInit;
    for (int j = 0; j < K; ++j) key += t.card_key[c[j]];
    bool ok = true;
    if constexpr (CheckDuplicates) {
      std::uint64_t seen = 0;
      for (int j = 0; j < K; ++j) seen |= card_bit(c[j] & 63);
      ok = __builtin_popcountll(seen) == K;
    }
    std::uint16_t v;
    if (key & rare) [[unlikely]] {
      if (key >> kPoisonShift) {
        ok = false;
        v = 0;
      } else {
        v = detail::evaluate_flush<R>(t, key, c, K);
      }
    } else {
      v = value[t.slot(key)];
    }
    if (!ok && bad < 0) bad = static_cast<std::ptrdiff_t>(i);
    out[i] = v;
  }
  return bad;
}

using Kernel = std::ptrdiff_t (*)(const Tables&, const std::uint8_t*, std::size_t, std::size_t, std::uint32_t*);

template <Ranking R, bool D>
Kernel kernel_for_k(int k) {
  switch (k) {
    case 5: return &batch_kernel<R, 5, D>;
    case 6: return &batch_kernel<R, 6, D>;
    default: return &batch_kernel<R, 7, D>;
  }
}

template <bool D>
Kernel kernel_for(Ranking r, int k) {
  switch (r) {
    case Ranking::High: return kernel_for_k<Ranking::High, D>(k);
    case Ranking::DeuceToSeven: return kernel_for_k<Ranking::DeuceToSeven, D>(k);
    case Ranking::AceToSix: return kernel_for_k<Ranking::AceToSix, D>(k);
    case Ranking::AceToFive: return kernel_for_k<Ranking::AceToFive, D>(k);
    case Ranking::EightOrBetter: return kernel_for_k<Ranking::EightOrBetter, D>(k);
  }
  return nullptr;
}

}  // namespace

std::ptrdiff_t evaluate_batch(const std::uint8_t* cards, std::size_t rows, int k, Ranking r, std::uint32_t* out,
                              bool check_duplicates, int threads) {
  if (k < 5 || k > kMaxCards) throw CardError("batch rows must hold 5 to 7 cards, got " + std::to_string(k));
  const Tables& t = tables();
  const Kernel kernel = check_duplicates ? kernel_for<true>(r, k) : kernel_for<false>(r, k);
  constexpr std::size_t kMinRowsPerThread = 1 << 16;
  const std::size_t parts =
      std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)),
                                                      rows / kMinRowsPerThread));
  if (parts == 1) return kernel(t, cards, 0, rows, out);
  std::vector<std::ptrdiff_t> bad(parts, -1);
  std::vector<std::thread> pool;
  for (std::size_t p = 0; p < parts; ++p) {
    const std::size_t begin = rows * p / parts, end = rows * (p + 1) / parts;
    pool.emplace_back([&, p, begin, end] { bad[p] = kernel(t, cards, begin, end, out); });
  }
  for (auto& th : pool) th.join();
  for (const std::ptrdiff_t b : bad)
    if (b >= 0) return b;
  return -1;
}

}  // namespace splitpot
