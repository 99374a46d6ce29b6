#include "pathscope/graph_builder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "io/readers.hpp"
#include "pathscope/error.hpp"

namespace pathscope {

namespace {

struct StrengthArc {
  std::int32_t u, v;
  double w, strength;
};

// Buckets arcs by tail (counting sort), then sorts each row by head and cost so that the first
// arc of every run of parallel arcs is the cheapest one; keeps that one. Counts into `loops`.
template <typename ArcT>
void fill_rows(std::vector<ArcT> arcs, std::int32_t n, Graph& g, LoadReport& report, std::int64_t& loops) {
  std::vector<std::int64_t> start(static_cast<std::size_t>(n) + 1, 0);
  for (const auto& a : arcs) {
    if (a.u < 0 || a.u >= n || a.v < 0 || a.v >= n)
      throw Error("internal: arc " + std::to_string(a.u) + "->" + std::to_string(a.v) + " outside 0.." +
                  std::to_string(n - 1));
    ++start[a.u + 1];
  }
  for (std::int32_t u = 0; u < n; ++u) start[u + 1] += start[u];
  std::vector<ArcT> sorted(arcs.size());
  {
    std::vector<std::int64_t> fill(start.begin(), start.end() - 1);
    for (const auto& a : arcs) sorted[fill[a.u]++] = a;
  }
  arcs.clear();
  arcs.shrink_to_fit();

  constexpr bool with_strength = std::is_same_v<ArcT, StrengthArc>;
  g.offsets.assign(static_cast<std::size_t>(n) + 1, 0);
  g.heads.reserve(sorted.size());
  g.weights.reserve(sorted.size());
  if constexpr (with_strength) g.arc_strengths.reserve(sorted.size());
  for (std::int32_t u = 0; u < n; ++u) {
    auto first = sorted.begin() + start[u], last = sorted.begin() + start[u + 1];
    std::sort(first, last, [](const ArcT& a, const ArcT& b) { return a.v != b.v ? a.v < b.v : a.w < b.w; });
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
      if constexpr (with_strength) g.arc_strengths.push_back(it->strength);
    }
    g.offsets[u + 1] = static_cast<std::int64_t>(g.heads.size());
  }
}

}  // namespace

Graph GraphBuilder::build(bool directed, LoadReport& report) {
  Graph g;
  g.n = n_;
  g.directed = directed;
  report.undirected_input = report.undirected_input || !directed;
  std::int64_t loops = 0;
  if (strengths_.empty()) {
    fill_rows(std::move(arcs_), n_, g, report, loops);
  } else {
    if (strengths_.size() != arcs_.size()) throw Error("internal: arcs with and without strengths mixed");
    std::vector<StrengthArc> arcs(arcs_.size());
    for (std::size_t i = 0; i < arcs.size(); ++i) arcs[i] = {arcs_[i].u, arcs_[i].v, arcs_[i].w, strengths_[i]};
    arcs_ = {};
    strengths_ = {};
    fill_rows(std::move(arcs), n_, g, report, loops);
  }
  arcs_ = {};

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
