#include "app/tensor_files/tensor_census.h"

#include "core/arithmetic.h"
#include "core/classify.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace fplab::tensorfiles {
namespace {

const Format* floatFormat(Dtype d) {
    switch (d) {
    case Dtype::F64: return &kFp64;
    case Dtype::F32: return &kFp32;
    case Dtype::F16: return &kFp16;
    case Dtype::BF16: return &kBf16;
    case Dtype::F8E4m3: return &kE4m3;
    case Dtype::F8E5m2: return &kE5m2;
    default: return nullptr;
    }
}

std::uint64_t bitsAt(const std::uint8_t* p, std::size_t bytes) {
    std::uint64_t v = 0;
    std::memcpy(&v, p, bytes); // little-endian host
    return v;
}

// Counts one element of format f (its bits) into c.
void count(TensorCensus& c, const Format& f, std::uint64_t bits) {
    switch (classify(f, bits)) {
    case FloatClass::QuietNaN:
    case FloatClass::SignalingNaN: ++c.nan; return;
    case FloatClass::Infinity:
        ++c.infinite;
        c.amax = HUGE_VAL;
        return;
    case FloatClass::Zero: ++c.zero; return;
    case FloatClass::Subnormal: ++c.subnormal; break;
    case FloatClass::Normal: break;
    }
    c.amax = std::max(c.amax, std::fabs(std::bit_cast<double>(convert(f, bits, kFp64).bits)));
}

} // namespace

TensorCensus censusOfValues(std::span<const float> values, const Format& own) {
    TensorCensus c;
    for (const float v : values) count(c, own, convert(kFp32, std::bit_cast<std::uint32_t>(v), own).bits);
    return c;
}

TensorCensus censusOf(std::span<const std::uint8_t> file, const TensorEntry& t) {
    TensorCensus c;
    if (t.end > file.size()) return c;
    const std::uint8_t* p = file.data() + t.begin;
    const Format* f = floatFormat(t.dtype);
    for (std::uint64_t i = 0; i < t.elements; ++i) {
        const std::uint8_t* e = p + i * t.elementBytes;
        if (f == nullptr) { // I8, U8
            const int v = t.dtype == Dtype::I8 ? static_cast<std::int8_t>(*e) : *e;
            c.zero += v == 0;
            c.amax = std::max(c.amax, static_cast<double>(std::abs(v)));
            continue;
        }
        count(c, *f, bitsAt(e, t.elementBytes));
    }
    return c;
}

} // namespace fplab::tensorfiles
