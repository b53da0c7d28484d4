#include "core/rounding.h"

namespace fplab {

std::string_view roundingName(RoundingMode mode) {
    switch (mode) {
    case RoundingMode::NearestEven: return "rne";
    case RoundingMode::NearestAway: return "rna";
    case RoundingMode::TowardZero: return "rtz";
    case RoundingMode::TowardPositive: return "rup";
    case RoundingMode::TowardNegative: return "rdn";
    case RoundingMode::ToOdd: return "rto";
    case RoundingMode::Stochastic: return "sr";
    }
    return "?";
}

std::optional<RoundingMode> parseRoundingName(std::string_view name) {
    for (RoundingMode m : kAllRoundingModes)
        if (roundingName(m) == name) return m;
    if (name == "rn" || name == "nearest") return RoundingMode::NearestEven;
    if (name == "rz") return RoundingMode::TowardZero;
    if (name == "ru") return RoundingMode::TowardPositive;
    if (name == "rd") return RoundingMode::TowardNegative;
    if (name == "stochastic") return RoundingMode::Stochastic;
    return std::nullopt;
}

std::string roundingNames(std::span<const RoundingMode> modes) {
    std::string names;
    for (RoundingMode m : modes) {
        if (!names.empty()) names += ' ';
        names += roundingName(m);
    }
    return names;
}

} // namespace fplab
