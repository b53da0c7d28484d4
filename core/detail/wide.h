// Integer helpers for the significand carriers: 64-bit for narrow formats,
// 128-bit (a GCC/Clang builtin) where an exact product or quotient needs it.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

namespace fplab::detail {

using u64 = std::uint64_t;
// __extension__: -Wpedantic accepts the builtin 128-bit types here, and only here.
__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 i128;

template <class W>
inline constexpr int kWidth = sizeof(W) * 8;

// Leading zero bits of a nonzero x (the builtin skips std::countl_zero's test for zero).
template <class W>
constexpr int countLeadingZeros(W x) {
    if constexpr (std::is_same_v<W, u128>) {
        const u64 hi = u64(x >> 64);
        return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll(u64(x));
    } else {
        return __builtin_clzll(x);
    }
}

// x >> n, with every bit shifted out OR-ed into bit 0 (the sticky bit).
template <class W>
constexpr W shiftRightJam(W x, int n) {
    if (n <= 0) return x;
    if (n >= kWidth<W>) return x != 0;
    return (x >> n) | W((x << (kWidth<W> - n)) != 0);
}

// shiftRightJam() for x < 2^(w-1) and n >= 0, without branches: every shift of w-1 or more
// leaves just the sticky bit, so the shift is clamped there.
template <class W>
constexpr W shiftRightJamBelowTop(W x, int n) {
    const int s = n < kWidth<W> - 1 ? n : kWidth<W> - 1;
    return (x >> s) | W((x & ((W(1) << s) - 1)) != 0);
}

// Reduces a carrier to 64 bits, keeping the top bits and jamming the rest.
template <class W>
constexpr u64 narrowJam(W x) {
    if constexpr (std::is_same_v<W, u128>) {
        return u64(x >> 64) | u64(u64(x) != 0);
    } else {
        return x;
    }
}

// floor(sqrt(x)) for x < 2^bits, exact.
constexpr u64 integerSqrt(u128 x) {
    if (x == 0) return 0;
    // Start above the root and walk down with Newton steps (monotone from above).
    const int bits = 128 - countLeadingZeros(x);
    u128 r = u128(1) << ((bits + 1) / 2);
    while (true) {
        const u128 next = (r + x / r) >> 1;
        if (next >= r) break;
        r = next;
    }
    return u64(r);
}

constexpr u64 integerSqrt64(u64 x) {
    if (x == 0) return 0;
    const int bits = 64 - std::countl_zero(x);
    u64 r = u64(1) << ((bits + 1) / 2);
    while (true) {
        const u64 next = (r + x / r) >> 1;
        if (next >= r) break;
        r = next;
    }
    return r;
}

} // namespace fplab::detail
