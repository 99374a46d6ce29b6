#pragma once
// View › Type-to-Type: the shortest path length between groups of nodes (cell types, or the
// values of any attribute) as a heat map, each cell with its minimum and how many of its
// member pairs have a path; a click shows a path of that length between the two groups
// (type_matrix.hpp says which pair). The answers are `pathscope-cli path-lengths`'s.
#include <QWidget>
#include <memory>

#include "graph_session.hpp"
#include "selection.hpp"
#include "type_matrix_controller.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace pathscope::qt {

class TypeMatrixPanel : public QWidget {
  Q_OBJECT
 public:
  explicit TypeMatrixPanel(Selection* selection, QWidget* parent = nullptr);
  // The graph to group; its attributes fill the choice, the default groups are its most
  // numerous kDefaultTypeGroups cell types (or values of the first text attribute).
  void set_session(std::shared_ptr<GraphSession> session);
  // Computes the matrix for what the controls say (the Compute button).
  void compute();
  TypeMatrixController* controller() const { return controller_; }
  QTableWidget* table() const { return table_; }
  QComboBox* attribute_box() const { return attribute_; }
  QLineEdit* values_field() const { return values_; }

 private:
  void show_matrix();

  TypeMatrixController* controller_;
  QComboBox* attribute_;
  QLineEdit* values_;
  QPushButton* compute_;
  QLabel* summary_;
  QTableWidget* table_;
};

}  // namespace pathscope::qt
