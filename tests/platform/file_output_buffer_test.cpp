// FileOutputBuffer: a stream over a C FILE* that fails like std::ofstream and also says why.
#include "core/platform/file_output_buffer.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

namespace fplab::platform {
namespace {

TEST(FileOutputBuffer, WritesThrough) {
    const auto path = std::filesystem::temp_directory_path() / "fplab-file-output-buffer.txt";
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    {
        FileOutputBuffer buffer(f);
        std::ostream out(&buffer);
        out << "line " << 1 << '\n';
        out.write("block\n", 6);
        out.flush();
        EXPECT_TRUE(out.good());
        EXPECT_EQ(buffer.error(), 0);
        EXPECT_EQ(buffer.errorText(), "");
    }
    std::fclose(f);
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    EXPECT_EQ(s.str(), "line 1\nblock\n");
    std::filesystem::remove(path);
}

TEST(FileOutputBuffer, AFullDeviceIsNamed) {
    std::FILE* f = std::fopen("/dev/full", "wb");
    if (!f) GTEST_SKIP() << "no /dev/full here";
    FileOutputBuffer buffer(f);
    std::ostream out(&buffer);
    out << "4000 -\n";
    out.flush();
    EXPECT_FALSE(out.good());
    EXPECT_EQ(buffer.error(), ENOSPC);
    EXPECT_EQ(buffer.errorText(), "No space left on device");
    EXPECT_EQ(writeFailureText(out), "No space left on device");
    std::fclose(f);
}

TEST(FileOutputBuffer, OtherStreamsGetAGeneralReason) {
    std::ostringstream s;
    s.setstate(std::ios::badbit);
    EXPECT_EQ(writeFailureText(s), "write error");
}

} // namespace
} // namespace fplab::platform
