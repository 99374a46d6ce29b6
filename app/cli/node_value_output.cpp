#include "node_value_output.hpp"

#include <fmt/core.h>

#include <cmath>
#include <optional>

#include "exit_codes.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "text_table.hpp"

namespace pathscope::cli {

namespace {

// Graph export formats that hold typed node attributes in one file.
bool holds_node_values(GraphExportFormat format) {
  return format != GraphExportFormat::Pajek && format != GraphExportFormat::Csv;
}

std::string ending_of(GraphExportFormat format) {
  switch (format) {
    case GraphExportFormat::GraphML: return ".graphml";
    case GraphExportFormat::Gexf: return ".gexf";
    case GraphExportFormat::NodeLinkJson: return ".json";
    case GraphExportFormat::Gml: return ".gml";
    default: return {};
  }
}

// What a word of --output-format, or a file name's ending, asks for.
std::optional<NodeValueOutput> output_named(const std::string& word, bool by_file_name) {
  const bool is_csv = by_file_name ? graph_export_format_of_file(word) == GraphExportFormat::Csv : word == "csv";
  if (is_csv) return NodeValueOutput{NodeValueFormat::Csv, GraphExportFormat::Csv, ".csv"};
  // A .json name is the command's own document; node-link JSON is asked for by --output-format.
  const bool is_json = by_file_name ? graph_export_format_of_file(word) == GraphExportFormat::NodeLinkJson : word == "json";
  if (is_json) return NodeValueOutput{NodeValueFormat::Json, GraphExportFormat::NodeLinkJson, ".json"};
  const auto graph = by_file_name ? graph_export_format_of_file(word) : parse_graph_export_format(word);
  if (!graph) return std::nullopt;
  if (!holds_node_values(*graph))
    throw UsageError(std::string(graph_export_format_name(*graph)) +
                     " cannot hold node values: write " + node_value_format_list());
  return NodeValueOutput{NodeValueFormat::Graph, *graph, ending_of(*graph)};
}

std::string number_text(double value) { return std::isnan(value) ? std::string() : fmt::format("{}", value); }

}  // namespace

std::string NodeValueOutput::name() const {
  switch (format) {
    case NodeValueFormat::Csv: return "csv";
    case NodeValueFormat::Json: return "json";
    default: return graph_export_format_name(graph_format);
  }
}

std::string node_value_format_list() { return "csv, json, graphml, gexf, node-link or gml"; }

NodeValueOutput choose_node_value_output(const std::string& out_path, const std::string& format) {
  const bool to_standard_output = out_path == "-";
  std::optional<NodeValueOutput> by_name;
  if (!to_standard_output && !out_path.empty()) by_name = output_named(out_path, /*by_file_name=*/true);
  if (format.empty()) {
    if (to_standard_output || out_path.empty()) return {NodeValueFormat::Csv, GraphExportFormat::Csv, ".csv"};
    if (!by_name)
      throw UsageError("cannot tell the format from the name " + out_path + ": use --output-format (" +
                       node_value_format_list() + ") or a .csv, .json, .graphml, .gexf or .gml name");
    return *by_name;
  }
  const auto asked = output_named(format, /*by_file_name=*/false);
  if (!asked) throw UsageError("unknown output format '" + format + "' (use " + node_value_format_list() + ")");
  // node-link JSON and the JSON document share the .json ending: either may be named so.
  const bool json_either_way = by_name && by_name->ending == ".json" && asked->ending == ".json";
  if (by_name && by_name->name() != asked->name() && !json_either_way)
    throw UsageError("--output-format " + format + " but the name " + out_path + " says " + by_name->name() +
                     ": write the format the name promises, or rename the file");
  return *asked;
}

std::vector<std::string> node_label_headers(const Graph& g, const std::string& group_column) {
  std::vector<std::string> headers{"id", "name", "type"};
  const AttributeColumn* type = type_column(g);
  if (!group_column.empty() && (!type || type->name != group_column)) headers.push_back(group_column);
  return headers;
}

std::vector<std::string> node_label_cells(const Graph& g, std::int32_t u, const std::string& group_column) {
  const auto text_of = [&](const AttributeColumn* c) {
    const auto i = static_cast<std::size_t>(u);
    return c && i < c->size() && c->has(i) ? c->to_text(i) : std::string();
  };
  const AttributeColumn* type = type_column(g);
  std::vector<std::string> cells{std::to_string(g.display_id(u)), g.names.empty() ? std::string() : g.names[u],
                                 text_of(type)};
  if (!group_column.empty() && (!type || type->name != group_column))
    cells.push_back(text_of(g.node_attributes.find(group_column)));
  return cells;
}

std::string node_values_csv(const Graph& g, const std::vector<NodeValueColumn>& columns, const std::string& group_column) {
  std::vector<std::string> headers = node_label_headers(g, group_column);
  for (const auto& c : columns) headers.push_back(c.name);
  TextTable table(headers);
  for (std::int32_t u = 0; u < g.n; ++u) {
    std::vector<std::string> cells = node_label_cells(g, u, group_column);
    for (const auto& c : columns) cells.push_back(number_text(c.values[u]));
    table.add_row(std::move(cells));
  }
  return table.text(TableStyle::Csv);
}

nlohmann::json node_values_json(const Graph& g, const std::vector<NodeValueColumn>& columns, const std::string& group_column) {
  const std::vector<std::string> headers = node_label_headers(g, group_column);
  nlohmann::json nodes = nlohmann::json::array();
  for (std::int32_t u = 0; u < g.n; ++u) {
    const std::vector<std::string> cells = node_label_cells(g, u, group_column);
    nlohmann::json node = {{"index", u}, {"id", g.display_id(u)}};
    for (std::size_t i = 1; i < headers.size(); ++i) node[headers[i]] = cells[i];
    // NaN (no value) is written as null.
    for (const auto& c : columns) node[c.name] = std::isnan(c.values[u]) ? nlohmann::json() : nlohmann::json(c.values[u]);
    nodes.push_back(std::move(node));
  }
  return nodes;
}

void write_text_file(const std::string& path, const std::string& text) {
  AtomicFile file(path);
  file.write(text);
  file.commit();
}

void write_graph_with_values(const Graph& g, GraphExportFormat format, const std::string& path, const std::string& source) {
  GraphExportOptions options;
  options.source = source == "-" ? "standard input" : source;
  write_graph_export(g, format, {}, path, options);
}

nlohmann::json graph_summary_json(const std::string& spec, const Graph& g, const LoadReport& report) {
  return {{"source", spec}, {"format", report.format}, {"n", g.n}, {"m", g.arc_count()},
          {"directed", g.directed}, {"filter", report.filter}};
}

}  // namespace pathscope::cli
