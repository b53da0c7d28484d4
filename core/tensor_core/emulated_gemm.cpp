#include "core/tensor_core/emulated_gemm.h"
#include "core/tensor_core/promotion.h"

#include "core/tensor_core/block_core.h"
#include "core/tensor_core/instruction_fma.h"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace fplab::tc {

namespace {

using detail::u64;

// The exponent given to zero operands on the fast path (ZeroProducts::Dropped): far below any real one,
// so a zero product never sets E and its cut is 0 (its significand is 0 anyway).
constexpr std::int32_t kZeroExponent = -(1 << 20);

// Pre-decoded operands, one row of A or one column of B each, stored contiguously over k.
struct DecodedMatrix {
    int rows = 0;
    int k = 0;
    int blocks = 0;
    std::vector<std::int32_t> sig;     // signed significand (sign applied), 0 for zero
    std::vector<std::int32_t> exp;     // clamped exponent, kZeroExponent for zero
    std::vector<std::uint8_t> special; // per (row, block): a NaN or infinity is in this block
};

void decodeFloatOperand(const BlockModel& m, std::uint32_t given, std::int32_t& sig, std::int32_t& exp, bool& special) {
    const detail::Decoded d = detail::decodeOperand(m.inputFormat, detail::unitOperand(m, given));
    special = !isFinite(d.cls);
    if (special || d.sig == 0) {
        sig = 0;
        // Under ZeroProducts::Counted a zero operand takes part in E with MMA-Sim's exponent; a NaN or an
        // infinity sends its block down the general path anyway.
        exp = !special && m.corners.zeroProducts == ZeroProducts::Counted ? kZeroOperandExponent : kZeroExponent;
        return;
    }
    sig = d.sign ? -std::int32_t(d.sig) : std::int32_t(d.sig);
    exp = d.exp;
}

// rowStride/kStride address element (r, kk) of the source as src[r * rowStride + kk * kStride].
DecodedMatrix decodeMatrix(const BlockModel& m, std::span<const std::uint32_t> src, int rows, int k,
                           std::size_t rowStride, std::size_t kStride, int blockK) {
    DecodedMatrix dm;
    dm.rows = rows;
    dm.k = k;
    dm.blocks = (k + blockK - 1) / blockK;
    dm.sig.resize(std::size_t(rows) * std::size_t(k));
    dm.exp.resize(dm.sig.size());
    dm.special.assign(std::size_t(rows) * std::size_t(dm.blocks), 0);
    for (int r = 0; r < rows; ++r) {
        for (int kk = 0; kk < k; ++kk) {
            const std::uint32_t bits = src[std::size_t(r) * rowStride + std::size_t(kk) * kStride];
            const std::size_t at = std::size_t(r) * std::size_t(k) + std::size_t(kk);
            if (m.isInteger()) {
                dm.sig[at] = m.config.input == InputType::Uint8 ? std::int32_t(bits & 0xFF)
                                                                : std::int32_t(std::int8_t(std::uint8_t(bits)));
                dm.exp[at] = 0;
                continue;
            }
            bool special = false;
            decodeFloatOperand(m, bits, dm.sig[at], dm.exp[at], special);
            if (special) dm.special[std::size_t(r) * std::size_t(dm.blocks) + std::size_t(kk / blockK)] = 1;
        }
    }
    return dm;
}

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
// The cell loop is built for AVX2 as well as the baseline and picked at run time; the block
// helpers are forced inline so each build of the loop gets its own copy of them. (An AVX-512
// build, unrolling for a compile-time block size and interleaving two cells all measured slower.)
#define FPLAB_TC_CLONES [[gnu::target_clones("avx2", "default")]]
#else
#define FPLAB_TC_CLONES
#endif
#if defined(__GNUC__)
#define FPLAB_TC_INLINE [[gnu::always_inline]] inline
#else
#define FPLAB_TC_INLINE inline
#endif

// Step 3's maximum over the products of one block (zero products carry kZeroExponent).
FPLAB_TC_INLINE int maxProductExponent(const std::int32_t* ae, const std::int32_t* be, int len) {
    int e = INT_MIN;
    for (int t = 0; t < len; ++t) e = std::max(e, ae[t] + be[t]);
    return e;
}

// Steps 3-4 for the products: each |a*b| moved onto the 2^(E-F) grid (left by L = F - 2M, right by
// the exponent distance, cut toward zero), signed, summed exactly.
FPLAB_TC_INLINE std::int64_t cutProductSum(const std::int32_t* as, const std::int32_t* ae, const std::int32_t* bs,
                                           const std::int32_t* be, int len, int e, int shiftLeft) {
    std::int64_t s = 0;
    for (int t = 0; t < len; ++t) {
        const std::int64_t p = std::int64_t(as[t]) * bs[t];
        const std::int64_t dist = std::min(e - (ae[t] + be[t]), 63);
        const std::int64_t neg = p >> 63; // 0 or -1
        const u64 mag = (u64((p ^ neg) - neg) << shiftLeft) >> dist;
        s += (std::int64_t(mag) ^ neg) - neg;
    }
    return s;
}

struct Worker {
    const BlockModel& model;
    GemmShape shape;
    int blockK;
    std::span<const std::uint32_t> a;
    std::span<const std::uint32_t> b;
    std::span<const std::uint32_t> c;
    std::span<std::uint32_t> d;
    std::span<Caveat> caveats;
    const DecodedMatrix& da;
    const DecodedMatrix& db;

    // The general path for one block: the same blockFma the steps view uses.
    MmaResult slowBlock(int i, int j, int k0, int len, std::uint32_t cBits) const {
        std::array<u64, 64> av{}, bv{};
        for (int t = 0; t < len; ++t) {
            av[std::size_t(t)] = a[std::size_t(i) * std::size_t(shape.k) + std::size_t(k0 + t)];
            bv[std::size_t(t)] = b[std::size_t(k0 + t) * std::size_t(shape.n) + std::size_t(j)];
        }
        return blockFma(model, std::span<const u64>(av.data(), std::size_t(len)),
                        std::span<const u64>(bv.data(), std::size_t(len)), cBits);
    }

    FPLAB_TC_INLINE void floatCell(int i, int j, GemmReport& report) const {
        const BlockModel& m = model;
        const int L = m.fractionBits - 2 * m.inputFormat.mantissaBits;
        const int cBase = m.fractionBits - m.accumFormat.mantissaBits;
        const TinyModel chosen = m.config.tinyModel;
        const TinyModel other = chosen == TinyModel::MmaSim ? TinyModel::Khattak : TinyModel::MmaSim;
        const std::size_t cell = std::size_t(i) * std::size_t(shape.n) + std::size_t(j);
        const std::int32_t* as = da.sig.data() + std::size_t(i) * std::size_t(shape.k);
        const std::int32_t* ae = da.exp.data() + std::size_t(i) * std::size_t(shape.k);
        const std::int32_t* bs = db.sig.data() + std::size_t(j) * std::size_t(shape.k);
        const std::int32_t* be = db.exp.data() + std::size_t(j) * std::size_t(shape.k);
        const std::uint8_t* aSpecial = da.special.data() + std::size_t(i) * std::size_t(da.blocks);
        const std::uint8_t* bSpecial = db.special.data() + std::size_t(j) * std::size_t(db.blocks);
        std::uint32_t cBits = c[cell];
        detail::Decoded dc = detail::decodeOperand(m.accumFormat, cBits);
        Caveat caveat = Caveat::None;
        for (int kb = 0; kb < da.blocks; ++kb) {
            const int k0 = kb * blockK;
            const int len = std::min(blockK, shape.k - k0);
            const bool slow = (aSpecial[kb] | bSpecial[kb]) || !isFinite(dc.cls);
            const int maxP = slow ? INT_MIN : maxProductExponent(ae + k0, be + k0, len);
            const bool cNonzero = dc.sig != 0;
            const int e = detail::blockExponent(m, chosen, maxP, cNonzero, dc.exp);
            if (slow || e != detail::blockExponent(m, other, maxP, cNonzero, dc.exp)) {
                const MmaResult r = slowBlock(i, j, k0, len, cBits);
                ++report.slowBlocks;
                cBits = std::uint32_t(r.bits);
                dc = detail::decodeOperand(m.accumFormat, cBits);
                if (caveat == Caveat::None) caveat = r.caveat;
                continue;
            }
            std::int64_t s = 0;
            if (cNonzero) {
                const u64 mag = detail::cutMagnitude(dc.sig, cBase - (e - dc.exp));
                s = dc.sign ? -std::int64_t(mag) : std::int64_t(mag);
            }
            s += cutProductSum(as + k0, ae + k0, bs + k0, be + k0, len, e, L);
            cBits = roundAndDecode(s, e, dc);
        }
        d[cell] = cBits;
        if (caveat == Caveat::TinyEdgeCase) ++report.tinyEdgeCases;
        if (!caveats.empty()) caveats[cell] = caveat;
    }

    // roundBlockSum, with the result also decoded for the next block. FP32 and e8m13 results in
    // the normal range take a short path (RZ is a plain cut there); everything else the general one.
    FPLAB_TC_INLINE std::uint32_t roundAndDecode(std::int64_t s, int e, detail::Decoded& dc) const {
        const BlockModel& m = model;
        const int keep = m.roundFormat.mantissaBits; // 23 or 13 for the short path
        if (s != 0 && m.finalRounding == RoundingMode::TowardZero && m.accumFormat.mantissaBits == 23) {
            const bool sign = s < 0;
            const u64 mag = sign ? u64(0) - u64(s) : u64(s);
            const int top = 63 - std::countl_zero(mag);
            const int x = e - m.fractionBits + top;
            if (x >= -126 && x <= 127) {
                const u64 kept = top >= keep ? mag >> (top - keep) : mag << (keep - top);
                const u64 sig = kept << (23 - keep);
                dc.cls = FloatClass::Normal;
                dc.sign = sign;
                dc.sig = sig;
                dc.exp = x;
                return (sign ? 0x80000000u : 0u) | std::uint32_t(x + 127) << 23 | std::uint32_t(sig & 0x7FFFFF);
            }
        }
        const std::uint32_t bits = std::uint32_t(detail::roundBlockSum(m, s, e));
        dc = detail::decodeOperand(m.accumFormat, bits);
        return bits;
    }

    // A fixed-structure instruction (sm_90 FP8 mma.sync): a and b hold the operands already in the unit
    // format; whole instructions chain along k.
    void fixedCell(const BlockModel& inner, int i, int j, GemmReport& report) const {
        const std::size_t cell = std::size_t(i) * std::size_t(shape.n) + std::size_t(j);
        std::array<u64, 64> av{}, bv{};
        std::uint64_t acc = c[cell];
        Caveat caveat = Caveat::None;
        for (int k0 = 0; k0 < shape.k; k0 += blockK) {
            const int len = std::min(blockK, shape.k - k0);
            for (int t = 0; t < len; ++t) {
                av[std::size_t(t)] = a[std::size_t(i) * std::size_t(shape.k) + std::size_t(k0 + t)];
                bv[std::size_t(t)] = b[std::size_t(k0 + t) * std::size_t(shape.n) + std::size_t(j)];
            }
            const MmaResult r = detail::instructionFmaOnUnit(model, inner,
                                                             std::span<const u64>(av.data(), std::size_t(len)),
                                                             std::span<const u64>(bv.data(), std::size_t(len)), acc);
            acc = r.bits;
            if (caveat == Caveat::None) caveat = r.caveat;
        }
        d[cell] = std::uint32_t(acc);
        if (caveat == Caveat::TinyEdgeCase) ++report.tinyEdgeCases;
        if (!caveats.empty()) caveats[cell] = caveat;
    }

    void integerCell(int i, int j, GemmReport& report) const {
        const std::size_t cell = std::size_t(i) * std::size_t(shape.n) + std::size_t(j);
        const std::int32_t* as = da.sig.data() + std::size_t(i) * std::size_t(shape.k);
        const std::int32_t* bs = db.sig.data() + std::size_t(j) * std::size_t(shape.k);
        std::int64_t acc = std::int32_t(c[cell]);
        Caveat caveat = Caveat::None;
        if (model.config.intOverflow == IntOverflow::Wrap) {
            for (int t = 0; t < shape.k; ++t) acc += std::int64_t(as[t]) * bs[t];
            d[cell] = std::uint32_t(std::uint64_t(acc));
        } else {
            for (int k0 = 0; k0 < shape.k; k0 += blockK) {
                const int len = std::min(blockK, shape.k - k0);
                std::int64_t lo = acc < 0 ? acc : 0, hi = acc > 0 ? acc : 0;
                for (int t = 0; t < len; ++t) {
                    const std::int64_t p = std::int64_t(as[k0 + t]) * bs[k0 + t];
                    acc += p;
                    (p < 0 ? lo : hi) += p;
                }
                if ((lo < INT32_MIN || hi > INT32_MAX) && lo != 0 && hi != 0 && caveat == Caveat::None)
                    caveat = Caveat::SatFinitePlacement;
                acc = std::clamp<std::int64_t>(acc, INT32_MIN, INT32_MAX);
            }
            d[cell] = std::uint32_t(std::uint64_t(acc));
            if (caveat != Caveat::None) ++report.satFinitePlacement;
        }
        if (!caveats.empty()) caveats[cell] = caveat;
    }

    void rows(int r0, int r1, GemmReport& report) const;
};

FPLAB_TC_CLONES
void floatRows(const Worker& w, int r0, int r1, GemmReport& report) {
    for (int i = r0; i < r1; ++i)
        for (int j = 0; j < w.shape.n; ++j) w.floatCell(i, j, report);
}

void Worker::rows(int r0, int r1, GemmReport& report) const {
    if (model.structure.fixed()) {
        const BlockModel inner = innerBlockModel(model);
        for (int i = r0; i < r1; ++i)
            for (int j = 0; j < shape.n; ++j) fixedCell(inner, i, j, report);
        return;
    }
    if (!model.isInteger()) return floatRows(*this, r0, r1, report);
    for (int i = r0; i < r1; ++i)
        for (int j = 0; j < shape.n; ++j) integerCell(i, j, report);
}

void checkSize(std::string_view what, std::size_t got, std::size_t want) {
    if (got != want)
        throw std::invalid_argument(std::string(what) + " holds " + std::to_string(got) + " values, expected " +
                                    std::to_string(want));
}

std::uint32_t floatBits(float f) { return std::bit_cast<std::uint32_t>(f); }

} // namespace

GemmReport emulateGemm(const BlockModel& model, GemmShape shape, std::span<const std::uint32_t> a,
                       std::span<const std::uint32_t> b, std::span<const std::uint32_t> c, std::span<std::uint32_t> d,
                       const GemmOptions& options, std::span<Caveat> caveats) {
    if (shape.m < 0 || shape.n < 0 || shape.k < 0) throw std::invalid_argument("GEMM dimensions must be >= 0");
    if (options.promoteEvery != 0) return emulatePromotedGemm(model, shape, a, b, c, d, options, caveats);
    const std::size_t m = std::size_t(shape.m), n = std::size_t(shape.n), k = std::size_t(shape.k);
    checkSize("a", a.size(), m * k);
    checkSize("b", b.size(), k * n);
    checkSize("c", c.size(), m * n);
    checkSize("d", d.size(), m * n);
    if (!caveats.empty()) checkSize("caveats", caveats.size(), m * n);
    const bool fixed = model.structure.fixed();
    const int natural = fixed ? model.structure.k : model.blockSize;
    const int blockK = options.blockK == 0 ? natural : options.blockK;
    const int maxBlock = model.isInteger() ? 64 : model.blockSize;
    if (fixed && blockK != natural)
        throw std::invalid_argument(
            "one " + std::string(apiName(model.instruction)) + " here takes " + std::to_string(natural) +
            " products in a fixed structure; the block size cannot be " + std::to_string(blockK));
    if (!fixed && (blockK < 1 || blockK > maxBlock))
        throw std::invalid_argument("the block size must be 1.." + std::to_string(maxBlock) + ", got " +
                                    std::to_string(blockK));
    GemmReport report;
    if (m == 0 || n == 0) return report;
    if (k == 0) {
        // No instruction runs: D = C.
        std::copy(c.begin(), c.end(), d.begin());
        if (!caveats.empty()) std::fill(caveats.begin(), caveats.end(), Caveat::None);
        return report;
    }
    std::vector<std::uint32_t> aUnit, bUnit;
    DecodedMatrix da, db;
    if (fixed) {
        // The operands in the unit format once, not once per cell.
        aUnit.resize(a.size());
        bUnit.resize(b.size());
        for (std::size_t t = 0; t < a.size(); ++t) aUnit[t] = std::uint32_t(unitFormatOperand(model, a[t]));
        for (std::size_t t = 0; t < b.size(); ++t) bUnit[t] = std::uint32_t(unitFormatOperand(model, b[t]));
        a = aUnit;
        b = bUnit;
    } else {
        da = decodeMatrix(model, a, shape.m, shape.k, k, 1, blockK);
        db = decodeMatrix(model, b, shape.n, shape.k, 1, n, blockK);
    }
    const Worker worker{model, shape, blockK, a, b, c, d, caveats, da, db};

    int threads = options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    threads = std::min(threads, shape.m);
    if (threads <= 1) {
        worker.rows(0, shape.m, report);
        return report;
    }
    auto parts = std::vector<GemmReport>(std::size_t(threads));
    std::vector<std::thread> pool;
    pool.reserve(std::size_t(threads));
    for (int t = 0; t < threads; ++t) {
        const int r0 = int(std::int64_t(shape.m) * t / threads);
        const int r1 = int(std::int64_t(shape.m) * (t + 1) / threads);
        pool.emplace_back([&worker, &parts, t, r0, r1] { worker.rows(r0, r1, parts[std::size_t(t)]); });
    }
    for (std::thread& th : pool) th.join();
    for (const GemmReport& p : parts) {
        report.tinyEdgeCases += p.tinyEdgeCases;
        report.satFinitePlacement += p.satFinitePlacement;
        report.slowBlocks += p.slowBlocks;
    }
    return report;
}

std::vector<std::uint32_t> encodeOperands(const BlockModel& model, std::span<const float> values) {
    if (model.isInteger()) throw std::invalid_argument("float arrays are not operands of an integer MMA");
    std::vector<std::uint32_t> out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::uint32_t bits = floatBits(values[i]);
        out[i] = model.config.input == InputType::Tf32 ? bits
                                                       : std::uint32_t(convert(kFp32, bits, model.inputFormat).bits);
    }
    return out;
}

std::vector<std::uint32_t> encodeAccumulators(const BlockModel& model, std::span<const float> values) {
    if (model.isInteger()) throw std::invalid_argument("float arrays are not accumulators of an integer MMA");
    std::vector<std::uint32_t> out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        out[i] = std::uint32_t(convert(kFp32, floatBits(values[i]), model.accumFormat).bits);
    return out;
}

std::vector<float> decodeAccumulators(const BlockModel& model, std::span<const std::uint32_t> bits) {
    if (model.isInteger()) throw std::invalid_argument("integer results are not floats");
    std::vector<float> out(bits.size());
    for (std::size_t i = 0; i < bits.size(); ++i)
        out[i] = std::bit_cast<float>(std::uint32_t(convert(model.accumFormat, bits[i], kFp32).bits));
    return out;
}

GemmReport emulateGemmFloat(const BlockModel& model, GemmShape shape, std::span<const float> a,
                            std::span<const float> b, std::span<const float> c, std::span<float> d,
                            const GemmOptions& options) {
    checkSize("d", d.size(), c.size());
    const std::vector<std::uint32_t> ab = encodeOperands(model, a);
    const std::vector<std::uint32_t> bb = encodeOperands(model, b);
    const std::vector<std::uint32_t> cb = encodeAccumulators(model, c);
    std::vector<std::uint32_t> db(cb.size());
    const GemmReport report = emulateGemm(model, shape, ab, bb, cb, db, options);
    const std::vector<float> out = decodeAccumulators(model, db);
    std::copy(out.begin(), out.end(), d.begin());
    return report;
}

} // namespace fplab::tc
