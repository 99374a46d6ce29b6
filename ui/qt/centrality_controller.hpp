#pragma once
// Centrality in the explorer: one measure of every node (pathscope/centrality/centrality.hpp)
// computed off the GUI thread on this controller's own job, by the CPU engine, the GPU engine
// or both in turn (each timed in the timing panel; the first engine's values kept). The values
// join the session's computed node values under the measure's name ("betweenness"), where
// Colour by, Label by and the inspector find them.
#include <QObject>
#include <QString>
#include <deque>
#include <memory>
#include <vector>

#include "analysis_requests.hpp"
#include "graph_session.hpp"
#include "job_runner.hpp"
#include "timing_panel.hpp"

namespace pathscope::qt {

class CentralityController : public QObject {
  Q_OBJECT
 public:
  explicit CentralityController(TimingPanel* timing_panel, QObject* parent = nullptr);
  JobRunner* job() const { return job_; }

  // The graph the next runs are for; a run for the last one is cancelled, its requests dropped.
  void set_session(std::shared_ptr<GraphSession> session);
  // Computes the request; values_ready() or error() follows. A run in progress is cancelled.
  void start(const CentralityRequest& request);
  // Each request in turn (what an opened session computed), values_ready() after each.
  void start_in_turn(std::vector<CentralityRequest> requests);
  // The last finished request of each measure on this graph, in the order first computed.
  const std::vector<CentralityRequest>& finished_requests() const { return finished_; }
  // The last finished result (every node's values, the sampled bound); null before the first.
  const CentralityResult* last_result() const { return last_.get(); }

 Q_SIGNALS:
  // `name` (the measure's, as centrality_measure_name) now has values in session->computed.
  void values_ready(const QString& name);
  void error(const QString& title, const QString& text);

 private:
  void run_next();

  TimingPanel* timing_panel_;
  JobRunner* job_;
  std::shared_ptr<GraphSession> session_;
  std::deque<CentralityRequest> queued_;
  std::vector<CentralityRequest> finished_;
  std::shared_ptr<const CentralityResult> last_;
};

}  // namespace pathscope::qt
