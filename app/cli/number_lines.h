// Numbers from stdin, one per line (decimal, hex-float or raw FP32 bits), rounded to FP32, as `quantize`
// and `cast` read them: blank lines and lines starting with '#' are skipped.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::cli {

struct NumberLine {
    float value = 0;
    std::string text; // as typed, without surrounding blanks
};

// Nothing, after "fplab-cli <command>: line N: <why>" on err, when a line is not a number.
std::optional<std::vector<NumberLine>> readNumberLines(std::istream& in, std::ostream& err, std::string_view command);

} // namespace fplab::cli
