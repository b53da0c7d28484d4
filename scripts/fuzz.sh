#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a bounded time,
# starting from the seed corpus in tests/fuzz/corpus/<target>/ (copied, so the repository stays clean).
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)]
# Environment: FPLAB_FUZZ_BUILD_DIR (default build-fuzz), FPLAB_FUZZ_JOBS (build parallelism, default 2),
#              CXX_FUZZ (the clang++ to use, default clang++-14 or clang++).
set -euo pipefail

seconds=${1:-60}
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
root=$fplab_root
build=${FPLAB_FUZZ_BUILD_DIR:-$root/build-fuzz}
jobs=${FPLAB_FUZZ_JOBS:-2}
targets=(fuzz_parse_value fuzz_batch fuzz_eval fuzz_npy fuzz_safetensors)

compiler=${CXX_FUZZ:-}
if [[ -z "$compiler" ]]; then
    for c in clang++-14 clang++; do
        if command -v "$c" > /dev/null; then compiler=$c; break; fi
    done
fi
[[ -n "$compiler" ]] || { echo "fuzz.sh: clang++ not found (scripts/install-deps.sh installs clang-14)" >&2; exit 1; }

echo "fuzz.sh: building ${targets[*]} with $compiler in $build"
mkdir -p "$build"
# shellcheck disable=SC2046 # the launcher arguments are words
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$compiler" \
    -DFPLAB_BUILD_FUZZERS=ON -DFPLAB_SANITIZE=ON -DFPLAB_BUILD_GUI=OFF -DFPLAB_BUILD_CUDA=OFF \
    -DFPLAB_BUILD_BENCHMARKS=OFF $(fplab_launcher_args) > "$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 1; }
cmake --build "$build" --target "${targets[@]}" -j "$jobs"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

failed=()
for t in "${targets[@]}"; do
    mkdir -p "$work/$t"
    echo "fuzz.sh: $t for ${seconds}s"
    if ! "$build/tests/fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -seed=1 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$t-" "$work/$t" "$root/tests/fuzz/corpus/$t" \
        > "$work/$t.log" 2>&1; then
        tail -n 60 "$work/$t.log"
        echo "fuzz.sh: $t FAILED; the input that broke it is in $artifacts/ (run: $build/tests/fuzz/$t FILE)" >&2
        failed+=("$t")
    else
        grep -E "^stat::number_of_executed_units|^Done" "$work/$t.log" | sed "s/^/  $t: /" || true
    fi
done

if ((${#failed[@]})); then
    echo "fuzz.sh: failures in ${failed[*]}" >&2
    exit 1
fi
echo "fuzz.sh: all ${#targets[@]} targets ran ${seconds}s without a finding"
