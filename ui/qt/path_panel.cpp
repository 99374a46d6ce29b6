#include "path_panel.hpp"

#include <QHeaderView>
#include <QVBoxLayout>
#include <cmath>

namespace pathscope::qt {

QString format_cost(double value) {
  if (!std::isfinite(value)) return QStringLiteral("unreachable");
  if (value == std::round(value) && std::abs(value) < 1e15) return QString::number(static_cast<long long>(value));
  return QString::number(value, 'g', 6);
}

PathPanel::PathPanel(QWidget* parent) : QWidget(parent) {
  summary_ = new QLabel(tr("Click a node for the source, then another for the target."), this);
  summary_->setWordWrap(true);
  summary_->setObjectName(QStringLiteral("pathSummary"));
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = new QTableWidget(0, 5, this);
  table_->setObjectName(QStringLiteral("pathTable"));
  table_->setHorizontalHeaderLabels({tr("#"), tr("Id"), tr("Name"), tr("Arc cost"), tr("Cumulative")});
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(summary_);
  layout->addWidget(table_, 1);
  connect(table_, &QTableWidget::cellClicked, this, [this](int row, int) {
    if (auto* item = table_->item(row, 0)) Q_EMIT node_activated(item->data(Qt::UserRole).toInt());
  });
}

void PathPanel::show_message(const QString& text) {
  summary_->setText(text);
  table_->setRowCount(0);
}

void PathPanel::show_path(const Graph& g, const Path& path, const QString& method) {
  const QString from = QString::fromStdString(g.label(path.source));
  const QString to = QString::fromStdString(g.label(path.target));
  if (!path.reachable) {
    show_message(tr("No path from %1 to %2 (%3).").arg(from, to, method));
    return;
  }
  summary_->setText(tr("%1 → %2: distance %3, %4 hops\nby %5")
                        .arg(from, to, format_cost(path.distance))
                        .arg(path.nodes.size() - 1)
                        .arg(method));
  table_->setRowCount(static_cast<int>(path.nodes.size()));
  double cumulative = 0;
  for (std::size_t i = 0; i < path.nodes.size(); ++i) {
    const auto u = path.nodes[i];
    const double arc = i == 0 ? 0.0 : path.arc_costs[i - 1];
    cumulative += arc;
    const int row = static_cast<int>(i);
    auto* step = new QTableWidgetItem(QString::number(i));
    step->setData(Qt::UserRole, u);
    table_->setItem(row, 0, step);
    table_->setItem(row, 1, new QTableWidgetItem(QString::number(g.display_id(u))));
    table_->setItem(row, 2, new QTableWidgetItem(g.names.empty() ? QString() : QString::fromStdString(g.names[u])));
    table_->setItem(row, 3, new QTableWidgetItem(i == 0 ? QString() : format_cost(arc)));
    table_->setItem(row, 4, new QTableWidgetItem(format_cost(cumulative)));
    for (int c : {0, 1, 3, 4}) table_->item(row, c)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  }
  table_->resizeColumnsToContents();
}

}  // namespace pathscope::qt
