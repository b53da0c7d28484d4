#!/usr/bin/env bash
# scripts/gpu-run.sh's dry run against a build: every step's fplab-cli command line must parse (fplab-cli
# check-args) and every GoogleTest filter must match a test, and the summary must list every claim of
# docs/gpu-results/verified.tsv. Then the same script with a planted typo (an option, then a test filter)
# must fail, so a mistyped step fails here and not on the GPU.
# Usage: tests/gpu/gpu_run_dry_run_test.sh SOURCE_DIR BUILD_DIR
set -u
root=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
cd "$root" || fail "no source folder $root"

DRY_RUN=1 BUILD="$build" OUT="$tmp/good" bash scripts/gpu-run.sh >"$tmp/good.log" 2>&1 ||
    { cat "$tmp/good.log"; fail "the dry run of scripts/gpu-run.sh failed"; }
grep -q "every step's command line parses" "$tmp/good.log" || fail "the dry run did not report its checks"
claims=$(($(wc -l <docs/gpu-results/verified.tsv) - 1))
# One line per claim of the table (the summary's other lines, such as the corner probes' answers, are not claims).
listed=$(cut -f1 docs/gpu-results/verified.tsv | tail -n +2 | grep -c -x -F -f - <(grep "	not run (dry run)" "$tmp/good/summary.txt" | cut -f1))
[ "$listed" = "$claims" ] || fail "summary.txt lists $listed of the $claims claims of verified.tsv"

# A mistyped option of one fplab-cli step.
sed 's/--mma --tiles 100/--mma --tilez 100/' scripts/gpu-run.sh >"$tmp/typo.sh"
grep -q -- "--tilez" "$tmp/typo.sh" || fail "the option typo was not planted"
if DRY_RUN=1 BUILD="$build" OUT="$tmp/typo" bash "$tmp/typo.sh" >"$tmp/typo.log" 2>&1; then
    fail "the dry run passed a mistyped option"
fi
grep -q "does not parse: fplab-cli gpu compare" "$tmp/typo.log" || { cat "$tmp/typo.log"; fail "no message names the step"; }

# A test filter that matches nothing.
if [ -x "$build/tests/gpu/fplab_gpu_tests" ]; then
    sed 's/LadderOnGpu\.\*:GpuVsModel\.\*/LadderOnGPU.*/' scripts/gpu-run.sh >"$tmp/filter.sh"
    grep -q "LadderOnGPU" "$tmp/filter.sh" || fail "the filter typo was not planted"
    if DRY_RUN=1 BUILD="$build" OUT="$tmp/filter" bash "$tmp/filter.sh" >"$tmp/filter.log" 2>&1; then
        fail "the dry run passed a test filter that matches no test"
    fi
    grep -q "no test matches" "$tmp/filter.log" || { cat "$tmp/filter.log"; fail "no message names the filter"; }
fi
echo "gpu-run.sh dry run: every step parses; planted typos in an option and a test filter fail it"
