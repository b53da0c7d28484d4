// Formats by name, both ways: every front end and the lessons read a format name the same way
// (a preset, else a custom eXmY name) and write one that reads back to the same format.
#pragma once

#include "core/format.h"

#include <string>
#include <string_view>

namespace fplab {

// A float format by preset name ("fp16", "bf16", aliases like "half"; findFormat) or else by custom
// name ("e5m10-nosub"; parseCustomFormatName). On failure the error names the problem:
// "bad format 'e99m3': exponent width 99 is out of range (2..15 bits)", "'int8' is an integer format: ...",
// "unknown format 'fp17' (known: ...)".
FormatOrError lookupFormat(std::string_view name);

// The name lookupFormat reads back to a format with the same layout and rules: the preset's own name,
// or e<E>m<M>[-nosub][-fn|-finite|-fnuz][-bias=<B>] for a custom format (the bias only when not the default).
std::string canonicalName(const Format& f);

// The names the error messages list.
std::string_view knownFormatNames();

} // namespace fplab
