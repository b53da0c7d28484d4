// The Lessons section: loading the library, the list with progress, opening lessons,
// remembering where the reader is, following the interface language.
#include "app/gui/lessons/lessons_section.h"

#include "app/gui/lessons/checkpoint_widget.h"
#include "app/gui/lessons/experiment_panel.h"
#include "app/gui/lessons/lesson_progress.h"
#include "app/gui/lessons/lesson_view.h"
#include "app/gui/lessons/lessons_settings.h"
#include "app/gui/lessons/result_view.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/glyph_icon.h"
#include "app/gui/shell/language.h"
#include "app/gui/shell/section_links.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QScrollArea>
#include <QScrollBar>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTabWidget>
#include <QUrlQuery>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::lessons;

namespace {

lessons::LessonLibrary loadLibrary(const QString& directory, QString& error) {
    if (!directory.isEmpty()) return LessonLibrary::loadDirectory(directory.toStdString());
    const LessonsDirectory found = findLessonsDirectory(QCoreApplication::applicationFilePath().toStdString());
    if (!found.path) {
        error = QString::fromStdString(found.error);
        return {};
    }
    return LessonLibrary::loadDirectory(*found.path);
}

} // namespace

LessonsSection::LessonsSection(SectionContext context, QWidget* parent, const QString& directory)
    : Section(context, parent), m_progress(std::make_unique<LessonProgress>(context.settings.store)),
      m_layout(std::make_unique<LessonsSettings>(context.settings.store)), m_splitter(new QSplitter(this)),
      m_list(new QListWidget), m_problems(new QLabel), m_view(new LessonView) {
    m_library = loadLibrary(directory, m_loadError);
    m_language = lessonLanguage(settings());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    m_list->setObjectName(QStringLiteral("lessonList"));
    m_list->setWordWrap(true);
    m_list->setSpacing(2);
    leftLayout->addWidget(m_list, 1);
    m_problems->setWordWrap(true);
    m_problems->setObjectName(QStringLiteral("lessonProblems"));
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    leftLayout->addWidget(m_problems);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_view);
    m_splitter->setStretchFactor(1, 1);
    // The step gets the room: at 1280 pixels the list takes a sixth (the user can move or collapse it).
    m_splitter->setSizes({180, 920});
    m_splitter->setObjectName(QStringLiteral("lessonListSplitter"));
    if (!m_layout->listSplitter.get().isEmpty()) m_splitter->restoreState(m_layout->listSplitter.get());
    if (!m_layout->stepSplitter.get().isEmpty()) m_view->splitter()->restoreState(m_layout->stepSplitter.get());
    layout->addWidget(m_splitter);

    // Alt+Right / Alt+Left step through the lesson wherever the focus is in the section (PageDown and
    // the arrows belong to the list and the text when they have the focus). Arithmetic steps the same way.
    m_nextStep = new QAction(this);
    m_nextStep->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_previousStep = new QAction(this);
    m_previousStep->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    for (QAction* a : {m_nextStep, m_previousStep}) addAction(a);
    connect(m_nextStep, &QAction::triggered, m_view, &LessonView::advance);
    connect(m_previousStep, &QAction::triggered, m_view, &LessonView::back);
    connect(m_view, &LessonView::nextLessonRequested, this, [this] {
        const int row = m_list->currentRow() + 1;
        if (row > 0 && row < int(m_library.lessons().size()))
            openLesson(QString::fromStdString(m_library.lessons()[std::size_t(row)].id), 0);
    });

    connect(m_list, &QListWidget::currentRowChanged, this, &LessonsSection::showLessonAt);
    connect(m_view, &LessonView::stepChanged, this, [this](int step) {
        if (m_view->lesson()) m_progress->setCurrentStep(QString::fromStdString(m_view->lesson()->id), step);
    });
    connect(m_view, &LessonView::checkpointSolved, this, [this](const QString& key) {
        if (m_view->lesson()) m_progress->setSolved(QString::fromStdString(m_view->lesson()->id), key);
    });
    connect(m_progress.get(), &LessonProgress::changed, this, [this] { fillList(); });
    connect(m_view, &LessonView::openInExplorer, this, [this](const QString& f, quint64 bits) {
        if (!openValueInExplorer(this, f, bits)) emit statusMessage(tr("The Explorer is not available."));
    });
    connect(m_view, &LessonView::openInArithmetic, this, [this](const QString& f, quint64 bits) {
        if (!openValueInArithmetic(this, f, bits)) emit statusMessage(tr("The Arithmetic section is not available."));
    });

    retranslateUi();
}

void LessonsSection::activated() {
    // The first time the page shows: reopen where the reader left off (the first lesson the first time).
    // Opening runs the lesson's experiments, so it is not done at start-up.
    if (m_view->lesson()) return;
    const QString current = m_progress->currentLesson();
    const bool reopened = !current.isEmpty() && openLesson(current);
    if (!reopened && !m_library.lessons().empty()) openLesson(QString::fromStdString(m_library.lessons().front().id));
}

LessonsSection::~LessonsSection() = default;

QString LessonsSection::title() const { return tr("Lessons"); }

QString LessonsSection::toolTipText() const {
    return tr("Guided lessons with live experiments: anatomy of a float, range, overflow, swamping, accumulation, "
              "rounding, memory (Ctrl+3).");
}

QIcon LessonsSection::icon() const { return glyphIcon(QStringLiteral("✎"), QColor(0x2b, 0x5c, 0x9c)); }

QList<QAction*> LessonsSection::menuActions() const { return {m_nextStep, m_previousStep}; }

int LessonsSection::checkpointCount(const Lesson& lesson) const {
    int count = 0;
    for (const Step& step : lesson.steps)
        for (const Block& block : step.blocks) count += std::holds_alternative<Checkpoint>(block);
    return count;
}

int LessonsSection::answeredCount(const QString& id, const Lesson& lesson) const {
    int answered = 0;
    for (std::size_t s = 0; s < lesson.steps.size(); ++s) {
        int index = 0;
        for (const Block& block : lesson.steps[s].blocks)
            if (std::holds_alternative<Checkpoint>(block))
                answered += m_progress->isSolved(id, QStringLiteral("%1.%2").arg(s).arg(index++));
    }
    return answered;
}

QString LessonsSection::nextLessonTitle(const QString& id) const {
    const auto& all = m_library.lessons();
    for (std::size_t i = 0; i + 1 < all.size(); ++i)
        if (QString::fromStdString(all[i].id) == id) {
            const LessonEntry& next = all[i + 1];
            return QStringLiteral("%1. %2").arg(next.order).arg(QString::fromStdString(next.in(m_language)->title));
        }
    return {};
}

void LessonsSection::fillList() {
    const QSignalBlocker block(m_list);
    const int row = m_list->currentRow();
    m_list->clear();
    for (const LessonEntry& entry : m_library.lessons()) {
        const Lesson* lesson = entry.in(m_language);
        const QString id = QString::fromStdString(entry.id);
        // Done means every step seen and every check answered; the count is of answered checks
        // (of steps seen for a lesson without checks).
        const int steps = int(lesson->steps.size());
        const int seen = std::max(0, m_progress->reachedStep(id) + 1);
        const int checks = checkpointCount(*lesson);
        const int answered = answeredCount(id, *lesson);
        const bool done = seen >= steps && answered >= checks;
        const QString mark = done ? QStringLiteral("✔") : seen > 0 ? QStringLiteral("◐") : QStringLiteral("○");
        const QString count = checks > 0 ? tr("%1/%2 checks").arg(answered).arg(checks)
                                         : tr("%1/%2 steps").arg(seen).arg(steps);
        auto* item = new QListWidgetItem(QStringLiteral("%1 %2. %3 (%4)")
                                             .arg(mark)
                                             .arg(entry.order)
                                             .arg(QString::fromStdString(lesson->title), count));
        item->setData(Qt::UserRole, id);
        item->setToolTip(
            QString::fromStdString(lesson->summary) + QLatin1Char('\n') +
            tr("Steps seen: %1 of %2. Checks answered: %3 of %4.").arg(seen).arg(steps).arg(answered).arg(checks));
        m_list->addItem(item);
    }
    if (row >= 0 && row < m_list->count()) m_list->setCurrentRow(row);
}

void LessonsSection::showLessonAt(int row) {
    if (row < 0 || row >= int(m_library.lessons().size())) return;
    openLesson(QString::fromStdString(m_library.lessons()[std::size_t(row)].id));
}

bool LessonsSection::openLink(const QUrlQuery& query) {
    if (!query.hasQueryItem(QStringLiteral("lesson"))) return true;
    const QString id = query.queryItemValue(QStringLiteral("lesson"));
    bool numbered = false;
    const int step = query.queryItemValue(QStringLiteral("step")).toInt(&numbered);
    return openLesson(id, numbered && step >= 1 ? step - 1 : -1);
}

bool LessonsSection::openLesson(const QString& id, int step) {
    const LessonEntry* entry = m_library.find(id.toStdString());
    if (!entry) return false;
    const Lesson* lesson = entry->in(m_language);
    QSet<QString> solved;
    for (std::size_t s = 0; s < lesson->steps.size(); ++s)
        for (int k = 0; k < 8; ++k) {
            const QString key = QStringLiteral("%1.%2").arg(s).arg(k);
            if (m_progress->isSolved(id, key)) solved.insert(key);
        }
    m_progress->setCurrentLesson(id);
    m_view->setNextLesson(nextLessonTitle(id));
    m_view->setLesson(lesson, m_language, step >= 0 ? step : m_progress->currentStep(id), solved);
    m_progress->setCurrentStep(id, m_view->step());
    for (int row = 0; row < m_list->count(); ++row)
        if (m_list->item(row)->data(Qt::UserRole).toString() == id) {
            const QSignalBlocker block(m_list);
            m_list->setCurrentRow(row);
        }
    return true;
}

void LessonsSection::retranslateUi() {
    m_language = lessonLanguage(settings());
    m_nextStep->setText(tr("&Next step"));
    m_nextStep->setToolTip(tr("The next step, or on the last step the next lesson (Alt+Right)."));
    m_previousStep->setText(tr("&Previous step"));
    m_previousStep->setToolTip(tr("The previous step (Alt+Left)."));
    m_view->setStepKeys(m_nextStep->shortcut().toString(QKeySequence::NativeText),
                        m_previousStep->shortcut().toString(QKeySequence::NativeText));
    fillList();
    QStringList problems;
    if (!m_loadError.isEmpty()) problems.push_back(m_loadError);
    if (m_loadError.isEmpty() && m_library.lessons().empty() && m_library.errors().empty())
        problems.push_back(tr("No lesson files were found."));
    for (const LessonError& e : m_library.errors()) problems.push_back(QString::fromStdString(e.toString()));
    m_problems->setText(problems.isEmpty() ? QString()
                                           : tr("Some lesson files could not be read:") + QLatin1Char('\n') +
                                                 problems.join(QLatin1Char('\n')));
    m_problems->setVisible(!problems.isEmpty());
    // Reopen the lesson in the new language at the same step (its widgets take the new strings too).
    if (const Lesson* open = m_view->lesson()) openLesson(QString::fromStdString(open->id), m_view->step());
}

void LessonsSection::saveState() {
    m_layout->listSplitter.set(m_splitter->saveState());
    m_layout->stepSplitter.set(m_view->splitter()->saveState());
}

QStringList LessonsSection::screenshotNames() const {
    return {QStringLiteral("lessons-overflow"), QStringLiteral("lessons-accumulation"),
            QStringLiteral("lessons-tensor-cores")};
}

void LessonsSection::prepareScreenshot(const QString& name) {
    // The overflow lesson at the running-sum stall, its checkpoint answered; the accumulation
    // lesson's four loops with the running-error chart; the tensor-core lesson's three TF32 conversions.
    if (name == QLatin1String("lessons-overflow")) {
        openLesson(QStringLiteral("overflow"), 1);
        for (CheckpointWidget* cp : m_view->checkpoints()) cp->choose(cp->correctIndex());
    }
    if (name == QLatin1String("lessons-accumulation")) {
        openLesson(QStringLiteral("accumulation"), 0);
        if (!m_view->experimentPanels().isEmpty()) {
            ResultView* results = m_view->experimentPanels().front()->results();
            results->selectQuantity(QStringLiteral("high"));
            results->tabs()->setCurrentIndex(results->tabs()->count() - 1);
            // Scroll the experiment down to its chart once the step is laid out.
            QApplication::processEvents();
            QWidget* viewport = m_view->experimentPanels().front()->parentWidget();
            if (auto* area = qobject_cast<QScrollArea*>(viewport ? viewport->parentWidget() : nullptr))
                area->verticalScrollBar()->setValue(area->verticalScrollBar()->maximum());
        }
    }
    if (name == QLatin1String("lessons-tensor-cores")) openLesson(QStringLiteral("tensor-cores"), 1);
}

} // namespace fplab::gui
