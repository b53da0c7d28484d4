// Out-of-line code specialised per preset: the rare-case paths (special operands, tiny or
// overflowing results) are not inlined, yet keep every field of a preset format a constant.
#pragma once

#include "core/format.h"

namespace fplab::detail {

// A preset as a type; converts to its Format, whose fields are then compile-time constants.
template <const Format& F>
struct PresetFormat {
    constexpr operator const Format&() const { return F; }
};

// Calls fn(PresetFormat<P>{}) when f is the preset P, fn(f) for a user-defined format. Where f
// is a compile-time constant the switch folds away and fn is instantiated for that preset alone.
template <class Fn>
[[gnu::always_inline]] inline auto forPreset(const Format& f, Fn&& fn) {
    switch (f.id) {
    case FormatId::Fp64: return fn(PresetFormat<kFp64>{});
    case FormatId::Fp32: return fn(PresetFormat<kFp32>{});
    case FormatId::Tf32: return fn(PresetFormat<kTf32>{});
    case FormatId::Fp16: return fn(PresetFormat<kFp16>{});
    case FormatId::Bf16: return fn(PresetFormat<kBf16>{});
    case FormatId::E4m3: return fn(PresetFormat<kE4m3>{});
    case FormatId::E5m2: return fn(PresetFormat<kE5m2>{});
    default: return fn(f);
    }
}

} // namespace fplab::detail
