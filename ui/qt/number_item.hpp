#pragma once
// Table cells that sort by the number they show (ids, costs, hops, counts), not by their text;
// empty cells (blank_number) sort last. Shared by the path, found-nodes and path-set lists.
#include <QTableWidgetItem>
#include <cmath>

namespace pathscope::qt {

class NumberItem : public QTableWidgetItem {
 public:
  NumberItem(const QString& text, double value) : QTableWidgetItem(text), value_(value) {
    setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  }
  bool operator<(const QTableWidgetItem& other) const override {
    const auto* number = dynamic_cast<const NumberItem*>(&other);
    return number ? value_ < number->value_ : QTableWidgetItem::operator<(other);
  }

 private:
  double value_;
};

inline QTableWidgetItem* number_item(const QString& text, double value) { return new NumberItem(text, value); }
inline QTableWidgetItem* blank_number() { return new NumberItem(QString(), INFINITY); }

}  // namespace pathscope::qt
