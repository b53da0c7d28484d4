// Untrusted text shown inside an error message, safely: every front end quotes the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fplab {

// `text` in single quotes, non-printable bytes as \xNN, cut after maxChars characters.
std::string quoted(std::string_view text, std::size_t maxChars = 40);

} // namespace fplab
