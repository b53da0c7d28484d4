// Shared by the Lessons section's GUI tests: the section of a harness's window, shown, and a lesson
// opened in it.
#pragma once

#include "app/gui/lessons/lessons_section.h"
#include "tests/gui/gui_fixture.h"
#include "tests/gui/gui_test_support.h"

namespace fplab::gui::testing {

inline LessonsSection* lessonsOf(GuiHarness& h) { return shownSection<LessonsSection>(h, QStringLiteral("lessons")); }

// The section, shown, with lesson `id` open at `step`; null if there is no section or no such lesson.
inline LessonsSection* lessonOpenAt(GuiHarness& h, const QString& id, int step) {
    LessonsSection* s = lessonsOf(h);
    return s && s->openLesson(id, step) ? s : nullptr;
}

} // namespace fplab::gui::testing
