#pragma once
// TSPLIB95 instances (.tsp) and tours (.opt.tour), with TSPLIB's own distance and rounding
// rules, so tour lengths match the published optima exactly.
#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/io/load.hpp"

namespace pathscope {

enum class TsplibType { Tsp, Atsp };

struct TsplibInstance {
  std::string name, comment;
  TsplibType type = TsplibType::Tsp;
  std::int32_t dimension = 0;                 // k, the number of cities
  std::string edge_weight_type;               // "EUC_2D", "CEIL_2D", "GEO", "ATT", "EXPLICIT", ...
  std::string edge_weight_format;             // for EXPLICIT: "FULL_MATRIX", "LOWER_DIAG_ROW", ...
  std::vector<std::int32_t> costs;            // k * k, row-major: costs[i * k + j] from city i to j
  // Positions: the NODE_COORD_SECTION, else the DISPLAY_DATA_SECTION, else none.
  int coord_dims = 0;                         // 0, 2 or 3
  std::vector<double> coords;                 // k * coord_dims, as written in the file
  bool coords_from_display_data = false;

  std::int32_t cost(std::int32_t i, std::int32_t j) const {
    return costs[static_cast<std::size_t>(i) * static_cast<std::size_t>(dimension) + j];
  }
  // Length of the closed tour visiting the 0-based cities in order.
  std::int64_t tour_length(const std::vector<std::int32_t>& tour) const;
};

// Distance rules of TSPLIB95 for coordinate types (EUC_2D, EUC_3D, CEIL_2D, MAN_2D, MAN_3D,
// MAX_2D, MAX_3D, GEO, ATT); a and b point at coord_dims numbers each.
std::int32_t tsplib_distance(const std::string& edge_weight_type, const double* a, const double* b);

// Throws ParseError naming the file and line. Limits: k <= max_nodes and k * k <= max_arcs.
TsplibInstance read_tsplib(const std::string& path, const LoadOptions& limits = {});
TsplibInstance read_tsplib(std::istream& in, const std::string& source_name, const LoadOptions& limits = {});

// The first tour of a .tour file as 0-based city indices; checked to be a permutation.
std::vector<std::int32_t> read_tsplib_tour(const std::string& path);
std::vector<std::int32_t> read_tsplib_tour(std::istream& in, const std::string& source_name);

// The complete directed graph on the k cities (no self-loops), ids 1..k, with positions.
Graph tsplib_to_graph(const TsplibInstance& instance);

}  // namespace pathscope
