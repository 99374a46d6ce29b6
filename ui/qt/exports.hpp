#pragma once
// What File › Export and the script mode write: the shown path or tour as JSON, the view as
// a PNG. Each throws Error (a write error names the file); nothing is left behind under the
// name on failure.
#include <QByteArray>
#include <QSize>
#include <QString>
#include <string>
#include <vector>

#include "graph_view.hpp"
#include "selection.hpp"

namespace pathscope::qt {

// The tour (kind "tour") when one is shown, the path otherwise; throws Error when there is
// nothing to export or the pair has no path because the search failed. Like every export it
// records how the graph was loaded under "load" (load_options_json).
std::string selection_json(const Selection& selection);
// {"file", "sha256", "format" (as asked; empty: detected), "reader" (what read it), "cost_rule",
//  "min_weight" (null: no minimum), "node_table"}.
std::string load_options_json(const GraphSession& session);
// The reach set shown: JSON (start, direction, hop limit, count, nodes with id, name, hops)
// and CSV (index,id,name,hops; the load options in '#' lines above the header). Throw Error
// when no reach set is shown.
std::string reach_json(const Selection& selection);
std::string reach_csv(const Selection& selection);

// The view rendered offscreen at this size (kImageSideRange pixels per side), PNG-encoded.
QByteArray view_png(GraphView& view, QSize size, bool light = false);

struct ExportFile {
  QString name;
  QByteArray bytes;
};
// Every file is written under a temporary name and renamed only once all of them were
// written and closed (commit_together): a failure leaves none of them behind.
void write_all_or_none(const std::vector<ExportFile>& files);

void export_selection_json(const Selection& selection, const QString& file);
// The graph as GraphML, GEXF, node-link JSON or CSV node and edge tables, the format by the
// file name (graph_export.hpp), with what is shown marked: the tour, else the reach set, else
// the path; the positions as drawn; the file it was read from. Throws Error when no graph is
// open or the name names no format.
void export_graph(const Selection& selection, const QString& file);
// .csv or .json by the file name's extension.
void export_reach(const Selection& selection, const QString& file);
void export_view_png(GraphView& view, const QString& file, QSize size, bool light = false);
// "1600x1200" (also "1600 X 1200", "1600×1200").
QSize parse_image_size(const QString& text);

}  // namespace pathscope::qt
