#pragma once
// All-pairs runs side by side: wall time as bars, speedup against the CPU `blocked` run (or
// the slowest run when there is none), and relaxations per second. "Run both" asks the
// window to time the CPU and the GPU engine on the loaded graph.
#include <QPushButton>
#include <QTableWidget>
#include <QWidget>
#include <vector>

#include "pathscope/job.hpp"

namespace pathscope::qt {

class TimingPanel : public QWidget {
  Q_OBJECT
 public:
  explicit TimingPanel(QWidget* parent = nullptr);
  void clear();
  // One row per run; the same engine again replaces its row.
  void add_run(const Timing& timing);
  // A row for an engine that could not run here, saying why (e.g. no CUDA device).
  void add_unavailable(const QString& engine, const QString& reason);
  void set_run_enabled(bool enabled);
  QTableWidget* table() const { return table_; }

 Q_SIGNALS:
  void run_both_requested();

 private:
  struct Row {
    QString engine, device, note;
    Timing timing;
    bool ran = false;
  };
  void rebuild();
  std::vector<Row> rows_;
  QTableWidget* table_;
  QPushButton* run_both_;
};

}  // namespace pathscope::qt
