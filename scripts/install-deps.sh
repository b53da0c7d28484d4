#!/usr/bin/env bash
# Installs every Debian 12 package FP Lab needs to build, test, fuzz and package.
# Usage: scripts/install-deps.sh [--no-gui]   (run as root, or with sudo available)
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config git
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
if [[ "${1:-}" != "--no-gui" ]]; then
    packages+=("${gui_packages[@]}")
fi

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
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
