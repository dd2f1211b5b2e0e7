// Bit operations and the compiler-specific spellings the core uses, in one
// place: GCC and Clang (clang-cl too) get their builtins, which compile to the
// instructions the core was written against (each wrapper inlines to the
// builtin alone); MSVC gets <intrin.h>; any other compiler (or a build with
// SPLITPOT_PORTABLE_BITS defined, which the tests use to check this branch)
// gets plain C++17.
#pragma once

#include <cstdint>

#if defined(_MSC_VER) && !defined(__clang__) && !defined(SPLITPOT_PORTABLE_BITS)
#include <intrin.h>  // _BitScanForward64, _BitScanReverse64, _umul128
#if defined(_M_X64) || defined(_M_IX86)
#include <xmmintrin.h>  // _mm_prefetch
#endif
#endif

// SPLITPOT_LIKELY / SPLITPOT_UNLIKELY: C++20's [[likely]] and [[unlikely]] on
// a branch of the core's C++17 code. GCC takes them in C++17 as they are;
// Clang (Apple's and clang-cl too) takes them too but warns on each use
// (-Wc++20-attribute-extensions), so there the warning is silenced around
// the attribute alone; where the attribute is unknown, nothing.
#if defined(__clang__) && __cplusplus < 202002L
#define SPLITPOT_CLANG_CXX20_ATTRIBUTE_(attribute)                         \
  _Pragma("clang diagnostic push")                                       \
  _Pragma("clang diagnostic ignored \"-Wunknown-warning-option\"")       \
  _Pragma("clang diagnostic ignored \"-Wunknown-attributes\"")           \
  _Pragma("clang diagnostic ignored \"-Wc++20-attribute-extensions\"")   \
  [[attribute]] _Pragma("clang diagnostic pop")
#define SPLITPOT_LIKELY SPLITPOT_CLANG_CXX20_ATTRIBUTE_(likely)
#define SPLITPOT_UNLIKELY SPLITPOT_CLANG_CXX20_ATTRIBUTE_(unlikely)
#elif defined(__GNUC__) || (defined(_MSVC_LANG) && _MSVC_LANG >= 202002L) || __cplusplus >= 202002L
#define SPLITPOT_LIKELY [[likely]]
#define SPLITPOT_UNLIKELY [[unlikely]]
#else
#define SPLITPOT_LIKELY
#define SPLITPOT_UNLIKELY
#endif

// Function attributes: GCC's and Clang's, MSVC's __forceinline and
// __declspec(noinline); nothing elsewhere. SPLITPOT_ALWAYS_INLINE includes
// `inline` (MSVC warns on __forceinline inline).
#if defined(__GNUC__) || defined(__clang__)
#define SPLITPOT_ALWAYS_INLINE [[gnu::always_inline]] inline
#define SPLITPOT_NOINLINE [[gnu::noinline]]
#define SPLITPOT_COLD_PURE_NOINLINE [[gnu::noinline, gnu::cold, gnu::pure]]
#define SPLITPOT_FLATTEN [[gnu::flatten]]
#define SPLITPOT_NOINLINE_LAMBDA __attribute__((noinline))  // after a lambda's parameters
#define SPLITPOT_UNROLL(n) _Pragma(SPLITPOT_STRINGIFY_(GCC unroll n))
#define SPLITPOT_STRINGIFY_(x) #x
#elif defined(_MSC_VER)
#define SPLITPOT_ALWAYS_INLINE __forceinline
#define SPLITPOT_NOINLINE __declspec(noinline)
#define SPLITPOT_COLD_PURE_NOINLINE __declspec(noinline)
#define SPLITPOT_FLATTEN
#define SPLITPOT_NOINLINE_LAMBDA
#define SPLITPOT_UNROLL(n)
#else
#define SPLITPOT_ALWAYS_INLINE inline
#define SPLITPOT_NOINLINE
#define SPLITPOT_COLD_PURE_NOINLINE
#define SPLITPOT_FLATTEN
#define SPLITPOT_NOINLINE_LAMBDA
#define SPLITPOT_UNROLL(n)
#endif

namespace splitpot::bits {

/// Plain C++17 versions, for compilers without the builtins (and constant
/// evaluation under MSVC); the tests compare them with the builtins.
namespace portable {

/// Bits set in x (SWAR: a few instructions, no table).
constexpr int popcount64(std::uint64_t x) noexcept {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

/// The positions of the de Bruijn sequence's 6-bit windows (for ctz64).
struct DeBruijn {
  static constexpr std::uint64_t kSequence = 0x03F79D71B4CB0A89ull;
  std::uint8_t index[64]{};
  constexpr DeBruijn() {
    for (int i = 0; i < 64; ++i) index[(kSequence << i) >> 58] = static_cast<std::uint8_t>(i);
  }
};
constexpr DeBruijn kDeBruijn{};

/// Trailing zero bits of x, x nonzero: the lowest bit's position read from a
/// multiply by a de Bruijn sequence.
constexpr int ctz64(std::uint64_t x) noexcept {
  return kDeBruijn.index[((x & (~x + 1)) * DeBruijn::kSequence) >> 58];
}

/// Leading zero bits of x, x nonzero.
constexpr int clz64(std::uint64_t x) noexcept {
  x |= x >> 1;
  x |= x >> 2;
  x |= x >> 4;
  x |= x >> 8;
  x |= x >> 16;
  x |= x >> 32;
  return 64 - popcount64(x);
}

}  // namespace portable

#if (defined(__GNUC__) || defined(__clang__)) && !defined(SPLITPOT_PORTABLE_BITS)

/// Trailing zero bits of x (x nonzero).
constexpr int ctz(unsigned x) noexcept { return __builtin_ctz(x); }
constexpr int ctz64(std::uint64_t x) noexcept { return __builtin_ctzll(x); }
/// Leading zero bits of x (x nonzero).
constexpr int clz64(std::uint64_t x) noexcept { return __builtin_clzll(x); }
/// Bits set in x: the builtin, a popcnt instruction where the target has one
/// (and a library call where it has not: see splitpot::popcount, cards.hpp).
constexpr int popcount(unsigned x) noexcept { return __builtin_popcount(x); }
constexpr int popcount64(std::uint64_t x) noexcept { return __builtin_popcountll(x); }

/// *out = a + b; true if it wrapped.
inline bool add_overflow(std::uint64_t a, std::uint64_t b, std::uint64_t* out) noexcept {
  return __builtin_add_overflow(a, b, out);
}
/// *out = a * b (modulo 2^64); true if it wrapped.
inline bool mul_overflow(std::uint64_t a, std::uint64_t b, std::uint64_t* out) noexcept {
  return __builtin_mul_overflow(a, b, out);
}
/// A hint to bring *p's cache line in for reading.
inline void prefetch(const void* p) noexcept { __builtin_prefetch(p); }

#else

#if defined(_MSC_VER) && !defined(__clang__) && !defined(SPLITPOT_PORTABLE_BITS) && _MSC_VER >= 1925 && \
    (defined(_M_X64) || defined(_M_ARM64))
#define SPLITPOT_BITS_MSVC 1
#else
#define SPLITPOT_BITS_MSVC 0
#endif

constexpr int ctz64(std::uint64_t x) noexcept {
#if SPLITPOT_BITS_MSVC
  if (!__builtin_is_constant_evaluated()) {
    unsigned long i = 0;
    _BitScanForward64(&i, x);
    return static_cast<int>(i);
  }
#endif
  return portable::ctz64(x);
}
constexpr int ctz(unsigned x) noexcept { return ctz64(x); }
constexpr int clz64(std::uint64_t x) noexcept {
#if SPLITPOT_BITS_MSVC
  if (!__builtin_is_constant_evaluated()) {
    unsigned long i = 0;
    _BitScanReverse64(&i, x);
    return 63 - static_cast<int>(i);
  }
#endif
  return portable::clz64(x);
}
// (MSVC's __popcnt needs the POPCNT instruction, which baseline x86-64 lacks.)
constexpr int popcount64(std::uint64_t x) noexcept { return portable::popcount64(x); }
constexpr int popcount(unsigned x) noexcept { return portable::popcount64(x); }

inline bool add_overflow(std::uint64_t a, std::uint64_t b, std::uint64_t* out) noexcept {
  *out = a + b;
  return *out < a;
}
inline bool mul_overflow(std::uint64_t a, std::uint64_t b, std::uint64_t* out) noexcept {
  *out = a * b;
  return a != 0 && *out / a != b;
}
inline void prefetch(const void* p) noexcept {
#if defined(_MSC_VER) && !defined(__clang__) && !defined(SPLITPOT_PORTABLE_BITS) && (defined(_M_X64) || defined(_M_IX86))
  _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0);
#else
  (void)p;
#endif
}

#endif

static_assert(portable::ctz64(1) == 0 && portable::ctz64(std::uint64_t{1} << 63) == 63 && portable::ctz64(12) == 2,
              "de Bruijn ctz");
static_assert(portable::clz64(1) == 63 && portable::clz64(~std::uint64_t{0}) == 0, "clz");
static_assert(ctz(8u) == 3 && clz64(std::uint64_t{1} << 40) == 23 && popcount64(0xF0F0) == 8, "the wrappers");

}  // namespace splitpot::bits
