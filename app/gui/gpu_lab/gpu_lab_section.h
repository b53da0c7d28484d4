// The GPU Lab section: the device (or why there is none), then three tabs: a GEMM through every
// backend with its ulp heat map, the speed of each data type against the datasheet, TF32 off
// and on, and the fingerprint of the tensor cores. Long work runs on one worker thread with a progress bar and Cancel.
#pragma once

#include "app/gui/shell/section.h"

#include <memory>

class QAction;
class QLabel;
class QProgressBar;
class QTabWidget;
class QToolButton;

namespace fplab::gui {

class DevicePanel;
class FingerprintPanel;
class GemmPanel;
class GpuLabSettings;
class JobRunner;
class SpeedPanel;
class Tf32Panel;

class GpuLabSection final : public Section {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GpuLabSection)

public:
    enum Tab { GemmTab, SpeedTab, Tf32Tab, FingerprintTab };

    explicit GpuLabSection(SectionContext context, QWidget* parent = nullptr);
    ~GpuLabSection() override;

    QString id() const override { return QStringLiteral("gpu-lab"); }
    QString title() const override;
    QString toolTipText() const override;
    QIcon icon() const override;
    QList<QAction*> menuActions() const override;
    QWidget* primaryInput() const override;
    void activated() override;
    void saveState() override;
    QStringList screenshotNames() const override;
    void prepareScreenshot(const QString& name) override;

    // Looks for the GPU (once; activated() does it the first time the section is shown).
    void queryDevice();

    // For tests.
    JobRunner* runner() const { return m_runner; }
    DevicePanel* devicePanel() const { return m_device; }
    GemmPanel* gemmPanel() const { return m_gemm; }
    SpeedPanel* speedPanel() const { return m_speed; }
    Tf32Panel* tf32Panel() const { return m_tf32; }
    FingerprintPanel* fingerprintPanel() const { return m_fingerprint; }
    QTabWidget* tabs() const { return m_tabs; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* jobLabel() const { return m_jobLabel; }
    QAction* runGemmAction() const { return m_runGemm; }
    QAction* measureAction() const { return m_measure; }
    QAction* runTf32Action() const { return m_runTf32; }
    QAction* cancelAction() const { return m_cancel; }

protected:
    void retranslateUi() override;

private:
    // A panel's message: it belongs to that panel's tab and shows while the tab is open.
    void showMessage(Tab tab, const QString& text, int timeoutMs);
    void showTabMessage();
    void updateBusy(bool busy);

    std::unique_ptr<GpuLabSettings> m_settings;
    JobRunner* m_runner;
    bool m_deviceQueried = false;
    QAction* m_runGemm;
    QAction* m_measure;
    QAction* m_runTf32;
    QAction* m_cancel;
    DevicePanel* m_device;
    QTabWidget* m_tabs;
    GemmPanel* m_gemm;
    SpeedPanel* m_speed;
    Tf32Panel* m_tf32;
    FingerprintPanel* m_fingerprint;
    QLabel* m_jobLabel;
    QProgressBar* m_progress;
    QToolButton* m_cancelButton;
    QString m_messages[FingerprintTab + 1];
};

} // namespace fplab::gui
