#pragma once
// The nodes a search found: one row per node (id, name, type, what matched), sortable by any
// column. A cell type finds many neurons at once; the view highlights them all, and a row
// becomes the path's source or target from here.
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QWidget>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/graph/node_index.hpp"

namespace pathscope::qt {

class FindPanel : public QWidget {
  Q_OBJECT
 public:
  // Rows shown at most: a value such as side "left" can match half a brain; all of them are
  // still highlighted on the view, and the summary says how many there are.
  static constexpr int kMaxRows = 5000;

  explicit FindPanel(QWidget* parent = nullptr);
  // Lists what `key` found in g (lookup.all_nodes(), the named node first).
  void show_lookup(const Graph& g, const QString& key, const NodeLookup& lookup);
  void clear();
  // The nodes found, in the lookup's order (all of them, not only the rows shown).
  const std::vector<std::int32_t>& nodes() const { return nodes_; }
  QTableWidget* table() const { return table_; }
  QString summary() const { return summary_->text(); }
  // The node of the current row, or -1.
  std::int32_t current_node() const;

 Q_SIGNALS:
  void node_activated(std::int32_t node);  // a row chosen: centre the view on it
  void source_chosen(std::int32_t node);
  void target_chosen(std::int32_t node);

 private:
  QLabel* summary_;
  QTableWidget* table_;
  QPushButton* source_;
  QPushButton* target_;
  std::vector<std::int32_t> nodes_;
};

}  // namespace pathscope::qt
