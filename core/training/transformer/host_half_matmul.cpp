// Why the host's flags are the core's. AVX512-FP16's vfmadd computes a x b + c exactly and rounds once to
// binary16 under MXCSR's rounding mode (nearest even here): IEEE 754's fma, the core's FP16 fma. x86 detects
// tininess after rounding, as the core does, and with underflow masked raises it only for an inexact tiny
// result: the core's rule, so underflow is kept (pure FP16's gradients meet it often) where the FP32 path, also
// built for hosts that detect tininess before rounding, declines it. Subnormal operands and results are IEEE's
// unless MXCSR flushes them, which hostEnvironmentIsIeee rules out. A lane outside the product is masked off:
// AVX-512 neither computes it nor raises its flags. Inexact and underflow over a whole matmul are the OR of
// every fma's, as the core's per-tensor flags are; an overflow or an invalid operation, or an infinity or a
// NaN among the results, sends the matmul back to the exact path, which finds the first one in order.
//
// The compiler may not move floating-point code across the calls that clear and read the flags: the lanes run
// in their own function, never inlined, which writes its results to memory the caller reads.
#include "core/training/transformer/host_half_matmul.h"

#include "core/training/transformer/host_float_environment.h"

#include <algorithm>
#include <cfenv>
#include <cstddef>
#include <cstdint>

// GCC 12 has AVX512-FP16's intrinsics; Clang 14 has not (the path is then left out, and the caller's exact
// path computes every FP16 matmul).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#include <immintrin.h>
#define FPLAB_HOST_HALF_LANES 1
#define FPLAB_HALF_TARGET [[gnu::target("avx512fp16,avx512vl,avx512bw,avx512dq,avx512f")]]
#endif

namespace fplab::training {

#ifdef FPLAB_HOST_HALF_LANES
namespace {

constexpr int kLanes = 32; // one AVX-512 register of binary16
// Rows computed side by side: independent chains of fmas hide each fma's latency. Each dot product keeps its
// own order p = 0..k-1.
constexpr int kRows = 4;

FPLAB_HALF_TARGET void toHalves(const float* in, std::size_t count, std::uint16_t* out) {
    std::size_t i = 0;
    for (; i + 16 <= count; i += 16)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i),
                            _mm256_castph_si256(_mm512_cvtxps_ph(_mm512_loadu_ps(in + i))));
    if (i < count) {
        const __mmask16 keep = __mmask16((1u << (count - i)) - 1u);
        _mm256_mask_storeu_epi16(out + i, keep,
                                 _mm256_castph_si256(_mm512_cvtxps_ph(_mm512_maskz_loadu_ps(keep, in + i))));
    }
}

// kRows rows of a (row r from aRow[r]) against 32 columns of b from b[0]; count[r] of them belong to row r's
// product (0: none), the other lanes masked. c rows from cRow[r]. False if a result is not finite.
FPLAB_HALF_TARGET bool halfRows(const std::uint16_t* const* aRow, const std::uint16_t* b, int bStride, int k,
                                float* const* cRow, const int* count) {
    __m512h s[kRows];
    __mmask32 keep[kRows];
    __mmask32 anyKeep = 0;
    for (int r = 0; r < kRows; ++r) {
        s[r] = _mm512_setzero_ph();
        keep[r] = count[r] >= kLanes ? ~__mmask32{0} : __mmask32((1u << count[r]) - 1u);
        anyKeep |= keep[r];
    }
    for (int p = 0; p < k; ++p) {
        const __m512h bp = _mm512_castsi512_ph(_mm512_maskz_loadu_epi16(anyKeep, b + std::ptrdiff_t(p) * bStride));
        for (int r = 0; r < kRows; ++r)
            s[r] = _mm512_mask3_fmadd_ph(_mm512_castsi512_ph(_mm512_set1_epi16(short(aRow[r][p]))), bp, s[r], keep[r]);
    }
    __mmask32 notFinite = 0;
    const __m512h maxFinite = _mm512_set1_ph(_Float16(65504.0f));
    for (int r = 0; r < kRows; ++r) {
        // |s| <= 65504 is false for infinities and NaNs (an ordered, non-signalling comparison).
        notFinite |= _mm512_mask_cmp_ph_mask(keep[r], _mm512_abs_ph(s[r]), maxFinite, _CMP_NLE_UQ);
        // Through memory: GCC 12's extract intrinsics warn of their own undefined operand (-Wuninitialized).
        alignas(64) _Float16 sums[kLanes];
        _mm512_store_ph(sums, s[r]);
        _mm512_mask_storeu_ps(cRow[r], __mmask16(keep[r]), _mm512_cvtxph_ps(_mm256_load_ph(sums)));
        _mm512_mask_storeu_ps(cRow[r] + 16, __mmask16(keep[r] >> 16), _mm512_cvtxph_ps(_mm256_load_ph(sums + 16)));
    }
    return notFinite == 0;
}

// Never inlined, so that no floating-point operation moves across the calls that clear and read the flags.
[[gnu::noinline]] bool computeAll(const std::uint16_t* a, const std::uint16_t* b, int bStride, int m, int k, int n,
                                  float* c, int ldc, bool lowerOnly) {
    for (int i = 0; i < m; i += kRows) {
        const int lastRow = std::min(i + kRows, m) - 1;
        for (int j0 = 0; j0 < columnsOf(lastRow, n, lowerOnly); j0 += kLanes) {
            const std::uint16_t* aRow[kRows];
            float* cRow[kRows];
            int count[kRows];
            for (int r = 0; r < kRows; ++r) {
                const int row = std::min(i + r, lastRow); // past the last row: row lastRow again, masked off
                aRow[r] = a + std::ptrdiff_t(row) * k;
                cRow[r] = c + std::ptrdiff_t(row) * ldc + j0;
                count[r] = i + r <= lastRow ? std::clamp(columnsOf(row, n, lowerOnly) - j0, 0, kLanes) : 0;
            }
            if (!halfRows(aRow, b + j0, bStride, k, cRow, count)) return false;
        }
    }
    return true;
}

} // namespace
#endif

bool hostHalfMatmulAvailable() {
#ifdef FPLAB_HOST_HALF_LANES
    static const bool available = __builtin_cpu_supports("avx512fp16") && __builtin_cpu_supports("avx512vl") &&
                                  __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq");
    return available;
#else
    return false;
#endif
}

void toHostHalves(const float* values, std::size_t count, std::uint16_t* halves) {
#ifdef FPLAB_HOST_HALF_LANES
    if (hostHalfMatmulAvailable()) toHalves(values, count, halves);
#else
    (void)values, (void)count, (void)halves;
#endif
}

bool hostHalfMatmul(const std::uint16_t* a, const std::uint16_t* b, int bStride, int m, int k, int n, float* c, int ldc,
                    bool lowerOnly, bool& inexact, bool& underflow) {
#ifdef FPLAB_HOST_HALF_LANES
    if (!hostHalfMatmulAvailable()) return false;
    const HostFmaRun run = runWithHostFlags([&] { return computeAll(a, b, bStride, m, k, n, c, ldc, lowerOnly); });
    inexact = (run.raised & FE_INEXACT) != 0;
    underflow = (run.raised & FE_UNDERFLOW) != 0;
    return run.ran && run.finite && (run.raised & ~(FE_INEXACT | FE_UNDERFLOW)) == 0;
#else
    (void)a, (void)b, (void)bStride, (void)m, (void)k, (void)n, (void)c, (void)ldc, (void)lowerOnly;
    inexact = underflow = false;
    return false;
#endif
}

} // namespace fplab::training
