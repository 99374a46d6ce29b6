#include "result_table.hpp"

#include <QHeaderView>

namespace pathscope::qt {

QTableWidget* make_result_table(int columns, const QString& object_name, QWidget* parent) {
  auto* table = new QTableWidget(0, columns, parent);
  table->setObjectName(object_name);
  table->verticalHeader()->setVisible(false);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->horizontalHeader()->setStretchLastSection(true);
  table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
  return table;
}

}  // namespace pathscope::qt
