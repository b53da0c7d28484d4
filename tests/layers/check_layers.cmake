# The dependency picture of docs/architecture.md, checked on the sources: every #include "…" of a
# folder must point only into the folders that folder may use. Run by CTest (test fplab_layers):
#   cmake -DROOT=<source dir> -P tests/layers/check_layers.cmake
# A rule is: a folder, the subfolders or files left out of it, and the include prefixes it must not use.

cmake_minimum_required(VERSION 3.24) # IN_LIST, list(TRANSFORM)
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
# app -> {lessons, gpu} -> core: lessons/ and gpu/ never use each other. Where lessons meet the GPU is
# app/lesson_counterparts/, beside the front ends, which link it; it uses neither front end.
check(gpu FORBID "app/" "lessons/" "Q")
check(lessons FORBID "app/" "gpu/" "Q")
check(app/lesson_counterparts FORBID "app/cli/" "app/gui/" "Q")
check(app/cli FORBID "app/gui/" "app/python/" "Q")
check(app/gui FORBID "app/cli/" "app/python/")
# app/tensor_files/ (safetensors, memory mapping) stands on core/'s base only, below both front ends.
check(app/tensor_files FORBID "app/cli/" "app/gui/" "app/summation_targets/" "lessons/" "gpu/" "Q" "cuda" "core/text/"
      "core/tensor_core/" "core/blockscale/" "core/training/")
# The Python module is a third front end over core/ alone: the base library, core/text, core/tensor_core,
# core/reveal and core/blockscale.
check(app/python FORBID "app/cli/" "app/gui/" "app/summation_targets/" "app/tensor_files/" "lessons/" "gpu/" "Q"
      "core/training/")
# The folders of the GUI. common/ is the bottom: it uses no other GUI folder. A section uses shell/,
# common/ and its own folder, never another section's; shell/ names no section (app/gui/section_list.cpp,
# at the root beside main.cpp, lists them all).
file(GLOB gui_entries LIST_DIRECTORIES true RELATIVE ${ROOT}/app/gui ${ROOT}/app/gui/*)
set(gui_folders "")
foreach(entry IN LISTS gui_entries)
    if(IS_DIRECTORY ${ROOT}/app/gui/${entry})
        list(APPEND gui_folders ${entry})
    endif()
endforeach()
set(gui_sections ${gui_folders})
list(REMOVE_ITEM gui_sections common shell)
set(not_common ${gui_folders})
list(REMOVE_ITEM not_common common)
list(TRANSFORM not_common PREPEND "app/gui/")
list(TRANSFORM not_common APPEND "/")
check(app/gui/common FORBID ${not_common})
foreach(section IN LISTS gui_sections)
    set(others ${gui_sections})
    list(REMOVE_ITEM others ${section})
    list(TRANSFORM others PREPEND "app/gui/")
    list(TRANSFORM others APPEND "/")
    check(app/gui/${section} FORBID ${others})
endforeach()
set(sections_prefixes ${gui_sections})
list(TRANSFORM sections_prefixes PREPEND "app/gui/")
list(TRANSFORM sections_prefixes APPEND "/")
check(app/gui/shell FORBID ${sections_prefixes})

# No cycle between GUI folders, whatever the rules above allow: which folder includes which, then
# everything each one reaches through those includes; a folder that reaches itself is on a cycle.
foreach(from IN LISTS gui_folders)
    set(uses_${from} "")
    file(GLOB_RECURSE files ${ROOT}/app/gui/${from}/*.h ${ROOT}/app/gui/${from}/*.cpp)
    foreach(file IN LISTS files)
        file(STRINGS ${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"app/gui/")
        foreach(line IN LISTS includes)
            if(line MATCHES "\"app/gui/([^/\"]+)/" AND NOT CMAKE_MATCH_1 STREQUAL from)
                list(APPEND uses_${from} ${CMAKE_MATCH_1})
            endif()
        endforeach()
    endforeach()
    list(REMOVE_DUPLICATES uses_${from})
    set(reaches_${from} ${uses_${from}})
endforeach()
list(LENGTH gui_folders folder_count)
foreach(round RANGE ${folder_count})
    foreach(from IN LISTS gui_folders)
        foreach(via IN LISTS reaches_${from})
            list(APPEND reaches_${from} ${reaches_${via}})
        endforeach()
        list(REMOVE_DUPLICATES reaches_${from})
    endforeach()
endforeach()
foreach(folder IN LISTS gui_folders)
    if(folder IN_LIST reaches_${folder})
        list(JOIN uses_${folder} ", " uses)
        set(violations "${violations}\n  app/gui/${folder}/ is on an include cycle between GUI folders (it includes ${uses})")
    endif()
endforeach()

if(violations)
    message(FATAL_ERROR "Includes that cross the layers of docs/architecture.md:${violations}")
endif()
message(STATUS "fplab layers: every include stays inside its layer")
