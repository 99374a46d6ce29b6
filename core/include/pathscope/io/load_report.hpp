#pragma once
// What a reader tells the person about what it did to their file.
#include <cstdint>
#include <string>
#include <vector>

namespace pathscope {

struct LoadReport {
  std::string source;               // file path or generator spec
  std::string format;               // "dimacs-gr", "metis", "edge-table", ...
  std::int64_t lines_read = 0;
  std::int64_t records_read = 0;    // arcs/edges/rows as listed in the file
  bool undirected_input = false;    // edges became two arcs each
  // Counted in arcs: an undirected edge counts twice.
  std::int64_t self_loops = 0;             // kept off the arcs, as Graph::self_loops
  std::int64_t parallel_arcs_dropped = 0;  // merged into an arc of minimum cost
  std::int64_t below_min_weight_dropped = 0;
  std::vector<std::string> notes;   // anything else worth saying, one sentence each
  // LoadOptions::keep, when given: FilterSummary::text() ("kept 812 of 2,952 nodes ..."), else "".
  std::string filter;
};

}  // namespace pathscope
