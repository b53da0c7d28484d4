#include "gpu/cuda/cublas_library.h"

#include "gpu/gpu_error.h"

#include <dlfcn.h>

#include <cstdlib>
#include <memory>

namespace fplab::gpu::cuda {

namespace {

struct Closer {
    void operator()(void* handle) const { dlclose(handle); }
};
using Library = std::unique_ptr<void, Closer>;

[[noreturn]] void throwCannotLoad(const std::string& file, const std::string& why) {
    throw GpuError(GpuError::Kind::Unsupported,
                   "cannot load " + file + ": " + why +
                       " (the cuBLAS backend needs the CUDA toolkit's cuBLAS libraries; the project's kernels do not)");
}

std::string lastDlError() {
    const char* why = dlerror();
    return why ? why : "unknown error";
}

Library open(const std::string& file) {
    // RTLD_NOW: a library that cannot resolve its own dependencies fails here, not in the middle of a GEMM.
    if (void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL)) return Library(handle);
    std::string why = lastDlError();
    if (why.rfind(file + ": ", 0) == 0) why.erase(0, file.size() + 2); // dlerror repeats the name
    if (file.find('/') == std::string::npos) {
        // The executable no longer carries the toolkit's folder in its RUNPATH (it links no CUDA library).
        const std::string inToolkit = std::string(FPLAB_CUDA_LIBRARY_DIR) + "/" + file;
        if (void* handle = dlopen(inToolkit.c_str(), RTLD_NOW | RTLD_LOCAL)) return Library(handle);
    }
    throwCannotLoad(file, why);
}

template <class Function>
void resolve(const Library& library, const std::string& file, const char* name, Function& function) {
    dlerror();
    void* address = dlsym(library.get(), name);
    if (!address) throwCannotLoad(file, std::string("it has no function ") + name);
    function = reinterpret_cast<Function>(address);
}

std::string fromEnvironment(const char* variable, const char* fallback) {
    const char* value = std::getenv(variable);
    return value && *value ? value : fallback;
}

} // namespace

CublasLibraryFiles cublasLibraryFiles() {
    return {fromEnvironment("FPLAB_CUBLASLT_LIBRARY", FPLAB_CUBLASLT_SONAME),
            fromEnvironment("FPLAB_CUBLAS_LIBRARY", FPLAB_CUBLAS_SONAME)};
}

CublasApi loadCublas(const CublasLibraryFiles& files) {
    CublasApi api;
#define FPLAB_RESOLVE_LT(name) resolve(lt, files.cublasLt, #name, api.name);
#define FPLAB_RESOLVE_BLAS(name) resolve(blas, files.cublas, #name, api.name);
    // cuBLASLt first: libcublas needs it, and finds this copy by its soname.
    Library lt = open(files.cublasLt);
    FPLAB_CUBLASLT_FUNCTIONS(FPLAB_RESOLVE_LT)
    Library blas = open(files.cublas);
    FPLAB_CUBLAS_FUNCTIONS(FPLAB_RESOLVE_BLAS)
    FPLAB_RESOLVE_BLAS(cublasGemmEx)
#undef FPLAB_RESOLVE_LT
#undef FPLAB_RESOLVE_BLAS
    // Loaded for the rest of the process: handles and plans may outlive any one caller.
    lt.release();
    blas.release();
    return api;
}

const CublasApi& cublasApi() {
    static const CublasApi api = loadCublas(cublasLibraryFiles());
    return api;
}

} // namespace fplab::gpu::cuda
