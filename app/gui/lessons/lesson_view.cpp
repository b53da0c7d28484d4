// Laying out a step: narration and checkpoints on the left, experiments on the right.
#include "app/gui/lessons/lesson_view.h"

#include "app/gui/lessons/checkpoint_widget.h"
#include "app/gui/lessons/experiment_panel.h"
#include "app/gui/common/lesson_language.h"
#include "app/gui/shell/section_links.h"
#include "lessons/experiment_registry.h"
#include "lessons/lesson_parser.h"

#include <algorithm>

#include <QCommandLinkButton>
#include <QHBoxLayout>
#include <QRegularExpression>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::lessons;

namespace {

// A link that carries settings, alone on a line: [text](section:ID?key=value...).
const QRegularExpression& settingsLinkPattern() {
    static const QRegularExpression pattern(
        QStringLiteral(R"(^[ \t]*\[([^\]\n]+)\]\((section:[^)\s?]+\?[^)\s]+)\)[ \t]*$)"),
        QRegularExpression::MultilineOption);
    return pattern;
}

// The tab titles of a step's experiments: the experiment's title, and where two share one, the
// parameters in which they differ ("Rounding modes (value=0.1)", "Rounding modes (value=-0.1)").
QStringList experimentTabTitles(const std::vector<const ExperimentCall*>& calls, Language language) {
    QStringList titles;
    for (const ExperimentCall* call : calls) {
        const ExperimentSpec* spec = findExperiment(call->name);
        titles.push_back(spec ? uiText(language, spec->title) : QString::fromStdString(call->id));
    }
    const auto valueOf = [](const ExperimentCall* call, const std::string& name) -> std::string {
        for (const auto& [n, v] : call->params)
            if (n == name) return v;
        const ExperimentSpec* spec = findExperiment(call->name);
        const ParamSpec* p = spec ? spec->findParam(name) : nullptr;
        return p ? p->defaultValue : std::string();
    };
    QStringList result = titles;
    for (std::size_t i = 0; i < calls.size(); ++i) {
        std::vector<std::size_t> same;
        for (std::size_t j = 0; j < calls.size(); ++j)
            if (titles[qsizetype(j)] == titles[qsizetype(i)]) same.push_back(j);
        if (same.size() < 2) continue;
        QStringList differing;
        for (const auto& [name, value] : calls[i]->params) {
            bool differs = false;
            for (std::size_t j : same) differs = differs || valueOf(calls[j], name) != value;
            if (differs) differing.push_back(QString::fromStdString(name + "=" + value));
        }
        if (differing.isEmpty()) differing.push_back(QString::fromStdString(calls[i]->id));
        result[qsizetype(i)] = LessonView::tr("%1 (%2)").arg(titles[qsizetype(i)],
                                                             differing.join(QStringLiteral(", ")));
    }
    return result;
}

// Code quoted in the narration wraps at the narration's width like the text around it: the Markdown importer
// makes its lines unbreakable, and a narrow narration would hide their ends behind a sideways scroll.
void wrapCodeBlocks(QTextDocument* document) {
    QTextCursor cursor(document);
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        QTextBlockFormat format = block.blockFormat();
        if (!format.nonBreakableLines()) continue;
        format.setNonBreakableLines(false);
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
    }
}

} // namespace

LessonView::LessonView(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(this)), m_stepLabel(new QLabel(this)), m_splitter(new QSplitter(this)),
      m_narration(new QTextBrowser), m_checkpointBox(new QWidget), m_checkpointLayout(new QVBoxLayout(m_checkpointBox)),
      m_experiments(new QTabWidget), m_back(new QPushButton(this)), m_next(new QPushButton(this)),
      m_linkBox(new QWidget), m_linkLayout(new QVBoxLayout(m_linkBox)) {
    auto* layout = new QVBoxLayout(this);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_stepLabel->setObjectName(QStringLiteral("stepLabel"));
    layout->addWidget(m_title);
    layout->addWidget(m_stepLabel);

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    // Links are followed here: "section:" links switch the window's section (section_links.h).
    m_narration->setOpenLinks(false);
    connect(m_narration, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) { followSectionLink(this, url); });
    m_narration->setObjectName(QStringLiteral("narration"));
    leftLayout->addWidget(m_narration, 1);
    m_linkLayout->setContentsMargins(0, 0, 0, 0);
    m_linkBox->setObjectName(QStringLiteral("sectionLinks"));
    leftLayout->addWidget(m_linkBox);
    m_checkpointLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_checkpointBox);
    m_splitter->addWidget(left);
    m_experiments->setObjectName(QStringLiteral("experiments"));
    m_experiments->setElideMode(Qt::ElideRight);
    m_experiments->setUsesScrollButtons(false);
    m_splitter->addWidget(m_experiments);
    // Narration : experiments = 2 : 3 (weights; the experiments' tables need the room). The user may move
    // it; LessonsSection keeps where.
    m_splitter->setObjectName(QStringLiteral("stepSplitter"));
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({2000, 3000});
    layout->addWidget(m_splitter, 1);

    auto* buttons = new QHBoxLayout;
    m_back->setObjectName(QStringLiteral("back"));
    m_next->setObjectName(QStringLiteral("next"));
    buttons->addWidget(m_back);
    buttons->addStretch();
    buttons->addWidget(m_next);
    layout->addLayout(buttons);
    connect(m_back, &QPushButton::clicked, this, &LessonView::back);
    connect(m_next, &QPushButton::clicked, this, &LessonView::advance);
}

LessonView::~LessonView() = default;

int LessonView::stepCount() const { return m_lesson ? int(m_lesson->steps.size()) : 0; }

void LessonView::setLesson(const Lesson* lesson, Language language, int step, const QSet<QString>& solved) {
    m_lesson = lesson;
    m_language = language;
    m_solved = solved;
    m_baseRun = lesson ? runLesson(*lesson) : LessonRun{};
    m_step = -1;
    goToStep(std::clamp(step, 0, std::max(0, stepCount() - 1)));
}

void LessonView::goToStep(int step) {
    if (!m_lesson || step < 0 || step >= stepCount()) return;
    const bool changed = step != m_step;
    m_step = step;
    buildStep();
    if (changed) emit stepChanged(step);
}

QString LessonView::fill(const std::string& text) const {
    return QString::fromStdString(fillPlaceholders(text, m_run, m_language));
}

void LessonView::buildStep() {
    m_run = m_baseRun;
    // The pages own the panels (each inside a scroll area).
    m_panels.clear();
    while (m_experiments->count() > 0) {
        QWidget* page = m_experiments->widget(0);
        m_experiments->removeTab(0);
        delete page;
    }
    qDeleteAll(m_checkpoints);
    m_checkpoints.clear();
    if (!m_lesson) return;

    const Step& step = m_lesson->steps[std::size_t(m_step)];
    m_title->setText(QString::fromStdString(m_lesson->title));
    m_stepLabel->setText(
        tr("Step %1 of %2: %3").arg(m_step + 1).arg(stepCount()).arg(QString::fromStdString(step.title)));
    // A step without experiments of its own shows the ones its text quotes (from earlier steps).
    std::vector<const ExperimentCall*> shown;
    for (const Block& block : step.blocks)
        if (const auto* call = std::get_if<ExperimentCall>(&block)) shown.push_back(call);
    if (shown.empty()) {
        const auto quote = [&](const std::string& text) {
            for (const Placeholder& p : findPlaceholders(text))
                if (const ExperimentCall* call = m_lesson->findExperiment(p.id);
                    call && std::find(shown.begin(), shown.end(), call) == shown.end())
                    shown.push_back(call);
        };
        for (const Block& block : step.blocks) {
            if (const auto* n = std::get_if<Narration>(&block)) quote(n->markdown);
            if (const auto* cp = std::get_if<Checkpoint>(&block)) {
                quote(cp->question);
                for (const CheckpointOption& o : cp->options) quote(o.feedback);
            }
        }
    }
    const QStringList titles = experimentTabTitles(shown, m_language);
    for (const ExperimentCall* call : shown) {
        const ExperimentRun* initial = m_run.find(call->id);
        auto* panel = new ExperimentPanel(*call, *initial, m_language);
        m_panels.push_back(panel);
        const ExperimentSpec* spec = findExperiment(call->name);
        QScrollArea* scroll = new QScrollArea;
        scroll->setWidgetResizable(true);
        scroll->setWidget(panel);
        const QString title = titles[m_experiments->count()];
        const int tab = m_experiments->addTab(scroll, title);
        m_experiments->setTabToolTip(tab, spec ? title + QLatin1Char('\n') + uiText(m_language, spec->summary) : title);
        connect(panel, &ExperimentPanel::runChanged, this, [this, panel] { onPanelRun(panel); });
        connect(panel, &ExperimentPanel::openInExplorer, this, &LessonView::openInExplorer);
        connect(panel, &ExperimentPanel::openInArithmetic, this, &LessonView::openInArithmetic);
    }
    int checkpointIndex = 0;
    for (const Block& block : step.blocks) {
        if (const auto* cp = std::get_if<Checkpoint>(&block)) {
            const QString key = QStringLiteral("%1.%2").arg(m_step).arg(checkpointIndex++);
            auto* w = new CheckpointWidget(
                *cp, [this](const std::string& t) { return fill(t); }, m_language, m_checkpointBox);
            w->setObjectName(QStringLiteral("checkpoint_") + key);
            if (m_solved.contains(key)) w->markSolved();
            connect(w, &CheckpointWidget::answered, this, [this, key](bool correct) {
                if (!correct) return;
                m_solved.insert(key);
                emit checkpointSolved(key);
            });
            m_checkpointLayout->addWidget(w);
            m_checkpoints.push_back(w);
        }
    }
    buildLinkButtons();
    m_experiments->setVisible(!m_panels.isEmpty());
    m_checkpointBox->setVisible(!m_checkpoints.isEmpty());
    refreshNarration();
    updateButtons();
}

void LessonView::refreshNarration() {
    if (!m_lesson) return;
    const Step& step = m_lesson->steps[std::size_t(m_step)];
    QString markdown;
    for (const Block& block : step.blocks) {
        if (const auto* n = std::get_if<Narration>(&block)) {
            // Settings links are buttons under the narration (buildLinkButtons).
            markdown += fill(n->markdown).remove(settingsLinkPattern()) + QStringLiteral("\n\n");
        } else if (const auto* call = std::get_if<ExperimentCall>(&block)) {
            const ExperimentSpec* spec = findExperiment(call->name);
            const QString title = spec ? uiText(m_language, spec->title) : QString::fromStdString(call->id);
            markdown += QStringLiteral("*") + tr("→ Experiment: %1 (on the right)").arg(title) +
                        QStringLiteral("*\n\n");
        }
    }
    const int scroll = m_narration->verticalScrollBar() ? m_narration->verticalScrollBar()->value() : 0;
    m_narration->setMarkdown(m_language == Language::Chinese ? joinCjkLineBreaks(markdown) : markdown);
    wrapCodeBlocks(m_narration->document());
    if (m_narration->verticalScrollBar()) m_narration->verticalScrollBar()->setValue(scroll);
    for (CheckpointWidget* w : m_checkpoints) w->refresh();
}

QString LessonView::narrationText() const { return m_narration->toPlainText(); }

bool LessonView::isComputing() const {
    for (const ExperimentPanel* p : m_panels)
        if (p->isRunning()) return true;
    return false;
}

void LessonView::onPanelRun(ExperimentPanel* panel) {
    for (StepRun& s : m_run.steps)
        for (ExperimentRun& e : s.experiments)
            if (e.call->id == panel->call().id) e = panel->run();
    refreshNarration();
}

void LessonView::buildLinkButtons() {
    while (QLayoutItem* item = m_linkLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const Step& step = m_lesson->steps[std::size_t(m_step)];
    for (const Block& block : step.blocks) {
        const auto* n = std::get_if<Narration>(&block);
        if (!n) continue;
        QRegularExpressionMatchIterator it = settingsLinkPattern().globalMatch(QString::fromStdString(n->markdown));
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            // "Open in Training with these settings: FP16, no scaling": the title, then what it sets.
            const QString text = m.captured(1);
            static const QRegularExpression titleAndDetail(QStringLiteral("^(.*?)\\s*[:：]\\s*(.+)$"));
            const QRegularExpressionMatch parts = titleAndDetail.match(text);
            auto* button = parts.hasMatch() ? new QCommandLinkButton(parts.captured(1), parts.captured(2))
                                            : new QCommandLinkButton(text);
            button->setObjectName(QStringLiteral("sectionLink"));
            const QUrl url(m.captured(2));
            button->setToolTip(url.toString());
            connect(button, &QAbstractButton::clicked, this, [this, url] { followSectionLink(this, url); });
            m_linkLayout->addWidget(button);
        }
    }
    m_linkBox->setVisible(m_linkLayout->count() > 0);
}

QList<QAbstractButton*> LessonView::linkButtons() const { return m_linkBox->findChildren<QAbstractButton*>(); }

void LessonView::advance() {
    if (m_step + 1 < stepCount()) next();
    else if (!m_nextLesson.isEmpty()) emit nextLessonRequested();
}

void LessonView::setNextLesson(const QString& title) {
    m_nextLesson = title;
    updateButtons();
}

void LessonView::setStepKeys(const QString& next, const QString& back) {
    m_nextKey = next;
    m_backKey = back;
    updateButtons();
}

void LessonView::updateButtons() {
    const bool last = m_step + 1 >= stepCount();
    m_back->setText(tr("◀ Back"));
    m_back->setToolTip(tr("The previous step (%1)").arg(m_backKey));
    m_back->setEnabled(m_step > 0);
    m_next->setText(last ? tr("Next lesson ▶") : tr("Next ▶"));
    m_next->setToolTip(!last                    ? tr("The next step (%1)").arg(m_nextKey)
                       : m_nextLesson.isEmpty() ? tr("This is the last lesson.")
                                                : tr("Open the next lesson, %1 (%2)").arg(m_nextLesson, m_nextKey));
    m_next->setEnabled(!last || !m_nextLesson.isEmpty());
}

} // namespace fplab::gui
