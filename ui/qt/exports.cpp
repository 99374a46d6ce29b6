#include "exports.hpp"

#include <QBuffer>
#include <QRegularExpression>
#include <memory>

#include "open_dialog.hpp"
#include "pathscope/export/graph_export.hpp"
#include "pathscope/export/path_export.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope_ui_common/option_ranges.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace pathscope::qt {
namespace {

nlohmann::json load_options(const GraphSession& session) {
  const LoadOptions& o = session.options;
  nlohmann::json j = {{"file", session.spec},
                      {"sha256", session.sha256},
                      {"format", o.format},  // as asked: empty when told by name and content
                      {"reader", session.loaded.report.format},
                      {"cost_rule", cost_rule_word(o.cost_rule)},
                      {"node_table", o.node_table}};
  j["min_weight"] = std::isfinite(o.min_weight) ? nlohmann::json(o.min_weight) : nlohmann::json();
  return j;
}

std::string with_load_options(const std::string& text, const GraphSession& session) {
  nlohmann::json j = nlohmann::json::parse(text);
  j["load"] = load_options(session);
  return j.dump(2) + "\n";
}

// CSV fields with commas, quotes or line breaks are quoted, quotes doubled.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

const ReachSet& shown_reach(const Selection& selection) {
  if (!selection.session()) throw Error("no graph is open");
  const ReachSet* set = selection.reach();
  if (!set) throw Error("no reach set to export: click a node, then Reachable (R) or Upstream (U)");
  return *set;
}

}  // namespace

std::string load_options_json(const GraphSession& session) { return load_options(session).dump(2); }

std::string selection_json(const Selection& selection) {
  const GraphSession* session = selection.session();
  if (!session) throw Error("no graph is open");
  if (const auto* tour = selection.tour()) {
    auto info = export_info(*session, tour->method);
    info.tour = true;
    return with_load_options(path_to_json(session->graph(), tour->walk, info), *session);
  }
  if (!selection.has_pair()) throw Error("no path to export: click a source and a target first");
  if (!selection.path_error().isEmpty()) throw Error("no path to export: " + selection.path_error().toStdString());
  return with_load_options(path_to_json(session->graph(), selection.path(), export_info(*session, selection.method())),
                           *session);
}

std::string reach_json(const Selection& selection) {
  const ReachSet& set = shown_reach(selection);
  const GraphSession& session = *selection.session();
  const Graph& g = session.graph();
  nlohmann::json nodes = nlohmann::json::array();
  for (std::size_t i = 0; i < set.nodes.size(); ++i) {
    const auto u = set.nodes[i];
    nlohmann::json node = {{"index", u}, {"id", g.display_id(u)}, {"label", g.label(u)}};
    if (i < set.hops.size()) node["hops"] = set.hops[i];
    nodes.push_back(std::move(node));
  }
  nlohmann::json j = {{"kind", "reach"},
                      {"direction", set.direction == ReachDirection::Downstream ? "downstream" : "upstream"},
                      {"start", {{"index", set.start}, {"id", g.display_id(set.start)}, {"label", g.label(set.start)}}},
                      {"start_on_cycle", set.start_on_cycle()},
                      {"count", set.count()},
                      {"nodes", std::move(nodes)},
                      {"load", load_options(session)}};
  j["max_hops"] = set.max_hops == kUnlimitedHops ? nlohmann::json() : nlohmann::json(set.max_hops);
  return j.dump(2) + "\n";
}

std::string reach_csv(const Selection& selection) {
  const ReachSet& set = shown_reach(selection);
  const GraphSession& session = *selection.session();
  const Graph& g = session.graph();
  std::ostringstream out;
  const auto load = load_options(session);
  out << "# " << (set.direction == ReachDirection::Downstream ? "reachable from " : "upstream of ")
      << g.label(set.start) << " (id " << g.display_id(set.start) << "): " << set.count() << " nodes";
  if (set.max_hops != kUnlimitedHops) out << " within " << set.max_hops << " hops";
  out << "\n# load: " << load.dump() << "\n";
  out << "index,id,name,hops\n";
  for (std::size_t i = 0; i < set.nodes.size(); ++i) {
    const auto u = set.nodes[i];
    out << u << ',' << g.display_id(u) << ',' << csv_field(g.names.empty() ? "" : g.names[u]) << ','
        << (i < set.hops.size() ? std::to_string(set.hops[i]) : "") << '\n';
  }
  return out.str();
}

void export_reach(const Selection& selection, const QString& file) {
  const bool csv = file.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive);
  write_all_or_none({{file, QByteArray::fromStdString(csv ? reach_csv(selection) : reach_json(selection))}});
}

QByteArray view_png(GraphView& view, QSize size, bool light) {
  if (!kImageSideRange.contains(size.width()) || !kImageSideRange.contains(size.height())) {
    throw Error("image size " + std::to_string(size.width()) + "x" + std::to_string(size.height()) + " is outside " +
                kImageSideRange.text() + " pixels per side");
  }
  QImage image;
  try {
    image = view.render_image(size, light);
  } catch (const std::runtime_error& e) {
    throw Error(std::string("cannot render the view: ") + e.what());
  }
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG")) throw Error("cannot encode the view as PNG");
  return bytes;
}

void write_all_or_none(const std::vector<ExportFile>& files) {
  std::vector<std::unique_ptr<AtomicFile>> outs;  // unwinding removes every temporary
  std::vector<AtomicFile*> parts;
  for (const auto& file : files) {
    outs.push_back(std::make_unique<AtomicFile>(file.name.toStdString()));
    outs.back()->write(file.bytes.constData(), static_cast<std::size_t>(file.bytes.size()));
    parts.push_back(outs.back().get());
  }
  commit_together(parts);
}

void export_selection_json(const Selection& selection, const QString& file) {
  write_all_or_none({{file, QByteArray::fromStdString(selection_json(selection))}});
}

void export_graph(const Selection& selection, const QString& file) {
  const GraphSession* session = selection.session();
  if (!session) throw Error("no graph is open: nothing to export");
  const std::string name = file.toStdString();
  const auto format = graph_export_format_of_file(name);
  if (!format) throw Error(name + ": the name ends in none of .graphml, .gexf, .json, .csv, .gml, .net (" + graph_export_format_list() + ")");
  GraphHighlight highlight;
  if (const auto* tour = selection.tour()) {
    highlight = highlight_tour(tour->legs, tour->stops.size() == 1 ? tour->stops.front() : -1);
  } else if (const auto* reach = selection.reach()) {
    highlight = highlight_reach(*reach);
  } else if (selection.path().reachable) {
    highlight = highlight_path(selection.path());
  }
  GraphExportOptions options;
  options.positions = session->drawn.positions;
  options.position_dims = 2;
  options.source = session->spec;
  write_graph_export(session->graph(), *format, highlight, name, options);
}

void export_view_png(GraphView& view, const QString& file, QSize size, bool light) {
  write_all_or_none({{file, view_png(view, size, light)}});
}

QSize parse_image_size(const QString& text) {
  const auto match = QRegularExpression(QStringLiteral("^\\s*(\\d+)\\s*[xX×]\\s*(\\d+)\\s*$")).match(text);
  if (!match.hasMatch()) throw Error("size '" + text.toStdString() + "' is not WIDTHxHEIGHT");
  return {match.captured(1).toInt(), match.captured(2).toInt()};
}

}  // namespace pathscope::qt
