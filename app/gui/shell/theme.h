// Light and dark palettes (or the system's); the colours every view uses for bit fields are in
// common/bit_colors.h.
#pragma once

#include "app/gui/common/bit_colors.h"

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

} // namespace fplab::gui
