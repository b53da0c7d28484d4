#include "app/tensor_files/mapped_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace fplab::tensorfiles {

MappedFile MappedFile::open(const std::string& path) {
    MappedFile f;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        f.m_error = "cannot open '" + path + "': " + std::strerror(errno);
        return f;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        f.m_error = "'" + path + "' is not a regular file";
        ::close(fd);
        return f;
    }
    f.m_size = static_cast<std::size_t>(st.st_size);
    if (f.m_size > 0) {
        void* p = ::mmap(nullptr, f.m_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            f.m_error = "cannot map '" + path + "': " + std::strerror(errno);
            f.m_size = 0;
        } else {
            f.m_data = static_cast<const std::uint8_t*>(p);
        }
    }
    ::close(fd); // the mapping stays valid
    return f;
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : m_data(std::exchange(other.m_data, nullptr)), m_size(std::exchange(other.m_size, 0)),
      m_error(std::move(other.m_error)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        release();
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_error = std::move(other.m_error);
    }
    return *this;
}

MappedFile::~MappedFile() { release(); }

void MappedFile::release() {
    if (m_data != nullptr) ::munmap(const_cast<std::uint8_t*>(m_data), m_size);
    m_data = nullptr;
    m_size = 0;
}

} // namespace fplab::tensorfiles
