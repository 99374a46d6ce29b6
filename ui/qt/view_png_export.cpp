// The view as a PNG: rendered offscreen at the size asked for (ViewImageExport::png).
#include <QPainter>
#include <algorithm>

#include "export_gl_context.hpp"
#include "graph_view.hpp"
#include "view_image_export.hpp"

namespace pathscope::qt {

QImage ViewImageExport::png(GraphView& view, QSize size, bool light) {
  // A context of its own, so export works whether or not the window was ever shown.
  const ExportGlContext context;

  render::Camera camera;
  camera.set_viewport(size.width(), size.height());
  if (view.has_frame_) {
    camera.fit(view.frame_lo_, view.frame_hi_);
  } else {  // what the view shows now, scaled to the image's shape
    const auto lo = view.camera_.screen_to_world({0, view.camera_.viewport_height()});
    const auto hi = view.camera_.screen_to_world({view.camera_.viewport_width(), 0});
    camera.fit(lo, hi, 0.0);
  }

  render::Renderer renderer;
  QImage image;
  try {
    renderer.initialize();
    renderer.style() = light ? render::light_style() : const_cast<render::Renderer&>(view.renderer_).style();
    renderer.set_graph(view.positions_, view.drawn_arcs(), view.directed_);
    renderer.set_node_colours(view.drawn_colours(renderer.style()));
    renderer.set_arc_mode(view.renderer_.arc_mode());
    if (!view.path_.empty()) {
      renderer.set_highlight(view.path_, view.path_closed_);
    } else {
      renderer.set_markers(view.source_, view.target_);
    }
    renderer.set_node_set(view.overlay_nodes_);
    const auto rgba = renderer.render_to_rgba(camera, size.width(), size.height());
    image = QImage(rgba.data(), size.width(), size.height(), size.width() * 4, QImage::Format_RGBA8888).copy();
    renderer.release();
  } catch (...) {
    renderer.release();
    throw;
  }
  image = image.convertToFormat(QImage::Format_RGB32);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  view.draw_labels(painter, camera,
                   {view.font(), renderer.node_radius_px(camera), renderer.marker_radius_px(camera),
                    std::clamp(size.height() / 800.0, 1.0, 3.0), light});
  return image;
}

}  // namespace pathscope::qt
