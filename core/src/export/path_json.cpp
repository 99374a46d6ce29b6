#include <cmath>
#include <nlohmann/json.hpp>

#include "pathscope/export/hop_values.hpp"
#include "pathscope/export/path_export.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/json_output.hpp"

namespace pathscope {
namespace {

// A value as its column typed it, so a script reads 12 as a number and true as a boolean;
// JSON has no NaN or infinity, so those reals are null.
nlohmann::json typed_value(const AttributeColumn& column, std::size_t at) {
  switch (column.type) {
    case AttributeType::Integer: return column.integers[at];
    case AttributeType::Boolean: return column.integers[at] != 0;
    case AttributeType::Real: return std::isfinite(column.reals[at]) ? nlohmann::json(column.reals[at]) : nlohmann::json();
    case AttributeType::Text: break;
  }
  return column.text[at];
}

// Missing values are left out rather than written as null: null is a real that was NaN.
nlohmann::json attributes_json(const AttributeTable& table, std::size_t at) {
  auto attributes = nlohmann::json::object();
  for (const auto& column : table.columns)
    if (at < column.size() && column.has(at)) attributes[column.name] = typed_value(column, at);
  return attributes;
}

}  // namespace

nlohmann::json path_node_json(const Graph& g, std::int32_t u, const PathExportInfo& info) {
  nlohmann::json node = {{"index", u}, {"id", g.display_id(u)}, {"label", g.label(u)}};
  if (!g.names.empty()) node["name"] = g.names[u];
  // What the inspector and the path panel show for the node (its cell type among them), so a
  // file read without the graph still says which neuron each hop is.
  if (!g.node_attributes.empty()) node["attributes"] = attributes_json(g.node_attributes, static_cast<std::size_t>(u));
  if (info.position_dims > 0 &&
      info.positions.size() >= static_cast<std::size_t>(g.n) * static_cast<std::size_t>(info.position_dims)) {
    auto& position = node["position"] = nlohmann::json::array();
    for (int d = 0; d < info.position_dims; ++d) position.push_back(info.positions[u * info.position_dims + d]);
  }
  return node;
}

namespace {

nlohmann::json timing_json(const Timing& t) {
  return {{"engine", t.engine},
          {"device", t.device},
          {"seconds", t.seconds},
          {"compute_seconds", t.compute_seconds},
          {"transfer_seconds", t.transfer_seconds},
          {"updates", t.updates},
          {"updates_per_second", t.updates_per_second()}};
}

// The hop into nodes[i] (i >= 1): its cost, the per-hop value under its name, and the edge
// attributes of the arc walked (the CSR arc of that cost: engines walk no parallel arcs).
void add_hop(nlohmann::json& node, const Graph& g, std::int32_t from, std::int32_t to, double cost) {
  node["arc_cost"] = cost;
  const double value = hop_value(g, from, to, cost);
  node[hop_value_name(g)] = std::isnan(value) ? nlohmann::json() : nlohmann::json(value);
  if (g.arc_attributes.empty()) return;
  const std::int64_t arc = arc_between(g, from, to, cost);
  node["arc_attributes"] =
      arc < 0 ? nlohmann::json::object() : attributes_json(g.arc_attributes, static_cast<std::size_t>(arc));
}

}  // namespace

nlohmann::json path_graph_json(const Graph& g, const PathExportInfo& info) {
  return {{"file", info.graph_file}, {"sha256", info.graph_sha256}, {"nodes", g.n},
          {"arcs", g.arc_count()},   {"directed", g.directed}};
}

nlohmann::json path_object(const Graph& g, const Path& path, const PathExportInfo& info) {
  nlohmann::json doc;
  doc["source"] = path_node_json(g, path.source, info);
  doc["target"] = path_node_json(g, path.target, info);
  doc["reachable"] = path.reachable;
  // JSON has no infinity; an unreachable pair says so above and carries a null distance.
  doc["distance"] = path.reachable && std::isfinite(path.distance) ? nlohmann::json(path.distance) : nlohmann::json();
  doc["hops"] = path.reachable ? path.arc_costs.size() : 0;
  doc["per_hop"] = hop_value_name(g);
  auto& nodes = doc["nodes"] = nlohmann::json::array();
  double cumulative = 0;
  for (std::size_t i = 0; path.reachable && i < path.nodes.size(); ++i) {
    nlohmann::json node = path_node_json(g, path.nodes[i], info);
    if (i > 0) {
      cumulative += path.arc_costs[i - 1];
      add_hop(node, g, path.nodes[i - 1], path.nodes[i], path.arc_costs[i - 1]);
    }
    node["cumulative"] = cumulative;
    nodes.push_back(std::move(node));
  }
  whole_numbers_as_integers(doc);
  return doc;
}

nlohmann::json path_object(const Graph& g, const ArcPath& path, const PathExportInfo& info) {
  Path walk;
  walk.source = path.nodes.front();
  walk.target = path.nodes.back();
  walk.reachable = true;
  walk.distance = path.cost;
  walk.nodes = path.nodes;
  for (const auto a : path.arcs) walk.arc_costs.push_back(g.weights[static_cast<std::size_t>(a)]);
  return path_object(g, walk, info);
}

nlohmann::json path_document(const Graph& g, const Path& path, const PathExportInfo& info) {
  nlohmann::json doc = json_document(info.tool, kPathSchema);
  doc["graph"] = path_graph_json(g, info);
  doc["kind"] = info.tour ? "tour" : "path";
  doc.update(path_object(g, path, info));
  // A tour's last arc closes the loop back to its first node; it is no hop of `nodes`.
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
