#include "path_set_panel.hpp"
#include "result_table.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLocale>
#include <QVBoxLayout>

#include "number_item.hpp"
#include "path_panel.hpp"
#include "pathscope/runtime/count_text.hpp"
#include "pathscope/graph/node_index.hpp"

namespace pathscope::qt {

PathSetPanel::PathSetPanel(QWidget* parent) : QWidget(parent) {
  kind_ = new QComboBox(this);
  kind_->setObjectName(QStringLiteral("pathSetKind"));
  kind_->addItem(tr("All shortest"));
  kind_->addItem(tr("k shortest"));
  count_ = new QSpinBox(this);
  count_->setObjectName(QStringLiteral("pathSetCount"));
  find_ = new QPushButton(tr("Find"), this);
  find_->setObjectName(QStringLiteral("pathSetFind"));
  summary_ = new QLabel(this);
  summary_->setObjectName(QStringLiteral("pathSetSummary"));
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = make_result_table(4, QStringLiteral("pathSetTable"), this);
  table_->setHorizontalHeaderLabels({tr("#"), tr("Length"), tr("Hops"), tr("Via")});
  table_->horizontalHeader()->setSortIndicatorShown(true);
  auto* controls = new QHBoxLayout;
  controls->addWidget(kind_);
  controls->addWidget(count_);
  controls->addWidget(find_);
  controls->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(controls);
  layout->addWidget(summary_);
  layout->addWidget(table_, 1);
  connect(kind_, &QComboBox::currentIndexChanged, this, &PathSetPanel::kind_changed);
  connect(find_, &QPushButton::clicked, this, [this] { Q_EMIT requested(kind(), count()); });
  connect(table_, &QTableWidget::currentCellChanged, this, [this](int row, int, int previous, int) {
    if (filling_ || row == previous || row < 0) return;
    if (auto* item = table_->item(row, 0)) Q_EMIT entry_chosen(item->data(Qt::UserRole).toInt());
  });
  kind_changed();
}

Selection::PathSet::Kind PathSetPanel::kind() const {
  return kind_->currentIndex() == 0 ? Selection::PathSet::Kind::AllShortest : Selection::PathSet::Kind::KShortest;
}

void PathSetPanel::set_request(Selection::PathSet::Kind kind, int count) {
  kind_->setCurrentIndex(kind == Selection::PathSet::Kind::AllShortest ? 0 : 1);
  count_->setValue(count);
}

void PathSetPanel::kind_changed() {
  // All shortest: how many to list at most (the total is counted anyway); k shortest: k.
  if (kind() == Selection::PathSet::Kind::AllShortest) {
    count_->setRange(1, 100000);
    count_->setPrefix(tr("cap "));
    count_->setValue(100);
    count_->setToolTip(tr("List at most this many; the total number of shortest paths is counted all the same"));
  } else {
    count_->setRange(1, 1000);
    count_->setPrefix(tr("k = "));
    count_->setValue(10);
    count_->setToolTip(tr("The k shortest simple paths (Yen), cheapest first"));
  }
}

void PathSetPanel::observe(Selection* selection) {
  connect(selection, &Selection::changed, this, [this, selection] { show_selection(*selection); });
  connect(this, &PathSetPanel::entry_chosen, selection, &Selection::choose_in_path_set);
  show_selection(*selection);
}

void PathSetPanel::show_selection(const Selection& s) {
  find_->setEnabled(s.has_pair());
  const auto* set = s.path_set();
  if (!set) {
    shown_serial_ = 0;
    table_->setSortingEnabled(false);
    table_->setRowCount(0);
    summary_->setText(s.has_pair() ? tr("Find every shortest path or the k shortest between the pair.")
                                   : tr("Choose a source and a target first."));
    return;
  }
  const Graph& g = s.session()->graph();
  const QLocale locale;
  const bool all = set->kind == Selection::PathSet::Kind::AllShortest;
  const auto listed = static_cast<int>(set->paths.size());
  if (listed == 0) {
    summary_->setText(tr("No path from %1 to %2.").arg(QString::fromStdString(node_display_name(g, set->source)),
                                                        QString::fromStdString(node_display_name(g, set->target))));
  } else if (all) {
    const bool capped = set->total.saturated || set->total.value > static_cast<std::uint64_t>(listed);
    const long long found = set->total.saturated ? 2 : static_cast<long long>(set->total.value);
    summary_->setText(tr("%1 %2 of length %3%4")
                          .arg(QString::fromStdString(set->total.text()),
                               QString::fromStdString(count_noun(found, "shortest path")),
                               format_cost(set->paths.front().cost),
                               capped ? tr(", the first %1 listed (cap %2)").arg(locale.toString(listed)).arg(set->limit)
                                      : QString()));
  } else {
    summary_->setText(tr("%1 (k = %2), lengths %3 to %4")
                          .arg(QString::fromStdString(count_text(listed, "shortest simple path")))
                          .arg(set->limit)
                          .arg(format_cost(set->paths.front().cost), format_cost(set->paths.back().cost)));
  }
  // Refilled only when the set itself changed; stepping moves the current row.
  if (shown_serial_ != s.path_set_serial()) {
    shown_serial_ = s.path_set_serial();
    set_request(set->kind, static_cast<int>(set->limit));  // the controls say what is listed
    filling_ = true;
    table_->setSortingEnabled(false);
    table_->setRowCount(listed);
    for (int row = 0; row < listed; ++row) {
      const ArcPath& p = set->paths[static_cast<std::size_t>(row)];
      auto* index = number_item(QString::number(row + 1), row + 1);
      index->setData(Qt::UserRole, row);
      table_->setItem(row, 0, index);
      table_->setItem(row, 1, number_item(format_cost(p.cost), p.cost));
      table_->setItem(row, 2, number_item(QString::number(p.arcs.size()), static_cast<double>(p.arcs.size())));
      QStringList via;
      for (std::size_t i = 1; i + 1 < p.nodes.size() && via.size() < 8; ++i) via << QString::fromStdString(node_display_name(g, p.nodes[i]));
      if (p.nodes.size() > 10) via << QStringLiteral("…");
      table_->setItem(row, 3, new QTableWidgetItem(via.join(QStringLiteral(" › "))));
    }
    table_->horizontalHeader()->setSortIndicator(0, Qt::AscendingOrder);
    table_->setSortingEnabled(true);
    table_->resizeColumnsToContents();
    filling_ = false;
  }
  // The row of the entry shown (rows may be sorted by another column).
  for (int row = 0; row < table_->rowCount(); ++row) {
    const auto* item = table_->item(row, 0);
    if (item && item->data(Qt::UserRole).toInt() == s.path_set_index()) {
      filling_ = true;
      table_->setCurrentCell(row, 0);
      table_->scrollToItem(table_->item(row, 0));
      filling_ = false;
      break;
    }
  }
}

}  // namespace pathscope::qt
