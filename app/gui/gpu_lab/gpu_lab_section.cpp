// The GPU Lab section: actions, the device query, the tabs, and the job bar (progress, Cancel,
// and the last message, where GPU errors are shown while the section carries on).
#include "app/gui/gpu_lab/gpu_lab_section.h"

#include "app/gui/common/gpu_text.h"
#include "app/gui/gpu_lab/device_panel.h"
#include "app/gui/gpu_lab/fingerprint_panel.h"
#include "app/gui/gpu_lab/gemm_panel.h"
#include "app/gui/gpu_lab/gpu_lab_settings.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/gpu_lab/lab_widgets.h"
#include "app/gui/gpu_lab/speed_panel.h"
#include "app/gui/gpu_lab/tf32_panel.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/glyph_icon.h"
#include "gpu/backend_choice.h"
#include "gpu/device_info.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace fplab::gui {

GpuLabSection::GpuLabSection(SectionContext context, QWidget* parent)
    : Section(context, parent), m_settings(std::make_unique<GpuLabSettings>(context.settings.store)),
      m_runner(new JobRunner(this)) {
    m_runGemm = new QAction(this);
    m_runGemm->setShortcut(QKeySequence(Qt::Key_F5));
    m_measure = new QAction(this);
    m_measure->setShortcut(QKeySequence(Qt::Key_F6));
    m_measure->setEnabled(false);
    m_runTf32 = new QAction(this);
    m_runTf32->setShortcut(QKeySequence(Qt::Key_F7));
    m_cancel = new QAction(this);
    m_cancel->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_cancel->setEnabled(false);
    for (QAction* a : {m_runGemm, m_measure, m_runTf32, m_cancel}) addAction(a);

    m_device = new DevicePanel;
    m_gemm = new GemmPanel(*m_settings, *m_runner, m_runGemm);
    m_speed = new SpeedPanel(*m_settings, *m_runner, m_measure);
    m_tf32 = new Tf32Panel(*m_settings, *m_runner, m_runTf32);
    m_fingerprint = new FingerprintPanel(*m_runner);
    m_tabs = new QTabWidget;
    m_tabs->addTab(m_gemm, QString());
    m_tabs->addTab(m_speed, QString());
    m_tabs->addTab(m_tf32, QString());
    m_tabs->addTab(m_fingerprint, QString());
    m_tabs->setCurrentIndex(m_settings->tab.get());

    m_jobLabel = makeNoteLabel(QStringLiteral("gpuJobMessage"));
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumWidth(260);
    m_cancelButton = new QToolButton;
    m_cancelButton->setDefaultAction(m_cancel);
    m_cancelButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* jobBar = new QHBoxLayout;
    jobBar->addWidget(m_jobLabel, 1);
    jobBar->addWidget(m_progress);
    jobBar->addWidget(m_cancelButton);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_device);
    layout->addWidget(m_tabs, 1);
    layout->addLayout(jobBar);

    connect(m_runGemm, &QAction::triggered, this, [this] {
        m_tabs->setCurrentIndex(GemmTab);
        m_gemm->startRun();
    });
    connect(m_measure, &QAction::triggered, this, [this] {
        m_tabs->setCurrentIndex(SpeedTab);
        m_speed->startMeasuring();
    });
    connect(m_runTf32, &QAction::triggered, this, [this] {
        m_tabs->setCurrentIndex(Tf32Tab);
        m_tf32->startRun();
    });
    connect(m_cancel, &QAction::triggered, m_runner, &JobRunner::cancel);
    connect(m_runner, &JobRunner::busyChanged, this, &GpuLabSection::updateBusy);
    connect(m_runner, &JobRunner::progressChanged, m_progress, &QProgressBar::setValue);
    connect(m_gemm, &GemmPanel::message, this, [this](const QString& t, int ms) { showMessage(GemmTab, t, ms); });
    connect(m_speed, &SpeedPanel::message, this, [this](const QString& t, int ms) { showMessage(SpeedTab, t, ms); });
    connect(m_tf32, &Tf32Panel::message, this, [this](const QString& t, int ms) { showMessage(Tf32Tab, t, ms); });
    connect(m_fingerprint, &FingerprintPanel::message, this,
            [this](const QString& t, int ms) { showMessage(FingerprintTab, t, ms); });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        showTabMessage();
        emit statusMessage(QString(), 0); // the last tab's message is not this one's
    });
    retranslateUi();
    updateBusy(false);
}

GpuLabSection::~GpuLabSection() = default;

QString GpuLabSection::title() const { return tr("GPU Lab"); }

QString GpuLabSection::toolTipText() const {
    return tr("Run GEMMs through the CPU model of the tensor cores and, with an NVIDIA GPU, the real ones; see where "
              "they differ cell by cell, how fast each data type is, and what TF32 costs in accuracy (Ctrl+4).");
}

QIcon GpuLabSection::icon() const { return glyphIcon(QStringLiteral("⚡"), QColor(0x55, 0x3c, 0x9a)); }

QList<QAction*> GpuLabSection::menuActions() const { return {m_runGemm, m_measure, m_runTf32, nullptr, m_cancel}; }

QWidget* GpuLabSection::primaryInput() const { return m_gemm->inputCombo(); }

void GpuLabSection::activated() { queryDevice(); }

void GpuLabSection::queryDevice() {
    if (m_deviceQueried) return;
    m_deviceQueried = true;
    // Cached by the backend after the first call; with CUDA this starts the runtime (a fraction of a second).
    const gpu::DeviceQuery& q = gpu::queryDevices();
    m_device->showQuery(q);
    m_gemm->setDevicesKnown();
    m_speed->setDevice(q);
    m_tf32->setGpuAvailable(q.available);
    m_fingerprint->setGpuUnavailableReason(gpuReasonText(gpu::noGpuReason()));
    updateBusy(m_runner->isBusy());
}

void GpuLabSection::saveState() {
    m_gemm->saveSettings();
    m_speed->saveSettings();
    m_tf32->saveSettings();
    m_settings->tab.set(m_tabs->currentIndex());
}

void GpuLabSection::showMessage(Tab tab, const QString& text, int timeoutMs) {
    m_messages[tab] = text;
    if (m_tabs->currentIndex() != tab) return;
    showTabMessage();
    emit statusMessage(text, timeoutMs);
}

void GpuLabSection::showTabMessage() {
    // While a job runs, the bar says so on every tab (its Cancel is there); otherwise this tab's last message.
    if (m_runner->isBusy()) m_jobLabel->setText(tr("Running: %1…").arg(m_runner->title()));
    else m_jobLabel->setText(m_messages[std::clamp(m_tabs->currentIndex(), 0, int(FingerprintTab))]);
}

void GpuLabSection::updateBusy(bool busy) {
    m_runGemm->setEnabled(!busy);
    m_runTf32->setEnabled(!busy);
    m_measure->setEnabled(!busy && m_device->gpuAvailable());
    m_cancel->setEnabled(busy);
    m_progress->setVisible(busy);
    if (busy) m_progress->setValue(0);
    showTabMessage();
}

void GpuLabSection::retranslateUi() {
    m_runGemm->setText(tr("Run GEMM"));
    m_runGemm->setToolTip(tr("Run the GEMM through the chosen backends (F5)"));
    m_measure->setText(tr("Measure speed"));
    m_measure->setToolTip(tr("Time cuBLAS GEMMs of every data type on the GPU (F6)"));
    m_runTf32->setText(tr("Compare TF32 off and on"));
    m_runTf32->setToolTip(tr("Run the same FP32 GEMM with TF32 off and on and measure both against FP64 (F7)"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the running job (Shift+F5)"));
    m_tabs->setTabText(GemmTab, tr("GEMM and heat map"));
    m_tabs->setTabText(SpeedTab, tr("Speed"));
    m_tabs->setTabText(Tf32Tab, tr("TF32"));
    m_tabs->setTabText(FingerprintTab, tr("Fingerprint"));
    m_device->retranslate();
    m_gemm->retranslate();
    m_speed->retranslate();
    m_tf32->retranslate();
    m_fingerprint->retranslate();
    // The tabs' last messages were written in the old language: they go rather than stay untranslated.
    for (QString& message : m_messages) message.clear();
    showTabMessage();
}

QStringList GpuLabSection::screenshotNames() const {
    return {QStringLiteral("gpu-lab"), QStringLiteral("gpu-lab-speed"), QStringLiteral("gpu-lab-tf32"),
            QStringLiteral("gpu-lab-fingerprint")};
}

void GpuLabSection::prepareScreenshot(const QString& name) {
    queryDevice();
    if (name == QStringLiteral("gpu-lab-speed")) {
        m_tabs->setCurrentIndex(SpeedTab);
        return;
    }
    if (name == QStringLiteral("gpu-lab-fingerprint")) {
        // The answers an H100 gave (tests/tensor_core/data/h100, from the source tree this app was built
        // from): the inferred FP8 mma.sync model beside the built-in one.
        QComboBox* type = m_fingerprint->typeCombo();
        type->setCurrentIndex(type->findData(QStringLiteral("e4m3-fp32")));
        m_fingerprint->startLoad(QStringLiteral(FPLAB_H100_E4M3_ANSWERS));
        m_runner->waitUntilIdle(60000);
        m_tabs->setCurrentIndex(FingerprintTab);
        return;
    }
    if (name == QStringLiteral("gpu-lab-tf32")) {
        Tf32JobRequest r = m_tf32->requestFromControls();
        r.size = 128;
        r.seed = 1;
        m_tf32->runNow(r);
        m_tabs->setCurrentIndex(Tf32Tab);
        return;
    }
    // FP16 inputs into FP32 on the A100 model against the IEEE reference: a small map with a few colours.
    GemmJobRequest r;
    r.spec.type = gpu::GemmType::Fp16Fp32;
    r.spec.m = 32;
    r.spec.n = 32;
    r.spec.k = 256;
    r.spec.seed = 1;
    r.arch = tc::Arch::Sm80;
    r.backends = {gpu::BackendChoice::Reference, gpu::BackendChoice::Sequential, gpu::BackendChoice::Model};
    m_gemm->runNow(r);
    m_tabs->setCurrentIndex(GemmTab);
}

} // namespace fplab::gui
