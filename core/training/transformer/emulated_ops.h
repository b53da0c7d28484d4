// The transformer's arithmetic: every operation goes through the soft-float core in the format its
// operation class is given, its IEEE flags are collected per tensor, and the first operation in
// program order that raised overflow or invalid is kept with its operands' bits.
#pragma once

#include "core/flags.h"
#include "core/format.h"
#include "core/operation.h"
#include "core/result.h"
#include "core/rounding.h"
#include "core/trace.h"
#include "core/training/step_interrupt.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fplab::training {

enum class Pass : std::uint8_t { Forward, Backward };
std::string_view passName(Pass pass); // "forward", "backward"

// The formats an operation may be computed in: fp32, fp16 and bf16 (values of each are exact in the
// FP32 storage). Empty when `format` is one of them, otherwise what is wrong.
std::string checkEmulatedFormat(FormatId format);
// The preset of one of those (fp32 for any other).
const Format& emulatedFormat(FormatId format);

// Where a tensor is made: pass, layer (-1 outside the blocks) and its name ("attn.scores").
struct TensorSite {
    Pass pass = Pass::Forward;
    int layer = -1;
    std::string tensor;
};

struct TensorFlags {
    TensorSite site;
    Flags flags = 0; // every flag any operation writing this tensor raised
};

// The first operation that raised overflow or invalid.
struct OverflowReport {
    TensorSite site;
    std::string operation;               // "softmax.exp", "matmul.fma"...
    std::size_t element = 0;             // row-major index into the tensor
    FormatId format = FormatId::Fp32;    // the operation's format
    std::vector<std::uint64_t> operands; // bits in `format`, after the operands were rounded to it
    std::uint64_t result = 0;            // bits in `format`
    Flags flags = 0;
    // The core operation that raised it. Convert for a cast (its operand is FP32's bits) and for a function
    // the core does not have (exp, log, erf): its operand is the function's argument, and what overflowed is
    // the rounding of the function's FP64 value, `functionValue`, to `format`.
    Operation kind = Operation::Convert;
    std::optional<std::uint64_t> functionValue; // FP64 bits
};

// A matrix read with strides: element (r, c) is data[r * rowStride + c * colStride].
struct MatrixView {
    const float* data = nullptr;
    int rowStride = 0;
    int colStride = 1;
    float at(int r, int c) const { return data[std::ptrdiff_t(r) * rowStride + std::ptrdiff_t(c) * colStride]; }
};

// The element-wise operations, as EmulatedOps' fast path tells them apart.
enum class ElementwiseKind : std::uint8_t { Add, Sub, Mul, Div, Sqrt, Fma, Cast };

// Each operation rounds its operands (stored as float) to the operation's format first; the flags of
// that rounding belong to the operation. Results come back as floats, exactly.
class EmulatedOps {
public:
    // Later operations write this tensor (until the next call).
    void at(Pass pass, int layer, const std::string& tensor);

    float add(FormatId f, float a, float b, std::size_t element, const char* operation);
    float sub(FormatId f, float a, float b, std::size_t element, const char* operation);
    float mul(FormatId f, float a, float b, std::size_t element, const char* operation);
    float div(FormatId f, float a, float b, std::size_t element, const char* operation);
    float fma(FormatId f, float a, float b, float c, std::size_t element, const char* operation);
    float sqrt(FormatId f, float a, std::size_t element, const char* operation);
    float cast(FormatId f, float a, std::size_t element, const char* operation);
    // cast() of each of values[0..count), in place, element e as element e: values that are already numbers of
    // `f` stay as they are, with no flag, without a call per element.
    void castAll(FormatId f, float* values, std::size_t count, const char* operation);
    // A function the core does not have (exp, log, GELU): computed in FP64 by the host's libm and
    // rounded once to `f` through the core's conversion, whose flags it raises (not correctly rounded
    // in every case: libm's exp and log are within an ulp of FP64, far below an FP32 or FP16 ulp).
    float function(FormatId f, double (*fn)(double), float a, std::size_t element, const char* operation);

    // Whole-tensor forms: out[e] = op(a[e], b[e]...) for e = 0..count-1 in order, element e reported as
    // elementBase + e, with exactly the results, flags and first-overflow report of the per-element calls.
    // The format is chosen once and the fast path inlined into the loop; an element it declines goes through
    // the core in its turn. out may be one of the operands (the same elements, not shifted ones).
    void addAll(FormatId f, const float* a, const float* b, float* out, std::size_t count, std::size_t elementBase,
                const char* operation);
    void mulAll(FormatId f, const float* a, float b, float* out, std::size_t count, std::size_t elementBase,
                const char* operation);
    void fmaAll(FormatId f, const float* a, const float* b, const float* c, float* out, std::size_t count,
                std::size_t elementBase, const char* operation);
    void functionAll(FormatId f, double (*fn)(double), const float* a, float* out, std::size_t count,
                     std::size_t elementBase, const char* operation);
    // out[e] = mul(a[e], function(fn, b[e])) element by element: both operations of element e before element e+1's.
    void mulFunctionAll(FormatId f, const float* a, double (*fn)(double), const float* b, float* out, std::size_t count,
                        std::size_t elementBase, const char* operation, const char* functionOperation);

    // c (m x n, row stride ldc) = a (m x k) * b (k x n): operands rounded to `input`, products summed
    // in order p = 0..k-1 by fused multiply-adds in `accumulate`, from +0. lowerOnly: only j <= i
    // (a causal mask; the other elements are left as they are). Reports index elements from elementBase.
    void matmul(FormatId input, FormatId accumulate, MatrixView a, MatrixView b, int m, int k, int n, float* c, int ldc,
                bool lowerOnly = false, std::size_t elementBase = 0);

    // Operations computed in binary64 and rounded once to their format where that is provably exact
    // (double_rounding.h), the core everywhere else; results, flags and the first-overflow report are the
    // core's either way. On by default where binary64 arithmetic is IEEE 754's; off: the core alone.
    static bool fastPathsAvailable();
    void useFastPaths(bool use) { m_useFastPaths = use && fastPathsAvailable(); }
    bool usesFastPaths() const { return m_useFastPaths; }
    // Off: FP16 matmuls on the binary64 lanes even where the CPU has an FP16 fma (host_half_matmul.h), the
    // same results; for the tests and benchmarks of both paths on such a CPU.
    void useHostHalfMatmul(bool use) { m_useHostHalfMatmul = use; }
    bool usesHostHalfMatmul() const { return m_useHostHalfMatmul; }
    // The matmul's fast path computes this many dot products of a row side by side.
    static constexpr int kMatmulLanes = 16;
    // ... and in FP16, outside a causal mask, this many rows at once.
    static constexpr int kFp16RowsTogether = 4;

    // A value computed outside the core (an FP8 GEMM's FP32 result, emulated_ops_notes.cpp): an infinity
    // is recorded as an overflow and a NaN as an invalid operation of this tensor.
    void noteResult(FormatId f, float value, std::size_t element, const char* operation);

    // Interruptible steps (step_interrupt.h): while set, at() and every 8 rows of a matmul ask it and throw
    // StepInterrupted when it says stop.
    void setStopRequest(const StopRequest* stop) { m_stop = stop; }

    const std::vector<TensorFlags>& tensorFlags() const { return m_tensors; }
    const std::optional<OverflowReport>& firstOverflow() const { return m_first; }
    void clear();

private:
    using BinaryOperation = Result (*)(const Format&, std::uint64_t, std::uint64_t, const Env&, OperationTrace*);
    // What an operation raised, with which core operation (and a function's FP64 value) for the report.
    struct Raised {
        Operation kind;
        std::optional<std::uint64_t> functionValue;
    };
    // The element-wise fast path: true with `out` and the flags recorded, false where the core must compute.
    template <ElementwiseKind K>
    bool fast(FormatId f, float a, float b, float c, std::size_t element, const char* operation, float& out);
    // The core's computation of each operation, with no fast path.
    template <ElementwiseKind K>
    float onCore(FormatId f, float a, float b, float c, std::size_t element, const char* operation);
    float functionOnCore(FormatId f, double (*fn)(double), float a, std::size_t element, const char* operation);
    // The loop of the whole-tensor forms: operands(e) gives element e's {a, b, c}. fp16Lanes (or nullptr):
    // fp16Lanes(from, flags) computes FP16 elements from `from` on in vectors (fp16_span_lanes.h) and says how many.
    template <ElementwiseKind K, class Operands, class Fp16Lanes>
    void elementwiseAll(FormatId f, Operands&& operands, Fp16Lanes&& fp16Lanes, float* out, std::size_t count,
                        std::size_t elementBase, const char* operation);
    float binary(BinaryOperation op, Operation kind, FormatId f, float a, float b, std::size_t element,
                 const char* operation);
    float finish(FormatId f, std::uint64_t bits, Flags flags, std::size_t element, const char* operation,
                 std::initializer_list<std::uint64_t> operands, Raised raised);
    void record(FormatId f, Flags flags, std::size_t element, const char* operation,
                std::initializer_list<std::uint64_t> operands, std::uint64_t result, Raised raised);
    void needOperandBits(FormatId accumulate, int k, int n);
    template <const Format& Acc>
    void coreDot(int i, int j, int k, int n, float* out, std::size_t elementBase);
    template <const Format& Acc>
    bool fastDots(int i, int j0, int lanes, int k, int n, float* out, std::size_t elementBase);
    // Rows i... of an FP16 matmul in the lanes, kFp16RowsTogether at once: bit b set where block b (columns
    // 16b...) of them all is done.
    std::uint64_t fp16DotsInRows(int i, int k, int n, float* c, int ldc, std::size_t elementBase);
    template <const Format& Acc>
    void matmulKernel(int m, int k, int n, float* c, int ldc, bool lowerOnly, std::size_t elementBase);

    std::vector<TensorFlags> m_tensors;
    std::size_t m_current = 0;
    std::optional<OverflowReport> m_first;
    bool m_useFastPaths = fastPathsAvailable();
    bool m_useHostHalfMatmul = true;
    std::vector<float> m_aFloats, m_bFloats;     // the matmul's operands in the accumulation format (b: k rows)
    std::vector<std::uint64_t> m_aBits, m_bBits; // ... as its bits (b transposed), once the core needs them
    bool m_operandBitsReady = false;
    std::vector<double> m_aValues, m_bValues;        // ... as binary64 values, for the fast path (b: k rows)
    std::vector<std::uint16_t> m_aHalves, m_bHalves; // ... as binary16, for the host's FP16 fma
    int m_bStride = 0;
    const StopRequest* m_stop = nullptr;
};

} // namespace fplab::training
