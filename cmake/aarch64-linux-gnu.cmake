# Cross-compiling for 64-bit ARM Linux (a GH200's Grace CPU, for one) with Debian's g++-aarch64-linux-gnu.
# The target's libraries (MPFR, GMP, GoogleTest) are Debian's arm64 packages installed beside the host's
# through multiarch (dpkg --add-architecture arm64; scripts/install-deps.sh --cross-aarch64 does it): the
# cross compiler already searches /usr/include/aarch64-linux-gnu and /usr/lib/aarch64-linux-gnu.
#   cmake -S . -B build-aarch64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake ...
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
