#version 330 core
// An arrowhead per arc, drawn from gl_VertexID alone: tip just outside the head node's disc.
layout(location = 1) in vec4 endpoints;  // per instance: tail.xy, head.xy
uniform mat3 world_to_ndc;
uniform vec2 viewport_px;
uniform float size_px;
uniform float gap_px;                    // the head node's radius

void main() {
  vec2 a = (world_to_ndc * vec3(endpoints.xy, 1.0)).xy * 0.5 * viewport_px;
  vec2 b = (world_to_ndc * vec3(endpoints.zw, 1.0)).xy * 0.5 * viewport_px;
  vec2 along = b - a;
  float len = length(along);
  vec2 dir = len > 1e-6 ? along / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);
  vec2 tip = b - dir * gap_px;
  vec2 p = tip;
  if (gl_VertexID == 1) p = tip - dir * size_px + normal * 0.45 * size_px;
  if (gl_VertexID == 2) p = tip - dir * size_px - normal * 0.45 * size_px;
  // Arcs too short on screen to carry a head get none (all three corners collapse).
  if (len < gap_px * 2.0 + size_px) p = tip;
  gl_Position = vec4(p / (0.5 * viewport_px), 0.0, 1.0);
}
