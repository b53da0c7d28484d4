#include "gpu/fingerprint.h"

#include "core/tensor_core/fingerprint/answers_file.h"
#include "core/tensor_core/fingerprint/probes.h"
#include "gpu/backend_choice.h"
#include "gpu/backends.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"
#include "gpu/single_mma.h"

#include <ctime>

namespace fplab::gpu {

namespace fp = tc::fingerprint;

namespace {

std::string todayUtc() {
    const std::time_t now = std::time(nullptr);
    char buf[16] = "";
    if (const std::tm* t = std::gmtime(&now)) std::strftime(buf, sizeof buf, "%Y-%m-%d", t);
    return buf;
}

// The hex numbers on the first cell line (blank lines and # comments skipped); 0 when there is none.
std::size_t firstCellWidth(std::string_view text) {
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        std::size_t words = 0, i = 0;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        if (i == line.size() || line[i] == '#') continue;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
            if (i == line.size()) break;
            ++words;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
        }
        return words;
    }
    return 0;
}

std::string typeList(const std::vector<GemmType>& types) {
    std::string out;
    for (std::size_t i = 0; i < types.size(); ++i)
        out += (i == 0 ? "" : i + 1 == types.size() ? " and " : ", ") + std::string(gemmTypeName(types[i]));
    return out;
}

// `type`, or (fitType) the type the cells' width and the file's name point to; nullopt with `error` set.
std::optional<GemmType> typeForCells(std::string_view text, const std::string& fileName, GemmType type, tc::Api api,
                                     bool fitType, std::string& error) {
    const std::size_t width = firstCellWidth(text);
    const auto asked = fingerprintDescription(type, api);
    if (!fitType || !asked || width == 0 || width == std::size_t(2 * asked->k + 2)) return type;
    const std::vector<GemmType> fit = typesWithCellWidth(width, api);
    if (fit.empty()) return type; // no type's cells: the reader names the line and what it expected
    std::vector<GemmType> named;
    for (GemmType t : fit) { // "mma_e4m3.txt" names e4m3-fp32 by its input type
        const std::string_view name = gemmTypeName(t);
        if (fileName.find(name.substr(0, name.find('-'))) != std::string::npos) named.push_back(t);
    }
    const std::vector<GemmType>& chosen = fit.size() == 1 ? fit : named;
    const std::string shape = "its lines hold " + std::to_string(width) + " numbers, not the " +
                              std::to_string(2 * asked->k + 2) + " of " + std::string(gemmTypeName(type));
    if (chosen.size() == 1) return chosen[0];
    error = shape + "; the types that fit are " + typeList(fit) + ": choose one";
    return std::nullopt;
}

} // namespace

std::vector<GemmType> typesWithCellWidth(std::size_t numbers, tc::Api api) {
    std::vector<GemmType> out;
    for (GemmType t : fingerprintTypes())
        if (const auto d = fingerprintDescription(t, api); d && std::size_t(2 * d->k + 2) == numbers) out.push_back(t);
    return out;
}

std::vector<GemmType> fingerprintTypes() {
    return {GemmType::Tf32,     GemmType::Fp16Fp32, GemmType::Fp16Fp16,
            GemmType::Bf16Fp32, GemmType::E4m3Fp32, GemmType::E5m2Fp32};
}

std::optional<fp::AnswerSet> fingerprintDescription(GemmType type, tc::Api api) {
    const auto& info = gemmTypeInfo(type);
    const auto cfg = mmaConfigFor(type, tc::Arch::Sm90, tc::Tf32Input::Truncate);
    if (!cfg || isIntegerType(type) || info.shape == MmaShape::None) return std::nullopt;
    fp::AnswerSet s;
    s.api = api;
    s.input = cfg->input;
    s.accum = cfg->accum;
    s.k = info.mmaK;
    s.shape = "m16n8k" + std::to_string(info.mmaK);
    return s;
}

std::optional<GemmType> gemmTypeOf(tc::InputType input, tc::AccumType accum) {
    for (GemmType t : fingerprintTypes()) {
        const auto d = fingerprintDescription(t, tc::Api::MmaSync);
        if (d && d->input == input && d->accum == accum) return t;
    }
    return std::nullopt;
}

std::string fingerprintUnavailableReason(GemmType type, tc::Api api) {
    if (!fingerprintDescription(type, api))
        return std::string(gemmTypeName(type)) + " has no floating-point tensor-core MMA to fingerprint" +
               (isIntegerType(type) ? " (integer MMAs are exact)" : "");
    if (api != tc::Api::MmaSync)
        return "FP Lab runs its probes with mma.sync only; it has no " + std::string(tc::apiName(api)) +
               " kernel (a saved " + std::string(tc::apiName(api)) + " answer file can still be loaded)";
    if (auto why = noGpuReason(); !why.empty()) return why;
    return kernelGemmUnavailableReason(type, KernelVariant::TensorCore);
}

fp::AnswerSet runFingerprintOnGpu(GemmType type, tc::Api api, const std::function<void(int, int)>& progress) {
    if (auto why = fingerprintUnavailableReason(type, api); !why.empty()) {
        if (!builtWithCuda()) throw GpuError(GpuError::Kind::NotBuilt, why);
        if (!queryDevices().available) throw GpuError(GpuError::Kind::NoDevice, why);
        throw GpuError(GpuError::Kind::Unsupported, why);
    }
    const DeviceInfo& dev = requireDevice();
    fp::AnswerSet s = *fingerprintDescription(type, api);
    s.device = dev.name;
    s.computeCapability = dev.computeCapability();
    s.driver = cudaVersionText(queryDevices().driverVersion);
    s.date = todayUtc();
    const std::vector<fp::ProbeTile> tiles = fp::fingerprintTiles(s.input, s.accum, s.k);
    int done = 0;
    for (const fp::ProbeTile& t : tiles) {
        const MmaTile tile{type, t.a, t.b, t.c};
        for (fp::Cell& c : fp::cellsOfTile(t, s.k, runSingleMmaOnGpu(tile))) s.cells.push_back(std::move(c));
        if (progress) progress(++done, int(tiles.size()));
    }
    return s;
}

namespace {

// The probes of a type built for `arch`, run through `answer` (a tile in, D out).
template <class Answer>
CornerRun runCornerProbes(GemmType type, tc::Arch arch, fp::AnswerSet where, Answer answer) {
    CornerRun run;
    run.type = type;
    run.arch = arch;
    run.probes = fp::cornerProbes(arch, tc::Api::MmaSync, where.input, where.accum, where.k);
    run.where = std::move(where);
    for (const fp::CornerProbe& p : run.probes)
        run.answers.push_back(fp::decideCorner(p, answer(MmaTile{type, p.tile.a, p.tile.b, p.tile.c}).at(0)));
    return run;
}

} // namespace

CornerRun runCornerProbesOnGpu(GemmType type) {
    if (auto why = fingerprintUnavailableReason(type, tc::Api::MmaSync); !why.empty()) {
        if (!builtWithCuda()) throw GpuError(GpuError::Kind::NotBuilt, why);
        if (!queryDevices().available) throw GpuError(GpuError::Kind::NoDevice, why);
        throw GpuError(GpuError::Kind::Unsupported, why);
    }
    const DeviceInfo& dev = requireDevice();
    fp::AnswerSet where = *fingerprintDescription(type, tc::Api::MmaSync);
    where.device = dev.name;
    where.computeCapability = dev.computeCapability();
    where.driver = cudaVersionText(queryDevices().driverVersion);
    where.date = todayUtc();
    return runCornerProbes(type, modelArchFor(where.computeCapability), std::move(where),
                           [](const MmaTile& t) { return runSingleMmaOnGpu(t); });
}

CornerRun runCornerProbesOnModel(GemmType type, tc::Arch arch, tc::CornerReadings readings) {
    auto where = fingerprintDescription(type, tc::Api::MmaSync);
    if (!where) throw GpuError(GpuError::Kind::Unsupported, fingerprintUnavailableReason(type, tc::Api::MmaSync));
    const auto resolved = tc::resolveModel(*mmaConfigFor(type, arch, tc::Tf32Input::Truncate, tc::Api::MmaSync));
    if (!resolved.model)
        throw GpuError(GpuError::Kind::Unsupported, "the CPU model has no " + std::string(gemmTypeName(type)) +
                                                        " mma.sync on " + std::string(tc::archName(arch)) + ": " +
                                                        resolved.message);
    where->device = "CPU model of " + std::string(tc::archName(arch)) + " mma.sync";
    where->computeCapability = arch == tc::Arch::Sm90 ? 90 : 80;
    return runCornerProbes(type, arch, std::move(*where), [&](const MmaTile& t) {
        return runSingleMmaOnModel(t, arch, tc::Tf32Input::Truncate, readings);
    });
}

tc::fingerprint::AnswersOrError readFingerprintAnswers(const std::string& path, std::optional<GemmType> type,
                                                       tc::Api api, tc::Arch arch, bool fitType) {
    namespace fp = tc::fingerprint;
    fp::AnswersOrError out;
    std::string error;
    const auto text = fp::readWholeFile(path, error);
    if (!text) {
        out.error = error;
        return out;
    }
    if (fp::isAnswersFile(*text)) {
        out = fp::parseAnswers(*text);
    } else if (!type) {
        out.error = path + " is not a fingerprint file; bare recorded cells are read with a type (and an architecture)";
        out.needsType = true;
        return out;
    } else {
        const std::size_t slash = path.find_last_of("/\\");
        const std::string fileName = slash == std::string::npos ? path : path.substr(slash + 1);
        const auto cellsType = typeForCells(*text, fileName, *type, api, fitType, error);
        if (!cellsType) {
            out.error = path + ": " + error;
            return out;
        }
        auto meta = fingerprintDescription(*cellsType, api);
        if (!meta) {
            out.error = fingerprintUnavailableReason(*cellsType, api);
            return out;
        }
        meta->computeCapability = arch == tc::Arch::Sm90 ? 90 : 80;
        meta->device = "recorded cells from " + path;
        out = fp::parseBareCells(*text, *meta, fileName);
    }
    if (!out.answers) out.error = path + ": " + out.error;
    return out;
}

} // namespace fplab::gpu
