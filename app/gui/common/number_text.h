// Turning core values into the text the app shows: decimals, flags, classes and rounding
// modes in the user's language, with numbers always written the C way (1.5e-05).
#pragma once

#include "core/classify.h"
#include "core/flags.h"
#include "core/format.h"
#include "core/rounding.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace fplab {
class DecimalValue;
}

namespace fplab::gui {

// The translation context for the free functions of the GUI.
class Text {
    Q_DECLARE_TR_FUNCTIONS(fplab::gui::Text)
};

inline QString qs(const std::string& s) { return QString::fromStdString(s); }

// The shortest decimal that reads back to the bits ("0.1", "6.104e-05"); a NaN with its sign and
// payload ("-nan(0x201)", core's nanText) here and in the other texts below.
QString shortDecimal(const Format& f, std::uint64_t bits);
// Every digit of the value.
QString exactDecimalText(const Format& f, std::uint64_t bits);
// What was stored, for tables: every digit when that is short (0.0999755859375), otherwise
// 10 significant digits (20 for wide formats) followed by "…".
QString storedText(const Format& f, std::uint64_t bits);
// What a value entry shows for an encoding: every digit when that is short, hex-float otherwise;
// "inf", "-inf", a NaN as valueSourceText writes it.
QString valueEntryText(const Format& f, std::uint64_t bits);
// The source text that reads back to exactly these bits: hex-float, "inf", "-inf"; a NaN as
// "-nan(0x201)" (sign and payload, the payload being this format's significand field).
QString valueSourceText(const Format& f, std::uint64_t bits);
// "-2.5e-02" written positionally when its exponent is between minExponent and 5: "-0.025".
QString positionalIfShort(const QString& scientific, int minExponent = -4);
// A double with `digits` significant digits, C locale: "2.441e-05", "65504".
QString approxText(double v, int digits = 4);
// An exact decimal rounded to `digits` significant digits, positional for exponents from
// minPositionalExponent to 5 ("0.025", "-2.441e-05"); "≈" marks a rounded one when asked.
QString decimalText(const DecimalValue& v, int digits, bool markRounded = false, int minPositionalExponent = -4);
// "2^-24 (5.96e-08)".
QString powerOfTwoText(int exponent);

// Translated flag names: "overflow, inexact", or "none".
QString flagsText(Flags flags);
// One sentence per raised flag, saying what it means.
QString flagsExplanation(Flags flags);
QString classText(FloatClass c);
// "nearest, ties to even" and friends, translated.
QString roundingText(RoundingMode mode);
// A sentence on what the mode does, for tooltips.
QString roundingToolTip(RoundingMode mode);

} // namespace fplab::gui
