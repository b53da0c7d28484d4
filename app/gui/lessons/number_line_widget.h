// Draws an experiment's number line: representable values as ticks, the exact input as a
// marker, and where each rounding mode puts it, labelled.
#pragma once

#include "lessons/experiment_result.h"

#include <QWidget>

namespace fplab::gui {

class NumberLineWidget final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NumberLineWidget)

public:
    explicit NumberLineWidget(QWidget* parent = nullptr);

    void setLine(const lessons::NumberLine& line, lessons::Language language);
    const lessons::NumberLine& line() const { return m_line; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    lessons::NumberLine m_line;
    lessons::Language m_language = lessons::Language::English;
};

} // namespace fplab::gui
