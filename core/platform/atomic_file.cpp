// Temporary file, flush, check, rename; see atomic_file.h.
#include "core/platform/atomic_file.h"

#include <cerrno>
#include <random>
#include <system_error>

namespace fs = std::filesystem;

namespace fplab::platform {

namespace {

std::string errnoText(int error) { return std::generic_category().message(error != 0 ? error : EIO); }

// ".NAME.tmp-1a2b3c4d": hidden, next to the target (a rename across file systems would not be atomic).
fs::path temporaryNameFor(const fs::path& target, std::mt19937& random) {
    static const char* const digits = "0123456789abcdef";
    std::string name = ".";
    name += target.filename().string();
    name += ".tmp-";
    for (int i = 0; i < 8; ++i) name += digits[random() % 16];
    return target.parent_path() / name;
}

} // namespace

AtomicFile::AtomicFile(fs::path target) : m_target(std::move(target)), m_final(m_target) {}

AtomicFile::~AtomicFile() { discard(); }

std::optional<std::string> AtomicFile::open() {
    discard();
    if (m_target.empty() || !m_target.has_filename()) return std::string("not a file name");
    std::error_code ec;
    const fs::file_status status = fs::status(m_target, ec);
    if (fs::is_directory(status)) return std::string("it is a directory");
    errno = 0;
    if (fs::exists(status) && !fs::is_regular_file(status)) {
        // A device or a pipe: it cannot be replaced, and a half write leaves no file behind.
        m_file = std::fopen(m_target.c_str(), "wb");
        if (!m_file) return errnoText(errno);
    } else {
        m_final = fs::is_symlink(fs::symlink_status(m_target, ec)) ? fs::canonical(m_target, ec) : m_target;
        if (ec || m_final.empty()) m_final = m_target;
        std::mt19937 random(std::random_device{}());
        for (int attempt = 0; attempt < 16 && !m_file; ++attempt) {
            m_temporary = temporaryNameFor(m_final, random);
            errno = 0;
            m_file = std::fopen(m_temporary.c_str(), "wbx"); // 'x': never open a file that already exists
            if (!m_file && errno != EEXIST) break;
        }
        if (!m_file) {
            const int error = errno;
            m_temporary.clear();
            return errnoText(error);
        }
    }
    m_buffer = std::make_unique<FileOutputBuffer>(m_file);
    m_stream.rdbuf(m_buffer.get());
    m_stream.clear();
    return std::nullopt;
}

std::ostream& AtomicFile::stream() { return m_stream; }

std::optional<std::string> AtomicFile::closeFile() {
    std::optional<std::string> error;
    m_stream.flush();
    if (m_buffer && m_buffer->error()) error = m_buffer->errorText();
    else if (!m_stream) error = "write error";
    errno = 0;
    if (std::fclose(m_file) != 0 && !error) error = errnoText(errno);
    m_file = nullptr;
    m_stream.rdbuf(nullptr);
    m_buffer.reset();
    return error;
}

std::optional<std::string> AtomicFile::commit() {
    if (!m_file) return std::string("the file was not opened");
    if (std::optional<std::string> error = closeFile()) {
        discard();
        return error;
    }
    if (m_temporary.empty()) return std::nullopt; // written in place
    std::error_code ec;
    const fs::file_status existing = fs::status(m_final, ec);
    if (fs::exists(existing)) fs::permissions(m_temporary, existing.permissions(), ec); // best effort
    fs::rename(m_temporary, m_final, ec);
    if (ec) {
        discard();
        return "cannot replace it: " + ec.message();
    }
    m_temporary.clear();
    return std::nullopt;
}

void AtomicFile::discard() {
    if (m_file) closeFile();
    if (!m_temporary.empty()) {
        std::error_code ec;
        fs::remove(m_temporary, ec);
        m_temporary.clear();
    }
}

std::optional<std::string> writeFileAtomically(const fs::path& target, std::string_view contents) {
    AtomicFile file(target);
    if (std::optional<std::string> error = file.open()) return error;
    file.stream().write(contents.data(), std::streamsize(contents.size()));
    return file.commit();
}

} // namespace fplab::platform
