// The output of the `gpu` commands: key/value fields, then tables, then notes, printed as aligned
// text, CSV or JSON (through the lessons' JsonWriter), so each command builds its results once.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace fplab::cli {

enum class OutputFormat { Text, Csv, Json };

struct Cell {
    std::string text;
    bool numeric = false; // a JSON number when its text is one
};

struct Table {
    std::string name;
    std::vector<std::string> columns;
    std::vector<std::vector<Cell>> rows;
};

struct Report {
    std::vector<std::pair<std::string, Cell>> fields; // key: value lines before the tables
    std::vector<Table> tables;
    std::vector<std::string> notes; // text output only
};

Cell num(double v, const char* spec = "%.6g");
Cell num(std::int64_t v);
Cell txt(std::string s);
Cell hex32(std::uint64_t bits); // 0x%08X
Cell yesNo(bool b);

void printReport(const Report& r, OutputFormat format, std::ostream& out);

} // namespace fplab::cli
