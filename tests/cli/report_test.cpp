// The gpu commands' report printer: the same fields and tables as aligned text, CSV and JSON
// (JSON through the lessons' JsonWriter: one line per table row, numbers as printed).
#include "app/cli/report.h"

#include <gtest/gtest.h>

#include <sstream>

namespace fplab::cli::test {
namespace {

Report sample() {
    Report r;
    r.fields = {{"device", txt("H100 \"SXM\"")}, {"m", num(std::int64_t(16))}, {"ms", num(0.125)}};
    r.tables.push_back({"pairs",
                        {"lhs", "ulps", "bits"},
                        {{txt("a,b"), num(1.5), hex32(0x3c00)}, {txt("c"), num(1e300 * 1e300), yesNo(true)}}});
    r.tables.push_back({"empty", {"x"}, {}});
    r.notes = {"a note"};
    return r;
}

std::string print(OutputFormat format) {
    std::ostringstream out;
    printReport(sample(), format, out);
    return out.str();
}

TEST(Report, Text) {
    EXPECT_EQ(print(OutputFormat::Text), "device: H100 \"SXM\"\n"
                                         "m: 16\n"
                                         "ms: 0.125\n"
                                         "\n"
                                         "pairs\n"
                                         "  lhs ulps bits\n"
                                         "  a,b 1.5  0x00003C00\n"
                                         "  c   inf  yes\n"
                                         "\n"
                                         "empty\n"
                                         "  x\n"
                                         "\n"
                                         "a note\n");
}

TEST(Report, Csv) {
    EXPECT_EQ(print(OutputFormat::Csv), "# device: H100 \"SXM\"\n"
                                        "# m: 16\n"
                                        "# ms: 0.125\n"
                                        "# pairs\n"
                                        "lhs,ulps,bits\n"
                                        "\"a,b\",1.5,0x00003C00\n"
                                        "c,inf,yes\n"
                                        "\n"
                                        "# empty\n"
                                        "x\n");
}

TEST(Report, JsonHasOneLinePerRowAndNumbersAsPrinted) {
    EXPECT_EQ(print(OutputFormat::Json), "{\n"
                                         "  \"device\": \"H100 \\\"SXM\\\"\",\n"
                                         "  \"m\": 16,\n"
                                         "  \"ms\": 0.125,\n"
                                         "  \"pairs\": [\n"
                                         "    {\"lhs\": \"a,b\", \"ulps\": 1.5, \"bits\": \"0x00003C00\"},\n"
                                         "    {\"lhs\": \"c\", \"ulps\": \"inf\", \"bits\": \"yes\"}\n"
                                         "  ],\n"
                                         "  \"empty\": []\n"
                                         "}\n");
}

} // namespace
} // namespace fplab::cli::test
