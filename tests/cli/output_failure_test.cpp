// Output that cannot be written is an error, never a silent success: every command's standard output
// to /dev/full (a device that is always full), and the files `train` writes, which are either complete
// or not there (never half written under the user's name).
#include "app/cli/cli_options.h"
#include "tests/cli/cli_run.h"

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fplab::cli::test {
namespace {

namespace fs = std::filesystem;

struct ExeResult {
    int code = -1;
    std::string out; // empty when standard output went elsewhere
    std::string err;
};

std::string readFile(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

class OutputFailure : public ::testing::Test {
protected:
    void SetUp() override {
        if (!fs::is_character_file("/dev/full")) GTEST_SKIP() << "no /dev/full here";
        m_dir = fs::temp_directory_path() /
                ("fplab-cli-output-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir / "files");
    }
    void TearDown() override { fs::remove_all(m_dir); }

    // Runs `fplab-cli ARGS` through bash with standard output going to `stdoutTo` (a path, or a file
    // in the scratch folder when empty); `prefix` runs first in the same shell (ulimit, trap).
    ExeResult run(const std::string& args, const std::string& input, const std::string& stdoutTo = {},
                  const std::string& prefix = {}) {
        std::ofstream(m_dir / "in", std::ios::binary) << input;
        const std::string out = stdoutTo.empty() ? (m_dir / "out").string() : stdoutTo;
        const std::string script = prefix + "exec '" FPLAB_CLI_EXECUTABLE "' " + args + " < '" +
                                   (m_dir / "in").string() + "' > '" + out + "' 2> '" + (m_dir / "err").string() +
                                   "'\n";
        std::ofstream(m_dir / "run.sh") << script;
        const int status = std::system(("bash '" + (m_dir / "run.sh").string() + "'").c_str());
        ExeResult r;
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (stdoutTo.empty()) r.out = readFile(m_dir / "out");
        r.err = readFile(m_dir / "err");
        return r;
    }
    std::vector<std::string> filesLeft() const {
        std::vector<std::string> names;
        for (const auto& e : fs::directory_iterator(m_dir / "files")) names.push_back(e.path().filename().string());
        return names;
    }
    fs::path m_dir;
};

TEST_F(OutputFailure, EveryCommandReportsAFullStandardOutput) {
    struct Case {
        std::string args, input, command;
    };
    const std::vector<Case> cases = {
        {"batch", "add fp16 rne 3c00 3c00\n", "batch"},
        {"show 0.1 --format fp16", "", "show"},
        {"eval 'fp16(1) + fp16(2^-11)' --steps", "", "eval"},
        {"lesson run 8 --lang zh_CN", "", "lesson"},
        {"lesson list --json", "", "lesson"},
        {"help", "", "help"},
        {"help show", "", "help"},
        {"--version", "", "version"},
        {"train --steps 5", "", "train"},
        {"mma --arch sm_80 --in fp16 --acc fp32 --k 1", "3c00 3c00 0\n", "mma"},
        {"gpu info", "", "gpu"},
    };
    for (const Case& c : cases) {
        const ExeResult r = run(c.args, c.input, "/dev/full");
        EXPECT_EQ(r.code, kExitOutput) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find("fplab-cli " + c.command + ": cannot write to standard output: No space left on device\n"),
                  std::string::npos)
            << c.args << "\n"
            << r.err;
    }
}

// Endless input (yes) to a full output: the batch stops at its first failed block instead of reading forever.
TEST_F(OutputFailure, ABatchStopsWhenItsOutputCannotBeWritten) {
    const std::string command = "yes 'add fp16 rne 3c00 3c00' | timeout 60 '" FPLAB_CLI_EXECUTABLE
                                "' batch > /dev/full 2> '" +
                                (m_dir / "err").string() + "'";
    const int status = std::system(("bash -c \"" + command + "\"").c_str());
    EXPECT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), kExitOutput); // 124: still running after 60 s
    EXPECT_EQ(readFile(m_dir / "err"), "fplab-cli batch: cannot write to standard output: No space left on device\n");
}

TEST_F(OutputFailure, TheDocumentedCodesStayAsTheyWere) {
    const ExeResult ok = run("show 0.1", "");
    EXPECT_EQ(ok.code, kExitOk);
    EXPECT_EQ(ok.err, "");
    const ExeResult bad = run("batch", "add fp17 rne 3c00 3c00\n");
    EXPECT_EQ(bad.code, kExitBadInput);
    const ExeResult help = run("help", "");
    EXPECT_NE(help.out.find("6 output could not be written"), std::string::npos) << help.out;
}

// In process: a stream that fails without a FileOutputBuffer still turns success into kExitOutput.
TEST_F(OutputFailure, RunCliChecksTheStreamsItIsGiven) {
    std::istringstream in;
    std::ostringstream out, err;
    out.setstate(std::ios::badbit);
    const std::string_view args[] = {"show", "1"};
    EXPECT_EQ(runCli(args, {in, out, err}), kExitOutput);
    EXPECT_EQ(err.str(), "fplab-cli show: cannot write to standard output: write error\n");
}

TEST_F(OutputFailure, TrainGridAndCsvToAFullDevice) {
    for (const char* option : {"--grid", "--csv"}) {
        const ExeResult r = run(std::string("train --steps 5 ") + option + " /dev/full", "");
        EXPECT_EQ(r.code, kExitOutput) << option << "\n" << r.err;
        EXPECT_EQ(r.err, "fplab-cli train: cannot write '/dev/full': No space left on device\n") << option;
        EXPECT_EQ(r.out.find("written to"), std::string::npos) << option << "\n" << r.out;
    }
}

TEST_F(OutputFailure, TrainFilesInAFolderThatIsNotThere) {
    const std::string missing = (m_dir / "files" / "missing" / "steps.csv").string();
    for (const char* option : {"--grid", "--csv"}) {
        const ExeResult r = run(std::string("train --steps 5 ") + option + " '" + missing + "'", "");
        EXPECT_EQ(r.code, kExitOutput) << option;
        EXPECT_EQ(r.err, "fplab-cli train: cannot write '" + missing + "': No such file or directory\n") << option;
        EXPECT_EQ(r.out.find("written to"), std::string::npos) << option;
    }
    EXPECT_TRUE(filesLeft().empty());
}

// A write that fails half-way (the file-size limit stands in for a full disk) leaves the file the user
// had under that name as it was, and no temporary file beside it.
TEST_F(OutputFailure, AFailedTrainWriteLeavesNoHalfFile) {
    for (const char* option : {"--grid", "--csv"}) {
        const fs::path target = m_dir / "files" / "result.csv";
        std::ofstream(target) << "the user's old file\n";
        // 8 KiB: more than the error message, less than 400 CSV rows or the 100x100 grid.
        const ExeResult r = run(std::string("train --steps 400 ") + option + " '" + target.string() + "'", "",
                                "/dev/null", "ulimit -f 8\ntrap '' XFSZ\n");
        EXPECT_EQ(r.code, kExitOutput) << option << "\n" << r.err;
        EXPECT_EQ(r.err, "fplab-cli train: cannot write '" + target.string() + "': File too large\n") << option;
        EXPECT_EQ(readFile(target), "the user's old file\n") << option;
        EXPECT_EQ(filesLeft(), std::vector<std::string>{"result.csv"}) << option;
    }
}

TEST_F(OutputFailure, TrainFilesAreWrittenWhole) {
    const fs::path csv = m_dir / "files" / "steps.csv", grid = m_dir / "files" / "grid.csv";
    std::ofstream(csv) << "old\n";
    const ExeResult r = run("train --steps 3 --csv '" + csv.string() + "' --grid '" + grid.string() + "'", "");
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("every step written to " + csv.string()), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("decision boundary (100x100 grid) written to " + grid.string()), std::string::npos) << r.out;
    EXPECT_EQ(readFile(csv).rfind("step,loss,", 0), 0u);
    EXPECT_EQ(readFile(grid).rfind("x,y,class\n", 0), 0u);
    std::vector<std::string> names = filesLeft();
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"grid.csv", "steps.csv"}));
}

} // namespace
} // namespace fplab::cli::test
