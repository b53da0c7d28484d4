// Casting through the soft-float core (fplab::fast::convert), decoding through a 256-entry table.
#include "core/blockscale/fp8_element.h"

#include "core/fast.h"

#include <array>
#include <bit>
#include <cmath>

namespace fplab::blockscale {

namespace {

template <const Format& F>
const std::array<float, 256>& decodeTable() {
    static const std::array<float, 256> table = [] {
        std::array<float, 256> t{};
        for (std::uint32_t c = 0; c < 256; ++c)
            t[c] = std::bit_cast<float>(std::uint32_t(fast::convert<F, kFp32>(c).bits));
        return t;
    }();
    return table;
}

template <const Format& F>
float roundTo(float v) {
    return decodeTable<F>()[fast::convert<kFp32, F>(std::bit_cast<std::uint32_t>(v)).bits & 0xFF];
}

} // namespace

std::string_view fp8ElementName(Fp8Element e) { return e == Fp8Element::E4m3 ? "e4m3" : "e5m2"; }

std::optional<Fp8Element> parseFp8Element(std::string_view s) {
    if (s == "e4m3") return Fp8Element::E4m3;
    if (s == "e5m2") return Fp8Element::E5m2;
    return std::nullopt;
}

float fp8Max(Fp8Element e) { return e == Fp8Element::E4m3 ? 448.0f : 57344.0f; }

Fp8Cast castToFp8(float x, float scale, Fp8Element e) {
    Fp8Cast c;
    const float v = x / scale;
    if (std::isnan(v)) {
        c.value = v;
        return c;
    }
    const float max = fp8Max(e);
    // Below max + half its gap (448 + 16, 57344 + 4096) nearest even gives max anyway: not saturation.
    const float limit = max + (e == Fp8Element::E4m3 ? 16.0f : 4096.0f);
    if (std::fabs(v) >= limit) {
        c.saturated = true;
        c.value = std::copysign(max, v);
        return c;
    }
    c.value = std::fabs(v) > max ? std::copysign(max, v) : e == Fp8Element::E4m3 ? roundTo<kE4m3>(v) : roundTo<kE5m2>(v);
    c.flushed = x != 0 && c.value == 0;
    return c;
}

} // namespace fplab::blockscale
