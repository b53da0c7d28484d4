// A small streaming JSON writer (objects, arrays, strings with escapes, numbers), enough
// for the `--json` output of fplab-cli; arrays of numbers, and objects asked for so, stay on one line.
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <string_view>
#include <vector>

namespace fplab::lessons {

class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out) : m_out(out) {}

    void beginObject();
    // An object written on one line, members separated by ", " (a table row); what it holds is on that line too.
    void beginObjectOnOneLine();
    void endObject();
    void beginArray();
    void endArray();
    void key(std::string_view name);

    void value(std::string_view text);
    void value(const char* text) { value(std::string_view(text)); }
    void value(std::int64_t number);
    void value(int number) { value(std::int64_t(number)); }
    void value(double number); // Python-repr digits; NaN and infinities become null
    void value(bool flag);
    void rawNumber(std::string_view formatted); // a number already formatted by the caller (printf digits)
    void null();
    void numbers(std::span<const double> values); // an array on one line

    template <typename T>
    void field(std::string_view name, const T& v) {
        key(name);
        value(v);
    }

    static std::string escape(std::string_view text);

private:
    void beforeValue();
    void beforeMember(); // the comma and line break (or space) before an array element or object key
    void newline();
    void push(bool object);

    struct Level {
        bool object = false;
        int count = 0;
        bool oneLine = false;
    };
    std::ostream& m_out;
    std::vector<Level> m_stack;
    bool m_afterKey = false;
};

} // namespace fplab::lessons
