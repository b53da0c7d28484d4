#include "core/preset_format.h"

namespace fplab {

const Format* presetFormat(FormatId id) {
    for (const Format* f : kPresetFormats)
        if (f->id == id) return f;
    return nullptr;
}

} // namespace fplab
