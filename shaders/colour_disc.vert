#version 330 core
// Node discs as disc.vert draws them, each with its own colour (colour by attribute, and
// alpha 0 for nodes a filter hides).
layout(location = 0) in vec2 corner;   // -1..1
layout(location = 1) in vec2 centre;   // per instance, world units
layout(location = 2) in vec4 colour;   // per instance
uniform mat3 world_to_ndc;
uniform vec2 viewport_px;
uniform float radius_px;
out vec2 offset_px;
out vec4 node_colour;

void main() {
  vec2 c = (world_to_ndc * vec3(centre, 1.0)).xy;
  offset_px = corner * (radius_px + 1.0);
  node_colour = colour;
  gl_Position = vec4(c + offset_px / (0.5 * viewport_px), 0.0, 1.0);
}
