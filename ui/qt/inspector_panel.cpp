#include "inspector_panel.hpp"

#include <QHeaderView>
#include <QVBoxLayout>
#include <cmath>

#include "path_panel.hpp"

namespace pathscope::qt {

InspectorPanel::InspectorPanel(QWidget* parent) : QWidget(parent) {
  table_ = new QTableWidget(0, 2, this);
  table_->setObjectName(QStringLiteral("inspectorTable"));
  table_->setHorizontalHeaderLabels({tr("Field"), tr("Value")});
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(table_);
}

void InspectorPanel::set_session(std::shared_ptr<const GraphSession> session) {
  session_ = std::move(session);
  hovered_ = pinned_ = -1;
  in_degree_.clear();
  if (session_) {
    const Graph& g = session_->graph();
    in_degree_.assign(static_cast<std::size_t>(g.n), 0);
    for (const auto v : g.heads) ++in_degree_[static_cast<std::size_t>(v)];
  }
  show_node(-1);
}

void InspectorPanel::hover(std::int32_t node) {
  hovered_ = node;
  show_node(hovered_ >= 0 ? hovered_ : pinned_);
}

void InspectorPanel::pin(std::int32_t node) {
  pinned_ = node;
  if (hovered_ < 0) show_node(pinned_);
}

QString InspectorPanel::value(const QString& field) const {
  for (int row = 0; row < table_->rowCount(); ++row) {
    if (table_->item(row, 0)->text() == field) return table_->item(row, 1)->text();
  }
  return {};
}

void InspectorPanel::show_node(std::int32_t u) {
  shown_ = -1;
  table_->setRowCount(0);
  if (!session_ || u < 0 || u >= session_->graph().n) return;
  shown_ = u;
  const Graph& g = session_->graph();
  std::vector<std::pair<QString, QString>> rows;
  rows.emplace_back(tr("Index"), QString::number(u));
  rows.emplace_back(tr("Id"), QString::number(g.display_id(u)));
  if (!g.names.empty()) rows.emplace_back(tr("Name"), QString::fromStdString(g.names[static_cast<std::size_t>(u)]));
  if (g.coord_dims >= 2 && g.coords.size() >= static_cast<std::size_t>(g.n) * g.coord_dims) {
    QStringList xyz;
    for (int k = 0; k < g.coord_dims; ++k) {
      xyz << format_cost(g.coords[static_cast<std::size_t>(u) * g.coord_dims + k]);
    }
    rows.emplace_back(tr("Coordinates"), xyz.join(QStringLiteral(", ")));
  }
  const auto& drawn = session_->drawn.positions;
  if (drawn.size() >= 2 * static_cast<std::size_t>(g.n)) {
    rows.emplace_back(tr("Drawn at"), format_cost(drawn[2 * u]) + QStringLiteral(", ") + format_cost(drawn[2 * u + 1]));
  }
  if (g.directed) {
    rows.emplace_back(tr("Out-degree"), QString::number(g.out_degree(u)));
    rows.emplace_back(tr("In-degree"), QString::number(in_degree_[static_cast<std::size_t>(u)]));
  } else {
    rows.emplace_back(tr("Degree"), QString::number(g.out_degree(u)));
  }
  for (const auto& column : g.node_attributes.columns) {
    const auto i = static_cast<std::size_t>(u);
    rows.emplace_back(QString::fromStdString(column.name), i < column.size() && column.has(i)
                                                               ? QString::fromStdString(column.to_text(i))
                                                               : QStringLiteral("—"));
  }
  // Values computed on this graph (centrality, flow layers), as the Colour by menu names them.
  for (const auto& [name, values] : session_->computed.columns) {
    const double v = static_cast<std::size_t>(u) < values.size() ? values[static_cast<std::size_t>(u)] : std::nan("");
    rows.emplace_back(QString::fromStdString(name), std::isfinite(v) ? QString::number(v, 'g', 6) : QStringLiteral("—"));
  }
  table_->setRowCount(static_cast<int>(rows.size()));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    table_->setItem(static_cast<int>(r), 0, new QTableWidgetItem(rows[r].first));
    table_->setItem(static_cast<int>(r), 1, new QTableWidgetItem(rows[r].second));
  }
  table_->resizeColumnToContents(0);
}

}  // namespace pathscope::qt
