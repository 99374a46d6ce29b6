#include "result_table.hpp"

#include <QHeaderView>
#include <string>

#include "pathscope/graph/node_index.hpp"

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

QTableWidgetItem* name_item(const Graph& g, std::int32_t u) {
  const std::string name = node_display_name(g, u);
  return new QTableWidgetItem(name == std::to_string(g.display_id(u)) ? QString() : QString::fromStdString(name));
}

}  // namespace pathscope::qt
