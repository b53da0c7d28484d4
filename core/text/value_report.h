// One value in one format, every field `fplab-cli show` prints, as text: the CLI prints the report,
// the Python module (fplab.show) returns it as an object. Also the small value texts the CLI's
// traces share with it.
#pragma once

#include "core/flags.h"
#include "core/format.h"
#include "core/rounding.h"
#include "core/text/literal.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab {

// The value for a person: the exact decimal when it has at most 30 characters, else "~" and the
// shortest decimal that reads back to the same bits ("448", "~0.30000000000000004").
std::string valueText(const Format& f, std::uint64_t bits);
// "+1.0000000000 x 2^0", "+0.01 x 2^-14" for subnormals, "+inf", "NaN", "+0".
std::string binaryScientific(const Format& f, std::uint64_t bits);
// "x (inexact)", "- (none)"
std::string describeFlags(Flags flags);
// The bits of `value` from bit `high` down to bit `low`, as '0'/'1'.
std::string bitRange(std::uint64_t value, int high, int low);
// printf of one double ("%+.7g"), "0" for zero.
std::string formatDouble(const char* spec, double v);

struct ValueReport {
    std::string format;   // "fp16"
    std::string input;    // as typed: "0.1"
    std::string rounding; // "rne"
    std::uint64_t bits = 0;
    Flags flags = 0;
    std::string bitText; // "0 01011 1001100110": sign, exponent and mantissa separated by spaces
    std::string fields;  // "sign 0 (+)   exponent 01011 = 11 (bias 15)   mantissa ..."
    std::string hex;     // "0x2e66", with TF32's FP32 container after it
    std::string valueClass;
    std::string value; // "+1.1001100110 x 2^-4"
    std::string exact;
    std::string shortest;
    std::string hexFloat;
    std::string ulp;    // "2^-14 = 6.103515625e-05" or "none (not a finite value)"
    std::string nextUp; // "0x2e67 = 0.10003662109375"
    std::string nextDown;
    std::vector<std::string> error; // one or two lines: "stored - typed = ...", "relative ..., ... ulp"
    std::string flagText;           // "x (inexact)"
};

ValueReport valueReport(const Format& f, const Literal& literal, const Env& env);
// The report as `fplab-cli show VALUE --format F` prints it, ending in a newline.
std::string valueReportText(const ValueReport& r);

} // namespace fplab
