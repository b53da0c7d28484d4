#!/usr/bin/env bash
# One run of FP Lab's GPU checks on a lent GPU machine (nvcc, CMake and Ninja; Qt, MPFR and a GoogleTest
# package are not needed), in one call of at most 6 minutes 20 seconds, build included. It builds only what it runs
# (fplab-cli, and the GPU test binary when a GoogleTest is found) for this GPU's own architecture (plus sm_90a
# for the ladder's wgmma/TMA rung on sm_90), then checks the project's claims about the GPU, most valuable
# first, each step under its own limit and all of them under one hard deadline, and ends with summary.txt:
# one line per claim of docs/gpu-results/verified.tsv, `verified`, `FAILED (first differing cell ...)` or
# `not run (why)`; it leaves beside it verified.tsv, the table updated from the summary
# (`fplab-cli gpu verified --update summary.txt`), to be committed with the run's folder under docs/gpu-results/.
#
# Usage: OUT=/path/to/results scripts/gpu-run.sh            (from the repository root)
#        DRY_RUN=1 BUILD=<a build with fplab-cli> scripts/gpu-run.sh
# The dry run (part of scripts/test.sh) builds and runs nothing: it parses every fplab-cli step's command line
# with `fplab-cli check-args` and lists every GoogleTest filter's tests, and exits 1 if any does not parse or
# matches no test, so that a mistyped option fails CI instead of the GPU run.
#
# GoogleTest: $PWD/.gtest when it was carried along, else /usr/src/googletest where it exists, else an
# installed GoogleTest package; with none of them the tests are left out (-DFPLAB_BUILD_TESTS=OFF) and every
# step that needs no GoogleTest still runs.
#
# The time plan (seconds; every step's limit is also cut to what is left before the deadline):
#   environment and configure                 20
#   build                                    100   fplab-cli and fplab_gpu_tests on 16 cores
#   rung 5 alone (wgmma/TMA)                  30   its barrier waits trap after 2 s, so it cannot hang
#   bit-checks: ladder rungs 1-4, the GPU     50   bench --impl ladder at 256^3 (checked, not timed), one
#     tests' ladder and GPU-vs-model cases,        mma.sync per tile and the kernels per type
#     one mma.sync and the kernels per type
#   tensor-core corner probes (issue 27)      10
#   cuBLASLt FP8 type pairs and promotion     25   FAST_ACCUM off and on against the promoted and plain model
#   FP8 training, CPU = GPU per mode          45
#   transformer, emulator = GPU per preset    20   16 steps of the four presets the GPU runs, d 32: the emulator's
#                                                  side ran 24 to 61 steps per CPU second on the 2-core development
#                                                  machine (train --model transformer ... --time, same sizes)
#   the lessons' GPU side                     15
#   fingerprint per type                      10
#   summation orders revealed on the GPU      15   issue 22: cuBLAS at two batch sizes, the kernels, one MMA
#   speed table and ladder figures            40   each row checked before it is timed
#   total                                    380   = DEADLINE
set -u

OUT="${OUT:-$PWD/gpu-results}"
BUILD="${BUILD:-$PWD/build-gpu-run}"
JOBS="${JOBS:-$(nproc)}"
DEADLINE="${DEADLINE:-380}"
DRY_RUN="${DRY_RUN:-0}"
VERIFIED_TABLE="$PWD/docs/gpu-results/verified.tsv"
mkdir -p "$OUT"
CLI="$BUILD/app/cli/fplab-cli"
GTESTS="$BUILD/tests/gpu/fplab_gpu_tests"
LOG="$OUT/run.log"
CLAIMS="$OUT/claims.tsv"
STEP_OUT="$OUT/last-step.txt"
START=$(date +%s)
: >"$CLAIMS"
: >"$LOG"
dry_failures=0

elapsed() { echo $(($(date +%s) - START)); }
log() { echo "[$(elapsed)s] $*" | tee -a "$LOG"; }
# claim ID VERDICT: the verdict of one claim of verified.tsv (a later verdict of the same claim wins).
claim() { printf '%s\t%s\n' "$1" "$2" >>"$CLAIMS"; }

# run_step NAME LIMIT FILE COMMAND...: runs COMMAND under min(LIMIT, time left), its output in STEP_OUT (this
# step's alone, for its verdict) and appended to FILE;
# sets rc (124: timed out; 200: not run, with the reason in skip_reason). In a dry run an fplab-cli command
# is parsed with check-args instead, a GoogleTest command lists its tests, and other commands are not run.
run_step() {
    local name=$1 limit=$2 file=$3
    shift 3
    local left=$((DEADLINE - $(elapsed)))
    skip_reason=""
    : >"$STEP_OUT"
    if [ "$DRY_RUN" = 1 ]; then
        rc=200
        skip_reason="dry run"
        if [ "$1" = "$CLI" ]; then
            shift
            if ! "$CLI" check-args "$@" >>"$OUT/$file" 2>&1; then
                log "DRY RUN: $name: the command line does not parse: fplab-cli $*"
                dry_failures=$((dry_failures + 1))
            fi
        elif [ "$1" = "$GTESTS" ]; then
            local filter=${2#--gtest_filter=}
            if [ ! -x "$GTESTS" ]; then
                log "DRY RUN: $name: $GTESTS not built here, filter not checked"
            elif ! "$GTESTS" --gtest_list_tests --gtest_filter="$filter" | grep -q '^  '; then
                log "DRY RUN: $name: no test matches --gtest_filter=$filter"
                dry_failures=$((dry_failures + 1))
            fi
        fi
        return 0
    fi
    if [ "$left" -lt 5 ]; then
        rc=200
        skip_reason="no time left before the ${DEADLINE} s deadline"
        log "$name: skipped, $skip_reason"
        return 0
    fi
    [ "$limit" -gt "$left" ] && limit=$left
    log "$name (limit ${limit} s)"
    timeout --signal=TERM --kill-after=5 "$limit" "$@" >"$STEP_OUT" 2>&1
    rc=$?
    { echo "=== $name: $*"; cat "$STEP_OUT"; echo "=== $name: exit $rc"; } >>"$OUT/$file"
    log "$name: exit $rc"
}

# The verdict of the last step, which checked one claim, from its exit status (0 fine, 5 a difference, 4 no
# GPU or a CUDA error, 124 timed out) and the first line of its output that shows the difference.
verdict() {
    local pattern=$1
    case "$rc" in
        0) echo "verified" ;;
        200) echo "not run ($skip_reason)" ;;
        124 | 137) echo "FAILED (timed out)" ;;
        5) echo "FAILED ($(grep -m1 -E "$pattern" "$STEP_OUT" | tr -s ' ' | cut -c1-160))" ;;
        *) echo "not run (exit $rc: $(tail -n 1 "$STEP_OUT" | cut -c1-160))" ;;
    esac
}

# The status (the last column: "ok", "WRONG: <cell>", "skipped: <why>") of the first row of a bench CSV that
# matches a regular expression on its leading columns, which hold no commas (the status may, quoted).
# Ladder columns (gpu/ladder_results.h): type, rung, kernel, size, median ms, TFLOPS, cuBLAS TFLOPS, % of cuBLAS.
row_status() {
    grep -m1 -E "$2" "$OUT/$1" 2>/dev/null | sed -E 's/.*,"?(ok|WRONG: |skipped: )/\1/; s/"$//'
}
ladder_status() { row_status "$1" "^$2,$3,[^,]*,$4,"; }
# The verdict of a row status; a row that stopped on a CUDA error (a kernel's trap, a launch failure) failed.
status_verdict() {
    case "$1" in
        ok*) echo "verified" ;;
        WRONG*) echo "FAILED ($1)" ;;
        *CUDA* | *cuda* | *"launch failure"*) echo "FAILED ($1)" ;;
        "") echo "not run ($2)" ;;
        *) echo "not run ($1)" ;;
    esac
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

# This GPU's architecture only (not CC: that names the C compiler in many environments, and CMake reads it);
# on sm_90 also 90a, the only code of the ladder's rung 5.
GPU_CAP=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '. ')
case "$GPU_CAP" in
    '') ARCHS="80;90;90a" ;;
    90) ARCHS="90;90a" ;;
    *) ARCHS="$GPU_CAP" ;;
esac

have_gtest_package() {
    local f
    for f in /usr/lib/*/cmake/GTest/GTestConfig.cmake /usr/lib/cmake/GTest/GTestConfig.cmake \
             /usr/local/lib/cmake/GTest/GTestConfig.cmake /usr/local/lib/*/cmake/GTest/GTestConfig.cmake; do
        [ -f "$f" ] && return 0
    done
    return 1
}

if [ "$DRY_RUN" = 1 ]; then
    log "DRY RUN: configure and build skipped; using $BUILD"
    if [ ! -x "$CLI" ]; then
        log "DRY RUN: no fplab-cli in $BUILD"
        exit 1
    fi
else
    GTEST_ARGS=(-DFPLAB_BUILD_TESTS=OFF)
    if [ -d "$PWD/.gtest" ]; then GTEST_ARGS=(-DFPLAB_GTEST_SOURCE="$PWD/.gtest")
    elif [ -d /usr/src/googletest ]; then GTEST_ARGS=(-DFPLAB_GTEST_SOURCE=/usr/src/googletest)
    elif have_gtest_package; then GTEST_ARGS=()
    fi
    TARGETS=(fplab-cli)
    [ "${GTEST_ARGS[0]:-}" != -DFPLAB_BUILD_TESTS=OFF ] && TARGETS+=(fplab_gpu_tests)
    run_step "configure (CUDA architectures $ARCHS; ${GTEST_ARGS[*]:-GoogleTest package})" 60 01-build.log \
        cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFPLAB_BUILD_GUI=OFF -DFPLAB_BUILD_CUDA=ON \
        -DFPLAB_BUILD_BENCHMARKS=OFF -DCMAKE_CUDA_ARCHITECTURES="$ARCHS" "${GTEST_ARGS[@]}"
    run_step "build ${TARGETS[*]}" 150 01-build.log cmake --build "$BUILD" -j "$JOBS" --target "${TARGETS[@]}"
    if [ ! -x "$CLI" ]; then
        log "no fplab-cli was built; see 01-build.log"
        exit 1
    fi
fi
[ -x "$GTESTS" ] || [ "$DRY_RUN" = 1 ] || log "no GPU test binary (no GoogleTest): the steps that need it are not run"

# gtest_step NAME LIMIT FILTER: the GPU test binary with a filter, when it was built.
gtest_step() {
    if [ "$DRY_RUN" != 1 ] && [ ! -x "$GTESTS" ]; then
        rc=200
        skip_reason="no GoogleTest on this machine, the GPU tests were not built"
        return 0
    fi
    run_step "$1" "$2" 02-tests.log "$GTESTS" --gtest_filter="$3"
}

run_step "gpu info" 15 03-info.txt "$CLI" gpu info

# 1. Rung 5 alone: the rung most likely to fail, and the one that used to be able to hang.
run_step "ladder rung 5 alone, checked at 256^3" 30 04-ladder-check.csv \
    "$CLI" gpu bench --impl ladder --rungs 5 --types fp16-fp32,bf16-fp32 --sizes 256 --warmup 0 --repeats 1 \
    --time-limit 25 --csv
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    claim ladder-rung-5 "FAILED (timed out)"
else
    for type in fp16-fp32 bf16-fp32; do
        v=$(status_verdict "$(ladder_status 04-ladder-check.csv "$type" 5 256)" "${skip_reason:-exit $rc}")
        claim ladder-rung-5 "$v"
        [ "$v" != verified ] && break
    done
fi

# 2. The bit-checks: rungs 1-4 (checked before timing, at 256^3, not timed), then the GPU tests' ladder and
# GPU-vs-model cases, then one mma.sync per tile and the project's kernels for every type.
run_step "ladder rungs 1-4, checked at 256^3" 20 04-ladder-check.csv \
    "$CLI" gpu bench --impl ladder --rungs 1,2,3,4 --types fp16-fp32,bf16-fp32 --sizes 256 --warmup 0 --repeats 1 \
    --time-limit 15 --csv
for rung in 1 2 3 4; do
    v=verified
    for type in fp16-fp32 bf16-fp32; do
        t=$(status_verdict "$(ladder_status 04-ladder-check.csv "$type" "$rung" 256)" "${skip_reason:-exit $rc}")
        [ "$t" != verified ] && v=$t && break
    done
    claim "ladder-rung-$rung" "$v"
done
gtest_step "GPU tests: the ladder at 256^3 and its bound at 4096^3, GPU vs model" 30 \
    'LadderOnGpu.*:GpuVsModel.*'
claim gpu-tests "$(verdict '\[  FAILED  \]')"
[ "$rc" = 1 ] && claim gpu-tests "FAILED ($(grep -m1 '\[  FAILED  \]' "$STEP_OUT" | cut -c1-160))"
for type in tf32 fp16-fp32 fp16-fp16 bf16-fp32 int8-int32 e4m3-fp32 e5m2-fp32; do
    run_step "compare one mma.sync per tile, $type" 10 05-compare.txt \
        "$CLI" gpu compare --type "$type" --mma --tiles 100
    claim "mma-sync-$type" "$(verdict MISMATCH)"
    run_step "compare the project's kernel with its model, $type, 64x64x256" 10 05-compare.txt \
        "$CLI" gpu compare --type "$type" --m 64 --n 64 --k 256
    claim "kernel-model-$type" "$(verdict MISMATCH)"
done

# 3. The tensor-core corner probes (issue 27), where this build has them.
if "$CLI" gpu fingerprint --help 2>/dev/null | grep -q -- --probe-corners; then
    run_step "tensor-core corner probes (issue 27)" 10 06-fingerprint.txt "$CLI" gpu fingerprint --probe-corners
    corner_verdict=$(verdict 'differ|NO')
else
    corner_verdict="not run (not built)"
fi

# 4. cuBLASLt FP8: every type pair it offers, each checked before timing; then its promotion interval, with
# FAST_ACCUM off against the promoted model and on against the plain one, on the probe and on random data.
run_step "cuBLASLt FP8 type pairs, checked then timed" 10 07-fp8.csv \
    "$CLI" gpu bench --types e4m3-fp32,e5m2-fp32 --sizes 1024 --warmup 1 --repeats 3 --time-limit 8 --csv
claim cublaslt-fp8-e4m3-e4m3 "$(status_verdict "$(row_status 07-fp8.csv '^e4m3-fp32,')" "${skip_reason:-exit $rc}")"
claim cublaslt-fp8-e4m3-e5m2 "$(status_verdict "$(row_status 07-fp8.csv '^e5m2-fp32,')" "${skip_reason:-exit $rc}")"
run_step "cuBLASLt FP8 promotion interval (FAST_ACCUM off and on)" 10 07-fp8.txt \
    "$CLI" gpu fingerprint --promotion
claim cublaslt-fp8-promotion "$(verdict 'FAST_ACCUM off')"
claim cublaslt-fp8-fast-accum "$(verdict 'FAST_ACCUM on')"
if [ "$rc" = 0 ] || [ "$rc" = 5 ]; then
    # Each line on its own: FAST_ACCUM off must match an interval, FAST_ACCUM on must match none.
    off=$(grep -m1 'FAST_ACCUM off' "$STEP_OUT" | tr -s ' ' | cut -c1-140)
    on=$(grep -m1 'FAST_ACCUM on' "$STEP_OUT" | tr -s ' ' | cut -c1-140)
    case "$off" in *"every "*) claim cublaslt-fp8-promotion "verified ($off)" ;; *) claim cublaslt-fp8-promotion "FAILED ($off)" ;; esac
    case "$on" in *"none within"*) claim cublaslt-fp8-fast-accum "verified ($on)" ;; *) claim cublaslt-fp8-fast-accum "FAILED ($on)" ;; esac
fi
# On sm_90 the comparison pairs cublas (FAST_ACCUM off) with the promoted wgmma model and cublas-fast-accum with
# the plain one (C enters cuBLASLt's epilogue, so only the probe above, with C = 0, is exact).
run_step "compare cuBLASLt FP8 with both models, 64x64x512" 10 07-fp8.txt \
    "$CLI" gpu compare --type e4m3-fp32 --m 64 --n 64 --k 512

# 5. FP8 training: the GPU run against the CPU emulator, step by step, per mode (the other modes after them).
for mode in fp8-delayed fp8-current fp8-block fp32 tf32 fp16 fp16-static fp16-dynamic bf16; do
    run_step "train --compare --mode $mode" 8 08-training.txt "$CLI" train --compare --mode "$mode" --steps 32 --every 8
    claim "training-$mode" "$(verdict 'differ|DIFFER|mismatch')"
done

# 5b. The transformer (issue 23): the GPU's kernels, cuBLASLt GEMMs, against the emulator, step by step, per preset.
for preset in fp32 fp16-autocast bf16-autocast fp16; do
    run_step "train --model transformer --compare --preset $preset" 5 08-training.txt \
        "$CLI" train --model transformer --compare --preset "$preset" --steps 16 --every 4 \
        --dim 32 --context 16 --batch 16
    claim "transformer-$preset" "$(verdict 'differ|DIFFER|mismatch')"
done

# 6. The lessons' GPU side: each experiment's CPU emulation beside its GPU counterpart.
for lesson in accumulation loss-scaling tensor-cores; do
    run_step "lesson run $lesson --backend gpu" 7 09-lessons.txt "$CLI" lesson run "$lesson" --backend gpu
    v=$(verdict DIFFERS)
    if [ "$rc" = 0 ] && grep -q DIFFERS "$STEP_OUT"; then
        v="FAILED ($(grep -m1 DIFFERS "$STEP_OUT" | tr -s ' ' | cut -c1-160))"
    fi
    claim "lesson-$lesson" "$v"
done

# 7. The fingerprint of every type through mma.sync, against the built-in model.
for type in tf32 fp16-fp32 fp16-fp16 bf16-fp32 e4m3-fp32 e5m2-fp32; do
    run_step "gpu fingerprint --type $type" 5 06-fingerprint.txt "$CLI" gpu fingerprint --type "$type" --json
    v=$(verdict '"NO"')
    if [ "$rc" = 0 ] && grep -q '"NO"' "$STEP_OUT"; then v="FAILED (a parameter differs from the built-in model)"; fi
    claim "fingerprint-$type" "$v"
done

# 7b. Summation orders revealed on the GPU (issue 22, docs/summation-order.md): each tree is checked on random
# inputs against the GPU's own bits. atomicAdd's order changes from run to run, so its reveal is expected to stop
# with answers no single tree explains: its output is kept, it makes no claim.
for target in cublas-sgemm-m1 cublas-sgemm-m64 cublas-hgemm-m64 kernel-hgemm-m64 gpu-tree; do
    run_step "reveal $target" 3 11-reveal.txt "$CLI" reveal --target "$target" --n 128 --trials 20
    claim "reveal-$target" "$(verdict 'validated  NO')"
done
run_step "reveal gpu-single-mma" 2 11-reveal.txt "$CLI" reveal --target gpu-single-mma --n 16 --trials 20
claim reveal-gpu-single-mma "$(verdict 'validated  NO')"
run_step "reveal gpu-atomic (expected to contradict itself)" 2 11-reveal.txt "$CLI" reveal --target gpu-atomic --n 128

# 8. The speed table, then the ladder figures: every row checked before it is timed.
run_step "bench cuBLAS, every type, 8192^3" 15 10-bench.csv \
    "$CLI" gpu bench --sizes 8192 --warmup 1 --repeats 5 --time-limit 12 --csv
run_step "bench the project's kernels, 8192^3" 8 10-bench.csv \
    "$CLI" gpu bench --impl kernel --sizes 8192 --warmup 1 --repeats 3 --time-limit 6 --csv
run_step "bench the ladder, FP16 at 8192^3" 17 10-bench.csv \
    "$CLI" gpu bench --impl ladder --types fp16-fp32 --sizes 8192 --warmup 1 --repeats 5 --time-limit 14 --csv
for goal in "4 35" "5 70"; do
    read -r rung want <<<"$goal"
    pct=$(grep -m1 -E "^fp16-fp32,$rung,[^,]*,8192," "$OUT/10-bench.csv" 2>/dev/null | cut -d, -f8)
    if [ -z "$pct" ] || [ "$pct" = "-" ]; then
        claim "ladder-goal-rung-$rung" "not run (no figure for rung $rung at 8192^3)"
    elif awk -v p="$pct" -v g="$want" 'BEGIN { exit !(p >= g) }'; then
        claim "ladder-goal-rung-$rung" "verified ($pct% of cuBLAS)"
    else
        claim "ladder-goal-rung-$rung" "FAILED ($pct% of cuBLAS, the goal is $want%)"
    fi
done

# summary.txt: every claim of verified.tsv, in its order, with the last verdict this run gave it.
{
    echo "# FP Lab GPU run, $(date -u +%Y-%m-%d), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || echo 'no GPU')"
    echo "# $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(elapsed) s; claim<TAB>verdict"
    tail -n +2 "$VERIFIED_TABLE" | cut -f1 | while read -r id; do
        [ -z "$id" ] && continue
        v=$(awk -F'\t' -v id="$id" '$1 == id { v = $2 } END { print v }' "$CLAIMS")
        [ "$DRY_RUN" = 1 ] && v="not run (dry run)"
        printf '%s\t%s\n' "$id" "${v:-not run (no step reached it)}"
    done
    printf 'tensor-core corner probes (issue 27)\t%s\n' "$corner_verdict"
} >"$OUT/summary.txt"
# The claim table as this run leaves it (copy it over docs/gpu-results/verified.tsv with the run's folder).
if [ "$DRY_RUN" != 1 ] && cp "$VERIFIED_TABLE" "$OUT/verified.tsv"; then
    "$CLI" gpu verified --table "$OUT/verified.tsv" --update "$OUT/summary.txt" --source "$(basename "$OUT")" | tee -a "$LOG"
fi
log "done in $(elapsed) s; summary in $OUT/summary.txt"
if [ "$DRY_RUN" = 1 ]; then
    [ "$dry_failures" = 0 ] && log "DRY RUN: every step's command line parses" && exit 0
    log "DRY RUN: $dry_failures step(s) do not parse"
    exit 1
fi
grep -q "	FAILED" "$OUT/summary.txt" && exit 1
exit 0
