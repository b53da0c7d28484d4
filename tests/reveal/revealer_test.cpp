// The revealer against targets whose order is known: the built-in trees (their shapes are written out by
// hand in sum_tree_test.cpp), std::reduce as libstdc++ writes it, and targets that answer badly.
#include "core/reveal/model_targets.h"
#include "core/reveal/revealer.h"
#include "core/reveal/validation.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace fplab;
using namespace fplab::reveal;

namespace {

RevealResult revealWith(SummationTarget& target, int terms, bool keepProbes = false) {
    RevealOptions options;
    options.terms = terms;
    options.keepProbes = keepProbes;
    return revealOrder(target, options);
}

std::string revealedText(ModelTarget t, int terms, const Format& f) {
    auto target = makeModelTarget(t, terms, f);
    return bracketText(revealWith(*target, terms).tree);
}

} // namespace

TEST(Revealer, RecoversEveryKnownOrderExactly) {
    const ModelTarget known[] = {ModelTarget::Sequential, ModelTarget::Reversed, ModelTarget::Pairwise,
                                 ModelTarget::Blocked8,   ModelTarget::Lanes8,   ModelTarget::Fused4,
                                 ModelTarget::GpuTree256};
    for (const Format& f : {kFp32, kFp64, kFp16, kBf16}) {
        for (const ModelTarget t : known) {
            if (t == ModelTarget::Fused4 && f == kFp64) continue; // fused-4 has no FP64 form
            for (const int n : {2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 100, 256}) {
                if (n > 256 && f == kBf16) continue;
                SCOPED_TRACE(std::string(modelTargetName(t)) + " " + std::string(f.name()) + " n=" + std::to_string(n));
                EXPECT_EQ(revealedText(t, n, f), bracketText(*knownOrder(t, n)));
            }
        }
    }
}

TEST(Revealer, SmallOrdersComeOutAsWrittenByHand) {
    EXPECT_EQ(revealedText(ModelTarget::Sequential, 4, kFp32), "(((0 1) 2) 3)");
    EXPECT_EQ(revealedText(ModelTarget::Reversed, 4, kFp16), "(0 (1 (2 3)))");
    EXPECT_EQ(revealedText(ModelTarget::Pairwise, 4, kBf16), "((0 1) (2 3))");
    EXPECT_EQ(revealedText(ModelTarget::Fused4, 6, kFp32), "((0 1 2 3) 4 5)");
    EXPECT_EQ(revealedText(ModelTarget::Blocked8, 10, kFp64), "((((((((0 1) 2) 3) 4) 5) 6) 7) (8 9))");
}

TEST(Revealer, LargeSumsStayNearLinearInProbes) {
    for (const ModelTarget t : {ModelTarget::Sequential, ModelTarget::Reversed, ModelTarget::Pairwise}) {
        auto target = makeModelTarget(t, 1024, kFp32);
        const RevealResult r = revealWith(*target, 1024);
        EXPECT_EQ(bracketText(r.tree), bracketText(*knownOrder(t, 1024))) << modelTargetName(t);
        // One pivot per group: a chain costs about 2n probes with random pivots, a balanced tree n log2 n.
        EXPECT_LT(r.probes, 12 * 1024) << modelTargetName(t);
    }
}

TEST(Revealer, HostLoopIsSequentialAndStdReduceAddsInFours) {
    EXPECT_EQ(revealedText(ModelTarget::HostLoop, 6, kFp32), "(((((0 1) 2) 3) 4) 5)");
    // libstdc++'s std::reduce for random-access iterators: v1 = x0+x1, v2 = x2+x3, init += v1+v2 per four,
    // then the rest one by one (<numeric>, GCC 12). The first init + (v1+v2) adds +0: no rounding, no node.
    EXPECT_EQ(revealedText(ModelTarget::StdReduce, 10, kFp32), "(((((0 1) (2 3)) ((4 5) (6 7))) 8) 9)");
}

TEST(Revealer, EveryRevealedOrderReplaysTheTargetBitForBit) {
    for (const ModelTarget t : kModelTargets) {
        const Format f = fixedTermFormat(t).value_or(kFp32);
        for (const int n : {7, 64, 200}) {
            SCOPED_TRACE(std::string(modelTargetName(t)) + " n=" + std::to_string(n));
            auto target = makeModelTarget(t, n, f);
            const RevealResult r = revealWith(*target, n);
            const ValidationReport v = validateOrder(*target, r.tree, replayRulesFor(*target), 200, 7);
            EXPECT_TRUE(v.allAgreed()) << bracketText(r.tree) << " differs at trial " << v.firstDifference.value_or(0);
            EXPECT_EQ(v.trials, 200);
        }
    }
}

TEST(Revealer, ValidationCatchesAWrongOrder) {
    auto target = makeModelTarget(ModelTarget::Sequential, 64, kFp32);
    const ValidationReport v = validateOrder(*target, pairwiseTree(64), replayRulesFor(*target), 200, 7);
    ASSERT_FALSE(v.allAgreed());
    EXPECT_NE(v.targetResult, v.replayResult);
    EXPECT_EQ(v.terms.size(), 64u);
}

TEST(Revealer, TensorCoreModelsAddSixteenOrEightProductsAtOnce) {
    // Every block FMA is one fused node that also takes the previous block's result (C).
    const std::string h100 = revealedText(ModelTarget::TensorCoreH100, 40, kFp16);
    EXPECT_EQ(h100, bracketText(fusedChainTree(40, 16))) << h100;
    const std::string a100 = revealedText(ModelTarget::TensorCoreA100, 20, kFp16);
    EXPECT_EQ(a100, bracketText(fusedChainTree(20, 8))) << a100;
}

TEST(Revealer, TheProbeLogRecordsWhatEachProbeCounted) {
    auto target = makeModelTarget(ModelTarget::Sequential, 5, kFp32);
    const RevealResult r = revealWith(*target, 5, true);
    ASSERT_EQ(std::size_t(r.probes), r.probeLog.size());
    for (const Probe& p : r.probeLog) {
        // Sequential: the node joining i and j holds the terms 0 .. max(i, j).
        EXPECT_EQ(p.joined, std::max({p.positive, p.negative, 1}) + 1);
        EXPECT_EQ(double(5 - p.joined), double(std::bit_cast<float>(std::uint32_t(p.result))));
    }
}

namespace {

// A target that answers with whatever it is given.
class FixedAnswer final : public SummationTarget {
public:
    explicit FixedAnswer(std::uint64_t bits) : m_bits(bits) {}
    const Format& termFormat() const override { return kFp32; }
    std::uint64_t sum(std::span<const std::uint64_t>) override { return m_bits; }

private:
    std::uint64_t m_bits;
};

} // namespace

TEST(Revealer, AnswersThatAreNoCountNameTheProbe) {
    FixedAnswer half(0x3F000000); // 0.5: no whole number of units
    try {
        revealWith(half, 4);
        FAIL() << "no error";
    } catch (const RevealError& e) {
        EXPECT_NE(std::string(e.what()).find("probe 1 (M at term"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("0.5"), std::string::npos) << e.what();
    }
    FixedAnswer tooMany(0x40800000); // 4 units, but only 2 terms besides M and -M
    EXPECT_THROW(revealWith(tooMany, 4), RevealError);
    FixedAnswer nan(0x7FC00000);
    EXPECT_THROW(revealWith(nan, 4), RevealError);
}

TEST(Revealer, RefusesFormatsAndCountsItCannotCount) {
    FixedAnswer any(0);
    RevealOptions options;
    options.terms = 0;
    EXPECT_THROW(revealOrder(any, options), std::invalid_argument);
    auto bf16 = makeModelTarget(ModelTarget::Sequential, 257, kBf16);
    options.terms = 257; // BF16 counts are exact up to 2^8 units
    EXPECT_THROW(revealOrder(*bf16, options), std::invalid_argument);
    EXPECT_THROW(makeModelTarget(ModelTarget::StdReduce, 4, kFp16), std::invalid_argument);
    EXPECT_THROW(makeModelTarget(ModelTarget::Sequential, 4, kE4m3), std::invalid_argument);
}

TEST(Revealer, ProgressCanCancel) {
    auto target = makeModelTarget(ModelTarget::Pairwise, 64, kFp32);
    RevealOptions options;
    options.terms = 64;
    long long seen = 0;
    options.progress = [&](long long probes) {
        seen = probes;
        return probes < 10;
    };
    EXPECT_THROW(revealOrder(*target, options), RevealCancelled);
    EXPECT_EQ(seen, 10);
}

TEST(TreeReplay, EveryNodesValueFlagsAndErrorMatchTheHostFpu) {
    // (((a b) c) d) in float; each partial sum's error against the exact sum in double (exact for four
    // floats within a few binades of each other).
    const float t[] = {1.0f, 0x1p-30f, 3.0f, -0x1.8p-2f};
    std::vector<std::uint64_t> terms;
    for (const float f : t) terms.push_back(std::bit_cast<std::uint32_t>(f));
    const SumTree tree = sequentialTree(4);
    const auto nodes = replayNodes(tree, kFp32, terms, ReplayRules{kFp32});
    const float ab = t[0] + t[1], abc = ab + t[2], abcd = abc + t[3];
    EXPECT_EQ(nodes[4].bits, std::bit_cast<std::uint32_t>(ab));
    EXPECT_EQ(nodes[5].bits, std::bit_cast<std::uint32_t>(abc));
    EXPECT_EQ(nodes[6].bits, std::bit_cast<std::uint32_t>(abcd));
    EXPECT_EQ(nodes[4].flags, kInexact); // 1 + 2^-30 loses the small term
    EXPECT_EQ(nodes[6].flags, 0);        // 4 - 0.375 = 3.625 is exact
    const double exact = double(t[0]) + double(t[1]) + double(t[2]) + double(t[3]);
    EXPECT_EQ(partialSumError(tree, 6, kFp32, terms, kFp32, nodes[6].bits), double(abcd) - exact);
    EXPECT_EQ(partialSumError(tree, 4, kFp32, terms, kFp32, nodes[4].bits), -0x1p-30);
}
