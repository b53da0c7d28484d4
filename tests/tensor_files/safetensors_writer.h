// Safetensors files as the tests write them, byte by byte: the 8-byte little-endian header length, the
// header text exactly as given (so a test can make it lie), and the data.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fplab::tensorfiles::test {

inline std::vector<std::uint8_t> safetensorsBytes(const std::string& header, const std::vector<std::uint8_t>& data,
                                                  std::uint64_t headerLength = UINT64_MAX) {
    const std::uint64_t n = headerLength == UINT64_MAX ? header.size() : headerLength;
    std::vector<std::uint8_t> bytes;
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<std::uint8_t>(n >> (8 * i)));
    bytes.insert(bytes.end(), header.begin(), header.end());
    bytes.insert(bytes.end(), data.begin(), data.end());
    return bytes;
}

template <class T>
void append(std::vector<std::uint8_t>& data, T value) {
    std::uint8_t raw[sizeof(T)];
    std::memcpy(raw, &value, sizeof(T));          // little-endian host
    for (std::uint8_t b : raw) data.push_back(b); // (GCC 12 warns -Wstringop-overflow on an insert here)
}

inline std::string writeTempFile(const std::string& name, const std::vector<std::uint8_t>& bytes) {
    const std::string path = (std::filesystem::temp_directory_path() / ("fplab_tensor_files_" + name)).string();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path;
}

// A valid file with one tensor of each supported dtype: "w" F32 [2, 3] = 1 ... 6 except w[1] = -0.5 and
// w[4] = 1e-40 (subnormal), "b" BF16 [2] = 1, -2, "e4" F8_E4M3 [4] = 448, NaN byte, -1, 0, "e5" F8_E5M2 [2] =
// inf, 1, "h" F16 [1] = 2^-24 (subnormal), "d" F64 [1] = 0.1, "i" I8 [2] = -128, 5, "u" U8 [1] = 200.
inline std::vector<std::uint8_t> everyDtypeFile() {
    std::vector<std::uint8_t> data;
    for (float v : {1.0f, -0.5f, 3.0f, 4.0f, 1e-40f, 6.0f}) append(data, v); // w: 0..24
    append<std::uint16_t>(data, 0x3F80);                                     // b: 24..28
    append<std::uint16_t>(data, 0xC000);
    data.insert(data.end(), {0x7E, 0x7F, 0xB8, 0x00}); // e4: 28..32
    data.insert(data.end(), {0x7C, 0x3C});             // e5: 32..34
    append<std::uint16_t>(data, 0x0001);               // h: 34..36
    append(data, 0.1);                                 // d: 36..44
    data.insert(data.end(), {0x80, 0x05});             // i: 44..46
    data.push_back(200);                               // u: 46..47
    const std::string header =
        R"({"__metadata__":{"format":"pt"},"w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]},)"
        R"("b":{"dtype":"BF16","shape":[2],"data_offsets":[24,28]},"e4":{"dtype":"F8_E4M3","shape":[4],)"
        R"("data_offsets":[28,32]},"e5":{"dtype":"F8_E5M2","shape":[2],"data_offsets":[32,34]},)"
        R"("h":{"dtype":"F16","shape":[1],"data_offsets":[34,36]},"d":{"dtype":"F64","shape":[],)"
        R"("data_offsets":[36,44]},"i":{"dtype":"I8","shape":[2],"data_offsets":[44,46]},)"
        R"("u":{"dtype":"U8","shape":[1,1],"data_offsets":[46,47]}}    )";
    return safetensorsBytes(header, data);
}

} // namespace fplab::tensorfiles::test
