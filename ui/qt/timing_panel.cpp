#include "timing_panel.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

namespace pathscope::qt {
namespace {

// Three significant digits with a metric prefix: "6.91 M", readable where "6.91e+06" is not.
QString with_prefix(double value) {
  static const char* const prefixes[] = {"", " k", " M", " G", " T", " P"};
  int i = 0;
  while (std::abs(value) >= 1000 && i < 5) {
    value /= 1000;
    ++i;
  }
  return QString::number(value, 'g', 3) + QLatin1String(prefixes[i]);
}

}  // namespace

TimingPanel::TimingPanel(QWidget* parent) : QWidget(parent) {
  table_ = new QTableWidget(0, 7, this);
  table_->setObjectName(QStringLiteral("timingTable"));
  table_->setHorizontalHeaderLabels(
      {tr("Engine"), tr("Device"), tr("Wall time"), tr("Scale"), tr("Speedup"), tr("Rate"), tr("Problem")});
  table_->verticalHeader()->setVisible(false);
  table_->horizontalHeaderItem(5)->setToolTip(
      tr("What the problem answers per second, counted the same for every engine: node pairs (all pairs), "
         "stops (tour), arcs searched (reach)"));
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

void TimingPanel::add_run(const Timing& timing, const QString& problem, double answered) {
  const QString engine = QString::fromStdString(timing.engine);
  rows_.erase(std::remove_if(rows_.begin(), rows_.end(),
                             [&](const Row& r) { return r.engine == engine && r.problem == problem; }),
              rows_.end());
  rows_.push_back({engine, QString::fromStdString(timing.device), QString(), timing, true, problem, answered});
  rebuild();
}

void TimingPanel::show_running(const QString& title, double fraction, double elapsed_seconds) {
  running_ = true;
  running_title_ = title;
  running_fraction_ = fraction;
  running_elapsed_ = elapsed_seconds;
  rebuild();
}

void TimingPanel::running_done() {
  if (!running_) return;
  running_ = false;
  rebuild();
}

void TimingPanel::add_unavailable(const QString& engine, const QString& reason) {
  rows_.erase(std::remove_if(rows_.begin(), rows_.end(), [&](const Row& r) { return r.engine == engine; }), rows_.end());
  rows_.push_back({engine, QString(), tr("unavailable: %1").arg(reason), {}, false, QStringLiteral("all pairs"), 0});
  rebuild();
}

QProgressBar* TimingPanel::bar_at(int row) {
  // Kept from one rebuild to the next: progress reports rebuild the table many times a second.
  if (auto* bar = qobject_cast<QProgressBar*>(table_->cellWidget(row, 3))) return bar;
  auto* bar = new QProgressBar;
  bar->setRange(0, 1000);
  table_->setCellWidget(row, 3, bar);
  return bar;
}

void TimingPanel::drop_bar(int row) {
  if (QWidget* bar = table_->cellWidget(row, 3)) {
    bar->hide();
    table_->removeCellWidget(row, 3);
  }
}

void TimingPanel::rebuild() {
  // Bars of rows that go, hidden at once: the table only deletes them later, and until then
  // they would still show over the rows below.
  const int row_count = static_cast<int>(rows_.size()) + (running_ ? 1 : 0);
  for (int i = row_count; i < table_->rowCount(); ++i) drop_bar(i);
  table_->clearSpans();
  table_->setRowCount(row_count);
  double slowest = 0;
  std::map<QString, double> reference, problem_slowest;  // per problem: like for like
  for (const auto& r : rows_) {
    if (!r.ran) continue;
    slowest = std::max(slowest, r.timing.seconds);
    problem_slowest[r.problem] = std::max(problem_slowest[r.problem], r.timing.seconds);
    if (r.engine == QLatin1String("blocked")) reference[r.problem] = r.timing.seconds;
  }
  // The scale's end, labelled in the header: every bar is a share of it.
  table_->horizontalHeaderItem(3)->setText(slowest > 0 ? tr("0 — %1 s").arg(slowest, 0, 'g', 3) : tr("Scale"));
  for (int i = 0; i < static_cast<int>(rows_.size()); ++i) {
    const Row& r = rows_[i];
    table_->setItem(i, 0, new QTableWidgetItem(r.engine));
    table_->setItem(i, 1, new QTableWidgetItem(r.ran ? r.device : r.note));
    table_->setItem(i, 6, new QTableWidgetItem(r.problem));
    if (!r.ran) {
      for (int c = 2; c < 6; ++c) table_->setItem(i, c, new QTableWidgetItem(QString()));
      drop_bar(i);
      table_->setSpan(i, 1, 1, 5);
      continue;
    }
    table_->setItem(i, 2, new QTableWidgetItem(QString::number(r.timing.seconds, 'f', 3) + QStringLiteral(" s")));
    auto* bar = bar_at(i);
    bar->setValue(slowest > 0 ? static_cast<int>(1000 * r.timing.seconds / slowest) : 0);
    bar->setTextVisible(false);
    const double base = reference.count(r.problem) ? reference[r.problem] : problem_slowest[r.problem];
    const double speedup = r.timing.seconds > 0 ? base / r.timing.seconds : 0;
    table_->setItem(i, 4, new QTableWidgetItem(QString::number(speedup, 'f', 2) + QStringLiteral("×")));
    // The problem's answers per second: the same count for every engine, so like for like.
    const QString unit = r.problem == QLatin1String("all pairs") ? tr("pairs/s")
                         : r.problem == QLatin1String("tour")    ? tr("stops/s")
                         : r.problem == QLatin1String("correlation") ? tr("row pairs/s")
                                                                 : tr("arcs/s");
    auto* rate = new QTableWidgetItem(r.answered > 0 && r.timing.seconds > 0
                                          ? with_prefix(r.answered / r.timing.seconds) + QLatin1Char(' ') + unit
                                          : QString());
    if (r.timing.updates > 0) {
      rate->setToolTip(tr("The engine's own work: %1 updates/s (counts differ between algorithms)")
                           .arg(with_prefix(r.timing.updates_per_second())));
    }
    table_->setItem(i, 5, rate);
  }
  if (running_) {
    const int i = static_cast<int>(rows_.size());
    table_->setItem(i, 0, new QTableWidgetItem(running_title_));
    table_->setItem(i, 1, new QTableWidgetItem(tr("running")));
    const double left = running_fraction_ > 0.001 ? running_elapsed_ * (1 - running_fraction_) / running_fraction_ : -1;
    table_->setItem(i, 2, new QTableWidgetItem(QString::number(running_elapsed_, 'f', 1) + QStringLiteral(" s")));
    auto* bar = bar_at(i);
    bar->setValue(static_cast<int>(1000 * running_fraction_));
    bar->setTextVisible(true);
    bar->setFormat(left >= 0 ? tr("%p% · about %1 s left").arg(left, 0, 'f', left < 10 ? 1 : 0) : tr("%p%"));
    for (int c : {4, 5, 6}) table_->setItem(i, c, new QTableWidgetItem(QString()));
  }
  table_->resizeColumnToContents(0);
  table_->resizeColumnToContents(2);
}

}  // namespace pathscope::qt
