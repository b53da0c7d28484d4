// EmulatedOps' whole-tensor operations against GNU MPFR (tests/oracle, no code shared with core/): each element's
// operands rounded to the format, the operation correctly rounded, the flags ORed over the tensor and the first
// operation that raised overflow or invalid reported with its element and operands, in FP32, FP16 and BF16 on
// random spans (span_cases.h) with and without the fast paths.
#include "tests/oracle/mpfr_oracle.h"
#include "tests/training/span_cases.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace fplab::training {
namespace {

constexpr Flags kReported = kOverflow | kInvalid;

// What the span's operations must leave: results, the tensor's flags and the first reported operation.
class Expected {
public:
    explicit Expected(FormatId f) : m_id(f), m_format(emulatedFormat(f)) {}

    std::vector<float> of(const SpanCase& s) {
        std::vector<float> out(s.a.size());
        for (std::size_t e = 0; e < out.size(); ++e) {
            const std::size_t element = s.elementBase + e;
            const Result a = operand(s.a[e]);
            switch (s.operation) {
            case SpanOperation::Add: out[e] = binary(oracle::referenceAdd, a, operand(s.b[e]), element); break;
            case SpanOperation::MulByScalar: out[e] = binary(oracle::referenceMul, a, operand(s.b[0]), element); break;
            case SpanOperation::Fma: {
                const Result b = operand(s.b[e]), c = operand(s.c[e]);
                const Result r = oracle::referenceFma(m_format, a.bits, b.bits, c.bits);
                out[e] = note(Flags(a.flags | b.flags | c.flags | r.flags), element, {a.bits, b.bits, c.bits}, r.bits);
                break;
            }
            case SpanOperation::Function: out[e] = function(a, element); break;
            case SpanOperation::MulFunction:
                out[e] = binary(oracle::referenceMul, a, operand(function(operand(s.b[e]), element)), element);
                break;
            }
        }
        return out;
    }
    Flags flags() const { return m_flags; }
    const std::optional<OverflowReport>& first() const { return m_first; }

private:
    // A float rounded to the format (FP32: the float itself, no flag, as the operations take it).
    Result operand(float x) const {
        const std::uint64_t bits = std::bit_cast<std::uint32_t>(x);
        if (m_id == FormatId::Fp32) return {bits, 0};
        return oracle::referenceConvert(kFp32, bits, m_format);
    }
    float value(std::uint64_t bits) const {
        if (m_id == FormatId::Fp32) return std::bit_cast<float>(std::uint32_t(bits));
        return std::bit_cast<float>(std::uint32_t(oracle::referenceConvert(m_format, bits, kFp32).bits));
    }
    float binary(Result (*op)(const Format&, std::uint64_t, std::uint64_t, const Env&), Result a, Result b,
                 std::size_t element) {
        const Result r = op(m_format, a.bits, b.bits, Env{});
        return note(Flags(a.flags | b.flags | r.flags), element, {a.bits, b.bits}, r.bits);
    }
    // The function's definition: the host's binary64 value of the rounded operand, rounded once; a NaN from a
    // number is an invalid operation.
    float function(Result a, std::size_t element) {
        const double exact = spanFunction(double(value(a.bits)));
        Result r = oracle::referenceConvert(kFp64, std::bit_cast<std::uint64_t>(exact), m_format);
        if (std::isnan(exact) && !std::isnan(value(a.bits))) r.flags |= kInvalid;
        return note(Flags(a.flags | r.flags), element, {a.bits}, r.bits);
    }
    float note(Flags flags, std::size_t element, std::vector<std::uint64_t> operands, std::uint64_t result) {
        m_flags |= flags;
        if ((flags & kReported) && !m_first) {
            m_first = OverflowReport{};
            m_first->element = element;
            m_first->operands = std::move(operands);
            m_first->result = result;
            m_first->flags = flags;
        }
        return value(result);
    }

    FormatId m_id;
    const Format& m_format;
    Flags m_flags = 0;
    std::optional<OverflowReport> m_first;
};

class SpanOracle : public ::testing::TestWithParam<FormatId> {};

TEST_P(SpanOracle, SpanOperationsMatchMpfr) {
    std::mt19937_64 rng(67 + int(GetParam()));
    int reportsInside = 0;
    for (bool fastPaths : {true, false}) {
        for (SpanOperation operation : kSpanOperations) {
            for (int trial = 0; trial < 1500 && !HasFailure(); ++trial) {
                const SpanCase s = randomSpanCase(GetParam(), operation, rng);
                EmulatedOps ops;
                ops.useFastPaths(fastPaths);
                ops.at(Pass::Forward, 0, "y");
                const std::vector<float> got = applySpan(ops, s);
                Expected expected(GetParam());
                const std::vector<float> want = expected.of(s);
                const std::string where = "operation " + std::to_string(int(operation)) + " trial " +
                                          std::to_string(trial) + (fastPaths ? "" : " (core)");
                for (std::size_t e = 0; e < want.size(); ++e)
                    ASSERT_EQ(std::bit_cast<std::uint32_t>(got[e]), std::bit_cast<std::uint32_t>(want[e]))
                        << where << " element " << e << ": " << std::hexfloat << s.a[e] << ", " << s.b[e];
                ASSERT_EQ(ops.tensorFlags()[0].flags, expected.flags()) << where;
                ASSERT_EQ(ops.firstOverflow().has_value(), expected.first().has_value()) << where;
                if (!expected.first()) continue;
                EXPECT_EQ(ops.firstOverflow()->element, expected.first()->element) << where;
                EXPECT_EQ(ops.firstOverflow()->operands, expected.first()->operands) << where;
                EXPECT_EQ(ops.firstOverflow()->result, expected.first()->result) << where;
                EXPECT_EQ(ops.firstOverflow()->flags, expected.first()->flags) << where;
                reportsInside += expected.first()->element > s.elementBase;
            }
        }
    }
    EXPECT_GT(reportsInside, 1000); // first overflows after the span's first element were exercised
}

INSTANTIATE_TEST_SUITE_P(Formats, SpanOracle, ::testing::Values(FormatId::Fp32, FormatId::Fp16, FormatId::Bf16),
                         [](const auto& info) { return std::string(emulatedFormat(info.param).name()); });

} // namespace
} // namespace fplab::training
