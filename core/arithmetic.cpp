#include "core/arithmetic.h"

#include "core/fast.h"
#include "core/ops/compare.h"
#include "core/ops/round_integral.h"

namespace fplab {
namespace {

using detail::u128;
using detail::u64;

// Calls fn.template operator()<W>(format) with the format as a compile-time constant
// for presets (so the compiler specialises every shift and mask), or as a runtime
// value for user-defined formats and traced calls.
template <int MaxNarrowPrecision, class Fn>
Result dispatch(const Format& f, bool traced, Fn&& fn) {
#define FPLAB_PRESET(id, preset)                                                                                  \
    case FormatId::id:                                                                                            \
        return fn.template operator()<detail::CarrierFor<MaxNarrowPrecision, preset>>(preset);
    if (!traced) {
        switch (f.id) {
            FPLAB_PRESET(Fp64, kFp64)
            FPLAB_PRESET(Fp32, kFp32)
            FPLAB_PRESET(Tf32, kTf32)
            FPLAB_PRESET(Fp16, kFp16)
            FPLAB_PRESET(Bf16, kBf16)
            FPLAB_PRESET(E4m3, kE4m3)
            FPLAB_PRESET(E5m2, kE5m2)
        default: break;
        }
    }
#undef FPLAB_PRESET
    if (f.precision() <= MaxNarrowPrecision) return fn.template operator()<u64>(f);
    return fn.template operator()<u128>(f);
}

} // namespace

Result add(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env, OperationTrace* trace) {
    return dispatch<detail::kAddNarrowPrecision>(
        f, trace, [&]<class W>(const Format& ff) { return detail::addOp<W>(ff, a, b, false, env, trace); });
}

Result sub(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env, OperationTrace* trace) {
    return dispatch<detail::kAddNarrowPrecision>(
        f, trace, [&]<class W>(const Format& ff) { return detail::addOp<W>(ff, a, b, true, env, trace); });
}

Result mul(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env, OperationTrace* trace) {
    return dispatch<detail::kMulNarrowPrecision>(
        f, trace, [&]<class W>(const Format& ff) { return detail::mulOp<W>(ff, a, b, env, trace); });
}

Result div(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env, OperationTrace* trace) {
    return dispatch<detail::kDivNarrowPrecision>(
        f, trace, [&]<class W>(const Format& ff) { return detail::divOp<W>(ff, a, b, env, trace); });
}

Result fma(const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env, OperationTrace* trace) {
    return dispatch<detail::kFmaNarrowPrecision>(
        f, trace, [&]<class W>(const Format& ff) { return detail::fmaOp<W>(ff, a, b, c, env, trace); });
}

Result sqrt(const Format& f, std::uint64_t a, const Env& env, OperationTrace* trace) {
    return dispatch<detail::kSqrtNarrowPrecision>(
        f, trace, [&]<class W>(const Format& ff) { return detail::sqrtOp<W>(ff, a, env, trace); });
}

Result convert(const Format& from, std::uint64_t a, const Format& to, const Env& env, OperationTrace* trace) {
    return detail::convertOp(from, a, to, env, trace);
}

Result roundToIntegral(const Format& f, std::uint64_t a, const Env& env, bool signalInexact) {
    return detail::roundToIntegralOp(f, a, env, signalInexact);
}

Comparison compare(const Format& f, std::uint64_t a, std::uint64_t b, bool signaling) {
    const FloatClass ca = classify(f, a), cb = classify(f, b);
    if (isNan(ca) || isNan(cb)) {
        const bool sig = signaling || ca == FloatClass::SignalingNaN || cb == FloatClass::SignalingNaN;
        return {Ordering::Unordered, Flags(sig ? kInvalid : 0)};
    }
    const std::int64_t ka = detail::orderKey(f, a, ca), kb = detail::orderKey(f, b, cb);
    return {ka < kb ? Ordering::Less : ka > kb ? Ordering::Greater : Ordering::Equal, 0};
}

namespace {
// Picks a or b for minimum/maximum: -0 is below +0.
Result pickExtreme(const Format& f, std::uint64_t a, std::uint64_t b, bool wantMax) {
    const FloatClass ca = classify(f, a), cb = classify(f, b);
    std::int64_t ka = detail::orderKey(f, a, ca), kb = detail::orderKey(f, b, cb);
    if (ka == kb && ca == FloatClass::Zero) {
        ka = signOf(f, a) ? -1 : 0;
        kb = signOf(f, b) ? -1 : 0;
    }
    return {(ka > kb) == wantMax ? a : b, 0};
}
Result extreme(const Format& f, std::uint64_t a, std::uint64_t b, bool wantMax, bool numberWins) {
    const FloatClass ca = classify(f, a), cb = classify(f, b);
    if (isNan(ca) || isNan(cb)) {
        Flags fl = ca == FloatClass::SignalingNaN || cb == FloatClass::SignalingNaN ? kInvalid : 0;
        if (numberWins && !(isNan(ca) && isNan(cb))) return {isNan(ca) ? b : a, fl};
        Flags ignored = 0;
        return {platform::propagateNan(f, a, b, ignored), fl};
    }
    return pickExtreme(f, a, b, wantMax);
}
} // namespace

Result minimum(const Format& f, std::uint64_t a, std::uint64_t b) { return extreme(f, a, b, false, false); }
Result maximum(const Format& f, std::uint64_t a, std::uint64_t b) { return extreme(f, a, b, true, false); }
Result minimumNumber(const Format& f, std::uint64_t a, std::uint64_t b) { return extreme(f, a, b, false, true); }
Result maximumNumber(const Format& f, std::uint64_t a, std::uint64_t b) { return extreme(f, a, b, true, true); }

std::uint64_t negate(const Format& f, std::uint64_t a) {
    if (f.specials == SpecialValues::Fnuz && (a & f.magnitudeMask()) == 0) return a; // +0 and the NaN stay
    return a ^ f.signMask();
}
std::uint64_t absolute(const Format& f, std::uint64_t a) {
    if (f.specials == SpecialValues::Fnuz && (a & f.magnitudeMask()) == 0) return a;
    return a & ~f.signMask();
}

} // namespace fplab
