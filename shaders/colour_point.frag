#version 330 core
// point.frag with the colour from the vertex, dimmed as colour_disc.frag dims it.
in vec4 node_colour;
uniform float size_px;
uniform vec4 dimmed;
uniform float dim_amount;
out vec4 frag_color;

void main() {
  float r = length(gl_PointCoord - vec2(0.5)) * size_px;
  float coverage = clamp(0.5 * size_px + 0.5 - r, 0.0, 1.0);
  if (coverage <= 0.0 || node_colour.a <= 0.0) discard;
  frag_color = vec4(mix(node_colour.rgb, dimmed.rgb, dim_amount), node_colour.a * coverage);
}
