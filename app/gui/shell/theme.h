// Light and dark palettes (or the system's), and the colours every view uses for bit fields.
#pragma once

#include <QColor>
#include <QObject>
#include <QPalette>
#include <QString>

namespace fplab::gui {

enum class ThemeMode { System, Light, Dark };

ThemeMode themeModeFromName(const QString& name);
QString themeModeName(ThemeMode mode);

class ThemeManager final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ThemeManager)

public:
    // Remembers the palette the platform gave the application, for ThemeMode::System.
    explicit ThemeManager(QObject* parent = nullptr);

    void apply(ThemeMode mode);
    ThemeMode mode() const { return m_mode; }

    static QPalette lightPalette();
    static QPalette darkPalette();

signals:
    void themeChanged();

private:
    ThemeMode m_mode = ThemeMode::System;
    QPalette m_systemPalette;
};

// True when the application palette is a dark one (light text on a dark window).
bool isDarkPalette(const QPalette& palette);

// The role a bit plays where it is drawn: its field in a format, or its place in a rounding step.
enum class BitRole { Sign, Exponent, Mantissa, Implicit, Guard, Round, Sticky, Discarded, Plain, Integer };

// The fill colour of a bit cell of that role, readable on the given palette.
QColor bitFillColor(BitRole role, const QPalette& palette);
// A text colour that reads well on bitFillColor(role, palette).
QColor bitTextColor(BitRole role, const QPalette& palette);
// Colours for warnings (overflow, underflow) and for good news (exact).
QColor warningColor(const QPalette& palette);
QColor okColor(const QPalette& palette);

} // namespace fplab::gui
