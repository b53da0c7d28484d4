#include "app/gui/common/steps/special_case_text.h"

namespace fplab::gui {

QString specialCaseText(SpecialCase c) {
    switch (c) {
    case SpecialCase::None: return {};
    case SpecialCase::NanOperand: return SpecialCaseText::tr("a NaN operand gives a NaN");
    case SpecialCase::InfMinusInf: return SpecialCaseText::tr("inf - inf is invalid");
    case SpecialCase::InfiniteOperand: return SpecialCaseText::tr("an infinite operand gives infinity");
    case SpecialCase::SumOfZeros: return SpecialCaseText::tr("the sum of two zeros is zero");
    case SpecialCase::AddingZero: return SpecialCaseText::tr("adding zero changes nothing");
    case SpecialCase::ZeroTimesInf: return SpecialCaseText::tr("0 * inf is invalid");
    case SpecialCase::ZeroOperand: return SpecialCaseText::tr("a zero operand gives zero");
    case SpecialCase::InfDivInf: return SpecialCaseText::tr("inf / inf is invalid");
    case SpecialCase::InfDivFinite: return SpecialCaseText::tr("infinity divided by a finite number is infinity");
    case SpecialCase::FiniteDivInf: return SpecialCaseText::tr("a finite number divided by infinity is zero");
    case SpecialCase::ZeroDivZero: return SpecialCaseText::tr("0 / 0 is invalid");
    case SpecialCase::DivByZeroNoInfinity:
        return SpecialCaseText::tr("division by zero, and the format has no infinity");
    case SpecialCase::DivByZero: return SpecialCaseText::tr("division by zero gives infinity");
    case SpecialCase::ZeroDivided: return SpecialCaseText::tr("zero divided by a number is zero");
    case SpecialCase::SqrtNan: return SpecialCaseText::tr("sqrt(NaN) is NaN");
    case SpecialCase::SqrtZero: return SpecialCaseText::tr("sqrt(+-0) is +-0");
    case SpecialCase::SqrtNegative: return SpecialCaseText::tr("the square root of a negative number is invalid");
    case SpecialCase::SqrtInf: return SpecialCaseText::tr("sqrt(inf) is inf");
    case SpecialCase::InfiniteTerm: return SpecialCaseText::tr("an infinite term gives infinity");
    case SpecialCase::ZeroPlusZero: return SpecialCaseText::tr("0 + 0 is zero");
    case SpecialCase::ZeroProduct: return SpecialCaseText::tr("the product is zero: the result is c");
    case SpecialCase::ZeroAddend: return SpecialCaseText::tr("c is zero: the result is the rounded product");
    case SpecialCase::NanConverts: return SpecialCaseText::tr("a NaN converts to a NaN");
    case SpecialCase::NoNegativeValues: return SpecialCaseText::tr("the format has no negative values");
    case SpecialCase::InfinityConverts: return SpecialCaseText::tr("infinity converts to infinity");
    case SpecialCase::InfinitySaturates:
        return SpecialCaseText::tr("saturating conversion: infinity becomes the largest finite value");
    case SpecialCase::NoInfinity: return SpecialCaseText::tr("the format has no infinity");
    case SpecialCase::ZeroConverts: return SpecialCaseText::tr("zero converts to zero");
    }
    return {};
}

} // namespace fplab::gui
