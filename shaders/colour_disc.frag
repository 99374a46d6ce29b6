#version 330 core
// disc.frag with the fill from the instance; a highlight elsewhere pulls it towards `dimmed`
// by dim_amount so the highlight still reads first. The rim fades with the node.
in vec2 offset_px;
in vec4 node_colour;
uniform float radius_px;
uniform float border_px;
uniform vec4 border;
uniform vec4 dimmed;
uniform float dim_amount;
out vec4 frag_color;

void main() {
  float r = length(offset_px);
  float coverage = clamp(radius_px + 0.5 - r, 0.0, 1.0);
  if (coverage <= 0.0 || node_colour.a <= 0.0) discard;
  float inner = clamp(radius_px - border_px + 0.5 - r, 0.0, 1.0);
  vec4 fill = vec4(mix(node_colour.rgb, dimmed.rgb, dim_amount), node_colour.a);
  vec4 c = mix(vec4(border.rgb, border.a * node_colour.a), fill, inner);
  frag_color = vec4(c.rgb, c.a * coverage);
}
