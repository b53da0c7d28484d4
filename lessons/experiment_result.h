// What an experiment returns: named quantities (floats keep their format and bits),
// tables, chart series and number lines, with labels in both languages.
// The CLI prints them and the app renders them; neither computes anything itself.
#pragma once

#include "core/flags.h"
#include "core/format.h"
#include "core/integer.h"
#include "lessons/local_text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fplab::lessons {

enum class QuantityKind : std::uint8_t {
    Float,   // a value in a float format: format + bits (+ the flags of the operation that made it)
    Integer, // a value in an integer format (INT8...): its bits
    Count,   // a plain whole number: a step index, a number of bytes
    Real,    // a double computed outside the formats (a ratio, MiB); printed as its RealStyle says
    Text,    // a word: "yes", "stalled"
};

// How a Real is written for people (JSON and the :exact view always carry the full double).
enum class RealStyle : std::uint8_t {
    Python,      // Python's repr: every digit the double needs (exact counts, MiB, thresholds)
    Float32,     // an FP32 value (a loss, an accuracy): the shortest digits that read back to the same float
    Measurement, // an average or an error estimate: 4 significant digits
};

struct Quantity {
    std::string key; // stable name for {{id.key}}, JSON and tests
    LocalText label;
    QuantityKind kind = QuantityKind::Text;
    Format format{};            // Float
    IntFormat intFormat{};      // Integer
    std::uint64_t bits = 0;     // Float, Integer
    std::optional<Flags> flags; // Float/Integer made by an operation
    std::int64_t count = 0;     // Count
    double real = 0;            // Real
    RealStyle realStyle = RealStyle::Python;
    LocalText text; // Text
    LocalText note; // optional remark shown after the value
};

// A value of a format that a table cell shows (valueCell makes such cells): the front ends check the text against
// it and give every digit of a shortened one (floatText marks those with kShortenedMark).
struct CellValue {
    Format format{};
    std::uint64_t bits = 0;
};

struct TableCell : LocalText {
    using LocalText::LocalText;
    TableCell(LocalText text) : LocalText(std::move(text)) {}
    std::optional<CellValue> value; // set when the cell shows one value of a format, nothing else
};

struct ResultTable {
    std::string key;
    LocalText title;
    std::vector<LocalText> columns;
    std::vector<std::vector<TableCell>> rows;
};

struct Series {
    std::string key;
    LocalText label;
    std::vector<double> x;
    std::vector<double> y;
};

enum class AxisScale : std::uint8_t { Linear, Log2 };

struct Chart {
    std::string key;
    LocalText title;
    LocalText xLabel;
    LocalText yLabel;
    AxisScale yScale = AxisScale::Linear; // Log2: y holds values, plot their log2 (all positive)
    std::vector<Series> series;
};

enum class MarkKind : std::uint8_t { Grid, Input, Result };

struct Mark {
    double position = 0;
    LocalText label;
    MarkKind kind = MarkKind::Grid;
};

// Points on one axis: representable values (grid), the exact input, and results (e.g. of each rounding mode).
struct NumberLine {
    std::string key;
    LocalText title;
    std::vector<Mark> marks;
};

struct ExperimentResult {
    std::vector<Quantity> quantities;
    std::vector<ResultTable> tables;
    std::vector<Chart> charts;
    std::vector<NumberLine> numberLines;
    std::vector<LocalText> notes;

    const Quantity* find(std::string_view key) const;
};

// Builders that keep the experiment code short.
Quantity floatQuantity(std::string key, LocalText label, const Format& f, std::uint64_t bits,
                       std::optional<Flags> flags = std::nullopt);
Quantity intQuantity(std::string key, LocalText label, const IntFormat& f, std::uint64_t bits,
                     std::optional<Flags> flags = std::nullopt);
Quantity countQuantity(std::string key, LocalText label, std::int64_t count);
Quantity realQuantity(std::string key, LocalText label, double value, RealStyle style = RealStyle::Python);
Quantity textQuantity(std::string key, LocalText label, LocalText text);

} // namespace fplab::lessons
