// Both table models pass QAbstractItemModelTester through resets and refreshes; a planted
// broken model shows that the tester's complaints are caught here.
#include "app/gui/arithmetic/operation_table_model.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/format_table_model.h"

#include <QAbstractItemModelTester>
#include <QLoggingCategory>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

// Counts the warnings QAbstractItemModelTester logs (category qt.modeltest).
class ModelTesterWarnings {
public:
    ModelTesterWarnings() {
        s_count = 0;
        m_previous = qInstallMessageHandler(&handler);
    }
    ~ModelTesterWarnings() { qInstallMessageHandler(m_previous); }
    int count() const { return s_count; }

private:
    static void handler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
        if (type != QtDebugMsg && context.category &&
            QLatin1String(context.category).startsWith(QLatin1String("qt.modeltest"))) {
            ++s_count;
            std::fprintf(stderr, "model tester: %s\n", qPrintable(message));
        }
    }
    static inline int s_count = 0;
    QtMessageHandler m_previous;
};

TEST(ModelTest, FormatTableModelPassesTheModelTester) {
    ModelTesterWarnings warnings;
    ExplorerState state;
    FormatTableModel model(&state);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    QObject::connect(&state, &ExplorerState::valueChanged, &model, &FormatTableModel::refresh);
    state.setText(QStringLiteral("65504"));
    state.setFormat(QStringLiteral("bf16"));
    model.setHiddenKeys({QStringLiteral("fp64"), QStringLiteral("int8")});
    model.setCustomFormats({QStringLiteral("e5m10-nosub"), QStringLiteral("e3m4")});
    model.setHiddenKeys({});
    state.setText(QStringLiteral("nan"));
    state.setBits(0x7f80);
    EXPECT_EQ(model.columnCount(), FormatTableModel::ColumnCount);
    EXPECT_EQ(model.rowCount(), 13 + 2 + 2);
    for (int c = 0; c < model.columnCount(); ++c)
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal).toString().isEmpty());
    EXPECT_EQ(warnings.count(), 0);
}

TEST(ModelTest, OperationTableModelPassesTheModelTester) {
    ModelTesterWarnings warnings;
    OperationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    model.setFormats(
        {QStringLiteral("fp32"), QStringLiteral("fp16"), QStringLiteral("bf16"), QStringLiteral("no-such-format")});
    EXPECT_EQ(model.rowCount(), 3);
    OperationInput in;
    in.operands = {QStringLiteral("1"), QStringLiteral("0.0001"), QStringLiteral("0")};
    model.setInput(in);
    in.kind = Operation::Fma;
    model.setInput(in);
    in.kind = Operation::Convert;
    model.setInput(in);
    in.operands = {QStringLiteral("?")};
    model.setInput(in);
    model.setFormats({QStringLiteral("e4m3")});
    EXPECT_EQ(warnings.count(), 0);
}

// A model whose rows disagree with its data: the tester must complain, or the tests above prove nothing.
class BrokenModel final : public QAbstractTableModel {
public:
    int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 3 : 2; }
    int columnCount(const QModelIndex& = {}) const override { return 1; }
    QVariant data(const QModelIndex&, int) const override { return {}; }
};

TEST(ModelTest, TheModelTesterCatchesABrokenModel) {
    ModelTesterWarnings warnings;
    BrokenModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    EXPECT_GT(warnings.count(), 0);
}

} // namespace
} // namespace fplab::gui
