#pragma once
// The frame-time benchmark both front ends run (`--bench-frames N`): one fixed camera path over
// the graph's bounds, the same in the explorer and the demo, and one summary of the times.
#include <string>
#include <vector>

#include "pathscope_render/camera.hpp"

namespace pathscope::render {

// Frame i of n (0-based): from the whole graph in view, zoom in 32x towards a point off the
// centre, pan across at that zoom, then zoom back out past the start. The camera keeps its
// viewport; only centre and scale change.
void bench_camera(Camera& camera, Point lo, Point hi, int frame, int frames);

struct FrameTimes {
  int frames = 0;
  double median_ms = 0, p95_ms = 0, max_ms = 0, mean_ms = 0;
};
FrameTimes summarize_frame_times(std::vector<double> milliseconds);

// {"frontend": ..., "graph": ..., "nodes": n, "arcs": m, "width": w, "height": h, "frames": N,
//  "median_ms": ..., "p95_ms": ..., "max_ms": ..., "mean_ms": ..., "gl_renderer": ...}
// on one line, for scripts; `extra_fields`, when given, is appended inside the object as is
// ("\"race\": ...": what else the front end measured beside the frames).
std::string frame_times_json(const std::string& frontend, const std::string& graph, long long nodes, long long arcs,
                             int width, int height, const FrameTimes& t, const std::string& gl_renderer,
                             const std::string& extra_fields = {});

// "\"arc_budget\": ..., \"arcs_drawn_max\": ..., \"last_frame\": {...}": the budget a frame had, the
// most arcs one bench frame drew, and the last frame's detail (FrameDetail), for frame_times_json's
// extra_fields.
struct FrameDetail;
std::string frame_detail_fields(long long arcs_drawn_max, const FrameDetail& last);

// The driver's name of the current context's renderer ("llvmpipe ...", "NVIDIA H100 ...").
std::string current_gl_renderer();

}  // namespace pathscope::render
