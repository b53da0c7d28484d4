// Reading the UTF-8 text a TextTask is made from, for both front ends: the bytes of a file up to a limit, or
// which problem stopped the reading (each front end words it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace fplab::training {

enum class TextFileProblem : std::uint8_t { None, CannotOpen, TooLarge, CannotRead };

struct TextFile {
    std::string bytes;
    TextFileProblem problem = TextFileProblem::None;
};

inline constexpr std::size_t kMaxTextFileBytes = std::size_t(64) << 20; // 64 MiB

TextFile readTextFile(const std::string& path, std::size_t maxBytes = kMaxTextFileBytes);

} // namespace fplab::training
