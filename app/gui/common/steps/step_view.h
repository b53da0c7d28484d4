// Shows one step of an operation: its title, the explanation, and rows of coloured bit cells
// (guard, round and sticky bits stand out).
#pragma once

#include "app/gui/common/steps/operation_steps.h"

#include <QWidget>

#include <vector>

class QGridLayout;
class QLabel;

namespace fplab::gui {

class BitRowWidget;

class StepView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepView)

public:
    explicit StepView(QWidget* parent = nullptr);

    void setStep(const Step& step, int index, int count);
    void clear(const QString& message);
    QString titleText() const;
    QString bodyText() const;
    int rowCount() const { return m_visibleRows; }

private:
    QLabel* m_title;
    QLabel* m_body;
    QGridLayout* m_grid;
    struct RowWidgets {
        QLabel* label;
        BitRowWidget* bits;
        QLabel* note;
    };
    std::vector<RowWidgets> m_rows;
    int m_visibleRows = 0;
};

} // namespace fplab::gui
