// Which tensor-core MMA to model (architecture, instruction, input and accumulator types, TF32 input
// conversion) and the parameters of its block FMA, with where each parameter comes from.
#pragma once

#include "core/format.h"
#include "core/rounding.h"
#include "core/tensor_core/corner_readings.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fplab::tc {

enum class Arch : std::uint8_t { Sm80, Sm90 };
enum class InputType : std::uint8_t { Fp16, Bf16, Tf32, E4m3, E5m2, Int8, Uint8 };
enum class AccumType : std::uint8_t { Fp32, Fp16, Int32 };

// The PTX instruction family: the same types can mean different arithmetic per instruction
// (sm_90 FP8: mma.sync runs as two FP16 blocks, wgmma on the FP8 tensor-core path).
enum class Api : std::uint8_t { MmaSync, Wmma, Wgmma };

// How FP32 values become the TF32 operands of a .tf32 MMA.
enum class Tf32Input : std::uint8_t {
    Truncate,    // raw FP32 bits: the tensor core ignores the low 13 bits
    NearestAway, // __float_to_tf32 / cvt.rna.tf32.f32 (WMMA, CUTLASS)
    NearestEven, // cuBLAS FAST_TF32 ("input conversions round to nearest even")
};

// The open edge case of docs/tensor-core-model.md section 2.2: which E to use when every term is tiny.
enum class TinyModel : std::uint8_t {
    MmaSim,  // C counts with exponent -126 even when C = 0, so E >= -126 (default)
    Khattak, // C = 0 is dropped; E is clamped from below (-132/-133 fp32 output, -20/-21 fp16)
};

// INT8 MMAs: the int32 result wraps, or clamps with .satfinite.
enum class IntOverflow : std::uint8_t { Wrap, SatFinite };

struct MmaConfig {
    Arch arch = Arch::Sm80;
    InputType input = InputType::Fp16;
    AccumType accum = AccumType::Fp32;
    // nullopt: defaultInstruction(arch, input), so a configuration that names no instruction keeps the
    // model it always had. resolveModel() fills in BlockModel::instruction.
    std::optional<Api> instruction;
    Tf32Input tf32Input = Tf32Input::Truncate;
    TinyModel tinyModel = TinyModel::MmaSim;
    IntOverflow intOverflow = IntOverflow::Wrap;
    // The two open corners (corner_readings.h); nullopt: defaultCornerReadings(arch, instruction).
    // resolveModel() fills them in and copies them to BlockModel::corners.
    std::optional<ZeroProducts> zeroProducts;
    std::optional<ZeroSign> zeroSign;
};

// Where C enters an instruction whose structure is fixed (InstructionStructure).
enum class AddendEntry : std::uint8_t {
    FirstBlock,  // C is a term of the first block, cut with the products (every model of section 2)
    AfterBlocks, // the blocks chain from +0; C is added to their result by one FP32 addition (addendRounding)
};

// How one instruction combines block FMAs, as data (docs/tensor-core-model.md, "One instruction, two
// blocks"). k == 0 for section 2's models: their blocks are contiguous k-slices chained lowest k first with
// C in the first (the split per shape is instructionsFor()). k > 0: a structure measured on hardware.
struct InstructionStructure {
    int k = 0;      // products per instruction (0: not fixed here, see above)
    int blocks = 1; // block FMAs per instruction, each of BlockModel::blockSize products
    int kRun = 0;   // 0: block b takes the b-th contiguous slice of k; r > 0: block b takes every k with
                    // (k / r) % blocks == b (r = 2, 2 blocks: k mod 4 in {0,1}, then k mod 4 in {2,3})
    AddendEntry addend = AddendEntry::FirstBlock;
    RoundingMode addendRounding = RoundingMode::NearestEven; // AfterBlocks: the FP32 addition of C

    constexpr bool fixed() const { return k > 0; }
};

// The resolved numerics of one block FMA (section 1 and 2 of docs/tensor-core-model.md).
struct BlockModel {
    MmaConfig config; // as asked for; config.instruction is filled in
    Api instruction = Api::MmaSync;
    Format inputFormat; // the operand format as given to the instruction (TF32 in its own 19-bit encoding)
    Format unitFormat;  // the format the unit multiplies in: operands are converted to it exactly first
                        // (sm_90 FP8 mma.sync: fp16; otherwise the input format)
    Format accumFormat; // C and D (FP32 or FP16); FP32 for integer models is unused
    Format roundFormat; // where the final rounding lands: fp32, fp16, or e8m13 for sm_90 FP8
    RoundingMode finalRounding = RoundingMode::TowardZero;
    int blockSize = 0;              // n: products per block FMA
    int fractionBits = 0;           // F: fraction bits kept below 2^E when terms are cut
    int khattakMinExponent = 0;     // the lower clamp on E under TinyModel::Khattak
    std::string_view basis;         // how sure the parameters are: [M] [V] [S] [G] with the source (section 2)
    InstructionStructure structure; // how blocks and C make one instruction
    CornerReadings corners;         // the readings of the two open corners in use

    constexpr bool isInteger() const { return config.accum == AccumType::Int32; }
};

// Why a configuration has no model: it does not exist on the hardware, or it exists and
// its numerics are unknown (the message then starts with "unmodelled: ").
enum class ModelError : std::uint8_t { None, Unsupported, Unmodelled };

struct ModelOrError {
    std::optional<BlockModel> model;
    ModelError error = ModelError::None;
    std::string message;
};

ModelOrError resolveModel(const MmaConfig& config);

// The instruction a configuration without one means: wgmma for FP8 on sm_90 (Hopper's FP8 tensor-core
// path, which cuBLASLt uses and the FP8 model has always described), mma.sync for everything else.
Api defaultInstruction(Arch arch, InputType input);

// What the model says when asked about FP8 mma.sync on sm_89 (Ada), which is not one of its
// architectures: Ada runs it natively and no measured data exists.
std::string_view adaFp8NoData();

// The FP32 container bits of a TF32 operand made from FP32 bits by the given conversion
// (low 13 bits zero). Truncation keeps the bits as they are, so a NaN whose payload
// lies only in the low 13 bits becomes an infinity, as on the hardware's raw path.
std::uint32_t tf32Operand(std::uint32_t fp32Bits, Tf32Input mode);

// The width in bits of an operand as given to the instruction (TF32: 32, FP32 bits).
int operandBits(InputType t);
// The preset format of a floating-point input type's elements; null for the integer types.
const Format* floatInputFormat(InputType t);
int accumBits(AccumType t);

// Names used by the CLI and the app: sm_80 sm_90; mma.sync wmma wgmma; fp16 bf16 tf32 e4m3 e5m2 int8
// uint8; fp32 fp16 int32; truncate rna rne; mmasim khattak.
std::string_view archName(Arch a);
std::string_view archDescription(Arch a); // "sm_80 (A100)"
std::string_view apiName(Api api);
std::string_view inputName(InputType t);
std::string_view accumName(AccumType t);
std::string_view tf32InputName(Tf32Input m);
std::string_view tinyModelName(TinyModel m);
std::optional<Arch> parseArch(std::string_view s);
std::optional<Api> parseApi(std::string_view s);
std::optional<InputType> parseInputType(std::string_view s);
std::optional<AccumType> parseAccumType(std::string_view s);
std::optional<Tf32Input> parseTf32Input(std::string_view s);
std::optional<TinyModel> parseTinyModel(std::string_view s);

} // namespace fplab::tc
