// Language codes for lesson files and the command line.
#include "lessons/local_text.h"

#include <cctype>

namespace fplab::lessons {

std::string_view languageCode(Language language) { return language == Language::Chinese ? "zh_CN" : "en"; }

std::optional<Language> parseLanguage(std::string_view code) {
    std::string lower;
    for (char c : code) lower += char(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "en" || lower == "english") return Language::English;
    if (lower == "zh_cn" || lower == "zh-cn" || lower == "zh" || lower == "chinese") return Language::Chinese;
    return std::nullopt;
}

} // namespace fplab::lessons
