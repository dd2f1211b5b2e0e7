// The Mersenne Twister (MT19937) exactly as CPython's random module runs it:
// seeded from an int by init_by_array over the int's 32-bit words, and
// getrandbits(k) (k <= 32) taking the top k bits of one output; shuffle() is
// random.shuffle's Fisher-Yates with random._randbelow's rejection, so a deck
// shuffled here is the deck random.Random(seed).shuffle() gives.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace splitpot {

class Twister {
 public:
  static constexpr std::uint32_t kN = 624;
  static constexpr std::uint32_t kM = 397;

  /// Not seeded: a state copied in from bytes a seeded one gave.
  Twister() = default;

  /// Seeded as random.Random(n) for n = the little-endian 32-bit words `key` (at least one).
  explicit Twister(const std::vector<std::uint32_t>& key) {
    mt_ = genrand_start();
    const std::size_t length = key.empty() ? 1 : key.size();
    std::size_t i = 1;
    std::size_t j = 0;
    for (std::size_t k = (kN > length ? kN : length); k > 0; --k) {
      const std::uint32_t word = key.empty() ? 0U : key[j];
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + word + static_cast<std::uint32_t>(j);
      ++i;
      ++j;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
      if (j >= length) j = 0;
    }
    for (std::size_t k = kN - 1; k > 0; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - static_cast<std::uint32_t>(i);
      ++i;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
    }
    mt_[0] = 0x80000000U;
  }

  /// One 32-bit output (CPython's genrand_uint32).
  std::uint32_t next() {
    if (index_ >= kN) twist();
    std::uint32_t y = mt_[index_];
    ++index_;
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
  }

  /// random.getrandbits(bits) for 1 <= bits <= 32.
  std::uint32_t bits(int width) { return next() >> (32 - width); }

  /// random.shuffle(cards): from the last position down, a uniform pick among
  /// the positions up to it (random._randbelow: top bits, rejecting too large).
  template <typename T>
  void shuffle(T* cards, std::size_t n) {
    for (std::size_t i = n > 0 ? n - 1 : 0; i > 0; --i) {
      const std::uint32_t below = static_cast<std::uint32_t>(i + 1);
      int width = 0;
      for (std::uint32_t v = below; v != 0; v >>= 1) ++width;
      std::uint32_t j = bits(width);
      while (j >= below) j = bits(width);
      const T kept = cards[i];
      cards[i] = cards[j];
      cards[j] = kept;
    }
  }

 private:
  // init_genrand(19650218), the start of every init_by_array: a table built once.
  static const std::array<std::uint32_t, kN>& genrand_start() {
    static const std::array<std::uint32_t, kN> start = [] {
      std::array<std::uint32_t, kN> mt{};
      mt[0] = 19650218U;
      for (std::size_t i = 1; i < kN; ++i) {
        mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
      }
      return mt;
    }();
    return start;
  }

  void twist() {
    std::size_t k = 0;
    for (; k < kN - kM; ++k) mt_[k] = mt_[k + kM] ^ mix(mt_[k], mt_[k + 1]);
    for (; k < kN - 1; ++k) mt_[k] = mt_[k + kM - kN] ^ mix(mt_[k], mt_[k + 1]);
    mt_[kN - 1] = mt_[kM - 1] ^ mix(mt_[kN - 1], mt_[0]);
    index_ = 0;
  }

  static std::uint32_t mix(std::uint32_t upper, std::uint32_t lower) {
    const std::uint32_t y = (upper & 0x80000000U) | (lower & 0x7fffffffU);
    return (y >> 1) ^ ((y & 1U) != 0 ? 0x9908b0dfU : 0U);
  }

  std::array<std::uint32_t, kN> mt_{};
  std::uint32_t index_ = kN;
};

static_assert(std::is_trivially_copyable_v<Twister>, "a Twister's state travels as bytes");

}  // namespace splitpot
