#include "core/format_names.h"

#include "core/integer.h"
#include "core/quote.h"

#include <cctype>

namespace fplab {

std::string_view knownFormatNames() {
    return "fp64 fp32 tf32 fp16 bf16 e4m3 e5m2 e2m3 e3m2 e2m1 e8m0 e4m3fnuz e5m2fnuz, or a custom eXmY[-nosub] name";
}

FormatOrError lookupFormat(std::string_view name) {
    if (std::optional<Format> preset = findFormat(name)) return {preset, {}};
    // A custom name starts with 'e' and a digit; give its own explanation ("exponent width 20 is out of range").
    if (name.size() >= 2 && (name[0] == 'e' || name[0] == 'E') && std::isdigit(static_cast<unsigned char>(name[1]))) {
        FormatOrError custom = parseCustomFormatName(name);
        if (!custom.format) custom.error = "bad format " + quoted(name) + ": " + custom.error;
        return custom;
    }
    if (findIntFormat(name))
        return {std::nullopt, quoted(name) + " is an integer format: here a float format is needed"};
    return {std::nullopt, "unknown format " + quoted(name) + " (known: " + std::string(knownFormatNames()) + ")"};
}

std::string canonicalName(const Format& f) {
    if (f.id != FormatId::Custom) return std::string(f.name());
    std::string name = "e" + std::to_string(f.exponentBits) + "m" + std::to_string(f.mantissaBits);
    if (!f.subnormals) name += "-nosub";
    switch (f.specials) {
    case SpecialValues::Ieee: break;
    case SpecialValues::FiniteWithNan: name += "-fn"; break;
    case SpecialValues::FiniteOnly: name += "-finite"; break;
    case SpecialValues::Fnuz: name += "-fnuz"; break;
    }
    const int e = f.exponentBits;
    const int defaultBias = f.specials == SpecialValues::Fnuz ? (1 << (e - 1)) : (1 << (e - 1)) - 1;
    if (f.bias != defaultBias) name += "-bias=" + std::to_string(f.bias);
    return name;
}

} // namespace fplab
