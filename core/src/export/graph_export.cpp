// Format names and file names of graph exports, the marks of common results, and the one entry
// point that opens the files and hands them to a writer.
#include "pathscope/export/graph_export.hpp"

#include <algorithm>
#include <cctype>

#include "export/export_plan.hpp"
#include "export/writers.hpp"
#include "pathscope/export/node_link_json.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool ends_with(const std::string& text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

const char* graph_export_format_name(GraphExportFormat format) {
  switch (format) {
    case GraphExportFormat::GraphML: return "graphml";
    case GraphExportFormat::Gexf: return "gexf";
    case GraphExportFormat::NodeLinkJson: return "node-link";
    case GraphExportFormat::Csv: return "csv";
    case GraphExportFormat::Gml: return "gml";
    case GraphExportFormat::Pajek: return "pajek";
  }
  return "?";
}

std::optional<GraphExportFormat> parse_graph_export_format(std::string_view name) {
  const std::string word = lower(name);
  if (word == "graphml") return GraphExportFormat::GraphML;
  if (word == "gexf") return GraphExportFormat::Gexf;
  if (word == "node-link" || word == "json") return GraphExportFormat::NodeLinkJson;
  if (word == "csv") return GraphExportFormat::Csv;
  if (word == "gml") return GraphExportFormat::Gml;
  if (word == "pajek") return GraphExportFormat::Pajek;
  return std::nullopt;
}

std::optional<GraphExportFormat> graph_export_format_of_file(std::string_view file) {
  const std::string name = lower(file);
  if (ends_with(name, ".graphml") || ends_with(name, ".xml")) return GraphExportFormat::GraphML;
  if (ends_with(name, ".gexf")) return GraphExportFormat::Gexf;
  if (ends_with(name, ".json")) return GraphExportFormat::NodeLinkJson;
  if (ends_with(name, ".csv")) return GraphExportFormat::Csv;
  if (ends_with(name, ".gml")) return GraphExportFormat::Gml;
  if (ends_with(name, ".net") || ends_with(name, ".paj")) return GraphExportFormat::Pajek;
  return std::nullopt;
}

std::string graph_export_format_list() { return "graphml, gexf, node-link, csv, gml, pajek"; }

const char* gexf_version_name(GexfVersion version) { return version == GexfVersion::V1_3 ? "1.3" : "1.2draft"; }

std::optional<GexfVersion> parse_gexf_version(std::string_view name) {
  const std::string word = lower(name);
  if (word == "1.2" || word == "1.2draft") return GexfVersion::V1_2draft;
  if (word == "1.3") return GexfVersion::V1_3;
  return std::nullopt;
}

std::vector<std::string> graph_export_files(GraphExportFormat format, const std::string& file) {
  if (format != GraphExportFormat::Csv) return {file};
  const std::string stem = ends_with(lower(file), ".csv") ? file.substr(0, file.size() - 4) : file;
  return {stem + ".nodes.csv", stem + ".edges.csv"};
}

std::vector<std::string> graph_export_files(GraphExportFormat format, const std::string& file, const Graph& graph) {
  auto files = graph_export_files(format, file);
  if (format == GraphExportFormat::Csv && !graph.graph_attributes.empty()) {
    const std::string& nodes = files[0];
    files.push_back(nodes.substr(0, nodes.size() - std::string_view(".nodes.csv").size()) + ".graph.csv");
  }
  return files;
}

GraphHighlight highlight_path(const Path& path) {
  GraphHighlight h;
  h.kind = "path";
  if (path.reachable && !path.nodes.empty()) {
    h.walks.push_back(path.nodes);
  } else {
    for (const std::int32_t end : {path.source, path.target})
      if (end >= 0) h.nodes.push_back(end), h.node_hops.push_back(-1);
  }
  return h;
}

GraphHighlight highlight_paths(const std::vector<ArcPath>& paths) {
  GraphHighlight h;
  h.kind = "paths";
  for (const auto& p : paths)
    if (!p.nodes.empty()) h.walks.push_back(p.nodes);
  return h;
}

GraphHighlight highlight_tour(const std::vector<Path>& legs, std::int32_t only_stop) {
  GraphHighlight h;
  h.kind = "tour";
  std::vector<std::int32_t> route;
  for (const auto& leg : legs)
    for (std::size_t i = route.empty() ? 0 : 1; i < leg.nodes.size(); ++i) route.push_back(leg.nodes[i]);
  if (route.empty() && only_stop >= 0) route.push_back(only_stop);
  if (!route.empty()) h.walks.push_back(std::move(route));
  return h;
}

GraphHighlight highlight_reach(const ReachSet& set) {
  GraphHighlight h;
  h.kind = "reach";
  if (set.start >= 0) {
    h.nodes.push_back(set.start);
    h.node_hops.push_back(0);
  }
  for (std::size_t i = 0; i < set.nodes.size(); ++i) {
    if (set.nodes[i] == set.start) continue;  // on a cycle: still hop 0, the start
    h.nodes.push_back(set.nodes[i]);
    h.node_hops.push_back(i < set.hops.size() ? set.hops[i] : -1);
  }
  return h;
}

GraphExportSummary write_graph_export(const Graph& graph, GraphExportFormat format, const GraphHighlight& highlight,
                                      const std::string& file, const GraphExportOptions& options) {
  const exporting::ExportPlan plan(graph, highlight, options);
  GraphExportSummary summary;
  summary.files = graph_export_files(format, file, graph);
  summary.nodes = static_cast<std::int64_t>(plan.nodes().size());
  summary.edges = plan.edge_count();
  const auto& files = summary.files;
  if (format == GraphExportFormat::Csv) {
    AtomicFile nodes(files[0]), edges(files[1]);
    exporting::write_csv_tables(nodes, edges, plan);
    if (files.size() < 3) {
      commit_together({&nodes, &edges});
      return summary;
    }
    AtomicFile graph_table(files[2]);
    exporting::write_csv_graph_table(graph_table, plan);
    commit_together({&nodes, &edges, &graph_table});
    return summary;
  }
  AtomicFile out(files[0]);
  switch (format) {
    case GraphExportFormat::GraphML: exporting::write_graphml(out, plan); break;
    case GraphExportFormat::Gexf: exporting::write_gexf(out, plan); break;
    case GraphExportFormat::NodeLinkJson: exporting::write_node_link(out, plan); break;
    case GraphExportFormat::Gml: exporting::write_gml(out, plan); break;
    case GraphExportFormat::Pajek: exporting::write_pajek(out, plan); break;
    case GraphExportFormat::Csv: break;
  }
  out.commit();
  return summary;
}

void write_graph_export(AtomicFile& file, const Graph& graph, GraphExportFormat format, const GraphHighlight& highlight,
                        const GraphExportOptions& options) {
  const exporting::ExportPlan plan(graph, highlight, options);
  switch (format) {
    case GraphExportFormat::GraphML: exporting::write_graphml(file, plan); return;
    case GraphExportFormat::Gexf: exporting::write_gexf(file, plan); return;
    case GraphExportFormat::NodeLinkJson: exporting::write_node_link(file, plan); return;
    case GraphExportFormat::Gml: exporting::write_gml(file, plan); return;
    case GraphExportFormat::Pajek: exporting::write_pajek(file, plan); return;
    case GraphExportFormat::Csv: break;
  }
  throw Error("internal: CSV tables are two files; write them with write_graph_export(graph, ..., file)");
}

void write_node_link_json(const std::string& path, const Graph& graph) {
  write_graph_export(graph, GraphExportFormat::NodeLinkJson, {}, path);
}

void write_node_link_json(AtomicFile& file, const Graph& graph) {
  exporting::write_node_link(file, exporting::ExportPlan(graph, {}, {}));
}

}  // namespace pathscope
