// 128-bit integers for the equity counters (private: not installed): the
// compiler's __int128 where it has one (GCC and Clang on 64-bit targets,
// clang-cl too), else two 64-bit halves with the few operations the counters
// use (MSVC; a build with SPLITPOT_PORTABLE_INT128 defined, which the tests
// use to check them). Only adds, multiplies, shifts and compares are used: a
// 128-bit division or a conversion to double would be a call into
// compiler-rt (__udivti3, __floatuntidf), which clang-cl does not link by
// default (equity_spot.hpp's mul_div and to_double do those).
#pragma once

#include <cstdint>
#include <type_traits>

#if defined(_MSC_VER) && !defined(__clang__) && defined(_M_X64) && !defined(SPLITPOT_PORTABLE_INT128)
#include <intrin.h>  // _umul128
#endif

namespace splitpot {

#if defined(__SIZEOF_INT128__) && !defined(SPLITPOT_PORTABLE_INT128)

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

#else

/// The full 128-bit product of two 64-bit numbers: (high, low).
inline void mul_64x64(std::uint64_t a, std::uint64_t b, std::uint64_t& high, std::uint64_t& low) noexcept {
#if defined(_MSC_VER) && !defined(__clang__) && defined(_M_X64) && !defined(SPLITPOT_PORTABLE_INT128)
  low = _umul128(a, b, &high);
#else
  const std::uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
  low = (middle << 32) | (p00 & 0xFFFFFFFFu);
  high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
#endif
}

/// Two's complement 128-bit numbers: unsigned (u128) or signed (i128), with
/// the operations of __int128 that the equity code uses.
template <bool Signed>
class Int128 {
 public:
  constexpr Int128() noexcept = default;
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  constexpr Int128(T v) noexcept  // NOLINT: converts implicitly, as the built-in type does
      : low_(static_cast<std::uint64_t>(v)), high_(std::is_signed_v<T> && v < 0 ? ~std::uint64_t{0} : 0) {}
  constexpr Int128(std::uint64_t high, std::uint64_t low, int) noexcept : low_(low), high_(high) {}
  /// The other signedness, the same bits (as a cast between the built-in types).
  constexpr explicit Int128(const Int128<!Signed>& other) noexcept : low_(other.low()), high_(other.high()) {}

  constexpr std::uint64_t low() const noexcept { return low_; }
  constexpr std::uint64_t high() const noexcept { return high_; }
  /// The low bits, as the built-in type's conversion to a narrower integer (bool excepted: below).
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  constexpr explicit operator T() const noexcept {
    return static_cast<T>(low_);
  }
  /// Nonzero, in either half (as the built-in type: 2^64 is true).
  constexpr explicit operator bool() const noexcept { return (low_ | high_) != 0; }

  friend constexpr Int128 operator+(const Int128& a, const Int128& b) noexcept {
    const std::uint64_t low = a.low_ + b.low_;
    return Int128(a.high_ + b.high_ + (low < a.low_ ? 1u : 0u), low, 0);
  }
  friend constexpr Int128 operator-(const Int128& a, const Int128& b) noexcept {
    return Int128(a.high_ - b.high_ - (a.low_ < b.low_ ? 1u : 0u), a.low_ - b.low_, 0);
  }
  friend constexpr Int128 operator-(const Int128& a) noexcept { return Int128(0) - a; }
  friend Int128 operator*(const Int128& a, const Int128& b) noexcept {  // modulo 2^128, either signedness
    std::uint64_t high = 0, low = 0;
    mul_64x64(a.low_, b.low_, high, low);
    return Int128(high + a.low_ * b.high_ + a.high_ * b.low_, low, 0);
  }
  friend constexpr Int128 operator&(const Int128& a, const Int128& b) noexcept {
    return Int128(a.high_ & b.high_, a.low_ & b.low_, 0);
  }
  /// Shifts by 0..127 (as the built-in type, a signed one's right shift fills with its sign).
  friend constexpr Int128 operator<<(const Int128& a, int n) noexcept {
    if (n == 0) return a;
    if (n >= 64) return Int128(a.low_ << (n - 64), 0, 0);
    return Int128(a.high_ << n | a.low_ >> (64 - n), a.low_ << n, 0);
  }
  friend constexpr Int128 operator>>(const Int128& a, int n) noexcept {
    const std::uint64_t fill = Signed && (a.high_ >> 63) != 0 ? ~std::uint64_t{0} : 0;
    if (n == 0) return a;
    if (n >= 64) return Int128(fill, n == 64 ? a.high_ : (a.high_ >> (n - 64)) | (fill << (128 - n)), 0);
    return Int128((a.high_ >> n) | (fill << (64 - n)), a.low_ >> n | a.high_ << (64 - n), 0);
  }
  Int128& operator+=(const Int128& b) noexcept { return *this = *this + b; }
  Int128& operator-=(const Int128& b) noexcept { return *this = *this - b; }
  Int128& operator*=(const Int128& b) noexcept { return *this = *this * b; }

  friend constexpr bool operator==(const Int128& a, const Int128& b) noexcept {
    return a.low_ == b.low_ && a.high_ == b.high_;
  }
  friend constexpr bool operator!=(const Int128& a, const Int128& b) noexcept { return !(a == b); }
  friend constexpr bool operator<(const Int128& a, const Int128& b) noexcept {
    // Signed: the high halves compared with their sign bits flipped (as unsigned numbers).
    constexpr std::uint64_t flip = Signed ? std::uint64_t{1} << 63 : 0;
    if (a.high_ != b.high_) return (a.high_ ^ flip) < (b.high_ ^ flip);
    return a.low_ < b.low_;
  }
  friend constexpr bool operator>(const Int128& a, const Int128& b) noexcept { return b < a; }
  friend constexpr bool operator<=(const Int128& a, const Int128& b) noexcept { return !(b < a); }
  friend constexpr bool operator>=(const Int128& a, const Int128& b) noexcept { return !(a < b); }

 private:
  std::uint64_t low_ = 0;
  std::uint64_t high_ = 0;
};

using i128 = Int128<true>;
using u128 = Int128<false>;

#endif

}  // namespace splitpot
