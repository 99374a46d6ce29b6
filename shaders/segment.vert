#version 330 core
// One screen-aligned quad per segment, widened in pixels so lines keep their width at any zoom.
layout(location = 0) in vec2 corner;        // x: 0 at p0, 1 at p1; y: -1 or +1 across
layout(location = 1) in vec4 endpoints;     // per instance: p0.xy, p1.xy in world units
uniform mat3 world_to_ndc;
uniform vec2 viewport_px;                   // logical pixels
uniform float width_px;
// Arcs longer than this on screen fade in proportion (a long arc crosses much of the view and
// would hide what lies under it); 0 for no fading (paths).
uniform float fade_from_px;
out float across_px;
out float fade;

void main() {
  vec2 a = (world_to_ndc * vec3(endpoints.xy, 1.0)).xy * 0.5 * viewport_px;
  vec2 b = (world_to_ndc * vec3(endpoints.zw, 1.0)).xy * 0.5 * viewport_px;
  vec2 along = b - a;
  float len = length(along);
  vec2 dir = len > 1e-6 ? along / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);
  // One extra pixel on every side is room for the antialiased edge; the caps overlap the
  // neighbouring segment's so a thick polyline has no notches at its bends.
  float half_width = 0.5 * width_px + 1.0;
  vec2 p = mix(a, b, corner.x) + dir * (corner.x * 2.0 - 1.0) * (0.5 * width_px) + normal * corner.y * half_width;
  across_px = corner.y * half_width;
  fade = fade_from_px > 0.0 ? clamp(fade_from_px / max(len, 1.0), 0.2, 1.0) : 1.0;
  gl_Position = vec4(p / (0.5 * viewport_px), 0.0, 1.0);
}
