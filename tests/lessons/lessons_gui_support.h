// Shared by the Lessons section's GUI tests: the section of a harness's window, shown.
#pragma once

#include "app/gui/lessons/lessons_section.h"
#include "tests/gui/gui_fixture.h"

namespace fplab::gui::testing {

inline LessonsSection* lessonsOf(GuiHarness& h) {
    auto* s = h.section<LessonsSection>(QStringLiteral("lessons"));
    if (s) h.window().showSection(QStringLiteral("lessons"));
    return s;
}

} // namespace fplab::gui::testing
