#include "core/training/transformer/emulated_ops.h"

#include "core/training/transformer/double_rounding.h"
#include "core/training/transformer/format_bits.h"
#include "core/training/transformer/fp16_fma_lanes.h"
#include "core/training/transformer/fp16_span_lanes.h"

#include "core/arithmetic.h"
#include "core/fast.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <type_traits>

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
    stopIfRequested(m_stop);
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
    return floatOf(f, bits);
}

namespace {

// Calls body.template operator()<F>() with F the preset of `f`; false (the core computes) for a format the
// fast path was not proven for.
template <class Body>
bool withFormat(FormatId f, Body&& body) {
    switch (f) {
    case FormatId::Fp32: return body.template operator()<kFp32>();
    case FormatId::Fp16: return body.template operator()<kFp16>();
    case FormatId::Bf16: return body.template operator()<kBf16>();
    default: return false;
    }
}

// The fast path of an element-wise operation (double_rounding.h): each operand rounded to F, then the
// binary64 value w of the operation on them, and `exact()` whether w is the exact result (asked only when w
// is a number of F); false where the core must compute (any other flag, a midpoint, an exact tiny result
// that is no subnormal of F, infinities and NaNs).
template <const Format& F>
FPLAB_INLINE bool fastOperand(float x, double& v, Flags& flags) {
    if constexpr (F.id == FormatId::Fp32) { // a finite float is an FP32 number: itself, with no flag
        v = x;
        return std::isfinite(x);
    } else {
        return DoubleRounding<F>::round(x, v, flags);
    }
}

template <const Format& F, class Exact>
FPLAB_INLINE bool fastResult(double w, Exact&& exact, double& r, Flags& flags) {
    using R = DoubleRounding<F>;
    if (R::roundInexact(w, r)) flags |= kInexact;
    else if (R::roundTiny(w, r)) flags |= Flags(kUnderflow | kInexact);
    else if (R::exactResult(w) && exact()) r = w;
    else return false;
    return true;
}

template <const Format& F, ElementwiseKind K>
FPLAB_INLINE bool fastOperation(float a, float b, float c, double& r, Flags& flags) {
    constexpr bool kUnary = K == ElementwiseKind::Sqrt || K == ElementwiseKind::Cast;
    double x = 0, y = 0, z = 0;
    if (!fastOperand<F>(a, x, flags)) return false;
    if constexpr (!kUnary)
        if (!fastOperand<F>(b, y, flags)) return false;
    if constexpr (K == ElementwiseKind::Fma)
        if (!fastOperand<F>(c, z, flags)) return false;
    if constexpr (F.id == FormatId::Fp16) { // exact sums, differences and products, fmas as in the matmul
        if constexpr (K == ElementwiseKind::Add || K == ElementwiseKind::Sub || K == ElementwiseKind::Mul) {
            const double w = K == ElementwiseKind::Add ? x + y : K == ElementwiseKind::Sub ? x - y : x * y;
            return fp16RoundOnce(
                w, [&](double rounded) { return rounded == w; }, r, flags);
        } else if constexpr (K == ElementwiseKind::Fma) {
            const double product = x * y;
            return fp16RoundOnce(
                product + z, [&](double rounded) { return rounded - z == product; }, r, flags);
        }
    }
    if constexpr (K == ElementwiseKind::Add) {
        const double w = x + y;
        return fastResult<F>(
            w, [&] { return twoSumError(x, y, w) == 0.0; }, r, flags);
    } else if constexpr (K == ElementwiseKind::Sub) {
        const double w = x - y;
        return fastResult<F>(
            w, [&] { return twoSumError(x, -y, w) == 0.0; }, r, flags);
    } else if constexpr (K == ElementwiseKind::Mul) {
        return fastResult<F>(
            x * y, [] { return true; }, r, flags); // 2p <= 53 bits
    } else if constexpr (K == ElementwiseKind::Div) {
        // w has at most p bits when exact() is asked, so w * y and w * w are exact.
        const double w = x / y;
        return fastResult<F>(
            w, [&] { return w * y == x; }, r, flags);
    } else if constexpr (K == ElementwiseKind::Sqrt) {
        const double w = std::sqrt(x);
        return fastResult<F>(
            w, [&] { return w * w == x; }, r, flags);
    } else if constexpr (K == ElementwiseKind::Fma) {
        const double product = x * y, w = product + z;
        return fastResult<F>(
            w, [&] { return twoSumError(product, z, w) == 0.0; }, r, flags);
    } else {
        r = x;
        return true;
    }
}

Operation operationOf(ElementwiseKind kind) {
    switch (kind) {
    case ElementwiseKind::Add: return Operation::Add;
    case ElementwiseKind::Sub: return Operation::Sub;
    case ElementwiseKind::Mul: return Operation::Mul;
    case ElementwiseKind::Div: return Operation::Div;
    case ElementwiseKind::Sqrt: return Operation::Sqrt;
    case ElementwiseKind::Fma: return Operation::Fma;
    case ElementwiseKind::Cast: return Operation::Convert;
    }
    return Operation::Convert;
}

} // namespace

template <ElementwiseKind K>
FPLAB_INLINE bool EmulatedOps::fast(FormatId f, float a, float b, float c, std::size_t element, const char* operation,
                                    float& out) {
    if (!m_useFastPaths) return false;
    double r = 0;
    Flags flags = 0;
    bool taken = false;
    switch (f) {
    case FormatId::Fp32: taken = fastOperation<kFp32, K>(a, b, c, r, flags); break;
    case FormatId::Fp16: taken = fastOperation<kFp16, K>(a, b, c, r, flags); break;
    case FormatId::Bf16: taken = fastOperation<kBf16, K>(a, b, c, r, flags); break;
    default: break;
    }
    if (!taken) return false;
    // The fast path never raises overflow or invalid: only the tensor's flags change (record() when there is no
    // tensor yet, which names one).
    if (m_tensors.empty()) record(f, flags, element, operation, {}, 0, {operationOf(K), {}});
    else m_tensors[m_current].flags |= flags;
    out = float(r);
    return true;
}

float EmulatedOps::binary(BinaryOperation op, Operation kind, FormatId f, float a, float b, std::size_t element,
                          const char* operation) {
    const Result x = roundToFormat(f, a), y = roundToFormat(f, b);
    const Result r = op(formatOf(f), x.bits, y.bits, Env{}, nullptr);
    return finish(f, r.bits, Flags(x.flags | y.flags | r.flags), element, operation, {x.bits, y.bits}, {kind, {}});
}

template <ElementwiseKind K>
float EmulatedOps::onCore(FormatId f, float a, float b, float c, std::size_t element, const char* operation) {
    if constexpr (K == ElementwiseKind::Add) {
        return binary(fplab::add, Operation::Add, f, a, b, element, operation);
    } else if constexpr (K == ElementwiseKind::Sub) {
        return binary(fplab::sub, Operation::Sub, f, a, b, element, operation);
    } else if constexpr (K == ElementwiseKind::Mul) {
        return binary(fplab::mul, Operation::Mul, f, a, b, element, operation);
    } else if constexpr (K == ElementwiseKind::Div) {
        return binary(fplab::div, Operation::Div, f, a, b, element, operation);
    } else if constexpr (K == ElementwiseKind::Fma) {
        const Result x = roundToFormat(f, a), y = roundToFormat(f, b), z = roundToFormat(f, c);
        const Result r = fplab::fma(formatOf(f), x.bits, y.bits, z.bits);
        return finish(f, r.bits, Flags(x.flags | y.flags | z.flags | r.flags), element, operation,
                      {x.bits, y.bits, z.bits}, {Operation::Fma, {}});
    } else if constexpr (K == ElementwiseKind::Sqrt) {
        const Result x = roundToFormat(f, a);
        const Result r = fplab::sqrt(formatOf(f), x.bits);
        return finish(f, r.bits, Flags(x.flags | r.flags), element, operation, {x.bits}, {Operation::Sqrt, {}});
    } else {
        const Result x = roundToFormat(f, a);
        return finish(f, x.bits, x.flags, element, operation, {std::bit_cast<std::uint32_t>(a)},
                      {Operation::Convert, {}});
    }
}

float EmulatedOps::add(FormatId f, float a, float b, std::size_t element, const char* operation) {
    float out;
    if (fast<ElementwiseKind::Add>(f, a, b, 0, element, operation, out)) return out;
    return onCore<ElementwiseKind::Add>(f, a, b, 0, element, operation);
}
float EmulatedOps::sub(FormatId f, float a, float b, std::size_t element, const char* operation) {
    float out;
    if (fast<ElementwiseKind::Sub>(f, a, b, 0, element, operation, out)) return out;
    return onCore<ElementwiseKind::Sub>(f, a, b, 0, element, operation);
}
float EmulatedOps::mul(FormatId f, float a, float b, std::size_t element, const char* operation) {
    float out;
    if (fast<ElementwiseKind::Mul>(f, a, b, 0, element, operation, out)) return out;
    return onCore<ElementwiseKind::Mul>(f, a, b, 0, element, operation);
}
float EmulatedOps::div(FormatId f, float a, float b, std::size_t element, const char* operation) {
    float out;
    if (fast<ElementwiseKind::Div>(f, a, b, 0, element, operation, out)) return out;
    return onCore<ElementwiseKind::Div>(f, a, b, 0, element, operation);
}
float EmulatedOps::fma(FormatId f, float a, float b, float c, std::size_t element, const char* operation) {
    float out;
    if (fast<ElementwiseKind::Fma>(f, a, b, c, element, operation, out)) return out;
    return onCore<ElementwiseKind::Fma>(f, a, b, c, element, operation);
}
float EmulatedOps::sqrt(FormatId f, float a, std::size_t element, const char* operation) {
    float out;
    if (fast<ElementwiseKind::Sqrt>(f, a, 0, 0, element, operation, out)) return out;
    return onCore<ElementwiseKind::Sqrt>(f, a, 0, 0, element, operation);
}
float EmulatedOps::cast(FormatId f, float a, std::size_t element, const char* operation) {
    float out;
    if (fast<ElementwiseKind::Cast>(f, a, 0, 0, element, operation, out)) return out;
    return onCore<ElementwiseKind::Cast>(f, a, 0, 0, element, operation);
}

namespace {

// The elements from `from` on that are finite numbers of F, up to the first that is not (count when all are).
template <const Format& F>
std::size_t numbersOfFrom(const float* values, std::size_t from, std::size_t count) {
    std::size_t e = from;
    if constexpr (F.id == FormatId::Fp32) {
        while (e < count && std::isfinite(values[e])) ++e;
    } else {
        if constexpr (F.id == FormatId::Fp16) e += fp16NumbersAtStart(values + from, count - from);
        while (e < count && DoubleRounding<F>::exactResult(values[e])) ++e;
    }
    return e;
}

} // namespace

void EmulatedOps::castAll(FormatId f, float* values, std::size_t count, const char* operation) {
    // A number of f is its own cast, with no flag (fastOperation's Cast); the others go through cast(), in order.
    // With no tensor named yet, cast() names one: every element through it.
    const bool skipNumbers = m_useFastPaths && !m_tensors.empty();
    for (std::size_t e = 0; e < count; ++e) {
        if (skipNumbers) {
            const bool proven = withFormat(f, [&]<const Format & F>() {
                e = numbersOfFrom<F>(values, e, count);
                return true;
            });
            if (proven && e == count) return;
        }
        values[e] = cast(f, values[e], e, operation);
    }
}

namespace {

// The function's fast path: fn's binary64 value of the operand rounded to F is the operation's exact result by
// definition, so fastResult's cases decide its rounding to F.
template <const Format& F>
FPLAB_INLINE bool fastFunction(double (*fn)(double), float a, double& r, Flags& flags) {
    double v = 0;
    return fastOperand<F>(a, v, flags) && fastResult<F>(
                                              fn(v), [] { return true; }, r, flags);
}

} // namespace

float EmulatedOps::function(FormatId f, double (*fn)(double), float a, std::size_t element, const char* operation) {
    if (m_useFastPaths) {
        double r = 0;
        Flags flags = 0;
        if (withFormat(f, [&]<const Format & F>() { return fastFunction<F>(fn, a, r, flags); })) {
            record(f, flags, element, operation, {}, 0, {Operation::Convert, {}});
            return float(r);
        }
    }
    return functionOnCore(f, fn, a, element, operation);
}

float EmulatedOps::functionOnCore(FormatId f, double (*fn)(double), float a, std::size_t element,
                                  const char* operation) {
    const Result x = roundToFormat(f, a);
    const double exact = fn(double(floatOf(f, x.bits)));
    Result r = fplab::convert(kFp64, std::bit_cast<std::uint64_t>(exact), formatOf(f));
    // A NaN made from a non-NaN operand (log of a negative number) is an invalid operation.
    if (std::isnan(exact) && !std::isnan(floatOf(f, x.bits))) r.flags |= kInvalid;
    return finish(f, r.bits, Flags(x.flags | r.flags), element, operation, {x.bits},
                  {Operation::Convert, std::bit_cast<std::uint64_t>(exact)});
}

// Exact because each element's fast path is (fastOperation, fastFunction) and the fast path never raises
// overflow or invalid: its flags are ORed into the tensor's at the end, which changes nothing the per-element
// calls would give, and an element it declines goes through the core in its turn, so the first overflow report
// names the same element. With no tensor named yet the per-element calls name one: every element through them.
template <ElementwiseKind K, class Operands, class Fp16Lanes>
void EmulatedOps::elementwiseAll(FormatId f, Operands&& operands, Fp16Lanes&& fp16Lanes, float* out, std::size_t count,
                                 std::size_t elementBase, const char* operation) {
    if constexpr (!std::is_null_pointer_v<std::decay_t<Fp16Lanes>>) {
        // The lanes write whole blocks up to one they decline; that block (or the tail) goes element by element.
        if (f == FormatId::Fp16 && m_useFastPaths && !m_tensors.empty()) {
            for (std::size_t done = 0; done < count;) {
                done += fp16Lanes(done, m_tensors[m_current].flags);
                const std::size_t upTo = std::min(count, done + kFp16SpanWidth);
                auto shifted = [&](std::size_t e) { return operands(done + e); };
                elementwiseAll<K>(f, shifted, nullptr, out + done, upTo - done, elementBase + done, operation);
                done = upTo;
            }
            return;
        }
    }
    auto fastLoop = [&]<const Format & F>() {
        Flags tensorFlags = 0;
        for (std::size_t e = 0; e < count; ++e) {
            const auto [a, b, c] = operands(e);
            double r = 0;
            Flags flags = 0;
            if (fastOperation<F, K>(a, b, c, r, flags)) {
                tensorFlags |= flags;
                out[e] = float(r);
            } else {
                out[e] = onCore<K>(f, a, b, c, elementBase + e, operation);
            }
        }
        m_tensors[m_current].flags |= tensorFlags;
        return true;
    };
    if (m_useFastPaths && !m_tensors.empty() && withFormat(f, fastLoop)) return;
    for (std::size_t e = 0; e < count; ++e) {
        const auto [a, b, c] = operands(e);
        float r = 0;
        if (!fast<K>(f, a, b, c, elementBase + e, operation, r)) r = onCore<K>(f, a, b, c, elementBase + e, operation);
        out[e] = r;
    }
}

struct ElementOperands {
    float a, b, c;
};

void EmulatedOps::addAll(FormatId f, const float* a, const float* b, float* out, std::size_t count,
                         std::size_t elementBase, const char* operation) {
    auto operands = [&](std::size_t e) { return ElementOperands{a[e], b[e], 0}; };
    auto lanes = [&](std::size_t from, Flags& flags) {
        return fp16AddSpan(a + from, b + from, out + from, count - from, flags);
    };
    elementwiseAll<ElementwiseKind::Add>(f, operands, lanes, out, count, elementBase, operation);
}

void EmulatedOps::mulAll(FormatId f, const float* a, float b, float* out, std::size_t count, std::size_t elementBase,
                         const char* operation) {
    auto operands = [&](std::size_t e) { return ElementOperands{a[e], b, 0}; };
    auto lanes = [&](std::size_t from, Flags& flags) {
        return fp16MulSpan(a + from, b, out + from, count - from, flags);
    };
    elementwiseAll<ElementwiseKind::Mul>(f, operands, lanes, out, count, elementBase, operation);
}

void EmulatedOps::fmaAll(FormatId f, const float* a, const float* b, const float* c, float* out, std::size_t count,
                         std::size_t elementBase, const char* operation) {
    auto operands = [&](std::size_t e) { return ElementOperands{a[e], b[e], c[e]}; };
    elementwiseAll<ElementwiseKind::Fma>(f, operands, nullptr, out, count, elementBase, operation);
}

void EmulatedOps::functionAll(FormatId f, double (*fn)(double), const float* a, float* out, std::size_t count,
                              std::size_t elementBase, const char* operation) {
    auto fastLoop = [&]<const Format & F>() {
        Flags tensorFlags = 0;
        for (std::size_t e = 0; e < count; ++e) {
            double r = 0;
            Flags flags = 0;
            if (fastFunction<F>(fn, a[e], r, flags)) {
                tensorFlags |= flags;
                out[e] = float(r);
            } else {
                out[e] = functionOnCore(f, fn, a[e], elementBase + e, operation);
            }
        }
        m_tensors[m_current].flags |= tensorFlags;
        return true;
    };
    if (m_useFastPaths && !m_tensors.empty() && withFormat(f, fastLoop)) return;
    for (std::size_t e = 0; e < count; ++e) out[e] = function(f, fn, a[e], elementBase + e, operation);
}

void EmulatedOps::mulFunctionAll(FormatId f, const float* a, double (*fn)(double), const float* b, float* out,
                                 std::size_t count, std::size_t elementBase, const char* operation,
                                 const char* functionOperation) {
    auto fastLoop = [&]<const Format & F>() {
        Flags tensorFlags = 0;
        for (std::size_t e = 0; e < count; ++e) {
            const float x = a[e];
            double value = 0, r = 0;
            Flags flags = 0;
            float y = 0;
            if (fastFunction<F>(fn, b[e], value, flags)) {
                tensorFlags |= flags;
                y = float(value);
            } else {
                y = functionOnCore(f, fn, b[e], elementBase + e, functionOperation);
            }
            flags = 0;
            if (fastOperation<F, ElementwiseKind::Mul>(x, y, 0, r, flags)) {
                tensorFlags |= flags;
                out[e] = float(r);
            } else {
                out[e] = onCore<ElementwiseKind::Mul>(f, x, y, 0, elementBase + e, operation);
            }
        }
        m_tensors[m_current].flags |= tensorFlags;
        return true;
    };
    if (m_useFastPaths && !m_tensors.empty() && withFormat(f, fastLoop)) return;
    for (std::size_t e = 0; e < count; ++e)
        out[e] = mul(f, a[e], function(f, fn, b[e], elementBase + e, functionOperation), elementBase + e, operation);
}

bool EmulatedOps::fastPathsAvailable() { return kDoubleRoundingPathAvailable; }

} // namespace fplab::training
