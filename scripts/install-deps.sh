#!/usr/bin/env bash
# Installs every Debian 12 package FP Lab needs to build, test, fuzz, cross-build and package.
# Usage: scripts/install-deps.sh [--no-gui] [--no-cross]   (run as root, or with sudo available)
#   --no-gui    leaves Qt out
#   --no-cross  leaves out the aarch64 cross compiler and the arm64 libraries it links (test.sh's
#               cross-build stage); with them, dpkg gets the foreign architecture arm64 (multiarch)
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config git ccache
    libgtest-dev libgmock-dev googletest libbenchmark-dev
    libmpfr-dev libgmp-dev libopenblas-dev
    nlohmann-json3-dev
    python3-dev pybind11-dev python3-numpy python3-pytest python3-gmpy2 python3-pip python3-setuptools
    clang-14 libclang-rt-14-dev clang-format-14
    dpkg-dev fakeroot file
)
gui_packages=(
    qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-translations-l10n libgl-dev libqt6opengl6-dev xvfb xauth fonts-wqy-microhei
)
# The aarch64 cross-build (cmake/aarch64-linux-gnu.cmake): Debian's cross compiler, and the target's
# MPFR, GMP and GoogleTest as arm64 packages beside the host's.
cross_packages=(g++-aarch64-linux-gnu libmpfr-dev:arm64 libgmp-dev:arm64 libgtest-dev:arm64)

gui=1 cross=1
for arg in "$@"; do
    case "$arg" in
    --no-gui) gui=0 ;;
    --no-cross) cross=0 ;;
    *) echo "install-deps: unknown option '$arg' (known: --no-gui --no-cross)" >&2; exit 2 ;;
    esac
done
((gui)) && packages+=("${gui_packages[@]}")
((cross)) && packages+=("${cross_packages[@]}")

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
    echo "install-deps: all ${#packages[@]} packages already installed"
    exit 0
fi

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
if ((cross)) && ! dpkg --print-foreign-architectures | grep -qx arm64; then
    echo "install-deps: adding the dpkg architecture arm64 (for the cross-build's libraries)"
    "${sudo_cmd[@]}" dpkg --add-architecture arm64
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
