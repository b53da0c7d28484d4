#!/usr/bin/env bash
# The house style of the C++ and CUDA sources (.clang-format, clang-format 14).
# Usage: scripts/format.sh            formats the sources in place
#        scripts/format.sh --check    lists the files whose formatting differs and exits 1 (nothing is changed)
# Covers *.h *.cpp *.cu *.cuh under app/ core/ gpu/ lessons/ tests/: FP Lab's own sources. Not covered: the
# verbatim GPU records in docs/gpu-results/, and anything git ignores (build trees, downloaded sources).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

check=0
case "${1:-}" in
    --check) check=1 ;;
    "") ;;
    *) echo "usage: scripts/format.sh [--check]" >&2; exit 2 ;;
esac

formatter=""
for candidate in clang-format-14 clang-format; do
    if command -v "$candidate" > /dev/null && "$candidate" --version | grep -q "version 14\."; then
        formatter=$candidate
        break
    fi
done
if [[ -z "$formatter" ]]; then
    echo "scripts/format.sh: needs clang-format 14 (Debian: apt-get install clang-format-14)" >&2
    exit 2
fi

folders=(app core gpu lessons tests)
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    mapfile -t files < <(git ls-files --cached --others --exclude-standard -- \
        "${folders[@]/%//*.h}" "${folders[@]/%//*.cpp}" "${folders[@]/%//*.cu}" "${folders[@]/%//*.cuh}")
else
    mapfile -t files < <(find "${folders[@]}" -type f \
        \( -name '*.h' -o -name '*.cpp' -o -name '*.cu' -o -name '*.cuh' \))
fi

if ((check == 0)); then
    printf '%s\0' "${files[@]}" | xargs -0 -n 40 "$formatter" -i --style=file
    echo "scripts/format.sh: ${#files[@]} files formatted"
    exit 0
fi

# --dry-run --Werror reports each file that would change as "FILE:LINE:COL: error: code should be clang-formatted".
# One process at a time, so that the reports of two processes never share a line.
mapfile -t differ < <(printf '%s\0' "${files[@]}" |
    xargs -0 -n 40 "$formatter" --style=file --dry-run --Werror --ferror-limit=1 2>&1 |
    sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
if ((${#differ[@]} > 0)); then
    printf '%s\n' "${differ[@]}"
    echo "scripts/format.sh: ${#differ[@]} of ${#files[@]} files differ from .clang-format" \
        "(scripts/format.sh formats them)" >&2
    exit 1
fi
echo "scripts/format.sh: ${#files[@]} files follow .clang-format"
