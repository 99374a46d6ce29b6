#version 330 core
in float across_px;
in float fade;
uniform float width_px;
uniform vec4 color;
out vec4 frag_color;

void main() {
  float coverage = clamp(0.5 * width_px + 0.5 - abs(across_px), 0.0, 1.0);
  frag_color = vec4(color.rgb, color.a * coverage * fade);
}
