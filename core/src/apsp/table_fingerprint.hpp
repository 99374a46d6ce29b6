#pragma once
// What ties a saved all-pairs table to its graph: a small text file beside it, "D.npy" ->
// "D.npy.fingerprint". numpy refuses extra keys in a .npy header, so the table itself stays a
// plain .npy and the fingerprint lives beside it; NpyMatrixWriter writes both and renames them
// together (the table last), SavedTable reads it and check_matches() compares.
#include <cstdint>
#include <optional>
#include <string>

#include "pathscope/graph/distance.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::detail {

struct TableFingerprint {
  std::int64_t nodes = 0;
  DistType dist = DistType::Int32;
  std::string graph_sha256;  // graph_fingerprint() of the graph the table was computed on
};

std::string table_fingerprint_path(const std::string& table_path);

// SHA-256 (hex) of everything a distance depends on: the node count, each node's label (so
// the same numbers under other ids differ), every arc (tail, head, cost) and the self-loops.
// Costs are those after the cost rule, so one file loaded with two rules gives two prints.
std::string graph_fingerprint(const Graph& g);

// The file's text for a table of g in `dist`.
std::string table_fingerprint_text(const Graph& g, DistType dist);

// Nothing when the table has no fingerprint file (written before fingerprints, or by another
// program); throws ParseError naming the file and line for one that is not ours.
std::optional<TableFingerprint> read_table_fingerprint(const std::string& table_path);

}  // namespace pathscope::detail
