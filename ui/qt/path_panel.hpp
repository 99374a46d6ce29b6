#pragma once
// The hops of the current path: id, name, arc cost and cumulative distance per row.
// Activating a row asks the view to centre on that node.
#include <QLabel>
#include <QTableWidget>
#include <QWidget>

#include "pathscope/graph.hpp"
#include "pathscope/path.hpp"

namespace pathscope::qt {

class PathPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PathPanel(QWidget* parent = nullptr);
  // method: how the path was found ("all-pairs (sparse)", "single-source (Dijkstra)").
  void show_path(const Graph& g, const Path& path, const QString& method);
  void show_message(const QString& text);  // no path: a hint such as "click a target"
  QTableWidget* table() const { return table_; }
  QString summary() const { return summary_->text(); }

 Q_SIGNALS:
  void node_activated(std::int32_t node);

 private:
  QLabel* summary_;
  QTableWidget* table_;
};

// Numbers as a person reads them: integers without ".0", others with up to 6 digits.
QString format_cost(double value);

}  // namespace pathscope::qt
