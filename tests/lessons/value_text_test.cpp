// Number printing: pythonRepr against what Python 3's repr() printed for the same doubles
// (given here as hex-floats, the exact input), and the JSON writer's escaping.
#include "lessons/json_writer.h"
#include "lessons/value_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace fplab::lessons {
namespace {

TEST(PythonRepr, MatchesPython) {
    // Pairs printed by: python3 -c "print(repr(v.hex()), repr(repr(v)))".
    const std::pair<double, const char*> cases[] = {
        {0x1.999999999999ap-4, "0.1"},
        {0x1.4f8b588e368f1p-17, "1e-05"},
        {0x1.a36e2eb1c432dp-14, "0.0001"},
        {0x1.ffc0000000000p+15, "65504.0"},
        {0x1.0000000000000p+16, "65536.0"},
        {0x1.1c37937e08000p+53, "1e+16"},
        {0x1.c6bf526340000p+49, "1000000000000000.0"},
        {0x1.b69b4ba630f35p+56, "1.2345678901234568e+17"},
        {0x1.fe00000000000p+127, "3.3895313892515355e+38"},
        {0x1.0000000000000p-24, "5.960464477539063e-08"},
        {-0x1.4000000000000p+1, "-2.5"},
        {0.0, "0.0"},
        {-0.0, "-0.0"},
        {0x1.e6b3430000000p+8, "486.7002410888672"},
        {0x1.1eb2d66005835p+997, "1.5e+300"},
        {0x0.0000000000001p-1022, "5e-324"},
        {0x0.0000000000003p-1022, "1.5e-323"},
        {0x1.01f31f46ed246p-13, "0.000123"},
        {0x1.34a456d5cfaadp+10, "1234.5678"},
        {0x1.0000000000000p+53, "9007199254740992.0"},
        {INFINITY, "inf"},
        {-INFINITY, "-inf"},
    };
    for (const auto& [value, expected] : cases) EXPECT_EQ(pythonRepr(value), expected) << std::hexfloat << value;
    EXPECT_EQ(pythonRepr(NAN), "nan");
}

TEST(JsonWriter, EscapesAndNests) {
    std::ostringstream out;
    JsonWriter json(out);
    json.beginObject();
    json.field("text", std::string("a\"b\\c\n\x01 中文"));
    json.key("numbers");
    const double values[] = {1.0, 0.5, INFINITY};
    json.numbers(values);
    json.key("empty");
    json.beginArray();
    json.endArray();
    json.endObject();
    EXPECT_EQ(out.str(), "{\n  \"text\": \"a\\\"b\\\\c\\n\\u0001 中文\",\n  \"numbers\": [1.0, 0.5, null],\n  \"empty\": []\n}\n");
}

} // namespace
} // namespace fplab::lessons
