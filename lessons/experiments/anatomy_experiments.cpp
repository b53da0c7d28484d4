// Lesson 1 (anatomy of a float): one value taken apart field by field, and the
// formats of deep learning side by side (widths, bias, the value's encoding in each).
#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/integer.h"
#include "core/text/print.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <bit>
#include <cmath>

namespace fplab::lessons {

using namespace experiments;

namespace {

std::string bitsSlice(std::uint64_t bits, int from, int width) {
    std::string out;
    for (int i = from + width - 1; i >= from; --i) out += ((bits >> i) & 1) ? '1' : '0';
    return out;
}

LocalText classText(FloatClass c) {
    switch (c) {
    case FloatClass::Zero: return {"zero", "零"};
    case FloatClass::Subnormal: return {"subnormal", "次正规数"};
    case FloatClass::Normal: return {"normal", "正规数"};
    case FloatClass::Infinity: return {"infinity", "无穷大"};
    case FloatClass::QuietNaN: return {"quiet NaN", "静默 NaN"};
    case FloatClass::SignalingNaN: return {"signalling NaN", "信号 NaN"};
    }
    return {};
}

// The significand 1.m (or 0.m) as an exact decimal: it has at most 53 bits, so a double holds it.
std::string significandText(const Format& f, std::uint64_t bits) {
    const std::uint64_t m = mantissaFieldOf(f, bits);
    const bool normal = classify(f, bits) == FloatClass::Normal;
    const double sig = std::ldexp(double(m), -f.mantissaBits) + (normal ? 1.0 : 0.0);
    return exactDecimal(kFp64, std::bit_cast<std::uint64_t>(sig));
}

ExperimentResult formatFields(const ParamValues& params) {
    const Format f = params.format("format");
    const Result r = params.number("value", f);
    const std::uint64_t b = r.bits;
    const FloatClass cls = classify(f, b);
    const int E = f.exponentBits, M = f.mantissaBits, S = f.hasSign ? 1 : 0;
    const int expField = exponentFieldOf(f, b);

    ExperimentResult out;
    out.quantities.push_back(floatQuantity("stored", {"Stored value", "存储的值"}, f, b, r.flags));
    out.quantities.push_back(countQuantity("total_bits", {"Total bits", "总位数"}, f.totalBits()));
    out.quantities.push_back(countQuantity("sign_bits", {"Sign bits", "符号位数"}, S));
    out.quantities.push_back(countQuantity("exponent_bits", {"Exponent bits", "指数位数"}, E));
    out.quantities.push_back(countQuantity("mantissa_bits", {"Mantissa (fraction) bits", "尾数（小数）位数"}, M));
    out.quantities.push_back(countQuantity("bias", {"Exponent bias", "指数偏置"}, f.bias));
    out.quantities.push_back(countQuantity("sign", {"Sign field", "符号字段"}, signOf(f, b) ? 1 : 0));
    out.quantities.push_back(countQuantity("exponent_field", {"Exponent field", "指数字段"}, expField));
    out.quantities.push_back(
        countQuantity("mantissa_field", {"Mantissa field", "尾数字段"}, std::int64_t(mantissaFieldOf(f, b))));
    out.quantities.push_back(textQuantity("class", {"Class", "类别"}, classText(cls)));
    if (cls == FloatClass::Normal || cls == FloatClass::Subnormal) {
        // Subnormals use the exponent of the smallest normal with a leading 0.
        const int exponent = cls == FloatClass::Normal ? expField - f.bias : f.minExponent();
        out.quantities.push_back(
            countQuantity("exponent", {"Exponent (field - bias)", "指数（字段 - 偏置）"}, exponent));
        const std::string sig = significandText(f, b);
        out.quantities.push_back(textQuantity("significand", {"Significand", "有效数"}, LocalText(sig)));
        const std::string sign = signOf(f, b) ? "-1" : "+1";
        std::string formula = sign + " × 2^" + std::to_string(exponent) + " × " + sig;
        out.quantities.push_back(textQuantity("formula", {"Value", "数值"}, LocalText(formula)));
    }

    ResultTable t;
    t.key = "fields";
    t.title = {"The fields of " + displayName(f) + " for this value", displayName(f) + " 中这个值的各字段"};
    t.columns = {{"field", "字段"}, {"bits", "位"}, {"width", "宽度"}, {"field value", "字段值"}, {"meaning", "含义"}};
    if (S)
        t.rows.push_back({{"sign", "符号"},
                          bitsSlice(b, E + M, 1),
                          "1",
                          std::to_string(signOf(f, b) ? 1 : 0),
                          signOf(f, b) ? LocalText{"negative", "负"} : LocalText{"positive", "正"}});
    const std::string expMeaning = cls == FloatClass::Normal
                                       ? std::to_string(expField) + " - " + std::to_string(f.bias) + " = " +
                                             std::to_string(expField - f.bias)
                                       : std::string();
    t.rows.push_back({{"exponent", "指数"},
                      bitsSlice(b, M, E),
                      std::to_string(E),
                      std::to_string(expField),
                      cls == FloatClass::Normal ? LocalText("2^(" + expMeaning + ")")
                      : cls == FloatClass::Subnormal
                          ? LocalText{"0: subnormal, exponent " + std::to_string(f.minExponent()),
                                      "0：次正规数，指数 " + std::to_string(f.minExponent())}
                          : classText(cls)});
    if (M > 0)
        t.rows.push_back({{"mantissa", "尾数"},
                          bitsSlice(b, 0, M),
                          std::to_string(M),
                          std::to_string(mantissaFieldOf(f, b)),
                          (cls == FloatClass::Normal || cls == FloatClass::Subnormal)
                              ? LocalText("significand " + significandText(f, b), "有效数 " + significandText(f, b))
                              : LocalText("-")});
    out.tables.push_back(std::move(t));
    return out;
}

std::string specialsText(const Format& f) {
    switch (f.specials) {
    case SpecialValues::Ieee: return "inf, NaN";
    case SpecialValues::FiniteWithNan: return "NaN";
    case SpecialValues::FiniteOnly: return "-";
    case SpecialValues::Fnuz: return "NaN (0x80)";
    }
    return "?";
}

ExperimentResult formatTable(const ParamValues& params) {
    ExperimentResult out;
    ResultTable t;
    t.key = "formats";
    t.title = {"Formats side by side, and the value " + params.text("value") + " in each",
               "各格式对照，以及数值 " + params.text("value") + " 在各格式中的编码"};
    t.columns = {{"format", "格式"},           {"bits", "位数"},       {"sign", "符号"},
                 {"exponent", "指数"},         {"mantissa", "尾数"},   {"bias", "偏置"},
                 {"largest", "最大值"},        {"specials", "特殊值"}, {"encoding", "编码"},
                 {"stored value", "存储的值"}, {"flags", "标志"}};
    for (const AnyFormat& any : params.formatList("formats")) {
        if (any.integer) {
            const IntFormat& it = *any.integer;
            // INT8 is an integer: round the value to the nearest integer, saturating at the ends of the range.
            const Result x = params.number("value", kFp64);
            const Result q = floatToInt(kFp64, x.bits, it, Overflow::Saturate);
            out.quantities.push_back(intQuantity(any.name, {any.name, any.name}, it, q.bits, q.flags));
            std::string upper;
            for (char c : any.name) upper += char(std::toupper(static_cast<unsigned char>(c)));
            t.rows.push_back({upper, std::to_string(it.bits),
                              it.isSigned ? LocalText{"two's complement", "二进制补码"} : LocalText{"none", "无"}, "-",
                              "-", "-", std::to_string(it.maxValue()), "-", intHex(it, q.bits), intText(it, q.bits),
                              flagLetters(q.flags)});
            continue;
        }
        const Format& f = *any.real;
        const Result r = params.number("value", f);
        out.quantities.push_back(floatQuantity(any.name, {displayName(f), displayName(f)}, f, r.bits, r.flags));
        out.quantities.push_back(floatQuantity(any.name + "_max",
                                               {displayName(f) + " largest finite", displayName(f) + " 最大有限值"}, f,
                                               maxFiniteBits(f)));
        t.rows.push_back({displayName(f), std::to_string(f.totalBits()), std::to_string(f.hasSign ? 1 : 0),
                          std::to_string(f.exponentBits), std::to_string(f.mantissaBits), std::to_string(f.bias),
                          valueCell(f, maxFiniteBits(f)), specialsText(f),
                          hexBits(f, r.bits) + " " + bitString(f, r.bits), valueCell(f, r.bits), flagLetters(r.flags)});
    }
    out.tables.push_back(std::move(t));
    out.notes.push_back({"TF32 is shown in its own 19-bit encoding; inside FP32 registers it occupies the top 19 bits "
                         "and the low 13 bits are zero.",
                         "TF32 以它自己的 19 位编码显示；放在 FP32 寄存器里时占据高 19 位，低 13 位为零。"});
    return out;
}

} // namespace

void addAnatomyExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back({"format_fields",
                       {"A value, field by field", "逐字段拆开一个值"},
                       {"Rounds a value into a format and splits its bits into sign, exponent and mantissa.",
                        "把一个值舍入到某个格式，并把它的位拆成符号、指数和尾数。"},
                       {formatParam("format", "fp32", {"the float format", "浮点格式"}),
                        numberParam("value", "0.1", {"the value to encode", "要编码的值"})},
                       formatFields});
    catalog.push_back(
        {"format_table",
         {"Formats side by side", "格式对照表"},
         {"Field widths, bias and largest value of each format, and a value's encoding in each.",
          "各格式的字段宽度、偏置和最大值，以及一个值在各格式中的编码。"},
         {formatListParam("formats", "fp64,fp32,tf32,fp16,bf16,e4m3,e5m2,int8",
                          {"formats to compare (int8/uint8 allowed)", "要比较的格式（可含 int8/uint8）"}, true),
          numberParam("value", "0.1", {"the value to encode in each", "在各格式中编码的值"})},
         formatTable});
}

} // namespace fplab::lessons
