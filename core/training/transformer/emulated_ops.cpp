#include "core/training/transformer/emulated_ops.h"

#include "core/training/transformer/double_rounding.h"
#include "core/training/transformer/format_bits.h"

#include "core/arithmetic.h"
#include "core/fast.h"

#include <bit>
#include <cmath>

namespace fplab::training {

namespace {

constexpr Flags kReported = kOverflow | kInvalid;

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
                         std::initializer_list<std::uint64_t> operands, std::uint64_t result) {
    if (m_tensors.empty()) at(Pass::Forward, -1, "unnamed");
    m_tensors[m_current].flags |= flags;
    if ((flags & kReported) && !m_first)
        m_first = OverflowReport{m_tensors[m_current].site, operation, element, f, operands, result, flags};
}

float EmulatedOps::finish(FormatId f, std::uint64_t bits, Flags flags, std::size_t element, const char* operation,
                          std::initializer_list<std::uint64_t> operands) {
    record(f, flags, element, operation, operands, bits);
    return floatOf(f, bits);
}

float EmulatedOps::binary(BinaryOperation op, FormatId f, float a, float b, std::size_t element,
                          const char* operation) {
    const Result x = roundToFormat(f, a), y = roundToFormat(f, b);
    const Result r = op(formatOf(f), x.bits, y.bits, Env{}, nullptr);
    return finish(f, r.bits, Flags(x.flags | y.flags | r.flags), element, operation, {x.bits, y.bits});
}

float EmulatedOps::add(FormatId f, float a, float b, std::size_t element, const char* operation) {
    return binary(fplab::add, f, a, b, element, operation);
}
float EmulatedOps::sub(FormatId f, float a, float b, std::size_t element, const char* operation) {
    return binary(fplab::sub, f, a, b, element, operation);
}
float EmulatedOps::mul(FormatId f, float a, float b, std::size_t element, const char* operation) {
    return binary(fplab::mul, f, a, b, element, operation);
}
float EmulatedOps::div(FormatId f, float a, float b, std::size_t element, const char* operation) {
    return binary(fplab::div, f, a, b, element, operation);
}

float EmulatedOps::fma(FormatId f, float a, float b, float c, std::size_t element, const char* operation) {
    const Result x = roundToFormat(f, a), y = roundToFormat(f, b), z = roundToFormat(f, c);
    const Result r = fplab::fma(formatOf(f), x.bits, y.bits, z.bits);
    return finish(f, r.bits, Flags(x.flags | y.flags | z.flags | r.flags), element, operation,
                  {x.bits, y.bits, z.bits});
}

float EmulatedOps::sqrt(FormatId f, float a, std::size_t element, const char* operation) {
    const Result x = roundToFormat(f, a);
    const Result r = fplab::sqrt(formatOf(f), x.bits);
    return finish(f, r.bits, Flags(x.flags | r.flags), element, operation, {x.bits});
}

float EmulatedOps::cast(FormatId f, float a, std::size_t element, const char* operation) {
    const Result x = roundToFormat(f, a);
    return finish(f, x.bits, x.flags, element, operation, {std::bit_cast<std::uint32_t>(a)});
}

float EmulatedOps::function(FormatId f, double (*fn)(double), float a, std::size_t element, const char* operation) {
    const Result x = roundToFormat(f, a);
    const double exact = fn(double(floatOf(f, x.bits)));
    Result r = fplab::convert(kFp64, std::bit_cast<std::uint64_t>(exact), formatOf(f));
    // A NaN made from a non-NaN operand (log of a negative number) is an invalid operation.
    if (std::isnan(exact) && !std::isnan(floatOf(f, x.bits))) r.flags |= kInvalid;
    return finish(f, r.bits, Flags(x.flags | r.flags), element, operation, {x.bits});
}

bool EmulatedOps::fastPathsAvailable() { return kDoubleRoundingPathAvailable; }

} // namespace fplab::training
