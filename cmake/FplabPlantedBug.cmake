# A test-only build of the core with a deliberate one-bit rounding error, to show that the verification
# suite catches it (docs/verification.md, "The planted bug"). Use a separate build directory:
#   cmake -S . -B build-planted -DFPLAB_PLANT_BUG=ON -DFPLAB_BUILD_GUI=OFF -DFPLAB_BUILD_CUDA=OFF
# The real core/detail/round_pack.h carries no hook: this copies it into the build tree with the error
# written in, and puts that copy ahead of the source tree on fplab_core's include path. Round-to-nearest-even
# ties that round up at precision FPLAB_PLANT_BUG_PRECISION (11: FP16 and TF32; 4: E4M3; 3: E5M2) get
# their last bit flipped.
option(FPLAB_PLANT_BUG "Build core/ with a planted one-bit rounding error (verification demo)" OFF)
set(FPLAB_PLANT_BUG_PRECISION 11 CACHE STRING "Precision whose round-up ties the planted bug corrupts")
if(NOT FPLAB_PLANT_BUG)
    return()
endif()

set(_fplab_round_pack ${PROJECT_SOURCE_DIR}/core/detail/round_pack.h)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_fplab_round_pack})
file(READ ${_fplab_round_pack} _fplab_source)
set(_fplab_site "        return {kept + u64(up), rem != 0, up};")
set(_fplab_bug "        if (up && discard == 64 - ${FPLAB_PLANT_BUG_PRECISION} && rem == (u64(1) << (discard - 1))) return {(kept + 1) ^ 1, true, up}; // PLANTED BUG")
string(FIND "${_fplab_source}" "${_fplab_site}" _fplab_at)
if(_fplab_at EQUAL -1)
    message(FATAL_ERROR "FPLAB_PLANT_BUG: the nearest-even return in ${_fplab_round_pack} changed; update cmake/FplabPlantedBug.cmake")
endif()
string(REPLACE "${_fplab_site}" "${_fplab_bug}\n${_fplab_site}" _fplab_source "${_fplab_source}")
set(_fplab_planted_dir ${PROJECT_BINARY_DIR}/planted_bug)
file(WRITE ${_fplab_planted_dir}/core/detail/round_pack.h "${_fplab_source}")
# Every core library and every user of the inline fast paths sees the planted copy first.
target_include_directories(fplab_core BEFORE PUBLIC ${_fplab_planted_dir})
message(WARNING "FPLAB_PLANT_BUG is ON: core/ rounds ties at precision ${FPLAB_PLANT_BUG_PRECISION} wrongly on purpose")
