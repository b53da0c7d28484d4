// One function per operation: its own steps between unpacking and the exact result (exponents,
// alignment), then the shared ones through StepBuilder::exactResult.
#pragma once

#include "app/gui/common/steps/step_builder.h"

namespace fplab::gui {

void addSteps(StepBuilder& sb); // add and sub
void mulSteps(StepBuilder& sb);
void divSteps(StepBuilder& sb);
void sqrtSteps(StepBuilder& sb);
void fmaSteps(StepBuilder& sb);
void convertSteps(StepBuilder& sb);

} // namespace fplab::gui
