#pragma once
// Tours and reach sets: the best tour through the chosen stops or through every node, and what
// the source reaches (or what reaches it), one at a time on their own job; each answer goes to
// the selection, its row to the timing panel.
#include <QObject>
#include <QString>
#include <cstdint>
#include <functional>
#include <memory>

#include "graph_session.hpp"
#include "job_runner.hpp"
#include "pathscope/reach/reach.hpp"
#include "selection.hpp"
#include "timing_panel.hpp"

namespace pathscope::qt {

class TourReachController : public QObject {
  Q_OBJECT
 public:
  TourReachController(Selection* selection, TimingPanel* timing_panel, QObject* parent = nullptr);
  JobRunner* job() const { return job_; }

  // The graph the next jobs are for; a job for the last one is cancelled.
  void set_session(std::shared_ptr<GraphSession> session);
  // The best closed tour through the selection's stops; tour_ready() or error() follows.
  void start_best_tour();
  // The best tour through every node (TSPLIB: every city, with the known optimum and gap).
  void start_tour_through_all();
  // What the selected source reaches (Downstream) or what reaches it (Upstream), within
  // max_hops arcs (kUnlimitedHops: any number); reach_ready() or error() follows.
  void start_reach(ReachDirection direction, std::int32_t max_hops);

 Q_SIGNALS:
  void tour_ready();
  void reach_ready();
  void error(const QString& title, const QString& text);

 private:
  void run_tour(const QString& title, std::function<Selection::Tour(const JobContext&)> compute);

  Selection* selection_;
  TimingPanel* timing_panel_;
  JobRunner* job_;
  std::shared_ptr<GraphSession> session_;
};

}  // namespace pathscope::qt
