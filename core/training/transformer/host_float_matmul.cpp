// Why the host's flags are the core's. The core raises underflow for an inexact result that is tiny after
// rounding (its default Env), as x86's SSE and AVX do; a host that detects tininess before rounding (Arm)
// raises underflow in more cases, never fewer, and any underflow sends the matmul back to the exact path, so
// the two rules never have to agree. An exact tiny result raises nothing under either rule, and subnormal
// operands are computed exactly unless the FPU flushes them, which the probe below rules out. Inexact over a
// whole matmul is the OR of every fma's inexact, as the core's per-tensor flags are.
//
// The compiler may not move floating-point code across the calls that clear and read the flags: the lanes
// run in their own function, never inlined, which writes its results to memory the caller reads. On x86-64
// they are AVX-512 or AVX2 fmas (the CPU is asked once), elsewhere std::fma one lane at a time; each is IEEE's
// binary32 fma.
#include "core/training/transformer/host_float_matmul.h"

#include "core/training/transformer/host_float_environment.h"

#include <algorithm>
#include <cfenv>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define FPLAB_HOST_X86_LANES 1
#endif

namespace fplab::training {

namespace {

constexpr int kLanes = 16;
// Rows computed side by side: independent chains of fmas hide each fma's latency. Each dot product keeps its
// own order p = 0..k-1.
constexpr int kRows = 4;

// A block is rows i..i+kRows-1 (or row i alone) and the 16 columns from j0. count[r]: how many of those columns
// belong to row i+r's product; the other lanes are masked, so that they compute nothing and raise nothing.
struct Block {
    const float* a; // row i of a
    const float* b; // column j0 of b's first row
    float* c;       // c(i, j0)
};

// Each block's dot products in order p = 0..k-1, with scalar fmas (any host). False if a result is not finite.
bool scalarRow(Block x, int k, int bStride, int count) {
    float s[kLanes] = {};
    for (int p = 0; p < k; ++p)
        for (int l = 0; l < count; ++l) s[l] = std::fma(x.a[p], x.b[std::ptrdiff_t(p) * bStride + l], s[l]);
    bool finite = true;
    for (int l = 0; l < count; ++l) {
        x.c[l] = s[l];
        finite = finite && std::fabs(s[l]) <= FLT_MAX;
    }
    return finite;
}

#ifdef FPLAB_HOST_X86_LANES
// AVX-512: one register of 16 lanes per row; a masked-off lane is neither computed nor raises a flag.
[[gnu::target("avx512f")]] bool avx512Rows(Block x, int k, int bStride, int lda, int ldc, const int* count) {
    __m512 s[kRows];
    __mmask16 keep[kRows];
    for (int r = 0; r < kRows; ++r) {
        s[r] = _mm512_setzero_ps();
        keep[r] = __mmask16((1u << count[r]) - 1u);
    }
    for (int p = 0; p < k; ++p) {
        const __m512 bp = _mm512_loadu_ps(x.b + std::ptrdiff_t(p) * bStride);
        for (int r = 0; r < kRows; ++r)
            s[r] = _mm512_mask3_fmadd_ps(_mm512_set1_ps(x.a[std::ptrdiff_t(r) * lda + p]), bp, s[r], keep[r]);
    }
    __mmask16 infinite = 0;
    const __m512 maxFinite = _mm512_set1_ps(FLT_MAX);
    for (int r = 0; r < kRows; ++r) {
        _mm512_mask_storeu_ps(x.c + std::ptrdiff_t(r) * ldc, keep[r], s[r]);
        // |s| <= FLT_MAX is false for infinities and NaNs (an ordered, non-signalling comparison).
        infinite |= _mm512_mask_cmp_ps_mask(keep[r], _mm512_abs_ps(s[r]), maxFinite, _CMP_NLE_UQ);
    }
    return infinite == 0;
}

// AVX2 with FMA: two registers of 8 lanes per row; a masked-off lane multiplies +0 by +0 (b's lane ANDed with
// zeros) and adds +0: exact, no flag (a's element, when infinite or NaN, makes the block fall back anyway).
[[gnu::target("avx2,fma")]] bool avx2Rows(Block x, int k, int bStride, int lda, int ldc, const int* count) {
    __m256 s[kRows][2], keep[kRows][2];
    for (int r = 0; r < kRows; ++r)
        for (int h = 0; h < 2; ++h) {
            s[r][h] = _mm256_setzero_ps();
            const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
            keep[r][h] = _mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_set1_epi32(count[r] - 8 * h), lane));
        }
    for (int p = 0; p < k; ++p) {
        const float* bRow = x.b + std::ptrdiff_t(p) * bStride;
        const __m256 b0 = _mm256_loadu_ps(bRow), b1 = _mm256_loadu_ps(bRow + 8);
        for (int r = 0; r < kRows; ++r) {
            const __m256 ap = _mm256_set1_ps(x.a[std::ptrdiff_t(r) * lda + p]);
            s[r][0] = _mm256_fmadd_ps(ap, _mm256_and_ps(b0, keep[r][0]), s[r][0]);
            s[r][1] = _mm256_fmadd_ps(ap, _mm256_and_ps(b1, keep[r][1]), s[r][1]);
        }
    }
    bool finite = true;
    for (int r = 0; r < kRows; ++r) {
        alignas(32) float out[kLanes];
        _mm256_store_ps(out, s[r][0]);
        _mm256_store_ps(out + 8, s[r][1]);
        for (int l = 0; l < count[r]; ++l) {
            x.c[std::ptrdiff_t(r) * ldc + l] = out[l];
            finite = finite && std::fabs(out[l]) <= FLT_MAX;
        }
    }
    return finite;
}
#endif

enum class Lanes { Scalar, Avx2, Avx512 };

#ifdef FPLAB_HOST_X86_LANES
Lanes hostLanes() {
    static const Lanes lanes = __builtin_cpu_supports("avx512f")                                 ? Lanes::Avx512
                               : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? Lanes::Avx2
                                                                                                 : Lanes::Scalar;
    return lanes;
}
#endif

// Never inlined, so that no floating-point operation moves across the calls that clear and read the flags.
[[gnu::noinline]] bool computeAll(const float* a, const float* b, int bStride, int m, int k, int n, float* c, int ldc,
                                  bool lowerOnly) {
    bool finite = true;
    int i = 0;
#ifdef FPLAB_HOST_X86_LANES
    const Lanes lanes = hostLanes();
    if (lanes != Lanes::Scalar)
        for (; i + kRows <= m; i += kRows)
            for (int j0 = 0; j0 < columnsOf(i + kRows - 1, n, lowerOnly); j0 += kLanes) {
                int count[kRows];
                for (int r = 0; r < kRows; ++r) count[r] = std::clamp(columnsOf(i + r, n, lowerOnly) - j0, 0, kLanes);
                const Block x{a + std::ptrdiff_t(i) * k, b + j0, c + std::ptrdiff_t(i) * ldc + j0};
                finite = (lanes == Lanes::Avx512 ? avx512Rows(x, k, bStride, k, ldc, count)
                                                 : avx2Rows(x, k, bStride, k, ldc, count)) &&
                         finite;
            }
#endif
    for (; i < m; ++i)
        for (int j0 = 0; j0 < columnsOf(i, n, lowerOnly); j0 += kLanes) {
            const Block x{a + std::ptrdiff_t(i) * k, b + j0, c + std::ptrdiff_t(i) * ldc + j0};
            finite = scalarRow(x, k, bStride, std::min(kLanes, columnsOf(i, n, lowerOnly) - j0)) && finite;
        }
    return finite;
}

} // namespace

bool hostFloatMatmul(const float* a, const float* b, int bStride, int m, int k, int n, float* c, int ldc,
                     bool lowerOnly, bool& inexact) {
    const HostFmaRun run = runWithHostFlags([&] { return computeAll(a, b, bStride, m, k, n, c, ldc, lowerOnly); });
    inexact = (run.raised & FE_INEXACT) != 0;
    return run.ran && run.finite && (run.raised & ~FE_INEXACT) == 0;
}

} // namespace fplab::training
