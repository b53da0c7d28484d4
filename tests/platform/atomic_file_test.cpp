// AtomicFile and writeFileAtomically: the target is complete or untouched, never half written, and
// every failure (missing folder, read-only folder, full device, a write cut short) comes back named.
#include "core/platform/atomic_file.h"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fplab::platform {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = fs::temp_directory_path() / ("fplab-atomic-" + std::to_string(::getpid()) + "-" +
                                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override {
        std::error_code ec;
        fs::permissions(m_dir, fs::perms::owner_all, fs::perm_options::add, ec);
        fs::remove_all(m_dir, ec);
    }
    static std::string read(const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }
    // The names in the folder: a temporary file left behind would show here.
    std::vector<std::string> names() const {
        std::vector<std::string> n;
        for (const auto& e : fs::directory_iterator(m_dir)) n.push_back(e.path().filename().string());
        std::sort(n.begin(), n.end());
        return n;
    }
    fs::path m_dir;
};

TEST_F(AtomicFileTest, WritesTheContents) {
    EXPECT_EQ(writeFileAtomically(m_dir / "a.csv", "x,y\n1,2\n"), std::nullopt);
    EXPECT_EQ(read(m_dir / "a.csv"), "x,y\n1,2\n");
    EXPECT_EQ(names(), std::vector<std::string>{"a.csv"});
}

TEST_F(AtomicFileTest, ReplacesAFileAndKeepsItsPermissions) {
    std::ofstream(m_dir / "a.csv") << "old contents, longer than the new ones\n";
    fs::permissions(m_dir / "a.csv", fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_EQ(writeFileAtomically(m_dir / "a.csv", "new\n"), std::nullopt);
    EXPECT_EQ(read(m_dir / "a.csv"), "new\n");
    EXPECT_EQ(fs::status(m_dir / "a.csv").permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_EQ(names(), std::vector<std::string>{"a.csv"});
}

TEST_F(AtomicFileTest, WritesThroughASymbolicLink) {
    std::ofstream(m_dir / "real.csv") << "old\n";
    fs::create_symlink("real.csv", m_dir / "link.csv");
    EXPECT_EQ(writeFileAtomically(m_dir / "link.csv", "new\n"), std::nullopt);
    EXPECT_TRUE(fs::is_symlink(m_dir / "link.csv"));
    EXPECT_EQ(read(m_dir / "real.csv"), "new\n");
}

TEST_F(AtomicFileTest, AMissingFolderIsNamed) {
    const std::optional<std::string> error = writeFileAtomically(m_dir / "missing" / "a.csv", "x\n");
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "No such file or directory");
    EXPECT_TRUE(names().empty());
}

TEST_F(AtomicFileTest, AFolderThatRefusesNewFilesIsNamed) {
    // /proc refuses new files even to root (whom a folder's permissions do not stop).
    if (!fs::is_directory("/proc/self")) GTEST_SKIP() << "no /proc here";
    const std::optional<std::string> error = writeFileAtomically("/proc/fplab-atomic-test.csv", "x\n");
    ASSERT_TRUE(error);
    EXPECT_FALSE(error->empty());
    EXPECT_FALSE(fs::exists("/proc/fplab-atomic-test.csv"));
}

TEST_F(AtomicFileTest, AReadOnlyFolderIsNamed) {
    if (::geteuid() == 0)
        GTEST_SKIP() << "root writes into read-only folders (AFolderThatRefusesNewFilesIsNamed covers it)";
    fs::permissions(m_dir, fs::perms::owner_read | fs::perms::owner_exec);
    const std::optional<std::string> error = writeFileAtomically(m_dir / "a.csv", "x\n");
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "Permission denied");
    fs::permissions(m_dir, fs::perms::owner_all);
    EXPECT_TRUE(names().empty());
}

TEST_F(AtomicFileTest, ADirectoryIsNotReplaced) {
    fs::create_directory(m_dir / "d");
    const std::optional<std::string> error = writeFileAtomically(m_dir / "d", "x\n");
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "it is a directory");
    EXPECT_TRUE(fs::is_directory(m_dir / "d"));
}

TEST_F(AtomicFileTest, AFullDeviceIsWrittenInPlaceAndTheFailureNamed) {
    if (!fs::is_character_file("/dev/full")) GTEST_SKIP() << "no /dev/full here";
    const std::optional<std::string> error = writeFileAtomically("/dev/full", "x,y,class\n");
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "No space left on device");
    EXPECT_TRUE(fs::is_character_file("/dev/full")); // not replaced by a regular file
}

TEST_F(AtomicFileTest, NothingIsLeftWithoutCommit) {
    std::ofstream(m_dir / "kept.csv") << "old\n";
    {
        AtomicFile file(m_dir / "kept.csv");
        ASSERT_EQ(file.open(), std::nullopt);
        file.stream() << "half of the new contents";
        AtomicFile fresh(m_dir / "fresh.csv");
        ASSERT_EQ(fresh.open(), std::nullopt);
        fresh.stream() << "row\n";
        EXPECT_EQ(names().size(), 3u); // kept.csv and two temporary files
    }                                  // a cancelled run: both destroyed uncommitted
    EXPECT_EQ(read(m_dir / "kept.csv"), "old\n");
    EXPECT_EQ(names(), std::vector<std::string>{"kept.csv"});
}

TEST_F(AtomicFileTest, StreamsRowsAndCommits) {
    AtomicFile file(m_dir / "steps.csv");
    ASSERT_EQ(file.open(), std::nullopt);
    for (int i = 1; i <= 3; ++i) file.stream() << i << "\n";
    EXPECT_FALSE(fs::exists(m_dir / "steps.csv")); // not under its name before commit
    EXPECT_EQ(file.commit(), std::nullopt);
    EXPECT_EQ(read(m_dir / "steps.csv"), "1\n2\n3\n");
    EXPECT_EQ(names(), std::vector<std::string>{"steps.csv"});
}

// A write cut short (the file-size limit stands in for a full disk) leaves the old file as it was.
TEST_F(AtomicFileTest, AWriteCutShortLeavesTheOldFile) {
    std::ofstream(m_dir / "a.csv") << "old\n";
    const pid_t child = ::fork();
    ASSERT_NE(child, -1);
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{4096, 4096};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const std::optional<std::string> error = writeFileAtomically(m_dir / "a.csv", std::string(1 << 20, 'x'));
        ::_exit(error && *error == "File too large" ? 0 : 1);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the failure was not reported as 'File too large'";
    EXPECT_EQ(read(m_dir / "a.csv"), "old\n");
    EXPECT_EQ(names(), std::vector<std::string>{"a.csv"});
}

} // namespace
} // namespace fplab::platform
