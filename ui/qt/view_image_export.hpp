#pragma once
// The view as an image file's content: a PNG rendered offscreen at any size (with its own GL
// context, so it works whether or not the window was ever shown) and the SVG of what the
// screen shows. Reads the view's state; writes nothing to it but the last labels' record.
#include <QByteArray>
#include <QImage>
#include <QSize>

namespace pathscope::qt {

class GraphView;

class ViewImageExport {
 public:
  // The current view rendered at this size (path framed as on screen, scaled to the new
  // aspect), with labels. Throws std::runtime_error when GL cannot.
  static QImage png(GraphView& view, QSize size, bool light);
  // The arcs and nodes the screen shows (the same culling and level of detail), the path or
  // tour, the markers and the placed labels, as SVG text.
  static QByteArray svg(const GraphView& view, bool light);
};

}  // namespace pathscope::qt
