// Random cases of EmulatedOps' whole-tensor operations (addAll, mulAll, fmaAll, functionAll, mulFunctionAll) and
// their element-by-element meaning, for emulated_span_ops_test.cpp and emulated_span_oracle_test.cpp.
#pragma once

#include "core/training/transformer/emulated_ops.h"
#include "core/training/transformer/format_bits.h"
#include "tests/training/random_format_bits.h"

#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

namespace fplab::training {

enum class SpanOperation { Add, MulByScalar, Fma, Function, MulFunction };
inline constexpr SpanOperation kSpanOperations[] = {SpanOperation::Add, SpanOperation::MulByScalar, SpanOperation::Fma,
                                                    SpanOperation::Function, SpanOperation::MulFunction};

inline double spanFunction(double x) { return std::exp(x); }

// Operands a, b, c of `count` elements (b[0] is mulAll's scalar): numbers of the format, mostly moderate, with now
// and then an arbitrary float that the operation rounds first (ties, subnormals, overflow, infinities, NaNs), so that
// the first overflow often falls inside the span. inPlace: the result overwrites a.
struct SpanCase {
    FormatId format = FormatId::Fp32;
    SpanOperation operation = SpanOperation::Add;
    std::vector<float> a, b, c;
    std::size_t elementBase = 0;
    bool inPlace = false;
};

inline SpanCase randomSpanCase(FormatId format, SpanOperation operation, std::mt19937_64& rng) {
    const Format& f = emulatedFormat(format);
    SpanCase s{format, operation, {}, {}, {}, rng() % 1000, rng() % 2 == 0};
    const std::size_t count = 1 + rng() % 200;
    const std::uint64_t rawEvery = 1 + rng() % 256;
    const bool extreme = rng() % 4 == 0;
    auto operand = [&] {
        if (rng() % rawEvery == 0) return floatOf(FormatId::Fp32, randomBits(kFp32, rng));
        return floatOf(format, extreme ? randomBits(f, rng) : moderateBits(f, rng));
    };
    for (std::vector<float>* v : {&s.a, &s.b, &s.c}) {
        v->resize(count);
        for (float& x : *v) x = operand();
    }
    return s;
}

// The whole-tensor call on ops; the results.
inline std::vector<float> applySpan(EmulatedOps& ops, const SpanCase& s) {
    std::vector<float> out(s.a);
    const float* a = s.inPlace ? out.data() : s.a.data();
    const std::size_t n = s.a.size();
    switch (s.operation) {
    case SpanOperation::Add: ops.addAll(s.format, a, s.b.data(), out.data(), n, s.elementBase, "add"); break;
    case SpanOperation::MulByScalar: ops.mulAll(s.format, a, s.b[0], out.data(), n, s.elementBase, "mul"); break;
    case SpanOperation::Fma:
        ops.fmaAll(s.format, a, s.b.data(), s.c.data(), out.data(), n, s.elementBase, "fma");
        break;
    case SpanOperation::Function:
        ops.functionAll(s.format, spanFunction, a, out.data(), n, s.elementBase, "exp");
        break;
    case SpanOperation::MulFunction:
        ops.mulFunctionAll(s.format, a, spanFunction, s.b.data(), out.data(), n, s.elementBase, "mul", "exp");
        break;
    }
    return out;
}

// The same through the per-element calls, in order.
inline std::vector<float> applyPerElement(EmulatedOps& ops, const SpanCase& s) {
    std::vector<float> out(s.a.size());
    for (std::size_t e = 0; e < out.size(); ++e) {
        const std::size_t element = s.elementBase + e;
        switch (s.operation) {
        case SpanOperation::Add: out[e] = ops.add(s.format, s.a[e], s.b[e], element, "add"); break;
        case SpanOperation::MulByScalar: out[e] = ops.mul(s.format, s.a[e], s.b[0], element, "mul"); break;
        case SpanOperation::Fma: out[e] = ops.fma(s.format, s.a[e], s.b[e], s.c[e], element, "fma"); break;
        case SpanOperation::Function: out[e] = ops.function(s.format, spanFunction, s.a[e], element, "exp"); break;
        case SpanOperation::MulFunction:
            out[e] = ops.mul(s.format, s.a[e], ops.function(s.format, spanFunction, s.b[e], element, "exp"), element,
                             "mul");
            break;
        }
    }
    return out;
}

} // namespace fplab::training
