// Writes go straight to the C stream (whose own buffer batches them); the first failure is kept.
#include "core/platform/file_output_buffer.h"

#include <cerrno>
#include <ostream>
#include <system_error>

namespace fplab::platform {

void FileOutputBuffer::fail() {
    // The C standard leaves errno unspecified after a failed fwrite; POSIX sets it. EIO when it is not.
    if (m_error == 0) m_error = errno != 0 ? errno : EIO;
}

std::string FileOutputBuffer::errorText() const {
    return m_error ? std::generic_category().message(m_error) : std::string();
}

FileOutputBuffer::int_type FileOutputBuffer::overflow(int_type c) {
    if (traits_type::eq_int_type(c, traits_type::eof()))
        return sync() == 0 ? traits_type::not_eof(c) : traits_type::eof();
    if (m_error) return traits_type::eof();
    errno = 0;
    if (std::fputc(traits_type::to_char_type(c), m_file) == EOF) {
        fail();
        return traits_type::eof();
    }
    return c;
}

std::streamsize FileOutputBuffer::xsputn(const char* s, std::streamsize n) {
    if (m_error) return 0;
    errno = 0;
    const std::size_t written = std::fwrite(s, 1, std::size_t(n), m_file);
    if (written < std::size_t(n)) fail();
    return std::streamsize(written);
}

int FileOutputBuffer::sync() {
    if (m_error) return -1;
    errno = 0;
    if (std::fflush(m_file) != 0 || std::ferror(m_file)) {
        fail();
        return -1;
    }
    return 0;
}

std::string writeFailureText(const std::ostream& stream) {
    if (const auto* buffer = dynamic_cast<const FileOutputBuffer*>(stream.rdbuf()); buffer && buffer->error())
        return buffer->errorText();
    return "write error";
}

} // namespace fplab::platform
