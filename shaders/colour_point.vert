#version 330 core
// point.vert with a colour per node.
layout(location = 1) in vec2 centre;  // world units
layout(location = 2) in vec4 colour;
uniform mat3 world_to_ndc;
uniform float size_px;
out vec4 node_colour;

void main() {
  gl_Position = vec4((world_to_ndc * vec3(centre, 1.0)).xy, 0.0, 1.0);
  gl_PointSize = size_px;
  node_colour = colour;
}
