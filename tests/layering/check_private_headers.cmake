# Fails when code outside the core reaches into the core's private sources: a file under
# kernels/, ui/ or app/ whose #include resolves into core/src (a relative path that lands
# there, or a name found under core/src and in none of the places that code may include
# from), or a CMake file there that puts core/src on a path. The core's public headers,
# detail/ included, are in core/include.
#   cmake -DSOURCE_DIR=<repository> -P check_private_headers.cmake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "pass -DSOURCE_DIR=<repository root>")
endif()
get_filename_component(root "${SOURCE_DIR}" REALPATH)
set(private "${root}/core/src")

# Where code outside the core may find headers: the core's public headers and each layer's own.
file(GLOB own_roots LIST_DIRECTORIES true
     "${root}/ui/*/include" "${root}/ui/*/src" "${root}/app/*")
list(APPEND own_roots "${root}/core/include" "${root}/kernels/src" "${root}/ui/qt")

set(layers kernels ui app)
set(sources)
set(build_files)
foreach(layer ${layers})
  file(GLOB_RECURSE found LIST_DIRECTORIES false
       "${root}/${layer}/*.cpp" "${root}/${layer}/*.hpp" "${root}/${layer}/*.h" "${root}/${layer}/*.cu"
       "${root}/${layer}/*.cuh")
  list(APPEND sources ${found})
  file(GLOB_RECURSE found LIST_DIRECTORIES false "${root}/${layer}/CMakeLists.txt" "${root}/${layer}/*.cmake")
  list(APPEND build_files ${found})
endforeach()

set(violations)
foreach(source ${sources})
  get_filename_component(here "${source}" DIRECTORY)
  file(RELATIVE_PATH shown "${root}" "${source}")
  file(STRINGS "${source}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<][^\">]+[\">]")
  foreach(line ${lines})
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[\"<]([^\">]+)[\">].*$" "\\1" name "${line}")
    get_filename_component(beside "${name}" ABSOLUTE BASE_DIR "${here}")
    string(FIND "${beside}/" "${private}/" at)
    if(at EQUAL 0 AND EXISTS "${beside}")
      list(APPEND violations "${shown}: #include \"${name}\" is a relative path into core/src")
      continue()
    endif()
    if(NOT EXISTS "${private}/${name}" OR IS_DIRECTORY "${private}/${name}")
      continue()
    endif()
    set(legitimate FALSE)
    foreach(dir "${here}" ${own_roots})
      if(EXISTS "${dir}/${name}" AND NOT IS_DIRECTORY "${dir}/${name}")
        set(legitimate TRUE)
        break()
      endif()
    endforeach()
    if(NOT legitimate)
      list(APPEND violations "${shown}: #include \"${name}\" resolves only in core/src (private to the core)")
    endif()
  endforeach()
endforeach()

foreach(build_file ${build_files})
  file(RELATIVE_PATH shown "${root}" "${build_file}")
  file(STRINGS "${build_file}" lines REGEX "core/src")
  foreach(line ${lines})
    string(REGEX REPLACE "#.*$" "" code "${line}")
    if(code MATCHES "core/src")
      list(APPEND violations "${shown}: puts core/src on a path: ${line}")
    endif()
  endforeach()
endforeach()

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "Code outside the core uses core/src (move what it needs to "
                      "core/include/pathscope/detail/ or behind a public header):\n  ${text}")
endif()
list(LENGTH sources checked)
message(STATUS "layering: ${checked} files under kernels/, ui/ and app/ include nothing from core/src")
