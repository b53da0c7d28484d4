// Shared by the Lessons section's GUI tests: the section of a harness's window, shown.
#pragma once

#include "app/gui/lessons/lessons_section.h"
#include "tests/gui/gui_fixture.h"
#include "tests/gui/gui_test_support.h"

namespace fplab::gui::testing {

inline LessonsSection* lessonsOf(GuiHarness& h) { return shownSection<LessonsSection>(h, QStringLiteral("lessons")); }

} // namespace fplab::gui::testing
