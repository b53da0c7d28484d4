// shareColumnWidths, the water-filling rule of the fitted tables, on widths worked out by hand.
#include "app/gui/common/column_widths.h"

#include <gtest/gtest.h>

#include <vector>

namespace fplab::gui {
namespace {

using Widths = std::vector<int>;

TEST(ColumnWidths, ColumnsThatFitAreWholeAndTheSlackColumnTakesTheRest) {
    EXPECT_EQ(shareColumnWidths({50, 80, 20}, {10, 10, 10}, 200), (Widths{50, 80, 70}));
    EXPECT_EQ(shareColumnWidths({50, 80, 20}, {10, 10, 10}, 200, 1), (Widths{50, 130, 20}));
    EXPECT_EQ(shareColumnWidths({50, 80, 20}, {10, 10, 10}, 150), (Widths{50, 80, 20}));
}

// 300 px for needs 40, 200, 200: the narrow column keeps 40, the two wide ones share 260 (cap 130).
TEST(ColumnWidths, WideColumnsShareWhatTheNarrowOnesLeave) {
    EXPECT_EQ(shareColumnWidths({40, 200, 200}, {10, 10, 10}, 300), (Widths{40, 130, 130}));
    // An odd pixel goes to the first column the cap cut.
    EXPECT_EQ(shareColumnWidths({40, 200, 200}, {10, 10, 10}, 301), (Widths{40, 131, 130}));
}

// A floor above the cap holds: 100 px for needs 100, 100 with floors 70, 10: the first keeps 70, the second 30.
TEST(ColumnWidths, NoColumnGoesBelowItsFloor) {
    EXPECT_EQ(shareColumnWidths({100, 100}, {70, 10}, 100), (Widths{70, 30}));
    // Floors that do not fit overflow rather than cut a column below its floor.
    EXPECT_EQ(shareColumnWidths({100, 100}, {70, 70}, 100), (Widths{70, 70}));
}

TEST(ColumnWidths, AHiddenColumnStaysEmpty) {
    EXPECT_EQ(shareColumnWidths({0, 200, 200}, {10, 10, 10}, 100), (Widths{0, 50, 50}));
    EXPECT_TRUE(shareColumnWidths({}, {}, 100).empty());
}

} // namespace
} // namespace fplab::gui
