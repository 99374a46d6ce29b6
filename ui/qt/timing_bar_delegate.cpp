#include "timing_bar_delegate.hpp"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionProgressBar>
#include <algorithm>

namespace pathscope::qt {

void TimingBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
  QStyledItemDelegate::paint(painter, option, index);
  const QVariant fraction = index.data(kBarFractionRole);
  if (!fraction.isValid()) return;
  QStyleOptionProgressBar bar;
  bar.rect = option.rect.adjusted(2, 3, -2, -3);
  bar.minimum = 0;
  bar.maximum = 1000;
  bar.progress = static_cast<int>(1000 * std::clamp(fraction.toDouble(), 0.0, 1.0));
  bar.text = index.data(kBarTextRole).toString();
  bar.textVisible = !bar.text.isEmpty();
  bar.textAlignment = Qt::AlignCenter;
  bar.state = option.state | QStyle::State_Horizontal;
  bar.palette = option.palette;
  painter->save();
  painter->setClipRect(option.rect);  // the style may draw a frame wider than asked; never past the cell
  const QWidget* widget = option.widget;
  (widget ? widget->style() : QApplication::style())->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
  painter->restore();
}

}  // namespace pathscope::qt
