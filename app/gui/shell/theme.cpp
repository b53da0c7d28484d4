// Palettes and bit-field colours. The field colours follow the convention of the
// online float visualisers: sign blue, exponent green, mantissa red/orange.
#include "app/gui/shell/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace fplab::gui {

ThemeMode themeModeFromName(const QString& name) {
    if (name == QLatin1String("light")) return ThemeMode::Light;
    if (name == QLatin1String("dark")) return ThemeMode::Dark;
    return ThemeMode::System;
}

QString themeModeName(ThemeMode mode) {
    switch (mode) {
    case ThemeMode::Light: return QStringLiteral("light");
    case ThemeMode::Dark: return QStringLiteral("dark");
    case ThemeMode::System: break;
    }
    return QStringLiteral("system");
}

ThemeManager::ThemeManager(QObject* parent) : QObject(parent) {
    // Fusion draws every palette faithfully; native styles may ignore a dark palette.
    if (QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"))) QApplication::setStyle(fusion);
    m_systemPalette = QApplication::palette();
}

void ThemeManager::apply(ThemeMode mode) {
    m_mode = mode;
    switch (mode) {
    case ThemeMode::Light: QApplication::setPalette(lightPalette()); break;
    case ThemeMode::Dark: QApplication::setPalette(darkPalette()); break;
    case ThemeMode::System: QApplication::setPalette(m_systemPalette); break;
    }
    emit themeChanged();
}

QPalette ThemeManager::lightPalette() {
    QPalette p(QColor(0xef, 0xf0, 0xf1));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf6, 0xf7));
    p.setColor(QPalette::Text, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::WindowText, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::ButtonText, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xfb, 0xe6));
    p.setColor(QPalette::ToolTipText, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::Link, QColor(0x29, 0x80, 0xb9));
    p.setColor(QPalette::PlaceholderText, QColor(0x70, 0x77, 0x7f));
    return p;
}

QPalette ThemeManager::darkPalette() {
    const QColor window(0x2a, 0x2e, 0x32), base(0x1b, 0x1e, 0x20), text(0xfc, 0xfc, 0xfc);
    QPalette p(window);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x31, 0x36, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x60, 0x60));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
    p.setColor(QPalette::HighlightedText, QColor(0x0d, 0x0f, 0x10));
    p.setColor(QPalette::ToolTipBase, QColor(0x31, 0x36, 0x3b));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Link, QColor(0x6c, 0xc4, 0xf5));
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0xa0, 0xa6));
    p.setColor(QPalette::Light, QColor(0x47, 0x4d, 0x54));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3f, 0x45));
    p.setColor(QPalette::Mid, QColor(0x24, 0x27, 0x2b));
    p.setColor(QPalette::Dark, QColor(0x18, 0x1a, 0x1c));
    p.setColor(QPalette::Shadow, Qt::black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x7f, 0x84, 0x8a));
    return p;
}

bool isDarkPalette(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QColor bitFillColor(BitRole role, const QPalette& palette) {
    const bool dark = isDarkPalette(palette);
    switch (role) {
    case BitRole::Sign: return dark ? QColor(0x2b, 0x5d, 0x9c) : QColor(0xb8, 0xd4, 0xf5);
    case BitRole::Exponent: return dark ? QColor(0x2e, 0x7d, 0x46) : QColor(0xbf, 0xe8, 0xc6);
    case BitRole::Mantissa: return dark ? QColor(0x9c, 0x4a, 0x2b) : QColor(0xf8, 0xcf, 0xb8);
    case BitRole::Implicit: return dark ? QColor(0x4a, 0x4f, 0x55) : QColor(0xe6, 0xe6, 0xe6);
    case BitRole::Guard: return dark ? QColor(0x8a, 0x6d, 0x00) : QColor(0xff, 0xe0, 0x70);
    case BitRole::Round: return dark ? QColor(0x7a, 0x3f, 0x8f) : QColor(0xe2, 0xc4, 0xf0);
    case BitRole::Sticky: return dark ? QColor(0x8f, 0x2f, 0x4f) : QColor(0xf5, 0xb5, 0xc8);
    case BitRole::Discarded: return dark ? QColor(0x3a, 0x3d, 0x40) : QColor(0xf0, 0xf0, 0xf0);
    case BitRole::Integer: return dark ? QColor(0x2b, 0x6f, 0x7a) : QColor(0xb8, 0xe6, 0xec);
    case BitRole::Plain: break;
    }
    return palette.color(QPalette::Base);
}

QColor bitTextColor(BitRole role, const QPalette& palette) {
    if (role == BitRole::Discarded || role == BitRole::Implicit) return palette.color(QPalette::PlaceholderText);
    return palette.color(QPalette::Text);
}

QColor warningColor(const QPalette& palette) {
    return isDarkPalette(palette) ? QColor(0xff, 0x9e, 0x5e) : QColor(0xb3, 0x40, 0x00);
}

QColor okColor(const QPalette& palette) {
    return isDarkPalette(palette) ? QColor(0x7f, 0xd6, 0x8c) : QColor(0x1e, 0x7a, 0x34);
}

} // namespace fplab::gui
