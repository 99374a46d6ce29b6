#version 330 core
in vec2 offset_px;
uniform float radius_px;
uniform float border_px;
uniform vec4 fill;
uniform vec4 border;
out vec4 frag_color;

void main() {
  float r = length(offset_px);
  float coverage = clamp(radius_px + 0.5 - r, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  float inner = clamp(radius_px - border_px + 0.5 - r, 0.0, 1.0);
  vec4 c = mix(border, fill, inner);
  frag_color = vec4(c.rgb, c.a * coverage);
}
