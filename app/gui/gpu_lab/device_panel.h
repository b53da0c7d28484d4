// The GPU Lab's device panel: the GPU's name, compute capability, SMs, memory, clocks, driver and
// runtime versions; or why there is none (built without CUDA, no driver, no device) and what the
// section does instead.
#pragma once

#include "gpu/device_info.h"

#include <QGroupBox>

#include <optional>

class QLabel;

namespace fplab::gui {

class DevicePanel final : public QGroupBox {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DevicePanel)

public:
    explicit DevicePanel(QWidget* parent = nullptr);
    ~DevicePanel() override;

    void showQuery(const gpu::DeviceQuery& query);
    void retranslate();
    bool gpuAvailable() const { return m_query && m_query->available; }
    // The text shown (for tests).
    QString text() const;

private:
    std::optional<gpu::DeviceQuery> m_query;
    QLabel* m_label;
};

} // namespace fplab::gui
