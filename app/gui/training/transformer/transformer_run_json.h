// The transformer page in a session file: the form's configuration, and each kept run (its name, configuration,
// loss, held-out accuracy, per-block statistics, first overflow, dtype trace and attention example). A run's step
// series keep at most kMaxSavedPoints points (every k-th step and the last), so that a long run stays a small file;
// the attention example is kept up to kMaxSavedAttention probabilities, every step's CSV row (what the CSV export
// writes) up to kMaxSavedCsvRows steps. Read back field by field: a bad configuration field is named and the rest
// applied, a run with a bad field is left out with a sentence naming it; fields added since the first sessions
// (csvRows among them) are read only when present, so older files still load.
#pragma once

#include "app/gui/shell/session_file.h"
#include "app/gui/training/transformer/transformer_job.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace fplab::gui {

class TransformerSettings;

struct NamedTransformerRun {
    QString name;
    TransformerRunRecord record;
};

class TransformerRunJson final {
    Q_DECLARE_TR_FUNCTIONS(fplab::gui::TransformerRunJson)

public:
    static constexpr int kMaxSavedPoints = 1000;
    static constexpr int kMaxSavedAttention = 65536;
    // Every step's CSV row is kept for a run of at most this many steps, so that a session stays a few megabytes;
    // a longer run is restored without them and cannot be exported.
    static constexpr int kMaxSavedCsvRows = 10000;

    static QJsonObject configToJson(const TransformerRunConfig& config);
    // The fields of `in` (read through `read`, which collects the problems), each checked by its setting's
    // validator, written into `config`.
    static void readConfig(const QJsonObject& in, SessionReader& read, const TransformerSettings& settings,
                           TransformerRunConfig& config);

    static QJsonObject runToJson(const QString& name, const TransformerRunRecord& run);
    // The run, or nullopt with the problem appended to `problems` (`number` counts the runs from 1).
    static std::optional<NamedTransformerRun> readRun(const QJsonObject& in, const TransformerSettings& settings,
                                                      const QString& sectionTitle, int number, QStringList& problems);
};

} // namespace fplab::gui
