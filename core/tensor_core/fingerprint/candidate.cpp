#include "core/tensor_core/fingerprint/candidate.h"

#include "core/arithmetic.h"
#include "core/tensor_core/block_core.h"
#include "core/tensor_core/block_fma.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <span>

namespace fplab::tc::fingerprint {

namespace {

using detail::u64;

constexpr int kMinFractionBits = 10;
constexpr int kMaxFractionBits = 28;
constexpr int kMaxK = 64;

constexpr Format kE8m13 = fplab::detail::preset(FormatId::Custom, "e8m13", 8, 13);

const Format& unitFormat(InputType t) {
    const Format* f = floatInputFormat(t);
    return f ? *f : kFp32;
}

// The format of the operands as given to the instruction (TF32 arrives as FP32 bits).
const Format& givenFormat(InputType t) { return t == InputType::Tf32 ? kFp32 : unitFormat(t); }
const Format& accumFormat(AccumType t) { return t == AccumType::Fp16 ? kFp16 : kFp32; }
bool isFp8(InputType t) { return t == InputType::E4m3 || t == InputType::E5m2; }

u64 flushSubnormal(const Format& f, u64 bits) {
    return classify(f, bits) == FloatClass::Subnormal ? (bits & f.signMask()) : bits;
}

BlockModel blockModelFor(const Candidate& c, InputType unitInput, AccumType accum, Arch arch) {
    BlockModel m;
    m.config.arch = arch;
    m.config.input = unitInput;
    m.config.accum = accum;
    m.config.tf32Input = Tf32Input::Truncate;
    m.config.tinyModel = c.tiny;
    m.inputFormat = unitFormat(unitInput);
    m.accumFormat = accumFormat(accum);
    m.roundFormat = c.roundPrecision == m.accumFormat.precision() ? m.accumFormat : kE8m13;
    m.finalRounding = c.rounding;
    m.blockSize = c.blockSize;
    m.fractionBits = c.fractionBits;
    const bool sm90 = arch == Arch::Sm90;
    m.khattakMinExponent = accum == AccumType::Fp16 ? (sm90 ? -21 : -20) : (sm90 ? -133 : -132);
    return m;
}

// One block. Normalising products before alignment moves E up by one when the largest term is a
// product in [2, 4); the grid 2^(E-F) then equals blockFma's grid with one fraction bit fewer.
u64 block(const BlockModel& m, bool normalise, std::span<const u64> a, std::span<const u64> b, u64 c) {
    if (!normalise) return blockFma(m, a, b, c).bits;
    int maxRaw = INT_MIN, maxNorm = INT_MIN;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const auto da = detail::decodeOperand(m.inputFormat, detail::unitOperand(m, a[k]));
        const auto db = detail::decodeOperand(m.inputFormat, detail::unitOperand(m, b[k]));
        if (!isFinite(da.cls) || !isFinite(db.cls)) return blockFma(m, a, b, c).bits;
        const u64 p = da.sig * db.sig;
        if (p == 0) continue;
        const int e = da.exp + db.exp;
        maxRaw = std::max(maxRaw, e);
        maxNorm = std::max(maxNorm, e + (int(std::bit_width(p)) - 1 > 2 * m.inputFormat.mantissaBits ? 1 : 0));
    }
    const auto dc = detail::decodeOperand(m.accumFormat, c);
    if (!isFinite(dc.cls)) return blockFma(m, a, b, c).bits;
    const bool cNonzero = dc.sig != 0;
    const int eRaw = detail::blockExponent(m, m.config.tinyModel, maxRaw, cNonzero, dc.exp);
    const int eNorm = detail::blockExponent(m, m.config.tinyModel, maxNorm, cNonzero, dc.exp);
    if (eNorm == eRaw) return blockFma(m, a, b, c).bits;
    BlockModel shifted = m;
    shifted.fractionBits -= eNorm - eRaw;
    return blockFma(shifted, a, b, c).bits;
}

} // namespace

int paramValue(const Candidate& c, Param p) {
    switch (p) {
    case Param::Operands: return int(c.operands);
    case Param::KGrouping: return int(c.grouping);
    case Param::BlockSize: return c.blockSize;
    case Param::FractionBits: return c.fractionBits;
    case Param::FinalRounding: return int(c.rounding);
    case Param::RoundPrecision: return c.roundPrecision;
    case Param::AddendEntry: return int(c.addend);
    case Param::Normalisation: return c.normalise;
    case Param::SubnormalInputs: return c.flushSubnormalInputs;
    case Param::SubnormalOutputs: return c.flushSubnormalOutputs;
    case Param::TinyExponent: return int(c.tiny);
    }
    return 0;
}

std::string valueToken(Param p, int v) {
    switch (p) {
    case Param::Operands: return OperandFormat(v) == OperandFormat::Fp16 ? "fp16" : "as-given";
    case Param::KGrouping: return KGrouping(v) == KGrouping::Fp8Pairs ? "fp8-pairs" : "in-order";
    case Param::BlockSize:
    case Param::FractionBits:
    case Param::RoundPrecision: return std::to_string(v);
    case Param::FinalRounding:
        switch (RoundingMode(v)) {
        case RoundingMode::TowardZero: return "rz";
        case RoundingMode::NearestEven: return "rne";
        case RoundingMode::TowardNegative: return "rd";
        case RoundingMode::TowardPositive: return "ru";
        default: return "?";
        }
    case Param::AddendEntry:
        switch (AddendEntry(v)) {
        case AddendEntry::FirstBlock: return "first-block";
        case AddendEntry::FinalAddRne: return "final-add-rne";
        case AddendEntry::FinalAddRz: return "final-add-rz";
        }
        return "?";
    case Param::Normalisation: return v ? "normalised" : "not-normalised";
    case Param::SubnormalInputs:
    case Param::SubnormalOutputs: return v ? "flushed" : "kept";
    case Param::TinyExponent: return std::string(tinyModelName(TinyModel(v)));
    }
    return "?";
}

std::string_view paramKey(Param p) {
    switch (p) {
    case Param::Operands: return "operands";
    case Param::KGrouping: return "k-grouping";
    case Param::BlockSize: return "block-size";
    case Param::FractionBits: return "fraction-bits";
    case Param::FinalRounding: return "final-rounding";
    case Param::RoundPrecision: return "rounding-precision";
    case Param::AddendEntry: return "addend";
    case Param::Normalisation: return "normalisation";
    case Param::SubnormalInputs: return "subnormal-inputs";
    case Param::SubnormalOutputs: return "subnormal-outputs";
    case Param::TinyExponent: return "tiny-exponent";
    }
    return "?";
}

std::vector<int> kOrder(KGrouping g, int k) {
    std::vector<int> order;
    order.reserve(std::size_t(k));
    if (g == KGrouping::Fp8Pairs && k == 32) {
        for (int t = 0; t < 4; ++t)
            for (int base : {4 * t, 4 * t + 1, 16 + 4 * t, 16 + 4 * t + 1}) order.push_back(base);
        for (int t = 0; t < 4; ++t)
            for (int base : {4 * t + 2, 4 * t + 3, 16 + 4 * t + 2, 16 + 4 * t + 3}) order.push_back(base);
        return order;
    }
    for (int i = 0; i < k; ++i) order.push_back(i);
    return order;
}

std::vector<Candidate> candidateSpace(InputType input, AccumType accum, int k) {
    std::vector<Candidate> out;
    if (input == InputType::Int8 || input == InputType::Uint8 || accum == AccumType::Int32) return out;
    std::vector<OperandFormat> operands{OperandFormat::Native};
    if (isFp8(input)) operands.push_back(OperandFormat::Fp16);
    std::vector<int> sizes;
    for (int n : {4, 8, 16, 32})
        if (n <= k) sizes.push_back(n);
    if (sizes.empty() || sizes.back() < k) sizes.push_back(k);
    const int accumPrecision = accumFormat(accum).precision();
    std::vector<int> precisions{accumPrecision};
    if (accum == AccumType::Fp32) precisions.push_back(kE8m13.precision());
    for (OperandFormat op : operands)
        for (KGrouping g : {KGrouping::InOrder, KGrouping::Fp8Pairs})
            for (int n : sizes) {
                if (g == KGrouping::Fp8Pairs && (k != 32 || n >= k)) continue;
                for (int f = kMinFractionBits; f <= kMaxFractionBits; ++f)
                    for (RoundingMode r : {RoundingMode::TowardZero, RoundingMode::NearestEven,
                                           RoundingMode::TowardNegative, RoundingMode::TowardPositive})
                        for (int p : precisions)
                            for (AddendEntry e :
                                 {AddendEntry::FirstBlock, AddendEntry::FinalAddRne, AddendEntry::FinalAddRz})
                                for (int bits = 0; bits < 16; ++bits) {
                                    Candidate c;
                                    c.operands = op;
                                    c.grouping = g;
                                    c.blockSize = n;
                                    c.fractionBits = f;
                                    c.rounding = r;
                                    c.roundPrecision = p;
                                    c.addend = e;
                                    c.normalise = bits & 1;
                                    c.flushSubnormalInputs = bits & 2;
                                    c.flushSubnormalOutputs = bits & 4;
                                    c.tiny = bits & 8 ? TinyModel::Khattak : TinyModel::MmaSim;
                                    out.push_back(c);
                                }
            }
    return out;
}

CandidateEvaluator::CandidateEvaluator(const AnswerSet& answers)
    : m_answers(answers), m_arch(archForComputeCapability(answers.computeCapability)) {
    const Format& given = givenFormat(answers.input);
    const Format& acc = accumFormat(answers.accum);
    const bool fp8 = isFp8(answers.input);
    m_orders = {kOrder(KGrouping::InOrder, answers.k), kOrder(KGrouping::Fp8Pairs, answers.k)};
    m_operands.resize(answers.cells.size());
    m_flushedC.resize(answers.cells.size());
    for (std::size_t i = 0; i < answers.cells.size(); ++i) {
        const Cell& cell = answers.cells[i];
        m_flushedC[i] = flushSubnormal(acc, cell.c);
        for (int flushed = 0; flushed < 2; ++flushed) {
            Operands raw{cell.a, cell.b};
            if (flushed) {
                for (auto& x : raw.a) x = flushSubnormal(given, x);
                for (auto& x : raw.b) x = flushSubnormal(given, x);
            }
            if (fp8) {
                Operands half = raw;
                for (auto& x : half.a) x = convert(given, x, kFp16).bits;
                for (auto& x : half.b) x = convert(given, x, kFp16).bits;
                m_operands[i][1][std::size_t(flushed)] = std::move(half);
            }
            m_operands[i][0][std::size_t(flushed)] = std::move(raw);
        }
    }
}

const CandidateEvaluator::Operands& CandidateEvaluator::operandsFor(const Candidate& c, std::size_t cell) const {
    return m_operands[cell][c.operands == OperandFormat::Fp16 ? 1 : 0][c.flushSubnormalInputs ? 1 : 0];
}

std::uint64_t CandidateEvaluator::evaluate(const Candidate& c, std::size_t cellIndex) const {
    const Cell& cell = m_answers.cells[cellIndex];
    const Operands& ops = operandsFor(c, cellIndex);
    const InputType unit = c.operands == OperandFormat::Fp16 ? InputType::Fp16 : m_answers.input;
    const BlockModel m = blockModelFor(c, unit, m_answers.accum, m_arch);
    const Format& acc = m.accumFormat;
    const u64 cIn = c.flushSubnormalInputs ? m_flushedC[cellIndex] : cell.c;
    const int k = int(ops.a.size());
    std::array<u64, kMaxK> ba{}, bb{};
    const std::vector<int>& order = m_orders[std::size_t(c.grouping)];
    u64 acc0 = c.addend == AddendEntry::FirstBlock ? cIn : 0;
    for (int start = 0; start < k; start += c.blockSize) {
        const int len = std::min(c.blockSize, k - start);
        for (int i = 0; i < len; ++i) {
            ba[std::size_t(i)] = ops.a[std::size_t(order[std::size_t(start + i)])];
            bb[std::size_t(i)] = ops.b[std::size_t(order[std::size_t(start + i)])];
        }
        acc0 = block(m, c.normalise, std::span<const u64>(ba.data(), std::size_t(len)),
                     std::span<const u64>(bb.data(), std::size_t(len)), acc0);
        if (c.flushSubnormalOutputs) acc0 = flushSubnormal(acc, acc0);
    }
    if (c.addend != AddendEntry::FirstBlock) {
        Env env;
        env.rounding = c.addend == AddendEntry::FinalAddRne ? RoundingMode::NearestEven : RoundingMode::TowardZero;
        acc0 = add(acc, acc0, cIn, env).bits;
        if (c.flushSubnormalOutputs) acc0 = flushSubnormal(acc, acc0);
    }
    return acc0;
}

Arch archForComputeCapability(int cc) { return cc >= 90 ? Arch::Sm90 : Arch::Sm80; }

std::string checkAnswers(const AnswerSet& s) {
    if (s.input == InputType::Int8 || s.input == InputType::Uint8 || s.accum == AccumType::Int32)
        return "integer MMAs are exact (int32 products and sums): there is nothing to fingerprint";
    if (s.accum == AccumType::Fp16 && s.input != InputType::Fp16 && !isFp8(s.input))
        return std::string(inputName(s.input)) + " MMAs have no fp16 accumulator";
    if (s.k < 1 || s.k > kMaxK) return "k must be 1.." + std::to_string(kMaxK) + " (got " + std::to_string(s.k) + ")";
    const u64 inMask = givenFormat(s.input).bitMask();
    const u64 accMask = accumFormat(s.accum).bitMask();
    for (std::size_t i = 0; i < s.cells.size(); ++i) {
        const Cell& c = s.cells[i];
        const std::string where = "cell " + std::to_string(i + 1) + (c.probe.empty() ? "" : " (" + c.probe + ")");
        if (int(c.a.size()) != s.k || int(c.b.size()) != s.k)
            return where + " has " + std::to_string(c.a.size()) + " a and " + std::to_string(c.b.size()) +
                   " b operands; the instruction takes k = " + std::to_string(s.k);
        for (std::size_t j = 0; j < c.a.size(); ++j)
            if ((c.a[j] & ~inMask) || (c.b[j] & ~inMask))
                return where + ": operand " + std::to_string(j) + " is wider than " + std::string(inputName(s.input));
        if ((c.c & ~accMask) || (c.d & ~accMask))
            return where + ": c or d is wider than " + std::string(accumName(s.accum));
    }
    return {};
}

} // namespace fplab::tc::fingerprint
