#include "tour_reach_controller.hpp"

#include <chrono>

#include "best_tour.hpp"
#include "pathscope/graph/node_index.hpp"

namespace pathscope::qt {

TourReachController::TourReachController(Selection* selection, TimingPanel* timing_panel, QObject* parent)
    : QObject(parent), selection_(selection), timing_panel_(timing_panel), job_(new JobRunner(this)) {
  connect(job_, &JobRunner::failed, this, &TourReachController::error);
}

void TourReachController::set_session(std::shared_ptr<GraphSession> session) {
  job_->cancel();
  session_ = std::move(session);
}

void TourReachController::run_tour(const QString& title, std::function<Selection::Tour(const JobContext&)> compute) {
  auto session = session_;
  auto tour = std::make_shared<Selection::Tour>();
  job_->run(
      title, [compute = std::move(compute), tour](const JobContext& job) { *tour = compute(job); },
      [this, session, tour] {
        if (session != session_) return;  // another graph was opened meanwhile
        Timing timing = tour->result.timing;
        timing.engine = tour_method_name(tour->result);  // named as the path panel names it
        timing_panel_->add_run(timing, tr("tour"), static_cast<double>(tour->stops.size()));
        selection_->show_tour(std::move(*tour));
        Q_EMIT tour_ready();
      });
}

void TourReachController::start_best_tour() {
  if (!session_) return;
  const auto stops = selection_->stops();
  if (stops.size() < 2) {
    Q_EMIT error(tr("Best tour"), tr("Shift-click at least two nodes as stops first (%1 chosen).").arg(stops.size()));
    return;
  }
  auto session = session_;
  run_tour(tr("Best tour through %1 stops").arg(stops.size()),
           [session, stops](const JobContext& job) { return compute_best_tour(*session, stops, job); });
}

void TourReachController::start_tour_through_all() {
  if (!session_) return;
  auto session = session_;
  run_tour(tr("Best tour through all %1 nodes").arg(session->graph().n),
           [session](const JobContext& job) { return compute_tour_through_all(*session, job); });
}

void TourReachController::start_reach(ReachDirection direction, std::int32_t max_hops) {
  if (!session_) return;
  const auto start = selection_->source();
  if (start < 0) {
    Q_EMIT error(direction == ReachDirection::Downstream ? tr("Reachable") : tr("Upstream"),
                 tr("Click a node first: its reach set is computed."));
    return;
  }
  auto session = session_;
  auto set = std::make_shared<ReachSet>();
  auto timing = std::make_shared<Timing>();
  timing->engine = "bfs";
  timing->device = cpu_device_label(1);
  const QString label = QString::fromStdString(node_display_name(session->graph(), start));
  job_->run(
      direction == ReachDirection::Downstream ? tr("Reachable from %1").arg(label) : tr("Upstream of %1").arg(label),
      [session, start, direction, set, max_hops, timing](const JobContext&) {
        const Graph& g = session->graph();
        const auto begin = std::chrono::steady_clock::now();
        *set = direction == ReachDirection::Downstream ? reach_by_search(g, start, direction, max_hops)
                                                       : reach_by_search(reverse_graph(g), start, direction, max_hops);
        timing->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        timing->updates = static_cast<double>(g.arc_count());  // a search reads each arc at most once
      },
      [this, session, set, start, timing] {
        if (session != session_ || selection_->source() != start) return;  // the selection moved on meanwhile
        timing_panel_->add_run(*timing, tr("reach"), timing->updates);
        selection_->show_reach(std::move(*set));
        Q_EMIT reach_ready();
      });
}

}  // namespace pathscope::qt
