// The Summation order section: a reveal on the worker draws the tree the CLI prints; two targets side by
// side mark where they part; the probes step one by one; a node shows its partial sum, error and flags;
// Cancel stops a long reveal; the tree exports as text, SVG and PNG; the choices survive a restart.
#include "app/gui/summation/probe_table_model.h"
#include "app/gui/summation/sum_tree_view.h"
#include "app/gui/summation/summation_section.h"
#include "core/reveal/sum_tree.h"
#include "gui_fixture.h"
#include "gui_test_support.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QLabel>
#include <QTableView>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

SummationSection* openSummation(testing::GuiHarness& h) {
    return testing::shownSection<SummationSection>(h, QStringLiteral("summation"));
}

// Reveals and waits for the worker; a failure says what the section told the status bar.
::testing::AssertionResult revealAndWait(SummationSection* s) {
    QString said;
    const auto c = QObject::connect(s, &Section::statusMessage, s, [&](const QString& text, int) { said = text; });
    s->reveal();
    const bool done = testing::waitUntil([&] { return !s->isBusy(); }, 60000);
    QObject::disconnect(c);
    if (done && s->revealed(0)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << (done ? "no result: " : "still busy: ") << said.toStdString();
}

TEST(SummationSectionTest, ARevealDrawsTheTreeTheCliPrints) {
    testing::GuiHarness h;
    SummationSection* s = openSummation(h);
    ASSERT_NE(s, nullptr);
    ASSERT_TRUE(s->selectTarget(0, QStringLiteral("pairwise")));
    ASSERT_TRUE(s->selectTarget(1, QString()));
    s->setTerms(4);
    ASSERT_TRUE(s->setTypeName(QStringLiteral("fp16")));
    ASSERT_TRUE(revealAndWait(s));
    EXPECT_EQ(reveal::bracketText(s->revealed(0)->tree), "((0 1) (2 3))");
    ASSERT_TRUE(s->treeView(0)->tree());
    EXPECT_EQ(reveal::bracketText(*s->treeView(0)->tree()), "((0 1) (2 3))");
    EXPECT_TRUE(s->revealed(0)->validated);
    EXPECT_FALSE(s->revealed(1));
    EXPECT_TRUE(s->captionLabel(0)->text().contains(QStringLiteral("4 fp16 terms")));
    QAbstractItemModelTester tester(s->probeModel());
    EXPECT_EQ(s->probeModel()->rowCount(), int(s->revealed(0)->probes));
}

TEST(SummationSectionTest, TwoTargetsSideBySideMarkWhereTheyPart) {
    testing::GuiHarness h;
    SummationSection* s = openSummation(h);
    s->selectTarget(0, QStringLiteral("sequential"));
    s->selectTarget(1, QStringLiteral("pairwise"));
    s->setTerms(4);
    s->setTypeName(QStringLiteral("fp32"));
    ASSERT_TRUE(revealAndWait(s));
    ASSERT_TRUE(s->revealed(1));
    EXPECT_EQ(reveal::bracketText(s->revealed(1)->tree), "((0 1) (2 3))");
    // Input 1, 0, 2^-24, 2^-24: in order each 2^-24 is a tie that rounds back to 1; pairwise the two add up
    // to 2^-23 first, one ulp of 1.
    s->setInputText(QStringLiteral("1 0 0x1p-24 0x1p-24"));
    EXPECT_TRUE(s->resultLabel()->text().contains(QStringLiteral("different bits")))
        << s->resultLabel()->text().toStdString();
    EXPECT_TRUE(s->resultLabel()->text().contains(QStringLiteral("0x3f800000")));
    EXPECT_TRUE(s->resultLabel()->text().contains(QStringLiteral("0x3f800001")));
}

TEST(SummationSectionTest, ProbesStepAndANodeShowsItsPartialSum) {
    testing::GuiHarness h;
    SummationSection* s = openSummation(h);
    s->selectTarget(0, QStringLiteral("sequential"));
    s->selectTarget(1, QString());
    s->setTerms(3);
    s->setTypeName(QStringLiteral("fp32"));
    ASSERT_TRUE(revealAndWait(s));
    s->showProbe(0);
    EXPECT_TRUE(s->maskLabel()->text().startsWith(QStringLiteral("Probe 1:"))) << s->maskLabel()->text().toStdString();
    EXPECT_EQ(s->probeTable()->currentIndex().row(), 0);
    // ((0 1) 2): node 3 adds terms 0 and 1.
    s->setInputText(QStringLiteral("1 0x1p-30 3"));
    s->selectNode(0, 3);
    const QString details = s->nodeLabel()->text();
    EXPECT_TRUE(details.contains(QStringLiteral("An addition of 2 terms"))) << details.toStdString();
    EXPECT_TRUE(details.contains(QStringLiteral("0x3f800000"))) << details.toStdString();
    EXPECT_TRUE(details.contains(QStringLiteral("-9.31323e-10"))) << details.toStdString(); // -2^-30 lost
    EXPECT_TRUE(details.contains(QStringLiteral("inexact"))) << details.toStdString();
    s->setInputText(QStringLiteral("1 two 3"));
    EXPECT_TRUE(s->resultLabel()->text().contains(QStringLiteral("'two' is not a number")));
}

TEST(SummationSectionTest, CancelStopsALongReveal) {
    testing::GuiHarness h;
    SummationSection* s = openSummation(h);
    s->selectTarget(0, QStringLiteral("pairwise"));
    s->selectTarget(1, QStringLiteral("openblas-sgemm-m64"));
    s->setTerms(4096);
    s->reveal();
    ASSERT_TRUE(s->isBusy());
    QTest::qWait(200);
    s->cancel();
    EXPECT_TRUE(testing::waitUntil([&] { return !s->isBusy(); }, 5000));
    EXPECT_FALSE(s->revealed(0));
}

TEST(SummationSectionTest, TheTreeExportsAsTextSvgAndPng) {
    testing::GuiHarness h;
    SummationSection* s = openSummation(h);
    s->selectTarget(0, QStringLiteral("fused-4"));
    s->selectTarget(1, QString());
    s->setTerms(6);
    s->setTypeName(QStringLiteral("bf16"));
    ASSERT_TRUE(revealAndWait(s));
    QTemporaryDir dir;
    const QString text = dir.filePath(QStringLiteral("tree.txt"));
    EXPECT_EQ(s->exportTree(SummationSection::TreeFile::Text, text), QString());
    QFile f(text);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), QByteArray("fused-4\t((0 1 2 3) 4 5)\n"));
    const QString svg = dir.filePath(QStringLiteral("tree.svg"));
    EXPECT_EQ(s->exportTree(SummationSection::TreeFile::Svg, svg), QString());
    QFile g(svg);
    ASSERT_TRUE(g.open(QIODevice::ReadOnly));
    EXPECT_TRUE(g.readAll().contains("<svg"));
    EXPECT_FALSE(s->exportTree(SummationSection::TreeFile::Png, QStringLiteral("/proc/no/such/tree.png")).isEmpty());
}

TEST(SummationSectionTest, FoldingASubtreeAndTheChoicesSurviveARestart) {
    testing::GuiHarness h;
    SummationSection* s = openSummation(h);
    s->selectTarget(0, QStringLiteral("std-reduce"));
    s->selectTarget(1, QStringLiteral("host-loop"));
    s->setTerms(12);
    ASSERT_TRUE(revealAndWait(s));
    SumTreeView* view = s->treeView(0);
    const int root = view->tree()->root();
    view->toggleCollapsed(root);
    EXPECT_TRUE(view->isCollapsed(root));
    view->toggleCollapsed(root);
    EXPECT_FALSE(view->isCollapsed(root));
    s->saveState();
    h.restart();
    s = openSummation(h);
    EXPECT_EQ(h.settings().summationTarget.get(), QStringLiteral("std-reduce"));
    EXPECT_EQ(h.settings().summationCompare.get(), QStringLiteral("host-loop"));
    EXPECT_EQ(h.settings().summationTerms.get(), 12);
}

} // namespace
} // namespace fplab::gui

namespace fplab::gui {
namespace {

TEST(SummationSectionTest, AGpuTargetWithoutAGpuSaysWhyAndTheSectionCarriesOn) {
    if (summation_targets::gpuTargetUnavailable().empty()) GTEST_SKIP() << "a GPU is here";
    testing::GuiHarness h;
    SummationSection* s = openSummation(h);
    ASSERT_TRUE(s->selectTarget(0, QStringLiteral("cublas-sgemm-m64")));
    s->selectTarget(1, QString());
    const auto r = revealAndWait(s);
    EXPECT_FALSE(r);
    EXPECT_NE(std::string(r.message()).find("needs a GPU"), std::string::npos) << r.message();
    // The next reveal, of a CPU target, works.
    s->selectTarget(0, QStringLiteral("sequential"));
    s->setTerms(5);
    EXPECT_TRUE(revealAndWait(s));
}

} // namespace
} // namespace fplab::gui
