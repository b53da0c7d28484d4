// Section links: found through the main window that holds the widget the link was followed from.
#include "app/gui/shell/section_links.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/main_window.h"
#include "core/format_names.h"

#include <QDesktopServices>

namespace fplab::gui {

bool followSectionLink(QWidget* from, const QUrl& url) {
    if (url.scheme() != QStringLiteral("section")) return QDesktopServices::openUrl(url);
    auto* window = qobject_cast<MainWindow*>(from ? from->window() : nullptr);
    Section* section = window ? window->section(url.path()) : nullptr;
    if (!section || !section->openLink(QUrlQuery(url))) return false;
    window->showSection(section->id());
    return true;
}

QUrl valueLink(const QString& sectionId, const QString& formatName, quint64 bits) {
    QUrl url;
    url.setScheme(QStringLiteral("section"));
    url.setPath(sectionId);
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("format"), formatName);
    query.addQueryItem(QStringLiteral("bits"), QStringLiteral("0x") + QString::number(bits, 16));
    url.setQuery(query);
    return url;
}

std::optional<LinkedValue> linkedValue(const QUrlQuery& query) {
    const std::optional<Format> f = resolveFormat(query.queryItemValue(QStringLiteral("format")));
    bool ok = false;
    const quint64 bits = query.queryItemValue(QStringLiteral("bits")).toULongLong(&ok, 0);
    if (!f || !ok) return std::nullopt;
    return LinkedValue{*f, qs(canonicalName(*f)), bits};
}

void rememberCustomFormat(AppSettings& settings, const LinkedValue& value) {
    if (value.format.id != FormatId::Custom) return;
    QStringList names = settings.customFormats.get();
    if (names.contains(value.formatName)) return;
    names << value.formatName;
    settings.customFormats.set(names);
}

bool openValueInExplorer(QWidget* from, const QString& formatName, quint64 bits) {
    return followSectionLink(from, valueLink(QStringLiteral("explorer"), formatName, bits));
}

bool openValueInArithmetic(QWidget* from, const QString& formatName, quint64 bits) {
    return followSectionLink(from, valueLink(QStringLiteral("arithmetic"), formatName, bits));
}

} // namespace fplab::gui
