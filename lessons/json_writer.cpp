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

void JsonWriter::beforeMember() {
    Level& level = m_stack.back();
    const bool first = level.count++ == 0;
    if (level.oneLine) {
        if (!first) m_out << ", ";
        return;
    }
    if (!first) m_out << ',';
    newline();
}

void JsonWriter::beforeValue() {
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_stack.empty()) beforeMember();
}

void JsonWriter::push(bool object) {
    const bool oneLine = !m_stack.empty() && m_stack.back().oneLine;
    m_stack.push_back({object, 0, oneLine});
}

void JsonWriter::beginObject() {
    beforeValue();
    m_out << '{';
    push(true);
}

void JsonWriter::beginObjectOnOneLine() {
    beginObject();
    m_stack.back().oneLine = true;
}

void JsonWriter::endObject() {
    const Level level = m_stack.back();
    m_stack.pop_back();
    if (level.count > 0 && !level.oneLine) newline();
    m_out << '}';
    if (m_stack.empty()) m_out << '\n';
}

void JsonWriter::beginArray() {
    beforeValue();
    m_out << '[';
    push(false);
}

void JsonWriter::endArray() {
    const Level level = m_stack.back();
    m_stack.pop_back();
    if (level.count > 0 && !level.oneLine) newline();
    m_out << ']';
    if (m_stack.empty()) m_out << '\n';
}

void JsonWriter::key(std::string_view name) {
    beforeMember();
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
    if (std::isfinite(number)) m_out << pythonRepr(number);
    else m_out << "null";
}

void JsonWriter::value(bool flag) {
    beforeValue();
    m_out << (flag ? "true" : "false");
}

void JsonWriter::rawNumber(std::string_view formatted) {
    beforeValue();
    m_out << formatted;
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
        if (std::isfinite(values[i])) m_out << pythonRepr(values[i]);
        else m_out << "null";
    }
    m_out << ']';
}

} // namespace fplab::lessons
