#pragma once
// Single-source distances written for scripts (`distances`): by the file's extension,
// .npy (float64, shape (n,), in node index order, +inf where unreachable) or .tsv / .csv (index,
// id, name when the graph has names, distance; "inf" where unreachable; whole numbers as
// integers). Written through AtomicFile.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// True when write_distances can write `file` (by its extension).
bool is_distance_file_name(const std::string& file);
// Throws Error naming the file for another extension or a failed write.
void write_distances(const std::string& file, const Graph& g, const std::vector<double>& distances);

}  // namespace pathscope
