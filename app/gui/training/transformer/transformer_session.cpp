// The transformer page in a session file: the form's fields (TransformerRunJson::configToJson) and the kept runs
// ("runs", each TransformerRunJson::runToJson); a session saved before the runs were kept restores the form alone.
#include "app/gui/training/transformer/transformer_panel.h"

#include "app/gui/shell/session_file.h"
#include "app/gui/training/transformer/transformer_form.h"
#include "app/gui/training/transformer/transformer_run_json.h"

#include <QJsonArray>

namespace fplab::gui {

QJsonObject TransformerPanel::saveSession() const {
    QJsonObject out = TransformerRunJson::configToJson(m_form->config());
    QJsonArray runs;
    for (const KeptRun& k : m_kept) runs.append(TransformerRunJson::runToJson(k.name, k.record));
    out.insert(QStringLiteral("runs"), runs);
    return out;
}

QStringList TransformerPanel::restoreSession(const QJsonObject& in, const QString& sectionTitle) {
    SessionReader read(in, sectionTitle);
    TransformerRunConfig c = m_form->config();
    TransformerRunJson::readConfig(in, read, m_form->settings(), c);
    m_form->setConfig(c);
    QStringList problems = read.problems();
    if (!in.contains(QStringLiteral("runs")) || m_runner.isBusy()) return problems;
    if (!in.value(QStringLiteral("runs")).isArray()) {
        read.reject(QStringLiteral("runs"), tr("a list of transformer runs"),
                    in.value(QStringLiteral("runs")).toVariant().toString());
        return read.problems();
    }
    m_kept.clear();
    int number = 0;
    for (const QJsonValue& v : in.value(QStringLiteral("runs")).toArray()) {
        ++number;
        if (int(m_kept.size()) == kMaxKeptRuns) break;
        if (const auto run = TransformerRunJson::readRun(v.toObject(), m_form->settings(), sectionTitle, number,
                                                         problems))
            keep(run->record, run->name);
    }
    m_current = m_kept.empty() ? TransformerRunRecord{} : m_kept.back().record;
    m_currentKept = true;
    m_failure.clear();
    showRuns();
    refresh();
    return problems;
}

} // namespace fplab::gui
