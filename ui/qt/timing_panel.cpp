#include "timing_panel.hpp"

#include <QDockWidget>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QScrollBar>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "timing_bar_delegate.hpp"

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

// Rows the panel grows to show whole before it scrolls: a CPU and a GPU run of each of the
// usual problems, without taking the window from the graph.
constexpr int kRowsShownWhole = 6;

}  // namespace

QString TimingPanel::rate_unit(const QString& problem) {
  // What each problem answers, counted the same whichever engine ran. A tour has no such
  // rate: its time grows with the stops far faster than linearly, so "stops/s" would compare
  // nothing; its row shows the time alone.
  if (problem == QLatin1String("all pairs")) return tr("pairs/s");
  if (problem == QLatin1String("correlation")) return tr("row pairs/s");
  if (problem == QLatin1String("reach")) return tr("arcs/s");
  if (problem == QLatin1String("paths")) return tr("paths/s");
  if (problem == QLatin1String("centrality")) return tr("nodes/s");
  if (problem == QLatin1String("flow")) return tr("runs/s");
  return {};
}

TimingPanel::TimingPanel(QWidget* parent) : QWidget(parent) {
  table_ = new QTableWidget(0, 7, this);
  table_->setObjectName(QStringLiteral("timingTable"));
  table_->setHorizontalHeaderLabels(
      {tr("Engine"), tr("Device"), tr("Wall time"), tr("Scale"), tr("Speedup"), tr("Rate"), tr("Problem")});
  table_->verticalHeader()->setVisible(false);
  table_->horizontalHeaderItem(5)->setToolTip(
      tr("What the problem answers per second, counted the same for every engine: node pairs (all pairs), "
         "arcs searched (reach), paths found (k shortest, all shortest), row pairs (correlation); none for tours"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
  table_->setItemDelegateForColumn(3, new TimingBarDelegate(table_));
  table_->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
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

int TimingPanel::height_for_rows(int rows) const {
  const int row_height = table_->verticalHeader()->defaultSectionSize();
  return table_->horizontalHeader()->sizeHint().height() + rows * row_height + 2 * table_->frameWidth() +
         (table_->horizontalScrollBar()->isVisible() ? table_->horizontalScrollBar()->sizeHint().height() : 0);
}

void TimingPanel::fit_rows() {
  // The dock grows (never shrinks) to show the rows whole, up to kRowsShownWhole; past that
  // the table scrolls. Asked of the window, which keeps the map its share of the height; a
  // minimum height on the table alone would only clip it inside a dock that stays small.
  const int missing = height_for_rows(std::clamp(table_->rowCount(), 2, kRowsShownWhole)) - table_->height();
  auto* dock = qobject_cast<QDockWidget*>(parentWidget());
  auto* window = dock ? qobject_cast<QMainWindow*>(dock->parentWidget()) : nullptr;
  if (missing > 0 && window && !dock->isFloating())
    window->resizeDocks({dock}, {dock->height() + missing}, Qt::Vertical);
}

void TimingPanel::rebuild() {
  const int row_count = static_cast<int>(rows_.size()) + (running_ ? 1 : 0);
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
      table_->setSpan(i, 1, 1, 5);
      continue;
    }
    table_->setItem(i, 2, new QTableWidgetItem(QString::number(r.timing.seconds, 'f', 3) + QStringLiteral(" s")));
    auto* bar = new QTableWidgetItem;
    bar->setData(kBarFractionRole, slowest > 0 ? r.timing.seconds / slowest : 0.0);
    table_->setItem(i, 3, bar);
    const double base = reference.count(r.problem) ? reference[r.problem] : problem_slowest[r.problem];
    const double speedup = r.timing.seconds > 0 ? base / r.timing.seconds : 0;
    table_->setItem(i, 4, new QTableWidgetItem(QString::number(speedup, 'f', 2) + QStringLiteral("×")));
    // The problem's answers per second: the same count for every engine, so like for like.
    const QString unit = rate_unit(r.problem);
    auto* rate = new QTableWidgetItem(!unit.isEmpty() && r.answered > 0 && r.timing.seconds > 0
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
    auto* bar = new QTableWidgetItem;
    bar->setData(kBarFractionRole, running_fraction_);
    const QString percent = QString::number(static_cast<int>(100 * running_fraction_)) + QLatin1Char('%');
    bar->setData(kBarTextRole, left >= 0 ? tr("%1 · about %2 s left").arg(percent).arg(left, 0, 'f', left < 10 ? 1 : 0)
                                         : percent);
    table_->setItem(i, 3, bar);
    for (int c : {4, 5, 6}) table_->setItem(i, c, new QTableWidgetItem(QString()));
  }
  table_->resizeColumnToContents(0);
  table_->resizeColumnToContents(2);
  fit_rows();
}

}  // namespace pathscope::qt
