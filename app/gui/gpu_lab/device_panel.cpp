// The device panel's text.
#include "app/gui/gpu_lab/device_panel.h"

#include "app/gui/common/gpu_text.h"

#include "app/gui/common/number_text.h"
#include "app/gui/gpu_lab/lab_widgets.h"

#include <QLabel>
#include <QVBoxLayout>

namespace fplab::gui {

DevicePanel::DevicePanel(QWidget* parent) : QGroupBox(parent), m_label(makeNoteLabel(QStringLiteral("gpuDeviceText"))) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 6);
    layout->addWidget(m_label);
    retranslate();
}

DevicePanel::~DevicePanel() = default;

void DevicePanel::showQuery(const gpu::DeviceQuery& query) {
    m_query = query;
    retranslate();
}

QString DevicePanel::text() const { return m_label->text(); }

void DevicePanel::retranslate() {
    setTitle(tr("Device"));
    if (!m_query) {
        m_label->setText(tr("Looking for a GPU…"));
        return;
    }
    const gpu::DeviceQuery& q = *m_query;
    const QString versions =
        tr("CUDA driver %1, runtime %2.").arg(cudaVersionLabel(q.driverVersion), cudaVersionLabel(q.runtimeVersion));
    if (!q.available) {
        const QString why = q.builtWithCuda ? tr("No usable GPU: %1.").arg(gpuReasonText(q.reason))
                                            : tr("No GPU: this copy of FP Lab was built without CUDA.");
        m_label->setText(why + QLatin1Char(' ') + (q.builtWithCuda ? versions + QLatin1Char(' ') : QString()) +
                         tr("The GEMM and TF32 panels run on the CPU model of the tensor cores; the speed table shows "
                            "datasheet figures."));
        return;
    }
    QStringList lines;
    for (const gpu::DeviceInfo& d : q.devices) {
        lines << tr("%1: compute capability %2 (%3), %4 SMs, %5 GiB, SM clock %6 MHz, memory clock %7 MHz.")
                     .arg(qs(d.name), qs(d.computeCapabilityText()), qs(d.archName()))
                     .arg(d.smCount)
                     .arg(double(d.totalMemoryBytes) / double(1ull << 30), 0, 'f', 1)
                     .arg(d.smClockKhz / 1000)
                     .arg(d.memoryClockKhz / 1000);
    }
    lines << versions + QLatin1Char(' ') + tr("The lab runs on device 0.");
    m_label->setText(lines.join(QLatin1Char('\n')));
}

} // namespace fplab::gui
