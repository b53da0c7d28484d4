// The JSON writer.
#include "lessons/json_writer.h"

#include "lessons/value_text.h"

#include <cmath>
#include <cstdio>

namespace fplab::lessons {

std::string JsonWriter::escape(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
                out += buffer;
            } else {
                out += c; // UTF-8 passes through
            }
        }
    }
    return out + "\"";
}

void JsonWriter::newline() {
    m_out << '\n';
    for (std::size_t i = 0; i < m_stack.size(); ++i) m_out << "  ";
}

void JsonWriter::beforeValue() {
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_stack.empty()) {
        if (m_stack.back().count++ > 0) m_out << ',';
        newline();
    }
}

void JsonWriter::beginObject() {
    beforeValue();
    m_out << '{';
    m_stack.push_back({true, 0});
}

void JsonWriter::endObject() {
    const bool empty = m_stack.back().count == 0;
    m_stack.pop_back();
    if (!empty) newline();
    m_out << '}';
    if (m_stack.empty()) m_out << '\n';
}

void JsonWriter::beginArray() {
    beforeValue();
    m_out << '[';
    m_stack.push_back({false, 0});
}

void JsonWriter::endArray() {
    const bool empty = m_stack.back().count == 0;
    m_stack.pop_back();
    if (!empty) newline();
    m_out << ']';
    if (m_stack.empty()) m_out << '\n';
}

void JsonWriter::key(std::string_view name) {
    if (m_stack.back().count++ > 0) m_out << ',';
    newline();
    m_out << escape(name) << ": ";
    m_afterKey = true;
}

void JsonWriter::value(std::string_view text) {
    beforeValue();
    m_out << escape(text);
}

void JsonWriter::value(std::int64_t number) {
    beforeValue();
    m_out << number;
}

void JsonWriter::value(double number) {
    beforeValue();
    if (std::isfinite(number))
        m_out << pythonRepr(number);
    else
        m_out << "null";
}

void JsonWriter::value(bool flag) {
    beforeValue();
    m_out << (flag ? "true" : "false");
}

void JsonWriter::null() {
    beforeValue();
    m_out << "null";
}

void JsonWriter::numbers(std::span<const double> values) {
    beforeValue();
    m_out << '[';
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) m_out << ", ";
        if (std::isfinite(values[i]))
            m_out << pythonRepr(values[i]);
        else
            m_out << "null";
    }
    m_out << ']';
}

} // namespace fplab::lessons
