// The words the lessons (and so the app, in English and Chinese) show for a tensor-core block
// decided by a NaN or an infinity (core's tc::BlockSpecial).
#pragma once

#include "core/tensor_core/block_steps.h"
#include "lessons/local_text.h"

namespace fplab::lessons {

// Empty for None.
LocalText blockSpecialText(tc::BlockSpecial s);

} // namespace fplab::lessons
