// Paths rebuilt from a memory-mapped table: the same tight-arc walk as the in-memory matrix
// (paths/tight_path.hpp), over cells read in place.
#include "pathscope/paths/saved_table_path.hpp"

#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "paths/tight_path.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

// D[u][t] of a whole-number table, exactly (int64 cells beyond 2^53 too).
template <class T>
T raw_cell(const SavedTable& table, std::int32_t u, std::int32_t t) {
  T x;
  table.copy_cell(u, t, &x);
  return x;
}

template <class T>
std::optional<std::vector<std::int64_t>> whole_number_walk(const Graph& g, const SavedTable& table, std::int32_t s,
                                                           std::int32_t t, T unreachable) {
  return paths::tight_path_search(g, s, t, [&](std::int32_t u, std::int32_t k, double w) {
    const T dk = raw_cell<T>(table, k, t);
    if (dk == unreachable) return false;
    // Costs are whole numbers wherever a whole-number table was computed for them.
    const auto whole = static_cast<std::int64_t>(w);
    return static_cast<double>(whole) == w &&
           whole + static_cast<std::int64_t>(dk) == static_cast<std::int64_t>(raw_cell<T>(table, u, t));
  });
}

std::optional<std::vector<std::int64_t>> walk(const Graph& g, const SavedTable& table, std::int32_t s, std::int32_t t) {
  switch (table.type()) {
    case DistType::Hop16:
      return paths::tight_path_search(g, s, t, [&](std::int32_t u, std::int32_t k, double) {
        const auto dk = raw_cell<std::uint16_t>(table, k, t);
        return dk != kUnreachableU16 && dk + 1 == raw_cell<std::uint16_t>(table, u, t);
      });
    case DistType::Int32:
      return whole_number_walk<std::int32_t>(g, table, s, t, kUnreachableI32);
    case DistType::Int64:
      return whole_number_walk<std::int64_t>(g, table, s, t, kUnreachableI64);
    case DistType::Float32:
      for (const double rel : paths::kFloatTightTolerances) {
        auto found = paths::tight_path_search(g, s, t, [&](std::int32_t u, std::int32_t k, double w) {
          return paths::float_tight(w, table.cell(k, t), table.cell(u, t), rel);
        });
        if (found) return found;
      }
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

Path path_from_saved_table(const Graph& g, const SavedTable& table, std::int32_t s, std::int32_t t) {
  if (table.n() != g.n)
    throw Error(table.path() + " has " + std::to_string(table.n()) + " rows but the graph has " + std::to_string(g.n) +
                " nodes");
  for (const auto& [x, role] : {std::pair{s, "source"}, std::pair{t, "target"}}) {
    if (x < 0 || x >= g.n)
      throw Error(std::string("path ") + role + " " + std::to_string(x) + " is not a node index (the graph has " +
                  std::to_string(g.n) + " nodes)");
  }
  Path unreachable;
  unreachable.source = s;
  unreachable.target = t;
  if (std::isinf(table.cell(s, t))) return unreachable;
  if (auto arcs = walk(g, table, s, t)) return paths::path_of_arcs(g, s, t, *arcs);
  std::ostringstream length;
  length << table.cell(s, t);
  throw Error(table.path() + " does not hold this graph's shortest distances: no arc from " + g.label(s) +
              " continues a path of length " + length.str() + " to " + g.label(t) +
              " (was it computed with other costs, or for another graph with as many nodes?)");
}

}  // namespace pathscope
