// An output stream buffer over a C stream (std::FILE*) that remembers why the first write failed.
// std::ofstream and std::cout only say that a write failed; a full disk should be named as one.
#pragma once

#include <cstdio>
#include <iosfwd>
#include <streambuf>
#include <string>

namespace fplab::platform {

class FileOutputBuffer final : public std::streambuf {
public:
    // Does not own `file`: the caller closes it.
    explicit FileOutputBuffer(std::FILE* file) : m_file(file) {}

    // The errno of the first write or flush that failed; 0 while none has.
    int error() const { return m_error; }
    // error() as words ("No space left on device"); empty while none has failed.
    std::string errorText() const;

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

private:
    void fail();

    std::FILE* m_file;
    int m_error = 0;
};

// Why `stream` failed to write: the words of its FileOutputBuffer's error when it has one, otherwise a
// general "write error". Call it only for a stream in a failed state.
std::string writeFailureText(const std::ostream& stream);

} // namespace fplab::platform
