#pragma once
// The OpenGL view of the graph: pan by drag, zoom about the cursor, click to pick a node.
// Drawing is the shared renderer's; this widget holds what is shown and the GL context. Frames
// go to a native GL window inside it (gl_surface.hpp), which forwards its input here. Its parts
// live apart: the mouse in ViewInput (view_input.*), the labels in ViewLabels (view_labels.*),
// PNG and SVG in ViewImageExport (view_image_export.hpp, view_png_export.cpp, view_svg_export.cpp).
#include <QImage>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "pathscope_render/camera.hpp"
#include "pathscope_render/renderer.hpp"
#include "label_layout.hpp"
#include "selection.hpp"
#include "view_input.hpp"
#include "view_labels.hpp"

class QOpenGLPaintDevice;

namespace pathscope::qt {

class GlSurface;

class GraphView : public QWidget {
  Q_OBJECT
 public:
  explicit GraphView(QWidget* parent = nullptr);
  ~GraphView() override;

  // positions: n * 2 world coordinates; arcs: (tail, head) pairs; labels: one per node.
  void set_graph(std::vector<float> positions, std::vector<std::int32_t> arcs, bool directed, QStringList labels);
  void clear_graph();
  // Draws the selection now and after each of its changes.
  void observe(const Selection* selection);
  // The tour with its stops, the reach set, the stops, or the path or its end markers.
  void show_selection(const Selection& selection);
  // How arcs are drawn (shown, faded, hidden); the rest of the choices are the labels' and
  // colours' business.
  void show_view_choices(const ViewChoices& choices);
  void set_path(const std::vector<std::int32_t>& nodes, bool closed = false);
  void set_markers(std::int32_t source, std::int32_t target);
  // Tour stops, drawn as numbered rings in order (1, 2, ...); empty for none.
  void set_stops(const std::vector<std::int32_t>& stops);
  // A node set (e.g. what a node reaches) drawn by the renderer in the highlight colour,
  // with the arcs among its nodes, the rest dimmed.
  void set_overlay_nodes(const std::vector<std::int32_t>& nodes);
  // Nodes a search found (every neuron of a cell type): highlighted as a node set whenever no
  // reach set is shown, under the path; empty for none.
  void set_found_nodes(std::vector<std::int32_t> nodes);
  const std::vector<std::int32_t>& found_nodes() const { return found_; }
  const std::vector<std::int32_t>& stops() const { return stops_; }
  // A note drawn in a corner (e.g. that an axis is stretched); empty for none.
  void set_caption(const QString& caption);
  void set_label_mode(LabelMode mode);
  // What the view choices make of each node (attribute_view.hpp): its colour (empty: the
  // style's), whether it is shown (empty: all; a hidden node is not drawn, nor its arcs, nor
  // picked by a click) and its label text. A new graph drops all three.
  void set_node_colours(std::vector<render::Rgba> colours);
  void set_shown_nodes(std::vector<std::uint8_t> shown);
  void set_labels(QStringList labels);
  bool node_shown(std::int32_t u) const { return shown_.empty() || (u >= 0 && u < static_cast<std::int32_t>(shown_.size()) && shown_[u]); }
  const std::vector<render::Rgba>& node_colours() const { return node_colours_; }
  // The nodes' colours in this style (hidden nodes transparent; empty: the style's own colour
  // for all).
  std::vector<render::Rgba> drawn_colours(const render::Style& style) const;
  // The (tail, head) pairs handed to the renderer: those between shown nodes.
  const std::vector<std::int32_t>& drawn_arcs() const { return shown_.empty() ? arcs_ : shown_arcs_; }
  // Rings this node on the map (the hop chosen in the path or reach list); -1 for none.
  void mark_node(std::int32_t node);
  std::int32_t marked_node() const { return marked_; }
  LabelMode label_mode() const { return labels_.mode(); }
  // The last frame's label boxes and the areas they had to keep clear (markers, stop rings),
  // in widget coordinates, and how many labels it drew.
  const std::vector<QRectF>& last_label_boxes() const { return labels_.last_boxes(); }
  const std::vector<QRectF>& last_reserved_areas() const { return labels_.last_reserved(); }
  int last_label_count() const { return labels_.last_count(); }
  // The last frame's label texts, and how many tour stops it ringed.
  const std::vector<ViewLabels::Text>& last_label_texts() const { return labels_.last_texts(); }
  int last_ring_count() const { return labels_.last_ring_count(); }

  std::int32_t node_count() const { return static_cast<std::int32_t>(positions_.size() / 2); }
  // Where node u is drawn, in this widget's logical coordinates (what mouse events use).
  QPointF node_screen_position(std::int32_t u) const;
  // The node drawn under this point (within its disc plus a few pixels), or -1.
  std::int32_t node_at(QPointF point) const;
  void center_on(std::int32_t u);
  const render::Camera& camera() const { return camera_; }
  // Puts the camera here, as a pan and zoom by hand would (a session reopened); resizes keep it.
  void set_camera(render::Point centre, double pixels_per_unit);

  // Renders the current view offscreen at this size (path framed as on screen, scaled to
  // the new aspect), with labels. Throws std::runtime_error when GL cannot.
  QImage render_image(QSize size, bool light = false);
  // The current view as SVG text: the arcs and nodes the screen shows (the same culling and
  // level of detail), the path or tour, the markers and the placed labels.
  QByteArray render_svg(bool light = false) const;
  // Draws `frames` frames on screen along render::bench_camera's path, each finished
  // (glFinish) before the next; returns each frame's wall time in milliseconds.
  std::vector<double> run_frame_bench(int frames);
  // What the renderer drew in the last frame (level of detail, culling).
  const render::FrameDetail& last_frame() const { return renderer_.last_frame(); }
  // The most arcs one frame of the last run_frame_bench drew (at most the renderer's budget).
  std::int64_t bench_arcs_drawn_max() const { return bench_arcs_drawn_max_; }
  const render::Renderer& renderer() const { return renderer_; }
  // Draws the view now, offscreen, and returns it with its labels (device pixels), whether the
  // window is shown, covered or hidden.
  QImage grabFramebuffer();
  // The view's GL context, current (on the window, else offscreen); false when GL cannot.
  bool makeCurrent();
  void doneCurrent();
  // The native window the frames go to; its input arrives at this widget's handlers.
  QWindow* gl_window() const;
  render::Rgb8 highlight_colour() const;

 public Q_SLOTS:
  void fit_to_view();
  // Frames the highlighted path with some context around it (or the whole graph without one).
  void fit_to_path();

 Q_SIGNALS:
  void node_clicked(std::int32_t node);
  void node_shift_clicked(std::int32_t node);
  // The node under the mouse changed (-1: none).
  void node_hovered(std::int32_t node);
  void gl_failed(const QString& message);
  // A frame was drawn (on screen or into a grab); last_frame() tells what it drew.
  void frame_painted();

 protected:
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;

 private:
  friend class ViewInput;
  friend class ViewImageExport;
  void initialize_gl();
  // One frame into the bound framebuffer of this many device pixels.
  void paint_frame(int framebuffer_width, int framebuffer_height);
  // Asks for a frame at the window's next update.
  void redraw();
  void upload_if_needed();
  LabelScene label_scene() const;
  void draw_labels(QPainter& painter, const render::Camera& camera, const LabelLook& look) const;
  // A drag or the wheel moved the camera: the asked-for box no longer frames the view.
  void moved_by_hand();
  // Remembers the box asked for, so resizes and exports keep framing it until the person
  // pans or zooms (a hidden window's size says nothing about the image wanted).
  void frame_box(render::Point lo, render::Point hi);

  GlSurface* surface_;  // owned by its window container, a child of this widget
  std::unique_ptr<QOpenGLPaintDevice> paint_device_;  // kept: QPainter's GL engine is set up once
  render::Renderer renderer_;
  render::Camera camera_;
  std::vector<float> positions_;
  std::vector<std::int32_t> arcs_;
  bool directed_ = false;
  mutable ViewLabels labels_;  // drawing records what it placed
  ViewInput input_;
  std::vector<std::int32_t> path_;
  bool path_closed_ = false;
  std::int32_t source_ = -1, target_ = -1;
  std::vector<std::int32_t> stops_, overlay_nodes_, found_;
  const Selection* observed_ = nullptr;
  QString caption_;
  bool graph_dirty_ = false, path_dirty_ = false;
  bool gl_ok_ = false;
  bool has_frame_ = false;
  render::Point frame_lo_, frame_hi_;
  long long frames_painted_ = 0;
  std::int64_t bench_arcs_drawn_max_ = 0;
  std::int32_t marked_ = -1;  // the hop chosen in a list, ringed on the map
  std::vector<render::Rgba> node_colours_;
  std::vector<std::uint8_t> shown_;
  std::vector<std::int32_t> shown_arcs_;
  bool appearance_dirty_ = false;
};

}  // namespace pathscope::qt
