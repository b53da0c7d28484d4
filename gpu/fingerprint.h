// Fingerprinting this machine's GPU: the designed probes and random tiles of
// core/tensor_core/fingerprint run as single mma.sync tiles (runSingleMmaOnGpu), read back into an
// answer set that the core's inference turns into parameters. Plain C++; throws GpuError without a GPU.
#pragma once

#include "core/tensor_core/fingerprint/answers.h"
#include "core/tensor_core/fingerprint/answers_file.h"
#include "core/tensor_core/fingerprint/corner_probes.h"
#include "gpu/gemm_types.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fplab::gpu {

// The floating-point tensor-core types a fingerprint covers (INT8 is exact: nothing to infer).
std::vector<GemmType> fingerprintTypes();
// Empty when `type` can be fingerprinted with `api` on device 0; otherwise why not.
std::string fingerprintUnavailableReason(GemmType type, tc::Api api);
// The answer set's description (no cells) for a type: input, accumulator, k, shape, instruction.
std::optional<tc::fingerprint::AnswerSet> fingerprintDescription(GemmType type, tc::Api api);
// The GEMM type of an answer set's input and accumulator (nullopt when there is none).
std::optional<GemmType> gemmTypeOf(tc::InputType input, tc::AccumType accum);

// Reads answers from a file: a fingerprint file (`--save`, the GPU Lab's Save), or bare recorded cells
// ("a0..a31 b0..b31 c d" lines, such as the H100 evidence) read as `type` and `api` on `arch`. Bare cells
// without a type, an unreadable file and malformed lines give the error, naming the file. With
// `fitType`, cells whose width does not fit `type` are read as the one type they fit (several: the one the
// file's name names); when none can be chosen the error lists the types that fit.
tc::fingerprint::AnswersOrError readFingerprintAnswers(const std::string& path, std::optional<GemmType> type,
                                                       tc::Api api, tc::Arch arch, bool fitType = false);
// The fingerprint types whose cells have `numbers` hex numbers a line (2k + 2).
std::vector<GemmType> typesWithCellWidth(std::size_t numbers, tc::Api api);

// Runs every probe tile once on device 0 and records the cells. `progress(done, total)` is called
// after each tile. Throws GpuError (NotBuilt, NoDevice, Unsupported, ...).
tc::fingerprint::AnswerSet runFingerprintOnGpu(GemmType type, tc::Api api,
                                               const std::function<void(int, int)>& progress = {});

// The corner probes of one type (core/tensor_core/fingerprint/corner_probes.h), run as mma.sync tiles, and
// what each answer says. `answers` holds the description of where they ran (device, compute capability,
// driver, date, shape) and no cells.
struct CornerRun {
    GemmType type = GemmType::Bf16Fp32;
    tc::Arch arch = tc::Arch::Sm80; // the model architecture the probes were built for
    tc::fingerprint::AnswerSet where;
    std::vector<tc::fingerprint::CornerProbe> probes;
    std::vector<tc::fingerprint::CornerAnswer> answers; // one per probe
};

// Runs the corner probes of `type` on device 0 (mma.sync). Throws GpuError (NotBuilt, NoDevice, Unsupported).
CornerRun runCornerProbesOnGpu(GemmType type);
// The same probes answered by the CPU model of mma.sync on `arch` with the given readings: what the probes
// report for a GPU that follows those readings. Throws GpuError(Unsupported) for a type without a model.
CornerRun runCornerProbesOnModel(GemmType type, tc::Arch arch, tc::CornerReadings readings);

} // namespace fplab::gpu
