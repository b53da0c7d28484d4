#include "core/blockscale/scheme.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace fplab::blockscale {
namespace {

// emax_elem from OCP MX v1.0 table 1 (FP8 E4M3 8, E5M2 15, FP6 E3M2 4, E2M3 2, FP4 2, INT8 0).
constexpr std::array<SchemeInfo, 11> kSchemes = {{
    {Scheme::Mxfp8E4m3, "mxfp8-e4m3", &kE4m3, &kE8m0, ScaleFamily::MxSharedExponent, Grouping::Row32, 8},
    {Scheme::Mxfp8E5m2, "mxfp8-e5m2", &kE5m2, &kE8m0, ScaleFamily::MxSharedExponent, Grouping::Row32, 15},
    {Scheme::Mxfp6E3m2, "mxfp6-e3m2", &kE3m2, &kE8m0, ScaleFamily::MxSharedExponent, Grouping::Row32, 4},
    {Scheme::Mxfp6E2m3, "mxfp6-e2m3", &kE2m3, &kE8m0, ScaleFamily::MxSharedExponent, Grouping::Row32, 2},
    {Scheme::Mxfp4, "mxfp4", &kE2m1, &kE8m0, ScaleFamily::MxSharedExponent, Grouping::Row32, 2},
    {Scheme::Mxint8, "mxint8", nullptr, &kE8m0, ScaleFamily::MxSharedExponent, Grouping::Row32, 0},
    {Scheme::Nvfp4, "nvfp4", &kE2m1, &kE4m3, ScaleFamily::Nvfp4TwoLevel, Grouping::Row16, 2},
    {Scheme::Fp8Tensor, "fp8-tensor", &kE4m3, &kFp32, ScaleFamily::Fp8Amax, Grouping::Tensor, 8},
    {Scheme::Fp8Channel, "fp8-channel", &kE4m3, &kFp32, ScaleFamily::Fp8Amax, Grouping::Row, 8},
    {Scheme::Fp8Block128, "fp8-block128", &kE4m3, &kFp32, ScaleFamily::Fp8Amax, Grouping::Row128, 8},
    {Scheme::Fp8Block128x128, "fp8-block128x128", &kE4m3, &kFp32, ScaleFamily::Fp8Amax, Grouping::Tile128x128, 8},
}};

} // namespace

bool equalNoCase(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

std::span<const SchemeInfo> allSchemes() { return kSchemes; }

const SchemeInfo& schemeInfo(Scheme s) { return kSchemes[static_cast<std::size_t>(s)]; }

std::string_view schemeName(Scheme s) { return schemeInfo(s).name; }

std::optional<Scheme> parseScheme(std::string_view name) {
    for (const SchemeInfo& info : kSchemes)
        if (equalNoCase(info.name, name)) return info.scheme;
    return std::nullopt;
}

std::string_view knownSchemeNames() {
    return "mxfp4|nvfp4|mxfp8-e4m3|mxfp8-e5m2|mxfp6-e3m2|mxfp6-e2m3|mxint8|fp8-tensor|fp8-channel|fp8-block128|"
           "fp8-block128x128";
}

} // namespace fplab::blockscale
