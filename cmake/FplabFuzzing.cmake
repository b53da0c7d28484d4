# libFuzzer targets: clang only, on top of the ASan/UBSan build (FPLAB_SANITIZE=ON), with the
# libraries under test instrumented for coverage. scripts/fuzz.sh configures a build like this.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "FPLAB_BUILD_FUZZERS needs clang: configure with -DCMAKE_CXX_COMPILER=clang++-14 "
                        "(scripts/fuzz.sh does this in its own build directory)")
endif()
if(NOT FPLAB_SANITIZE)
    message(FATAL_ERROR "FPLAB_BUILD_FUZZERS needs -DFPLAB_SANITIZE=ON: the fuzzers rely on ASan/UBSan to find bugs")
endif()

# Coverage feedback from the code under test, not only from the fuzz target itself.
function(fplab_instrument_for_fuzzing)
    foreach(target IN LISTS ARGN)
        if(TARGET ${target})
            target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
        endif()
    endforeach()
endfunction()

# fplab_add_fuzzer(NAME SOURCE LIBS...): a libFuzzer executable.
function(fplab_add_fuzzer name source)
    add_executable(${name} ${source})
    target_link_libraries(${name} PRIVATE ${ARGN})
    target_compile_options(${name} PRIVATE -fsanitize=fuzzer)
    target_link_options(${name} PRIVATE -fsanitize=fuzzer)
endfunction()
