#include "core/flags.h"

namespace fplab {

std::string flagLetters(Flags flags) {
    if (flags == 0) return "-";
    std::string s;
    if (flags & kInvalid) s += 'v';
    if (flags & kDivideByZero) s += 'z';
    if (flags & kOverflow) s += 'o';
    if (flags & kUnderflow) s += 'u';
    if (flags & kInexact) s += 'x';
    return s;
}

std::string flagNames(Flags flags) {
    if (flags == 0) return "none";
    std::string s;
    auto add = [&](Flag f, const char* name) {
        if (!(flags & f)) return;
        if (!s.empty()) s += ", ";
        s += name;
    };
    add(kInvalid, "invalid");
    add(kDivideByZero, "divide-by-zero");
    add(kOverflow, "overflow");
    add(kUnderflow, "underflow");
    add(kInexact, "inexact");
    return s;
}

} // namespace fplab
