#include "app/cli/number_lines.h"

#include "core/text/parse.h"

#include <bit>
#include <istream>
#include <ostream>

namespace fplab::cli {

std::optional<std::vector<NumberLine>> readNumberLines(std::istream& in, std::ostream& err, std::string_view command) {
    std::vector<NumberLine> lines;
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        const std::size_t last = line.find_last_not_of(" \t\r");
        const std::string text = line.substr(first, last - first + 1);
        const ParseOutcome p = parseValue(text, kFp32);
        if (!p.ok()) {
            err << "fplab-cli " << command << ": line " << number << ": " << p.error << "\n";
            return std::nullopt;
        }
        lines.push_back({std::bit_cast<float>(static_cast<std::uint32_t>(p.value->bits)), text});
    }
    return lines;
}

} // namespace fplab::cli
