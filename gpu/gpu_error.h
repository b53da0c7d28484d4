// The one exception every GPU-lab call throws: a failed CUDA or cuBLAS call, no usable
// GPU, or a build without CUDA. Plain C++ (no CUDA headers), so the app and CLI can catch it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace fplab::gpu {

inline constexpr std::string_view kNotBuiltMessage = "FP Lab was built without CUDA";

class GpuError : public std::runtime_error {
public:
    enum class Kind {
        NotBuilt,        // compiled without FPLAB_BUILD_CUDA
        NoDevice,        // no GPU, no driver, driver too old: the reason says which
        CudaCall,        // a CUDA runtime call or kernel launch failed
        CublasCall,      // a cuBLAS / cuBLASLt call failed
        Unsupported,     // this GPU or this build cannot run the request (e.g. FP8 before sm_89)
        InvalidArgument, // the request itself is wrong (sizes, lengths, types)
    };

    GpuError(Kind kind, std::string message, int code = 0, std::string call = {});

    Kind kind() const { return m_kind; }
    int code() const { return m_code; }
    // The source text of the failing call, for CudaCall and CublasCall.
    const std::string& call() const { return m_call; }

private:
    Kind m_kind;
    int m_code;
    std::string m_call;
};

std::string_view gpuErrorKindName(GpuError::Kind kind);

// "<api> call failed: <call> returned <codeName> (<code>): <meaning> [at file:line]".
// Shared by the CUDA and cuBLAS check macros, and testable without a GPU.
std::string formatCallFailure(std::string_view api, std::string_view call, int code, std::string_view codeName,
                              std::string_view meaning, std::string_view file, int line);

// Builds the exception the check macros throw.
GpuError callFailure(GpuError::Kind kind, std::string_view api, std::string_view call, int code,
                     std::string_view codeName, std::string_view meaning, std::string_view file, int line);

[[noreturn]] void throwNotBuilt();

} // namespace fplab::gpu
