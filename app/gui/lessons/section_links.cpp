// The links reach the other sections through the main window (MainWindow::section), set the
// value with the setters those sections offer for it, then switch to the section.
#include "app/gui/lessons/section_links.h"

#include "app/gui/arithmetic/arithmetic_section.h"
#include "app/gui/common/format_choice.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/shell/main_window.h"
#include "core/format.h"
#include "core/format_names.h"

#include <QDesktopServices>

#include <optional>

namespace fplab::gui {

namespace {

// The name the format boxes know the format by. A custom format (a lesson may name "e5m10-nosub") joins the
// user's list of custom formats first, so that the Explorer and Arithmetic format boxes offer it.
QString offeredName(MainWindow* window, const Format& f) {
    const QString name = QString::fromStdString(canonicalName(f));
    if (f.id == FormatId::Custom)
        if (auto* explorer = qobject_cast<ExplorerSection*>(window->section(QStringLiteral("explorer"))))
            explorer->addCustomFormat(name);
    return name;
}

} // namespace

bool openValueInExplorer(QWidget* from, const QString& formatName, quint64 bits) {
    auto* window = qobject_cast<MainWindow*>(from ? from->window() : nullptr);
    const std::optional<Format> f = resolveFormat(formatName);
    if (!window || !f) return false;
    auto* explorer = qobject_cast<ExplorerSection*>(window->section(QStringLiteral("explorer")));
    if (!explorer) return false;
    explorer->showValue(offeredName(window, *f), bits);
    window->showSection(explorer->id());
    return true;
}

bool openValueInArithmetic(QWidget* from, const QString& formatName, quint64 bits) {
    auto* window = qobject_cast<MainWindow*>(from ? from->window() : nullptr);
    const std::optional<Format> f = resolveFormat(formatName);
    if (!window || !f) return false;
    auto* arithmetic = qobject_cast<ArithmeticSection*>(window->section(QStringLiteral("arithmetic")));
    if (!arithmetic) return false;
    arithmetic->setFormatName(offeredName(window, *f));
    arithmetic->setOperandText(0, ExplorerState::entryTextFor(*f, bits));
    window->showSection(arithmetic->id());
    return true;
}

bool followLessonLink(QWidget* from, const QUrl& url) {
    if (url.scheme() != QStringLiteral("section")) return QDesktopServices::openUrl(url);
    auto* window = qobject_cast<MainWindow*>(from ? from->window() : nullptr);
    const QString id = url.path();
    if (!window || !window->section(id)) return false;
    window->showSection(id);
    return true;
}

} // namespace fplab::gui
