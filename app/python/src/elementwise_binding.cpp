// add sub mul div fma sqrt over arrays, element by element, in any format and rounding mode: on
// encodings (bits in, bits out, as `fplab-cli batch` does) or on values the format holds exactly.
#include "core/arithmetic.h"
#include "core/array_arithmetic.h"
#include "core/array_round.h"
#include "core/fast.h"
#include "core/format_names.h"
#include "core/operation.h"
#include "core/quote.h"
#include "app/python/src/array_access.h"

#include <algorithm>
#include <cmath>

namespace fplab::python {
namespace {

// One operation of the format F (a preset, so fast::op<F> is specialised at compile time), or of a
// runtime format through the core's dispatch (F == nullptr).
template <const Format* F, Operation Op>
[[gnu::always_inline]] inline Result apply(const Format& f, const std::uint64_t* x, const Env& env) {
    if constexpr (F != nullptr) {
        if constexpr (Op == Operation::Add) return fast::add<*F>(x[0], x[1], env);
        if constexpr (Op == Operation::Sub) return fast::sub<*F>(x[0], x[1], env);
        if constexpr (Op == Operation::Mul) return fast::mul<*F>(x[0], x[1], env);
        if constexpr (Op == Operation::Div) return fast::div<*F>(x[0], x[1], env);
        if constexpr (Op == Operation::Fma) return fast::fma<*F>(x[0], x[1], x[2], env);
        if constexpr (Op == Operation::Sqrt) return fast::sqrt<*F>(x[0], env);
    } else {
        if constexpr (Op == Operation::Add) return add(f, x[0], x[1], env);
        if constexpr (Op == Operation::Sub) return sub(f, x[0], x[1], env);
        if constexpr (Op == Operation::Mul) return mul(f, x[0], x[1], env);
        if constexpr (Op == Operation::Div) return div(f, x[0], x[1], env);
        if constexpr (Op == Operation::Fma) return fma(f, x[0], x[1], x[2], env);
        if constexpr (Op == Operation::Sqrt) return sqrt(f, x[0], env);
    }
    return {};
}

// A float32 value's encoding in the preset F when it is a normal number there: the exponent moves from
// FP32's bias to F's and the mantissa right; convert() does the rest (and, for these, gives the same bits).
template <const Format& F>
constexpr bool kNormalsShiftFromFloat = F.hasSign&& F.hasNegativeZero() && F.mantissaBits <= 23 &&
                                        F.minExponent() >= -126 && F.maxExponent() <= 127 && F.totalBits() <= 32;

template <const Format* F>
[[gnu::always_inline]] inline Result toFormat(const Format& from, const Format& f, std::uint64_t bits) {
    if constexpr (F != nullptr) {
        if constexpr (kNormalsShiftFromFloat<*F>) {
            constexpr int shift = 23 - F->mantissaBits;
            constexpr std::uint32_t rebias = std::uint32_t(127 - F->bias) << F->mantissaBits;
            const std::uint32_t u = std::uint32_t(bits), a = u & 0x7FFFFFFFu;
            const int e = int(a >> 23) - 127;
            const std::uint32_t magnitude = (a >> shift) - rebias;
            if (from.id == FormatId::Fp32 && e >= F->minExponent() && e <= F->maxExponent() &&
                (a & ((1u << shift) - 1)) == 0 && magnitude <= F->maxFiniteMagnitude()) [[likely]]
                return {magnitude | (u >> 31 ? F->signMask() : 0), 0};
        }
        if (from.id == FormatId::Fp32) return fast::convert<kFp32, *F>(bits);
        return fast::convert<kFp64, *F>(bits);
    } else {
        return convert(from, bits, f);
    }
}

template <const Format* F>
[[gnu::always_inline]] inline std::uint64_t fromFormat(const Format& f, const Format& to, std::uint64_t bits) {
    if constexpr (F != nullptr) {
        if constexpr (kNormalsShiftFromFloat<*F>) {
            constexpr int shift = 23 - F->mantissaBits;
            constexpr std::uint32_t rebias = std::uint32_t(127 - F->bias) << F->mantissaBits;
            const std::uint32_t magnitude = std::uint32_t(bits & F->magnitudeMask());
            const int field = int(magnitude >> F->mantissaBits);
            if (to.id == FormatId::Fp32 && field >= 1 && magnitude <= F->maxFiniteMagnitude()) [[likely]]
                return ((magnitude + rebias) << shift) | ((bits & F->signMask()) ? 0x80000000u : 0);
        }
        if (to.id == FormatId::Fp32) return fast::convert<*F, kFp32>(bits).bits;
        return fast::convert<*F, kFp64>(bits).bits;
    } else {
        return convert(f, bits, to).bits;
    }
}

struct Job {
    const Format& format;
    Rounding& rounding;
    const void* operands[3];
    void* out;
    Flags* flags;
    std::size_t n;
    std::ptrdiff_t badOperand = -1; // values path: the first element that is not a value of the format
    int badIndex = 0;
};

template <Operation Op>
constexpr int kOperands = Op == Operation::Fma    ? 3
                          : Op == Operation::Sqrt ? 1
                                                  : 2;

// Calls body(i, env) for every element of [begin, end): with one environment for the deterministic modes, a
// fresh draw per element for stochastic rounding. Stops early when body returns false.
template <class Body>
[[gnu::always_inline]] inline void forEachElement(const Job& job, std::size_t begin, std::size_t end, Body&& body) {
    if (job.rounding.stream) {
        for (std::size_t i = begin; i < end; ++i)
            if (!body(i, job.rounding.next())) return;
        return;
    }
    const Env env = job.rounding.env;
    for (std::size_t i = begin; i < end; ++i)
        if (!body(i, env)) return;
}

// Bits in, bits out: T is the format's storage type.
template <const Format* F, Operation Op, class T>
Flags runBits(Job& job) {
    constexpr int count = kOperands<Op>;
    const T* in[3] = {static_cast<const T*>(job.operands[0]), static_cast<const T*>(job.operands[1]),
                      static_cast<const T*>(job.operands[2])};
    T* const out = static_cast<T*>(job.out);
    Flags* const flags = job.flags;
    const Format& f = job.format;
    Flags all = 0;
    forEachElement(job, 0, job.n, [&](std::size_t i, const Env& env) [[gnu::always_inline]] {
        std::uint64_t x[3] = {0, 0, 0};
        for (int k = 0; k < count; ++k) x[k] = in[k][i];
        const Result r = apply<F, Op>(f, x, env);
        out[i] = T(r.bits);
        flags[i] = r.flags;
        all |= r.flags;
        return true;
    });
    return all;
}

// Values in (float or double, each a value of the format), values out in the same type, for [begin, end).
template <const Format* F, Operation Op, class V>
Flags runValues(Job& job, std::size_t begin, std::size_t end) {
    constexpr int count = kOperands<Op>;
    const Format& carrier = sizeof(V) == 4 ? kFp32 : kFp64;
    const V* in[3] = {static_cast<const V*>(job.operands[0]), static_cast<const V*>(job.operands[1]),
                      static_cast<const V*>(job.operands[2])};
    V* const out = static_cast<V*>(job.out);
    Flags* const flags = job.flags;
    const Format& f = job.format;
    const bool formatHasNan = f.hasNan();
    Flags all = 0;
    forEachElement(job, begin, end, [&](std::size_t i, const Env& env) [[gnu::always_inline]] {
        std::uint64_t x[3] = {0, 0, 0};
        for (int k = 0; k < count; ++k) {
            const V v = in[k][i];
            const Result c = toFormat<F>(carrier, f, bitsOf(v));
            x[k] = c.bits;
            if (c.flags != 0 && !(std::isnan(v) && formatHasNan)) [[unlikely]] {
                job.badOperand = std::ptrdiff_t(i);
                job.badIndex = k;
                return false;
            }
        }
        const Result r = apply<F, Op>(f, x, env);
        out[i] = valueOfBits<V>(fromFormat<F>(f, carrier, r.bits));
        flags[i] = r.flags;
        all |= r.flags;
        return true;
    });
    return all;
}

// float32 add, sub and mul in nearest-even take core/array_arithmetic.h (computed in float, rounded once) chunk
// by chunk; a chunk with an infinity, a NaN or a value not of the format goes element by element above.
template <const Format* F, Operation Op>
Flags runFloatValues(Job& job) {
    constexpr bool twoOperands = Op == Operation::Add || Op == Operation::Sub || Op == Operation::Mul;
    if (!twoOperands || job.rounding.stream || !roundsOnceFromFloat(job.format, job.rounding.env))
        return runValues<F, Op, float>(job, 0, job.n);
    constexpr std::size_t kChunk = 8192;
    const float* a = static_cast<const float*>(job.operands[0]);
    const float* b = static_cast<const float*>(job.operands[1]);
    float* const out = static_cast<float*>(job.out);
    Flags all = 0;
    for (std::size_t start = 0; start < job.n && job.badOperand < 0; start += kChunk) {
        const std::size_t m = std::min(kChunk, job.n - start);
        const std::optional<Flags> chunk = floatArithmeticArray(Op, job.format, job.rounding.env, a + start, b + start,
                                                                out + start, job.flags + start, m);
        all |= chunk ? *chunk : runValues<F, Op, float>(job, start, start + m);
    }
    return all;
}

template <const Format* F, Operation Op>
Flags runTyped(Job& job, bool values, int storageBytes) {
    if (values) return storageBytes == 4 ? runFloatValues<F, Op>(job) : runValues<F, Op, double>(job, 0, job.n);
    switch (storageBytes) {
    case 1: return runBits<F, Op, std::uint8_t>(job);
    case 2: return runBits<F, Op, std::uint16_t>(job);
    case 4: return runBits<F, Op, std::uint32_t>(job);
    default: return runBits<F, Op, std::uint64_t>(job);
    }
}

template <const Format* F>
Flags runForFormat(Operation op, Job& job, bool values, int storageBytes) {
    switch (op) {
    case Operation::Add: return runTyped<F, Operation::Add>(job, values, storageBytes);
    case Operation::Sub: return runTyped<F, Operation::Sub>(job, values, storageBytes);
    case Operation::Mul: return runTyped<F, Operation::Mul>(job, values, storageBytes);
    case Operation::Div: return runTyped<F, Operation::Div>(job, values, storageBytes);
    case Operation::Fma: return runTyped<F, Operation::Fma>(job, values, storageBytes);
    case Operation::Sqrt: return runTyped<F, Operation::Sqrt>(job, values, storageBytes);
    case Operation::Convert: break;
    }
    return 0;
}

// The formats whose loops are specialised at compile time; the rest take the runtime dispatch.
Flags runDispatched(Operation op, Job& job, bool values, int storageBytes) {
    switch (job.format.id) {
    case FormatId::Fp16: return runForFormat<&kFp16>(op, job, values, storageBytes);
    case FormatId::Bf16: return runForFormat<&kBf16>(op, job, values, storageBytes);
    case FormatId::Fp32: return runForFormat<&kFp32>(op, job, values, storageBytes);
    case FormatId::E4m3: return runForFormat<&kE4m3>(op, job, values, storageBytes);
    case FormatId::E5m2: return runForFormat<&kE5m2>(op, job, values, storageBytes);
    default: return runForFormat<nullptr>(op, job, values, storageBytes);
    }
}

// operands: 1-3 arrays of one shape, all of the format's bits dtype, or all float32 / all float64 values.
py::tuple elementwise(const std::string& opName, const Format& f, const std::string& roundingName,
                      std::optional<std::uint64_t> seed, bool saturate, const py::list& operands) {
    const std::optional<Operation> op = parseOperationName(opName);
    if (!op || *op == Operation::Convert)
        throw py::value_error("unknown operation " + quoted(opName) + " (known: add sub mul div fma sqrt)");
    Rounding rounding = roundingNamed(roundingName, seed, saturate);
    const int count = operandCount(*op);
    if (int(operands.size()) != count)
        throw py::type_error(std::string(opName) + " takes " + std::to_string(count) + " operands, got " +
                             std::to_string(operands.size()));
    const py::array first = py::reinterpret_borrow<py::array>(operands[0]);
    const py::dtype dtype = first.dtype();
    const bool values = dtype.kind() == 'f';
    if (values && !dtype.equal(py::dtype::of<float>()) && !dtype.equal(py::dtype::of<double>()))
        throw py::type_error("values must be float32 or float64, got " + dtypeName(dtype));
    if (!values && !dtype.equal(bitsDtype(f)))
        throw py::type_error("bits of " + canonicalName(f) + " must be " + dtypeName(bitsDtype(f)) + ", got " +
                             dtypeName(dtype));
    if (values && !(dtype.itemsize() == 4 ? fitsInFloat(f) : fitsInDouble(f)))
        throw py::value_error("the values of " + canonicalName(f) + " are not all " + dtypeName(dtype) +
                              " values; pass its bits instead");
    std::vector<py::array> arrays;
    for (int k = 0; k < count; ++k) {
        arrays.push_back(checkedArray(operands[std::size_t(k)], dtype, "operand"));
        if (arrays.back().size() != first.size())
            throw py::value_error("operands must have one shape (broadcast them first)");
    }
    py::array out = arrayLike(first, dtype);
    py::array_t<std::uint8_t> flags = flagsLike(first);
    Job job{
        f, rounding, {nullptr, nullptr, nullptr}, out.mutable_data(), flags.mutable_data(), std::size_t(first.size())};
    for (int k = 0; k < count; ++k) job.operands[k] = arrays[std::size_t(k)].data();
    Flags all = 0;
    {
        py::gil_scoped_release release;
        all = runDispatched(*op, job, values, int(dtype.itemsize()));
    }
    if (job.badOperand >= 0) {
        const py::array bad = arrays[std::size_t(job.badIndex)];
        const py::object value = bad.attr("reshape")(-1).attr("__getitem__")(job.badOperand);
        throw py::value_error("operand " + std::to_string(job.badIndex + 1) + ", element " +
                              std::to_string(job.badOperand) + ": " + std::string(py::repr(value.attr("item")())) +
                              " is not a value of " + canonicalName(f) + " (round it first: fplab.round(x, '" +
                              canonicalName(f) + "'))");
    }
    return py::make_tuple(out, flags, int(all));
}

} // namespace

void bindElementwise(py::module_& m) {
    m.def("elementwise", &elementwise, py::arg("op"), py::arg("fmt"), py::arg("rounding"), py::arg("seed"),
          py::arg("saturate"), py::arg("operands"));
}

} // namespace fplab::python
