# Sources are listed by name, so that what is built is what the lists say. A file that exists on
# disk but is in no list would otherwise never build and nothing would say so: this check stops
# the configure step instead. The glob only checks; it never decides what is built.
#   pathscope_require_listed(DIR PATTERN LISTED...)  LISTED: paths relative to DIR, with or
#   without their extension (the test lists name files without it).
function(pathscope_require_listed dir pattern)
  file(GLOB_RECURSE on_disk CONFIGURE_DEPENDS RELATIVE ${dir} ${dir}/${pattern})
  foreach(file ${on_disk})
    get_filename_component(folder ${file} DIRECTORY)
    get_filename_component(name ${file} NAME_WE)
    if(folder)
      set(stem ${folder}/${name})
    else()
      set(stem ${name})
    endif()
    if(NOT file IN_LIST ARGN AND NOT stem IN_LIST ARGN AND NOT name IN_LIST ARGN)
      file(RELATIVE_PATH shown ${PROJECT_SOURCE_DIR} ${dir}/${file})
      message(FATAL_ERROR "${shown} is not listed in ${CMAKE_CURRENT_LIST_FILE}: add it to the list there")
    endif()
  endforeach()
endfunction()
