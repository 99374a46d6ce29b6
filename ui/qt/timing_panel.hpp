#pragma once
// Runs side by side, grouped by problem (all pairs, tour, reach): wall time as bars on a
// labelled scale, speedup against the CPU `blocked` run (or the slowest run of the same
// problem), and a like-for-like rate: what the problem answers per second (node pairs, arcs
// searched, paths found; none for a tour), the same count whichever engine ran, so rates compare as times do;
// the engine's own work rate (updates/s, which differs between algorithms) is the tooltip. While a job runs, its row shows
// the progress and an estimate of the time left. "Run both" asks the window to time the CPU
// and the GPU engine on the loaded graph. The panel grows to show its first rows whole and
// scrolls beyond them.
#include <QPushButton>
#include <QTableWidget>
#include <QWidget>
#include <vector>

#include "pathscope/runtime/job.hpp"

namespace pathscope::qt {

class TimingPanel : public QWidget {
  Q_OBJECT
 public:
  explicit TimingPanel(QWidget* parent = nullptr);
  void clear();
  // One row per run; the same engine on the same problem again replaces its row. problem:
  // "all pairs", "tour", "reach", "correlation", "centrality", "flow"; answered: what the run
  // answered, counted the same for every engine of the problem (all pairs: n * n pairs; tour:
  // its stops; reach: the arcs searched; correlation: the row pairs tested, rows * (rows - 1) / 2;
  // centrality: the nodes scored; flow: the runs).
  void add_run(const Timing& timing, const QString& problem, double answered);
  // The job running now: its title, the fraction done and the seconds since it started
  // (the time left is estimated from them); running_done() takes the row away.
  void show_running(const QString& title, double fraction, double elapsed_seconds);
  void running_done();
  // A row for an engine that could not run here, saying why (e.g. no CUDA device).
  void add_unavailable(const QString& engine, const QString& reason);
  void set_run_enabled(bool enabled);
  QTableWidget* table() const { return table_; }
  // The rate's unit for a problem ("pairs/s"); empty when the problem has no like-for-like rate.
  static QString rate_unit(const QString& problem);

 Q_SIGNALS:
  void run_both_requested();

 private:
  struct Row {
    QString engine, device, note;
    Timing timing;
    bool ran = false;
    QString problem = QStringLiteral("all pairs");
    double answered = 0;
  };
  void rebuild();
  int height_for_rows(int rows) const;  // the table's height that shows this many rows whole
  void fit_rows();
  std::vector<Row> rows_;
  QString running_title_;
  double running_fraction_ = 0, running_elapsed_ = 0;
  bool running_ = false;
  QTableWidget* table_;
  QPushButton* run_both_;
};

}  // namespace pathscope::qt
