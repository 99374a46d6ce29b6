#pragma once
// Path sets between the chosen pair: every shortest path (with a cap and the total count) or
// the k shortest simple paths, listed one per row with length and hops. Choosing a row shows
// that path on the view and in the hop list; Up/Down here, or [ and ] anywhere, step through.
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QWidget>

#include "selection.hpp"

namespace pathscope::qt {

class PathSetPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PathSetPanel(QWidget* parent = nullptr);
  // Lists the selection's path set now and after each of its changes.
  void observe(Selection* selection);
  void show_selection(const Selection& selection);

  // The kind and count the controls ask for (cap for all shortest, k for k shortest).
  Selection::PathSet::Kind kind() const;
  int count() const { return count_->value(); }
  void set_request(Selection::PathSet::Kind kind, int count);
  QTableWidget* table() const { return table_; }
  QString summary() const { return summary_->text(); }
  QPushButton* find_button() const { return find_; }

 Q_SIGNALS:
  // Find was pressed: compute this set for the chosen pair.
  void requested(Selection::PathSet::Kind kind, int count);
  void entry_chosen(int index);

 private:
  void kind_changed();
  QComboBox* kind_;
  QSpinBox* count_;
  QPushButton* find_;
  QLabel* summary_;
  QTableWidget* table_;
  bool filling_ = false;
  std::uint64_t shown_serial_ = 0;  // Selection::path_set_serial of the rows listed
};

}  // namespace pathscope::qt
