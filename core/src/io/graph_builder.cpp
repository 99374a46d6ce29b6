#include "pathscope/io/graph_builder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "io/load_cancel.hpp"
#include "io/readers.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

struct RowArc {
  std::int32_t v;
  double w, strength;
};

}  // namespace

// Counting sort by tail straight into the graph's arrays, a chunk at a time (each chunk freed
// once placed); then each row sorted by head and cost so that the first arc of every run of
// parallel arcs is the cheapest, which is kept, and the rows compacted in place. Linear but for
// the sort within each row, which rows already in order skip.
Graph GraphBuilder::build(bool directed, LoadReport& report) {
  Graph g;
  g.n = n_;
  g.directed = directed;
  report.undirected_input = report.undirected_input || !directed;
  const bool with_strength = strength_count_ > 0;
  if (with_strength && strength_count_ != records_) throw Error("internal: arcs with and without strengths mixed");
  const auto n = static_cast<std::size_t>(n_);
  const auto m = static_cast<std::size_t>(count_);

  std::vector<std::int64_t> start(n + 1, 0);
  // A cancelled load stops here too, a chunk or a block of rows at a time (io/load_cancel.hpp).
  for (const auto& chunk : arcs_) {
    io::check_load_cancel();
    for (const Arc& a : chunk) {
      const std::int32_t v = a.v < 0 ? ~a.v : a.v;
      if (a.u < 0 || a.u >= n_ || v >= n_)
        throw Error("internal: arc " + std::to_string(a.u) + "->" + std::to_string(v) + " outside 0.." +
                    std::to_string(n_ - 1));
      ++start[static_cast<std::size_t>(a.u) + 1];
      if (a.v < 0) ++start[static_cast<std::size_t>(v) + 1];
    }
  }
  for (std::size_t u = 0; u < n; ++u) start[u + 1] += start[u];
  g.heads.resize(m);
  g.weights.resize(m);
  if (with_strength) g.arc_strengths.resize(m);
  {
    std::vector<std::int64_t> fill(start.begin(), start.end() - 1);
    const auto place = [&](std::int32_t tail, std::int32_t head, double w, double strength) {
      const auto at = static_cast<std::size_t>(fill[tail]++);
      g.heads[at] = head;
      g.weights[at] = w;
      if (with_strength) g.arc_strengths[at] = strength;
    };
    for (std::size_t c = 0; c < arcs_.size(); ++c) {
      io::check_load_cancel();
      for (std::size_t i = 0; i < arcs_[c].size(); ++i) {
        const Arc& a = arcs_[c][i];
        const double strength = with_strength ? strengths_[c][i] : 0.0;
        if (a.v < 0) {
          place(a.u, ~a.v, a.w, strength);
          place(~a.v, a.u, a.w, strength);
        } else {
          place(a.u, a.v, a.w, strength);
        }
      }
      std::vector<Arc>().swap(arcs_[c]);
      if (with_strength) std::vector<double>().swap(strengths_[c]);
    }
  }
  arcs_ = {};
  strengths_ = {};
  count_ = records_ = strength_count_ = 0;

  std::int64_t loops = 0;
  g.offsets.assign(n + 1, 0);
  std::size_t out = 0;
  std::vector<RowArc> row;
  for (std::size_t u = 0; u < n; ++u) {
    if (u % 4096 == 0) io::check_load_cancel();
    const auto first = static_cast<std::size_t>(start[u]), last = static_cast<std::size_t>(start[u + 1]);
    row.clear();
    for (std::size_t a = first; a < last; ++a) {
      row.push_back({g.heads[a], g.weights[a], with_strength ? g.arc_strengths[a] : 0.0});
    }
    const auto by_head_then_cost = [](const RowArc& a, const RowArc& b) { return a.v != b.v ? a.v < b.v : a.w < b.w; };
    // Rows that arrive in order (a complete graph's, a dense matrix's, most sorted files') cost
    // one pass, not d log d: TSPLIB's 4,000-city graph spent a quarter of its load sorting.
    if (!std::is_sorted(row.begin(), row.end(), by_head_then_cost)) std::sort(row.begin(), row.end(), by_head_then_cost);
    for (std::size_t i = 0; i < row.size(); ++i) {
      const RowArc& a = row[i];
      if (a.v == static_cast<std::int32_t>(u)) {
        ++loops;
        if (g.self_loops.empty() || g.self_loops.back().node != static_cast<std::int32_t>(u))
          g.self_loops.push_back({static_cast<std::int32_t>(u), a.w});
        continue;
      }
      if (i > 0 && row[i - 1].v == a.v) {
        ++report.parallel_arcs_dropped;
        continue;
      }
      g.heads[out] = a.v;  // out <= first: rows only shrink, and this row is in `row` already
      g.weights[out] = a.w;
      if (with_strength) g.arc_strengths[out] = a.strength;
      ++out;
    }
    g.offsets[u + 1] = static_cast<std::int64_t>(out);
  }
  start = {};
  g.heads.resize(out);
  g.weights.resize(out);
  if (with_strength) g.arc_strengths.resize(out);
  // Many dropped arcs (a file listing each edge both ways as an undirected graph): give the
  // room back. A few are not worth the copy.
  if (out < m - m / 8) {
    g.heads.shrink_to_fit();
    g.weights.shrink_to_fit();
    if (with_strength) g.arc_strengths.shrink_to_fit();
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
