#include "app/cli/corner_text.h"

namespace fplab::cli {

std::string_view zeroProductsText(tc::ZeroProducts z) {
    return z == tc::ZeroProducts::Counted
               ? "counted: a zero operand counts as 2^-126, so 0 * b can raise E (MMA-Sim's reading)"
               : "dropped: only nonzero products set E (FP Lab's reading)";
}

std::string_view zeroSignText(tc::ZeroSign z) {
    return z == tc::ZeroSign::Positive ? "positive: a nonzero sum that rounds to zero gives +0 (MMA-Sim's reading)"
                                       : "sum: a nonzero sum that rounds to zero keeps its sign (FP Lab's reading)";
}

std::string_view readingStatusText(tc::ReadingStatus s) {
    return s == tc::ReadingStatus::Measured
               ? "measured on a GPU"
               : "open: no GPU has answered yet (fplab-cli gpu fingerprint --probe-corners decides it)";
}

} // namespace fplab::cli
