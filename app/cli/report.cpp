// Text tables padded to their widest cell, CSV with quoted fields, JSON with one line per table row.
#include "app/cli/report.h"

#include "lessons/json_writer.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace fplab::cli {
namespace {

void jsonCell(lessons::JsonWriter& json, const Cell& c) {
    if (c.numeric && !c.text.empty() && c.text.find_first_not_of("0123456789+-.eE") == std::string::npos)
        json.rawNumber(c.text);
    else json.value(c.text);
}

void printJson(const Report& r, std::ostream& out) {
    lessons::JsonWriter json(out);
    json.beginObject();
    for (const auto& [k, v] : r.fields) {
        json.key(k);
        jsonCell(json, v);
    }
    for (const auto& t : r.tables) {
        json.key(t.name);
        json.beginArray();
        for (const auto& row : t.rows) {
            json.beginObjectOnOneLine();
            for (std::size_t c = 0; c < t.columns.size(); ++c) {
                json.key(t.columns[c]);
                jsonCell(json, row[c]);
            }
            json.endObject();
        }
        json.endArray();
    }
    json.endObject();
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

void printCsv(const Report& r, std::ostream& out) {
    for (const auto& [k, v] : r.fields) out << "# " << k << ": " << v.text << "\n";
    for (std::size_t ti = 0; ti < r.tables.size(); ++ti) {
        const auto& t = r.tables[ti];
        if (ti) out << "\n";
        if (r.tables.size() > 1) out << "# " << t.name << "\n";
        for (std::size_t c = 0; c < t.columns.size(); ++c) out << (c ? "," : "") << csvField(t.columns[c]);
        out << "\n";
        for (const auto& row : t.rows) {
            for (std::size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << csvField(row[c].text);
            out << "\n";
        }
    }
}

void printText(const Report& r, std::ostream& out) {
    for (const auto& [k, v] : r.fields) out << k << ": " << v.text << "\n";
    for (const auto& t : r.tables) {
        out << "\n" << t.name << "\n";
        std::vector<std::size_t> width(t.columns.size());
        for (std::size_t c = 0; c < t.columns.size(); ++c) width[c] = t.columns[c].size();
        for (const auto& row : t.rows)
            for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].text.size());
        auto line = [&](auto get) {
            std::string s = " ";
            for (std::size_t c = 0; c < t.columns.size(); ++c) {
                std::string cell = get(c);
                s += " " + cell + std::string(width[c] - cell.size(), ' ');
            }
            while (!s.empty() && s.back() == ' ') s.pop_back();
            out << s << "\n";
        };
        line([&](std::size_t c) { return t.columns[c]; });
        for (const auto& row : t.rows) line([&](std::size_t c) { return row[c].text; });
    }
    for (const auto& n : r.notes) out << "\n" << n << "\n";
}

} // namespace

Cell num(double v, const char* spec) {
    char buf[64];
    std::snprintf(buf, sizeof buf, spec, v);
    return {buf, true};
}
Cell num(std::int64_t v) { return {std::to_string(v), true}; }
Cell txt(std::string s) { return {std::move(s), false}; }
Cell hex32(std::uint64_t bits) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08llX", static_cast<unsigned long long>(bits));
    return {buf, false};
}
Cell yesNo(bool b) { return {b ? "yes" : "no", false}; }

void printReport(const Report& r, OutputFormat format, std::ostream& out) {
    switch (format) {
    case OutputFormat::Json: printJson(r, out); return;
    case OutputFormat::Csv: printCsv(r, out); return;
    case OutputFormat::Text: printText(r, out); return;
    }
}

} // namespace fplab::cli
