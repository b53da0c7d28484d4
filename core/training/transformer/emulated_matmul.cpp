// EmulatedOps::matmul: each dot product is a chain of fused multiply-adds in the accumulation format, in
// order p = 0..k-1 from +0. FP32 accumulation runs on the host's float fmas first (host_float_matmul.h), FP16
// on the host's FP16 fmas where the CPU has them (host_half_matmul.h). The
// fast path computes kLanes dot products of one row side by side in binary64 (double_rounding.h says when that
// is exact; fp16_fma_lanes.h decides every FP16 step); a step it cannot prove is done by the core, and a block of
// lanes in which the core raised overflow or invalid, or made an infinity or NaN, is computed again on the
// core alone, in the reference order, so that the first-overflow report is the one the core alone makes.
#include "core/training/transformer/double_rounding.h"
#include "core/training/transformer/emulated_ops.h"
#include "core/training/transformer/format_bits.h"
#include "core/training/transformer/fp16_fma_lanes.h"
#include "core/training/transformer/fp16_fma_rows_avx512.h"
#include "core/training/transformer/host_float_matmul.h"
#include "core/training/transformer/host_half_matmul.h"

#include "core/fast.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

// The lane loop is compiled three times on x86-64 Linux, for x86-64-v4 (AVX-512), AVX2 and the baseline, and
// the loader picks one: the arithmetic is IEEE binary64 in each, so the results are the same. The FP16 lanes of
// four rows at once are written in AVX-512's own instructions for x86-64-v4 (fp16_fma_rows_avx512.h, picked once
// from the CPU), so their portable build is for AVX2 and the baseline.
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(__clang__)
#define FPLAB_LANE_CLONES [[gnu::target_clones("arch=x86-64-v4", "avx2", "default")]]
#define FPLAB_PORTABLE_ROW_CLONES [[gnu::target_clones("avx2", "default")]]
#else
#define FPLAB_LANE_CLONES
#define FPLAB_PORTABLE_ROW_CLONES
#endif

namespace fplab::training {

namespace {

constexpr Flags kReported = kOverflow | kInvalid;
constexpr int kLanes = EmulatedOps::kMatmulLanes;

using namespace lane_vectors;

// Steps p, p+1, ... of the lanes' fused multiply-adds (FP32 or BF16) while every lane's step is decided in
// binary64: the product is exact, so w = a * b + s is the binary64 rounding of the exact result x and
// TwoSum's error gives x - w exactly; a step is taken when x rounds into F's normal range (decided from w's
// bits and the error's sign, with "inexact" unless x is w and a number of F), and when the product is zero
// (the sum is then s, exactly, with no flag); tiny results, rare in FP32 and BF16, are left to the scalar
// steps. Returns the first step where some lane was none of these (k when none); `sums` holds the sums so
// far. Lanes from `lanes` on are past the last column: their flags are not the matmul's.
// StopAtFirst false: no test per step; -1, with `sums` and the flags untouched, when some step was not exact.
template <const Format& F, bool StopAtFirst, bool TwoSum>
FPLAB_INLINE int lanesSteps(const double* a, const double* b, int bStride, int p, int k, int lanes, double* sums,
                            bool& inexact, bool& underflow) {
    using Wide = double;
    using R = DoubleRounding<F, Wide>;
    using Int = std::int64_t;
    using UInt = std::uint64_t;
    constexpr Int kMagnitude = std::numeric_limits<Int>::max();
    constexpr Int kMinNormal = std::bit_cast<Int>(R::kMinNormal);
    constexpr Int kMaxFinite = std::bit_cast<Int>(R::kMaxFinite);
    constexpr Int kLow = Int(R::kLow), kHalf = Int(R::kHalf);
    Values s[kVectors], next[kVectors];
    std::memcpy(s, sums, sizeof s);
    Ints rounded = {}, badAnywhere = {}, inColumns[kVectors] = {};
    columnMasks(lanes, inColumns);
    for (; p < k; ++p) {
        Ints bad = {}, stepRounded = {};
        for (int v = 0; v < kVectors; ++v) {
            Values product;
            rowProduct(a, b, bStride, p, v, product);
            const Values w = product + s[v];
            const Ints u = (Ints)w;
            const Ints magnitude = u & kMagnitude;
            // TwoSum: the product is exact, so w + error is the exact result x, and x's rounding to F is
            // decided by w's bits and the sign of the error. A number of F: x rounds to w (inexact unless the
            // error is 0); a midpoint: to the neighbour on the error's side, or to even when x is the midpoint;
            // neither: to nearest, half-up in magnitude (no tie is possible). In F's normal range, finite.
            const Ints low = u & kLow, base = u & ~kLow;
            const Ints isNumber = low == 0, isMidpoint = low == kHalf;
            const Ints nearest = (Ints)((Unsigned)u + UInt(kHalf)) & ~kLow;
            Ints r = nearest, rounds = {}, keeps = {}, exact = {};
            if constexpr (TwoSum) {
                // twoSumError's lines on vectors (returning a vector changes the ABI without AVX: Clang's -Wpsabi).
                const Values bb = w - s[v];
                const Values error = (s[v] - (w - bb)) + (product - bb);
                exact = error == 0;
                const Ints away = ~exact & ((error > 0) == (w > 0)); // |x| > |w|
                const Ints up = isMidpoint & (away | (exact & (((base >> R::kDropped) & 1) != 0)));
                r = (isNumber & u) | (isMidpoint & (base + (up & (kLow + 1)))) | (~(isNumber | isMidpoint) & nearest);
                rounds = ~(isNumber & exact) & (magnitude >= kMinNormal) & ((r & kMagnitude) <= kMaxFinite);
                keeps = exact & isNumber & ((magnitude >= kMinNormal) | (magnitude == 0));
            } else {
                rounds = ~(isNumber | isMidpoint) & (magnitude >= kMinNormal) & ((r & kMagnitude) <= kMaxFinite);
            }
            // A zero product (the sum is s, exactly), or an exact sum that is a number of F: w, with no flag.
            keeps = ((((Ints)product & kMagnitude) == 0) | keeps) & (magnitude <= kMaxFinite);
            next[v] = (Values)((keeps & u) | (~keeps & r));
            bad |= ~(rounds | keeps);
            stepRounded |= rounds & inColumns[v];
        }
        if constexpr (StopAtFirst) {
            if (anyLane(bad)) break;
        } else {
            badAnywhere |= bad;
        }
        std::memcpy(s, next, sizeof s);
        rounded |= stepRounded;
    }
    if (!StopAtFirst && anyLane(badAnywhere)) return -1;
    std::memcpy(sums, s, sizeof s);
    inexact |= anyLane(rounded);
    (void)underflow; // the scalar steps decide tiny results
    return p;
}

// In FP32 a step the lanes cannot take is rare: all k steps first, without a test per step, and again step by
// step only if one was met. twoSum: the lanes also decide exact sums and midpoints (TwoSum), at a cost that
// pays once the operands have shown such steps (16-bit operands summed in FP32 often give them).
template <const Format& F>
FPLAB_INLINE int lanesWhileExact(const double* a, const double* b, int bStride, int p, int k, int lanes, double* sums,
                                 bool& inexact, bool& underflow, bool twoSum) {
    if (twoSum) return lanesSteps<F, true, true>(a, b, bStride, p, k, lanes, sums, inexact, underflow);
    if (lanesSteps<F, false, false>(a, b, bStride, p, k, lanes, sums, inexact, underflow) == k) return k;
    return lanesSteps<F, true, false>(a, b, bStride, p, k, lanes, sums, inexact, underflow);
}

FPLAB_LANE_CLONES int fp32LanesWhileExact(const double* a, const double* b, int bStride, int p, int k, int lanes,
                                          double* s, bool& inexact, bool& underflow, bool twoSum) {
    return lanesWhileExact<kFp32>(a, b, bStride, p, k, lanes, s, inexact, underflow, twoSum);
}
// FP16: every step in the lanes (fp16_fma_lanes.h) but overflow, an infinity or a NaN, met step by step.
FPLAB_LANE_CLONES int fp16LanesWhileExact(const double* a, const double* b, int bStride, int p, int k, int lanes,
                                          double* s, bool& inexact, bool& underflow, bool) {
    if (fp16FmaLanes<false>(a, b, bStride, p, k, lanes, s, inexact, underflow) == k) return k;
    return fp16FmaLanes<true>(a, b, bStride, p, k, lanes, s, inexact, underflow);
}
FPLAB_LANE_CLONES int bf16LanesWhileExact(const double* a, const double* b, int bStride, int p, int k, int lanes,
                                          double* s, bool& inexact, bool& underflow, bool twoSum) {
    return lanesWhileExact<kBf16>(a, b, bStride, p, k, lanes, s, inexact, underflow, twoSum);
}

// The FP16 matmul's rows taken together (EmulatedOps::fp16DotsInRows).
constexpr int kFp16RowsTogether = EmulatedOps::kFp16RowsTogether;
FPLAB_PORTABLE_ROW_CLONES bool fp16PortableRowLanes(const double* a, int k, const double* b, int bStride, int lanes,
                                                    double* sums, bool& inexact, bool& underflow) {
    return fp16FmaRows<kFp16RowsTogether>(a, k, b, bStride, lanes, sums, inexact, underflow);
}
bool fp16RowLanes(const double* a, int k, const double* b, int bStride, int lanes, double* sums, bool& inexact,
                  bool& underflow) {
#ifdef FPLAB_HAVE_FP16_ROWS_AVX512
    static_assert(kFp16RowsTogether == 4);
    if (fp16FmaFourRowsAvx512Available())
        return fp16FmaFourRowsAvx512(a, k, b, bStride, lanes, sums, inexact, underflow);
#endif
    return fp16PortableRowLanes(a, k, b, bStride, lanes, sums, inexact, underflow);
}

template <const Format& F>
int lanesWhileExactIn(const double* a, const double* b, int bStride, int p, int k, int lanes, double* s, bool& inexact,
                      bool& underflow, bool twoSum) {
    if constexpr (F.id == FormatId::Fp16)
        return fp16LanesWhileExact(a, b, bStride, p, k, lanes, s, inexact, underflow, twoSum);
    else if constexpr (F.id == FormatId::Bf16)
        return bf16LanesWhileExact(a, b, bStride, p, k, lanes, s, inexact, underflow, twoSum);
    else return fp32LanesWhileExact(a, b, bStride, p, k, lanes, s, inexact, underflow, twoSum);
}

// The formats DoubleRounding was proven for; any other is computed by the core.
bool provenFormat(FormatId f) { return f == FormatId::Fp32 || f == FormatId::Fp16 || f == FormatId::Bf16; }

// x rounded to f (fp32: x itself, as the core's conversion) with its flags, where double_rounding.h decides
// them; false where the core must (a midpoint, overflow, an infinity or a NaN into fp16 or bf16).
bool fastCast(FormatId f, float x, float& out, Flags& flags) {
    double v = 0;
    switch (f) {
    case FormatId::Fp32: out = x; return true;
    case FormatId::Fp16:
        if (!DoubleRounding<kFp16>::round(x, v, flags)) return false;
        break;
    case FormatId::Bf16:
        if (!DoubleRounding<kBf16>::round(x, v, flags)) return false;
        break;
    default: return false;
    }
    out = float(v);
    return true;
}

// Whether x is a finite number of f, for a format the fast paths were proven for (false for any other): its own
// rounding to f, with no flag.
FPLAB_INLINE bool isNumberOf(FormatId f, float x) {
    switch (f) {
    case FormatId::Fp32: return std::isfinite(x);
    case FormatId::Fp16: return DoubleRounding<kFp16>::exactResult(x);
    case FormatId::Bf16: return DoubleRounding<kBf16>::exactResult(x);
    default: return false;
    }
}

// The bits of F of a finite F value held in a double.
template <const Format& F>
std::uint64_t bitsOf(double v) {
    const std::uint64_t bits = std::bit_cast<std::uint32_t>(float(v));
    if constexpr (F.id == FormatId::Fp32) return bits;
    else return fast::convert<kFp32, F>(bits).bits;
}

} // namespace

// The operands' bits in the accumulation format for the core, b transposed so that each dot product reads a row.
void EmulatedOps::needOperandBits(FormatId accumulate, int k, int n) {
    if (m_operandBitsReady) return;
    m_aBits.resize(m_aFloats.size());
    m_bBits.resize(std::size_t(k) * n);
    for (std::size_t e = 0; e < m_aFloats.size(); ++e) m_aBits[e] = roundToFormat(accumulate, m_aFloats[e]).bits;
    for (int p = 0; p < k; ++p)
        for (int j = 0; j < n; ++j)
            m_bBits[std::size_t(j) * k + p] = roundToFormat(accumulate, m_bFloats[std::size_t(p) * m_bStride + j]).bits;
    m_operandBitsReady = true;
}

template <const Format& Acc>
void EmulatedOps::coreDot(int i, int j, int k, int n, float* out, std::size_t elementBase) {
    constexpr FormatId acc = Acc.id;
    needOperandBits(acc, k, n);
    const std::uint64_t* aRow = m_aBits.data() + std::size_t(i) * k;
    const std::uint64_t* bCol = m_bBits.data() + std::size_t(j) * k;
    std::uint64_t sum = 0;
    Flags flags = 0;
    for (int p = 0; p < k; ++p) {
        const Result r = fast::fma<Acc>(aRow[p], bCol[p], sum);
        if (r.flags & kReported)
            record(acc, r.flags, elementBase + std::size_t(i) * n + j, "matmul.fma", {aRow[p], bCol[p], sum}, r.bits,
                   {Operation::Fma, {}});
        flags |= r.flags;
        sum = r.bits;
    }
    if (flags) record(acc, flags, elementBase + std::size_t(i) * n + j, "matmul.fma", {}, sum, {Operation::Fma, {}});
    *out = floatOf(acc, sum);
}

template <const Format& Acc>
bool EmulatedOps::fastDots(int i, int j0, int lanes, int k, int n, float* out, std::size_t elementBase) {
    using Wide = double;
    using R = DoubleRounding<Acc, Wide>;
    const Wide* aRow = m_aValues.data() + std::size_t(i) * k;
    const Wide* b = m_bValues.data() + j0;
    Wide s[kLanes] = {};
    bool inexact = false, underflow = false;
    Flags flags = 0;
    // Set once a step needed the scalar path (16-bit operands summed in FP32 often give exact sums and midpoints).
    bool twoSum = false;
    for (int p = 0; (p = lanesWhileExactIn<Acc>(aRow, b, m_bStride, p, k, lanes, s, inexact, underflow, twoSum)) < k;
         ++p, twoSum = true) {
        for (int l = lanes; l < kLanes; ++l) s[l] = 0; // past the last column: never read
        for (int l = 0; l < lanes; ++l) {
            const Wide product = aRow[p] * b[std::ptrdiff_t(p) * m_bStride + l];
            const Wide w = product + s[l];
            if (R::roundInexact(w, s[l])) {
                inexact = true;
            } else if (R::roundTiny(w, s[l])) {
                inexact = underflow = true;
            } else if ((product == 0 && std::fabs(w) <= R::kMaxFinite) ||
                       (twoSumError(product, s[l], w) == 0 && R::exactResult(w))) {
                s[l] = w;
            } else {
                const std::size_t j = std::size_t(j0 + l);
                needOperandBits(Acc.id, k, n);
                const Result r = fast::fma<Acc>(m_aBits[std::size_t(i) * k + p], m_bBits[j * k + p], bitsOf<Acc>(s[l]));
                const double value = floatOf(Acc.id, r.bits);
                if ((r.flags & kReported) || !std::isfinite(value)) return false;
                flags |= r.flags;
                s[l] = value;
            }
        }
    }
    for (int l = 0; l < lanes; ++l) out[l] = float(s[l]);
    if (inexact) flags |= kInexact;
    if (underflow) flags |= kUnderflow;
    if (flags) record(Acc.id, flags, elementBase + std::size_t(i) * n + j0, "matmul.fma", {}, 0, {Operation::Fma, {}});
    return true;
}

std::uint64_t EmulatedOps::fp16DotsInRows(int i, int k, int n, float* c, int ldc, std::size_t elementBase) {
    std::uint64_t done = 0;
    bool inexact = false, underflow = false;
    for (int j0 = 0; j0 < n; j0 += kLanes) {
        const int lanes = std::min(kLanes, n - j0);
        double sums[kFp16RowsTogether][kLanes];
        if (!fp16RowLanes(m_aValues.data() + std::size_t(i) * k, k, m_bValues.data() + j0, m_bStride, lanes,
                          &sums[0][0], inexact, underflow))
            continue;
        for (int row = 0; row < kFp16RowsTogether; ++row)
            for (int l = 0; l < lanes; ++l) c[std::size_t(row) * ldc + j0 + l] = float(sums[row][l]);
        done |= std::uint64_t{1} << (j0 / kLanes);
    }
    const Flags flags = Flags((inexact ? kInexact : 0) | (underflow ? kUnderflow : 0));
    if (flags)
        record(FormatId::Fp16, flags, elementBase + std::size_t(i) * n, "matmul.fma", {}, 0, {Operation::Fma, {}});
    return done;
}

template <const Format& Acc>
void EmulatedOps::matmulKernel(int m, int k, int n, float* c, int ldc, bool lowerOnly, std::size_t elementBase) {
    const bool fast = m_useFastPaths && provenFormat(Acc.id);
    // FP16: kFp16RowsTogether rows at once where every step of a block of them all is taken in the lanes (no
    // report can come from those blocks, so the others, done row by row below, keep the reports' reference order).
    const bool rowsTogether = fast && Acc.id == FormatId::Fp16 && !lowerOnly && n <= 64 * kLanes;
    std::uint64_t doneAbove = 0; // bit b: block b of row i was computed with the rows above
    int rowsLeftInGroup = 0;
    for (int i = 0; i < m; ++i) {
        if (i % 8 == 0) stopIfRequested(m_stop);
        const int jEnd = lowerOnly ? std::min(n, i + 1) : n;
        float* row = c + std::size_t(i) * ldc;
        if (rowsLeftInGroup == 0) {
            doneAbove = 0;
            if (rowsTogether && i + kFp16RowsTogether <= m) {
                doneAbove = fp16DotsInRows(i, k, n, row, ldc, elementBase);
                rowsLeftInGroup = kFp16RowsTogether;
            }
        }
        if (rowsLeftInGroup > 0) --rowsLeftInGroup;
        for (int j0 = 0; j0 < jEnd; j0 += kLanes) {
            if ((doneAbove >> (j0 / kLanes)) & 1) continue;
            const int lanes = std::min(kLanes, jEnd - j0);
            if (fast && fastDots<Acc>(i, j0, lanes, k, n, row + j0, elementBase)) continue;
            for (int j = j0; j < j0 + lanes; ++j) coreDot<Acc>(i, j, k, n, row + j, elementBase);
        }
    }
}

void EmulatedOps::matmul(FormatId input, FormatId accumulate, MatrixView a, MatrixView b, int m, int k, int n, float* c,
                         int ldc, bool lowerOnly, std::size_t elementBase) {
    // The operands rounded to the input format, then widened (exactly, when the input format is the
    // narrower) to the accumulation format, as floats: a as m rows of k, b as k rows of n padded to whole
    // blocks of lanes. The fast casts raise no overflow or invalid, so their flags are recorded once, at the end.
    Flags fastCastFlags = 0;
    auto load = [&](float value, std::size_t element, const char* operation) {
        float v = 0;
        // An input-format value is its own accumulation-format value when the two are the same format.
        if (m_useFastPaths && input == accumulate && isNumberOf(input, value)) return value;
        if (m_useFastPaths && fastCast(input, value, v, fastCastFlags) &&
            (input == accumulate || fastCast(accumulate, v, v, fastCastFlags)))
            return v;
        const Result x = roundToFormat(input, value);
        const Result y = roundToFormat(accumulate, floatOf(input, x.bits));
        if (x.flags | y.flags)
            record(input, Flags(x.flags | y.flags), element, operation, {}, y.bits, {Operation::Convert, {}});
        return floatOf(accumulate, y.bits);
    };
    m_bStride = (n + kLanes - 1) / kLanes * kLanes;
    m_aFloats.resize(std::size_t(m) * k);
    m_bFloats.assign(std::size_t(k) * m_bStride, 0.0f);
    for (int i = 0; i < m; ++i)
        for (int p = 0; p < k; ++p)
            m_aFloats[std::size_t(i) * k + p] = load(a.at(i, p), std::size_t(i) * k + p, "matmul.cast_a");
    for (int p = 0; p < k; ++p)
        for (int j = 0; j < n; ++j)
            m_bFloats[std::size_t(p) * m_bStride + j] = load(b.at(p, j), std::size_t(p) * n + j, "matmul.cast_b");
    if (fastCastFlags) record(input, fastCastFlags, 0, "matmul.cast", {}, 0, {Operation::Convert, {}});

    // FP32, and FP16 where the CPU has an FP16 fma, on the host's own fmas first.
    const bool hostFp16 = accumulate == FormatId::Fp16 && m_useHostHalfMatmul && hostHalfMatmulAvailable();
    if (m_useFastPaths && (accumulate == FormatId::Fp32 || hostFp16)) {
        // In blocks of rows, so that a stop request is asked between them (a causal mask needs every row at once).
        const int blockRows = lowerOnly ? m : 64;
        bool answered = true, inexact = false, underflow = false;
        if (hostFp16) { // the operands as binary16, once for every block of rows
            m_aHalves.resize(m_aFloats.size());
            m_bHalves.resize(m_bFloats.size());
            toHostHalves(m_aFloats.data(), m_aFloats.size(), m_aHalves.data());
            toHostHalves(m_bFloats.data(), m_bFloats.size(), m_bHalves.data());
        }
        for (int r0 = 0; r0 < m && answered; r0 += blockRows) {
            stopIfRequested(m_stop);
            bool blockInexact = false, blockUnderflow = false;
            const float* aBlock = m_aFloats.data() + std::size_t(r0) * k;
            float* cBlock = c + std::size_t(r0) * ldc;
            const int rows = std::min(blockRows, m - r0);
            answered = hostFp16 ? hostHalfMatmul(m_aHalves.data() + std::size_t(r0) * k, m_bHalves.data(), m_bStride,
                                                 rows, k, n, cBlock, ldc, lowerOnly, blockInexact, blockUnderflow)
                                : hostFloatMatmul(aBlock, m_bFloats.data(), m_bStride, rows, k, n, cBlock, ldc,
                                                  lowerOnly, blockInexact);
            inexact = inexact || blockInexact;
            underflow = underflow || blockUnderflow;
        }
        if (answered) {
            const Flags flags = Flags((inexact ? kInexact : 0) | (underflow ? kUnderflow : 0));
            if (flags) record(accumulate, flags, elementBase, "matmul.fma", {}, 0, {Operation::Fma, {}});
            return;
        }
    }
    // The exact path: the operands' binary64 values for the lanes; their bits for the core once it is needed.
    m_operandBitsReady = false;
    if (m_useFastPaths && provenFormat(accumulate)) {
        m_aValues.assign(m_aFloats.begin(), m_aFloats.end());
        m_bValues.assign(m_bFloats.begin(), m_bFloats.end());
    }
    switch (accumulate) {
    case FormatId::Fp16: matmulKernel<kFp16>(m, k, n, c, ldc, lowerOnly, elementBase); break;
    case FormatId::Bf16: matmulKernel<kBf16>(m, k, n, c, ldc, lowerOnly, elementBase); break;
    default: matmulKernel<kFp32>(m, k, n, c, ldc, lowerOnly, elementBase); break;
    }
}

} // namespace fplab::training
