#pragma once
// Shader programs and instanced draw layers: the small pieces of GL the renderer is made of.
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>

#include <string>
#include <vector>

namespace pathscope::render {

// Links the embedded shaders of these names; throws std::runtime_error with the info log.
GLuint build_program(const std::string& vertex_name, const std::string& fragment_name);

// One instance buffer with the VAO that feeds it to a program: attribute 0 is the shared
// corner quad (when there is one), attribute 1 the per-instance data.
struct Layer {
  GLuint vao = 0, instances = 0;
  GLsizei count = 0;
  bool owns_instances = true;
  // shared_instances: draw another layer's instances through a second VAO (arrowheads
  // reuse the arcs' buffer); that layer keeps ownership and the count.
  void create(GLuint corner_buffer, int instance_floats, GLuint shared_instances = 0);
  void upload(const std::vector<float>& data, int instance_floats);
  void release();
};

}  // namespace pathscope::render
