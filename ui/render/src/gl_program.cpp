#include "gl_program.hpp"

#include <cstring>
#include <stdexcept>

#include "shader_sources.hpp"

namespace pathscope::render {
namespace {

const char* embedded(const std::string& name) {
  for (int i = 0; i < kShaderSourceCount; ++i) {
    if (name == kShaderSources[i].name) return kShaderSources[i].text;
  }
  throw std::runtime_error("shader " + name + " is not embedded in this build");
}

GLuint compile(GLenum type, const std::string& name) {
  const char* text = embedded(name);
  GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(shader, sizeof log - 1, nullptr, log);
    glDeleteShader(shader);
    throw std::runtime_error("cannot compile " + name + ": " + log);
  }
  return shader;
}

}  // namespace

GLuint build_program(const std::string& vertex_name, const std::string& fragment_name) {
  GLuint vertex = compile(GL_VERTEX_SHADER, vertex_name);
  GLuint fragment = compile(GL_FRAGMENT_SHADER, fragment_name);
  GLuint program = glCreateProgram();
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(program, sizeof log - 1, nullptr, log);
    glDeleteProgram(program);
    throw std::runtime_error("cannot link " + vertex_name + " + " + fragment_name + ": " + log);
  }
  return program;
}

void Layer::create(GLuint corner_buffer, int instance_floats, GLuint shared_instances) {
  glGenVertexArrays(1, &vao);
  owns_instances = shared_instances == 0;
  if (owns_instances) {
    glGenBuffers(1, &instances);
  } else {
    instances = shared_instances;
  }
  glBindVertexArray(vao);
  if (corner_buffer) {
    glBindBuffer(GL_ARRAY_BUFFER, corner_buffer);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
  }
  glBindBuffer(GL_ARRAY_BUFFER, instances);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, instance_floats, GL_FLOAT, GL_FALSE, instance_floats * sizeof(float), nullptr);
  glVertexAttribDivisor(1, 1);
  glBindVertexArray(0);
}

void Layer::upload(const std::vector<float>& data, int instance_floats) {
  glBindBuffer(GL_ARRAY_BUFFER, instances);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)),
               data.empty() ? nullptr : data.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  count = static_cast<GLsizei>(data.size() / instance_floats);
}

void Layer::release() {
  if (instances && owns_instances) glDeleteBuffers(1, &instances);
  if (vao) glDeleteVertexArrays(1, &vao);
  instances = vao = 0;
  count = 0;
}

}  // namespace pathscope::render
