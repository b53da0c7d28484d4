// .npy reading and writing: headers as NumPy writes them (checked byte for byte against the NPY 1.0
// layout), the dtypes that are read, and the errors for bad files.
#include "core/blockscale/npy.h"

#include <gtest/gtest.h>

#include <bit>

namespace fplab::blockscale {
namespace {

std::vector<std::uint8_t> file(std::string header, const std::vector<std::uint8_t>& data, int version = 1) {
    std::vector<std::uint8_t> out = {0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<std::uint8_t>(version), 0};
    out.push_back(static_cast<std::uint8_t>(header.size() & 0xFF));
    out.push_back(static_cast<std::uint8_t>(header.size() >> 8));
    if (version > 1) out.insert(out.end(), {0, 0});
    out.insert(out.end(), header.begin(), header.end());
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

TEST(Npy, ReadsFloat32AsNumpyWritesIt) {
    // np.save of np.array([1, -2], dtype='<f4'): this header, padded to 64 bytes in all.
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
    header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
    header += '\n';
    const NpyOutcome a = parseNpy(file(header, {0, 0, 0x80, 0x3F, 0, 0, 0, 0xC0}));
    ASSERT_TRUE(a.array) << a.error;
    EXPECT_EQ(a.array->values, (std::vector<float>{1.0f, -2.0f}));
    EXPECT_EQ(a.array->header.shape, (std::vector<std::size_t>{2}));
}

TEST(Npy, ReadsFloat16AndBfloat16) {
    const NpyOutcome h = parseNpy(file("{'descr': '<f2', 'fortran_order': False, 'shape': (2,)}\n",
                                       {0x00, 0x3C, 0x01, 0x00})); // 1.0 and the smallest subnormal 2^-24
    ASSERT_TRUE(h.array) << h.error;
    EXPECT_EQ(h.array->values, (std::vector<float>{1.0f, 0x1p-24f}));
    for (const char* descr : {"<V2", "|V2", "bfloat16"}) {
        const NpyOutcome b = parseNpy(
            file(std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': (1, 2), }\n",
                 {0x80, 0x3F, 0xC0, 0xC0})); // 1.0, -6.0
        ASSERT_TRUE(b.array) << descr << ": " << b.error;
        EXPECT_EQ(b.array->values, (std::vector<float>{1.0f, -6.0f}));
    }
}

TEST(Npy, FortranOrderIsTransposed) {
    // shape (2, 3) stored column-major: file order a00 a10 a01 a11 a02 a12.
    std::vector<std::uint8_t> data;
    for (float v : {0.0f, 3.0f, 1.0f, 4.0f, 2.0f, 5.0f}) {
        const std::uint32_t b = std::bit_cast<std::uint32_t>(v);
        for (int k = 0; k < 4; ++k) data.push_back(static_cast<std::uint8_t>(b >> (8 * k)));
    }
    const NpyOutcome a = parseNpy(file("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }\n", data, 2));
    ASSERT_TRUE(a.array) << a.error;
    EXPECT_EQ(a.array->values, (std::vector<float>{0, 1, 2, 3, 4, 5}));
}

TEST(Npy, BadFilesGetClearErrors) {
    const auto error = [](const std::vector<std::uint8_t>& f) { return parseNpy(f).error; };
    EXPECT_NE(error({'h', 'e', 'l', 'l', 'o', 0, 0, 0, 0, 0}).find("magic"), std::string::npos);
    EXPECT_NE(error(file("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }\n", {0, 0, 0, 0}))
                  .find("'>f4' is not read"),
              std::string::npos);
    EXPECT_NE(error(file("{'descr': '<f4', 'shape': (1,), }\n", {0, 0, 0, 0})).find("lacks"), std::string::npos);
    EXPECT_NE(
        error(file("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }\n", {0, 0, 0, 0})).find("needs 12 bytes"),
        std::string::npos);
    EXPECT_NE(error(file("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }\n", {})).find("shape"),
              std::string::npos);
    EXPECT_NE(
        error(file("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (1,), }\n", {0, 0, 0, 0})).find("fortran_order"),
        std::string::npos);
    EXPECT_NE(
        error(file("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}\n", {0, 0, 0, 0})).find("unknown"),
        std::string::npos);
    std::vector<std::uint8_t> truncated = file("{'descr': '<f4'}", {});
    truncated.resize(12);
    EXPECT_NE(error(truncated).find("ends inside the header"), std::string::npos);
}

TEST(Npy, WrittenFileIsPaddedAndReadsBack) {
    const std::vector<float> v = {1.5f, -0.25f, 3.0f, 4.0f, 5.0f, 6.0f};
    const std::vector<std::size_t> shape = {2, 3};
    const std::vector<std::uint8_t> bytes = npyFloat32(v, shape);
    const std::size_t headerLength = bytes[8] | (bytes[9] << 8);
    EXPECT_EQ((10 + headerLength) % 64, 0u);
    EXPECT_EQ(bytes[10 + headerLength - 1], '\n');
    const std::string header(bytes.begin() + 10, bytes.begin() + 10 + static_cast<std::ptrdiff_t>(headerLength));
    EXPECT_EQ(header.find("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"), 0u);
    const NpyOutcome back = parseNpy(bytes);
    ASSERT_TRUE(back.array) << back.error;
    EXPECT_EQ(back.array->values, v);
    EXPECT_EQ(back.array->header.shape, shape);
    const std::vector<std::size_t> vectorShape = {6};
    const std::vector<std::uint8_t> vector = npyFloat32(v, vectorShape);
    EXPECT_NE(std::string(vector.begin(), vector.end()).find("'shape': (6,), }"), std::string::npos);
}

} // namespace
} // namespace fplab::blockscale
