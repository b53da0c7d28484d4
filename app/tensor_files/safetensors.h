// The safetensors format (huggingface/safetensors): 8 bytes little-endian N, then N bytes of a JSON
// object, then the data. Each key but "__metadata__" names a tensor: {"dtype": "F32", "shape": [2, 3],
// "data_offsets": [begin, end]}, offsets relative to the data. The header is parsed with nlohmann-json and
// checked against the file: N fits, every offset lies inside the data, end - begin is exactly the shape's
// size in the dtype (no overflow on the way), and the tensors cover the data without gaps or overlaps.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::tensorfiles {

// The dtypes FP Lab reads; other dtypes the format knows (BOOL, I16 ... U64, F8_E8M0) are checked for size
// and listed, but not read.
enum class Dtype : std::uint8_t { F64, F32, F16, BF16, F8E4m3, F8E5m2, I8, U8, Unsupported };

struct TensorEntry {
    std::string name;
    Dtype dtype = Dtype::Unsupported;
    std::string dtypeText; // as the header writes it: "F8_E4M3"
    std::size_t elementBytes = 0;
    std::vector<std::uint64_t> shape;
    std::uint64_t elements = 0;
    std::uint64_t begin = 0; // in the file, the data offset added
    std::uint64_t end = 0;
};

struct SafetensorsHeader {
    std::vector<TensorEntry> tensors; // in the order of their data
    std::uint64_t dataStart = 0;      // 8 + N
    const TensorEntry* find(std::string_view name) const;
};

struct SafetensorsOutcome {
    std::optional<SafetensorsHeader> header;
    std::string error; // "the header says 'w' ends at byte 4096 of the data, which has 4000 bytes"
};

// Headers above 100,000,000 bytes are refused, as the reference implementation does.
SafetensorsOutcome parseSafetensors(std::span<const std::uint8_t> file);

// A tensor's elements as FP32, in order: F64 rounded to nearest even (core's conversion), the others exactly.
// progress(done, total) is called between chunks; returning false stops the read (nothing is returned).
// The entry must come from parseSafetensors() of the same bytes, with a supported dtype.
using Progress = std::function<bool(std::uint64_t done, std::uint64_t total)>;
std::optional<std::vector<float>> readAsFloat32(std::span<const std::uint8_t> file, const TensorEntry& t,
                                                const Progress& progress = {});

} // namespace fplab::tensorfiles
