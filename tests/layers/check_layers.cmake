# The dependency picture of docs/architecture.md, checked on the sources: every #include "…" of a
# folder must point only into the folders that folder may use. Run by CTest (test fplab_layers):
#   cmake -DROOT=<source dir> -P tests/layers/check_layers.cmake
# A rule is: a folder, the subfolders or files left out of it, and the include prefixes it must not use.

set(violations "")

# check(FOLDER EXCLUDE_SUBFOLDERS... FORBID prefixes...)
function(check folder)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "EXCLUDE;FORBID")
    file(GLOB_RECURSE files RELATIVE ${ROOT} ${ROOT}/${folder}/*.h ${ROOT}/${folder}/*.cpp
         ${ROOT}/${folder}/*.cu ${ROOT}/${folder}/*.cuh)
    foreach(file IN LISTS files)
        set(skip OFF)
        foreach(excluded IN LISTS arg_EXCLUDE)
            if(file STREQUAL excluded OR file MATCHES "^${excluded}/")
                set(skip ON)
            endif()
        endforeach()
        if(skip)
            continue()
        endif()
        file(STRINGS ${ROOT}/${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]")
        foreach(line IN LISTS includes)
            foreach(prefix IN LISTS arg_FORBID)
                if(line MATCHES "#[ \t]*include[ \t]*[\"<]${prefix}")
                    string(STRIP "${line}" line)
                    set(violations "${violations}\n  ${file}: ${line} (${folder}/ may not use ${prefix})")
                endif()
            endforeach()
        endforeach()
    endforeach()
    set(violations "${violations}" PARENT_SCOPE)
endfunction()

# core/ is the standard library only: no JSON library, no POSIX headers (app/tensor_files/ has those).
set(above_core "app/" "lessons/" "gpu/" "Q" "cuda" "cublas" "nlohmann/" "sys/" "unistd.h" "fcntl.h")
# The base library: formats, rounding, operations, flags, traces, platform helpers.
check(core EXCLUDE core/text core/tensor_core core/blockscale core/training core/reveal
      FORBID ${above_core} "core/text/" "core/tensor_core/" "core/blockscale/" "core/training/" "core/reveal/")
check(core/text FORBID ${above_core} "core/tensor_core/" "core/blockscale/" "core/training/" "core/reveal/")
check(core/tensor_core FORBID ${above_core} "core/text/" "core/blockscale/" "core/training/" "core/reveal/")
# The order revealer builds on the tensor-core model (its tensor-core targets) and nothing else in core.
check(core/reveal FORBID ${above_core} "core/text/" "core/blockscale/" "core/training/")
check(core/blockscale FORBID ${above_core} "core/text/" "core/training/")
check(core/training FORBID ${above_core} "core/text/")
# app/tensor_files/ (safetensors, memory mapping) stands on core/'s base only, below both front ends.
check(app/tensor_files FORBID "app/cli/" "app/gui/" "app/summation_targets/" "lessons/" "gpu/" "Q" "cuda" "core/text/" "core/tensor_core/" "core/blockscale/"
      "core/training/")
check(gpu EXCLUDE gpu/lesson_counterparts FORBID "app/" "lessons/" "Q")
check(gpu/lesson_counterparts FORBID "app/" "Q")
check(lessons FORBID "app/" "gpu/" "Q")
check(app/cli FORBID "app/gui/" "app/python/" "Q")
check(app/gui FORBID "app/cli/" "app/python/")
# The Python module is a third front end over core/ alone: the base library, core/text, core/tensor_core,
# core/reveal and core/blockscale.
check(app/python FORBID "app/cli/" "app/gui/" "app/summation_targets/" "app/tensor_files/" "lessons/" "gpu/" "Q"
      "core/training/")
# A section of the GUI uses shell/, common/ and its own folder, never another section's files;
# only shell/section_list.cpp names them all.
set(gui_sections explorer arithmetic lessons gpu_lab training summation)
foreach(section IN LISTS gui_sections)
    set(others ${gui_sections})
    list(REMOVE_ITEM others ${section})
    list(TRANSFORM others PREPEND "app/gui/")
    list(TRANSFORM others APPEND "/")
    check(app/gui/${section} FORBID ${others})
endforeach()
check(app/gui/common FORBID "app/gui/explorer/" "app/gui/arithmetic/" "app/gui/lessons/" "app/gui/gpu_lab/" "app/gui/training/" "app/gui/summation/")
check(app/gui/shell EXCLUDE app/gui/shell/section_list.cpp FORBID "app/gui/explorer/" "app/gui/arithmetic/"
      "app/gui/lessons/" "app/gui/gpu_lab/" "app/gui/training/" "app/gui/summation/")

if(violations)
    message(FATAL_ERROR "Includes that cross the layers of docs/architecture.md:${violations}")
endif()
message(STATUS "fplab layers: every include stays inside its layer")
