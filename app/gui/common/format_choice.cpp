// Format lookup by name and the format combo boxes.
#include "app/gui/common/format_choice.h"

#include "app/gui/common/number_text.h"
#include "core/classify.h"
#include "core/format_names.h"
#include "core/values.h"

#include <QComboBox>

namespace fplab::gui {

QStringList presetFormatNames() {
    QStringList names;
    for (const Format* f : kPresetFormats) names << QString::fromLatin1(f->name().data(), qsizetype(f->name().size()));
    return names;
}

std::optional<Format> resolveFormat(const QString& name) {
    const std::string n = name.trimmed().toStdString();
    return lookupFormat(n).format;
}

QString customFormatName(const CustomFormatSpec& spec) {
    QString name = QStringLiteral("e%1m%2").arg(spec.exponentBits).arg(spec.mantissaBits);
    if (!spec.subnormals) name += QStringLiteral("-nosub");
    switch (spec.specials) {
    case SpecialValues::Ieee: break;
    case SpecialValues::FiniteWithNan: name += QStringLiteral("-fn"); break;
    case SpecialValues::FiniteOnly: name += QStringLiteral("-finite"); break;
    case SpecialValues::Fnuz: name += QStringLiteral("-fnuz"); break;
    }
    if (spec.bias) name += QStringLiteral("-bias=%1").arg(*spec.bias);
    return name;
}

QString formatDisplayName(const Format& f) {
    const QString core = QString::fromLatin1(f.name().data(), qsizetype(f.name().size()));
    if (f.id == FormatId::Custom) return core;
    if (f.id == FormatId::E4m3Fnuz) return QStringLiteral("E4M3FNUZ");
    if (f.id == FormatId::E5m2Fnuz) return QStringLiteral("E5M2FNUZ");
    return core.toUpper();
}

QString formatSummary(const Format& f) {
    QString layout = f.hasSign ? Text::tr("1 sign, %1 exponent, %2 mantissa bits (bias %3)")
                                     .arg(f.exponentBits)
                                     .arg(f.mantissaBits)
                                     .arg(f.bias)
                               : Text::tr("unsigned, %1 exponent, %2 mantissa bits (bias %3)")
                                     .arg(f.exponentBits)
                                     .arg(f.mantissaBits)
                                     .arg(f.bias);
    // Exact digits: the shortest decimal of FP16's largest value is 65500, which reads back as 65504.
    const QString max = storedText(f, maxFiniteBits(f));
    const QString minNormal = storedText(f, minNormalBits(f));
    QString range = Text::tr("largest finite %1, smallest normal %2").arg(max, minNormal);
    if (f.subnormals && f.hasZero && f.mantissaBits > 0)
        range += Text::tr(", smallest subnormal %1").arg(storedText(f, minPositiveBits(f)));
    QString specials;
    switch (f.specials) {
    case SpecialValues::Ieee: specials = Text::tr("IEEE infinities and NaNs"); break;
    case SpecialValues::FiniteWithNan:
        specials = Text::tr("no infinity; NaN only where exponent and mantissa bits are all ones");
        break;
    case SpecialValues::FiniteOnly: specials = Text::tr("no infinity, no NaN: every encoding is a number"); break;
    case SpecialValues::Fnuz: specials = Text::tr("no infinity, no negative zero; one NaN (the sign bit alone)"); break;
    }
    if (!f.subnormals) specials += Text::tr("; no subnormals (tiny results flush to zero)");
    return layout + QStringLiteral("; ") + range + QStringLiteral("; ") + specials + QLatin1Char('.');
}

void fillFormatCombo(QComboBox* combo, const QStringList& customNames, bool includeRarePresets) {
    const QString current = combo->currentData().toString();
    const QSignalBlocker blocker(combo);
    combo->clear();
    for (const Format* f : kPresetFormats) {
        const bool rare = f->id == FormatId::E8m0 || f->id == FormatId::E4m3Fnuz || f->id == FormatId::E5m2Fnuz;
        if (rare && !includeRarePresets) continue;
        combo->addItem(formatDisplayName(*f), QString::fromLatin1(f->name().data(), qsizetype(f->name().size())));
        combo->setItemData(combo->count() - 1, formatSummary(*f), Qt::ToolTipRole);
    }
    for (const QString& name : customNames) {
        if (const std::optional<Format> f = resolveFormat(name)) {
            combo->addItem(name, name);
            combo->setItemData(combo->count() - 1, formatSummary(*f), Qt::ToolTipRole);
        }
    }
    if (!selectFormatInCombo(combo, current)) combo->setCurrentIndex(0);
}

bool selectFormatInCombo(QComboBox* combo, const QString& name) {
    const int i = combo->findData(name);
    if (i < 0) return false;
    combo->setCurrentIndex(i);
    return true;
}

} // namespace fplab::gui
