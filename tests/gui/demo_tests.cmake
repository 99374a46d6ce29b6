# pathscope-demo's tests (label gui): they run the real binary headless under Xvfb and check
# its PNG and JSON against the engines. Included from CMakeLists.txt in this folder.
if(NOT TARGET pathscope-demo)
  return()
endif()
file(GLOB PATHSCOPE_DEMO_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/test_demo*.cpp)
foreach(source ${PATHSCOPE_DEMO_TESTS})
  get_filename_component(name ${source} NAME_WE)
  set(target gui_${name})
  # The explorer's glob above may already have made this target (as a Qt Test); these tests
  # are GoogleTest programs, so add what they need either way.
  if(NOT TARGET ${target})
    add_executable(${target} ${source})
    add_test(NAME gui.${name} COMMAND ${CMAKE_CURRENT_LIST_DIR}/run-with-display.sh $<TARGET_FILE:${target}>)
  endif()
  target_link_libraries(${target} PRIVATE pathscope_demo_ui pathscope_core pathscope_render GTest::gtest GTest::gtest_main
                        nlohmann_json::nlohmann_json ${PATHSCOPE_STB_LIBRARY})
  target_include_directories(${target} PRIVATE ${PATHSCOPE_STB_INCLUDE})
  target_compile_definitions(${target} PRIVATE
    PATHSCOPE_DEMO="$<TARGET_FILE:pathscope-demo>"
    PATHSCOPE_DEMO_SHARED_DATA="${PATHSCOPE_SHARED_DATA}")
  add_dependencies(${target} pathscope-demo)
  set_tests_properties(gui.${name} PROPERTIES LABELS gui TIMEOUT 900 ENVIRONMENT "LIBGL_ALWAYS_SOFTWARE=1")
endforeach()
