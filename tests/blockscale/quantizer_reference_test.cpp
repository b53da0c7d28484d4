// quantize()'s fast paths against a straightforward reference written here: each block's amax, its scale by
// the scale rule's function (scale_rules.h, tested against hand-worked tables in scale_rules_test.cpp), then
// every element scaled and rounded on its own through core's generic convert() (or div()), as the rule's
// source describes it. Seeded random tensors of every shape of block, with subnormals, signed zeros, exact
// ties, NaN and infinity, for every scheme under each of its rules (NVFP4 also in 16 x 16 tiles).
#include "core/arithmetic.h"
#include "core/blockscale/quantizer.h"
#include "core/blockscale/scale_rules.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace fplab::blockscale {
namespace {

constexpr Env kSaturate{.saturate = true};

std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }
std::uint64_t fp64Bits(double d) { return std::bit_cast<std::uint64_t>(d); }
double fromFp64(std::uint64_t bits) { return std::bit_cast<double>(bits); }
std::uint32_t elementMaxBits(const SchemeInfo& info) {
    if (info.element == nullptr) return bitsOf(127.0f / 64);
    return static_cast<std::uint32_t>(convert(*info.element, info.element->maxFiniteMagnitude(), kFp32).bits);
}

struct Expected {
    std::vector<std::uint8_t> codes;
    std::vector<std::uint32_t> scaleBits;
    std::uint32_t tensorScaleBits = 0x3F800000;
};

// The elements of each block, in row-major order.
std::vector<std::vector<std::size_t>> blockMembers(const BlockLayout& layout) {
    std::vector<std::vector<std::size_t>> members(layout.blockCount());
    for (std::size_t i = 0; i < layout.shape().size(); ++i) members[layout.blockOf(i)].push_back(i);
    return members;
}

float blockAmax(const std::vector<float>& x, const std::vector<std::size_t>& members) {
    float a = 0;
    for (std::size_t i : members) a = std::max(a, std::fabs(x[i]));
    return a;
}

// OCP MX v1.0 section 6.3: X from amax by the rule, each element x * 2^-X (exact in double) rounded to the
// element format, saturating; MXINT8 rounds x * 2^(6-X) to an integer and clamps it to +-127.
std::uint8_t mxCode(const SchemeInfo& info, float v, int x) {
    const double scaled = std::ldexp(static_cast<double>(v), -x);
    if (info.element != nullptr)
        return static_cast<std::uint8_t>(convert(kFp64, fp64Bits(scaled), *info.element, kSaturate).bits);
    const double integral = fromFp64(roundToIntegral(kFp64, fp64Bits(scaled * 64)).bits);
    return static_cast<std::uint8_t>(static_cast<std::int8_t>(std::clamp(integral, -127.0, 127.0)));
}

void referenceMx(const Recipe& r, const SchemeInfo& info, const std::vector<float>& x,
                 const std::vector<std::vector<std::size_t>>& blocks, Expected& e) {
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        const bool special = std::ranges::any_of(blocks[b], [&](std::size_t i) { return !std::isfinite(x[i]); });
        if (special) { // the block's scale is the E8M0 NaN; its codes stay 0 (every element decodes to NaN)
            e.scaleBits[b] = 0xFF;
            continue;
        }
        const std::uint32_t amax = bitsOf(blockAmax(x, blocks[b]));
        const int shared = r.rule == ScaleRule::RoundUp   ? roundUpSharedExponent(amax, elementMaxBits(info))
                           : r.rule == ScaleRule::Nearest ? nearestSharedExponent(amax, elementMaxBits(info))
                                                          : mxSharedExponent(amax, info.emaxElement);
        e.scaleBits[b] = e8m0FromExponent(shared);
        for (std::size_t i : blocks[b]) e.codes[i] = mxCode(info, x[i], shared);
    }
}

// DeepSeek-V3: s = amax / max_elem in FP32, x / s in FP32, then rounded to the element format.
void referenceFp32(const SchemeInfo& info, const std::vector<float>& x,
                   const std::vector<std::vector<std::size_t>>& blocks, Expected& e) {
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        const std::uint32_t s = fp32AmaxScale(bitsOf(blockAmax(x, blocks[b])), elementMaxBits(info));
        e.scaleBits[b] = s;
        for (std::size_t i : blocks[b]) {
            const std::uint64_t y = div(kFp32, bitsOf(x[i]), s).bits;
            e.codes[i] = static_cast<std::uint8_t>(convert(kFp32, y, *info.element, kSaturate).bits);
        }
    }
}

// NVFP4: each element x / (E4M3 scale * FP32 tensor scale), one FP64 division rounded to odd and one conversion
// (a single rounding to E2M1); a zero scale makes the block's elements (signed) zero.
std::uint8_t nvfp4Code(float v, std::uint8_t scale, std::uint32_t global) {
    if (scale == 0) return std::signbit(v) ? 0x8 : 0;
    const double d = fromFp64(convert(kE4m3, scale, kFp64).bits) * static_cast<double>(std::bit_cast<float>(global));
    const std::uint64_t q = div(kFp64, fp64Bits(v), fp64Bits(d), Env{.rounding = RoundingMode::ToOdd}).bits;
    return static_cast<std::uint8_t>(convert(kFp64, q, kE2m1, kSaturate).bits);
}

constexpr double kE2m1Values[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};

// The squared error of one row's run of a block, summed in element order (Four Over Six's criterion).
double squaredError(const std::vector<float>& x, const std::vector<std::uint8_t>& codes, std::size_t first,
                    std::size_t count, std::uint8_t scale, std::uint32_t global) {
    const double d = fromFp64(convert(kE4m3, scale, kFp64).bits) * static_cast<double>(std::bit_cast<float>(global));
    double sum = 0;
    for (std::size_t i = first; i < first + count; ++i) {
        const double v = kE2m1Values[codes[i] & 7] * d;
        const double err = static_cast<double>(x[i]) - ((codes[i] & 8) != 0 ? -v : v);
        sum += err * err;
    }
    return sum;
}

// Cook et al. (arXiv 2512.02010): the tensor scale divides by 256 * 6; each block is quantized with its amax
// mapped to 6 and to 4 and keeps the one with the smaller squared error (6 on a tie). A block's error is the sum,
// row by row, of each row's run.
void referenceNvfp4(const Recipe& r, const BlockLayout& layout, const std::vector<float>& x,
                    const std::vector<std::vector<std::size_t>>& blocks, Expected& e) {
    float tensorAmax = 0;
    for (float v : x) tensorAmax = std::max(tensorAmax, std::fabs(v));
    const double primary = r.rule == ScaleRule::Max4 ? 4 : 6;
    e.tensorScaleBits = nvfp4GlobalScale(bitsOf(tensorAmax), r.rule == ScaleRule::FourOverSix ? 256 : 448, primary);
    std::vector<std::uint8_t> four(x.size());
    std::vector<std::uint8_t> fourScale(blocks.size());
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        const std::uint32_t amax = bitsOf(blockAmax(x, blocks[b]));
        e.scaleBits[b] = nvfp4BlockScale(amax, e.tensorScaleBits, primary);
        fourScale[b] = nvfp4BlockScale(amax, e.tensorScaleBits, 4);
        for (std::size_t i : blocks[b]) {
            e.codes[i] = nvfp4Code(x[i], static_cast<std::uint8_t>(e.scaleBits[b]), e.tensorScaleBits);
            four[i] = nvfp4Code(x[i], fourScale[b], e.tensorScaleBits);
        }
    }
    if (r.rule != ScaleRule::FourOverSix) return;
    const Shape shape = layout.shape();
    std::vector<double> errorSix(blocks.size(), 0.0), errorFour(blocks.size(), 0.0);
    for (std::size_t row = 0; row < shape.rows; ++row)
        for (std::size_t col = 0; col < shape.cols; col += 16) {
            const std::size_t b = layout.blockOf(row, col), first = row * shape.cols + col;
            const std::size_t count = std::min<std::size_t>(16, shape.cols - col);
            errorSix[b] += squaredError(x, e.codes, first, count, static_cast<std::uint8_t>(e.scaleBits[b]),
                                        e.tensorScaleBits);
            errorFour[b] += squaredError(x, four, first, count, fourScale[b], e.tensorScaleBits);
        }
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        if (!(errorFour[b] < errorSix[b])) continue;
        e.scaleBits[b] = fourScale[b];
        for (std::size_t i : blocks[b]) e.codes[i] = four[i];
    }
}

Expected reference(const Recipe& r, const std::vector<float>& x, Shape shape) {
    const SchemeInfo& info = schemeInfo(r.scheme);
    const BlockLayout layout(r.grouping, shape);
    const std::vector<std::vector<std::size_t>> blocks = blockMembers(layout);
    Expected e;
    e.codes.assign(x.size(), 0);
    e.scaleBits.assign(layout.blockCount(), 0);
    if (info.family == ScaleFamily::Nvfp4TwoLevel) referenceNvfp4(r, layout, x, blocks, e);
    else if (r.rule == ScaleRule::Fp32) referenceFp32(info, x, blocks, e);
    else referenceMx(r, info, x, blocks, e);
    return e;
}

// A value with few significant bits: often an exact tie of some element format once scaled.
float fewBits(std::mt19937& rng, int exponent) {
    const int mantissa = static_cast<int>(rng() % 64);
    return std::ldexp(static_cast<float>(mantissa), exponent - 6) * ((rng() & 1) != 0 ? -1.0f : 1.0f);
}

// One tensor of the given shape whose regions (of 24 elements) each draw from one kind of value.
std::vector<float> randomTensor(std::mt19937& rng, Shape shape, bool specials) {
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> x(shape.size());
    int kind = 0, exponent = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (i % 24 == 0) {
            kind = static_cast<int>(rng() % 7);
            exponent = static_cast<int>(rng() % 60) - 30;
        }
        switch (kind) {
        case 0: x[i] = std::ldexp(normal(rng), exponent); break;
        case 1: { // any finite bit pattern
            std::uint32_t bits = static_cast<std::uint32_t>(rng());
            if ((bits & 0x7F800000) == 0x7F800000) bits ^= 0x40000000;
            x[i] = std::bit_cast<float>(bits);
            break;
        }
        case 2: x[i] = std::bit_cast<float>((static_cast<std::uint32_t>(rng()) & 0x807FFFFF)); break; // subnormal
        case 3: x[i] = fewBits(rng, exponent / 4); break;
        case 4: x[i] = (rng() % 3 == 0) ? ((rng() & 1) != 0 ? -0.0f : 0.0f) : fewBits(rng, 0); break;
        case 5: x[i] = (i % 24 == 0) ? 448.0f * std::ldexp(1.0f, exponent / 3) : fewBits(rng, exponent / 3); break;
        default: x[i] = (i % 24 == 0) ? 2688.0f : fewBits(rng, static_cast<int>(rng() % 5) - 2); break;
        }
    }
    if (specials)
        for (const float s : {std::nanf(""), std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(), -std::nanf("")})
            x[rng() % x.size()] = s;
    return x;
}

// NVFP4's ties: a tensor maximum that makes the tensor scale a power of two under one rule (2688 = 448 * 6 for max6,
// 1792 for max4, 1536 for 4over6), each 16-element run led by 6 * 2^e (a block scale of 2^e) and the rest few-bit
// values below it, some of them midpoints between E2M1 values times 2^e.
std::vector<float> nvfp4TieTensor(std::mt19937& rng, Shape shape, float tensorMax) {
    std::vector<float> x(shape.size());
    int exponent = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (i % 16 == 0) exponent = static_cast<int>(rng() % 6) - 3;
        x[i] = i % 16 == 0 ? std::ldexp(6.0f, exponent) : fewBits(rng, exponent);
    }
    x[0] = tensorMax;
    return x;
}

std::string recipeText(const Recipe& r, Shape s) {
    return std::string(schemeName(r.scheme)) + "/" + std::string(scaleRuleName(r.rule)) +
           (r.grouping == Grouping::Tile16x16 ? "/16x16 " : " ") + std::to_string(s.rows) + "x" +
           std::to_string(s.cols);
}

TEST(QuantizeAgainstPerElementReference, EveryRuleOfEverySchemeOnRandomTensors) {
    std::mt19937 rng(2512);
    const Shape shapes[] = {{1, 1000}, {3, 100}, {20, 40}, {37, 33}, {130, 129}};
    for (const Shape shape : shapes)
        for (int trial = 0; trial < 6; ++trial) {
            const float tensorMax[] = {2688.0f, 1792.0f, 1536.0f};
            const std::vector<float> x = trial < 3 ? randomTensor(rng, shape, trial == 2)
                                                   : nvfp4TieTensor(rng, shape, tensorMax[trial - 3]);
            for (const Recipe& r : everyRecipe()) {
                const QuantizeOutcome q = quantize(r, x, shape);
                if (trial == 2 && &scaleFormat(r) != &kE8m0) { // no rule for NaN or infinity: refused
                    EXPECT_FALSE(q.value) << recipeText(r, shape);
                    continue;
                }
                ASSERT_TRUE(q.value) << recipeText(r, shape) << ": " << q.error;
                const Expected e = reference(r, x, shape);
                ASSERT_EQ(q.value->tensorScaleBits, e.tensorScaleBits) << recipeText(r, shape);
                for (std::size_t b = 0; b < e.scaleBits.size(); ++b)
                    ASSERT_EQ(q.value->scaleBits[b], e.scaleBits[b]) << recipeText(r, shape) << " block " << b;
                for (std::size_t i = 0; i < x.size(); ++i)
                    ASSERT_EQ(q.value->codes[i], e.codes[i])
                        << recipeText(r, shape) << " element " << i << " = " << x[i];
            }
        }
}

} // namespace
} // namespace fplab::blockscale
