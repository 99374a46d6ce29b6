#pragma once
// The hops of the current path: id, name, arc cost, cumulative distance and (when the file
// had them) the arc's strength, such as a synapse count, and the node's cell type (or the
// reader's type-like column) per row; sortable by any column.
// Activating a row asks the view to centre on that node and ring it.
#include <QLabel>
#include <QTableWidget>
#include <QWidget>

#include "pathscope/graph/graph.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/reach/reach.hpp"
#include "selection.hpp"

namespace pathscope::qt {

class PathPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PathPanel(QWidget* parent = nullptr);
  // Shows the selection now and after each of its changes.
  void observe(const Selection* selection);
  // The tour, the reach set, the path, or a hint of what to click next.
  void show_selection(const Selection& selection);
  // method: how the path was found ("all-pairs (sparse)", "single-source (Dijkstra)").
  void show_path(const Graph& g, const Path& path, const QString& method);
  // A tour: one row per stop in tour order with the leg to the next stop (the last leg
  // returns to the first); legs[i] runs from stops[i] to stops[i+1].
  void show_tour(const Graph& g, const std::vector<std::int32_t>& stops, const std::vector<Path>& legs,
                 const QString& method);
  // A reach set: the counts in the summary, one row per node with its hop distance.
  void show_reach(const Graph& g, const ReachSet& set);
  void show_message(const QString& text);  // no path: a hint such as "click a target"
  QTableWidget* table() const { return table_; }
  QString summary() const { return summary_->text(); }

 Q_SIGNALS:
  void node_activated(std::int32_t node);

 private:
  void set_columns(const QStringList& headers);
  void finish_rows();
  QLabel* summary_;
  QTableWidget* table_;
};

// Numbers as a person reads them: integers without ".0", others with up to 6 digits.
QString format_cost(double value);

}  // namespace pathscope::qt
