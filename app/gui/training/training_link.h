// The run configuration a "section:training?..." link carries (a lesson's "Open in Training with
// these settings"): keys dataset, mode, steps, lr, master-weights, scale (fp16-static's constant
// scale), init-scale (the dynamic scaler's first scale), seed, with the names and values that
// `fplab-cli train` takes (a scale as 2^N or its value, a power of two).
#pragma once

#include "core/training/training_run.h"

#include <QString>
#include <QUrlQuery>

#include <optional>

namespace fplab::gui {

// `base` with the link's keys applied; nothing, and `error` saying which key is wrong, when a key is
// unknown, a value unreadable, or the result a configuration that cannot run.
std::optional<training::TrainingConfig> trainingConfigFromLink(training::TrainingConfig base, const QUrlQuery& query,
                                                               QString& error);

} // namespace fplab::gui
