#include "core/tensor_core/reference_gemm.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/fast.h"
#include "core/platform/x86_nan.h"
#include "core/tensor_core/block_core.h"
#include "core/tensor_core/exact_accumulator.h"

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <string>
#include <vector>

namespace fplab::tc {

namespace {

void checkShape(GemmShape s, std::size_t a, std::size_t b, std::size_t c, std::size_t d) {
    if (s.m < 0 || s.n < 0 || s.k < 0) throw std::invalid_argument("GEMM dimensions must be >= 0");
    const std::size_t m = std::size_t(s.m), n = std::size_t(s.n), k = std::size_t(s.k);
    if (a != m * k || b != k * n || c != m * n || d != m * n)
        throw std::invalid_argument("GEMM arrays do not match the shape " + std::to_string(s.m) + "x" +
                                    std::to_string(s.n) + "x" + std::to_string(s.k));
}

std::int64_t intOperand(const BlockModel& m, std::uint32_t bits) {
    return m.config.input == InputType::Uint8 ? std::int64_t(bits & 0xFF)
                                              : std::int64_t(std::int8_t(std::uint8_t(bits)));
}

// Operand bits in the unit's format (TF32 converted), row i of A as [i*k + kk], column j of B as [j*k + kk].
std::vector<std::uint64_t> unitOperands(const BlockModel& m, std::span<const std::uint32_t> src, int rows, int k,
                                        std::size_t rowStride, std::size_t kStride) {
    std::vector<std::uint64_t> out(std::size_t(rows) * std::size_t(k));
    for (int r = 0; r < rows; ++r)
        for (int kk = 0; kk < k; ++kk)
            out[std::size_t(r) * std::size_t(k) + std::size_t(kk)] = detail::unitOperand(
                m, src[std::size_t(r) * rowStride + std::size_t(kk) * kStride]);
    return out;
}

void integerReference(const BlockModel& model, GemmShape s, std::span<const std::uint32_t> a,
                      std::span<const std::uint32_t> b, std::span<const std::uint32_t> c, std::span<std::uint32_t> d,
                      bool clampOnce) {
    for (int i = 0; i < s.m; ++i)
        for (int j = 0; j < s.n; ++j) {
            const std::size_t cell = std::size_t(i) * std::size_t(s.n) + std::size_t(j);
            std::int64_t sum = std::int32_t(c[cell]);
            for (int kk = 0; kk < s.k; ++kk)
                sum += intOperand(model, a[std::size_t(i) * std::size_t(s.k) + std::size_t(kk)]) *
                       intOperand(model, b[std::size_t(kk) * std::size_t(s.n) + std::size_t(j)]);
            if (clampOnce) sum = std::clamp<std::int64_t>(sum, INT32_MIN, INT32_MAX);
            d[cell] = std::uint32_t(std::uint64_t(sum));
        }
}

template <const Format& Acc>
std::uint64_t sequentialStep(SequentialKind kind, std::uint64_t x, std::uint64_t y, std::uint64_t acc) {
    if (kind == SequentialKind::Fma) return fast::fma<Acc>(x, y, acc).bits;
    return fast::add<Acc>(acc, fast::mul<Acc>(x, y).bits).bits;
}

} // namespace

void referenceGemmSequential(const BlockModel& model, GemmShape s, std::span<const std::uint32_t> a,
                             std::span<const std::uint32_t> b, std::span<const std::uint32_t> c,
                             std::span<std::uint32_t> d, SequentialKind kind) {
    checkShape(s, a.size(), b.size(), c.size(), d.size());
    if (model.isInteger()) return integerReference(model, s, a, b, c, d, false);
    const Format& acc = model.accumFormat;
    const std::size_t k = std::size_t(s.k), n = std::size_t(s.n);
    // Operands widened exactly into the accumulator format.
    auto widen = [&](std::vector<std::uint64_t> v) {
        for (std::uint64_t& x : v) x = convert(model.inputFormat, x, acc).bits;
        return v;
    };
    const std::vector<std::uint64_t> av = widen(unitOperands(model, a, s.m, s.k, k, 1));
    const std::vector<std::uint64_t> bv = widen(unitOperands(model, b, s.n, s.k, 1, n));
    const bool fp32 = acc == kFp32;
    for (int i = 0; i < s.m; ++i)
        for (int j = 0; j < s.n; ++j) {
            const std::size_t cell = std::size_t(i) * n + std::size_t(j);
            std::uint64_t sum = c[cell];
            const std::uint64_t* ar = av.data() + std::size_t(i) * k;
            const std::uint64_t* bc = bv.data() + std::size_t(j) * k;
            for (std::size_t kk = 0; kk < k; ++kk)
                sum = fp32 ? sequentialStep<kFp32>(kind, ar[kk], bc[kk], sum)
                           : sequentialStep<kFp16>(kind, ar[kk], bc[kk], sum);
            d[cell] = std::uint32_t(sum);
        }
}

void referenceGemmExact(const BlockModel& model, GemmShape s, std::span<const std::uint32_t> a,
                        std::span<const std::uint32_t> b, std::span<const std::uint32_t> c, std::span<std::uint32_t> d,
                        RoundingMode rounding) {
    checkShape(s, a.size(), b.size(), c.size(), d.size());
    if (model.isInteger())
        return integerReference(model, s, a, b, c, d, model.config.intOverflow == IntOverflow::SatFinite);
    const Format& in = model.inputFormat;
    const Format& acc = model.accumFormat;
    const std::size_t k = std::size_t(s.k), n = std::size_t(s.n);
    const std::vector<std::uint64_t> av = unitOperands(model, a, s.m, s.k, k, 1);
    const std::vector<std::uint64_t> bv = unitOperands(model, b, s.n, s.k, 1, n);
    std::vector<Unpacked> ua(av.size()), ub(bv.size());
    for (std::size_t x = 0; x < av.size(); ++x) ua[x] = unpack(in, av[x]);
    for (std::size_t x = 0; x < bv.size(); ++x) ub[x] = unpack(in, bv[x]);
    Env env;
    env.rounding = rounding;
    for (int i = 0; i < s.m; ++i)
        for (int j = 0; j < s.n; ++j) {
            const std::size_t cell = std::size_t(i) * n + std::size_t(j);
            ExactAccumulator sum;
            bool nan = false, posInf = false, negInf = false, allZero = true, allNegativeZero = true,
                 anyNegativeZero = false;
            for (std::size_t kk = 0; kk < k; ++kk) {
                const Unpacked& x = ua[std::size_t(i) * k + kk];
                const Unpacked& y = ub[std::size_t(j) * k + kk];
                const bool sign = x.sign != y.sign;
                if (isNan(x.cls) || isNan(y.cls)) {
                    nan = true;
                    continue;
                }
                const bool infX = x.cls == FloatClass::Infinity, infY = y.cls == FloatClass::Infinity;
                if (infX || infY) {
                    if (x.cls == FloatClass::Zero || y.cls == FloatClass::Zero) nan = true;
                    else (sign ? negInf : posInf) = true;
                    continue;
                }
                if (x.cls == FloatClass::Zero || y.cls == FloatClass::Zero) {
                    allNegativeZero = allNegativeZero && sign;
                    anyNegativeZero = anyNegativeZero || sign;
                    continue;
                }
                allZero = false;
                sum.add(sign, x.significand * y.significand, x.exponent + y.exponent - 2 * in.mantissaBits);
            }
            const Unpacked uc = unpack(acc, c[cell]);
            if (isNan(uc.cls)) nan = true;
            else if (uc.cls == FloatClass::Infinity) (uc.sign ? negInf : posInf) = true;
            else if (uc.cls == FloatClass::Zero) {
                allNegativeZero = allNegativeZero && uc.sign;
                anyNegativeZero = anyNegativeZero || uc.sign;
            } else {
                allZero = false;
                sum.add(uc.sign, uc.significand, uc.exponent - acc.mantissaBits);
            }
            std::uint64_t bits;
            if (nan || (posInf && negInf)) bits = platform::defaultNan(acc);
            else if (posInf || negInf) bits = infinityBits(acc, negInf);
            else if (allZero) // IEEE 754 6.3: -0 when every zero is -0, or when they differ and rounding down
                bits = (allNegativeZero || (anyNegativeZero && rounding == RoundingMode::TowardNegative))
                           ? acc.signMask()
                           : 0;
            else bits = sum.round(acc, env).bits;
            d[cell] = std::uint32_t(bits);
        }
}

} // namespace fplab::tc
