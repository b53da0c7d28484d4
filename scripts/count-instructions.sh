#!/usr/bin/env bash
# Instructions per operation of fplab::fast add, mul and fma, counted by valgrind (cachegrind): the
# count of 60 passes over 4096 operands minus that of 10 passes, over 50 x 4096. Deterministic, so it
# compares code changes on a busy machine where timings cannot.
# usage: scripts/count-instructions.sh [BUILD_DIR] [OP...]   (default build/, add mul fma)
set -euo pipefail
build=${1:-build}
shift || true
ops=("${@:-add mul fma}")
loop="$build/tests/bench/fplab_op_loop"
[[ -x $loop ]] || { echo "count-instructions: $loop not found; build the target fplab_op_loop" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "count-instructions: valgrind is not installed" >&2; exit 1; }
refs() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$loop" "$@" 2>&1 >/dev/null |
        awk '/I *refs/ { gsub(",", "", $4); print $4 }'
}
for format in fp16 bf16 fp32 fp64; do
    for op in ${ops[@]}; do
        few=$(refs "$format" "$op" 10)
        many=$(refs "$format" "$op" 60)
        echo "$format $op $(((many - few) / (50 * 4096))) instructions per operation"
    done
done
