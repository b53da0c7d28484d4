// Every section of the app, in one list. A new section adds its include and one line here. It lives at the
// root of app/gui, above shell/ and the sections, so that shell/ includes no section (section_registry.h
// declares registerBuiltinSections, section_registry.cpp calls it).
#include "app/gui/arithmetic/arithmetic_section.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/gpu_lab/gpu_lab_section.h"
#include "app/gui/lessons/lessons_section.h"
#include "app/gui/shell/section_registry.h"
#include "app/gui/summation/summation_section.h"
#include "app/gui/training/training_section.h"

namespace fplab::gui {

void registerBuiltinSections(SectionRegistry& registry) {
    registry.add(QStringLiteral("explorer"), 10,
                 [](SectionContext c, QWidget* parent) { return new ExplorerSection(c, parent); });
    registry.add(QStringLiteral("arithmetic"), 20,
                 [](SectionContext c, QWidget* parent) { return new ArithmeticSection(c, parent); });
    registry.add(QStringLiteral("lessons"), 30,
                 [](SectionContext c, QWidget* parent) { return new LessonsSection(c, parent); });
    registry.add(QStringLiteral("gpu-lab"), 40,
                 [](SectionContext c, QWidget* parent) { return new GpuLabSection(c, parent); });
    registry.add(QStringLiteral("training"), 50,
                 [](SectionContext c, QWidget* parent) { return new TrainingSection(c, parent); });
    registry.add(QStringLiteral("summation"), 60,
                 [](SectionContext c, QWidget* parent) { return new SummationSection(c, parent); });
}

} // namespace fplab::gui
