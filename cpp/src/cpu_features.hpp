// What this CPU (and its operating system) lets the batch kernels use, asked
// once with CPUID and XGETBV: the project's own query, in place of
// __builtin_cpu_supports / __builtin_cpu_is. Those read compiler-rt's (or
// libgcc's) __cpu_model, which clang-cl, clang targeting the Windows ABI and
// some macOS clangs do not link by default ("undefined symbol: __cpu_model",
// llvm/llvm-project#144630). It checks what libgcc checks: a vector extension
// counts only if the CPU has it AND the OS saves its registers on a thread
// switch (CPUID.1:ECX.OSXSAVE, then the XCR0 state bits). Off x86-64 it asks
// nothing and reports nothing (the scalar path).
#pragma once

#include <cstdint>

// x86-64 only (ARM64EC defines _M_X64 as well, but runs no AVX).
#if (defined(__x86_64__) || defined(_M_X64)) && !defined(_M_ARM64EC)
#if defined(_MSC_VER)
// MSVC and clang-cl (which defines both _MSC_VER and __clang__): the Microsoft
// intrinsics. Clang's <cpuid.h> is not used here: its __cpuid macro collides
// with the __cpuid function <intrin.h> declares. In clang-cl, _xgetbv is a
// Microsoft builtin declared by <immintrin.h> (xsaveintrin.h) that needs no
// xsave target feature, unlike the non-MSVC _xgetbv, a macro for
// __builtin_ia32_xgetbv, which is refused outside target("xsave") code.
#include <immintrin.h>  // _xgetbv
#include <intrin.h>     // __cpuidex
#define SPLITPOT_CPUID 1
#elif defined(__GNUC__) || defined(__clang__)
#include <cpuid.h>  // __get_cpuid_count (GCC's and Clang's own header, on glibc, musl and macOS alike)
#define SPLITPOT_CPUID 1
#else
#define SPLITPOT_CPUID 0
#endif
#else
#define SPLITPOT_CPUID 0
#endif

namespace splitpot::detail {

/// The features the batch kernels choose by, each usable (the CPU has it and
/// the OS saves its state).
struct CpuFeatures {
  bool avx2 = false;
  bool avx512f = false;
  bool avx512bw = false;
  bool avx512vbmi = false;
  bool intel = false;  // the vendor string "GenuineIntel"
};

#if SPLITPOT_CPUID
namespace cpuid {

struct Regs {
  std::uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
};

/// CPUID leaf `leaf`, subleaf `sub`; zeros if the leaf is past the highest one.
inline Regs query(std::uint32_t leaf, std::uint32_t sub) noexcept {
  Regs r;
#if defined(_MSC_VER)
  int out[4] = {0, 0, 0, 0};
  __cpuidex(out, static_cast<int>(leaf), static_cast<int>(sub));
  r.eax = static_cast<std::uint32_t>(out[0]), r.ebx = static_cast<std::uint32_t>(out[1]);
  r.ecx = static_cast<std::uint32_t>(out[2]), r.edx = static_cast<std::uint32_t>(out[3]);
#else
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid_count(leaf, sub, &a, &b, &c, &d)) r.eax = a, r.ebx = b, r.ecx = c, r.edx = d;
#endif
  return r;
}

/// XCR0: the register states the OS saves. Only to be asked when
/// CPUID.1:ECX.OSXSAVE is set (XGETBV faults otherwise).
inline std::uint64_t xcr0() noexcept {
#if defined(_MSC_VER)
  return _xgetbv(0);
#else
  // Inline assembly rather than <immintrin.h>'s _xgetbv, which GCC and Clang
  // refuse outside code compiled for the xsave target; volatile, so that it is
  // not hoisted above the OSXSAVE check.
  std::uint32_t lo = 0, hi = 0;
  __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0u));
  return static_cast<std::uint64_t>(hi) << 32 | lo;
#endif
}

constexpr std::uint32_t kOsxsave = 1u << 27;                // CPUID.1:ECX
constexpr std::uint32_t kAvx2 = 1u << 5;                    // CPUID.7.0:EBX
constexpr std::uint32_t kAvx512f = 1u << 16;                // CPUID.7.0:EBX
constexpr std::uint32_t kAvx512bw = 1u << 30;               // CPUID.7.0:EBX
constexpr std::uint32_t kAvx512vbmi = 1u << 1;              // CPUID.7.0:ECX
constexpr std::uint64_t kXmmYmm = 1u << 1 | 1u << 2;        // XCR0: SSE and AVX state
constexpr std::uint64_t kZmm = 1u << 5 | 1u << 6 | 1u << 7;  // XCR0: opmask, ZMM_Hi256, Hi16_ZMM

inline CpuFeatures ask() noexcept {
  CpuFeatures f;
  const Regs vendor = query(0, 0);
  // "GenuineIntel" in EBX, EDX, ECX.
  f.intel = vendor.ebx == 0x756e6547u && vendor.edx == 0x49656e69u && vendor.ecx == 0x6c65746eu;
  const std::uint32_t max_leaf = vendor.eax;
  if (max_leaf < 1 || (query(1, 0).ecx & kOsxsave) == 0) return f;
  const std::uint64_t saved = xcr0();
  if ((saved & kXmmYmm) != kXmmYmm || max_leaf < 7) return f;
#if defined(__APPLE__)
  // macOS saves the AVX-512 state lazily, from a thread's first AVX-512
  // instruction on: XCR0 may not show it yet (compiler-rt trusts it too).
  const bool zmm_saved = true;
#else
  const bool zmm_saved = (saved & kZmm) == kZmm;
#endif
  const Regs leaf7 = query(7, 0);
  f.avx2 = (leaf7.ebx & kAvx2) != 0;
  f.avx512f = zmm_saved && (leaf7.ebx & kAvx512f) != 0;
  f.avx512bw = zmm_saved && (leaf7.ebx & kAvx512bw) != 0;
  f.avx512vbmi = zmm_saved && (leaf7.ecx & kAvx512vbmi) != 0;
  return f;
}

}  // namespace cpuid
#endif

/// This CPU's features, asked once.
inline const CpuFeatures& cpu_features() noexcept {
#if SPLITPOT_CPUID
  static const CpuFeatures features = cpuid::ask();
#else
  static const CpuFeatures features{};
#endif
  return features;
}

}  // namespace splitpot::detail
