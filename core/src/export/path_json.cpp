#include <cmath>
#include <nlohmann/json.hpp>

#include "pathscope/export/hop_values.hpp"
#include "pathscope/export/path_export.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/json_output.hpp"

namespace pathscope {
namespace {

nlohmann::json node_json(const Graph& g, std::int32_t u, const PathExportInfo& info) {
  nlohmann::json node = {{"index", u}, {"id", g.display_id(u)}, {"label", g.label(u)}};
  if (!g.names.empty()) node["name"] = g.names[u];
  // What the inspector and the path panel show for the node (its cell type among them), so a
  // file read without the graph still says which neuron each hop is.
  if (!g.node_attributes.empty()) {
    auto& attributes = node["attributes"] = nlohmann::json::object();
    const auto at = static_cast<std::size_t>(u);
    for (const auto& column : g.node_attributes.columns)
      if (at < column.size() && column.has(at)) attributes[column.name] = column.to_text(at);
  }
  if (info.position_dims > 0 &&
      info.positions.size() >= static_cast<std::size_t>(g.n) * static_cast<std::size_t>(info.position_dims)) {
    auto& position = node["position"] = nlohmann::json::array();
    for (int d = 0; d < info.position_dims; ++d) position.push_back(info.positions[u * info.position_dims + d]);
  }
  return node;
}

nlohmann::json timing_json(const Timing& t) {
  return {{"engine", t.engine},
          {"device", t.device},
          {"seconds", t.seconds},
          {"compute_seconds", t.compute_seconds},
          {"transfer_seconds", t.transfer_seconds},
          {"updates", t.updates},
          {"updates_per_second", t.updates_per_second()}};
}

}  // namespace

nlohmann::json path_document(const Graph& g, const Path& path, const PathExportInfo& info) {
  nlohmann::json doc = json_document(info.tool, "pathscope/path/2");
  doc["graph"] = {{"file", info.graph_file}, {"sha256", info.graph_sha256}, {"nodes", g.n},
                  {"arcs", g.arc_count()}, {"directed", g.directed}};
  doc["kind"] = info.tour ? "tour" : "path";
  doc["source"] = node_json(g, path.source, info);
  doc["target"] = node_json(g, path.target, info);
  doc["reachable"] = path.reachable;
  // JSON has no infinity; an unreachable pair says so above and carries a null distance.
  doc["distance"] = path.reachable && std::isfinite(path.distance) ? nlohmann::json(path.distance) : nlohmann::json();
  doc["hops"] = path.reachable ? path.arc_costs.size() : 0;
  doc["per_hop"] = hop_value_name(g);
  auto& nodes = doc["nodes"] = nlohmann::json::array();
  double cumulative = 0;
  for (std::size_t i = 0; path.reachable && i < path.nodes.size(); ++i) {
    nlohmann::json node = node_json(g, path.nodes[i], info);
    if (i > 0) {
      cumulative += path.arc_costs[i - 1];
      node["arc_cost"] = path.arc_costs[i - 1];
      const double value = hop_value(g, path.nodes[i - 1], path.nodes[i], path.arc_costs[i - 1]);
      node[hop_value_name(g)] = std::isnan(value) ? nlohmann::json() : nlohmann::json(value);
    }
    node["cumulative"] = cumulative;
    nodes.push_back(std::move(node));
  }
  if (info.tour && path.reachable && path.arc_costs.size() == path.nodes.size() && !path.nodes.empty()) {
    doc["closing_arc_cost"] = path.arc_costs.back();
  }
  doc["engine"] = info.engine;
  auto& timings = doc["timings"] = nlohmann::json::array();
  for (const auto& t : info.timings) timings.push_back(timing_json(t));
  whole_numbers_as_integers(doc);
  return doc;
}

std::string path_to_json(const Graph& g, const Path& path, const PathExportInfo& info) {
  // Names come from the person's files; json_text replaces a stray Latin-1 byte, never aborts.
  return json_text(path_document(g, path, info));
}

void write_path_json(const std::string& file, const Graph& g, const Path& path, const PathExportInfo& info) {
  AtomicFile out(file);
  out.write(path_to_json(g, path, info));
  out.commit();
}

}  // namespace pathscope
