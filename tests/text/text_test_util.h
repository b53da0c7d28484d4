// Shared helpers of the text tests: the formats they sweep and readable failure text.
#pragma once

#include "core/flags.h"
#include "core/format.h"
#include "core/text/print.h"

#include <string>
#include <vector>

namespace fplab::texttest {

// Every preset plus user-defined formats that stress other corners: no subnormals, the
// widest exponent, the widest significand, an odd bias, a finite-with-NaN format without subnormals.
inline std::vector<Format> sweepFormats() {
    std::vector<Format> out;
    for (const Format* f : kPresetFormats) out.push_back(*f);
    for (const char* name : {"e5m10-nosub", "e15m48", "e2m61", "e6m9-bias=3", "e4m3-nosub-fn"}) {
        const FormatOrError custom = parseCustomFormatName(name);
        if (custom.format) out.push_back(*custom.format);
    }
    return out;
}

inline std::string shorten(const std::string& s, std::size_t limit = 120) {
    if (s.size() <= limit) return s;
    return s.substr(0, limit / 2) + "...(" + std::to_string(s.size()) + " chars)..." + s.substr(s.size() - limit / 2);
}

inline std::string describe(const Format& f, std::uint64_t bits, std::uint8_t flags) {
    return hexBits(f, bits) + " [" + flagLetters(flags) + "]";
}

} // namespace fplab::texttest
