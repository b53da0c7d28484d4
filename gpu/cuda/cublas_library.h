// cuBLAS and cuBLASLt are loaded with dlopen on the first cuBLAS call, not by the dynamic linker at
// start-up: libcublasLt alone is over 500 MB, and mapping it made every command pay for it, `show`
// included (docs/performance.md, "Start-up"). The call sites stay plain cuBLAS: cublas_forwarding.cpp
// defines each function below under its C name and forwards it to cublasApi().
// Private to the CUDA build.
#pragma once

#include <cublasLt.h>
#include <cublas_v2.h>

#include <string>

// Every cuBLAS and cuBLASLt function FP Lab calls, cublasGemmEx aside (below). Calling one that is not
// listed fails to link (no cuBLAS library is linked): add it here and its forwarder to cublas_forwarding.cpp.
#define FPLAB_CUBLASLT_FUNCTIONS(X)                                                                                    \
    X(cublasLtCreate)                                                                                                  \
    X(cublasLtDestroy)                                                                                                 \
    X(cublasLtMatmul)                                                                                                  \
    X(cublasLtMatmulAlgoGetHeuristic)                                                                                  \
    X(cublasLtMatmulDescCreate)                                                                                        \
    X(cublasLtMatmulDescDestroy)                                                                                       \
    X(cublasLtMatmulDescSetAttribute)                                                                                  \
    X(cublasLtMatmulPreferenceCreate)                                                                                  \
    X(cublasLtMatmulPreferenceDestroy)                                                                                 \
    X(cublasLtMatmulPreferenceSetAttribute)                                                                            \
    X(cublasLtMatrixLayoutCreate)                                                                                      \
    X(cublasLtMatrixLayoutDestroy)                                                                                     \
    X(cublasLtMatrixLayoutSetAttribute)
#define FPLAB_CUBLAS_FUNCTIONS(X)                                                                                      \
    X(cublasCreate_v2)                                                                                                 \
    X(cublasDestroy_v2)                                                                                                \
    X(cublasGetStatusName)                                                                                             \
    X(cublasGetStatusString)

namespace fplab::gpu::cuda {

// The files to dlopen: a bare name is looked up like a linked library (LD_LIBRARY_PATH, ld.so.cache),
// then in the toolkit's library folder this build was configured with.
struct CublasLibraryFiles {
    std::string cublasLt;
    std::string cublas;
};

// The sonames this build was compiled against (libcublasLt.so.13, libcublas.so.13 for CUDA 13),
// or the paths in the environment variables FPLAB_CUBLASLT_LIBRARY and FPLAB_CUBLAS_LIBRARY.
CublasLibraryFiles cublasLibraryFiles();

struct CublasApi {
#define FPLAB_CUBLAS_API_MEMBER(name) decltype(&::name) name = nullptr;
    FPLAB_CUBLASLT_FUNCTIONS(FPLAB_CUBLAS_API_MEMBER)
    FPLAB_CUBLAS_FUNCTIONS(FPLAB_CUBLAS_API_MEMBER)
#undef FPLAB_CUBLAS_API_MEMBER
    // Spelled out: cublas_api.h overloads it in C++ (an inline one taking the legacy cudaDataType compute type).
    cublasStatus_t (*cublasGemmEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                                   const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*,
                                   cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
};

// Loads cuBLASLt, then cuBLAS, and resolves every function listed above. A missing file or function
// throws GpuError(Unsupported) "cannot load FILE: why" (the CLI's exit code 4, the GUI's error box);
// nothing stays loaded then.
CublasApi loadCublas(const CublasLibraryFiles& files);

// The process's cuBLAS, loaded on the first call (thread-safe); after a failure the next call tries again.
const CublasApi& cublasApi();

} // namespace fplab::gpu::cuda
