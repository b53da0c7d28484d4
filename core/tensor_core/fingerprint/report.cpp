#include "core/tensor_core/fingerprint/report.h"

#include "core/tensor_core/block_fma.h"

#include <algorithm>

namespace fplab::tc::fingerprint {

BuiltInModel builtInModel(Arch arch, Api api, InputType input, AccumType accum, int k) {
    BuiltInModel out;
    MmaConfig cfg;
    cfg.arch = arch;
    cfg.input = input;
    cfg.accum = accum;
    cfg.instruction = api;
    const ModelOrError r = resolveModel(cfg);
    if (!r.model) {
        out.message = r.message;
        return out;
    }
    const BlockModel& m = *r.model;
    Candidate c;
    c.blockSize = std::min(m.blockSize, k);
    if (!m.structure.fixed())
        for (const InstructionBlocks& row : instructionsFor(arch, input))
            if (row.api == api && row.k == k) c.blockSize = row.blockSize;
    // The structure the model resolves as data (an instruction measured on hardware) in the
    // fingerprint's terms: operands converted to the unit's format, the k order, where C enters.
    c.operands = m.unitFormat == m.inputFormat ? OperandFormat::Native : OperandFormat::Fp16;
    c.grouping = m.structure.fixed() && m.structure.kRun > 0 ? KGrouping::Fp8Pairs : KGrouping::InOrder;
    if (m.structure.addend == tc::AddendEntry::AfterBlocks)
        c.addend = m.structure.addendRounding == RoundingMode::TowardZero ? AddendEntry::FinalAddRz
                                                                          : AddendEntry::FinalAddRne;
    c.fractionBits = m.fractionBits;
    c.rounding = m.finalRounding;
    c.roundPrecision = m.roundFormat.precision();
    c.tiny = cfg.tinyModel;
    out.candidate = c;
    out.basis = std::string(m.basis);
    return out;
}

std::optional<Arch> modelledArch(int cc) {
    if (cc == 80) return Arch::Sm80;
    if (cc == 90) return Arch::Sm90;
    return std::nullopt;
}

FingerprintReport makeFingerprintReport(const AnswerSet& answers, const std::vector<Assumption>& assumptions) {
    FingerprintReport rep;
    rep.arch = archForComputeCapability(answers.computeCapability);
    rep.inference = inferParameters(answers, assumptions);
    rep.archModelled = modelledArch(answers.computeCapability).has_value();
    if (rep.archModelled) rep.builtIn = builtInModel(rep.arch, answers.api, answers.input, answers.accum, answers.k);
    else
        rep.builtIn.message = "FP Lab has no model for compute capability " +
                              std::to_string(answers.computeCapability / 10) + "." +
                              std::to_string(answers.computeCapability % 10) +
                              " (it models sm_80 and sm_90): save this fingerprint to keep what the GPU does";
    if (rep.builtIn.candidate) rep.builtInMatches = countMatches(answers, *rep.builtIn.candidate);
    for (const ParamVerdict& v : rep.inference.params) {
        ReportRow row;
        row.param = v.param;
        row.inferred = v.values;
        row.decidedBy = v.decidedBy;
        row.assumed = v.assumed;
        if (v.decidedBy >= 0) row.decidedByProbe = answers.cells[std::size_t(v.decidedBy)].probe;
        if (rep.builtIn.candidate) {
            const int b = paramValue(*rep.builtIn.candidate, v.param);
            row.builtIn = b;
            const bool among = std::find(v.values.begin(), v.values.end(), b) != v.values.end();
            row.agreement = !among ? Agreement::Differ : v.inferred() ? Agreement::Agree : Agreement::Consistent;
        }
        rep.rows.push_back(row);
    }
    return rep;
}

std::string valuesText(Param p, const std::vector<int>& values) {
    if (values.empty()) return "none fits";
    std::string s;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) s += " | ";
        s += valueToken(p, values[i]);
    }
    return s;
}

} // namespace fplab::tc::fingerprint
