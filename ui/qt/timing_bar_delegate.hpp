#pragma once
// The timing panel's Scale column: each run's wall time as a bar painted inside its own cell
// (a share of the slowest run), and the running job's progress with its time left. Painted by
// the delegate rather than placed as a widget over the cell, so a bar moves and resizes with
// its cell on every paint and is never left over another column or a row that went.
#include <QStyledItemDelegate>

namespace pathscope::qt {

// Item data the delegate reads: the bar's filled share, 0 to 1 (no bar when absent), and the
// text written on it (empty: none).
inline constexpr int kBarFractionRole = Qt::UserRole + 1;
inline constexpr int kBarTextRole = Qt::UserRole + 2;

class TimingBarDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace pathscope::qt
