// The Block view's file panel: open a .safetensors file, pick a tensor, and quantize it with the view's
// scheme, rule, block shape and Hadamard choice on the worker thread (JobRunner: progress and cancel; the file is
// memory-mapped). It shows the tensor's census, a histogram of its elements on the element format's grid (how many
// elements landed on each magnitude the format has) and a map of the block amax (a cell per block, shaped as the
// block is in the tensor, brighter for larger; the outlier's block outlined).
#pragma once

#include "core/blockscale/scale_rule.h"
#include "app/tensor_files/safetensors.h"

#include <QWidget>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace fplab::tensorfiles {
class MappedFile;
}

namespace fplab::gui {

class JobRunner;

// How the view quantizes: the recipe and, when the transform is on, the Hadamard seed.
struct TensorFileChoice {
    blockscale::Recipe recipe;
    std::optional<std::uint64_t> hadamardSeed;
};

// What the worker computed for one tensor.
struct TensorFileResult {
    std::string name;
    std::size_t rows = 0, cols = 0;
    std::vector<std::size_t> gridCounts; // per element-code magnitude (NaN block elements left out)
    std::vector<double> gridValues;      // the magnitude of each code, for the axis
    std::vector<float> blockAmax;        // blocksDown x blocksAcross, row-major
    std::size_t blocksAcross = 0;
    std::size_t outlierBlock = 0; // the block of the largest magnitude (the first, a NaN above all)
    bool tiles16x16 = false;
    std::size_t saturated = 0, roundedToZero = 0, nan = 0;
    double rmsError = 0;
};

class TensorFilePanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorFilePanel)

public:
    // choice() gives the view's recipe and transform when a tensor is quantized.
    TensorFilePanel(std::function<TensorFileChoice()> choice, QWidget* parent = nullptr);
    ~TensorFilePanel() override;

    // Opens a file (the button asks for one); false, with the reason shown, when it cannot be read.
    bool openFile(const QString& path);
    // Quantizes the tensor of that name on the worker thread; false when it is not there or a job runs.
    bool quantizeTensor(const QString& name);
    void cancel();

    // For tests.
    JobRunner* runner() const { return m_runner; }
    const std::optional<TensorFileResult>& result() const { return m_result; }
    QString status() const;
    QComboBox* tensorChoice() const { return m_tensor; }
    QLabel* amaxMap() const { return m_amaxMap; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void showResult();

    std::function<TensorFileChoice()> m_choice;
    QPushButton* m_open;
    QComboBox* m_tensor;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    QChartView* m_histogram;
    QLabel* m_amaxMap;
    JobRunner* m_runner;
    std::shared_ptr<tensorfiles::MappedFile> m_file;
    std::optional<tensorfiles::SafetensorsHeader> m_header;
    QString m_path;
    std::optional<TensorFileResult> m_result;
};

} // namespace fplab::gui
