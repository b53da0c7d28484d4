// Lesson 10 on the GPU: the dot product of mma_block_steps through real mma.sync instructions (row 0
// of A, column 0 of B, C(0,0)), k split into the instruction's k with D fed back as C, which is how
// the model chains blocks; the result goes under the key of the model for this GPU (sm80 / sm90).
#include "core/tensor_core/mma_config.h"
#include "gpu/backend_choice.h"
#include "gpu/gemm_types.h"
#include "gpu/lesson_counterparts/counterpart_parts.h"
#include "gpu/single_mma.h"

#include <optional>
#include <string>
#include <vector>

namespace fplab::gpu::counterparts {

using namespace fplab::lessons;

namespace {

struct Operands {
    GemmType type;
    Format format;
    std::vector<std::uint64_t> a, b;
};

Operands readOperands(const ParamValues& params) {
    const std::string& input = params.text("input");
    Operands o{GemmType::Fp16Fp32, kFp16, {}, {}};
    if (input == "bf16") {
        o.type = GemmType::Bf16Fp32;
        o.format = kBf16;
    } else if (input == "tf32") {
        o.type = GemmType::Tf32;
        o.format = kFp32;
    } else if (input != "fp16") {
        throw ExperimentError("the GPU counterpart runs fp16, bf16 and tf32 MMAs, not " + input);
    }
    const auto read = [&](const char* name, std::vector<std::uint64_t>& into) {
        for (const std::string& v : params.list(name)) {
            std::string error;
            const std::optional<Result> r = parseNumberParam(v, o.format, error);
            if (!r) throw ExperimentError(std::string(name) + ": " + error);
            into.push_back(r->bits);
        }
    };
    read("a", o.a);
    read("b", o.b);
    if (o.a.size() != o.b.size()) throw ExperimentError("give one b for each a");
    if (o.type == GemmType::Tf32) {
        // The instruction truncates raw FP32 bits; rna and rne are conversions made before it.
        const tc::Tf32Input mode = *tc::parseTf32Input(params.text("tf32_input"));
        for (auto* v : {&o.a, &o.b})
            for (std::uint64_t& x : *v) x = tc::tf32Operand(std::uint32_t(x), mode);
    }
    return o;
}

} // namespace

ExperimentResult mmaBlockSteps(const ParamValues& params) {
    const Operands o = readOperands(params);
    const int k = gemmTypeInfo(o.type).mmaK;
    std::uint64_t d = params.number("c", kFp32).bits;
    int instructions = 0;
    for (std::size_t first = 0; first < o.a.size(); first += std::size_t(k), ++instructions) {
        MmaTile tile;
        tile.type = o.type;
        tile.a.assign(std::size_t(16 * k), 0);
        tile.b.assign(std::size_t(k * 8), 0);
        tile.c.assign(16 * 8, 0);
        for (std::size_t i = first; i < o.a.size() && i < first + std::size_t(k); ++i) {
            tile.a[i - first] = o.a[i];           // row 0 of A
            tile.b[(i - first) * 8] = o.b[i];     // column 0 of B
        }
        tile.c[0] = d;
        d = runSingleMmaOnGpu(tile)[0];
    }
    const tc::Arch arch = defaultModelArch();
    const std::string key = arch == tc::Arch::Sm90 ? "sm90" : "sm80";
    const std::string desc(tc::archDescription(arch));
    ExperimentResult out;
    out.quantities.push_back(deviceQuantity());
    out.quantities.push_back(floatQuantity(key, {"D on " + desc, desc + " 上的 D"}, kFp32, d));
    out.quantities.push_back(countQuantity("mma_instructions", {"mma.sync instructions run (D fed back as C)",
                                                                "运行的 mma.sync 指令数（D 作为下一次的 C）"},
                                           instructions));
    out.notes.push_back({std::string(gemmTypeInfo(o.type).instruction) + ", compared with the CPU model of " + desc + ".",
                         std::string(gemmTypeInfo(o.type).instruction) + "，与 " + desc + " 的 CPU 模型比较。"});
    return out;
}

} // namespace fplab::gpu::counterparts
