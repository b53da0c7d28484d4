// The FP16 matmul's fused multiply-adds, kMatmulLanes dot products side by side, each step one binary64
// addition and one rounding to FP16 that give the core's result and flags (round to nearest even, tininess
// after rounding).
//
// Why it is exact. a, b and the running sum c are FP16 numbers: a x b = p is exact in binary64 (at most 22
// significant bits, from 2^-48 to below 2^32), and c is a multiple of 2^-24 below 2^16. The exact x = p + c
// fits binary64's 53 bits unless its lowest and highest bits are 53 or more apart, which needs either
// (A) |p| < 2^-30 |c|: then x and w = RN64(x) lie within 2^-30 |c| of c, nearer to c than any other FP16
// number or midpoint, so RN16(x) = RN16(w) = c, inexact, and w is c itself or no FP16 number; or
// (B) |p| >= 2^28 with c far below: x overflows FP16, and so does w.
// Otherwise w = x. Hence RN16(x) = RN16(w) = r always: no double rounding, and a midpoint w is x itself. Inexact
// is r - c != p: r and c are multiples of 2^-24 below 2^17, so r - c is exact and equals p only when r = x (a
// finite r; a larger one is left to the core). Tiny after rounding (11 bits, no
// exponent bound, below 2^-14) is |x| < 2^-14 - 2^-26, the same as |w| < 2^-14 - 2^-26 (no FP16 number lies
// within 2^-44 of that bound); underflow is tiny and inexact. RN16(w) = (w + M) - M with M = 1.5 x 2^(e + 42),
// e = max(w's exponent, -14): w + M lies in the binade whose ulp is FP16's at w (its quantum 2^-24 below
// the normals), M is an even multiple of it, so the addition is FP16's rounding and the subtraction exact.
// A result above FP16's largest finite number, an infinity or a NaN is left to the core (a step not taken).
#pragma once

#include "core/training/transformer/matmul_lane_vectors.h"

#include "core/flags.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace fplab::training {

namespace fp16_lanes {

constexpr std::int64_t kSign = std::int64_t(std::uint64_t{1} << 63);
constexpr std::int64_t kExponentField = std::int64_t{0x7ff} << 52;
constexpr std::int64_t kMinNormalExponent = std::int64_t{-14 + 1023} << 52;
constexpr std::int64_t kMagicFromExponent = (std::int64_t{52 - 10} << 52) | (std::int64_t{1} << 51); // x 1.5 x 2^42
constexpr std::int64_t kMaxFiniteBits = 0x40effc0000000000; // 65504; an infinity or NaN is above it too
constexpr double kTinyBelow = 0x1p-14 - 0x1p-26;

} // namespace fp16_lanes

// The same rounding for one value (EmulatedOps' element-wise FP16 +, -, x and fma): r = RN16(w), where w is the
// exact result x or, in an fma, RN64(x) (the proof above), with its flags; isExact(r): whether r is x. False,
// for the core to decide, where r is not finite in FP16.
template <class IsExact>
FPLAB_INLINE bool fp16RoundOnce(double w, IsExact&& isExact, double& r, Flags& flags) {
    using namespace fp16_lanes;
    const std::int64_t u = std::bit_cast<std::int64_t>(w);
    const std::int64_t exponent = u & kExponentField;
    const double magic = std::bit_cast<double>((exponent > kMinNormalExponent ? exponent : kMinNormalExponent) +
                                               kMagicFromExponent);
    r = std::bit_cast<double>(std::bit_cast<std::int64_t>((w + magic) - magic) | (u & kSign));
    if ((std::bit_cast<std::int64_t>(r) & ~kSign) > kMaxFiniteBits) return false;
    if (!isExact(r)) flags |= std::fabs(w) < kTinyBelow ? Flags(kInexact | kUnderflow) : Flags(kInexact);
    return true;
}

// One vector of lanes' step: result = RN16(product + sum), "rounds" (inexact) and tiny-and-inexact ORed into
// inexact and underflow, the largest result magnitude's bits into largest (in-column lanes only).
FPLAB_INLINE void fp16Step(const lane_vectors::Values& product, const lane_vectors::Values& sum,
                           const lane_vectors::Ints& inColumns, const lane_vectors::Ints& magnitudeInColumns,
                           lane_vectors::Values& result, lane_vectors::Ints& inexact, lane_vectors::Ints& underflow,
                           lane_vectors::Ints& largest) {
    using namespace fp16_lanes;
    using namespace lane_vectors;
    const Values c = sum;
    const Values w = product + c;
    const Ints u = (Ints)w;
    const Ints exponent = u & kExponentField;
    const Values magic = (Values)((exponent > kMinNormalExponent ? exponent : kMinNormalExponent) + kMagicFromExponent);
    const Values r = (Values)((Ints)((w + magic) - magic) | (u & kSign)); // a negative w rounding to 0: -0
    const Ints rounds = ((r - c) != product) & inColumns;
    inexact |= rounds;
    underflow |= rounds & ((Values)(u & ~kSign) < kTinyBelow);
    const Ints magnitude = (Ints)r & magnitudeInColumns;
    largest = magnitude > largest ? magnitude : largest;
    result = r;
}

FPLAB_INLINE void fp16ColumnMasks(int lanes, lane_vectors::Ints (&inColumns)[lane_vectors::kVectors],
                                  lane_vectors::Ints (&magnitudeInColumns)[lane_vectors::kVectors]) {
    lane_vectors::columnMasks(lanes, inColumns);
    for (int v = 0; v < lane_vectors::kVectors; ++v) magnitudeInColumns[v] = inColumns[v] & ~fp16_lanes::kSign;
}

// Steps p, p+1, ... of the lanes' FP16 fmas on `sums`; lanes from `lanes` on are past the last column (their
// flags are not the matmul's). StopAtFirst: returns the first step where a lane in the columns was not taken
// (k when none), `sums` and the flags holding the steps before it. Otherwise no test per step: -1, with `sums`
// and the flags untouched, when some step was not taken, else k.
template <bool StopAtFirst>
FPLAB_INLINE int fp16FmaLanes(const double* a, const double* b, int bStride, int p, int k, int lanes, double* sums,
                              bool& inexact, bool& underflow) {
    using namespace fp16_lanes;
    using namespace lane_vectors;
    Values s[kVectors], next[kVectors];
    std::memcpy(s, sums, sizeof s);
    Ints inexactSoFar = {}, underflowSoFar = {}, largestSoFar = {}, inColumns[kVectors] = {},
         magnitudeInColumns[kVectors] = {};
    fp16ColumnMasks(lanes, inColumns, magnitudeInColumns);
    for (; p < k; ++p) {
        Ints stepLargest = {}; // the largest |result|'s bits
        for (int v = 0; v < kVectors; ++v) {
            Values product;
            rowProduct(a, b, bStride, p, v, product);
            fp16Step(product, s[v], inColumns[v], magnitudeInColumns[v], StopAtFirst ? next[v] : s[v], inexactSoFar,
                     underflowSoFar, StopAtFirst ? stepLargest : largestSoFar);
        }
        if constexpr (StopAtFirst) {
            // A lane not taken sends the whole block to the core (fastDots), whose flags replace these.
            if (anyLane(stepLargest > kMaxFiniteBits)) break;
            std::memcpy(s, next, sizeof s);
        }
    }
    if (!StopAtFirst && anyLane(largestSoFar > kMaxFiniteBits)) return -1;
    std::memcpy(sums, s, sizeof s);
    inexact |= anyLane(inexactSoFar);
    underflow |= anyLane(underflowSoFar);
    return p;
}

// All k steps of Rows rows of a (rows of k, from a) against the same columns of b, from +0, with no test per step
// (several rows' lanes side by side hide the latency of each step's rounding): false, with the sums and flags
// untouched, when some step was not taken; sums: Rows rows of kMatmulLanes.
template <int Rows>
FPLAB_INLINE bool fp16FmaRows(const double* a, int k, const double* b, int bStride, int lanes, double* sums,
                              bool& inexact, bool& underflow) {
    using namespace fp16_lanes;
    using namespace lane_vectors;
    Values s[Rows][kVectors] = {};
    Ints inexactSoFar = {}, underflowSoFar = {}, largestSoFar = {}, inColumns[kVectors] = {},
         magnitudeInColumns[kVectors] = {};
    fp16ColumnMasks(lanes, inColumns, magnitudeInColumns);
    for (int p = 0; p < k; ++p) {
        for (int v = 0; v < kVectors; ++v) {
            for (int row = 0; row < Rows; ++row) {
                Values product;
                rowProduct(a + std::ptrdiff_t(row) * k, b, bStride, p, v, product);
                fp16Step(product, s[row][v], inColumns[v], magnitudeInColumns[v], s[row][v], inexactSoFar,
                         underflowSoFar, largestSoFar);
            }
        }
    }
    if (anyLane(largestSoFar > kMaxFiniteBits)) return false;
    std::memcpy(sums, s, sizeof s);
    inexact |= anyLane(inexactSoFar);
    underflow |= anyLane(underflowSoFar);
    return true;
}

} // namespace fplab::training
