// The view as SVG: what the screen shows, written as vector shapes (ViewImageExport::svg).
#include <QString>
#include <cmath>
#include <cstdio>
#include <string>

#include "graph_view.hpp"
#include "view_image_export.hpp"

namespace pathscope::qt {
namespace {

std::string hex(render::Rgba c) {
  const render::Rgb8 b = render::to_rgb8(c);
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", b.r, b.g, b.b);
  return text;
}

std::string xml_text(const QString& text) {
  std::string out;
  for (const char c : text.toStdString()) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", v);
  return text;
}

}  // namespace

QByteArray ViewImageExport::svg(const GraphView& view, bool light) {
  const render::Style style = light ? render::light_style() : const_cast<render::Renderer&>(view.renderer_).style();
  const double w = view.camera_.viewport_width(), h = view.camera_.viewport_height();
  auto at = [&](std::int32_t u) {
    return view.camera_.world_to_screen({view.positions_[2 * static_cast<std::size_t>(u)], view.positions_[2 * static_cast<std::size_t>(u) + 1]});
  };
  std::string out;
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(w) +
         "\" height=\"" + number(h) + "\" viewBox=\"0 0 " + number(w) + " " + number(h) + "\">\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"" + hex(style.background) + "\"/>\n";
  const bool dim = !view.path_.empty() || !view.overlay_nodes_.empty();
  if (view.renderer_.initialized() && view.node_count() > 0) {
    // The arcs and nodes the screen draws, so an SVG of a big graph stays the size of the view.
    const render::Rgba arc = dim ? style.arc_dimmed : style.arc;
    out += "<g id=\"arcs\" stroke=\"" + hex(arc) + "\" stroke-opacity=\"" + number(arc.a * (view.renderer_.arc_mode() == render::ArcMode::Faded ? 0.3f : 1.0f)) + "\" stroke-width=\"" +
           number(style.arc_width_px) + "\">\n";
    for (const auto a : view.renderer_.arcs_in_view(view.camera_)) {
      const auto& arcs = view.drawn_arcs();
      const auto p = at(arcs[2 * static_cast<std::size_t>(a)]), q = at(arcs[2 * static_cast<std::size_t>(a) + 1]);
      out += "<line x1=\"" + number(p.x) + "\" y1=\"" + number(p.y) + "\" x2=\"" + number(q.x) + "\" y2=\"" + number(q.y) + "\"/>\n";
    }
    out += "</g>\n";
    const double r = view.renderer_.node_radius_px(view.camera_);
    out += "<g id=\"nodes\" fill=\"" + hex(dim ? style.node_dimmed : style.node) + "\">\n";
    // Colours by attribute as the screen draws them (dimmed under a highlight there, plain
    // here: a vector file is for reading the colours); hidden nodes are left out.
    const auto colours = view.drawn_colours(style);
    for (const auto u : view.renderer_.nodes_in_view(view.camera_)) {
      const auto p = at(u);
      const bool coloured = !colours.empty();
      if (coloured && colours[static_cast<std::size_t>(u)].a <= 0) continue;
      out += "<circle cx=\"" + number(p.x) + "\" cy=\"" + number(p.y) + "\" r=\"" + number(r) +
             (coloured ? "\" fill=\"" + hex(colours[static_cast<std::size_t>(u)]) : std::string()) + "\"/>\n";
    }
    out += "</g>\n";
    if (!view.overlay_nodes_.empty()) {
      out += "<g id=\"set\" fill=\"" + hex(style.path) + "\">\n";
      for (const auto u : view.overlay_nodes_) {
        if (u < 0 || u >= view.node_count()) continue;
        const auto p = at(u);
        out += "<circle cx=\"" + number(p.x) + "\" cy=\"" + number(p.y) + "\" r=\"" + number(std::max(r, 3.5)) + "\"/>\n";
      }
      out += "</g>\n";
    }
    if (view.path_.size() >= 2) {
      std::string points;
      for (const auto u : view.path_) points += number(at(u).x) + "," + number(at(u).y) + " ";
      if (view.path_closed_) points += number(at(view.path_.front()).x) + "," + number(at(view.path_.front()).y);
      out += "<polyline id=\"path\" fill=\"none\" stroke-linejoin=\"round\" stroke=\"" + hex(style.path_outline) +
             "\" stroke-width=\"" + number(style.path_width_px + 4) + "\" points=\"" + points + "\"/>\n";
      out += "<polyline fill=\"none\" stroke-linejoin=\"round\" stroke=\"" + hex(style.path) + "\" stroke-width=\"" +
             number(style.path_width_px) + "\" points=\"" + points + "\"/>\n";
    }
    const double marker = view.renderer_.marker_radius_px(view.camera_);
    const std::pair<std::int32_t, render::Rgba> markers[] = {{view.source_, style.source_marker}, {view.target_, style.target_marker}};
    for (const auto& [u, colour] : markers) {
      if (u < 0 || u >= view.node_count()) continue;
      const auto p = at(u);
      out += "<circle class=\"marker\" cx=\"" + number(p.x) + "\" cy=\"" + number(p.y) + "\" r=\"" + number(marker - 1.25) +
             "\" fill=\"" + hex(colour) + "\" stroke=\"" + hex(style.marker_border) + "\" stroke-width=\"2.5\"/>\n";
    }
  }
  const std::string text_colour = light ? "#14161c" : "#ffffff", halo = light ? "#ffffff" : "#000000";
  out += "<g id=\"labels\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"" + number(view.font().pointSizeF() * 4 / 3) +
         "\" fill=\"" + text_colour + "\" stroke=\"" + halo + "\" stroke-width=\"3\" paint-order=\"stroke\">\n";
  for (const auto& t : view.labels_.last_texts()) {
    out += "<text x=\"" + number(t.at.x()) + "\" y=\"" + number(t.at.y()) + "\"" + (t.bold ? " font-weight=\"bold\"" : "") +
           ">" + xml_text(t.text) + "</text>\n";
  }
  out += "</g>\n</svg>\n";
  return QByteArray::fromStdString(out);
}

}  // namespace pathscope::qt
