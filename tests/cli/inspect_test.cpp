// `fplab-cli inspect` and `quantize FILE.safetensors --tensor NAME` on safetensors files the tests write.
#include "cli_run.h"
#include "tests/tensor_files/safetensors_writer.h"

#include <gtest/gtest.h>

namespace fplab::cli::test {
namespace {

using tensorfiles::test::everyDtypeFile;
using tensorfiles::test::safetensorsBytes;
using tensorfiles::test::writeTempFile;

TEST(Inspect, ListsEveryTensorWithItsCounts) {
    const std::string path = writeTempFile("inspect.safetensors", everyDtypeFile());
    const CliRun r = runInProcess({"inspect", path});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, path + ": 8 tensors, 47 bytes of data\n\n"
                            "name  dtype    shape   elements  amax                   NaN  inf  subnormal  zero\n"
                            "w     F32      [2, 3]  6         6                      0    0    1          0\n"
                            "b     BF16     [2]     2         2                      0    0    0          0\n"
                            "e4    F8_E4M3  [4]     4         448                    1    0    0          1\n"
                            "e5    F8_E5M2  [2]     2         inf                    0    1    0          0\n"
                            "h     F16      [1]     1         5.960464477539063e-08  0    0    1          0\n"
                            "d     F64      []      1         0.1                    0    0    0          0\n"
                            "i     I8       [2]     2         128                    0    0    0          0\n"
                            "u     U8       [1, 1]  1         200                    0    0    0          0\n");
    std::filesystem::remove(path);
}

TEST(Inspect, MalformedAndMissingFilesAreErrors) {
    const std::string path = writeTempFile(
        "lying.safetensors",
        safetensorsBytes(R"({"t":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", {0, 0, 0, 0}));
    CliRun r = runInProcess({"inspect", path});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("tensor 't' ends at byte 8 of the data, which has 4 bytes"), std::string::npos) << r.err;
    r = runInProcess({"quantize", "--scheme", "mxfp4", path, "--tensor", "t"});
    EXPECT_EQ(r.code, kExitBadInput);
    std::filesystem::remove(path);
    r = runInProcess({"inspect", path});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("cannot open"), std::string::npos);
    EXPECT_EQ(runInProcess({"inspect"}).code, kExitUsage);
}

// A float16 .npy file: 2^-24 is a subnormal in float16 (counted so, though normal once widened to FP32).
TEST(Inspect, NpyCountsInItsOwnDtype) {
    const std::string path = writeTempFile(
        "inspect.npy", npy2x2("<f2", {0x00, 0x3C, 0x01, 0x00, 0x00, 0x7C, 0x00, 0x7E})); // 1, 2^-24, inf, NaN
    const CliRun r = runInProcess({"inspect", path});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, path + ": one array (.npy)\n\n"
                            "name  dtype  shape   elements  amax  NaN  inf  subnormal  zero\n"
                            "-     <f2    [2, 2]  4         inf   1    1    1          0\n");
    std::filesystem::remove(path);
}

TEST(QuantizeSafetensors, OneTensorByName) {
    const std::string path = writeTempFile("quantize.safetensors", everyDtypeFile());
    // w = [[1, -0.5, 3], [4, 1e-40, 6]]: two rows of one MXFP4 block each; row 0's amax 3 gives X = 1 - 2 = -1,
    // so 1, -0.5, 3 are stored as 2, -1, 6; row 1's amax 6 gives X = 0, and 1e-40 rounds to zero.
    CliRun r = runInProcess({"quantize", "--scheme", "mxfp4", "--csv", path, "--tensor", "w"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(r.out, "index,block,scale,code,dequantized,error\n"
                     "0,0,0.5,0x04,1,0\n1,0,0.5,0x0a,-0.5,0\n2,0,0.5,0x07,3,0\n"
                     "3,1,1,0x06,4,0\n4,1,1,0x00,0,9.99994610111476e-41\n5,1,1,0x07,6,0\n");
    r = runInProcess({"quantize", "--scheme", "mxfp4", path, "--tensor", "nope"});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("has no tensor 'nope'"), std::string::npos);
    r = runInProcess({"quantize", "--scheme", "mxfp4", path});
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_NE(r.err.find("a .safetensors file needs --tensor NAME"), std::string::npos);
    r = runInProcess({"quantize", "--scheme", "mxfp4", "--tensor", "w"}, "1\n");
    EXPECT_EQ(r.code, kExitUsage);
    // The E4M3 tensor holds a NaN byte: under the OCP rule its block becomes NaN, under fp32 it is refused.
    r = runInProcess({"quantize", "--scheme", "mxfp4", "--scale-rule", "fp32", path, "--tensor", "e4"});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_NE(r.err.find("element 1 is NaN"), std::string::npos);
    std::filesystem::remove(path);
}

} // namespace
} // namespace fplab::cli::test
