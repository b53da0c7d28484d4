// The formats the app lists, by name: presets and user-defined ones, and the combo boxes that offer them.
#pragma once

#include "core/format.h"

#include <QString>
#include <QStringList>

#include <optional>

class QComboBox;

namespace fplab::gui {

// Core names of the presets in the order the app lists them (fp64 ... e2m1, then e8m0 and the fnuz kinds).
QStringList presetFormatNames();
// A preset by core name or alias, or a user-defined format by its canonical name ("e5m10-nosub").
std::optional<Format> resolveFormat(const QString& name);
// The canonical name of a user-defined format: e<E>m<M>[-nosub][-fn|-finite|-fnuz][-bias=<B>].
QString customFormatName(const CustomFormatSpec& spec);
// "FP16", "BF16", "E4M3"; user-defined formats keep their canonical name.
QString formatDisplayName(const Format& f);
// A translated sentence about the layout and range: "1 sign, 5 exponent, 10 mantissa bits; ...".
QString formatSummary(const Format& f);

// Fills a combo with the presets (item data: the core name) followed by the given custom names,
// keeping the current choice when it is still listed.
void fillFormatCombo(QComboBox* combo, const QStringList& customNames, bool includeRarePresets = true);
// Selects the item whose data is `name`; false when absent.
bool selectFormatInCombo(QComboBox* combo, const QString& name);

} // namespace fplab::gui
