// Laying out a step's rows; the row widgets are reused from step to step.
#include "app/gui/common/steps/step_view.h"

#include "app/gui/common/bit_row_widget.h"
#include "app/gui/common/zoomed_fonts.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace fplab::gui {

StepView::StepView(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(this)), m_body(new QLabel(this)), m_grid(new QGridLayout) {
    QFont big = m_title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.15);
    m_title->setFont(big);
    m_body->setWordWrap(true);
    m_body->setTextFormat(Qt::RichText);
    m_body->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_body->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_body->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // Label, bits and note side by side on the left; the spare width goes to an empty last column.
    m_grid->setColumnStretch(3, 1);
    m_grid->setHorizontalSpacing(8);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_body);
    layout->addLayout(m_grid);
    layout->addStretch(1);
}

void StepView::setStep(const Step& step, int index, int count) {
    m_title->setText(tr("Step %1 of %2: %3").arg(index + 1).arg(count).arg(step.title));
    m_body->setText(step.text);
    const QFont mono = monospaceFont();
    while (m_rows.size() < std::size_t(step.rows.size())) {
        RowWidgets w{new QLabel(this), new BitRowWidget(this), new QLabel(this)};
        w.bits->setCellSizeRange(12, 26);
        w.bits->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
        w.note->setFont(mono);
        w.label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        const int r = int(m_rows.size());
        m_grid->addWidget(w.label, r, 0);
        m_grid->addWidget(w.bits, r, 1);
        m_grid->addWidget(w.note, r, 2);
        m_rows.push_back(w);
    }
    m_visibleRows = int(step.rows.size());
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const bool visible = int(i) < m_visibleRows;
        m_rows[i].label->setVisible(visible);
        m_rows[i].bits->setVisible(visible);
        m_rows[i].note->setVisible(visible);
        if (!visible) continue;
        const StepRow& row = step.rows[qsizetype(i)];
        m_rows[i].label->setText(row.label);
        m_rows[i].bits->setCells(row.cells);
        m_rows[i].note->setText(row.note);
    }
}

void StepView::clear(const QString& message) {
    m_title->setText(message);
    m_body->clear();
    m_visibleRows = 0;
    for (RowWidgets& w : m_rows) {
        w.label->hide();
        w.bits->hide();
        w.note->hide();
    }
}

QString StepView::titleText() const { return m_title->text(); }

QString StepView::bodyText() const { return m_body->text(); }

} // namespace fplab::gui
