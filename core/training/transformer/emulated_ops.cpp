#include "core/training/transformer/emulated_ops.h"

#include "core/arithmetic.h"
#include "core/fast.h"

#include <bit>
#include <cfenv>
#include <cmath>

namespace fplab::training {

namespace {

constexpr Flags kReported = kOverflow | kInvalid;

// A float's value rounded to `f`, as bits of `f`.
Result toFormat(FormatId f, float x) {
    const std::uint64_t bits = std::bit_cast<std::uint32_t>(x);
    switch (f) {
    case FormatId::Fp16: return fast::convert<kFp32, kFp16>(bits);
    case FormatId::Bf16: return fast::convert<kFp32, kBf16>(bits);
    default: return {bits, 0};
    }
}

// Bits of `f` as the (exact) float.
float fromFormat(FormatId f, std::uint64_t bits) {
    switch (f) {
    case FormatId::Fp16: bits = fast::convert<kFp16, kFp32>(bits).bits; break;
    case FormatId::Bf16: bits = fast::convert<kBf16, kFp32>(bits).bits; break;
    default: break;
    }
    return std::bit_cast<float>(std::uint32_t(bits));
}

const Format& formatOf(FormatId f) { return emulatedFormat(f); }

} // namespace

const Format& emulatedFormat(FormatId format) {
    switch (format) {
    case FormatId::Fp16: return kFp16;
    case FormatId::Bf16: return kBf16;
    default: return kFp32;
    }
}

std::string_view passName(Pass pass) { return pass == Pass::Forward ? "forward" : "backward"; }

std::string checkEmulatedFormat(FormatId format) {
    if (format == FormatId::Fp32 || format == FormatId::Fp16 || format == FormatId::Bf16) return {};
    return "the transformer computes in fp32, fp16 or bf16 only";
}

void EmulatedOps::at(Pass pass, int layer, const std::string& tensor) {
    for (std::size_t i = 0; i < m_tensors.size(); ++i) {
        const TensorSite& s = m_tensors[i].site;
        if (s.pass == pass && s.layer == layer && s.tensor == tensor) {
            m_current = i;
            return;
        }
    }
    m_tensors.push_back({{pass, layer, tensor}, 0});
    m_current = m_tensors.size() - 1;
}

void EmulatedOps::clear() {
    m_tensors.clear();
    m_current = 0;
    m_first.reset();
}

void EmulatedOps::record(FormatId f, Flags flags, std::size_t element, const char* operation,
                         std::initializer_list<std::uint64_t> operands, std::uint64_t result, Raised raised) {
    if (m_tensors.empty()) at(Pass::Forward, -1, "unnamed");
    m_tensors[m_current].flags |= flags;
    if ((flags & kReported) && !m_first)
        m_first = OverflowReport{m_tensors[m_current].site, operation, element, f, operands, result, flags, raised.kind,
                                 raised.functionValue};
}

float EmulatedOps::finish(FormatId f, std::uint64_t bits, Flags flags, std::size_t element, const char* operation,
                          std::initializer_list<std::uint64_t> operands, Raised raised) {
    record(f, flags, element, operation, operands, bits, raised);
    return fromFormat(f, bits);
}

float EmulatedOps::binary(BinaryOperation op, Operation kind, FormatId f, float a, float b, std::size_t element,
                          const char* operation) {
    const Result x = toFormat(f, a), y = toFormat(f, b);
    const Result r = op(formatOf(f), x.bits, y.bits, Env{}, nullptr);
    return finish(f, r.bits, Flags(x.flags | y.flags | r.flags), element, operation, {x.bits, y.bits}, {kind, {}});
}

float EmulatedOps::add(FormatId f, float a, float b, std::size_t element, const char* operation) {
    return binary(fplab::add, Operation::Add, f, a, b, element, operation);
}
float EmulatedOps::sub(FormatId f, float a, float b, std::size_t element, const char* operation) {
    return binary(fplab::sub, Operation::Sub, f, a, b, element, operation);
}
float EmulatedOps::mul(FormatId f, float a, float b, std::size_t element, const char* operation) {
    return binary(fplab::mul, Operation::Mul, f, a, b, element, operation);
}
float EmulatedOps::div(FormatId f, float a, float b, std::size_t element, const char* operation) {
    return binary(fplab::div, Operation::Div, f, a, b, element, operation);
}

float EmulatedOps::fma(FormatId f, float a, float b, float c, std::size_t element, const char* operation) {
    const Result x = toFormat(f, a), y = toFormat(f, b), z = toFormat(f, c);
    const Result r = fplab::fma(formatOf(f), x.bits, y.bits, z.bits);
    return finish(f, r.bits, Flags(x.flags | y.flags | z.flags | r.flags), element, operation, {x.bits, y.bits, z.bits},
                  {Operation::Fma, {}});
}

float EmulatedOps::sqrt(FormatId f, float a, std::size_t element, const char* operation) {
    const Result x = toFormat(f, a);
    const Result r = fplab::sqrt(formatOf(f), x.bits);
    return finish(f, r.bits, Flags(x.flags | r.flags), element, operation, {x.bits}, {Operation::Sqrt, {}});
}

float EmulatedOps::cast(FormatId f, float a, std::size_t element, const char* operation) {
    const Result x = toFormat(f, a);
    return finish(f, x.bits, x.flags, element, operation, {std::bit_cast<std::uint32_t>(a)}, {Operation::Convert, {}});
}

float EmulatedOps::function(FormatId f, double (*fn)(double), float a, std::size_t element, const char* operation) {
    const Result x = toFormat(f, a);
    const double exact = fn(double(fromFormat(f, x.bits)));
    Result r = fplab::convert(kFp64, std::bit_cast<std::uint64_t>(exact), formatOf(f));
    // A NaN made from a non-NaN operand (log of a negative number) is an invalid operation.
    if (std::isnan(exact) && !std::isnan(fromFormat(f, x.bits))) r.flags |= kInvalid;
    return finish(f, r.bits, Flags(x.flags | r.flags), element, operation, {x.bits},
                  {Operation::Convert, std::bit_cast<std::uint64_t>(exact)});
}

namespace {

// The host's binary32 fused multiply-add is IEEE 754's, and on x86-64 its exception flags are IEEE's
// too, with tininess detected after rounding as the core's default Env does; elsewhere the core computes.
#if defined(__x86_64__) && defined(FE_OVERFLOW)
constexpr bool kHostFp32 = true;
Flags hostFlags(int raised) {
    Flags f = 0;
    if (raised & FE_INVALID) f |= kInvalid;
    if (raised & FE_DIVBYZERO) f |= kDivideByZero;
    if (raised & FE_OVERFLOW) f |= kOverflow;
    if (raised & FE_UNDERFLOW) f |= kUnderflow;
    if (raised & FE_INEXACT) f |= kInexact;
    return f;
}
#else
constexpr bool kHostFp32 = false;
Flags hostFlags(int) { return 0; }
#endif

} // namespace

bool EmulatedOps::hostFp32Available() { return kHostFp32; }

bool EmulatedOps::hostDot(int i, int j, int k, int n, float* out, std::size_t elementBase) {
    const std::uint64_t* aRow = m_aBits.data() + std::size_t(i) * k;
    const std::uint64_t* bCol = m_bBits.data() + std::size_t(j) * k;
    std::feclearexcept(FE_ALL_EXCEPT);
    float sum = 0.0f;
    for (int p = 0; p < k; ++p)
        sum = std::fma(std::bit_cast<float>(std::uint32_t(aRow[p])), std::bit_cast<float>(std::uint32_t(bCol[p])), sum);
    const Flags flags = hostFlags(std::fetestexcept(FE_ALL_EXCEPT));
    // An overflow or invalid operation is located by the core, which computes the same bits.
    if (flags & kReported) return false;
    if (flags)
        record(FormatId::Fp32, flags, elementBase + std::size_t(i) * n + j, "matmul.fma", {}, 0, {Operation::Fma, {}});
    *out = sum;
    return true;
}

template <const Format& Acc>
void EmulatedOps::matmulKernel(int m, int k, int n, float* c, int ldc, bool lowerOnly, std::size_t elementBase) {
    constexpr FormatId acc = Acc.id;
    for (int i = 0; i < m; ++i) {
        const std::uint64_t* aRow = m_aBits.data() + std::size_t(i) * k;
        const int jEnd = lowerOnly ? std::min(n, i + 1) : n;
        for (int j = 0; j < jEnd; ++j) {
            if constexpr (Acc.id == FormatId::Fp32) {
                if (m_useHostFp32 && hostDot(i, j, k, n, c + std::size_t(i) * ldc + j, elementBase)) continue;
            }
            const std::uint64_t* bCol = m_bBits.data() + std::size_t(j) * k;
            std::uint64_t sum = 0;
            Flags flags = 0;
            for (int p = 0; p < k; ++p) {
                const Result r = fast::fma<Acc>(aRow[p], bCol[p], sum);
                if (r.flags & kReported) {
                    record(acc, r.flags, elementBase + std::size_t(i) * n + j, "matmul.fma", {aRow[p], bCol[p], sum},
                           r.bits, {Operation::Fma, {}});
                }
                flags |= r.flags;
                sum = r.bits;
            }
            if (flags)
                record(acc, flags, elementBase + std::size_t(i) * n + j, "matmul.fma", {}, sum, {Operation::Fma, {}});
            c[std::size_t(i) * ldc + j] = fromFormat(acc, sum);
        }
    }
}

void EmulatedOps::matmul(FormatId input, FormatId accumulate, MatrixView a, MatrixView b, int m, int k, int n, float* c,
                         int ldc, bool lowerOnly, std::size_t elementBase) {
    // The operands rounded to the input format, then widened (exactly, when the input format is the
    // narrower) to the accumulation format; b is kept transposed so that each dot product reads rows.
    auto load = [&](float value, std::size_t element, const char* operation) {
        const Result x = toFormat(input, value);
        const Result y = toFormat(accumulate, fromFormat(input, x.bits));
        if (x.flags | y.flags)
            record(input, Flags(x.flags | y.flags), element, operation, {}, y.bits, {Operation::Convert, {}});
        return y.bits;
    };
    m_aBits.resize(std::size_t(m) * k);
    m_bBits.resize(std::size_t(k) * n);
    for (int i = 0; i < m; ++i)
        for (int p = 0; p < k; ++p)
            m_aBits[std::size_t(i) * k + p] = load(a.at(i, p), std::size_t(i) * k + p, "matmul.cast_a");
    for (int p = 0; p < k; ++p)
        for (int j = 0; j < n; ++j)
            m_bBits[std::size_t(j) * k + p] = load(b.at(p, j), std::size_t(p) * n + j, "matmul.cast_b");
    switch (accumulate) {
    case FormatId::Fp16: matmulKernel<kFp16>(m, k, n, c, ldc, lowerOnly, elementBase); break;
    case FormatId::Bf16: matmulKernel<kBf16>(m, k, n, c, ldc, lowerOnly, elementBase); break;
    default: matmulKernel<kFp32>(m, k, n, c, ldc, lowerOnly, elementBase); break;
    }
}

} // namespace fplab::training
