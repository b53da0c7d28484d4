// The kept runs as JSON, column by column (one array per field, not one object per step: a 100,000-step
// run stays a few megabytes). Floats go through double and back, exactly; counts are below 2^53.
#include "app/gui/training/run_store.h"

#include "core/training/datasets.h"
#include "core/training/optimizer.h"
#include "core/training/precision_policy.h"

#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

namespace fplab::gui {

using namespace fplab::training;

namespace {

QString qsv(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

QJsonArray strings(const std::vector<std::string>& list) {
    QJsonArray a;
    for (const std::string& s : list) a.append(QString::fromStdString(s));
    return a;
}

// One column per StepRecord field: how to write it and how to read it back.
struct Column {
    const char* key;
    std::function<double(const StepRecord&)> get;
    std::function<void(StepRecord&, double)> set;
};

const std::vector<Column>& scalarColumns() {
    static const std::vector<Column> columns = {
        {"step", [](const StepRecord& r) { return double(r.step); }, [](StepRecord& r, double v) { r.step = int(v); }},
        {"loss", [](const StepRecord& r) { return double(r.loss); },
         [](StepRecord& r, double v) { r.loss = float(v); }},
        {"accuracy", [](const StepRecord& r) { return double(r.accuracy); },
         [](StepRecord& r, double v) { r.accuracy = float(v); }},
        {"scale", [](const StepRecord& r) { return double(r.scale); },
         [](StepRecord& r, double v) { r.scale = float(v); }},
        {"scaleAfter", [](const StepRecord& r) { return double(r.scaleAfter); },
         [](StepRecord& r, double v) { r.scaleAfter = float(v); }},
        {"growthTracker", [](const StepRecord& r) { return double(r.growthTracker); },
         [](StepRecord& r, double v) { r.growthTracker = int(v); }},
        {"skipped", [](const StepRecord& r) { return double(r.skipped); },
         [](StepRecord& r, double v) { r.skipped = v != 0; }},
        {"nonFiniteGradients", [](const StepRecord& r) { return double(r.nonFiniteGradients); },
         [](StepRecord& r, double v) { r.nonFiniteGradients = v != 0; }},
        {"gradNorm", [](const StepRecord& r) { return double(r.gradNorm); },
         [](StepRecord& r, double v) { r.gradNorm = float(v); }},
        {"clipped", [](const StepRecord& r) { return double(r.clipped); },
         [](StepRecord& r, double v) { r.clipped = v != 0; }},
        {"elements", [](const StepRecord& r) { return double(r.window.elements); },
         [](StepRecord& r, double v) { r.window.elements = std::int64_t(v); }},
        {"zero", [](const StepRecord& r) { return double(r.window.zero); },
         [](StepRecord& r, double v) { r.window.zero = std::int64_t(v); }},
        {"underflow", [](const StepRecord& r) { return double(r.window.underflow); },
         [](StepRecord& r, double v) { r.window.underflow = std::int64_t(v); }},
        {"subnormal", [](const StepRecord& r) { return double(r.window.subnormal); },
         [](StepRecord& r, double v) { r.window.subnormal = std::int64_t(v); }},
        {"overflow", [](const StepRecord& r) { return double(r.window.overflow); },
         [](StepRecord& r, double v) { r.window.overflow = std::int64_t(v); }},
        {"nonFinite", [](const StepRecord& r) { return double(r.window.nonFinite); },
         [](StepRecord& r, double v) { r.window.nonFinite = std::int64_t(v); }},
        {"updatesAttempted", [](const StepRecord& r) { return double(r.updatesAttempted); },
         [](StepRecord& r, double v) { r.updatesAttempted = std::int64_t(v); }},
        {"updatesVanished", [](const StepRecord& r) { return double(r.updatesVanished); },
         [](StepRecord& r, double v) { r.updatesVanished = std::int64_t(v); }},
    };
    return columns;
}

// Per FP8 tensor: the fields the CSV writes (its fractions come from the counts).
struct Fp8Column {
    const char* key;
    std::function<double(const Fp8TensorStats&)> get;
    std::function<void(Fp8TensorStats&, double)> set;
};

const std::vector<Fp8Column>& fp8Columns() {
    static const std::vector<Fp8Column> columns = {
        {"amax", [](const Fp8TensorStats& f) { return double(f.amax); },
         [](Fp8TensorStats& f, double v) { f.amax = float(v); }},
        {"historyAmax", [](const Fp8TensorStats& f) { return double(f.historyAmax); },
         [](Fp8TensorStats& f, double v) { f.historyAmax = float(v); }},
        {"scale", [](const Fp8TensorStats& f) { return double(f.scale); },
         [](Fp8TensorStats& f, double v) { f.scale = float(v); }},
        {"elements", [](const Fp8TensorStats& f) { return double(f.elements); },
         [](Fp8TensorStats& f, double v) { f.elements = std::int64_t(v); }},
        {"nonzero", [](const Fp8TensorStats& f) { return double(f.nonzero); },
         [](Fp8TensorStats& f, double v) { f.nonzero = std::int64_t(v); }},
        {"saturated", [](const Fp8TensorStats& f) { return double(f.saturated); },
         [](Fp8TensorStats& f, double v) { f.saturated = std::int64_t(v); }},
        {"flushed", [](const Fp8TensorStats& f) { return double(f.flushed); },
         [](Fp8TensorStats& f, double v) { f.flushed = std::int64_t(v); }},
    };
    return columns;
}

// JSON has no inf or NaN: "inf", "-inf", "nan", "-nan" (the sign of a NaN shows in the CSV as printf writes it).
QJsonValue number(double v) {
    if (std::isnan(v)) return QJsonValue(std::signbit(v) ? QStringLiteral("-nan") : QStringLiteral("nan"));
    if (std::isinf(v)) return QJsonValue(v < 0 ? QStringLiteral("-inf") : QStringLiteral("inf"));
    return QJsonValue(v);
}

std::optional<double> numberFrom(const QJsonValue& v) {
    if (v.isDouble()) return v.toDouble();
    if (v.isString()) {
        const QString s = v.toString();
        if (s == QStringLiteral("inf")) return HUGE_VAL;
        if (s == QStringLiteral("-inf")) return -HUGE_VAL;
        if (s == QStringLiteral("nan")) return std::nan("");
        if (s == QStringLiteral("-nan")) return -std::nan("");
    }
    return std::nullopt;
}

} // namespace

QJsonArray RunStore::toJson() const {
    QJsonArray out;
    for (const StoredRun& run : m_runs) {
        const TrainingConfig& c = run.config;
        QJsonObject config{{QStringLiteral("mode"), qsv(modeName(c.mode))},
                           {QStringLiteral("dataset"), qsv(datasetName(c.dataset))},
                           {QStringLiteral("optimizer"), qsv(optimizerName(c.optimizer.kind))},
                           {QStringLiteral("learningRate"), double(c.optimizer.learningRate)},
                           {QStringLiteral("steps"), c.steps},
                           {QStringLiteral("width"), c.model.width},
                           {QStringLiteral("depth"), c.model.depth},
                           {QStringLiteral("batch"), c.batchSize},
                           {QStringLiteral("seed"), QString::number(c.seed)},
                           {QStringLiteral("masterWeights"), c.masterWeights}};
        QJsonObject steps;
        for (const Column& col : scalarColumns()) {
            QJsonArray values;
            for (const StepRecord& r : run.steps) values.append(number(col.get(r)));
            steps.insert(QLatin1String(col.key), values);
        }
        // Per parameter tensor, and per FP8 tensor and field: one array each.
        QJsonArray ratios, vanished, fp8;
        for (std::size_t t = 0; t < run.columns.parameters.size(); ++t) {
            QJsonArray r, v;
            for (const StepRecord& s : run.steps) {
                // null: the step recorded none (a diverged step makes no update, a GPU run measures none).
                r.append(t < s.updateRatio.size() ? number(s.updateRatio[t]) : QJsonValue());
                v.append(t < s.vanishedPerTensor.size() ? number(s.vanishedPerTensor[t]) : QJsonValue());
            }
            ratios.append(r);
            vanished.append(v);
        }
        for (std::size_t t = 0; t < run.columns.fp8Tensors.size(); ++t) {
            QJsonObject tensor;
            for (const Fp8Column& col : fp8Columns()) {
                QJsonArray values;
                for (const StepRecord& r : run.steps)
                    values.append(t < r.fp8.size() ? number(col.get(r.fp8[t])) : QJsonValue());
                tensor.insert(QLatin1String(col.key), values);
            }
            fp8.append(tensor);
        }
        steps.insert(QStringLiteral("updateRatio"), ratios);
        steps.insert(QStringLiteral("vanishedPerTensor"), vanished);
        steps.insert(QStringLiteral("fp8"), fp8);
        out.append(QJsonObject{{QStringLiteral("name"), run.name},
                               {QStringLiteral("color"), run.colorSlot},
                               {QStringLiteral("visible"), run.visible},
                               {QStringLiteral("onGpu"), run.onGpu},
                               {QStringLiteral("status"), qsv(statusName(run.state.status))},
                               {QStringLiteral("message"), QString::fromStdString(run.state.message)},
                               {QStringLiteral("config"), config},
                               {QStringLiteral("stats"), run.columns.stats},
                               {QStringLiteral("parameters"), strings(run.columns.parameters)},
                               {QStringLiteral("fp8Tensors"), strings(run.columns.fp8Tensors)},
                               {QStringLiteral("steps"), steps}});
    }
    return out;
}

namespace {

// One column of numbers, `count` long; nullopt when it is missing, short or holds something else. With
// `gaps`, null entries are allowed (nullopt in the result: the step recorded none).
std::optional<std::vector<std::optional<double>>> numbers(const QJsonValue& value, std::size_t count,
                                                          bool gaps = false) {
    const QJsonArray a = value.toArray();
    if (!value.isArray() || std::size_t(a.size()) != count) return std::nullopt;
    std::vector<std::optional<double>> out;
    for (const QJsonValue& v : a) {
        const std::optional<double> d = numberFrom(v);
        if (!d && !(gaps && v.isNull())) return std::nullopt;
        out.push_back(d);
    }
    return out;
}

std::optional<std::vector<std::string>> stringsFrom(const QJsonValue& value) {
    if (!value.isArray()) return std::nullopt;
    std::vector<std::string> out;
    for (const QJsonValue& v : value.toArray()) {
        if (!v.isString()) return std::nullopt;
        out.push_back(v.toString().toStdString());
    }
    return out;
}

} // namespace

QStringList RunStore::addFromJson(const QJsonArray& runs) {
    QStringList problems;
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QJsonObject o = runs[i].toObject();
        const QString name = o.value(QStringLiteral("name")).toString().trimmed();
        const auto refuse = [&](const QString& why) {
            problems << tr("Kept run %1 (%2) was not restored: %3.")
                            .arg(i + 1)
                            .arg(name.isEmpty() ? tr("no name") : name, why);
        };
        if (!runs[i].isObject() || name.isEmpty()) {
            refuse(tr("it has no name"));
            continue;
        }
        StoredRun run;
        run.name = name;
        run.visible = o.value(QStringLiteral("visible")).toBool(true);
        run.onGpu = o.value(QStringLiteral("onGpu")).toBool(false);
        const QJsonObject c = o.value(QStringLiteral("config")).toObject();
        const std::optional<TrainingMode> mode = parseModeName(
            c.value(QStringLiteral("mode")).toString().toStdString());
        const std::optional<DatasetKind> data = parseDatasetName(
            c.value(QStringLiteral("dataset")).toString().toStdString());
        const std::optional<OptimizerKind> opt = parseOptimizerName(
            c.value(QStringLiteral("optimizer")).toString().toStdString());
        if (!mode || !data || !opt) {
            refuse(tr("its precision mode, data set or optimizer is not one FP Lab knows"));
            continue;
        }
        run.config.mode = *mode;
        run.config.dataset = *data;
        run.config.optimizer.kind = *opt;
        run.config.optimizer.learningRate = float(
            c.value(QStringLiteral("learningRate")).toDouble(run.config.optimizer.learningRate));
        run.config.steps = c.value(QStringLiteral("steps")).toInt(run.config.steps);
        run.config.model.width = c.value(QStringLiteral("width")).toInt(run.config.model.width);
        run.config.model.depth = c.value(QStringLiteral("depth")).toInt(run.config.model.depth);
        run.config.batchSize = c.value(QStringLiteral("batch")).toInt(run.config.batchSize);
        run.config.seed = c.value(QStringLiteral("seed")).toString().toULongLong();
        run.config.masterWeights = c.value(QStringLiteral("masterWeights")).toBool(true);
        run.state.message = o.value(QStringLiteral("message")).toString().toStdString();
        for (RunStatus s : {RunStatus::Ready, RunStatus::Running, RunStatus::Finished, RunStatus::Diverged,
                            RunStatus::ScaleCollapsed, RunStatus::Cancelled, RunStatus::Invalid, RunStatus::Failed})
            if (o.value(QStringLiteral("status")).toString() == qsv(statusName(s))) run.state.status = s;
        run.columns.stats = o.value(QStringLiteral("stats")).toBool(true);
        const auto parameters = stringsFrom(o.value(QStringLiteral("parameters")));
        const auto fp8Tensors = stringsFrom(o.value(QStringLiteral("fp8Tensors")));
        if (!parameters || !fp8Tensors) {
            refuse(tr("its tensor names are missing"));
            continue;
        }
        run.columns.parameters = *parameters;
        run.columns.fp8Tensors = *fp8Tensors;

        const QJsonObject steps = o.value(QStringLiteral("steps")).toObject();
        const std::size_t count = std::size_t(steps.value(QStringLiteral("step")).toArray().size());
        run.steps.resize(count);
        bool complete = count > 0;
        for (const Column& col : scalarColumns()) {
            const auto values = numbers(steps.value(QLatin1String(col.key)), count);
            if (!values) {
                complete = false;
                break;
            }
            for (std::size_t k = 0; k < count; ++k) col.set(run.steps[k], *(*values)[k]);
        }
        const QJsonArray ratios = steps.value(QStringLiteral("updateRatio")).toArray();
        const QJsonArray vanished = steps.value(QStringLiteral("vanishedPerTensor")).toArray();
        const QJsonArray fp8 = steps.value(QStringLiteral("fp8")).toArray();
        complete = complete && std::size_t(ratios.size()) == run.columns.parameters.size() &&
                   std::size_t(vanished.size()) == run.columns.parameters.size() &&
                   std::size_t(fp8.size()) == run.columns.fp8Tensors.size();
        for (qsizetype t = 0; complete && t < ratios.size(); ++t) {
            const auto r = numbers(ratios[t], count, true), v = numbers(vanished[t], count, true);
            complete = r && v;
            for (std::size_t k = 0; complete && k < count; ++k) {
                if ((*r)[k]) run.steps[k].updateRatio.push_back(*(*r)[k]);
                if ((*v)[k]) run.steps[k].vanishedPerTensor.push_back(*(*v)[k]);
            }
        }
        for (qsizetype t = 0; complete && t < fp8.size(); ++t) {
            for (const Fp8Column& col : fp8Columns()) {
                const auto values = numbers(fp8[t].toObject().value(QLatin1String(col.key)), count, true);
                if (!values) {
                    complete = false;
                    break;
                }
                for (std::size_t k = 0; k < count; ++k) {
                    if (!(*values)[k]) continue;
                    std::vector<Fp8TensorStats>& stats = run.steps[k].fp8;
                    if (stats.size() <= std::size_t(t)) {
                        stats.resize(std::size_t(t) + 1);
                        stats[std::size_t(t)].name = run.columns.fp8Tensors[std::size_t(t)];
                    }
                    col.set(stats[std::size_t(t)], *(*values)[k]);
                }
            }
        }
        if (!complete) {
            refuse(tr("its steps are missing or incomplete"));
            continue;
        }
        const int slot = o.value(QStringLiteral("color")).toInt(-1);
        add(std::move(run));
        // The colour it had, where no other run has taken it.
        if (slot >= 0 && slot < kMaxRuns &&
            std::none_of(m_runs.begin(), m_runs.end(), [slot](const StoredRun& r) { return r.colorSlot == slot; })) {
            m_runs.back().colorSlot = slot;
            emit dataChanged(index(rowCount() - 1), index(rowCount() - 1), {Qt::DecorationRole});
            emit runsChanged();
        }
    }
    return problems;
}

} // namespace fplab::gui
