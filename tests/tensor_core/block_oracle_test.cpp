// Random blocks against an independent re-derivation of the block FMA in GNU MPFR: its own bit
// decoding, exact products, E from MPFR exponents, the cut as mpfr_trunc, an exact sum and MPFR's
// own rounding with subnormals. Nothing here calls the model's code except the function under test.
#include "tests/tensor_core/tc_test_support.h"

#include "core/tensor_core/reference_gemm.h"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cstring>
#include <random>
#include <vector>

namespace fplab::tc::test {
namespace {

// An input or accumulator format as the oracle knows it, written out from the specifications.
struct OracleFormat {
    int expBits;
    int manBits;
    bool e4m3; // OCP E4M3: no infinity, NaN only at S.1111.111
    int bias() const { return (1 << (expBits - 1)) - 1; }
    int emin() const { return 1 - bias(); }
};
constexpr OracleFormat kOFp16{5, 10, false}, kOBf16{8, 7, false}, kOTf32{8, 10, false}, kOE4m3{4, 3, true},
    kOE5m2{5, 2, false}, kOFp32{8, 23, false};

// How the oracle rounds the block's sum: precision, MPFR exponent range (x = m * 2^e, m in [1/2, 1)).
struct OracleOutput {
    int precision;
    mpfr_exp_t emin, emax;
    mpfr_rnd_t rnd;
    bool fp16;
};
constexpr OracleOutput kOutFp32{24, -148, 128, MPFR_RNDZ, false};
constexpr OracleOutput kOutFp16{11, -23, 16, MPFR_RNDN, true};
constexpr OracleOutput kOutE8m13{14, -138, 128, MPFR_RNDZ, false};

struct OracleModel {
    OracleFormat in;
    OracleFormat acc;
    OracleOutput out;
    int f;
    int n;
    bool tf32; // inputs arrive as FP32 bits and lose their low 13 bits
    bool khattak;
    int khattakMin;
    // The open corners, MMA-Sim's readings (arithmetic.py): a zero operand has exponent -126 and its products
    // count in E; a sum that rounds to zero is +0.
    bool zeroCounted = false;
    bool zeroPositive = false;
};

class Mp {
public:
    explicit Mp(mpfr_prec_t p = 256) {
        mpfr_init2(m_v, p);
        mpfr_set_zero(m_v, 1);
    }
    ~Mp() { mpfr_clear(m_v); }
    Mp(const Mp&) = delete;
    Mp& operator=(const Mp&) = delete;
    mpfr_ptr get() { return m_v; }

private:
    mpfr_t m_v;
};

// Sets v to the value of `bits` in `f`; returns false for NaN or infinity.
bool decode(const OracleFormat& f, std::uint64_t bits, mpfr_ptr v) {
    const bool sign = (bits >> (f.expBits + f.manBits)) & 1;
    const int field = int((bits >> f.manBits) & ((1u << f.expBits) - 1));
    const std::uint64_t man = bits & ((std::uint64_t(1) << f.manBits) - 1);
    if (f.e4m3) {
        if (field == 15 && man == 7) return false;
    } else if (field == (1 << f.expBits) - 1) {
        return false;
    }
    const std::uint64_t sig = field == 0 ? man : (man | (std::uint64_t(1) << f.manBits));
    const int e = (field == 0 ? f.emin() : field - f.bias()) - f.manBits;
    mpfr_set_ui(v, (unsigned long)sig, MPFR_RNDN);
    mpfr_mul_2si(v, v, e, MPFR_RNDN);
    if (sign) mpfr_neg(v, v, MPFR_RNDN);
    return true;
}

// Step 1's exponent: max(floor(log2 |x|), emin), read from MPFR's exponent.
int splitExponent(mpfr_ptr v, int emin) { return std::max(int(mpfr_get_exp(v)) - 1, emin); }

std::uint64_t encode(const OracleOutput& o, mpfr_ptr r) {
    const bool sign = mpfr_signbit(r);
    if (!o.fp16) {
        if (mpfr_inf_p(r)) return sign ? 0xFF800000u : 0x7F800000u;
        return std::bit_cast<std::uint32_t>(mpfr_get_flt(r, MPFR_RNDN)); // exact: r is an FP32 value
    }
    const std::uint64_t s = sign ? 0x8000 : 0;
    if (mpfr_inf_p(r)) return s | 0x7C00;
    if (mpfr_zero_p(r)) return s;
    Mp t(64);
    mpfr_abs(t.get(), r, MPFR_RNDN);
    const int e = int(mpfr_get_exp(t.get())) - 1;
    if (e < -14) {
        mpfr_mul_2si(t.get(), t.get(), 24, MPFR_RNDN);
        return s | mpfr_get_ui(t.get(), MPFR_RNDN);
    }
    mpfr_mul_2si(t.get(), t.get(), 10 - e, MPFR_RNDN);
    return s | (std::uint64_t(e + 15) << 10) | (mpfr_get_ui(t.get(), MPFR_RNDN) - 1024);
}

// One block FMA, re-derived. Inputs must be finite.
std::uint64_t oracleBlock(const OracleModel& m, const std::vector<std::uint64_t>& a,
                          const std::vector<std::uint64_t>& b, std::uint64_t c) {
    std::vector<std::unique_ptr<Mp>> terms;
    std::vector<int> exps;
    int e = INT_MIN;
    for (std::size_t k = 0; k < a.size(); ++k) {
        Mp x(64), y(64);
        const std::uint64_t ab = m.tf32 ? ((a[k] & ~std::uint64_t(0x1FFF)) >> 13) : a[k];
        const std::uint64_t bb = m.tf32 ? ((b[k] & ~std::uint64_t(0x1FFF)) >> 13) : b[k];
        EXPECT_TRUE(decode(m.in, ab, x.get()) && decode(m.in, bb, y.get()));
        if (mpfr_zero_p(x.get()) || mpfr_zero_p(y.get())) { // zero products are dropped, or count in E only
            if (m.zeroCounted)
                e = std::max(e, (mpfr_zero_p(x.get()) ? -126 : splitExponent(x.get(), m.in.emin())) +
                                    (mpfr_zero_p(y.get()) ? -126 : splitExponent(y.get(), m.in.emin())));
            continue;
        }
        auto p = std::make_unique<Mp>(128);
        mpfr_mul(p->get(), x.get(), y.get(), MPFR_RNDN); // exact in 128 bits
        const int pe = splitExponent(x.get(), m.in.emin()) + splitExponent(y.get(), m.in.emin());
        exps.push_back(pe);
        e = std::max(e, pe);
        terms.push_back(std::move(p));
    }
    {
        auto cv = std::make_unique<Mp>(128);
        EXPECT_TRUE(decode(m.acc, c, cv->get()));
        if (!mpfr_zero_p(cv->get())) {
            const int ce = splitExponent(cv->get(), m.acc.emin());
            e = std::max(e, ce);
            terms.push_back(std::move(cv));
            exps.push_back(ce);
        } else if (!m.khattak) {
            e = std::max(e, -126); // MMA-Sim: C = 0 counts with exponent -126
        }
    }
    if (m.khattak) e = std::max(e, m.khattakMin);
    if (terms.empty()) return 0;
    Mp sum(512);
    for (auto& t : terms) {
        Mp q(256);
        mpfr_mul_2si(q.get(), t->get(), m.f - e, MPFR_RNDN); // exact
        mpfr_trunc(q.get(), q.get());                        // cut toward zero in magnitude
        mpfr_add(sum.get(), sum.get(), q.get(), MPFR_RNDN);  // exact in 512 bits
    }
    mpfr_mul_2si(sum.get(), sum.get(), e - m.f, MPFR_RNDN);
    if (mpfr_zero_p(sum.get())) return 0; // +0

    const mpfr_exp_t oldMin = mpfr_get_emin(), oldMax = mpfr_get_emax();
    mpfr_set_emin(m.out.emin);
    mpfr_set_emax(m.out.emax);
    mpfr_clear_flags();
    Mp r(m.out.precision);
    int t = mpfr_set(r.get(), sum.get(), m.out.rnd);
    t = mpfr_check_range(r.get(), t, m.out.rnd);
    mpfr_subnormalize(r.get(), t, m.out.rnd);
    const bool overflow = mpfr_overflow_p();
    mpfr_set_emin(oldMin);
    mpfr_set_emax(oldMax);
    if (overflow) mpfr_set_inf(r.get(), mpfr_signbit(r.get()) ? -1 : 1); // the unit gives inf, not the largest value
    if (m.zeroPositive && mpfr_zero_p(r.get())) return 0;
    return encode(m.out, r.get());
}

// Random encodings, mostly with exponents in a window around 1 so that cuts and carries matter.
std::uint64_t randomOperand(std::mt19937_64& rng, const OracleFormat& f, bool tf32Container) {
    const int maxField = (1 << f.expBits) - 1; // E4M3 uses field 15 for numbers too; IEEE formats do not
    std::uint64_t man = rng() & ((std::uint64_t(1) << f.manBits) - 1);
    int field;
    const unsigned pick = unsigned(rng() % 100);
    if (pick < 6) return (rng() & 1) << (f.expBits + f.manBits);                                  // ±0
    if (pick < 12) field = 0;                                                                     // subnormal
    else if (pick < 22) field = 1 + int(rng() % std::uint64_t(f.e4m3 ? maxField : maxField - 1)); // anywhere finite
    else field = std::clamp(f.bias() - 6 + int(rng() % 9), 1, f.e4m3 ? maxField : maxField - 1);
    if (f.e4m3 && field == 15 && man == 7) man = 6;
    std::uint64_t bits = ((rng() & 1) << (f.expBits + f.manBits)) | (std::uint64_t(field) << f.manBits) | man;
    if (tf32Container) bits = (bits << 13) | (rng() & 0x1FFF); // FP32 bits whose low 13 the unit ignores
    return bits;
}

struct Case {
    const char* name;
    Arch arch;
    InputType input;
    AccumType accum;
    OracleModel oracle;
};

std::vector<Case> cases(bool khattak) {
    std::vector<Case> v = {
        {"sm80 fp16->fp32",
         Arch::Sm80,
         InputType::Fp16,
         AccumType::Fp32,
         {kOFp16, kOFp32, kOutFp32, 24, 8, false, false, -132}},
        {"sm80 bf16->fp32",
         Arch::Sm80,
         InputType::Bf16,
         AccumType::Fp32,
         {kOBf16, kOFp32, kOutFp32, 24, 8, false, false, -132}},
        {"sm80 tf32->fp32",
         Arch::Sm80,
         InputType::Tf32,
         AccumType::Fp32,
         {kOTf32, kOFp32, kOutFp32, 24, 4, true, false, -132}},
        {"sm80 fp16->fp16",
         Arch::Sm80,
         InputType::Fp16,
         AccumType::Fp16,
         {kOFp16, kOFp16, kOutFp16, 24, 8, false, false, -20}},
        {"sm90 fp16->fp32",
         Arch::Sm90,
         InputType::Fp16,
         AccumType::Fp32,
         {kOFp16, kOFp32, kOutFp32, 25, 16, false, false, -133}},
        {"sm90 bf16->fp32",
         Arch::Sm90,
         InputType::Bf16,
         AccumType::Fp32,
         {kOBf16, kOFp32, kOutFp32, 25, 16, false, false, -133}},
        {"sm90 tf32->fp32",
         Arch::Sm90,
         InputType::Tf32,
         AccumType::Fp32,
         {kOTf32, kOFp32, kOutFp32, 25, 8, true, false, -133}},
        {"sm90 fp16->fp16",
         Arch::Sm90,
         InputType::Fp16,
         AccumType::Fp16,
         {kOFp16, kOFp16, kOutFp16, 25, 16, false, false, -21}},
        {"sm90 e4m3->fp32",
         Arch::Sm90,
         InputType::E4m3,
         AccumType::Fp32,
         {kOE4m3, kOFp32, kOutE8m13, 13, 32, false, false, -133}},
        {"sm90 e5m2->fp32",
         Arch::Sm90,
         InputType::E5m2,
         AccumType::Fp32,
         {kOE5m2, kOFp32, kOutE8m13, 13, 32, false, false, -133}},
    };
    for (Case& c : v) c.oracle.khattak = khattak;
    return v;
}

std::uint64_t randomAccumulator(std::mt19937_64& rng, const OracleModel& o) {
    if (rng() % 5 == 0) return 0;
    return randomOperand(rng, o.acc, false);
}

void runRandomBlocks(bool khattak, int perCase, bool mmaSimCorners = false) {
    std::mt19937_64 rng(khattak ? 4242 : mmaSimCorners ? 909 : 2024);
    int cornerCases = 0; // blocks where the two readings differ
    for (Case tc : cases(khattak)) {
        MmaConfig cfg;
        cfg.arch = tc.arch;
        cfg.input = tc.input;
        cfg.accum = tc.accum;
        cfg.tinyModel = khattak ? TinyModel::Khattak : TinyModel::MmaSim;
        if (mmaSimCorners) {
            cfg.zeroProducts = kMmaSimReadings.zeroProducts;
            cfg.zeroSign = kMmaSimReadings.zeroSign;
            tc.oracle.zeroCounted = tc.oracle.zeroPositive = true;
        }
        const BlockModel m = *resolveModel(cfg).model;
        int mismatches = 0;
        for (int i = 0; i < perCase; ++i) {
            const int len = 1 + int(rng() % std::uint64_t(tc.oracle.n));
            std::vector<std::uint64_t> a(static_cast<std::size_t>(len)), b(static_cast<std::size_t>(len));
            for (int k = 0; k < len; ++k) {
                a[std::size_t(k)] = randomOperand(rng, tc.oracle.in, tc.oracle.tf32);
                b[std::size_t(k)] = randomOperand(rng, tc.oracle.in, tc.oracle.tf32);
            }
            // Now and then a pair that cancels exactly, to reach the carry-free and zero sums.
            if (len >= 2 && rng() % 8 == 0) {
                a[1] = a[0] ^ (std::uint64_t(1) << (tc.oracle.tf32 ? 31 : tc.oracle.in.expBits + tc.oracle.in.manBits));
                b[1] = b[0];
            }
            // Under the MMA-Sim corners, now and then a zero beside a huge operand, and a tiny negative product
            // with C = 0, so that both corners are reached.
            std::uint64_t c = randomAccumulator(rng, tc.oracle);
            if (mmaSimCorners && rng() % 4 == 0) {
                const int width = tc.oracle.in.expBits + tc.oracle.in.manBits;
                const std::uint64_t huge = std::uint64_t((1 << tc.oracle.in.expBits) - 2) << tc.oracle.in.manBits;
                // A product of about -2^-150 (8-bit exponents into FP32) or -2^-48 (FP16 into FP16): the sum
                // rounds to zero; other formats cannot get there, and take the smallest subnormals.
                const bool wide = tc.oracle.in.expBits == 8 && !tc.oracle.out.fp16;
                const std::uint64_t tiny = wide ? std::uint64_t(tc.oracle.in.bias() - 75) << tc.oracle.in.manBits : 1;
                const bool zeroCase = rng() & 1;
                a[0] = zeroCase ? 0 : tiny | (std::uint64_t(1) << width);
                b[0] = zeroCase ? huge : tiny | (rng() & 1);
                if (tc.oracle.tf32) {
                    a[0] <<= 13;
                    b[0] <<= 13;
                }
                if (!zeroCase) c = 0;
            }
            const std::uint64_t want = oracleBlock(tc.oracle, a, b, c);
            const std::uint64_t got = blockFma(m, a, b, c).bits;
            if (mmaSimCorners) {
                OracleModel fpLab = tc.oracle;
                fpLab.zeroCounted = fpLab.zeroPositive = false;
                if (oracleBlock(fpLab, a, b, c) != want) ++cornerCases;
            }
            if (got != want && ++mismatches <= 5) {
                ADD_FAILURE() << tc.name << ": block " << i << " model 0x" << std::hex << got << " oracle 0x" << want
                              << " c=0x" << c << " a0=0x" << a[0] << " b0=0x" << b[0] << " len=" << std::dec << len;
            }
        }
        EXPECT_EQ(mismatches, 0) << tc.name;
    }
    if (mmaSimCorners) {
        EXPECT_GT(cornerCases, 100); // the corners were reached, not only the common cases
    }
}

TEST(BlockOracle, RandomBlocksMatchMpfrRederivation) { runRandomBlocks(false, 4000); }
TEST(BlockOracle, RandomBlocksMatchMpfrRederivationKhattakReading) { runRandomBlocks(true, 1500); }
TEST(BlockOracle, RandomBlocksMatchMpfrRederivationMmaSimCorners) { runRandomBlocks(false, 1500, true); }

// The examples of the two open corners (corner_readings_test.cpp), re-derived here under each reading.
TEST(BlockOracle, CornerExamplesUnderBothReadings) {
    struct Ex {
        const char* name;
        OracleModel oracle;
        std::vector<std::uint64_t> a, b;
        std::uint64_t c, fpLab, mmaSim;
    };
    const std::vector<Case> all = cases(false);
    const std::vector<Ex> examples = {
        {"A100 bf16",
         all[1].oracle,
         {0, 0, 0, 0, 0x8000, 0, 0, 0},
         {0, 0, 0, 0, 0x7edf, 0, 0, 0},
         0x3de9bcf4,
         0x3de9bcf4,
         0x3de9bcf0},
        {"H100 tf32",
         all[6].oracle,
         {0, 0, 0, 0, 0, 0x00000377, 0, 0},
         {0, 0, 0, 0, 0, 0xc127161a, 0, 0},
         0x0000cb7d,
         0x0000cb7d,
         0x0000cb7c},
        {"H100 fp16->fp16", all[7].oracle, {0x0001}, {0x8001}, 0, 0x8000, 0x0000},
        {"H100 bf16", all[5].oracle, {0x1a00}, {0x9a00}, 0, 0x80000000, 0x00000000},
    };
    for (Ex ex : examples) {
        EXPECT_EQ(oracleBlock(ex.oracle, ex.a, ex.b, ex.c), ex.fpLab) << ex.name;
        ex.oracle.zeroCounted = ex.oracle.zeroPositive = true;
        EXPECT_EQ(oracleBlock(ex.oracle, ex.a, ex.b, ex.c), ex.mmaSim) << ex.name;
    }
}

// Chains of blocks: the oracle feeds each block's rounded result to the next as C.
TEST(BlockOracle, ChainedBlocksMatchMpfrRederivation) {
    std::mt19937_64 rng(77);
    for (const Case& tc : cases(false)) {
        const BlockModel m = makeModel(tc.arch, tc.input, tc.accum);
        for (int i = 0; i < 300; ++i) {
            const int len = 1 + int(rng() % std::uint64_t(3 * tc.oracle.n));
            std::vector<std::uint64_t> a(static_cast<std::size_t>(len)), b(static_cast<std::size_t>(len));
            for (int k = 0; k < len; ++k) {
                a[std::size_t(k)] = randomOperand(rng, tc.oracle.in, tc.oracle.tf32);
                b[std::size_t(k)] = randomOperand(rng, tc.oracle.in, tc.oracle.tf32);
            }
            std::uint64_t want = randomAccumulator(rng, tc.oracle);
            const std::uint64_t c = want;
            for (int k0 = 0; k0 < len; k0 += tc.oracle.n) {
                const int end = std::min(len, k0 + tc.oracle.n);
                const std::vector<std::uint64_t> as(a.begin() + k0, a.begin() + end),
                    bs(b.begin() + k0, b.begin() + end);
                // A block result that overflowed is an infinity: the chain then stays there (no infinite inputs here).
                const bool inf = tc.oracle.out.fp16 ? (want & 0x7FFF) == 0x7C00 : (want & 0x7FFFFFFF) == 0x7F800000;
                if (!inf) want = oracleBlock(tc.oracle, as, bs, want);
            }
            ASSERT_EQ(chainedDot(m, a, b, c).bits, want) << tc.name << " chain " << i << " len " << len;
        }
    }
}

// With F wide enough that no term loses a bit, and a final round to nearest even, the block FMA is
// the exact dot product rounded once.
TEST(BlockOracle, WideAlignmentWithNearestEvenIsExactThenRounded) {
    BlockModel wide = makeModel(Arch::Sm80, InputType::Fp16, AccumType::Fp32);
    wide.fractionBits = 50;
    wide.blockSize = 8;
    wide.finalRounding = RoundingMode::NearestEven;
    std::mt19937_64 rng(5);
    for (int i = 0; i < 5000; ++i) {
        // Normal fp16 values with exponents in [-6, 6]: products span 2^-12 .. 2^14 with 20 fraction bits,
        // so every term sits on the 2^(E-50) grid.
        std::vector<std::uint32_t> a(8), b(8);
        for (int k = 0; k < 8; ++k) {
            a[std::size_t(k)] = std::uint32_t(((rng() & 1) << 15) | std::uint64_t(9 + rng() % 13) << 10 |
                                              (rng() & 0x3FF));
            b[std::size_t(k)] = std::uint32_t(((rng() & 1) << 15) | std::uint64_t(9 + rng() % 13) << 10 |
                                              (rng() & 0x3FF));
        }
        // C: FP32 with exponent in [-4, 12] (its last bit at most 2^-27, inside the grid).
        const std::uint32_t c = std::uint32_t(((rng() & 1) << 31) | std::uint64_t(123 + rng() % 17) << 23 |
                                              (rng() & 0x7FFFFF));
        std::vector<std::uint32_t> d(1);
        referenceGemmExact(wide, {1, 1, 8}, a, b, std::vector<std::uint32_t>{c}, d);
        const std::vector<std::uint64_t> a64(a.begin(), a.end()), b64(b.begin(), b.end());
        ASSERT_EQ(blockFma(wide, a64, b64, c).bits, d[0]) << "case " << i;
    }
}

// The exact reference against MPFR: random bf16 dot products over the whole exponent range.
TEST(ReferenceGemm, ExactEqualsMpfrRoundedOnce) {
    const BlockModel m = makeModel(Arch::Sm80, InputType::Bf16, AccumType::Fp32);
    std::mt19937_64 rng(21);
    const int k = 24;
    for (int iter = 0; iter < 3000; ++iter) {
        std::vector<std::uint32_t> a(k), b(k);
        const int centre = 1 + int(rng() % 253);
        for (int i = 0; i < k; ++i) {
            auto pick = [&] {
                const int e = std::clamp(centre + int(rng() % 21) - 10, 0, 254);
                return std::uint32_t((rng() & 0x8000) | std::uint64_t(e) << 7 | (rng() & 0x7F));
            };
            a[std::size_t(i)] = pick();
            b[std::size_t(i)] = std::uint32_t((rng() & 0x8000) | std::uint64_t(120 + rng() % 16) << 7 | (rng() & 0x7F));
        }
        const std::uint32_t c = std::uint32_t(rng() & 0xFFFFFFFF) & 0xBFFFFFFF; // finite
        const mpfr_rnd_t modes[] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD};
        const RoundingMode ours[] = {RoundingMode::NearestEven, RoundingMode::TowardZero, RoundingMode::TowardPositive,
                                     RoundingMode::TowardNegative};
        const int mode = iter % 4;
        std::vector<std::uint32_t> d(1);
        referenceGemmExact(m, {1, 1, k}, a, b, std::vector<std::uint32_t>{c}, d, ours[mode]);

        mpfr_t sum, t;
        mpfr_init2(sum, 2000);
        mpfr_init2(t, 64);
        mpfr_set_flt(sum, std::bit_cast<float>(c), MPFR_RNDN);
        for (int i = 0; i < k; ++i) {
            // bf16 is the top half of FP32.
            mpfr_set_flt(t, std::bit_cast<float>(a[std::size_t(i)] << 16), MPFR_RNDN);
            mpfr_mul_d(t, t, double(std::bit_cast<float>(b[std::size_t(i)] << 16)), MPFR_RNDN);
            mpfr_add(sum, sum, t, MPFR_RNDN);
        }
        const mpfr_exp_t oldMin = mpfr_get_emin(), oldMax = mpfr_get_emax();
        mpfr_set_emin(-148);
        mpfr_set_emax(128);
        mpfr_t r;
        mpfr_init2(r, 24);
        int inex = mpfr_set(r, sum, modes[mode]);
        inex = mpfr_check_range(r, inex, modes[mode]);
        mpfr_subnormalize(r, inex, modes[mode]);
        const float want = mpfr_get_flt(r, MPFR_RNDN);
        mpfr_set_emin(oldMin);
        mpfr_set_emax(oldMax);
        const bool zeroSum = mpfr_zero_p(sum);
        mpfr_clears(sum, t, r, (mpfr_ptr) nullptr);
        if (zeroSum) continue; // the sign of an exact zero is IEEE's rule, checked elsewhere
        ASSERT_EQ(d[0], std::bit_cast<std::uint32_t>(want)) << "iteration " << iter;
    }
}

} // namespace
} // namespace fplab::tc::test
