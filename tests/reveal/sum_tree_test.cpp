// The known orders, written out by hand, and the bracket form read back.
#include "core/reveal/sum_tree.h"

#include <gtest/gtest.h>

using namespace fplab::reveal;

TEST(SumTree, KnownOrdersPrintAsWrittenByHand) {
    EXPECT_EQ(bracketText(sequentialTree(1)), "0");
    EXPECT_EQ(bracketText(sequentialTree(4)), "(((0 1) 2) 3)");
    EXPECT_EQ(bracketText(reversedTree(4)), "(0 (1 (2 3)))");
    EXPECT_EQ(bracketText(pairwiseTree(4)), "((0 1) (2 3))");
    EXPECT_EQ(bracketText(pairwiseTree(5)), "((0 1) (2 (3 4)))");
    EXPECT_EQ(bracketText(blockedTree(10, 8)), "((((((((0 1) 2) 3) 4) 5) 6) 7) (8 9))");
    EXPECT_EQ(bracketText(blockedTree(5, 2)), "(((0 1) (2 3)) 4)");
    EXPECT_EQ(bracketText(fusedChainTree(6, 4)), "((0 1 2 3) 4 5)");
    EXPECT_EQ(bracketText(laneTree(16, 8)), "((((0 8) (4 12)) ((2 10) (6 14))) (((1 9) (5 13)) ((3 11) (7 15))))");
    EXPECT_EQ(bracketText(laneTree(5, 4)), "(((0 4) 2) (1 3))");
    EXPECT_EQ(bracketText(fusedChainTree(9, 4)), "(((0 1 2 3) 4 5 6 7) 8)");
    // Stride-halving inside a block of 4: (0+2, 1+3), then the two.
    EXPECT_EQ(bracketText(stridedReductionTree(4, 4)), "((0 2) (1 3))");
    EXPECT_EQ(bracketText(stridedReductionTree(3, 4)), "((0 2) 1)");
    // Two blocks of 2, then the block sums.
    EXPECT_EQ(bracketText(stridedReductionTree(4, 2)), "((0 1) (2 3))");
}

TEST(SumTree, BracketTextReadsBack) {
    for (const char* text : {"0", "(0 1)", "((0 1) (2 3))", "((0 1 2 3) 4 5)", "(0 (1 (2 3)))", "((3 0) (1 2))"}) {
        const auto parsed = parseBracketText(text);
        ASSERT_TRUE(parsed.tree) << text << ": " << parsed.error;
        EXPECT_EQ(bracketText(*parsed.tree), bracketText(parseBracketText(bracketText(*parsed.tree)).tree.value()));
    }
    // Children are listed by their smallest term.
    EXPECT_EQ(bracketText(*parseBracketText("((3 0) (2 1))").tree), "((0 3) (1 2))");
}

TEST(SumTree, MalformedBracketTextIsRefusedWithItsPlace) {
    EXPECT_EQ(parseBracketText("(0 1").error, "'(' not closed at character 5");
    EXPECT_EQ(parseBracketText("(0 1))").error, "')' without '(' at character 6");
    EXPECT_EQ(parseBracketText("((0) 1)").error, "a bracket holds fewer than two items at character 4");
    EXPECT_EQ(parseBracketText("(0 2)").error, "term 2 is out of range for 2 terms");
    EXPECT_EQ(parseBracketText("(0 0)").error, "term 0 appears twice");
    EXPECT_EQ(parseBracketText("(0 x)").error, "unexpected 'x' at character 4");
    EXPECT_EQ(parseBracketText("0 1").error, "the text must be one tree at character 1");
}

TEST(SumTree, ANodeTakesOnlyFreeNodes) {
    SumTree t(3);
    t.addNode({0, 1});
    EXPECT_THROW(t.addNode({0, 2}), std::invalid_argument);
    EXPECT_THROW(t.addNode({2}), std::invalid_argument);
    EXPECT_THROW(t.addNode({2, 7}), std::invalid_argument);
    EXPECT_FALSE(t.complete());
    t.addNode({3, 2});
    EXPECT_TRUE(t.complete());
}

TEST(SumTree, TheFirstDifferingNodeIsTheSmallestSubtreeWhereOrdersPart) {
    const SumTree seq = sequentialTree(4), pair = pairwiseTree(4);
    // ((0 1) 2) is the first node of the sequential order that the pairwise one lacks.
    const auto d = firstDifferingNode(seq, pair);
    ASSERT_TRUE(d);
    EXPECT_EQ(seq.leafCount(*d), 3);
    EXPECT_EQ(seq.firstLeaf(*d), 0);
    // In the pairwise order, (2 3) is the first node the sequential one lacks.
    const auto e = firstDifferingNode(pair, seq);
    ASSERT_TRUE(e);
    EXPECT_EQ(pair.leafCount(*e), 2);
    EXPECT_EQ(pair.firstLeaf(*e), 2);
    EXPECT_FALSE(firstDifferingNode(seq, sequentialTree(4)));
    // A fused node split into additions: every node of the fused tree exists in the other, yet they differ.
    EXPECT_TRUE(firstDifferingNode(fusedChainTree(3, 3), sequentialTree(3)));
}

TEST(SumTree, JoiningNodeIsWhereTwoTermsMeet) {
    const SumTree seq = sequentialTree(5);
    EXPECT_EQ(seq.leafCount(joiningNode(seq, 0, 1)), 2);
    EXPECT_EQ(seq.leafCount(joiningNode(seq, 3, 1)), 4);
    EXPECT_EQ(seq.leafCount(joiningNode(seq, 4, 0)), 5);
}
