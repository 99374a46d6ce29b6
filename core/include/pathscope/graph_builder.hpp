#pragma once
// Collects arcs in any order and turns them into a Graph with the load policy every reader
// shares: self-loops kept apart from the arcs (Graph::self_loops, the cheapest per node),
// parallel arcs merged keeping the minimum, both counted.
#include <cstdint>
#include <vector>

#include "pathscope/graph.hpp"
#include "pathscope/load_report.hpp"

namespace pathscope {

class GraphBuilder {
 public:
  explicit GraphBuilder(std::int32_t node_count = 0) : n_(node_count) {}

  void set_node_count(std::int32_t n) { n_ = n; }
  std::int32_t node_count() const { return n_; }
  void reserve(std::int64_t arcs) { arcs_.reserve(static_cast<std::size_t>(arcs)); }
  void reserve_strengths(std::int64_t arcs) { strengths_.reserve(static_cast<std::size_t>(arcs)); }

  // Nodes are 0-based indices below node_count(); the caller checks ranges and reports
  // them with a line number, because only it knows the line.
  void add_arc(std::int32_t u, std::int32_t v, double w) { arcs_.push_back({u, v, w}); }
  // An arc whose cost w was derived from a strength (a synapse count): the graph keeps the
  // strength of each arc it keeps (Graph::arc_strengths). Use this form for every arc or none.
  void add_arc(std::int32_t u, std::int32_t v, double w, double strength) {
    arcs_.push_back({u, v, w});
    strengths_.push_back(strength);
  }
  void add_edge(std::int32_t u, std::int32_t v, double w) {
    add_arc(u, v, w);
    add_arc(v, u, w);
  }
  void add_edge(std::int32_t u, std::int32_t v, double w, double strength) {
    add_arc(u, v, w, strength);
    add_arc(v, u, w, strength);
  }
  std::int64_t pending_arcs() const { return static_cast<std::int64_t>(arcs_.size()); }

  // Builds the CSR graph and adds the drop counts to report. directed=false only marks the
  // graph as undirected (callers add both arcs themselves with add_edge).
  Graph build(bool directed, LoadReport& report);

 private:
  struct Arc {
    std::int32_t u, v;
    double w;
  };
  std::int32_t n_;
  std::vector<Arc> arcs_;
  std::vector<double> strengths_;  // empty, or one per arc of arcs_
};

}  // namespace pathscope
