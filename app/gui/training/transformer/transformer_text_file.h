// The file of the transformer's Text file task: what costs nothing to check (no path; a file that is missing, not
// readable or empty) on the GUI thread before a run starts, the reading and decoding on the worker thread.
#pragma once

#include "core/training/transformer/token_task.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace fplab::gui {

class TransformerTextFile final {
    Q_DECLARE_TR_FUNCTIONS(fplab::gui::TransformerTextFile)

public:
    // Empty when the file may be read; otherwise the problem, naming the file.
    static QString quickProblem(const QString& path);
    // The task of the file's UTF-8 text with sequences of `context` characters; throws std::runtime_error naming the
    // file and its problem (unreadable, larger than 64 MiB, empty, not UTF-8, too short, too many characters).
    static std::shared_ptr<const training::TokenTask> load(const QString& path, int context);
};

} // namespace fplab::gui
