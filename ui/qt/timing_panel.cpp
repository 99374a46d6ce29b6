#include "timing_panel.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QVBoxLayout>
#include <algorithm>

namespace pathscope::qt {

TimingPanel::TimingPanel(QWidget* parent) : QWidget(parent) {
  table_ = new QTableWidget(0, 6, this);
  table_->setObjectName(QStringLiteral("timingTable"));
  table_->setHorizontalHeaderLabels({tr("Engine"), tr("Device"), tr("Wall time"), QString(), tr("Speedup"), tr("Updates/s")});
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
  run_both_ = new QPushButton(tr("Run both (CPU blocked + GPU)"), this);
  run_both_->setObjectName(QStringLiteral("runBothButton"));
  connect(run_both_, &QPushButton::clicked, this, &TimingPanel::run_both_requested);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(run_both_);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(buttons);
  layout->addWidget(table_, 1);
}

void TimingPanel::clear() {
  rows_.clear();
  rebuild();
}

void TimingPanel::set_run_enabled(bool enabled) { run_both_->setEnabled(enabled); }

void TimingPanel::add_run(const Timing& timing) {
  const QString engine = QString::fromStdString(timing.engine);
  rows_.erase(std::remove_if(rows_.begin(), rows_.end(), [&](const Row& r) { return r.engine == engine; }), rows_.end());
  rows_.push_back({engine, QString::fromStdString(timing.device), QString(), timing, true});
  rebuild();
}

void TimingPanel::add_unavailable(const QString& engine, const QString& reason) {
  rows_.erase(std::remove_if(rows_.begin(), rows_.end(), [&](const Row& r) { return r.engine == engine; }), rows_.end());
  rows_.push_back({engine, QString(), tr("unavailable: %1").arg(reason), {}, false});
  rebuild();
}

void TimingPanel::rebuild() {
  table_->clearSpans();
  table_->setRowCount(static_cast<int>(rows_.size()));
  double slowest = 0, reference = 0;
  for (const auto& r : rows_) {
    if (!r.ran) continue;
    slowest = std::max(slowest, r.timing.seconds);
    if (r.engine == QLatin1String("blocked")) reference = r.timing.seconds;
  }
  if (reference <= 0) reference = slowest;
  for (int i = 0; i < static_cast<int>(rows_.size()); ++i) {
    const Row& r = rows_[i];
    table_->setItem(i, 0, new QTableWidgetItem(r.engine));
    table_->setItem(i, 1, new QTableWidgetItem(r.ran ? r.device : r.note));
    if (!r.ran) {
      for (int c = 2; c < 6; ++c) table_->setItem(i, c, new QTableWidgetItem(QString()));
      table_->removeCellWidget(i, 3);
      table_->setSpan(i, 1, 1, 5);
      continue;
    }
    table_->setItem(i, 2, new QTableWidgetItem(QString::number(r.timing.seconds, 'f', 3) + QStringLiteral(" s")));
    auto* bar = new QProgressBar;
    bar->setRange(0, 1000);
    bar->setValue(slowest > 0 ? static_cast<int>(1000 * r.timing.seconds / slowest) : 0);
    bar->setTextVisible(false);
    table_->setCellWidget(i, 3, bar);
    const double speedup = r.timing.seconds > 0 ? reference / r.timing.seconds : 0;
    table_->setItem(i, 4, new QTableWidgetItem(QString::number(speedup, 'f', 2) + QStringLiteral("×")));
    table_->setItem(i, 5, new QTableWidgetItem(QString::number(r.timing.updates_per_second(), 'g', 3)));
  }
  table_->resizeColumnToContents(0);
  table_->resizeColumnToContents(2);
}

}  // namespace pathscope::qt
