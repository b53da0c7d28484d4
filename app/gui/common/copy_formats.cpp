// Writing a value as literals. The value is exactly representable in the format, so a
// hex-float literal converted to the format gives back the same bits.
#include "app/gui/common/copy_formats.h"

#include "app/gui/common/number_text.h"
#include "core/classify.h"
#include "core/text/print.h"

#include <QRegularExpression>

namespace fplab::gui {

namespace {

QString shellWord(const QString& s) {
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9._+^=-]+$"));
    // "-0.5" needs no quotes: fplab-cli reads a leading '-' followed by a digit as a value.
    if (safe.match(s).hasMatch()) return s;
    QString quoted = s;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString cLiteral(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    const bool neg = signOf(f, bits);
    const QString name = QString::fromLatin1(f.name().data(), qsizetype(f.name().size()));
    if (isNan(c)) return QStringLiteral("NAN /* %1 bits %2 */").arg(name, qs(hexBits(f, bits)));
    const QString hex = c == FloatClass::Infinity ? (neg ? QStringLiteral("-INFINITY") : QStringLiteral("INFINITY"))
                                                  : qs(hexFloat(f, bits));
    switch (f.id) {
    case FormatId::Fp64: return hex;
    case FormatId::Fp32: return c == FloatClass::Infinity ? hex : hex + QLatin1Char('f');
    case FormatId::Fp16: return QStringLiteral("(_Float16)") + hex;
    case FormatId::Bf16: return QStringLiteral("(__bf16)") + hex;
    case FormatId::Tf32:
        return (c == FloatClass::Infinity ? hex : hex + QLatin1Char('f')) +
               QStringLiteral(" /* tf32: an FP32 whose low 13 mantissa bits are zero */");
    default: return QStringLiteral("%1 /* %2 bits %3 */").arg(hex, name, qs(hexBits(f, bits)));
    }
}

QString pythonLiteral(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    QString value;
    if (isNan(c)) value = QStringLiteral("float('nan')");
    else if (c == FloatClass::Infinity)
        value = signOf(f, bits) ? QStringLiteral("float('-inf')") : QStringLiteral("float('inf')");
    else value = QStringLiteral("float.fromhex('%1')").arg(qs(hexFloat(f, bits)));
    const auto torch = [&](const char* dtype) {
        return QStringLiteral("torch.tensor(%1, dtype=torch.%2)").arg(value, QLatin1String(dtype));
    };
    switch (f.id) {
    case FormatId::Fp64: return value;
    case FormatId::Fp32: return QStringLiteral("numpy.float32(%1)").arg(value);
    case FormatId::Fp16: return QStringLiteral("numpy.float16(%1)").arg(value);
    case FormatId::Bf16: return torch("bfloat16");
    case FormatId::E4m3: return torch("float8_e4m3fn");
    case FormatId::E5m2: return torch("float8_e5m2");
    case FormatId::E4m3Fnuz: return torch("float8_e4m3fnuz");
    case FormatId::E5m2Fnuz: return torch("float8_e5m2fnuz");
    default:
        return QStringLiteral("%1  # %2 bits %3")
            .arg(value, QString::fromLatin1(f.name().data(), qsizetype(f.name().size())), qs(hexBits(f, bits)));
    }
}

} // namespace

QString copyText(CopyKind kind, const CopySource& s) {
    switch (kind) {
    case CopyKind::Hex: return qs(hexBits(s.format, s.bits));
    case CopyKind::Binary: return QStringLiteral("0b") + qs(bitString(s.format, s.bits, '\0'));
    case CopyKind::CLiteral: return cLiteral(s.format, s.bits);
    case CopyKind::PythonLiteral: return pythonLiteral(s.format, s.bits);
    case CopyKind::CliCommand: {
        // fplab-cli refuses stochastic rounding (not reproducible): give it the bits instead.
        const bool useTyped = !s.typed.trimmed().isEmpty() && s.rounding != RoundingMode::Stochastic;
        QString cmd = QStringLiteral("fplab-cli show %1 --format %2")
                          .arg(shellWord(useTyped ? s.typed.trimmed() : qs(hexBits(s.format, s.bits))),
                               shellWord(s.formatName));
        if (useTyped && s.rounding != RoundingMode::NearestEven)
            cmd += QStringLiteral(" --rounding ") + QString::fromLatin1(roundingName(s.rounding).data());
        return cmd;
    }
    }
    return {};
}

} // namespace fplab::gui
