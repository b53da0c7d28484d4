#include "core/training/transformer/text_file.h"

#include <fstream>

namespace fplab::training {

TextFile readTextFile(const std::string& path, std::size_t maxBytes) {
    TextFile file;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        file.problem = TextFileProblem::CannotOpen;
        return file;
    }
    char buffer[65536];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        file.bytes.append(buffer, std::size_t(in.gcount()));
        if (file.bytes.size() > maxBytes) {
            file.bytes.clear();
            file.problem = TextFileProblem::TooLarge;
            return file;
        }
    }
    if (in.bad()) {
        file.bytes.clear();
        file.problem = TextFileProblem::CannotRead;
    }
    return file;
}

} // namespace fplab::training
