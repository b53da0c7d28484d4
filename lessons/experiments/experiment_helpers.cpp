// Shared helpers of the experiment files.
#include "lessons/experiments/experiment_helpers.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/values.h"
#include "lessons/experiment_params.h"
#include "lessons/value_text.h"

#include <bit>
#include <cctype>
#include <cmath>
#include <optional>

namespace fplab::lessons::experiments {

namespace {
ParamSpec make(std::string name, ParamKind kind, std::string defaultValue, LocalText help) {
    ParamSpec p;
    p.name = std::move(name);
    p.kind = kind;
    p.defaultValue = std::move(defaultValue);
    p.help = std::move(help);
    return p;
}
} // namespace

ParamSpec numberParam(std::string name, std::string defaultValue, LocalText help) {
    return make(std::move(name), ParamKind::Number, std::move(defaultValue), std::move(help));
}

ParamSpec formatParam(std::string name, std::string defaultValue, LocalText help) {
    return make(std::move(name), ParamKind::Format, std::move(defaultValue), std::move(help));
}

ParamSpec formatListParam(std::string name, std::string defaultValue, LocalText help, bool allowIntegers) {
    ParamSpec p = make(std::move(name), ParamKind::FormatList, std::move(defaultValue), std::move(help));
    p.allowIntegerFormats = allowIntegers;
    p.minimum = 1;
    p.maximum = 16;
    return p;
}

ParamSpec numberListParam(std::string name, std::string defaultValue, LocalText help) {
    ParamSpec p = make(std::move(name), ParamKind::NumberList, std::move(defaultValue), std::move(help));
    p.minimum = 1;
    p.maximum = 32;
    return p;
}

ParamSpec integerParam(std::string name, std::string defaultValue, std::int64_t minimum, std::int64_t maximum,
                       LocalText help) {
    ParamSpec p = make(std::move(name), ParamKind::Integer, std::move(defaultValue), std::move(help));
    p.minimum = minimum;
    p.maximum = maximum;
    return p;
}

ParamSpec booleanParam(std::string name, std::string defaultValue, LocalText help) {
    return make(std::move(name), ParamKind::Boolean, std::move(defaultValue), std::move(help));
}

ParamSpec choiceParam(std::string name, std::string defaultValue, std::vector<std::string> choices, LocalText help) {
    ParamSpec p = make(std::move(name), ParamKind::Choice, std::move(defaultValue), std::move(help));
    p.choices = std::move(choices);
    return p;
}

ParamSpec roundingParam(std::string name, std::string defaultValue, LocalText help, bool allowStochastic) {
    ParamSpec p = make(std::move(name), ParamKind::Rounding, std::move(defaultValue), std::move(help));
    for (RoundingMode m : kAllRoundingModes)
        if (allowStochastic || m != RoundingMode::Stochastic) p.choices.emplace_back(roundingName(m));
    return p;
}

std::vector<std::uint64_t> numberListBits(const ParamValues& params, const char* name, const Format& format) {
    std::vector<std::uint64_t> bits;
    for (const std::string& v : params.list(name)) {
        std::string error;
        const std::optional<Result> r = parseNumberParam(v, format, error);
        if (!r) throw ExperimentError(std::string(name) + ": " + error);
        bits.push_back(r->bits);
    }
    return bits;
}

std::string displayName(const Format& f) {
    std::string out;
    for (char c : f.name()) out += char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

double valueOf(const Format& f, std::uint64_t bits) { return toDouble(f, bits); }

TableCell valueCell(const Format& f, std::uint64_t bits) {
    TableCell cell(floatText(f, bits));
    cell.value = CellValue{f, bits};
    return cell;
}

LocalText powerOfTwoCell(const Format& f, std::uint64_t bits) {
    const double v = valueOf(f, bits);
    int e = 0;
    const double m = std::frexp(v, &e);
    std::string text = floatText(f, bits);
    if (m == 0.5) text += " (2^" + std::to_string(e - 1) + ")";
    return LocalText(text);
}

std::uint64_t fromDouble(const Format& f, double value) {
    return convert(kFp64, std::bit_cast<std::uint64_t>(value), f).bits;
}

std::uint64_t powerOfTwo(const Format& f, int k) { return fromDouble(f, std::ldexp(1.0, k)); }

Format flushToZero(const Format& f) {
    Format g = f;
    g.subnormals = false;
    g.id = FormatId::Custom;
    std::string name = std::string(f.name()) + "-ftz";
    g.nameStorage = {};
    for (std::size_t i = 0; i < name.size() && i + 1 < g.nameStorage.size(); ++i) g.nameStorage[i] = name[i];
    return g;
}

SeriesSampler::SeriesSampler(std::int64_t total, std::int64_t maxPoints)
    : m_total(total), m_stride(total <= maxPoints ? 1 : (total + maxPoints - 1) / maxPoints) {}

bool SeriesSampler::wants(std::int64_t index) const { return index % m_stride == 0 || index == m_total || index == 1; }

void addPoint(Series& s, double x, double y) {
    s.x.push_back(x);
    s.y.push_back(y);
}

std::vector<int> kValuesParam(const ParamValues& params, const char* name) {
    std::vector<int> ks;
    for (const std::string& text : params.list(name)) {
        std::string error;
        const std::optional<std::int64_t> k = parseIntegerParam(text, error);
        if (!k || *k < 1 || *k > 16384)
            throw ExperimentError(std::string(name) + ": '" + text + "' must be a whole number between 1 and 16384");
        ks.push_back(int(*k));
    }
    return ks;
}

Chart errorAgainstKChart(LocalText title, LocalText yLabel, std::vector<Series> series) {
    Chart chart;
    chart.key = "error";
    chart.title = std::move(title);
    chart.xLabel = {"K (products summed per cell)", "K（每个元素累加的乘积数）"};
    chart.yLabel = std::move(yLabel);
    chart.yScale = AxisScale::Log2;
    chart.series = std::move(series);
    return chart;
}

} // namespace fplab::lessons::experiments
