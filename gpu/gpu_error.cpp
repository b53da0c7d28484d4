// GpuError and the message format of failed CUDA / cuBLAS calls.
#include "gpu/gpu_error.h"

#include <utility>

namespace fplab::gpu {

GpuError::GpuError(Kind kind, std::string message, int code, std::string call)
    : std::runtime_error(std::move(message)), m_kind(kind), m_code(code), m_call(std::move(call)) {}

std::string_view gpuErrorKindName(GpuError::Kind kind) {
    switch (kind) {
    case GpuError::Kind::NotBuilt: return "not built with CUDA";
    case GpuError::Kind::NoDevice: return "no GPU";
    case GpuError::Kind::CudaCall: return "CUDA error";
    case GpuError::Kind::CublasCall: return "cuBLAS error";
    case GpuError::Kind::Unsupported: return "unsupported";
    case GpuError::Kind::InvalidArgument: return "invalid argument";
    }
    return "GPU error";
}

std::string formatCallFailure(std::string_view api, std::string_view call, int code, std::string_view codeName,
                              std::string_view meaning, std::string_view file, int line) {
    std::string s;
    s += api;
    s += " call failed: ";
    s += call;
    s += " returned ";
    s += codeName.empty() ? std::string_view("an unknown status") : codeName;
    s += " (";
    s += std::to_string(code);
    s += ")";
    if (!meaning.empty()) {
        s += ": ";
        s += meaning;
    }
    if (!file.empty()) {
        // Only the file name: full build paths make messages long and machine-specific.
        const auto slash = file.find_last_of("/\\");
        s += " [at ";
        s += slash == std::string_view::npos ? file : file.substr(slash + 1);
        s += ":";
        s += std::to_string(line);
        s += "]";
    }
    return s;
}

GpuError callFailure(GpuError::Kind kind, std::string_view api, std::string_view call, int code,
                     std::string_view codeName, std::string_view meaning, std::string_view file, int line) {
    return GpuError(kind, formatCallFailure(api, call, code, codeName, meaning, file, line), code, std::string(call));
}

void throwNotBuilt() {
    throw GpuError(GpuError::Kind::NotBuilt, std::string(kNotBuiltMessage) +
                                                 ": reconfigure with -DFPLAB_BUILD_CUDA=ON on a machine with nvcc "
                                                 "to use the GPU lab; the CPU emulation works without it");
}

} // namespace fplab::gpu
