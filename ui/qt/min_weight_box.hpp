#pragma once
// The minimum-weight field of the open dialog and the toolbar. Its lowest value reads
// "no minimum" and stands for LoadOptions' default (-infinity): a negative weight is a cost
// like any other, and a table opened with the field untouched must keep every row.
#include <QDoubleSpinBox>

namespace pathscope::qt {

class MinWeightBox : public QDoubleSpinBox {
  Q_OBJECT
 public:
  explicit MinWeightBox(QWidget* parent = nullptr, int decimals = 2);
  // -infinity when the field reads "no minimum".
  double min_weight() const;
  // A value that is not finite shows "no minimum".
  void set_min_weight(double w);
  bool has_minimum() const { return value() != minimum(); }
  void stepBy(int steps) override;
};

}  // namespace pathscope::qt
