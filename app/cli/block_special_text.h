// The words `fplab-cli mma --steps` prints for a tensor-core block decided by a NaN or an infinity.
#pragma once

#include "core/tensor_core/block_steps.h"

#include <string_view>

namespace fplab::cli {

// "a NaN operand gives the canonical NaN"; empty for None.
std::string_view blockSpecialText(tc::BlockSpecial s);

} // namespace fplab::cli
