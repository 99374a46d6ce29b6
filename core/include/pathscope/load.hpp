#pragma once
// One entry point for every input: a file path (format by extension or content, or named),
// or a generator spec such as "random:n=12529,deg=20,seed=1".
#include <cstdint>
#include <string>

#include "pathscope/graph.hpp"
#include "pathscope/load_report.hpp"

namespace pathscope {

// How connection strengths (synapse counts) become path lengths.
enum class EdgeCostRule {
  Weight,    // the number in the file is the cost (road lengths)
  Hops,      // every arc costs 1
  Inverse,   // 1 / w: strong connections are short
  MaxMinus,  // max(w) - w + 1: integer costs, strongest = 1
};

struct LoadOptions {
  std::string format;               // empty: by extension/content; else "dimacs", "metis",
                                    // "edge-table", "json", "tsplib", "mtx", "dense"
  EdgeCostRule cost_rule = EdgeCostRule::Weight;
  double min_weight = 0;            // edge tables: drop connections weaker than this
  // Edge tables: columns by header name or 0-based index; empty = first, second, third.
  std::string source_column, target_column, weight_column;
  std::string node_table;           // optional CSV with ids/names and positions
  bool force_undirected = false;    // treat every row as an edge in both directions
  double dense_no_arc = 1e6;        // dense matrices: entries >= this mean "no arc"
  std::int64_t max_nodes = 100'000'000;   // sanity limits checked before allocating
  std::int64_t max_arcs = 2'000'000'000;
};

struct LoadedGraph {
  Graph graph;
  LoadReport report;
};

// Throws ParseError ("FILE:LINE: message") for bad input and Error for unreadable files.
LoadedGraph load_graph(const std::string& spec, const LoadOptions& options = {});

// "weight", "hops", "inverse", "max-minus"; throws Error naming the accepted words.
EdgeCostRule parse_edge_cost_rule(const std::string& word);

}  // namespace pathscope
