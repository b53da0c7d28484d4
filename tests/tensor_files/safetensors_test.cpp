// The safetensors reader on files the tests write: every supported dtype read back and counted, and
// malformed files (truncated, lying offsets, huge shapes, bad JSON) refused with an error naming the problem.
#include "safetensors_writer.h"
#include "app/tensor_files/mapped_file.h"
#include "app/tensor_files/safetensors.h"
#include "app/tensor_files/tensor_census.h"

#include <gtest/gtest.h>

#include <cmath>

namespace fplab::tensorfiles::test {
namespace {

TEST(Safetensors, ReadsEverySupportedDtype) {
    const std::vector<std::uint8_t> file = everyDtypeFile();
    const SafetensorsOutcome o = parseSafetensors(file);
    ASSERT_TRUE(o.header) << o.error;
    ASSERT_EQ(o.header->tensors.size(), 8u);
    EXPECT_EQ(o.header->tensors[0].name, "w"); // in data order
    const auto read = [&](const char* name) {
        const TensorEntry* t = o.header->find(name);
        EXPECT_NE(t, nullptr) << name;
        return *readAsFloat32(file, *t);
    };
    EXPECT_EQ(read("w"), (std::vector<float>{1.0f, -0.5f, 3.0f, 4.0f, 1e-40f, 6.0f}));
    EXPECT_EQ(read("b"), (std::vector<float>{1.0f, -2.0f}));
    const std::vector<float> e4 = read("e4");
    EXPECT_EQ(e4[0], 448.0f);
    EXPECT_TRUE(std::isnan(e4[1]));
    EXPECT_EQ(e4[2], -1.0f);
    EXPECT_EQ(read("e5")[0], INFINITY);
    EXPECT_EQ(read("h")[0], std::ldexp(1.0f, -24));
    EXPECT_EQ(read("d")[0], 0.1f); // rounded to nearest even
    EXPECT_EQ(read("i"), (std::vector<float>{-128.0f, 5.0f}));
    EXPECT_EQ(read("u"), (std::vector<float>{200.0f}));
    EXPECT_EQ(o.header->find("d")->shape.size(), 0u);
    EXPECT_EQ(o.header->find("d")->elements, 1u);
}

TEST(Safetensors, CensusInTheTensorsOwnDtype) {
    const std::vector<std::uint8_t> file = everyDtypeFile();
    const SafetensorsHeader h = *parseSafetensors(file).header;
    const TensorCensus w = censusOf(file, *h.find("w"));
    EXPECT_EQ(w.amax, 6.0);
    EXPECT_EQ(w.subnormal, 1u);
    EXPECT_EQ(w.nan + w.infinite + w.zero, 0u);
    const TensorCensus e4 = censusOf(file, *h.find("e4"));
    EXPECT_EQ(e4.nan, 1u); // the NaN byte 0x7f
    EXPECT_EQ(e4.zero, 1u);
    EXPECT_EQ(e4.amax, 448.0);
    const TensorCensus e5 = censusOf(file, *h.find("e5"));
    EXPECT_EQ(e5.infinite, 1u);
    EXPECT_EQ(censusOf(file, *h.find("h")).subnormal, 1u);
    EXPECT_EQ(censusOf(file, *h.find("i")).amax, 128.0);
}

TEST(Safetensors, ProgressAndCancel) {
    const std::vector<std::uint8_t> file = everyDtypeFile();
    const SafetensorsHeader h = *parseSafetensors(file).header;
    std::uint64_t lastDone = 0;
    EXPECT_TRUE(readAsFloat32(file, *h.find("w"), [&](std::uint64_t done, std::uint64_t total) {
        lastDone = done;
        return total == 6;
    }));
    EXPECT_EQ(lastDone, 6u);
    EXPECT_FALSE(readAsFloat32(file, *h.find("w"), [](std::uint64_t, std::uint64_t) { return false; }));
}

std::string errorOf(const std::vector<std::uint8_t>& file) {
    const SafetensorsOutcome o = parseSafetensors(file);
    EXPECT_FALSE(o.header);
    return o.error;
}

std::string oneTensor(const std::string& entry) { return R"({"t":)" + entry + "}"; }

TEST(Safetensors, MalformedFilesAreRefusedByName) {
    const std::vector<std::uint8_t> four(4, 0);
    EXPECT_EQ(errorOf({1, 2, 3}), "the file has 3 bytes, fewer than the 8 of the header length");
    EXPECT_EQ(errorOf(safetensorsBytes("{}", {}, 100)),
              "the header length 100 runs past the end of the file (10 bytes)");
    EXPECT_EQ(errorOf(safetensorsBytes("{}", {}, 1ull << 40)),
              "the header length 1099511627776 is above the limit of 100000000 bytes");
    EXPECT_EQ(errorOf(safetensorsBytes("{\"t\":", {})), "the header is not valid JSON");
    EXPECT_EQ(errorOf(safetensorsBytes("[1,2]", {})), "the header is not a JSON object");
    // Offsets that lie: past the data, reversed, a size that does not match the shape.
    EXPECT_EQ(errorOf(safetensorsBytes(oneTensor(R"({"dtype":"F32","shape":[2],"data_offsets":[0,8]})"), four)),
              "tensor 't' ends at byte 8 of the data, which has 4 bytes");
    EXPECT_EQ(errorOf(safetensorsBytes(oneTensor(R"({"dtype":"F32","shape":[1],"data_offsets":[4,0]})"), four)),
              "tensor 't' begins at byte 4 after its end 0");
    EXPECT_EQ(errorOf(safetensorsBytes(oneTensor(R"({"dtype":"F32","shape":[2,3],"data_offsets":[0,4]})"), four)),
              "tensor 't' has 4 bytes of data, but its shape and dtype need 24");
    // Huge shapes: the element count overflows 64 bits, or the byte count does.
    EXPECT_EQ(errorOf(safetensorsBytes(
                  oneTensor(R"({"dtype":"U8","shape":[4294967296,4294967296,2],"data_offsets":[0,4]})"), four)),
              "tensor 't''s shape has more elements than 2^64");
    EXPECT_EQ(errorOf(safetensorsBytes(
                  oneTensor(R"({"dtype":"F64","shape":[4611686018427387904],"data_offsets":[0,4]})"), four)),
              "tensor 't' has 4 bytes of data, but its shape and dtype need more than 2^64");
    EXPECT_EQ(errorOf(safetensorsBytes(oneTensor(R"({"dtype":"F32","shape":[-1],"data_offsets":[0,4]})"), four)),
              "tensor 't''s shape holds something other than a non-negative integer");
    EXPECT_EQ(errorOf(safetensorsBytes(oneTensor(R"({"dtype":"F12","shape":[1],"data_offsets":[0,4]})"), four)),
              "tensor 't' has an unknown dtype 'F12'");
    EXPECT_EQ(errorOf(safetensorsBytes(oneTensor(R"({"shape":[1],"data_offsets":[0,4]})"), four)),
              "tensor 't' has no \"dtype\" string");
    EXPECT_EQ(errorOf(safetensorsBytes(oneTensor(R"({"dtype":"F32","shape":[1],"data_offsets":[0]})"), four)),
              "tensor 't' has no \"data_offsets\" pair of non-negative integers");
    // Gaps, overlaps and data nobody owns.
    const std::vector<std::uint8_t> eight(8, 0);
    EXPECT_EQ(
        errorOf(safetensorsBytes(
            R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"U8","shape":[2],"data_offsets":[6,8]}})",
            eight)),
        "tensor 'b' begins at byte 6 of the data, not at 4 (a gap before it)");
    EXPECT_EQ(
        errorOf(safetensorsBytes(
            R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[2,6]}})",
            eight)),
        "tensor 'b' begins at byte 2 of the data, not at 4 (it overlaps the tensor before)");
    EXPECT_EQ(errorOf(safetensorsBytes(oneTensor(R"({"dtype":"F32","shape":[1],"data_offsets":[0,4]})"), eight)),
              "the tensors end at byte 4 of the data, which has 8 bytes");
    EXPECT_EQ(errorOf(safetensorsBytes(R"({"__metadata__":{"a":1}})", {})),
              "\"__metadata__\" value 'a' is not a string");
    // A truncated copy of a valid file.
    std::vector<std::uint8_t> truncated = everyDtypeFile();
    truncated.resize(truncated.size() - 3);
    EXPECT_EQ(errorOf(truncated), "tensor 'i' ends at byte 46 of the data, which has 44 bytes"); // the first by name
}

TEST(Safetensors, UnsupportedDtypesAreListedNotRead) {
    const std::vector<std::uint8_t> file = safetensorsBytes(
        oneTensor(R"({"dtype":"I32","shape":[1],"data_offsets":[0,4]})"), std::vector<std::uint8_t>(4, 0));
    const SafetensorsOutcome o = parseSafetensors(file);
    ASSERT_TRUE(o.header) << o.error;
    EXPECT_EQ(o.header->tensors[0].dtype, Dtype::Unsupported);
    EXPECT_EQ(o.header->tensors[0].dtypeText, "I32");
    EXPECT_FALSE(readAsFloat32(file, o.header->tensors[0]));
}

TEST(MappedFile, MapsAFileAndNamesWhatFails) {
    const std::vector<std::uint8_t> bytes = everyDtypeFile();
    const std::string path = writeTempFile("mapped.safetensors", bytes);
    const MappedFile f = MappedFile::open(path);
    ASSERT_TRUE(f.ok()) << f.error();
    EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), f.bytes().begin(), f.bytes().end()));
    std::filesystem::remove(path);
    const MappedFile missing = MappedFile::open(path);
    EXPECT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("cannot open"), std::string::npos);
    EXPECT_NE(MappedFile::open(std::filesystem::temp_directory_path().string()).error().find("not a regular file"),
              std::string::npos);
    const std::string empty = writeTempFile("empty.safetensors", {});
    EXPECT_TRUE(MappedFile::open(empty).ok());
    EXPECT_EQ(MappedFile::open(empty).bytes().size(), 0u);
    std::filesystem::remove(empty);
}

} // namespace
} // namespace fplab::tensorfiles::test
