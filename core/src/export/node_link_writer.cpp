// networkx node-link JSON (node_link_data's layout), written as it goes so a large graph never
// exists twice in memory as a JSON tree; nlohmann is only used to escape strings. Parallel
// edges make it a multigraph, each link with its "key" as networkx gives them; the graph's
// attributes go to the "graph" object beside the export's notes ("source", "marked"), which
// replace a graph attribute of the same name because they describe this file.
#include <cmath>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "export/export_text.hpp"
#include "export/writers.hpp"

namespace pathscope::exporting {
namespace {

std::string json_string(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// JSON has no NaN or infinity: such a value is written as null.
std::string json_value(ValueType type, const std::string& value) {
  if (type == ValueType::Text) return json_string(value);
  if (type == ValueType::Real && (value == "nan" || value == "-nan" || value == "inf" || value == "-inf")) return "null";
  return value;
}

}  // namespace

void write_node_link(AtomicFile& file, const ExportPlan& plan) {
  const Graph& g = plan.graph();
  // Names serve as ids when there are no ids and they tell every node apart (networkx graphs
  // keyed by name come back keyed by name).
  const bool names_as_ids = g.ids.empty() && plan.names_tell_nodes_apart();
  const auto id_text = [&](std::int32_t u) { return names_as_ids ? json_string(g.names[u]) : plan.node_id(u); };
  const auto& node_fields = plan.node_fields();
  const auto& edge_fields = plan.edge_fields();

  OutputBuffer out(file);
  out << "{\"directed\": " << (g.directed ? "true" : "false") << ", \"multigraph\": " << (plan.multigraph() ? "true" : "false")
      << ", \"graph\": {";
  std::string value;
  {
    std::vector<std::pair<std::string, std::string>> members;  // name, JSON value
    if (!plan.options().source.empty()) members.emplace_back("source", json_string(plan.options().source));
    if (!plan.kind().empty()) members.emplace_back("marked", json_string(plan.kind()));
    const std::size_t notes = members.size();
    for (std::size_t f = 0; f < plan.graph_fields().size(); ++f) {
      const Field& field = plan.graph_fields()[f];
      bool noted = false;
      for (std::size_t k = 0; k < notes; ++k) noted = noted || members[k].first == field.name;
      if (!noted && plan.graph_text(f, &value)) members.emplace_back(field.name, json_value(field.type, value));
    }
    for (std::size_t k = 0; k < members.size(); ++k)
      out << (k ? ", " : "") << json_string(members[k].first) << ": " << members[k].second;
  }
  out << "}, \"nodes\": [";
  bool first = true;
  for (const std::int32_t u : plan.nodes()) {
    std::string& text = out.text();
    text += first ? "\n" : ",\n";
    first = false;
    text += "{\"id\": " + id_text(u);
    for (std::size_t f = 0; f < node_fields.size(); ++f) {
      if (names_as_ids && f == 0 && node_fields[f].name == "name") continue;
      if (!plan.node_text(f, u, &value)) continue;
      text += ", " + json_string(node_fields[f].name) + ": " + json_value(node_fields[f].type, value);
    }
    text += "}";
    out.flush_if_big();
  }
  out << "\n], \"links\": [";
  first = true;
  plan.for_each_edge([&](const Edge& e) {
    std::string& text = out.text();
    text += first ? "\n" : ",\n";
    first = false;
    text += "{\"source\": " + id_text(e.u) + ", \"target\": " + id_text(e.v);
    if (plan.multigraph()) text += ", \"key\": " + std::to_string(e.key);
    for (std::size_t f = 0; f < edge_fields.size(); ++f) {
      if (!plan.edge_text(f, e, &value)) continue;
      text += ", " + json_string(edge_fields[f].name) + ": " + json_value(edge_fields[f].type, value);
    }
    text += "}";
    out.flush_if_big();
  });
  out << "\n]}\n";
  out.flush();
}

}  // namespace pathscope::exporting
