// The arithmetic specialised at compile time for one preset format, with the
// carrier width chosen per operation. fplab::add() and friends dispatch here for
// presets; benchmarks and hot loops may call these directly.
#pragma once

#include "core/format.h"
#include "core/ops/add.h"
#include "core/ops/convert.h"
#include "core/ops/div.h"
#include "core/ops/fma.h"
#include "core/ops/mul.h"
#include "core/ops/sqrt.h"

#include <type_traits>

namespace fplab::detail {

// Widest precision each operation can do exactly in a 64-bit carrier (see docs/numerics.md).
inline constexpr int kAddNarrowPrecision = 60;
inline constexpr int kMulNarrowPrecision = 32;
inline constexpr int kFmaNarrowPrecision = 31;
inline constexpr int kDivNarrowPrecision = 31;
inline constexpr int kSqrtNarrowPrecision = 29;

template <int MaxPrecision, const Format& F>
using CarrierFor = std::conditional_t<(F.precision() <= MaxPrecision), u64, u128>;

} // namespace fplab::detail

namespace fplab::fast {

template <const Format& F>
FPLAB_INLINE Result add(std::uint64_t a, std::uint64_t b, const Env& env = {}) {
    return detail::addOp<detail::CarrierFor<detail::kAddNarrowPrecision, F>>(F, a, b, false, env, nullptr);
}
template <const Format& F>
FPLAB_INLINE Result sub(std::uint64_t a, std::uint64_t b, const Env& env = {}) {
    return detail::addOp<detail::CarrierFor<detail::kAddNarrowPrecision, F>>(F, a, b, true, env, nullptr);
}
template <const Format& F>
FPLAB_INLINE Result mul(std::uint64_t a, std::uint64_t b, const Env& env = {}) {
    return detail::mulOp<detail::CarrierFor<detail::kMulNarrowPrecision, F>>(F, a, b, env, nullptr);
}
template <const Format& F>
FPLAB_INLINE Result fma(std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env = {}) {
    return detail::fmaOp<detail::CarrierFor<detail::kFmaNarrowPrecision, F>>(F, a, b, c, env, nullptr);
}
template <const Format& F>
FPLAB_INLINE Result div(std::uint64_t a, std::uint64_t b, const Env& env = {}) {
    return detail::divOp<detail::CarrierFor<detail::kDivNarrowPrecision, F>>(F, a, b, env, nullptr);
}
template <const Format& F>
FPLAB_INLINE Result sqrt(std::uint64_t a, const Env& env = {}) {
    return detail::sqrtOp<detail::CarrierFor<detail::kSqrtNarrowPrecision, F>>(F, a, env, nullptr);
}
template <const Format& From, const Format& To>
FPLAB_INLINE Result convert(std::uint64_t a, const Env& env = {}) {
    return detail::convertOp(From, a, To, env, nullptr);
}

} // namespace fplab::fast
