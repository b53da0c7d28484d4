// Arithmetic in a session file: the operation, formats, rounding, the two switches, the operand
// texts as typed and the stochastic-rounding seed.
#include "app/gui/arithmetic/arithmetic_section.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/session_file.h"
#include "core/operation.h"
#include "core/rounding.h"

#include <QCheckBox>
#include <QComboBox>
#include <QJsonObject>
#include <QLineEdit>

namespace fplab::gui {

namespace {
const char* const kOperandKeys[3] = {"a", "b", "c"};
} // namespace

void ArithmeticSection::saveSession(QJsonObject& out) const {
    out.insert(QStringLiteral("operation"), QString::fromLatin1(operationName(m_kind).data()));
    out.insert(QStringLiteral("format"), m_format->currentData().toString());
    out.insert(QStringLiteral("target"), m_target->currentData().toString());
    out.insert(QStringLiteral("rounding"), QString::fromLatin1(roundingName(currentRounding()).data()));
    out.insert(QStringLiteral("saturate"), m_saturate->isChecked());
    out.insert(QStringLiteral("tininessBeforeRounding"), m_tininess->isChecked());
    for (int i = 0; i < 3; ++i) out.insert(QLatin1String(kOperandKeys[i]), m_operands[i]->text());
    out.insert(QStringLiteral("seed"), int(m_seed));
}

QStringList ArithmeticSection::restoreSession(const QJsonObject& in) {
    SessionReader read(in, title());
    const auto isFormat = [](const QString& name) { return resolveFormat(name).has_value(); };
    if (const auto op = read.stringWhere(
            QStringLiteral("operation"),
            [](const QString& k) { return parseOperationName(k.toStdString()).has_value(); }, tr("an operation")))
        setOperation(*parseOperationName(op->toStdString()));
    if (const auto f = read.stringWhere(QStringLiteral("format"), isFormat, tr("a format FP Lab knows")))
        setFormatName(*f);
    if (const auto t = read.stringWhere(QStringLiteral("target"), isFormat, tr("a format FP Lab knows"))) {
        if (m_target->findData(*t) < 0) {
            // A custom format the Explorer's part of the session just added.
            const QString format = m_format->currentData().toString();
            fillFormatCombo(m_format, settings().customFormats.get());
            fillFormatCombo(m_target, settings().customFormats.get());
            selectFormatInCombo(m_format, format);
        }
        setTargetName(*t);
    }
    const auto isRounding = [](const QString& name) { return parseRoundingName(name.toStdString()).has_value(); };
    if (const auto r = read.stringWhere(QStringLiteral("rounding"), isRounding, tr("a rounding mode")))
        setRounding(*parseRoundingName(r->toStdString()));
    if (const auto on = read.boolean(QStringLiteral("saturate"))) m_saturate->setChecked(*on);
    if (const auto on = read.boolean(QStringLiteral("tininessBeforeRounding"))) m_tininess->setChecked(*on);
    if (const auto seed = read.integer(QStringLiteral("seed"), 0, 1 << 30)) {
        m_seed = std::uint64_t(*seed);
        settings().arithmeticSeed.set(*seed);
    }
    // Operands are kept as typed, readable or not: the section shows why one cannot be read.
    for (int i = 0; i < 3; ++i)
        if (const auto text = read.string(QLatin1String(kOperandKeys[i]))) m_operands[i]->setText(*text);
    recompute();
    return read.problems();
}

} // namespace fplab::gui
