#include "core/arithmetic.h"

#include "core/fast.h"
#include "core/ops/compare.h"
#include "core/ops/round_integral.h"

namespace fplab {
namespace {

using detail::u128;
using detail::u64;

// Each operation as a type, so that dispatch() can instantiate it once per preset.
struct AddOp {
    static constexpr int kNarrowPrecision = detail::kAddNarrowPrecision;
    template <class W>
    FPLAB_INLINE static Result run(const Format& f, const Env& env, OperationTrace* tr, u64 a, u64 b) {
        return detail::addOp<W>(f, a, b, false, env, tr);
    }
};
struct SubOp {
    static constexpr int kNarrowPrecision = detail::kAddNarrowPrecision;
    template <class W>
    FPLAB_INLINE static Result run(const Format& f, const Env& env, OperationTrace* tr, u64 a, u64 b) {
        return detail::addOp<W>(f, a, b, true, env, tr);
    }
};
struct MulOp {
    static constexpr int kNarrowPrecision = detail::kMulNarrowPrecision;
    template <class W>
    FPLAB_INLINE static Result run(const Format& f, const Env& env, OperationTrace* tr, u64 a, u64 b) {
        return detail::mulOp<W>(f, a, b, env, tr);
    }
};
struct DivOp {
    static constexpr int kNarrowPrecision = detail::kDivNarrowPrecision;
    template <class W>
    FPLAB_INLINE static Result run(const Format& f, const Env& env, OperationTrace* tr, u64 a, u64 b) {
        return detail::divOp<W>(f, a, b, env, tr);
    }
};
struct FmaOp {
    static constexpr int kNarrowPrecision = detail::kFmaNarrowPrecision;
    template <class W>
    FPLAB_INLINE static Result run(const Format& f, const Env& env, OperationTrace* tr, u64 a, u64 b, u64 c) {
        return detail::fmaOp<W>(f, a, b, c, env, tr);
    }
};
struct SqrtOp {
    static constexpr int kNarrowPrecision = detail::kSqrtNarrowPrecision;
    template <class W>
    FPLAB_INLINE static Result run(const Format& f, const Env& env, OperationTrace* tr, u64 a) {
        return detail::sqrtOp<W>(f, a, env, tr);
    }
};

// The operation for one preset, with every field of the format (and so every shift and
// mask) a compile-time constant. Not inlined, so that dispatch() ends in a tail call.
template <class Op, const Format& F, class... Bits>
[[gnu::noinline]] Result runPreset(const Env& env, Bits... bits) {
    return Op::template run<detail::CarrierFor<Op::kNarrowPrecision, F>>(F, env, nullptr, bits...);
}

// The operation for a user-defined format, or a traced call: the format read at run time.
template <class Op, class W, class... Bits>
[[gnu::noinline]] Result runGeneric(const Format& f, const Env& env, OperationTrace* trace, Bits... bits) {
    return Op::template run<W>(f, env, trace, bits...);
}

// The preset formats, each with a specialised instantiation picked by a switch on Format::id:
// X(FormatId enumerator, preset Format).
#define FPLAB_EACH_PRESET(X)                                                                                           \
    X(Fp64, kFp64) X(Fp32, kFp32) X(Tf32, kTf32) X(Fp16, kFp16) X(Bf16, kBf16) X(E4m3, kE4m3) X(E5m2, kE5m2)

template <class Op, class... Bits>
FPLAB_INLINE Result dispatch(const Format& f, const Env& env, OperationTrace* trace, Bits... bits) {
#define FPLAB_PRESET(id, preset)                                                                                       \
    case FormatId::id: return runPreset<Op, preset>(env, bits...);
    if (!trace) {
        switch (f.id) {
            FPLAB_EACH_PRESET(FPLAB_PRESET)
        default: break;
        }
    }
#undef FPLAB_PRESET
    if (f.precision() <= Op::kNarrowPrecision) return runGeneric<Op, u64>(f, env, trace, bits...);
    return runGeneric<Op, u128>(f, env, trace, bits...);
}

} // namespace

Result add(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env, OperationTrace* trace) {
    return dispatch<AddOp>(f, env, trace, a, b);
}

Result sub(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env, OperationTrace* trace) {
    return dispatch<SubOp>(f, env, trace, a, b);
}

Result mul(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env, OperationTrace* trace) {
    return dispatch<MulOp>(f, env, trace, a, b);
}

Result div(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env, OperationTrace* trace) {
    return dispatch<DivOp>(f, env, trace, a, b);
}

Result fma(const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env, OperationTrace* trace) {
    return dispatch<FmaOp>(f, env, trace, a, b, c);
}

Result sqrt(const Format& f, std::uint64_t a, const Env& env, OperationTrace* trace) {
    return dispatch<SqrtOp>(f, env, trace, a);
}

namespace {

// Conversions between two presets, specialised for both (49 pairs).
template <const Format& From, const Format& To>
[[gnu::noinline]] Result convertPreset(std::uint64_t a, const Env& env) {
    return detail::convertOp(From, a, To, env, nullptr);
}

// A user-defined format on either side, or a traced call.
[[gnu::noinline]] Result convertRuntime(const Format& from, std::uint64_t a, const Format& to, const Env& env,
                                        OperationTrace* trace) {
    return detail::convertOp(from, a, to, env, trace);
}

template <const Format& From>
Result convertFromPreset(std::uint64_t a, const Format& to, const Env& env) {
#define FPLAB_PRESET(id, preset)                                                                                       \
    case FormatId::id: return convertPreset<From, preset>(a, env);
    switch (to.id) {
        FPLAB_EACH_PRESET(FPLAB_PRESET)
    default: return convertRuntime(From, a, to, env, nullptr);
    }
#undef FPLAB_PRESET
}

} // namespace

Result convert(const Format& from, std::uint64_t a, const Format& to, const Env& env, OperationTrace* trace) {
#define FPLAB_PRESET(id, preset)                                                                                       \
    case FormatId::id: return convertFromPreset<preset>(a, to, env);
    if (!trace) {
        switch (from.id) {
            FPLAB_EACH_PRESET(FPLAB_PRESET)
        default: break;
        }
    }
#undef FPLAB_PRESET
    return convertRuntime(from, a, to, env, trace);
}
#undef FPLAB_EACH_PRESET

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
