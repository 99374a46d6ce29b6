#include "path_panel.hpp"
#include "result_table.hpp"

#include <QHeaderView>
#include <QVBoxLayout>
#include <cmath>

#include "number_item.hpp"
#include "pathscope/export/hop_values.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/runtime/count_text.hpp"

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
  table_ = make_result_table(6, QStringLiteral("pathTable"), this);
  set_columns({tr("#"), tr("Id"), tr("Name"), tr("Arc cost"), tr("Cumulative"), tr("Strength")});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(summary_);
  layout->addWidget(table_, 1);
  // Click a header to sort by that column; click it again for the other order.
  table_->horizontalHeader()->setSortIndicatorShown(true);
  connect(table_, &QTableWidget::cellClicked, this, [this](int row, int) {
    if (auto* item = table_->item(row, 0)) Q_EMIT node_activated(item->data(Qt::UserRole).toInt());
  });
  connect(table_, &QTableWidget::currentCellChanged, this, [this](int row, int, int previous, int) {
    if (row == previous || row < 0) return;
    if (auto* item = table_->item(row, 0)) Q_EMIT node_activated(item->data(Qt::UserRole).toInt());
  });
}

void PathPanel::observe(const Selection* selection) {
  connect(selection, &Selection::changed, this, [this, selection] { show_selection(*selection); });
  show_selection(*selection);
}

void PathPanel::show_selection(const Selection& s) {
  const GraphSession* session = s.session();
  if (!session) return show_message(tr("Click a node for the source, then another for the target."));
  const Graph& g = session->graph();
  if (const auto* tour = s.tour()) {
    return show_tour(g, tour->stops, tour->legs,
                     QString::fromStdString(tour->method) + (tour->result.proven_optimal ? tr(", optimal") : tr(", best found")));
  }
  if (const auto* reach = s.reach()) return show_reach(g, *reach);
  const auto stops = static_cast<int>(s.stops().size());
  if (stops > 0) {
    return show_message(stops < 2 ? tr("%1. Shift-click more stops, then Best Tour (T).").arg(QString::fromStdString(count_text(stops, "stop")))
                                  : tr("%1 stops. Best Tour (T) finds the shortest closed tour.").arg(stops));
  }
  if (s.has_pair()) {
    if (!s.path_error().isEmpty()) return show_message(s.path_error());
    return show_path(g, s.path(), QString::fromStdString(s.method()));
  }
  if (s.source() >= 0) return show_message(tr("Source %1. Click a target.").arg(QString::fromStdString(node_display_name(g, s.source()))));
  show_message(tr("Click a node for the source, then another for the target."));
}

void PathPanel::set_columns(const QStringList& headers) {
  // Filled unsorted, in the answer's order; sorting comes back on in finish_rows().
  table_->setSortingEnabled(false);
  table_->setColumnCount(static_cast<int>(headers.size()));
  table_->setHorizontalHeaderLabels(headers);
}

void PathPanel::finish_rows() {
  table_->horizontalHeader()->setSortIndicator(0, Qt::AscendingOrder);
  table_->setSortingEnabled(true);
  table_->resizeColumnsToContents();
}

void PathPanel::show_tour(const Graph& g, const std::vector<std::int32_t>& stops, const std::vector<Path>& legs,
                          const QString& method) {
  set_columns({tr("Stop"), tr("Id"), tr("Name"), tr("Leg to next"), tr("Cumulative")});
  double total = 0;
  std::size_t hops = 0;
  for (const auto& leg : legs) {
    total += leg.distance;
    hops += leg.nodes.size() - 1;
  }
  summary_->setText(tr("Tour through %1 stops: length %2, %3\nby %4")
                        .arg(stops.size())
                        .arg(format_cost(total), QString::fromStdString(count_text(static_cast<long long>(hops), "hop")),
                             method));
  table_->setRowCount(static_cast<int>(stops.size()));
  double cumulative = 0;
  for (std::size_t i = 0; i < stops.size(); ++i) {
    const auto u = stops[i];
    const double leg = i < legs.size() ? legs[i].distance : 0.0;
    cumulative += leg;
    const int row = static_cast<int>(i);
    auto* step = number_item(QString::number(i + 1), static_cast<double>(i + 1));
    step->setData(Qt::UserRole, u);
    table_->setItem(row, 0, step);
    table_->setItem(row, 1, number_item(QString::number(g.display_id(u)), static_cast<double>(g.display_id(u))));
    table_->setItem(row, 2, name_item(g, u));
    table_->setItem(row, 3, number_item(format_cost(leg), leg));
    table_->setItem(row, 4, number_item(format_cost(cumulative), cumulative));
  }
  finish_rows();
}

void PathPanel::show_reach(const Graph& g, const ReachSet& set) {
  set_columns({tr("#"), tr("Id"), tr("Name"), tr("Hops")});
  const QString start = QString::fromStdString(node_display_name(g, set.start));
  const bool down = set.direction == ReachDirection::Downstream;
  summary_->setText((down ? tr("%1 reaches %2 of %3 nodes%4") : tr("%2 of %3 nodes reach %1%4"))
                        .arg(start)
                        .arg(set.count())
                        .arg(g.n)
                        .arg(set.start_on_cycle() ? tr(" (itself included: it lies on a cycle)") : QString()));
  table_->setRowCount(static_cast<int>(set.nodes.size()));
  for (std::size_t i = 0; i < set.nodes.size(); ++i) {
    const auto u = set.nodes[i];
    const int row = static_cast<int>(i);
    auto* step = number_item(QString::number(i + 1), static_cast<double>(i + 1));
    step->setData(Qt::UserRole, u);
    table_->setItem(row, 0, step);
    table_->setItem(row, 1, number_item(QString::number(g.display_id(u)), static_cast<double>(g.display_id(u))));
    table_->setItem(row, 2, name_item(g, u));
    table_->setItem(row, 3, i < set.hops.size() ? number_item(QString::number(set.hops[i]), set.hops[i]) : blank_number());
  }
  finish_rows();
}

void PathPanel::show_message(const QString& text) {
  summary_->setText(text);
  table_->setSortingEnabled(false);
  table_->setRowCount(0);
}

void PathPanel::show_path(const Graph& g, const Path& path, const QString& method) {
  const QString from = QString::fromStdString(node_display_name(g, path.source));
  const QString to = QString::fromStdString(node_display_name(g, path.target));
  if (!path.reachable) {
    show_message(tr("No path from %1 to %2 (%3).").arg(from, to, method));
    return;
  }
  const bool strengths = g.has_arc_strengths();
  // A connectome's hop reads "neuron, its type, the synapses into it": with a type column the
  // type and strength come right after the name; without one the columns stay as they were.
  const AttributeColumn* types = type_column(g);
  QStringList headers = {tr("#"), tr("Id"), tr("Name")};
  const int type_at = types ? static_cast<int>(headers.size()) : -1;
  if (types) headers << QString::fromStdString(types->name);
  const int strength_early = types && strengths ? static_cast<int>(headers.size()) : -1;
  if (strength_early >= 0) headers << tr("Strength");
  const int cost_at = static_cast<int>(headers.size());
  headers << tr("Arc cost") << tr("Cumulative");
  const int strength_at = strength_early >= 0 ? strength_early : strengths ? static_cast<int>(headers.size()) : -1;
  if (strengths && strength_early < 0) headers << tr("Strength");
  set_columns(headers);
  summary_->setText(tr("%1 → %2: distance %3, %4\nby %5")
                        .arg(from, to, format_cost(path.distance),
                             QString::fromStdString(count_text(static_cast<long long>(path.nodes.size()) - 1, "hop")),
                             method));
  table_->setRowCount(static_cast<int>(path.nodes.size()));
  double cumulative = 0;
  for (std::size_t i = 0; i < path.nodes.size(); ++i) {
    const auto u = path.nodes[i];
    const double arc = i == 0 ? 0.0 : path.arc_costs[i - 1];
    cumulative += arc;
    const int row = static_cast<int>(i);
    auto* step = number_item(QString::number(i), static_cast<double>(i));
    step->setData(Qt::UserRole, u);
    table_->setItem(row, 0, step);
    table_->setItem(row, 1, number_item(QString::number(g.display_id(u)), static_cast<double>(g.display_id(u))));
    table_->setItem(row, 2, name_item(g, u));
    if (types) {
      const auto at = static_cast<std::size_t>(u);
      table_->setItem(row, type_at, new QTableWidgetItem(at < types->size() && types->has(at)
                                                             ? QString::fromStdString(types->to_text(at))
                                                             : QString()));
    }
    table_->setItem(row, cost_at, i == 0 ? blank_number() : number_item(format_cost(arc), arc));
    table_->setItem(row, cost_at + 1, number_item(format_cost(cumulative), cumulative));
    if (strengths) {
      // The synapse count (or weight) before the cost rule, beside the cost it became.
      const double w = i == 0 ? NAN : arc_strength_between(g, path.nodes[i - 1], u, arc);
      table_->setItem(row, strength_at, std::isnan(w) ? blank_number() : number_item(format_cost(w), w));
    }
  }
  finish_rows();
}

}  // namespace pathscope::qt
