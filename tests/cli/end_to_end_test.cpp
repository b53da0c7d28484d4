// Runs the real fplab-cli executable: standard input and output through files, exit codes,
// and no crash (no signal) on garbage.
#include "app/cli/exit_codes.h"
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

struct ExeRun {
    int code = -1;
    bool signalled = false;
    std::string out;
};

std::string readFile(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

ExeRun runExecutable(const std::string& args, const std::string& input) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("fplab-cli-e2e-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                      ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir);
    const auto in = dir / "in", out = dir / "out";
    std::ofstream(in, std::ios::binary) << input;
    const std::string command = std::string("'") + FPLAB_CLI_EXECUTABLE + "' " + args + " < '" + in.string() + "' > '" +
                                out.string() + "' 2>&1";
    const int status = std::system(command.c_str());
    ExeRun r;
    r.signalled = WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) > 125);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readFile(out);
    std::filesystem::remove_all(dir);
    return r;
}

TEST(CliEndToEnd, BatchThroughPipes) {
    const ExeRun r = runExecutable("batch", "add fp16 rne 3c00 3c00\nconvert fp32 fp16 rne 477fe000\n");
    EXPECT_EQ(r.code, fplab::cli::kExitOk);
    EXPECT_EQ(r.out, "4000 -\n7bff -\n");
}

TEST(CliEndToEnd, BatchBadLineExitsNonZeroWithTheLineNumber) {
    const ExeRun r = runExecutable("batch", "add fp16 rne 3c00 3c00\nadd fp17 rne 3c00 3c00\n");
    EXPECT_EQ(r.code, fplab::cli::kExitBadInput);
    EXPECT_NE(r.out.find("4000 -\n"), std::string::npos);
    EXPECT_NE(r.out.find("fplab-cli batch: line 2: unknown format 'fp17'"), std::string::npos) << r.out;
}

TEST(CliEndToEnd, ShowAndEval) {
    ExeRun r = runExecutable("show 0.1 --format fp16", "");
    EXPECT_EQ(r.code, fplab::cli::kExitOk);
    EXPECT_NE(r.out.find("  hex        0x2e66\n"), std::string::npos) << r.out;
    r = runExecutable("eval 'fp16(1) + fp16(2^-11)' --steps", "");
    EXPECT_EQ(r.code, fplab::cli::kExitOk);
    EXPECT_NE(r.out.find("g r s     guard 1, round 0, sticky 0"), std::string::npos) << r.out;
    r = runExecutable("", "");
    EXPECT_EQ(r.code, fplab::cli::kExitUsage);
}

TEST(CliEndToEnd, GarbageNeverCrashes) {
    std::string garbage;
    std::uint32_t x = 99;
    for (int i = 0; i < 1 << 20; ++i) {
        x = x * 1103515245u + 12345u;
        garbage += char(x >> 23);
    }
    ExeRun r = runExecutable("batch --keep-going", garbage);
    EXPECT_FALSE(r.signalled);
    EXPECT_EQ(r.code, fplab::cli::kExitBadInput);
    r = runExecutable("batch", garbage);
    EXPECT_FALSE(r.signalled);
    EXPECT_EQ(r.code, fplab::cli::kExitBadInput);
}

// scripts/run.sh echoes each demo command before running it: the echo must paste back into a shell
// as the same words (the eval demo's expression has spaces and parentheses).
TEST(CliEndToEnd, RunShEchoesDemoCommandsThatPasteBack) {
    const std::string runSh = readFile(std::filesystem::path(FPLAB_SOURCE_DIR) / "scripts/run.sh");
    EXPECT_NE(runSh.find("echo \"\\$ fplab-cli $(fplab_shell_words \"$@\")\""), std::string::npos) << runSh;
    const auto dir = std::filesystem::temp_directory_path() /
                     ("fplab-run-sh-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "paste.sh") << "source '" FPLAB_SOURCE_DIR "/scripts/common.sh'\n"
                                       "line=$(fplab_shell_words eval 'fp16(1) + fp16(2^-11)' --steps)\n"
                                       "echo \"$line\"\n"
                                       "eval \"'" FPLAB_CLI_EXECUTABLE "' $line\"\n"
                                       "eval \"set -- $(fplab_shell_words 'a b' \"it's\" '' '$x' plain)\"\n"
                                       "printf '[%s]' \"$@\"\n";
    const int status = std::system(
        ("bash '" + (dir / "paste.sh").string() + "' > '" + (dir / "out").string() + "' 2>&1").c_str());
    const std::string out = readFile(dir / "out");
    std::filesystem::remove_all(dir);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out;
    const ExeRun direct = runExecutable("eval 'fp16(1) + fp16(2^-11)' --steps", "");
    EXPECT_EQ(out, "eval 'fp16(1) + fp16(2^-11)' --steps\n" + direct.out + "[a b][it's][][$x][plain]");
}

} // namespace
