// What `fplab-cli inspect` and the Block view say about a tensor before quantizing it: its largest
// magnitude and how many elements are NaN, infinite, subnormal or zero in its own dtype (FP8's NaN bytes
// included), counted over the raw bytes.
#pragma once

#include "core/format.h"
#include "app/tensor_files/safetensors.h"

namespace fplab::tensorfiles {

struct TensorCensus {
    double amax = 0;       // over the elements that are not NaN
    std::uint64_t nan = 0; // for F8_E4M3 / F8_E5M2: the NaN bytes
    std::uint64_t infinite = 0;
    std::uint64_t subnormal = 0;
    std::uint64_t zero = 0;
};

// The entry must come from parseSafetensors() of the same bytes, with a supported dtype.
TensorCensus censusOf(std::span<const std::uint8_t> file, const TensorEntry& t);
// The same counts for values already widened to FP32 from the format `own` (a .npy file's float16 or
// bfloat16): each is narrowed back to `own`, which is exact, and classified there.
TensorCensus censusOfValues(std::span<const float> values, const Format& own);

} // namespace fplab::tensorfiles
