#pragma once
// Queries between the chosen pair beyond the one path the selection answers itself: pairs
// answered from a saved all-pairs table of this graph, and path sets (every shortest path, the
// k shortest simple paths) found on their own job and stepped through.
#include <QObject>
#include <QString>
#include <memory>

#include "graph_session.hpp"
#include "job_runner.hpp"
#include "selection.hpp"
#include "timing_panel.hpp"

namespace pathscope::qt {

class PathQueryController : public QObject {
  Q_OBJECT
 public:
  PathQueryController(Selection* selection, TimingPanel* timing_panel, QObject* parent = nullptr);
  JobRunner* job() const { return job_; }

  // The graph the next queries are for; a path set being found for the last one is cancelled.
  void set_session(std::shared_ptr<GraphSession> session);
  // Answers pairs from an `apsp --out` table of this graph from now on; throws Error naming
  // the file when it is not one (or belongs to another graph).
  void open_table(const QString& file);
  // Every shortest path (at most `count` listed, all counted) or the `count` shortest simple
  // paths between the chosen pair; path_set_ready() or error() follows.
  void start_path_set(Selection::PathSet::Kind kind, int count);
  // Shows the next (+1) or previous (-1) path of the set.
  void step_path_set(int delta);

 Q_SIGNALS:
  void path_set_ready();
  void error(const QString& title, const QString& text);

 private:
  Selection* selection_;
  TimingPanel* timing_panel_;
  JobRunner* job_;
  std::shared_ptr<GraphSession> session_;
};

}  // namespace pathscope::qt
