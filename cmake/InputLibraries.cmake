# Libraries the readers use, all Debian packages (scripts/user/install-deps.sh):
#   zlib1g-dev    gzip input, streamed (core/src/io/decompressing_buf.cpp)
#   libzstd-dev   zstd input, streamed
#   liblzma-dev   xz input, streamed
#   libbz2-dev    bzip2 input, streamed
#   libexpat1-dev GraphML and GEXF, parsed as a stream of events so memory stays bounded
find_package(ZLIB REQUIRED)
find_package(EXPAT REQUIRED)
# The GPU machine has no network and neither -dev package: scripts/device/prepare-device-carry.sh
# carries Debian's headers and static libraries there in .devdeps, looked at only when the
# system has none.
find_package(LibLZMA QUIET)
find_package(BZip2 QUIET)
if((NOT LibLZMA_FOUND OR NOT BZIP2_FOUND) AND EXISTS "${PROJECT_SOURCE_DIR}/.devdeps/lib")
  list(APPEND CMAKE_PREFIX_PATH "${PROJECT_SOURCE_DIR}/.devdeps")
endif()
find_package(LibLZMA REQUIRED)
find_package(BZip2 REQUIRED)
# libzstd-dev ships a CMake package (zstd::libzstd_shared); older ones only a pkg-config file.
find_package(zstd CONFIG QUIET)
add_library(pathscope_zstd INTERFACE)
if(TARGET zstd::libzstd_shared)
  target_link_libraries(pathscope_zstd INTERFACE zstd::libzstd_shared)
elseif(TARGET zstd::libzstd_static)
  target_link_libraries(pathscope_zstd INTERFACE zstd::libzstd_static)
else()
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(PATHSCOPE_ZSTD REQUIRED IMPORTED_TARGET libzstd)
  target_link_libraries(pathscope_zstd INTERFACE PkgConfig::PATHSCOPE_ZSTD)
endif()
