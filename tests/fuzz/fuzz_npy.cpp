// Fuzzes the .npy reader (header dict parser and data). Besides crashes and sanitizer reports, it
// checks that an accepted file has as many values as its shape says, and that writing those values
// as float32 .npy and reading them back gives the same bits.
#include "core/blockscale/npy.h"

#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fplab::blockscale;
    const std::span<const std::uint8_t> file(data, size);
    (void)parseNpyHeader(file);
    const NpyOutcome a = parseNpy(file);
    if (!a.array) {
        if (a.error.empty()) std::abort();
        return 0;
    }
    if (a.array->values.size() != a.array->header.elementCount()) std::abort();
    const NpyOutcome back = parseNpy(npyFloat32(a.array->values, a.array->header.shape));
    if (!back.array || back.array->values.size() != a.array->values.size()) std::abort();
    for (std::size_t i = 0; i < a.array->values.size(); ++i)
        if (std::bit_cast<std::uint32_t>(back.array->values[i]) != std::bit_cast<std::uint32_t>(a.array->values[i])) {
            std::fprintf(stderr, "element %zu changed on the round trip\n", i);
            std::abort();
        }
    return 0;
}
