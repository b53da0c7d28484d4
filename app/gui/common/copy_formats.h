// The texts the Copy menu puts on the clipboard: hex bits, binary, a C or Python literal,
// and the fplab-cli command that shows the same value.
#pragma once

#include "core/format.h"
#include "core/rounding.h"

#include <QString>

#include <cstdint>

namespace fplab::gui {

enum class CopyKind { Hex, Binary, CLiteral, PythonLiteral, CliCommand };

struct CopySource {
    Format format;
    QString formatName; // the name fplab-cli knows it by (preset or custom)
    std::uint64_t bits = 0;
    QString typed; // what the user typed; empty when the value came from bits
    RoundingMode rounding = RoundingMode::NearestEven;
};

QString copyText(CopyKind kind, const CopySource& source);

} // namespace fplab::gui
