// A file's bytes, memory-mapped read-only (POSIX mmap), so that a multi-gigabyte checkpoint is read only
// where a tensor is used. An empty file maps to no bytes.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace fplab::tensorfiles {

class MappedFile {
public:
    // Nothing mapped, and error() says why ("cannot open 'x': No such file or directory"), on failure.
    static MappedFile open(const std::string& path);
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    std::span<const std::uint8_t> bytes() const { return {m_data, m_size}; }

private:
    MappedFile() = default;
    void release();

    const std::uint8_t* m_data = nullptr;
    std::size_t m_size = 0;
    std::string m_error;
};

} // namespace fplab::tensorfiles
