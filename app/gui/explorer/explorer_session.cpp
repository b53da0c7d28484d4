// The Explorer in a session file: the value (as typed, or as bits when it came from bits), its
// format and rounding, the user's custom formats, the rows hidden from the table and the Block view's options.
#include "app/gui/explorer/explorer_section.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/explorer/block_view.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/format_table_model.h"
#include "app/gui/explorer/value_entry_panel.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/session_file.h"

#include <QJsonArray>
#include <QJsonObject>

namespace fplab::gui {

void ExplorerSection::saveSession(QJsonObject& out) const {
    out.insert(QStringLiteral("format"), m_state->formatName());
    out.insert(QStringLiteral("rounding"), QString::fromLatin1(roundingName(m_state->rounding()).data()));
    out.insert(QStringLiteral("value"), m_state->error().isEmpty() ? m_state->text() : settings().explorerInput.get());
    out.insert(QStringLiteral("fromBits"), m_state->fromBits());
    out.insert(QStringLiteral("bits"), QStringLiteral("0x%1").arg(m_state->bits(), 0, 16));
    out.insert(QStringLiteral("customFormats"), QJsonArray::fromStringList(settings().customFormats.get()));
    out.insert(QStringLiteral("hiddenRows"), QJsonArray::fromStringList(m_model->hiddenKeys()));
    out.insert(QStringLiteral("block"), blockView()->saveSession());
}

QStringList ExplorerSection::restoreSession(const QJsonObject& in) {
    SessionReader read(in, title());
    const auto isFormat = [](const QString& name) { return resolveFormat(name).has_value(); };

    // Custom formats first: the saved format may be one of them.
    if (const auto names = read.stringList(QStringLiteral("customFormats"))) {
        QStringList valid;
        for (const QString& name : *names) {
            if (!isFormat(name)) read.reject(QStringLiteral("customFormats"), tr("a format definition"), name);
            else if (!valid.contains(name) && !presetFormatNames().contains(name)) valid << name;
        }
        settings().customFormats.set(valid);
        m_model->setCustomFormats(valid);
        m_entry->setCustomFormats(valid);
    }
    if (const auto rows = read.stringList(QStringLiteral("hiddenRows"))) {
        m_model->setHiddenKeys(*rows);
        settings().explorerHiddenRows.set(*rows);
    }
    if (const auto format = read.stringWhere(QStringLiteral("format"), isFormat, tr("a format FP Lab knows")))
        m_state->setFormat(*format);
    const auto isRounding = [](const QString& name) { return parseRoundingName(name.toStdString()).has_value(); };
    if (const auto rounding = read.stringWhere(QStringLiteral("rounding"), isRounding, tr("a rounding mode")))
        m_state->setRounding(*parseRoundingName(rounding->toStdString()));

    const std::optional<bool> fromBits = read.boolean(QStringLiteral("fromBits"));
    if (fromBits && *fromBits) {
        // Bits are exact where a text might not be (a NaN's payload).
        const Format& f = m_state->format();
        const auto fits = [&f](const QString& text) {
            bool ok = false;
            const quint64 bits = text.startsWith(QLatin1String("0x")) ? text.mid(2).toULongLong(&ok, 16) : 0;
            return ok && (bits & ~f.bitMask()) == 0;
        };
        if (const auto bits = read.stringWhere(QStringLiteral("bits"), fits,
                                               tr("bits of %1").arg(m_state->formatName())))
            m_state->setBits(bits->mid(2).toULongLong(nullptr, 16));
    } else if (const auto value = read.string(QStringLiteral("value"))) {
        const QString before = m_state->text();
        if (!m_state->setText(*value)) {
            read.reject(QStringLiteral("value"), tr("a value %1 can read").arg(m_state->formatName()), *value);
            m_state->setText(before);
        }
    }
    // The Block view's options: read only when present (sessions saved before they were kept have none).
    if (in.contains(QStringLiteral("block")))
        if (const auto block = read.object(QStringLiteral("block")))
            read.addProblems(blockView()->restoreSession(*block, title()));
    onValueChanged();
    return read.problems();
}

} // namespace fplab::gui
