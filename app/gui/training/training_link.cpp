// Reading a training link's keys with core's parsers for the names.
#include "app/gui/training/training_link.h"

#include "app/gui/common/number_text.h"
#include "core/training/datasets.h"
#include "core/training/precision_policy.h"

#include <cmath>

namespace fplab::gui {

using namespace fplab::training;

namespace {

// A power of two written 2^N or as its value.
std::optional<float> powerOfTwo(const QString& text) {
    bool ok = false;
    double v = 0;
    if (text.startsWith(QStringLiteral("2^"))) {
        const int exponent = text.mid(2).toInt(&ok);
        if (!ok || exponent < -126 || exponent > 127) return std::nullopt;
        v = std::ldexp(1.0, exponent);
    } else {
        v = text.toDouble(&ok);
        int e = 0;
        if (!ok || !(v > 0) || std::frexp(v, &e) != 0.5) return std::nullopt;
    }
    return float(v);
}

} // namespace

std::optional<TrainingConfig> trainingConfigFromLink(TrainingConfig c, const QUrlQuery& query, QString& error) {
    for (const auto& [key, value] : query.queryItems(QUrl::FullyDecoded)) {
        const std::string v = value.toStdString();
        bool ok = true;
        if (key == QLatin1String("dataset")) {
            const auto d = parseDatasetName(v);
            ok = d.has_value();
            if (ok) c.dataset = *d;
        } else if (key == QLatin1String("mode")) {
            const auto m = parseModeName(v);
            ok = m.has_value();
            if (ok) c.mode = *m;
        } else if (key == QLatin1String("steps")) {
            c.steps = value.toInt(&ok);
        } else if (key == QLatin1String("seed")) {
            c.seed = value.toULongLong(&ok);
        } else if (key == QLatin1String("lr")) {
            c.optimizer.learningRate = value.toFloat(&ok);
        } else if (key == QLatin1String("master-weights")) {
            ok = value == QLatin1String("true") || value == QLatin1String("false");
            c.masterWeights = value == QLatin1String("true");
        } else if (key == QLatin1String("scale") || key == QLatin1String("init-scale")) {
            const std::optional<float> s = powerOfTwo(value);
            ok = s.has_value();
            if (ok) (key == QLatin1String("scale") ? c.staticScale : c.scaler.initScale) = *s;
        } else {
            error = Text::tr("unknown key '%1'").arg(key);
            return std::nullopt;
        }
        if (!ok) {
            error = Text::tr("'%1' is not a valid %2").arg(value, key);
            return std::nullopt;
        }
    }
    if (const std::string problem = checkConfig(c); !problem.empty()) {
        error = QString::fromStdString(problem);
        return std::nullopt;
    }
    return c;
}

} // namespace fplab::gui
