// The words the CLI prints for the two open corners of the tensor-core model (core/tensor_core/corner_readings.h):
// each reading, where it comes from, and whether the built-in one is measured or still open.
#pragma once

#include "core/tensor_core/corner_readings.h"

#include <string>
#include <string_view>

namespace fplab::cli {

// "dropped: only nonzero products set E (FP Lab's reading)"
std::string_view zeroProductsText(tc::ZeroProducts z);
// "sum: a nonzero sum that rounds to zero keeps its sign (FP Lab's reading)"
std::string_view zeroSignText(tc::ZeroSign z);
// "open: FP Lab's reading until a GPU answers `fplab-cli gpu fingerprint --probe-corners`" or "measured".
std::string_view readingStatusText(tc::ReadingStatus s);

} // namespace fplab::cli
