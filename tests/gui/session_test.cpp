// Session files: save, destroy the window, open in a new one and compare field by field; corrupt,
// future-version and partly bad files; recent files; the window title.
#include "app/gui/arithmetic/arithmetic_section.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/lessons/lesson_progress.h"
#include "app/gui/lessons/lessons_section.h"
#include "app/gui/shell/session_file.h"
#include "app/gui/training/transformer/transformer_form.h"
#include "app/gui/training/transformer/transformer_panel.h"
#include "app/gui/shell/session_manager.h"
#include "app/gui/common/enum_combo.h"
#include "app/gui/training/compare_runs_tab.h"
#include "app/gui/training/run_controls.h"
#include "app/gui/training/run_store.h"
#include "app/gui/training/training_form.h"
#include "app/gui/training/training_section.h"
#include "gui_fixture.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QSpinBox>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <tuple>
#include <variant>

namespace fplab::gui {
namespace {

// Every section's session object, keyed by section id.
QJsonObject sessionOf(MainWindow& w) {
    QJsonObject all;
    for (const Section* s : w.sections()) {
        QJsonObject o;
        s->saveSession(o);
        if (!o.isEmpty()) all.insert(s->id(), o);
    }
    return all;
}

// Problems are collected instead of shown in a message box.
struct Captured {
    QStringList texts;
};
void capture(MainWindow& w, Captured& into) {
    w.sessionManager()->setProblemShower(
        [&into](const QString& title, const QString& text, const QStringList& details) {
            into.texts << title << text << details;
        });
}

// A lesson id and the key of its first checkpoint.
std::pair<QString, QString> lessonWithCheckpoint(const LessonsSection& section) {
    for (const auto& entry : section.library().lessons()) {
        const lessons::Lesson& lesson = *entry.in(lessons::Language::English);
        for (std::size_t s = 0; s < lesson.steps.size(); ++s)
            for (const lessons::Block& b : lesson.steps[s].blocks)
                if (std::holds_alternative<lessons::Checkpoint>(b) && s >= 1)
                    return {QString::fromStdString(entry.id), QStringLiteral("%1.0").arg(s)};
    }
    return {};
}

// Sets every session field away from its default.
void setUpEverything(MainWindow& w, const QString& lessonId, const QString& checkpoint) {
    auto* explorer = qobject_cast<ExplorerSection*>(w.section(QStringLiteral("explorer")));
    ASSERT_TRUE(explorer->addCustomFormat(QStringLiteral("e5m10-nosub")));
    explorer->showValue(QStringLiteral("bf16"), 0x3f80);
    explorer->state()->setRounding(RoundingMode::TowardZero);
    explorer->state()->setText(QStringLiteral("0.3"));
    explorer->setRowHidden(QStringLiteral("fp64"), true);

    auto* arithmetic = qobject_cast<ArithmeticSection*>(w.section(QStringLiteral("arithmetic")));
    arithmetic->setOperation(Operation::Fma);
    arithmetic->setFormatName(QStringLiteral("e5m10-nosub"));
    arithmetic->setTargetName(QStringLiteral("e5m2"));
    arithmetic->setRounding(RoundingMode::TowardNegative);
    arithmetic->setOperandText(0, QStringLiteral("3"));
    arithmetic->setOperandText(1, QStringLiteral("0.7"));
    arithmetic->setOperandText(2, QStringLiteral("-2^-14"));
    for (QCheckBox* box : arithmetic->findChildren<QCheckBox*>()) box->setChecked(true);

    LessonProgress* progress = qobject_cast<LessonsSection*>(w.section(QStringLiteral("lessons")))->progress();
    progress->setCurrentStep(lessonId, 2);
    progress->setCurrentStep(lessonId, 1);
    progress->setSolved(lessonId, checkpoint);
    progress->setCurrentLesson(lessonId);

    auto* training = qobject_cast<TrainingSection*>(w.section(QStringLiteral("training")));
    training::TrainingConfig kept; // a run kept for the comparison, renamed and hidden
    kept.mode = training::TrainingMode::Fp16Dynamic;
    kept.steps = 7;
    kept.model.width = 8;
    training->runControls()->showCompletedRun(kept);
    training->compareRuns()->store()->rename(0, QStringLiteral("my run"));
    training->compareRuns()->store()->setVisible(0, false);
    selectEnum(training->form()->modeCombo(), training::TrainingMode::Bf16);
    selectEnum(training->form()->datasetCombo(), training::DatasetKind::TinyGrad);
    training->form()->stepsSpin()->setValue(1234);
    training->form()->amaxHistorySpin()->setValue(77);
    training->form()->outlierStepSpin()->setValue(9);
    training->setModel(TrainingModel::Transformer); // and the transformer's form
    TransformerRunConfig transformer;
    transformer.preset = training::TransformerPreset::PureFp16;
    transformer.softmaxSubtractsMax = false;
    transformer.run.digits = 3;
    transformer.run.shape.context = 20;
    transformer.run.shape.dim = 24;
    transformer.run.shape.heads = 3;
    transformer.run.shape.layers = 3;
    transformer.run.batch = 5;
    transformer.run.learningRate = 0.25f;
    transformer.run.seed = 42;
    transformer.steps = 321;
    training->transformer()->form()->setConfig(transformer);
}

TEST(SessionTest, SaveDestroyOpenInANewWindowRestoresEveryField) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("class-3.fplab"));
    QJsonObject saved;
    QString lessonId, checkpoint;
    {
        testing::GuiHarness a;
        std::tie(lessonId, checkpoint) = lessonWithCheckpoint(*a.section<LessonsSection>(QStringLiteral("lessons")));
        ASSERT_FALSE(lessonId.isEmpty());
        setUpEverything(a.window(), lessonId, checkpoint);
        ASSERT_TRUE(a.window().sessionManager()->save(path)) << a.window().sessionManager()->lastError().toStdString();
        saved = sessionOf(a.window());
    } // the window is destroyed

    testing::GuiHarness b; // a fresh settings file: every field at its default
    const QJsonObject before = sessionOf(b.window());
    // The fields below must differ before opening, or the comparison proves nothing.
    int differing = 0;
    for (const QString& id : saved.keys())
        for (const QString& key : saved.value(id).toObject().keys())
            differing += before.value(id).toObject().value(key) != saved.value(id).toObject().value(key);
    EXPECT_GE(differing, 20);

    Captured problems;
    capture(b.window(), problems);
    ASSERT_TRUE(b.window().sessionManager()->open(path));
    EXPECT_TRUE(b.window().sessionManager()->lastProblems().isEmpty())
        << b.window().sessionManager()->lastProblems().join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(problems.texts.isEmpty());

    const QJsonObject restored = sessionOf(b.window());
    for (const QString& id : {QStringLiteral("explorer"), QStringLiteral("arithmetic"), QStringLiteral("lessons"),
                              QStringLiteral("training")}) {
        ASSERT_TRUE(saved.contains(id)) << id.toStdString();
        const QJsonObject want = saved.value(id).toObject();
        const QJsonObject got = restored.value(id).toObject();
        for (const QString& key : want.keys())
            EXPECT_EQ(QJsonDocument(QJsonObject{{key, want.value(key)}}).toJson(QJsonDocument::Compact).toStdString(),
                      QJsonDocument(QJsonObject{{key, got.value(key)}}).toJson(QJsonDocument::Compact).toStdString())
                << id.toStdString() << "." << key.toStdString();
    }
    // And through the sections' own accessors, not only their session writers.
    auto* explorer = b.section<ExplorerSection>(QStringLiteral("explorer"));
    EXPECT_EQ(explorer->state()->formatName(), QStringLiteral("bf16"));
    EXPECT_EQ(explorer->state()->text(), QStringLiteral("0.3"));
    EXPECT_EQ(explorer->state()->rounding(), RoundingMode::TowardZero);
    EXPECT_TRUE(b.settings().customFormats.get().contains(QStringLiteral("e5m10-nosub")));
    LessonProgress* progress = b.section<LessonsSection>(QStringLiteral("lessons"))->progress();
    EXPECT_EQ(progress->currentLesson(), lessonId);
    EXPECT_EQ(progress->currentStep(lessonId), 1);
    EXPECT_EQ(progress->reachedStep(lessonId), 2);
    EXPECT_TRUE(progress->isSolved(lessonId, checkpoint));
    auto* training = b.section<TrainingSection>(QStringLiteral("training"));
    EXPECT_EQ(training->form()->config().steps, 1234);
    EXPECT_EQ(currentEnum(training->form()->modeCombo(), training::TrainingMode::Fp32), training::TrainingMode::Bf16);
    const RunStore* runs = training->compareRuns()->store();
    ASSERT_EQ(runs->rowCount(), 1);
    EXPECT_EQ(runs->runs()[0].name, QStringLiteral("my run"));
    EXPECT_FALSE(runs->runs()[0].visible);
    EXPECT_EQ(runs->runs()[0].steps.size(), 7u);
    auto* arithmetic = b.section<ArithmeticSection>(QStringLiteral("arithmetic"));
    for (const QCheckBox* box : arithmetic->findChildren<QCheckBox*>()) EXPECT_TRUE(box->isChecked());
    EXPECT_EQ(b.settings().arithmeticOperation.get(), Operation::Fma);
}

void expectRefusedWithNothingChanged(const QByteArray& contents, const char* wantedInError) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.fplab"));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(contents);
    }
    testing::GuiHarness h;
    auto [lessonId, checkpoint] = lessonWithCheckpoint(*h.section<LessonsSection>(QStringLiteral("lessons")));
    setUpEverything(h.window(), lessonId, checkpoint);
    const QJsonObject before = sessionOf(h.window());
    Captured problems;
    capture(h.window(), problems);
    const QString titleBefore = h.window().windowTitle();
    EXPECT_FALSE(h.window().sessionManager()->open(path));
    EXPECT_TRUE(h.window().sessionManager()->lastError().contains(QLatin1String(wantedInError)))
        << h.window().sessionManager()->lastError().toStdString();
    EXPECT_TRUE(problems.texts.join(QLatin1Char(' ')).contains(QLatin1String(wantedInError)));
    EXPECT_EQ(sessionOf(h.window()), before);
    EXPECT_EQ(h.window().windowTitle(), titleBefore);
    EXPECT_TRUE(h.window().sessionManager()->currentPath().isEmpty());
}

TEST(SessionTest, CorruptFileIsRefusedAndChangesNothing) {
    expectRefusedWithNothingChanged("{\"format\": \"fplab-session\", \"version\": 1, \"sections\": {",
                                    "not valid JSON");
    expectRefusedWithNothingChanged("[1, 2, 3]", "not an FP Lab session");
    expectRefusedWithNothingChanged("{\"format\": \"something-else\", \"version\": 1}", "not an FP Lab session");
}

TEST(SessionTest, FutureAndOlderVersionsAreRefusedAndChangeNothing) {
    expectRefusedWithNothingChanged(
        "{\"format\": \"fplab-session\", \"version\": 2, \"sections\": {\"explorer\": {\"format\": \"fp32\"}}}",
        "newer FP Lab");
    expectRefusedWithNothingChanged("{\"format\": \"fplab-session\", \"version\": 0, \"sections\": {}}", "older");
    expectRefusedWithNothingChanged("{\"format\": \"fplab-session\", \"version\": \"one\", \"sections\": {}}",
                                    "version");
}

TEST(SessionTest, PartlyBadFileRestoresWhatIsValidAndListsTheRest) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("partly.fplab"));
    QJsonObject explorer{
        {QStringLiteral("format"), QStringLiteral("e99m99")},
        {QStringLiteral("rounding"), QStringLiteral("rtz")},
        {QStringLiteral("value"), QStringLiteral("0.25")},
        {QStringLiteral("fromBits"), false},
        {QStringLiteral("customFormats"), QJsonArray{QStringLiteral("e4m3-fnuz"), QStringLiteral("nonsense")}},
        {QStringLiteral("hiddenRows"), QJsonArray{}}};
    QJsonObject training{{QStringLiteral("steps"), 5},
                         {QStringLiteral("mode"), QStringLiteral("fp12")},
                         {QStringLiteral("width"), 100000}};
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(SessionFile::serialize({{QStringLiteral("explorer"), explorer},
                                    {QStringLiteral("training"), training},
                                    {QStringLiteral("no-such-section"), QJsonObject{}}}));
    f.close();

    testing::GuiHarness h;
    Captured problems;
    capture(h.window(), problems);
    ASSERT_TRUE(h.window().sessionManager()->open(path));
    const QString listed = h.window().sessionManager()->lastProblems().join(QLatin1Char('\n'));
    for (const char* named : {"e99m99", "nonsense", "fp12", "no-such-section", "“width” is 100000"})
        EXPECT_TRUE(listed.contains(QString::fromUtf8(named))) << named << " in " << listed.toStdString();
    EXPECT_FALSE(problems.texts.isEmpty());
    // What was valid is in.
    auto* ex = h.section<ExplorerSection>(QStringLiteral("explorer"));
    EXPECT_EQ(ex->state()->formatName(), QStringLiteral("fp16")); // the bad format left the old one
    EXPECT_EQ(ex->state()->text(), QStringLiteral("0.25"));
    EXPECT_EQ(ex->state()->rounding(), RoundingMode::TowardZero);
    EXPECT_EQ(h.settings().customFormats.get(), QStringList{QStringLiteral("e4m3-fnuz")});
    auto* tr = h.section<TrainingSection>(QStringLiteral("training"));
    EXPECT_EQ(tr->form()->config().steps, 5);
    EXPECT_EQ(tr->form()->config().model.width, 64); // refused, not clamped
}

TEST(SessionTest, RecentFilesArePersistedAndMissingOnesHandled) {
    QTemporaryDir dir;
    const QString one = dir.filePath(QStringLiteral("one.fplab"));
    const QString two = dir.filePath(QStringLiteral("two")); // the suffix is added
    testing::GuiHarness h;
    Captured problems;
    capture(h.window(), problems);
    ASSERT_TRUE(h.window().sessionManager()->save(one));
    ASSERT_TRUE(h.window().sessionManager()->save(two));
    const QString twoFile = two + QStringLiteral(".fplab");
    EXPECT_TRUE(QFile::exists(twoFile));
    EXPECT_EQ(h.window().sessionManager()->recentFiles(), (QStringList{twoFile, one}));
    ASSERT_TRUE(h.window().sessionManager()->open(one));
    EXPECT_EQ(h.window().sessionManager()->recentFiles(), (QStringList{one, twoFile}));

    h.restart();
    capture(h.window(), problems);
    EXPECT_EQ(h.window().sessionManager()->recentFiles(), (QStringList{one, twoFile}));
    ASSERT_TRUE(QFile::remove(twoFile));
    QMenu* recent = h.window().sessionManager()->recentMenu();
    emit recent->aboutToShow();
    QStringList texts;
    for (QAction* a : recent->actions()) texts << a->text();
    EXPECT_TRUE(texts.join(QLatin1Char('|')).contains(QStringLiteral("two.fplab (not found)")))
        << texts.join(QLatin1Char('|')).toStdString();
    // Choosing the missing one says so, changes nothing and drops it from the list.
    for (QAction* a : recent->actions())
        if (a->text().contains(QLatin1String("two.fplab"))) a->trigger();
    EXPECT_TRUE(h.window().sessionManager()->lastError().contains(QLatin1String("does not exist")));
    EXPECT_EQ(h.window().sessionManager()->recentFiles(), QStringList{one});
}

TEST(SessionTest, WindowTitleNamesTheSessionAndTheSectionOnce) {
    testing::GuiHarness h;
    MainWindow& w = h.window();
    w.showSection(QStringLiteral("training"));
    EXPECT_EQ(w.windowTitle(), QStringLiteral("Training — ") + MainWindow::titleText({}, {}));
    w.showSection(QStringLiteral("explorer"));
    const QString app = MainWindow::titleText({}, {});
    EXPECT_EQ(w.windowTitle().count(app), 1);
    EXPECT_TRUE(w.windowTitle().endsWith(app)); // so Qt does not append the application name again

    QTemporaryDir dir;
    ASSERT_TRUE(w.sessionManager()->save(dir.filePath(QStringLiteral("lesson-plan.fplab"))));
    EXPECT_EQ(w.windowTitle(), QStringLiteral("lesson-plan[*] — Explorer — ") + app);
    EXPECT_FALSE(w.isWindowModified());
    h.section<ExplorerSection>(QStringLiteral("explorer"))->state()->setText(QStringLiteral("0.5"));
    EXPECT_TRUE(w.isWindowModified());
    ASSERT_TRUE(w.sessionManager()->save(w.sessionManager()->currentPath()));
    EXPECT_FALSE(w.isWindowModified());
}

// Hiding a row of the Explorer's side-by-side table is session content (the session file keeps the hidden rows):
// it marks an open session modified.
TEST(SessionTest, HidingAnExplorerRowMarksTheSessionModified) {
    testing::GuiHarness h;
    MainWindow& w = h.window();
    QTemporaryDir dir;
    ASSERT_TRUE(w.sessionManager()->save(dir.filePath(QStringLiteral("rows.fplab"))));
    ASSERT_FALSE(w.sessionManager()->isModified());
    QStringList hidden = h.settings().explorerHiddenRows.get();
    hidden.append(QStringLiteral("bf16"));
    h.settings().explorerHiddenRows.set(hidden);
    EXPECT_TRUE(w.sessionManager()->isModified());
}

// A Training form edit marks the session modified at once, not when Training writes its settings on quit.
TEST(SessionTest, ATrainingEditMarksTheSessionModifiedAtOnce) {
    testing::GuiHarness h;
    MainWindow& w = h.window();
    w.showSection(QStringLiteral("training"));
    QTemporaryDir dir;
    ASSERT_TRUE(w.sessionManager()->save(dir.filePath(QStringLiteral("class.fplab"))));
    ASSERT_FALSE(w.isWindowModified());
    TrainingForm* form = h.section<TrainingSection>(QStringLiteral("training"))->form();
    form->stepsSpin()->setValue(form->stepsSpin()->value() + 1);
    EXPECT_TRUE(w.isWindowModified());
    EXPECT_TRUE(w.sessionManager()->isModified());
    ASSERT_TRUE(w.sessionManager()->save(w.sessionManager()->currentPath()));
    ASSERT_FALSE(w.isWindowModified());
    form->masterWeightsCheck()->toggle();
    EXPECT_TRUE(w.isWindowModified());
    ASSERT_TRUE(w.sessionManager()->save(w.sessionManager()->currentPath()));
    QComboBox* mode = form->modeCombo();
    mode->setCurrentIndex((mode->currentIndex() + 1) % mode->count());
    EXPECT_TRUE(w.isWindowModified());
}

TEST(SessionTest, TheFileActionsAskForAPathOnlyWhenTheyNeedOne) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("asked.fplab"));
    testing::GuiHarness h;
    SessionManager* session = h.window().sessionManager();
    QList<bool> asked;
    session->setPathAsker([&](bool save, const QString&) {
        asked << save;
        return path;
    });
    session->saveAction()->trigger(); // no session yet: Save asks where
    EXPECT_EQ(asked, QList<bool>{true});
    EXPECT_TRUE(QFile::exists(path));
    session->saveAction()->trigger(); // now it saves in place
    EXPECT_EQ(asked.size(), 1);
    session->saveAsAction()->trigger();
    session->openAction()->trigger();
    EXPECT_EQ(asked, (QList<bool>{true, true, false}));
    EXPECT_EQ(session->currentPath(), QFileInfo(path).absoluteFilePath());
    // The session's shortcuts are in the shortcuts list.
    const QList<QAction*> all = h.window().allActions();
    for (QAction* a : {session->openAction(), session->saveAction(), session->saveAsAction()}) {
        EXPECT_TRUE(all.contains(a));
        EXPECT_FALSE(a->shortcut().isEmpty());
    }
}

// Issue 26 item 4: a finished (kept) run is an unsaved change; Quit asks and can save it or stay; File >
// Open starts where the last session was saved, also after a restart.
TEST(SessionTest, AKeptRunIsUnsavedAndQuitAsksBeforeLosingIt) {
    QTemporaryDir dir;
    testing::GuiHarness h;
    h.window().showSection(QStringLiteral("training"));
    SessionManager* session = h.window().sessionManager();
    auto* training = h.section<TrainingSection>(QStringLiteral("training"));
    training::TrainingConfig c;
    c.steps = 5;
    training->runControls()->showCompletedRun(c);
    ASSERT_EQ(training->compareRuns()->store()->runs().size(), 1u);
    EXPECT_TRUE(session->isModified());

    int asked = 0;
    SessionManager::CloseChoice answer = SessionManager::CloseChoice::Stay;
    session->setCloseAsker([&] {
        ++asked;
        return answer;
    });
    EXPECT_FALSE(h.window().close()); // Stay: the window and its run remain
    EXPECT_EQ(asked, 1);
    EXPECT_TRUE(h.window().isVisible());

    const QString path = dir.filePath(QStringLiteral("kept.fplab"));
    QStringList suggestions;
    session->setPathAsker([&](bool, const QString& suggested) {
        suggestions << suggested;
        return path;
    });
    answer = SessionManager::CloseChoice::Save;
    EXPECT_TRUE(h.window().close());
    EXPECT_EQ(asked, 2);
    ASSERT_TRUE(QFile::exists(path));
    const SessionFile::Parsed saved = SessionFile::read(path);
    EXPECT_EQ(
        saved.sections.value(QStringLiteral("training")).toObject().value(QStringLiteral("runs")).toArray().size(), 1);

    h.restart();
    SessionManager* again = h.window().sessionManager();
    // Nothing unsaved: Quit does not ask.
    int askedAgain = 0;
    again->setCloseAsker([&] {
        ++askedAgain;
        return SessionManager::CloseChoice::Stay;
    });
    EXPECT_TRUE(h.window().close());
    EXPECT_EQ(askedAgain, 0);
    EXPECT_EQ(again->startFolder(), QFileInfo(path).absolutePath());
    QString offered;
    again->setPathAsker([&](bool, const QString& suggested) {
        offered = suggested;
        return QString();
    });
    again->openAction()->trigger();
    EXPECT_EQ(offered, QFileInfo(path).absolutePath());
}

TEST(SessionTest, AFailedSaveSaysSo) {
    testing::GuiHarness h;
    Captured problems;
    capture(h.window(), problems);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no-such-folder/session.fplab"));
    EXPECT_FALSE(h.window().sessionManager()->save(path));
    EXPECT_TRUE(h.window().sessionManager()->lastError().contains(QLatin1String("Could not save")));
    EXPECT_FALSE(problems.texts.isEmpty());
    EXPECT_TRUE(h.window().sessionManager()->currentPath().isEmpty());
    EXPECT_FALSE(QFile::exists(path));
}

} // namespace
} // namespace fplab::gui
