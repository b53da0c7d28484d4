// `fplab --screenshot DIR`: renders every section offscreen with representative content
// and writes one PNG per view.
#pragma once

#include <QString>
#include <QStringList>

namespace fplab::gui {

class MainWindow;

// Renders each section's screenshots into `directory` (created if missing). Returns the files
// written; `error` says what failed otherwise.
QStringList takeScreenshots(MainWindow& window, const QString& directory, const QString& suffix, QString* error);

} // namespace fplab::gui
