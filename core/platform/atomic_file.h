// Writing a file so that its name never shows a half-written file: the contents go to a temporary
// file in the same folder, which replaces the target (by rename) only once everything was written,
// flushed and closed without error. On any failure the temporary file is removed and the target is
// left as it was. A target that exists and is not a regular file (/dev/stdout, /dev/full, a pipe)
// is written in place, since it cannot be replaced.
//
//   if (const auto error = writeFileAtomically("grid.csv", text)) report("cannot write grid.csv: " + *error);
//
// or, for output produced over time (rows while a run trains):
//
//   AtomicFile file("steps.csv");
//   if (auto error = file.open()) ...;             // fails early: missing folder, no permission
//   file.stream() << row;                          // as often as needed
//   if (auto error = file.commit()) ...;           // the target appears (or is replaced) here
//   // an AtomicFile destroyed without commit() removes its temporary file: a cancelled run leaves nothing
//
// The errors are the reason without the path ("No space left on device"), for the caller to put after it.
// Standard C++ only: the data is flushed to the operating system, not synced to the disk (no fsync).
#pragma once

#include "core/platform/file_output_buffer.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace fplab::platform {

class AtomicFile {
public:
    explicit AtomicFile(std::filesystem::path target);
    ~AtomicFile(); // discard() unless committed
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Creates the temporary file next to the target. nullopt on success, otherwise why it failed.
    std::optional<std::string> open();
    // Where the contents go between open() and commit(); a failed write is remembered for commit().
    std::ostream& stream();
    // Flushes and closes the temporary file and renames it over the target (keeping an existing
    // target's permissions). nullopt on success, otherwise why it failed (the temporary file is gone).
    std::optional<std::string> commit();
    // Removes the temporary file; the target is untouched.
    void discard();

    const std::filesystem::path& target() const { return m_target; }
    bool isOpen() const { return m_file != nullptr; }

private:
    std::optional<std::string> closeFile();

    std::filesystem::path m_target;
    std::filesystem::path m_final;     // the target with symbolic links resolved: what is replaced
    std::filesystem::path m_temporary; // empty when written in place
    std::FILE* m_file = nullptr;
    std::unique_ptr<FileOutputBuffer> m_buffer;
    std::ostream m_stream{nullptr};
};

// The whole contents at once. nullopt on success, otherwise why it failed.
std::optional<std::string> writeFileAtomically(const std::filesystem::path& target, std::string_view contents);

} // namespace fplab::platform
