// Present mode for teaching: View > Zoom in / out / reset (the application font and every chart's
// text, kept in the settings), high-contrast chart colours, and Present: the lesson full screen
// without the sidebar and the lesson list.
#pragma once

#include <QFont>
#include <QObject>

class QAction;

namespace fplab::gui {

class AppSettings;

class Presentation final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Presentation)

public:
    static constexpr int kStep = 10; // percent per Ctrl++ / Ctrl+-

    // Applies the saved zoom and contrast at once.
    Presentation(AppSettings& settings, QObject* parent = nullptr);
    ~Presentation() override;

    int zoomPercent() const;
    void setZoomPercent(int percent); // clamped to the setting's range
    void zoomIn() { setZoomPercent(zoomPercent() + kStep); }
    void zoomOut() { setZoomPercent(zoomPercent() - kStep); }
    void resetZoom() { setZoomPercent(100); }
    void setHighContrast(bool on);
    // The application font at 100 %: the font the application had before any zoom.
    static QFont baseFont();

    QAction* zoomInAction() const { return m_zoomIn; }
    QAction* zoomOutAction() const { return m_zoomOut; }
    QAction* resetZoomAction() const { return m_resetZoom; }
    QAction* highContrastAction() const { return m_highContrast; }
    QAction* presentAction() const { return m_present; }

    void retranslateUi();

signals:
    // Present was toggled: the window goes full screen and the sections hide what a class need not see.
    void presentToggled(bool on);

private:
    void apply();

    AppSettings& m_settings;
    QAction* m_zoomIn;
    QAction* m_zoomOut;
    QAction* m_resetZoom;
    QAction* m_highContrast;
    QAction* m_present;
};

// Sends every widget a palette change, so charts and coloured views restyle (after a zoom or a
// contrast change, which the palette does not show).
void restyleAllWidgets();
// Multiplies every table's default row height by `ratio` (after a zoom step).
void scaleTableRows(double ratio);

} // namespace fplab::gui
