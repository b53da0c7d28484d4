// The light and dark palettes: every colour group is set, disabled text and button text are clearly
// fainter than enabled (so a disabled control never looks usable), and in the dark theme the check
// box and radio button indicators stand out from the window and from the base (rendered and measured).
#include "app/gui/shell/theme.h"
#include "contrast.h"
#include "gui_fixture.h"

#include <QApplication>
#include <QCheckBox>
#include <QImage>
#include <QPainter>
#include <QRadioButton>
#include <QStyle>
#include <QStyleOption>

#include <gtest/gtest.h>

#include <cmath>

namespace fplab::gui {
namespace {

using testing::contrast;

struct Pair {
    QPalette::ColorRole text, background;
    const char* name;
};
const Pair kPairs[] = {{QPalette::WindowText, QPalette::Window, "window text"},
                       {QPalette::Text, QPalette::Base, "text"},
                       {QPalette::ButtonText, QPalette::Button, "button text"}};

void expectDisabledLooksDisabled(const QPalette& p, const char* theme) {
    for (const Pair& pair : kPairs) {
        const double enabled = contrast(p.color(QPalette::Active, pair.text),
                                        p.color(QPalette::Active, pair.background));
        const double disabled = contrast(p.color(QPalette::Disabled, pair.text),
                                         p.color(QPalette::Disabled, pair.background));
        EXPECT_GE(enabled, 7.0) << theme << " " << pair.name;
        // Clearly fainter, yet still legible.
        EXPECT_LE(disabled, enabled / 2) << theme << " " << pair.name << ": enabled " << enabled << ", disabled "
                                         << disabled;
        EXPECT_GE(disabled, 2.0) << theme << " " << pair.name;
    }
    // The inactive group (another window has the focus) is the enabled one.
    for (int role = 0; role < QPalette::NColorRoles; ++role) {
        if (role == QPalette::NoRole) continue;
        const auto r = QPalette::ColorRole(role);
        EXPECT_EQ(p.color(QPalette::Inactive, r), p.color(QPalette::Active, r)) << theme << " role " << role;
    }
}

TEST(Theme, DisabledTextIsClearlyFainterInTheLightTheme) {
    expectDisabledLooksDisabled(ThemeManager::lightPalette(), "light");
}

TEST(Theme, DisabledTextIsClearlyFainterInTheDarkTheme) {
    expectDisabledLooksDisabled(ThemeManager::darkPalette(), "dark");
}

// The largest contrast any pixel of the widget's indicator has with both the window and the base.
double indicatorContrast(QWidget& w, QStyle::SubElement element) {
    w.resize(w.sizeHint());
    const QImage image = w.grab().toImage();
    QStyleOptionButton option;
    option.initFrom(&w);
    option.rect = w.rect();
    const QRect indicator = w.style()->subElementRect(element, &option, &w).intersected(image.rect());
    const QPalette& p = w.palette();
    double best = 0;
    for (int y = indicator.top(); y <= indicator.bottom(); ++y)
        for (int x = indicator.left(); x <= indicator.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            best = std::max(best,
                            std::min(contrast(c, p.color(QPalette::Window)), contrast(c, p.color(QPalette::Base))));
        }
    return best;
}

TEST(Theme, CheckBoxesAndRadioButtonsStandOutInTheDarkTheme) {
    testing::GuiHarness h;
    h.theme().apply(ThemeMode::Dark);
    for (const bool enabled : {true, false}) {
        QCheckBox check(QStringLiteral("Master weights"));
        QRadioButton radio(QStringLiteral("CPU (emulated)"));
        check.setEnabled(enabled);
        radio.setEnabled(enabled);
        // WCAG's 3:1 for the parts of a control; a disabled one may be fainter but must still show.
        const double needed = enabled ? 3.0 : 1.8;
        EXPECT_GE(indicatorContrast(check, QStyle::SE_CheckBoxIndicator), needed) << "check box, enabled " << enabled;
        EXPECT_GE(indicatorContrast(radio, QStyle::SE_RadioButtonIndicator), needed)
            << "radio button, enabled " << enabled;
    }
}

TEST(Theme, AppliedPalettesReachTheWidgets) {
    testing::GuiHarness h;
    for (const ThemeMode mode : {ThemeMode::Light, ThemeMode::Dark}) {
        h.theme().apply(mode);
        QCheckBox box(QStringLiteral("x"));
        box.setEnabled(false);
        EXPECT_NE(box.palette().color(QPalette::Disabled, QPalette::WindowText),
                  box.palette().color(QPalette::Active, QPalette::WindowText));
    }
}

} // namespace
} // namespace fplab::gui
