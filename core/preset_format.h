// The preset Format of a FormatId, for code that names formats by id (the transformer's reports, traces and saved
// runs) and computes in presets only. Kept out of format.h so that adding a user does not rebuild every file.
#pragma once

#include "core/format.h"

namespace fplab {

// The preset whose id is `id`; null for an id no preset has (FormatId::Custom).
const Format* presetFormat(FormatId id);

} // namespace fplab
