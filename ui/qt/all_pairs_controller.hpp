#pragma once
// All pairs: the matrix computed for the open graph after each load (the chosen engine) or on
// request, and "Run both" (CPU blocked, then GPU); its rows go to the timing panel, the matrix
// to the session, where the selection's paths are then answered from it.
#include <QObject>
#include <QString>
#include <memory>

#include "graph_session.hpp"
#include "job_runner.hpp"
#include "selection.hpp"
#include "timing_panel.hpp"

namespace pathscope::qt {

class AllPairsController : public QObject {
  Q_OBJECT
 public:
  AllPairsController(Selection* selection, TimingPanel* timing_panel, QObject* parent = nullptr);
  JobRunner* job() const { return job_; }

  // The graph the next runs are for; a run for the last one is cancelled.
  void set_session(std::shared_ptr<GraphSession> session);
  // The engine started after each load ("auto" unless changed).
  void set_engine(const QString& name) { engine_ = name; }
  QString engine() const { return engine_; }
  // Starts all pairs with this engine now, if the matrix fits the memory budget; an empty
  // name starts nothing (single-source searches only).
  void start(const QString& engine);
  void run_both();
  // Why there is no matrix ("matrix 9 GiB over budget 4 GiB", "all pairs cancelled"), for the
  // status bar; empty when none is known.
  QString no_matrix_reason() const { return no_matrix_reason_; }

 Q_SIGNALS:
  void all_pairs_ready();
  // What the status bar shows of all pairs changed (a reason, a matrix).
  void changed();
  void error(const QString& title, const QString& text);

 private:
  Selection* selection_;
  TimingPanel* timing_panel_;
  JobRunner* job_;
  std::shared_ptr<GraphSession> session_;
  QString engine_ = QStringLiteral("auto");
  QString no_matrix_reason_;
};

}  // namespace pathscope::qt
