# shellcheck shell=bash
# Shared by scripts/run.sh and scripts/test.sh (source it): what this machine can build, and
# the configure step for the main build directory.

fplab_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# For ccache (when the builds use it, fplab_launcher_args): paths inside the clone are hashed relative to it
# and the build folder is not hashed, so a clone in another folder (CI's) reuses what this one compiled.
export CCACHE_BASEDIR="$fplab_root" CCACHE_NOHASHDIR=1

# Qt 6 development files (the GUI) present?
fplab_have_qt() {
    local f
    for f in /usr/lib/*/cmake/Qt6/Qt6Config.cmake /usr/lib/cmake/Qt6/Qt6Config.cmake \
             /usr/local/lib/cmake/Qt6/Qt6Config.cmake /usr/local/Qt*/lib/cmake/Qt6/Qt6Config.cmake; do
        [[ -f "$f" ]] && return 0
    done
    return 1
}

# nvcc (the CUDA backend) present?
fplab_nvcc() {
    if command -v nvcc > /dev/null 2>&1; then command -v nvcc
    elif [[ -x /usr/local/cuda/bin/nvcc ]]; then echo /usr/local/cuda/bin/nvcc
    else return 1
    fi
}

# "$@" as one line a shell reads back as the same words (what run.sh echoes before each demo, so it
# can be pasted): a word other than letters, digits and -_.,:/=+@% goes in single quotes.
fplab_shell_words() {
    local words=() w
    for w in "$@"; do
        if [[ -n "$w" && "$w" =~ ^[A-Za-z0-9_.,:/=+@%-]+$ ]]; then words+=("$w")
        else words+=("'${w//\'/\'\\\'\'}'")
        fi
    done
    echo "${words[*]}"
}

fplab_jobs() { nproc 2> /dev/null || echo 2; }

# The cmake arguments that put ccache in front of the compilers when it is installed (its cache lives in
# ccache's own directory, ~/.cache/ccache or $CCACHE_DIR, outside the clone, so a fresh clone starts warm).
# A launcher already chosen through CMAKE_CXX_COMPILER_LAUNCHER / CMAKE_CUDA_COMPILER_LAUNCHER is kept.
fplab_launcher_args() {
    command -v ccache > /dev/null 2>&1 || return 0
    [[ -n "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ]] || echo "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
    [[ -n "${CMAKE_CUDA_COMPILER_LAUNCHER:-}" ]] || echo "-DCMAKE_CUDA_COMPILER_LAUNCHER=ccache"
}

# Configures build/ (Release) with everything this machine can build. Further arguments go to cmake
# (test.sh passes -DFPLAB_WERROR=ON).
fplab_configure_main() {
    local build=$1
    shift
    local gui=OFF cuda=OFF extra=()
    mapfile -t extra < <(fplab_launcher_args)
    fplab_have_qt && gui=ON
    local nvcc
    if nvcc=$(fplab_nvcc); then
        cuda=ON
        # The kernels must build for Ampere (sm_80) and Hopper (sm_90, and sm_90a: the arch-specific target
        # that wgmma/TMA code needs).
        extra+=(-DCMAKE_CUDA_COMPILER="$nvcc" "-DCMAKE_CUDA_ARCHITECTURES=80;90;90a")
    fi
    echo "configure $build: GUI $gui, CUDA $cuda"
    cmake -S "$fplab_root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DFPLAB_BUILD_GUI="$gui" -DFPLAB_BUILD_CUDA="$cuda" "${extra[@]}" "$@"
}

# Prints the seconds since the given start (date +%s).
fplab_elapsed() { echo $(( $(date +%s) - $1 )); }
