// The transformer's form in a session file: the preset by core's name, the numbers checked by their settings'
// validators (a spin box would clamp a bad value silently).
#include "app/gui/training/transformer/transformer_panel.h"

#include "app/gui/shell/session_file.h"
#include "app/gui/training/transformer/transformer_form.h"
#include "app/gui/training/transformer/transformer_settings.h"

#include <limits>

namespace fplab::gui {

using namespace fplab::training;

QJsonObject TransformerPanel::saveSession() const {
    const TransformerRunConfig c = m_form->config();
    const std::string_view preset = transformerPresetName(c.preset);
    QJsonObject out;
    out.insert(QStringLiteral("preset"), QString::fromLatin1(preset.data(), qsizetype(preset.size())));
    out.insert(QStringLiteral("softmaxSubtractsMax"), c.softmaxSubtractsMax);
    out.insert(QStringLiteral("digits"), c.run.digits);
    out.insert(QStringLiteral("layers"), c.run.shape.layers);
    out.insert(QStringLiteral("heads"), c.run.shape.heads);
    out.insert(QStringLiteral("dim"), c.run.shape.dim);
    out.insert(QStringLiteral("context"), c.run.shape.context);
    out.insert(QStringLiteral("steps"), c.steps);
    out.insert(QStringLiteral("batch"), c.run.batch);
    out.insert(QStringLiteral("learningRate"), double(c.run.learningRate));
    out.insert(QStringLiteral("seed"), qint64(c.run.seed));
    return out;
}

QStringList TransformerPanel::restoreSession(const QJsonObject& in, const QString& sectionTitle) {
    SessionReader read(in, sectionTitle);
    TransformerRunConfig c = m_form->config();
    const TransformerSettings& settings = m_form->settings();
    const auto checked = [&read](const char* key, const SettingValue<int>& setting) -> std::optional<int> {
        const auto v = read.integer(QLatin1String(key), std::numeric_limits<int>::min(),
                                    std::numeric_limits<int>::max());
        if (v && !setting.isValid(*v)) {
            read.reject(QLatin1String(key), tr("a value the transformer's form accepts"), QString::number(*v));
            return std::nullopt;
        }
        return v;
    };
    if (const auto s = read.stringWhere(
            QStringLiteral("preset"),
            [](const QString& name) { return parseTransformerPresetName(name.toStdString()).has_value(); },
            tr("a transformer preset")))
        c.preset = *parseTransformerPresetName(s->toStdString());
    if (const auto v = read.boolean(QStringLiteral("softmaxSubtractsMax"))) c.softmaxSubtractsMax = *v;
    if (const auto v = checked("digits", settings.digits)) c.run.digits = *v;
    if (const auto v = checked("layers", settings.layers)) c.run.shape.layers = *v;
    if (const auto v = checked("heads", settings.heads)) c.run.shape.heads = *v;
    if (const auto v = checked("dim", settings.dim)) c.run.shape.dim = *v;
    if (const auto v = checked("context", settings.context)) c.run.shape.context = *v;
    if (const auto v = checked("steps", settings.steps)) c.steps = *v;
    if (const auto v = checked("batch", settings.batch)) c.run.batch = *v;
    if (const auto v = checked("seed", settings.seed)) c.run.seed = std::uint64_t(*v);
    if (const auto lr = read.number(QStringLiteral("learningRate"), 0, 1e9)) {
        if (settings.learningRate.isValid(*lr)) c.run.learningRate = float(*lr);
        else
            read.reject(QStringLiteral("learningRate"), tr("a value the transformer's form accepts"),
                        QString::number(*lr));
    }
    m_form->setConfig(c);
    return read.problems();
}

} // namespace fplab::gui
