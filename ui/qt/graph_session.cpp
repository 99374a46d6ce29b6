#include "graph_session.hpp"

#include <filesystem>

#include "pathscope/paths/saved_table_path.hpp"
#include "pathscope/runtime/sha256.hpp"

namespace pathscope::qt {

std::shared_ptr<GraphSession> build_session(const std::string& spec, const LoadOptions& options,
                                            const JobContext& job) {
  LoadedGraph loaded = load_graph(spec, options, job);
  job.check_cancel();
  std::error_code ec;
  std::string sha256 = std::filesystem::is_regular_file(spec, ec) ? sha256_file_hex(spec) : sha256_hex(spec);
  return session_from_graph(spec, options, std::move(loaded), std::move(sha256), job);
}

std::shared_ptr<GraphSession> session_from_graph(const std::string& spec, const LoadOptions& options,
                                                 LoadedGraph loaded, std::string sha256, const JobContext& job) {
  auto s = std::make_shared<GraphSession>();
  s->spec = spec;
  s->options = options;
  s->loaded = std::move(loaded);
  s->sha256 = std::move(sha256);
  DrawnGraphOptions drawing;
  drawing.layout_cache_key = s->sha256;
  s->drawn = draw_graph(s->graph(), drawing, job);
  s->index = NodeIndex(s->graph());
  return s;
}

DistType apsp_dist_type(const Graph& g) {
  if (!g.integer_weights) return DistType::Float32;
  try {
    check_int32_distances(g);
    return DistType::Int32;
  } catch (const Error&) {
    return DistType::Float32;  // sums could overflow int32: float keeps the magnitude
  }
}

Path find_path(const GraphSession& session, std::int32_t s, std::int32_t t, std::string& method) {
  const Graph& g = session.graph();
  if (session.table) {
    method = saved_table_method(*session.table);
    return path_from_saved_table(g, *session.table, s, t);
  }
  if (session.apsp) {
    method = "all-pairs (" + session.apsp->timing.engine + ")";
    return path_from_apsp(g, *session.apsp, s, t);
  }
  method = g.unit_weights ? "single-source (BFS)"
           : g.has_negative_weights() ? "single-source (Bellman-Ford)"
                                      : "single-source (Dijkstra)";
  return path_single_source(g, s, t);
}

std::shared_ptr<const SavedTable> open_saved_table(const GraphSession& session, const std::string& file) {
  auto table = std::make_shared<const SavedTable>(file);
  std::string name = std::filesystem::path(session.spec).filename().string();
  table->check_matches(session.graph(), name.empty() ? session.spec : name);
  return table;
}

std::string saved_table_method(const SavedTable& table) {
  return "saved table " + std::filesystem::path(table.path()).filename().string() +
         (table.type() == DistType::Hop16 ? " (hop16: fewest hops)" : "");
}

PathExportInfo export_info(const GraphSession& session, const std::string& method) {
  PathExportInfo info;
  info.graph_file = std::filesystem::path(session.spec).filename().string();
  if (info.graph_file.empty()) info.graph_file = session.spec;
  info.graph_sha256 = session.sha256;
  info.engine = method;
  info.timings = session.timings;
  const Graph& g = session.graph();
  if (g.coord_dims >= 2) {  // the file's own coordinates, all of them, not the stretched view
    info.positions = g.coords;
    info.position_dims = g.coord_dims;
  } else {
    info.positions = session.drawn.positions;
    info.position_dims = 2;
  }
  return info;
}

}  // namespace pathscope::qt
