// The Explorer: one value in any format, its bits, its decoding, every format side by side,
// and charts of range, neighbours and spacing. The section assembles its panels around one
// ExplorerState and remembers the value, the tab and the splitter in the settings.
#pragma once

#include "app/gui/shell/section.h"

#include <QList>

#include <cstdint>

class QLabel;
class QLineEdit;
class QSplitter;
class QTabWidget;

namespace fplab::gui {

class BitEditor;
class BitEditorPanel;
class BlockView;
class DetailsPanel;
class ExplorerState;
class ExplorerTabs;
class FormatTableModel;
class ValueDetailsView;
class ValueEntryPanel;
enum class CopyKind;

class ExplorerSection final : public Section {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExplorerSection)

public:
    explicit ExplorerSection(SectionContext context, QWidget* parent = nullptr);
    ~ExplorerSection() override;

    QString id() const override { return QStringLiteral("explorer"); }
    QString title() const override;
    QString toolTipText() const override;
    QIcon icon() const override;
    QList<QAction*> menuActions() const override;
    QWidget* primaryInput() const override;
    void saveState() override;
    // Session files; defined in explorer_session.cpp.
    void saveSession(QJsonObject& out) const override;
    QStringList restoreSession(const QJsonObject& in) override;
    QStringList screenshotNames() const override;
    void prepareScreenshot(const QString& name) override;

    // Shows these bits of a format (preset or custom name), as a click on the bits would: for
    // other sections' "open in Explorer" links.
    void showValue(const QString& formatName, std::uint64_t bits);
    // A "section:explorer?format=NAME&bits=0x..." link: that value (section_links.h).
    bool openLink(const QUrlQuery& query) override;

    // For tests and the benchmark.
    ExplorerState* state() const { return m_state; }
    BitEditor* bitEditor() const;
    FormatTableModel* formatModel() const { return m_model; }
    ValueDetailsView* details() const;
    QLineEdit* entry() const;
    QLabel* entryReport() const;
    QTabWidget* tabs() const;
    BlockView* blockView() const;
    // Builds every chart now (they are built lazily when first shown).
    void ensureCharts();
    QString copyTextFor(CopyKind kind) const;

    // Adds a user-defined format by canonical name (as the editor dialog does); false if invalid.
    bool addCustomFormat(const QString& name);
    void setRowHidden(const QString& key, bool hidden);

protected:
    void retranslateUi() override;

private:
    void onValueChanged();

    ExplorerState* m_state;
    FormatTableModel* m_model;
    ValueEntryPanel* m_entry = nullptr;
    BitEditorPanel* m_bits = nullptr;
    DetailsPanel* m_details = nullptr;
    ExplorerTabs* m_tabs = nullptr;
    QSplitter* m_splitter = nullptr;
};

} // namespace fplab::gui
