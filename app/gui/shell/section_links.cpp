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

namespace {
const char* const kOperandKeys[] = {"bits", "b", "c"};
} // namespace

QUrl operationLink(Operation op, const QString& formatName, const std::vector<quint64>& operands,
                   const QString& targetName) {
    QUrl url = valueLink(QStringLiteral("arithmetic"), formatName, operands.empty() ? 0 : operands[0]);
    QUrlQuery query(url);
    query.addQueryItem(QStringLiteral("op"), qs(std::string(operationName(op))));
    for (std::size_t i = 1; i < operands.size() && i < std::size(kOperandKeys); ++i)
        query.addQueryItem(QLatin1String(kOperandKeys[i]), QStringLiteral("0x") + QString::number(operands[i], 16));
    if (!targetName.isEmpty()) query.addQueryItem(QStringLiteral("target"), targetName);
    url.setQuery(query);
    return url;
}

std::optional<LinkedOperation> linkedOperation(const QUrlQuery& query) {
    const std::optional<Operation> op = parseOperationName(query.queryItemValue(QStringLiteral("op")).toStdString());
    const std::optional<LinkedValue> a = linkedValue(query);
    if (!op || !a) return std::nullopt;
    LinkedOperation linked{*op, *a, {a->bits}, {}};
    for (int i = 1; i < operandCount(*op); ++i) {
        bool ok = false;
        linked.operands.push_back(query.queryItemValue(QLatin1String(kOperandKeys[i])).toULongLong(&ok, 0));
        if (!ok) return std::nullopt;
    }
    if (*op == Operation::Convert) {
        const std::optional<Format> target = resolveFormat(query.queryItemValue(QStringLiteral("target")));
        if (!target) return std::nullopt;
        linked.targetName = qs(canonicalName(*target));
    }
    return linked;
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
