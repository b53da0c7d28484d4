// The bytes each kept run's configuration holds (or, before any run is kept, the form's settings in each
// mode of the standard comparison), by category: the static memory (weights, master weights, gradients,
// optimizer state) and one micro-batch's (16-bit weight copies, activations), as horizontal stacked bars numbered
// 1, 2, ... beside them: the run names are the user's and eight of them do not fit beside the bars at 1280x720, so
// the note under the key gives each number's name and total, and a bar's tooltip its name and a category's bytes.
#pragma once

#include "core/training/mode_memory.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QChartView;
class QLabel;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace fplab::gui {

class MemoryByModeView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryByModeView)

public:
    enum Category { Weights, Master, Gradients, Optimizer, WeightCopies, Activations, CategoryCount };

    explicit MemoryByModeView(QWidget* parent = nullptr);
    ~MemoryByModeView() override;

    // One bar per entry, named with `labels` (same order); `keptRuns`: the bars are the kept runs (else the
    // form's settings in each mode).
    void setMemory(const std::vector<training::ModeMemory>& memory, const QStringList& labels, bool keptRuns);
    void retranslate();

    // For tests.
    QBarSet* barSet(Category category) const { return m_sets[category]; }
    QStringList categories() const; // the bars' numbers, "1", "2", ...
    QStringList barNames() const { return m_labels; }
    QString note() const;
    // The tooltip of bar `index`'s segment of `category`.
    QString toolTipFor(Category category, int index) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();
    void showNote();
    QString categoryName(Category category) const;

    QChartView* m_view;
    QLabel* m_note;
    QHorizontalStackedBarSeries* m_series;
    QBarSet* m_sets[CategoryCount];
    QBarCategoryAxis* m_modes;
    QValueAxis* m_bytes;
    std::vector<training::ModeMemory> m_memory;
    QStringList m_labels;
    bool m_keptRuns = false;
};

} // namespace fplab::gui
