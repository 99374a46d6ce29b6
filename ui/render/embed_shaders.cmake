# Turns shaders/*.vert|*.frag into one C++ file of raw string literals, so the binaries find
# their GLSL without an install step. Run at build time: cmake -DOUT=... -DSOURCES=a|b -P this
string(REPLACE "|" ";" SOURCES "${SOURCES}")
set(body "// Generated from shaders/ by ui/render/embed_shaders.cmake; do not edit.\n#include \"shader_sources.hpp\"\n\nnamespace pathscope::render {\n\nconst ShaderSource kShaderSources[] = {\n")
foreach(source ${SOURCES})
  file(READ ${source} text)
  get_filename_component(name ${source} NAME)
  string(APPEND body "    {\"${name}\", R\"glsl(${text})glsl\"},\n")
endforeach()
string(APPEND body "};\nconst int kShaderSourceCount = sizeof(kShaderSources) / sizeof(kShaderSources[0]);\n\n}  // namespace pathscope::render\n")
file(WRITE ${OUT}.new "${body}")
file(COPY_FILE ${OUT}.new ${OUT} ONLY_IF_DIFFERENT)
