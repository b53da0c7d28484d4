// Printing: examples from the specifications, the layout rules, every printer read back by
// parseValue for every preset, and shortestDecimal against the host's std::to_chars (Ryu).
#include "text_test_util.h"

#include "core/classify.h"
#include "core/text/parse.h"
#include "core/text/print.h"

#include <gtest/gtest.h>

#include <charconv>
#include <cstdio>
#include <cstring>
#include <random>

namespace fplab::texttest {
namespace {

std::uint64_t bitsOf(double d) {
    std::uint64_t b;
    std::memcpy(&b, &d, sizeof b);
    return b;
}
std::uint64_t bitsOf(float x) {
    std::uint32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

TEST(Print, ExactDecimalExamples) {
    EXPECT_EQ(exactDecimal(kFp64, bitsOf(0.1)), "0.1000000000000000055511151231257827021181583404541015625");
    EXPECT_EQ(exactDecimal(kFp16, 0x7bff), "65504");
    EXPECT_EQ(exactDecimal(kFp16, 0x0001), "0.000000059604644775390625");
    EXPECT_EQ(exactDecimal(kFp16, 0x8000), "-0");
    EXPECT_EQ(exactDecimal(kFp16, 0x7c00), "inf");
    EXPECT_EQ(exactDecimal(kFp16, 0xfc00), "-inf");
    EXPECT_EQ(exactDecimal(kFp16, 0x7e01), "nan");
    EXPECT_EQ(exactDecimal(kE4m3, 0x7e), "448");
    EXPECT_EQ(exactDecimal(kE8m0, 0x00), // 2^-127 = 5^127 / 10^127
              "0." + std::string(38, '0') +
                  "58774717541114375398436826861112283890933277838604376075437585313920862972736358642578125");
    EXPECT_EQ(exactDecimal(kFp32, bitsOf(3.4028234663852886e38f)), "340282346638528859811704183484516925440");
    // FP64's smallest subnormal, 2^-1074: 1074 decimals, 751 of them significant.
    const std::string tiny = exactDecimal(kFp64, 1);
    EXPECT_EQ(tiny.size(), 1076u);
    EXPECT_EQ(tiny.substr(0, 2 + 323 + 8), "0." + std::string(323, '0') + "49406564");
    EXPECT_EQ(tiny.substr(tiny.size() - 6), "265625");
}

TEST(Print, NanTextShowsSignAndPayload) {
    EXPECT_EQ(nanText(kFp16, 0xfe01), "-nan(0x201)"); // issue 15's reproduction
    EXPECT_EQ(nanText(kFp16, 0x7e00), "nan");         // the canonical quiet NaN
    EXPECT_EQ(nanText(kFp16, 0xfe00), "-nan");
    EXPECT_EQ(nanText(kFp16, 0x7c01), "nan(0x1)"); // signalling
    EXPECT_EQ(nanText(kFp32, 0x7fc00001), "nan(0x400001)");
    EXPECT_EQ(nanText(kE4m3, 0xff), "-nan");
    EXPECT_EQ(nanText(kE4m3Fnuz, 0x80), "nan");
}

// Every FP16 and BF16 NaN reads back to its own bits; the payload digits against the C library's %llx.
TEST(Print, EveryNanReadsBack) {
    for (const Format* f : {&kFp16, &kBf16}) {
        for (std::uint64_t bits = 0; bits <= f->bitMask(); ++bits) {
            if (!isNan(classify(*f, bits))) continue;
            const std::string text = nanText(*f, bits);
            const ParseOutcome back = parseValue(text, *f);
            ASSERT_TRUE(back.ok()) << text << ": " << back.error;
            ASSERT_EQ(back.value->bits, bits) << text;
            const unsigned long long field = bits & f->mantissaMask();
            char payload[32];
            std::snprintf(payload, sizeof payload, "(0x%llx)", field);
            const bool canonical = field == (1ull << (f->mantissaBits - 1));
            ASSERT_EQ(text, std::string(bits >> (f->totalBits() - 1) ? "-" : "") + "nan" + (canonical ? "" : payload));
        }
    }
}

TEST(Print, ShortestDecimalExamplesAndLayout) {
    EXPECT_EQ(shortestDecimal(kFp64, bitsOf(0.1)), "0.1");
    EXPECT_EQ(shortestDecimal(kFp16, 0x03ff), "6.1e-05"); // largest subnormal
    EXPECT_EQ(shortestDecimal(kFp32, bitsOf(1e38f)), "1e+38");
    EXPECT_EQ(shortestDecimal(kFp32, bitsOf(3.4028234663852886e38f)), "3.4028235e+38");
    EXPECT_EQ(shortestDecimal(kFp64, 1), "5e-324");
    EXPECT_EQ(shortestDecimal(kFp64, bitsOf(1e16)), "1e+16");
    EXPECT_EQ(shortestDecimal(kFp64, bitsOf(1e15)), "1000000000000000");
    EXPECT_EQ(shortestDecimal(kFp64, bitsOf(123456.0)), "123456");
    EXPECT_EQ(shortestDecimal(kFp64, bitsOf(0.0001)), "0.0001");
    EXPECT_EQ(shortestDecimal(kFp64, bitsOf(0.00001)), "1e-05");
    EXPECT_EQ(shortestDecimal(kFp64, bitsOf(-1.5)), "-1.5");
    EXPECT_EQ(shortestDecimal(kFp16, 0x7bff), "65500"); // 65504 needs five digits, 65500 reads back
    EXPECT_EQ(shortestDecimal(kFp16, 0x3c00), "1");
    EXPECT_EQ(shortestDecimal(kFp16, 0x8000), "-0");
    EXPECT_EQ(shortestDecimal(kFp16, 0xfc00), "-inf");
    EXPECT_EQ(shortestDecimal(kFp16, 0x7e00), "nan");
    EXPECT_EQ(shortestDecimal(kE2m1, 0x7), "6"); // 7 would saturate to 6, but only with overflow
    EXPECT_EQ(shortestDecimal(kE3m2, 0x1f), "28");
    EXPECT_EQ(shortestDecimal(kE8m0, 0x89), "1000"); // 2^10 = 1024: [768, 1536) holds 1000
    EXPECT_EQ(shortestDecimal(kE8m0, 0x7f), "1");
    EXPECT_EQ(shortestDecimal(kBf16, 0x3dcd), "0.1");
}

TEST(Print, HexFloatExamples) {
    EXPECT_EQ(hexFloat(kFp32, bitsOf(0.1f)), "0x1.99999ap-4");
    EXPECT_EQ(hexFloat(kFp64, bitsOf(0.1)), "0x1.999999999999ap-4");
    EXPECT_EQ(hexFloat(kFp16, 0x8000), "-0x0p+0");
    EXPECT_EQ(hexFloat(kFp16, 0x0001), "0x0.004p-14");
    EXPECT_EQ(hexFloat(kFp16, 0x3c00), "0x1p+0");
    EXPECT_EQ(hexFloat(kFp16, 0x7bff), "0x1.ffcp+15");
    EXPECT_EQ(hexFloat(kFp16, 0xfc00), "-inf");
    EXPECT_EQ(hexFloat(kE4m3, 0x7e), "0x1.cp+8");
    EXPECT_EQ(hexFloat(kE4m3, 0x7f), "nan");
    EXPECT_EQ(hexFloat(kE2m1, 0x1), "0x0.8p+0");
    EXPECT_EQ(hexFloat(kE8m0, 0x00), "0x1p-127");
    EXPECT_EQ(hexFloat(kE8m0, 0xfe), "0x1p+127");
}

TEST(Print, BitStringAndHexBitsExamples) {
    EXPECT_EQ(bitString(kFp16, 0x3c00), "0_01111_0000000000");
    EXPECT_EQ(bitString(kFp16, 0x3c00, '\0'), "0011110000000000");
    EXPECT_EQ(bitString(kFp16, 0x3c00, '.'), "0.01111.0000000000");
    EXPECT_EQ(bitString(kBf16, 0x3f80), "0_01111111_0000000");
    EXPECT_EQ(bitString(kE8m0, 0x7f), "01111111"); // no sign field, no mantissa field
    EXPECT_EQ(bitString(kE2m1, 0x7), "0_11_1");
    EXPECT_EQ(bitString(kTf32, 0x1fc00), "0_01111111_0000000000");
    EXPECT_EQ(hexBits(kFp16, 0x3c00), "0x3c00");
    EXPECT_EQ(hexBits(kTf32, 0x1fc00), "0x1fc00");
    EXPECT_EQ(hexBits(kE4m3, 0x38), "0x38");
    EXPECT_EQ(hexBits(kE2m3, 0x08), "0x08");
    EXPECT_EQ(hexBits(kE2m1, 0x2), "0x2");
    EXPECT_EQ(hexBits(kFp64, 0x3ff0000000000000), "0x3ff0000000000000");
    EXPECT_EQ(hexBits(kFp32, 1), "0x00000001");
}

// Encodings to read back: all of them for formats up to 16 bits, a sample otherwise.
std::vector<std::uint64_t> encodingsOf(const Format& f, std::mt19937_64& rng, int sample) {
    std::vector<std::uint64_t> out;
    if (f.totalBits() <= 16) {
        for (std::uint64_t b = 0; b <= f.bitMask(); ++b) out.push_back(b);
        return out;
    }
    for (std::uint64_t b : {std::uint64_t{0}, std::uint64_t{1}, f.signMask(), f.bitMask(), maxFiniteBits(f),
                            minNormalBits(f), minNormalBits(f) - 1})
        out.push_back(b & f.bitMask());
    for (int i = 0; i < sample; ++i) out.push_back(rng() & f.bitMask());
    return out;
}

TEST(Print, EveryPrinterReadsBackInEveryFormat) {
    std::mt19937_64 rng(3);
    for (const Format& f : sweepFormats()) {
        int failures = 0;
        const int sample = f.exponentBits >= 12 ? 300 : 3000;
        for (const std::uint64_t b : encodingsOf(f, rng, sample)) {
            auto expectReads = [&](const std::string& text, std::uint64_t want, bool exact) {
                const ParseOutcome r = parseValue(text, f);
                const bool good = r.ok() && r.value->bits == want && (!exact || r.value->flags == 0);
                if (!good && ++failures <= 5)
                    ADD_FAILURE() << f.name() << " " << hexBits(f, b) << ": '" << shorten(text) << "' read back as "
                                  << (r.ok() ? describe(f, r.value->bits, r.value->flags) : r.error);
            };
            expectReads(hexBits(f, b), b, true);
            expectReads("0b" + bitString(f, b), b, true);
            const FloatClass c = classify(f, b);
            if (isNan(c)) continue;
            // A zero-valued encoding (exponent 0 without subnormals) reads back as the canonical zero.
            const std::uint64_t canonical = c == FloatClass::Zero
                                                ? (b & f.signMask() & (f.hasNegativeZero() ? ~0ull : 0))
                                                : b;
            expectReads(hexFloat(f, b), canonical, true);
            expectReads(exactDecimal(f, b), canonical, true);
            expectReads(shortestDecimal(f, b), canonical, false);
        }
        EXPECT_EQ(failures, 0) << f.name();
    }
}

// libstdc++'s std::to_chars is Ryu: shortest, and the closest of the shortest. Compare digits and exponent.
struct Digits {
    std::string digits;
    int exponent = 0; // of the leading digit
    bool negative = false;
};
Digits normalise(const std::string& s) {
    Digits d;
    std::size_t i = 0;
    if (s[i] == '-') {
        d.negative = true;
        ++i;
    }
    int pointAt = -1, count = 0;
    for (; i < s.size() && s[i] != 'e'; ++i) {
        if (s[i] == '.') {
            pointAt = count;
            continue;
        }
        d.digits += s[i];
        ++count;
    }
    if (pointAt < 0) pointAt = count;
    const int exp = i < s.size() ? std::stoi(s.substr(i + 1)) : 0;
    const std::size_t first = d.digits.find_first_not_of('0');
    d.exponent = exp + pointAt - 1 - int(first);
    d.digits = d.digits.substr(first);
    d.digits.erase(d.digits.find_last_not_of('0') + 1);
    return d;
}

template <class T>
void compareWithToChars(const Format& f, std::uint64_t bits, int& failures) {
    T value;
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value) || value == 0) return;
    char buf[64];
    const auto end = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific).ptr;
    const std::string host(buf, end), mine = shortestDecimal(f, bits);
    const Digits a = normalise(host), b = normalise(mine);
    if ((a.digits != b.digits || a.exponent != b.exponent || a.negative != b.negative) && ++failures <= 5)
        ADD_FAILURE() << f.name() << " " << hexBits(f, bits) << ": to_chars " << host << ", shortestDecimal " << mine;
}

TEST(Print, ShortestDecimalMatchesToCharsForFp32AndFp64) {
    std::mt19937_64 rng(17);
    int failures = 0;
    for (int i = 0; i < 40000; ++i) {
        std::uint32_t b = std::uint32_t(rng());
        if (i % 5 == 0) b &= 0x807fffffu;         // subnormals
        if (i % 7 == 0) b = std::uint32_t(i / 7); // the smallest ones
        compareWithToChars<float>(kFp32, b, failures);
    }
    for (int i = 0; i < 8000; ++i) {
        std::uint64_t b = rng();
        if (i % 5 == 0) b &= 0x800fffffffffffffull;
        if (i % 11 == 0) b = bitsOf(double(std::uniform_int_distribution<int>(1, 100000)(rng)) / 1000.0);
        compareWithToChars<double>(kFp64, b, failures);
    }
    EXPECT_EQ(failures, 0);
}

} // namespace
} // namespace fplab::texttest
