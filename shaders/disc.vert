#version 330 core
// Instanced node discs: a quad around each centre, cut round in the fragment shader.
layout(location = 0) in vec2 corner;   // -1..1
layout(location = 1) in vec2 centre;   // per instance, world units
uniform mat3 world_to_ndc;
uniform vec2 viewport_px;
uniform float radius_px;
out vec2 offset_px;

void main() {
  vec2 c = (world_to_ndc * vec3(centre, 1.0)).xy;
  offset_px = corner * (radius_px + 1.0);
  gl_Position = vec4(c + offset_px / (0.5 * viewport_px), 0.0, 1.0);
}
