// Picking the lesson language from the interface language.
#include "app/gui/common/lesson_language.h"

#include "lessons/value_text.h"

#include <QStringList>

namespace fplab::gui {

lessons::Language lessonLanguageFor(const QString& interfaceLanguage) {
    return interfaceLanguage == QLatin1String("zh_CN") ? lessons::Language::Chinese : lessons::Language::English;
}

QString uiText(lessons::Language language, const lessons::LocalText& text) {
    return QString::fromStdString(text.in(language));
}

QString flagText(std::uint8_t flags, lessons::Language language) {
    return QString::fromStdString(lessons::flagWords(flags, language));
}

namespace {
bool isCjk(QChar c) {
    const char16_t u = c.unicode();
    return (u >= 0x2E80 && u <= 0x9FFF) || (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFF00 && u <= 0xFFEF);
}
bool startsBlock(const QString& line) {
    const QString t = line.trimmed();
    if (t.isEmpty()) return true;
    const QChar c = t.front();
    return c == QLatin1Char('-') || c == QLatin1Char('*') || c == QLatin1Char('#') || c == QLatin1Char('>') ||
           c == QLatin1Char('|') || c == QLatin1Char('`') || c == QLatin1Char('~') || c.isDigit();
}
} // namespace

QString joinCjkLineBreaks(const QString& markdown) {
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    QString out;
    bool inCode = false;
    for (int i = 0; i < lines.size(); ++i) {
        const QString& line = lines[i];
        if (line.trimmed().startsWith(QLatin1String("```")) || line.trimmed().startsWith(QLatin1String("~~~")))
            inCode = !inCode;
        out += line;
        if (i + 1 == lines.size()) break;
        const bool join = !inCode && !line.isEmpty() && isCjk(line.back()) && !startsBlock(lines[i + 1]);
        if (!join) out += QLatin1Char('\n');
    }
    return out;
}

} // namespace fplab::gui
