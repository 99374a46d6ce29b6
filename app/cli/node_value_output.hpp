#pragma once
// What `metrics` and `flow` write with --out: one row per node with its values, as a plain CSV
// (id, name, type, a column per value; numbers in the shortest form that reads back exactly,
// empty for NaN), as the command's JSON document, or as the graph itself in a graph export
// format (GraphML, GEXF, node-link, GML) with the values as real node attributes, so Gephi
// and Cytoscape can colour by them. The format comes from --output-format or the --out name.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pathscope/export/graph_export.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/io/load_report.hpp"

namespace pathscope::cli {

enum class NodeValueFormat { Csv, Json, Graph };

struct NodeValueOutput {
  NodeValueFormat format = NodeValueFormat::Csv;
  GraphExportFormat graph_format = GraphExportFormat::GraphML;  // for NodeValueFormat::Graph
  std::string ending;                                          // ".csv", ".json", ".gexf", ...
  std::string name() const;                                    // "csv", "json", "gexf", ...
};

// From --output-format (csv, json, graphml, gexf, node-link, gml) or else the --out name
// (.csv, .json, .graphml, .gexf, .gml); `--out -` without a format is CSV. Throws UsageError
// for an unknown word, a name that says another format, a name that says none, and Pajek and
// the CSV pair, which cannot hold node values.
NodeValueOutput choose_node_value_output(const std::string& out_path, const std::string& format);
// For --help: "csv, json, graphml, gexf, node-link or gml".
std::string node_value_format_list();

// A named column of per-node values (NaN: none).
struct NodeValueColumn {
  std::string name;
  std::vector<double> values;
};

// The text columns that name each node: id, name (empty where the graph has none), type (the
// type column's value, empty without one) and, when `group_column` is another column, that
// column too.
std::vector<std::string> node_label_headers(const Graph& g, const std::string& group_column);
std::vector<std::string> node_label_cells(const Graph& g, std::int32_t u, const std::string& group_column);

// The CSV text: the label headers, then one column per value.
std::string node_values_csv(const Graph& g, const std::vector<NodeValueColumn>& columns, const std::string& group_column);
// [{"index", "id", "name", "type", VALUE: number or null}, ...].
nlohmann::json node_values_json(const Graph& g, const std::vector<NodeValueColumn>& columns, const std::string& group_column);

// Writes `text` to `path` through AtomicFile.
void write_text_file(const std::string& path, const std::string& text);
// Writes the graph in `format` (its columns already added), with `source` in its metadata.
void write_graph_with_values(const Graph& g, GraphExportFormat format, const std::string& path, const std::string& source);

}  // namespace pathscope::cli

namespace pathscope::cli {
// {"source", "format", "n", "m" (arcs), "directed", "filter" (the load report's, "" when none)}:
// how every node-value document names its graph.
nlohmann::json graph_summary_json(const std::string& spec, const Graph& g, const LoadReport& report);
}  // namespace pathscope::cli
