// Number printing: pythonRepr against what Python 3's repr() printed for the same doubles
// (given here as hex-floats, the exact input), and the JSON writer's escaping.
#include "core/format.h"
#include "lessons/experiment_registry.h"
#include "lessons/experiments/block_special_text.h"
#include "lessons/json_writer.h"
#include "lessons/result_json.h"
#include "lessons/result_text.h"
#include "lessons/value_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
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

// An FP32 value (a loss) with the digits the float needs, never the 17 of its double: the expected strings are
// what numpy prints for the float32 (`python3 -c "import numpy; print(repr(float(str(numpy.float32(x)))))"`
// agrees, and std::strtof reads each back to the same float below).
TEST(Float32Text, ShortestDigitsOfTheFloat) {
    const std::pair<float, const char*> cases[] = {
        {0x1.62e43p-1f, "0.6931472"}, // pythonRepr(double) gives 0.6931471824645996
        {0x1.99999ap-4f, "0.1"},      {0x1p+16f, "65536.0"},
        {0x1p-24f, "5.9604645e-08"},  {0x1.fffffep+127f, "3.4028235e+38"},
        {-0x1.8p+1f, "-3.0"},         {0x1.47ae14p-7f, "0.01"},
    };
    for (const auto& [value, expected] : cases) {
        EXPECT_EQ(float32Text(value), expected) << std::hexfloat << value;
        EXPECT_EQ(std::strtof(expected, nullptr), value) << expected;
    }
    EXPECT_EQ(pythonRepr(double(0x1.62e43p-1f)), "0.6931471824645996");
}

TEST(MeasuredText, FourSignificantDigits) {
    EXPECT_EQ(measuredText(0.12345678901234567), "0.1235");
    EXPECT_EQ(measuredText(3.0517578125e-05), "3.052e-05");
    EXPECT_EQ(measuredText(123456.789), "1.235e+05"); // not 123500.0: no digits that were not measured
    EXPECT_EQ(measuredText(20000.0), "20000.0");      // a whole number keeps every digit
    EXPECT_EQ(measuredText(0.5), "0.5");
    EXPECT_EQ(measuredText(1.0 / 3.0, 6), "0.333333");
    EXPECT_EQ(measuredText(-0.0), "-0.0");
}

// Lessons' texts show a NaN of a format with its sign and payload (core's nanText), as every other view does.
TEST(FloatText, NanKeepsSignAndPayload) {
    EXPECT_EQ(floatText(kFp16, 0xfe01), "-nan(0x201)");
    EXPECT_EQ(floatText(kFp16, 0x7e00), "nan");
    EXPECT_EQ(floatText(kFp32, 0x7f800001), "nan(0x1)");
    EXPECT_EQ(floatText(kFp32, 0xffc00000), "-nan");
    EXPECT_EQ(pythonRepr(-NAN), "nan"); // a plain double has no format: Python's word
}

// Lesson 9's training table and quantities: losses and accuracies as FP32 values, never 17 digits, in the
// text `fplab-cli lesson run` prints; the JSON's "real" keeps the whole double.
TEST(LessonResultText, NoSeventeenDigitLosses) {
    const ExperimentOutcome o = runExperiment("loss_scaling_runs", {{"steps", "20"}});
    ASSERT_TRUE(o.result) << o.error;
    const Quantity* loss = o.result->find("loss_fp32");
    ASSERT_NE(loss, nullptr);
    const float asFloat = float(loss->real);
    EXPECT_EQ(double(asFloat), loss->real);
    EXPECT_EQ(quantityText(*loss, Language::English), float32Text(asFloat));
    EXPECT_EQ(std::strtof(quantityText(*loss, Language::English).c_str(), nullptr), asFloat);
    std::ostringstream text;
    writeResultText(text, *o.result, Language::English);
    EXPECT_EQ(text.str().find(pythonRepr(loss->real)), std::string::npos) << text.str();
    EXPECT_NE(text.str().find(float32Text(asFloat)), std::string::npos) << text.str();
    // No number with 16 or more significant digits anywhere in the text.
    const std::string t = text.str();
    std::size_t run = 0;
    for (char c : t) {
        run = (c >= '0' && c <= '9') ? run + 1 : (c == '.' ? run : 0);
        EXPECT_LT(run, 16u) << t;
        if (run >= 16) break;
    }
    std::ostringstream json;
    JsonWriter w(json);
    writeQuantityJson(w, *loss, Language::English);
    EXPECT_NE(json.str().find("\"real\": " + pythonRepr(loss->real)), std::string::npos) << json.str();
}

// Every special case of a tensor-core block has words in both languages the app ships.
TEST(BlockSpecialText, EveryValueInBothLanguages) {
    EXPECT_TRUE(blockSpecialText(tc::BlockSpecial::None).en.empty());
    for (const tc::BlockSpecial s : tc::kAllBlockSpecials) {
        const LocalText t = blockSpecialText(s);
        EXPECT_FALSE(t.en.empty()) << int(s);
        EXPECT_FALSE(t.zh.empty()) << int(s);
        EXPECT_NE(t.en, t.zh) << int(s);
    }
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
    EXPECT_EQ(out.str(),
              "{\n  \"text\": \"a\\\"b\\\\c\\n\\u0001 中文\",\n  \"numbers\": [1.0, 0.5, null],\n  \"empty\": []\n}\n");
}

} // namespace
} // namespace fplab::lessons
