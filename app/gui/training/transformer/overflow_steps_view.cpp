#include "app/gui/training/transformer/overflow_steps_view.h"

#include "app/gui/common/steps/step_view.h"
#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "app/gui/shell/section_links.h"

#include <QHBoxLayout>
#include <QPushButton>
#include <QUrlQuery>
#include <QVBoxLayout>

#include <algorithm>

namespace fplab::gui {

OverflowStepsView::OverflowStepsView(QWidget* parent) : QWidget(parent) {
    m_view = new StepView;
    m_back = new QPushButton;
    m_next = new QPushButton;
    m_next->setObjectName(QStringLiteral("transformerOverflowNextStep"));
    connect(m_back, &QPushButton::clicked, this, [this] { goToStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { goToStep(m_step + 1); });
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_view);
    retranslate();
    setVisible(false);
}

OverflowStepsView::~OverflowStepsView() = default;

void OverflowStepsView::showOperation(const std::optional<QUrl>& link) {
    if (link == m_link) return;
    m_link = link;
    m_step = 0;
    rebuild();
}

// The steps' words are written when they are built: a language change builds them again.
void OverflowStepsView::rebuild() {
    m_steps.clear();
    m_outcome = OperationOutcome{};
    const std::optional<LinkedOperation> linked = m_link ? linkedOperation(QUrlQuery(*m_link)) : std::nullopt;
    if (linked) {
        OperationInput in;
        in.kind = linked->op;
        in.format = linked->a.format;
        if (!linked->targetName.isEmpty())
            if (const std::optional<Format> target = resolveFormat(linked->targetName)) in.target = *target;
        for (quint64 bits : linked->operands) in.operands << valueEntryText(in.format, bits);
        m_outcome = runOperation(in);
        if (m_outcome.ok()) m_steps = buildSteps(in, m_outcome);
    }
    setVisible(!m_steps.empty());
    m_step = std::clamp(m_step, 0, std::max(0, int(m_steps.size()) - 1));
    showStep();
}

void OverflowStepsView::goToStep(int index) {
    if (m_steps.empty()) return;
    m_step = std::clamp(index, 0, int(m_steps.size()) - 1);
    showStep();
}

void OverflowStepsView::retranslate() {
    m_back->setText(tr("◀ Back"));
    m_next->setText(tr("Next step ▶"));
    rebuild();
}

void OverflowStepsView::showStep() {
    const int count = int(m_steps.size());
    m_back->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < count);
    if (count > 0) m_view->setStep(m_steps[std::size_t(m_step)], m_step, count);
    else m_view->clear(QString());
}

} // namespace fplab::gui
