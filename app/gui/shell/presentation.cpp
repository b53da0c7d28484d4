// Zoom, chart contrast and the Present toggle.
#include "app/gui/shell/presentation.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/common/zoomed_fonts.h"
#include "app/gui/shell/app_settings.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QHeaderView>
#include <QTableView>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

QFont Presentation::baseFont() {
    // Taken once, before the first zoom changes the application font.
    static const QFont base = QApplication::font();
    return base;
}

Presentation::Presentation(AppSettings& settings, QObject* parent) : QObject(parent), m_settings(settings) {
    baseFont();
    m_zoomIn = new QAction(this);
    // Ctrl+= too: on most keyboards "+" needs Shift.
    m_zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    connect(m_zoomIn, &QAction::triggered, this, &Presentation::zoomIn);
    m_zoomOut = new QAction(this);
    m_zoomOut->setShortcut(QKeySequence::ZoomOut);
    connect(m_zoomOut, &QAction::triggered, this, &Presentation::zoomOut);
    m_resetZoom = new QAction(this);
    m_resetZoom->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_resetZoom, &QAction::triggered, this, &Presentation::resetZoom);
    m_highContrast = new QAction(this);
    m_highContrast->setCheckable(true);
    m_highContrast->setChecked(settings.highContrastCharts.get());
    connect(m_highContrast, &QAction::toggled, this, &Presentation::setHighContrast);
    m_present = new QAction(this);
    m_present->setCheckable(true);
    // F11 is Full screen; Shift+F11 is the full-screen lesson.
    m_present->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F11));
    connect(m_present, &QAction::toggled, this, &Presentation::presentToggled);
    retranslateUi();
    apply();
}

Presentation::~Presentation() = default;

void Presentation::retranslateUi() {
    m_zoomIn->setText(tr("Zoom &in"));
    m_zoomIn->setToolTip(tr("Larger text everywhere, charts included (Ctrl++)."));
    m_zoomOut->setText(tr("Zoom &out"));
    m_resetZoom->setText(tr("&Reset zoom"));
    m_highContrast->setText(tr("&High-contrast charts"));
    m_highContrast->setToolTip(tr("Strong chart colours and grid lines that stay readable on a projector."));
    m_present->setText(tr("&Present"));
    m_present->setToolTip(
        tr("The lesson full screen, without the sidebar and the lesson list (Shift+F11 again to leave)."));
}

int Presentation::zoomPercent() const { return m_settings.zoomPercent.get(); }

void Presentation::setZoomPercent(int percent) {
    percent = std::clamp(percent, 50, 300);
    if (percent == zoomPercent()) return;
    m_settings.zoomPercent.set(percent);
    apply();
}

void Presentation::setHighContrast(bool on) {
    m_settings.highContrastCharts.set(on);
    if (m_highContrast->isChecked() != on) m_highContrast->setChecked(on);
    apply();
}

void Presentation::apply() {
    QFont font = baseFont();
    const double scale = zoomPercent() / 100.0;
    if (font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * scale);
    else font.setPixelSize(std::max(6, int(font.pixelSize() * scale + 0.5)));
    const bool fontChanged = QApplication::font() != font;
    const bool contrastChanged = highContrastCharts() != m_settings.highContrastCharts.get();
    setHighContrastCharts(m_settings.highContrastCharts.get());
    setZoomFactor(scale);
    if (fontChanged) {
        // Row heights were set from the font the tables were built with; scale them by the same step.
        const double before = QApplication::font().pointSizeF(), after = font.pointSizeF();
        QApplication::setFont(font);
        if (before > 0 && after > 0) scaleTableRows(after / before);
    }
    if (fontChanged || contrastChanged) restyleAllWidgets();
}

void scaleTableRows(double ratio) {
    for (QWidget* w : QApplication::allWidgets()) {
        auto* table = qobject_cast<QTableView*>(w);
        if (!table) continue;
        QHeaderView* rows = table->verticalHeader();
        rows->setDefaultSectionSize(
            std::max(rows->minimumSectionSize(), int(std::lround(rows->defaultSectionSize() * ratio))));
    }
}

void restyleAllWidgets() {
    for (QWidget* w : QApplication::allWidgets()) {
        QEvent event(QEvent::PaletteChange);
        QApplication::sendEvent(w, &event);
    }
}

} // namespace fplab::gui
