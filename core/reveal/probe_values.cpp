#include "core/reveal/probe_values.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace fplab::reveal {

namespace {

std::uint64_t powerOfTwo(const Format& f, int exponent) {
    // A normal power of two: biased exponent field, zero fraction; a subnormal one: a single fraction bit.
    const int field = exponent + f.bias;
    if (field >= f.minNormalExponentField()) return std::uint64_t(field) << f.mantissaBits;
    return std::uint64_t{1} << (f.mantissaBits - (f.minExponent() - exponent));
}

ProbeValues make(const Format& f, int largeExponent, int unitExponent) {
    ProbeValues p;
    p.large = powerOfTwo(f, largeExponent);
    p.negLarge = p.large | f.signMask();
    p.unit = powerOfTwo(f, unitExponent);
    p.unitExponent = unitExponent;
    // k*u is exact for every k up to 2^precision (k has at most `precision` significant bits), and the
    // counts never leave the format's range for these choices.
    p.maxTerms = int(std::min<std::int64_t>(std::int64_t{1} << std::min(f.precision(), 30), 1 << 30));
    return p;
}

} // namespace

std::optional<ProbeValues> probeValuesFor(const Format& f) {
    switch (f.id) {
    // u = 1 (a normal number, so a target that flushes subnormals still counts), M the largest power
    // of two: M + n*u rounds back to M in the format and in any wider accumulator.
    case FormatId::Fp64: return make(f, 1023, 0);
    case FormatId::Fp32: return make(f, 127, 0);
    // BF16 has FP32's range: the smallest normal as u keeps flush-to-zero targets counting.
    case FormatId::Bf16: return make(f, 127, -126);
    // FP16's range is narrow: M = 2^15 and the smallest subnormal u = 2^-24, so that 2^11 units still
    // vanish against M in an FP32 accumulator (ulp(2^15) = 2^-8 there), as torch.sum on FP16 uses.
    case FormatId::Fp16: return make(f, 15, -24);
    default: return std::nullopt;
    }
}

ProbeValues requireProbeValues(const Format& f) {
    if (const auto values = probeValuesFor(f)) return *values;
    throw std::invalid_argument("the order of a sum can be revealed for fp64, fp32, fp16 and bf16 terms, not " +
                                std::string(f.name()));
}

} // namespace fplab::reveal
