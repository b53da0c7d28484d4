// Quoting untrusted text for error messages.
#include "core/quote.h"

namespace fplab {

std::string quoted(std::string_view text, std::size_t maxChars) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "'";
    std::size_t shown = 0;
    for (char ch : text) {
        if (shown == maxChars) {
            out += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out += ch;
        } else {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
        ++shown;
    }
    out += "'";
    return out;
}

} // namespace fplab
