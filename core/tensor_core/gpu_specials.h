// NaN and infinity conventions of NVIDIA tensor cores, kept in one place (as core/platform/x86_nan.h
// is for the host): every invalid or NaN-carrying MMA gives one canonical NaN.
#pragma once

#include "core/classify.h"
#include "core/format.h"

#include <cstdint>

namespace fplab::tc {

// The canonical NaN of an MMA result: sign clear, every other bit set (0x7FFFFFFF for fp32,
// 0x7FFF for fp16) [S: MMA-Sim; docs/tensor-core-model.md section 1.7]. Input NaN payloads are not propagated.
constexpr std::uint64_t canonicalNan(const Format& f) { return f.magnitudeMask(); }

// An overflowing MMA result is an infinity of its sign, whatever the final rounding mode [S] (section 1.7).
constexpr std::uint64_t overflowInfinity(const Format& f, bool negative) { return infinityBits(f, negative); }

} // namespace fplab::tc
