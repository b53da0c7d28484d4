// The transformer page's Text file task on the offscreen platform: a run on a UTF-8 file whose losses are the core's
// TextTask run's, step for step, with the title and the accuracy's words following the task; a missing, empty,
// non-UTF-8 or too-short file refused with a message naming the file and the problem, no run made; the task and the
// path kept in the settings and in a session file.
#include "tests/gui/gui_fixture.h"
#include "tests/training/transformer_gui_support.h"

#include "app/gui/common/enum_combo.h"
#include "app/gui/training/transformer/transformer_charts_view.h"
#include "app/gui/training/transformer/transformer_form.h"
#include "app/gui/training/transformer/transformer_panel.h"
#include "app/gui/training/transformer/transformer_settings.h"
#include "core/training/transformer/text_task.h"

#include <QChart>
#include <QComboBox>
#include <QFileInfo>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QSpinBox>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::GuiHarness;
using testing::transformerOf;
using testing::waitUntil;
using namespace fplab::training;

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    return path;
}

// The small model on a text file, with sequences of 8 characters.
TransformerRunConfig textConfig(const QString& path, int steps) {
    TransformerRunConfig c = testing::tinyTransformerConfig(steps);
    c.task = TransformerTask::Text;
    c.textPath = path.toStdString();
    c.run.shape.context = 8;
    c.run.batch = 4;
    return c;
}

const QByteArray kText = QByteArray("the cat sat on the mat; the dog sat on the log. 猫坐在垫子上。\n").repeated(8);

TEST(TransformerTextGui, ARunOnATextFileIsTheCoresTextTaskRunAndTheWordsFollowTheTask) {
    GuiHarness h;
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("cat.txt"), kText);
    TransformerPanel* panel = transformerOf(h);
    const TransformerRunConfig config = textConfig(path, 6);
    panel->form()->setConfig(config);
    EXPECT_EQ(panel->form()->title(), QStringLiteral("Transformer on a text file"));
    EXPECT_FALSE(panel->form()->digitsSpin()->isEnabled());
    ASSERT_TRUE(panel->start());
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 60000));
    ASSERT_TRUE(panel->lastRun().finished) << panel->statusLabel()->text().toStdString();
    EXPECT_EQ(panel->lastRun().stepsDone, 6);
    EXPECT_EQ(panel->charts()->accuracyChart()->title(), QStringLiteral("Held-out next-character accuracy"));
    EXPECT_TRUE(panel->statusLabel()->text().contains(QStringLiteral("next-character accuracy")))
        << panel->statusLabel()->text().toStdString();

    // The same run straight on the core, on the same bytes: the chart's losses are its losses.
    std::string error;
    std::shared_ptr<const TokenTask> task = TextTask::fromUtf8(kText.toStdString(), 8, error);
    ASSERT_TRUE(task) << error;
    TransformerRunSettings settings = config.run;
    settings.precision = config.precision();
    TransformerRun direct(settings, task);
    QLineSeries* loss = panel->charts()->lossSeries(0);
    ASSERT_NE(loss, nullptr);
    ASSERT_EQ(loss->count(), 6);
    for (int i = 0; i < 6; ++i) EXPECT_EQ(loss->at(i).y(), double(direct.step().loss)) << "step " << i + 1;
    EXPECT_EQ(panel->charts()->accuracySeries(0)->at(5).y(), 100.0 * direct.heldOutAccuracy());
    // The attention example's edges are the file's characters.
    ASSERT_TRUE(panel->lastRun().attention.has_value());
    const std::u32string shown = panel->lastRun().attention->text;
    EXPECT_EQ(shown.size(), 8u);
    const std::u32string all = QString::fromUtf8(kText).toStdU32String();
    for (char32_t c : shown) EXPECT_NE(all.find(c), std::u32string::npos) << std::uint32_t(c);

    selectEnum(panel->form()->taskCombo(), TransformerTask::Addition);
    EXPECT_EQ(panel->form()->title(), QStringLiteral("Transformer on addition"));
    EXPECT_TRUE(panel->form()->digitsSpin()->isEnabled());
}

// Starts a run on `bytes` (or on no file when null) and returns the status line; `started`: whether Start took it.
QString refusal(GuiHarness& h, const QTemporaryDir& dir, const QByteArray* bytes, int context, bool started) {
    TransformerPanel* panel = transformerOf(h);
    const QString path = bytes ? writeFile(dir, QStringLiteral("t%1.txt").arg(context), *bytes)
                               : dir.filePath(QStringLiteral("missing.txt"));
    TransformerRunConfig config = textConfig(path, 5);
    config.run.shape.context = context;
    panel->form()->setConfig(config);
    EXPECT_EQ(panel->start(), started);
    EXPECT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 60000));
    EXPECT_EQ(panel->runCount(), 0);
    EXPECT_EQ(panel->lastRun().stepsDone, 0);
    const QString status = panel->statusLabel()->text();
    EXPECT_TRUE(status.contains(QFileInfo(path).fileName())) << status.toStdString();
    return status;
}

TEST(TransformerTextGui, AFileThatCannotBeUsedIsNamedWithItsProblemAndNoRunStarts) {
    GuiHarness h;
    QTemporaryDir dir;
    EXPECT_TRUE(refusal(h, dir, nullptr, 8, false).contains(QStringLiteral("does not exist")));
    const QByteArray empty;
    EXPECT_TRUE(refusal(h, dir, &empty, 9, false).contains(QStringLiteral("is empty")));
    const QByteArray latin1 = QByteArray("caf\xe9 au lait, encore un caf\xe9 au lait, s'il vous pla\xeet").repeated(4);
    EXPECT_TRUE(refusal(h, dir, &latin1, 10, true).contains(QStringLiteral("not UTF-8 at byte 3")));
    const QByteArray shortText("abcdefghij");
    EXPECT_TRUE(refusal(h, dir, &shortText, 11, true).contains(QStringLiteral("the text has 10 characters")));
    transformerOf(h)->form()->setConfig(textConfig(QString(), 5));
    EXPECT_FALSE(transformerOf(h)->start());
    EXPECT_TRUE(transformerOf(h)->statusLabel()->text().contains(QStringLiteral("Choose the text file")));
}

TEST(TransformerTextGui, TheTaskAndThePathSurviveARestartAndASessionFile) {
    GuiHarness h;
    const QString path = QStringLiteral("/some/where/corpus.txt");
    transformerOf(h)->form()->setConfig(textConfig(path, 5));
    h.restart();
    TransformerPanel* panel = transformerOf(h);
    EXPECT_EQ(panel->form()->config().task, TransformerTask::Text);
    EXPECT_EQ(panel->form()->textPathEdit()->text(), path);

    const QJsonObject saved = panel->saveSession();
    panel->form()->setConfig(TransformerRunConfig{});
    EXPECT_EQ(panel->form()->config().task, TransformerTask::Addition);
    EXPECT_TRUE(panel->restoreSession(saved, QStringLiteral("Training")).isEmpty());
    EXPECT_EQ(panel->form()->config().task, TransformerTask::Text);
    EXPECT_EQ(panel->form()->textPathEdit()->text(), path);

    QJsonObject corrupt = saved;
    corrupt.insert(QStringLiteral("task"), QStringLiteral("poetry"));
    panel->form()->setConfig(TransformerRunConfig{});
    const QStringList problems = panel->restoreSession(corrupt, QStringLiteral("Training"));
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems[0].contains(QStringLiteral("poetry"))) << problems[0].toStdString();
    EXPECT_EQ(panel->form()->config().task, TransformerTask::Addition);
    EXPECT_EQ(panel->form()->textPathEdit()->text(), path); // the other fields still load
}

} // namespace
} // namespace fplab::gui
