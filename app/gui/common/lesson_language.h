// The language of the lesson content (lesson files, experiment labels): the app's interface
// language. The section's own strings go through tr() like the rest of the app.
#pragma once

#include "lessons/local_text.h"

#include <QString>

#include <cstdint>

namespace fplab::gui {

// English or Chinese for an interface language code ("en", "zh_CN"); shell/language.h's
// lessonLanguage(settings) reads the code from the settings.
lessons::Language lessonLanguageFor(const QString& interfaceLanguage);
// The text of `text` in `language`.
QString uiText(lessons::Language language, const lessons::LocalText& text);
// IEEE flags as words in the language: "overflow, inexact" / "上溢、不精确"; "none" / "无".
QString flagText(std::uint8_t flags, lessons::Language language);
// Markdown turns a line break inside a paragraph into a space, which shows in Chinese text:
// joins such breaks after a CJK character (code blocks and list items are left alone).
QString joinCjkLineBreaks(const QString& markdown);

} // namespace fplab::gui
