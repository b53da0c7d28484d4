// Shared by the Training section's GUI tests: the section of a harness's window, shown.
#pragma once

#include "app/gui/training/training_section.h"
#include "tests/gui/gui_fixture.h"
#include "tests/gui/gui_test_support.h"

namespace fplab::gui::testing {

inline TrainingSection* trainingOf(GuiHarness& h) {
    return shownSection<TrainingSection>(h, QStringLiteral("training"));
}

} // namespace fplab::gui::testing
