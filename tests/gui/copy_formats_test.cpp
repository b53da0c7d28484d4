// The Copy menu's texts. The literals are checked against the host's reading of them.
#include "app/gui/common/copy_formats.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>

namespace fplab::gui {
namespace {

CopySource source(const Format& f, const QString& name, std::uint64_t bits, const QString& typed = {}) {
    return CopySource{f, name, bits, typed, RoundingMode::NearestEven};
}

TEST(CopyFormatsTest, HexAndBinary) {
    EXPECT_EQ(copyText(CopyKind::Hex, source(kFp16, QStringLiteral("fp16"), 0x2e66)), QStringLiteral("0x2e66"));
    EXPECT_EQ(copyText(CopyKind::Binary, source(kFp16, QStringLiteral("fp16"), 0x2e66)),
              QStringLiteral("0b0010111001100110"));
    EXPECT_EQ(copyText(CopyKind::Binary, source(kE4m3, QStringLiteral("e4m3"), 0x1d)), QStringLiteral("0b00011101"));
}

TEST(CopyFormatsTest, CLiteralsReadBackToTheSameValue) {
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(0.1);
    const QString c = copyText(CopyKind::CLiteral, source(kFp64, QStringLiteral("fp64"), bits));
    EXPECT_EQ(std::bit_cast<std::uint64_t>(std::strtod(c.toLatin1().constData(), nullptr)), bits) << c.toStdString();
    const QString f = copyText(CopyKind::CLiteral,
                               source(kFp32, QStringLiteral("fp32"), std::bit_cast<std::uint32_t>(0.1f)));
    EXPECT_TRUE(f.endsWith(QLatin1Char('f')));
    EXPECT_EQ(std::strtof(f.toLatin1().constData(), nullptr), 0.1f) << f.toStdString();
    const QString h = copyText(CopyKind::CLiteral, source(kFp16, QStringLiteral("fp16"), 0x2e66));
    EXPECT_TRUE(h.startsWith(QStringLiteral("(_Float16)")));
    const double v = std::strtod(h.mid(10).toLatin1().constData(), nullptr);
    EXPECT_EQ(std::bit_cast<std::uint16_t>(static_cast<_Float16>(v)), 0x2e66u);
    EXPECT_EQ(copyText(CopyKind::CLiteral, source(kFp32, QStringLiteral("fp32"), 0x7f800000)),
              QStringLiteral("INFINITY"));
}

TEST(CopyFormatsTest, PythonLiteralsNameTheirDtype) {
    EXPECT_EQ(copyText(CopyKind::PythonLiteral, source(kFp16, QStringLiteral("fp16"), 0x3c00)),
              QStringLiteral("numpy.float16(float.fromhex('0x1p+0'))"));
    EXPECT_TRUE(copyText(CopyKind::PythonLiteral, source(kBf16, QStringLiteral("bf16"), 0x3f80))
                    .contains(QStringLiteral("torch.bfloat16")));
    EXPECT_TRUE(copyText(CopyKind::PythonLiteral, source(kE4m3, QStringLiteral("e4m3"), 0x38))
                    .contains(QStringLiteral("torch.float8_e4m3fn")));
    EXPECT_EQ(copyText(CopyKind::PythonLiteral, source(kFp64, QStringLiteral("fp64"), 0x7ff8000000000000)),
              QStringLiteral("float('nan')"));
}

TEST(CopyFormatsTest, CliCommandRepeatsTheInput) {
    EXPECT_EQ(copyText(CopyKind::CliCommand, source(kFp16, QStringLiteral("fp16"), 0x2e66, QStringLiteral("0.1"))),
              QStringLiteral("fplab-cli show 0.1 --format fp16"));
    // A value set from its bits is passed as raw bits.
    EXPECT_EQ(copyText(CopyKind::CliCommand, source(kFp16, QStringLiteral("fp16"), 0x2e66)),
              QStringLiteral("fplab-cli show 0x2e66 --format fp16"));
    CopySource s = source(kBf16, QStringLiteral("bf16"), 0x3dcc, QStringLiteral("1/10 it's"));
    s.rounding = RoundingMode::TowardZero;
    EXPECT_EQ(copyText(CopyKind::CliCommand, s),
              QStringLiteral("fplab-cli show '1/10 it'\\''s' --format bf16 --rounding rtz"));
}

} // namespace
} // namespace fplab::gui
