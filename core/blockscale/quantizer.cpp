#include "core/blockscale/quantizer.h"

#include "core/arithmetic.h"
#include "core/blockscale/element_table.h"
#include "core/blockscale/scale_rules.h"
#include "core/fast.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

namespace fplab::blockscale {
namespace {

constexpr std::uint32_t kMagnitude = 0x7FFFFFFF;
constexpr std::uint32_t kInfinity = 0x7F800000;
constexpr std::uint32_t kE8m0Nan = 0xFF;
constexpr Env kSaturate{.saturate = true};
constexpr Env kToOdd{.rounding = RoundingMode::ToOdd};
constexpr int kMxint8FractionBits = 6;

std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }

// The FP32 encodings of a float array, read with std::bit_cast rather than through a type-punned pointer.
class Fp32Bits {
public:
    explicit Fp32Bits(const float* data) : m_data(data) {}
    std::uint32_t operator[](std::size_t i) const { return std::bit_cast<std::uint32_t>(m_data[i]); }
    Fp32Bits operator+(std::size_t offset) const { return Fp32Bits(m_data + offset); }
    // A hint to the memory system (GCC and Clang); without the builtin, nothing.
    void prefetch([[maybe_unused]] std::size_t i) const {
#if defined(__GNUC__) || defined(__clang__)
        __builtin_prefetch(m_data + i);
#endif
    }

private:
    const float* m_data;
};
std::uint64_t toFp64(std::uint32_t fp32Bits) { return fast::convert<kFp32, kFp64>(fp32Bits).bits; }
double asDouble(std::uint64_t fp64Bits) { return std::bit_cast<double>(fp64Bits); }
// x * 2^k for a non-zero normal FP64 encoding whose result stays normal (callers guarantee it).
std::uint64_t scaleFp64(std::uint64_t bits, int k) {
    return bits + (static_cast<std::uint64_t>(static_cast<std::int64_t>(k)) << 52);
}

// Asks for the elements kPrefetchAhead past a run before the run is read, one request per 64-byte line. On the
// shared 2-CPU build machine the hardware prefetcher alone left these passes waiting on memory (a profile put half
// of NVFP4's element pass on one load); docs/performance.md has the figures before and after.
constexpr std::size_t kPrefetchAhead = 1024; // elements: 4 KiB
void prefetchAhead(Fp32Bits bits, std::size_t first, std::size_t count, std::size_t size) {
    const std::size_t end = std::min(first + count + kPrefetchAhead, size);
    for (std::size_t i = first + kPrefetchAhead; i < end; i += 16) bits.prefetch(i);
}

// Calls fn(first, count, block) for every run of elements in one row under one scale, each run's elements
// prefetched ahead of it.
template <class Fn>
void forEachSegment(const BlockLayout& layout, Fp32Bits bits, Fn&& fn) {
    const Shape s = layout.shape();
    const std::size_t width = blockWidth(layout.grouping()) == 0 ? s.cols : blockWidth(layout.grouping());
    for (std::size_t r = 0; r < s.rows; ++r) {
        std::size_t block = layout.blockOf(r, 0); // a row's runs lie in consecutive blocks, under every grouping
        for (std::size_t c = 0; c < s.cols; c += width) {
            const std::size_t first = r * s.cols + c, count = std::min(width, s.cols - c);
            prefetchAhead(bits, first, count, s.size());
            fn(first, count, block++);
        }
    }
}

// The largest magnitude per block as FP32 bits; for finite values their order is the integer order.
std::vector<std::uint32_t> blockAmax(const BlockLayout& layout, Fp32Bits bits) {
    std::vector<std::uint32_t> amax(layout.blockCount(), 0);
    forEachSegment(layout, bits, [&](std::size_t first, std::size_t count, std::size_t block) {
        std::uint32_t m = amax[block];
        for (std::size_t i = first; i < first + count; ++i) m = std::max(m, bits[i] & kMagnitude);
        amax[block] = m;
    });
    return amax;
}

// V / 2^x rounded to the element format E, saturating (OCP MX v1.0 section 6.3).
template <const Format& E>
std::uint8_t mxElement(std::uint32_t bits, int x) {
    const int field = static_cast<int>((bits >> 23) & 0xFF);
    const int scaled = field - x;
    if (field != 0 && scaled >= 1 && scaled <= 254)
        return static_cast<std::uint8_t>(
            fast::convert<kFp32, E>((bits & 0x807FFFFF) | (static_cast<std::uint32_t>(scaled) << 23), kSaturate).bits);
    if (field != 0 && scaled < 1) // below 2^-126: under a quarter of every element format's smallest subnormal
        return static_cast<std::uint8_t>((bits >> 31) != 0 ? E.signMask() : 0);
    if ((bits & kMagnitude) == 0) return static_cast<std::uint8_t>((bits >> 31) != 0 ? E.signMask() : 0);
    return static_cast<std::uint8_t>(fast::convert<kFp64, E>(scaleFp64(toFp64(bits), -x), kSaturate).bits);
}

// MXINT8: V / 2^x in 1.6 fixed point, rounded to nearest even, clamped to +-127 (symmetric, as the
// OCP reference code does).
std::uint8_t mxint8Element(std::uint32_t bits, int x) {
    if ((bits & kMagnitude) == 0) return 0;
    const std::uint64_t scaled = scaleFp64(toFp64(bits), kMxint8FractionBits - x);
    const double integral = asDouble(roundToIntegral(kFp64, scaled).bits);
    return static_cast<std::uint8_t>(static_cast<std::int8_t>(std::clamp(integral, -127.0, 127.0)));
}

// The table for format E: exponents below emin - m - 1 are under half the smallest subnormal (zero);
// from emax + 1 up everything saturates; m fraction bits and the round bit decide the rest.
template <const Format& E>
const ElementTable& mxTable() {
    static const ElementTable table(E.minExponent() - E.mantissaBits - 2, E.maxExponent() + 1, E.mantissaBits + 1,
                                    [](std::uint32_t bits) { return mxElement<E>(bits, 0); });
    return table;
}

// MXINT8 scales by 2^6 and rounds to an integer below 128: values under 2^-2 * 2 round to zero, and
// 6 fraction bits plus the round bit decide the rest.
const ElementTable& mxint8Table() {
    static const ElementTable table(-kMxint8FractionBits - 2, 1, kMxint8FractionBits + 1,
                                    [](std::uint32_t bits) { return mxint8Element(bits, 0); });
    return table;
}

// The E8M0 exponent X of a block under one of the power-of-two rules.
int sharedExponent(ScaleRule rule, std::uint32_t amaxBits, std::uint32_t elementMaxBits, int emax) {
    switch (rule) {
    case ScaleRule::RoundUp: return roundUpSharedExponent(amaxBits, elementMaxBits);
    case ScaleRule::Nearest: return nearestSharedExponent(amaxBits, elementMaxBits);
    default: return mxSharedExponent(amaxBits, emax);
    }
}

// The element format's largest finite value as FP32 bits (MXINT8: 127/64).
std::uint32_t elementMaxBits(const SchemeInfo& info) {
    if (info.element == nullptr) return 0x3FFE0000;
    const Format& e = *info.element;
    return static_cast<std::uint32_t>(convert(e, e.maxFiniteMagnitude(), kFp32).bits);
}

template <class ElementFn>
void quantizeMx(Quantized& q, const BlockLayout& layout, const std::vector<std::uint32_t>& amax, Fp32Bits bits,
                const SchemeInfo& info, ElementFn element, const ElementTable& table, Path path) {
    const std::uint32_t elementMax = elementMaxBits(info);
    forEachSegment(layout, bits, [&](std::size_t first, std::size_t count, std::size_t block) {
        if (amax[block] >= kInfinity) { // NaN or infinity in the block: the scale is NaN, so is every element
            q.scaleBits[block] = kE8m0Nan;
            return;
        }
        const int x = sharedExponent(q.rule, amax[block], elementMax, info.emaxElement);
        q.scaleBits[block] = e8m0FromExponent(x);
        if (path == Path::Reference) {
            for (std::size_t i = first; i < first + count; ++i) q.codes[i] = element(bits[i], x);
            return;
        }
        table.lookupAll(bits + first, count, x, q.codes.data() + first);
        for (std::size_t i = first; i < first + count; ++i) // zeros and subnormal inputs: not in the table
            if ((bits[i] & 0x7F800000) == 0) q.codes[i] = element(bits[i], x);
    });
}

// E2M1 rounding of x / d by comparing |x| with the midpoints between neighbouring E2M1 values times d.
// Each product has at most 3 + 28 significant bits, so the host multiplication is exact (nothing is
// rounded there). Each midpoint is then rounded down to FP32 by core (noting whether that was exact), so
// that |x| > midpoint becomes an integer comparison of FP32 magnitude bits: counting the midpoints below
// |x| is the correctly rounded result, and an |x| equal to an odd code's upper midpoint goes up (ties to even):
// for those the threshold is one less, so that one comparison per midpoint decides. Magnitudes and thresholds
// are below 2^31 and compare as signed integers, which SSE2 vectorises.
class E2m1Thresholds {
public:
    E2m1Thresholds() = default;
    explicit E2m1Thresholds(std::uint64_t denominator) {
        constexpr double kMidpoints[7] = {0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0};
        for (int k = 0; k < 7; ++k) {
            const double t = kMidpoints[k] * asDouble(denominator);
            const Result down = fast::convert<kFp64, kFp32>(std::bit_cast<std::uint64_t>(t),
                                                            Env{.rounding = RoundingMode::TowardNegative});
            const bool tieGoesUp = (down.flags & kInexact) == 0 && (k & 1) != 0;
            m_above[k] = static_cast<std::int32_t>(down.bits) - (tieGoesUp ? 1 : 0); // t > 0: no sign bit
        }
    }
    // A local copy of the thresholds: the uint8_t stores may alias anything, which would otherwise make
    // the compiler reload them for every element.
    // A full 16-element run (NVFP4's block width) as a loop of known length, which the compiler unrolls.
    void codes(Fp32Bits bits, std::uint8_t* out, std::size_t count) const {
        if (count == 16) codesOf(bits, out, std::integral_constant<std::size_t, 16>{});
        else codesOf(bits, out, count);
    }

    // One coding of a run for codesAndSquares(): its thresholds, d (the block scale's value times the tensor
    // scale), and where its codes and squared errors go.
    struct Coding {
        const E2m1Thresholds* thresholds;
        double d;
        std::uint8_t* codes;
        double* squares;
    };
    // codes() under two codings at once (Four Over Six's 6 and 4), and each element's squared error
    // (x - value * d)^2 in double, computed as (|x| - |value| * d)^2, the same number: |value| * d is exact (2 by 28
    // significant bits) and rounding is symmetric in the sign. |value| comes from the code k without a table
    // lookup: max(k / 2, k - 2, 2k - 8) is 0 0.5 1 1.5 2 3 4 6.
    static void codesAndSquares(Fp32Bits bits, const Coding& a, const Coding& b, std::size_t count) {
        if (count == 16) codesAndSquaresOf(bits, a, b, std::integral_constant<std::size_t, 16>{});
        else codesAndSquaresOf(bits, a, b, count);
    }

private:
    template <class Count>
    static void codesAndSquaresOf(Fp32Bits bits, const Coding& a, const Coding& b, Count count) {
        std::int32_t aboveA[7], aboveB[7];
        std::copy(std::begin(a.thresholds->m_above), std::end(a.thresholds->m_above), aboveA);
        std::copy(std::begin(b.thresholds->m_above), std::end(b.thresholds->m_above), aboveB);
        const double dA = a.d, dB = b.d;
        std::uint8_t* codesA = a.codes;
        std::uint8_t* codesB = b.codes;
        double* squaresA = a.squares;
        double* squaresB = b.squares;
        const auto magnitudeOf = [](std::int32_t k) {
            const float kf = static_cast<float>(k);
            return static_cast<double>(std::max(std::max(kf * 0.5f, kf - 2), kf * 2 - 8));
        };
        for (std::size_t i = 0; i < count; ++i) {
            const std::int32_t magnitude = static_cast<std::int32_t>(bits[i] & kMagnitude);
            std::int32_t kA = 0, kB = 0;
            for (int j = 0; j < 7; ++j) {
                kA += magnitude > aboveA[j];
                kB += magnitude > aboveB[j];
            }
            const std::uint32_t sign = (bits[i] >> 31) << 3;
            codesA[i] = static_cast<std::uint8_t>(static_cast<std::uint32_t>(kA) | sign);
            codesB[i] = static_cast<std::uint8_t>(static_cast<std::uint32_t>(kB) | sign);
            const double x = static_cast<double>(std::bit_cast<float>(magnitude));
            const double errorA = x - magnitudeOf(kA) * dA;
            const double errorB = x - magnitudeOf(kB) * dB;
            squaresA[i] = errorA * errorA;
            squaresB[i] = errorB * errorB;
        }
    }

    template <class Count>
    void codesOf(Fp32Bits bits, std::uint8_t* out, Count count) const {
        std::int32_t above[7];
        std::copy(std::begin(m_above), std::end(m_above), above);
        for (std::size_t i = 0; i < count; ++i) {
            const std::int32_t magnitude = static_cast<std::int32_t>(bits[i] & kMagnitude);
            std::int32_t k = 0;
            for (int j = 0; j < 7; ++j) k += magnitude > above[j];
            out[i] = static_cast<std::uint8_t>(static_cast<std::uint32_t>(k) | ((bits[i] >> 31) << 3));
        }
    }

    std::int32_t m_above[7] = {}; // |x| above m_above[k] rounds past midpoint k
};

// The NVFP4 block scale E4M3(amax / (6 * global)) by a search over the midpoints between neighbouring E4M3
// values (decoded by core) times 6 * global: products of 5 and 27 significant bits, exact in double.
// Saturates at 448 as nvfp4BlockScale() does. The search has no branches: a block's amax is unpredictable.
// Used when the tensor scale is not a normal FP32 number (a tensor below about 2^-118); e4m3Quotient() otherwise.
class E4m3Thresholds {
public:
    explicit E4m3Thresholds(std::uint64_t sixTimesGlobal) {
        double previous = 0;
        for (std::uint32_t code = 1; code <= 0x7E; ++code) {
            const double v = asDouble(fast::convert<kE4m3, kFp64>(code).bits);
            m_t[code - 1] = (previous + v) / 2 * asDouble(sixTimesGlobal); // the halving and sum are exact
            previous = v;
        }
        m_t[kCount] = std::numeric_limits<double>::infinity(); // 127 entries: a search in 7 halvings
    }
    std::uint8_t code(std::uint32_t amaxBits) const {
        const double a = static_cast<double>(std::bit_cast<float>(amaxBits));
        std::size_t k = 0;                               // the number of midpoints <= a
        for (std::size_t step = 64; step > 0; step /= 2) // a mask rather than a condition, so no branch
            k += step & (std::size_t{0} - static_cast<std::size_t>(m_t[k + step - 1] <= a));
        if (k > 0 && m_t[k - 1] == a && ((k - 1) & 1) != 0) return static_cast<std::uint8_t>(k);
        if (k > 0 && m_t[k - 1] == a) return static_cast<std::uint8_t>(k - 1); // a tie: to the even code
        return static_cast<std::uint8_t>(k);
    }

private:
    static constexpr std::size_t kCount = 0x7E;
    double m_t[kCount + 1];
};

// The E4M3 code of a / d (a >= 0 an FP32 block amax, d = 6 or 4 times a normal tensor scale, exact in double),
// rounded to nearest even and saturating at 448, as nvfp4BlockScale() gives it. The host's double division is
// correctly rounded; a has 24 significant bits and d at most 26, so a / d is either an E4M3 midpoint exactly or
// at least 2^-31 (relative) away from every one, far more than the division's 2^-53: rounding the double to
// E4M3 rounds the exact quotient. Normal results keep 3 fraction bits of the double (the rounding carries into
// the exponent); below 2^-6 the codes count steps of 2^-9, and code 8 is 2^-6.
std::uint8_t e4m3Quotient(float a, double d) {
    const double q = static_cast<double>(a) / d;
    if (q < 0x1p-6) {
        const double steps = (q * 512 + 0x1p52) - 0x1p52; // to an integer, nearest even: exact, q * 512 < 8
        return static_cast<std::uint8_t>(steps);
    }
    std::uint64_t m = std::bit_cast<std::uint64_t>(q);
    m += ((std::uint64_t{1} << 48) - 1) + ((m >> 49) & 1); // 52 - 3 = 49 fraction bits dropped
    const std::uint64_t code = (m >> 49) - (std::uint64_t{1023 - 7} << 3);
    return static_cast<std::uint8_t>(std::min<std::uint64_t>(code, 0x7E));
}

// Each E2M1 code's value, sign included (a table rather than a branch on the sign).
constexpr double kSignedE2m1Values[16] = {0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6};

// The NVFP4 element codes of x / (scale * global): by comparison with midpoints (Fast) or one FP64
// division rounded to odd and one conversion each (Reference). A zero scale makes the block zero.
void nvfp4Codes(Fp32Bits bits, std::size_t count, std::uint8_t scale, std::uint64_t global,
                const std::vector<E2m1Thresholds>& thresholds, Path path, std::uint8_t* out) {
    if (scale == 0) { // the block's scale underflowed to zero (the global scale is never 0)
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<std::uint8_t>((bits[i] >> 31) != 0 ? kE2m1.signMask() : 0);
        return;
    }
    if (path == Path::Fast) {
        thresholds[scale].codes(bits, out, count);
        return;
    }
    // block scale * tensor scale: 4 by 24 significant bits, exact in FP64.
    const std::uint64_t denominator = fast::mul<kFp64>(fast::convert<kE4m3, kFp64>(scale).bits, global).bits;
    for (std::size_t i = 0; i < count; ++i) { // x / d rounded to odd in FP64, then to E2M1
        const std::uint64_t quotient = fast::div<kFp64>(toFp64(bits[i]), denominator, kToOdd).bits;
        out[i] = static_cast<std::uint8_t>(fast::convert<kFp64, kE2m1>(quotient, kSaturate).bits);
    }
}

// NVFP4's longest run under one scale (its block width).
constexpr std::size_t kNvfp4Run = 16;

// The codes of one run under two block scales as nvfp4Codes() gives them, and each element's squared error
// (x - value * d)^2 in double under each, d = the block scale's value times the tensor scale (Four Over Six
// compares their sums).
void nvfp4TwoCodings(Fp32Bits bits, std::size_t count, const std::uint8_t (&scales)[2], std::uint64_t global,
                     const double* scaleValues, const std::vector<E2m1Thresholds>& thresholds, Path path,
                     std::uint8_t* const (&codes)[2], double* const (&squares)[2]) {
    if (path == Path::Fast && scales[0] != 0 && scales[1] != 0) {
        E2m1Thresholds::codesAndSquares(
            bits, {&thresholds[scales[0]], scaleValues[scales[0] & 0x7F], codes[0], squares[0]},
            {&thresholds[scales[1]], scaleValues[scales[1] & 0x7F], codes[1], squares[1]}, count);
        return;
    }
    for (int c = 0; c < 2; ++c) {
        nvfp4Codes(bits, count, scales[c], global, thresholds, path, codes[c]);
        for (std::size_t i = 0; i < count; ++i) {
            const double value = kSignedE2m1Values[codes[c][i] & 15] * scaleValues[scales[c] & 0x7F];
            const double error = static_cast<double>(std::bit_cast<float>(bits[i])) - value;
            squares[c][i] = error * error;
        }
    }
}

// Four Over Six's choice for a few runs at a time: each run's two codings (codes and squared errors), then the
// squared errors of all of them summed together, each sum in its run's element order (so every sum is that of a
// plain loop over its run), but the chains of additions of different runs overlap. A run's squares past its
// length are 0, which leaves a sum as it is.
class FourOverSixRuns {
public:
    static constexpr std::size_t kRuns = 4;
    struct Run {
        std::size_t first = 0, count = 0, block = 0;
        std::uint8_t fourScale = 0;
        std::uint8_t four[kNvfp4Run] = {};
        double squaresSix[kNvfp4Run] = {}, squaresFour[kNvfp4Run] = {};
    };
    // The next run to fill, count elements long, with its squares past them zeroed; full() says when to settle().
    Run& next(std::size_t count) {
        Run& r = m_runs[m_count++];
        std::fill(r.squaresSix + count, std::end(r.squaresSix), 0.0);
        std::fill(r.squaresFour + count, std::end(r.squaresFour), 0.0);
        r.count = count;
        return r;
    }
    // A run's codes copied (a full run as one 16-byte move).
    static void copyCodes(std::uint8_t* to, const Run& r) {
        if (r.count == kNvfp4Run) std::memcpy(to, r.four, kNvfp4Run);
        else std::memcpy(to, r.four, r.count);
    }
    bool full() const { return m_count == kRuns; }
    // Calls decide(run, errorSix, errorFour) for each run filled, in order, and empties the batch.
    template <class Decide>
    void settle(Decide&& decide) {
        double six[kRuns] = {}, four[kRuns] = {};
        for (std::size_t i = 0; i < kNvfp4Run; ++i)
            for (std::size_t r = 0; r < kRuns; ++r) {
                six[r] += m_runs[r].squaresSix[i];
                four[r] += m_runs[r].squaresFour[i];
            }
        for (std::size_t r = 0; r < m_count; ++r) decide(m_runs[r], six[r], four[r]);
        m_count = 0; // the sums of slots left unfilled were not used
    }

private:
    Run m_runs[kRuns];
    std::size_t m_count = 0;
};

// NVIDIA's two-level rule with the block's amax mapped to 6 or to 4, or (Four Over Six) to whichever of
// the two gives the smaller squared error, 6 on a tie. The tensor scale divides by 448 * 6, 448 * 4, or
// (Four Over Six's reference code) 256 * 6. Four Over Six quantizes each row's run both ways in one pass;
// a 1D block (one run) keeps the better at once, a 16x16 tile once its 16 runs are summed.
void quantizeNvfp4(Quantized& q, const BlockLayout& layout, const std::vector<std::uint32_t>& amax, Fp32Bits bits,
                   Path path) {
    const std::uint32_t tensorAmax = amax.empty() ? 0 : *std::ranges::max_element(amax);
    const double primaryMax = q.rule == ScaleRule::Max4 ? 4 : 6;
    q.tensorScaleBits = nvfp4GlobalScale(tensorAmax, q.rule == ScaleRule::FourOverSix ? 256 : 448, primaryMax);
    const std::uint64_t global = toFp64(q.tensorScaleBits);
    const auto scaleFor = [&](double elementMax) { // elementMax * global, exact
        return fast::mul<kFp64>(std::bit_cast<std::uint64_t>(elementMax), global).bits;
    };
    const E4m3Thresholds primaryScales(scaleFor(primaryMax));
    const E4m3Thresholds fourScales(scaleFor(4));
    std::vector<E2m1Thresholds> elementThresholds(0x7F); // per positive finite block scale code
    double scaleValues[0x80] = {};                       // each code's value times the tensor scale, exact
    for (std::uint32_t code = 1; code < 0x7F; ++code) {
        scaleValues[code] = asDouble(fast::convert<kE4m3, kFp64>(code).bits) * asDouble(global);
        elementThresholds[code] = E2m1Thresholds(std::bit_cast<std::uint64_t>(scaleValues[code]));
    }
    const std::uint32_t globalField = q.tensorScaleBits >> 23;
    const bool normalGlobal = globalField != 0 && globalField != 0xFF;
    const auto blockScale = [&](std::uint32_t a, double elementMax, const E4m3Thresholds& t) {
        if (path == Path::Reference) return nvfp4BlockScale(a, q.tensorScaleBits, elementMax);
        if (normalGlobal) return e4m3Quotient(std::bit_cast<float>(a), elementMax * asDouble(global));
        return t.code(a);
    };
    const bool fourOverSix = q.rule == ScaleRule::FourOverSix;
    const bool tiles = layout.grouping() == Grouping::Tile16x16;
    // Tiles keep their 4-coding's codes for one band of 16 rows, until the band's tiles are summed.
    const std::size_t cols = layout.shape().cols;
    constexpr std::size_t kTileRows = 16;
    std::vector<std::uint8_t> four(fourOverSix && tiles ? std::min(kTileRows, layout.shape().rows) * cols : 0);
    std::size_t bandFirst = 0; // the first element of the band `four` holds
    std::vector<std::uint8_t> fourScale(fourOverSix && tiles ? layout.blockCount() : 0);
    std::vector<double> errorSixOf(fourOverSix && tiles ? layout.blockCount() : 0);
    std::vector<double> errorFourOf(errorSixOf.size());
    FourOverSixRuns batch;
    const auto decide = [&](const FourOverSixRuns::Run& run, double errorSix, double errorFour) {
        if (tiles) { // the tile decides once its 16 runs are summed
            fourScale[run.block] = run.fourScale;
            errorSixOf[run.block] += errorSix;
            errorFourOf[run.block] += errorFour;
            FourOverSixRuns::copyCodes(four.data() + (run.first - bandFirst), run);
        } else if (errorFour < errorSix) {
            FourOverSixRuns::copyCodes(q.codes.data() + run.first, run);
            q.scaleBits[run.block] = run.fourScale;
        }
    };
    const auto settleBand = [&] { // the band's tiles are complete: each keeps the coding with the smaller error
        batch.settle(decide);
        const std::size_t bandRows = std::min(kTileRows, layout.shape().rows - bandFirst / cols);
        for (std::size_t r = 0; r < bandRows; ++r) {
            std::size_t block = layout.blockOf(bandFirst / cols + r, 0);
            for (std::size_t c = 0; c < cols; c += kNvfp4Run, ++block) {
                if (!(errorFourOf[block] < errorSixOf[block])) continue;
                std::memcpy(q.codes.data() + bandFirst + r * cols + c, four.data() + r * cols + c,
                            std::min(kNvfp4Run, cols - c));
                q.scaleBits[block] = fourScale[block];
            }
        }
    };
    forEachSegment(layout, bits, [&](std::size_t first, std::size_t count, std::size_t block) {
        if (fourOverSix && tiles && first - bandFirst >= kTileRows * cols) { // a new band of 16 rows
            settleBand();
            bandFirst = first;
        }
        const std::uint8_t scale = blockScale(amax[block], primaryMax, primaryScales);
        q.scaleBits[block] = scale;
        std::uint8_t* six = q.codes.data() + first;
        if (!fourOverSix) {
            nvfp4Codes(bits + first, count, scale, global, elementThresholds, path, six);
            return;
        }
        FourOverSixRuns::Run& run = batch.next(count);
        run.first = first;
        run.block = block;
        run.fourScale = blockScale(amax[block], 4, fourScales);
        nvfp4TwoCodings(bits + first, count, {scale, run.fourScale}, global, scaleValues, elementThresholds, path,
                        {six, run.four}, {run.squaresSix, run.squaresFour});
        if (batch.full()) batch.settle(decide);
    });
    if (fourOverSix && tiles) settleBand();
    else if (fourOverSix) batch.settle(decide);
}

// One element of the FP32-scale rule through core: its FP32 division, then its conversion to the element.
template <const Format& E>
std::uint8_t fp32ScaledExact(std::uint32_t bits, std::uint32_t scale) {
    const std::uint64_t y = fast::div<kFp32>(bits, scale).bits;
    return static_cast<std::uint8_t>(fast::convert<kFp32, E>(y, kSaturate).bits);
}

// FP32(x / s) as FP32 bits, for a normal FP32 scale s with |x| <= amax (so |x / s| < 2^17), except that a
// quotient below 2^-100 in magnitude comes back as 2^-100 with its sign: every such quotient rounds to (signed)
// zero in each element format, and so does 2^-100 in the element tables. The host's double division is
// correctly rounded (IEEE 754 round to nearest even, the C++ default environment) and the exact quotient of
// two FP32 values lies in double's normal range; rounding that double once more, to FP32 and to nearest even
// by integer arithmetic here, gives the correctly rounded FP32 quotient, since double rounding of a quotient
// is innocuous when 53 >= 2 * 24 + 2 (S. A. Figueroa, "When is double rounding innocuous?", SIGNUM 1995).
std::uint32_t fp32Quotient(float x, double scale) {
    constexpr std::uint64_t kRebias = std::uint64_t{1023 - 127} << 52;
    constexpr int kDropped = 52 - 23;
    const double q = static_cast<double>(x) / scale;
    std::uint64_t m = std::bit_cast<std::uint64_t>(std::max(std::fabs(q), 0x1p-100)) - kRebias;
    m += ((std::uint64_t{1} << (kDropped - 1)) - 1) + ((m >> kDropped) & 1);
    return static_cast<std::uint32_t>(m >> kDropped) |
           (static_cast<std::uint32_t>(std::bit_cast<std::uint64_t>(q) >> 32) & 0x80000000);
}

// The FP32 bits of x[i] / s, by fp32Quotient(), as element_table.h's lookupAll() reads its inputs.
class Fp32Quotients {
public:
    Fp32Quotients(Fp32Bits x, float scale) : m_x(x), m_scale(scale) {}
    std::uint32_t operator[](std::size_t i) const { return fp32Quotient(std::bit_cast<float>(m_x[i]), m_scale); }

private:
    Fp32Bits m_x;
    double m_scale;
};

// As DeepSeek-V3's kernels do it: s = amax / max_elem and y = x / s in FP32, then y rounded to the element.
// A block whose scale is normal (all but amax below about 2^-117) takes fp32Quotient() and the element's
// table of core's conversions (element_table.h); the others divide with core element by element.
template <const Format& E>
void quantizeFp32Scaled(Quantized& q, const BlockLayout& layout, const std::vector<std::uint32_t>& amax, Fp32Bits bits,
                        std::uint32_t elementMax, Path path, const ElementTable& table) {
    for (std::size_t b = 0; b < amax.size(); ++b) q.scaleBits[b] = fp32AmaxScale(amax[b], elementMax);
    forEachSegment(layout, bits, [&](std::size_t first, std::size_t count, std::size_t block) {
        const std::uint32_t scale = q.scaleBits[block];
        const std::uint32_t field = scale >> 23;
        if (path == Path::Reference || field == 0 || field == 0xFF) {
            for (std::size_t i = first; i < first + count; ++i) q.codes[i] = fp32ScaledExact<E>(bits[i], scale);
            return;
        }
        table.lookupAll(Fp32Quotients(bits + first, std::bit_cast<float>(scale)), count, 0, q.codes.data() + first);
    });
}

// The first NaN or infinite element, for the message (the tensor has one).
std::string nonFiniteError(Fp32Bits bits, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) {
        const std::uint32_t m = bits[i] & kMagnitude;
        if (m > kInfinity) return "element " + std::to_string(i) + " is NaN";
        if (m == kInfinity) return "element " + std::to_string(i) + " is infinite";
    }
    return "an element is not finite";
}

} // namespace

QuantizeOutcome quantize(const Recipe& recipe, std::span<const float> data, Shape shape, Path path) {
    if (const std::optional<std::string> error = recipeError(recipe)) return {std::nullopt, *error};
    if (data.empty()) return {std::nullopt, "the tensor is empty"};
    if (shape.size() != data.size())
        return {std::nullopt, "the shape " + std::to_string(shape.rows) + "x" + std::to_string(shape.cols) + " holds " +
                                  std::to_string(shape.size()) + " elements, the data has " +
                                  std::to_string(data.size())};
    const SchemeInfo& info = schemeInfo(recipe.scheme);
    const Fp32Bits p(data.data());
    const BlockLayout layout(recipe.grouping, shape);
    const std::vector<std::uint32_t> amax = blockAmax(layout, p); // one pass, which also finds NaN and infinity
    const bool finite = std::ranges::all_of(amax, [](std::uint32_t a) { return a < kInfinity; });
    if (!finite && &scaleFormat(recipe) != &kE8m0)
        return {std::nullopt, nonFiniteError(p, data.size()) + " (" + std::string(info.name) +
                                  " under the scale rule " + std::string(scaleRuleName(recipe.rule)) +
                                  " has no rule for NaN or infinity)"};
    Quantized q;
    q.scheme = recipe.scheme;
    q.rule = recipe.rule;
    q.grouping = recipe.grouping;
    q.shape = shape;
    q.codes.assign(data.size(), 0);
    q.scaleBits.assign(layout.blockCount(), 0);
    if (info.family == ScaleFamily::Nvfp4TwoLevel) {
        quantizeNvfp4(q, layout, amax, p, path);
        return {std::move(q), {}};
    }
    if (recipe.rule == ScaleRule::Fp32) {
        const std::uint32_t m = elementMaxBits(info);
        switch (info.element->id) {
        case FormatId::E5m2: quantizeFp32Scaled<kE5m2>(q, layout, amax, p, m, path, mxTable<kE5m2>()); break;
        case FormatId::E3m2: quantizeFp32Scaled<kE3m2>(q, layout, amax, p, m, path, mxTable<kE3m2>()); break;
        case FormatId::E2m3: quantizeFp32Scaled<kE2m3>(q, layout, amax, p, m, path, mxTable<kE2m3>()); break;
        case FormatId::E2m1: quantizeFp32Scaled<kE2m1>(q, layout, amax, p, m, path, mxTable<kE2m1>()); break;
        default: quantizeFp32Scaled<kE4m3>(q, layout, amax, p, m, path, mxTable<kE4m3>()); break;
        }
        return {std::move(q), {}};
    }
    if (info.element == nullptr) {
        quantizeMx(q, layout, amax, p, info, mxint8Element, mxint8Table(), path);
        return {std::move(q), {}};
    }
    switch (info.element->id) {
    case FormatId::E5m2: quantizeMx(q, layout, amax, p, info, mxElement<kE5m2>, mxTable<kE5m2>(), path); break;
    case FormatId::E3m2: quantizeMx(q, layout, amax, p, info, mxElement<kE3m2>, mxTable<kE3m2>(), path); break;
    case FormatId::E2m3: quantizeMx(q, layout, amax, p, info, mxElement<kE2m3>, mxTable<kE2m3>(), path); break;
    case FormatId::E2m1: quantizeMx(q, layout, amax, p, info, mxElement<kE2m1>, mxTable<kE2m1>(), path); break;
    default: quantizeMx(q, layout, amax, p, info, mxElement<kE4m3>, mxTable<kE4m3>(), path); break;
    }
    return {std::move(q), {}};
}

double elementValue(Scheme scheme, std::uint8_t code) {
    const SchemeInfo& info = schemeInfo(scheme);
    if (info.element == nullptr) return static_cast<std::int8_t>(code) / 64.0;
    return asDouble(convert(*info.element, code, kFp64).bits);
}

double blockScaleValue(const Quantized& q, std::size_t block) {
    const Format& scale = scaleFormat(q.recipe());
    const std::uint32_t bits = q.scaleBits[block];
    const double tensor = asDouble(toFp64(q.tensorScaleBits));
    if (&scale == &kE8m0) return bits == kE8m0Nan ? std::nan("") : std::ldexp(1.0, static_cast<int>(bits) - 127);
    return asDouble(convert(scale, bits, kFp64).bits) * tensor; // 4 x 24 bits: exact
}

Report analyse(const Quantized& q, std::span<const float> data) {
    const SchemeInfo& info = schemeInfo(q.scheme);
    const BlockLayout layout(q.grouping, q.shape);
    Report r;
    r.dequantized.resize(data.size());
    r.error.resize(data.size());
    r.blocks.resize(layout.blockCount());
    // Saturated: the input lies beyond the midpoint between the largest element and the next step above it
    // (or on it, where the largest element's last bit is odd, so the tie rounds up): rounding would have left
    // the format, and the element was clamped. Midpoint times scale is exact in double (at most 33 bits).
    const std::uint64_t maxMagnitude = info.element ? info.element->maxFiniteMagnitude() : 127;
    const double largest = info.element ? elementValue(q.scheme, static_cast<std::uint8_t>(maxMagnitude)) : 127.0 / 64;
    const double step = info.element ? std::ldexp(1.0, info.element->maxExponent() - info.element->mantissaBits)
                                     : 1.0 / 64;
    const bool tieGoesUp = (maxMagnitude & 1) != 0;
    double sumSquares = 0;
    forEachSegment(layout, Fp32Bits(data.data()), [&](std::size_t first, std::size_t count, std::size_t block) {
        const double scaleValue = blockScaleValue(q, block);
        const std::uint64_t scale = std::bit_cast<std::uint64_t>(scaleValue);
        const double clip = (largest + step / 2) * scaleValue;
        BlockReport& br = r.blocks[block];
        for (std::size_t i = first; i < first + count; ++i) {
            const std::uint64_t element = std::bit_cast<std::uint64_t>(elementValue(q.scheme, q.codes[i]));
            const Result product = mul(kFp64, element, scale);
            const std::uint64_t x = toFp64(bitsOf(data[i]));
            const Result difference = sub(kFp64, x, product.bits);
            r.exact = r.exact && (product.flags & kInexact) == 0 && (difference.flags & kInexact) == 0;
            const double deq = asDouble(product.bits);
            const double err = asDouble(difference.bits);
            r.dequantized[i] = deq;
            r.error[i] = err;
            const double value = data[i];
            br.amax = std::max(br.amax, std::abs(value));
            ++br.count;
            if (std::isnan(deq)) {
                ++r.nan;
                continue;
            }
            if (std::abs(value) > clip || (std::abs(value) == clip && tieGoesUp)) ++r.saturated;
            if (value != 0 && deq == 0) ++r.flushedToZero;
            br.maxAbsError = std::max(br.maxAbsError, std::abs(err));
            br.sumSquaredError += err * err;
            r.maxAbsError = std::max(r.maxAbsError, std::abs(err));
            sumSquares += err * err;
        }
    });
    const std::size_t counted = data.size() - r.nan;
    r.rmsError = counted == 0 ? 0 : std::sqrt(sumSquares / static_cast<double>(counted));
    return r;
}

} // namespace fplab::blockscale
