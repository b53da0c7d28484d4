// Lesson 14 (batch size): row 0's two sums and the count of differing rows recomputed on the host FPU
// (float additions in each kernel's order, written out here), and the revealed trees written by hand.
#include "lesson_test_support.h"

#include "core/reveal/validation.h"

#include <array>
#include <bit>
#include <vector>

namespace fplab::lessons::test {
namespace {

std::vector<float> hostRow(int terms, std::uint64_t seed) {
    std::vector<float> row;
    for (const std::uint64_t bits : reveal::randomTerms(kFp32, terms, seed))
        row.push_back(std::bit_cast<float>(std::uint32_t(bits)));
    return row;
}

float inOrder(const std::vector<float>& row) {
    float s = row[0];
    for (std::size_t k = 1; k < row.size(); ++k) s += row[k];
    return s;
}

// Eight lanes, lane l taking terms l, l + 8, ...; then (l0+l4)+(l2+l6) and (l1+l5)+(l3+l7), then the two.
float inEightLanes(const std::vector<float>& row) {
    std::array<float, 8> lane{};
    for (std::size_t k = 0; k < row.size(); ++k) lane[k % 8] = k < 8 ? row[k] : lane[k % 8] + row[k];
    return ((lane[0] + lane[4]) + (lane[2] + lane[6])) + ((lane[1] + lane[5]) + (lane[3] + lane[7]));
}

TEST(LessonBatchSize, RowZeroInBothOrdersMatchesTheHostFpu) {
    const std::vector<float> row = hostRow(64, 1);
    EXPECT_EQ(result("batch-size", "row", "alone").bits, bitsOf(inEightLanes(row)));
    EXPECT_EQ(result("batch-size", "row", "batched").bits, bitsOf(inOrder(row)));
    EXPECT_NE(result("batch-size", "row", "alone").bits, result("batch-size", "row", "batched").bits);
}

TEST(LessonBatchSize, TheCountOfDifferingRowsMatchesTheHostFpu) {
    int differing = 0;
    for (int r = 0; r < 1000; ++r) {
        const std::vector<float> row = hostRow(64, 1 + std::uint64_t(r));
        if (bitsOf(inEightLanes(row)) != bitsOf(inOrder(row))) ++differing;
    }
    EXPECT_EQ(result("batch-size", "row", "differing").count, differing);
    EXPECT_EQ(result("batch-size", "row", "rows").count, 1000);
    EXPECT_GT(differing, 500); // most rows differ: the lesson's point
    EXPECT_EQ(result("batch-size", "fixed", "differing").count, 0);
}

TEST(LessonBatchSize, TheRevealedTreesAreTheKernelsOrders) {
    EXPECT_EQ(result("batch-size", "trees", "batched_tree").text.en,
              "(((((((((((((((0 1) 2) 3) 4) 5) 6) 7) 8) 9) 10) 11) 12) 13) 14) 15)");
    EXPECT_EQ(result("batch-size", "trees", "alone_tree").text.en,
              "((((0 8) (4 12)) ((2 10) (6 14))) (((1 9) (5 13)) ((3 11) (7 15))))");
    // A chain of 16 needs at least 15 probes; a probe per pair would be 120.
    EXPECT_GE(result("batch-size", "trees", "batched_probes").count, 15);
    EXPECT_LT(result("batch-size", "trees", "alone_probes").count, 120);
}

} // namespace
} // namespace fplab::lessons::test
