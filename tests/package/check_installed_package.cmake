# Installs the `dev` component of a build into a fresh prefix, compiles every installed header
# on its own against it (against pathscope::core with CUDA hidden from find_package: the core
# needs none; and against pathscope::engines), builds tests/package/consumer against it with
# find_package(pathscope), once more its core program alone with CUDA hidden, runs the three
# programs on a fresh random graph and compares what they print with pathscope-cli's
# `apsp --json` on the same graph.
#   cmake -DBUILD_DIR=... -DCLI=... -DCONSUMER=... -DWORK=... -DGENERATOR=... -DCXX=...
#         -DSANITIZE=ON|OFF -DHAVE_CUDA=ON|OFF -P check_installed_package.cmake
foreach(var BUILD_DIR CLI CONSUMER WORK GENERATOR CXX)
  if(NOT ${var})
    message(FATAL_ERROR "pass -D${var}=...")
  endif()
endforeach()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    string(REPLACE ";" " " shown "${ARGN}")
    message(FATAL_ERROR "failed (${code}): ${shown}\n${out}\n${err}")
  endif()
  set(output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK})
set(prefix ${WORK}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} --component dev)
foreach(file include/pathscope/apsp/apsp.hpp lib/cmake/pathscope/pathscopeConfig.cmake
             lib/cmake/pathscope/pathscopeConfigVersion.cmake lib/libpathscope_core.a)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "the install has no ${file}")
  endif()
endforeach()
file(GLOB_RECURSE installed_headers RELATIVE ${prefix}/include ${prefix}/include/pathscope/*)
foreach(header ${installed_headers})
  if(header MATCHES "/detail/")
    message(FATAL_ERROR "the install has the private header ${header}")
  endif()
endforeach()

# One translation unit per installed header, including nothing else (twice: #pragma once), so
# a header that leans on an include it lacks, or on a header the install leaves out (detail/),
# fails here rather than in a user's build. Twice over: against pathscope::core with CUDA made
# unfindable (a machine without the toolkit), and against pathscope::engines as the package
# was built (with the CUDA back end and its runtime when it has them).
set(sources)
foreach(header ${installed_headers})
  string(MAKE_C_IDENTIFIER ${header} stem)
  list(APPEND sources ${stem}.cpp)
endforeach()
list(LENGTH sources header_count)
if(header_count LESS 10)
  message(FATAL_ERROR "only ${header_count} headers installed: ${installed_headers}")
endif()
list(JOIN sources "\n  " listed)
foreach(linked core engines)
  set(headers_project ${WORK}/each_header_${linked})
  foreach(header ${installed_headers})
    string(MAKE_C_IDENTIFIER ${header} stem)
    file(WRITE ${headers_project}/${stem}.cpp "#include \"${header}\"\n#include \"${header}\"\n")
  endforeach()
  file(WRITE ${headers_project}/CMakeLists.txt "cmake_minimum_required(VERSION 3.25)
project(each_installed_header LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
find_package(pathscope 0.1 REQUIRED CONFIG)
add_library(each_header OBJECT\n  ${listed})
target_link_libraries(each_header PRIVATE pathscope::${linked})
")
  set(hide_cuda)
  if(linked STREQUAL "core")
    set(hide_cuda -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=TRUE)
  endif()
  run(${CMAKE_COMMAND} -S ${headers_project} -B ${headers_project}/build -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF ${hide_cuda})
  run(${CMAKE_COMMAND} --build ${headers_project}/build)
  message(STATUS "${header_count} installed headers compile on their own against pathscope::${linked}")
endforeach()

# The consumer is built as the library was: same compiler, and the sanitizer runtime when
# the library was built with it.
set(flags)
if(SANITIZE)
  list(APPEND flags "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined")
endif()
run(${CMAKE_COMMAND} -S ${CONSUMER} -B ${WORK}/build -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF ${flags})
run(${CMAKE_COMMAND} --build ${WORK}/build)
# The same consumer's core program where find_package cannot find CUDA at all: configures,
# links and runs (below) without the toolkit, even when the package has the CUDA back end.
run(${CMAKE_COMMAND} -S ${CONSUMER} -B ${WORK}/build_without_cuda -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=TRUE -DCONSUMER_CORE_ONLY=ON ${flags})
run(${CMAKE_COMMAND} --build ${WORK}/build_without_cuda)

# A fresh graph of an awkward size each run.
string(RANDOM LENGTH 3 ALPHABET 123456789 n)
string(RANDOM LENGTH 9 ALPHABET 0123456789 seed)
set(graph "random:n=${n},deg=5,seed=${seed}")
message(STATUS "graph ${graph}")
run(${CLI} apsp ${graph} --engine blocked --json)
string(JSON want_n GET "${output}" n)
string(JSON want_m GET "${output}" m)
string(JSON want_checksum GET "${output}" checksum)
set(expected "n ${want_n}\nm ${want_m}\nchecksum ${want_checksum}\n")

foreach(program build/consumer_core build/consumer_engines build_without_cuda/consumer_core)
  run(${WORK}/${program} ${graph} blocked)
  string(FIND "${output}" "${expected}" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "${program} printed\n${output}\nbut pathscope-cli apsp ${graph} gives\n${expected}")
  endif()
  message(STATUS "${program}: ${output}")
  string(MAKE_C_IDENTIFIER ${program} stem)
  set(${stem}_output "${output}")
endforeach()

# Only pathscope::engines has the back end; without it the core says so.
set(no_backend "linked without pathscope's CUDA back end")
if(HAVE_CUDA)
  string(FIND "${build_consumer_engines_output}" "${no_backend}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "pathscope::engines did not bring the CUDA back end:\n${build_consumer_engines_output}")
  endif()
  foreach(stem build_consumer_core build_without_cuda_consumer_core)
    string(FIND "${${stem}_output}" "${no_backend}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "pathscope::core alone should say it has no back end:\n${${stem}_output}")
    endif()
  endforeach()
endif()
file(REMOVE_RECURSE ${WORK})
