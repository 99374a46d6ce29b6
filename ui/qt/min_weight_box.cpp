#include "min_weight_box.hpp"

#include <cmath>
#include <limits>

namespace pathscope::qt {
namespace {
// The field's lowest value is the "no minimum" sentinel, below any weight a table holds.
constexpr double kNoMinimum = -1e12;
constexpr double kLargest = 1e12;
}  // namespace

MinWeightBox::MinWeightBox(QWidget* parent, int decimals) : QDoubleSpinBox(parent) {
  setDecimals(decimals);
  setRange(kNoMinimum, kLargest);
  setSpecialValueText(tr("no minimum"));
  setValue(kNoMinimum);
  setToolTip(tr("Edge tables: drop connections weaker than this. \"no minimum\" keeps every row, "
                "negative weights included."));
}

double MinWeightBox::min_weight() const {
  return has_minimum() ? value() : -std::numeric_limits<double>::infinity();
}

void MinWeightBox::set_min_weight(double w) { setValue(std::isfinite(w) ? w : kNoMinimum); }

void MinWeightBox::stepBy(int steps) {
  // From "no minimum" one step up is 0, and one step down from 0 is "no minimum" again
  // rather than -1e12 + 1.
  if (!has_minimum()) {
    if (steps > 0) setValue(0);
    return;
  }
  if (value() == 0 && steps < 0) {
    setValue(kNoMinimum);
    return;
  }
  QDoubleSpinBox::stepBy(steps);
}

}  // namespace pathscope::qt
