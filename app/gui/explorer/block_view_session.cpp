// The Block view's options in a session file, inside the Explorer's object as "block": the scheme and the rule by
// core's names, NVFP4's 16x16 tiles, the row length, the Hadamard transform and its seed. A field that cannot be
// read is named and the others still applied.
#include "app/gui/explorer/block_view.h"

#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/session_file.h"

#include <QCheckBox>
#include <QComboBox>
#include <QSpinBox>

namespace fplab::gui {

namespace {

QString latin1(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

} // namespace

QJsonObject BlockView::saveSession() const {
    QJsonObject out;
    out.insert(QStringLiteral("scheme"), latin1(blockscale::schemeName(recipe().scheme)));
    out.insert(QStringLiteral("rule"), latin1(blockscale::scaleRuleName(rule())));
    out.insert(QStringLiteral("tiles16x16"), m_settings.blockTiles16x16.get()); // kept while another scheme shows
    out.insert(QStringLiteral("rowLength"), m_rowLength->value());
    out.insert(QStringLiteral("hadamard"), m_hadamard->isChecked());
    out.insert(QStringLiteral("hadamardSeed"), m_hadamardSeed->value());
    return out;
}

QStringList BlockView::restoreSession(const QJsonObject& in, const QString& sectionTitle) {
    SessionReader read(in, sectionTitle);
    if (const auto scheme = read.stringWhere(QStringLiteral("scheme"), AppSettings::isBlockSchemeName,
                                             tr("a block-scaled scheme FP Lab knows")))
        setScheme(*blockscale::parseScheme(scheme->toStdString()));
    const auto offered = [this](const QString& name) {
        const std::optional<blockscale::ScaleRule> r = blockscale::parseScaleRule(name.toStdString());
        return r && m_rule->findData(int(*r)) >= 0;
    };
    const QString schemeName = latin1(blockscale::schemeName(recipe().scheme));
    if (const auto rule = read.stringWhere(QStringLiteral("rule"), offered, tr("a scale rule of %1").arg(schemeName)))
        setRule(*blockscale::parseScaleRule(rule->toStdString()));
    if (const auto tiles = read.boolean(QStringLiteral("tiles16x16"))) setTiles16x16(*tiles);
    if (const auto length = read.integer(QStringLiteral("rowLength"), m_rowLength->minimum(), m_rowLength->maximum()))
        setRowLength(*length);
    const auto hadamard = read.boolean(QStringLiteral("hadamard"));
    const auto seed = read.integer(QStringLiteral("hadamardSeed"), m_hadamardSeed->minimum(),
                                   m_hadamardSeed->maximum());
    if (hadamard || seed)
        setHadamard(hadamard.value_or(m_hadamard->isChecked()), seed.value_or(m_hadamardSeed->value()));
    return read.problems();
}

} // namespace fplab::gui
