#pragma once
// One entry point for every input: a file path (format by extension or content, or named),
// or a generator spec such as "random:n=12529,deg=20,seed=1".
#include <cstdint>
#include <limits>
#include <string>

#include "pathscope/filter/graph_filter.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/io/load_report.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

// How connection strengths (synapse counts) become path lengths.
enum class EdgeCostRule {
  Weight,    // the number in the file is the cost (road lengths)
  Hops,      // every arc costs 1
  Inverse,   // 1 / w: strong connections are short
  MaxMinus,  // max(w) - w + 1: integer costs, strongest = 1
};

struct LoadOptions {
  std::string format;               // empty: by extension/content; else a graph format's name
                                    // from file_formats.hpp ("dimacs", "edge-table", ...)
  EdgeCostRule cost_rule = EdgeCostRule::Weight;
  // Edge tables: drop connections weaker than this. By default none: a negative weight is a
  // cost like any other, never a reason to drop a row unasked.
  double min_weight = -std::numeric_limits<double>::infinity();
  // Connection tables: drop connections of fewer synapses than this, counted per pair after a
  // pair's rows are summed. -1: the format's default, 5 for FlyWire Codex exports (Codex's own
  // threshold) and 0 elsewhere; what was dropped and why is one of the load report's notes.
  std::int64_t min_synapses = -1;
  // Edge tables: columns by header name or 0-based index; empty = first, second, third.
  std::string source_column, target_column, weight_column;
  // Node-link JSON, GraphML, GEXF, GML, Pajek: the edge attribute that holds the cost (osmnx
  // writes "length"). Empty: "weight" when the file has it, else every edge costs 1; named: an
  // edge without it is an error.
  std::string weight_attribute;
  std::string node_table;           // optional CSV with ids/names and positions; "-": standard input
  bool force_undirected = false;    // treat every row as an edge in both directions
  double dense_no_arc = 1e6;        // dense matrices: entries >= this mean "no arc"
  // Dense matrices: 0 off the diagonal means "no arc" unless this is set, as in the adjacency
  // matrices networkx and numpy write (nx.to_numpy_array), where a 0-cost arc would make
  // every distance through it wrong.
  bool dense_zero_is_arc = false;
  std::int64_t max_nodes = 100'000'000;   // sanity limits checked before allocating
  std::int64_t max_arcs = 2'000'000'000;
  // Compressed inputs: the most bytes one may inflate to before it is refused as a compression
  // bomb. 0: 100 times its compressed size, and at least 64 MiB (real tables shrink 3 to 20
  // times; a gzip bomb 1,000 times). A 40 GB table that shrank 400 times needs 40e9 here.
  std::int64_t max_decompressed_bytes = 0;
  // The longest single value a reader holds: an XML tag with its attribute values, an element's
  // text, a JSON string. No graph file needs more; it bounds what a hostile file makes us hold.
  std::int64_t max_value_bytes = std::int64_t{16} << 20;
  // Applied once the file is read (--keep-nodes, --keep-arcs): only the nodes and arcs it
  // keeps are loaded, and the report says what it dropped (LoadReport::filter).
  GraphFilter keep;
};

struct LoadedGraph {
  Graph graph;
  LoadReport report;
};

// spec "-" reads standard input, in the format options.format names or else the one its
// content shows (no sibling files). Throws ParseError ("FILE:LINE: message") for bad input and
// Error for unreadable files; Cancelled within one piece of input (64 KiB) of a cancel request
// on `job`, whichever reader is reading.
LoadedGraph load_graph(const std::string& spec, const LoadOptions& options = {}, const JobContext& job = {});

// "weight", "hops", "inverse", "max-minus"; throws Error naming the accepted words.
EdgeCostRule parse_edge_cost_rule(const std::string& word);

}  // namespace pathscope
