#include "lessons/experiments/block_special_text.h"

namespace fplab::lessons {

LocalText blockSpecialText(tc::BlockSpecial s) {
    switch (s) {
    case tc::BlockSpecial::None: return {};
    case tc::BlockSpecial::NanOperand:
        return {"a NaN operand gives the canonical NaN", "有 NaN 操作数：结果是规范 NaN"};
    case tc::BlockSpecial::ZeroTimesInf: return {"0 × inf gives the canonical NaN", "0 × inf：结果是规范 NaN"};
    case tc::BlockSpecial::InfMinusInf: return {"inf − inf gives the canonical NaN", "inf − inf：结果是规范 NaN"};
    case tc::BlockSpecial::InfiniteTerm:
        return {"an infinite term gives an infinity of its sign", "有无穷大的项：结果是同号的无穷大"};
    }
    return {};
}

} // namespace fplab::lessons
