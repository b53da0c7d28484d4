#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run calls this):
#   1. installs the dependencies (Debian 12; as root or with sudo),
#   2. builds build/ (Release, GCC, warnings as errors; GUI if Qt 6 is present, CUDA for sm_80/sm_90/sm_90a if
#      nvcc is present) and runs ctest, then the Python module's pytest suite (tests/python) against build/,
#      then configures build-gtest-source/ with GoogleTest built from source (as scripts/gpu-run.sh does) and
#      builds and runs one test target there, and runs scripts/gpu-run.sh's dry run (DRY_RUN=1: every step's
#      command line parses, and a planted typo fails it),
#   3. cross-builds core/, fplab-cli and the core tests for aarch64 in build-aarch64/ (build only),
#   4. builds build-asan/ (Clang, ASan + UBSan, warnings as errors, no GUI, no CUDA) and runs its ctest
#      without the "exhaustive" label,
#   5. builds the libFuzzer targets (clang) and runs each for a bounded time (scripts/fuzz.sh).
# Every build goes through ccache when it is installed (scripts/common.sh; the cache is outside the clone).
# Usage: scripts/test.sh
# Environment: FPLAB_FUZZ_SECONDS (per fuzz target, default 15), FPLAB_SKIP_FUZZ=1, FPLAB_SKIP_ASAN=1,
#              FPLAB_SKIP_CROSS=1, FPLAB_ASAN_CTEST_ARGS (ctest arguments for the sanitizer run,
#              default "-LE exhaustive").
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fplab_root"

start=$(date +%s)
# Each stage line gives the wall-clock seconds so far and the CPU time used by the commands so far.
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
stage() {
    local cpu
    times > "$times_file" # in this shell: $(times) would run in a subshell and see none of the children
    cpu=$(tail -n 1 "$times_file")
    echo
    echo "=== test.sh [$(fplab_elapsed "$start")s wall; CPU user/sys ${cpu/ / / }] $*"
}
jobs=$(fplab_jobs)
mapfile -t launcher < <(fplab_launcher_args)
export QT_QPA_PLATFORM=offscreen # GUI tests run without a display
export CTEST_OUTPUT_ON_FAILURE=1

stage "dependencies"
scripts/install-deps.sh

stage "format (scripts/format.sh --check: the sources follow .clang-format)"
scripts/format.sh --check

stage "build/ (Release)"
fplab_configure_main build -DFPLAB_WERROR=ON
cmake --build build -j "$jobs"

stage "ctest build/"
(cd build && ctest --output-on-failure -j2)

# The GPU run is one short call on a lent machine: its every step's command line is parsed here first
# (DRY_RUN=1 scripts/gpu-run.sh; also the CTest fplab_gpu_run_dry_run), and a planted typo must fail it.
stage "scripts/gpu-run.sh dry run"
bash tests/gpu/gpu_run_dry_run_test.sh "$fplab_root" "$fplab_root/build"

# CTest ran the Python suite too (fplab_python_pytest); this stage runs it once more on its own so its summary
# shows here, and fails when the module was not built or pytest collected nothing (its exit code 5).
stage "python module: pytest tests/python"
python=$(sed -n 's/^FPLAB_PYTHON_EXECUTABLE:[A-Z]*=//p' build/CMakeCache.txt)
if ! compgen -G "build/app/python/fplab/_core*.so" > /dev/null; then
    echo "test.sh: the fplab Python module was not built (FPLAB_BUILD_PYTHON needs pybind11-dev and python3-numpy)"
    exit 1
fi
pytest_status=0
PYTHONPATH=build/app/python FPLAB_CLI=build/app/cli/fplab-cli "$python" -m pytest -q -p no:cacheprovider tests/python ||
    pytest_status=$?
if ((pytest_status == 5)); then echo "test.sh: pytest found no tests in tests/python"; fi
if ((pytest_status != 0)); then exit "$pytest_status"; fi

# The GPU machine has no GoogleTest package: scripts/gpu-run.sh builds it from source with
# FPLAB_GTEST_SOURCE. Configure that way once here so the path cannot break unnoticed, and build the one
# test target that links both GTest::gtest and GTest::gtest_main (everything else is as in build/).
stage "build-gtest-source/ (GoogleTest from /usr/src/googletest, as on the GPU machine)"
cmake -S . -B build-gtest-source -G Ninja -DCMAKE_BUILD_TYPE=Release -DFPLAB_BUILD_GUI=OFF -DFPLAB_BUILD_CUDA=OFF \
    -DFPLAB_BUILD_BENCHMARKS=OFF -DFPLAB_GTEST_SOURCE=/usr/src/googletest "${launcher[@]}"
cmake --build build-gtest-source -j "$jobs" --target fplab_tensor_core_tests
build-gtest-source/tests/tensor_core/fplab_tensor_core_tests --gtest_brief=1

# The portable part of the project for 64-bit ARM (a GH200's Grace CPU): core/, the CLI and the tests of core/
# (GoogleTest, MPFR and GMP from Debian's arm64 packages). Nothing runs: the tests are built, not discovered.
# The GUI, CUDA and the benchmarks are not part of it. On the shared 2-core machine (load average 11-19) it took
# 3105 s from an empty compiler cache and 22 s from a warm one (27 November 2026).
cross_targets=(fplab-cli fplab_verify_oracle_self fplab_verify_sampled fplab_verify_host fplab_verify_rules
               fplab_verify_exhaustive fplab_verify_conversion fplab_text_tests fplab_platform_tests
               fplab_blockscale_tests fplab_tensor_core_tests)
if [[ "${FPLAB_SKIP_CROSS:-0}" != 1 ]]; then
    stage "build-aarch64/ (cross-build for aarch64: ${cross_targets[*]})"
    cmake -S . -B build-aarch64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake -DCMAKE_BUILD_TYPE=Release \
        -DFPLAB_BUILD_GUI=OFF -DFPLAB_BUILD_CUDA=OFF -DFPLAB_BUILD_BENCHMARKS=OFF -DFPLAB_BUILD_PYTHON=OFF -DFPLAB_WERROR=ON \
        -DCMAKE_GTEST_DISCOVER_TESTS_DISCOVERY_MODE=PRE_TEST "${launcher[@]}"
    cmake --build build-aarch64 -j "$jobs" --target "${cross_targets[@]}"
    file build-aarch64/app/cli/fplab-cli | grep -q "ARM aarch64" ||
        { echo "test.sh: build-aarch64/app/cli/fplab-cli is not an aarch64 executable" >&2; exit 1; }
fi

if [[ "${FPLAB_SKIP_ASAN:-0}" != 1 ]]; then
    stage "build-asan/ (Clang, AddressSanitizer + UndefinedBehaviorSanitizer)"
    # -O1 with line tables only: sanitizer reports keep file:line. On the 2-core CI machine the build took
    # 301 s at -O1 against 421 s at -O2, and its ctest 81 s against 76 s (25 November 2026, GCC).
    # Clang here, GCC in build/: each compiler's warnings are errors somewhere.
    cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
        -DCMAKE_CXX_COMPILER=clang++-14 -DFPLAB_WERROR=ON "${launcher[@]}" \
        -DFPLAB_SANITIZE=ON -DFPLAB_BUILD_GUI=OFF -DFPLAB_BUILD_CUDA=OFF -DFPLAB_BUILD_BENCHMARKS=OFF
    cmake --build build-asan -j "$jobs"
    # The tests labelled "exhaustive" (every pair of small-format values...) already ran in build/; under the
    # sanitizers they would take most of the time budget. FPLAB_ASAN_CTEST_ARGS="" runs everything.
    asan_args=${FPLAB_ASAN_CTEST_ARGS--LE exhaustive}
    stage "ctest build-asan/ ${asan_args}"
    # shellcheck disable=SC2086 # asan_args is a list of words
    (cd build-asan && FPLAB_ORACLE_CASES=${FPLAB_ORACLE_CASES:-20000} ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        ctest --output-on-failure -j2 $asan_args)
fi

if [[ "${FPLAB_SKIP_FUZZ:-0}" != 1 ]]; then
    stage "fuzzers (${FPLAB_FUZZ_SECONDS:-15}s each)"
    FPLAB_FUZZ_JOBS=$jobs scripts/fuzz.sh "${FPLAB_FUZZ_SECONDS:-15}"
fi

stage "all passed in $(fplab_elapsed "$start")s"
