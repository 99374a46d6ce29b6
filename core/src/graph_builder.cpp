#include "pathscope/graph_builder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "io/readers.hpp"
#include "pathscope/error.hpp"

namespace pathscope {

Graph GraphBuilder::build(bool directed, LoadReport& report) {
  Graph g;
  g.n = n_;
  g.directed = directed;
  report.undirected_input = report.undirected_input || !directed;

  // Bucket arcs by tail (counting sort), then sort each row by head and cost so that the
  // first arc of every run of parallel arcs is the cheapest one.
  std::vector<std::int64_t> start(static_cast<std::size_t>(n_) + 1, 0);
  for (const auto& a : arcs_) {
    if (a.u < 0 || a.u >= n_ || a.v < 0 || a.v >= n_)
      throw Error("internal: arc " + std::to_string(a.u) + "->" + std::to_string(a.v) + " outside 0.." +
                  std::to_string(n_ - 1));
    ++start[a.u + 1];
  }
  for (std::int32_t u = 0; u < n_; ++u) start[u + 1] += start[u];
  std::vector<Arc> sorted(arcs_.size());
  {
    std::vector<std::int64_t> fill(start.begin(), start.end() - 1);
    for (const auto& a : arcs_) sorted[fill[a.u]++] = a;
  }
  arcs_.clear();
  arcs_.shrink_to_fit();

  g.offsets.assign(static_cast<std::size_t>(n_) + 1, 0);
  g.heads.reserve(sorted.size());
  g.weights.reserve(sorted.size());
  std::int64_t loops = 0;
  for (std::int32_t u = 0; u < n_; ++u) {
    auto first = sorted.begin() + start[u], last = sorted.begin() + start[u + 1];
    std::sort(first, last, [](const Arc& a, const Arc& b) { return a.v != b.v ? a.v < b.v : a.w < b.w; });
    for (auto it = first; it != last; ++it) {
      if (it->v == u) {
        ++loops;
        if (g.self_loops.empty() || g.self_loops.back().node != u) g.self_loops.push_back({u, it->w});
        continue;
      }
      if (it != first && std::prev(it)->v == it->v) {
        ++report.parallel_arcs_dropped;
        continue;
      }
      g.heads.push_back(it->v);
      g.weights.push_back(it->w);
    }
    g.offsets[u + 1] = static_cast<std::int64_t>(g.heads.size());
  }

  io::mark_weight_kinds(g);
  if (loops > 0) {
    report.self_loops += loops;
    report.notes.push_back(std::to_string(loops) + (loops == 1 ? " self-loop" : " self-loops") +
                           " kept as node attributes; they never shorten a path" +
                           (g.negative_self_loop_node() >= 0 ? ", but a negative one is a negative cycle" : ""));
  }
  return g;
}

}  // namespace pathscope
