#include "find_panel.hpp"
#include "result_table.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>

#include "number_item.hpp"
#include "pathscope/runtime/count_text.hpp"
#include "pathscope/graph/node_index.hpp"

namespace pathscope::qt {

FindPanel::FindPanel(QWidget* parent) : QWidget(parent) {
  summary_ = new QLabel(tr("Type an id, a name or a cell type in the find box (Ctrl+F), Enter."), this);
  summary_->setObjectName(QStringLiteral("findSummary"));
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = make_result_table(4, QStringLiteral("findTable"), this);
  table_->setHorizontalHeaderLabels({tr("Id"), tr("Name"), tr("Type"), tr("Matched")});
  table_->horizontalHeader()->setSortIndicatorShown(true);
  source_ = new QPushButton(tr("Use as &Source"), this);
  source_->setObjectName(QStringLiteral("findAsSource"));
  target_ = new QPushButton(tr("Use as T&arget"), this);
  target_->setObjectName(QStringLiteral("findAsTarget"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(source_);
  buttons->addWidget(target_);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(summary_);
  layout->addWidget(table_, 1);
  layout->addLayout(buttons);
  connect(table_, &QTableWidget::currentCellChanged, this, [this](int row, int, int previous, int) {
    if (row != previous && row >= 0) Q_EMIT node_activated(current_node());
  });
  connect(table_, &QTableWidget::cellClicked, this, [this](int, int) { Q_EMIT node_activated(current_node()); });
  connect(source_, &QPushButton::clicked, this, [this] {
    if (current_node() >= 0) Q_EMIT source_chosen(current_node());
  });
  connect(target_, &QPushButton::clicked, this, [this] {
    if (current_node() >= 0) Q_EMIT target_chosen(current_node());
  });
  clear();
}

std::int32_t FindPanel::current_node() const {
  const int row = table_->currentRow();
  const auto* item = row >= 0 ? table_->item(row, 0) : nullptr;
  return item ? item->data(Qt::UserRole).toInt() : -1;
}

void FindPanel::clear() {
  nodes_.clear();
  table_->setSortingEnabled(false);
  table_->setRowCount(0);
  source_->setEnabled(false);
  target_->setEnabled(false);
}

void FindPanel::show_lookup(const Graph& g, const QString& key, const NodeLookup& lookup) {
  clear();
  nodes_ = lookup.all_nodes();
  // What matched each node: "name" or "id" for the named node, "column = value" for the rest.
  std::vector<QString> matched(nodes_.size());
  {
    std::vector<std::pair<std::int32_t, QString>> why;
    for (const auto& m : lookup.matches) {
      const QString text = QString::fromStdString(m.column) + QStringLiteral(" = ") + QString::fromStdString(m.value);
      for (const auto u : m.nodes) why.emplace_back(u, text);
    }
    std::stable_sort(why.begin(), why.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const auto u = nodes_[i];
      if (lookup.node && u == *lookup.node) {
        const bool by_name = !g.names.empty() && QString::fromStdString(g.names[u]).compare(key.trimmed(), Qt::CaseInsensitive) == 0;
        matched[i] = by_name ? tr("name") : tr("id");
      }
      auto it = std::lower_bound(why.begin(), why.end(), u, [](const auto& e, std::int32_t v) { return e.first < v; });
      for (; it != why.end() && it->first == u; ++it) matched[i] += (matched[i].isEmpty() ? QString() : QStringLiteral("; ")) + it->second;
    }
  }
  const AttributeColumn* types = type_column(g);
  table_->horizontalHeaderItem(2)->setText(types ? QString::fromStdString(types->name) : tr("Type"));
  const int rows = static_cast<int>(std::min<std::size_t>(nodes_.size(), kMaxRows));
  table_->setRowCount(rows);
  for (int row = 0; row < rows; ++row) {
    const auto u = nodes_[static_cast<std::size_t>(row)];
    auto* id = number_item(QString::number(g.display_id(u)), static_cast<double>(g.display_id(u)));
    id->setData(Qt::UserRole, u);
    table_->setItem(row, 0, id);
    table_->setItem(row, 1, name_item(g, u));
    const auto at = static_cast<std::size_t>(u);
    table_->setItem(row, 2, new QTableWidgetItem(types && at < types->size() && types->has(at)
                                                     ? QString::fromStdString(types->to_text(at))
                                                     : QString()));
    table_->setItem(row, 3, new QTableWidgetItem(matched[static_cast<std::size_t>(row)]));
  }
  table_->horizontalHeader()->setSortIndicator(0, Qt::AscendingOrder);
  table_->setSortingEnabled(true);
  table_->resizeColumnsToContents();
  const QLocale locale;
  QString text;
  if (nodes_.empty()) {
    text = tr("Nothing matches '%1' (ids, names and attribute values such as cell types are searched).").arg(key);
  } else if (lookup.matches.empty()) {
    text = tr("'%1': node %2.").arg(key, QString::fromStdString(node_display_name(g, nodes_.front())));
  } else {
    QStringList values;
    for (const auto& m : lookup.matches) {
      values << tr("%1 = %2 (%3)").arg(QString::fromStdString(m.column), QString::fromStdString(m.value),
                                       locale.toString(static_cast<qlonglong>(m.nodes.size())));
    }
    const auto found = static_cast<qlonglong>(nodes_.size());
    text = tr("'%1': %2 %3, highlighted on the map: %4.")
               .arg(key, locale.toString(found), QString::fromStdString(count_noun(found, "node")),
                    values.join(QStringLiteral(", ")));
    if (rows < static_cast<int>(nodes_.size())) text += tr(" Listing the first %1.").arg(locale.toString(rows));
  }
  summary_->setText(text + (nodes_.empty() ? QString() : tr(" Pick a row, then Use as Source / Target.")));
  source_->setEnabled(rows > 0);
  target_->setEnabled(rows > 0);
}

}  // namespace pathscope::qt
