#version 330 core
// Node centres as GL points, for views where a disc would be a pixel or two across: one vertex
// per node instead of an instanced quad.
layout(location = 1) in vec2 centre;  // world units
uniform mat3 world_to_ndc;
uniform float size_px;

void main() {
  gl_Position = vec4((world_to_ndc * vec3(centre, 1.0)).xy, 0.0, 1.0);
  gl_PointSize = size_px;
}
