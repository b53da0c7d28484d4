#!/usr/bin/env bash
# Quick start: installs the dependencies, builds FP Lab in build/ and launches the desktop app
# (or, where the app is not built or there is no display, a short fplab-cli demo).
# Usage: scripts/run.sh [ARGS for the app]     Works as root or as a user with sudo.
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fplab_root"

scripts/install-deps.sh --no-cross # the aarch64 cross-build is for test.sh (CI) only
fplab_configure_main build
targets=(fplab-cli)
if grep -q '^fplab:' <(cmake --build build --target help 2> /dev/null); then targets+=(fplab); fi
cmake --build build --target "${targets[@]}" -j "$(fplab_jobs)"

gui=build/app/gui/fplab
if [[ -x "$gui" ]]; then
    if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" || "${QT_QPA_PLATFORM:-}" == offscreen ]]; then
        exec "$gui" "$@"
    fi
    echo "run.sh: the app is built ($gui) but there is no display (DISPLAY/WAYLAND_DISPLAY unset);"
    echo "        showing the command-line tool instead. On a desktop, run $gui"
else
    echo "run.sh: the desktop app is not built here (no Qt 6, or app/gui/ is not there yet);"
    echo "        showing the command-line tool instead"
fi

cli=build/app/cli/fplab-cli
demo() {
    echo
    echo "\$ fplab-cli $(fplab_shell_words "$@")"
    "$cli" "$@"
}
demo show 0.1 --format fp16
demo eval 'fp16(1) + fp16(2^-11)' --steps
echo
printf '%s\n' "\$ printf 'add fp16 rne 3c00 3c00\\nmul e4m3 rne 7e 7e\\n' | fplab-cli batch"
printf 'add fp16 rne 3c00 3c00\nmul e4m3 rne 7e 7e\n' | "$cli" batch
echo
echo "More: $cli help"
