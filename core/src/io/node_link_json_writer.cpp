// Writes node-link JSON as it goes, so a large graph never exists twice in memory as a
// JSON tree; nlohmann is only used to escape strings.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "pathscope/atomic_file.hpp"
#include "pathscope/node_link_json.hpp"

namespace pathscope {

namespace {

std::string json_string(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Shortest text that reads back as the same double.
std::string json_number(double value) {
  char text[40];
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    std::snprintf(text, sizeof text, "%.0f", value);
  } else {
    std::snprintf(text, sizeof text, "%.17g", value);
  }
  return text;
}

}  // namespace

void write_node_link_json(const std::string& path, const Graph& graph) {
  AtomicFile file(path);
  write_node_link_json(file, graph);
  file.commit();
}

void write_node_link_json(AtomicFile& file, const Graph& g) {
  // Names serve as ids when there are no ids and they tell every node apart.
  bool names_as_ids = g.ids.empty() && !g.names.empty();
  if (names_as_ids) {
    std::unordered_set<std::string> distinct(g.names.begin(), g.names.end());
    names_as_ids = distinct.size() == g.names.size();
  }
  const auto id_text = [&](std::int32_t u) {
    return names_as_ids ? json_string(g.names[u]) : std::to_string(g.display_id(u));
  };

  std::string chunk;
  const auto flush_if_big = [&] {
    if (chunk.size() > (1u << 16)) {
      file.write(chunk);
      chunk.clear();
    }
  };
  chunk += "{\"directed\": ";
  chunk += g.directed ? "true" : "false";
  chunk += ", \"multigraph\": false, \"graph\": {}, \"nodes\": [";
  for (std::int32_t u = 0; u < g.n; ++u) {
    chunk += u == 0 ? "\n" : ",\n";
    chunk += "{\"id\": " + id_text(u);
    if (!names_as_ids && !g.names.empty()) chunk += ", \"name\": " + json_string(g.names[u]);
    if (g.coord_dims >= 2) {
      const float* p = &g.coords[static_cast<std::size_t>(u) * g.coord_dims];
      bool finite = true;
      for (int d = 0; d < g.coord_dims; ++d) finite = finite && std::isfinite(p[d]);
      if (finite) {  // JSON has no NaN: a node without a position simply has no x, y
        static const char* const kAxes[] = {"x", "y", "z"};
        for (int d = 0; d < g.coord_dims; ++d) {
          char text[48];
          std::snprintf(text, sizeof text, ", \"%s\": %.9g", kAxes[d], static_cast<double>(p[d]));
          chunk += text;
        }
      }
    }
    chunk += "}";
    flush_if_big();
  }
  chunk += "\n], \"links\": [";
  bool first = true;
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (!g.directed && v < u) continue;  // each undirected edge once
      chunk += first ? "\n" : ",\n";
      first = false;
      chunk += "{\"source\": " + id_text(u) + ", \"target\": " + id_text(v) + ", \"weight\": " + json_number(g.weights[a]) + "}";
      flush_if_big();
    }
  }
  chunk += "\n]}\n";
  file.write(chunk);
}

}  // namespace pathscope
