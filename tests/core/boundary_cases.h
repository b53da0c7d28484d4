// FP32 inputs at the edges of a narrower target format: every exponent boundary, the halfway
// points between neighbours, the overflow threshold, the subnormal thresholds, and the FP32
// neighbours (+-1, +-2 ulp) of each, with both signs. Built from the oracle's reading of the format.
#pragma once

#include "core/format.h"
#include "tests/oracle/format_model.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace fplab::verify {

// The value of (field, mantissa) read as if every encoding were finite (so the all-ones field
// gives the first value past the top: the overflow threshold), or of the next encoding up.
inline double unboundedValue(const oracle::FormatModel& fm, long field, std::uint64_t mantissa) {
    if (mantissa > fm.mantissaMask) {
        ++field;
        mantissa = 0;
    }
    const int m = fm.mantissaBits;
    if (field == 0 && fm.hasZero) return std::ldexp(double(mantissa), int(fm.minNormalExponent) - m);
    return std::ldexp(double(mantissa + (std::uint64_t{1} << m)), int(field - fm.bias - m));
}

inline void addFp32Neighbourhood(std::vector<std::uint32_t>& out, double x) {
    const float f = float(x);
    if (double(f) != x || std::isinf(f)) return; // not exactly an FP32 value
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    for (int d = -2; d <= 2; ++d) {
        const std::uint32_t v = u + std::uint32_t(d);
        if ((v & 0x7FFFFFFFu) > 0x7F800000u) continue; // stepped into NaN
        if ((v ^ u) & 0x80000000u) continue;           // stepped across zero
        out.push_back(v);
        out.push_back(v ^ 0x80000000u);
    }
}

inline std::vector<std::uint32_t> fp32BoundaryInputs(const Format& target) {
    const oracle::FormatModel fm(target);
    std::vector<std::uint32_t> out;
    const std::uint64_t mm = fm.mantissaMask;
    for (long field = 0; field <= fm.maxField + 1; ++field) {
        for (std::uint64_t m : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, mm / 2, mm / 2 + 1, mm - 1, mm}) {
            if (m > mm) continue;
            const double v = unboundedValue(fm, field, m);
            const double next = unboundedValue(fm, field, m + 1);
            addFp32Neighbourhood(out, v);
            addFp32Neighbourhood(out, (v + next) / 2);     // the halfway point
            addFp32Neighbourhood(out, (3 * v + next) / 4); // a quarter of the way
        }
    }
    // Below the smallest subnormal, and the FP32 extremes and specials.
    const double smallest = unboundedValue(fm, 0, 1);
    for (double x : {smallest / 2, smallest / 4, smallest * 0.75, smallest * 1.5, smallest / 1024})
        addFp32Neighbourhood(out, x);
    for (std::uint32_t u : {0x00000000u, 0x00000001u, 0x007FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0x7F800000u, 0x7FC00000u,
                            0x7FC00001u, 0x7FFFFFFFu, 0x7F800001u, 0x7FBFFFFFu, 0x3F800000u}) {
        out.push_back(u);
        out.push_back(u ^ 0x80000000u);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace fplab::verify
