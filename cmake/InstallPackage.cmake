# `cmake --install` for C++ users: the core library, its public headers and a CMake package,
# so that another project writes
#   find_package(pathscope 0.1 REQUIRED)
#   target_link_libraries(app PRIVATE pathscope::engines)   # or pathscope::core: no GPU engines
# Everything here is in the install component `dev` (cmake --install BUILD --component dev);
# tests/package builds a consumer against it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(PATHSCOPE_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pathscope)
set_target_properties(pathscope_core PROPERTIES EXPORT_NAME core)
set_target_properties(pathscope_engines PROPERTIES EXPORT_NAME engines)
set(exported pathscope_core pathscope_engines)
if(TARGET pathscope_gpu)
  set_target_properties(pathscope_gpu PROPERTIES EXPORT_NAME gpu)
  list(APPEND exported pathscope_gpu)
endif()
install(TARGETS ${exported} EXPORT pathscopeTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
# detail/ is what the core shares with kernels/ only; no public header includes it.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/core/include/pathscope DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT dev PATTERN detail EXCLUDE)
install(EXPORT pathscopeTargets NAMESPACE pathscope:: DESTINATION ${PATHSCOPE_CMAKE_INSTALL_DIR} COMPONENT dev)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/pathscopeConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/pathscopeConfig.cmake
                              INSTALL_DESTINATION ${PATHSCOPE_CMAKE_INSTALL_DIR})
# 0.x: a new minor version may change the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/pathscopeConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/pathscopeConfig.cmake ${PROJECT_BINARY_DIR}/pathscopeConfigVersion.cmake
        DESTINATION ${PATHSCOPE_CMAKE_INSTALL_DIR} COMPONENT dev)
