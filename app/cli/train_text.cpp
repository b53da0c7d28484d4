// The numbers' formats and the header and dtype trace of `fplab-cli train`.
#include "app/cli/train_text.h"

#include <cmath>
#include <cstdio>

namespace fplab::cli::train {

using namespace fplab::training;

namespace {

std::string printed(const char* spec, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, spec, v);
    return buf;
}

// "2^-20" for a power of two, otherwise as setting() prints it.
std::string powerOrSetting(double v) {
    int e = 0;
    if (v > 0 && std::frexp(v, &e) == 0.5) return "2^" + std::to_string(e - 1);
    return setting(v);
}

std::string_view modeDescription(TrainingMode m) {
    switch (m) {
    case TrainingMode::Fp32: return "float32 throughout";
    case TrainingMode::Tf32: return "float32, matmul inputs rounded to TF32";
    case TrainingMode::Fp16: return "float16 autocast, no loss scaling";
    case TrainingMode::Fp16Static: return "float16 autocast, constant loss scale";
    case TrainingMode::Fp16Dynamic: return "float16 autocast, dynamic loss scale (GradScaler)";
    case TrainingMode::Bf16: return "bfloat16 autocast, no loss scaling";
    case TrainingMode::Fp8Delayed: return "bfloat16 autocast, FP8 linear layers, delayed per-tensor scaling";
    case TrainingMode::Fp8Current: return "bfloat16 autocast, FP8 linear layers, current per-tensor scaling";
    case TrainingMode::Fp8Block: return "bfloat16 autocast, FP8 linear layers, 1x128/128x128 block scaling";
    }
    return "";
}

} // namespace

std::string fixed(double v, int digits) { return printed(("%." + std::to_string(digits) + "f").c_str(), v); }
std::string general(double v) { return printed("%.9g", v); }
std::string setting(double v) { return printed("%.6g", v); }
std::string measured(double v) { return printed("%.4g", v); }

std::string padLeft(std::string s, std::size_t width) {
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}
std::string padRight(std::string s, std::size_t width) {
    return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string speedText(std::size_t steps, double seconds) {
    return std::to_string(steps) + " steps in " + fixed(seconds, 3) +
           " s = " + (seconds > 0 ? fixed(double(steps) / seconds, 1) : std::string("-")) + " steps/s";
}

void printHeader(const TrainingRun& info, const std::string& backend, CommandIo io) {
    const TrainingConfig& cfg = info.config();
    const Dataset& data = info.dataset();
    const ModelShape& shape = info.model().shape();
    io.out << "mode " << modeName(cfg.mode) << ": " << modeDescription(cfg.mode)
           << (info.policy().autocast() ? (cfg.masterWeights ? ", float32 master weights" : ", master weights off")
                                        : "")
           << "\n";
    if (info.policy().fp8 == Fp8Recipe::Delayed)
        io.out << "fp8 delayed scaling: amax history " << cfg.fp8.amaxHistory << " steps, "
               << amaxAlgoName(cfg.fp8.algo) << ", margin " << cfg.fp8.margin << "\n";
    else if (info.policy().fp8 == Fp8Recipe::Current)
        io.out << "fp8 current scaling: margin " << cfg.fp8.margin << "\n";
    else if (info.policy().fp8 == Fp8Recipe::Block && cfg.fp8.blockRule != Fp8Settings{}.blockRule)
        io.out << "fp8 block scaling: scale rule " << blockscale::scaleRuleName(cfg.fp8.blockRule) << "\n";
    if (cfg.outlierStep > 0)
        io.out << "scripted outlier: at step " << cfg.outlierStep << " the first input feature becomes "
               << setting(cfg.outlierValue) << "\n";
    io.out << "data " << data.name << ": " << data.size() << " points, " << data.classes << " classes"
           << (cfg.lossWeight != 1.0f ? ", loss weight " + powerOrSetting(cfg.lossWeight) : "") << "; seed " << cfg.seed
           << "\n";
    io.out << "model " << shape.inputs << " -> " << shape.width << " (x" << shape.depth << " Linear/ReLU/LayerNorm) -> "
           << shape.classes << ", " << info.model().parameterCount() << " parameters; "
           << optimizerName(cfg.optimizer.kind) << " lr " << setting(cfg.optimizer.learningRate) << ", batch "
           << cfg.batchSize
           << (cfg.accumulationSteps > 1 ? " x " + std::to_string(cfg.accumulationSteps) + " micro-batches" : "")
           << (cfg.clipNorm > 0 ? ", clip " + setting(cfg.clipNorm) : "") << "; backend " << backend << "\n\n";
}

void printTrace(const TrainingRun& run, std::ostream& out) {
    out << "dtype of every tensor of one step (" << modeName(run.config().mode) << "):\n";
    out << "  " << padRight("tensor", 40) << padRight("dtype", 15) << padRight("shape", 10) << "role\n";
    for (const TraceEntry& t : run.dtypeTrace())
        out << "  " << padRight(t.name, 40) << padRight(std::string(dtypeName(t.dtype)), 15)
            << padRight(std::to_string(t.rows) + "x" + std::to_string(t.cols), 10) << roleName(t.role)
            << (t.savedForBackward ? ", saved for backward" : "") << "\n";
    out << "\n";
}

} // namespace fplab::cli::train
