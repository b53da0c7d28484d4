// Small pieces the experiment files share: declaring parameters, naming formats,
// table cells from encodings, and thinning long series for charts.
#pragma once

#include "core/format.h"
#include "lessons/experiment_registry.h"
#include "lessons/experiment_result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab::lessons::experiments {

ParamSpec numberParam(std::string name, std::string defaultValue, LocalText help);
ParamSpec formatParam(std::string name, std::string defaultValue, LocalText help);
ParamSpec formatListParam(std::string name, std::string defaultValue, LocalText help, bool allowIntegers = false);
ParamSpec numberListParam(std::string name, std::string defaultValue, LocalText help);
ParamSpec integerParam(std::string name, std::string defaultValue, std::int64_t minimum, std::int64_t maximum,
                       LocalText help);
ParamSpec booleanParam(std::string name, std::string defaultValue, LocalText help);
ParamSpec choiceParam(std::string name, std::string defaultValue, std::vector<std::string> choices, LocalText help);
ParamSpec roundingParam(std::string name, std::string defaultValue, LocalText help, bool allowStochastic = false);

// The values of a number-list parameter rounded into `format`, as encodings; throws ExperimentError
// naming the parameter when one is not a number.
std::vector<std::uint64_t> numberListBits(const ParamValues& params, const char* name, const Format& format);

// "FP16", "BF16", "E4M3", "E5M10-NOSUB": how the lessons write a format's name.
std::string displayName(const Format& f);
// A cell showing a value of the format (floatText: exact, or shortened and marked), which keeps the value.
TableCell valueCell(const Format& f, std::uint64_t bits);
// 2^k written as a decimal plus "(2^k)".
LocalText powerOfTwoCell(const Format& f, std::uint64_t bits);
// The value of an encoding as a double (exact for every preset).
double valueOf(const Format& f, std::uint64_t bits);
// The encoding of 2^k in f (k must be in range).
std::uint64_t powerOfTwo(const Format& f, int k);
// The encoding of a double in f, rounded to nearest-even.
std::uint64_t fromDouble(const Format& f, double value);
// The same format with subnormals flushed to zero.
Format flushToZero(const Format& f);

// Collects at most about `maxPoints` points of a long run (every k-th, always the last).
class SeriesSampler {
public:
    SeriesSampler(std::int64_t total, std::int64_t maxPoints = 1000);
    bool wants(std::int64_t index) const; // index counts from 1
private:
    std::int64_t m_total;
    std::int64_t m_stride;
};

void addPoint(Series& s, double x, double y);

// The list `name` of K values (products summed per cell), each a whole number between 1 and 16384.
std::vector<int> kValuesParam(const ParamValues& params, const char* name);

// The chart "error" of a GEMM error experiment: a mean error (on a log scale) against K, the number of
// products summed per cell, one series per way of summing.
Chart errorAgainstKChart(LocalText title, LocalText yLabel, std::vector<Series> series);

} // namespace fplab::lessons::experiments
