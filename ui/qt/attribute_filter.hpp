#pragma once
// The Filter panel: pick a node attribute, tick the values whose nodes stay in the view (each
// with its node count). It writes the Selection's view choices and shows them back, so an
// undo or a restored session ticks the same boxes.
#include <QComboBox>
#include <QListWidget>
#include <QWidget>

#include "selection.hpp"

namespace pathscope::qt {

class AttributeFilterPanel : public QWidget {
  Q_OBJECT
 public:
  explicit AttributeFilterPanel(Selection* selection, QWidget* parent = nullptr);

  QComboBox* attribute_box() const { return attribute_; }
  // One checkable row per value, "VALUE (COUNT)", the value itself in Qt::UserRole.
  QListWidget* values() const { return values_; }

 private:
  // Fills the controls from the view choices and the open graph.
  void show_choices();
  void attribute_chosen(int index);
  void values_ticked();
  void tick_all(bool ticked);

  Selection* selection_;
  QComboBox* attribute_;
  QListWidget* values_;
  const GraphSession* listed_session_ = nullptr;
  bool filling_ = false;  // the controls are being set from the choices, not by the person
};

}  // namespace pathscope::qt
