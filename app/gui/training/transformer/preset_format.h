// The preset format of a FormatId: the transformer's reports and traces name formats by id, and compute in
// presets only. Null for an id no preset has (Custom).
#pragma once

#include "core/format.h"

namespace fplab::gui {

inline const Format* presetFormat(FormatId id) {
    for (const Format* f : kPresetFormats)
        if (f->id == id) return f;
    return nullptr;
}

} // namespace fplab::gui
