// The order of a floating-point sum as a tree: leaves are the terms (0-based indices), an inner node
// adds its children. A node with two children is one addition; with more, one fused addition (as a
// tensor core adds several products at once). Written in bracket form: "((0 1) (2 3))".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::reveal {

class SumTree {
public:
    // A tree of `terms` leaves and no inner node yet (terms >= 1).
    explicit SumTree(int terms);

    int terms() const { return m_terms; }
    // Nodes 0 .. terms-1 are the leaves; inner nodes follow in the order they were added.
    int nodeCount() const { return int(m_children.size()); }
    bool isLeaf(int node) const { return node < m_terms; }
    const std::vector<int>& children(int node) const { return m_children[std::size_t(node)]; }
    int root() const { return m_root; }
    // How many terms the node's subtree holds.
    int leafCount(int node) const { return m_leafCounts[std::size_t(node)]; }
    // The smallest term index under the node (the key children are listed by).
    int firstLeaf(int node) const { return m_firstLeaves[std::size_t(node)]; }

    // Adds an inner node over existing nodes (at least two, none with a parent yet) and makes it the root.
    // Throws std::invalid_argument otherwise.
    int addNode(std::vector<int> children);
    // True when every leaf lies under the root.
    bool complete() const { return m_leafCounts[std::size_t(m_root)] == m_terms; }

    // The same tree with every node's children ordered by their smallest term: the form trees are
    // compared and printed in, since a + b and b + a are the same addition.
    SumTree canonical() const;

private:
    int m_terms;
    int m_root = 0;
    std::vector<std::vector<int>> m_children;
    std::vector<int> m_leafCounts;
    std::vector<int> m_firstLeaves;
    std::vector<bool> m_hasParent;
};

// "((0 1) 2)": the canonical tree in bracket form, children separated by one space.
std::string bracketText(const SumTree& tree);

struct SumTreeOrError {
    std::optional<SumTree> tree;
    std::string error; // what is wrong and at which character, when tree is empty
};
// Reads bracket form back: every term 0 .. n-1 exactly once, each bracket holding at least two items.
SumTreeOrError parseBracketText(std::string_view text);

bool sameOrder(const SumTree& a, const SumTree& b);

// The first inner node of `a`, children before parents, whose terms no node of `b` holds exactly (the
// smallest subtree where the two orders part); none when the trees are the same order.
std::optional<int> firstDifferingNode(const SumTree& a, const SumTree& b);
// The smallest node of `tree` holding both terms (where their addition meets).
int joiningNode(const SumTree& tree, int termA, int termB);

// Known orders, for tests, lessons and the built-in targets.
SumTree sequentialTree(int terms);            // (((0 1) 2) 3)
SumTree reversedTree(int terms);              // (0 (1 (2 3)))
SumTree pairwiseTree(int terms);              // halves, recursively: ((0 1) (2 3))
SumTree blockedTree(int terms, int block);    // each block summed in order, then the block sums in order
SumTree fusedChainTree(int terms, int width); // fused nodes of `width` terms, each adding the previous result
// A vectorised loop: lane l adds terms l, l + lanes, l + 2·lanes, ... in order; then the lanes are added
// pairwise (lanes a power of two), as a SIMD dot product ends.
SumTree laneTree(int terms, int lanes);
// A GPU tree reduction (core/summation_order.h's treeSumFp32): blocks of `block` (a power of two),
// stride-halving pairs inside each block, repeated on the block sums.
SumTree stridedReductionTree(int terms, int block);

} // namespace fplab::reveal
