// Text in the two languages FP Lab ships (English, Simplified Chinese), and the language codes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fplab::lessons {

enum class Language : std::uint8_t { English, Chinese };

// "en" and "zh_CN": the codes in lesson file names and on the command line.
std::string_view languageCode(Language language);
// Accepts "en", "zh_CN", "zh-CN", "zh" (case-insensitive).
std::optional<Language> parseLanguage(std::string_view code);

struct LocalText {
    std::string en;
    std::string zh; // empty: the same as en (numbers, format names)

    LocalText() = default;
    LocalText(std::string english) : en(std::move(english)) {}
    LocalText(const char* english) : en(english) {}
    LocalText(std::string english, std::string chinese) : en(std::move(english)), zh(std::move(chinese)) {}

    const std::string& in(Language language) const { return language == Language::Chinese && !zh.empty() ? zh : en; }
};

} // namespace fplab::lessons
