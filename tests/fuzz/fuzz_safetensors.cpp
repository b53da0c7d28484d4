// Fuzzes the safetensors reader (header length, JSON header through nlohmann-json, the offset and size
// checks) and, for an accepted file, the tensor census and the FP32 read of every tensor. Besides crashes and
// sanitizer reports, it checks that every accepted tensor lies inside the file, that a supported tensor reads
// as many values as its shape says, and that a refused file says why.
#include "app/tensor_files/safetensors.h"
#include "app/tensor_files/tensor_census.h"

#include <cstdint>
#include <cstdlib>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fplab::tensorfiles;
    const std::span<const std::uint8_t> file(data, size);
    const SafetensorsOutcome o = parseSafetensors(file);
    if (!o.header) {
        if (o.error.empty()) std::abort();
        return 0;
    }
    for (const TensorEntry& t : o.header->tensors) {
        if (t.begin < o.header->dataStart || t.end > size || t.end - t.begin != t.elements * t.elementBytes)
            std::abort();
        if (t.dtype == Dtype::Unsupported) continue;
        (void)censusOf(file, t);
        const auto values = readAsFloat32(file, t);
        if (!values || values->size() != t.elements) std::abort();
    }
    return 0;
}
