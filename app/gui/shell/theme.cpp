// The light and dark palettes.
#include "app/gui/shell/theme.h"

#include <QApplication>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>

#include <memory>
#include <utility>

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

namespace {

// One colour per palette role; a palette is built from two of these, the enabled colours (Active and
// Inactive) and the Disabled ones, so that no group is left to Qt's defaults.
struct RoleColors {
    QColor window, windowText, base, alternateBase, text, button, buttonText, brightText, highlight, highlightedText,
        toolTipBase, toolTipText, link, linkVisited, placeholderText, light, midlight, mid, dark, shadow;
};

void setGroup(QPalette& p, QPalette::ColorGroup group, const RoleColors& c) {
    const std::pair<QPalette::ColorRole, QColor> roles[] = {
        {QPalette::Window, c.window},
        {QPalette::WindowText, c.windowText},
        {QPalette::Base, c.base},
        {QPalette::AlternateBase, c.alternateBase},
        {QPalette::Text, c.text},
        {QPalette::Button, c.button},
        {QPalette::ButtonText, c.buttonText},
        {QPalette::BrightText, c.brightText},
        {QPalette::Highlight, c.highlight},
        {QPalette::HighlightedText, c.highlightedText},
        {QPalette::ToolTipBase, c.toolTipBase},
        {QPalette::ToolTipText, c.toolTipText},
        {QPalette::Link, c.link},
        {QPalette::LinkVisited, c.linkVisited},
        {QPalette::PlaceholderText, c.placeholderText},
        {QPalette::Light, c.light},
        {QPalette::Midlight, c.midlight},
        {QPalette::Mid, c.mid},
        {QPalette::Dark, c.dark},
        {QPalette::Shadow, c.shadow},
    };
    for (const auto& [role, colour] : roles) p.setColor(group, role, colour);
}

QPalette buildPalette(const RoleColors& enabled, const RoleColors& disabled) {
    QPalette p;
    setGroup(p, QPalette::Active, enabled);
    setGroup(p, QPalette::Inactive, enabled);
    setGroup(p, QPalette::Disabled, disabled);
    return p;
}

// The disabled colours: grey text, and fields and buttons flat on the window, so that nothing
// disabled looks usable.
RoleColors disabledFrom(const RoleColors& on, const QColor& grey, const QColor& placeholder, const QColor& highlight,
                        const QColor& highlightedText) {
    RoleColors off = on;
    off.windowText = off.text = off.buttonText = off.link = off.linkVisited = grey;
    off.placeholderText = placeholder;
    off.base = off.button = on.window;
    off.highlight = highlight;
    off.highlightedText = highlightedText;
    return off;
}

// Fusion outlines check boxes and radio buttons with a shade darker than the window: on a dark
// window that outline vanishes. On dark palettes the indicators are drawn with a window colour whose
// darker shade is a light grey, so that the ring stands out from the window and from the base.
class IndicatorStyle final : public QProxyStyle {
public:
    using QProxyStyle::QProxyStyle;
    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override {
        if ((element == PE_IndicatorCheckBox || element == PE_IndicatorRadioButton) && isDarkPalette(option->palette)) {
            std::unique_ptr<QStyleOption> copy;
            if (const auto* button = qstyleoption_cast<const QStyleOptionButton*>(option))
                copy = std::make_unique<QStyleOptionButton>(*button);
            else copy = std::make_unique<QStyleOption>(*option);
            const bool enabled = option->state & State_Enabled;
            copy->palette.setColor(QPalette::Window, enabled ? QColor(0xe4, 0xe8, 0xed) : QColor(0x9a, 0xa0, 0xa6));
            QProxyStyle::drawPrimitive(element, copy.get(), painter, widget);
            return;
        }
        QProxyStyle::drawPrimitive(element, option, painter, widget);
    }
};

} // namespace

ThemeManager::ThemeManager(QObject* parent) : QObject(parent) {
    // Fusion draws every palette faithfully; native styles may ignore a dark palette.
    if (QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(new IndicatorStyle(fusion));
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
    const QColor window(0xef, 0xf0, 0xf1), text(0x23, 0x26, 0x29), grey(0x9a, 0x9e, 0xa3);
    RoleColors on;
    on.window = window;
    on.windowText = text;
    on.base = Qt::white;
    on.alternateBase = QColor(0xf5, 0xf6, 0xf7);
    on.text = text;
    on.button = window;
    on.buttonText = text;
    on.brightText = QColor(0xc0, 0x20, 0x20);
    on.highlight = QColor(0x2b, 0x74, 0xa8); // white on it 5.0:1 (WCAG AA asks 4.5:1)
    on.highlightedText = Qt::white;
    on.toolTipBase = QColor(0xff, 0xfb, 0xe6);
    on.toolTipText = text;
    on.link = QColor(0x1f, 0x6f, 0xa3);
    on.linkVisited = QColor(0x7f, 0x4b, 0xa8);
    on.placeholderText = QColor(0x5f, 0x66, 0x6d);
    const QPalette shades(window); // the bevel shades Qt derives from the window colour
    on.light = shades.color(QPalette::Light);
    on.midlight = shades.color(QPalette::Midlight);
    on.mid = shades.color(QPalette::Mid);
    on.dark = shades.color(QPalette::Dark);
    on.shadow = shades.color(QPalette::Shadow);
    return buildPalette(
        on, disabledFrom(on, grey, QColor(0xb4, 0xb8, 0xbc), QColor(0xc4, 0xcb, 0xd1), QColor(0x6a, 0x70, 0x76)));
}

QPalette ThemeManager::darkPalette() {
    const QColor window(0x2a, 0x2e, 0x32), base(0x1b, 0x1e, 0x20), text(0xfc, 0xfc, 0xfc), grey(0x6e, 0x74, 0x7a);
    RoleColors on;
    on.window = window;
    on.windowText = text;
    on.base = base;
    on.alternateBase = QColor(0x23, 0x26, 0x29);
    on.text = text;
    on.button = QColor(0x31, 0x36, 0x3b);
    on.buttonText = text;
    on.brightText = QColor(0xff, 0x60, 0x60);
    on.highlight = QColor(0x3d, 0xae, 0xe9);
    on.highlightedText = QColor(0x0d, 0x0f, 0x10);
    on.toolTipBase = QColor(0x31, 0x36, 0x3b);
    on.toolTipText = text;
    on.link = QColor(0x6c, 0xc4, 0xf5);
    on.linkVisited = QColor(0xb4, 0x8e, 0xe0);
    on.placeholderText = QColor(0x9a, 0xa0, 0xa6);
    on.light = QColor(0x47, 0x4d, 0x54);
    on.midlight = QColor(0x3a, 0x3f, 0x45);
    on.mid = QColor(0x24, 0x27, 0x2b);
    on.dark = QColor(0x18, 0x1a, 0x1c);
    on.shadow = Qt::black;
    return buildPalette(on, disabledFrom(on, grey, QColor(0x55, 0x5a, 0x60), QColor(0x3a, 0x4a, 0x56), grey));
}

} // namespace fplab::gui
