#include "core/tensor_core/corner_readings.h"

#include "core/tensor_core/mma_config.h"

namespace fplab::tc {

CornerDefaults defaultCornerReadings(Arch, Api) {
    // No GPU has answered either corner for any instruction yet: FP Lab's readings, open everywhere. The first
    // H100/H200 run of `fplab-cli gpu fingerprint --probe-corners` decides sm_90; sm_80 waits for an A100.
    return CornerDefaults{kFpLabReadings, ReadingStatus::Open, ReadingStatus::Open};
}

std::string_view zeroProductsName(ZeroProducts z) { return z == ZeroProducts::Counted ? "counted" : "dropped"; }
std::string_view zeroSignName(ZeroSign z) { return z == ZeroSign::Positive ? "positive" : "sum"; }

std::optional<ZeroProducts> parseZeroProducts(std::string_view s) {
    if (s == "dropped") return ZeroProducts::Dropped;
    if (s == "counted") return ZeroProducts::Counted;
    return std::nullopt;
}

std::optional<ZeroSign> parseZeroSign(std::string_view s) {
    if (s == "sum") return ZeroSign::OfSum;
    if (s == "positive") return ZeroSign::Positive;
    return std::nullopt;
}

} // namespace fplab::tc
