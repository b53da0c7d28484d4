// Training in a session file: the run settings the form describes (through TrainingConfig, so
// the names are core's: "fp16-dynamic", "spirals", "adam"), each checked by its setting's validator,
// and the runs kept for the comparison (RunStore's JSON).
#include "app/gui/training/training_section.h"
#include "app/gui/training/training_form.h"

#include "app/gui/shell/session_file.h"
#include "app/gui/training/compare_runs_tab.h"
#include "app/gui/training/run_store.h"
#include "app/gui/training/training_form.h"
#include "app/gui/training/training_settings.h"
#include "app/gui/training/transformer/transformer_panel.h"
#include "core/training/datasets.h"
#include "core/training/optimizer.h"
#include "core/training/precision_policy.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <limits>

namespace fplab::gui {

namespace {
QString qsv(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }
} // namespace

QJsonObject TrainingSection::configJson(const training::TrainingConfig& c) {
    using namespace training;
    QJsonObject out;
    out.insert(QStringLiteral("mode"), qsv(modeName(c.mode)));
    out.insert(QStringLiteral("dataset"), qsv(datasetName(c.dataset)));
    out.insert(QStringLiteral("optimizer"), qsv(optimizerName(c.optimizer.kind)));
    out.insert(QStringLiteral("learningRate"), double(c.optimizer.learningRate));
    out.insert(QStringLiteral("steps"), c.steps);
    out.insert(QStringLiteral("width"), c.model.width);
    out.insert(QStringLiteral("depth"), c.model.depth);
    out.insert(QStringLiteral("batch"), c.batchSize);
    out.insert(QStringLiteral("seed"), qint64(c.seed));
    out.insert(QStringLiteral("masterWeights"), c.masterWeights);
    out.insert(QStringLiteral("staticScaleExponent"), std::ilogb(c.staticScale));
    out.insert(QStringLiteral("initScaleExponent"), std::ilogb(c.scaler.initScale));
    out.insert(QStringLiteral("growthInterval"), c.scaler.growthInterval);
    out.insert(QStringLiteral("fp8AmaxHistory"), c.fp8.amaxHistory);
    out.insert(QStringLiteral("fp8AmaxAlgo"), qsv(amaxAlgoName(c.fp8.algo)));
    out.insert(QStringLiteral("fp8Margin"), c.fp8.margin);
    out.insert(QStringLiteral("fp8BlockRule"), qsv(blockscale::scaleRuleName(c.fp8.blockRule)));
    out.insert(QStringLiteral("outlierStep"), c.outlierStep);
    return out;
}

void TrainingSection::saveSession(QJsonObject& out) const {
    const QJsonObject settings = configJson(m_form->config());
    for (auto it = settings.begin(); it != settings.end(); ++it) out.insert(it.key(), it.value());
    out.insert(QStringLiteral("runs"), m_compare->store()->toJson());
    const std::string_view modelName = trainingModelName(model());
    out.insert(QStringLiteral("model"), QString::fromLatin1(modelName.data(), qsizetype(modelName.size())));
    out.insert(QStringLiteral("transformer"), m_transformer->saveSession());
}

QStringList TrainingSection::restoreSession(const QJsonObject& in) {
    using namespace training;
    SessionReader read(in, title());
    TrainingConfig c = m_form->config();
    const TrainingSettings& settings = m_form->settings();
    const auto named = [&read](const char* key, auto parse, const QString& what) {
        return read.stringWhere(
            QLatin1String(key), [&](const QString& s) { return parse(s.toStdString()).has_value(); }, what);
    };
    // Each number must pass the check of its setting (training_settings.cpp): a spin box would clamp it silently.
    const auto checked = [&read](const char* key, const auto& setting) -> std::optional<int> {
        const auto v = read.integer(QLatin1String(key), std::numeric_limits<int>::min(),
                                    std::numeric_limits<int>::max());
        if (v && !setting.isValid(*v)) {
            read.reject(QLatin1String(key), tr("a value the Training section accepts"), QString::number(*v));
            return std::nullopt;
        }
        return v;
    };
    if (const auto s = named("mode", parseModeName, tr("a precision mode"))) c.mode = *parseModeName(s->toStdString());
    if (const auto s = named("dataset", parseDatasetName, tr("a dataset")))
        c.dataset = *parseDatasetName(s->toStdString());
    if (const auto s = named("optimizer", parseOptimizerName, tr("an optimizer")))
        c.optimizer.kind = *parseOptimizerName(s->toStdString());
    if (const auto lr = read.number(QStringLiteral("learningRate"), 0, 1e9)) {
        if (settings.learningRate.isValid(*lr)) c.optimizer.learningRate = float(*lr);
        else
            read.reject(QStringLiteral("learningRate"), tr("a value the Training section accepts"),
                        QString::number(*lr));
    }
    if (const auto v = checked("steps", settings.steps)) c.steps = *v;
    if (const auto v = checked("width", settings.width)) c.model.width = *v;
    if (const auto v = checked("depth", settings.depth)) c.model.depth = *v;
    if (const auto v = checked("batch", settings.batch)) c.batchSize = *v;
    if (const auto v = checked("seed", settings.seed)) c.seed = std::uint64_t(*v);
    if (const auto v = read.boolean(QStringLiteral("masterWeights"))) c.masterWeights = *v;
    if (const auto v = checked("staticScaleExponent", settings.staticScaleExponent))
        c.staticScale = float(std::ldexp(1.0, *v));
    if (const auto v = checked("initScaleExponent", settings.initScaleExponent))
        c.scaler.initScale = float(std::ldexp(1.0, *v));
    if (const auto v = checked("growthInterval", settings.growthInterval)) c.scaler.growthInterval = *v;
    if (const auto v = checked("fp8AmaxHistory", settings.fp8AmaxHistory)) c.fp8.amaxHistory = *v;
    if (const auto s = named("fp8AmaxAlgo", parseAmaxAlgoName, tr("an amax algorithm")))
        c.fp8.algo = *parseAmaxAlgoName(s->toStdString());
    if (const auto v = checked("fp8Margin", settings.fp8Margin)) c.fp8.margin = *v;
    // Sessions saved before the block rule was a choice have none: they keep the FP32 scale they ran with.
    c.fp8.blockRule = Fp8Settings{}.blockRule;
    if (in.contains(QStringLiteral("fp8BlockRule")))
        if (const auto s = named("fp8BlockRule", parseFp8BlockRule, tr("an FP8 block scale rule")))
            c.fp8.blockRule = *parseFp8BlockRule(s->toStdString());
    if (const auto v = checked("outlierStep", settings.outlierStep)) c.outlierStep = *v;
    m_form->setConfig(c);
    saveState();
    if (const auto s = named("model", parseTrainingModelName, tr("a model (mlp or transformer)")))
        setModel(*parseTrainingModelName(s->toStdString()));
    if (const auto transformer = read.object(QStringLiteral("transformer")))
        read.addProblems(m_transformer->restoreSession(*transformer, title()));
    QStringList problems = read.problems();
    // The kept runs replace the ones shown (a session without runs leaves them as they are).
    if (in.contains(QStringLiteral("runs"))) {
        m_compare->store()->clear();
        if (in.value(QStringLiteral("runs")).isArray())
            problems << m_compare->store()->addFromJson(in.value(QStringLiteral("runs")).toArray());
        else problems << tr("The kept runs were not restored: the session holds no list of runs.");
    }
    return problems;
}

} // namespace fplab::gui
