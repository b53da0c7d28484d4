// The checkpoint question widget.
#include "app/gui/lessons/checkpoint_widget.h"

#include "app/gui/common/lesson_language.h"
#include "app/gui/common/text_colour.h"
#include "app/gui/shell/theme.h"

#include <QButtonGroup>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::lessons;

CheckpointWidget::CheckpointWidget(const Checkpoint& checkpoint, std::function<QString(const std::string&)> fill,
                                   Language language, QWidget* parent)
    : QWidget(parent), m_checkpoint(checkpoint), m_fill(std::move(fill)), m_language(language),
      m_question(new QLabel(this)), m_group(new QButtonGroup(this)), m_feedback(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    m_question->setWordWrap(true);
    m_question->setTextFormat(Qt::MarkdownText);
    layout->addWidget(m_question);
    // A radio button's own text never wraps, so a long choice would widen the whole narration column:
    // each choice is a bare button beside a wrapping label that clicks it.
    for (std::size_t i = 0; i < checkpoint.options.size(); ++i) {
        auto* row = new QHBoxLayout;
        auto* button = new QRadioButton(this);
        button->setObjectName(QStringLiteral("choice%1").arg(i));
        auto* label = new QLabel(this);
        label->setObjectName(QStringLiteral("choiceText%1").arg(i));
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText);
        label->installEventFilter(this);
        m_choiceLabels.push_back(label);
        m_group->addButton(button, int(i));
        row->addWidget(button, 0, Qt::AlignTop);
        row->addWidget(label, 1);
        layout->addLayout(row);
    }
    m_feedback->setWordWrap(true);
    m_feedback->setTextFormat(Qt::MarkdownText);
    m_feedback->setObjectName(QStringLiteral("feedback"));
    layout->addWidget(m_feedback);
    connect(m_group, &QButtonGroup::idClicked, this, [this](int id) { choose(id); });
    refresh();
}

bool CheckpointWidget::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonRelease)
        if (const int i = int(m_choiceLabels.indexOf(qobject_cast<QLabel*>(watched))); i >= 0)
            m_group->button(i)->click();
    return QWidget::eventFilter(watched, event);
}

QString CheckpointWidget::choiceText(int index) const {
    return m_choiceLabels.value(index) ? m_choiceLabels[index]->text() : QString();
}

int CheckpointWidget::choiceCount() const { return int(m_checkpoint.options.size()); }

int CheckpointWidget::correctIndex() const {
    for (std::size_t i = 0; i < m_checkpoint.options.size(); ++i)
        if (m_checkpoint.options[i].correct) return int(i);
    return -1;
}

bool CheckpointWidget::choose(int index) {
    if (index < 0 || index >= choiceCount()) return false;
    m_chosen = index;
    if (QAbstractButton* b = m_group->button(index)) b->setChecked(true);
    const bool correct = m_checkpoint.options[std::size_t(index)].correct;
    if (correct) m_solved = true;
    refresh();
    emit answered(correct);
    return correct;
}

void CheckpointWidget::markSolved() {
    m_solved = true;
    m_chosen = correctIndex();
    if (QAbstractButton* b = m_group->button(m_chosen)) b->setChecked(true);
    refresh();
}

QString CheckpointWidget::feedbackText() const { return m_feedback->text(); }

void CheckpointWidget::refresh() {
    m_question->setText(QStringLiteral("**") + tr("Check:") + QStringLiteral("** ") + m_fill(m_checkpoint.question));
    for (std::size_t i = 0; i < m_checkpoint.options.size(); ++i) {
        const QString text = m_fill(m_checkpoint.options[i].text);
        m_choiceLabels[qsizetype(i)]->setText(text);
        m_group->button(int(i))->setAccessibleName(text);
    }
    if (m_chosen < 0) {
        m_feedback->clear();
        m_feedback->hide();
        return;
    }
    const CheckpointOption& o = m_checkpoint.options[std::size_t(m_chosen)];
    // The lesson's own feedback says why; the mark says whether.
    QString text = o.correct ? QStringLiteral("✔ ") : QStringLiteral("✘ ");
    if (o.feedback.empty()) text += o.correct ? tr("Right.") : tr("Not quite.");
    text += m_fill(o.feedback);
    if (o.correct && !m_checkpoint.explanation.empty())
        text += QStringLiteral("\n\n") + m_fill(m_checkpoint.explanation);
    m_feedback->setText(text);
    setTextColour(m_feedback, o.correct ? okColor : warningColor);
    m_feedback->show();
}

} // namespace fplab::gui
