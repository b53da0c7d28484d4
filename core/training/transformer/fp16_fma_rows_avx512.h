// fp16FmaRows (fp16_fma_lanes.h) for four rows written in AVX-512's own instructions, for CPUs with x86-64-v4:
// the same steps, each an FP16 fma as one binary64 addition rounded once to FP16 (the proof is in
// fp16_fma_lanes.h), but the flags gathered in mask registers: a comparison's result is a mask, ORed as one,
// and the column mask applied by the comparison itself, where the portable vectors turn every comparison into a
// vector of ones and zeros first. Compiled by GCC on x86-64 only (Clang 14 and other targets use the portable
// lanes).
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include "core/training/transformer/fp16_fma_lanes.h"

#include <immintrin.h>

#include <cstddef>

#define FPLAB_HAVE_FP16_ROWS_AVX512 1

namespace fplab::training {

// Whether the CPU runs x86-64-v4's code (AVX-512 F, BW, CD, DQ and VL), asked once.
inline bool fp16FmaFourRowsAvx512Available() {
    static const bool available = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                                  __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512dq") &&
                                  __builtin_cpu_supports("avx512vl");
    return available;
}

// Four rows of a (rows of k) against the same 16 columns of b (lanes of them in the product), from +0: false,
// with the sums and flags untouched, when some step was not taken (a result above FP16's largest finite number,
// an infinity or a NaN); sums: four rows of 16.
[[gnu::target("arch=x86-64-v4")]] inline bool fp16FmaFourRowsAvx512(const double* a, int k, const double* b,
                                                                    int bStride, int lanes, double* sums, bool& inexact,
                                                                    bool& underflow) {
    using namespace fp16_lanes;
    constexpr int kRows = 4, kVectors = 2; // 16 lanes: two registers of eight doubles
    static_assert(EmulatedOps::kMatmulLanes == 8 * kVectors);
    const __mmask8 columns[kVectors] = {lanes >= 8 ? __mmask8(0xFF) : __mmask8((1u << lanes) - 1u),
                                        lanes >= 16 ? __mmask8(0xFF)
                                        : lanes > 8 ? __mmask8((1u << (lanes - 8)) - 1u)
                                                    : __mmask8(0)};
    const __m512i exponentField = _mm512_set1_epi64(kExponentField), minNormal = _mm512_set1_epi64(kMinNormalExponent),
                  magicFromExponent = _mm512_set1_epi64(kMagicFromExponent), sign = _mm512_set1_epi64(kSign);
    const __m512d tinyBelow = _mm512_set1_pd(kTinyBelow);
    __m512d s[kRows][kVectors];
    for (auto& row : s)
        for (__m512d& v : row) v = _mm512_setzero_pd();
    __mmask8 inexactSoFar = 0, underflowSoFar = 0;
    __m512i largest = _mm512_setzero_si512(); // the largest |result|'s bits, in-column lanes only
    for (int p = 0; p < k; ++p) {
        for (int v = 0; v < kVectors; ++v) {
            const __m512d bRow = _mm512_loadu_pd(b + std::ptrdiff_t(p) * bStride + 8 * v);
            for (int r = 0; r < kRows; ++r) {
                const __m512d product = bRow * a[std::ptrdiff_t(r) * k + p];
                const __m512d c = s[r][v];
                const __m512d w = product + c;
                const __m512i u = _mm512_castpd_si512(w);
                // GCC's vector operators where they suffice: some of GCC 12's AVX-512 intrinsics warn of their own
                // undefined operand (-Wmaybe-uninitialized).
                const __m512i exponent = _mm512_maskz_max_epi64(__mmask8(0xFF), u & exponentField, minNormal);
                const __m512d magic = _mm512_castsi512_pd(exponent + magicFromExponent);
                const __m512d rounded = (w + magic) - magic;
                // rounded | (u & sign): a negative w rounding to 0 gives -0. 0xF8 is A | (B & C).
                const __m512d result = _mm512_castsi512_pd(
                    _mm512_ternarylogic_epi64(_mm512_castpd_si512(rounded), u, sign, 0xF8));
                const __mmask8 rounds = _mm512_mask_cmp_pd_mask(columns[v], result - c, product, _CMP_NEQ_UQ);
                inexactSoFar |= rounds;
                underflowSoFar |= _mm512_mask_cmp_pd_mask(rounds, _mm512_castsi512_pd(u & ~sign), tinyBelow,
                                                          _CMP_LT_OQ);
                largest = _mm512_mask_max_epi64(largest, columns[v], largest, _mm512_castpd_si512(result) & ~sign);
                s[r][v] = result;
            }
        }
    }
    if (_mm512_cmpgt_epi64_mask(largest, _mm512_set1_epi64(kMaxFiniteBits))) return false;
    for (int r = 0; r < kRows; ++r)
        for (int v = 0; v < kVectors; ++v) _mm512_storeu_pd(sums + r * EmulatedOps::kMatmulLanes + 8 * v, s[r][v]);
    inexact = inexact || inexactSoFar != 0;
    underflow = underflow || underflowSoFar != 0;
    return true;
}

} // namespace fplab::training
#endif
