// Why the specialisation is exact: an E5M3 significand has at most 4 bits, so a product has at most
// 8, and with E the block's largest product exponent the model's cut term
// floor(|sig_a sig_b| * 2^(7 - (E - e_a - e_b))) equals the float product a * b * 2^(13 - E)
// truncated toward zero: a * b is exact in a float, scaling by a power of two is exact (no product
// falls below 2^-51 here), and the result is below 2^15, so the float-to-int truncation is the cut.
// The exponents ride along as bytes (exponent + 64), so E is a byte-wise maximum.
// hopper_fp8_gemm_test holds every path against tc::emulateGemm and tc::blockFma.
#include "core/blockscale/hopper_fp8_gemm.h"

#include "core/arithmetic.h"
#include "core/tensor_core/block_core.h"
#include "core/tensor_core/block_fma.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace fplab::blockscale {

namespace {

constexpr Format kE5m3Carrier = detail::preset(FormatId::Custom, "e5m3", 5, 3);
constexpr int kBlock = 32;
constexpr int kFractionBits = 13;   // F of the sm_90 FP8 model
constexpr int kExponentBias = 64;   // stored exponent = model exponent + 64; 0 marks a zero
constexpr int kNoProduct = 2 * kExponentBias - 28; // below this byte sum no product is nonzero (E5M3 emin -14)

struct Entry {
    float value = 0;
    std::uint8_t exponent = 0;
    bool special = false;
};

const std::array<Entry, 512>& decodeTable() {
    static const std::array<Entry, 512> table = [] {
        std::array<Entry, 512> t{};
        for (std::uint32_t bits = 0; bits < 512; ++bits) {
            const tc::detail::Decoded d = tc::detail::decodeOperand(kE5m3Carrier, bits);
            Entry& e = t[bits];
            e.special = !isFinite(d.cls);
            if (e.special || d.sig == 0) continue;
            const float magnitude = std::ldexp(float(d.sig), d.exp - 3);
            e.value = d.sign ? -magnitude : magnitude;
            e.exponent = std::uint8_t(d.exp + kExponentBias);
        }
        return t;
    }();
    return table;
}

// The model's constants the kernel below hard-codes, checked once against the general model.
void checkModel(const tc::BlockModel& m) {
    if (m.blockSize != kBlock || m.fractionBits != kFractionBits || m.inputFormat.mantissaBits != 3 ||
        m.accumFormat.mantissaBits != 23 || m.roundFormat.mantissaBits != kFractionBits ||
        m.finalRounding != RoundingMode::TowardZero || m.structure.fixed())
        throw std::logic_error("the sm_90 FP8 model no longer has the shape hopper_fp8_gemm is specialised to");
}

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define FPLAB_FP8_CLONES [[gnu::target_clones("avx2", "default")]]
#define FPLAB_FP8_INLINE [[gnu::always_inline]] inline
#else
#define FPLAB_FP8_CLONES
#define FPLAB_FP8_INLINE inline
#endif

// The products' part of one block: the largest exponent (as a byte sum) and the sum of the cut terms.
template <int Len>
FPLAB_FP8_INLINE int blockMaxExponent(const std::uint8_t* ae, const std::uint8_t* be, int len) {
    std::uint8_t mx = 0;
    const int n = Len > 0 ? Len : len;
    for (int t = 0; t < n; ++t) mx = std::max(mx, std::uint8_t(ae[t] + be[t]));
    return mx;
}

template <int Len>
FPLAB_FP8_INLINE std::int32_t blockCutSum(const float* av, const float* bv, int len, float scale) {
    std::int32_t s = 0;
    const int n = Len > 0 ? Len : len;
    for (int t = 0; t < n; ++t) s += std::int32_t(av[t] * bv[t] * scale);
    return s;
}

struct Accumulator {
    std::uint32_t bits = 0; // FP32
    tc::detail::Decoded decoded;
};

// Step 5 for a finite block: RZ to e8m13 (a plain cut in the normal range), the result decoded for the next block.
FPLAB_FP8_INLINE void roundInto(std::int64_t s, int e, Accumulator& c) {
    if (s == 0) {
        c = Accumulator{};
        return;
    }
    const bool sign = s < 0;
    const std::uint64_t mag = sign ? std::uint64_t(0) - std::uint64_t(s) : std::uint64_t(s);
    const int top = 63 - std::countl_zero(mag);
    const int x = e - kFractionBits + top;
    if (x >= -126 && x <= 127) {
        const std::uint64_t kept = top >= kFractionBits ? mag >> (top - kFractionBits) : mag << (kFractionBits - top);
        const std::uint64_t sig = kept << (23 - kFractionBits);
        c.decoded.cls = FloatClass::Normal;
        c.decoded.sign = sign;
        c.decoded.sig = sig;
        c.decoded.exp = x;
        c.bits = (sign ? 0x80000000u : 0u) | std::uint32_t(x + 127) << 23 | std::uint32_t(sig & 0x7FFFFF);
        return;
    }
    c.bits = std::uint32_t(tc::detail::roundBlockSum(hopperFp8CarrierModel(), s, e));
    c.decoded = tc::detail::decodeOperand(kFp32, c.bits);
}

Accumulator generalBlock(const Fp8Operands& a, const Fp8Operands& b, int i, int j, int k0, int len, std::uint32_t c) {
    std::array<std::uint64_t, kBlock> av{}, bv{};
    for (int t = 0; t < len; ++t) {
        av[std::size_t(t)] = a.bits[std::size_t(i) * std::size_t(a.k) + std::size_t(k0 + t)];
        bv[std::size_t(t)] = b.bits[std::size_t(j) * std::size_t(b.k) + std::size_t(k0 + t)];
    }
    Accumulator r;
    r.bits = std::uint32_t(tc::blockFma(hopperFp8CarrierModel(), std::span<const std::uint64_t>(av.data(), std::size_t(len)),
                                        std::span<const std::uint64_t>(bv.data(), std::size_t(len)), c)
                               .bits);
    r.decoded = tc::detail::decodeOperand(kFp32, r.bits);
    return r;
}

template <int Len>
FPLAB_FP8_INLINE void finiteBlock(const float* av, const std::uint8_t* ae, const float* bv, const std::uint8_t* be,
                                  int len, Accumulator& c) {
    const int maxSum = blockMaxExponent<Len>(ae, be, len);
    const bool products = maxSum >= kNoProduct;
    const bool cNonzero = c.decoded.sig != 0;
    if (!products && !cNonzero) {
        c = Accumulator{}; // every term zero: +0
        return;
    }
    // E as both tiny-case readings give it here: a nonzero C has an exponent >= -126, above -133.
    const int e = products ? (cNonzero ? std::max(maxSum - 2 * kExponentBias, c.decoded.exp) : maxSum - 2 * kExponentBias)
                           : c.decoded.exp;
    std::int64_t s = 0;
    if (cNonzero) {
        const std::uint64_t mag = tc::detail::cutMagnitude(c.decoded.sig, kFractionBits - 23 - (e - c.decoded.exp));
        s = c.decoded.sign ? -std::int64_t(mag) : std::int64_t(mag);
    }
    if (products) s += blockCutSum<Len>(av, bv, len, std::bit_cast<float>(std::uint32_t(kFractionBits - e + 127) << 23));
    roundInto(s, e, c);
}

FPLAB_FP8_CLONES
void gemmRows(const Fp8Operands& a, const Fp8Operands& b, int k0, int k1, std::uint32_t* d) {
    const int blocksAlong = (a.k + kBlock - 1) / kBlock;
    for (int i = 0; i < a.rows; ++i) {
        const std::size_t ar = std::size_t(i) * std::size_t(a.k);
        for (int j = 0; j < b.rows; ++j) {
            const std::size_t br = std::size_t(j) * std::size_t(b.k);
            Accumulator c;
            for (int kk = k0; kk < k1; kk += kBlock) {
                const int len = std::min(kBlock, k1 - kk);
                const int kb = kk / kBlock;
                // A NaN or infinity among the operands or in C (an overflow, or after one): the general model.
                if (!isFinite(c.decoded.cls) || a.special[std::size_t(i) * std::size_t(blocksAlong) + std::size_t(kb)] ||
                    b.special[std::size_t(j) * std::size_t(blocksAlong) + std::size_t(kb)]) {
                    c = generalBlock(a, b, i, j, kk, len, c.bits);
                    continue;
                }
                const float* av = a.value.data() + ar + std::size_t(kk);
                const float* bv = b.value.data() + br + std::size_t(kk);
                const std::uint8_t* ae = a.exponent.data() + ar + std::size_t(kk);
                const std::uint8_t* be = b.exponent.data() + br + std::size_t(kk);
                if (len == kBlock) finiteBlock<kBlock>(av, ae, bv, be, len, c);
                else finiteBlock<0>(av, ae, bv, be, len, c);
            }
            d[std::size_t(i) * std::size_t(b.rows) + std::size_t(j)] = c.bits;
        }
    }
}

} // namespace

const tc::BlockModel& hopperFp8CarrierModel() {
    static const tc::BlockModel model = [] {
        tc::MmaConfig config;
        config.arch = tc::Arch::Sm90;
        config.input = tc::InputType::E4m3;
        config.accum = tc::AccumType::Fp32;
        config.instruction = tc::Api::Wgmma; // Hopper's FP8 tensor-core path (cuBLASLt, DeepGEMM): 13 kept bits
        tc::BlockModel m = *tc::resolveModel(config).model;
        m.inputFormat = kE5m3Carrier;
        m.unitFormat = kE5m3Carrier;
        // Only the operand width check of the general path reads config.input; E5M3 takes 9 bits.
        m.config.input = tc::InputType::Fp16;
        checkModel(m);
        return m;
    }();
    return model;
}

std::uint32_t e5m3CarrierBits(float v) {
    const std::uint32_t f = std::bit_cast<std::uint32_t>(v);
    const std::uint32_t sign = (f >> 31) << 8;
    const std::uint32_t magnitude = f & 0x7FFFFFFFu;
    if (magnitude == 0) return sign;
    const int e = int(magnitude >> 23) - 127;
    const std::uint32_t m = (magnitude >> 20) & 7;
    if ((magnitude & 0xFFFFF) != 0 || e < -17 || e > 15)
        return std::uint32_t(convert(kFp32, f, kE5m3Carrier).bits);
    if (e >= -14) return sign | std::uint32_t(e + 15) << 3 | m;
    const std::uint32_t significand = 8 | m; // a subnormal of E5M3: significand * 2^(e-3) = k * 2^-17
    if ((significand & ((1u << (-14 - e)) - 1)) != 0) return std::uint32_t(convert(kFp32, f, kE5m3Carrier).bits);
    return sign | significand >> (-14 - e);
}

Fp8Operands decodeFp8Operands(std::span<const std::uint32_t> src, int rows, int k, std::size_t rowStride,
                              std::size_t kStride) {
    const std::array<Entry, 512>& table = decodeTable();
    Fp8Operands o;
    o.rows = rows;
    o.k = k;
    const std::size_t count = std::size_t(rows) * std::size_t(k);
    const int blocks = (k + kBlock - 1) / kBlock;
    o.bits.resize(count);
    o.value.resize(count);
    o.exponent.resize(count);
    o.special.assign(std::size_t(rows) * std::size_t(blocks), 0);
    for (int r = 0; r < rows; ++r)
        for (int kk = 0; kk < k; ++kk) {
            const std::uint32_t bits = src[std::size_t(r) * rowStride + std::size_t(kk) * kStride];
            if (bits >= 512) throw std::invalid_argument("an FP8 operand is wider than E5M3's 9 bits");
            const std::size_t at = std::size_t(r) * std::size_t(k) + std::size_t(kk);
            const Entry& e = table[bits];
            o.bits[at] = bits;
            o.value[at] = e.value;
            o.exponent[at] = e.exponent;
            if (e.special) o.special[std::size_t(r) * std::size_t(blocks) + std::size_t(kk / kBlock)] = 1;
        }
    return o;
}

void hopperFp8Gemm(const Fp8Operands& a, const Fp8Operands& b, int k0, int k1, std::span<std::uint32_t> d) {
    if (a.k != b.k)
        throw std::invalid_argument("A has k = " + std::to_string(a.k) + " but B has k = " + std::to_string(b.k));
    if (k0 < 0 || k1 > a.k || k0 > k1 || k0 % kBlock != 0)
        throw std::invalid_argument("the k range [" + std::to_string(k0) + ", " + std::to_string(k1) +
                                    ") must lie in [0, " + std::to_string(a.k) + ") and start at a multiple of 32");
    if (d.size() != std::size_t(a.rows) * std::size_t(b.rows))
        throw std::invalid_argument("d holds " + std::to_string(d.size()) + " values, expected " +
                                    std::to_string(std::size_t(a.rows) * std::size_t(b.rows)));
    hopperFp8CarrierModel(); // checks the model's shape once
    gemmRows(a, b, k0, k1, d.data());
}

} // namespace fplab::blockscale
