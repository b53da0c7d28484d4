// The transformer page's CSV export on the offscreen platform: a run's file is, byte for byte, the one
// `fplab-cli train --model transformer --csv` writes for the same settings (run in process); a file that cannot be
// written is named with the reason and nothing is left there; a run restored from a session exports the same bytes,
// one from a session saved without the rows cannot be exported.
#include "tests/cli/cli_run.h"
#include "tests/gui/gui_fixture.h"
#include "tests/training/transformer_gui_support.h"

#include "app/gui/training/transformer/transformer_form.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::GuiHarness;
using testing::tinyTransformerConfig;
using testing::transformerOf;
using testing::waitUntil;

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST(TransformerCsvGui, AnExportedRunIsTheClisCsvByteForByte) {
    QTemporaryDir dir;
    const QString cli = dir.filePath(QStringLiteral("cli.csv")), gui = dir.filePath(QStringLiteral("gui.csv"));
    const cli::test::CliRun r = cli::test::runInProcess(
        {"train",    "--model",  "transformer", "--preset",  "bf16-autocast",
         "--digits", "1",        "--dim",       "8",         "--heads",
         "2",        "--layers", "2",           "--context", "5",
         "--batch",  "8",        "--lr",        "0.01",      "--steps",
         "12",       "--seed",   "3",           "--csv",     cli.toStdString()});
    ASSERT_EQ(r.code, 0) << r.err;
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    EXPECT_FALSE(panel->exportCsvButton()->isEnabled()); // nothing to export yet
    TransformerRunConfig c = tinyTransformerConfig(12);
    c.preset = training::TransformerPreset::AutocastBf16;
    c.run.shape.layers = 2;
    c.run.seed = 3;
    panel->form()->setConfig(c);
    ASSERT_TRUE(panel->start());
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 60000));
    EXPECT_TRUE(panel->exportCsvButton()->isEnabled());
    EXPECT_EQ(panel->exportCsv(gui), QString());
    EXPECT_TRUE(panel->statusLabel()->text().contains(QStringLiteral("12 step(s) written")))
        << panel->statusLabel()->text().toStdString();
    const QByteArray expected = readAll(cli);
    ASSERT_TRUE(expected.startsWith("step,loss,scale,skipped,updates_attempted,updates_lost,h0.max_logit,"));
    EXPECT_EQ(expected.count('\n'), 13);
    EXPECT_EQ(readAll(gui), expected);
    // Each row's loss is the chart's, as printf writes "%.9g".
    const QList<QByteArray> lines = expected.trimmed().split('\n');
    const TransformerRunRecord& run = panel->lastRun();
    ASSERT_EQ(lines.size(), 13);
    ASSERT_EQ(run.loss.size(), 12u);
    for (int i = 1; i < 13; ++i) {
        const QList<QByteArray> fields = lines[i].split(',');
        EXPECT_EQ(fields[0].toInt(), i);
        EXPECT_EQ(fields[1],
                  QByteArray(QString::asprintf("%.9g", double(run.loss[std::size_t(i - 1)].second)).toLatin1()));
    }

    // A folder that does not exist: the reason is given, and no file appears.
    const QString nowhere = dir.filePath(QStringLiteral("missing/run.csv"));
    const QString error = panel->exportCsv(nowhere);
    EXPECT_TRUE(error.contains(QStringLiteral("missing/run.csv"))) << error.toStdString();
    EXPECT_EQ(panel->statusLabel()->text(), error);
    EXPECT_FALSE(QFile::exists(nowhere));

    // A run saved in a session, written as JSON text and read into a fresh window, exports the same bytes.
    const QJsonObject saved = QJsonDocument::fromJson(QJsonDocument(panel->saveSession()).toJson()).object();
    GuiHarness other;
    TransformerPanel* restored = transformerOf(other);
    EXPECT_TRUE(restored->restoreSession(saved, QStringLiteral("Training")).isEmpty());
    EXPECT_EQ(restored->runCount(), 1);
    EXPECT_TRUE(restored->exportCsvButton()->isEnabled());
    const QString again = dir.filePath(QStringLiteral("restored.csv"));
    EXPECT_EQ(restored->exportCsv(again), QString());
    EXPECT_EQ(readAll(again), expected);

    // A session saved before the rows were kept still loads, its charts without an export.
    QJsonObject old = saved;
    QJsonArray runs = old.value(QStringLiteral("runs")).toArray();
    ASSERT_EQ(runs.size(), 1);
    QJsonObject oldRun = runs[0].toObject();
    ASSERT_TRUE(oldRun.contains(QStringLiteral("csvRows")));
    oldRun.remove(QStringLiteral("csvRows"));
    runs[0] = oldRun;
    old.insert(QStringLiteral("runs"), runs);
    GuiHarness third;
    TransformerPanel* older = transformerOf(third);
    EXPECT_TRUE(older->restoreSession(old, QStringLiteral("Training")).isEmpty());
    EXPECT_EQ(older->runCount(), 1);
    EXPECT_FALSE(older->exportCsvButton()->isEnabled());
    EXPECT_TRUE(older->exportCsvButton()->toolTip().contains(QStringLiteral("run it again")))
        << older->exportCsvButton()->toolTip().toStdString();
    EXPECT_FALSE(older->exportCsv(dir.filePath(QStringLiteral("older.csv"))).isEmpty());

    // A row that does not match the run's blocks leaves the run out, naming the field.
    QJsonArray rows =
        saved.value(QStringLiteral("runs")).toArray()[0].toObject().value(QStringLiteral("csvRows")).toArray();
    QJsonArray shortRow = rows[0].toArray();
    shortRow.removeLast();
    rows[0] = shortRow;
    QJsonObject badRun = saved.value(QStringLiteral("runs")).toArray()[0].toObject();
    badRun.insert(QStringLiteral("csvRows"), rows);
    QJsonObject bad = saved;
    bad.insert(QStringLiteral("runs"), QJsonArray{badRun});
    GuiHarness fourth;
    const QStringList problems = transformerOf(fourth)->restoreSession(bad, QStringLiteral("Training"));
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems[0].contains(QStringLiteral("csvRows"))) << problems[0].toStdString();
}

} // namespace
} // namespace fplab::gui
