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
#include <cstring>
#include <stdexcept>
#include <string>

namespace fplab::blockscale {

namespace {

constexpr Format kE5m3Carrier = detail::preset(FormatId::Custom, "e5m3", 5, 3);
constexpr int kBlock = 32;
constexpr int kFractionBits = 13;                  // F of the sm_90 FP8 model
constexpr int kExponentBias = 64;                  // stored exponent = model exponent + 64; 0 marks a zero
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
#else
#define FPLAB_FP8_CLONES
#endif

constexpr int kLanes = 8;      // columns of B computed together, one per SIMD lane
constexpr int kNone = -1000;   // the exponent of "no term": no nonzero product, or C = 0
constexpr int kLowestE = -113; // E - 13 >= -126: the sum, at least 1, scales to a normal float
constexpr int kHighestE = 120; // E + 7 <= 127: the sum, below 2^21, scales without overflow

// B's columns in groups of kLanes, element (kk, lane) of group g at (g * k + kk) * kLanes + lane.
struct Panel {
    int groups = 0;
    std::vector<float> value;
    std::vector<std::int32_t> exponent;
};

Panel panelOf(const Fp8Operands& b) {
    Panel p;
    p.groups = (b.rows + kLanes - 1) / kLanes;
    p.value.assign(std::size_t(p.groups) * std::size_t(b.k) * kLanes, 0.0f);
    p.exponent.assign(p.value.size(), 0);
    for (int j = 0; j < b.rows; ++j)
        for (int kk = 0; kk < b.k; ++kk) {
            const std::size_t from = std::size_t(j) * std::size_t(b.k) + std::size_t(kk);
            const std::size_t to = (std::size_t(j / kLanes) * std::size_t(b.k) + std::size_t(kk)) * kLanes +
                                   std::size_t(j % kLanes);
            p.value[to] = b.value[from];
            p.exponent[to] = b.exponent[from];
        }
    return p;
}

std::uint32_t operandBits(const Fp8Operands& o, std::size_t at) {
    return o.bits.empty() ? e5m3CarrierBits(o.value[at]) : o.bits[at];
}

// One block through the general model, for blocks with a NaN or infinity among the operands or in C,
// and for sums the lanes cannot scale into a normal float (C far outside the products' range).
std::uint32_t generalBlock(const Fp8Operands& a, const Fp8Operands& b, int i, int j, int k0, int len, std::uint32_t c) {
    std::array<std::uint64_t, kBlock> av{}, bv{};
    for (int t = 0; t < len; ++t) {
        av[std::size_t(t)] = operandBits(a, std::size_t(i) * std::size_t(a.k) + std::size_t(k0 + t));
        bv[std::size_t(t)] = operandBits(b, std::size_t(j) * std::size_t(b.k) + std::size_t(k0 + t));
    }
    return std::uint32_t(tc::blockFma(hopperFp8CarrierModel(),
                                      std::span<const std::uint64_t>(av.data(), std::size_t(len)),
                                      std::span<const std::uint64_t>(bv.data(), std::size_t(len)), c)
                             .bits);
}

// kLanes floats or int32s in one SIMD register (GCC and Clang vector extensions; AVX2: one ymm).
using LaneFloats = float __attribute__((vector_size(4 * kLanes)));
using LaneInts = std::int32_t __attribute__((vector_size(4 * kLanes)));

// The lanes' running C: its FP32 bits, and for a finite C its value and the model's exponent.
struct Lanes {
    LaneInts bits = {};
    LaneFloats value = {};  // 0 when C is zero or not finite
    LaneInts exponent = {}; // kNone when C is zero or not finite
    bool finite[kLanes] = {};

    void set(int l, std::uint32_t b) {
        bits[l] = std::int32_t(b);
        const int field = int(b >> 23 & 0xFF);
        finite[l] = field != 0xFF;
        const bool zero = (b & 0x7FFFFFFFu) == 0;
        value[l] = finite[l] ? std::bit_cast<float>(b) : 0.0f;
        exponent[l] = !finite[l] || zero ? kNone : std::max(field - 127, -126); // subnormals at emin
    }
};

template <class V>
[[gnu::always_inline]] inline void load(V& v, const void* p) {
    std::memcpy(&v, p, sizeof v);
}

// Steps 3-5 for one block of kLanes cells: E per lane, every term (C included) cut to 2^(E-13) as a
// truncated float product, the exact int32 sum, its RZ to 14 bits as a float cut, scaled back by 2^(E-13).
// Returns the lanes that need the general model instead (bit l set).
template <int Len>
[[gnu::always_inline]] inline unsigned laneBlock(const float* av, const std::uint8_t* ae, const float* bv,
                                                 const std::int32_t* be, int len, Lanes& c) {
    const int n = Len > 0 ? Len : len;
    const LaneInts none = LaneInts{} + kNone;
    LaneInts mx = {};
    for (int t = 0; t < n; ++t) {
        LaneInts e;
        load(e, be + t * kLanes);
        e += std::int32_t(ae[t]);
        mx = mx > e ? mx : e;
    }
    const LaneInts products = mx >= kNoProduct ? mx - 2 * kExponentBias : none;
    const LaneInts eBlock = products > c.exponent ? products : c.exponent;
    LaneInts eSafe = eBlock < kLowestE ? LaneInts{} + kLowestE : eBlock;
    eSafe = eSafe > kHighestE ? LaneInts{} + kHighestE : eSafe;
    const LaneFloats scale = __builtin_bit_cast(LaneFloats, (kFractionBits - eSafe + 127) << 23);
    LaneInts s = __builtin_convertvector(c.value * scale, LaneInts); // truncation toward zero: the cut
    for (int t = 0; t < n; ++t) {
        LaneFloats b;
        load(b, bv + t * kLanes);
        s += __builtin_convertvector(b * av[t] * scale, LaneInts);
    }
    const LaneInts cut = __builtin_bit_cast(LaneInts, __builtin_convertvector(s, LaneFloats)) &
                         std::int32_t(0xFFFFFC00u);
    c.bits = __builtin_bit_cast(LaneInts, __builtin_bit_cast(LaneFloats, cut) *
                                              __builtin_bit_cast(LaneFloats, (eSafe - kFractionBits + 127) << 23));
    const LaneInts clamped = (eBlock != eSafe) & (eBlock != none);
    unsigned general = 0;
    for (int l = 0; l < kLanes; ++l)
        if (clamped[l] || !c.finite[l]) general |= 1u << l;
    return general;
}

FPLAB_FP8_CLONES
void gemmPanels(const Fp8Operands& a, const Fp8Operands& b, const Panel& p, int k0, int k1, std::uint32_t* d) {
    const int blocksAlong = (a.k + kBlock - 1) / kBlock;
    for (int i = 0; i < a.rows; ++i) {
        const std::size_t ar = std::size_t(i) * std::size_t(a.k);
        for (int g = 0; g < p.groups; ++g) {
            const int lanes = std::min(kLanes, b.rows - g * kLanes);
            Lanes c;
            for (int l = 0; l < kLanes; ++l) c.set(l, 0);
            for (int kk = k0; kk < k1; kk += kBlock) {
                const int len = std::min(kBlock, k1 - kk);
                const int kb = kk / kBlock;
                const LaneInts before = c.bits;
                const float* av = a.value.data() + ar + std::size_t(kk);
                const std::uint8_t* ae = a.exponent.data() + ar + std::size_t(kk);
                const std::size_t pb = (std::size_t(g) * std::size_t(b.k) + std::size_t(kk)) * kLanes;
                unsigned general = len == kBlock
                                       ? laneBlock<kBlock>(av, ae, p.value.data() + pb, p.exponent.data() + pb, len, c)
                                       : laneBlock<0>(av, ae, p.value.data() + pb, p.exponent.data() + pb, len, c);
                if (a.special[std::size_t(i) * std::size_t(blocksAlong) + std::size_t(kb)])
                    general = (1u << kLanes) - 1;
                for (int l = 0; l < lanes; ++l) {
                    const int j = g * kLanes + l;
                    if (b.special[std::size_t(j) * std::size_t(blocksAlong) + std::size_t(kb)] || (general >> l & 1))
                        c.bits[l] = std::int32_t(generalBlock(a, b, i, j, kk, len, std::uint32_t(before[l])));
                    c.set(l, std::uint32_t(c.bits[l]));
                }
            }
            for (int l = 0; l < lanes; ++l)
                d[std::size_t(i) * std::size_t(b.rows) + std::size_t(g * kLanes + l)] = std::uint32_t(c.bits[l]);
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
    if ((magnitude & 0xFFFFF) != 0 || e < -17 || e > 15) return std::uint32_t(convert(kFp32, f, kE5m3Carrier).bits);
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

Fp8Operands decodeFp8Codes(std::span<const float> codes, int rows, int k, std::size_t rowStride, std::size_t kStride) {
    Fp8Operands o;
    o.rows = rows;
    o.k = k;
    const std::size_t count = std::size_t(rows) * std::size_t(k);
    o.value.resize(count);
    o.exponent.resize(count);
    o.special.assign(std::size_t(rows) * std::size_t((k + kBlock - 1) / kBlock), 0);
    for (int r = 0; r < rows; ++r)
        for (int kk = 0; kk < k; ++kk) {
            const float v = codes[std::size_t(r) * rowStride + std::size_t(kk) * kStride];
            const std::uint32_t magnitude = std::bit_cast<std::uint32_t>(v) & 0x7FFFFFFFu;
            const std::size_t at = std::size_t(r) * std::size_t(k) + std::size_t(kk);
            o.value[at] = v;
            if (magnitude == 0) {
                o.exponent[at] = 0;
                continue;
            }
            const int e = int(magnitude >> 23) - 127;
            const std::uint32_t significand = 8 | (magnitude >> 20 & 7);
            // Not an E5M3 value as it stands (more than 4 significant bits, out of range, below its grid,
            // NaN or infinity): the whole matrix through the carrier bits and the decoding table.
            if ((magnitude & 0xFFFFF) != 0 || e < -17 || e > 15 ||
                (e < -14 && (significand & ((1u << (-14 - e)) - 1)) != 0)) {
                std::vector<std::uint32_t> bits(count);
                for (int r2 = 0; r2 < rows; ++r2)
                    for (int k2 = 0; k2 < k; ++k2)
                        bits[std::size_t(r2) * std::size_t(k) + std::size_t(k2)] = e5m3CarrierBits(
                            codes[std::size_t(r2) * rowStride + std::size_t(k2) * kStride]);
                return decodeFp8Operands(bits, rows, k, std::size_t(k), 1);
            }
            o.exponent[at] = std::uint8_t(std::max(e, -14) + kExponentBias); // E5M3 subnormals sit at emin
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
    gemmPanels(a, b, panelOf(b), k0, k1, d.data());
}

} // namespace fplab::blockscale
