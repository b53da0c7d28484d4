#include "core/tensor_core/mma_config.h"

#include "core/arithmetic.h"

#include <array>
#include <utility>

namespace fplab::tc {

namespace {

// sm_90 FP8 to FP32: the sum is cut to a 14-bit significand (e8m13) before it is widened to FP32.
constexpr Format kE8m13 = detail::preset(FormatId::Custom, "e8m13", 8, 13);

ModelOrError unsupported(std::string message) { return {std::nullopt, ModelError::Unsupported, std::move(message)}; }
ModelOrError unmodelled(std::string message) {
    return {std::nullopt, ModelError::Unmodelled, "unmodelled: " + std::move(message)};
}

template <class E>
struct Named {
    E value;
    std::string_view name;
};

constexpr std::array<Named<Arch>, 2> kArchNames{{{Arch::Sm80, "sm_80"}, {Arch::Sm90, "sm_90"}}};
constexpr std::array<Named<Api>, 3> kApiNames{{{Api::MmaSync, "mma.sync"}, {Api::Wmma, "wmma"}, {Api::Wgmma, "wgmma"}}};
constexpr std::array<Named<InputType>, 7> kInputNames{{{InputType::Fp16, "fp16"},
                                                       {InputType::Bf16, "bf16"},
                                                       {InputType::Tf32, "tf32"},
                                                       {InputType::E4m3, "e4m3"},
                                                       {InputType::E5m2, "e5m2"},
                                                       {InputType::Int8, "int8"},
                                                       {InputType::Uint8, "uint8"}}};
constexpr std::array<Named<AccumType>, 3> kAccumNames{
    {{AccumType::Fp32, "fp32"}, {AccumType::Fp16, "fp16"}, {AccumType::Int32, "int32"}}};
constexpr std::array<Named<Tf32Input>, 3> kTf32InputNames{
    {{Tf32Input::Truncate, "truncate"}, {Tf32Input::NearestAway, "rna"}, {Tf32Input::NearestEven, "rne"}}};
constexpr std::array<Named<TinyModel>, 2> kTinyNames{{{TinyModel::MmaSim, "mmasim"}, {TinyModel::Khattak, "khattak"}}};

template <class E, std::size_t N>
std::string_view nameOf(const std::array<Named<E>, N>& table, E v) {
    for (const auto& n : table)
        if (n.value == v) return n.name;
    return "?";
}
template <class E, std::size_t N>
std::optional<E> parseName(const std::array<Named<E>, N>& table, std::string_view s) {
    for (const auto& n : table)
        if (n.name == s) return n.value;
    return std::nullopt;
}

bool isFp8(InputType t) { return t == InputType::E4m3 || t == InputType::E5m2; }

// Whether the instruction family exists for these types on the architecture (PTX ISA; wgmma is sm_90a).
std::optional<std::string> missingInstruction(Arch arch, Api api, InputType input) {
    if (api == Api::Wgmma && arch != Arch::Sm90)
        return "wgmma exists only on sm_90 (Hopper); " + std::string(archName(arch)) + " has mma.sync and wmma";
    if (api == Api::Wmma && isFp8(input)) return "wmma has no FP8 (e4m3/e5m2) shape; use mma.sync or wgmma";
    return std::nullopt;
}

// sm_90 FP8 mma.sync, measured on an H100 (docs/tensor-core-model.md, "One instruction, two blocks"):
// the inputs become FP16 exactly and run through the sm_90 FP16 block (F = 25, n = 16, RZ to FP32) twice,
// over interleaved halves of k, from +0; C is added to that with one FP32 round-to-nearest-even addition.
BlockModel hopperFp8MmaSync(const MmaConfig& config, const Format& input) {
    BlockModel m;
    m.config = config;
    m.instruction = Api::MmaSync;
    m.inputFormat = input;
    m.unitFormat = kFp16;
    m.accumFormat = kFp32;
    m.roundFormat = kFp32;
    m.finalRounding = RoundingMode::TowardZero;
    m.blockSize = 16;
    m.fractionBits = 25;
    m.khattakMinExponent = -133;
    m.structure = {32, 2, 2, AddendEntry::AfterBlocks, RoundingMode::NearestEven};
    m.basis = "[M] H100 (sm_90, CUDA 13.0): reproduces all 10,240 cells of mma_e4m3.txt/mma_e5m2.txt; ptxas "
              "compiles it to two HMMA.16816.F32 (FP16), whose block is the sm_90 FP16 model [V]";
    return m;
}

} // namespace

Api defaultInstruction(Arch arch, InputType input) {
    return arch == Arch::Sm90 && isFp8(input) ? Api::Wgmma : Api::MmaSync;
}

std::string_view adaFp8NoData() {
    return "unmodelled: sm_89 (Ada) runs FP8 mma.sync natively, and no measured data exists for it here "
           "(the model covers sm_80 and sm_90)";
}

namespace {

// resolveModel with the instruction and the corner readings already filled in.
ModelOrError resolveParameters(const MmaConfig& config) {
    const Api api = *config.instruction;
    const bool sm90 = config.arch == Arch::Sm90;
    const std::string arch(archName(config.arch));
    const std::string in(inputName(config.input));
    const std::string acc(accumName(config.accum));
    if (auto why = missingInstruction(config.arch, api, config.input)) return unsupported(*why);

    if (config.input == InputType::Int8 || config.input == InputType::Uint8) {
        if (config.accum != AccumType::Int32)
            return unsupported(in + " MMAs accumulate in int32 only (asked for " + acc + ")");
        BlockModel m;
        m.config = config;
        m.instruction = api;
        m.inputFormat = kFp32; // unused: integer operands
        m.unitFormat = kFp32;
        m.accumFormat = kFp32;
        m.roundFormat = kFp32;
        m.blockSize = sm90 ? 32 : 16; // any split gives the same wrapped sum; shown per instruction
        m.fractionBits = 0;
        m.basis = "PTX: exact products, int32 accumulation that wraps, or clamps with .satfinite "
                  "(where the clamp applies inside one instruction is a guess [G])";
        return {m, ModelError::None, {}};
    }
    if (config.accum == AccumType::Int32)
        return unsupported(in + " inputs cannot accumulate in int32 (int32 is for int8/uint8)");

    const Format input = *floatInputFormat(config.input);
    const bool fp8 = isFp8(config.input);
    const bool fp16Out = config.accum == AccumType::Fp16;
    if (fp16Out && config.input != InputType::Fp16 && !fp8)
        return unsupported(in + " MMAs accumulate in fp32 only (PTX has no " + in + " MMA with an f16 accumulator)");
    if (fp8 && !sm90) return unsupported("sm_80 has no FP8 tensor-core MMA (e4m3/e5m2 start at sm_89)");
    if (fp8 && fp16Out)
        return unmodelled("sm_90 FP8 with an fp16 accumulator: the published H100 mma.sync data fit none of "
                          "about ten candidate structures (about 35% mismatches), so no model is known");
    if (fp8 && api == Api::MmaSync) return {hopperFp8MmaSync(config, input), ModelError::None, {}};

    BlockModel m;
    m.config = config;
    m.instruction = api;
    m.inputFormat = input;
    m.unitFormat = input;
    m.accumFormat = fp16Out ? kFp16 : kFp32;
    m.roundFormat = fp16Out ? kFp16 : kFp32;
    m.finalRounding = fp16Out ? RoundingMode::NearestEven : RoundingMode::TowardZero;
    m.khattakMinExponent = fp16Out ? (sm90 ? -21 : -20) : (sm90 ? -133 : -132);

    // The parameters and their marks ([M] [V] [S] [G]): docs/tensor-core-model.md section 2, its table; the
    // FP8 wgmma rounding to e8m13: section 1.5.
    if (fp8) {
        m.blockSize = 32;
        m.fractionBits = 13;
        m.roundFormat = kE8m13;
        m.basis = "wgmma: F = 13, n = 32, RZ to e8m13: [V] with C = 0 (Khattak-Mikaitis H100/H200 data), [S] for "
                  "C != 0, [M] DeepSeek-V3 'around 14 bits'; [M] agrees with cuBLASLt's FP8 GEMM on an H100";
    } else if (config.input == InputType::Tf32) {
        m.blockSize = sm90 ? 8 : 4;
        m.fractionBits = sm90 ? 25 : 24;
        m.basis = sm90 ? "F = 25, n = 8: [S] (the validation data had only 4 terms); final RZ [V]"
                       : "F = 24, n = 4: [V]; [M] HPEC 2025; final RZ [V]";
    } else {
        m.blockSize = sm90 ? 16 : 8;
        m.fractionBits = sm90 ? 25 : 24;
        if (fp16Out)
            m.basis = sm90 ? "F = 25, n = 16, final RNE to fp16: [V]; [M] FTTN (>= 2 extra bits, width >= 16)"
                           : "F = 24, n = 8, final RNE to fp16: [V]; [M] HPEC 2025 (A30), FTTN (A100)";
        else
            m.basis = sm90 ? "F = 25, n = 16, final RZ to fp32: [V]; [M] FTTN (>= 2 extra bits, width >= 16)"
                           : "F = 24, n = 8, final RZ to fp32: [V]; [M] HPEC 2025 (A30), FTTN (A100), Fasi 2021";
    }
    return {m, ModelError::None, {}};
}

} // namespace

ModelOrError resolveModel(const MmaConfig& asked) {
    MmaConfig config = asked;
    const Api api = config.instruction.value_or(defaultInstruction(config.arch, config.input));
    config.instruction = api;
    const CornerDefaults corners = defaultCornerReadings(config.arch, api);
    config.zeroProducts = config.zeroProducts.value_or(corners.readings.zeroProducts);
    config.zeroSign = config.zeroSign.value_or(corners.readings.zeroSign);
    ModelOrError r = resolveParameters(config);
    if (r.model) r.model->corners = CornerReadings{*config.zeroProducts, *config.zeroSign};
    return r;
}

std::uint32_t tf32Operand(std::uint32_t fp32Bits, Tf32Input mode) {
    if (mode == Tf32Input::Truncate) return fp32Bits & ~std::uint32_t{0x1FFF};
    Env env;
    env.rounding = mode == Tf32Input::NearestAway ? RoundingMode::NearestAway : RoundingMode::NearestEven;
    const Result r = convert(kFp32, fp32Bits, kTf32, env);
    return std::uint32_t(tf32ToFp32Container(r.bits));
}

const Format* floatInputFormat(InputType t) {
    switch (t) {
    case InputType::Fp16: return &kFp16;
    case InputType::Bf16: return &kBf16;
    case InputType::Tf32: return &kTf32;
    case InputType::E4m3: return &kE4m3;
    case InputType::E5m2: return &kE5m2;
    case InputType::Int8:
    case InputType::Uint8: return nullptr;
    }
    return nullptr;
}

int operandBits(InputType t) {
    switch (t) {
    case InputType::Fp16:
    case InputType::Bf16: return 16;
    case InputType::Tf32: return 32;
    case InputType::E4m3:
    case InputType::E5m2:
    case InputType::Int8:
    case InputType::Uint8: return 8;
    }
    return 0;
}

int accumBits(AccumType t) { return t == AccumType::Fp16 ? 16 : 32; }

std::string_view archName(Arch a) { return nameOf(kArchNames, a); }
std::string_view archDescription(Arch a) { return a == Arch::Sm80 ? "sm_80 (A100)" : "sm_90 (H100/H200)"; }
std::string_view inputName(InputType t) { return nameOf(kInputNames, t); }
std::string_view accumName(AccumType t) { return nameOf(kAccumNames, t); }
std::string_view tf32InputName(Tf32Input m) { return nameOf(kTf32InputNames, m); }
std::string_view tinyModelName(TinyModel m) { return nameOf(kTinyNames, m); }
std::optional<Arch> parseArch(std::string_view s) { return parseName(kArchNames, s); }
std::string_view apiName(Api api) { return nameOf(kApiNames, api); }
std::optional<Api> parseApi(std::string_view s) { return parseName(kApiNames, s); }
std::optional<InputType> parseInputType(std::string_view s) { return parseName(kInputNames, s); }
std::optional<AccumType> parseAccumType(std::string_view s) { return parseName(kAccumNames, s); }
std::optional<Tf32Input> parseTf32Input(std::string_view s) { return parseName(kTf32InputNames, s); }
std::optional<TinyModel> parseTinyModel(std::string_view s) { return parseName(kTinyNames, s); }

} // namespace fplab::tc
