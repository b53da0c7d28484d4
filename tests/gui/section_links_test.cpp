// The lessons' links into other sections ("Open in Explorer", "Open in Arithmetic"): presets and custom
// formats open with the value's bits; unknown formats open nothing.
#include "app/gui/arithmetic/arithmetic_section.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/lessons/section_links.h"
#include "gui_fixture.h"

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

TEST(SectionLinks, ALessonLinkOpensAPresetInTheExplorer) {
    testing::GuiHarness h;
    ASSERT_TRUE(openValueInExplorer(&h.window(), QStringLiteral("bf16"), 0x3f80));
    const ExplorerState* state = h.section<ExplorerSection>(QStringLiteral("explorer"))->state();
    EXPECT_EQ(state->formatName(), QStringLiteral("bf16"));
    EXPECT_EQ(state->bits(), 0x3f80u);
}

TEST(SectionLinks, ALessonLinkOpensACustomFormatInTheExplorer) {
    testing::GuiHarness h;
    ASSERT_TRUE(openValueInExplorer(&h.window(), QStringLiteral("e5m10-nosub"), 0x3c01));
    const ExplorerState* state = h.section<ExplorerSection>(QStringLiteral("explorer"))->state();
    EXPECT_EQ(state->formatName(), QStringLiteral("e5m10-nosub"));
    EXPECT_FALSE(state->format().subnormals);
    EXPECT_EQ(state->bits(), 0x3c01u);
    EXPECT_TRUE(h.settings().customFormats.get().contains(QStringLiteral("e5m10-nosub")));
}

TEST(SectionLinks, ALessonLinkOpensACustomFormatInArithmetic) {
    testing::GuiHarness h;
    ASSERT_TRUE(openValueInArithmetic(&h.window(), QStringLiteral("e5m10-nosub"), 0x3c01));
    EXPECT_EQ(h.settings().arithmeticFormat.get(), QStringLiteral("e5m10-nosub"));
    EXPECT_EQ(h.window().currentSection(), h.window().section(QStringLiteral("arithmetic")));
}

TEST(SectionLinks, AnUnknownFormatOpensNothing) {
    testing::GuiHarness h;
    EXPECT_FALSE(openValueInExplorer(&h.window(), QStringLiteral("fp17"), 0));
    EXPECT_FALSE(openValueInArithmetic(&h.window(), QStringLiteral("fp17"), 0));
}

} // namespace
} // namespace fplab::gui
