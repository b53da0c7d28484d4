// Loading cuBLAS on first use (CUDA build only): a missing library or function is a GpuError that
// names the file and the reason, and the toolkit's own libraries load and answer through the
// forwarders. dlopen needs no GPU; the CLI test at the end does.
#include "app/cli/exit_codes.h"
#include "gpu/cuda/cublas_library.h"

#include "gpu/gpu_error.h"
#include "gpu_test_support.h"

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace fplab::gpu::cuda {
namespace {

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// The message of the GpuError that loading `files` throws, after checking its kind.
std::string loadFailure(const CublasLibraryFiles& files) {
    try {
        loadCublas(files);
    } catch (const GpuError& e) {
        EXPECT_EQ(e.kind(), GpuError::Kind::Unsupported) << e.what();
        return e.what();
    }
    ADD_FAILURE() << "loading " << files.cublasLt << " and " << files.cublas << " did not fail";
    return {};
}

TEST(CublasLibrary, MissingFileIsNamedWithTheReason) {
    const std::string what = loadFailure({"/nonexistent/libcublasLt.so.13", cublasLibraryFiles().cublas});
    EXPECT_TRUE(startsWith(what, "cannot load /nonexistent/libcublasLt.so.13: ")) << what;
    EXPECT_NE(what.find("No such file"), std::string::npos) << what;
}

TEST(CublasLibrary, UnknownSonameIsNamed) {
    const std::string what = loadFailure({"libcublasLt.so.999", cublasLibraryFiles().cublas});
    EXPECT_TRUE(startsWith(what, "cannot load libcublasLt.so.999: ")) << what;
}

TEST(CublasLibrary, LibraryWithoutTheFunctionsNamesTheMissingOne) {
    // libm is on every glibc system and has no cuBLAS in it.
    const std::string what = loadFailure({"libm.so.6", cublasLibraryFiles().cublas});
    EXPECT_TRUE(startsWith(what, "cannot load libm.so.6: it has no function cublasLtCreate")) << what;
}

TEST(CublasLibrary, EnvironmentNamesOtherFiles) {
    const CublasLibraryFiles built = cublasLibraryFiles();
    EXPECT_TRUE(startsWith(built.cublasLt, "libcublasLt.so.")) << built.cublasLt;
    EXPECT_TRUE(startsWith(built.cublas, "libcublas.so.")) << built.cublas;
    setenv("FPLAB_CUBLASLT_LIBRARY", "/opt/lt.so", 1);
    setenv("FPLAB_CUBLAS_LIBRARY", "/opt/blas.so", 1);
    const CublasLibraryFiles overridden = cublasLibraryFiles();
    unsetenv("FPLAB_CUBLASLT_LIBRARY");
    unsetenv("FPLAB_CUBLAS_LIBRARY");
    EXPECT_EQ(overridden.cublasLt, "/opt/lt.so");
    EXPECT_EQ(overridden.cublas, "/opt/blas.so");
}

TEST(CublasLibrary, ToolkitLibrariesLoadAndAnswerThroughTheForwarders) {
    const CublasApi api = loadCublas(cublasLibraryFiles());
    EXPECT_NE(api.cublasLtMatmul, nullptr);
    EXPECT_NE(api.cublasGemmEx, nullptr);
    EXPECT_NE(api.cublasGetStatusName, nullptr);
    // The forwarder (this program links no cuBLAS) reaches the library: the name is cuBLAS's own text.
    EXPECT_STREQ(cublasGetStatusName(CUBLAS_STATUS_NOT_SUPPORTED), "CUBLAS_STATUS_NOT_SUPPORTED");
    EXPECT_STREQ(api.cublasGetStatusName(CUBLAS_STATUS_ALLOC_FAILED), "CUBLAS_STATUS_ALLOC_FAILED");
}

// The whole path on a GPU: fplab-cli gpu gemm --impl cublas with a cuBLASLt that does not exist says
// so and exits 4 (no GPU, no CUDA or no cuBLAS). Without a GPU the command stops earlier, at "no GPU".
TEST(CublasLibrary, CliReportsAMissingLibraryWithExitCode4) {
    if (const std::string why = test::noGpuReason(); !why.empty()) GTEST_SKIP() << why;
    const std::string command = std::string("FPLAB_CUBLASLT_LIBRARY=/nonexistent/libcublasLt.so.13 '") +
                                FPLAB_CLI_EXECUTABLE + "' gpu gemm --impl cublas --type fp16-fp32 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string output;
    char buffer[512];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    const int status = pclose(pipe);
    ASSERT_TRUE(WIFEXITED(status)) << output;
    EXPECT_EQ(WEXITSTATUS(status), cli::kExitNoGpu) << output;
    EXPECT_NE(output.find("cannot load /nonexistent/libcublasLt.so.13: "), std::string::npos) << output;
}

} // namespace
} // namespace fplab::gpu::cuda
