# One set of warnings for every target that opts in (target_link_libraries(T PRIVATE
# pathscope_warnings)): -Wall -Wextra for C++, and the same flags handed to the host compiler
# for CUDA, so host code in .cu files is held to the rule that .cpp files are. The host
# compiler of a .cu file also sees the device-only `#pragma unroll`, hence the one exception.
add_library(pathscope_warnings INTERFACE)
target_compile_options(pathscope_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra>
  $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra,-Wno-unknown-pragmas>)
