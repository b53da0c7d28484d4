#include "app/gui/training/transformer/transformer_text_file.h"

#include "core/training/transformer/text_file.h"
#include "core/training/transformer/text_task.h"

#include <QDir>
#include <QFileInfo>

#include <stdexcept>

namespace fplab::gui {

using namespace fplab::training;

QString TransformerTextFile::quickProblem(const QString& path) {
    if (path.trimmed().isEmpty()) return tr("Choose the text file the transformer learns from.");
    const QFileInfo info(path);
    const QString name = QDir::toNativeSeparators(path);
    if (!info.exists()) return tr("The text file %1 does not exist.").arg(name);
    if (info.isDir()) return tr("%1 is a folder, not a text file.").arg(name);
    if (!info.isReadable()) return tr("The text file %1 cannot be read (no permission).").arg(name);
    if (info.size() == 0) return tr("The text file %1 is empty.").arg(name);
    return {};
}

std::shared_ptr<const TokenTask> TransformerTextFile::load(const QString& path, int context) {
    if (const QString problem = quickProblem(path); !problem.isEmpty()) throw std::runtime_error(problem.toStdString());
    const QString name = QDir::toNativeSeparators(path);
    const TextFile file = readTextFile(QFile::encodeName(path).toStdString());
    QString problem;
    switch (file.problem) {
    case TextFileProblem::None: break;
    case TextFileProblem::CannotOpen: problem = tr("The text file %1 cannot be opened.").arg(name); break;
    case TextFileProblem::TooLarge: problem = tr("The text file %1 is larger than 64 MiB.").arg(name); break;
    case TextFileProblem::CannotRead: problem = tr("The text file %1 could not be read to its end.").arg(name); break;
    }
    if (problem.isEmpty() && file.bytes.empty()) problem = tr("The text file %1 is empty.").arg(name);
    if (!problem.isEmpty()) throw std::runtime_error(problem.toStdString());
    std::string error;
    std::unique_ptr<TextTask> task = TextTask::fromUtf8(file.bytes, context, error);
    if (!task)
        throw std::runtime_error(
            tr("The text file %1 cannot be used: %2.").arg(name, QString::fromStdString(error)).toStdString());
    return task;
}

} // namespace fplab::gui
