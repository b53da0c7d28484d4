#include "core/reveal/sum_tree.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace fplab::reveal {

SumTree::SumTree(int terms) : m_terms(terms) {
    if (terms < 1) throw std::invalid_argument("a sum needs at least one term");
    m_children.resize(std::size_t(terms));
    m_leafCounts.assign(std::size_t(terms), 1);
    m_firstLeaves.resize(std::size_t(terms));
    for (int i = 0; i < terms; ++i) m_firstLeaves[std::size_t(i)] = i;
    m_hasParent.assign(std::size_t(terms), false);
}

int SumTree::addNode(std::vector<int> children) {
    if (children.size() < 2) throw std::invalid_argument("an addition needs at least two operands");
    int leaves = 0;
    int first = m_terms;
    for (std::size_t k = 0; k < children.size(); ++k) {
        const int c = children[k];
        if (c < 0 || c >= nodeCount()) throw std::invalid_argument("no such node");
        if (m_hasParent[std::size_t(c)] || std::find(children.begin(), children.begin() + std::ptrdiff_t(k), c) !=
                                               children.begin() + std::ptrdiff_t(k))
            throw std::invalid_argument("a node is added twice");
        leaves += leafCount(c);
        first = std::min(first, firstLeaf(c));
    }
    for (const int c : children) m_hasParent[std::size_t(c)] = true;
    m_children.push_back(std::move(children));
    m_leafCounts.push_back(leaves);
    m_firstLeaves.push_back(first);
    m_hasParent.push_back(false);
    m_root = nodeCount() - 1;
    return m_root;
}

SumTree SumTree::canonical() const {
    SumTree out(m_terms);
    // Children before parents: inner nodes were added after their children, so one pass in order works.
    std::vector<int> mapped(static_cast<std::size_t>(nodeCount()));
    for (int i = 0; i < m_terms; ++i) mapped[std::size_t(i)] = i;
    for (int node = m_terms; node < nodeCount(); ++node) {
        std::vector<int> kids = children(node);
        std::sort(kids.begin(), kids.end(), [&](int a, int b) { return firstLeaf(a) < firstLeaf(b); });
        for (int& k : kids) k = mapped[std::size_t(k)];
        mapped[std::size_t(node)] = out.addNode(std::move(kids));
    }
    return out;
}

std::string bracketText(const SumTree& tree) {
    const SumTree t = tree.canonical();
    std::string out;
    // Iterative, so a sequential sum of many thousand terms does not exhaust the stack.
    struct Frame {
        int node;
        std::size_t next;
    };
    std::vector<Frame> stack{{t.root(), 0}};
    while (!stack.empty()) {
        Frame& f = stack.back();
        if (t.isLeaf(f.node)) {
            out += std::to_string(f.node);
            stack.pop_back();
            continue;
        }
        const auto& kids = t.children(f.node);
        if (f.next == 0) out += '(';
        if (f.next == kids.size()) {
            out += ')';
            stack.pop_back();
            continue;
        }
        if (f.next > 0) out += ' ';
        const int child = kids[f.next++];
        stack.push_back({child, 0});
    }
    return out;
}

SumTreeOrError parseBracketText(std::string_view text) {
    struct Item {
        bool isTerm;
        int value; // the term index, or the index into `groups`
    };
    std::vector<std::vector<Item>> open{{}};
    std::vector<std::vector<Item>> groups;
    std::vector<int> terms;
    auto fail = [&](std::size_t at, const std::string& what) {
        return SumTreeOrError{std::nullopt, what + " at character " + std::to_string(at + 1)};
    };
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            ++i;
        } else if (c == '(') {
            open.emplace_back();
            ++i;
        } else if (c == ')') {
            if (open.size() < 2) return fail(i, "')' without '('");
            if (open.back().size() < 2) return fail(i, "a bracket holds fewer than two items");
            groups.push_back(std::move(open.back()));
            open.pop_back();
            open.back().push_back({false, int(groups.size()) - 1});
            ++i;
        } else if (c >= '0' && c <= '9') {
            long long v = 0;
            const std::size_t start = i;
            while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
                v = v * 10 + (text[i] - '0');
                if (v > 100'000'000) return fail(start, "a term index is too large");
                ++i;
            }
            open.back().push_back({true, int(v)});
            terms.push_back(int(v));
        } else {
            return fail(i, std::string("unexpected '") + c + "'");
        }
    }
    if (open.size() != 1) return fail(text.size(), "'(' not closed");
    if (open.back().size() != 1) return fail(0, "the text must be one tree");
    const int n = int(terms.size());
    std::vector<bool> seen(std::size_t(n), false);
    for (const int t : terms) {
        if (t >= n)
            return {std::nullopt, "term " + std::to_string(t) + " is out of range for " + std::to_string(n) + " terms"};
        if (seen[std::size_t(t)]) return {std::nullopt, "term " + std::to_string(t) + " appears twice"};
        seen[std::size_t(t)] = true;
    }
    SumTree tree(n);
    std::vector<int> groupNode(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        std::vector<int> kids;
        for (const Item& item : groups[g])
            kids.push_back(item.isTerm ? item.value : groupNode[std::size_t(item.value)]);
        groupNode[g] = tree.addNode(std::move(kids));
    }
    return {std::move(tree), {}};
}

bool sameOrder(const SumTree& a, const SumTree& b) { return bracketText(a) == bracketText(b); }

namespace {

// Each node's terms, sorted, children before parents.
std::vector<std::vector<int>> termSets(const SumTree& t) {
    std::vector<std::vector<int>> sets(std::size_t(t.nodeCount()));
    for (int i = 0; i < t.terms(); ++i) sets[std::size_t(i)] = {i};
    for (int node = t.terms(); node < t.nodeCount(); ++node) {
        auto& mine = sets[std::size_t(node)];
        for (const int c : t.children(node))
            mine.insert(mine.end(), sets[std::size_t(c)].begin(), sets[std::size_t(c)].end());
        std::sort(mine.begin(), mine.end());
    }
    return sets;
}

} // namespace

std::optional<int> firstDifferingNode(const SumTree& a, const SumTree& b) {
    if (a.terms() != b.terms()) return a.root();
    const auto setsA = termSets(a);
    auto setsB = termSets(b);
    std::sort(setsB.begin(), setsB.end());
    for (int node = a.terms(); node < a.nodeCount(); ++node) {
        if (!std::binary_search(setsB.begin(), setsB.end(), setsA[std::size_t(node)])) return node;
    }
    // Every node of a is a node of b, yet the orders differ: b splits one of a's fused nodes. Say the root.
    if (!sameOrder(a, b)) return a.root();
    return std::nullopt;
}

int joiningNode(const SumTree& tree, int termA, int termB) {
    std::vector<int> parent(std::size_t(tree.nodeCount()), -1);
    for (int node = tree.terms(); node < tree.nodeCount(); ++node)
        for (const int c : tree.children(node)) parent[std::size_t(c)] = node;
    std::vector<bool> aboveA(std::size_t(tree.nodeCount()), false);
    for (int n = termA; n >= 0; n = parent[std::size_t(n)]) aboveA[std::size_t(n)] = true;
    for (int n = termB; n >= 0; n = parent[std::size_t(n)])
        if (aboveA[std::size_t(n)]) return n;
    return tree.root();
}

SumTree sequentialTree(int terms) {
    SumTree t(terms);
    int acc = 0;
    for (int i = 1; i < terms; ++i) acc = t.addNode({acc, i});
    return t;
}

SumTree reversedTree(int terms) {
    SumTree t(terms);
    int acc = terms - 1;
    for (int i = terms - 2; i >= 0; --i) acc = t.addNode({i, acc});
    return t;
}

SumTree pairwiseTree(int terms) {
    SumTree t(terms);
    std::function<int(int, int)> build = [&](int begin, int end) {
        if (end - begin == 1) return begin;
        const int mid = begin + (end - begin) / 2;
        const int left = build(begin, mid);
        const int right = build(mid, end);
        return t.addNode({left, right});
    };
    build(0, terms);
    return t;
}

SumTree blockedTree(int terms, int block) {
    if (block < 1) throw std::invalid_argument("the block must hold at least one term");
    SumTree t(terms);
    int total = -1;
    for (int begin = 0; begin < terms; begin += block) {
        int acc = begin;
        for (int i = begin + 1; i < std::min(terms, begin + block); ++i) acc = t.addNode({acc, i});
        total = total < 0 ? acc : t.addNode({total, acc});
    }
    return t;
}

SumTree fusedChainTree(int terms, int width) {
    if (width < 2) throw std::invalid_argument("a fused addition adds at least two terms");
    SumTree t(terms);
    int acc = -1;
    for (int begin = 0; begin < terms; begin += width) {
        std::vector<int> kids;
        if (acc >= 0) kids.push_back(acc);
        for (int i = begin; i < std::min(terms, begin + width); ++i) kids.push_back(i);
        acc = kids.size() == 1 ? kids[0] : t.addNode(std::move(kids));
    }
    return t;
}

SumTree laneTree(int terms, int lanes) {
    if (lanes < 1 || (lanes & (lanes - 1)) != 0) throw std::invalid_argument("the lanes must be a power of two");
    SumTree t(terms);
    std::vector<int> lane(std::size_t(lanes), -1);
    for (int i = 0; i < terms; ++i) {
        int& acc = lane[std::size_t(i % lanes)];
        acc = acc < 0 ? i : t.addNode({acc, i});
    }
    for (int width = lanes / 2; width > 0; width /= 2)
        for (int l = 0; l < width; ++l) {
            const int a = lane[std::size_t(l)], b = lane[std::size_t(l + width)];
            lane[std::size_t(l)] = a < 0 ? b : b < 0 ? a : t.addNode({a, b});
        }
    return t;
}

SumTree stridedReductionTree(int terms, int block) {
    if (block < 1 || (block & (block - 1)) != 0) throw std::invalid_argument("the block must be a power of two");
    SumTree t(terms);
    // -1 marks a zero the reduction pads with: adding it changes nothing, so it makes no node.
    std::vector<int> level(static_cast<std::size_t>(terms));
    for (int i = 0; i < terms; ++i) level[std::size_t(i)] = i;
    const auto combine = [&](int a, int b) { return a < 0 ? b : b < 0 ? a : t.addNode({a, b}); };
    while (true) {
        const std::size_t blocks = (level.size() + std::size_t(block) - 1) / std::size_t(block);
        std::vector<int> next(blocks);
        for (std::size_t blk = 0; blk < blocks; ++blk) {
            std::vector<int> shared(std::size_t(block), -1);
            for (std::size_t k = 0; k < std::size_t(block); ++k) {
                const std::size_t i = blk * std::size_t(block) + k;
                if (i < level.size()) shared[k] = level[i];
            }
            for (std::size_t stride = std::size_t(block) / 2; stride > 0; stride /= 2)
                for (std::size_t k = 0; k < stride; ++k) shared[k] = combine(shared[k], shared[k + stride]);
            next[blk] = shared[0];
        }
        if (blocks == 1) return t;
        level = std::move(next);
    }
}

} // namespace fplab::reveal
