// Text for values, flags and modes.
#include "app/gui/common/number_text.h"

#include "core/classify.h"
#include "core/text/decimal_value.h"
#include "core/text/literal.h"
#include "core/text/print.h"

#include <cmath>
#include <cstdio>

namespace fplab::gui {

// A NaN keeps its sign and payload in every view, so two NaNs that differ never look the same.
QString shortDecimal(const Format& f, std::uint64_t bits) {
    return qs(isNan(classify(f, bits)) ? nanText(f, bits) : shortestDecimal(f, bits));
}

QString exactDecimalText(const Format& f, std::uint64_t bits) {
    return qs(isNan(classify(f, bits)) ? nanText(f, bits) : exactDecimal(f, bits));
}

QString valueSourceText(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    if (isNan(c)) return qs(nanText(f, bits));
    if (c == FloatClass::Infinity) return signOf(f, bits) ? QStringLiteral("-inf") : QStringLiteral("inf");
    return qs(hexFloat(f, bits));
}

QString valueEntryText(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    if (!isFinite(c)) return valueSourceText(f, bits);
    const QString exact = exactDecimalText(f, bits);
    return exact.size() <= 40 ? exact : qs(hexFloat(f, bits));
}

QString approxText(double v, int digits) {
    if (std::isnan(v)) return QStringLiteral("nan");
    if (std::isinf(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return QString::fromLatin1(buf);
}

QString positionalIfShort(const QString& scientific, int minExponent) {
    // "-2.5e-02" -> "-0.025"; exponents outside minExponent..5 stay scientific.
    const int e = scientific.indexOf(QLatin1Char('e'));
    if (e < 0) return scientific;
    const int exponent = scientific.mid(e + 1).toInt();
    if (exponent < minExponent || exponent > 5) return scientific;
    QString mantissa = scientific.left(e);
    const bool negative = mantissa.startsWith(QLatin1Char('-'));
    if (negative) mantissa.remove(0, 1);
    QString digits = mantissa;
    digits.remove(QLatin1Char('.'));
    QString out;
    if (exponent < 0) out = QStringLiteral("0.") + QString(-exponent - 1, QLatin1Char('0')) + digits;
    else if (digits.size() <= exponent + 1) out = digits + QString(exponent + 1 - digits.size(), QLatin1Char('0'));
    else out = digits.left(exponent + 1) + QLatin1Char('.') + digits.mid(exponent + 1);
    return negative ? QLatin1Char('-') + out : out;
}

QString decimalText(const DecimalValue& v, int digits, bool markRounded, int minPositionalExponent) {
    bool rounded = false;
    const QString s = positionalIfShort(qs(v.scientific(std::size_t(digits), &rounded)), minPositionalExponent);
    return (rounded || v.isApproximate()) && markRounded ? QStringLiteral("≈") + s : s;
}

QString storedText(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    if (!isFinite(c)) return shortDecimal(f, bits);
    const QString exact = exactDecimalText(f, bits);
    if (exact.size() <= 20) return exact;
    // Enough digits to show how the value differs from a short decimal; "…" says more follow.
    const std::optional<DecimalValue> v = exactValueOf(f, bits);
    if (!v) return shortDecimal(f, bits);
    return decimalText(*v, f.precision() > 24 ? 20 : 10, false, -5) + QStringLiteral("…");
}

QString powerOfTwoText(int exponent) {
    return QStringLiteral("2^%1 (%2)").arg(exponent).arg(approxText(std::ldexp(1.0, exponent), 4));
}

QString flagsText(Flags flags) {
    QStringList names;
    if (flags & kInvalid) names << Text::tr("invalid");
    if (flags & kDivideByZero) names << Text::tr("divide-by-zero");
    if (flags & kOverflow) names << Text::tr("overflow");
    if (flags & kUnderflow) names << Text::tr("underflow");
    if (flags & kInexact) names << Text::tr("inexact");
    return names.isEmpty() ? Text::tr("none") : names.join(QStringLiteral(", "));
}

QString flagsExplanation(Flags flags) {
    QStringList lines;
    if (flags & kInvalid)
        lines << Text::tr(
            "Invalid: the operation has no meaningful result (0/0, inf - inf, sqrt of a negative), so it gives NaN.");
    if (flags & kDivideByZero)
        lines << Text::tr("Divide-by-zero: a finite number divided by zero gives an exact infinity.");
    if (flags & kOverflow)
        lines << Text::tr("Overflow: the rounded result is larger than the largest finite value of the format.");
    if (flags & kUnderflow)
        lines << Text::tr("Underflow: the result is tiny (below the smallest normal) and inexact, so precision was "
                          "lost in the subnormal range.");
    if (flags & kInexact)
        lines << Text::tr("Inexact: the exact result needed more bits than the format has, so it was rounded.");
    if (lines.isEmpty()) lines << Text::tr("No flag: the result is exact.");
    return lines.join(QLatin1Char('\n'));
}

QString classText(FloatClass c) {
    switch (c) {
    case FloatClass::Zero: return Text::tr("zero");
    case FloatClass::Subnormal: return Text::tr("subnormal");
    case FloatClass::Normal: return Text::tr("normal");
    case FloatClass::Infinity: return Text::tr("infinity");
    case FloatClass::QuietNaN: return Text::tr("quiet NaN");
    case FloatClass::SignalingNaN: return Text::tr("signalling NaN");
    }
    return {};
}

QString roundingText(RoundingMode mode) {
    switch (mode) {
    case RoundingMode::NearestEven: return Text::tr("nearest, ties to even");
    case RoundingMode::NearestAway: return Text::tr("nearest, ties away from zero");
    case RoundingMode::TowardZero: return Text::tr("toward zero");
    case RoundingMode::TowardPositive: return Text::tr("toward +infinity");
    case RoundingMode::TowardNegative: return Text::tr("toward -infinity");
    case RoundingMode::ToOdd: return Text::tr("to odd");
    case RoundingMode::Stochastic: return Text::tr("stochastic");
    }
    return {};
}

QString roundingToolTip(RoundingMode mode) {
    switch (mode) {
    case RoundingMode::NearestEven:
        return Text::tr(
            "The IEEE default and what GPUs use: the nearest value; a tie goes to the one whose last bit is 0.");
    case RoundingMode::NearestAway:
        return Text::tr(
            "The nearest value; a tie goes away from zero (like rounding 2.5 to 3). __float_to_tf32 does this.");
    case RoundingMode::TowardZero:
        return Text::tr("Drop the extra bits (truncate). Tensor cores truncate some products this way.");
    case RoundingMode::TowardPositive:
        return Text::tr("Always round up, toward +infinity (interval arithmetic's upper bound).");
    case RoundingMode::TowardNegative:
        return Text::tr("Always round down, toward -infinity (interval arithmetic's lower bound).");
    case RoundingMode::ToOdd:
        return Text::tr("Truncate, then set the last bit if anything was dropped: avoids double-rounding errors when "
                        "rounding again later.");
    case RoundingMode::Stochastic:
        return Text::tr("Round up with probability equal to the dropped fraction of an ulp: unbiased on average, so "
                        "tiny updates are not always lost.");
    }
    return {};
}

} // namespace fplab::gui
