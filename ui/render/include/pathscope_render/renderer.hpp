#pragma once
// Draws a graph with OpenGL 3.3 core: instanced node discs, arcs as antialiased lines,
// arrowheads when zoomed in on directed graphs, and on top a highlighted node set (what a
// node reaches, a cluster) and a highlighted path or tour, thick and bright with start and
// end markers, while the rest is dimmed.
// Every call needs the caller's GL context current; no Qt and no GL types in this interface,
// so the Qt explorer and the GLFW demo share it. Text is the front end's business (QPainter,
// ImGui draw lists), placed with Camera::world_to_screen.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pathscope_render/camera.hpp"

namespace pathscope::render {

struct Rgba {
  float r, g, b, a;
  bool operator==(const Rgba&) const = default;
};

struct Style {
  Rgba background{0.075f, 0.082f, 0.102f, 1};
  Rgba node{0.55f, 0.68f, 0.85f, 1};
  Rgba node_border{0.05f, 0.06f, 0.08f, 1};
  Rgba arc{0.45f, 0.55f, 0.70f, 0.55f};
  // With a path shown, the rest of the graph fades to these so the path reads at once.
  Rgba node_dimmed{0.30f, 0.34f, 0.42f, 1};
  Rgba arc_dimmed{0.32f, 0.37f, 0.46f, 0.40f};
  // The highlight: a bright amber that no other element uses (tests look for it in PNGs).
  Rgba path{1.0f, 0.690f, 0.0f, 1};
  Rgba path_outline{0.0f, 0.0f, 0.0f, 0.85f};
  Rgba source_marker{0.20f, 0.85f, 0.35f, 1};
  Rgba target_marker{0.95f, 0.25f, 0.30f, 1};
  Rgba marker_border{1, 1, 1, 1};
  float path_width_px = 5;
  float arc_width_px = 1;
  // A node set's arcs: thin, so a set of thousands stays a web rather than a blot.
  float node_set_arc_width_px = 1.5f;
  float node_set_arc_alpha = 0.6f;
};

// The same picture on white, for print and slides: darker nodes and arcs; the highlight and
// markers keep their colours (tests and viewers look for them).
Style light_style();

// The exact 8-bit highlight colour as it lands in an exported image.
struct Rgb8 {
  std::uint8_t r, g, b;
};
Rgb8 to_rgb8(Rgba c);

// How arcs are drawn: as the style says, faded to a haze under paths and sets, or not at all.
enum class ArcMode { Shown, Faded, Hidden };

// What the last frame drew, after culling and level of detail.
struct FrameDetail {
  std::int64_t arcs_drawn = 0, nodes_drawn = 0;  // arcs drawn by this frame itself
  // Arcs the finished picture of this view has (arcs_in_view), how many of them the picture
  // holds so far (drawn by this frame and the earlier frames of the same view), the budget
  // of arcs a frame may draw; complete: the picture holds them all.
  std::int64_t arcs_in_view = 0, arcs_shown = 0, arc_budget = 0;
  // The length on screen (logical pixels, clipped to the view) of the arcs this frame drew,
  // and the most it may draw: what a software rasterizer's time follows.
  double arc_pixels = 0, arc_pixel_budget = 0;
  // Nodes drawn are at most this many (coarser thinning cells), whatever the zoom.
  std::int64_t node_budget = 0;
  bool complete = true;
  float arc_alpha = 0;  // the arcs' alpha before fading by screen length
  bool nodes_as_points = false;  // zoomed out: one GL point per node instead of a disc
  bool arrowheads = false;       // only when arcs are long enough on screen to carry one
  int draw_calls = 0;
};

class Renderer {
 public:
  // Arcs shorter than this on screen are left out (they hide under their nodes); nodes are
  // points below this radius; arrowheads need arcs this long on screen (typical length).
  static constexpr double kMinArcPx = 1.0;
  static constexpr float kPointRadiusPx = 2.5f;
  static constexpr double kArrowArcPx = 28;
  // Arcs one frame may draw: software GL (llvmpipe on 2 cores) draws about this many long
  // connectome arcs in 20-30 ms; a still view draws the rest over the next frames.
  static constexpr std::int64_t kDefaultArcBudget = 12000;
  // And at most this much arc length on screen (logical pixels, clipped to the view): long
  // arcs of a zoomed-in brain cost their length in fragments.
  static constexpr double kDefaultArcPixelBudget = 2.5e5;
  // Nodes a frame may draw (about a microsecond each on llvmpipe): beyond it the thinning
  // cells grow until the view's nodes fit.
  static constexpr std::int64_t kDefaultNodeBudget = 20000;

  Renderer();
  ~Renderer();  // frees nothing on the GPU: call release() while the context is current
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Compiles the shaders and creates buffers; throws std::runtime_error with the GL log.
  void initialize();
  bool initialized() const;
  void release();

  Style& style();

  // positions: n * 2 floats; arcs: (tail, head) pairs of node indices. An undirected graph
  // passes each edge once. Replaces the previous graph and clears the highlight.
  void set_graph(const std::vector<float>& positions, const std::vector<std::int32_t>& arcs, bool directed);
  // A path (source ... target) or, with closed = true, a tour that returns to its first stop.
  void set_highlight(const std::vector<std::int32_t>& nodes, bool closed);
  // A node set drawn in the highlight colour (the path colour), with the arcs whose both ends
  // are in it; the rest of the graph is dimmed. Independent of the path: both may show.
  // Indices outside the graph are ignored; empty clears the set. set_graph clears it too.
  void set_node_set(const std::vector<std::int32_t>& nodes);
  // One colour per node in place of the style's node colour (alpha 0: the node is not drawn);
  // empty for the style's colour. A highlight dims them as it dims the style's colour.
  // set_graph clears them.
  void set_node_colours(const std::vector<Rgba>& colours);
  // Markers for a chosen source before its target is known; -1 for none.
  void set_markers(std::int32_t source, std::int32_t target);
  void set_arc_mode(ArcMode mode);
  ArcMode arc_mode() const;
  // At least 1; a view with more arcs than this, or whose arcs are longer on screen than
  // `pixels` in all, draws a stable random sample of them that frame (whole tiers of the draw
  // order; part of the first tier when even that overflows, at least one arc), and the rest
  // in the following frames while the view stays the same: render() until
  // last_frame().complete.
  void set_arc_budget(std::int64_t arcs, double pixels = kDefaultArcPixelBudget);
  std::int64_t arc_budget() const;
  double arc_pixel_budget() const;
  void set_node_budget(std::int64_t nodes);
  std::int64_t node_budget() const;

  // World bounds of the graph (min and max corner); a unit box when empty.
  Point bounds_min() const;
  Point bounds_max() const;
  // Typical arc length in world units (the median), for sizes that follow the zoom.
  double typical_arc_length() const;
  // The disc radius used at this zoom, in logical pixels (front ends pick nodes with it).
  float node_radius_px(const Camera& camera) const;
  // The source and target markers' radius with their rim, in logical pixels: labels keep
  // out of it, so a marker is never covered.
  float marker_radius_px(const Camera& camera) const;

  // Draws into the bound framebuffer of framebuffer_width x framebuffer_height device pixels
  // (logical size times the device pixel ratio; the camera holds the logical size). Before
  // set_graph it draws the background alone: a window may show its first frame before its
  // graph has loaded. Draws at most arc_budget() arcs; complete = true draws them all.
  void render(const Camera& camera, int framebuffer_width, int framebuffer_height, bool complete = false);
  // Only the background colour, over the whole framebuffer: a front end with nothing on stage.
  void clear(int framebuffer_width, int framebuffer_height);
  const FrameDetail& last_frame() const;
  // Arcs shorter than this on screen are left out: kMinArcPx, or zoomed out a node point's size.
  double min_arc_px(const Camera& camera) const;
  // Zoomed out (or over the node budget), nodes are thinned to one per cell of this side
  // (world units); 0 when every node in view is drawn.
  double node_cell(const Camera& camera) const;
  // What the finished picture with this camera holds (indices of set_graph's arc pairs and
  // nodes; frames over the budget draw it in parts; none with arcs hidden): every
  // arc that crosses the view and is at least min_arc_px long on screen; every node in view,
  // or zoomed out one in every occupied node_cell; and some just outside (culling goes by
  // cells).
  std::vector<std::int32_t> arcs_in_view(const Camera& camera) const;
  std::vector<std::int32_t> nodes_in_view(const Camera& camera) const;

  // Renders the complete picture at width x height into an offscreen framebuffer and returns
  // RGBA rows, top row first. The camera should already have that viewport.
  std::vector<std::uint8_t> render_to_rgba(const Camera& camera, int width, int height);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pathscope::render
