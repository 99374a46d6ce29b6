#include "pathscope/io/graph_builder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "io/load_cancel.hpp"
#include "io/readers.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

struct RowArc {
  std::int32_t v;
  std::int32_t record;  // only when records are tracked
  double w, strength;
};

std::string counted(std::int64_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

}  // namespace

// Counting sort by tail straight into the graph's arrays, a chunk at a time (each chunk freed
// once placed); then each row sorted by head and cost so that the first arc of every run of
// parallel arcs is the cheapest, which is kept, and the rows compacted in place. Linear but for
// the sort within each row, which rows already in order skip. When records are tracked
// (attributes or extra arcs), the sort is stable: placing is in record order, so of arcs of
// equal cost the first record wins, the same one in both rows of an undirected edge.
Graph GraphBuilder::build(bool directed, LoadReport& report) {
  Graph g;
  g.n = n_;
  g.directed = directed;
  report.undirected_input = report.undirected_input || !directed;
  const bool with_strength = strength_count_ > 0;
  if (with_strength && strength_count_ != records_) throw Error("internal: arcs with and without strengths mixed");
  const bool with_attributes = !record_attributes_.empty();
  const bool track = with_attributes || keep_extra_arcs_;
  // Records are numbered in 32 bits, as AttributeTable::subset numbers elements.
  if (track && records_ > static_cast<std::int64_t>(std::numeric_limits<std::int32_t>::max()))
    throw Error("more than " + std::to_string(std::numeric_limits<std::int32_t>::max()) +
                " edges with attributes or parallel edges kept: too many to keep them");
  const auto n = static_cast<std::size_t>(n_);

  std::vector<std::int64_t> start(n + 1, 0);
  // An undirected self-loop is placed once: both of its arcs are the same arc. The report
  // still counts it as two, as it counts every undirected edge.
  std::int64_t undirected_loops = 0;
  // A cancelled load stops here too, a chunk or a block of rows at a time (io/load_cancel.hpp).
  for (const auto& chunk : arcs_) {
    io::check_load_cancel();
    for (const Arc& a : chunk) {
      const std::int32_t v = a.v < 0 ? ~a.v : a.v;
      if (a.u < 0 || a.u >= n_ || v >= n_)
        throw Error("internal: arc " + std::to_string(a.u) + "->" + std::to_string(v) + " outside 0.." +
                    std::to_string(n_ - 1));
      ++start[static_cast<std::size_t>(a.u) + 1];
      if (a.v < 0 && v == a.u) ++undirected_loops;
      else if (a.v < 0) ++start[static_cast<std::size_t>(v) + 1];
    }
  }
  for (std::size_t u = 0; u < n; ++u) start[u + 1] += start[u];
  const auto m = static_cast<std::size_t>(start[n]);
  g.heads.resize(m);
  g.weights.resize(m);
  if (with_strength) g.arc_strengths.resize(m);
  std::vector<std::int32_t> record_of(track ? m : 0);
  {
    std::vector<std::int64_t> fill(start.begin(), start.end() - 1);
    std::int32_t record = 0;
    const auto place = [&](std::int32_t tail, std::int32_t head, double w, double strength) {
      const auto at = static_cast<std::size_t>(fill[tail]++);
      g.heads[at] = head;
      g.weights[at] = w;
      if (with_strength) g.arc_strengths[at] = strength;
      if (track) record_of[at] = record;
    };
    for (std::size_t c = 0; c < arcs_.size(); ++c) {
      io::check_load_cancel();
      for (std::size_t i = 0; i < arcs_[c].size(); ++i, ++record) {
        const Arc& a = arcs_[c][i];
        const double strength = with_strength ? strengths_[c][i] : 0.0;
        if (a.v < 0) {
          place(a.u, ~a.v, a.w, strength);
          if (~a.v != a.u) place(~a.v, a.u, a.w, strength);
        } else {
          place(a.u, a.v, a.w, strength);
        }
      }
      std::vector<Arc>().swap(arcs_[c]);
      if (with_strength) std::vector<double>().swap(strengths_[c]);
    }
  }
  const std::int64_t records = records_;
  arcs_ = {};
  strengths_ = {};
  count_ = records_ = strength_count_ = 0;

  std::int64_t loops = 0, merged = 0, extra_parallel = 0, extra_loops = 0;
  std::vector<std::int32_t> loop_records, extra_records;
  g.offsets.assign(n + 1, 0);
  std::size_t out = 0;
  std::vector<RowArc> row;
  for (std::size_t u = 0; u < n; ++u) {
    if (u % 4096 == 0) io::check_load_cancel();
    const auto first = static_cast<std::size_t>(start[u]), last = static_cast<std::size_t>(start[u + 1]);
    row.clear();
    for (std::size_t a = first; a < last; ++a) {
      row.push_back({g.heads[a], track ? record_of[a] : 0, g.weights[a], with_strength ? g.arc_strengths[a] : 0.0});
    }
    const auto by_head_then_cost = [](const RowArc& a, const RowArc& b) { return a.v != b.v ? a.v < b.v : a.w < b.w; };
    // Rows that arrive in order (a complete graph's, a dense matrix's, most sorted files') cost
    // one pass, not d log d: TSPLIB's 4,000-city graph spent a quarter of its load sorting.
    if (!std::is_sorted(row.begin(), row.end(), by_head_then_cost)) {
      if (track) std::stable_sort(row.begin(), row.end(), by_head_then_cost);
      else std::sort(row.begin(), row.end(), by_head_then_cost);
    }
    const auto tail = static_cast<std::int32_t>(u);
    for (std::size_t i = 0; i < row.size(); ++i) {
      const RowArc& a = row[i];
      const bool repeated = i > 0 && row[i - 1].v == a.v;
      if (a.v == tail) {
        ++loops;
        if (!repeated) {
          g.self_loops.push_back({tail, a.w});
          if (with_attributes) loop_records.push_back(a.record);
        } else if (keep_extra_arcs_) {
          ++extra_loops;
          g.extra_arcs.push_back({tail, a.v, a.w, a.strength});
          if (with_attributes) extra_records.push_back(a.record);
        }
        continue;
      }
      if (repeated) {
        if (!keep_extra_arcs_) {
          ++merged;
        } else if (directed || tail < a.v) {  // an undirected edge once, from its lower end
          ++extra_parallel;
          g.extra_arcs.push_back({tail, a.v, a.w, a.strength});
          if (with_attributes) extra_records.push_back(a.record);
        }
        continue;
      }
      g.heads[out] = a.v;  // out <= first: rows only shrink, and this row is in `row` already
      g.weights[out] = a.w;
      if (with_strength) g.arc_strengths[out] = a.strength;
      if (with_attributes) record_of[out] = a.record;
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
  if (with_attributes) {
    record_of.resize(out);
    record_of.insert(record_of.end(), loop_records.begin(), loop_records.end());
    record_of.insert(record_of.end(), extra_records.begin(), extra_records.end());
    loop_records = {};
    extra_records = {};
    // Readers grow columns by doubling and leave records without a value short: every column
    // is made exactly one element per record before the values are picked.
    for (auto& column : record_attributes_.columns) column.resize(static_cast<std::size_t>(records));
    g.arc_attributes = record_attributes_.subset(record_of);
  }
  record_attributes_ = {};

  mark_weight_kinds(g);
  report.parallel_arcs_dropped += merged;
  if (merged > 0) {
    report.notes.push_back(counted(merged, "parallel arc", "parallel arcs") +
                           " merged into the cheapest of their pair" +
                           (with_attributes ? ", whose attributes were kept" : ""));
  }
  if (extra_parallel + extra_loops > 0) {
    std::string what = extra_parallel > 0 ? counted(extra_parallel, directed ? "parallel arc" : "parallel edge",
                                                    directed ? "parallel arcs" : "parallel edges")
                                          : std::string();
    if (extra_loops > 0) what += (what.empty() ? "" : " and ") + counted(extra_loops, "repeated self-loop", "repeated self-loops");
    report.notes.push_back(what + " kept apart for writers; paths use the cheapest of each pair");
  }
  loops += undirected_loops;  // placed once each, counted as the two arcs of an edge
  if (loops > 0) {
    report.self_loops += loops;
    report.notes.push_back(counted(loops, "self-loop", "self-loops") +
                           " kept as node attributes; they never shorten a path" +
                           (g.negative_self_loop_node() >= 0 ? ", but a negative one is a negative cycle" : ""));
  }
  return g;
}

}  // namespace pathscope
