#!/usr/bin/env bash
# One run of FP Lab's GPU checks on a lent GPU machine (nvcc, CMake and Ninja; no Qt, GoogleTest
# or MPFR): configure with the GUI off and GoogleTest from $PWD/.gtest, build, run ctest (the GPU
# tests first), then every `fplab-cli gpu` command (with the start-up time of `show` and `gpu info`, appended
# to 03-info.txt), the tensor-core fingerprint of every type (the inferred parameters and the saved answer
# file, appended to 04-compare.txt), the GPU training run (`fplab-cli train --compare` per mode and its
# steps/s, also appended to 04-compare.txt), and the lessons with GPU counterparts side by side
# (`fplab-cli lesson run ID --backend gpu`, appended to 05-accumulate.txt). Every log goes to $OUT, 8 files at most:
#   00-env.log  01-build.log  02-ctest.log  03-info.txt  04-compare.txt  05-accumulate.txt
#   06-bench.csv  07-bench.log
# The GEMM ladder (gpu/kernels/ladder_*, issue 11): every rung's bit-check against the CPU model of its
# instruction (the LadderOnGpu tests, printed in full to 02-ctest.log) and `gpu bench --impl ladder` at 4096^3
# and 8192^3 for FP16 and BF16 (CSV appended to 06-bench.csv). sm_90a is built too, for the wgmma/TMA rung.
# Keeps to about 9 minutes; each step has its own time limit, and a failed step does not stop the
# later ones. Usage: OUT=/path/to/results scripts/gpu-run.sh   (run from the repository root)
# DRY_RUN=1 BUILD=<an existing build> skips configure, build and ctest and runs the CLI steps only (on a
# machine without a GPU each then exits 4, "no GPU").
set -u

OUT="${OUT:-$PWD/gpu-results}"
BUILD="${BUILD:-$PWD/build-gpu-run}"
JOBS="${JOBS:-$(nproc)}"
mkdir -p "$OUT"
CLI="$BUILD/app/cli/fplab-cli"
START=$(date +%s)
DEADLINE="${DEADLINE:-480}" # seconds after which the remaining steps are skipped
DRY_RUN="${DRY_RUN:-0}"
status=0

log() { echo "[$(($(date +%s) - START))s] $*"; }
# step NAME LOGFILE SECONDS COMMAND...: runs with a time limit, appends to the log, records failures.
step() {
    local name=$1 file=$2 limit=$3
    shift 3
    if [ $(($(date +%s) - START)) -gt "$DEADLINE" ]; then
        log "$name: skipped, past the ${DEADLINE}s budget" | tee -a "$OUT/$file"
        status=1
        return 0
    fi
    log "$name" | tee -a "$OUT/$file"
    timeout --signal=TERM --kill-after=10 "$limit" "$@" >>"$OUT/$file" 2>&1
    local rc=$?
    echo "[$name: exit $rc]" >>"$OUT/$file"
    log "$name: exit $rc"
    [ "$rc" -ne 0 ] && status=1
    return 0
}

{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown) $(git status --porcelain 2>/dev/null | wc -l) changed files"
    nvidia-smi 2>&1 || echo "nvidia-smi failed"
    nvidia-smi --query-gpu=name,compute_cap,driver_version,clocks.max.sm,clocks.sm,power.limit --format=csv 2>&1
    command -v nvcc && nvcc --version
    cmake --version | head -1
    ninja --version
    nproc
} >"$OUT/00-env.log" 2>&1

# Architectures: sm_80, sm_90 and sm_90a (the ladder's wgmma/TMA rung) always, plus this GPU's own (e.g. 89
# for FP8 on Ada).
ARCHS="80;90;90a"
# (Not CC: that names the C compiler in many environments, and CMake reads it.)
GPU_CAP=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '. ')
case "$GPU_CAP" in
    ''|80|90) ;;
    *) ARCHS="80;90;90a;$GPU_CAP" ;;
esac

if [ "$DRY_RUN" = 1 ]; then
    log "DRY_RUN: configure, build and ctest skipped; using $BUILD" | tee -a "$OUT/01-build.log" "$OUT/02-ctest.log"
else
    GTEST_ARGS=()
    [ -d "$PWD/.gtest" ] && GTEST_ARGS=(-DFPLAB_GTEST_SOURCE="$PWD/.gtest")
    step "configure (CUDA architectures $ARCHS)" 01-build.log 120 \
        cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFPLAB_BUILD_GUI=OFF -DFPLAB_BUILD_CUDA=ON \
        -DFPLAB_BUILD_BENCHMARKS=OFF -DCMAKE_CUDA_ARCHITECTURES="$ARCHS" "${GTEST_ARGS[@]}"
    # The GPU targets first, then the rest; -k 0 keeps going past a broken target elsewhere in the tree.
    step "build fplab-cli and fplab_gpu_tests" 01-build.log 240 \
        cmake --build "$BUILD" -j "$JOBS" --target fplab-cli fplab_gpu_tests
    step "build everything else" 01-build.log 180 cmake --build "$BUILD" -j "$JOBS" -- -k 0

    # GPU tests first (they are the point of this run), then everything else.
    step "ctest -L gpu" 02-ctest.log 150 ctest --test-dir "$BUILD" -L gpu --output-on-failure -j 4
    # The ladder's bit-checks once more with their output (ctest keeps a passing test's lines to itself): each rung
    # against the model of its instruction at 256^3, and its largest error against the bound at 4096^3.
    step "ladder bit-checks (LadderOnGpu)" 02-ctest.log 120 \
        "$BUILD/tests/gpu/fplab_gpu_tests" --gtest_filter='LadderOnGpu.*:Ladder.*:LadderCsv.*:LadderLesson.*'
    step "ctest (all)" 02-ctest.log 120 ctest --test-dir "$BUILD" -LE gpu --output-on-failure -j "$JOBS" --timeout 60
fi

if [ ! -x "$CLI" ]; then
    log "no fplab-cli was built; see 01-build.log"
    exit 1
fi

step "gpu info" 03-info.txt 30 "$CLI" gpu info
step "gpu info --json" 03-info.txt 30 "$CLI" gpu info --json

# Start-up (docs/performance.md, "Start-up"): `show` loads no CUDA library, `gpu info` loads and starts the
# driver. Median wall time of 21 runs of each (the bench program needs Google Benchmark, absent here).
startup_median() {
    local times=() start
    for _ in $(seq 21); do
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1
        times+=($((($(date +%s%N) - start) / 1000)))
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 11p |
        awk -v command="$*" '{ printf "start-up, median of 21 runs: %.1f ms  %s\n", $1 / 1000, command }'
}
step "start-up of show and gpu info" 03-info.txt 60 \
    bash -c "$(declare -f startup_median); startup_median \"\$1\" show 0.1; startup_median \"\$1\" gpu info" _ "$CLI"

# compare: the spec's vectors, one MMA per tile for every type, then whole GEMMs (with heat maps). FP8 on
# sm_90 is two instructions: the kernels' mma.sync against its model (cpu-model-sm_90), cuBLASLt's wgmma
# against the wgmma model (cpu-model-sm_90-wgmma); K = 32 is one instruction per cell, no library schedule.
step "compare --vectors" 04-compare.txt 60 "$CLI" gpu compare --vectors
step "compare --mma" 04-compare.txt 90 "$CLI" gpu compare --type all --mma --tiles 200
step "compare --mma --csv" 04-compare.txt 90 "$CLI" gpu compare --type all --mma --tiles 200 --csv
step "compare gemm 64x64x256 uniform" 04-compare.txt 90 "$CLI" gpu compare --type all --m 64 --n 64 --k 256 --map
step "compare gemm 96x80x512 small integers" 04-compare.txt 90 \
    "$CLI" gpu compare --type all --m 96 --n 80 --k 512 --dist int
step "compare gemm 128x128x512 csv" 04-compare.txt 120 "$CLI" gpu compare --type all --m 128 --n 128 --k 512 --csv
for fp8 in e4m3-fp32 e5m2-fp32; do
    step "compare gemm $fp8 64x64x32, both FP8 instructions" 04-compare.txt 60 \
        "$CLI" gpu compare --type "$fp8" --m 64 --n 64 --k 32 --map
done

# fingerprint: the probes through mma.sync for every floating-point type, the inferred parameters beside the
# built-in model, and the answers as a fingerprint file (between "fplab-fingerprint 1" and the step's exit
# line: cut it out and `fplab-cli gpu fingerprint --load` it anywhere). FP Lab has no wgmma kernel to probe.
for type in tf32 fp16-fp32 fp16-fp16 bf16-fp32 e4m3-fp32 e5m2-fp32; do
    step "gpu fingerprint --type $type" 04-compare.txt 60 \
        "$CLI" gpu fingerprint --type "$type" --instruction mma.sync --save "$BUILD/fingerprint-$type.txt"
    step "fingerprint file $type" 04-compare.txt 10 cat "$BUILD/fingerprint-$type.txt"
done

# train: the GPU training run against the CPU emulator, step by step, in every mode (a verdict and both sides'
# steps/s), then the GPU's steps/s over longer runs (docs/training.md, "The GPU path"). The fp8 modes run through
# cuBLASLt FP8 on sm_89 and later (elsewhere their step prints the refusal); 64 emulated fp8 steps take 0.1 s on the CPU.
for mode in fp32 tf32 fp16 fp16-static fp16-dynamic bf16 fp8-delayed fp8-current fp8-block; do
    step "train --compare --mode $mode" 04-compare.txt 60 "$CLI" train --compare --mode "$mode" --steps 64 --every 8
done
step "train --compare tiny-grad, skipped steps" 04-compare.txt 60 \
    "$CLI" train --compare --mode fp16-dynamic --dataset tiny-grad --init-scale 2^40 --steps 40 --every 8
for mode in fp32 fp16-dynamic bf16; do
    step "train --backend gpu --mode $mode (steps/s)" 04-compare.txt 90 \
        "$CLI" train --backend gpu --mode "$mode" --steps 3000 --every 1000
done
step "train --backend gpu width 1024 batch 1024 (steps/s)" 04-compare.txt 90 \
    "$CLI" train --backend gpu --mode bf16 --width 1024 --batch 1024 --steps 300 --every 100

step "accumulate" 05-accumulate.txt 60 "$CLI" gpu accumulate
step "accumulate 16M values" 05-accumulate.txt 60 "$CLI" gpu accumulate --values 16777216 --atomic-repeats 8
# The lessons' CPU/GPU switch, headless: each lesson with GPU counterparts, CPU emulation and GPU side by side.
for lesson in accumulation loss-scaling tensor-cores; do
    step "lesson run $lesson --backend gpu" 05-accumulate.txt 60 "$CLI" lesson run "$lesson" --backend gpu
done

# bench: cuBLAS over the sizes (FP8 through cuBLASLt), then the project's kernels; CSV rows, progress in the log.
# (The bench always runs, even past the deadline: it is what the speed table needs.)
: >"$OUT/06-bench.csv"
log "bench cublas"
timeout 150 "$CLI" gpu bench --sizes 1024,2048,4096,8192 --csv >>"$OUT/06-bench.csv" 2>>"$OUT/07-bench.log"
echo "[bench cublas: exit $?]" >>"$OUT/07-bench.log"
log "bench kernel"
timeout 120 "$CLI" gpu bench --impl kernel --types fp64,fp32,tf32,fp16-fp32,fp16-fp16,bf16-fp32,e4m3-fp32,int8-int32 \
    --sizes 1024,2048,4096,8192 --repeats 5 --csv >>"$OUT/06-bench.csv" 2>>"$OUT/07-bench.log"
echo "[bench kernel: exit $?]" >>"$OUT/07-bench.log"
log "bench ladder (cuBLAS, then rungs 1-5) at 4096 and 8192"
timeout 150 "$CLI" gpu bench --impl ladder --types fp16-fp32,bf16-fp32 --sizes 4096,8192 --warmup 1 --repeats 5 \
    --csv >>"$OUT/06-bench.csv" 2>>"$OUT/07-bench.log"
echo "[bench ladder: exit $?]" >>"$OUT/07-bench.log"
log "bench cublas fp16-fp16 and e5m2 (cuBLASLt: E4M3 x E5M2)"
timeout 60 "$CLI" gpu bench --types fp16-fp16,e5m2-fp32 --sizes 4096,8192 --csv >>"$OUT/06-bench.csv" \
    2>>"$OUT/07-bench.log"
echo "[bench extra: exit $?]" >>"$OUT/07-bench.log"

log "done in $(($(date +%s) - START))s; logs in $OUT"
exit $status
