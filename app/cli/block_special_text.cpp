#include "app/cli/block_special_text.h"

namespace fplab::cli {

std::string_view blockSpecialText(tc::BlockSpecial s) {
    switch (s) {
    case tc::BlockSpecial::None: return "";
    case tc::BlockSpecial::NanOperand: return "a NaN operand gives the canonical NaN";
    case tc::BlockSpecial::ZeroTimesInf: return "0 * inf gives the canonical NaN";
    case tc::BlockSpecial::InfMinusInf: return "inf - inf gives the canonical NaN";
    case tc::BlockSpecial::InfiniteTerm: return "an infinite term gives an infinity of its sign";
    }
    return "";
}

} // namespace fplab::cli
