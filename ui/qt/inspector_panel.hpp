#pragma once
// The node under the mouse, or else the one last clicked: everything the reader kept about it
// (index, id, name, coordinates, degrees, every node attribute column of the file).
#include <QTableWidget>
#include <QWidget>
#include <memory>
#include <vector>

#include "graph_session.hpp"

namespace pathscope::qt {

class InspectorPanel : public QWidget {
  Q_OBJECT
 public:
  explicit InspectorPanel(QWidget* parent = nullptr);
  // A new graph (or none): nothing inspected.
  void set_session(std::shared_ptr<const GraphSession> session);
  // The node the mouse is over; -1 when over none (the clicked node shows again).
  void hover(std::int32_t node);
  // The node last clicked (the selection's source or target).
  void pin(std::int32_t node);
  std::int32_t shown() const { return shown_; }
  QTableWidget* table() const { return table_; }
  // Field name -> value text of the node shown, "" when the field is absent.
  QString value(const QString& field) const;

 private:
  void show_node(std::int32_t node);

  QTableWidget* table_;
  std::shared_ptr<const GraphSession> session_;
  std::vector<std::int32_t> in_degree_;
  std::int32_t hovered_ = -1, pinned_ = -1, shown_ = -1;
};

}  // namespace pathscope::qt
