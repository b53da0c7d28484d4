// The transformer's dtype trace: what each operation class of each layer ran in during a run's first step (core's
// TransformerRun::precisionTrace, as `fplab-cli train --model transformer --trace-dtypes` prints it), as a table:
// block, operation, pass, the operands' format, the accumulation, what the result is stored in, FP8 or tensor cores.
#pragma once

#include "core/training/transformer/transformer_precision.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTableWidget;

namespace fplab::gui {

class DtypeTraceView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DtypeTraceView)

public:
    explicit DtypeTraceView(QWidget* parent = nullptr);
    ~DtypeTraceView() override;

    void showTrace(const std::vector<training::PrecisionTraceEntry>& trace);
    // The words of an operation class (core's machine name for one added to core since).
    static QString opText(training::TransformerOp op);
    QTableWidget* table() const { return m_table; }
    void retranslate();

private:
    void fill();

    std::vector<training::PrecisionTraceEntry> m_trace;
    QLabel* m_note;
    QTableWidget* m_table;
};

} // namespace fplab::gui
