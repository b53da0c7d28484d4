// The Lessons section's layout settings (the progress is LessonProgress's): the two splitters,
// lesson list | step and narration | experiments, as the user left them.
#pragma once

#include "app/gui/shell/settings.h"

#include <QByteArray>

namespace fplab::gui {

struct LessonsSettings {
    explicit LessonsSettings(SettingsStore& store)
        : listSplitter(store, QStringLiteral("lessons/listSplitter"), {}),
          stepSplitter(store, QStringLiteral("lessons/stepSplitter"), {}) {}
    SettingValue<QByteArray> listSplitter;
    SettingValue<QByteArray> stepSplitter;
};

} // namespace fplab::gui
