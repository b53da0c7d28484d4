// A GEMM problem D = A*B + C held as bit patterns, the interface every GEMM backend
// implements (CPU reference, CPU tensor-core model, project CUDA kernels, cuBLAS), and
// random problem generation.
#pragma once

#include "gpu/gemm_types.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fplab::gpu {

// Bits are right-aligned in uint64_t as everywhere in core/: A and B hold input-format
// bits (INT8: two's complement in the low 8 bits), C and D output-format bits (INT32: low 32 bits).
// TF32: A and B hold FP32 bits; each backend says how it turns them into TF32.
struct GemmProblem {
    GemmType type = GemmType::Fp32;
    int m = 0;
    int n = 0;
    int k = 0;
    std::vector<std::uint64_t> a; // m x k, row-major
    std::vector<std::uint64_t> b; // k x n, row-major
    std::vector<std::uint64_t> c; // m x n, row-major
};

struct GemmOutput {
    std::string backend;
    std::vector<std::uint64_t> d; // m x n, row-major, output-format bits
    double milliseconds = 0;      // time of the computation alone (device time for GPU backends)
    std::string note;             // anything a reader of the result should know (caveats, conversions)
};

// Empty when the problem is well-formed; otherwise what is wrong with it.
std::string checkProblem(const GemmProblem& problem);
// The largest m, n, k a problem held on the host may have (the bit-vector form is for comparisons).
inline constexpr int kMaxHostDimension = 8192;

enum class Distribution : std::uint8_t {
    Uniform,       // uniform in [-1, 1) (INT8: [-128, 127]), rounded to the input format
    SmallIntegers, // integers in [-4, 4]: every backend computes the exact product
};

struct ProblemSpec {
    GemmType type = GemmType::Fp32;
    int m = 64;
    int n = 64;
    int k = 64;
    std::uint64_t seed = 1;
    Distribution distribution = Distribution::Uniform;
    bool withC = true; // false: C = 0
};

GemmProblem makeRandomProblem(const ProblemSpec& spec);

// Element values as doubles (exact for every type here) and back (round to nearest even).
double inputToDouble(GemmType type, std::uint64_t bits);
double outputToDouble(GemmType type, std::uint64_t bits);
std::uint64_t inputFromDouble(GemmType type, double value);
std::uint64_t outputFromDouble(GemmType type, double value);

class GemmBackend {
public:
    virtual ~GemmBackend() = default;
    virtual std::string name() const = 0;
    // One line saying what the backend computes, for reports.
    virtual std::string description() const = 0;
    // Empty when this backend can run the type here; otherwise why not.
    virtual std::string unavailableReason(GemmType type) const = 0;
    // The tensor-core instruction (or other arithmetic) this backend uses for the type, in words, for every
    // row of a report: the same PTX types can mean different arithmetic per instruction.
    virtual std::string instruction(GemmType type) const = 0;
    // Throws GpuError (InvalidArgument for a malformed problem, Unsupported, CUDA/cuBLAS failures).
    virtual GemmOutput run(const GemmProblem& problem) = 0;
};

} // namespace fplab::gpu
