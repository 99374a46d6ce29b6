#pragma once
// The legend of View › Colour by: each category's colour with its value and node count, or
// the numeric ramp with its minimum, middle and maximum, its scale named when it is log (and
// "none" for nodes without a value).
#include <QLabel>
#include <QTreeWidget>
#include <QWidget>

#include "attribute_view.hpp"

namespace pathscope::qt {

class ColourLegend : public QWidget {
  Q_OBJECT
 public:
  explicit ColourLegend(const AttributeView* attributes, QWidget* parent = nullptr);

  // One row per entry: swatch and value, then the count (tests read these).
  QTreeWidget* entries() const { return entries_; }
  QLabel* ramp() const { return ramp_; }  // numeric only: the ramp with min and max
  QLabel* title() const { return title_; }  // the attribute's name (and scale and range)

 private:
  void refresh();

  const AttributeView* attributes_;
  QLabel* title_;
  QLabel* ramp_;
  QTreeWidget* entries_;
};

}  // namespace pathscope::qt
