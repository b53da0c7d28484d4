#include "app/gui/training/transformer/transformer_run_json.h"

#include "app/gui/training/transformer/transformer_settings.h"
#include "core/operation.h"
#include "core/preset_format.h"

#include <QJsonArray>

#include <cmath>
#include <limits>

namespace fplab::gui {

using namespace fplab::training;

namespace {

// A field of a kept run that cannot be read; the run is left out, naming it.
struct BadField {
    QString key;
};

QString latin1(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

// JSON has no infinity or NaN: those are written as text (a NaN with its sign; its payload is not kept).
QJsonValue numberJson(double v) {
    if (std::isnan(v)) return std::signbit(v) ? QStringLiteral("-nan") : QStringLiteral("nan");
    if (std::isinf(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    return v;
}

double numberOf(const QJsonValue& v, const QString& key) {
    if (v.isDouble()) return v.toDouble();
    const QString s = v.toString();
    if (s == QLatin1String("nan")) return std::numeric_limits<double>::quiet_NaN();
    if (s == QLatin1String("-nan")) return -std::numeric_limits<double>::quiet_NaN();
    if (s == QLatin1String("inf")) return std::numeric_limits<double>::infinity();
    if (s == QLatin1String("-inf")) return -std::numeric_limits<double>::infinity();
    throw BadField{key};
}

int integerOf(const QJsonValue& v, const QString& key) {
    const double d = v.isDouble() ? v.toDouble() : std::numeric_limits<double>::quiet_NaN();
    if (!(d >= std::numeric_limits<int>::min() && d <= std::numeric_limits<int>::max()) || d != std::floor(d))
        throw BadField{key};
    return int(d);
}

QJsonArray arrayOf(const QJsonObject& in, const QString& key) {
    if (!in.value(key).isArray()) throw BadField{key};
    return in.value(key).toArray();
}

QJsonObject objectOf(const QJsonValue& v, const QString& key) {
    if (!v.isObject()) throw BadField{key};
    return v.toObject();
}

QString bitsText(std::uint64_t bits) { return QStringLiteral("0x") + QString::number(bits, 16); }

std::uint64_t bitsOf(const QJsonValue& v, const QString& key) {
    bool ok = false;
    const QString s = v.toString();
    const std::uint64_t bits = s.startsWith(QLatin1String("0x")) ? s.mid(2).toULongLong(&ok, 16) : 0;
    if (!ok) throw BadField{key};
    return bits;
}

// Every k-th of `n` points and the last, at most TransformerRunJson::kMaxSavedPoints + 1.
template <class Write>
void decimated(std::size_t n, Write write) {
    const std::size_t limit = std::size_t(TransformerRunJson::kMaxSavedPoints);
    const std::size_t stride = n > limit ? (n + limit - 1) / limit : 1;
    for (std::size_t i = 0; i < n; ++i)
        if (i % stride == 0 || i + 1 == n) write(i);
}

FormatId formatIdOf(const QJsonValue& v, const QString& key) {
    const std::optional<Format> f = findFormat(v.toString().toStdString());
    if (!f) throw BadField{key};
    return f->id;
}

QString formatNameOf(FormatId id) {
    const Format* f = presetFormat(id);
    return f ? latin1(f->name()) : QString();
}

constexpr int kLayerValues = 5; // a LayerPoint's fields

QJsonObject overflowJson(const OverflowReport& r) {
    QJsonObject o;
    o.insert(QStringLiteral("pass"), latin1(passName(r.site.pass)));
    o.insert(QStringLiteral("layer"), r.site.layer);
    o.insert(QStringLiteral("tensor"), QString::fromStdString(r.site.tensor));
    o.insert(QStringLiteral("operation"), QString::fromStdString(r.operation));
    o.insert(QStringLiteral("element"), double(r.element));
    o.insert(QStringLiteral("format"), formatNameOf(r.format));
    QJsonArray operands;
    for (std::uint64_t bits : r.operands) operands.append(bitsText(bits));
    o.insert(QStringLiteral("operands"), operands);
    o.insert(QStringLiteral("result"), bitsText(r.result));
    o.insert(QStringLiteral("flags"), int(r.flags));
    o.insert(QStringLiteral("kind"), latin1(operationName(r.kind)));
    if (r.functionValue) o.insert(QStringLiteral("functionValue"), bitsText(*r.functionValue));
    return o;
}

OverflowReport overflowOf(const QJsonObject& o) {
    OverflowReport r;
    const QString pass = o.value(QStringLiteral("pass")).toString();
    if (pass != QLatin1String("forward") && pass != QLatin1String("backward")) throw BadField{QStringLiteral("pass")};
    r.site.pass = pass == QLatin1String("forward") ? Pass::Forward : Pass::Backward;
    r.site.layer = integerOf(o.value(QStringLiteral("layer")), QStringLiteral("layer"));
    r.site.tensor = o.value(QStringLiteral("tensor")).toString().toStdString();
    r.operation = o.value(QStringLiteral("operation")).toString().toStdString();
    const int element = integerOf(o.value(QStringLiteral("element")), QStringLiteral("element"));
    if (element < 0) throw BadField{QStringLiteral("element")};
    r.element = std::size_t(element);
    r.format = formatIdOf(o.value(QStringLiteral("format")), QStringLiteral("format"));
    for (const QJsonValue& v : arrayOf(o, QStringLiteral("operands")))
        r.operands.push_back(bitsOf(v, QStringLiteral("operands")));
    r.result = bitsOf(o.value(QStringLiteral("result")), QStringLiteral("result"));
    const int flags = integerOf(o.value(QStringLiteral("flags")), QStringLiteral("flags"));
    if (flags < 0 || flags > 0xff) throw BadField{QStringLiteral("flags")};
    r.flags = Flags(flags);
    const std::optional<Operation> kind = parseOperationName(o.value(QStringLiteral("kind")).toString().toStdString());
    if (!kind) throw BadField{QStringLiteral("kind")};
    r.kind = *kind;
    if (o.contains(QStringLiteral("functionValue")))
        r.functionValue = bitsOf(o.value(QStringLiteral("functionValue")), QStringLiteral("functionValue"));
    return r;
}

QJsonObject attentionJson(const AttentionExample& a) {
    QJsonObject o;
    o.insert(QStringLiteral("text"), QString::fromStdU32String(a.text));
    o.insert(QStringLiteral("layers"), a.layers);
    o.insert(QStringLiteral("heads"), a.heads);
    o.insert(QStringLiteral("length"), a.length);
    QJsonArray p;
    for (float v : a.probabilities) p.append(numberJson(double(v)));
    o.insert(QStringLiteral("probabilities"), p);
    return o;
}

AttentionExample attentionOf(const QJsonObject& o) {
    AttentionExample a;
    a.text = o.value(QStringLiteral("text")).toString().toStdU32String();
    a.layers = integerOf(o.value(QStringLiteral("layers")), QStringLiteral("attention"));
    a.heads = integerOf(o.value(QStringLiteral("heads")), QStringLiteral("attention"));
    a.length = integerOf(o.value(QStringLiteral("length")), QStringLiteral("attention"));
    for (const QJsonValue& v : arrayOf(o, QStringLiteral("probabilities")))
        a.probabilities.push_back(float(numberOf(v, QStringLiteral("attention"))));
    const long long expected = (long long)(a.layers) * a.heads * a.length * a.length;
    if (a.layers < 0 || a.heads < 0 || a.length < 0 || expected != (long long)(a.probabilities.size()) ||
        std::size_t(a.length) != a.text.size())
        throw BadField{QStringLiteral("attention")};
    return a;
}

// [layer, operation, backward, operands' format, accumulation, stored, FP8 recipe (0 none), tensor-core arch or ""]
QJsonArray traceJson(const std::vector<PrecisionTraceEntry>& trace) {
    QJsonArray out;
    for (const PrecisionTraceEntry& t : trace)
        out.append(QJsonArray{t.layer, latin1(transformerOpName(t.op)), t.backward, formatNameOf(t.format),
                              formatNameOf(t.accumulate), formatNameOf(t.output), int(t.fp8),
                              t.tensorCore ? latin1(tc::archName(*t.tensorCore)) : QString()});
    return out;
}

std::vector<PrecisionTraceEntry> traceOf(const QJsonArray& in) {
    const QString key = QStringLiteral("dtypeTrace");
    std::vector<PrecisionTraceEntry> trace;
    for (const QJsonValue& v : in) {
        const QJsonArray e = v.toArray();
        if (e.size() != 8 || !e[2].isBool()) throw BadField{key};
        PrecisionTraceEntry t;
        t.layer = integerOf(e[0], key);
        const std::optional<TransformerOp> op = parseTransformerOpName(e[1].toString().toStdString());
        if (!op) throw BadField{key};
        t.op = *op;
        t.backward = e[2].toBool();
        t.format = formatIdOf(e[3], key);
        t.accumulate = formatIdOf(e[4], key);
        t.output = formatIdOf(e[5], key);
        const int fp8 = integerOf(e[6], key);
        if (fp8 < 0 || fp8 > int(Fp8Recipe::Block)) throw BadField{key};
        t.fp8 = Fp8Recipe(fp8);
        if (!e[7].toString().isEmpty()) {
            t.tensorCore = tc::parseArch(e[7].toString().toStdString());
            if (!t.tensorCore) throw BadField{key};
        }
        trace.push_back(t);
    }
    return trace;
}

// [step, loss, scale, skipped, updates attempted, updates lost, then per block: max attention logit, saturated
// fraction, [outlier channels], residual RMS, update ratio]: what transformerCsvLine writes, each number exact.
QJsonArray csvRowsJson(const std::vector<TransformerCsvRow>& rows) {
    QJsonArray out;
    for (const TransformerCsvRow& r : rows) {
        QJsonArray row{r.step,    numberJson(double(r.loss)), numberJson(double(r.scale)),
                       r.skipped, double(r.updatesAttempted), double(r.updatesLost)};
        for (const TransformerCsvRow::Block& b : r.blocks) {
            QJsonArray outliers;
            for (int c : b.outlierChannels) outliers.append(c);
            for (const QJsonValue& v :
                 {numberJson(double(b.maxAttentionLogit)), numberJson(b.saturatedFraction), QJsonValue(outliers),
                  numberJson(double(b.residualRms)), numberJson(b.updateRatio)})
                row.append(v);
        }
        out.append(row);
    }
    return out;
}

std::int64_t countOf(const QJsonValue& v, const QString& key) {
    const double d = v.isDouble() ? v.toDouble() : -1;
    if (!(d >= 0 && d <= 9007199254740992.0) || d != std::floor(d)) throw BadField{key};
    return std::int64_t(d);
}

std::vector<TransformerCsvRow> csvRowsOf(const QJsonArray& in, int layers) {
    const QString key = QStringLiteral("csvRows");
    constexpr int kStepValues = 6;
    std::vector<TransformerCsvRow> rows;
    for (const QJsonValue& v : in) {
        const QJsonArray e = v.toArray();
        if (e.size() != kStepValues + qsizetype(layers) * kLayerValues || !e[3].isBool()) throw BadField{key};
        TransformerCsvRow& r = rows.emplace_back();
        r.step = integerOf(e[0], key);
        r.loss = float(numberOf(e[1], key));
        r.scale = float(numberOf(e[2], key));
        r.skipped = e[3].toBool();
        r.updatesAttempted = countOf(e[4], key);
        r.updatesLost = countOf(e[5], key);
        for (qsizetype b = kStepValues; b < e.size(); b += kLayerValues) {
            TransformerCsvRow::Block& block = r.blocks.emplace_back();
            block.maxAttentionLogit = float(numberOf(e[b], key));
            block.saturatedFraction = numberOf(e[b + 1], key);
            if (!e[b + 2].isArray()) throw BadField{key};
            for (const QJsonValue& c : e[b + 2].toArray()) block.outlierChannels.push_back(integerOf(c, key));
            block.residualRms = float(numberOf(e[b + 3], key));
            block.updateRatio = numberOf(e[b + 4], key);
        }
    }
    return rows;
}

} // namespace

QJsonObject TransformerRunJson::configToJson(const TransformerRunConfig& c) {
    QJsonObject out;
    out.insert(QStringLiteral("task"), latin1(transformerTaskName(c.task)));
    out.insert(QStringLiteral("textPath"), QString::fromStdString(c.textPath));
    out.insert(QStringLiteral("preset"), latin1(transformerPresetName(c.preset)));
    out.insert(QStringLiteral("overrides"), QString::fromStdString(c.overrides));
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

// Fields added since the first sessions (task, textPath, overrides) are read only when present.
void TransformerRunJson::readConfig(const QJsonObject& in, SessionReader& read, const TransformerSettings& settings,
                                    TransformerRunConfig& c) {
    const auto checked = [&read](const char* key, const SettingValue<int>& setting) -> std::optional<int> {
        const auto v = read.integer(QLatin1String(key), std::numeric_limits<int>::min(),
                                    std::numeric_limits<int>::max());
        if (v && !setting.isValid(*v)) {
            read.reject(QLatin1String(key), tr("a value the transformer's form accepts"), QString::number(*v));
            return std::nullopt;
        }
        return v;
    };
    if (in.contains(QStringLiteral("task")))
        if (const auto s = read.stringWhere(
                QStringLiteral("task"),
                [](const QString& name) { return parseTransformerTaskName(name.toStdString()).has_value(); },
                tr("addition or text")))
            c.task = *parseTransformerTaskName(s->toStdString());
    if (in.contains(QStringLiteral("textPath")))
        if (const auto s = read.string(QStringLiteral("textPath"))) c.textPath = s->toStdString();
    if (const auto s = read.stringWhere(
            QStringLiteral("preset"),
            [](const QString& name) { return parseTransformerPresetName(name.toStdString()).has_value(); },
            tr("a transformer preset")))
        c.preset = *parseTransformerPresetName(s->toStdString());
    if (in.contains(QStringLiteral("overrides")))
        if (const auto s = read.string(QStringLiteral("overrides"))) c.overrides = s->toStdString();
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
}

QJsonObject TransformerRunJson::runToJson(const QString& name, const TransformerRunRecord& r) {
    QJsonObject out;
    out.insert(QStringLiteral("name"), name);
    out.insert(QStringLiteral("config"), configToJson(r.config));
    out.insert(QStringLiteral("stepsDone"), r.stepsDone);
    out.insert(QStringLiteral("skippedSteps"), r.skippedSteps);
    out.insert(QStringLiteral("finished"), r.finished);
    QJsonArray loss;
    decimated(r.loss.size(), [&](std::size_t i) {
        loss.append(QJsonArray{r.loss[i].first, numberJson(r.loss[i].second)});
    });
    out.insert(QStringLiteral("loss"), loss);
    QJsonArray accuracy;
    decimated(r.accuracy.size(), [&](std::size_t i) {
        accuracy.append(QJsonArray{r.accuracy[i].first, numberJson(r.accuracy[i].second)});
    });
    out.insert(QStringLiteral("accuracy"), accuracy);
    QJsonArray layers; // [step, then each block's five values]
    decimated(r.layers.size(), [&](std::size_t i) {
        QJsonArray row{i < r.layerSteps.size() ? r.layerSteps[i] : int(i) + 1};
        for (const LayerPoint& p : r.layers[i])
            for (double v : {double(p.maxAttentionLogit), p.saturatedFraction, double(p.outlierChannels),
                             double(p.residualRms), p.updateRatio})
                row.append(numberJson(v));
        layers.append(row);
    });
    out.insert(QStringLiteral("layers"), layers);
    if (r.overflow) {
        QJsonObject overflow = overflowJson(*r.overflow);
        overflow.insert(QStringLiteral("step"), r.overflowStep);
        overflow.insert(QStringLiteral("skipped"), r.overflowSkipped);
        out.insert(QStringLiteral("overflow"), overflow);
    }
    out.insert(QStringLiteral("dtypeTrace"), traceJson(r.dtypeTrace));
    if (r.csvRows.size() <= std::size_t(kMaxSavedCsvRows))
        out.insert(QStringLiteral("csvRows"), csvRowsJson(r.csvRows));
    if (r.attention && r.attention->probabilities.size() <= std::size_t(kMaxSavedAttention))
        out.insert(QStringLiteral("attention"), attentionJson(*r.attention));
    return out;
}

std::optional<NamedTransformerRun> TransformerRunJson::readRun(const QJsonObject& in,
                                                               const TransformerSettings& settings,
                                                               const QString& sectionTitle, int number,
                                                               QStringList& problems) {
    NamedTransformerRun run;
    run.name = in.value(QStringLiteral("name")).toString();
    const auto leftOut = [&](const QString& field) {
        problems << tr("%1: kept transformer run %2 (“%3”) was left out: its “%4” cannot be read.")
                        .arg(sectionTitle)
                        .arg(number)
                        .arg(run.name.left(60), field);
        return std::nullopt;
    };
    if (run.name.isEmpty()) return leftOut(QStringLiteral("name"));
    TransformerRunRecord& r = run.record;
    try {
        const QJsonObject config = objectOf(in.value(QStringLiteral("config")), QStringLiteral("config"));
        SessionReader read(config, sectionTitle);
        readConfig(config, read, settings, r.config);
        if (!read.problems().isEmpty()) return leftOut(QStringLiteral("config"));
        r.stepsDone = integerOf(in.value(QStringLiteral("stepsDone")), QStringLiteral("stepsDone"));
        r.skippedSteps = integerOf(in.value(QStringLiteral("skippedSteps")), QStringLiteral("skippedSteps"));
        if (!in.value(QStringLiteral("finished")).isBool()) throw BadField{QStringLiteral("finished")};
        r.finished = in.value(QStringLiteral("finished")).toBool();
        for (const QJsonValue& v : arrayOf(in, QStringLiteral("loss"))) {
            const QJsonArray p = v.toArray();
            if (p.size() != 2) throw BadField{QStringLiteral("loss")};
            r.loss.emplace_back(integerOf(p[0], QStringLiteral("loss")), float(numberOf(p[1], QStringLiteral("loss"))));
        }
        for (const QJsonValue& v : arrayOf(in, QStringLiteral("accuracy"))) {
            const QJsonArray p = v.toArray();
            if (p.size() != 2) throw BadField{QStringLiteral("accuracy")};
            r.accuracy.emplace_back(integerOf(p[0], QStringLiteral("accuracy")),
                                    numberOf(p[1], QStringLiteral("accuracy")));
        }
        for (const QJsonValue& v : arrayOf(in, QStringLiteral("layers"))) {
            const QJsonArray row = v.toArray();
            if (row.isEmpty() || (row.size() - 1) % kLayerValues != 0) throw BadField{QStringLiteral("layers")};
            r.layerSteps.push_back(integerOf(row[0], QStringLiteral("layers")));
            std::vector<LayerPoint>& blocks = r.layers.emplace_back();
            for (qsizetype b = 1; b < row.size(); b += kLayerValues) {
                const auto at = [&](qsizetype k) { return numberOf(row[b + k], QStringLiteral("layers")); };
                blocks.push_back({float(at(0)), at(1), int(at(2)), float(at(3)), at(4)});
            }
        }
        if (in.contains(QStringLiteral("overflow"))) {
            const QJsonObject o = objectOf(in.value(QStringLiteral("overflow")), QStringLiteral("overflow"));
            r.overflow = overflowOf(o);
            r.overflowStep = integerOf(o.value(QStringLiteral("step")), QStringLiteral("overflow"));
            r.overflowSkipped = o.value(QStringLiteral("skipped")).toBool();
        }
        if (in.contains(QStringLiteral("dtypeTrace")))
            r.dtypeTrace = traceOf(arrayOf(in, QStringLiteral("dtypeTrace")));
        if (in.contains(QStringLiteral("csvRows")))
            r.csvRows = csvRowsOf(arrayOf(in, QStringLiteral("csvRows")), r.config.run.shape.layers);
        if (in.contains(QStringLiteral("attention")))
            r.attention = attentionOf(objectOf(in.value(QStringLiteral("attention")), QStringLiteral("attention")));
    } catch (const BadField& bad) {
        return leftOut(bad.key);
    }
    if (r.empty()) return leftOut(QStringLiteral("stepsDone"));
    return run;
}

} // namespace fplab::gui
