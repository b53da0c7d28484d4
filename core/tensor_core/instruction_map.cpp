#include "core/tensor_core/instruction_map.h"

#include <array>

namespace fplab::tc {

namespace {

constexpr InputSet kHalf = inputBit(InputType::Fp16) | inputBit(InputType::Bf16);
constexpr InputSet kTf32 = inputBit(InputType::Tf32);
constexpr InputSet kFp8 = inputBit(InputType::E4m3) | inputBit(InputType::E5m2);
constexpr InputSet kInt = inputBit(InputType::Int8) | inputBit(InputType::Uint8);

// The basis of each row, in the marks of docs/tensor-core-model.md ("How sure each claim is"): [S] rows are
// MMA-Sim's splits per instruction, [V] the single blocks, [G] a row no source gives (section 2.1).
constexpr std::string_view kSim = "[S] MMA-Sim; single blocks [V]";
constexpr std::string_view kExactInt = "exact: any split of an int32 wrapped sum gives the same result";

constexpr std::array<InstructionBlocks, 12> kSm80{{
    {Api::MmaSync, "m16n8k16", 16, kHalf, 2, 8, kSim},
    {Api::MmaSync, "m16n8k8", 8, kHalf, 1, 8, kSim},
    {Api::MmaSync, "m16n8k8", 8, kTf32, 2, 4, kSim},
    {Api::MmaSync, "m16n8k4", 4, kTf32, 1, 4, kSim},
    {Api::Wmma, "16x16x16", 16, kHalf, 2, 8, kSim},
    {Api::Wmma, "32x8x16", 16, kHalf, 2, 8, "inferred from 16x16x16 (same k); no source lists this shape [G]"},
    {Api::Wmma, "8x32x16", 16, kHalf, 2, 8, "inferred from 16x16x16 (same k); no source lists this shape [G]"},
    {Api::Wmma, "16x16x8", 8, kTf32, 2, 4, kSim},
    {Api::MmaSync, "m8n8k16", 16, kInt, 1, 16, kExactInt},
    {Api::MmaSync, "m16n8k16", 16, kInt, 1, 16, kExactInt},
    {Api::MmaSync, "m16n8k32", 32, kInt, 1, 32, kExactInt},
    {Api::Wmma, "16x16x16", 16, kInt, 1, 16, kExactInt},
}};

constexpr std::array<InstructionBlocks, 14> kSm90{{
    {Api::MmaSync, "m16n8k16", 16, kHalf, 1, 16, "[S] MMA-Sim (sm_90 does not split); [V] single blocks"},
    {Api::MmaSync, "m16n8k8", 8, kHalf | kTf32, 1, 8, "[S] MMA-Sim (sm_90 does not split); [V] single blocks"},
    {Api::MmaSync, "m16n8k4", 4, kTf32, 1, 4, "inferred: k = 4 fills half a block of 8 (absent products are zero) [G]"},
    {Api::MmaSync, "m16n8k32", 32, kFp8, 2, 16,
     "[M] H100, 10,240 measured cells: two FP16 blocks over k mod 4 in {0,1}, then {2,3}; C added after in FP32"},
    {Api::Wgmma, "m64nNk16", 16, kHalf, 1, 16, "[S] MMA-Sim; [V] single blocks"},
    {Api::Wgmma, "m64nNk8", 8, kTf32, 1, 8, "[S] MMA-Sim"},
    {Api::Wgmma, "m64nNk32", 32, kFp8, 1, 32, "[S] MMA-Sim; [V] with C = 0"},
    {Api::Wmma, "16x16x16", 16, kHalf, 1, 16, "inferred: sm_90 does not split k16 [G]"},
    {Api::Wmma, "16x16x8", 8, kTf32, 1, 8, "inferred: sm_90 does not split k8 [G]"},
    {Api::MmaSync, "m8n8k16", 16, kInt, 1, 16, kExactInt},
    {Api::MmaSync, "m16n8k16", 16, kInt, 1, 16, kExactInt},
    {Api::MmaSync, "m16n8k32", 32, kInt, 1, 32, kExactInt},
    {Api::Wgmma, "m64nNk32", 32, kInt, 1, 32, kExactInt},
    {Api::Wmma, "16x16x16", 16, kInt, 1, 16, kExactInt},
}};

} // namespace

std::span<const InstructionBlocks> instructionTable(Arch arch) {
    if (arch == Arch::Sm80) return kSm80;
    return kSm90;
}

std::vector<InstructionBlocks> instructionsFor(Arch arch, InputType input) {
    std::vector<InstructionBlocks> out;
    for (const InstructionBlocks& row : instructionTable(arch))
        if (row.inputs & inputBit(input)) out.push_back(row);
    return out;
}

} // namespace fplab::tc
