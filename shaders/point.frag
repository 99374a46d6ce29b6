#version 330 core
// A point sprite cut round, with a soft rim, so small nodes look like the discs they stand for.
uniform vec4 color;
uniform float size_px;
out vec4 frag_color;

void main() {
  float r = length(gl_PointCoord - vec2(0.5)) * size_px;
  float coverage = clamp(0.5 * size_px + 0.5 - r, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  frag_color = vec4(color.rgb, color.a * coverage);
}
