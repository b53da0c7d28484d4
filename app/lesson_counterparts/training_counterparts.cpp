// Lesson 9 on the GPU: the toy model trained on the tiny-gradient set in the four modes of
// loss_scaling_runs, on the CUDA step kernels instead of the emulator (gpu/training).
#include "core/training/training_run.h"
#include "app/lesson_counterparts/counterpart_parts.h"
#include "gpu/training/training_backend.h"

#include <bit>
#include <cmath>
#include <string>

namespace fplab::gpu::counterparts {

using namespace fplab::lessons;
using namespace fplab::training;

namespace {

// As the CPU side names its keys: "fp16-dynamic" -> "fp16_dynamic".
std::string keyOf(std::string_view mode) {
    std::string k(mode);
    for (char& c : k)
        if (c == '-') c = '_';
    return k;
}

double real(const ParamValues& params, std::string_view name) {
    return std::bit_cast<double>(params.number(name, kFp64).bits);
}

} // namespace

ExperimentResult lossScalingRuns(const ParamValues& params) {
    ExperimentResult out;
    out.quantities.push_back(deviceQuantity());
    for (const TrainingMode mode :
         {TrainingMode::Fp32, TrainingMode::Fp16, TrainingMode::Fp16Dynamic, TrainingMode::Bf16}) {
        TrainingConfig c;
        c.mode = mode;
        c.dataset = DatasetKind::TinyGrad;
        c.steps = int(params.integer("steps"));
        c.seed = std::uint64_t(params.integer("seed"));
        c.model.width = int(params.integer("width"));
        c.lossWeight = float(real(params, "loss_weight"));
        c.scaler.initScale = float(real(params, "init_scale"));
        if (std::string e = checkConfig(c); !e.empty()) throw ExperimentError(e);
        const auto run = makeTrainingRun(TrainingBackend::Gpu, c);
        std::int64_t skipped = 0;
        while (const StepRecord* r = run->step()) skipped += r->skipped ? 1 : 0;
        if (run->state().status == RunStatus::Failed) throw ExperimentError(run->state().message);
        const Evaluation eval = run->evaluate();
        const std::string name(modeName(mode));
        const std::string k = keyOf(name);
        out.quantities.push_back(
            realQuantity("loss_" + k, {"Final loss, " + name, "最终损失，" + name}, double(eval.loss)));
        out.quantities.push_back(
            realQuantity("accuracy_" + k, {"Accuracy, " + name, "准确率，" + name}, double(eval.accuracy)));
        out.quantities.push_back(
            countQuantity("skipped_" + k, {"Skipped steps, " + name, "跳过的步数，" + name}, skipped));
        if (mode == TrainingMode::Fp16Dynamic)
            out.quantities.push_back(
                realQuantity("final_scale", {"Final dynamic scale", "最终的动态缩放因子"}, double(run->state().scale)));
    }
    out.notes.push_back(
        {"The GPU runs the same steps on the CUDA kernels; only the GEMMs' summation order and expf/logf "
         "differ from the emulator, so losses may differ in the last bits.",
         "GPU 在 CUDA 内核上运行相同的步骤；与模拟器相比只有 GEMM 的求和顺序和 expf/logf 不同，"
         "因此损失可能在最后几位不同。"});
    return out;
}

} // namespace fplab::gpu::counterparts
