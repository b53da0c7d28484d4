// The block-scaling schemes FP Lab quantizes tensors with: OCP MX v1.0, NVIDIA's NVFP4 and
// DeepSeek-V3-style FP8 scaling. One enum and one table of facts per scheme; the table holds the
// scheme's command-line name, which the CLI and GUI both use.
#pragma once

#include "core/format.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace fplab::blockscale {

enum class Scheme : std::uint8_t {
    Mxfp8E4m3,
    Mxfp8E5m2,
    Mxfp6E3m2,
    Mxfp6E2m3,
    Mxfp4,
    Mxint8, // OCP MX v1.0: 32 elements, E8M0 scale
    Nvfp4,  // 16 E2M1 elements, E4M3 scale, FP32 tensor scale
    Fp8Tensor,
    Fp8Channel,
    Fp8Block128,
    Fp8Block128x128, // E4M3 elements, FP32 scale = amax / 448
};

// The family of scale a scheme was defined with (scale_rule.h lists the rules each family offers), and how
// elements are grouped under one scale. Tile16x16 is NVFP4's 2D weight block (arXiv 2509.25149).
enum class ScaleFamily : std::uint8_t { MxSharedExponent, Nvfp4TwoLevel, Fp8Amax };
enum class Grouping : std::uint8_t { Row32, Row16, Tensor, Row, Row128, Tile128x128, Tile16x16 };

struct SchemeInfo {
    Scheme scheme;
    std::string_view name; // the command-line word: "mxfp4"
    const Format* element; // nullptr for MXINT8 (two's complement, 1.6 fixed point)
    const Format* scale;   // E8M0, E4M3 or FP32
    ScaleFamily family;
    Grouping grouping;
    int emaxElement; // the MX rule's emax_elem (largest power of two of the element format)
};

std::span<const SchemeInfo> allSchemes();
const SchemeInfo& schemeInfo(Scheme s);
std::string_view schemeName(Scheme s);
// Case-insensitive; nothing when the name is unknown.
std::optional<Scheme> parseScheme(std::string_view name);
// ASCII case-insensitive equality of command-line words (scheme and scale rule names).
bool equalNoCase(std::string_view a, std::string_view b);
// "mxfp4|nvfp4|..." for usage text and error messages.
std::string_view knownSchemeNames();

} // namespace fplab::blockscale
