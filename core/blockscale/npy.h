// Reading and writing NumPy .npy files (format versions 1.0, 2.0 and 3.0): the header is a Python
// dict literal that is parsed, never guessed. Read: little-endian float32 ('<f4'), float16 ('<f2') and
// bfloat16 as ml_dtypes' np.save writes it ('<V2' or '|V2': a 2-byte void, since NumPy cannot name the
// type) or as its workaround writes it ('bfloat16'). Written: float32, NPY 1.0, C order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::blockscale {

enum class NpyType : std::uint8_t { Float32, Float16, Bfloat16 };

struct NpyHeader {
    NpyType type = NpyType::Float32;
    std::string descr;
    bool fortranOrder = false;
    std::vector<std::size_t> shape; // () is a scalar: one element
    std::size_t dataOffset = 0;     // bytes before the data
    std::size_t elementCount() const;
};

struct NpyHeaderOutcome {
    std::optional<NpyHeader> header;
    std::string error;
};
NpyHeaderOutcome parseNpyHeader(std::span<const std::uint8_t> file);

struct NpyArray {
    NpyHeader header;
    std::vector<float> values; // in C order (a Fortran-order file is transposed on reading)
};
struct NpyOutcome {
    std::optional<NpyArray> array;
    std::string error;
};
// Float16 and bfloat16 values widen to float32 exactly.
NpyOutcome parseNpy(std::span<const std::uint8_t> file);

// A float32 .npy file (NPY 1.0, header padded with spaces to a multiple of 64 bytes) of this shape.
std::vector<std::uint8_t> npyFloat32(std::span<const float> values, std::span<const std::size_t> shape);

} // namespace fplab::blockscale
