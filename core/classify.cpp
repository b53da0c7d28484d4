#include "core/classify.h"

namespace fplab {

std::string_view className(FloatClass c) {
    switch (c) {
    case FloatClass::Zero: return "zero";
    case FloatClass::Subnormal: return "subnormal";
    case FloatClass::Normal: return "normal";
    case FloatClass::Infinity: return "infinity";
    case FloatClass::QuietNaN: return "quiet NaN";
    case FloatClass::SignalingNaN: return "signalling NaN";
    }
    return "?";
}

} // namespace fplab
