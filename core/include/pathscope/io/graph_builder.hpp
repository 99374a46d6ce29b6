#pragma once
// Collects arcs in any order and turns them into a Graph with the load policy every reader
// shares: self-loops kept apart from the arcs (Graph::self_loops, the cheapest per node),
// parallel arcs merged keeping the minimum (or, with keep_extra_arcs, set aside whole in
// Graph::extra_arcs), both counted. Arcs are held in fixed-size chunks, so growing never copies
// them or doubles their memory, and build() hands each chunk back as soon as its arcs are in
// the graph: the peak is the arcs once plus the graph's arrays. Per-record attributes cost
// memory only when a reader sets some.
#include <cstdint>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/io/load_report.hpp"

namespace pathscope {

class GraphBuilder {
 public:
  explicit GraphBuilder(std::int32_t node_count = 0) : n_(node_count) {}

  void set_node_count(std::int32_t n) { n_ = n; }
  std::int32_t node_count() const { return n_; }

  // Nodes are 0-based indices below node_count(); the caller checks ranges and reports
  // them with a line number, because only it knows the line.
  void add_arc(std::int32_t u, std::int32_t v, double w) {
    push({u, v, w});
    count_ += 1;
  }
  // An arc whose cost w was derived from a strength (a synapse count): the graph keeps the
  // strength of each arc it keeps (Graph::arc_strengths). Use this form for every arc or none.
  void add_arc(std::int32_t u, std::int32_t v, double w, double strength) {
    push_strength(strength);
    add_arc(u, v, w);
  }
  // Both arcs u -> v and v -> u, held as one record until build() (half the memory of two
  // arcs for an undirected file).
  void add_edge(std::int32_t u, std::int32_t v, double w) {
    push({u, ~v, w});
    count_ += 2;
  }
  void add_edge(std::int32_t u, std::int32_t v, double w, double strength) {
    push_strength(strength);
    add_edge(u, v, w);
  }
  std::int64_t pending_arcs() const { return count_; }

  // Values per record (one add_arc or add_edge call, in call order): element i belongs to the
  // i-th record. A reader sets those of record_count() - 1 right after adding it (set_widened
  // in io/attribute_values.hpp grows the columns); build() hands them to
  // Graph::arc_attributes, an undirected edge's values on both of its arcs.
  AttributeTable& record_attributes() { return record_attributes_; }
  std::int64_t record_count() const { return records_; }
  // On: parallel arcs beyond the cheapest of their pair and self-loops beyond the cheapest of
  // their node go to Graph::extra_arcs (an undirected edge once, tail <= head) with their
  // strengths and attributes, for writers to give back; engines still walk only the cheapest.
  // Off (the default): they are merged away and the report counts them.
  void keep_extra_arcs(bool keep) { keep_extra_arcs_ = keep; }

  // Builds the CSR graph and adds the drop counts to report. directed=false only marks the
  // graph as undirected (callers add both arcs themselves with add_edge).
  Graph build(bool directed, LoadReport& report);

 private:
  struct Arc {
    std::int32_t u, v;  // v < 0: an edge, both ways, to ~v
    double w;
  };
  void push(const Arc& arc) {
    if (arcs_.empty() || arcs_.back().size() == kChunkArcs) arcs_.emplace_back();
    arcs_.back().push_back(arc);
    ++records_;
  }
  void push_strength(double strength) {
    if (strengths_.empty() || strengths_.back().size() == kChunkArcs) strengths_.emplace_back();
    strengths_.back().push_back(strength);
    ++strength_count_;
  }
  static constexpr std::size_t kChunkArcs = std::size_t{1} << 16;
  std::int32_t n_;
  std::vector<std::vector<Arc>> arcs_;         // chunks of kChunkArcs records, the last one filling
  std::vector<std::vector<double>> strengths_;  // none, or one per record, chunked alike
  std::int64_t count_ = 0;                      // arcs (an edge is two)
  std::int64_t records_ = 0, strength_count_ = 0;
  AttributeTable record_attributes_;
  bool keep_extra_arcs_ = false;
};

}  // namespace pathscope
