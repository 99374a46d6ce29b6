#pragma once
// The GLSL files of shaders/, embedded at build time (see embed_shaders.cmake).

namespace pathscope::render {

struct ShaderSource {
  const char* name;  // file name, e.g. "disc.vert"
  const char* text;
};
extern const ShaderSource kShaderSources[];
extern const int kShaderSourceCount;

}  // namespace pathscope::render
